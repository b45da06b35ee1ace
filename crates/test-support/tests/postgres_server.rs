//! The PostgreSQL harness (`test_support::postgres`) against real servers: clusters started
//! at the same moment, in threads of one process and in several processes, as the test
//! command runs test binaries side by side, all start and keep every file in a directory of
//! their own. Without the server binaries these tests fail, naming the package to install.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use postgres::{Client, NoTls};
use test_support::postgres::{Cluster, TcpCluster};

/// Set in a child process of [`clusters_started_side_by_side_share_nothing`].
const CHILD: &str = "POSTGRES_SERVER_CHILD";

/// How many clusters each process starts at once, in threads: on a Unix socket, and on TCP.
const CLUSTERS_PER_PROCESS: usize = 2;

/// How many processes besides this one start clusters at the same moment.
const CHILD_PROCESSES: usize = 2;

/// Every path the server of `connection` writes to, each checked to be under `own` (its
/// directory), and the TCP port it listens on, if any.
fn paths_of(connection: &str, own: &str) -> Vec<String> {
    let mut client = Client::connect(connection, NoTls).expect("the cluster accepts connections");
    // A temporary table and a sort that spills: files in the cluster's own directory.
    client
        .batch_execute(
            "SET work_mem = '64kB'; CREATE TEMPORARY TABLE t AS SELECT g FROM \
             generate_series(1, 20000) g; SELECT g FROM t ORDER BY g DESC",
        )
        .unwrap();
    let row = client
        .query_one(
            "SELECT current_setting('data_directory'), \
             current_setting('unix_socket_directories'), current_setting('port'), \
             current_setting('listen_addresses')",
            &[],
        )
        .unwrap();
    let (data, sockets, port, listen): (String, String, String, String) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    let mut paths = vec![data];
    paths.extend(sockets.split(',').map(|dir| dir.trim().to_owned()));
    for path in &paths {
        assert!(
            path.starts_with(own),
            "the cluster in {own} uses {path}, outside its own directory"
        );
    }
    if !listen.is_empty() {
        paths.push(format!("tcp:{listen}:{port}"));
    }
    paths
}

fn socket_cluster() -> Vec<String> {
    let cluster = Cluster::start(&[]);
    let own = cluster.socket_dir().to_str().unwrap().to_owned();
    paths_of(&cluster.connection_string("postgres"), &own)
}

fn tcp_cluster() -> Vec<String> {
    let cluster = TcpCluster::start(None);
    let connection = cluster.connection_string("127.0.0.1", "postgres", "sslmode=disable");
    let mut client = Client::connect(&connection, NoTls).expect("the cluster accepts TCP");
    let data: String = client
        .query_one("SELECT current_setting('data_directory')", &[])
        .unwrap()
        .get(0);
    let own = data.trim_end_matches("/data").to_owned();
    paths_of(&connection, &own)
}

/// Starts [`CLUSTERS_PER_PROCESS`] clusters in threads at once, half of them on TCP: the
/// paths of each.
fn start_side_by_side() -> Vec<Vec<String>> {
    std::thread::scope(|scope| {
        let started: Vec<_> = (0..CLUSTERS_PER_PROCESS)
            .map(|index| {
                scope.spawn(move || {
                    if index % 2 == 0 {
                        socket_cluster()
                    } else {
                        tcp_cluster()
                    }
                })
            })
            .collect();
        started
            .into_iter()
            .map(|cluster| cluster.join().expect("a cluster started beside others"))
            .collect()
    })
}

/// Clusters made and started at the same moment, in threads and in other processes: each
/// one starts and answers, and no two share a directory, a socket or a TCP port.
#[test]
fn clusters_started_side_by_side_share_nothing() {
    if std::env::var_os(CHILD).is_some() {
        for paths in start_side_by_side() {
            println!("paths={}", paths.join(","));
        }
        return;
    }
    let this_test = "clusters_started_side_by_side_share_nothing";
    let children: Vec<_> = (0..CHILD_PROCESSES)
        .map(|_| {
            Command::new(std::env::current_exe().unwrap())
                .args([this_test, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, "1")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("this test binary runs again as a child")
        })
        .collect();
    let mut every_cluster = start_side_by_side();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "a child process's clusters failed ({}):\n{stdout}\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        let clusters: Vec<Vec<String>> = stdout
            .lines()
            .filter_map(|line| line.split_once("paths=").map(|(_, paths)| paths))
            .map(|paths| paths.split(',').map(str::to_owned).collect())
            .collect();
        assert_eq!(clusters.len(), CLUSTERS_PER_PROCESS, "{stdout}");
        every_cluster.extend(clusters);
    }
    let mut seen = BTreeMap::new();
    for (cluster, paths) in every_cluster.iter().enumerate() {
        for path in paths {
            if let Some(other) = seen.insert(path.clone(), cluster)
                && other != cluster
            {
                panic!("clusters {other} and {cluster} both use {path}");
            }
        }
    }
}

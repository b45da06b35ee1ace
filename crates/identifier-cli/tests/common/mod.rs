//! Running the `identifier` binary in the command's tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// The binary with `args`, its three streams piped.
pub(crate) fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the command with `args` and `stdin`; the exit status and both streams, as one text.
pub(crate) fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> String {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.as_ref().to_vec();
    // A writer thread: the command may answer (and exit) before it has read everything, for
    // an error found in the arguments first.
    let writer = std::thread::spawn(move || {
        // A command that exits first closes the pipe: that one error is expected.
        if let Err(error) = input.write_all(&stdin) {
            assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
        }
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread finishes");
    describe(output)
}

/// The exit status and both streams of a finished command, as one text.
///
/// On Windows clap names the program in its usage lines as it was started, `identifier.exe`
/// (`tests/platform.rs` holds that): written `identifier` here, so that one snapshot holds
/// every platform's output.
pub(crate) fn describe(output: Output) -> String {
    let text = format!(
        "status: {}\n--- stdout\n{}--- stderr\n{}",
        output
            .status
            .code()
            .map_or("signal".into(), |code| code.to_string()),
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    );
    if cfg!(windows) {
        // The first usage line, and those clap aligns under it.
        text.replace("Usage: identifier.exe ", "Usage: identifier ")
            .replace("\n       identifier.exe ", "\n       identifier ")
    } else {
        text
    }
}

/// The binary with `args` run to its end, with nothing on standard input.
pub(crate) fn output(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_identifier"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Output bytes as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The peak resident set size in bytes, and the number of stdout lines, that the ignored test
/// `helper_measuring_peak_memory` reports when it runs alone in a fresh copy of this test
/// binary, with the environment variable `variable` set to `value` (which names the run in
/// failures).
///
/// A fresh copy has no other child: Linux counts in a child's peak the memory of the process
/// it was spawned from (`exec` carries the peak of the replaced memory over), and this test
/// process holds tens of MB while the other tests run. The copy is small, and its
/// `getrusage(RUSAGE_CHILDREN)` is its one child's.
#[cfg(unix)]
pub(crate) fn peak_memory(variable: &str, value: &str) -> (u64, u64) {
    let output = Command::new(std::env::current_exe().expect("the test binary's path"))
        .args([
            "--exact",
            "--ignored",
            "helper_measuring_peak_memory",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(variable, value)
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    assert!(output.status.success(), "{value}: {stdout}");
    let report = stdout
        .lines()
        // libtest prints the test's name on the same line.
        .find_map(|line| Some(line.split_once("peak memory: ")?.1))
        .unwrap_or_else(|| panic!("{value}: no report in {stdout}"));
    let (bytes, lines) = report
        .split_once(" bytes, lines: ")
        .expect("the report's form");
    (bytes.parse().unwrap(), lines.parse().unwrap())
}

/// Prints, in the line [`peak_memory`] reads, the peak resident set size of the children this
/// process has waited for, and `lines`, the number of stdout lines read from them.
#[cfg(unix)]
pub(crate) fn report_peak_memory(lines: u64) {
    let bytes = children_peak_memory();
    println!("peak memory: {bytes} bytes, lines: {lines}");
}

/// The peak resident set size, in bytes, of the largest child this process has waited for
/// (`getrusage(RUSAGE_CHILDREN)`).
#[cfg(unix)]
pub(crate) fn children_peak_memory() -> u64 {
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a live `rusage`, which is what `getrusage` writes.
    let result = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(result, 0, "getrusage: {}", std::io::Error::last_os_error());
    let max_rss = u64::try_from(usage.ru_maxrss).expect("ru_maxrss is not negative");
    // Kilobytes on Linux and the BSDs, bytes on macOS.
    if cfg!(target_os = "macos") {
        max_rss
    } else {
        max_rss * 1024
    }
}

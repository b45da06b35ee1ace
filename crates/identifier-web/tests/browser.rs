//! The inspector page in a real browser: Debian's Chromium, headless, driven through its
//! chromedriver by WebDriver. The test serves `target/web` (built by `cargo xtask web`, which
//! `cargo xtask test` runs first) on 127.0.0.1 from a port of its own, starts its own
//! chromedriver and a Chromium with a new profile directory, and stops them all at the end,
//! on failure too. Without Chromium, chromedriver or the built page it fails, saying what to
//! install or run.
//!
//! The contract it holds: each result is an element whose `data-json` is exactly the line
//! `identifier inspect --json` writes for the id (the command's `line` key aside), byte for
//! byte, as the inspector the command calls writes it. Speed is measured and printed, never
//! asserted: `IDENTIFIER_WEB_SCREENSHOT=1` also writes `crates/identifier-web/screenshot.png`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fantoccini::{Client, ClientBuilder, Locator};
use id_inspect::{Layout, Options, json_report};
use serde_json::{Value, json};

/// The ids of `corpus.txt`, which the command's tests compare with the command too.
fn corpus() -> Vec<&'static str> {
    include_str!("corpus.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

/// The `target/web` folder beside this test's executable (`target/debug/deps/...`).
fn web_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    exe.ancestors()
        .map(|dir| dir.join("web"))
        .find(|web| {
            web.join("index.html").is_file() && web.join("identifier_web_bg.wasm").is_file()
        })
        .unwrap_or_else(|| {
            panic!(
                "the inspector page is not built: no web/index.html in a folder above {}; run \
                 `cargo xtask web` (`cargo xtask test` builds it before the tests)",
                exe.display()
            )
        })
}

/// The program `name` on `PATH`.
fn program(name: &str, package: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
        .unwrap_or_else(|| {
            panic!(
                "`{name}` is not installed: this test runs the page in Debian's Chromium; \
                 `apt-get install chromium chromium-driver` (`cargo xtask test` installs \
                 {package} as root)"
            )
        })
}

/// A static server of one folder on 127.0.0.1, a thread a connection; stopped when dropped.
struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start(dir: PathBuf) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port on 127.0.0.1");
        let port = listener.local_addr().expect("the bound address").port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let dir = dir.clone();
                std::thread::spawn(move || serve(&dir, stream));
            }
        });
        Server {
            port,
            stop,
            thread: Some(thread),
        }
    }

    fn url(&self, rest: &str) -> String {
        format!("http://127.0.0.1:{}/{rest}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accepting thread, which then sees `stop`.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Answers one GET request for a file of `dir`.
fn serve(dir: &Path, stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(&stream);
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // The headers, up to the empty line.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split(' ').nth(1).unwrap_or("/");
    let path = path.split(['?', '#']).next().unwrap_or("/");
    let name = if path == "/" {
        "index.html"
    } else {
        path.trim_start_matches('/')
    };
    let file = (!name.contains("..") && !name.contains('/'))
        .then(|| std::fs::read(dir.join(name)).ok())
        .flatten();
    let mut stream = stream;
    let _ = match file {
        Some(body) => {
            let kind = match name.rsplit('.').next() {
                Some("html") => "text/html; charset=utf-8",
                Some("js") => "text/javascript; charset=utf-8",
                Some("wasm") => "application/wasm",
                _ => "application/octet-stream",
            };
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream
                .write_all(head.as_bytes())
                .and_then(|()| stream.write_all(&body))
        }
        None => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    };
}

/// chromedriver and the Chromium it starts: when dropped, chromedriver is asked to shut down
/// (it quits its browsers) and killed, any process still using the profile directory is
/// killed, and the directory removed.
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Driver {
    fn start() -> Driver {
        let chromedriver = program("chromedriver", "chromium-driver");
        let profile = std::env::temp_dir().join(format!(
            "identifier-web-test-{}-{}",
            std::process::id(),
            now_ms()
        ));
        std::fs::create_dir_all(&profile).expect("a new profile directory");
        for _ in 0..5 {
            // A port free a moment ago; chromedriver may lose it to another process, and then
            // exits, and another is tried.
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a free port")
                .port();
            let mut child = Command::new(&chromedriver)
                .arg(format!("--port={port}"))
                // The browser's time zone, so that the page's local time is UTC here.
                .env("TZ", "UTC")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts");
            let deadline = Instant::now() + Duration::from_secs(30);
            while Instant::now() < deadline {
                if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Driver {
                        child,
                        port,
                        profile,
                    };
                }
                if child.try_wait().ok().flatten().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("chromedriver did not start listening on 127.0.0.1");
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // chromedriver's own way out: it ends its sessions, quitting their browsers.
        if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
            let _ = stream.write_all(
                b"GET /shutdown HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
            );
            let _ = stream.read_to_end(&mut Vec::new());
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Whatever still runs with this test's profile directory is its Chromium.
        let profile = self.profile.to_string_lossy().into_owned();
        let pids: Vec<String> = std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
                let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
                (pid > 1 && String::from_utf8_lossy(&cmdline).contains(&profile))
                    .then(|| pid.to_string())
            })
            .collect();
        if !pids.is_empty() {
            let _ = Command::new("kill")
                .arg("-KILL")
                .arg("--")
                .args(&pids)
                .status();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.trim_ascii() == b"0")
}

async fn browser(driver: &Driver) -> Client {
    let chromium = program("chromium", "chromium");
    let mut args = vec![
        "--headless=new".to_owned(),
        "--disable-gpu".into(),
        // The machine's network is closed: nothing of Chromium's own may reach for it.
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--window-size=1280,1000".into(),
        format!("--user-data-dir={}", driver.profile.display()),
    ];
    if is_root() {
        // Chromium's sandbox refuses to run as root.
        args.push("--no-sandbox".into());
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium, "args": args }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session")
}

/// Runs `script` in the page and returns its value.
async fn js(client: &Client, script: &str) -> Value {
    client
        .execute(script, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits (up to 30 s, then fails) until `condition`, a JavaScript expression, is true.
async fn until(client: &Client, condition: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if js(client, &format!("return Boolean({condition});")).await == json!(true) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "never true in the page: {condition}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Loads `url` afresh (another page first, so that only a fragment change still reloads)
/// and waits until the page has started.
async fn open(client: &Client, url: &str) {
    client.goto("about:blank").await.expect("about:blank");
    client.goto(url).await.expect("the page loads");
    until(client, "document.documentElement.dataset.ready === '1'").await;
}

/// Loads `url` afresh, as [`open`] does, and waits until `condition` (as [`until`]).
async fn open_until(client: &Client, url: &str, condition: &str) {
    open(client, url).await;
    until(client, condition).await;
}

/// The condition, for [`until`], that the page shows `count` results.
fn shows(count: usize) -> String {
    format!("document.getElementById('results').dataset.count === '{count}'")
}

/// The `data-json` of each result, as the page holds it: text, never parsed in the page.
async fn results(client: &Client) -> Vec<String> {
    let all = js(
        client,
        "return Array.from(document.querySelectorAll('#results [data-json]'), e => e.getAttribute('data-json'));",
    )
    .await;
    serde_json::from_value(all).expect("a list of strings")
}

/// The number of renders so far, to wait for the next.
async fn renders(client: &Client) -> u64 {
    js(
        client,
        "return Number(document.getElementById('results').dataset.renders || 0);",
    )
    .await
    .as_u64()
    .unwrap_or(0)
}

/// Puts `text` into the box at once, as a paste does, and waits for its render.
async fn paste(client: &Client, text: &str) {
    let before = renders(client).await;
    client
        .execute(
            "const box = document.getElementById('ids'); box.value = arguments[0]; \
             box.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste' }));",
            vec![json!(text)],
        )
        .await
        .expect("the paste");
    until(
        client,
        &format!("Number(document.getElementById('results').dataset.renders) > {before}"),
    )
    .await;
}

/// What the command writes for each of `ids` under `layout`, by the inspector it calls.
fn expected(ids: &[&str], layout: Option<&Layout>, now_ms: u64) -> Vec<String> {
    let mut options = Options::new(now_ms);
    options.layout = layout.cloned();
    ids.iter().map(|id| json_report(id, &options)).collect()
}

/// Checks the page's results, read now, against what the command writes for `ids` under
/// `layout` at this moment, naming `what` in a failure.
async fn assert_results(client: &Client, ids: &[&str], layout: Option<&Layout>, what: &str) {
    let page = results(client).await;
    let command = expected(ids, layout, now_ms());
    assert_eq!(page.len(), command.len(), "{what}: how many results");
    for (page, command) in page.iter().zip(&command) {
        assert_eq!(
            page, command,
            "{what}: the page's data-json and the command's line"
        );
    }
}

#[test]
fn the_page_in_chromium() {
    let dir = web_dir();
    let server = Server::start(dir);
    let driver = Driver::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let client = browser(&driver).await;
        check_the_page(&client, &server).await;
        client.close().await.expect("the session ends");
    });
    // The guards stop chromedriver, Chromium and the server, here or on a failure above.
    drop(driver);
    drop(server);
}

async fn check_the_page(client: &Client, server: &Server) {
    first_result(client, server).await;
    typing(client, server).await;
    corpus_in_every_layout(client, server).await;
    many_ids(client, server).await;
    fragment_round_trip(client, server).await;
    layout_chooser(client, server).await;
    generators(client, server).await;
    garbage(client, server).await;
    phone_width(client, server).await;
    if std::env::var_os("IDENTIFIER_WEB_SCREENSHOT").is_some() {
        screenshot(client, server).await;
    }
}

async fn first_result(client: &Client, server: &Server) {
    let id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    open_until(
        client,
        &server.url(&format!("#{id}")),
        "performance.getEntriesByName('first-result').length === 1",
    )
    .await;
    let at = js(
        client,
        "return performance.getEntriesByName('first-result')[0].startTime;",
    )
    .await;
    println!(
        "speed: first result {:.0} ms after navigation started",
        at.as_f64().unwrap_or(f64::NAN)
    );
    assert_results(client, &[id], None, "a link").await;
}

async fn typing(client: &Client, server: &Server) {
    open(client, &server.url("")).await;
    assert!(results(client).await.is_empty());
    let status = client.find(Locator::Id("status")).await.expect("#status");
    assert_eq!(status.text().await.unwrap(), "Paste or type an id above.");
    let input = client.find(Locator::Id("ids")).await.expect("the box");
    input
        .send_keys("01ARZ3NDEKTSV4RRFFQ69G5FA")
        .await
        .expect("typing");
    // One character short: not a ULID yet, and said so.
    until(
        client,
        "document.querySelectorAll('#results .bad').length === 1",
    )
    .await;
    input.send_keys("V").await.expect("typing");
    until(
        client,
        "document.querySelectorAll('#results .ok').length === 1",
    )
    .await;
    let id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    assert_results(client, &[id], None, "typed").await;
    let url = client.current_url().await.expect("the URL");
    assert_eq!(url.fragment(), Some(id), "the fragment follows the box");
    // Keyboard only: Tab leaves the box for the layout chooser.
    input.send_keys("\u{E004}").await.expect("Tab");
    let focused = client.active_element().await.expect("the focus");
    assert_eq!(focused.attr("id").await.unwrap().as_deref(), Some("layout"));
    // The picture of the bits: 128 cells, the timestamp's 48 first.
    until(
        client,
        "document.querySelector('.bits[data-drawn]') !== null",
    )
    .await;
    let cells = js(
        client,
        "return Array.from(document.querySelectorAll('.bits .cells span'), c => c.className.split(' ')[0] + ':' + c.textContent);",
    )
    .await;
    let cells: Vec<String> = serde_json::from_value(cells).unwrap();
    assert_eq!(cells.len(), 128);
    // 01ARZ3NDEKTSV4RRFFQ69G5FAV is 0x01563E3AB5D3D6764C61EFB99302BD5B.
    let bits = format!("{:0128b}", 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B_u128);
    for (i, cell) in cells.iter().enumerate() {
        let kind = if i < 48 { "k-time" } else { "k-counter" };
        assert_eq!(cell, &format!("{kind}:{}", &bits[i..=i]), "cell {i}");
    }
}

async fn corpus_in_every_layout(client: &Client, server: &Server) {
    let ids = corpus();
    open(client, &server.url("")).await;
    paste(client, &ids.join("\n")).await;
    assert_results(client, &ids, None, "the corpus").await;
    let select = client
        .find(Locator::Id("layout"))
        .await
        .expect("the chooser");
    for layout in &id_inspect::layout::KNOWN {
        let before = renders(client).await;
        select
            .select_by_value(&layout.name)
            .await
            .expect("a layout");
        until(
            client,
            &format!("Number(document.getElementById('results').dataset.renders) > {before}"),
        )
        .await;
        assert_results(
            client,
            &ids,
            Some(layout),
            &format!("the corpus, --layout {}", layout.name),
        )
        .await;
    }
}

async fn many_ids(client: &Client, server: &Server) {
    open(client, &server.url("")).await;
    let mut made: Vec<String> = Vec::with_capacity(1000);
    for i in 0..250 {
        made.push(identifier_web::new_ulid());
        made.push(identifier_web::new_uuid7());
        made.push(identifier_web::new_object_id());
        made.push(identifier_web::new_snowflake(i % 1024).unwrap());
    }
    let text = made.join("\n");
    // From the paste to the frame after the results are drawn, measured in the page.
    let took = client
        .execute_async(
            "const [text, done] = arguments; const results = document.getElementById('results'); \
             const box = document.getElementById('ids'); const start = performance.now(); \
             box.value = text; box.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste' })); \
             const wait = () => results.dataset.count === '1000' \
               ? requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start))) \
               : requestAnimationFrame(wait); \
             wait();",
            vec![json!(text)],
        )
        .await
        .expect("1,000 ids rendered");
    let render = js(
        client,
        "return performance.getEntriesByName('render').pop().duration;",
    )
    .await;
    println!(
        "speed: 1,000 pasted ids drawn {:.0} ms after the paste (inspect and build the results: {:.0} ms)",
        took.as_f64().unwrap_or(f64::NAN),
        render.as_f64().unwrap_or(f64::NAN)
    );
    let ids: Vec<&str> = made.iter().map(String::as_str).collect();
    assert_results(client, &ids, None, "1,000 ids").await;
}

async fn fragment_round_trip(client: &Client, server: &Server) {
    let ids = [
        "175928847299117063",
        "{c232ab00-9414-11ec-b3c8-9f6bdeced846}",
        "H88C-MK9B-VJ1V-P",
    ];
    let fragment = "175928847299117063,%7Bc232ab00-9414-11ec-b3c8-9f6bdeced846%7D,H88C-MK9B-VJ1V-P&layout=discord";
    open_until(client, &server.url(&format!("#{fragment}")), &shows(3)).await;
    let select = client.find(Locator::Id("layout")).await.unwrap();
    assert_eq!(
        select.prop("value").await.unwrap().as_deref(),
        Some("discord")
    );
    let discord = Layout::DISCORD;
    assert_results(client, &ids, Some(&discord), "a link with a layout").await;
    let input = client.find(Locator::Id("ids")).await.unwrap();
    assert_eq!(
        input.prop("value").await.unwrap().as_deref(),
        Some(ids.join("\n").as_str())
    );
    // Editing the box rewrites the link, and the new link shows the same results.
    input.send_keys(",4194308098").await.expect("typing");
    until(client, &shows(4)).await;
    let url = client.current_url().await.unwrap();
    let edited = fragment.replace("&layout=", ",4194308098&layout=");
    assert_eq!(url.fragment(), Some(edited.as_str()));
    let shown = results(client).await;
    open_until(client, url.as_str(), &shows(4)).await;
    assert_eq!(
        results(client).await,
        shown,
        "the same results from the link"
    );
}

async fn layout_chooser(client: &Client, server: &Server) {
    // Discord's documented example: 2016-04-30T11:18:25.796Z under Discord's layout.
    open_until(
        client,
        &server.url("#175928847299117063"),
        "document.querySelectorAll('#results .ok').length === 1",
    )
    .await;
    let readings = js(
        client,
        "return Array.from(document.querySelectorAll('.readings li'), li => li.className + ' ' + li.textContent);",
    )
    .await;
    let readings: Vec<String> = serde_json::from_value(readings).unwrap();
    assert_eq!(readings.len(), 6, "{readings:?}");
    let discord = readings
        .iter()
        .find(|r| r.contains("discord 2016-04-30T11:18:25.796Z"))
        .expect("discord's date");
    assert!(discord.starts_with("plausible"), "{discord}");
    // Its date under Mastodon's layout, (id >> 16) ms, is in 2055: listed last, implausible.
    assert!(
        readings[5].starts_with("implausible") && readings[5].contains("mastodon 2055-"),
        "{readings:?}"
    );
    let read_as = client
        .find(Locator::XPath("//button[text()='read as discord']"))
        .await
        .expect("a button to read it as Discord's");
    read_as.click().await.unwrap();
    until(
        client,
        "document.getElementById('layout').value === 'discord'",
    )
    .await;
    until(client, "document.querySelector('.result .utc') && document.querySelector('.result .utc').textContent.startsWith('2016-04-30T11:18:25.796Z')").await;
    let local = js(
        client,
        "return document.querySelector('.result .local').textContent;",
    )
    .await;
    assert!(local.as_str().unwrap().contains("2016"), "{local}");
    assert_eq!(
        client.current_url().await.unwrap().fragment(),
        Some("175928847299117063&layout=discord")
    );
}

async fn generators(client: &Client, server: &Server) {
    open(client, &server.url("")).await;
    let worker = client.find(Locator::Id("worker")).await.unwrap();
    worker.clear().await.unwrap();
    worker.send_keys("77").await.unwrap();
    for (button, format) in [
        ("make-ulid", "ULID"),
        ("make-uuid7", "UUIDv7"),
        ("make-objectid", "ObjectId"),
        ("make-snowflake", "Snowflake"),
        ("make-checksummed", "checksummed"),
    ] {
        let before_ms = now_ms();
        let count = results(client).await.len();
        client
            .find(Locator::Id(button))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        until(client, &shows(count + 1)).await;
        let after_ms = now_ms();
        let shown = results(client).await;
        let line: Value = serde_json::from_str(shown.last().unwrap()).unwrap();
        let id = line["id"].as_str().unwrap();
        assert_eq!(line["format"], format, "{line}");
        // The page's report is the inspector's, and the id's time is the browser's clock.
        assert_eq!(
            shown.last().unwrap(),
            &json_report(id, &Options::new(now_ms()))
        );
        let report = id_inspect::inspect(id, &Options::new(after_ms)).unwrap();
        match format {
            "ObjectId" => {
                let s = report.get("timestamp_s").unwrap().as_u64().unwrap();
                assert!(before_ms / 1000 <= s && s <= after_ms / 1000, "{line}");
            }
            "checksummed" => assert_eq!(id.len(), 16, "{line}"),
            _ => {
                let ms = report.get("timestamp_ms").unwrap().as_u64().unwrap();
                assert!(before_ms <= ms && ms <= after_ms, "{line}");
            }
        }
        if format == "Snowflake" {
            assert_eq!(report.get("worker_id").unwrap(), 77, "{line}");
        }
    }
    // A worker id out of range: the Snowflake crate's message, and no id.
    worker.clear().await.unwrap();
    worker.send_keys("1024").await.unwrap();
    client
        .find(Locator::Id("make-snowflake"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        client,
        "document.getElementById('make-error').textContent.includes('1023')",
    )
    .await;
    // The smallest and largest ids of an instant (the browser's time zone is UTC here): the
    // ULID specification's example time, 1469922850259.
    client
        .execute(
            "const at = document.getElementById('instant'); at.value = '2016-07-30T23:54:10.259'; \
             at.dispatchEvent(new Event('input'));",
            Vec::new(),
        )
        .await
        .unwrap();
    let rows = js(
        client,
        "return Array.from(document.querySelectorAll('#bounds tbody tr'), r => r.textContent);",
    )
    .await;
    let rows: Vec<String> = serde_json::from_value(rows).unwrap();
    assert_eq!(
        rows[0], "ULID01ARZ3NDEK000000000000000001ARZ3NDEKZZZZZZZZZZZZZZZZ",
        "{rows:?}"
    );
    let discord = rows
        .iter()
        .find(|r| r.starts_with("Snowflake (discord)"))
        .unwrap();
    // (1469922850259 - 1420070400000) << 22 = 49852450259 * 4194304 = 209096331531124736,
    // and that + 2^22 - 1.
    assert_eq!(
        discord,
        "Snowflake (discord)209096331531124736209096331535319039"
    );
}

async fn garbage(client: &Client, server: &Server) {
    open(client, &server.url("")).await;
    let text = "01ARZ3NDEKTSV4RRFFQ69G5FAV\nhello, 01ARZ3NDEKTSV4RRFFQ69G5FAU";
    paste(client, text).await;
    let ids = [
        "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        "hello",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
    ];
    assert_results(client, &ids, None, "garbage").await;
    let bad = js(
        client,
        "return Array.from(document.querySelectorAll('#results .bad'), e => [e.dataset.line, e.querySelector('.error').textContent, (e.querySelector('mark') || {}).textContent || null]);",
    )
    .await;
    assert_eq!(
        bad,
        json!([
            [
                "2",
                "Not an identifier. Closest: checksummed: check symbol 'o' does not match the payload",
                null
            ],
            [
                "2",
                "Not an identifier. Closest: ULID: invalid character 'U' at byte index 25: not a Crockford Base32 symbol",
                "U"
            ],
        ])
    );
    let status = client
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(status, "3 ids: 1 recognized, 2 not");
}

async fn phone_width(client: &Client, server: &Server) {
    client
        .set_window_size(390, 844)
        .await
        .expect("a phone's width");
    open_until(
        client,
        &server.url(
            "#01ARZ3NDEKTSV4RRFFQ69G5FAV,c232ab00-9414-11ec-b3c8-9f6bdeced846,175928847299117063",
        ),
        &shows(3),
    )
    .await;
    let fits = js(
        client,
        "return document.documentElement.scrollWidth <= window.innerWidth;",
    )
    .await;
    assert_eq!(fits, json!(true), "nothing wider than a phone's screen");
    client.set_window_size(1280, 1000).await.unwrap();
}

async fn screenshot(client: &Client, server: &Server) {
    client.set_window_size(1100, 1500).await.unwrap();
    open_until(
        client,
        &server.url("#01ARZ3NDEKTSV4RRFFQ69G5FAV,%7BC232AB00-9414-11EC-B3C8-9F6BDECED846%7D,175928847299117063,01ARZ3NDEKTSV4RRFFQ69G5FAU"),
        "document.querySelectorAll('.bits[data-drawn]').length === 3",
    )
    .await;
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshot.png");
    std::fs::write(&path, png).expect("screenshot.png written");
    println!("screenshot: {}", path.display());
    let mut check = Vec::new();
    std::fs::File::open(&path)
        .unwrap()
        .read_to_end(&mut check)
        .unwrap();
    assert!(check.len() > 1000);
}

//! `boardlab serve`'s pages in a real browser: Debian's chromium, headless, driven through
//! chromedriver. Each page is loaded, clicked and read as a student would use it.
//!
//! Without chromedriver the test fails under `CI=true` (CI installs it) and is skipped with a
//! note elsewhere.

use crate::serve_support;
use crate::support;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use serve_support::Server;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{find_program, python_chess, require, support_file};

/// How long a page may take to show what a step waits for.
const PATIENCE: Duration = Duration::from_secs(15);

/// A chromedriver process, killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver on a free port, once it answers.
fn chromedriver(program: &std::path::Path) -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let started = Instant::now();
    while support::http()
        .get(&format!("{}/status", driver.url))
        .call()
        .is_err()
    {
        assert!(started.elapsed() < PATIENCE, "chromedriver never answered");
        std::thread::sleep(Duration::from_millis(50));
    }
    driver
}

/// A headless Chromium session.
async fn browser(driver: &Driver) -> Client {
    let mut options = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"],
    });
    if let Some(chromium) = find_program("chromium", &[]) {
        options["binary"] = json!(chromium);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .expect("chromium starts under chromedriver")
}

/// Waits until `css` matches an element, and returns it.
async fn element(client: &Client, css: &str) -> Element {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|err| panic!("no {css}: {err}"))
}

/// Waits for the element `css` matches and clicks it.
async fn click(client: &Client, css: &str) {
    let target = element(client, css).await;
    target
        .click()
        .await
        .unwrap_or_else(|err| panic!("cannot click {css}: {err}"));
}

/// Waits until the element `css` matches holds text containing `expected`, and returns the text.
async fn text_containing(client: &Client, css: &str, expected: &str) -> String {
    let started = Instant::now();
    loop {
        let text = match client.find(Locator::Css(css)).await {
            Ok(found) => found.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if text.contains(expected) {
            return text;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "{css} never showed {expected:?}; it shows {text:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How many elements `css` matches.
async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .map_or(0, |found| found.len())
}

async fn board_page(client: &Client, server: &Server) {
    client
        .goto(&server.url("/board?backend=mailbox"))
        .await
        .unwrap();
    element(client, r#"[data-square="g1"][data-piece="N"]"#).await;
    text_containing(client, "#view-title", "What mailbox keeps").await;
    assert!(
        count(client, "#view-svg svg").await == 1,
        "the show view is drawn"
    );
    click(client, r#"[data-square="g1"]"#).await;
    let first = text_containing(client, "#counter", "white knight on g1: step 1 of").await;
    let steps: usize = first.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(steps >= 3, "{first}");
    // Step to the end: the last step marks the knight's two targets.
    for _ in 1..steps {
        click(client, "#next").await;
    }
    text_containing(client, "#counter", &format!("step {steps} of {steps}")).await;
    element(client, r#"[data-square="f3"][data-mark]"#).await;
    element(client, r#"[data-square="h3"][data-mark]"#).await;
    assert!(element(client, "#next")
        .await
        .attr("disabled")
        .await
        .unwrap()
        .is_some());
    click(client, "#prev").await;
    text_containing(
        client,
        "#counter",
        &format!("step {} of {steps}", steps - 1),
    )
    .await;
    // An empty square explains nothing, and says so.
    click(client, r#"[data-square="e4"]"#).await;
    text_containing(client, "#status", "no piece on e4").await;
}

async fn sliders_page(client: &Client, server: &Server) {
    client
        .goto(&server.url("/sliders?technique=magic&slider=rook&square=a1"))
        .await
        .unwrap();
    let index = r#"tr[data-label="index = product >> shift"] td.value"#;
    let before = element(client, index).await.text().await.unwrap();
    element(client, r#"[data-square="a8"][data-mark="reach"]"#).await;
    // A blocker on a2 cuts the file short: the index and the attacks change.
    click(client, r#"[data-square="a2"]"#).await;
    element(client, r#"[data-square="a2"][data-mark="capture"]"#).await;
    let after = element(client, index).await.text().await.unwrap();
    assert_ne!(before, after, "the index follows the blocker");
    assert_eq!(count(client, r#"[data-square="a8"][data-mark]"#).await, 0);
    // Toggling it again takes it away.
    click(client, r#"[data-square="a2"]"#).await;
    element(client, r#"[data-square="a8"][data-mark="reach"]"#).await;
    assert_eq!(element(client, index).await.text().await.unwrap(), before);
}

async fn perft_page(client: &Client, server: &Server) {
    client
        .goto(&server.url("/perft?depth=2&a=x88&stats=true"))
        .await
        .unwrap();
    element(client, r#"tr[data-move="e2e4"]"#).await;
    assert_eq!(count(client, "table.divide tbody tr").await, 20);
    // The foot's cells exactly (moves, then the total): "400" alone is in 1400 too.
    let foot = text_containing(client, "table.divide tfoot", "400").await;
    assert_eq!(
        foot.split_whitespace().collect::<Vec<_>>(),
        ["20", "moves", "400"]
    );
    // The leaves' statistics of the start position at depth 2, as published: 400 leaves, none
    // reached by a capture.
    // The row's cells, column name and count, exactly: "0" is in many a text.
    let nodes = text_containing(client, r#"table.stats tr[data-column="nodes"]"#, "400").await;
    assert_eq!(
        nodes.split_whitespace().collect::<Vec<_>>(),
        ["nodes", "400"]
    );
    let captures = text_containing(
        client,
        r#"table.stats tr[data-column="captures"]"#,
        "captures",
    )
    .await;
    assert_eq!(
        captures.split_whitespace().collect::<Vec<_>>(),
        ["captures", "0"]
    );
    // Clicking a move divides the position after it, one ply shallower.
    click(client, r#"tr[data-move="e2e4"] a"#).await;
    text_containing(client, "#path", "e2e4").await;
    element(client, r#"tr[data-move="e7e5"]"#).await;
    let foot = text_containing(client, "table.divide tfoot", "20 moves").await;
    assert_eq!(
        foot.split_whitespace().collect::<Vec<_>>(),
        ["20", "moves", "20"]
    );
    assert_eq!(
        element(client, "#depth")
            .await
            .prop("value")
            .await
            .unwrap()
            .as_deref(),
        Some("1")
    );
}

async fn planted_difference(client: &Client, server: &Server) {
    let root = "7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1";
    let query = format!(
        "/perft?fen={}&depth=2&a=magic&b=program%3A0",
        root.replace(' ', "%20").replace('/', "%2F")
    );
    client.goto(&server.url(&query)).await.unwrap();
    element(client, r#"tr.differs[data-move="d7d5"]"#).await;
    assert_eq!(count(client, "tr.differs").await, 1);
    click(client, "#descend").await;
    let report = text_containing(client, "#divergence-report", "e5d6").await;
    assert!(report.contains("after d7d5"), "{report}");
    // The divide at the divergent position marks the move only the program lists.
    element(client, r#"tr.differs[data-move="e5d6"]"#).await;
}

#[tokio::test]
async fn every_page_works_in_a_real_browser() {
    let found = find_program("chromedriver", &["/usr/lib/chromium"]);
    if !require(
        "chromedriver",
        "apt-get install chromium chromium-driver",
        found.is_some(),
    ) {
        return;
    }
    let driver = chromedriver(&found.unwrap());
    let client = browser(&driver).await;
    let server = Server::start(&[], &[]);
    board_page(&client, &server).await;
    sliders_page(&client, &server).await;
    perft_page(&client, &server).await;
    if python_chess() {
        let program = support_file("planted_bugs.py");
        let planted = Server::start(
            &[
                "--against",
                program.to_str().unwrap(),
                "--protocol",
                "perftree",
            ],
            &[("PLANTED_BUG", "ep-rank-pin")],
        );
        planted_difference(&client, &planted).await;
    }
    client.close().await.unwrap();
}

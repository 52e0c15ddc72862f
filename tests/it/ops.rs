//! Operations: the real `lovbok serve` binary (its ready line, the address
//! it prints answering `/healthz`, the metrics listener, a clean shutdown,
//! and the editor's preview of a corpus folder whose change does not
//! build), `/api/status` against the OpenAPI document, the metrics
//! exposition parsed as OpenMetrics text, and the Dockerfile.
//!
//! Waits are for conditions with a deadline, never fixed sleeps.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use lovbok::corpus::embedded_sources;
use lovbok::kb::Kb;
use lovbok::server::{metrics, router, AppState};
use lovbok::web::{Lang, ReloadNotice};
use serde_json::Value;
use tower::ServiceExt;

use crate::api::check_schema;

const BIN: &str = env!("CARGO_BIN_EXE_lovbok");

/// Generous: a debug build loading the corpus on a busy 2-core machine.
const DEADLINE: Duration = Duration::from_secs(120);

/// The prefix of the ready line (`lovbok: ready on http://127.0.0.1:8080/ (…)`).
const READY: &str = "lovbok: ready on ";

// --- the binary, driven from outside ------------------------------------------------

/// A running `lovbok serve`, its stderr read line by line.
struct Served {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Served {
    fn start(args: &[&str]) -> Served {
        let mut child = Command::new(BIN)
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("lovbok starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Served {
            child,
            lines: rx,
            seen: Vec::new(),
        }
    }

    /// The next stderr line, or `None` once stderr is closed.
    fn next_line(&mut self, what: &str, deadline: Instant) -> Option<String> {
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(l) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) => panic!(
                "no {what} on stderr within {DEADLINE:?}; stderr so far:\n{}",
                self.seen.join("\n")
            ),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Waits for the first stderr line that `pred` accepts.
    #[track_caller]
    fn wait_line(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + DEADLINE;
        loop {
            match self.next_line(what, deadline) {
                Some(l) if pred(&l) => return l,
                Some(_) => {}
                None => panic!(
                    "lovbok exited before {what}; stderr:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    /// The URL of the ready line.
    #[track_caller]
    fn ready(&mut self) -> String {
        let line = self.wait_line("ready line", |l| l.starts_with(READY));
        url_in(&line)
    }

    /// SIGTERM, then the exit status and the rest of stderr.
    fn stop(&mut self) -> (ExitStatus, Vec<String>) {
        let killed = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill(1) runs");
        assert!(killed.success());
        let deadline = Instant::now() + DEADLINE;
        let mut rest = Vec::new();
        while let Some(l) = self.next_line("end of stderr", deadline) {
            rest.push(l);
        }
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return (status, rest);
            }
            assert!(Instant::now() < deadline, "lovbok did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // A failed test must not leave a server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The first `http://…` word of a line.
#[track_caller]
fn url_in(line: &str) -> String {
    line.split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string()
}

/// `GET url` over a plain socket (HTTP/1.0, so the body is not chunked):
/// status and body.
fn http_get(url: &str, accept: &str) -> (u16, String) {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let mut s = TcpStream::connect(host).unwrap_or_else(|e| panic!("connect {host}: {e}"));
    s.set_read_timeout(Some(DEADLINE)).expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.0\r\nHost: {host}\r\nAccept: {accept}\r\n\r\n"
    )
    .expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    (status, body.to_string())
}

fn get_page(base: &str, path: &str) -> (u16, String) {
    http_get(
        &format!("{}{path}", base.trim_end_matches('/')),
        "text/html",
    )
}

fn get_json(base: &str, path: &str) -> Value {
    let (status, body) = http_get(
        &format!("{}{path}", base.trim_end_matches('/')),
        "application/json",
    );
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path} is not JSON ({e}): {body}"))
}

/// Polls `probe` until it returns something, or fails after [`DEADLINE`].
#[track_caller]
fn eventually<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + DEADLINE;
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(Instant::now() < deadline, "{what}: not within {DEADLINE:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// HTML text as written: the entities askama and the renderer produce.
fn unescape(html: &str) -> String {
    html.replace("&#60;", "<")
        .replace("&#62;", ">")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// The banner's class: present on a page exactly while a notice is set.
const BANNER: &str = "class=\"reload-notice\"";

#[test]
fn serve_prints_a_ready_line_and_answers_at_the_address_it_prints() {
    let mut s = Served::start(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--metrics-addr",
        "127.0.0.1:0",
    ]);
    let metrics_line = s.wait_line("metrics line", |l| l.starts_with("lovbok: metrics on "));
    let metrics_url = url_in(&metrics_line);
    let url = s.ready();
    let ready = s.seen.last().cloned().unwrap_or_default();
    assert!(
        ready.contains("(built-in corpus, ") && ready.contains(" provisions, "),
        "{ready}"
    );
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'));

    let (status, body) = http_get(&format!("{url}healthz"), "*/*");
    assert_eq!((status, body.as_str()), (200, "ok"));

    // The built-in corpus never shows the banner and never reloads.
    let (status, page) = get_page(&url, "/p/7B1");
    assert_eq!(status, 200);
    assert!(!page.contains(BANNER));
    let st = get_json(&url, "/api/status");
    check_schema(&st, "Status");
    assert_eq!(st["corpus"]["source"], "built_in");
    assert!(st["last_reload"].is_null(), "{st}");

    // The metrics listener counts what the public one answered.
    let (status, text) = http_get(&metrics_url, "*/*");
    assert_eq!(status, 200);
    let m = parse_openmetrics(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(
        m.value(
            "lovbok_http_requests_total",
            &[("route", "/healthz"), ("status", "200")]
        ) >= 1.0
    );
    assert!(
        m.value(
            "lovbok_http_requests_total",
            &[("route", "/p/{cite}"), ("status", "200")]
        ) >= 1.0
    );
    // Not on the public address.
    assert_eq!(get_page(&url, "/metrics").0, 404);

    let (status, rest) = s.stop();
    assert!(status.success(), "{status:?}; stderr: {rest:?}");
    assert!(
        rest.iter()
            .any(|l| l.starts_with("lovbok: stopped cleanly")),
        "{rest:?}"
    );
}

#[test]
fn quiet_serve_prints_nothing() {
    // A free port, since --quiet prints no address.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let addr = format!("127.0.0.1:{port}");
    let mut s = Served::start(&["serve", "--quiet", "--addr", &addr]);
    let url = format!("http://{addr}/healthz");
    eventually("the quiet server answers", || {
        TcpStream::connect(&addr)
            .ok()
            .map(|_| ())
            .filter(|_| http_get(&url, "*/*").0 == 200)
    });
    let (status, rest) = s.stop();
    assert!(status.success());
    assert!(rest.is_empty() && s.seen.is_empty(), "{:?}", s.seen);
}

/// A copy of the repository's corpus in a fresh folder.
fn corpus_copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lovbok-ops-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for book in ["laws", "handbook"] {
        std::fs::create_dir_all(dir.join(book)).expect("mkdir");
        for e in std::fs::read_dir(root.join(book)).expect("corpus folder") {
            let p = e.expect("entry").path();
            if p.is_file() {
                std::fs::copy(&p, dir.join(book).join(p.file_name().expect("name"))).expect("copy");
            }
        }
    }
    dir
}

/// Replaces a file in one step, so the server never reads half of it.
fn write_atomically(path: &Path, text: &str) {
    let tmp = path.with_extension("md.tmp");
    std::fs::write(&tmp, text).expect("write");
    std::fs::rename(&tmp, path).expect("rename");
}

#[test]
fn a_broken_edit_is_reported_and_shown_until_it_is_fixed() {
    let dir = corpus_copy("broken-edit");
    let dir_s = dir.to_string_lossy().to_string();
    let mut s = Served::start(&["serve", "--corpus", &dir_s, "--addr", "127.0.0.1:0"]);
    let url = s.ready();
    assert!(s
        .seen
        .last()
        .is_some_and(|l| l.contains(&format!("(corpus folder {dir_s}, "))));
    const NEW: &str = "NYTTORD";
    let (_, page) = get_page(&url, "/p/7B1");
    assert!(!page.contains(BANNER) && !page.contains(NEW));

    // New text in 7B1, and a second item 1 in 7B: numbering and a duplicate cite.
    let law7 = dir.join("laws/lov-07.md");
    let original = std::fs::read_to_string(&law7).expect("read");
    let edited = original.replacen(
        "1. Hver spiller tar ut av mappen",
        &format!("1. {NEW} Hver spiller tar ut av mappen"),
        1,
    );
    assert_ne!(edited, original, "the fixture sentence moved");
    let broken = edited.replacen(
        "2. Hver spiller teller",
        "1. Igjen.\n\n2. Hver spiller teller",
        1,
    );
    assert_ne!(broken, edited);
    write_atomically(&law7, &broken);

    // What `lovbok check` says about the folder ...
    let check = Command::new(BIN)
        .args(["--corpus", &dir_s, "check"])
        .output()
        .expect("check runs");
    assert_eq!(check.status.code(), Some(1));
    let want: Vec<String> = String::from_utf8_lossy(&check.stdout)
        .lines()
        .filter(|l| l.contains(": error: "))
        .map(str::to_string)
        .collect();
    assert!(want.len() >= 2, "{want:?}");
    assert!(want.iter().all(|l| l.starts_with("laws/lov-07.md:")));

    // ... is what the server prints under its rejection line.
    let header = s.wait_line("rejection line", |l| l.contains(" is not loaded ("));
    assert!(
        header.starts_with(&format!(
            "lovbok: the change in {dir_s} is not loaded ({} errors)",
            want.len()
        )),
        "{header}"
    );
    let deadline = Instant::now() + DEADLINE;
    let got: Vec<String> = (0..want.len())
        .map_while(|_| s.next_line("diagnostic lines", deadline))
        .collect();
    assert_eq!(got, want, "serve and check disagree");

    // Every page shows the banner, with the first problem's place; the old text stays.
    let place = want[0].splitn(3, ':').take(2).collect::<Vec<_>>().join(":");
    for path in ["/p/7B1", "/innhold", "/", "/p/99Z"] {
        let (status, page) = get_page(&url, path);
        assert!(page.contains(BANNER), "{path} ({status}) has no banner");
        let page = unescape(&page);
        assert!(
            page.contains(&format!("Endringen i <code>{place}</code> er ikke lastet:")),
            "{path}"
        );
        for line in &want {
            assert!(page.contains(line.as_str()), "{path} lacks {line}");
        }
    }
    let (_, page) = get_page(&url, "/p/7B1");
    assert!(!page.contains(NEW), "a broken change must not be served");
    let st = get_json(&url, "/api/status");
    check_schema(&st, "Status");
    assert_eq!(st["corpus"]["source"], "folder");
    assert_eq!(st["last_reload"]["ok"], false);
    let texts: Vec<&str> = st["last_reload"]["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert_eq!(texts, want);

    // Fixed: a line says so, the banner goes, the new text is served.
    write_atomically(&law7, &edited);
    let reloaded = s.wait_line("reloaded line", |l| l.starts_with("lovbok: reloaded "));
    assert!(
        reloaded.contains(" provisions, ") && reloaded.ends_with(" ms)"),
        "{reloaded}"
    );
    let page = eventually("the fixed text is served", || {
        let (_, p) = get_page(&url, "/p/7B1");
        p.contains(NEW).then_some(p)
    });
    assert!(!page.contains(BANNER));
    let st = get_json(&url, "/api/status");
    check_schema(&st, "Status");
    assert_eq!(st["last_reload"]["ok"], true);
    assert_eq!(st["last_reload"]["errors"], serde_json::json!([]));

    let (status, _) = s.stop();
    assert!(status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corpus_folder_that_does_not_build_stops_serve_with_each_problem() {
    let dir = corpus_copy("broken-start");
    let law7 = dir.join("laws/lov-07.md");
    let text = std::fs::read_to_string(&law7).expect("read");
    std::fs::write(
        &law7,
        text.replacen(
            "2. Hver spiller teller",
            "1. Igjen.\n\n2. Hver spiller teller",
            1,
        ),
    )
    .expect("write");
    let out = Command::new(BIN)
        .args([
            "--corpus",
            &dir.to_string_lossy(),
            "serve",
            "--addr",
            "127.0.0.1:0",
        ])
        .env_remove("RUST_LOG")
        .output()
        .expect("serve runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("laws/lov-07.md:"), "{err}");
    assert!(err.contains(": error: duplicate cite 7B1"), "{err}");
    assert!(!err.contains(READY));
    let _ = std::fs::remove_dir_all(&dir);
}

// --- in process: status and metrics -------------------------------------------------

async fn oneshot(app: axum::Router, uri: &str) -> (StatusCode, String, String) {
    let res = app
        .oneshot(Request::get(uri).body(Body::empty()).expect("request"))
        .await
        .expect("infallible");
    let ct = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let status = res.status();
    let body = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    (status, ct, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn status_matches_the_openapi_schema() {
    let (status, ct, body) = oneshot(router(crate::api::state()), "/api/status").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ct.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).expect("JSON");
    check_schema(
        &v,
        &crate::api::response_schema_name("/api/status", "get", "200"),
    );
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["corpus"]["fingerprint"].as_str().map(str::len), Some(16));
    assert!(v["corpus"]["provisions"].as_u64() > Some(500));
}

#[tokio::test]
async fn built_in_pages_never_show_the_banner() {
    for path in ["/", "/p/12C1", "/innhold", "/definisjoner", "/p/99Z"] {
        let (_, _, page) = oneshot(router(crate::api::state()), path).await;
        assert!(!page.contains(BANNER), "{path}");
    }
}

/// The page's pointer to the service worker that stores the site offline.
const OFFLINE_WORKER: &str = "<meta name=\"lovbok-sw\"";

/// `GET uri` as a browser in `lang` asks for it: status, `Cache-Control`, body.
async fn browse(app: axum::Router, uri: &str, lang: &str) -> (StatusCode, String, String) {
    let req = Request::get(uri)
        .header(header::ACCEPT, "text/html")
        .header(header::ACCEPT_LANGUAGE, lang)
        .body(Body::empty())
        .expect("request");
    let res = app.oneshot(req).await.expect("infallible");
    let status = res.status();
    let cc = res
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    (status, cc, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn every_page_type_shows_the_banner_in_its_language_and_is_not_kept() {
    let (kb, _) = Kb::build_unchecked(&embedded_sources()).expect("the embedded corpus builds");
    // No response cache: the notice is set here by hand, not by a rejected
    // reload (which clears the cache; `reload`'s own tests cover that).
    let state = AppState::with_cache(kb, 0);
    let pages = [
        ("/", StatusCode::OK),
        ("/sok?q=revoke", StatusCode::OK),
        ("/p/12C1", StatusCode::OK),
        ("/p/12C1?vis=denne", StatusCode::OK),
        ("/p/31", StatusCode::OK),
        ("/innhold", StatusCode::OK),
        ("/definisjoner", StatusCode::OK),
        ("/ov", StatusCode::OK),
        ("/p/99Z", StatusCode::NOT_FOUND),
        ("/p/not-a-cite", StatusCode::NOT_FOUND),
        ("/no/such/page", StatusCode::NOT_FOUND),
        ("/sok?q=x&book=nope", StatusCode::BAD_REQUEST),
        ("/sprak?l=xx", StatusCode::BAD_REQUEST),
    ];
    // Before and after: no banner, and pages may be kept.
    let no_banner = |state: AppState| async move {
        for (path, want) in pages {
            let (status, cc, page) = browse(router(state.clone()), path, "da").await;
            assert_eq!(status, want, "{path}");
            assert!(!page.contains(BANNER), "{path}");
            assert!(!cc.contains("no-store"), "{path}: {cc}");
            if status == StatusCode::OK {
                assert!(
                    page.contains(OFFLINE_WORKER),
                    "{path} offers the offline copy"
                );
            }
        }
    };
    no_banner(state.clone()).await;

    state.site().set_notice(Some(ReloadNotice::new(
        "laws/lov-07.md:41",
        vec!["laws/lov-07.md:41: error: duplicate cite 7B1".into()],
    )));
    for (lang, header, other) in [(Lang::Nb, "nb", Lang::Da), (Lang::Da, "da", Lang::Nb)] {
        let t = lang.strings();
        let heading = format!(
            "{} <code>laws/lov-07.md:41</code> {}",
            t.reload_before, t.reload_after
        );
        for (path, want) in pages {
            let (status, cc, page) = browse(router(state.clone()), path, header).await;
            assert_eq!(status, want, "{path}");
            assert!(page.contains(BANNER), "{path} ({header}) has no banner");
            let page = unescape(&page);
            assert!(page.contains(&heading), "{path} ({header})");
            assert!(page.contains("laws/lov-07.md:41: error: duplicate cite 7B1"));
            assert!(
                !page.contains(other.strings().reload_before),
                "{path} ({header}) mixes languages"
            );
            assert_eq!(cc, "no-store", "{path}: a page with the banner is not kept");
            assert!(
                !page.contains(OFFLINE_WORKER),
                "{path}: a page with the banner does not ask to store the site"
            );
        }
    }

    state.site().set_notice(None);
    no_banner(state).await;
}

/// A state of its own, so that the counts are this test's alone.
static METERED: LazyLock<AppState> = LazyLock::new(|| {
    let (kb, _) = Kb::build_unchecked(&embedded_sources()).expect("the embedded corpus builds");
    AppState::new(kb).with_http_metrics()
});

#[tokio::test]
async fn metrics_parse_as_openmetrics_and_count_what_was_served() {
    let state = METERED.clone();
    for uri in [
        "/healthz",
        "/healthz",
        "/healthz",
        "/api/search?q=revoke",
        "/api/search?q=revoke",
        "/p/12C1",
        "/no/such/page",
    ] {
        oneshot(router(state.clone()), uri).await;
    }
    let (status, ct, text) =
        oneshot(metrics::router(Arc::clone(state.metrics())), "/metrics").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ct, metrics::CONTENT_TYPE);
    let m = parse_openmetrics(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let req = |route, status| {
        m.value(
            "lovbok_http_requests_total",
            &[("route", route), ("status", status)],
        )
    };
    assert_eq!(req("/healthz", "200"), 3.0);
    assert_eq!(req("/api/search", "200"), 2.0);
    assert_eq!(req("/p/{cite}", "200"), 1.0);
    assert_eq!(req(metrics::UNMATCHED, "404"), 1.0);
    assert_eq!(
        m.value(
            "lovbok_http_request_duration_seconds_count",
            &[("route", "/healthz")]
        ),
        3.0
    );
    // The second search was answered from the response cache.
    assert_eq!(m.value("lovbok_search_duration_seconds_count", &[]), 1.0);
    assert_eq!(m.value("lovbok_response_cache_hits_total", &[]), 1.0);
    assert_eq!(m.value("lovbok_response_cache_misses_total", &[]), 2.0);
    assert_eq!(m.value("lovbok_response_cache_evictions_total", &[]), 0.0);
    assert_eq!(m.value("lovbok_reloads_total", &[]), 0.0);
    assert_eq!(m.value("lovbok_reloads_rejected_total", &[]), 0.0);
    assert_eq!(
        m.value("lovbok_corpus_provisions", &[]),
        state.site().kb().corpus().provisions().len() as f64
    );
    assert_eq!(
        m.value(
            "lovbok_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        1.0
    );
    // Only /metrics on that listener.
    let (status, _, _) = oneshot(metrics::router(Arc::clone(state.metrics())), "/").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

// --- an OpenMetrics text parser, independent of the one that wrote it ---------------

/// One parsed exposition.
struct Exposition {
    samples: Vec<(String, BTreeMap<String, String>, f64)>,
}

impl Exposition {
    /// The value of the one sample named `name` whose labels include `labels`.
    #[track_caller]
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        let found: Vec<f64> = self
            .samples
            .iter()
            .filter(|(n, l, _)| {
                n == name
                    && labels
                        .iter()
                        .all(|(k, v)| l.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|s| s.2)
            .collect();
        match found.as_slice() {
            [v] => *v,
            _ => panic!("{} series {name}{labels:?}", found.len()),
        }
    }
}

fn is_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
}

/// Suffixes a sample of a family of type `ty` may add to the family's name.
fn suffixes(ty: &str) -> &'static [&'static str] {
    match ty {
        "counter" => &["_total", "_created"],
        "histogram" => &["_bucket", "_count", "_sum", "_created"],
        "info" => &["_info"],
        "gauge" | "unknown" => &[""],
        _ => &[],
    }
}

/// Parses the OpenMetrics text format strictly enough to catch what a
/// scraper would reject: metadata before samples, sample names that belong
/// to their family, label syntax, numbers, cumulative histogram buckets,
/// and the closing `# EOF`.
fn parse_openmetrics(text: &str) -> Result<Exposition, String> {
    let mut samples = Vec::new();
    let mut family: Option<(String, String)> = None;
    let mut types: BTreeMap<String, String> = BTreeMap::new();
    let mut eof = false;
    for (i, line) in text.lines().enumerate() {
        let at = format!("line {}: {line:?}", i + 1);
        if eof {
            return Err(format!("{at}: after # EOF"));
        }
        if line == "# EOF" {
            eof = true;
            continue;
        }
        if let Some(meta) = line.strip_prefix("# ") {
            let mut parts = meta.splitn(3, ' ');
            let (kw, name) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let rest = parts.next().unwrap_or("");
            if !is_name(name) {
                return Err(format!("{at}: bad metric name"));
            }
            match kw {
                "TYPE" => {
                    if suffixes(rest).is_empty() {
                        return Err(format!("{at}: unknown type"));
                    }
                    if types.insert(name.to_string(), rest.to_string()).is_some() {
                        return Err(format!("{at}: family declared twice"));
                    }
                    family = Some((name.to_string(), rest.to_string()));
                }
                "HELP" | "UNIT" => {}
                _ => return Err(format!("{at}: unknown metadata")),
            }
            continue;
        }
        let (name_labels, value) = line
            .rsplit_once(' ')
            .ok_or_else(|| format!("{at}: no value"))?;
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            v => v.parse().map_err(|_| format!("{at}: bad value"))?,
        };
        let (name, labels) = match name_labels.split_once('{') {
            Some((n, l)) => (
                n,
                parse_labels(
                    l.strip_suffix('}')
                        .ok_or_else(|| format!("{at}: unclosed labels"))?,
                )
                .map_err(|e| format!("{at}: {e}"))?,
            ),
            None => (name_labels, BTreeMap::new()),
        };
        let (fam, ty) = family
            .as_ref()
            .ok_or_else(|| format!("{at}: sample before # TYPE"))?;
        let belongs = name
            .strip_prefix(fam.as_str())
            .is_some_and(|suffix| suffixes(ty).contains(&suffix));
        if !is_name(name) || !belongs {
            return Err(format!("{at}: sample not of family {fam} ({ty})"));
        }
        samples.push((name.to_string(), labels, value));
    }
    if !eof {
        return Err("no # EOF".into());
    }
    // Histograms: buckets cumulative, +Inf equal to the count.
    for fam in types
        .iter()
        .filter(|(_, t)| *t == "histogram")
        .map(|(f, _)| f)
    {
        let mut series: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
        for (_, l, v) in samples.iter().filter(|s| s.0 == format!("{fam}_bucket")) {
            let le = l.get("le").ok_or(format!("{fam}: bucket without le"))?;
            let le: f64 = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().map_err(|_| format!("{fam}: bad le {le}"))?
            };
            let mut key = l.clone();
            key.remove("le");
            series.entry(format!("{key:?}")).or_default().push((le, *v));
        }
        for (key, mut buckets) in series {
            buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
            if buckets.windows(2).any(|w| w[1].1 < w[0].1) {
                return Err(format!("{fam}{key}: buckets not cumulative"));
            }
            let inf = buckets.last().filter(|b| b.0.is_infinite()).map(|b| b.1);
            let count = samples
                .iter()
                .find(|s| s.0 == format!("{fam}_count") && format!("{:?}", s.1) == key)
                .map(|s| s.2);
            if inf.is_none() || inf != count {
                return Err(format!(
                    "{fam}{key}: +Inf bucket {inf:?} != count {count:?}"
                ));
            }
        }
    }
    Ok(Exposition { samples })
}

fn parse_labels(s: &str) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    let mut rest = s;
    while !rest.is_empty() {
        let (k, after) = rest.split_once("=\"").ok_or("label without =\"")?;
        if !is_name(k) {
            return Err(format!("bad label name {k:?}"));
        }
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => match chars.next() {
                    Some((_, 'n')) => value.push('\n'),
                    Some((_, c @ ('\\' | '"'))) => value.push(c),
                    _ => return Err("bad escape".into()),
                },
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => return Err("unterminated label value".into()),
            }
        };
        if out.insert(k.to_string(), value).is_some() {
            return Err(format!("label {k} twice"));
        }
        rest = &after[end + 1..];
        rest = rest.strip_prefix(',').unwrap_or(rest);
    }
    Ok(out)
}

#[test]
fn the_parser_rejects_what_a_scraper_would() {
    assert!(parse_openmetrics("# TYPE a counter\na_total 1\n# EOF\n").is_ok());
    assert!(
        parse_openmetrics("# TYPE a counter\na_total 1\n").is_err(),
        "no EOF"
    );
    assert!(parse_openmetrics("a_total 1\n# EOF\n").is_err(), "no TYPE");
    assert!(parse_openmetrics("# TYPE a counter\nb_total 1\n# EOF\n").is_err());
    assert!(parse_openmetrics("# TYPE a counter\na_total{x=\"1} 1\n# EOF\n").is_err());
    assert!(parse_openmetrics("# TYPE a gauge\na one\n# EOF\n").is_err());
    let bad_hist = "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_count 1\nh_sum 1\n# EOF\n";
    assert!(parse_openmetrics(bad_hist).is_err());
}

// --- the container -------------------------------------------------------------------

#[test]
fn the_dockerfile_runs_the_binary_on_the_port_the_readme_uses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let docker = std::fs::read_to_string(root.join("Dockerfile")).expect("Dockerfile");
    let port = readme
        .split("http://127.0.0.1:")
        .nth(1)
        .map(|r| {
            r.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .filter(|p| !p.is_empty())
        .expect("the README names the server's port");
    let lines: Vec<&str> = docker
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .collect();
    let has = |prefix: &str, needle: &str| {
        lines
            .iter()
            .any(|l| l.starts_with(prefix) && l.contains(needle))
    };
    // Multi-stage: a build stage, then a slim Debian runtime.
    assert!(has("FROM ", " AS build"), "no build stage");
    assert!(
        lines.iter().filter(|l| l.starts_with("FROM ")).count() >= 2,
        "not multi-stage"
    );
    assert!(
        has("FROM debian:", "-slim"),
        "the runtime is not slim Debian"
    );
    assert!(has("RUN ", "cargo build --release --locked"));
    assert!(
        has("COPY --from=build", "/target/release/lovbok"),
        "the binary"
    );
    let user = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("USER "))
        .expect("a USER");
    assert!(!matches!(user.trim(), "root" | "0" | "0:0"), "runs as root");
    assert!(has("EXPOSE ", &port), "EXPOSE {port}");
    assert!(has("HEALTHCHECK", &format!("127.0.0.1:{port}/healthz")));
    assert!(has("CMD ", "\"serve\"") && has("CMD ", &format!("0.0.0.0:{port}")));
    assert!(has("ENTRYPOINT ", "lovbok") || has("CMD ", "lovbok"));
    // The deployment guide is linked from the README.
    assert!(root.join("docs/deploy.md").is_file());
    assert!(readme.contains("docs/deploy.md"));
}

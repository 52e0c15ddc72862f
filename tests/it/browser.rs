//! The web pages in a real browser: starts the server on 127.0.0.1:0 and runs
//! `node tests/browser/e2e.mjs <base-url>` (Playwright driving Debian's
//! headless Chromium). Screenshots and the page-weight figures
//! (sizes.json) land in target/screenshots/.
//!
//! Needs /usr/bin/chromium and `npm ci` in tests/browser, so it is
//! `#[ignore]`d in a plain `cargo test`; `.ci/run` installs both and runs it
//! with `cargo test --test it browser -- --ignored`. Run without them, it
//! fails with the commands that install them.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use lovbok::server::{serve_on, Limits};

const CHROMIUM: &str = "/usr/bin/chromium";
/// The whole browser run, start to finish.
const DEADLINE: Duration = Duration::from_secs(900);

fn missing_prerequisites(dir: &Path) -> Option<String> {
    if !Path::new(CHROMIUM).exists() {
        return Some(format!(
            "{CHROMIUM} is missing (apt-get install -y chromium)"
        ));
    }
    if !dir.join("node_modules/playwright-core").exists()
        || !dir.join("node_modules/axe-core").exists()
    {
        return Some(format!(
            "{}/node_modules is missing (npm ci in tests/browser)",
            dir.display()
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is not on PATH (apt-get install -y nodejs)".into());
    }
    if Command::new("python3").arg("--version").output().is_err() {
        return Some(
            "python3 (the static copy's file server) is not on PATH (apt-get install -y python3)"
                .into(),
        );
    }
    None
}

#[test]
#[ignore = "needs Chromium and node modules: apt-get install -y chromium && (cd tests/browser && npm ci), then cargo test --test it browser -- --ignored (.ci/run does this)"]
fn pages_work_in_headless_chromium() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    if let Some(why) = missing_prerequisites(&dir) {
        panic!("the browser test cannot run: {why}");
    }

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    let state = crate::api::state();
    let (listener, addr) = rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = l.local_addr().expect("local addr");
        (l, addr)
    });
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = rt.spawn(async move {
        serve_on(listener, state, &Limits::default(), async {
            let _ = stopped.await;
        })
        .await
    });
    // A second server with the parallel-text fixture beside the built-in
    // corpus (as `lovbok serve --edition tests/data/editions/laws-2017-en`).
    let ed_state = crate::editions::state();
    let (ed_listener, ed_addr) = rt.block_on(async {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = l.local_addr().expect("local addr");
        (l, addr)
    });
    let (ed_stop, ed_stopped) = tokio::sync::oneshot::channel::<()>();
    let ed_server = rt.spawn(async move {
        serve_on(ed_listener, ed_state, &Limits::default(), async {
            let _ = ed_stopped.await;
        })
        .await
    });

    // The static copy (`lovbok export --site`), which e2e.mjs serves with
    // Python's plain file server and checks online and offline.
    let copy = std::env::temp_dir().join(format!("lovbok-static-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    let (kb, _) = lovbok::kb::Kb::build_unchecked(&lovbok::corpus::embedded_sources())
        .expect("the embedded corpus builds");
    let report =
        lovbok::export::export_site(&lovbok::web::Site::new(kb), &copy, lovbok::web::Lang::Nb)
            .expect("export the static copy");
    assert!(report.pages > 600, "every provision is a page: {report:?}");

    let mut child = Command::new("node")
        .arg(dir.join("e2e.mjs"))
        .arg(format!("http://{addr}"))
        .arg(&copy)
        .arg(format!("http://{ed_addr}"))
        .current_dir(&dir)
        .spawn()
        .expect("start node");
    let started = Instant::now();
    let status = loop {
        match child.try_wait().expect("wait for node") {
            Some(status) => break status,
            None if started.elapsed() > DEADLINE => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the browser test took longer than {DEADLINE:?}");
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    };
    let _ = std::fs::remove_dir_all(&copy);
    let _ = stop.send(());
    let _ = rt.block_on(server);
    let _ = ed_stop.send(());
    let _ = rt.block_on(ed_server);
    assert!(status.success(), "tests/browser/e2e.mjs failed ({status}); see its output above and target/screenshots/failure.png");
}

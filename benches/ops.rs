//! What the operations layer costs per request, in process: `/healthz` and
//! an uncached search through the whole router (`oneshot`, no socket), with
//! no tracing subscriber, with the subscriber `serve` installs by default,
//! and with per-request metrics (`--metrics-addr`).
//!
//! A complement to `scripts/ops-cost.sh`, which measures throughput over
//! real sockets: here the difference between the variants is the added CPU
//! time per request itself, which a shared, noisy machine disturbs less.

use std::hint::black_box;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use criterion::Criterion;
use lovbok::cli::logging::{self, LogFormat, LogLevel, LogOptions};
use lovbok::kb::{CorpusSource, Kb};
use lovbok::server::{router, AppState};
use tower::ServiceExt;

fn call(rt: &tokio::runtime::Runtime, app: &Router, uri: &'static str) -> u16 {
    rt.block_on(async {
        let req = Request::get(uri).body(Body::empty()).expect("request");
        let res = app.clone().oneshot(req).await.expect("infallible");
        res.status().as_u16()
    })
}

fn main() {
    let kb = Kb::load(&CorpusSource::Embedded).expect("the built-in corpus loads");
    // No response cache: every search does the work a new query does.
    let state = AppState::with_cache(kb, 0);
    let plain = router(state.clone());
    let metered = router(state.with_http_metrics());
    let logs = logging::dispatch(&LogOptions {
        format: LogFormat::Human,
        level: Some(LogLevel::Info),
        quiet: false,
    })
    .expect("the default logging builds")
    .expect("the default logging installs a subscriber");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");

    let mut c = Criterion::default().configure_from_args();
    for (name, uri) in [
        ("healthz", "/healthz"),
        ("search", "/api/search?q=utspill%20utenfor%20tur"),
    ] {
        assert_eq!(call(&rt, &plain, uri), 200, "{uri}");
        let mut g = c.benchmark_group(name);
        g.bench_function("none", |b| b.iter(|| black_box(call(&rt, &plain, uri))));
        tracing::dispatcher::with_default(&logs, || {
            g.bench_function("logs", |b| b.iter(|| black_box(call(&rt, &plain, uri))));
            g.bench_function("logs+metrics", |b| {
                b.iter(|| black_box(call(&rt, &metered, uri)))
            });
        });
        g.finish();
    }
    c.final_summary();
}

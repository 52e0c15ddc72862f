/*!
The HTTP front end: the JSON API, the web pages and their assets, over axum.

[`router`] builds the whole application from an [`AppState`] and nothing
else, so tests drive it with `oneshot` and no socket; [`serve`] loads the
corpus, binds, says when it is ready, and runs until SIGINT or SIGTERM. This
is the only module that knows about status codes, headers and JSON field
names ([`api`]); it extracts, asks the knowledge base (through
[`crate::web::Site`]), and maps the answer to a DTO or a page.

What a person running `lovbok serve` reads (ready, reloaded, a rejected
change with its problems, stopped) are tracing events with the target
[`STATUS_TARGET`], so that the CLI's subscriber can print them as plain
lines or JSON, and silence them with `--quiet`, apart from other logs.

Every request passes, outermost first: the access log (tower-http trace, at
debug level, so off by default), per-route metrics (only when the host
asked for them, [`metrics`]), gzip compression, a global concurrency limit
that sheds load with a 503 problem, a timeout (503), logging of 500 causes,
security and cache headers, the interface language of the request
(`lang`, before the cache, whose keys include it), the response cache
(`cache`: the corpus is immutable, so a GET is answered once per
knowledge base and language), a panic guard (500 problem instead of a
dropped connection), ETags with 304s, and, while the editor's banner is set,
error pages re-rendered with it and every page marked `no-store`.
*/

pub mod api;
mod assets;
mod cache;
pub mod calc;
pub(crate) mod deck;
pub mod error;
mod lang;
pub mod metrics;
mod middleware;
mod pages;
pub mod parallel;
mod reload;
mod routing;
pub mod status;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use arc_swap::{ArcSwap, Guard};
use axum::error_handling::HandleErrorLayer;
use axum::{BoxError, Router};
use tokio::net::TcpListener;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnFailure, DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::kb::{CorpusSource, Kb, KbError};
use crate::web::Site;

pub use error::ApiError;
pub use lang::LANG_COOKIE;
pub use metrics::Metrics;
pub use middleware::CSP;

/// The tracing target of the lines a person running `lovbok serve` reads:
/// ready, reloaded, a rejected change, shutting down, stopped.
pub const STATUS_TARGET: &str = "lovbok::status";
/// The target of each problem line under a rejected change or a corpus that
/// does not load: the message is the line `lovbok check` prints.
pub const DIAGNOSTIC_TARGET: &str = "lovbok::status::diagnostic";

/// What every handler shares: the current site, swapped whole on reload,
/// the response cache that belongs to it, the metrics and the server's
/// status.
#[derive(Clone)]
pub struct AppState {
    site: Arc<ArcSwap<Site>>,
    /// Bumped on every reload; cache entries carry the one they were made under.
    generation: Arc<AtomicU64>,
    cache: Arc<cache::ResponseCache>,
    metrics: Arc<Metrics>,
    board: Arc<status::Board>,
    /// Whether the router counts and times every request.
    http_metrics: bool,
    /// The practice deck of the current site, as the file `/ov` fetches.
    deck: Arc<deck::DeckCache>,
    /// Whether a new site has its cards built ahead of its first reader
    /// (`lovbok serve`; not a test's state, which builds them on use).
    warms: bool,
}

/// Builds what a site makes on first use and takes seconds to make (the
/// practice cards), on a thread of its own, so that the first reader of
/// `/ov` does not wait for it (nor, on a slow machine, time out). If the
/// thread cannot start, the first request builds it as before.
fn warm(site: Arc<Site>) {
    let _ = std::thread::Builder::new()
        .name("lovbok-warm".into())
        .spawn(move || {
            site.kb().cards();
        });
}

impl AppState {
    /// State serving `kb`, with a response cache of the default size.
    pub fn new(kb: Kb) -> AppState {
        AppState::with_cache(kb, Limits::default().cache_entries)
    }

    /// State serving `kb` (built in) with a response cache of `entries`
    /// entries (0: none).
    pub fn with_cache(kb: Kb, entries: usize) -> AppState {
        AppState::build(kb, entries, status::SourceKind::BuiltIn, SystemTime::now())
    }

    fn build(kb: Kb, entries: usize, source: status::SourceKind, started: SystemTime) -> AppState {
        let metrics = Metrics::new();
        metrics.corpus_loaded(kb.corpus().provisions().len(), kb.citation_count(), false);
        let site = Arc::new(Site::new(kb));
        AppState {
            site: Arc::new(ArcSwap::new(site)),
            generation: Arc::new(AtomicU64::new(0)),
            cache: Arc::new(cache::ResponseCache::new(entries)),
            metrics: Arc::new(metrics),
            board: Arc::new(status::Board::new(source, started)),
            http_metrics: false,
            deck: Arc::new(deck::DeckCache::default()),
            warms: false,
        }
    }

    /// The same state, building each site's practice cards ahead of its
    /// first reader, now and after every accepted reload: what a server
    /// does, and a test that builds many states does not.
    pub fn warming(mut self) -> AppState {
        self.warms = true;
        warm(Arc::clone(&self.site()));
        self
    }

    /// The same state, with every request counted and timed by route and
    /// status (what `--metrics-addr` turns on).
    pub fn with_http_metrics(mut self) -> AppState {
        self.http_metrics = true;
        self
    }

    /// The site as of now; a request keeps the one it started with.
    pub fn site(&self) -> Guard<Arc<Site>> {
        self.site.load()
    }

    /// The metrics of this server.
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    /// Serves `kb` from now on (live reload), and forgets cached answers.
    pub fn replace(&self, kb: Kb) {
        self.metrics
            .corpus_loaded(kb.corpus().provisions().len(), kb.citation_count(), true);
        let site = Arc::new(Site::new(kb));
        if self.warms {
            warm(Arc::clone(&site));
        }
        self.swap_site(site);
    }

    /// A changed corpus folder loaded in `took`: serve it.
    pub(crate) fn reloaded(&self, kb: Kb, took: Duration) {
        self.replace(kb);
        self.board.record(status::Reload {
            at: SystemTime::now(),
            took,
            problems: Vec::new(),
        });
    }

    /// A changed corpus folder `dir` did not build: keep serving the last
    /// good corpus, with the editor's banner on every page.
    pub(crate) fn rejected(
        &self,
        dir: &std::path::Path,
        problems: Vec<status::Problem>,
        took: Duration,
    ) {
        self.metrics.reload_rejected();
        let site = self.site();
        site.set_notice(Some(status::notice(dir, &problems)));
        // Pages rendered before the banner was set must not be served again.
        self.swap_site(Arc::clone(&site));
        self.board.record(status::Reload {
            at: SystemTime::now(),
            took,
            problems,
        });
    }

    /// Serves `site` from now on. A rejected reload swaps in the same
    /// site with its banner: its cards are the ones it had.
    fn swap_site(&self, site: Arc<Site>) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.site.store(site);
        self.cache.clear();
    }

    fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }
}

/// Limits that protect the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Requests handled at once; more are refused with 503 at once.
    pub max_concurrency: usize,
    /// The longest a request may take before it is answered with 503.
    pub request_timeout: Duration,
    /// Entries in the response cache (0 turns it off).
    pub cache_entries: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_concurrency: 512,
            request_timeout: Duration::from_secs(10),
            cache_entries: 4096,
        }
    }
}

/// How `lovbok serve` runs.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Where to listen (`127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// The embedded corpus, or a folder to serve and watch for edits.
    pub corpus: CorpusSource,
    pub limits: Limits,
    /// How often a corpus folder is checked for changes.
    pub reload_interval: Duration,
    /// Where to serve `GET /metrics`; `None`: no metrics listener, and no
    /// per-request metrics.
    pub metrics_addr: Option<SocketAddr>,
    /// Edition folders served beside the corpus (`--edition DIR`); read
    /// again with the corpus folder on each reload.
    pub editions: Vec<std::path::PathBuf>,
}

impl ServeConfig {
    /// The defaults for everything but the address and the corpus.
    pub fn new(addr: SocketAddr, corpus: CorpusSource) -> ServeConfig {
        ServeConfig {
            addr,
            corpus,
            limits: Limits::default(),
            reload_interval: Duration::from_secs(1),
            metrics_addr: None,
            editions: Vec::new(),
        }
    }
}

/// Why the server stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot load the corpus: {0}")]
    Load(#[from] KbError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("the server failed: {0}")]
    Io(#[source] std::io::Error),
    #[error("loading the corpus panicked")]
    LoadPanicked,
    #[error("cannot start the async runtime: {0}")]
    Runtime(#[source] std::io::Error),
}

/// The whole application with the default [`Limits`].
pub fn router(state: AppState) -> Router {
    router_with(state, &Limits::default())
}

/// The whole application: the route table's routes
/// ([`crate::web::routes::ROUTES`], mounted by `routing`) in the layers
/// above.
pub fn router_with(state: AppState, limits: &Limits) -> Router {
    let protect = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(overloaded))
        .load_shed()
        .layer(GlobalConcurrencyLimitLayer::new(limits.max_concurrency))
        .timeout(limits.request_timeout);
    let record = state
        .http_metrics
        .then(|| metrics::RecordLayer(Arc::clone(&state.metrics)));
    let app = routing::routes()
        .fallback(pages::not_found)
        .method_not_allowed_fallback(pages::method_not_allowed)
        .with_state(state.clone())
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            middleware::error_page_chrome,
        ))
        .layer(axum::middleware::from_fn(middleware::etag))
        .layer(CatchPanicLayer::custom(middleware::panic_response))
        .layer(axum::middleware::from_fn_with_state(state, cache::cache))
        // Outside the cache: its keys include the interface language.
        .layer(axum::middleware::from_fn(lang::ui_context))
        .layer(axum::middleware::map_response(middleware::headers))
        .layer(axum::middleware::map_response(middleware::log_internal))
        .layer(protect)
        // Fastest: what the cache does not hold is compressed per request,
        // where level 1 costs a fraction of the default for most of the gain.
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Fastest));
    // The access log: one line per response (method, path, status, latency)
    // at debug level, so at the default level it is off and costs a
    // disabled-callsite check. 500 causes are logged by `log_internal`.
    let access_log = TraceLayer::new_for_http()
        .make_span_with(DefaultMakeSpan::new().level(Level::DEBUG))
        .on_request(())
        .on_response(
            DefaultOnResponse::new()
                .level(Level::DEBUG)
                .latency_unit(tower_http::LatencyUnit::Micros),
        )
        .on_failure(DefaultOnFailure::new().level(Level::DEBUG));
    // One `Router::layer` for both: axum boxes and clones each route's
    // service once per layer call and request, which metrics need not add.
    app.layer(ServiceBuilder::new().layer(access_log).option_layer(record))
}

/// Load shedding and timeouts, as 503 problems.
async fn overloaded(err: BoxError) -> ApiError {
    if err.is::<tower::timeout::error::Elapsed>() {
        ApiError::Unavailable("the request took too long; try again".into())
    } else if err.is::<tower::load_shed::error::Overloaded>() {
        ApiError::Unavailable("the server is busy; try again shortly".into())
    } else {
        ApiError::Internal(format!("middleware: {err}"))
    }
}

/// Loads the corpus, binds `config.addr` (and `config.metrics_addr`), says
/// it is ready, and serves until SIGINT or SIGTERM, reloading a corpus
/// folder when it changes.
pub async fn serve(config: ServeConfig) -> Result<(), ServeError> {
    let started = Instant::now();
    let started_at = SystemTime::now();
    // Taken before reading, so that an edit made while loading is seen.
    let fingerprint = match &config.corpus {
        CorpusSource::Dir(dir) => Some(reload::fingerprint(dir)),
        CorpusSource::Embedded => None,
    };
    let source = config.corpus.clone();
    let editions = config.editions.clone();
    let loaded = tokio::task::spawn_blocking(move || Kb::load_with(&source, &editions))
        .await
        .map_err(|_| ServeError::LoadPanicked)?;
    let kb = match loaded {
        Ok(kb) => kb,
        Err(e) => {
            reload::report_problems(tracing::Level::ERROR, &status::problems(&e));
            return Err(ServeError::Load(e));
        }
    };
    let mut state = AppState::build(
        kb,
        config.limits.cache_entries,
        status::SourceKind::from(&config.corpus),
        started_at,
    )
    .warming();
    if config.metrics_addr.is_some() {
        state = state.with_http_metrics();
    }
    let listener = bind(config.addr).await?;
    let metrics_listener = match config.metrics_addr {
        Some(addr) => Some(bind(addr).await?),
        None => None,
    };
    let url = listener
        .local_addr()
        .map(|a| format!("http://{a}/"))
        .unwrap_or_else(|_| format!("http://{}/", config.addr));
    if let Some(addr) = metrics_listener.as_ref().and_then(|l| l.local_addr().ok()) {
        let metrics_url = format!("http://{addr}/metrics");
        tracing::info!(target: STATUS_TARGET, url = %metrics_url, "metrics on {metrics_url}");
    }
    say_ready(&state, &config.corpus, &url, started);
    if let (CorpusSource::Dir(dir), Some(fingerprint)) = (&config.corpus, fingerprint) {
        tokio::spawn(reload::watch(
            dir.clone(),
            config.editions.clone(),
            state.clone(),
            config.reload_interval,
            fingerprint,
        ));
    }
    // One signal stops both listeners.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|stop| *stop).await;
    };
    let metrics_server = metrics_listener.map(|l| {
        let app = metrics::router(Arc::clone(&state.metrics));
        let stop = stopped(stop_rx.clone());
        tokio::spawn(async move { axum::serve(l, app).with_graceful_shutdown(stop).await })
    });
    tokio::spawn(async move {
        shutdown_signal().await;
        let _ = stop_tx.send(true);
    });
    serve_on(listener, state, &config.limits, stopped(stop_rx))
        .await
        .map_err(ServeError::Io)?;
    if let Some(task) = metrics_server {
        if let Ok(Err(e)) = task.await {
            tracing::error!(error = %e, "the metrics listener failed");
        }
    }
    let up = uptime(started.elapsed());
    tracing::info!(target: STATUS_TARGET, "stopped cleanly (up {up})");
    Ok(())
}

/// The ready line: where, what corpus (and editions), how much, how fast.
fn say_ready(state: &AppState, source: &CorpusSource, url: &str, started: Instant) {
    let site = state.site();
    let provisions = site.kb().corpus().provisions().len();
    let citations = site.kb().citation_count();
    let mut corpus = match source {
        CorpusSource::Embedded => "built-in corpus".to_string(),
        CorpusSource::Dir(dir) => format!("corpus folder {}", dir.display()),
    };
    let parallels: Vec<String> = site
        .kb()
        .corpus()
        .parallels()
        .iter()
        .map(|t| t.id())
        .collect();
    if !parallels.is_empty() {
        corpus = format!("{corpus} + editions {}", parallels.join(", "));
    }
    let ms = started.elapsed().as_millis() as u64;
    tracing::info!(
        target: STATUS_TARGET,
        url = %url,
        corpus = %corpus,
        provisions,
        citations,
        ms,
        "ready on {url} ({corpus}, {provisions} provisions, {citations} citations, {ms} ms)"
    );
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })
}

/// A duration as a person reads it: `3 s`, `12 min 5 s`, `2 h 3 min`.
fn uptime(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// [`serve`] on a new multi-threaded tokio runtime, for callers that are
/// not async themselves (the CLI).
pub fn run(config: ServeConfig) -> Result<(), ServeError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?
        .block_on(serve(config))
}

/// Serves on a bound listener until `shutdown` completes, then finishes the
/// requests in flight. Tests use this with `127.0.0.1:0`.
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    limits: &Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router_with(state, limits))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    let signal = tokio::select! {
        _ = ctrl_c => "SIGINT",
        _ = term => "SIGTERM",
    };
    tracing::info!(target: STATUS_TARGET, signal, "{signal}: shutting down, finishing requests in flight");
}

/*!
The HTTP front end: the JSON API, the web pages and their assets, over axum.

[`router`] builds the whole application from an [`AppState`] and nothing
else, so tests drive it with `oneshot` and no socket; [`serve`] loads the
corpus, binds, and runs it until SIGINT or SIGTERM. This is the only module
that knows about status codes, headers and JSON field names ([`api`]); it
extracts, asks the knowledge base (through [`crate::web::Site`]), and maps
the answer to a DTO or a page.

Every request passes, outermost first: request logging (tower-http trace),
gzip compression, a global concurrency limit that sheds load with a 503
problem, a timeout (503), logging of 500 causes, security and cache
headers, the response cache ([`cache`]: the corpus is immutable, so a GET
is answered once per knowledge base), a panic guard (500 problem instead of
a dropped connection), ETags with 304s.
*/

pub mod api;
mod assets;
mod cache;
pub mod calc;
mod deck;
pub mod error;
mod lang;
mod middleware;
mod pages;
mod reload;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use arc_swap::{ArcSwap, Guard};
use axum::error_handling::HandleErrorLayer;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::{BoxError, Router};
use tokio::net::TcpListener;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::kb::{CorpusSource, Kb, KbError};
use crate::web::Site;

pub use error::ApiError;
pub use lang::LANG_COOKIE;
pub use middleware::CSP;

/// What every handler shares: the current site, swapped whole on reload,
/// and the response cache that belongs to it.
#[derive(Clone)]
pub struct AppState {
    site: Arc<ArcSwap<Site>>,
    /// Bumped on every reload; cache entries carry the one they were made under.
    generation: Arc<AtomicU64>,
    cache: Arc<cache::ResponseCache>,
    /// The practice deck of the current site, as the file `/ov` fetches.
    deck: Arc<deck::DeckCache>,
}

impl AppState {
    /// State serving `kb`, with a response cache of the default size.
    pub fn new(kb: Kb) -> AppState {
        AppState::with_cache(kb, Limits::default().cache_entries)
    }

    /// State serving `kb` with a response cache of `entries` entries (0: none).
    pub fn with_cache(kb: Kb, entries: usize) -> AppState {
        AppState {
            site: Arc::new(ArcSwap::from_pointee(Site::new(kb))),
            generation: Arc::new(AtomicU64::new(0)),
            cache: Arc::new(cache::ResponseCache::new(entries)),
            deck: Arc::new(deck::DeckCache::default()),
        }
    }

    /// The site as of now; a request keeps the one it started with.
    pub fn site(&self) -> Guard<Arc<Site>> {
        self.site.load()
    }

    /// Serves `kb` from now on (live reload), and forgets cached answers.
    pub fn replace(&self, kb: Kb) {
        let site = Arc::new(Site::new(kb));
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
}

impl ServeConfig {
    /// The defaults for everything but the address and the corpus.
    pub fn new(addr: SocketAddr, corpus: CorpusSource) -> ServeConfig {
        ServeConfig {
            addr,
            corpus,
            limits: Limits::default(),
            reload_interval: Duration::from_secs(1),
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

/// The whole application.
pub fn router_with(state: AppState, limits: &Limits) -> Router {
    let api = Router::new()
        .route("/api/search", get(api::search))
        .route("/api/provisions/{cite}", get(api::provision))
        .route("/api/resolve", get(api::resolve))
        .route(
            "/api/link",
            post(api::link).layer(DefaultBodyLimit::max(api::MAX_LINK_BODY)),
        )
        .route("/api/cards", get(api::cards))
        .route("/api/openapi.json", get(api::openapi))
        .route("/api/calc", get(calc::list))
        .route(
            "/api/calc/{cite}",
            post(calc::compute).layer(DefaultBodyLimit::max(calc::MAX_CALC_BODY)),
        );
    let site = Router::new()
        .route("/", get(pages::search))
        .route("/sok", get(pages::search))
        .route("/sok/treff", get(pages::results))
        .route("/sprak", get(lang::switch))
        .route("/p/{cite}", get(pages::provision))
        .route("/innhold", get(pages::contents))
        .route("/definisjoner", get(pages::glossary))
        .route("/ov", get(pages::practice))
        .route("/static/{file}", get(assets::asset))
        .route("/healthz", get(pages::healthz));
    let protect = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(overloaded))
        .load_shed()
        .layer(GlobalConcurrencyLimitLayer::new(limits.max_concurrency))
        .timeout(limits.request_timeout);
    Router::new()
        .merge(api)
        .merge(site)
        .fallback(pages::not_found)
        .method_not_allowed_fallback(pages::method_not_allowed)
        .with_state(state.clone())
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
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Fastest))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::INFO)
                        .latency_unit(tower_http::LatencyUnit::Micros),
                ),
        )
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

/// Loads the corpus, binds `config.addr` and serves until SIGINT or SIGTERM,
/// reloading a corpus folder when it changes.
pub async fn serve(config: ServeConfig) -> Result<(), ServeError> {
    let started = std::time::Instant::now();
    // Taken before reading, so that an edit made while loading is seen.
    let fingerprint = match &config.corpus {
        CorpusSource::Dir(dir) => Some(reload::fingerprint(dir)),
        CorpusSource::Embedded => None,
    };
    let source = config.corpus.clone();
    let kb = tokio::task::spawn_blocking(move || Kb::load(&source))
        .await
        .map_err(|_| ServeError::LoadPanicked)??;
    let state = AppState::with_cache(kb, config.limits.cache_entries);
    tracing::info!(
        ms = started.elapsed().as_millis() as u64,
        "knowledge base loaded"
    );
    let listener = TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.addr,
            source,
        })?;
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "listening");
    }
    if let (CorpusSource::Dir(dir), Some(fingerprint)) = (&config.corpus, fingerprint) {
        tokio::spawn(reload::watch(
            dir.clone(),
            state.clone(),
            config.reload_interval,
            fingerprint,
        ));
    }
    serve_on(listener, state, &config.limits, shutdown_signal())
        .await
        .map_err(ServeError::Io)
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
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}

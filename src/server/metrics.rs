/*!
Metrics for whoever hosts lovbok, in the OpenMetrics text format that
Prometheus scrapes: requests by route and status, latency per route, search
time, the response cache's hits, misses and evictions, reloads, and the
size of the corpus being served.

[`Metrics`] is shared by every clone of the [`AppState`](super::AppState);
its own counters (search, cache, reloads) are single atomics and always
count. The per-request layer ([`record`]) is added to the router only when
the host asked for metrics (`--metrics-addr`), so a server without them pays
nothing per request. The exposition ([`router`]) is served on that separate
listener, never on the public address: load and error rates are not the
public's business.

Routes are labelled by their pattern (`/p/{cite}`), never by the raw path,
so the number of series stays fixed whatever clients send; anything the
router did not match is `unmatched`.
*/

use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::{Registry, Unit};

/// The media type of the exposition.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The route label of requests the router matched to no route.
pub const UNMATCHED: &str = "unmatched";

/// Latency buckets, in seconds: 50 µs (a cached answer) to 10 s (the
/// request timeout).
const LATENCY_BUCKETS: [f64; 17] = [
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
    2.5, 5.0, 10.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteStatus {
    route: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabel {
    route: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

/// Every metric lovbok exports, and the registry that names them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteStatus, Counter>,
    latency: Family<RouteLabel, Histogram, fn() -> Histogram>,
    search: Histogram,
    cache_hits: Counter,
    cache_misses: Counter,
    cache_evictions: Counter,
    reloads: Counter,
    reloads_rejected: Counter,
    reload_failing: Gauge,
    provisions: Gauge,
    citations: Gauge,
    /// Route patterns seen so far, as `'static` labels (see [`Metrics::route`]).
    routes: RwLock<Vec<&'static str>>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// A registry with every lovbok metric at zero.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("lovbok");
        let requests = Family::<RouteStatus, Counter>::default();
        let latency = Family::<RouteLabel, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        let search = latency_histogram();
        let m = Metrics {
            registry: Registry::default(),
            requests,
            latency,
            search,
            cache_hits: Counter::default(),
            cache_misses: Counter::default(),
            cache_evictions: Counter::default(),
            reloads: Counter::default(),
            reloads_rejected: Counter::default(),
            reload_failing: Gauge::default(),
            provisions: Gauge::default(),
            citations: Gauge::default(),
            routes: RwLock::new(Vec::new()),
        };
        registry.register(
            "build",
            "The running lovbok's version",
            Info::new([("version", env!("CARGO_PKG_VERSION"))]),
        );
        registry.register(
            "http_requests",
            "HTTP requests answered, by route pattern and status",
            m.requests.clone(),
        );
        registry.register_with_unit(
            "http_request_duration",
            "Time from a request's arrival to its response headers, by route pattern",
            Unit::Seconds,
            m.latency.clone(),
        );
        registry.register_with_unit(
            "search_duration",
            "Time spent in the search index per search (cached answers excluded)",
            Unit::Seconds,
            m.search.clone(),
        );
        registry.register(
            "response_cache_hits",
            "Requests answered from the response cache",
            m.cache_hits.clone(),
        );
        registry.register(
            "response_cache_misses",
            "Cacheable requests the response cache did not hold",
            m.cache_misses.clone(),
        );
        registry.register(
            "response_cache_evictions",
            "Entries dropped from the response cache to make room (not counting reloads)",
            m.cache_evictions.clone(),
        );
        registry.register(
            "reloads",
            "Corpus folder changes loaded and served",
            m.reloads.clone(),
        );
        registry.register(
            "reloads_rejected",
            "Corpus folder changes that did not build (the last good corpus kept serving)",
            m.reloads_rejected.clone(),
        );
        registry.register(
            "reload_failing",
            "1 while the corpus folder holds a change that does not build, else 0",
            m.reload_failing.clone(),
        );
        registry.register(
            "corpus_provisions",
            "Provisions in the corpus being served",
            m.provisions.clone(),
        );
        registry.register(
            "corpus_citations",
            "Citations in the corpus being served",
            m.citations.clone(),
        );
        Metrics { registry, ..m }
    }

    /// The route label of a request: its pattern, interned.
    ///
    /// Patterns come from the router's fixed route table, so the interned
    /// set (and the memory leaked for it) is bounded by the number of routes;
    /// after the first request to a route this is one read lock and a short
    /// scan.
    fn route(&self, matched: Option<&str>) -> &'static str {
        let Some(path) = matched else {
            return UNMATCHED;
        };
        if let Ok(routes) = self.routes.read() {
            if let Some(r) = routes.iter().find(|r| **r == path) {
                return r;
            }
        }
        let Ok(mut routes) = self.routes.write() else {
            return UNMATCHED;
        };
        if let Some(r) = routes.iter().find(|r| **r == path) {
            return r;
        }
        let r: &'static str = Box::leak(path.to_string().into_boxed_str());
        routes.push(r);
        r
    }

    fn observe_request(&self, route: &'static str, status: StatusCode, took: Duration) {
        self.requests
            .get_or_create(&RouteStatus {
                route,
                status: status.as_u16(),
            })
            .inc();
        self.latency
            .get_or_create(&RouteLabel { route })
            .observe(took.as_secs_f64());
    }

    /// One search done by the index.
    pub(crate) fn search_done(&self, took_us: u128) {
        self.search.observe(took_us as f64 / 1e6);
    }

    /// A request answered from the response cache.
    pub(crate) fn cache_hit(&self) {
        self.cache_hits.inc();
    }

    /// A cacheable request the cache did not hold.
    pub(crate) fn cache_miss(&self) {
        self.cache_misses.inc();
    }

    /// `n` entries dropped to make room.
    pub(crate) fn cache_evicted(&self, n: usize) {
        self.cache_evictions.inc_by(n as u64);
    }

    /// A new corpus is being served (at start or after a reload).
    pub(crate) fn corpus_loaded(&self, provisions: usize, citations: usize, reload: bool) {
        if reload {
            self.reloads.inc();
        }
        self.reload_failing.set(0);
        self.provisions
            .set(i64::try_from(provisions).unwrap_or(i64::MAX));
        self.citations
            .set(i64::try_from(citations).unwrap_or(i64::MAX));
    }

    /// A changed corpus folder did not build.
    pub(crate) fn reload_rejected(&self) {
        self.reloads_rejected.inc();
        self.reload_failing.set(1);
    }

    /// The exposition, in the OpenMetrics text format.
    pub fn encode(&self) -> Result<String, std::fmt::Error> {
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)?;
        Ok(out)
    }
}

/// The per-request layer: counts each answer by route and status and times it.
pub(crate) async fn record(State(m): State<Arc<Metrics>>, req: Request, next: Next) -> Response {
    let route = m.route(
        req.extensions()
            .get::<MatchedPath>()
            .map(MatchedPath::as_str),
    );
    let started = std::time::Instant::now();
    let res = next.run(req).await;
    m.observe_request(route, res.status(), started.elapsed());
    res
}

/// `GET /metrics`.
async fn exposition(State(m): State<Arc<Metrics>>) -> Response {
    match m.encode() {
        Ok(body) => {
            let mut res = body.into_response();
            res.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
            res
        }
        Err(e) => super::ApiError::Internal(format!("encoding metrics: {e}")).into_response(),
    }
}

/// The metrics listener's application: `GET /metrics` and nothing else.
pub fn router(metrics: Arc<Metrics>) -> Router {
    Router::new()
        .route("/metrics", get(exposition))
        .fallback(|| async { super::ApiError::NotFound("only /metrics is served here".into()) })
        .layer(axum::middleware::map_response(
            super::middleware::log_internal,
        ))
        .with_state(metrics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_interned_once_and_unmatched_is_one_label() {
        let m = Metrics::new();
        let r1 = m.route(Some("/p/{cite}"));
        let r2 = m.route(Some(&String::from("/p/{cite}")));
        assert_eq!(r1, "/p/{cite}");
        assert!(std::ptr::eq(r1, r2), "the second lookup reuses the label");
        assert_eq!(m.route(None), UNMATCHED);
        assert_eq!(m.routes.read().map(|r| r.len()).unwrap_or(0), 1);
    }
}

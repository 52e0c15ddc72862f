/*!
Metrics for whoever hosts lovbok, in the OpenMetrics text format that
Prometheus scrapes: requests by route and status, latency per route, search
time, the response cache's hits, misses and evictions, reloads, and the
size of the corpus being served.

[`Metrics`] is shared by every clone of the [`AppState`](super::AppState);
its own counters (search, cache, reloads) are single atomics and always
count. The per-request layer (`RecordLayer`) is added to the router only when
the host asked for metrics (`--metrics-addr`), so a server without them pays
nothing per request. The exposition ([`router`]) is served on that separate
listener, never on the public address: load and error rates are not the
public's business.

Routes are labelled by their pattern (`/p/{cite}`), never by the raw path,
so the number of series stays fixed whatever clients send; anything the
router did not match is `unmatched`.

The per-request counts are lovbok's own (`HttpStats`): one table entry per
route pattern, found by a lock-free scan, holding relaxed atomic counters
per status and per latency bucket, read into the exposition by a
prometheus-client `Collector` at scrape time. Recording a request is three
atomic additions and two clock reads; prometheus-client's `Family` and
`Histogram` would take three locks and hash the labels twice per request,
which showed as several percent of `/healthz` throughput.
*/

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric, NoLabelSet};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::metrics::MetricType;
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

/// The most route patterns counted one by one; more (a router far larger
/// than lovbok's) are counted together as [`OTHER_ROUTES`].
const MAX_ROUTES: usize = 64;
/// The route label past [`MAX_ROUTES`].
const OTHER_ROUTES: &str = "other";
/// HTTP status codes are 100 to 999.
const STATUSES: usize = 900;

/// One route's requests: counts by status, latency by bucket.
#[derive(Debug)]
struct RouteStats {
    route: &'static str,
    /// Index: status - 100.
    by_status: Box<[AtomicU64]>,
    /// Index: the first bucket whose bound is at least the latency; the
    /// last is +Inf. Not cumulative (the encoder adds them up).
    buckets: [AtomicU64; LATENCY_BUCKETS.len() + 1],
    sum_ns: AtomicU64,
}

impl RouteStats {
    fn new(route: &'static str) -> RouteStats {
        RouteStats {
            route,
            by_status: (0..STATUSES).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            sum_ns: AtomicU64::new(0),
        }
    }

    fn record(&self, status: u16, took: Duration) {
        let i = usize::from(status.saturating_sub(100)).min(STATUSES - 1);
        self.by_status[i].fetch_add(1, Ordering::Relaxed);
        let secs = took.as_secs_f64();
        let b = LATENCY_BUCKETS
            .iter()
            .position(|bound| secs <= *bound)
            .unwrap_or(LATENCY_BUCKETS.len());
        self.buckets[b].fetch_add(1, Ordering::Relaxed);
        let ns = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.sum_ns.fetch_add(ns, Ordering::Relaxed);
    }
}

/// Requests by route pattern, without locks on the request path.
///
/// Each route's entry is made once, on its first request, and never freed
/// (leaked, so that a response future can hold `&'static` to it instead of
/// a reference count every request would bump): the set of route patterns
/// is the router's fixed route table, so this is bounded by
/// `MAX_ROUTES` entries of a few KiB per [`Metrics`].
#[derive(Debug)]
pub(crate) struct HttpStats {
    routes: [OnceLock<&'static RouteStats>; MAX_ROUTES],
    /// Taken only to add a route.
    adding: Mutex<()>,
    other: OnceLock<&'static RouteStats>,
}

impl HttpStats {
    fn new() -> HttpStats {
        HttpStats {
            routes: std::array::from_fn(|_| OnceLock::new()),
            adding: Mutex::new(()),
            other: OnceLock::new(),
        }
    }

    fn find(&self, route: &str) -> Option<&'static RouteStats> {
        self.routes
            .iter()
            .map_while(OnceLock::get)
            .find(|r| r.route == route)
            .copied()
    }

    /// The entry of a route pattern (`None`: the router matched nothing).
    fn route(&self, matched: Option<&str>) -> &'static RouteStats {
        let route = matched.unwrap_or(UNMATCHED);
        if let Some(r) = self.find(route) {
            return r;
        }
        let _adding = self.adding.lock();
        if let Some(r) = self.find(route) {
            return r;
        }
        let leak = |name: &str| -> &'static RouteStats {
            let name: &'static str = Box::leak(name.to_string().into_boxed_str());
            Box::leak(Box::new(RouteStats::new(name)))
        };
        match self.routes.iter().find(|slot| slot.get().is_none()) {
            Some(slot) => slot.get_or_init(|| leak(route)),
            None => self.other.get_or_init(|| leak(OTHER_ROUTES)),
        }
    }

    fn all(&self) -> impl Iterator<Item = &'static RouteStats> + '_ {
        self.routes
            .iter()
            .map_while(OnceLock::get)
            .chain(self.other.get())
            .copied()
    }
}

impl Collector for HttpStats {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let mut requests = encoder.encode_descriptor(
            "http_requests",
            "HTTP requests answered, by route pattern and status",
            None,
            MetricType::Counter,
        )?;
        for r in self.all() {
            for (i, n) in r.by_status.iter().enumerate() {
                let n = n.load(Ordering::Relaxed);
                if n == 0 {
                    continue;
                }
                let labels = RouteStatus {
                    route: r.route,
                    status: u16::try_from(i + 100).unwrap_or(u16::MAX),
                };
                ConstCounter::new(n).encode(requests.encode_family(&labels)?)?;
            }
        }
        let mut latency = encoder.encode_descriptor(
            "http_request_duration",
            "Time from a request's arrival to its response headers, by route pattern",
            Some(&Unit::Seconds),
            MetricType::Histogram,
        )?;
        for r in self.all() {
            let buckets: Vec<(f64, u64)> = LATENCY_BUCKETS
                .iter()
                .copied()
                .chain(std::iter::once(f64::MAX))
                .zip(r.buckets.iter().map(|b| b.load(Ordering::Relaxed)))
                .collect();
            let count = buckets.iter().map(|b| b.1).sum();
            let sum = r.sum_ns.load(Ordering::Relaxed) as f64 / 1e9;
            latency
                .encode_family(&RouteLabel { route: r.route })?
                .encode_histogram::<NoLabelSet>(sum, count, &buckets, None)?;
        }
        Ok(())
    }
}

/// Every metric lovbok exports, and the registry that names them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    http: Arc<HttpStats>,
    search: Histogram,
    cache_hits: Counter,
    cache_misses: Counter,
    cache_evictions: Counter,
    reloads: Counter,
    reloads_rejected: Counter,
    reload_failing: Gauge,
    provisions: Gauge,
    citations: Gauge,
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
        let m = Metrics {
            registry: Registry::default(),
            http: Arc::new(HttpStats::new()),
            search: latency_histogram(),
            cache_hits: Counter::default(),
            cache_misses: Counter::default(),
            cache_evictions: Counter::default(),
            reloads: Counter::default(),
            reloads_rejected: Counter::default(),
            reload_failing: Gauge::default(),
            provisions: Gauge::default(),
            citations: Gauge::default(),
        };
        registry.register(
            "build",
            "The running lovbok's version",
            Info::new([("version", env!("CARGO_PKG_VERSION"))]),
        );
        registry.register_collector(Box::new(Arc::clone(&m.http)));
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

/// The per-request layer: counts each answer by route and status and times
/// it, from arrival to response headers.
#[derive(Clone)]
pub(crate) struct RecordLayer(pub(crate) Arc<Metrics>);

impl<S> tower::Layer<S> for RecordLayer {
    type Service = Record<S>;

    fn layer(&self, inner: S) -> Record<S> {
        Record {
            inner,
            http: Arc::clone(&self.0.http),
        }
    }
}

/// The service [`RecordLayer`] wraps around each route.
#[derive(Clone)]
pub(crate) struct Record<S> {
    inner: S,
    http: Arc<HttpStats>,
}

impl<S, E> tower::Service<Request> for Record<S>
where
    S: tower::Service<Request, Response = Response, Error = E>,
{
    type Response = Response;
    type Error = E;
    type Future = Recorded<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), E>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let stats = self.http.route(
            req.extensions()
                .get::<MatchedPath>()
                .map(MatchedPath::as_str),
        );
        Recorded {
            inner: self.inner.call(req),
            stats,
            started: Instant::now(),
        }
    }
}

pin_project_lite::pin_project! {
    /// A response on its way, timed.
    pub(crate) struct Recorded<F> {
        #[pin]
        inner: F,
        stats: &'static RouteStats,
        started: Instant,
    }
}

impl<F, E> Future for Recorded<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let out = std::task::ready!(this.inner.poll(cx));
        if let Ok(res) = &out {
            this.stats
                .record(res.status().as_u16(), this.started.elapsed());
        }
        Poll::Ready(out)
    }
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
    fn routes_get_one_entry_each_and_unmatched_is_one_label() {
        let h = HttpStats::new();
        let r1 = h.route(Some("/p/{cite}"));
        let r2 = h.route(Some(&String::from("/p/{cite}")));
        assert_eq!(r1.route, "/p/{cite}");
        assert!(
            std::ptr::eq(r1, r2),
            "the second lookup finds the first entry"
        );
        assert_eq!(h.route(None).route, UNMATCHED);
        assert_eq!(h.all().count(), 2);
    }

    #[test]
    fn a_router_larger_than_the_table_is_counted_as_other() {
        let h = HttpStats::new();
        for i in 0..MAX_ROUTES {
            h.route(Some(&format!("/r{i}")));
        }
        assert_eq!(h.route(Some("/one-too-many")).route, OTHER_ROUTES);
        assert_eq!(h.route(Some("/r3")).route, "/r3");
    }

    #[test]
    fn latencies_fall_in_the_first_bucket_that_holds_them() {
        let h = HttpStats::new();
        let r = h.route(Some("/healthz"));
        r.record(200, Duration::from_micros(50));
        r.record(200, Duration::from_micros(51));
        r.record(503, Duration::from_secs(11));
        let counts: Vec<u64> = r
            .buckets
            .iter()
            .map(|b| b.load(Ordering::Relaxed))
            .collect();
        assert_eq!(counts[0], 1, "50 µs is within the first bound");
        assert_eq!(counts[1], 1);
        assert_eq!(counts[LATENCY_BUCKETS.len()], 1, "over 10 s: +Inf");
        assert_eq!(r.by_status[100].load(Ordering::Relaxed), 2);
        assert_eq!(r.by_status[403].load(Ordering::Relaxed), 1);
    }
}

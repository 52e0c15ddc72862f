/*!
A response cache for the read-only resources: the routes the route table
marks as cached ([`routes::Route::cached`]: the provision pages, the search
page and its results, the contents and glossary, the subject pages, the
provision, search and resolve API, the OpenAPI document).

The knowledge base never changes while it serves, so an answer to a GET is a
pure function of its URI for as long as that knowledge base is the current
one. Each entry keeps the identity body, its ETag and, once a client asks
for it, the gzip body, so a repeated request costs a hash lookup instead of
a search, a render and a compression. Entries belong to one knowledge-base
generation; a reload bumps the generation and clears the cache, and an
entry of an older generation is never served.

The store is `quick_cache`: concurrent (sharded locks, no background
threads), and its eviction policy (S3-FIFO: a new key enters a small
probation queue, and only keys asked for again move to the main one) holds
on to the queries that repeat while a long tail of distinct ones (every
prefix a search box sends) passes through. It is bounded in bytes: an entry weighs
its key and twice its body (room for the gzip copy), and at least
[`MAX_BYTES`] / `max_entries`, so the cache holds at most [`MAX_BYTES`] and
at most `max_entries` entries. `max_entries = 0` turns it off, which is how
the load script measures the uncached path.
*/

use std::io::Write;
use std::sync::{Arc, OnceLock};

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use quick_cache::sync::Cache;
use quick_cache::{DefaultHashBuilder, Lifecycle, Weighter};

use crate::web::routes;

use super::middleware::etag_matches;
use super::AppState;

/// The most bytes of keys and bodies (identity plus gzip) the cache holds.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// Longer URIs are not cached (they are unlikely to repeat).
const MAX_KEY: usize = 512;
/// Smaller bodies are not worth compressing.
const MIN_GZIP: usize = 256;

/// The gzip level of a cached page. Pages are asked for again (and the
/// offline copy fetches every one), so the bytes a phone on a venue's
/// Wi-Fi must fetch matter more than one compression: zlib-rs's fastest
/// level ("quick") sends 5–18 % more than level 2 on lovbok's pages.
const PAGE_GZIP_LEVEL: u32 = 6;
/// The gzip level of a cached API answer: under a long tail of distinct
/// queries most answers are compressed once and never asked for again, so
/// compressing them harder does not pay.
const ANSWER_GZIP_LEVEL: u32 = 1;

struct Entry {
    generation: u64,
    headers: HeaderMap,
    etag: String,
    body: Bytes,
    gzip: OnceLock<Option<Bytes>>,
}

/// What an entry costs: its bytes, but no less than the share of one
/// entry in `max_entries`.
#[derive(Clone)]
struct Bytesize {
    min: u64,
}

impl Weighter<String, Arc<Entry>> for Bytesize {
    fn weight(&self, key: &String, entry: &Arc<Entry>) -> u64 {
        let bytes = key.len() + entry.etag.len() + 2 * entry.body.len();
        (bytes as u64).max(self.min)
    }
}

/// Counts the entries an insert evicts (for the metrics).
#[derive(Clone, Default)]
struct CountEvictions;

impl Lifecycle<String, Arc<Entry>> for CountEvictions {
    type RequestState = usize;

    fn on_evict(&self, evicted: &mut usize, _key: String, _entry: Arc<Entry>) {
        *evicted += 1;
    }
}

/// The cache; shared by every clone of the [`AppState`].
pub(crate) struct ResponseCache {
    store: Option<Cache<String, Arc<Entry>, Bytesize, DefaultHashBuilder, CountEvictions>>,
}

impl ResponseCache {
    /// A cache of at most `max_entries` entries and [`MAX_BYTES`] (none
    /// for 0 entries).
    pub(crate) fn new(max_entries: usize) -> ResponseCache {
        let store = (max_entries > 0).then(|| {
            let min = (MAX_BYTES / max_entries).max(1) as u64;
            Cache::with(
                max_entries,
                MAX_BYTES as u64,
                Bytesize { min },
                DefaultHashBuilder::default(),
                CountEvictions,
            )
        });
        ResponseCache { store }
    }

    /// Forgets everything (a new knowledge base is being served).
    pub(crate) fn clear(&self) {
        if let Some(store) = &self.store {
            store.clear();
        }
    }

    fn get(&self, key: &str, generation: u64) -> Option<Arc<Entry>> {
        self.store
            .as_ref()?
            .get(key)
            .filter(|e| e.generation == generation)
    }

    /// Stores `entry`; returns how many entries were evicted to make room.
    fn insert(&self, key: String, entry: Arc<Entry>, current: u64) -> usize {
        // An answer from a knowledge base that was replaced meanwhile is
        // not stored; should a reload slip in after this check, `get`
        // still never serves it.
        let mut evicted = 0;
        if let Some(store) = self.store.as_ref().filter(|_| entry.generation == current) {
            store.insert_with_lifecycle(key, entry, &mut evicted);
        }
        evicted
    }

    fn enabled(&self) -> bool {
        self.store.is_some()
    }

    /// Entries held (for tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.store.as_ref().map_or(0, Cache::len)
    }
}

/// True when `Accept-Encoding` allows gzip.
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let q_zero = parts.any(|p| {
                let p = p.trim();
                p.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !q_zero
        })
}

fn gzip(body: &[u8], headers: &HeaderMap) -> Option<Bytes> {
    let page = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    let level = if page {
        PAGE_GZIP_LEVEL
    } else {
        ANSWER_GZIP_LEVEL
    };
    gzip_at(body, level)
}

/// `body` gzipped at `level` (0–9); `None` if the encoder fails.
pub(crate) fn gzip_at(body: &[u8], level: u32) -> Option<Bytes> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
    enc.write_all(body).ok()?;
    enc.finish().ok().map(Bytes::from)
}

impl Entry {
    fn respond(&self, req_headers: &HeaderMap) -> Response {
        let fresh = req_headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| etag_matches(v, &self.etag));
        if fresh {
            let mut res = StatusCode::NOT_MODIFIED.into_response();
            for name in [header::ETAG, header::CACHE_CONTROL] {
                if let Some(v) = self.headers.get(&name) {
                    res.headers_mut().insert(name, v.clone());
                }
            }
            res.headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return res;
        }
        let gz = if self.body.len() >= MIN_GZIP && accepts_gzip(req_headers) {
            self.gzip
                .get_or_init(|| gzip(&self.body, &self.headers))
                .clone()
        } else {
            None
        };
        let mut res = match &gz {
            Some(g) => Response::new(Body::from(g.clone())),
            None => Response::new(Body::from(self.body.clone())),
        };
        *res.headers_mut() = self.headers.clone();
        res.headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if gz.is_some() {
            res.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        res
    }
}

/// The caching middleware.
pub(crate) async fn cache(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let cacheable = state.cache.enabled()
        && req.method() == Method::GET
        && req
            .uri()
            .path_and_query()
            .is_some_and(|pq| pq.as_str().len() <= MAX_KEY)
        && routes::is_cached(req.uri().path());
    if !cacheable {
        return next.run(req).await;
    }
    // Pages differ by interface language (set by the middleware outside).
    let key = match req.extensions().get::<crate::web::UiContext>() {
        Some(ctx) => format!("{}\u{0}{}", ctx.lang.code(), req.uri()),
        None => req.uri().to_string(),
    };
    let generation = state.generation();
    if let Some(entry) = state.cache.get(&key, generation) {
        state.metrics.cache_hit();
        return entry.respond(req.headers());
    }
    state.metrics.cache_miss();
    let req_headers = req.headers().clone();
    // Ask the inner layers for the full identity body; this layer compresses.
    let mut req = req;
    req.headers_mut().remove(header::IF_NONE_MATCH);
    req.headers_mut().remove(header::ACCEPT_ENCODING);
    let res = next.run(req).await;
    // Only complete answers are kept (the ETag layer inside tags every 200).
    let etag = res
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let Some(etag) = etag.filter(|_| res.status() == StatusCode::OK) else {
        return res;
    };
    let (mut parts, body) = res.into_parts();
    let Ok(body) = to_bytes(body, usize::MAX).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::TRANSFER_ENCODING);
    let entry = Arc::new(Entry {
        generation,
        headers: parts.headers,
        etag,
        body,
        gzip: OnceLock::new(),
    });
    let res = entry.respond(&req_headers);
    let evicted = state.cache.insert(key, entry, state.generation());
    if evicted > 0 {
        state.metrics.cache_evicted(evicted);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(accept: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(accept).unwrap(),
        );
        h
    }

    fn entry(generation: u64, body: usize) -> Arc<Entry> {
        Arc::new(Entry {
            generation,
            headers: HeaderMap::new(),
            etag: "\"e\"".to_string(),
            body: Bytes::from(vec![b'x'; body]),
            gzip: OnceLock::new(),
        })
    }

    #[test]
    fn entries_of_another_generation_are_not_served() {
        let cache = ResponseCache::new(16);
        cache.insert("/a".into(), entry(1, 10), 1);
        assert!(cache.get("/a", 1).is_some());
        assert!(cache.get("/a", 2).is_none());
        // Made under generation 1 while 2 is current: not stored.
        cache.insert("/b".into(), entry(1, 10), 2);
        assert!(cache.get("/b", 1).is_none());
        cache.clear();
        assert!(cache.get("/a", 1).is_none());
    }

    #[test]
    fn the_cache_is_bounded_in_entries_and_bytes() {
        let cache = ResponseCache::new(64);
        for i in 0..1000 {
            cache.insert(format!("/q{i}"), entry(1, 100), 1);
        }
        assert!(cache.len() <= 64, "{}", cache.len());
        // Each of these weighs a quarter of the whole: at most four fit.
        let big = MAX_BYTES / 8;
        for i in 0..10 {
            cache.insert(format!("/big{i}"), entry(1, big), 1);
        }
        let bytes: usize = (0..10)
            .filter(|i| cache.get(&format!("/big{i}"), 1).is_some())
            .map(|_| 2 * big)
            .sum();
        assert!(bytes <= MAX_BYTES, "{bytes}");
    }

    #[test]
    fn zero_entries_turns_the_cache_off() {
        let cache = ResponseCache::new(0);
        assert!(!cache.enabled());
        cache.insert("/a".into(), entry(1, 10), 1);
        assert!(cache.get("/a", 1).is_none());
    }

    #[test]
    fn gzip_is_accepted_unless_refused() {
        assert!(accepts_gzip(&headers("gzip")));
        assert!(accepts_gzip(&headers("br, gzip;q=0.8")));
        assert!(accepts_gzip(&headers("*")));
        assert!(!accepts_gzip(&headers("gzip;q=0")));
        assert!(!accepts_gzip(&headers("br, identity")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}

/*!
A response cache for the read-only resources: provision pages, the contents
and glossary, the provision, search and resolve API, the OpenAPI document.

The knowledge base never changes while it serves, so an answer to a GET is a
pure function of its URI for as long as that knowledge base is the current
one. Each entry keeps the identity body, its ETag and, once a client asks
for it, the gzip body, so a repeated request costs a hash lookup instead of
a search, a render and a compression. Entries belong to one knowledge-base
generation; a reload bumps the generation and clears the cache, and an
answer computed from an older knowledge base is never stored.

Bounded: at most `max_entries` entries and [`MAX_BYTES`] of bodies; when
either would be exceeded the cache starts over (cheap, and rare with a
corpus of a few hundred pages). `max_entries = 0` turns it off, which is how
the load script measures the uncached path.
*/

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, OnceLock, RwLock};

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::middleware::etag_matches;
use super::AppState;

/// The most body bytes (identity plus gzip) the cache holds.
pub const MAX_BYTES: usize = 64 * 1024 * 1024;
/// Longer URIs are not cached (they are unlikely to repeat).
const MAX_KEY: usize = 512;
/// Smaller bodies are not worth compressing.
const MIN_GZIP: usize = 256;

/// Route prefixes whose GET answers depend on the URI and the knowledge base alone.
const CACHEABLE: &[&str] = &[
    "/p/",
    "/api/provisions/",
    "/api/search",
    "/api/resolve",
    "/api/openapi.json",
    "/innhold",
    "/definisjoner",
    "/sok",
];

struct Entry {
    generation: u64,
    headers: HeaderMap,
    etag: String,
    body: Bytes,
    gzip: OnceLock<Option<Bytes>>,
}

#[derive(Default)]
struct Inner {
    map: HashMap<String, Arc<Entry>>,
    bytes: usize,
}

/// The cache; shared by every clone of the [`AppState`].
pub(crate) struct ResponseCache {
    max_entries: usize,
    inner: RwLock<Inner>,
}

impl ResponseCache {
    pub(crate) fn new(max_entries: usize) -> ResponseCache {
        ResponseCache {
            max_entries,
            inner: RwLock::new(Inner::default()),
        }
    }

    /// Forgets everything (a new knowledge base is being served).
    pub(crate) fn clear(&self) {
        if let Ok(mut inner) = self.inner.write() {
            *inner = Inner::default();
        }
    }

    fn get(&self, key: &str, generation: u64) -> Option<Arc<Entry>> {
        let inner = self.inner.read().ok()?;
        inner
            .map
            .get(key)
            .filter(|e| e.generation == generation)
            .cloned()
    }

    /// Stores `entry`; returns how many entries were dropped to make room.
    fn insert(&self, key: String, entry: Arc<Entry>, current: &dyn Fn() -> u64) -> usize {
        let Ok(mut inner) = self.inner.write() else {
            return 0;
        };
        // Checked under the lock that `clear` takes too, so an answer from
        // a knowledge base that was replaced meanwhile is never stored.
        if entry.generation != current() {
            return 0;
        }
        let size = entry.body.len() * 2;
        let mut evicted = 0;
        if inner.map.len() >= self.max_entries || inner.bytes + size > MAX_BYTES {
            evicted = inner.map.len();
            *inner = Inner::default();
        }
        inner.bytes += size;
        inner.map.insert(key, entry);
        evicted
    }
}

/// True when `Accept-Encoding` allows gzip.
fn accepts_gzip(headers: &HeaderMap) -> bool {
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

fn gzip(body: &[u8]) -> Option<Bytes> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
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
            self.gzip.get_or_init(|| gzip(&self.body)).clone()
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
    let cacheable = state.cache.max_entries > 0
        && req.method() == Method::GET
        && req
            .uri()
            .path_and_query()
            .is_some_and(|pq| pq.as_str().len() <= MAX_KEY)
        && (req.uri().path() == "/" || CACHEABLE.iter().any(|p| req.uri().path().starts_with(p)));
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
    let evicted = state.cache.insert(key, entry, &|| state.generation());
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

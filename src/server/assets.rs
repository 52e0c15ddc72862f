/*!
Serves the embedded assets of [`crate::web::assets`], the current site's
offline assets and the current practice deck ([`super::deck`]) under their
fingerprinted names, with `Cache-Control: immutable`: the name changes
whenever the bytes do. Nothing here touches the file system; a name not in
the table is a 404, whatever `..` or encoding it tries.

Since a name stands for one content, each file is prepared once: its
ETag, and its gzip at the highest level (the offline copy and the practice
deck are the largest downloads a phone makes, and they are compressed once,
not per request). The compression layer leaves a response that already has
a `Content-Encoding` alone.
*/

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::web::assets::{fnv1a, PREFIX};

use super::error::{ApiError, ApiPath};
use super::AppState;

/// The content type of the deck file.
const DECK_TYPE: &str = "application/json";

/// A file ready to send.
struct Prepared {
    identity: Bytes,
    /// `None` when gzip would not help (tiny, or already compressed).
    gzip: Option<Bytes>,
    etag: String,
}

/// Prepared files by name. Names come from the asset tables and the
/// fingerprint of each site's offline files and deck, so the map grows
/// only with reloads; it starts over past [`MAX_PREPARED`].
static PREPARED: LazyLock<Mutex<HashMap<String, Arc<Prepared>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));
const MAX_PREPARED: usize = 512;

fn prepared(name: &str, body: &[u8], content_type: &str) -> Arc<Prepared> {
    let found = PREPARED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(name)
        .cloned();
    if let Some(p) = found {
        return p;
    }
    let compressible = body.len() >= 256 && !content_type.starts_with("image/png");
    let gzip = compressible
        .then(|| super::cache::gzip_at(body, 9))
        .flatten()
        .filter(|g| g.len() < body.len());
    let p = Arc::new(Prepared {
        identity: Bytes::copy_from_slice(body),
        gzip,
        etag: format!("\"{:016x}\"", fnv1a(body)),
    });
    let mut map = PREPARED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if map.len() >= MAX_PREPARED {
        map.clear();
    }
    map.insert(name.to_string(), Arc::clone(&p));
    p
}

/// `GET /static/{file}`: a fixed asset, the current site's offline index or
/// service worker, or its practice deck.
pub(crate) async fn asset(
    State(st): State<AppState>,
    headers: HeaderMap,
    ApiPath(file): ApiPath<String>,
) -> Response {
    let site = Arc::clone(&st.site());
    if let Some(a) = site.asset(&file) {
        let p = prepared(&file, &a.body, a.content_type);
        return immutable(&headers, &p, a.content_type, a.worker);
    }
    if file.starts_with("cards.") {
        match super::deck::current(&st, &site).await {
            Ok(deck) if deck.url.strip_prefix(PREFIX) == Some(file.as_str()) => {
                let p = prepared(&file, &deck.body, DECK_TYPE);
                return immutable(&headers, &p, DECK_TYPE, false);
            }
            Ok(_) => {}
            Err(e) => return ApiError::Internal(format!("deck: {e}")).into_response(),
        }
    }
    ApiError::NotFound(format!("no asset named {file:?}")).into_response()
}

/// A fingerprinted file with its validators: a 304 when the client has it,
/// else the gzip when the client takes it.
fn immutable(
    headers: &HeaderMap,
    file: &Prepared,
    content_type: &'static str,
    worker: bool,
) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| super::middleware::etag_matches(v, &file.etag));
    let gzip = file
        .gzip
        .as_ref()
        .filter(|_| super::cache::accepts_gzip(headers));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match gzip {
            Some(g) => g.clone().into_response(),
            None => file.identity.clone().into_response(),
        }
    };
    let h = res.headers_mut();
    if !fresh {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        if gzip.is_some() {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
    }
    if file.gzip.is_some() {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    if let Ok(v) = HeaderValue::from_str(&file.etag) {
        h.insert(header::ETAG, v);
    }
    if worker {
        // The worker lives under /static/ but controls every page.
        h.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    res
}

/// What the embed script's fallback (the link API unreachable) reads cites
/// with, generated from the server's own tables so that it cannot drift
/// from them: the grammar's law words, the link API's limits, the edition
/// the corpus numbers the Laws in, and every numbered provision of the
/// corpus with whether its text is in it (1) or only its title (0), from
/// which the script links a cite where the server would (the provision, or
/// its nearest ancestor when the text is missing) and leaves alone what
/// the server would not link.
pub(crate) fn embed_config(site: &crate::web::Site) -> serde_json::Value {
    let ids: serde_json::Map<String, serde_json::Value> = site
        .kb()
        .corpus()
        .provisions()
        .iter()
        .filter(|p| matches!(p.id, crate::corpus::ProvisionId::Numbered { .. }))
        .map(|p| (p.id.to_string(), u8::from(p.in_corpus).into()))
        .collect();
    serde_json::json!({
        "cues": crate::cite::law_cue_words(),
        "teamCues": crate::cite::team_or_law_words(),
        "listWords": crate::cite::list_words(),
        "maxBytes": super::api::MAX_LINK_BODY - 4096,
        "timeoutMs": 5000,
        "edition": crate::corpus::CURRENT_EDITION,
        "ids": ids,
    })
}

/// `GET /embed.js`: the linker other sites include, with
/// [`embed_config`] written above it. A stable URL (sites write it into
/// their pages), cached for an hour, and loadable from any origin.
pub(crate) async fn embed_js(State(st): State<AppState>) -> Response {
    let mut body = format!("window.LOVBOK_EMBED = {};\n", embed_config(&st.site())).into_bytes();
    body.extend_from_slice(include_bytes!("../web/static/embed.js"));
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
            (
                header::HeaderName::from_static("cross-origin-resource-policy"),
                HeaderValue::from_static("cross-origin"),
            ),
        ],
        body,
    )
        .into_response()
}

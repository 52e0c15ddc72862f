/*!
Serves the embedded assets of [`crate::web::assets`], the current site's
offline assets and the current practice deck ([`super::deck`]) under their
fingerprinted names, with `Cache-Control: immutable`: the name changes
whenever the bytes do. Nothing here touches the file system; a name not in
the table is a 404, whatever `..` or encoding it tries.
*/

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::web::assets::fnv1a;

use super::error::{ApiError, ApiPath};
use super::AppState;

/// The content type of the deck file.
const DECK_TYPE: &str = "application/json";

/// `GET /static/{file}`: a fixed asset, the current site's offline index or
/// service worker, or its practice deck.
pub(crate) async fn asset(
    State(st): State<AppState>,
    headers: HeaderMap,
    ApiPath(file): ApiPath<String>,
) -> Response {
    let site = Arc::clone(&st.site());
    if let Some(a) = site.asset(&file) {
        return immutable(
            &headers,
            Bytes::from(a.body.to_vec()),
            a.content_type,
            a.worker,
        );
    }
    if file.starts_with("cards.") {
        match super::deck::current(&st, &site).await {
            Ok(deck) if deck.url.strip_prefix("/static/") == Some(file.as_str()) => {
                return immutable(&headers, deck.body.clone(), DECK_TYPE, false);
            }
            Ok(_) => {}
            Err(e) => return ApiError::Internal(format!("deck: {e}")).into_response(),
        }
    }
    ApiError::NotFound(format!("no asset named {file:?}")).into_response()
}

/// A fingerprinted file with its validators: a 304 when the client has it.
fn immutable(
    headers: &HeaderMap,
    body: Bytes,
    content_type: &'static str,
    worker: bool,
) -> Response {
    let etag = format!("\"{:016x}\"", fnv1a(&body));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| super::middleware::etag_matches(v, &etag));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        body.into_response()
    };
    let h = res.headers_mut();
    if !fresh {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if worker {
        // The worker lives under /static/ but controls every page.
        h.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    res
}

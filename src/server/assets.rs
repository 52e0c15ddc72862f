/*!
Serves the embedded assets of [`crate::web::assets`] under their
fingerprinted names, with `Cache-Control: immutable`: the name changes
whenever the bytes do. Nothing here touches the file system; a name not in
the table is a 404, whatever `..` or encoding it tries.
*/

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::web::assets::fnv1a;

use super::error::{ApiError, ApiPath};
use super::AppState;

/// `GET /static/{file}`: a fixed asset, or the current site's offline
/// index or service worker.
pub(crate) async fn asset(
    State(st): State<AppState>,
    headers: HeaderMap,
    ApiPath(file): ApiPath<String>,
) -> Response {
    let site = st.site();
    let Some(a) = site.asset(&file) else {
        return ApiError::NotFound(format!("no asset named {file:?}")).into_response();
    };
    let etag = format!("\"{:016x}\"", fnv1a(&a.body));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| super::middleware::etag_matches(v, &etag));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Body::from(a.body.to_vec()).into_response()
    };
    let h = res.headers_mut();
    if !fresh {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(a.content_type),
        );
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if a.worker {
        // The worker lives under /static/ but controls every page.
        h.insert("service-worker-allowed", HeaderValue::from_static("/"));
    }
    res
}

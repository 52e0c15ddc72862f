/*!
Cross-cutting response handling, applied to every route: entity tags and
conditional requests, security and caching headers, and logging the cause
of any 500 (which handlers attach as [`InternalCause`] instead of logging).

ETags are weak (`W/"…"`): they are computed over the uncompressed body,
and the compression layer outside may change its bytes.
*/

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::web::assets::fnv1a;

use super::error::{ErrorPageView, InternalCause};
use super::AppState;

/// The Content-Security-Policy of every response: nothing from other
/// origins, no inline script or style, no framing.
pub const CSP: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                       base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// True when an `If-None-Match` value matches `etag` (weak comparison).
pub(crate) fn etag_matches(if_none_match: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let want = bare(etag);
    if_none_match
        .split(',')
        .any(|t| t.trim() == "*" || bare(t) == want)
}

/// Adds an ETag to successful GET responses and answers a matching
/// `If-None-Match` with 304 and no body.
pub(crate) async fn etag(req: Request, next: Next) -> Response {
    let conditional = matches!(*req.method(), Method::GET | Method::HEAD);
    let inm = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let res = next.run(req).await;
    if !conditional || res.status() != StatusCode::OK {
        return res;
    }
    if let Some(existing) = res
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
    {
        // A handler that knows a better tag than the body's hash (search,
        // whose body carries its own timing) set it already.
        if inm.as_deref().is_some_and(|v| etag_matches(v, existing)) {
            return not_modified(res.headers());
        }
        return res;
    }
    let (mut parts, body) = res.into_parts();
    // Bodies here are rendered pages and JSON already in memory.
    let bytes = match to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => {
            let mut res = StatusCode::INTERNAL_SERVER_ERROR.into_response();
            res.extensions_mut()
                .insert(InternalCause(format!("buffering a response body: {e}")));
            return res;
        }
    };
    let tag = format!("W/\"{:016x}\"", fnv1a(&bytes));
    let Ok(value) = HeaderValue::from_str(&tag) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.insert(header::ETAG, value);
    if inm.as_deref().is_some_and(|v| etag_matches(v, &tag)) {
        return not_modified(&parts.headers);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Pages while the editor's banner is set. An error page (rendered without
/// a site, as extractor rejections and 500s are) is rendered again in the
/// site's frame, so that every page shows the banner; and no page with the
/// banner may be kept by the browser or the service worker
/// (`Cache-Control: no-store`), since the banner goes once the folder builds
/// again, which may be with the very same corpus and so the same stored site.
pub(crate) async fn error_page_chrome(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let mut res = next.run(req).await;
    let site = state.site();
    if site.notice().is_none() {
        return res;
    }
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let Some(page) = res.extensions_mut().remove::<ErrorPageView>() else {
        return res;
    };
    let Ok(body) = site.error_page(&page.ctx, &page.view) else {
        return res;
    };
    let (mut parts, _) = res.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

/// A 304 carrying the validators and caching headers of the full response.
fn not_modified(full: &axum::http::HeaderMap) -> Response {
    let mut res = StatusCode::NOT_MODIFIED.into_response();
    for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
        if let Some(v) = full.get(&name) {
            res.headers_mut().insert(name, v.clone());
        }
    }
    res
}

/// A handler that panicked: a generic 500 problem, the panic message logged
/// by [`log_internal`]. No input should get here; this keeps one bug from
/// dropping the connection without an answer.
pub(crate) fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let msg = panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown panic".to_string());
    super::error::ApiError::Internal(format!("handler panicked: {msg}")).into_response()
}

/// Security headers on everything; `Cache-Control: no-cache` (revalidate
/// with the ETag) on whatever did not set its own.
pub(crate) async fn headers(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    res
}

/// Logs the cause a handler attached to a 500; the client saw only a
/// generic message.
pub(crate) async fn log_internal(res: Response) -> Response {
    if let Some(InternalCause(cause)) = res.extensions().get::<InternalCause>() {
        tracing::error!(status = res.status().as_u16(), cause = %cause, "internal error");
    }
    res
}

/// Lets pages on other origins call the read-only citation API (`POST
/// /api/link`, `GET /api/resolve`) as the embed script does: any origin, no
/// credentials, only the methods and the one header those calls use.
pub(crate) async fn cors(req: Request, next: Next) -> Response {
    if req.method() == Method::OPTIONS {
        let mut res = StatusCode::NO_CONTENT.into_response();
        let h = res.headers_mut();
        h.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("86400"),
        );
        return res;
    }
    let mut res = next.run(req).await;
    res.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etags_compare_weakly_and_in_lists() {
        assert!(etag_matches("W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"abc\"", "W/\"abc\""));
        assert!(etag_matches("\"x\", W/\"abc\"", "W/\"abc\""));
        assert!(etag_matches("*", "W/\"abc\""));
        assert!(!etag_matches("\"abd\"", "W/\"abc\""));
    }
}

/*!
Errors as responses: `application/problem+json` (RFC 9457) for the API, an
HTML page for the web pages.

Everything a client can get wrong maps to a 4xx with a `detail` that says
what to fix; axum's own extractor rejections are wrapped ([`ApiQuery`],
[`ApiJson`], [`ApiPath`]) so they use the same format. Server faults become a
generic 500 whose cause travels in a response extension ([`InternalCause`])
to the logging middleware, so nothing internal leaks into a body and
nothing is logged from inside `into_response`.
*/

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::corpus::ParseIdError;
use crate::web::{ErrorView, Site, UiContext};

/// The media type of every API error body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// An API error; each variant is one HTTP status.
#[derive(Debug)]
pub enum ApiError {
    /// 400: a parameter or body the client must fix.
    BadRequest(String),
    /// 404: no such provision or route.
    NotFound(String),
    /// 404: a well-formed cite of a provision that does not exist, with
    /// the nearest ones that do (`nearest` in the body).
    NoSuchProvision {
        detail: String,
        nearest: Vec<String>,
    },
    /// 405: the route exists, the method does not.
    MethodNotAllowed,
    /// 413: the body is over the limit.
    PayloadTooLarge(String),
    /// 415: the body is not JSON.
    UnsupportedMediaType(String),
    /// 422: the request is well formed but cannot be answered (a
    /// calculation whose numbers the provision's text does not give).
    Unprocessable(String),
    /// 503: too many requests at once, or one took too long.
    Unavailable(String),
    /// 500: lovbok's fault; the cause is logged, never sent.
    Internal(String),
}

/// The cause of a 500, for the logging middleware.
#[derive(Clone, Debug)]
pub struct InternalCause(pub String);

/// What an error page says and to whom, kept on its response so that a
/// middleware with the site at hand can render it again in the site's frame
/// (with the editor's banner, while one is set): extractor rejections and
/// 500s are rendered without a site.
#[derive(Clone, Debug)]
pub(crate) struct ErrorPageView {
    pub(crate) ctx: UiContext,
    pub(crate) view: Box<ErrorView>,
}

#[derive(Serialize)]
struct Problem<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: &'a str,
    status: u16,
    detail: &'a str,
    /// For an unknown cite: the nearest provisions that exist.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    nearest: &'a [String],
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) | ApiError::NoSuchProvision { .. } => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What the client is told.
    pub fn detail(&self) -> &str {
        match self {
            ApiError::BadRequest(d)
            | ApiError::NotFound(d)
            | ApiError::PayloadTooLarge(d)
            | ApiError::UnsupportedMediaType(d)
            | ApiError::Unprocessable(d)
            | ApiError::Unavailable(d)
            | ApiError::NoSuchProvision { detail: d, .. } => d,
            ApiError::MethodNotAllowed => "this method is not allowed on this resource",
            ApiError::Internal(_) => "an internal error occurred; it has been logged",
        }
    }

    /// A client error from a status an extractor chose, with its message.
    fn from_rejection(status: StatusCode, text: String) -> ApiError {
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(text),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(text),
            // Everything else a request can get wrong (syntax, missing
            // fields, bad encoding) is a bad request; never a 500.
            _ => ApiError::BadRequest(text),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = Problem {
            kind: "about:blank",
            title: status.canonical_reason().unwrap_or("Error"),
            status: status.as_u16(),
            detail: self.detail(),
            nearest: match &self {
                ApiError::NoSuchProvision { nearest, .. } => nearest,
                _ => &[],
            },
        };
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let mut res = (status, bytes).into_response();
        res.headers_mut()
            .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
        if let ApiError::Internal(cause) = self {
            res.extensions_mut().insert(InternalCause(cause));
        }
        res
    }
}

impl From<ParseIdError> for ApiError {
    fn from(e: ParseIdError) -> ApiError {
        ApiError::BadRequest(e.to_string())
    }
}

/// `Query` whose rejection is a problem+json 400.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(q) => Ok(ApiQuery(q.0)),
            Err(e) => Err(query_rejection(e)),
        }
    }
}

fn query_rejection(e: QueryRejection) -> ApiError {
    ApiError::from_rejection(e.status(), e.body_text())
}

/// `Path` whose rejection is a problem+json 400.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(p) => Ok(ApiPath(p.0)),
            Err(e) => Err(path_rejection(e)),
        }
    }
}

fn path_rejection(e: PathRejection) -> ApiError {
    ApiError::from_rejection(e.status(), e.body_text())
}

/// `Json` whose rejection is a problem+json 400, 413 or 415.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(j) => Ok(ApiJson(j.0)),
            Err(e) => Err(json_rejection(e)),
        }
    }
}

fn json_rejection(e: JsonRejection) -> ApiError {
    ApiError::from_rejection(e.status(), e.body_text())
}

/// An error on a web page: the same statuses, shown as an HTML page in the
/// reader's interface language.
#[derive(Debug)]
pub struct PageError {
    pub status: StatusCode,
    /// Who the page is for (language, address).
    pub ctx: UiContext,
    /// What the page says.
    pub view: Box<ErrorView>,
    /// For a 500: the cause, for the log only.
    pub cause: Option<String>,
    /// The page, rendered by a handler that had the site at hand (with
    /// its offline assets); `None` renders `view` without them.
    pub html: Option<String>,
}

impl PageError {
    /// 404 with what the page should say.
    pub fn not_found(ctx: &UiContext, view: ErrorView) -> PageError {
        PageError {
            status: StatusCode::NOT_FOUND,
            ctx: ctx.clone(),
            view: Box::new(view),
            cause: None,
            html: None,
        }
    }

    /// 400 with what the page should say.
    pub fn bad_request(ctx: &UiContext, view: ErrorView) -> PageError {
        PageError {
            status: StatusCode::BAD_REQUEST,
            ctx: ctx.clone(),
            view: Box::new(view),
            cause: None,
            html: None,
        }
    }

    /// 500 for a page that failed to render.
    pub fn internal(ctx: &UiContext, cause: impl Into<String>) -> PageError {
        PageError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            ctx: ctx.clone(),
            view: Box::new(ErrorView::internal(ctx.lang)),
            cause: Some(cause.into()),
            html: None,
        }
    }

    /// The same error, rendered as `site`'s page (which can work offline).
    pub fn on(mut self, site: &Site) -> PageError {
        if self.cause.is_none() {
            self.html = site.error_page(&self.ctx, &self.view).ok();
        }
        self
    }
}

impl From<askama::Error> for PageError {
    fn from(e: askama::Error) -> PageError {
        PageError::internal(&UiContext::default(), format!("template: {e}"))
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let body = self
            .html
            .or_else(|| crate::web::error_page(&self.ctx, &self.view).ok())
            .unwrap_or_else(|| "<!doctype html><title>Feil</title><p>Feil</p>".to_string());
        let mut res = (self.status, Html(body)).into_response();
        if let Some(cause) = self.cause {
            res.extensions_mut().insert(InternalCause(cause));
        }
        res.extensions_mut().insert(ErrorPageView {
            ctx: self.ctx,
            view: self.view,
        });
        res
    }
}

/// The reader's context of a request (set by the language middleware), or
/// the default when a route runs without it.
pub(crate) fn ctx_of(parts: &Parts) -> UiContext {
    parts
        .extensions
        .get::<UiContext>()
        .cloned()
        .unwrap_or_default()
}

/// `Query` for pages: a malformed query string gives an HTML 400.
pub struct PageQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for PageQuery<T> {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(q) => Ok(PageQuery(q.0)),
            Err(_) => {
                let ctx = ctx_of(parts);
                let view = ErrorView::bad_parameters(ctx.lang);
                Err(PageError::bad_request(&ctx, view))
            }
        }
    }
}

/// `Path` for pages: an undecodable path gives an HTML 400.
pub struct PagePath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for PagePath<T> {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(p) => Ok(PagePath(p.0)),
            Err(_) => {
                let ctx = ctx_of(parts);
                let view = ErrorView::bad_parameters(ctx.lang);
                Err(PageError::bad_request(&ctx, view))
            }
        }
    }
}

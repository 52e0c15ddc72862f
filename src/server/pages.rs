/*!
Handlers for the web pages: extract, ask the site, render with
[`crate::web`], in the reader's language (the [`UiContext`] the language
middleware put in the request).

A query that is a citation goes to its provision by redirect, whatever the
typing speed of the reader (the page script never has to win a race); a cite
written in a non-canonical way (`/p/§ 12 C 1`) redirects to its one stable
URL (`/p/12C1`), so every provision has exactly one address. A cite of a
provision the corpus lacks is a 404 page that offers the nearest ones.
*/

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Extension;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use serde::Deserialize;

use crate::corpus::BookId;
use crate::kb::{url_of, TypedCite};
use crate::web::routes::Render;
use crate::web::{ErrorView, SearchOutcome, Site, UiContext, ONLY_PARAM, ONLY_VALUE};

use super::error::{ApiError, PageError, PagePath, PageQuery};
use super::AppState;

#[derive(Deserialize)]
pub(crate) struct SearchPageParams {
    q: Option<String>,
    book: Option<String>,
}

/// The book filter of a page, or a 400 page.
fn page_book(ctx: &UiContext, raw: Option<&str>) -> Result<Option<BookId>, PageError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(b) => b
            .parse()
            .map(Some)
            .map_err(|_| PageError::bad_request(ctx, ErrorView::bad_book(ctx.lang, b))),
    }
}

/// Runs a search for a page, and counts its time.
fn outcome(
    st: &AppState,
    site: &Site,
    ctx: &UiContext,
    p: &SearchPageParams,
) -> Result<SearchOutcome, PageError> {
    let q = p.q.clone().unwrap_or_default();
    let book = page_book(ctx, p.book.as_deref())?;
    let o = site
        .search(&q, book)
        .map_err(|e| PageError::internal(ctx, format!("search: {e}")))?;
    if let Some(results) = &o.results {
        st.metrics().search_done(results.took_us);
    }
    Ok(o)
}

/// `/` and `/sok`: the search page, with server-rendered results when a
/// query is given (the path that works without JavaScript). A query that
/// cites one provision redirects to it.
pub(crate) async fn search(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    PageQuery(p): PageQuery<SearchPageParams>,
) -> Result<Response, PageError> {
    let site = st.site();
    let q = p.q.as_deref().unwrap_or_default();
    if let Some(id) = site.kb().jump(q) {
        return Ok(Redirect::to(&url_of(&id)).into_response());
    }
    let o = outcome(&st, &site, &ctx, &p)?;
    if let Some(idx) = o.jump_target() {
        let id = &site.kb().corpus().at(idx).id;
        return Ok(Redirect::to(&url_of(id)).into_response());
    }
    let page = site
        .search_page(&ctx, &o)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))?;
    let status = if o.invalid.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    Ok((status, Html(page)).into_response())
}

/// `/sok/treff`: the results part of the search page alone, for the page
/// script to show as the reader types. Never redirects: a cited provision
/// is the first hit, marked as such.
pub(crate) async fn results(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    PageQuery(p): PageQuery<SearchPageParams>,
) -> Result<Response, PageError> {
    let site = st.site();
    let o = outcome(&st, &site, &ctx, &p)?;
    let html = site
        .results_html(ctx.lang, &o)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))?;
    Ok(Html(html).into_response())
}

/// `/p/{cite}`: the page of a provision. Its query string may say `vis=denne`
/// (show only it) and holds the inputs of the provision's calculator when
/// its form was sent without JavaScript.
pub(crate) async fn provision(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    PagePath(raw): PagePath<String>,
    PageQuery(query): PageQuery<Vec<(String, String)>>,
) -> Result<Response, PageError> {
    let site = st.site();
    // Any written form of a cite reads (`/p/16b1a`, `/p/lov 12 C 1`) and
    // redirects to the one stable URL; a well-formed cite that names no
    // provision (`/p/99`, `/p/12Z`) is 404 with the nearest ones, and so is
    // an address that is no cite at all (a page, unlike the API, has no
    // "malformed" to report).
    let id = match site.kb().read_cite(&raw) {
        TypedCite::Found(id) => id,
        TypedCite::Missing(id) => {
            let view = site.unknown_cite_view(ctx.lang, &id);
            return Err(PageError::not_found(&ctx, view).on(&site));
        }
        TypedCite::NotACite => {
            let view = ErrorView::not_a_cite(ctx.lang, &raw);
            return Err(PageError::not_found(&ctx, view).on(&site));
        }
    };
    let Some((idx, p)) = site.kb().get(&id) else {
        let view = site.unknown_cite_view(ctx.lang, &id);
        return Err(PageError::not_found(&ctx, view).on(&site));
    };
    let only = query
        .iter()
        .any(|(k, v)| k == ONLY_PARAM && v == ONLY_VALUE);
    if p.id.to_string() != raw {
        // The query goes along (`vis=denne`, a calculator's inputs), so
        // `/p/211b2b?tables=13` is `/p/211B2b?tables=13`.
        let mut to = url_of(&p.id);
        to.push_str(&query_string(&query));
        return Ok(Redirect::permanent(&to).into_response());
    }
    let html = site
        .provision_page_with(&ctx, idx, only, &query)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))?;
    Ok(Html(html).into_response())
}

/// `/kjennelser`: the rulings and commentary the query's filter asks for
/// (law, language, publisher, kind); a value the list does not know is a
/// 400 page that names it.
pub(crate) async fn rulings(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    PageQuery(query): PageQuery<Vec<(String, String)>>,
) -> Result<Response, PageError> {
    let site = st.site();
    let filter = site
        .rulings_filter(ctx.lang, &query)
        .map_err(|view| PageError::bad_request(&ctx, view).on(&site))?;
    let html = site
        .rulings_page(&ctx, &filter)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))?;
    Ok(Html(html).into_response())
}

/// `/kjennelser/{id}`: one ruling's page; an unknown id is a 404 page.
pub(crate) async fn ruling(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    PagePath(id): PagePath<String>,
) -> Result<Response, PageError> {
    let site = st.site();
    match site.ruling_page(&ctx, &id) {
        Some(page) => page
            .map(|html| Html(html).into_response())
            .map_err(|e| PageError::internal(&ctx, format!("template: {e}"))),
        None => Err(PageError::not_found(&ctx, ErrorView::no_such_page(ctx.lang)).on(&site)),
    }
}

/// `pairs` as a query string (`?tables=13&vis=denne`), each part
/// percent-encoded; empty for none.
fn query_string(pairs: &[(String, String)]) -> String {
    let enc = |s: &str| utf8_percent_encode(s, NON_ALPHANUMERIC).to_string();
    let parts: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// A page that is a function of the site alone (the route table's
/// [`Serves::Page`](crate::web::routes::Serves::Page) rows: the contents,
/// the definitions, the subject index, the situation picker).
pub(crate) async fn page(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
    render: Render,
) -> Result<Html<String>, PageError> {
    render(&st.site(), &ctx)
        .map(Html)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))
}

/// `/ov`: the study mode, with the URL of the current deck asset.
pub(crate) async fn practice(
    State(st): State<AppState>,
    Extension(ctx): Extension<UiContext>,
) -> Result<Html<String>, PageError> {
    let site = Arc::clone(&st.site());
    let deck = super::deck::current(&st, &site)
        .await
        .map_err(|e| PageError::internal(&ctx, format!("deck: {e}")))?;
    site.practice_page(&ctx, &deck.url)
        .map(Html)
        .map_err(|e| PageError::internal(&ctx, format!("template: {e}")))
}

/// `GET /healthz`: the process is up and has a knowledge base.
pub(crate) async fn healthz() -> &'static str {
    "ok"
}

/// Unknown routes: an HTML page for browsers, problem+json for everything else.
pub(crate) async fn not_found(
    State(st): State<AppState>,
    ctx: Option<Extension<UiContext>>,
    headers: HeaderMap,
    uri: axum::http::Uri,
) -> Response {
    let ctx = ctx.map(|c| c.0).unwrap_or_default();
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    if wants_html && !uri.path().starts_with("/api/") {
        PageError::not_found(&ctx, ErrorView::no_such_page(ctx.lang))
            .on(&st.site())
            .into_response()
    } else {
        ApiError::NotFound(format!("no resource at {}", uri.path())).into_response()
    }
}

/// A known route with the wrong method.
pub(crate) async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

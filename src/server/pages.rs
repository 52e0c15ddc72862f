/*!
Handlers for the web pages: extract, ask the knowledge base, render with
[`crate::web`]. A citation typed into the search box jumps to its provision;
a cite written in a non-canonical way (`/p/§ 12 C 1`) redirects to its one
stable URL (`/p/12C1`), so every provision has exactly one address.
*/

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::corpus::ProvisionId;
use crate::kb::{url_of, KbSearchError};
use crate::search::SearchOptions;

use super::api::parse_book;
use super::error::{ApiError, PageError, PagePath, PageQuery};
use super::AppState;

/// How many hits the search page shows.
const PAGE_HITS: usize = 20;

#[derive(Deserialize)]
pub(crate) struct SearchPageParams {
    q: Option<String>,
    book: Option<String>,
}

/// `/` and `/sok`: the search page, with server-rendered results when a
/// query is given (the path that works without JavaScript).
pub(crate) async fn search(
    State(st): State<AppState>,
    PageQuery(p): PageQuery<SearchPageParams>,
) -> Result<Response, PageError> {
    let site = st.site();
    let q = p.q.unwrap_or_default();
    let book = parse_book(p.book.as_deref())
        .map_err(|e| PageError::bad_request(e.detail().to_string()))?;
    if q.trim().is_empty() {
        return Ok(Html(site.search_page("", book, None)?).into_response());
    }
    if let Some(id) = site.kb().jump(&q) {
        return Ok(Redirect::to(&url_of(&id)).into_response());
    }
    let opts = SearchOptions {
        limit: PAGE_HITS,
        book,
    };
    match site.kb().search(&q, &opts) {
        Ok(results) => {
            st.metrics().search_done(results.took_us);
            Ok(Html(site.search_page(&q, book, Some(Ok(&results)))?).into_response())
        }
        Err(KbSearchError::Query(e)) => {
            let page = site.search_page(&q, book, Some(Err(format!("Ugyldig søk: {e}"))))?;
            Ok((StatusCode::BAD_REQUEST, Html(page)).into_response())
        }
        Err(KbSearchError::Search(e)) => Err(PageError::internal(format!("search: {e}"))),
    }
}

/// `/p/{cite}`: the page of a provision; its query string holds the inputs
/// of the provision's calculator when its form was sent without JavaScript.
pub(crate) async fn provision(
    State(st): State<AppState>,
    PagePath(raw): PagePath<String>,
    PageQuery(query): PageQuery<Vec<(String, String)>>,
) -> Result<Response, PageError> {
    let site = st.site();
    let id: ProvisionId = raw.parse().map_err(|_| {
        PageError::not_found(format!("«{raw}» er ikke en henvisning lovbok kjenner."))
    })?;
    let Some((idx, p)) = site.kb().get(&id) else {
        let detail = match site.kb().corpus().nearest(&id) {
            Some(n) => format!("{id} finnes ikke. Nærmeste bestemmelse er {}.", n.id),
            None => format!("{id} finnes ikke i noen av bøkene."),
        };
        return Err(PageError::not_found(detail));
    };
    if p.id.to_string() != raw {
        return Ok(Redirect::permanent(&url_of(&p.id)).into_response());
    }
    Ok(Html(site.provision_page_with(idx, &query)?).into_response())
}

/// `/innhold`: the table of contents.
pub(crate) async fn contents(State(st): State<AppState>) -> Result<Html<String>, PageError> {
    Ok(Html(st.site().contents_page()?))
}

/// `/definisjoner`: the glossary.
pub(crate) async fn glossary(State(st): State<AppState>) -> Result<Html<String>, PageError> {
    Ok(Html(st.site().glossary_page()?))
}

/// `GET /healthz`: the process is up and has a knowledge base.
pub(crate) async fn healthz() -> &'static str {
    "ok"
}

/// Unknown routes: an HTML page for browsers, problem+json for everything else.
pub(crate) async fn not_found(headers: HeaderMap, uri: axum::http::Uri) -> Response {
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    if wants_html && !uri.path().starts_with("/api/") {
        PageError::not_found("Det finnes ingen side med denne adressen.").into_response()
    } else {
        ApiError::NotFound(format!("no resource at {}", uri.path())).into_response()
    }
}

/// A known route with the wrong method.
pub(crate) async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

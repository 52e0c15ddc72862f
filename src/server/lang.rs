/*!
The interface language of each request: a language the request names
itself (the `x-lovbok-lang` header, which the service worker sends to store
every page in both languages), else the reader's remembered choice (a
cookie the language switch sets), else the first Norwegian or Danish
language in `Accept-Language`, else Norwegian.

A middleware resolves it once, before the response cache (whose keys
include it) and the handlers, and puts a [`UiContext`] in the request's
extensions; HTML answers say which language they are in and that they vary
with those two headers. `GET /sprak?l=da&til=/p/12` switches and returns to
the page, with no script needed.
*/

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::web::{assets, routes, ErrorView, Lang, UiContext};

use super::error::{PageError, PageQuery};

/// The cookie that remembers the reader's choice of language.
pub const LANG_COOKIE: &str = "lovbok_lang";
/// How long the choice is remembered: a year.
const COOKIE_MAX_AGE_SECS: u32 = 365 * 24 * 3600;

/// The language chosen before, from the `Cookie` header.
fn from_cookie(headers: &HeaderMap) -> Option<Lang> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == LANG_COOKIE)
        .and_then(|(_, v)| Lang::from_code(v.trim()))
}

/// The most preferred of our languages in `Accept-Language`.
fn from_accept_language(headers: &HeaderMap) -> Option<Lang> {
    let value = headers.get(header::ACCEPT_LANGUAGE)?.to_str().ok()?;
    let mut ranked: Vec<(f32, usize, Lang)> = value
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let lang = Lang::from_code(tag)?;
            (q > 0.0).then_some((q, i, lang))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|r| r.2)
}

/// The language a request names itself (the service worker storing pages).
fn from_header(headers: &HeaderMap) -> Option<Lang> {
    let value = headers.get(routes::LANG_HEADER)?.to_str().ok()?;
    Lang::from_code(value.trim())
}

/// The interface language of a request.
pub(crate) fn negotiate(headers: &HeaderMap) -> Lang {
    from_header(headers)
        .or_else(|| from_cookie(headers))
        .or_else(|| from_accept_language(headers))
        .unwrap_or_default()
}

/// Resolves the language, and marks HTML answers with it.
pub(crate) async fn ui_context(mut req: Request, next: Next) -> Response {
    let lang = negotiate(req.headers());
    let path = req
        .uri()
        .path_and_query()
        .map_or_else(|| "/".to_string(), |p| p.as_str().to_string());
    let page = !path.starts_with("/api/") && !path.starts_with(assets::PREFIX);
    req.extensions_mut().insert(UiContext::new(lang, path));
    let mut res = next.run(req).await;
    if page {
        let h = res.headers_mut();
        let html = h
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        if html {
            h.insert(
                header::CONTENT_LANGUAGE,
                HeaderValue::from_static(lang.code()),
            );
        }
        h.append(
            header::VARY,
            HeaderValue::from_static("accept-language, cookie, x-lovbok-lang"),
        );
    }
    res
}

#[derive(Deserialize)]
pub(crate) struct SwitchParams {
    l: Option<String>,
    til: Option<String>,
}

/// Where a switch may return to: a path on this site, never another origin.
fn safe_return(til: Option<&str>) -> &str {
    match til {
        Some(t)
            if t.starts_with('/')
                && !t.starts_with("//")
                && !t.contains('\\')
                && !t.chars().any(char::is_control) =>
        {
            t
        }
        _ => routes::LINKS.home,
    }
}

/// `GET /sprak?l=da&til=/p/12`: remembers the language and goes back.
pub(crate) async fn switch(
    axum::Extension(ctx): axum::Extension<UiContext>,
    PageQuery(p): PageQuery<SwitchParams>,
) -> Result<Response, PageError> {
    let Some(lang) = p.l.as_deref().and_then(Lang::from_code) else {
        return Err(PageError::bad_request(
            &ctx,
            ErrorView::bad_parameters(ctx.lang),
        ));
    };
    let to = safe_return(p.til.as_deref());
    let cookie = format!(
        "{LANG_COOKIE}={}; Path=/; Max-Age={COOKIE_MAX_AGE_SECS}; SameSite=Lax",
        lang.code()
    );
    let mut res = StatusCode::SEE_OTHER.into_response();
    let h = res.headers_mut();
    match (HeaderValue::from_str(to), HeaderValue::from_str(&cookie)) {
        (Ok(loc), Ok(c)) => {
            h.insert(header::LOCATION, loc);
            h.insert(header::SET_COOKIE, c);
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            Ok(res)
        }
        _ => Err(PageError::bad_request(
            &ctx,
            ErrorView::bad_parameters(ctx.lang),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn a_remembered_choice_beats_the_browser_and_norwegian_is_the_default() {
        assert_eq!(negotiate(&HeaderMap::new()), Lang::Nb);
        let asked = headers(&[
            (header::COOKIE, "lovbok_lang=nb"),
            (header::HeaderName::from_static(routes::LANG_HEADER), "da"),
        ]);
        assert_eq!(
            negotiate(&asked),
            Lang::Da,
            "the header wins over the cookie"
        );
        let bad = headers(&[(header::HeaderName::from_static(routes::LANG_HEADER), "xx")]);
        assert_eq!(negotiate(&bad), Lang::Nb, "an unknown language is ignored");
        let da = headers(&[(header::ACCEPT_LANGUAGE, "da-DK,da;q=0.9,en;q=0.8")]);
        assert_eq!(negotiate(&da), Lang::Da);
        let prefers_nb = headers(&[(header::ACCEPT_LANGUAGE, "en, da;q=0.5, nb;q=0.8")]);
        assert_eq!(negotiate(&prefers_nb), Lang::Nb);
        let chosen = headers(&[
            (header::ACCEPT_LANGUAGE, "da"),
            (header::COOKIE, "x=1; lovbok_lang=nb"),
        ]);
        assert_eq!(negotiate(&chosen), Lang::Nb);
        let junk = headers(&[(header::ACCEPT_LANGUAGE, ";;,q=,da;q=x")]);
        assert_eq!(negotiate(&junk), Lang::Da);
    }

    #[test]
    fn the_switch_returns_only_to_this_site() {
        assert_eq!(safe_return(Some("/p/12C1?vis=denne")), "/p/12C1?vis=denne");
        for bad in [
            "//evil.example",
            "https://evil.example",
            "/\\evil",
            "p/12",
            "",
        ] {
            assert_eq!(safe_return(Some(bad)), "/", "{bad}");
        }
        assert_eq!(safe_return(None), "/");
    }
}

//! The reading experience through `server::router`, no socket: the
//! interface languages and their switch, citations typed as queries, help
//! when a search finds nothing, "Henvist fra" with context, title-only
//! pages, footnotes and ids, "only this", the definitions index, and the
//! offline assets (service worker, index, manifest). The same behaviour in
//! a real browser is in `browser.rs`.

use std::collections::HashSet;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use lovbok::corpus::SourceFile;
use lovbok::kb::Kb;
use lovbok::web::Site;
use serde_json::Value;

use crate::api::{get, send, Reply};

async fn get_with(uri: &str, headers: &[(header::HeaderName, &str)]) -> Reply {
    let mut req = Request::get(uri);
    for (k, v) in headers {
        req = req.header(k.clone(), *v);
    }
    send(req.body(Body::empty()).unwrap()).await
}

fn header(r: &Reply, name: header::HeaderName) -> &str {
    r.headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// Every `id="…"` of a page that occurs more than once.
fn duplicate_ids(html: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut dup = Vec::new();
    for part in html.split(" id=\"").skip(1) {
        let id = part.split('"').next().unwrap_or_default().to_string();
        if !seen.insert(id.clone()) {
            dup.push(id);
        }
    }
    dup
}

// --- languages ----------------------------------------------------------------------------------

#[tokio::test]
async fn the_interface_is_danish_for_a_danish_browser_and_the_corpus_is_not_translated() {
    let r = get_with(
        "/p/12C1",
        &[(header::ACCEPT_LANGUAGE, "da-DK,da;q=0.9,en;q=0.5")],
    )
    .await;
    let html = r.text();
    assert!(html.contains("<html lang=\"da\">"), "Danish interface");
    assert_eq!(header(&r, header::CONTENT_LANGUAGE), "da");
    assert!(
        r.headers
            .get_all(header::VARY)
            .iter()
            .any(|v| v.to_str().unwrap_or("").contains("accept-language")),
        "answers vary with the language"
    );
    assert!(html.contains("Kopiér henvisning") && html.contains("Henvisninger hertil"));
    assert!(
        html.contains("<article lang=\"nb\""),
        "the Laws stay Norwegian"
    );
    assert!(
        html.contains("Fastsettelse av justert resultat"),
        "the corpus text is not translated"
    );
    // The same URL in Norwegian is another answer, not the cached Danish one.
    let nb = get("/p/12C1").await.text();
    assert!(nb.contains("<html lang=\"nb\">") && nb.contains("Kopier henvisning"));
}

#[tokio::test]
async fn the_switch_remembers_the_choice_and_returns_to_the_page() {
    let r = get("/sprak?l=da&til=%2Fp%2F12C1%3Fvis%3Ddenne").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(header(&r, header::LOCATION), "/p/12C1?vis=denne");
    let cookie = header(&r, header::SET_COOKIE);
    assert!(
        cookie.starts_with("lovbok_lang=da;") && cookie.contains("Max-Age="),
        "{cookie}"
    );
    let page = get_with("/innhold", &[(header::COOKIE, "lovbok_lang=da")])
        .await
        .text();
    assert!(page.contains("<html lang=\"da\">") && page.contains(">Indhold</h1>"));
    // The remembered choice wins over the browser's.
    let page = get_with(
        "/innhold",
        &[
            (header::COOKIE, "lovbok_lang=nb"),
            (header::ACCEPT_LANGUAGE, "da"),
        ],
    )
    .await
    .text();
    assert!(page.contains("<html lang=\"nb\">"));
    // The switch on every page offers the other language and comes back.
    assert!(
        page.contains("href=\"/sprak?l=da&#38;til=%2Finnhold\""),
        "the switch link"
    );
    for bad in ["https://evil.example", "//evil.example", "/\\evil.example"] {
        let r = get(&format!("/sprak?l=da&til={}", urlencode(bad))).await;
        assert_eq!(header(&r, header::LOCATION), "/", "{bad}");
    }
    assert_eq!(get("/sprak?l=sv").await.status, StatusCode::BAD_REQUEST);
}

fn urlencode(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

// --- citations typed as queries ----------------------------------------------------------------

#[tokio::test]
async fn a_cite_in_any_case_redirects_from_the_search_page() {
    for (q, want) in [
        ("16b1", "/p/16B1"),
        ("lov%2016b1", "/p/16B1"),
        ("12c1", "/p/12C1"),
        ("x78b4", "/p/X78B4"),
    ] {
        let r = get(&format!("/sok?q={q}")).await;
        assert!(r.status.is_redirection(), "{q}: {}", r.status);
        assert_eq!(header(&r, header::LOCATION), want, "{q}");
    }
    // The results part the page script asks for never redirects: the
    // cited provision is the first hit, marked.
    let r = get("/sok/treff?q=16b1").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.starts_with("<div class=\"results-inner\""), "{html}");
    assert!(html.contains("href=\"/p/16B1\" data-cite-hit"), "{html}");
}

#[tokio::test]
async fn an_unknown_cite_says_so_and_offers_the_nearest() {
    let html = get("/sok?q=12C9").await.text();
    assert!(html.contains("12C9 finnes ikke."), "{html}");
    assert!(html.contains("id=\"unknown-cite\"") && html.contains("href=\"/p/12C\""));
    let r = get("/p/12C9").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let html = r.text();
    assert!(
        html.contains("12C9 finnes ikke.") && html.contains("href=\"/p/12C4\""),
        "{html}"
    );
    // Law 17 has no handbook extension: the nearest ones are offered.
    let r = get("/p/X17").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let html = r.text();
    assert!(
        html.contains("href=\"/p/X16\"") && html.contains("href=\"/p/X40\""),
        "{html}"
    );
}

#[tokio::test]
async fn zero_results_offer_a_correction_the_other_book_and_the_tips() {
    let html = get("/sok?q=kevoke").await.text();
    assert!(
        html.contains("Mente du <a href=\"/sok?q=revoke\">revoke</a>"),
        "{html}"
    );
    assert!(html.contains("id=\"tips\""), "the tips stay");
    let html = get("/sok?q=kortstokken&book=handbook").await.text();
    assert!(html.contains("Ingen treff"));
    assert!(
        html.contains("href=\"/sok?q=kortstokken&#38;book=laws\""),
        "the same words in the other book: {html}"
    );
}

#[tokio::test]
async fn hits_without_text_are_marked() {
    let html = get("/sok?q=bud%20utenfor%20tur").await.text();
    assert!(
        html.contains("class=\"badge absent-badge\">Bare tittel<"),
        "{html}"
    );
}

// --- provision pages -----------------------------------------------------------------------------

#[tokio::test]
async fn henvist_fra_includes_citations_of_the_whole_and_of_the_parts() {
    let html = get("/p/14B1").await.text();
    assert!(
        html.contains("data-rel=\"whole\""),
        "citations of Law 14 as a whole"
    );
    assert!(html.contains("Henviser til hele Lov 14<"), "labelled");
    let html = get("/p/16B1").await.text();
    assert!(
        html.contains("data-cite=\"16B\" data-chain=\"16 16B\""),
        "citations of 16B"
    );
    // Each citation comes with its sentence, the citation marked.
    assert!(html.contains("<q class=\"bl-quote\""), "{html}");
    let html = get("/p/54").await.text();
    assert!(
        html.contains("data-rel=\"part\""),
        "citations of 54A on the page of 54"
    );
}

#[tokio::test]
async fn a_title_only_law_says_what_the_books_know() {
    let html = get("/p/31").await.text();
    assert!(html.contains("Teksten finnes ikke i kilden."));
    // The source holds no text of Laws 21-93, so the page says that, and
    // no longer guesses where the text would stand in the printed book.
    assert!(html.contains("har ikke teksten til Lov 31, bare tittelen"));
    assert!(
        !html.contains("etter side"),
        "no page of text it does not have"
    );
    assert!(
        html.contains("href=\"/p/30\"") && html.contains("href=\"/p/32\""),
        "neighbours"
    );
    let html = get("/p/54").await.text();
    assert!(
        html.contains("id=\"defs-citing\""),
        "definitions that refer to it"
    );
    assert!(html.contains("href=\"/p/def:Spillef%C3%B8rer\""));
}

#[tokio::test]
async fn footnotes_are_printed_once_with_a_back_link_to_each_reference() {
    let html = get("/p/X78").await.text();
    assert_eq!(html.matches("<li id=\"fn-3\"").count(), 1);
    assert_eq!(html.matches("href=\"#fnref-3").count(), 4);
    for id in ["fnref-3", "fnref-3-2", "fnref-3-3", "fnref-3-4"] {
        assert!(html.contains(&format!("id=\"{id}\"")), "{id}");
    }
    for uri in [
        "/p/X78",
        "/p/204",
        "/p/208",
        "/p/12",
        "/p/16",
        "/definisjoner",
        "/innhold",
    ] {
        let html = get(uri).await.text();
        assert_eq!(duplicate_ids(&html), Vec::<String>::new(), "{uri}");
    }
}

#[tokio::test]
async fn a_deep_provision_has_the_bar_and_can_be_shown_alone() {
    let html = get("/p/12C2b").await.text();
    assert!(html.contains("id=\"here\" data-cite=\"12C2b\""));
    assert!(html.contains("<span class=\"here-cite\" id=\"here-cite\">Lov 12C2b</span>"));
    assert!(html.contains("id=\"here-toggle\" href=\"/p/12C2b?vis=denne\""));
    assert!(html.contains(">Bare denne</a>"));
    assert!(
        html.contains("class=\"provision\""),
        "the whole law by default"
    );
    let html = get("/p/12C2b?vis=denne").await.text();
    assert!(html.contains("class=\"provision only\""));
    assert!(html.contains("id=\"here-toggle\" href=\"/p/12C2b\""));
    assert!(html.contains(">Hele loven</a>"));
    assert!(
        html.contains("class=\"prov d1 path\" id=\"12C\""),
        "ancestors keep their heading"
    );
    // Breadcrumbs stay.
    assert!(html.contains("<a href=\"/p/12C2\">2</a>"));
}

#[tokio::test]
async fn the_definitions_have_an_index_from_a_to_aa() {
    let html = get("/definisjoner").await.text();
    assert!(html.contains("<nav class=\"az\""));
    for letter in ["A", "M", "U"] {
        assert!(
            html.contains(&format!("href=\"#bokstav-{letter}\">{letter}</a>")),
            "{letter}"
        );
        assert!(
            html.contains(&format!("id=\"bokstav-{letter}\"")),
            "{letter}"
        );
    }
    assert!(
        html.contains("<span aria-hidden=\"true\">Q</span>"),
        "letters without terms"
    );
}

// --- offline assets --------------------------------------------------------------------------------

fn meta(html: &str, name: &str) -> String {
    let key = format!("<meta name=\"{name}\" content=\"");
    let at = html
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in the page"))
        + key.len();
    html[at..at + html[at..].find('"').unwrap()].to_string()
}

#[tokio::test]
async fn the_service_worker_and_the_offline_index_are_fingerprinted_assets() {
    let html = get("/").await.text();
    let sw = meta(&html, "lovbok-sw");
    let index = meta(&html, "lovbok-index");
    let r = get(&sw).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(header(&r, header::CACHE_CONTROL).contains("immutable"));
    assert_eq!(header(&r, "service-worker-allowed".parse().unwrap()), "/");
    let body = r.text();
    assert!(!body.contains("/*CONFIG*/"), "the worker has its settings");
    assert!(body.contains(&format!("\"index\":\"{index}\"")));
    assert!(
        body.contains("\"/p/12\"")
            && body.contains("\"/p/X78\"")
            && body.contains("\"/definisjoner\"")
    );

    let r = get(&index).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(header(&r, header::CACHE_CONTROL).contains("immutable"));
    let v: Value = r.json();
    let kb_len = crate::api::state().site().kb().corpus().provisions().len();
    assert_eq!(
        v["docs"].as_array().map(Vec::len),
        Some(kb_len),
        "every provision"
    );
    // Named fields, not positional rows.
    assert_eq!(v["docs"][0]["url"], "/p/laws:forord");
    assert!(v["docs"][0]["label"].is_string() && v["docs"][0]["has_text"].is_boolean());
    let words = &v["model"]["words"];
    let revoke = words["revoke"]["inner"].as_array().expect("a corpus word");
    assert!(!revoke.is_empty(), "compiled words: {revoke:?}");
    assert!(v["freq"]["revoke"].as_u64() >= Some(1), "its occurrences");
    assert!(words["claim"]["inner"].is_array(), "thesaurus words too");
    // The server's constants, the grammar's cue words and the routes.
    assert_eq!(v["config"]["rank"]["synonym"], serde_json::json!(0.7));
    assert!(v["config"]["cues"]
        .as_array()
        .is_some_and(|c| c.iter().any(|w| w == "lovparagraf") && c.iter().any(|w| w == "pkt")));
    assert_eq!(v["config"]["routes"]["search"], "/sok");

    let manifest = html
        .split("<link rel=\"manifest\" href=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a manifest link");
    let m = get(manifest).await.json();
    assert_eq!(m["start_url"], "/");
    assert_eq!(m["display"], "standalone");
}

fn site_of(law_text: &str) -> Site {
    let law = format!(
        "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 18\ntext: full\n---\n\n# 1. Kortstokken\n\n{law_text}\n"
    );
    let (kb, _) = Kb::build_unchecked(&[SourceFile {
        path: "laws/lov-01.md".into(),
        text: law,
    }])
    .expect("fixture builds");
    Site::new(kb)
}

#[test]
fn a_new_corpus_build_gets_a_new_worker_and_cache_version() {
    let a = site_of("Kortene stokkes.");
    let b = site_of("Kortene stokkes grundig.");
    let again = site_of("Kortene stokkes.");
    assert_ne!(a.offline_version(), b.offline_version());
    assert_ne!(a.worker_url(), b.worker_url());
    assert_eq!(
        a.offline_version(),
        again.offline_version(),
        "stable for the same corpus"
    );
    assert!(a.offline_pages().contains(&"/p/1".to_string()));
}

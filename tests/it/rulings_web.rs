//! The rulings and commentary beside the rules, in the API and the pages:
//! `GET /api/rulings` with its filters and their 400s, `GET
//! /api/rulings/{id}` and its 404, the provision page's "Kjennelser og
//! kommentarer (N)", the list `/kjennelser` and its filter, an item's page,
//! and the static copy's pages.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use lovbok::corpus::{Corpus, ProvisionId, Root, Ruling, RulingKind};
use serde_json::Value;

use crate::api::{check_schema, get, send};
use crate::fixtures;

/// The ids of the items in a list answer.
fn ids(v: &Value) -> Vec<String> {
    v["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["id"].as_str().expect("id").to_string())
        .collect()
}

/// The ids of the items that apply `id` or one of its parts.
fn citing(corpus: &Corpus, id: &ProvisionId) -> Vec<String> {
    let mut out: Vec<String> = corpus
        .rulings()
        .items()
        .iter()
        .filter(|r| r.provisions().any(|p| id.contains(p)))
        .map(|r| r.id.clone())
        .collect();
    out.sort();
    out
}

/// An item that applies a part of a law (16B1 rather than 16), and that
/// part.
fn item_on_a_part(corpus: &Corpus) -> (&Ruling, ProvisionId) {
    corpus
        .rulings()
        .items()
        .iter()
        .find_map(|r| {
            r.provisions()
                .find(|p| {
                    p.numbered_parent().is_some()
                        && matches!(p.numbered_root(), Some(Root::Law(_)))
                        && corpus.get(p).is_some()
                })
                .map(|p| (r, p.clone()))
        })
        .expect("some item applies a part of a law")
}

#[tokio::test]
async fn the_list_has_every_item_in_the_documented_shape() {
    let corpus = fixtures::corpus();
    let r = get("/api/rulings").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, "RulingsResponse");
    let n = corpus.rulings().items().len();
    assert!(n > 0);
    assert_eq!(v["total"], n);
    assert_eq!(ids(&v).len(), n);
    let first = &v["items"][0];
    assert!(first["url"].as_str().unwrap().starts_with("/kjennelser/"));
}

#[tokio::test]
async fn cite_finds_the_items_on_the_provision_and_its_parts_in_any_case() {
    let corpus = fixtures::corpus();
    let (item, part) = item_on_a_part(&corpus);
    let root = ProvisionId::root(part.numbered_root().unwrap());
    // The law finds the item on its part.
    let v = get(&format!("/api/rulings?cite={root}")).await.json();
    let mut got = ids(&v);
    got.sort();
    assert!(got.contains(&item.id), "{root} finds {}", item.id);
    assert_eq!(got, citing(&corpus, &root));
    // The part, written in lower case, finds it too, and only items on it.
    let lower = part.to_string().to_lowercase();
    let r = get(&format!("/api/rulings?cite={}", urlencoding(&lower))).await;
    assert_eq!(r.status, StatusCode::OK, "{lower}: {}", r.text());
    let mut got = ids(&r.json());
    got.sort();
    assert!(got.contains(&item.id));
    assert_eq!(got, citing(&corpus, &part));
}

#[tokio::test]
async fn lang_publisher_and_kind_narrow_the_list() {
    let corpus = fixtures::corpus();
    let set = corpus.rulings();
    let item = &set.items()[0];
    let source = set.source_of(item);
    let by = |f: &dyn Fn(&Ruling) -> bool| -> Vec<String> {
        set.items()
            .iter()
            .filter(|r| f(r))
            .map(|r| r.id.clone())
            .collect()
    };
    let v = get(&format!("/api/rulings?lang={}", item.lang))
        .await
        .json();
    assert_eq!(ids(&v), by(&|r| r.lang == item.lang));
    assert!(v["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["lang"] == item.lang.as_str()));
    let want = by(&|r| set.source_of(r).publisher == source.publisher);
    let v = get(&format!("/api/rulings?publisher={}", source.slug()))
        .await
        .json();
    assert_eq!(ids(&v), want);
    // The publisher's name, in any case, is the same filter.
    let name = urlencoding(&source.publisher.to_uppercase());
    let v = get(&format!("/api/rulings?publisher={name}")).await.json();
    assert_eq!(ids(&v), want);
    for kind in RulingKind::ALL {
        let v = get(&format!("/api/rulings?kind={kind}")).await.json();
        assert_eq!(ids(&v), by(&|r| r.kind == kind), "{kind}");
    }
    // Filters add up; empty ones are absent.
    let v = get(&format!(
        "/api/rulings?kind={}&lang={}&cite=&publisher=",
        item.kind, item.lang
    ))
    .await
    .json();
    assert_eq!(ids(&v), by(&|r| r.kind == item.kind && r.lang == item.lang));
    assert!(ids(&v).contains(&item.id));
}

#[tokio::test]
async fn unknown_filter_values_are_400_problems() {
    for (query, says) in [
        ("cite=99", "99"),
        ("cite=12Z", "12Z"),
        ("cite=hello%20world", "cite"),
        ("lang=fr", "lang"),
        ("kind=verdict", "kind"),
        ("publisher=nobody-at-all", "publisher"),
    ] {
        let r = get(&format!("/api/rulings?{query}")).await;
        let p = r.assert_problem(StatusCode::BAD_REQUEST);
        assert!(p["detail"].as_str().unwrap().contains(says), "{query}: {p}");
    }
}

#[tokio::test]
async fn one_item_by_id_and_an_unknown_id_is_a_404_problem() {
    let corpus = fixtures::corpus();
    let item = &corpus.rulings().items()[0];
    let r = get(&format!("/api/rulings/{}", item.id)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, "Ruling");
    assert_eq!(v["id"], item.id.as_str());
    assert_eq!(v["source_url"], item.url.as_str());
    assert_eq!(v["edition"], item.edition.to_string());
    assert_eq!(v["situation"], item.situation.as_str());
    assert_eq!(v["cites"].as_array().unwrap().len(), item.cites.len());
    for bad in ["no-such-item", "DBF", "%20", "a%2Fb"] {
        let r = get(&format!("/api/rulings/{bad}")).await;
        r.assert_problem(StatusCode::NOT_FOUND);
    }
}

/// The page at `uri` in the Danish interface.
async fn get_da(uri: &str) -> String {
    let req = Request::get(uri)
        .header(header::ACCEPT_LANGUAGE, "da")
        .body(Body::empty())
        .unwrap();
    send(req).await.text()
}

#[tokio::test]
async fn a_provision_page_shows_the_items_on_it_and_its_parts_with_their_count() {
    let corpus = fixtures::corpus();
    let (item, part) = item_on_a_part(&corpus);
    let n = citing(&corpus, &part).len();
    let r = get(&format!("/p/{part}")).await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(
        html.contains(&format!("Kjennelser og kommentarer ({n})")),
        "/p/{part} counts {n}"
    );
    assert!(html.contains(&format!("href=\"/kjennelser/{}\"", item.id)));
    assert!(
        html.contains(&format!("href=\"{}\"", item.url)),
        "source link"
    );
    assert!(html.contains(&format!("avgjort etter {}-lovene", item.edition)));
    assert!(html.contains("Ikke presedens"), "the authority statement");
    assert_eq!(html.matches("<article class=\"ruling\"").count(), n);
    // The law's page counts the items on all its parts.
    let root = ProvisionId::root(part.numbered_root().unwrap());
    let all = citing(&corpus, &root).len();
    let html = get(&format!("/p/{root}")).await.text();
    assert!(html.contains(&format!("Kjennelser og kommentarer ({all})")));
    // In Danish.
    let da = get_da(&format!("/p/{part}")).await;
    assert!(da.contains(&format!("Kendelser og kommentarer ({n})")));
    assert!(da.contains(&format!("afgjort efter {}-lovene", item.edition)));
}

#[tokio::test]
async fn a_provision_no_item_applies_says_so() {
    let corpus = fixtures::corpus();
    let bare = corpus
        .provisions()
        .iter()
        .find(|p| citing(&corpus, &p.id).is_empty() && matches!(p.id, ProvisionId::Numbered { .. }))
        .expect("a provision without items");
    let html = get(&lovbok::kb::url_of(&bare.id)).await.text();
    assert!(
        html.contains("Kjennelser og kommentarer (0)"),
        "{}",
        bare.id
    );
    assert!(html.contains("ingen publiserte saker"));
}

#[tokio::test]
async fn the_list_page_filters_by_a_get_form_without_javascript() {
    let corpus = fixtures::corpus();
    let set = corpus.rulings();
    let r = get("/kjennelser").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.contains("<form class=\"ruling-filter\" action=\"/kjennelser\" method=\"get\""));
    for (id, name) in [
        ("f-law", "lov"),
        ("f-lang", "sprak"),
        ("f-publisher", "utgiver"),
        ("f-kind", "type"),
    ] {
        assert!(
            html.contains(&format!("<label for=\"{id}\">")),
            "{id} is labelled"
        );
        assert!(html.contains(&format!("name=\"{name}\"")), "{name}");
    }
    let all = set.items().len();
    assert_eq!(html.matches("<article class=\"ruling\"").count(), all);
    assert!(html.contains(&format!("{all} av {all} saker")));
    // By kind, and by law (any part of it).
    let appeals = set
        .items()
        .iter()
        .filter(|r| r.kind == RulingKind::Appeal)
        .count();
    let html = get("/kjennelser?type=appeal").await.text();
    assert_eq!(html.matches("<article class=\"ruling\"").count(), appeals);
    assert!(!html.contains("data-kind=\"minute\""));
    let (item, part) = item_on_a_part(&corpus);
    let root = ProvisionId::root(part.numbered_root().unwrap());
    let html = get(&format!("/kjennelser?lov={root}&sprak=&utgiver=&type="))
        .await
        .text();
    assert_eq!(
        html.matches("<article class=\"ruling\"").count(),
        citing(&corpus, &root).len()
    );
    assert!(html.contains(&format!("id=\"{}\"", item.id)));
    assert!(html.contains(&format!("<option value=\"{root}\" selected>")));
    // A value the list does not know is a 400 page that names it.
    for bad in ["type=verdict", "sprak=fr", "utgiver=nobody", "lov=99"] {
        let r = get(&format!("/kjennelser?{bad}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(r.text().contains("Ukjent verdi"), "{bad}");
    }
    // In Danish.
    assert!(get_da("/kjennelser")
        .await
        .contains("Kendelser og kommentarer"));
}

#[tokio::test]
async fn every_item_has_its_page_and_an_unknown_one_is_a_404_page() {
    let corpus = fixtures::corpus();
    let item = &corpus.rulings().items()[0];
    let r = get(&format!("/kjennelser/{}", item.id)).await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(
        html.contains("<h1 class=\"ruling-title\">"),
        "the title is the page's heading"
    );
    assert!(html.contains(&format!("href=\"{}\"", item.url)));
    assert!(html.contains("Fra kilden"));
    let quote = askama_escape(&item.quote);
    assert!(html.contains(&quote), "the quote: {quote}");
    assert!(html.contains("Ikke presedens") || item.precedent);
    let r = send(
        Request::get("/kjennelser/no-such-item")
            .header(header::ACCEPT, "text/html")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[test]
fn the_static_copy_and_the_worker_have_every_rulings_page() {
    let (kb, _) = lovbok::kb::Kb::build_unchecked(&lovbok::corpus::embedded_sources())
        .expect("the embedded corpus builds");
    let site = lovbok::web::Site::new(kb);
    let items: Vec<String> = site
        .kb()
        .corpus()
        .rulings()
        .items()
        .iter()
        .map(|r| r.id.clone())
        .collect();
    assert!(site.offline_pages().iter().any(|p| p == "/kjennelser"));
    for id in &items {
        let url = format!("/kjennelser/{id}");
        assert!(
            site.offline_pages().contains(&url),
            "the worker stores {url}"
        );
    }
    let dir = std::env::temp_dir().join(format!("lovbok-rulings-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    lovbok::export::export_site(&site, &dir, lovbok::web::Lang::Nb).expect("export");
    let list = std::fs::read_to_string(dir.join("kjennelser/index.html")).expect("the list");
    assert!(
        list.contains("data-ruling-filter"),
        "filtered by the page script"
    );
    assert_eq!(
        list.matches("<article class=\"ruling\"").count(),
        items.len()
    );
    for id in &items {
        assert!(
            dir.join(format!("kjennelser/{id}/index.html")).is_file(),
            "{id} is written"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `s` percent-encoded for a query value.
fn urlencoding(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// `s` as askama's HTML escaping writes it.
fn askama_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}

/// The list page and the API read a filter's values the same way: each
/// value one accepts the other accepts, and each it refuses the other
/// refuses.
#[tokio::test]
async fn the_page_and_the_api_accept_the_same_filter_values() {
    let corpus = fixtures::corpus();
    let item = &corpus.rulings().items()[0];
    let source = corpus.rulings().source_of(item);
    let (_, part) = item_on_a_part(&corpus);
    let cites = [
        part.to_string(),
        part.to_string().to_lowercase(),
        "lov 12C".into(),
        "45C4".into(),
        "99".into(),
        "12Z".into(),
        "hello world".into(),
    ];
    let langs = [item.lang.to_string(), "fr".into(), "NB".into()];
    let kinds = ["appeal".to_string(), "Appeal".into(), "verdict".into()];
    let publishers = [
        source.slug(),
        source.publisher.to_uppercase(),
        "nobody".into(),
    ];
    let fields = [
        ("cite", "lov", &cites[..]),
        ("lang", "sprak", &langs[..]),
        ("kind", "type", &kinds[..]),
        ("publisher", "utgiver", &publishers[..]),
    ];
    for (api, page, values) in fields {
        for v in values {
            let enc = urlencoding(v);
            let a = get(&format!("/api/rulings?{api}={enc}")).await.status;
            let p = get(&format!("/kjennelser?{page}={enc}")).await.status;
            assert_eq!(a, p, "{api}={v:?}: the API says {a}, the page {p}");
            assert!(
                a == StatusCode::OK || a == StatusCode::BAD_REQUEST,
                "{api}={v:?}: {a}"
            );
        }
    }
}

/// A story in a player's words, the kind a published case tells.
const STORY: &str = "declarer%20claimed%20but%20forgot%20a%20trump";

#[tokio::test]
async fn search_gives_similar_cases_as_hits_of_their_own_kind() {
    let corpus = fixtures::corpus();
    let v = get(&format!("/api/search?q={STORY}")).await.json();
    check_schema(
        &v,
        &crate::api::response_schema_name("/api/search", "get", "200"),
    );
    let cases = v["ruling_hits"].as_array().expect("ruling_hits");
    assert!(!cases.is_empty(), "{v}");
    for c in cases {
        assert_eq!(c["kind"], "ruling");
        let id = c["id"].as_str().expect("id");
        let item = corpus.rulings().get(id).expect("an item of the corpus");
        assert_eq!(c["url"], format!("/kjennelser/{id}"));
        assert_eq!(c["title"], item.title.as_str());
        let cites: Vec<String> = item.provisions().map(ToString::to_string).collect();
        assert_eq!(c["cites"], serde_json::json!(cites));
    }
    let hits = v["hits"].as_array().expect("hits");
    assert!(hits
        .iter()
        .all(|h| h["kind"] != "ruling" && h.get("id").is_none()));
    // A citation is answered by its provision alone.
    let v = get("/api/search?q=12C1").await.json();
    assert_eq!(v["ruling_hits"], serde_json::json!([]), "{v}");
}

#[tokio::test]
async fn the_search_page_shows_similar_cases_below_the_provisions() {
    let html = get(&format!("/sok?q={STORY}")).await.text();
    let hits = html.find("id=\"hits\"").expect("the provision hits");
    let hits_end = hits + html[hits..].find("</ol>").expect("their end");
    let cases = html.find("Lignende saker").expect("the similar cases");
    assert!(cases > hits_end, "the cases come below the provisions");
    assert!(html[cases..].contains("href=\"/kjennelser/"));
    assert!(
        html.contains("lovboks egne ord"),
        "said to be lovbok's words"
    );
    let da = get_da(&format!("/sok?q={STORY}")).await;
    assert!(da.contains("Lignende sager"));
    // The fragment the page script shows while the reader types has them too.
    let fragment = get(&format!("/sok/treff?q={STORY}")).await.text();
    assert!(fragment.contains("Lignende saker"));
}

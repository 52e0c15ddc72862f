//! Parallel texts (issue 19, point 3): an edition folder of our own
//! invented English sentences (`tests/data/editions/laws-2017-en`, a test
//! fixture, not the WBF text) loaded beside the built-in corpus, through
//! the API and the pages, and the lints of `lovbok check`.

use std::path::Path;
use std::sync::LazyLock;

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use lovbok::corpus::{embedded_sources, read_edition_dir, Corpus, Severity, SourceFile};
use lovbok::kb::Kb;
use lovbok::server::{router, AppState};
use serde_json::Value;
use tower::ServiceExt;

use crate::api::check_schema;

/// The fixture folder.
pub(crate) fn fixture_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/editions/laws-2017-en")
}

fn sources() -> Vec<SourceFile> {
    let mut s = embedded_sources();
    s.extend(read_edition_dir(&fixture_dir()).expect("the fixture folder reads"));
    s
}

/// The built-in corpus with the fixture beside it, served (also by the
/// browser test's second server).
pub(crate) fn state() -> AppState {
    static STATE: LazyLock<AppState> = LazyLock::new(|| {
        AppState::new(Kb::from_sources(&sources()).expect("the corpus with the fixture builds"))
    });
    STATE.clone()
}

async fn get(uri: &str) -> (StatusCode, String) {
    let req = Request::get(uri).body(Body::empty()).expect("request");
    let res = router(state()).oneshot(req).await.expect("infallible");
    let status = res.status();
    let body = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    (status, String::from_utf8_lossy(&body).into_owned())
}

async fn json(uri: &str) -> Value {
    let (status, body) = get(uri).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

#[test]
fn the_fixture_is_a_parallel_text_and_lints_clean_but_for_its_new_provision() {
    let loaded = Corpus::build(&sources());
    let errors: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let [text] = loaded.corpus.parallels() else {
        panic!("one parallel text");
    };
    assert_eq!(text.id(), "2017-en");
    assert!(text.source.contains("test fixture"), "{}", text.source);
    // 16A3 is ours only: a warning, not an error; 64A under the title-only
    // Law 64 is what the parallel text is for: nothing.
    let warnings: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.file.starts_with("editions/"))
        .map(ToString::to_string)
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("lov-16.md:") && warnings[0].contains("16A3"));
    // The built-in text is unchanged beside it.
    assert_eq!(
        loaded.corpus.provisions().len(),
        Corpus::build(&embedded_sources()).corpus.provisions().len()
    );
}

fn with_label(files: &[(&str, &str)]) -> Vec<lovbok::corpus::Diagnostic> {
    let mut s = embedded_sources();
    s.extend(files.iter().map(|(path, text)| SourceFile {
        path: (*path).to_string(),
        text: (*text).to_string(),
    }));
    Corpus::build(&s).diagnostics
}

const LAW_75: &str = "---\nbook: laws\nedition: 2017\nlang: en\nkind: law\npages: 1\n---\n\n# 75. Fixture title\n\nA fixture sentence.\n";

#[test]
fn check_refuses_an_unknown_language_the_built_in_edition_and_a_missing_label() {
    let errors = |d: Vec<lovbok::corpus::Diagnostic>| -> Vec<String> {
        d.into_iter()
            .filter(|d| d.severity == Severity::Error && d.file.starts_with("editions/"))
            .map(|d| d.to_string())
            .collect()
    };
    let fr = errors(with_label(&[
        (
            "editions/x/edition.md",
            "---\nedition: 2017\nlang: fr\nsource: fixture\n---\n",
        ),
        ("editions/x/lov-75.md", LAW_75),
    ]));
    assert!(
        fr.iter()
            .any(|e| e.starts_with("editions/x/edition.md:3:")
                && e.contains("unknown language \"fr\"")),
        "{fr:?}"
    );
    let same = errors(with_label(&[
        (
            "editions/y/edition.md",
            "---\nedition: 2017\nlang: nb\nsource: fixture\n---\n",
        ),
        (
            "editions/y/lov-75.md",
            &LAW_75.replace("lang: en", "lang: nb"),
        ),
    ]));
    assert!(
        same.iter()
            .any(|e| e.contains("built-in text's own edition")),
        "{same:?}"
    );
    let unlabelled = errors(with_label(&[("editions/z/lov-75.md", LAW_75)]));
    assert!(
        unlabelled.iter().any(|e| e.contains("has no edition.md")),
        "{unlabelled:?}"
    );
    let mismatch = errors(with_label(&[
        (
            "editions/w/edition.md",
            "---\nedition: 2027\nlang: en\nsource: fixture\n---\n",
        ),
        ("editions/w/lov-75.md", LAW_75),
    ]));
    assert!(mismatch.iter().any(|e| e.starts_with("editions/w/lov-75.md:3:") && e.contains("edition 2017 differs")), "{mismatch:?}");
    let broken = errors(with_label(&[
        (
            "editions/v/edition.md",
            "---\nedition: 2027\nlang: en\nsource: fixture\n---\n",
        ),
        (
            "editions/v/lov-75.md",
            "---\nbook: laws\nedition: 2027\nlang: en\nkind: lawish\npages: 1\n---\n\n# 75. T\n",
        ),
    ]));
    assert!(
        broken
            .iter()
            .any(|e| e.starts_with("editions/v/lov-75.md:5:") && e.contains("unknown kind")),
        "{broken:?}"
    );
}

#[tokio::test]
async fn the_api_gives_parallel_texts_with_edition_lang_and_source() {
    let v = json("/api/provisions/64").await;
    check_schema(&v, "Provision");
    assert_eq!(v["edition"], "2017");
    assert_eq!(v["in_corpus"], false);
    let p = &v["parallels"][0];
    assert_eq!(p["id"], "2017-en");
    assert_eq!(p["edition"], "2017");
    assert_eq!(p["lang"], "en");
    assert!(p["source"].as_str().unwrap_or("").contains("test fixture"));
    assert_eq!(p["children"], serde_json::json!(["64A", "64B"]));
    // Law 16 is cited from the fixture's 64A2: a backlink naming its edition.
    let v = json("/api/provisions/16A").await;
    let by = &v["parallel_cited_by"][0];
    assert_eq!(
        (by["cite"].as_str(), by["id"].as_str(), by["lang"].as_str()),
        (Some("64A2"), Some("2017-en"), Some("en"))
    );

    let v = json("/api/provisions/64A1?edition=2017-en").await;
    check_schema(&v, "ParallelText");
    check_schema(&v, "ProvisionAnswer");
    assert!(v["text"].as_str().unwrap_or("").contains("pretend trick"));
    // A provision only the parallel text has.
    assert_eq!(
        json("/api/provisions/16A3?edition=2017-en").await["lang"],
        "en"
    );
    // The built-in edition by name is the built-in text.
    let v = json("/api/provisions/16A1?edition=2017-nb").await;
    check_schema(&v, "Provision");
    assert_eq!(v["lang"], "nb");
}

#[tokio::test]
async fn status_names_the_parallel_texts() {
    let v = json("/api/status").await;
    check_schema(&v, "Status");
    assert_eq!(v["corpus"]["editions"], serde_json::json!(["2017-en"]));
}

#[tokio::test]
async fn unknown_editions_and_cites_are_404_problems() {
    for uri in [
        "/api/provisions/64?edition=2027-en",
        "/api/provisions/64?edition=xyz",
        "/api/provisions/12C1?edition=2017-en",
    ] {
        let (status, body) = get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        let p: Value = serde_json::from_str(&body).expect("problem+json");
        check_schema(&p, "Problem");
    }
    let (_, body) = get("/api/provisions/64?edition=2027-en").await;
    assert!(body.contains("2017-nb, 2017-en"), "{body}");
}

#[tokio::test]
async fn search_labels_hits_in_the_parallel_text() {
    let v = json("/api/search?q=pretend%20trick").await;
    check_schema(&v, "SearchResponse");
    let hits = v["parallel_hits"].as_array().cloned().unwrap_or_default();
    assert!(!hits.is_empty(), "{v}");
    for h in &hits {
        assert_eq!(
            (h["edition"].as_str(), h["lang"].as_str()),
            (Some("2017"), Some("en"))
        );
        assert!(h["source"].as_str().unwrap_or("").contains("test fixture"));
    }
    let cites: Vec<&str> = hits.iter().filter_map(|h| h["cite"].as_str()).collect();
    // 64A2 holds the query's words three times, 64A1 twice, 64B twice.
    assert_eq!(cites, ["64A2", "64A1", "64B"]);
    // The built-in hits say their edition and language too.
    let v = json("/api/search?q=revoke").await;
    for h in v["hits"].as_array().into_iter().flatten() {
        assert!(h["source"].is_null() && h["edition"].is_string(), "{h}");
    }
    let (_, page) = get("/sok?q=pretend%20trick").await;
    assert!(
        page.contains("parallel-hits") && page.contains("engelsk original, 2017-utgaven"),
        "search page"
    );
    assert!(page.contains(r#"<span class="snippet" lang="en">"#));
}

#[tokio::test]
async fn a_title_only_law_shows_the_supplied_text_with_its_label() {
    let (status, page) = get("/p/64").await;
    assert_eq!(status, StatusCode::OK);
    let label = "Tekst fra lovbok test fixture, invented English sentences (not the WBF text): engelsk original, 2017 — ikke den norske oversettelsen";
    assert!(page.contains(label), "the label");
    let block = page
        .find(r#"<section class="parallel supplied" id="ed-2017-en""#)
        .expect("the supplied block");
    // Near the top: before the built-in (empty) text and "Henvist fra".
    assert!(block < page.find("prov-body").unwrap_or(0));
    assert!(
        block < page.find("subjects-here").unwrap_or(0),
        "above the subject chips"
    );
    assert!(page[block..].contains(r#"<div class="parallel-text" lang="en">"#));
    assert!(page[block..].contains("moves one pretend trick"));
    // Danish interface, same text.
    let req = Request::get("/p/64")
        .header("cookie", "lovbok_lang=da")
        .body(Body::empty())
        .expect("request");
    let res = router(state()).oneshot(req).await.expect("infallible");
    let body = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    assert!(String::from_utf8_lossy(&body).contains("ikke den norske oversættelse"));
}

#[tokio::test]
async fn a_provision_with_text_shows_the_parallel_beside_it_and_its_citations() {
    let (_, page) = get("/p/16").await;
    assert!(page.contains(r#"class="side-by-side with-parallel""#));
    let aside = page
        .find(r#"<aside class="parallels""#)
        .expect("the parallel aside");
    assert!(page[aside..].contains(r#"<div class="parallel-text" lang="en">"#));
    assert!(page[aside..].contains("Engelsk original, 2017-utgaven"));
    assert!(page[aside..].contains("Kilde: lovbok test fixture"));
    // The built-in text stays Norwegian and apart.
    assert!(page[..aside].contains(r#"<article lang="nb""#));
    // 16A is cited in the fixture's 64A2: listed under Henvist fra, labelled.
    let (_, page) = get("/p/16A").await;
    assert!(page.contains("Henvisninger i engelsk original, 2017-utgaven"));
    assert!(
        page.contains(r##"<a href="/p/64#ed-2017-en">Lov 64A2</a>"##)
            || page.contains("/p/64#ed-2017-en")
    );
    // The contents name the laws a parallel text holds.
    let (_, page) = get("/innhold").await;
    let law64 = page
        .find(r#"href="/p/64""#)
        .expect("Law 64 in the contents");
    let entry = &page[law64..law64 + page[law64..].find("</li>").unwrap_or(0)];
    assert!(
        entry.contains("edition-badge") && entry.contains("engelsk original, 2017-utgaven"),
        "{entry}"
    );
    // No parallel text: no parallel block.
    let (_, page) = get("/p/12").await;
    assert!(!page.contains("with-parallel") && !page.contains("class=\"parallel"));
}

fn lovbok(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .output()
        .expect("run lovbok")
}

#[test]
fn the_cli_loads_an_edition_folder_beside_the_built_in_corpus() {
    let dir = fixture_dir();
    let dir = dir.to_str().expect("a UTF-8 path");
    let o = lovbok(&["check", "--warnings", "--edition", dir]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("editions/laws-2017-en/lov-16.md:18: warning: 16A3 in edition 2017-en"),
        "{out}"
    );
    assert!(
        out.contains("parallel text 2017-en (editions/laws-2017-en)"),
        "{out}"
    );
    let o = lovbok(&["show", "64", "--edition", dir]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("[2017-en · en · lovbok test fixture"), "{out}");
    let o = lovbok(&["search", "--json", "pretend trick", "--edition", dir]);
    let hits: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert!(
        hits.as_array()
            .into_iter()
            .flatten()
            .any(|h| h["lang"] == "en" && h["source"].is_string()),
        "{hits}"
    );
    // A folder that is not there: a message and exit 2, no panic.
    let o = lovbok(&["check", "--edition", "/nonexistent/laws-2017-en"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read corpus folder"));
}

#[test]
fn a_corpus_folder_reads_its_edition_folders() {
    let root = std::env::temp_dir().join(format!("lovbok-editions-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let copy = |from: &Path, to: &Path| {
        std::fs::create_dir_all(to).expect("mkdir");
        for e in std::fs::read_dir(from).expect("read fixture").flatten() {
            std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
        }
    };
    copy(&fixture_dir(), &root.join("editions/laws-2017-en"));
    std::fs::create_dir_all(root.join("laws")).expect("mkdir laws");
    std::fs::write(
        root.join("laws/lov-64.md"),
        "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 5\ntext: absent\n---\n\n# 64. Fixture-tittel\n",
    )
    .expect("write");
    let sources = lovbok::corpus::read_dir_sources(&root).expect("the folder reads");
    let _ = std::fs::remove_dir_all(&root);
    assert!(sources
        .iter()
        .any(|s| s.path == "editions/laws-2017-en/edition.md"));
    let loaded = Corpus::build(&sources);
    assert_eq!(loaded.corpus.parallels().len(), 1);
    assert!(loaded
        .corpus
        .parallel("2017-en")
        .is_some_and(|t| t.corpus.get(&"64A1".parse().expect("cite")).is_some()));
}

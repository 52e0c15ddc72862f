//! The laws whose text the source lacks (21-93): `lovbok check` holds every
//! WBF 2017 paragraph the subject index names to the list of the 2017
//! paragraph ids (`laws/paragraphs-2017.txt`), and each law's page shows,
//! for each paragraph, the situations it decides, a link to the WBF's
//! text, no empty heading and no claim about the printed book's pages.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use lovbok::corpus::{Corpus, ProvisionId, Severity, SourceFile};

use crate::api::{get, send};
use crate::fixtures;

// --- lovbok check -----------------------------------------------------------------------------------

const LAW_55: &str =
    "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 5\ntext: absent\n---\n\n\
# 55. Spilleførers utspill utenfor tur\n";

const PARAGRAPHS: &str = "# The WBF 2017 Laws, ids only\n55A 55B 55B1 55B2 55C\n";

/// Three entries of Law 55; the last names `paragraph`.
fn subjects_of_55(paragraph: &str) -> String {
    let mut s = String::from("---\nkind: subjects\nlang: nb\n---\n\n# Stikkord\n\n");
    for (name, wbf) in [
        ("Utspill godtatt", "55A"),
        ("Utspill trukket tilbake", "55B1"),
        ("Feil hånd", paragraph),
    ] {
        s.push_str(&format!(
            "## {name}\n- group: lead\n- nb: {name} i lov 55\n- da: {name} på dansk\n- en: {name} in English\n- cites: 55\n- evidence: 55 «Spilleførers utspill»; WBF 2017 Law {wbf}\n\n"
        ));
    }
    s
}

fn errors(sources: &[(&str, &str)]) -> Vec<String> {
    let files: Vec<SourceFile> = sources
        .iter()
        .map(|(path, text)| SourceFile {
            path: (*path).into(),
            text: (*text).into(),
        })
        .collect();
    Corpus::build(&files)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect()
}

fn with_law_55(subjects: &str, paragraphs: &str) -> Vec<String> {
    errors(&[
        ("laws/lov-55.md", LAW_55),
        ("laws/paragraphs-2017.txt", paragraphs),
        ("stikkord/lover.md", subjects),
    ])
}

#[test]
fn a_paragraph_the_2017_laws_have_passes() {
    let found = with_law_55(&subjects_of_55("55B2"), PARAGRAPHS);
    assert!(found.is_empty(), "{found:?}");
    // The law itself is always a cite of its own.
    let found = with_law_55(&subjects_of_55("55"), PARAGRAPHS);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn check_fails_on_a_paragraph_the_2017_laws_do_not_have() {
    let found = with_law_55(&subjects_of_55("55D"), PARAGRAPHS);
    assert_eq!(found.len(), 1, "{found:?}");
    let e = &found[0];
    assert!(e.starts_with("stikkord/lover.md:"), "names the file: {e}");
    assert!(e.contains("subject \"Feil hånd\""), "names the entry: {e}");
    assert!(
        e.contains("WBF 2017 Law 55D: 55D is not a paragraph of the 2017 Laws (not in laws/paragraphs-2017.txt)"),
        "names the bad id and the list: {e}"
    );
    // A sub-item the list lacks is as wrong as a section.
    let found = with_law_55(&subjects_of_55("55B3"), PARAGRAPHS);
    assert!(
        found.iter().any(|e| e.contains("55B3 is not a paragraph")),
        "{found:?}"
    );
    // Written otherwise than the canonical cite.
    let found = with_law_55(&subjects_of_55("55B1(a)"), "55A 55B 55B1 55B1a\n");
    assert!(
        found
            .iter()
            .any(|e| e.contains("write the paragraph as 55B1a")),
        "{found:?}"
    );
}

#[test]
fn check_fails_on_a_bad_line_of_the_list() {
    let found = with_law_55(&subjects_of_55("55A"), "# ids\n55A 55B1\n12C1\n55A\n55b\n");
    let has = |needle: &str| found.iter().any(|e| e.contains(needle));
    assert!(
        has("laws/paragraphs-2017.txt:3: error: \"12C1\" is not a paragraph of a law 21-93"),
        "{found:?}"
    );
    assert!(
        has("laws/paragraphs-2017.txt:4: error: 55A is listed twice"),
        "{found:?}"
    );
    assert!(has("laws/paragraphs-2017.txt:5:"), "{found:?}");
}

#[test]
fn lovbok_check_exits_non_zero_on_a_paragraph_that_does_not_exist() {
    let subjects = subjects_of_55("55E");
    let folder = fixtures::TempCorpus::new(
        "paragraphs",
        &[
            ("laws/lov-55.md", LAW_55),
            ("laws/paragraphs-2017.txt", PARAGRAPHS),
            ("stikkord/lover.md", &subjects),
        ],
    );
    let (code, out) = folder.check();
    assert_ne!(code, Some(0), "{out}");
    assert!(out.contains("subject \"Feil hånd\""), "{out}");
    assert!(
        out.contains("55E is not a paragraph of the 2017 Laws"),
        "{out}"
    );
}

#[test]
fn the_built_in_index_names_only_paragraphs_of_the_list() {
    let c = fixtures::corpus();
    let list = c.paragraphs_2017();
    assert!(list.ids().len() >= 500, "{} ids", list.ids().len());
    let mut named = 0;
    for s in c.subjects().entries() {
        for p in s.wbf_paragraphs() {
            let law = p.numbered_root();
            if matches!(law, Some(lovbok::corpus::Root::Law(n)) if n >= 21) {
                assert!(list.contains(&p), "{}: {p}", s.name);
                named += 1;
            }
        }
    }
    assert!(named >= 500, "{named} paragraphs named");
}

// --- the law's page -----------------------------------------------------------------------------------

/// The part of `/p/{law}` that lists the paragraphs.
async fn governing(law: &str) -> (String, String) {
    let r = get(&format!("/p/{law}")).await;
    assert_eq!(r.status, StatusCode::OK, "/p/{law}");
    let html = r.text();
    let start = html
        .find("<aside class=\"subjects-here governing\"")
        .unwrap_or_else(|| panic!("/p/{law} lists its paragraphs"));
    let end = start + html[start..].find("</aside>").expect("closed");
    (html[start..end].to_string(), html)
}

/// The subjects (link texts) listed under one paragraph.
fn under(section: &str, cite: &str) -> Vec<String> {
    let at = section
        .find(&format!("<dt id=\"wbf-{cite}\""))
        .unwrap_or_else(|| panic!("paragraph {cite} listed"));
    let dd = &section[at..];
    let dd = &dd[..dd.find("</dd>").expect("its list")];
    dd.split("<li><a href=\"")
        .skip(1)
        .filter_map(|li| li.split_once('>').map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once("</a>").map(|(name, _)| name.to_string()))
        .collect()
}

#[tokio::test]
async fn law_55_shows_the_paragraphs_that_govern_its_subjects() {
    let (section, html) = governing("55").await;
    assert!(
        section.contains("Avsnittene i Lov 55, og hva TL avgjør der"),
        "{section}"
    );
    assert!(section.contains("Fra lovboks stikkordregister, ikke fra bøkenes tekst."));
    for cite in ["55A", "55B", "55B1", "55B2", "55C"] {
        assert!(!under(&section, cite).is_empty(), "{cite}: {section}");
    }
    assert!(
        under(&section, "55B1")
            .contains(&"Spilleførers utspill tatt tilbake uten straff".to_string()),
        "{section}"
    );
    assert!(
        under(&section, "55C")
            .contains(&"Spillefører får informasjon fra utspill utenfor tur".to_string()),
        "{section}"
    );
    // In the order of the Laws.
    let pos = |c: &str| section.find(&format!("id=\"wbf-{c}\"")).unwrap();
    assert!(pos("55A") < pos("55B") && pos("55B") < pos("55B1") && pos("55B2") < pos("55C"));
    // The evidence beyond the law's own title, as the index holds it.
    assert!(
        section.contains("Belegg: 16C2 «For en feilende side er informasjon»"),
        "{section}"
    );
    // The WBF's public text, and the plain statement that the source holds only the title.
    assert!(section.contains(
        "href=\"https://www.worldbridge.org/wp-content/uploads/2017/03/2017LawsofDuplicateBridge-nohighlights.pdf\""
    ));
    assert!(html.contains("har ikke teksten til Lov 55, bare tittelen"));
    assert!(
        !html.contains("etter side"),
        "no claim about the printed pages"
    );
    assert!(!html.contains("Dette sier bøkene om"), "no empty heading");
}

#[tokio::test]
async fn law_64_shows_trick_transfer_no_rectification_and_equity() {
    let (section, _) = governing("64").await;
    for cite in ["64A", "64B", "64C"] {
        assert!(!under(&section, cite).is_empty(), "{cite}: {section}");
    }
    assert!(section.contains("id=\"wbf-64A1\"") && section.contains("id=\"wbf-64B3\""));
}

#[tokio::test]
async fn the_danish_page_says_the_same_in_danish() {
    let req = Request::get("/p/55")
        .header(header::COOKIE, "lovbok_lang=da")
        .body(Body::empty())
        .unwrap();
    let r = send(req).await.text();
    assert!(
        r.contains("Afsnittene i Lov 55, og hvad turneringslederen afgør dér"),
        "{r}"
    );
}

/// Every `<h2>` or `<h3>` of a page with the text between it and the next
/// heading, tags removed.
fn headings(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(at) = next_heading(&html[pos..]).map(|a| a + pos) {
        let close = format!("</{}>", &html[at + 1..at + 3]);
        let Some(end) = html[at..].find(&close).map(|e| at + e) else {
            break;
        };
        let after = end + close.len();
        let next = next_heading(&html[after..]).map_or(html.len(), |n| after + n);
        out.push((strip_tags(&html[at..end]), strip_tags(&html[after..next])));
        pos = after;
    }
    out
}

fn next_heading(s: &str) -> Option<usize> {
    [s.find("<h2"), s.find("<h3")].into_iter().flatten().min()
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[tokio::test]
async fn every_title_only_law_shows_its_paragraphs_and_no_empty_heading() {
    let corpus = fixtures::corpus();
    let mut laws = 0;
    for n in 21..=93u16 {
        let law = ProvisionId::root(lovbok::corpus::Root::Law(n));
        let p = corpus.get(&law).expect("every law has its file");
        assert!(!p.in_corpus, "law {n} is title-only");
        let (section, html) = governing(&n.to_string()).await;
        assert!(
            section.contains("<dt id=\"wbf-"),
            "law {n} lists a paragraph"
        );
        assert!(
            section.contains("worldbridge.org"),
            "law {n} links the WBF text"
        );
        assert!(
            html.contains(&format!("har ikke teksten til Lov {n}, bare tittelen")),
            "law {n}"
        );
        assert!(!html.contains("etter side"), "law {n}: no printed page");
        for (title, body) in headings(&html) {
            assert!(
                !body.is_empty(),
                "law {n}: the heading \"{title}\" has nothing under it"
            );
        }
        laws += 1;
    }
    assert_eq!(laws, 73);
}

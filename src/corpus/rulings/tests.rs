use super::*;
use crate::corpus::{Corpus, SourceFile};

const LAW: &str = "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\n---\n\n# 16. Uautorisert informasjon\n\n## B. Ekstra informasjon fra partner\n\n1. En spiller kan ikke velge:\n\n   a) blant logiske alternativer det som er antydet.\n";
const TITLE_ONLY: &str =
    "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\ntext: absent\n---\n\n# 45. Spilt kort\n";

const GOOD: &str = "---\nkind: rulings\npublisher: Testforbundet\nsource: Testsaker\nurl: https://example.org/saker\nlang: da\n---\n\n# Kjennelser: test\n\n## test-1\n- kind: appeal\n- title: Sag 1\n- url: https://example.org/saker/1\n- date: 2019-05-03\n- authority: testforbundets appeludvalg\n- precedent: no\n- edition: 2017\n- cites: § 16B1a; lov 45C4\n- maps: 16B1a; 45C4\n- situation: Nord tænkte længe; Syd doblede bagefter.\n- ruling: Doblingen var antydet af tøvenet; resultatet blev justeret.\n- quote: «pas var et logisk alternativ»\n- quote-at: afsnit 3\n";

fn corpus_with(rulings: &str) -> (Corpus, Vec<Diagnostic>) {
    corpus_with_list(rulings, None)
}

/// Laws 16 (text) and 45 (title only), `rulings`, and optionally the list
/// of 2017 paragraph ids: the corpus and the rulings' diagnostics.
fn corpus_with_list(rulings: &str, list: Option<&str>) -> (Corpus, Vec<Diagnostic>) {
    let mut files = vec![
        SourceFile {
            path: "laws/lov-16.md".into(),
            text: LAW.into(),
        },
        SourceFile {
            path: "laws/lov-45.md".into(),
            text: TITLE_ONLY.into(),
        },
        SourceFile {
            path: "kjennelser/test.md".into(),
            text: rulings.into(),
        },
    ];
    if let Some(list) = list {
        files.push(SourceFile {
            path: "laws/paragraphs-2017.txt".into(),
            text: list.into(),
        });
    }
    let loaded = Corpus::build(&files);
    let d = loaded
        .diagnostics
        .into_iter()
        .filter(|d| d.file.starts_with(RULING_DIR))
        .collect();
    (loaded.corpus, d)
}

fn problems(rulings: &str) -> Vec<String> {
    corpus_with(rulings)
        .1
        .into_iter()
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect()
}

#[test]
fn a_good_item_is_read_whole() {
    let (corpus, d) = corpus_with(GOOD);
    assert!(d.is_empty(), "{d:?}");
    let set = corpus.rulings();
    let item = set.get("test-1").expect("the item");
    assert_eq!(item.kind, RulingKind::Appeal);
    assert_eq!(item.edition, 2017);
    assert_eq!(item.lang, RulingLang::Da);
    assert!(!item.precedent);
    assert_eq!(item.quote, "pas var et logisk alternativ");
    let ids: Vec<String> = item.provisions().map(ToString::to_string).collect();
    assert_eq!(ids, ["16B1a", "45C4"]);
    assert_eq!(item.cites[0].written, "§ 16B1a");
    assert_eq!(set.source_of(item).publisher, "Testforbundet");
}

#[test]
fn each_missing_field_is_named_on_the_item_line() {
    let text = GOOD.replace("- authority: testforbundets appeludvalg\n", "");
    let p = problems(&text);
    assert_eq!(p, ["11: ruling test-1: has no `authority`"]);
}

#[test]
fn malformed_fields_are_errors_on_their_lines() {
    let text = GOOD
        .replace("https://example.org/saker/1", "example.org/saker 1")
        .replace("2019-05-03", "2019-13-03")
        .replace("kind: appeal", "kind: verdict")
        .replace("edition: 2017", "edition: 2008")
        .replace("precedent: no", "precedent: maybe");
    let p = problems(&text);
    assert!(
        p.iter()
            .any(|m| m.starts_with("14:") && m.contains("not a web address")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("15:") && m.contains("is not YYYY")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("12:") && m.contains("kind \"verdict\"")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("18:") && m.contains("edition \"2008\"")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("17:") && m.contains("precedent")),
        "{p:?}"
    );
}

#[test]
fn an_unknown_field_and_a_stray_line_are_errors() {
    let text = GOOD.replace(
        "- quote-at: afsnit 3\n",
        "- quote-at: afsnit 3\n- verdict: yes\nfree text\n",
    );
    let p = problems(&text);
    assert!(
        p.iter()
            .any(|m| m.starts_with("25:") && m.contains("not a known field")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|m| m.starts_with("26:") && m.contains("not a `- key: value` field")),
        "{p:?}"
    );
}

#[test]
fn a_summary_that_copies_its_quote_is_refused() {
    let text = GOOD
        .replace("«pas var et logisk alternativ»", "«Syd havde ikke lov til at doble, fordi pas var et logisk alternativ»")
        .replace(
            "Doblingen var antydet af tøvenet; resultatet blev justeret.",
            "Udvalget mente at Syd havde ikke lov til at doble, fordi pas var et logisk alternativ.",
        );
    let p = problems(&text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("22:")
            && p[0].contains("shares the words \"syd havde ikke lov til at doble fordi\""),
        "{p:?}"
    );
    // Seven shared words in a row are still our words.
    assert_eq!(copied_run("a b c d e f g x", "a b c d e f g h"), None);
    assert!(copied_run("a b c d e f g h", "z a b c d e f g h").is_some());
}

#[test]
fn lengths_are_held() {
    let long = vec!["ord"; MAX_SUMMARY_WORDS + 1].join(" ");
    let text = GOOD.replace("Nord tænkte længe; Syd doblede bagefter.", &long);
    assert!(problems(&text)[0].contains("81 words; at most 80"));
    let quote = vec!["ord"; MAX_QUOTE_WORDS + 1].join(" ");
    let text = GOOD.replace("pas var et logisk alternativ", &quote);
    assert!(problems(&text)[0].contains("26 words; at most 25"));
}

#[test]
fn maps_must_pair_with_cites_and_name_provisions_that_can_be() {
    let text = GOOD.replace("- maps: 16B1a; 45C4", "- maps: 16B1a");
    assert!(problems(&text)[0].contains("`cites` has 2 items and `maps` 1"));
    // 16Z is below a law whose text the corpus has: it cannot exist.
    let text = GOOD.replace("- maps: 16B1a; 45C4", "- maps: 16Z; 45C4");
    assert!(
        problems(&text)[0].contains("maps 16Z, which is neither in the corpus"),
        "{:?}",
        problems(&text)
    );
    let text = GOOD.replace("- maps: 16B1a; 45C4", "- maps: 16B1a; none");
    assert!(problems(&text).is_empty());
}

#[test]
fn ids_are_unique_and_of_their_form() {
    let twice = format!("{GOOD}{}", &GOOD[GOOD.find("## test-1").unwrap_or(0)..]);
    assert!(problems(&twice)
        .iter()
        .any(|m| m.contains("ruling test-1 is given twice")));
    let text = GOOD.replace("## test-1", "## Test 1");
    assert!(problems(&text)[0].contains("an id is lower-case ASCII"));
}

#[test]
fn a_file_without_its_front_matter_is_refused() {
    let p = problems("# Kjennelser\n\n## a\n- kind: appeal\n");
    assert_eq!(p, ["1: a rulings file starts with front matter (---)"]);
    let p = problems(&GOOD.replace("publisher: Testforbundet\n", ""));
    assert_eq!(p, ["1: the front matter has no `publisher`"]);
}

#[test]
fn dates_and_urls_are_read_strictly() {
    for ok in ["2019", "2019-02", "2020-02-29", "1997-12-31"] {
        assert!(is_date(ok), "{ok}");
    }
    for bad in [
        "19",
        "2019-2",
        "2019-02-30",
        "2021-02-29",
        "2019/02/03",
        "2019-02-03-04",
    ] {
        assert!(!is_date(bad), "{bad}");
    }
    for ok in [
        "https://www.bridge.dk/x?id=3#a",
        "http://blakjak.org/lse.htm",
        "https://www.bridge.dk./lov",
        "https://www.bridge.dk.:443/lov",
    ] {
        assert!(is_url(ok), "{ok}");
    }
    for bad in [
        "www.bridge.dk",
        "https://",
        "https://bridge",
        "https://a b.dk/",
        "ftp://x.dk",
        "https://bridge./lov",
        "https://www.bridge.dk../lov",
        "https://./lov",
    ] {
        assert!(!is_url(bad), "{bad}");
    }
}

#[test]
fn a_paragraph_of_a_title_only_law_must_be_in_the_2017_list_when_there_is_one() {
    let with_list = |rulings: &str, list: &str| {
        let (_, d) = corpus_with_list(rulings, Some(list));
        d.into_iter().map(|d| d.message).collect::<Vec<_>>()
    };
    assert!(with_list(GOOD, "45A 45C 45C4\n").is_empty());
    let found = with_list(GOOD, "45A 45C 45C1\n");
    assert!(
        found
            .iter()
            .any(|m| m.contains("maps 45C4, which is neither")),
        "{found:?}"
    );
}

#[test]
fn a_publisher_slug_is_its_name_in_ascii_runs() {
    assert_eq!(slug_of("Danmarks Bridgeforbund"), "danmarks-bridgeforbund");
    assert_eq!(
        slug_of("  Norsk Bridgeforbund (NBF) "),
        "norsk-bridgeforbund-nbf"
    );
    assert_eq!(
        slug_of("Svenska Bridgeförbundet"),
        "svenska-bridgeforbundet"
    );
    assert_eq!(slug_of("DBf's Lovkommission"), "dbf-s-lovkommission");
    assert_eq!(slug_of("Bridgeklubben Ærø"), "bridgeklubben-aero");
    assert_eq!(slug_of(&slug_of("ACBL / USBF")), slug_of("ACBL / USBF"));
}

//! lovbok's subject index (Stikkord): what `lovbok check` holds it to, its
//! size and coverage, search by a subject in each language, the pages that
//! show it (always labelled as lovbok's own words), and the "Hvilken lov?"
//! deck built on it.

use std::process::Command;

use lovbok::cards::{CardKind, Deck, DeckId};
use lovbok::corpus::{Corpus, Group, ProvisionId, Root, Severity, SourceFile};
use lovbok::kb::Kb;
use lovbok::search::SearchOptions;
use serde_json::Value;

use crate::api::get;
use crate::fixtures;

// --- lovbok check ---------------------------------------------------------------------------------

const LAW: &str = "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 18\ntext: full\n---\n\n\
# 1. Kortstokken\n\n## A. Rangering av kort og farger\n\nEn turnering spilles med kortstokker på 52 kort.\n\n\
## B. Kortenes bakside\n\nKortenes bakside skal være like.\n";

/// Three entries that cover Law 1, with `extra` appended.
fn subjects(extra: &str) -> String {
    let mut s = String::from("---\nkind: subjects\nlang: nb\n---\n\n# Stikkord\n\n");
    for (name, cite, quote) in [
        ("Kortstokken", "1A", "52 kort"),
        ("Kortenes bakside", "1B", "bakside skal være like"),
        ("Rangering av farger", "1A", "Rangering av kort"),
    ] {
        s.push_str(&format!(
            "## {name}\n- group: before-auction\n- nb: {name} i lov 1\n- da: {name} på dansk\n- en: {name} in English\n- cites: {cite}\n- evidence: {cite} «{quote}»\n\n"
        ));
    }
    s.push_str(extra);
    s
}

fn check(subject_file: &str) -> Vec<String> {
    diagnostics(subject_file, Severity::Error)
}

/// The messages of one severity that building a corpus of Law 1 and
/// `subject_file` gives.
fn diagnostics(subject_file: &str, severity: Severity) -> Vec<String> {
    let loaded = Corpus::build(&[
        SourceFile {
            path: "laws/lov-01.md".into(),
            text: LAW.into(),
        },
        SourceFile {
            path: "stikkord/lover.md".into(),
            text: subject_file.into(),
        },
    ]);
    loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.to_string())
        .collect()
}

#[test]
fn a_well_formed_index_passes() {
    let errors = check(&subjects(""));
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn check_fails_on_a_cite_that_does_not_exist() {
    let bad = "## Kort på gulvet\n- group: play\n- nb: kort på gulvet\n- da: kort på gulvet\n- en: card on the floor\n- cites: 1C\n- evidence: 1A «52 kort»\n";
    let errors = check(&subjects(bad));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("cites 1C, which is not in the corpus")),
        "{errors:?}"
    );
}

#[test]
fn check_fails_on_an_entry_without_evidence_or_with_a_quote_not_in_its_provision() {
    let none = "## Kort på gulvet\n- group: play\n- nb: kort på gulvet\n- da: kort på gulvet\n- en: card on the floor\n- cites: 1A\n";
    let errors = check(&subjects(none));
    assert!(
        errors.iter().any(|e| e.contains("has no evidence")),
        "{errors:?}"
    );

    let wrong = none.to_string() + "- evidence: 1B «52 kort»\n";
    let errors = check(&subjects(&wrong));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("evidence «52 kort» is not in 1B")),
        "{errors:?}"
    );

    // The WBF's English original, by law and paragraph, is evidence; a law
    // the Laws do not have is not.
    let wbf = none.to_string() + "- evidence: WBF 2017 Law 1A\n";
    assert!(check(&subjects(&wbf)).is_empty());
    let no_law = none.to_string() + "- evidence: WBF 2017 Law 94A\n";
    let errors = check(&subjects(&no_law));
    assert!(errors.iter().any(|e| e.contains("no law 94")), "{errors:?}");
}

#[test]
fn check_fails_on_a_law_without_enough_subjects() {
    // Only two of the three entries: Law 1 is short of subjects.
    let two = subjects("").replace(
        "## Rangering av farger",
        "## Rangering av farger\n- cites: 1A\n",
    );
    let errors = check(&two);
    assert!(
        errors.iter().any(|e| e.contains("`cites` is given twice")),
        "{errors:?}"
    );
    let file = subjects("");
    let cut = file.find("## Rangering av farger").unwrap();
    let errors = check(&file[..cut]);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("law 1 has 2 subject(s) in stikkord/; it needs at least 3")),
        "{errors:?}"
    );
}

#[test]
fn check_fails_on_a_sentence_a_see_to_nothing_and_a_name_used_twice() {
    let bad = "## Kortstokken\n- group: sometime\n- nb: hva gjør jeg når et kort mangler i kortstokken?\n- da: x\n- en: y\n- cites: 1A\n- see: Ingen slik\n- evidence: 1A «52 kort»\n";
    let errors = check(&subjects(bad));
    for want in ["unknown group", "is not a short name"] {
        assert!(
            errors.iter().any(|e| e.contains(want)),
            "{want}: {errors:?}"
        );
    }
    let twice = "## Kortstokk\n- group: before-auction\n- nb: kortstokk\n- da: kortspil\n- en: deck\n- cites: 1A\n- see: Ingen slik\n- evidence: 1A «52 kort»\n\n## kortstokken\n- group: before-auction\n- nb: x\n- da: x\n- en: x\n- cites: 1A\n- evidence: 1A «52 kort»\n";
    let errors = check(&subjects(twice));
    assert!(
        errors.iter().any(|e| e.contains("named twice")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("see \"Ingen slik\" names no subject")),
        "{errors:?}"
    );
}

#[test]
fn check_fails_on_a_term_that_is_another_entrys_name() {
    let bad = "## Kort mangler\n- group: before-auction\n- nb: kortstokken\n- da: kort mangler\n- en: missing card\n- cites: 1A\n- evidence: 1A «52 kort»\n";
    let errors = check(&subjects(bad));
    assert!(
        errors
            .iter()
            .any(|e| e
                .contains("the term \"kortstokken\" is the name of the subject \"Kortstokken\"")),
        "{errors:?}"
    );
}

fn warnings(subject_file: &str) -> Vec<String> {
    diagnostics(subject_file, Severity::Warning)
}

#[test]
fn check_warns_of_near_duplicate_names_and_heavily_overlapping_terms() {
    assert!(warnings(&subjects("")).is_empty());
    // A spelling slip in a long name, and a name with and without its
    // abbreviation: one subject split in two.
    let slips = "## Dupliseringsfeil i lagkamp\n- group: before-auction\n- nb: dupliseringsfeil\n- da: fejl i duplikering\n- en: duplication error\n- cites: 1B\n- evidence: 1B «bakside skal være like»\n\n\
## Duplikeringsfeil i lagkamp\n- group: before-auction\n- nb: feil i dupliseringen\n- da: duplikeringsfejl\n- en: wrong duplication\n- cites: 1B\n- evidence: 1B «bakside skal være like»\n\n\
## Kortstokk med 52 kort (K52)\n- group: before-auction\n- nb: full kortstokk\n- da: hele spillet\n- en: full pack\n- cites: 1A\n- evidence: 1A «52 kort»\n\n\
## Kortstokk med 52 kort\n- group: before-auction\n- nb: komplett kortstokk\n- da: komplet spil\n- en: complete pack\n- cites: 1A\n- evidence: 1A «52 kort»\n";
    let w = warnings(&subjects(slips));
    assert_eq!(
        w.iter()
            .filter(|m| m.contains("nearly the same name"))
            .count(),
        1,
        "{w:?}"
    );
    assert_eq!(
        w.iter()
            .filter(|m| m.contains("but for case, punctuation or a parenthesis"))
            .count(),
        1,
        "{w:?}"
    );
    // Two entries most of whose terms are the same.
    let overlap = "## Kortenes rygg\n- group: before-auction\n- nb: kortenes rygg; baksiden av kortene\n- da: kortenes bagside\n- en: back of the cards\n- cites: 1B\n- evidence: 1B «bakside skal være like»\n\n\
## Like baksider\n- group: before-auction\n- nb: like baksider; baksiden av kortene\n- da: kortenes bagside\n- en: back of the cards\n- cites: 1B\n- evidence: 1B «bakside skal være like»\n";
    let w = warnings(&subjects(overlap));
    assert!(
        w.iter()
            .any(|m| m.contains("shares 3 of its terms with \"Kortenes rygg\"")),
        "{w:?}"
    );
    // Names near in spelling that differ in a cite are two subjects.
    let cites = "## Straffekort etter 50B\n- group: play\n- nb: mindre straffekort\n- da: mindre strafkort\n- en: minor penalty card\n- cites: 1A\n- evidence: 1A «52 kort»\n\n\
## Straffekort etter 50C\n- group: play\n- nb: større straffekort\n- da: større strafkort\n- en: major penalty card\n- cites: 1A\n- evidence: 1A «52 kort»\n";
    assert!(warnings(&subjects(cites)).is_empty());
}

#[test]
fn lovbok_check_exits_non_zero_on_a_broken_subject_file() {
    let broken = subjects("## Kort på gulvet\n- group: play\n- nb: kort på gulvet\n- da: x\n- en: y\n- cites: 7\n- evidence: 1A «52 kort»\n");
    let folder = fixtures::TempCorpus::new(
        "subjects",
        &[("laws/lov-01.md", LAW), ("stikkord/lover.md", &broken)],
    );
    let (code, out) = folder.check();
    assert_ne!(code, Some(0), "{out}");
    assert!(out.contains("stikkord/lover.md"), "names the file: {out}");
    assert!(out.contains("cites 7, which is not in the corpus"), "{out}");
}

#[test]
fn lovbok_check_exits_non_zero_on_an_unknown_further_group() {
    let folder = fixtures::TempCorpus::new("subject-groups", &[("laws/lov-01.md", LAW)]);
    // A good file with a further group passes; an unknown one fails.
    let two = "## Kort i to grupper\n- group: before-auction; play\n- nb: kort i to grupper\n- da: kort i to grupper\n- en: card in two groups\n- cites: 1A\n- evidence: 1A «52 kort»\n";
    let run = |text: String| {
        folder.write("stikkord/lover.md", &text);
        let (code, out) = folder.check();
        (code == Some(0), out)
    };
    let (ok, out) = run(subjects(two));
    assert!(ok, "{out}");
    let (ok, out) = run(subjects(&two.replace("; play", "; during-play")));
    assert!(!ok, "{out}");
    assert!(out.contains("stikkord/lover.md"), "names the file: {out}");
    assert!(out.contains("unknown group \"during-play\""), "{out}");
}

// --- the built-in index ---------------------------------------------------------------------------

#[test]
fn the_built_in_index_covers_every_law_section_and_definition() {
    let c = fixtures::corpus();
    let index = c.subjects();
    assert!(
        index.entries().len() >= 500,
        "{} subjects",
        index.entries().len()
    );
    assert!(index.term_count() >= 5000, "{} terms", index.term_count());
    // Every law 1-93 has at least three subjects (check enforces it; this
    // says it of the data we ship).
    for n in 1..=93u16 {
        let law = ProvisionId::root(Root::Law(n));
        let count = index
            .entries()
            .iter()
            .filter(|e| e.cites.iter().any(|x| law.contains(x)))
            .count();
        assert!(count >= 3, "law {n} has {count} subjects");
    }
    // Every group of the picker has subjects, and every entry has all three languages.
    for g in Group::ALL {
        assert!(index.entries().iter().any(|e| e.group == g), "{g}");
    }
    for e in index.entries() {
        for lang in [
            lovbok::corpus::TermLang::Nb,
            lovbok::corpus::TermLang::Da,
            lovbok::corpus::TermLang::En,
        ] {
            assert!(e.first_term(lang).is_some(), "{}: no {lang:?} term", e.name);
        }
    }
}

// --- search -----------------------------------------------------------------------------------------

fn kb() -> &'static Kb {
    static KB: std::sync::LazyLock<Kb> =
        std::sync::LazyLock::new(|| Kb::load(&lovbok::kb::CorpusSource::Embedded).unwrap());
    &KB
}

fn top(q: &str, n: usize) -> Vec<(String, Option<String>)> {
    kb().search(q, &SearchOptions::default())
        .unwrap()
        .hits
        .into_iter()
        .take(n)
        .map(|h| (h.id.to_string(), h.subject))
        .collect()
}

#[track_caller]
fn assert_found_by_subject(q: &str, cite: &str, within: usize) {
    let hits = top(q, within);
    let hit = hits.iter().find(|(c, _)| c == cite);
    assert!(
        hit.is_some(),
        "{q:?}: {cite} not in the top {within}: {hits:?}"
    );
    assert!(
        hit.is_some_and(|(_, s)| s.is_some()),
        "{q:?}: {cite} is not said to be found through the index: {hits:?}"
    );
}

#[test]
fn a_title_only_law_is_found_by_its_subjects_in_each_language() {
    // Laws 21-93 have only their titles in the corpus, and none of these
    // words is in the title of the law they find.
    // English: a revoke in general is Law 61's ("Unnlatelse av å følge farge …").
    assert_found_by_subject("renege", "61", 3);
    // Danish: Law 64 is "Framgangsmåten etter at en revoke er blitt etablert".
    assert_found_by_subject("etableret kulørsvigt", "64", 3);
    // Norwegian: Law 68 is "Krav på eller avståelse av stikk".
    assert_found_by_subject("krevde resten av stikkene", "68", 3);
    // And where the title has the words, the title still ranks it first.
    assert_eq!(top("revoke etablert", 1)[0].0, "64");
}

#[test]
fn a_players_word_finds_the_subject_by_its_thesaurus_group() {
    // Neither word is in the books or in any subject's terms; each is in a
    // thesaurus group with a word a term has (`uhøflig spiller`,
    // `mobiltelefon`).
    assert_found_by_subject("ubehøvlet spiller", "74", 3);
    assert_found_by_subject("smartphone", "80", 3);
}

#[test]
fn an_english_query_reads_as_english_however_it_is_written() {
    // A strong verb's past meets the base form's term (`led`, `said`).
    assert_eq!(
        top("defender led out of turn", 1)[0].0,
        top("defender lead out of turn", 1)[0].0
    );
    assert_found_by_subject("declarer said play anything", "46", 3);
    // A regular form of a word of the Laws' English finds what the word
    // finds in the books, not only through the index.
    assert_eq!(top("conceding", 3), top("concede", 3));
    // A contraction and the words it stands for are the same query.
    assert_eq!(
        top("board could not be played", 5),
        top("board couldn't be played", 5)
    );
    // `to` is English in an English query and "two" in a Norwegian one.
    assert_found_by_subject("declarer forgot to play to the trick", "67", 1);
    assert_eq!(top("to kort spilt samtidig", 1)[0].0, "58");
    // Asking whether something is allowed does not change the subject.
    assert_eq!(
        top("is it allowed to look at the last trick", 3),
        top("look at the last trick", 3)
    );
}

#[test]
fn a_word_only_the_index_knows_is_part_of_the_query_a_heading_must_name() {
    // `Motstander` heads a definition and names "opponent", but not
    // "swore", which the books lack and the index has (Law 74's
    // conduct entry): the heading does not name the query, the subject
    // does.
    assert_eq!(top("opponents", 1)[0].0, "def:Motstander");
    assert_found_by_subject("opponent swore at my partner", "74", 1);
    assert_found_by_subject("motstander bannet", "74", 1);
}

#[test]
fn an_entry_is_met_by_a_rare_word_in_one_term_and_a_common_one_in_another() {
    // `huddle` and `slow bid` are terms of one entry (hesitation, 16B1);
    // `bid` is one of the commonest words, and the books' own headings
    // (def:Bud, 18) do not outrank it: 16B1's lineage comes first, through
    // the index. (Each lineage is shown once, so 16B1a, which two entries
    // on hesitation name, may stand for 16B1.)
    let hits = top("huddle bid", 1);
    let (first, subject) = &hits[0];
    let in_16b1 = first == "16B1"
        || first
            .strip_prefix("16B1")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase() || c == '('));
    assert!(in_16b1 && subject.is_some(), "{hits:?}");
}

#[test]
fn a_subject_found_says_so_and_the_books_own_words_still_rank_first() {
    // A defined term still gives its definition first.
    let hits = top("straffekort", 1);
    assert_eq!(hits[0].0, "def:Straffekort");
    // A cite typed is never "found through the index".
    let hits = kb().search("64", &SearchOptions::default()).unwrap().hits;
    assert_eq!(hits[0].id.to_string(), "64");
    assert_eq!(hits[0].subject, None);
}

// --- pages and API ----------------------------------------------------------------------------------

#[tokio::test]
async fn the_subject_index_page_lists_every_subject_labelled_as_ours() {
    let r = get("/stikkord").await;
    assert_eq!(r.status.as_u16(), 200);
    let html = r.text();
    assert!(
        html.contains("lovboks eget stikkordregister"),
        "labelled as ours"
    );
    assert!(html.contains("ikke bøkenes tekst"));
    assert!(
        html.contains("data-subject-filter"),
        "filterable as you type"
    );
    assert!(
        html.contains("id=\"revoke-etablert\""),
        "an entry has its anchor"
    );
    assert!(html.contains("<span lang=\"en\">"), "English terms too");
    assert!(html.contains("href=\"/p/64\""), "cites link to provisions");
    let n = c_entries();
    assert_eq!(html.matches("class=\"subject\" id=").count(), n);
    // In Danish, the same page in the Danish interface.
    let req = axum::http::Request::get("/stikkord")
        .header(axum::http::header::ACCEPT_LANGUAGE, "da")
        .body(axum::body::Body::empty())
        .unwrap();
    let da = crate::api::send(req).await.text();
    assert!(da.contains("lovboks eget stikordsregister"));
}

fn c_entries() -> usize {
    fixtures::corpus().subjects().entries().len()
}

#[tokio::test]
async fn the_picker_reaches_a_provision_in_three_taps() {
    let html = get("/hva-har-skjedd").await.text();
    // Under the heading of when: the area → what happened → the
    // provision, nested <details>, no script. The group is a heading, not
    // a tap.
    let play = html
        .find("<section class=\"pick-when\" id=\"play\">\n<h2>")
        .expect("the play group, a heading");
    assert!(
        !html.contains("<details class=\"pick-when\""),
        "a group is no tap"
    );
    let revoke = html[play..]
        .find("<summary>Revoke etablert</summary>")
        .expect("a subject under the play");
    // Two closed places between the heading and the subject's name: its
    // area and the subject itself (a tap each), then the link.
    let before = &html[play..play + revoke];
    let depth = before.matches("<details").count() - before.matches("</details>").count();
    assert_eq!(depth, 2, "the subject is inside one area only");
    let after = &html[play + revoke..];
    let link = after.find("href=\"/p/64\"").expect("Law 64 under it");
    assert!(
        link < after.find("</details>").unwrap(),
        "inside the subject"
    );
    for g in [
        "before-auction",
        "auction",
        "lead",
        "play",
        "end-of-play",
        "scoring",
        "conduct",
    ] {
        assert!(html.contains(&format!("id=\"{g}\"")), "{g}");
    }
}

#[tokio::test]
async fn a_title_only_law_says_so_and_shows_its_subjects_and_the_handbook_near_the_top() {
    let html = get("/p/62").await.text();
    let plain = html
        .find("har ikke teksten til Lov 62, bare tittelen")
        .expect("says plainly that the source lacks the text");
    let subjects = html
        .find("aria-labelledby=\"subjects-top-h\"")
        .expect("its subjects");
    let handbook = html
        .find("aria-labelledby=\"handbook-says-h\"")
        .expect("what the handbook says");
    let cited_by = html.find("id=\"henvist-fra\"").unwrap();
    assert!(plain < subjects && subjects < cited_by && handbook < cited_by);
    assert!(html[subjects..].contains("Fra lovboks stikkordregister, ikke fra bøkenes tekst."));
    // A provision with text lists its subjects below the text.
    let html = get("/p/16B1").await.text();
    let article_end = html.find("</article>").unwrap();
    let subjects = html
        .find("aria-labelledby=\"subjects-h\"")
        .expect("subjects of 16B1");
    assert!(subjects > article_end, "apart from the book's text");
}

#[tokio::test]
async fn an_api_hit_names_the_subject_it_was_found_by() {
    let v: Value = get("/api/search?q=renege").await.json();
    let hit = v["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["cite"] == "64")
        .expect("64");
    assert!(
        hit["subject"].as_str().is_some_and(|s| !s.is_empty()),
        "{hit}"
    );
    let v: Value = get("/api/search?q=12C1c").await.json();
    assert_eq!(v["hits"][0]["subject"], Value::Null);
    // The results page shows it as the index's, apart from the snippet.
    let html = get("/sok?q=renege").await.text();
    assert!(html.contains("class=\"subject-mark\""), "{html}");
}

// --- the Hvilken lov? deck -------------------------------------------------------------------------

#[test]
fn the_which_law_deck_asks_every_subject_with_its_first_provision_as_the_answer() {
    let c = fixtures::corpus();
    let deck = Deck::build(&c);
    let cards: Vec<_> = deck.of(DeckId::WhichLaw).collect();
    assert!(cards.len() >= 400, "{} cards", cards.len());
    for card in &cards {
        assert_eq!(card.kind, CardKind::SubjectToProvision);
        let slug = card.id.rsplit_once('/').unwrap().1;
        let entry = c.subjects().by_slug(slug).unwrap();
        let answer = card.right().face.cite.as_ref().unwrap();
        assert!(
            entry.cites.contains(answer),
            "{}: answer not named by the entry",
            card.id
        );
    }
}

#[tokio::test]
async fn the_which_law_deck_is_in_the_api_and_the_anki_export() {
    let v: Value = get("/api/cards?deck=hvilken-lov").await.json();
    let cards = v["cards"].as_array().unwrap();
    assert!(cards.len() >= 400);
    assert!(cards.iter().all(|c| c["kind"] == "which-law"));
    let o = Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args([
            "cards",
            "--format",
            "anki",
            "--deck",
            "hvilken-lov",
            "--base-url",
            "https://lovbok.example",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let tsv = String::from_utf8_lossy(&o.stdout);
    assert!(tsv.lines().filter(|l| !l.starts_with('#')).count() >= 400);
    assert!(tsv.contains("Hvilken bestemmelse behandler dette"));
}

//! The matcher on small fixture laws. Every text here is our own, invented
//! for these tests.

use super::*;
use crate::corpus::SourceFile;

/// A fixture corpus of one law with the given body.
fn law(body: &str) -> Corpus {
    let text = format!(
        "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 1\ntext: full\n---\n\n# 1. Fixturloven\n\n{body}"
    );
    let loaded = Corpus::build(&[SourceFile {
        path: "laws/lov-01.md".into(),
        text,
    }]);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    loaded.corpus
}

fn changes(old: &str, new: &str) -> Vec<String> {
    compare(&law(old), &law(new))
        .changes
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Lets a fixture skip a letter, as an edition that renumbers does.
const GAP: &str = "<!-- lovbok: numbering-gap -->\n";

const ALFA: &str = "Spilleren som sitter nord flytter brettene til neste bord etter hver runde.";
const BETA: &str = "Turneringslederen avgjør hvor lenge en runde varer og kunngjør det før start.";
const GAMMA: &str =
    "En spiller som kommer for sent kan miste retten til å spille den første runden.";

#[test]
fn identical_editions_have_no_changes() {
    let body = format!("## A. Alfa\n\n{ALFA}\n\n## B. Beta\n\n{BETA}\n");
    let d = compare(&law(&body), &law(&body));
    assert!(d.is_empty());
    assert_eq!(d.unchanged, 3);
}

#[test]
fn a_section_with_a_new_letter_is_renumbered() {
    let old = format!("## A. Alfa\n\n{ALFA}\n\n## B. Beta\n\n{BETA}\n");
    let new = format!("## A. Alfa\n\n{ALFA}\n\n{GAP}## C. Beta\n\n{BETA}\n");
    assert_eq!(changes(&old, &new), ["renumbered 1B → 1C"]);
}

#[test]
fn a_reworded_text_at_its_place_is_changed_with_its_word_diff() {
    let old = format!("## A. Alfa\n\n{ALFA}\n");
    let new = format!("## A. Alfa\n\n{}\n", ALFA.replace("nord", "sør"));
    let d = compare(&law(&old), &law(&new));
    match d.changes.as_slice() {
        [Change::Changed {
            cite,
            evidence: Evidence::Similar { similarity },
            words,
        }] => {
            assert_eq!(cite.to_string(), "1A");
            assert_eq!(*similarity, 0.92);
            assert_eq!(
                words.compact(),
                "Alfa Spilleren som sitter [-nord-] {+sør+} flytter brettene til neste …"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_text_now_in_two_items_is_split_and_two_in_one_are_merged() {
    let one = format!("## A. Alfa\n\n1. {ALFA} {BETA}\n\n2. {GAMMA}\n");
    let two = format!("## A. Alfa\n\n1. {ALFA}\n\n2. {BETA}\n\n3. {GAMMA}\n");
    assert_eq!(
        changes(&one, &two),
        ["split 1A1 → 1A1, 1A2", "renumbered 1A2 → 1A3"]
    );
    assert_eq!(
        changes(&two, &one),
        ["merged 1A1, 1A2 → 1A1", "renumbered 1A3 → 1A2"]
    );
    let d = compare(&law(&one), &law(&two));
    assert_eq!(
        d.changes[0].evidence().to_string(),
        "the 24 words of old 1A1 are new 1A1 words 1-12 and new 1A2 words 13-24"
    );
}

#[test]
fn a_moved_and_reworded_provision_takes_its_own_counterpart() {
    // Two parallel rules, both moved and both reworded a little.
    let old = format!("## A. Alfa\n\n{ALFA}\n\n## B. Beta\n\n{BETA}\n");
    let new = format!(
        "{GAP}## C. Alfa\n\n{}\n\n## D. Beta\n\n{}\n",
        ALFA.replace("neste", "det neste"),
        BETA.replace("før start", "i forkant")
    );
    assert_eq!(
        changes(&old, &new),
        ["renumbered 1A → 1C", "renumbered 1B → 1D"]
    );
}

#[test]
fn an_item_with_no_text_of_its_own_follows_its_parts() {
    let old = format!("## A. Alfa\n\n1. a) {ALFA}\n\n   b) {BETA}\n");
    let new = format!("## A. Alfa\n\n1. {GAMMA}\n\n2. a) {ALFA}\n\n   b) {BETA}\n");
    let d = compare(&law(&old), &law(&new));
    let got: Vec<String> = d.changes.iter().map(ToString::to_string).collect();
    assert_eq!(got, ["added 1A1", "renumbered 1A1 → 1A2"]);
    match &d.changes[1] {
        Change::Renumbered {
            carried, evidence, ..
        } => {
            assert_eq!(*evidence, Evidence::Structure { parts: 2, of: 2 });
            assert_eq!(carried.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        d.change_of(&"1A2b".parse().unwrap_or_else(|e| panic!("{e}")))
            .map(Change::kind),
        Some("renumbered")
    );
}

#[test]
fn a_section_whose_title_was_rewritten_whole_follows_its_items() {
    let old = format!("## A. Alfa\n\n1. {ALFA}\n\n2. {BETA}\n");
    let new = format!("## A. Omega\n\n1. {ALFA}\n\n2. {BETA}\n");
    let d = compare(&law(&old), &law(&new));
    match d.changes.as_slice() {
        [Change::Changed {
            cite,
            evidence,
            words,
        }] => {
            assert_eq!(cite.to_string(), "1A");
            assert_eq!(*evidence, Evidence::Structure { parts: 2, of: 2 });
            assert_eq!(words.compact(), "[-Alfa-] {+Omega+}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_section_removed_with_its_items_is_one_change() {
    let old = format!("## A. Alfa\n\n{ALFA}\n\n## B. Beta\n\n1. {BETA}\n\n2. {GAMMA}\n");
    let new = format!("## A. Alfa\n\n{ALFA}\n");
    let d = compare(&law(&old), &law(&new));
    match d.changes.as_slice() {
        [Change::Removed { old, with, .. }] => {
            assert_eq!(old.to_string(), "1B");
            assert_eq!(with.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    let draft = concordance::draft(&d, Some(2017), Some(2027));
    assert!(draft.contains("\n1B\t-\t"), "{draft}");
    assert!(!draft.contains("\n1B1\t"), "{draft}");
}

mod properties {
    use super::*;
    use crate::corpus::{Concordance, Reading};
    use proptest::prelude::*;

    /// Invented sentences, some alike, to build random fixture editions of.
    const POOL: &[&str] = &[
        ALFA,
        BETA,
        GAMMA,
        "Makkerparet skriver resultatet på lappen og begge sider godkjenner det.",
        "Makkerparet skriver resultatet på lappen og begge sider kontrollerer det.",
        "Et spill som ikke kan fullføres innen tiden blir annullert av lederen.",
        "Kortene legges tilbake i mappen.",
        "Se 1A.",
    ];

    /// A law of sections of items, each item a sentence of the pool (or
    /// two), lettered and numbered in order as the parser wants them.
    fn body(sections: &[Vec<Vec<usize>>]) -> String {
        let mut out = String::new();
        for (i, items) in sections.iter().enumerate() {
            let letter = char::from(b'A' + i as u8);
            out.push_str(&format!("## {letter}. Del {letter}\n\n"));
            for (n, words) in items.iter().enumerate() {
                let text: Vec<&str> = words.iter().map(|w| POOL[*w]).collect();
                out.push_str(&format!("{}. {}\n\n", n + 1, text.join(" ")));
            }
        }
        out
    }

    fn edition() -> impl Strategy<Value = Vec<Vec<Vec<usize>>>> {
        let item = proptest::collection::vec(0..POOL.len(), 1..3);
        let section = proptest::collection::vec(item, 0..4);
        proptest::collection::vec(section, 1..4)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever two editions are, every old provision has a fate, every
        /// change is found by its cites, and the draft concordance reads
        /// every old cite as the diff found it.
        #[test]
        fn the_diff_and_its_draft_agree(old in edition(), new in edition()) {
            let (a, b) = (law(&body(&old)), law(&body(&new)));
            let d = compare(&a, &b);
            prop_assert_eq!(d.fates.len(), a.provisions().len());
            for (i, ch) in d.changes.iter().enumerate() {
                for n in ch.new_cites() {
                    prop_assert_eq!(d.change_of(n), Some(&d.changes[i]));
                }
            }
            let text = concordance::draft(&d, Some(2017), Some(2027));
            let (c, problems) = Concordance::parse(2017, "draft", &text);
            prop_assert!(problems.is_empty(), "{:?}", problems);
            for f in d.fates.iter().filter(|f| matches!(f.old, ProvisionId::Numbered { .. })) {
                match c.read(&f.old) {
                    Reading::Decided { current, .. } => prop_assert_eq!(&current, &f.new),
                    Reading::Undecided => prop_assert!(false, "{} undecided", f.old),
                }
            }
        }
    }
}

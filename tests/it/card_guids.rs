//! Anki GUIDs (the cards' ids) stay put: every card of main's export that
//! did not change keeps its GUID (a fixture sampled from that export), an
//! index entry renamed with its old key keeps its cards' GUIDs, and `lovbok
//! check` holds the keys unique and well formed.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use lovbok::cards::{self, Deck};
use lovbok::corpus::{read_dir_sources, Corpus, Severity, SourceFile};

/// GUIDs of main's Anki export (7b22fec), every fourth card.
const MAIN_GUIDS: &str = include_str!("../data/cards/anki-guids-main.txt");

/// Sound numeric boards of the fixture pushed out of their calculator's
/// six, with why: a GUID may go only for a stated reason.
const DISPLACED: &[(&str, &str)] = &[
    (
        "X78D7@numeric/6",
        "draw 3 of the rounding calculator now makes a card, so its six fill before draw 6",
    ),
    (
        "X78B3@numeric/5",
        "a board's scores are drawn at one vulnerability: an earlier draw now makes a card",
    ),
    (
        "X78D1@numeric/6",
        "a board's scores are drawn at one vulnerability: an earlier draw now makes a card",
    ),
    (
        "202C@numeric/22",
        "a board's scores are drawn at one vulnerability: an earlier draw now makes a card",
    ),
];

/// Cards of the fixture withdrawn because they could not be set with one
/// right answer, with why.
const WITHDRAWN: &[(&str, &str)] = &[(
    "9A4@ruling/blindemann-påpeker-feil-under-spillet",
    "other entries tell its situation for most rules of its group, which are right too: \
     fewer than three wrong choices are left",
)];

fn real_sources() -> Vec<SourceFile> {
    read_dir_sources(Path::new(env!("CARGO_MANIFEST_DIR"))).expect("corpus folders are readable")
}

fn errors(sources: &[SourceFile]) -> Vec<String> {
    Corpus::build(sources)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect()
}

#[test]
fn every_card_of_mains_export_keeps_its_guid() {
    let o = Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args([
            "cards",
            "--format",
            "anki",
            "--base-url",
            "https://lovbok.example",
        ])
        .output()
        .expect("run lovbok");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    let now: BTreeSet<&str> = out
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect();
    let before: Vec<&str> = MAIN_GUIDS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert!(before.len() > 500, "{} GUIDs in the fixture", before.len());
    // A numeric board that no longer makes a card (its prompt showed its
    // answer) takes its GUID with it; so does a sound board pushed out
    // of its calculator's six by an earlier draw that now makes one.
    let gone: Vec<&&str> = before.iter().filter(|g| !now.contains(**g)).collect();
    let lost: Vec<&&str> = gone
        .iter()
        .copied()
        .filter(|g| !g.contains("@numeric/") || cards::numeric::board_kept(g))
        .filter(|g| !DISPLACED.iter().any(|(id, _)| id == *g))
        .filter(|g| !WITHDRAWN.iter().any(|(id, _)| id == *g))
        .collect();
    for (id, why) in WITHDRAWN {
        assert!(
            before.contains(id) && !now.contains(id),
            "{id} is listed as withdrawn ({why}) but is not a card gone from the export"
        );
    }
    for (id, why) in DISPLACED {
        assert!(
            before.contains(id) && !now.contains(id) && cards::numeric::board_kept(id),
            "{id} is listed as displaced ({why}) but is not a sound board gone from the export"
        );
    }
    println!(
        "{} of main's {} sampled GUIDs kept",
        before.len() - lost.len(),
        before.len()
    );
    assert!(lost.is_empty(), "{} GUIDs lost: {lost:#?}", lost.len());
}

/// `sources` with the entry `## name` renamed `new`, with `key` if given.
fn renamed(sources: &[SourceFile], name: &str, new: &str, key: Option<&str>) -> Vec<SourceFile> {
    let heading = format!("## {name}\n");
    let with = match key {
        Some(k) => format!("## {new}\n- key: {k}\n"),
        None => format!("## {new}\n"),
    };
    let mut found = 0;
    let out = sources
        .iter()
        .map(|s| {
            let mut s = s.clone();
            if s.path.starts_with("stikkord/") && s.text.contains(&heading) {
                found += 1;
                s.text = s.text.replace(&heading, &with);
            }
            s
        })
        .collect();
    assert_eq!(found, 1, "one file holds ## {name}");
    out
}

/// The ids of the cards filed under an entry's key.
fn ids_of(deck: &Deck, key: &str) -> BTreeSet<String> {
    let end = format!("/{key}");
    deck.cards()
        .iter()
        .filter(|c| c.id.ends_with(&end))
        .map(|c| c.id.clone())
        .collect()
}

#[test]
fn renaming_an_entry_that_keeps_its_key_keeps_its_guids() {
    let sources = real_sources();
    let corpus = Corpus::build(&sources).corpus;
    let deck = Deck::build(&corpus);
    // An entry with a card in both Hvilken lov? and Kjennelse, that no
    // other entry's `see` names (a rename would leave that `see` dangling).
    let entries = corpus.subjects().entries();
    let seen = |name: &str| {
        entries
            .iter()
            .any(|o| o.see.iter().any(|s| s.eq_ignore_ascii_case(name)))
    };
    let entry = entries
        .iter()
        .filter(|e| !seen(&e.name))
        .find(|e| {
            let ids = ids_of(&deck, &e.key);
            ids.iter().any(|i| i.contains("@which-law/"))
                && ids.iter().any(|i| i.contains("@ruling/"))
        })
        .expect("an entry with cards in two decks");
    let before = ids_of(&deck, &entry.key);
    let new = format!("{} (nytt navn)", entry.name);

    let kept = renamed(&sources, &entry.name, &new, Some(&entry.key));
    assert!(errors(&kept).is_empty(), "{:?}", errors(&kept));
    let corpus2 = Corpus::build(&kept).corpus;
    let e2 = corpus2.subjects().by_name(&new).expect("the renamed entry");
    assert_eq!(e2.key, entry.key);
    assert_eq!(ids_of(&Deck::build(&corpus2), &entry.key), before);

    // Without the key the entry files its cards under its new name: the
    // test sees what it measures.
    let moved = renamed(&sources, &entry.name, &new, None);
    let corpus3 = Corpus::build(&moved).corpus;
    let e3 = corpus3.subjects().by_name(&new).expect("the renamed entry");
    assert_ne!(e3.key, entry.key);
    assert!(ids_of(&Deck::build(&corpus3), &entry.key).is_empty());
}

#[test]
fn check_fails_on_a_key_two_entries_hold_or_one_not_of_its_form() {
    let sources = real_sources();
    let corpus = Corpus::build(&sources).corpus;
    let entries = corpus.subjects().entries();
    let (a, b) = (&entries[0], &entries[1]);
    // `b` renamed, taking `a`'s key: two entries, one key.
    let clash = renamed(&sources, &b.name, &format!("{} (ny)", b.name), Some(&a.key));
    let errs = errors(&clash);
    assert!(
        errs.iter()
            .any(|e| e.contains(&format!("has the key \"{}\"", a.key))),
        "{errs:?}"
    );
    for bad in ["Stor Bokstav", "to--streker", "mellom rom", "-foran"] {
        let bad_key = renamed(&sources, &b.name, &b.name, Some(bad));
        let errs = errors(&bad_key);
        assert!(
            errs.iter()
                .any(|e| e.contains(&format!("key \"{bad}\" is not a key"))),
            "{bad}: {errs:?}"
        );
    }
}

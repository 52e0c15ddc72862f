//! Kjennelse cards from the published cases of `kjennelser/`: each asks with
//! a table situation (an appeal or a TD's ruling) as the item tells it, in
//! the item's language; its answer is the provision the case applies (its
//! first 2017 mapping, or the provision above it that the corpus holds);
//! no distractor is a provision the case applies or above or below one,
//! and each is of the answer's family. Every law with such a case has one,
//! and the cases' cards pass the whole-deck rules on their own.

use std::collections::BTreeSet;

use lovbok::cards::{quality, Card, DeckId};
use lovbok::corpus::{Corpus, ProvisionId, Root, RulingKind};

use crate::cards::{built, html_text, lovbok, parse_anki, Built};

fn case_cards(deck: &lovbok::cards::Deck) -> Vec<&Card> {
    deck.of(DeckId::Rulings)
        .filter(|c| c.case.is_some())
        .collect()
}

fn root_of(id: &ProvisionId) -> Option<Root> {
    id.numbered_root()
}

#[test]
fn a_case_card_asks_with_its_situation_for_the_rule_it_applies() {
    let Built { corpus: c, deck } = built();
    let cards = case_cards(deck);
    println!("{} Kjennelse cards from published cases", cards.len());
    assert!(cards.len() >= 40, "{} case cards", cards.len());
    for card in cards {
        let id = card.case.as_deref().unwrap_or_default();
        let item = c.rulings().get(id).expect("the card's case");
        assert!(
            matches!(item.kind, RulingKind::Appeal | RulingKind::Ruling),
            "{}: a {} is no table situation",
            card.id,
            item.kind
        );
        // The situation, or its opening sentences: what happened at the
        // table, never a question or a report of a discussion.
        let prompt = card.prompt.text.as_deref().unwrap_or_default();
        let whole = item.situation.trim();
        assert!(
            whole.starts_with(prompt.trim_end_matches('.')) && prompt.ends_with(['.', '!']),
            "{}: {prompt}",
            card.id
        );
        let lower = prompt.to_lowercase();
        for talk in [
            "argued",
            "debated",
            "the thread",
            "the list",
            "asked whether",
        ] {
            assert!(!lower.contains(talk), "{}: {prompt}", card.id);
        }
        assert_eq!(card.prompt.lang, item.lang.as_str(), "{}", card.id);
        let first = item.provisions().next().expect("a mapped provision");
        let right = card.right().face.cite.clone().expect("a cite");
        assert!(right.contains(first), "{}: {right} for {first}", card.id);
        for (i, ch) in card.choices.iter().enumerate() {
            let cite = ch.face.cite.clone().expect("a cite");
            assert_eq!(
                root_of(&cite).map(|r| r.book()),
                root_of(&right).map(|r| r.book())
            );
            if i == card.answer {
                continue;
            }
            assert!(
                !item
                    .provisions()
                    .any(|m| m.contains(&cite) || cite.contains(m)),
                "{}: distractor {cite} is a provision the case applies",
                card.id
            );
        }
    }
}

/// The laws the case cards answer with, and those a table situation (an
/// appeal's or a TD's ruling's, not a discussion of one) applies.
fn laws_with_cases(c: &Corpus, cards: &[&Card]) -> (BTreeSet<u16>, BTreeSet<u16>) {
    let law = |id: &ProvisionId| match id.numbered_root() {
        Some(Root::Law(n)) => Some(n),
        _ => None,
    };
    let carded: BTreeSet<u16> = cards
        .iter()
        .filter_map(|card| card.right().face.cite.as_ref().and_then(law))
        .collect();
    let cased: BTreeSet<u16> = c
        .rulings()
        .items()
        .iter()
        .filter(|i| lovbok::cards::table_situation(i).is_some())
        .filter_map(|i| i.provisions().next().and_then(law))
        .collect();
    (carded, cased)
}

#[test]
fn every_law_a_table_case_applies_has_a_card_from_it() {
    let Built { corpus: c, deck } = built();
    let (carded, cased) = laws_with_cases(c, &case_cards(deck));
    let missing: Vec<&u16> = cased.difference(&carded).collect();
    println!(
        "{} of {} laws with a table case have a card; without: {missing:?}",
        cased.len() - missing.len(),
        cased.len()
    );
    assert!(missing.is_empty(), "{missing:?}");
}

/// The whole-deck rules hold for the cases' cards on their own too, so
/// the index's cards do not hide a weakness of theirs.
#[test]
fn the_case_cards_alone_pass_the_whole_deck_rules() {
    let Built { corpus: c, deck } = built();
    let cards = case_cards(deck);
    let nb = quality::overlap_rate(c, cards.iter().copied(), "nb");
    let da = quality::overlap_rate(c, cards.iter().copied(), "da");
    let long = quality::longest_rate(c, cards.iter().copied());
    let p = quality::position_p(cards.iter().copied());
    println!(
        "cases: {} cards; most words shared right {:.1} % (nb), {:.1} % (da); longest right {:.1} %; χ² p = {p:.2e}",
        cards.len(),
        nb * 100.0,
        da * 100.0,
        long * 100.0
    );
    for r in [nb, da, long] {
        assert!(r <= quality::MAX_STRATEGY_RATE, "{r}");
    }
    assert!(p > quality::MIN_POSITION_P, "{p}");
    assert!(cards.iter().all(|card| !quality::spelling_solves(c, card)));
}

/// The Anki export names the case of every Kjennelse card made from one:
/// a tag with the ruling's id (`lovbok::kjennelse::<id>`) and, on the back,
/// its title linked to its page (`/kjennelser/<id>`); no other card has
/// either.
#[test]
fn anki_notes_of_case_cards_name_their_ruling() {
    let out = String::from_utf8(lovbok(&[
        "cards",
        "--deck",
        "kjennelse",
        "--format",
        "anki",
        "--base-url",
        "https://lovbok.example/",
    ]))
    .expect("UTF-8");
    let (_, notes) = parse_anki(&out);
    let Built { corpus: c, deck } = built();
    let cards: Vec<&Card> = deck.of(DeckId::Rulings).collect();
    assert_eq!(notes.len(), cards.len());
    let mut cased = 0;
    for (note, card) in notes.iter().zip(cards) {
        assert_eq!(note.guid, card.id);
        let tagged: Vec<&String> = note
            .tags
            .iter()
            .filter(|t| t.starts_with("lovbok::kjennelse::"))
            .collect();
        let link = "href='https://lovbok.example/kjennelser/";
        let Some(id) = card.case.as_deref() else {
            assert!(tagged.is_empty(), "{}: {tagged:?}", card.id);
            assert!(!note.back.contains(link), "{}", card.id);
            continue;
        };
        cased += 1;
        assert_eq!(tagged, [&format!("lovbok::kjennelse::{id}")], "{}", card.id);
        assert!(
            note.back.contains(&format!("{link}{id}'")),
            "{}: {}",
            card.id,
            note.back
        );
        let title = &c.rulings().get(id).expect("the card's case").title;
        let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat(&html_text(&note.back)).contains(&flat(title)),
            "{}: {}",
            card.id,
            note.back
        );
    }
    println!("{cased} Anki notes name their case");
    assert!(cased >= 40, "{cased}");
}

//! Kjennelse cards from the published cases of `kjennelser/`: each asks with
//! a table situation (an appeal or a TD's ruling) as the item tells it, in
//! the item's language; its answer is the provision the case applies (its
//! first 2017 mapping, or the provision above it that the corpus holds);
//! no distractor is a provision the case applies or above or below one,
//! and each is of the answer's family. Every law with such a case has one.

use std::collections::BTreeSet;

use lovbok::cards::{Card, DeckId};
use lovbok::corpus::{Corpus, ProvisionId, Root, RulingKind};

use crate::cards::{built, Built};

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
        assert_eq!(
            card.prompt.text.as_deref(),
            Some(item.situation.trim()),
            "{}",
            card.id
        );
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

/// The laws whose table situations (appeals and TDs' rulings) `corpus`
/// has a card for, and those it has such a case of.
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
        .filter(|i| matches!(i.kind, RulingKind::Appeal | RulingKind::Ruling))
        .filter_map(|i| i.provisions().next().and_then(law))
        .collect();
    (carded, cased)
}

#[test]
fn most_laws_a_table_case_applies_have_a_card_from_it() {
    let Built { corpus: c, deck } = built();
    let (carded, cased) = laws_with_cases(c, &case_cards(deck));
    let missing: Vec<&u16> = cased.difference(&carded).collect();
    println!(
        "{} of {} laws with a table case have a card; without: {missing:?}",
        cased.len() - missing.len(),
        cased.len()
    );
    assert!(!carded.is_empty());
}

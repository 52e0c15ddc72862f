//! The whole-deck rules of `cards::quality` over every deck of the real
//! corpus, in both interface languages: no prompt is its answer's name, no
//! two cards ask the same with different answers, neither word overlap nor
//! length nor spelling finds the answer, the answer stands at each position
//! equally often, and no Fyll inn distractor is a function word. Each test
//! prints its figures per deck before it judges them.

use std::collections::HashMap;

use lovbok::cards::{quality, Card, Deck, DeckId};

use crate::cards::{built, Built};

fn cards_of(deck: &Deck, d: DeckId) -> Vec<&Card> {
    deck.of(d).collect()
}

#[test]
fn no_prompt_is_its_answers_name() {
    let Built { corpus: c, deck } = built();
    let bad: Vec<&str> = deck
        .cards()
        .iter()
        .filter(|card| quality::prompt_is_label(c, card))
        .map(|card| card.id.as_str())
        .collect();
    println!("{} cards whose prompt is their answer's name", bad.len());
    assert!(bad.is_empty(), "{} cards: {:?}", bad.len(), bad);
}

#[test]
fn no_two_cards_ask_the_same_with_different_answers_in_either_language() {
    let Built { deck, .. } = built();
    let mut seen: HashMap<(String, &str, String), &Card> = HashMap::new();
    let mut clashes: Vec<String> = Vec::new();
    for card in deck.cards() {
        let Some(own) = card.prompt.text.as_deref() else {
            continue;
        };
        let da = card.prompt_da.as_deref().unwrap_or(own);
        for (lang, text) in [("nb", own), ("da", da)] {
            let key = (
                card.kind.slug().to_string(),
                lang,
                lovbok::cards::normalized(text),
            );
            if let Some(other) = seen.insert(key, card) {
                if other.right().face != card.right().face {
                    clashes.push(format!("{lang}: {} / {} ({text})", other.id, card.id));
                }
            }
        }
    }
    println!("{} prompts shared with another answer", clashes.len());
    assert!(clashes.is_empty(), "{clashes:#?}");
}

#[test]
fn word_overlap_and_length_do_not_find_the_answer() {
    let Built { corpus: c, deck } = built();
    let mut bad = Vec::new();
    for d in DeckId::ALL {
        let cards = cards_of(deck, d);
        let nb = quality::overlap_rate(c, cards.iter().copied(), "nb");
        let da = quality::overlap_rate(c, cards.iter().copied(), "da");
        let long = quality::longest_rate(c, cards.iter().copied());
        println!(
            "{d}: {} cards; most words shared right {:.1} % (nb), {:.1} % (da); longest right {:.1} %",
            cards.len(),
            nb * 100.0,
            da * 100.0,
            long * 100.0
        );
        for (what, r) in [("overlap nb", nb), ("overlap da", da), ("longest", long)] {
            if r > quality::MAX_STRATEGY_RATE {
                bad.push(format!("{d}: {what} {:.1} %", r * 100.0));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn answer_positions_are_uniform_in_every_deck() {
    let Built { deck, .. } = built();
    let mut bad = Vec::new();
    for d in DeckId::ALL {
        let cards = cards_of(deck, d);
        let mut counts = [0usize; lovbok::cards::CHOICES];
        for card in &cards {
            counts[card.answer] += 1;
        }
        let p = quality::position_p(cards.iter().copied());
        println!("{d}: positions {counts:?}, χ² p = {p:.2e}");
        if p <= quality::MIN_POSITION_P {
            bad.push(format!("{d}: {counts:?} p = {p:.2e}"));
        }
    }
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn no_fill_in_distractor_is_a_function_word() {
    let Built { deck, .. } = built();
    let bad: Vec<String> = deck
        .of(DeckId::FillIn)
        .flat_map(|card| {
            quality::function_word_distractors(card)
                .into_iter()
                .map(move |w| format!("{}: {w}", card.id))
        })
        .collect();
    println!("{} function-word distractors in Fyll inn", bad.len());
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn spelling_never_solves_a_card() {
    let Built { corpus: c, deck } = built();
    let mut bad = Vec::new();
    for d in DeckId::ALL {
        let solved: Vec<&str> = deck
            .of(d)
            .filter(|card| quality::spelling_solves(c, card))
            .map(|card| card.id.as_str())
            .collect();
        println!(
            "{d}: {} of {} solved by spelling",
            solved.len(),
            deck.count(d)
        );
        bad.extend(solved.into_iter().map(String::from));
    }
    assert!(bad.is_empty(), "{} cards: {bad:#?}", bad.len());
}

#[test]
fn the_statistics_see_what_they_measure() {
    assert!(quality::position_p(std::iter::empty()) >= 0.99);
    assert!(quality::spelling_likeness("informasjon", "informasjon") > 0.99);
    assert!(quality::spelling_likeness("melding", "kontrakt") < 0.1);
}

//! The whole-deck rules of `cards::quality` over every deck of the real
//! corpus, in both interface languages: no prompt is its answer's name, no
//! two cards ask the same with different answers, neither word overlap nor
//! length nor spelling finds the answer, the answer stands at each position
//! equally often, and no Fyll inn distractor is a function word. Each test
//! prints its figures per deck before it judges them.

use std::collections::HashMap;

use lovbok::cards::{numerals, quality, Card, Deck, DeckId};

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

/// The numbers a text shows, read here on their own (not by the
/// generator's reader): every run of digits with its decimals, by size,
/// cite digits (`X78A4`) included, and the Norwegian and Danish number
/// words up to twenty and the tens, the article ("en", "et") excepted.
fn shown_numbers(text: &str) -> Vec<f64> {
    #[rustfmt::skip]
    const WORDS: &[(&str, f64)] = &[
        ("null", 0.0), ("nul", 0.0), ("én", 1.0), ("ett", 1.0), ("ét", 1.0), ("to", 2.0),
        ("tre", 3.0), ("fire", 4.0), ("fem", 5.0), ("seks", 6.0), ("sju", 7.0), ("syv", 7.0),
        ("åtte", 8.0), ("otte", 8.0), ("ni", 9.0), ("ti", 10.0), ("elleve", 11.0),
        ("tolv", 12.0), ("tretten", 13.0), ("fjorten", 14.0), ("femten", 15.0),
        ("seksten", 16.0), ("sytten", 17.0), ("atten", 18.0), ("nitten", 19.0),
        ("tjue", 20.0), ("tyve", 20.0), ("tretti", 30.0), ("tredive", 30.0), ("førti", 40.0),
        ("fyrre", 40.0), ("femti", 50.0), ("halvtreds", 50.0), ("seksti", 60.0), ("tres", 60.0),
        ("sytti", 70.0), ("halvfjerds", 70.0), ("åtti", 80.0), ("firs", 80.0), ("nitti", 90.0),
        ("halvfems", 90.0), ("hundre", 100.0), ("hundrede", 100.0), ("halvannen", 1.5),
        ("halvanden", 1.5),
    ];
    let mut out: Vec<f64> = text
        .split(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
        .map(|t| t.trim_matches([',', '.']).replace(',', "."))
        .filter_map(|t| t.parse::<f64>().ok())
        .collect();
    for w in text.split(|c: char| !c.is_alphabetic()) {
        let w = w.to_lowercase();
        out.extend(WORDS.iter().filter(|(k, _)| *k == w).map(|(_, v)| *v));
    }
    out
}

/// The number a choice of a Tall card shows, by size ("−12,5 IMP": 12.5).
fn choice_number(text: &str) -> Option<f64> {
    shown_numbers(text).into_iter().next()
}

/// Tall: no prompt shows its answer, in digits or in words, in any part
/// (the board's values, a label, a choice of the form, the title), and
/// none shows a wrong choice either (once no answer is ever in the prompt,
/// a choice that is would be known to be wrong). Before this rule 42 of
/// 197 prompts showed their answer.
#[test]
fn no_tall_prompt_shows_its_answer_or_a_choice() {
    let Built { deck, .. } = built();
    let cards = cards_of(deck, DeckId::Numbers);
    let (mut answers, mut wrong) = (Vec::new(), Vec::new());
    for card in &cards {
        let prompt = card.prompt.text.as_deref().unwrap_or_default();
        let shown = shown_numbers(prompt);
        for (i, ch) in card.choices.iter().enumerate() {
            let text = ch.face.text.as_deref().unwrap_or_default();
            let n = choice_number(text).unwrap_or_else(|| panic!("{}: {text:?}", card.id));
            let by_library =
                numerals::answer_number(text).is_some_and(|q| numerals::shows(prompt, &q));
            if by_library || shown.iter().any(|s| (s - n).abs() < 1e-9) {
                let found = format!("{}: {text} in {prompt}", card.id);
                if i == card.answer {
                    answers.push(found);
                } else {
                    wrong.push(found);
                }
            }
        }
    }
    println!(
        "{} Tall cards; {} show their answer in the prompt, {} a wrong choice",
        cards.len(),
        answers.len(),
        wrong.len()
    );
    assert!(cards.len() >= 150, "{} Tall cards", cards.len());
    assert!(answers.is_empty(), "{answers:#?}");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_independent_number_reader_reads_digits_and_words() {
    assert_eq!(
        shown_numbers("Score A: -420; X78A4, tre og 12,5."),
        vec![420.0, 78.0, 4.0, 12.5, 3.0]
    );
    assert!(shown_numbers("en score, et bord").is_empty());
}

//! The practice decks of the study mode, generated from the built-in corpus:
//! how many cards each deck has per kind, and one card of each kind.
//!
//! `cargo run --example cards`
use std::fmt::Write as _;
use std::io::Write as _;

use lovbok::cards::{CardKind, Deck, DeckId};
use lovbok::corpus::{embedded_sources, Corpus};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // # Build: the corpus in, every card out (pure, deterministic).
    let loaded = Corpus::build(&embedded_sources());
    if loaded.has_errors() {
        return Err("the built-in corpus has errors; run lovbok check".into());
    }
    let corpus = loaded.corpus;
    let started = std::time::Instant::now();
    let deck = Deck::build(&corpus);
    let mut out = String::new();
    writeln!(
        out,
        "{} cards in {:?}",
        deck.cards().len(),
        started.elapsed()
    )?;

    // # Sizes, per deck and per kind (direction).
    for d in DeckId::ALL {
        writeln!(out, "{d}: {}", deck.count(d))?;
        for k in CardKind::ALL.into_iter().filter(|k| k.deck() == d) {
            let n = deck.cards().iter().filter(|c| c.kind == k).count();
            writeln!(out, "  {}: {n}", k.slug())?;
        }
    }
    for s in deck.skipped() {
        writeln!(
            out,
            "skipped {} ({}): {}",
            corpus.at(s.provision).id,
            s.kind.slug(),
            s.reason
        )?;
    }

    // # One card of each kind: the prompt, then the choices (* = right).
    for k in CardKind::ALL {
        let Some(card) = deck.cards().iter().find(|c| c.kind == k) else {
            continue;
        };
        writeln!(out, "\n{}", card.id)?;
        let show = |f: &lovbok::cards::Face| {
            let cite = f.cite.as_ref().map(|c| c.to_string()).unwrap_or_default();
            let text: String = f.text.as_deref().unwrap_or("").chars().take(100).collect();
            format!("{cite} {text}").trim().to_string()
        };
        writeln!(out, "  {}", show(&card.prompt))?;
        for (i, c) in card.choices.iter().enumerate() {
            let mark = if i == card.answer { '*' } else { ' ' };
            writeln!(out, "  {mark} {}", show(&c.face))?;
        }
    }
    // A reader that stops early (`| head`) is not an error.
    match std::io::stdout().write_all(out.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

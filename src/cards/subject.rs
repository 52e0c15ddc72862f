//! The *Hvilken lov?* deck: a subject of lovbok's index (a situation as a TD
//! names it) → the provision that treats it.
//!
//! The prompt is the entry's name, which is lovbok's own words (the card's
//! face says which language it is in, and the study page labels the deck
//! as drawn from the index); the answer is always the first provision the
//! entry names, its most specific one. Distractors are the first provisions
//! of other entries of the same group ("during the play"), so the card
//! tests the law and not the phase of the board; a provision the entry
//! itself names, or one above or below it, is never a distractor, so only
//! one choice is right.

use crate::corpus::subjects::TermLang;
use crate::corpus::Corpus;

use super::{card, Card, CardKind, Choice, Face, Skipped, CHOICES};

/// Every subject of the index with a provision to ask for, in name order.
pub(super) fn cards(corpus: &Corpus) -> (Vec<Card>, Vec<Skipped>) {
    let index = corpus.subjects();
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    // Per group: the first provision of each entry (its answer), once each.
    let answer_of = |i: usize| -> Option<usize> {
        index
            .entries()
            .get(i)
            .and_then(|e| e.cites.first())
            .and_then(|c| corpus.index_of(c))
    };
    for (i, entry) in index.entries().iter().enumerate() {
        let Some(answer) = answer_of(i) else {
            continue;
        };
        let candidates = group_candidates(corpus, i, answer_of, |j| {
            Face::cite(&corpus.at(j).id, corpus.at(j).lang())
        });
        let id = card_id(corpus, answer, entry.slug().as_str());
        let d: Vec<Choice> =
            super::pick::choose(&id, &candidates, CHOICES - 1, |(_, f)| f.key(), |_| 0)
                .into_iter()
                .map(|(source, face)| Choice { source, face })
                .collect();
        if d.len() < CHOICES - 1 {
            skipped.push(Skipped {
                kind: CardKind::SubjectToProvision,
                provision: answer,
                reason: "fewer than three distractors in its group",
            });
            continue;
        }
        let prompt = Face::text(entry.name.clone(), "nb");
        let right = Choice {
            source: answer,
            face: Face::cite(&corpus.at(answer).id, corpus.at(answer).lang()),
        };
        let mut c = card(
            corpus,
            CardKind::SubjectToProvision,
            answer,
            prompt,
            right,
            d,
        );
        // Several subjects can share a provision: the subject makes the id.
        c.id = id;
        c.prompt_da = entry.first_term(TermLang::Da).map(str::to_string);
        out.push(c);
    }
    (out, skipped)
}

/// `54@which-law/utspill-utenfor-tur`: the answer's cite, the kind and the
/// subject, stable while the entry keeps its name and first cite.
fn card_id(corpus: &Corpus, answer: usize, slug: &str) -> String {
    format!(
        "{}@{}/{slug}",
        corpus.at(answer).id,
        CardKind::SubjectToProvision.slug()
    )
}

/// The answers of the other entries of entry `i`'s group, once each, as
/// `face` shows them: the distractors of a card about entry `i`. None is a
/// provision entry `i` names, or one above or below those, so only one
/// choice is right.
pub(super) fn group_candidates(
    corpus: &Corpus,
    i: usize,
    answer_of: impl Fn(usize) -> Option<usize>,
    face: impl Fn(usize) -> Face,
) -> Vec<(usize, Face)> {
    let entries = corpus.subjects().entries();
    let Some(entry) = entries.get(i) else {
        return Vec::new();
    };
    let named: Vec<usize> = entry
        .cites
        .iter()
        .filter_map(|c| corpus.index_of(c))
        .collect();
    let related = |j: usize| named.iter().any(|&n| same_lineage(corpus, n, j));
    let mut out: Vec<(usize, Face)> = Vec::new();
    for (k, other) in entries.iter().enumerate() {
        if k == i || other.group != entry.group {
            continue;
        }
        let Some(j) = answer_of(k) else { continue };
        if related(j) || out.iter().any(|(c, _)| *c == j) {
            continue;
        }
        out.push((j, face(j)));
    }
    out
}

/// True when `a` and `b` are the same provision or one contains the other.
fn same_lineage(corpus: &Corpus, a: usize, b: usize) -> bool {
    corpus.path_of(a).contains(&b) || corpus.path_of(b).contains(&a)
}

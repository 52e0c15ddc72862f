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
use crate::corpus::{Corpus, ProvisionId};

use std::collections::HashMap;

use super::{card_with_id, normalized, quality, Card, CardKind, Choice, Face, Skipped, CHOICES};

/// Every subject of the index with a provision to ask for, in name order.
pub(super) fn cards(corpus: &Corpus) -> (Vec<Card>, Vec<Skipped>) {
    let index = corpus.subjects();
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    let counts = term_counts(corpus);
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
        let id = card_id(corpus, answer, &entry.key);
        // Rules of the answer's kind first (a law's cite beside laws', a
        // definition's term beside terms): a term among cites is no rule.
        let defined = |j: usize| matches!(corpus.at(j).id, ProvisionId::Definition(_));
        let tier = |(j, _): &(usize, Face)| u8::from(defined(*j) != defined(answer));
        let d: Vec<Choice> =
            super::pick::choose(&id, &candidates, CHOICES - 1, |(_, f)| f.key(), tier)
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
        let right = Choice {
            source: answer,
            face: Face::cite(&corpus.at(answer).id, corpus.at(answer).lang()),
        };
        // The entry's name, unless it is the answer's own name (`Alert` →
        // `def:Alert`): then another of its terms that does not show it.
        let label = quality::label(corpus, &right.face);
        let nb = entry.terms.iter().filter(|t| t.lang == TermLang::Nb);
        let nb = if quality::fair_prompt(&entry.name, &label) {
            Some(entry.name.as_str())
        } else {
            asking_term(nb.map(|t| t.text.as_str()), &label, TermLang::Nb, &counts)
        };
        let da = entry.terms.iter().filter(|t| t.lang == TermLang::Da);
        let da = asking_term(da.map(|t| t.text.as_str()), &label, TermLang::Da, &counts);
        let (Some(nb), Some(da)) = (nb, da) else {
            skipped.push(Skipped {
                kind: CardKind::SubjectToProvision,
                provision: answer,
                reason: quality::GIVES_AWAY,
            });
            continue;
        };
        let prompt = Face::text(nb, "nb");
        let kind = CardKind::SubjectToProvision;
        let mut c = card_with_id(corpus, id, kind, answer, prompt, right, d);
        c.prompt_da = Some(da.to_string());
        out.push(c);
    }
    (out, skipped)
}

/// `54@which-law/utspill-utenfor-tur`: the answer's cite, the kind and the
/// entry's key ([`crate::corpus::Subject::key`]), stable while the entry
/// keeps its key and first cite.
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
pub(super) fn same_lineage(corpus: &Corpus, a: usize, b: usize) -> bool {
    corpus.path_of(a).contains(&b) || corpus.path_of(b).contains(&a)
}

/// How many entries of the index hold each term, by language and
/// normalized text: a term two entries hold asks for two answers.
pub(super) fn term_counts(corpus: &Corpus) -> HashMap<(TermLang, String), usize> {
    let mut out: HashMap<(TermLang, String), usize> = HashMap::new();
    for e in corpus.subjects().entries() {
        let mut own: Vec<(TermLang, String)> = e
            .terms
            .iter()
            .map(|t| (t.lang, normalized(&t.text)))
            .collect();
        own.sort_by(|a, b| (a.0 as u8, &a.1).cmp(&(b.0 as u8, &b.1)));
        own.dedup();
        for k in own {
            *out.entry(k).or_default() += 1;
        }
    }
    out
}

/// The first of an entry's terms (in its order) a card can ask with: not
/// the answer's name nor built on it, and one no other entry holds if the
/// entry has such a term.
pub(super) fn asking_term<'t>(
    terms: impl Iterator<Item = &'t str>,
    label: &str,
    lang: TermLang,
    counts: &HashMap<(TermLang, String), usize>,
) -> Option<&'t str> {
    let fair: Vec<&str> = terms.filter(|t| quality::fair_prompt(t, label)).collect();
    let own = |t: &&str| counts.get(&(lang, normalized(t))).copied().unwrap_or(0) <= 1;
    fair.iter()
        .copied()
        .find(own)
        .or_else(|| fair.first().copied())
}

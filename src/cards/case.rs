//! Kjennelse cards from published cases (`kjennelser/`): what happened at
//! a real table → the provision the case was decided under.
//!
//! The prompt is the item's `situation`, which is lovbok's own words, in
//! the item's language (the face says which: most sources are English, some
//! Danish or Swedish; a Scandinavian TD reads them as published, and the
//! Laws' original is English). Only an appeal or a TD's ruling tells a table
//! situation; a minute or a commentary states how a rule is read, so it
//! gives no card. A card tells a situation's sentences up to the first that
//! asks the source's question or reports a discussion ("the list
//! debated"); one with too little left, one that leans on another item,
//! and one that names a law (the number would answer the card) give none.
//!
//! The answer is the first provision the case applies (its 2017 mapping),
//! or the nearest provision above it that the corpus holds (the law, for a
//! title-only law's paragraph): its cite with the start of its text, or its
//! title where the source has no text. Distractors are of the same family
//! and form: provisions at the same depth in the same law or section first,
//! then in the laws or sections next to it, shown the same way, and never
//! a provision the case applies or one above or below it, so only one
//! choice is right.

use crate::cite;
use crate::corpus::{Corpus, ProvisionId, Root, Ruling, RulingKind};

use super::{card_with_id, quality, Card, CardKind, Choice, Face, CHOICES};

/// Why a case with an answer gives no card: it tells no table situation.
const NOT_TOLD: &str = "the case tells no table situation";
/// A case whose situation names a law or section.
const NAMES_A_RULE: &str = "the situation names a law or section";
/// Too few provisions of the answer's family to choose among.
const NO_FAMILY: &str = "fewer than three provisions of its family to choose among";

/// Fewest words a card tells of what happened.
const MIN_TOLD_WORDS: usize = 6;

/// How far (in law or section numbers) a neighbour may lie, per tier.
const NEAR: [u16; 2] = [3, 6];

/// Every table situation of `kjennelser/` whose rule the corpus holds.
pub(super) fn cards(corpus: &Corpus) -> Vec<Card> {
    let mut out = Vec::new();
    for item in corpus.rulings().items() {
        let Some(answer) = item.provisions().next().and_then(|id| held(corpus, id)) else {
            continue;
        };
        // A case that gives no card is not a provision's loss (the rule has
        // its other cards), so it is not in the skip list.
        if let Ok(card) = case_card(corpus, item, answer) {
            out.push(card);
        }
    }
    out
}

/// The card of one case whose answer is provision `answer`, or why none.
fn case_card(corpus: &Corpus, item: &Ruling, answer: usize) -> Result<Card, &'static str> {
    let told = table_situation(item).ok_or(NOT_TOLD)?;
    let told = told.as_str();
    if !cite::link(told, None, corpus).is_empty() {
        return Err(NAMES_A_RULE);
    }
    let titled = body(corpus, answer).is_none();
    let right = Choice {
        source: answer,
        face: face(corpus, answer, titled).ok_or(NO_FAMILY)?,
    };
    let id = format!(
        "{}@{}/case:{}",
        corpus.at(answer).id,
        CardKind::Ruling.slug(),
        item.id
    );
    let candidates = family(corpus, item, answer, titled);
    let asked = quality::content_stems(told);
    let d: Vec<Choice> = super::pick::choose(
        &id,
        &candidates,
        CHOICES - 1,
        |(_, f, _)| f.key(),
        // The nearest first; among them those sharing the situation's
        // words, so word overlap does not point at the answer.
        |(_, f, near)| {
            let shared = quality::content_stems(&quality::shown(corpus, f))
                .intersection(&asked)
                .count()
                .min(60) as u8;
            near * 61 + (60 - shared)
        },
    )
    .into_iter()
    .map(|(source, face, _)| Choice { source, face })
    .collect();
    if d.len() < CHOICES - 1 || quality::gives_away(told, right.face.text.as_deref().unwrap_or(""))
    {
        return Err(NO_FAMILY);
    }
    let prompt = Face::text(told, item.lang.as_str());
    let mut c = card_with_id(corpus, id, CardKind::Ruling, answer, prompt, right, d);
    c.case = Some(item.id.clone());
    Ok(c)
}

/// What happened, as a situation tells it: its sentences up to the first
/// that asks a question (the source's) or reports a discussion rather than
/// the table ("the list debated", "a member argued", "the thread asked"),
/// with the clause of that sentence before a `;` or `, and` that does
/// neither; `None` when too little is left of a table situation.
fn told(situation: &str) -> Option<String> {
    let t = situation.trim();
    let mut end = 0;
    let mut start = 0;
    let mut tail = String::new();
    for (i, c) in t.char_indices() {
        let at_end = matches!(c, '.' | '?' | '!')
            && t[i + c.len_utf8()..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace);
        if !at_end {
            continue;
        }
        let sentence = &t[start..i + c.len_utf8()];
        let lower = sentence.to_lowercase();
        let talk = DISCUSSION.iter().filter_map(|m| lower.find(m)).min();
        if c == '?' || talk.is_some() {
            let at = talk.unwrap_or(sentence.len()).min(sentence.len());
            let clause = [";", ", and "]
                .iter()
                .filter_map(|b| sentence.get(..at).and_then(|head| head.rfind(b)))
                .max();
            if let Some(cut) = clause {
                tail = format!("{}.", sentence[..cut].trim());
            }
            break;
        }
        end = i + c.len_utf8();
        start = end;
    }
    let told = format!("{} {tail}", &t[..end]).trim().to_string();
    (told.split_whitespace().count() >= MIN_TOLD_WORDS
        && !leans_back(&told)
        && !quality::needs_unseen_text(&told))
    .then_some(told)
}

/// The table situation a published case tells, as a card asks with it:
/// an appeal's or a TD's ruling's situation up to its first question or
/// report of a discussion ("the list debated"); `None` for a minute or a
/// commentary, which state how a rule is read, and for a situation with too
/// little left or one that leans on another item.
pub fn table_situation(item: &Ruling) -> Option<String> {
    if !matches!(item.kind, RulingKind::Appeal | RulingKind::Ruling) {
        return None;
    }
    told(&item.situation)
}

/// Words that report a discussion of a case, not what happened at the
/// table: a sentence with one ends what a card tells.
const DISCUSSION: &[&str] = &[
    "argued",
    "debated",
    "discussed",
    "discussing",
    "complained",
    "the list",
    "list member",
    "thread",
    "a member",
    "members",
    "the poster",
    "asked whether",
    "asked what",
    "asked how",
    "asked for",
    "asked where",
    "asked if",
    "reported that",
    "the question",
    "wondered",
    "contributor",
    "the notes",
    "the laws",
    "provision",
    "spørgsmålet",
    "frågan",
    "udtalelsen",
];

/// True for a situation that tells only what another item told ("the
/// previous item", "the same deal").
fn leans_back(text: &str) -> bool {
    let t = text.to_lowercase();
    [
        "previous item",
        "same deal",
        "forrige sag",
        "samme spil",
        "föregående",
    ]
    .iter()
    .any(|w| t.contains(w))
}

/// The provision the corpus holds for a cite: itself, or the nearest one
/// above it (a title-only law for its paragraph).
fn held(corpus: &Corpus, id: &ProvisionId) -> Option<usize> {
    let mut at = Some(id.clone());
    while let Some(id) = at {
        if let Some(i) = corpus.index_of(&id) {
            let p = corpus.at(i);
            return (super::is_numbered(p.kind)
                && (p.title.is_some() || body(corpus, i).is_some()))
            .then_some(i);
        }
        at = id.numbered_parent();
    }
    None
}

/// The text a choice shows of a provision: its own, or where it has none
/// (a heading over its parts) its first part's; `None` outside the source.
fn body(corpus: &Corpus, idx: usize) -> Option<String> {
    let p = corpus.at(idx);
    if !p.in_corpus {
        return None;
    }
    let own = p.text();
    let first = || p.children.iter().find_map(|&c| body(corpus, c));
    if own.trim().is_empty() {
        return first();
    }
    // A text that opens a list ("… dersom:") goes on with its first item.
    match own.trim_end().ends_with(':').then(first).flatten() {
        Some(item) => Some(format!("{own} {item}")),
        None => Some(own),
    }
}

/// A choice showing provision `idx`: its cite with the start of its text,
/// or (`titled`) with its title.
fn face(corpus: &Corpus, idx: usize, titled: bool) -> Option<Face> {
    let p = corpus.at(idx);
    let text = if titled {
        p.title.clone()?
    } else {
        super::ruling::excerpt(&body(corpus, idx)?)
    };
    Some(Face {
        cite: Some(p.id.clone()),
        text: Some(text),
        lang: p.lang(),
    })
}

/// A root's kind and number: neighbours are of one kind, numbers apart.
fn root_number(root: Root) -> (u8, u16) {
    match root {
        Root::Law(n) => (0, n),
        Root::Extension(n) => (1, n),
        Root::Section(n) => (2, n),
    }
}

/// The provisions a card about `item` may offer beside `answer`, each with
/// its face and how near it lies (0: the answer's own law or section; 1
/// and 2: within [`NEAR`] of it): of the answer's depth and form, none a
/// provision the case applies or above or below one.
fn family(corpus: &Corpus, item: &Ruling, answer: usize, titled: bool) -> Vec<(usize, Face, u8)> {
    let a = corpus.at(answer);
    let (Some(root), depth) = (a.id.numbered_root(), depth_of(&a.id)) else {
        return Vec::new();
    };
    let (kind, n) = root_number(root);
    let applied: Vec<ProvisionId> = item.provisions().cloned().chain([a.id.clone()]).collect();
    let mut out = Vec::new();
    for (j, p) in corpus.provisions().iter().enumerate() {
        let Some(r) = p.id.numbered_root() else {
            continue;
        };
        let (k, m) = root_number(r);
        let near = if r == root {
            0
        } else if k != kind {
            continue;
        } else if m.abs_diff(n) <= NEAR[0] {
            1
        } else if m.abs_diff(n) <= NEAR[1] {
            2
        } else {
            continue;
        };
        if depth_of(&p.id) != depth
            || !super::is_numbered(p.kind)
            || applied
                .iter()
                .any(|m| m.contains(&p.id) || p.id.contains(m))
            || body(corpus, j).is_none() != titled
        {
            continue;
        }
        if let Some(f) = face(corpus, j, titled) {
            out.push((j, f, near));
        }
    }
    out
}

/// A numbered provision's depth below its root (0 for the root).
fn depth_of(id: &ProvisionId) -> usize {
    match id {
        ProvisionId::Numbered { path, .. } => path.depth(),
        _ => 0,
    }
}

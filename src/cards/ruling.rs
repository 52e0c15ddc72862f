//! The *Kjennelse* deck: a table situation → what the rule that applies
//! says the TD does. Where *Hvilken lov?* asks for the number, this asks
//! for the ruling.
//!
//! A situation is a subject of lovbok's index whose first provision is a
//! numbered rule with its text in the corpus (laws 1-20, the handbook): the prompt tells what
//! happened, in one of the entry's own Norwegian terms that says more than
//! its name (the longest), and the answer is that provision, shown with the
//! start of its text. Distractors are the first provisions of other
//! entries of the same group ("during the play"), never one the entry
//! names or one above or below those, nor one another entry ties to the
//! situation's words (see [`TermStems::told_elsewhere`]), so only one choice
//! is right.

use crate::corpus::subjects::TermLang;
use crate::corpus::Corpus;

use std::collections::{HashMap, HashSet};

use crate::corpus::subjects::Subject;

use super::{card_with_id, normalized, quality, Card, CardKind, Choice, Face, Skipped, CHOICES};

/// How much of a provision's text a choice shows, in characters.
const EXCERPT: usize = 220;

/// The start of a provision's text, cut at a word.
pub(super) fn excerpt(text: &str) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.chars().count() <= EXCERPT {
        return t;
    }
    let cut: String = t.chars().take(EXCERPT).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{} …", &cut[..at])
}

/// Every situation of the index whose rule has text.
pub(super) fn cards(corpus: &Corpus) -> (Vec<Card>, Vec<Skipped>) {
    let index = corpus.subjects();
    let entries = index.entries();
    let mut out = Vec::new();
    // The first provision of an entry, when its text is in the corpus.
    let answer_of = |i: usize| -> Option<usize> {
        let c = entries.get(i)?.cites.first()?;
        let j = corpus.index_of(c)?;
        let p = corpus.at(j);
        // A rule a TD applies: a numbered provision with its text, not a
        // definition or the front matter.
        (super::is_numbered(p.kind) && p.in_corpus && !p.text().trim().is_empty()).then_some(j)
    };
    let counts = super::subject::term_counts(corpus);
    let stems = TermStems::of(corpus);
    for (i, entry) in entries.iter().enumerate() {
        let Some(answer) = answer_of(i) else {
            continue;
        };
        // What happened: the entry's longest Norwegian term that says more
        // than the name, one no other entry holds where it has one.
        let Some(told) = situation(entry, TermLang::Nb, &counts) else {
            continue;
        };
        let text = excerpt(&corpus.at(answer).text());
        if quality::gives_away(told, &text) {
            continue;
        }
        let da = situation(entry, TermLang::Da, &counts).or_else(|| entry.first_term(TermLang::Da));
        let face = |j: usize| {
            let p = corpus.at(j);
            Face {
                cite: Some(p.id.clone()),
                text: Some(excerpt(&p.text())),
                lang: p.lang(),
            }
        };
        let asked = quality::content_stems(&format!("{told} {}", da.unwrap_or_default()));
        let elsewhere = stems.told_elsewhere(corpus, i, &asked);
        let mut candidates = super::subject::group_candidates(corpus, i, answer_of, face);
        candidates.retain(|(j, _)| {
            !elsewhere
                .iter()
                .any(|&n| super::subject::same_lineage(corpus, n, *j))
        });
        let id = format!(
            "{}@{}/{}",
            corpus.at(answer).id,
            CardKind::Ruling.slug(),
            entry.key
        );
        // Rules that share the situation's words first, then those of the
        // answer's own law (its family): word overlap does not point at the
        // answer, and every choice is a rule the TD could reach for.
        let root = corpus.at(answer).id.numbered_root();
        let tier = |(j, f): &(usize, Face)| {
            let shared = quality::content_stems(&quality::shown(corpus, f))
                .intersection(&asked)
                .count()
                .min(60) as u8;
            // A rule of the answer's book first: one alone in its book and
            // language among the choices is found by that.
            let other_book = corpus.at(*j).book != corpus.at(answer).book;
            u8::from(other_book) * 122
                + (60 - shared) * 2
                + u8::from(corpus.at(*j).id.numbered_root() != root)
        };
        let d: Vec<Choice> =
            super::pick::choose(&id, &candidates, CHOICES - 1, |(_, f)| f.key(), tier)
                .into_iter()
                .map(|(source, face)| Choice { source, face })
                .collect();
        // A group with too few other rules gives no card.
        if d.len() < CHOICES - 1 {
            continue;
        }
        let prompt = Face::text(told, "nb");
        let right = Choice {
            source: answer,
            face: face(answer),
        };
        let mut c = card_with_id(corpus, id, CardKind::Ruling, answer, prompt, right, d);
        c.prompt_da = da.map(str::to_string);
        out.push(c);
    }
    (out, Vec::new())
}

/// A situation an entry's terms tell in `lang`: its longest term of two
/// words or more that is not its name, preferring one no other entry
/// holds (a term two entries hold asks for two rules).
fn situation<'e>(
    entry: &'e Subject,
    lang: TermLang,
    counts: &HashMap<(TermLang, String), usize>,
) -> Option<&'e str> {
    let told: Vec<&str> = entry
        .terms
        .iter()
        .filter(|t| t.lang == lang && t.text != entry.name)
        .map(|t| t.text.as_str())
        .filter(|t| t.split_whitespace().count() >= 2)
        .collect();
    let longest = |ts: &mut dyn Iterator<Item = &'e str>| {
        ts.max_by_key(|t| (t.split_whitespace().count(), t.len()))
    };
    let own = |t: &&str| counts.get(&(lang, normalized(t))).copied().unwrap_or(0) <= 1;
    longest(&mut told.iter().copied().filter(own)).or_else(|| longest(&mut told.iter().copied()))
}

/// The content stems of every term of the index, with its entry: what the
/// deck asks whether another entry tells the same situation.
struct TermStems(Vec<(usize, HashSet<String>)>);

/// Fewest content words a term must share with a situation to tell it.
const TOLD_SHARED: usize = 2;

impl TermStems {
    fn of(corpus: &Corpus) -> TermStems {
        let mut out = Vec::new();
        for (k, entry) in corpus.subjects().entries().iter().enumerate() {
            for t in &entry.terms {
                let stems = quality::content_stems(&t.text);
                if stems.len() >= TOLD_SHARED {
                    out.push((k, stems));
                }
            }
        }
        TermStems(out)
    }

    /// The provisions the entries other than `i` name when one of their
    /// terms tells the situation `asked` (its content stems): a term that
    /// shares at least [`TOLD_SHARED`] of them and is at least half made of
    /// them. Such a rule is a right answer too ("makkers forklaring"
    /// belongs to 16B1 and to 20F5b), so it is never a wrong choice.
    fn told_elsewhere(&self, corpus: &Corpus, i: usize, asked: &HashSet<String>) -> Vec<usize> {
        let entries = corpus.subjects().entries();
        let mut told: Vec<usize> = Vec::new();
        for (k, stems) in &self.0 {
            if *k == i || told.contains(k) {
                continue;
            }
            let shared = stems.intersection(asked).count();
            if shared >= TOLD_SHARED && shared * 2 >= stems.len() {
                told.push(*k);
            }
        }
        told.iter()
            .filter_map(|&k| entries.get(k))
            .flat_map(|e| e.cites.iter().filter_map(|c| corpus.index_of(c)))
            .collect()
    }
}

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
//! names or one above or below those, so only one choice is right.

use crate::corpus::subjects::TermLang;
use crate::corpus::Corpus;

use super::{card, quality, Card, CardKind, Choice, Face, Skipped, CHOICES};

/// How much of a provision's text a choice shows, in characters.
const EXCERPT: usize = 220;

/// The start of a provision's text, cut at a word.
fn excerpt(text: &str) -> String {
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
    for (i, entry) in entries.iter().enumerate() {
        let Some(answer) = answer_of(i) else {
            continue;
        };
        // What happened: the entry's longest Norwegian term, if it says
        // more than the name.
        let situation = entry
            .terms
            .iter()
            .filter(|t| t.lang == TermLang::Nb && t.text != entry.name)
            .map(|t| t.text.as_str())
            .max_by_key(|t| (t.split_whitespace().count(), t.len()));
        let Some(situation) = situation.filter(|s| s.split_whitespace().count() >= 2) else {
            continue;
        };
        let text = excerpt(&corpus.at(answer).text());
        if quality::gives_away(situation, &text) {
            continue;
        }
        let face = |j: usize| {
            let p = corpus.at(j);
            Face {
                cite: Some(p.id.clone()),
                text: Some(excerpt(&p.text())),
                lang: p.lang(),
            }
        };
        let candidates = super::subject::group_candidates(corpus, i, answer_of, face);
        let id = format!(
            "{}@{}/{}",
            corpus.at(answer).id,
            CardKind::Ruling.slug(),
            entry.slug()
        );
        let d: Vec<Choice> =
            super::pick::choose(&id, &candidates, CHOICES - 1, |(_, f)| f.key(), |_| 0)
                .into_iter()
                .map(|(source, face)| Choice { source, face })
                .collect();
        // A group with too few other rules gives no card.
        if d.len() < CHOICES - 1 {
            continue;
        }
        let prompt = Face::text(situation, "nb");
        let right = Choice {
            source: answer,
            face: face(answer),
        };
        let mut c = card(corpus, CardKind::Ruling, answer, prompt, right, d);
        c.id = id;
        // In Danish: the entry's longest Danish term, chosen as the
        // Norwegian one is.
        c.prompt_da = entry
            .terms
            .iter()
            .filter(|t| t.lang == TermLang::Da)
            .map(|t| t.text.as_str())
            .filter(|t| t.split_whitespace().count() >= 2)
            .max_by_key(|t| (t.split_whitespace().count(), t.len()))
            .or_else(|| entry.first_term(TermLang::Da))
            .map(str::to_string);
        out.push(c);
    }
    (out, Vec::new())
}

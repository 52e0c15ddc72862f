//! The *Begreper* deck: every defined term of the Laws and its definition,
//! both ways. Asked for the term, the definition shows with every word that
//! names the term blanked ([`mask_term`]), and no distractor is a term the
//! masked text still names; asked for the definition, the term is blanked
//! in every definition offered, so the one that names it is not found by
//! that.

use std::collections::HashSet;

use super::{letter_runs, normalized, quality, Builder, CardKind, Choice, Face, BLANK};
use crate::corpus::{BookId, Kind, Provision};

impl Builder<'_> {
    /// Begreper: every definition, term → definition and back.
    pub(super) fn terms(&mut self) {
        let corpus = self.corpus;
        let defs: Vec<(usize, &Provision, String, String)> = corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Definition)
            .filter_map(|(i, p)| {
                let term = p.title.clone()?;
                let text = p.text();
                (!text.trim().is_empty()).then_some((i, p, term, text))
            })
            .collect();
        for kind in [CardKind::TermToDefinition, CardKind::DefinitionToTerm] {
            for (i, p, term, text) in &defs {
                if quality::pointer_or_abbreviation(term, text) {
                    self.skip(kind, *i, quality::POINTER_ONLY);
                    continue;
                }
                let id = format!("{}@{}", p.id, kind.slug());
                let lang = p.lang();
                let same = normalized(text);
                match kind {
                    CardKind::TermToDefinition => {
                        // The asked term is blanked in every definition
                        // shown ("Han blir _____ når ..."): the one that
                        // names it would give itself away.
                        let others: Vec<(usize, Face)> = defs
                            .iter()
                            .filter(|(j, _, _, t)| j != i && normalized(t) != same)
                            .map(|(j, q, _, t)| (*j, Face::text(mask_term(t, term), q.lang())))
                            .collect();
                        let d = Self::distractors(&id, &others);
                        let answer = Choice {
                            source: *i,
                            face: Face::text(mask_term(text, term), lang),
                        };
                        self.push(kind, *i, Face::text(term.clone(), lang), answer, d);
                    }
                    _ => {
                        let masked = mask_term(text, term);
                        if quality::gives_away(&masked, term) {
                            self.skip(kind, *i, quality::GIVES_AWAY);
                            continue;
                        }
                        let shown = normalized(&masked);
                        let others: Vec<(usize, Face)> = defs
                            .iter()
                            .filter(|(j, _, t2, t)| {
                                j != i && normalized(t) != same && !mentions(&shown, t2)
                            })
                            .map(|(j, q, t2, _)| (*j, Face::text(t2.clone(), q.lang())))
                            .collect();
                        let d = Self::distractors(&id, &others);
                        let answer = Choice {
                            source: *i,
                            face: Face::text(term.clone(), lang),
                        };
                        self.push(kind, *i, Face::text(masked, lang), answer, d);
                    }
                }
            }
        }
    }
}

/// The words that name a term in its definition, each with whether it is an
/// abbreviation (matched as written) or a word (matched as a prefix, lower case).
fn term_words(term: &str) -> Vec<(String, bool)> {
    // "International Match Point (IMP)": the words before the parenthesis,
    // and what it holds if it is an abbreviation ("(poeng)" is a gloss).
    let (main, paren) = match term.split_once('(') {
        Some((m, p)) => (m, p.trim_end_matches(')')),
        None => (term, ""),
    };
    let mut out = Vec::new();
    let is_caps = |w: &str| w.chars().count() >= 2 && w.chars().all(char::is_uppercase);
    for w in main
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
    {
        if is_caps(w) {
            out.push((w.to_string(), true));
        } else if w.chars().count() >= 3 {
            out.push((w.to_lowercase(), false));
        }
    }
    let p = paren.trim();
    if is_caps(p) {
        out.push((p.to_string(), true));
    }
    out
}

/// A definition's text with every word that names the term replaced by
/// [`BLANK`]: a word that starts with one of the term's words (any case, so
/// inflections go too), or an abbreviation in the term, as written.
pub fn mask_term(text: &str, term: &str) -> String {
    let words = term_words(term);
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (s, e) in letter_runs(text) {
        let w = &text[s..e];
        let lower = w.to_lowercase();
        let hit = words.iter().any(|(t, caps)| {
            if *caps {
                w == t
            } else {
                lower.starts_with(t.as_str())
            }
        });
        if hit {
            out.push_str(&text[last..s]);
            out.push_str(BLANK);
            last = e;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// True when `shown` (normalized text) names `term` as a whole word.
fn mentions(shown: &str, term: &str) -> bool {
    let t = normalized(term);
    let words: HashSet<&str> = shown
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.contains(t.as_str()) {
        return true;
    }
    // A multi-word term: as a phrase.
    t.contains(' ') && shown.contains(&t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_masked_in_its_definition_with_its_inflections() {
        assert_eq!(
            mask_term(
                "Han blir blindemann når blindemannen legger ned.",
                "Blindemann"
            ),
            "Han blir _____ når _____ legger ned."
        );
        assert_eq!(
            mask_term(
                "Regulerende myndighet kan bestemme hvordan det skal alerteres.",
                "Alert"
            ),
            "Regulerende myndighet kan bestemme hvordan det skal _____."
        );
        // An abbreviation in parentheses is masked as written; a gloss is not.
        assert_eq!(
            mask_term(
                "UI er informasjon; ui er ikke.",
                "Urettmessig informasjon (UI)"
            ),
            "_____ er _____; ui er ikke."
        );
        assert_eq!(
            term_words("Matchpoint (poeng)"),
            vec![("matchpoint".into(), false)]
        );
    }
}

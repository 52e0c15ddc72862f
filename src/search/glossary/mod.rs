//! An English ↔ Norwegian ↔ Danish glossary of the WBF's bridge terms.
//!
//! The Laws are written in English by the World Bridge Federation, and TDs
//! learn and use its terms ("hesitation", "opening lead", "change of call")
//! while the corpus is the Norwegian translation and the Danish handbook.
//! Each entry is a term equivalence, a fact, never a translated sentence:
//! an English term of the WBF's Laws of Duplicate Bridge 2017, and the words
//! the corpus itself uses for it. Every entry names where it comes from (one
//! or more sources; a word shared by several titles names each law, so a
//! term has one entry however many titles use it):
//!
//! - [`Source::Title`]: a law's English title in the WBF 2017 Laws and the
//!   Norwegian title of the same law in `laws/` (each key word of the
//!   English title beside the word the Norwegian title uses for it; a word
//!   the Norwegian title does not translate is left out). Every law 1–93
//!   has at least one;
//! - [`Source::Definition`]: a term of the Laws' Definitions and the term
//!   the Norwegian Definitions (`laws/definisjoner.md`) give for it. Every
//!   Norwegian definition has one, except the few in [`SAME_WORD`], whose
//!   English term is the Norwegian one;
//! - [`Source::Text`]: a TD term and the corpus's own wording for it in the
//!   provision named (`16B1` says "markert nøling" where the English text
//!   speaks of hesitation).
//!
//! The English side was taken from the World Bridge Federation's *The Laws
//! of Duplicate Bridge 2017* (the Definitions and the titles of Laws 1–93),
//! read in the Polish Bridge Union's public copy of the WBF text
//! (`pzbs.pl/sedziowie/mpb/2017/en/`: `def.html` and one page per law) and
//! checked against the table of contents of the ACBL's *Duplicate
//! Decisions* (2020 revision), which lists the same 2017 titles in American
//! spelling. The titles are those of 2017 as the Norwegian translation
//! follows them: Law 46 is "Incomplete or Invalid Designation of a Card
//! from Dummy" (2007 said "Erroneous Call"), and Laws 73 and 89 keep their
//! 2017 titles, not the WBF's 2024 revisions.
//!
//! An entry relates terms, never a question to its answer. Like the
//! thesaurus (which takes the entries as groups), only words are looked up;
//! a multi-word member is searched as a phrase, and one whose stop words
//! leave a single word (`ikke tillatt`) is not searched at all. One English
//! word with two Norwegian senses has two entries (`play` is `spill`, and
//! `påspill` when it is not a lead), so the two Norwegian words do not
//! become synonyms of each other. The Danish column holds the handbook's
//! own word where it differs from the Norwegian one.
//!
//! The entries are kept by section, one file each, and read in this order
//! ([`entries`]): `titles` (the law titles, and the defined terms among
//! them), `definitions` (the defined terms no title names) and `td_terms`
//! (the TD vocabulary in the corpus's own wording).

/// Where an entry's equivalence comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The law of this number: its English (WBF 2017) and Norwegian titles.
    Title(u8),
    /// A defined term of the Laws (its Norwegian term, as in `def:…`).
    Definition(&'static str),
    /// The corpus's wording in this provision (its cite).
    Text(&'static str),
}

/// One term: English, Norwegian, Danish, and where the equivalence comes
/// from.
pub(crate) struct Entry {
    pub en: &'static [&'static str],
    pub nb: &'static [&'static str],
    pub da: &'static [&'static str],
    /// Checked by the tests against the corpus; for the reader otherwise.
    #[allow(dead_code)]
    pub sources: &'static [Source],
}

const fn e(
    en: &'static [&'static str],
    nb: &'static [&'static str],
    da: &'static [&'static str],
    sources: &'static [Source],
) -> Entry {
    Entry {
        en,
        nb,
        da,
        sources,
    }
}

/// Norwegian defined terms (as in `def:…`) whose WBF English term is the
/// same word, so an entry would map a word to itself. Terms such as
/// `Alert`, `Pass` or `Revoke` are the same word too but have entries,
/// for their Danish word or their law titles.
#[cfg(test)]
const SAME_WORD: &[&str] = &[
    // "International Matchpoint (IMP)" in the WBF Definitions.
    "International Match Point (IMP)",
    // "Score": the word the Norwegian text uses is the English one.
    "Score",
];

mod definitions;
mod td_terms;
mod titles;

/// The glossary, by section: the law titles, the defined terms no title
/// names, and the TD vocabulary. See the module docs.
const SECTIONS: [&[Entry]; 3] = [titles::TITLES, definitions::DEFINITIONS, td_terms::TD_TERMS];

/// Every entry of the glossary, section by section, in its order.
pub(crate) fn entries() -> impl Iterator<Item = &'static Entry> {
    SECTIONS.into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Corpus, Kind, ProvisionId};

    fn corpus() -> Corpus {
        Corpus::build(&crate::corpus::embedded_sources()).corpus
    }

    fn cite(source: Source) -> String {
        match source {
            Source::Title(n) => n.to_string(),
            Source::Definition(term) => format!("def:{term}"),
            Source::Text(cite) => cite.to_string(),
        }
    }

    fn sources() -> impl Iterator<Item = Source> {
        entries().flat_map(|e| e.sources.iter().copied())
    }

    /// Lower-case words of a text.
    fn words(text: &str) -> Vec<String> {
        text.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_entry_has_a_source_and_both_sides() {
        for entry in entries() {
            assert!(!entry.en.is_empty(), "{:?}", entry.nb);
            assert!(
                !entry.nb.is_empty() || !entry.da.is_empty(),
                "{:?}",
                entry.en
            );
            assert!(!entry.sources.is_empty(), "{:?}", entry.en);
        }
    }

    #[test]
    fn every_source_names_a_provision_of_the_corpus() {
        let corpus = corpus();
        for entry in entries() {
            for &source in entry.sources {
                let cite = cite(source);
                let id: Option<ProvisionId> = cite.parse().ok();
                assert!(
                    id.is_some_and(|id| corpus.get(&id).is_some()),
                    "{:?}: {cite} is not in the corpus",
                    entry.en
                );
            }
        }
    }

    #[test]
    fn every_law_has_a_title_entry() {
        let missing: Vec<u8> = (1..=93)
            .filter(|&n| !sources().any(|s| s == Source::Title(n)))
            .collect();
        assert!(
            missing.is_empty(),
            "laws without a title entry: {missing:?}"
        );
    }

    #[test]
    fn every_defined_term_has_a_definition_entry_or_is_the_same_word() {
        let corpus = corpus();
        let terms: Vec<String> = corpus
            .provisions()
            .iter()
            .filter(|p| p.kind == Kind::Definition)
            .filter_map(|p| match &p.id {
                ProvisionId::Definition(term) => Some(term.clone()),
                _ => None,
            })
            .collect();
        assert!(terms.len() >= 70, "{} definitions", terms.len());
        let missing: Vec<&String> = terms
            .iter()
            .filter(|t| !SAME_WORD.contains(&t.as_str()))
            .filter(|t| !sources().any(|s| matches!(s, Source::Definition(d) if d == t.as_str())))
            .collect();
        assert!(
            missing.is_empty(),
            "definitions without an entry: {missing:?}"
        );
        // The exceptions are definitions, and have no entry after all.
        for same in SAME_WORD {
            assert!(terms.iter().any(|t| t == same), "{same} is no definition");
            assert!(
                !sources().any(|s| s == Source::Definition(same)),
                "{same} has an entry"
            );
        }
    }

    #[test]
    fn a_title_or_definition_entry_has_the_words_of_its_norwegian_title() {
        // Each word of some member is a word of the law's Norwegian title
        // (or of the defined term), or the start or end of one of its
        // compounds (`utregning` in `utregningsmetoder`).
        let corpus = corpus();
        let found = |member: &str, title: &[String]| {
            words(member).iter().all(|w| {
                title
                    .iter()
                    .any(|t| t == w || t.starts_with(w.as_str()) || t.ends_with(w.as_str()))
            })
        };
        for entry in entries() {
            for &source in entry.sources {
                let members: Vec<&str> = match source {
                    Source::Title(_) => entry.nb.to_vec(),
                    // A defined term may be the English word
                    // (`Matchpoint`), which the Danish column keeps.
                    Source::Definition(_) => entry.nb.iter().chain(entry.da).copied().collect(),
                    Source::Text(_) => continue,
                };
                let cite = cite(source);
                let id: ProvisionId = cite.parse().unwrap_or_else(|e| panic!("{cite}: {e}"));
                let title = corpus
                    .get(&id)
                    .and_then(|p| p.title.clone())
                    .unwrap_or_else(|| panic!("{cite} has no title"));
                let title = words(&title);
                assert!(
                    members.iter().any(|m| found(m, &title)),
                    "{:?} → {members:?}: none is in the title of {cite}: {title:?}",
                    entry.en
                );
            }
        }
    }
}

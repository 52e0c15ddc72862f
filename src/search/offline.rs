//! The analysed terms of the corpus, for an index that lives outside tantivy.
//!
//! Two views. [`offline_terms`]: the corpus's words with the terms the
//! server's analysis gives them (the same tokenizer, stop words and
//! Snowball stems per book, ascii folds, compound parts, morphological
//! neighbours and thesaurus), keyed by every word form, for lookups that
//! cannot stem (the spelling suggestions, the word counts of the offline
//! index). [`offline_model`]: the server's search itself written out as data
//! (its impact table, positions, each word form's compiled expansions, the
//! phrases and the subject tables) with its ranking constants
//! ([`rank_config`]), which the browser's ranker (`web/static/ranker.js`)
//! ranks with when there is no network. Additive: the server's own search
//! does not use this.

use std::collections::{BTreeMap, BTreeSet};

use super::analyzer::{fold, needs_fold, Analyzers, Lang, Tok};
use super::index::{unit_sources, UnitSource};
use super::thesaurus::{lookup_words, Thesaurus};
use super::vocab::{typo_budget, Vocabulary};
use crate::corpus::{BookId, Corpus};

mod model;

pub use model::{offline_model, rank_config, OfflineModel, RankConfig};

/// Longest word (in characters) the typo table covers; longer words get
/// the budget of this length.
const TYPO_TABLE_LEN: usize = 16;

/// One word of a text as the search index analyses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzedWord {
    /// The word in lower case, as written.
    pub surface: String,
    /// The index term (language tag and stem, `nb:spill`), or `None` for a
    /// stop word.
    pub term: Option<String>,
}

/// The words of `text` analysed in the language `book` is written in.
pub fn analyze(book: BookId, text: &str) -> Vec<AnalyzedWord> {
    Analyzers::new()
        .analyze(Lang::of_book(book), text)
        .into_iter()
        .map(|t| AnalyzedWord {
            surface: t.surface,
            term: t.term,
        })
        .collect()
}

/// The canonical ascii spelling of a lower-case word (`nøling` → `noling`),
/// as the search folds it.
pub fn ascii_fold(word: &str) -> String {
    fold(word)
}

/// One retrieval unit's terms.
#[derive(Clone, Debug, Default)]
pub struct OfflineUnit {
    /// Index of the provision in the corpus.
    pub corpus: usize,
    /// Terms of its own heading (a title or a defined term).
    pub title: BTreeSet<String>,
    /// Terms of its text and footnotes, compound parts included.
    pub body: BTreeSet<String>,
    /// Terms of the subjects of lovbok's index that cite it (our words,
    /// weighed below its own heading and above its text).
    pub subject: BTreeSet<String>,
}

/// What one word form is searched as.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WordTerms {
    /// Its own terms, one per language it is analysed in.
    pub terms: Vec<String>,
    /// The terms of its compound parts, if it splits.
    pub parts: Vec<String>,
    /// Occurrences in the corpus (0 for a thesaurus word the books lack).
    pub freq: u32,
}

/// The tables of the offline index; see the module docs.
#[derive(Clone, Debug, Default)]
pub struct OfflineTerms {
    /// Every retrieval unit, in corpus order.
    pub units: Vec<OfflineUnit>,
    /// Every word form of the corpus and of the thesaurus, in lower case.
    pub words: BTreeMap<String, WordTerms>,
    /// Term → what else it finds: thesaurus synonyms (each a set of terms a
    /// passage must have all of) and words of the same root.
    pub related: BTreeMap<String, Vec<Vec<String>>>,
    /// Letters and their canonical ascii spelling (`ø` → `o`).
    pub folds: Vec<(char, String)>,
    /// Typos allowed in a word of n characters, at index n.
    pub typo_budget: Vec<u8>,
}

/// Analyses the whole corpus into the offline tables.
pub fn offline_terms(corpus: &Corpus) -> OfflineTerms {
    let mut analyzers = Analyzers::new();
    let sources = unit_sources(corpus);
    let analysed: Vec<AnalysedUnit> = sources
        .iter()
        .map(|u| {
            let lang = Lang::of_book(u.book);
            (
                lang,
                analyzers.analyze(lang, &u.title),
                analyzers.analyze(lang, &u.body),
            )
        })
        .collect();
    let vocab = Vocabulary::build(
        analysed
            .iter()
            .flat_map(|(lang, t, b)| [(*lang, t.as_slice()), (*lang, b.as_slice())]),
        &mut analyzers,
    );
    let thesaurus = Thesaurus::build(&vocab, &mut analyzers);
    let (mut units, mut words) = corpus_words(&sources, &analysed, &vocab);
    add_subjects(corpus, &mut analyzers, &mut units, &mut words);
    add_lookup_words(&mut analyzers, &mut words);
    words.retain(|_, w| !w.terms.is_empty() || !w.parts.is_empty());
    let related = related_terms(&words, &thesaurus, &vocab);
    OfflineTerms {
        folds: folds_of(words.keys()),
        units,
        words,
        related,
        typo_budget: (0..=TYPO_TABLE_LEN).map(typo_budget).collect(),
    }
}

/// A unit's language, and its heading and text analysed in it.
type AnalysedUnit = (Lang, Vec<Tok>, Vec<Tok>);

/// Every unit's terms, and every word form of the books with its terms,
/// its compound parts' terms and its count.
fn corpus_words(
    sources: &[UnitSource],
    analysed: &[AnalysedUnit],
    vocab: &Vocabulary,
) -> (Vec<OfflineUnit>, BTreeMap<String, WordTerms>) {
    let mut words: BTreeMap<String, WordTerms> = BTreeMap::new();
    let mut units = Vec::with_capacity(sources.len());
    for (u, (lang, title, body)) in sources.iter().zip(analysed) {
        let mut unit = OfflineUnit {
            corpus: u.corpus,
            ..OfflineUnit::default()
        };
        for (toks, in_title) in [(title, true), (body, false)] {
            for tok in toks {
                let entry = words.entry(tok.surface.clone()).or_default();
                entry.freq += 1;
                let Some(term) = &tok.term else { continue };
                if !entry.terms.contains(term) {
                    entry.terms.push(term.clone());
                }
                let parts = vocab.parts(*lang, &tok.surface).unwrap_or(&[]);
                for p in parts {
                    if !entry.parts.contains(p) {
                        entry.parts.push(p.clone());
                    }
                }
                let set = if in_title {
                    &mut unit.title
                } else {
                    &mut unit.body
                };
                set.insert(term.clone());
                unit.body.extend(parts.iter().cloned());
            }
        }
        units.push(unit);
    }
    (units, words)
}

/// Thesaurus words the books do not use (`claim`, `hesitation`) are
/// looked up all the same: they find their synonyms.
fn add_lookup_words(analyzers: &mut Analyzers, words: &mut BTreeMap<String, WordTerms>) {
    for word in lookup_words() {
        let (langs, text): (&[Lang], &str) = match word.split_once(':') {
            Some(("nb", w)) => (&[Lang::Nb], w),
            Some(("da", w)) => (&[Lang::Da], w),
            _ => (&Lang::ALL, word),
        };
        let surface = text.to_lowercase();
        let entry = words.entry(surface.clone()).or_default();
        for &lang in langs {
            if let Some(term) = analyzers.term(lang, &surface) {
                if !entry.terms.contains(&term) {
                    entry.terms.push(term);
                }
            }
        }
    }
}

/// Term → what else it finds: its thesaurus synonyms, then the words of
/// its root.
fn related_terms(
    words: &BTreeMap<String, WordTerms>,
    thesaurus: &Thesaurus,
    vocab: &Vocabulary,
) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut related: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    let all_terms: BTreeSet<&String> = words.values().flat_map(|w| &w.terms).collect();
    for term in all_terms {
        let mut out: Vec<Vec<String>> = Vec::new();
        for syn in thesaurus.synonyms(term) {
            let terms: Vec<String> = syn.iter().map(|(_, t)| t.clone()).collect();
            if !out.contains(&terms) {
                out.push(terms);
            }
        }
        for n in vocab.neighbours(term) {
            let one = vec![n.to_string()];
            if !out.contains(&one) {
                out.push(one);
            }
        }
        if !out.is_empty() {
            related.insert(term.clone(), out);
        }
    }
    related
}

/// lovbok's subject index, as the server's search reads it: each word of
/// an entry's terms is a key (in both languages), and its terms are the
/// subject terms of every provision the entry cites, so a title-only law
/// is found offline by its subjects too.
fn add_subjects(
    corpus: &Corpus,
    analyzers: &mut Analyzers,
    units: &mut [OfflineUnit],
    words: &mut BTreeMap<String, WordTerms>,
) {
    for entry in corpus.subjects().entries() {
        let cited: Vec<usize> = entry
            .cites
            .iter()
            .filter_map(|c| corpus.index_of(c))
            .collect();
        let mut terms: BTreeSet<String> = BTreeSet::new();
        for term in &entry.terms {
            for word in analyzers.words(&term.text) {
                let mut own: Vec<String> = Vec::new();
                for lang in Lang::ALL {
                    if let Some(t) = analyzers.term(lang, &word) {
                        if !own.contains(&t) {
                            own.push(t);
                        }
                    }
                }
                if own.is_empty() {
                    continue;
                }
                let slot = words.entry(word).or_default();
                for t in &own {
                    if !slot.terms.contains(t) {
                        slot.terms.push(t.clone());
                    }
                }
                terms.extend(own);
            }
        }
        for unit in units.iter_mut().filter(|u| cited.contains(&u.corpus)) {
            unit.subject.extend(terms.iter().cloned());
        }
    }
}

/// The letters the words use that folding replaces, with their canonical
/// ascii spelling: what a page needs to fold a query the same way.
fn folds_of<'a>(words: impl Iterator<Item = &'a String>) -> Vec<(char, String)> {
    let letters: BTreeSet<char> = words.flat_map(|w| w.chars()).collect();
    letters
        .into_iter()
        .filter_map(|c| {
            let s = c.to_string();
            needs_fold(&s).then(|| (c, fold(&s)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::SourceFile;

    fn corpus() -> Corpus {
        let law =
            "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 18\ntext: full\n---\n\n\
                   # 1. Kortstokken\n\nSpillerne og kortene. Nøling er et krav.\n";
        let x = "---\nbook: handbook\nedition: 2013\nlang: da\nkind: extension\nextends: 1\npages: 4\ntext: full\n---\n\n\
                 # X1. Kortene\n\nSpillerne tøver.\n";
        Corpus::build(&[
            SourceFile {
                path: "laws/lov-01.md".into(),
                text: law.into(),
            },
            SourceFile {
                path: "handbook/x01.md".into(),
                text: x.into(),
            },
        ])
        .corpus
    }

    #[test]
    fn words_carry_the_terms_the_server_indexes() {
        let t = offline_terms(&corpus());
        let spillerne = &t.words["spillerne"];
        // Norwegian in the laws, Danish in the handbook: one term each.
        assert!(spillerne.terms.iter().any(|t| t.starts_with("nb:")));
        assert!(spillerne.terms.iter().any(|t| t.starts_with("da:")));
        assert!(!t.words.contains_key("og"), "stop words find nothing");
        let unit = t.units.iter().find(|u| u.corpus == 0).unwrap();
        assert!(unit.title.iter().any(|x| x.starts_with("nb:kort")));
        assert_eq!(
            analyze(BookId::Laws, "Kortene")[0].term.as_deref(),
            Some("nb:kort")
        );
    }

    #[test]
    fn thesaurus_words_are_keys_even_when_the_books_lack_them() {
        let t = offline_terms(&corpus());
        let claim = &t.words["claim"];
        let related: Vec<&Vec<String>> = claim
            .terms
            .iter()
            .flat_map(|term| t.related.get(term).into_iter().flatten())
            .collect();
        assert!(
            related.iter().any(|r| r == &&vec!["nb:krav".to_string()]),
            "{related:?}"
        );
        assert_eq!(ascii_fold("nøling"), "noling");
        assert_eq!(t.typo_budget[4], 0);
        assert!(t.typo_budget[9] > 0);
    }
}

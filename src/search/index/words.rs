//! How a query's words become what the impact table is searched by: each
//! word of the corpus compiled once at build (its stems, spellings,
//! neighbours, synonyms), the thesaurus's terms of several words, and, per
//! query, the phrases and compounds its neighbouring words make.
//!
//! A child of [`super`] (the index's tables are its private fields), kept
//! apart because this is the one place a query's words are planned: the
//! stages after it read only the compiled [`QueryWord`]s, per typed word
//! ([`PlannedWords`]).

use std::sync::Arc;

use super::{idf, SearchIndex, MAX_PHRASE_WORDS};
use crate::corpus::Corpus;
use crate::search::analyzer::{with_analyzers, Analyzers, Lang};
use crate::search::impact::{QueryVariant, QueryWord};
use crate::search::query::expand::{self, Lexicon, MatchKind, WordPlan};
use crate::search::query::{self, Features, Read};
use crate::search::subjects::WordEvidence;
use crate::search::FastMap as HashMap;

/// Weight of a compound typed as two words (see `add_joined`): what was
/// meant, spelt apart, a little below an exact word.
pub(crate) const W_JOINED: f32 = 0.8;
/// Shortest word that joins its neighbour into a compound.
pub(crate) const MIN_JOINED_PART_CHARS: usize = 3;
/// Shortest pair completed as a compound whose second word is unfinished.
pub(crate) const MIN_JOINED_COMPLETION_CHARS: usize = 7;

/// A query's words, planned: what the stages after planning read.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlannedWords {
    /// A citation query's own tokens, compiled (see
    /// [`expand::cite_tokens`]).
    pub cite_words: Vec<QueryWord>,
    /// Per word of [`Read::words`], in order: its compiled words (none for
    /// a word the corpus knows nothing of; one per part of an unknown
    /// compound split into parts), with what its neighbours make of it
    /// (terms of several words, a compound written apart).
    pub per_word: Vec<Vec<QueryWord>>,
}

impl PlannedWords {
    /// The words the impact table is searched by: the cites' tokens, then
    /// each word's, in order. Bit `i` of a match's words
    /// ([`crate::search::impact::Matched::words`]) is word `i` of these.
    pub(crate) fn into_searched(self) -> Vec<QueryWord> {
        let mut words = self.cite_words;
        words.extend(self.per_word.into_iter().flatten());
        words
    }
}

/// Weighs each planned word by its role in the question (see
/// [`crate::search::understand`]): a context word's expansions and rarity
/// count a fraction of a content word's, so that it may choose between
/// candidates but never outweighs what happened. `weights` is per typed
/// word, as `per_word` is ([`Read::weights`]); so is `rarity_shares`, what
/// lacking each costs a passage ([`Read::rarity_shares`]).
pub(crate) fn weigh_by_role(
    weights: &[f32],
    rarity_shares: &[f32],
    per_word: &mut [Vec<QueryWord>],
) {
    for ((&w, &share), words) in weights.iter().zip(rarity_shares).zip(per_word.iter_mut()) {
        if w >= 1.0 {
            continue;
        }
        for word in words.iter_mut() {
            let variants: Vec<QueryVariant> = word
                .variants
                .iter()
                .map(|v| QueryVariant {
                    weight: v.weight * w,
                    ..*v
                })
                .collect();
            word.variants = variants.into();
            word.rarity *= share;
        }
    }
}

/// The subject index's word-level evidence weighed as [`weigh_by_role`]
/// weighs the words: a context word names a term a fraction as strongly.
pub(crate) fn weigh_evidence_by_role(weights: &[f32], evidence: &mut [WordEvidence<'_>]) {
    for (&w, ev) in weights.iter().zip(evidence.iter_mut()) {
        if w >= 1.0 {
            continue;
        }
        for (_, weight) in ev.lists.iter_mut() {
            *weight *= w;
        }
        ev.rarity *= w;
        ev.context = true;
    }
}

impl SearchIndex {
    /// What each term of several words of the thesaurus and glossary
    /// stands for, compiled.
    pub(super) fn precompute_phrases(&self) -> HashMap<Box<str>, Arc<[QueryVariant]>> {
        self.thesaurus
            .typed_phrases()
            .filter_map(|(key, syns)| {
                let variants: Vec<QueryVariant> = syns
                    .iter()
                    .filter_map(|syn| {
                        let ((_, first), rest) = syn.split_first()?;
                        let id = if rest.is_empty() {
                            self.impacts.term(first)
                        } else {
                            self.impacts.phrase(first, rest)
                        }?;
                        Some(QueryVariant {
                            id,
                            weight: expand::W_SYNONYM,
                            in_parts: false,
                            title: 1.0,
                        })
                    })
                    .collect();
                // Keyed as a query reads it: without its question and
                // function words (`out of turn` is read `out turn`).
                let key: Vec<String> = query::content_words(
                    key.split_whitespace().map(str::to_string).collect(),
                    &self.thesaurus,
                );
                (key.len() > 1 && !variants.is_empty())
                    .then(|| (key.join(" ").into(), variants.into()))
            })
            .collect()
    }

    /// The expansions of every word the corpus uses and of its ascii
    /// spellings, as a non-last and as a last query word.
    pub(super) fn precompute_expansions(
        &self,
        analyzers: &mut Analyzers,
    ) -> HashMap<Box<str>, [Box<[QueryWord]>; 2]> {
        let features = Features::ALL;
        let mut out = HashMap::default();
        for word in self.vocab.typed_forms() {
            if out.contains_key(word.as_str()) {
                continue;
            }
            let [inner, last] =
                expand::expand_word_both(&word, self.lexicon(), analyzers, &features)
                    .map(|plans| self.compile(&plans, &features).into_boxed_slice());
            out.insert(word.into_boxed_str(), [inner, last]);
        }
        out
    }

    /// What words the corpus does not use (the thesaurus's, the subject
    /// index's) are searched as, as [`SearchIndex::precompute_expansions`]
    /// compiles the corpus's own: for the offline copy's word table.
    pub(crate) fn expansions_of(&self, words: &[String]) -> Vec<[Box<[QueryWord]>; 2]> {
        let features = Features::ALL;
        with_analyzers(|a| {
            words
                .iter()
                .map(|w| {
                    expand::expand_word_both(w, self.lexicon(), a, &features)
                        .map(|plans| self.compile(&plans, &features).into_boxed_slice())
                })
                .collect()
        })
    }

    /// Planning: each word of a read query compiled against the impact
    /// table (looked up for a word the corpus uses or an ascii spelling of
    /// one, expanded otherwise), with what its neighbours make of it, and a
    /// citation query's own tokens.
    pub(super) fn plan_words(
        &self,
        read: &Read,
        corpus: &Corpus,
        analyzers: &mut Analyzers,
        features: &Features,
    ) -> PlannedWords {
        let lexicon = self.lexicon();
        let cite_words = expand::cite_tokens(&read.cites, corpus, lexicon.vocab, analyzers);
        let cite_words = self.compile(&cite_words, features);
        let n = read.words.len();
        let precomputed = *features == Features::ALL;
        let mut per_word: Vec<Vec<QueryWord>> = Vec::with_capacity(n);
        for (i, word) in read.words.iter().enumerate() {
            let last = i + 1 == n;
            per_word.push(
                match self.expansions.get(word.as_str()).filter(|_| precomputed) {
                    Some(e) => e[usize::from(last)].to_vec(),
                    None => {
                        let plans = expand::expand_word(word, last, lexicon, analyzers, features);
                        self.compile(&plans, features)
                    }
                },
            );
        }
        if features.thesaurus {
            self.add_phrases(&read.words, &mut per_word, analyzers);
        }
        if features.compounds {
            self.add_joined(&read.words, &mut per_word, analyzers);
        }
        PlannedWords {
            cite_words,
            per_word,
        }
    }

    /// Neighbouring query words that make a term of several words
    /// (`penalty card`, `sit out`) each also stand for what the term does;
    /// a word the corpus does not use (`sit`) stands for that alone, a
    /// function word (`for` in `for sen`) for nothing.
    fn add_phrases(
        &self,
        typed: &[String],
        per_word: &mut [Vec<QueryWord>],
        analyzers: &mut Analyzers,
    ) {
        let docs = self.impacts.docs() as u64;
        for len in 2..=MAX_PHRASE_WORDS {
            for (i, window) in typed.windows(len).enumerate() {
                let Some(extra) = self.phrases.get(window.join(" ").as_str()) else {
                    continue;
                };
                for (compiled, word) in per_word.iter_mut().zip(typed).skip(i).take(len) {
                    if compiled.is_empty() {
                        let function_word =
                            Lang::ALL.iter().all(|&l| analyzers.term(l, word).is_none());
                        if function_word {
                            continue;
                        }
                        // As rare as the rarest thing it stands for, as a
                        // word without terms of its own is (see `compile`).
                        let rarity = extra
                            .iter()
                            .map(|v| idf(u64::from(self.impacts.doc_freq(v.id)), docs))
                            .fold(0.0f32, f32::max);
                        compiled.push(QueryWord {
                            variants: extra.clone(),
                            exact: [None; 2],
                            rarity,
                        });
                        continue;
                    }
                    for word in compiled.iter_mut() {
                        // As for any synonym: a word the books use is not
                        // named in a heading by the term's equivalents.
                        let known = word.exact.iter().any(Option::is_some);
                        let mut variants = word.variants.to_vec();
                        for v in extra.iter() {
                            if !variants.iter().any(|w| w.id == v.id) {
                                let title = if known { 0.0 } else { v.title };
                                variants.push(QueryVariant { title, ..*v });
                            }
                        }
                        word.variants = variants.into();
                    }
                }
            }
        }
    }

    /// Two neighbouring query words that the books write as one compound
    /// (`straffe kort` for `straffekort`; `feil info`, whose second word is
    /// unfinished, for `feilinformasjon`) each also stand for that compound:
    /// writing a compound apart is the commonest misspelling of Norwegian
    /// and Danish. Function words, numbers and short words do not join.
    fn add_joined(
        &self,
        typed: &[String],
        per_word: &mut [Vec<QueryWord>],
        analyzers: &mut Analyzers,
    ) {
        let docs = self.impacts.docs() as u64;
        for (i, pair) in typed.windows(2).enumerate() {
            let [a, b] = pair else { continue };
            let joinable = |w: &str, a: &mut Analyzers| {
                w.chars().count() >= MIN_JOINED_PART_CHARS
                    && w.chars().all(char::is_alphabetic)
                    && Lang::ALL.iter().any(|&l| a.term(l, w).is_some())
            };
            if !joinable(a, analyzers) || !joinable(b, analyzers) {
                continue;
            }
            let joined = format!("{a}{b}");
            let mut terms: Vec<String> = Lang::ALL
                .iter()
                .filter_map(|&l| self.vocab.stem(l, &joined, analyzers))
                .filter(|t| self.vocab.has_term(t))
                .collect();
            // The second word unfinished: the compounds the pair begins.
            if terms.is_empty()
                && !self.vocab.has_word(b)
                && joined.chars().count() >= MIN_JOINED_COMPLETION_CHARS
            {
                for &id in self.vocab.completions(&joined) {
                    if let Some(w) = self.vocab.word(id) {
                        terms.extend(w.terms.iter().cloned());
                    }
                }
            }
            let mut extra: Vec<QueryVariant> = Vec::new();
            for id in terms.iter().filter_map(|t| self.impacts.term(t)) {
                if !extra.iter().any(|v| v.id == id) {
                    extra.push(QueryVariant {
                        id,
                        weight: W_JOINED,
                        in_parts: false,
                        title: W_JOINED,
                    });
                }
            }
            if extra.is_empty() {
                continue;
            }
            for compiled in per_word.iter_mut().skip(i).take(2) {
                if compiled.is_empty() {
                    let rarity = extra
                        .iter()
                        .map(|v| idf(u64::from(self.impacts.doc_freq(v.id)), docs))
                        .fold(0.0f32, f32::max);
                    compiled.push(QueryWord {
                        variants: extra.clone().into(),
                        exact: [None; 2],
                        rarity,
                    });
                    continue;
                }
                for word in compiled.iter_mut() {
                    let mut variants = word.variants.to_vec();
                    for v in &extra {
                        if !variants.iter().any(|w| w.id == v.id) {
                            variants.push(*v);
                        }
                    }
                    word.variants = variants.into();
                }
            }
        }
    }

    /// Planned words against the impact table: each expansion as a term
    /// or phrase id, with its weight; the word's exact terms (for the
    /// proximity bonus) and its rarity (for coverage).
    fn compile(&self, plans: &[WordPlan], features: &Features) -> Vec<QueryWord> {
        let docs = self.impacts.docs() as u64;
        plans
            .iter()
            .map(|w| {
                let mut word = QueryWord::default();
                let mut variants: Vec<QueryVariant> = Vec::with_capacity(w.variants.len());
                let mut kinds: Vec<MatchKind> = Vec::with_capacity(w.variants.len());
                let mut own_rarity = 0.0f32;
                let mut any_rarity = 0.0f32;
                for v in &w.variants {
                    let id = if v.rest.is_empty() {
                        self.impacts.term(&v.term)
                    } else {
                        self.impacts.phrase(&v.term, &v.rest)
                    };
                    let df = id.map_or(0, |id| self.impacts.doc_freq(id));
                    let rarity = idf(u64::from(df), docs);
                    let own = matches!(v.kind, MatchKind::Exact | MatchKind::Folded);
                    if own && df > 0 {
                        own_rarity = own_rarity.max(rarity);
                    }
                    any_rarity = any_rarity.max(rarity);
                    let Some(id) = id else { continue };
                    let single = v.rest.is_empty();
                    if single && v.kind == MatchKind::Exact {
                        for (slot, lang) in Lang::ALL.iter().enumerate() {
                            if word.exact[slot].is_none() && v.term.starts_with(lang.tag()) {
                                word.exact[slot] = Some(id);
                            }
                        }
                    }
                    variants.push(QueryVariant {
                        id,
                        weight: v.weight,
                        in_parts: features.compounds && single && own,
                        title: v.weight,
                    });
                    kinds.push(v.kind);
                }
                // A heading names a word the books use by that word (its
                // forms, spellings, neighbours); a synonym in it names
                // something else (`justert score` is not the term `Justert
                // resultat`). A word the books do not use (an English term)
                // is named by its translations.
                let synonym_title = if own_rarity > 0.0 { 0.0 } else { 1.0 };
                for (v, kind) in variants.iter_mut().zip(&kinds) {
                    if *kind == MatchKind::Synonym {
                        v.title = synonym_title;
                    }
                }
                word.variants = variants.into();
                // A word is as rare as its own terms; only a word without
                // any in the index takes the rarity of its rarest
                // expansion: a common word must not weigh like a rare
                // synonym or neighbour of it.
                word.rarity = if own_rarity > 0.0 {
                    own_rarity
                } else {
                    any_rarity
                };
                word
            })
            .collect()
    }

    /// What query words are expanded against.
    pub(super) fn lexicon(&self) -> Lexicon<'_> {
        Lexicon {
            vocab: &self.vocab,
            thesaurus: &self.thesaurus,
            irregular: &self.irregular,
        }
    }
}

//! From what a TD typed to a tantivy query: citation first, then words.
//!
//! A query that is a citation (`12C1c`, `§ 12 C 1 c`, `lov 16B1a`, `16c2`)
//! goes straight to its provision (see `citation.rs`). Otherwise question
//! words are dropped and every word is expanded against the corpus
//! vocabulary (stems in both languages, ascii spellings, words of the same
//! root and forms of strong verbs, synonyms from the TD thesaurus, typos,
//! compound parts, and completions of the last word), each expansion
//! weighted below an exact match, and the query is built programmatically:
//! user input never reaches tantivy's query parser, so `AND`, `field:x` or
//! `"` are words. A synonym may be a phrase, matched as one.

use std::fmt;

use super::analyzer::{needs_fold, Analyzers, Lang};
use super::impact::Scoring;
use super::irregular::Irregular;
use super::stop_words::{is_english_function_word, is_query_stop_word, ENGLISH_HOMOGRAPHS};
use super::thesaurus::Thesaurus;
use super::vocab::{Cost, Vocabulary, MAX_COMPLETIONS, MAX_STEM_LOSS, MIN_COMPLETION_CHARS};
use crate::corpus::Corpus;

/// Longest query accepted, in characters. A TD's question is a few words; a
/// 10 000-character paste is almost surely a mistake, and refusing it keeps
/// query cost bounded.
pub const MAX_QUERY_CHARS: usize = 500;
/// Query words used; the rest of a long query is ignored (documented cap on
/// the cost of expansion).
pub(crate) const MAX_QUERY_WORDS: usize = 24;
/// Shortest unknown word looked up as the last part of corpus compounds.
const MIN_HEAD_SEARCH_CHARS: usize = 5;
/// Shortest stem of an unknown word completed to the corpus compounds it
/// begins (`decimal` → `decimaltal`): shorter stems begin too many words.
const MIN_STEM_COMPLETION_CHARS: usize = 6;
/// Shortest first part of an unknown compound, left before its head,
/// completed to the corpus compounds it begins (`butler` → `butlerberegning`).
const MIN_MODIFIER_PREFIX_CHARS: usize = 4;

/// The words of a query (or of a phrase keyed as a query reads it) that
/// are searched: question and function words dropped, unless nothing
/// else is left, and in an English query the words English shares with
/// the books' languages ([`ENGLISH_HOMOGRAPHS`]) too.
pub(crate) fn content_words(mut words: Vec<String>, thesaurus: &Thesaurus) -> Vec<String> {
    let english = words
        .iter()
        .any(|w| is_english_function_word(w) || thesaurus.is_english(w));
    let keep = |w: &String| {
        !(is_query_stop_word(w) || english && ENGLISH_HOMOGRAPHS.contains(&w.as_str()))
    };
    if words.iter().any(keep) {
        words.retain(keep);
    }
    words
}

/// A query as the user typed it: trimmed, control characters removed,
/// non-empty and at most [`MAX_QUERY_CHARS`] long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchQuery(String);

/// Why a query string cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// Nothing but white space.
    #[error("the query is empty")]
    Empty,
    /// Longer than [`MAX_QUERY_CHARS`].
    #[error("the query is {chars} characters long; at most {max} are allowed")]
    TooLong { chars: usize, max: usize },
}

impl SearchQuery {
    /// Validates a raw query: control characters become spaces, the ends are
    /// trimmed; an empty or over-long query is an error (never truncated, so
    /// the user sees why a pasted text finds nothing).
    pub fn parse(raw: &str) -> Result<SearchQuery, QueryError> {
        let chars = raw.chars().count();
        if chars > MAX_QUERY_CHARS {
            return Err(QueryError::TooLong {
                chars,
                max: MAX_QUERY_CHARS,
            });
        }
        let cleaned: String = raw
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let trimmed = cleaned.trim();
        if trimmed.is_empty() {
            return Err(QueryError::Empty);
        }
        Ok(SearchQuery(trimmed.to_string()))
    }

    /// The query text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for SearchQuery {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SearchQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which of the forgiving matchers are on. All are on in production; the
/// switches exist so that each one's effect can be measured by `eval`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// A query that is a citation returns its provision first.
    pub citations: bool,
    /// Compound parts are searched (index side) and unknown query words split.
    pub compounds: bool,
    /// Words of 5+ letters match corpus words within the typo budget.
    pub typos: bool,
    /// A query without æ, ø, å matches words that have them.
    pub folding: bool,
    /// The last word matches as a prefix.
    pub prefix: bool,
    /// Title and headings weigh more than body text.
    pub field_boosts: bool,
    /// A unit whose own heading is the query ranks higher.
    pub title_match: bool,
    /// A hit hides its ancestors and descendants further down the list.
    pub dedupe: bool,
    /// Passages with more of the query's words rank higher.
    pub coverage: bool,
    /// Neighbouring query words found close together rank higher.
    pub proximity: bool,
    /// A word also matches words of the same root (`nølte` → `nøling`).
    pub morphology: bool,
    /// A word also matches its synonyms in the TD thesaurus.
    pub thesaurus: bool,
    /// Question words (`hvor`, `hvornår`) are dropped.
    pub query_stop_words: bool,
    /// A term of lovbok's subject index ranks its provisions as a heading
    /// that names the query would.
    pub subjects: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features::ALL
    }
}

impl Features {
    /// Everything on.
    pub const ALL: Features = Features {
        citations: true,
        compounds: true,
        typos: true,
        folding: true,
        prefix: true,
        field_boosts: true,
        title_match: true,
        dedupe: true,
        coverage: true,
        proximity: true,
        morphology: true,
        thesaurus: true,
        query_stop_words: true,
        subjects: true,
    };
    /// Stemmed words only: the baseline the matchers are measured against.
    pub const NONE: Features = Features {
        citations: false,
        compounds: false,
        typos: false,
        folding: false,
        prefix: false,
        field_boosts: false,
        title_match: false,
        dedupe: false,
        coverage: false,
        proximity: false,
        morphology: false,
        thesaurus: false,
        query_stop_words: false,
        subjects: false,
    };
}

/// Weight of each kind of match relative to an exact (stemmed) match.
const W_EXACT: f32 = 1.0;
pub(crate) const W_FOLDED: f32 = 0.9;
pub(crate) const W_PART: f32 = 0.6;
pub(crate) const W_PREFIX: f32 = 0.6;
pub(crate) const W_MORPH: f32 = 0.7;
pub(crate) const W_SYNONYM: f32 = 0.7;
/// A kind of what the word names (`bud` for `melding`): less than a synonym.
const W_NARROWER: f32 = 0.5;
pub(crate) const W_TYPO: [f32; 3] = [1.0, 0.5, 0.3];
/// Extra factor for a typo match in the other book's language, for a word
/// one book uses (a cognate, `vektet`/`vægtet`): a guess, not a correction.
const W_COGNATE: f32 = 0.4;

/// Field weights: a word in a heading (the unit's own, or one above it) or
/// a definition's term says more about a provision than the same word in
/// its text; a compound part says less. Headings are short, so BM25's length
/// normalisation already favours them; the boost adds to that.
const B_TITLE: f32 = 1.3;
const B_CONTEXT: f32 = 1.3;
const B_BODY: f32 = 1.0;
const B_PARTS: f32 = 0.5;
/// Weight of two neighbouring query words found close together: as much
/// as one more word of the query.
const B_PHRASE: f32 = 1.0;
/// How far apart (in words, stop words counted) "close together" is.
const PHRASE_SLOP: u32 = 2;

/// How a query word reached an index term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchKind {
    Exact,
    Folded,
    Prefix,
    Head,
    Morph,
    Synonym,
    Typo(Cost),
}

/// One index term (or phrase) a query word stands for.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    pub term: String,
    /// For a phrase (a synonym such as `ukorrekt gitt`): the terms after
    /// `term`, each with its position relative to `term`. Empty for a word.
    pub rest: Vec<(usize, String)>,
    pub weight: f32,
    pub kind: MatchKind,
}

impl Variant {
    /// Every term of the variant, `term` first.
    pub(crate) fn terms(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.term.as_str()).chain(self.rest.iter().map(|(_, t)| t.as_str()))
    }
}

/// One query word and its expansions.
#[derive(Clone, Debug, Default)]
pub(crate) struct WordPlan {
    pub text: String,
    pub variants: Vec<Variant>,
}

impl WordPlan {
    fn add(&mut self, term: &str, weight: f32, kind: MatchKind) {
        self.add_phrase(term, &[], weight, kind);
    }

    fn add_phrase(&mut self, term: &str, rest: &[(usize, String)], weight: f32, kind: MatchKind) {
        match self
            .variants
            .iter_mut()
            .find(|v| v.term == term && v.rest == rest)
        {
            Some(v) if v.weight < weight => {
                v.weight = weight;
                v.kind = kind;
            }
            Some(_) => {}
            None => self.variants.push(Variant {
                term: term.to_string(),
                rest: rest.to_vec(),
                weight,
                kind,
            }),
        }
    }
}

/// What a query will search for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// The provisions a citation query names (corpus indexes), in order.
    pub cites: Vec<usize>,
    /// The words to search for, with their expansions.
    pub words: Vec<WordPlan>,
}

/// What query words are expanded against: the corpus vocabulary and the
/// thesaurus.
#[derive(Clone, Copy)]
pub(crate) struct Lexicon<'a> {
    pub vocab: &'a Vocabulary,
    pub thesaurus: &'a Thesaurus,
    pub irregular: &'a Irregular,
}

/// Turns a query into a plan: a cited provision and/or expanded words.
pub(crate) fn plan(
    query: &SearchQuery,
    corpus: &Corpus,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Plan {
    let read = read(query, corpus, lexicon, analyzers, features);
    let mut plan = Plan {
        cites: read.cites,
        words: read.cite_words,
    };
    let n = read.words.len();
    for (i, word) in read.words.iter().enumerate() {
        plan.words
            .extend(expand_word(word, i + 1 == n, lexicon, analyzers, features));
    }
    plan
}

/// A query read but not yet expanded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Read {
    /// The provisions a citation query names (corpus indexes), in order.
    pub cites: Vec<usize>,
    /// For a citation query: the cites' own tokens, which find the
    /// passages that cite them.
    pub cite_words: Vec<WordPlan>,
    /// Otherwise: the words to expand, in order (question words dropped,
    /// at most [`MAX_QUERY_WORDS`]).
    pub words: Vec<String>,
}

/// Reads a query: the provisions it cites, if it is a citation, or else
/// the words it searches for.
pub(crate) fn read(
    query: &SearchQuery,
    corpus: &Corpus,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Read {
    let mut read = Read::default();
    if features.citations && may_cite(query.as_str()) {
        read.cites = super::citation::cites_of(query.as_str(), corpus);
        for &idx in &read.cites {
            // The cite's own token finds passages that cite it (`12c1c`);
            // a bare number would only find numbers, so it searches nothing.
            let token = corpus.at(idx).id.to_string().to_lowercase();
            if token.chars().any(|c| c.is_alphabetic()) {
                let mut w = WordPlan {
                    text: token.clone(),
                    variants: Vec::new(),
                };
                for lang in Lang::ALL {
                    if let Some(t) = analyzers.term(lang, &token) {
                        w.add(&t, W_EXACT, MatchKind::Exact);
                    }
                }
                read.cite_words.push(w);
            }
        }
        keep_known(&mut read.cite_words, lexicon.vocab);
    }
    if read.cites.is_empty() {
        let mut words = analyzers.words(query.as_str());
        if features.query_stop_words {
            words = content_words(words, lexicon.thesaurus);
        }
        words.truncate(MAX_QUERY_WORDS);
        read.words = words;
    }
    read
}

/// True when a query could be a citation: every cite has a digit (a law,
/// section or item number) or a colon (`def:Alert`, `laws:forord`). The
/// rest of the queries, most of them, skip the citation parser.
pub(crate) fn may_cite(query: &str) -> bool {
    query.contains(|c: char| c.is_ascii_digit() || c == ':')
}

/// The expansions of one query word (more than one plan when an unknown
/// compound is split), each keeping only terms the corpus uses.
pub(crate) fn expand_word(
    word: &str,
    is_last: bool,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Vec<WordPlan> {
    let mut plans = expand(word, is_last, lexicon, analyzers, features);
    keep_known(&mut plans, lexicon.vocab);
    plans
}

/// [`expand_word`] as a non-last and as a last query word, computed
/// together.
pub(crate) fn expand_word_both(
    word: &str,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> [Vec<WordPlan>; 2] {
    expand_both(word, lexicon, analyzers, features).map(|mut plans| {
        keep_known(&mut plans, lexicon.vocab);
        plans
    })
}

/// A term the corpus never uses cannot match: dropping it keeps the
/// coverage count (how many query words a passage has) honest.
fn keep_known(words: &mut Vec<WordPlan>, vocab: &Vocabulary) {
    for w in words.iter_mut() {
        w.variants.retain(|v| v.terms().all(|t| vocab.has_term(t)));
    }
    words.retain(|w| !w.variants.is_empty());
}

/// The expansions of one query word; more than one plan when an unknown
/// compound is split into words the corpus knows.
fn expand(
    word: &str,
    is_last: bool,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Vec<WordPlan> {
    let started = start(word, lexicon, analyzers, features);
    finish(started, word, is_last, lexicon, analyzers, features)
}

/// [`expand`] as a non-last and as a last query word, sharing the work:
/// the two differ only in the completions of a word the corpus knows.
fn expand_both(
    word: &str,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> [Vec<WordPlan>; 2] {
    let started = start(word, lexicon, analyzers, features);
    if started.done || started.unknown(lexicon.vocab) {
        let plans = finish(started, word, true, lexicon, analyzers, features);
        return [plans.clone(), plans];
    }
    let inner = finish(started.clone(), word, false, lexicon, analyzers, features);
    let last = finish(started, word, true, lexicon, analyzers, features);
    [inner, last]
}

/// A word expanded as far as its being last does not matter.
#[derive(Clone)]
struct Started {
    w: WordPlan,
    /// A stop word or a number: nothing more to add.
    done: bool,
    /// One of its own terms (or ascii spellings) is in the corpus.
    known: bool,
}

impl Started {
    /// The corpus knows neither the word nor anything it stands for but
    /// synonyms: it may be unfinished, a stem, or a compound.
    fn unknown(&self, vocab: &Vocabulary) -> bool {
        !self.known && !found_itself(&self.w, vocab)
    }
}

/// True when a variant other than a synonym is in the corpus. Synonyms do
/// not make a word known: `feilgiv` has synonyms but is still split into
/// `feil` and `giv`.
fn found_itself(w: &WordPlan, vocab: &Vocabulary) -> bool {
    w.variants
        .iter()
        .any(|v| v.kind != MatchKind::Synonym && vocab.has_term(&v.term))
}

/// Stems, strong-verb forms, ascii spellings, morphology, synonyms, typos.
fn start(
    word: &str,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Started {
    let vocab = lexicon.vocab;
    let mut w = WordPlan {
        text: word.to_string(),
        variants: Vec::new(),
    };
    let stems: Vec<String> = Lang::ALL
        .iter()
        .filter_map(|&lang| vocab.stem(lang, word, analyzers))
        .collect();
    // A stop word of either language (`mot`, `før`) is a function word:
    // matched exactly in the other language at most, never expanded.
    let is_stop_word = stems.len() < Lang::ALL.len();
    for stem in &stems {
        w.add(stem, W_EXACT, MatchKind::Exact);
    }
    // A strong verb's other forms (`så` → `se`, `sett`), before the
    // stop-word exit: several past forms are stop words.
    if features.morphology {
        for t in lexicon.irregular.forms(word) {
            w.add(t, W_MORPH, MatchKind::Morph);
        }
    }
    // Numbers and cites are matched exactly or not at all.
    if is_stop_word || word.chars().any(|c| c.is_ascii_digit()) {
        return Started {
            w,
            done: true,
            known: true,
        };
    }
    let mut known = stems.iter().any(|t| vocab.has_term(t));
    // A word the corpus uses as written is taken as written: `krav` (a
    // claim) is not an ascii spelling of Danish `kræv` (require).
    if features.folding && !needs_fold(word) && !vocab.has_word(word) {
        for &id in vocab.unfold(word) {
            if let Some(found) = vocab.word(id) {
                for t in &found.terms {
                    w.add(t, W_FOLDED, MatchKind::Folded);
                    known = true;
                }
            }
        }
        // Fold after stemming: the ascii stem `ubefoj` is the stem `ubeføj`.
        for stem in &stems {
            for t in vocab.unfold_term(stem) {
                w.add(t, W_FOLDED, MatchKind::Folded);
                known = true;
            }
        }
    }
    // Morphology and synonyms start from what the word is (its exact and
    // folded terms), not from each other's expansions.
    let base: Vec<String> = w
        .variants
        .iter()
        .filter(|v| matches!(v.kind, MatchKind::Exact | MatchKind::Folded))
        .map(|v| v.term.clone())
        .collect();
    // Morphology: the words that share the root of an exact or folded term
    // (`nølte` → `nøling`, `dobler` → `doblinger`).
    if features.morphology {
        for t in &base {
            for n in vocab.neighbours(t) {
                w.add(n, W_MORPH, MatchKind::Morph);
            }
        }
    }
    // Synonyms of what the word is (not of its neighbours): `krever` →
    // `krav`, `klage` → `appel`; and the kinds of a general term
    // (`melding` → `bud`). Not of a term the stemmer cut deep into the
    // word: Danish Snowball stems `spilleren` (the player) to `spil`
    // (play), whose synonyms are not the player's.
    if features.thesaurus {
        let chars = word.chars().count();
        for t in base.iter().filter(|t| !over_stemmed(chars, t)) {
            for syn in lexicon.thesaurus.synonyms(t) {
                if let Some(((_, first), rest)) = syn.split_first() {
                    w.add_phrase(first, rest, W_SYNONYM, MatchKind::Synonym);
                }
            }
            for syn in lexicon.thesaurus.narrower(t) {
                if let Some(((_, first), rest)) = syn.split_first() {
                    w.add_phrase(first, rest, W_NARROWER, MatchKind::Synonym);
                }
            }
        }
    }
    // Typos: for a word the corpus does not know, in both languages; for a
    // word only one book uses, in the other one, where its cognate is
    // spelt a letter or two apart (`makkeraftaler` / `makkeravtaler`).
    if features.typos {
        let known_in: Vec<&str> = Lang::ALL
            .iter()
            .map(|l| l.tag())
            .filter(|tag| {
                w.variants
                    .iter()
                    .any(|v| v.term.starts_with(tag) && vocab.has_term(&v.term))
            })
            .collect();
        if known_in.len() < Lang::ALL.len() {
            for (id, cost) in vocab.typos(word) {
                if let Some(found) = vocab.word(id) {
                    let mut weight = W_TYPO.get(cost as usize).copied().unwrap_or(0.0);
                    if !known_in.is_empty() {
                        weight *= W_COGNATE;
                    }
                    for t in &found.terms {
                        if !known_in.iter().any(|tag| t.starts_with(tag)) {
                            w.add(t, weight, MatchKind::Typo(cost));
                        }
                    }
                }
            }
        }
    }
    Started {
        w,
        done: false,
        known,
    }
}

/// Completions, compound heads and compound parts, as far as they apply.
fn finish(
    started: Started,
    word: &str,
    is_last: bool,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Vec<WordPlan> {
    let vocab = lexicon.vocab;
    if started.done {
        return vec![started.w];
    }
    // The last word may be unfinished (search as you type); any other word
    // the corpus does not know, not even with a typo, may be a stem the
    // corpus only uses in longer forms (`syg` → `sygdom`).
    let unknown = started.unknown(vocab);
    let mut w = started.w;
    if features.prefix && (is_last || unknown) && word.chars().count() >= MIN_COMPLETION_CHARS {
        for &id in vocab.completions(word) {
            if let Some(found) = vocab.word(id) {
                for t in &found.terms {
                    w.add(t, W_PREFIX, MatchKind::Prefix);
                }
            }
        }
    }
    // An unknown word may be an inflected form of a word the corpus only
    // uses as the first part of compounds: the handbook has `decimaltal`
    // and `decimalbrøker` but never `decimaler`. Its stem (`decimal`)
    // completes to those compounds.
    if features.prefix && unknown {
        for lang in Lang::ALL {
            let Some(term) = vocab.stem(lang, word, analyzers) else {
                continue;
            };
            let stem = term.split_once(':').map_or(term.as_str(), |(_, s)| s);
            if stem != word && stem.chars().count() >= MIN_STEM_COMPLETION_CHARS {
                for &id in vocab.completions(stem) {
                    if let Some(found) = vocab.word(id) {
                        for t in &found.terms {
                            w.add(t, W_PREFIX, MatchKind::Prefix);
                        }
                    }
                }
            }
        }
    }
    // A word the corpus only uses as the last part of compounds
    // (`restriksjoner` in `utspillsrestriksjoner`) finds those compounds.
    if features.compounds && unknown && word.chars().count() >= MIN_HEAD_SEARCH_CHARS {
        for id in vocab.compounds_ending(word, MAX_COMPLETIONS) {
            if let Some(found) = vocab.word(id) {
                for t in &found.terms {
                    w.add(t, W_PART, MatchKind::Head);
                }
            }
        }
    }
    let unknown = unknown && !found_itself(&w, vocab);
    let synonyms: Vec<Variant> = w
        .variants
        .iter()
        .filter(|v| v.kind == MatchKind::Synonym)
        .cloned()
        .collect();
    let mut out = vec![w];
    if features.compounds && unknown {
        // A compound whose first part the corpus does not use either is
        // searched by its last part (`nabobordet` → `bordet`).
        let split = vocab.split_query_word(word, analyzers);
        let head = match split {
            Some(_) => None,
            None => vocab.query_head(word, analyzers),
        };
        // What is left before such a head may still begin corpus compounds
        // (`butler·turnering`: the handbook only says `butlerberegning`),
        // so it is searched as a prefix, below a part.
        let modifier = head.as_ref().and_then(|h| {
            let cut = word.len().checked_sub(h.len())?;
            let m = word.get(..cut)?;
            (m.chars().count() >= MIN_MODIFIER_PREFIX_CHARS).then(|| m.to_string())
        });
        let parts = split.or_else(|| head.map(|h| vec![h]));
        if let Some(parts) = parts {
            // Each part is searched as a word of its own, below an exact
            // word (the whole word, had the corpus known it).
            out.clear();
            for part in parts {
                for mut p in expand(
                    &part,
                    false,
                    lexicon,
                    analyzers,
                    // A part is searched as itself: its synonyms would be
                    // a guess upon a guess (`feil` in `feilgiv` is not any
                    // `forkert`); the whole word's synonyms are added below.
                    &Features {
                        compounds: false,
                        thesaurus: false,
                        ..*features
                    },
                ) {
                    p.variants.iter_mut().for_each(|v| v.weight *= W_PART);
                    // A synonym of the whole word stands for every part.
                    for v in &synonyms {
                        p.add_phrase(&v.term, &v.rest, v.weight, v.kind);
                    }
                    out.push(p);
                }
            }
            if let Some(m) = modifier.filter(|_| features.prefix) {
                let mut p = WordPlan {
                    text: m.clone(),
                    variants: Vec::new(),
                };
                for &id in vocab.completions(&m) {
                    if let Some(found) = vocab.word(id) {
                        for t in &found.terms {
                            p.add(t, W_PART * W_PREFIX, MatchKind::Prefix);
                        }
                    }
                }
                if !p.variants.is_empty() {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// True when the term `term` (with its language tag) lacks more than
/// [`MAX_STEM_LOSS`] letters of the word of `chars` letters it stands for:
/// the stemmer cut into the word itself.
fn over_stemmed(chars: usize, term: &str) -> bool {
    let stem = term.split_once(':').map_or(term, |(_, s)| s);
    chars > stem.chars().count() + MAX_STEM_LOSS
}

/// How a plan's words are scored: the field boosts and the proximity
/// bonus, as the features say.
pub(crate) fn scoring(features: &Features) -> Scoring {
    let boosts = if features.field_boosts {
        [B_TITLE, B_CONTEXT, B_BODY, B_PARTS]
    } else {
        [1.0, 1.0, 1.0, B_PARTS]
    };
    Scoring {
        boosts,
        near_boost: if features.proximity { B_PHRASE } else { 0.0 },
        near_slop: PHRASE_SLOP,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cite_of_the_corpus_may_be_a_citation() {
        // The citation parser is skipped for queries `may_cite` rejects:
        // it must accept every provision's canonical cite.
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        for p in corpus.provisions() {
            let cite = p.id.to_string();
            assert!(may_cite(&cite), "{cite}");
        }
        assert!(!may_cite("melding utenfor tur"));
    }

    #[test]
    fn a_stem_cut_deep_into_the_word_is_over_stemmed() {
        // Danish Snowball: `spilleren` (the player) → `spil` (play).
        assert!(over_stemmed("spilleren".chars().count(), "da:spil"));
        assert!(!over_stemmed("spilleren".chars().count(), "nb:spiller"));
        assert!(!over_stemmed("nølte".chars().count(), "nb:nølt"));
    }

    #[test]
    fn parse_trims_and_rejects_empty_and_long() {
        assert_eq!(
            SearchQuery::parse("  kort \n").map(|q| q.0),
            Ok("kort".into())
        );
        assert_eq!(SearchQuery::parse(" \t\u{0} "), Err(QueryError::Empty));
        let long = "a".repeat(MAX_QUERY_CHARS + 1);
        assert!(matches!(
            SearchQuery::parse(&long),
            Err(QueryError::TooLong { .. })
        ));
        assert!(SearchQuery::parse(&"ø".repeat(MAX_QUERY_CHARS)).is_ok());
    }
}

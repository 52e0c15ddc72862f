//! Planning a query word: its expansions against the corpus vocabulary
//! and the thesaurus, each weighted below an exact match.
//!
//! A word first stands for its own forms (stems in both languages, forms of
//! strong verbs), then, as far as the corpus does not know it as written,
//! its ascii spellings; then for words of the same root, its synonyms and
//! the kinds a general term lists (the TD thesaurus), and typos ([`start`]).
//! Whether it is the last word of the query (search as you type) matters
//! only after that ([`finish`]): completions, compound heads, and for an
//! unknown compound its parts, each searched as a word of its own. A
//! synonym may be a phrase, matched as one. The index compiles the plans
//! against its impact table (`index::words`).

use super::Features;
use crate::corpus::Corpus;
use crate::search::analyzer::{needs_fold, Analyzers, Lang};
use crate::search::irregular::Irregular;
use crate::search::thesaurus::Thesaurus;
use crate::search::vocab::{
    Cost, Vocabulary, MAX_COMPLETIONS, MAX_STEM_LOSS, MIN_COMPLETION_CHARS,
};

/// Shortest unknown word looked up as the last part of corpus compounds.
const MIN_HEAD_SEARCH_CHARS: usize = 5;
/// Shortest stem of an unknown word completed to the corpus compounds it
/// begins (`decimal` → `decimaltal`): shorter stems begin too many words.
const MIN_STEM_COMPLETION_CHARS: usize = 6;
/// Shortest first part of an unknown compound, left before its head,
/// completed to the corpus compounds it begins (`butler` → `butlerberegning`).
const MIN_MODIFIER_PREFIX_CHARS: usize = 4;

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

/// What query words are expanded against: the corpus vocabulary and the
/// thesaurus.
#[derive(Clone, Copy)]
pub(crate) struct Lexicon<'a> {
    pub vocab: &'a Vocabulary,
    pub thesaurus: &'a Thesaurus,
    pub irregular: &'a Irregular,
}

/// The cites' own tokens, each as a word that stands for itself: a
/// citation query also finds the passages that cite its provisions
/// (`12c1c`). A bare number would only find numbers, so it searches
/// nothing.
pub(crate) fn cite_tokens(
    cites: &[usize],
    corpus: &Corpus,
    vocab: &Vocabulary,
    analyzers: &mut Analyzers,
) -> Vec<WordPlan> {
    let mut plans = Vec::new();
    for &idx in cites {
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
            plans.push(w);
        }
    }
    keep_known(&mut plans, vocab);
    plans
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
    let stems: Vec<String> = Lang::ALL
        .iter()
        .filter_map(|&lang| vocab.stem(lang, word, analyzers))
        .collect();
    let mut w = own_forms(word, &stems, lexicon.irregular, features);
    // A stop word of either language (`mot`, `før`) is a function word:
    // matched exactly in the other language at most, never expanded.
    // Numbers and cites are matched exactly or not at all.
    let is_stop_word = stems.len() < Lang::ALL.len();
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
        known |= add_ascii_spellings(&mut w, word, &stems, vocab);
    }
    // Morphology and synonyms start from what the word is (its exact and
    // folded terms), not from each other's expansions.
    let base: Vec<String> = w
        .variants
        .iter()
        .filter(|v| matches!(v.kind, MatchKind::Exact | MatchKind::Folded))
        .map(|v| v.term.clone())
        .collect();
    if features.morphology {
        add_same_root(&mut w, &base, vocab);
    }
    if features.thesaurus {
        add_synonyms(&mut w, word, &base, lexicon.thesaurus);
    }
    if features.typos {
        add_typos(&mut w, word, vocab);
    }
    Started {
        w,
        done: false,
        known,
    }
}

/// What a word is: its stems, and a strong verb's other forms (`så` →
/// `se`, `sett`), which count before a stop word stops expanding: several
/// past forms are stop words.
fn own_forms(word: &str, stems: &[String], irregular: &Irregular, features: &Features) -> WordPlan {
    let mut w = WordPlan {
        text: word.to_string(),
        variants: Vec::new(),
    };
    for stem in stems {
        w.add(stem, W_EXACT, MatchKind::Exact);
    }
    if features.morphology {
        for t in irregular.forms(word) {
            w.add(t, W_MORPH, MatchKind::Morph);
        }
    }
    w
}

/// The corpus's words of which `word` is an ascii spelling, and the terms
/// of which its stems are (folding after stemming: the ascii stem `ubefoj`
/// is the stem `ubeføj`). True when there were any.
fn add_ascii_spellings(w: &mut WordPlan, word: &str, stems: &[String], vocab: &Vocabulary) -> bool {
    let mut found = false;
    for &id in vocab.unfold(word) {
        if let Some(spelt) = vocab.word(id) {
            for t in &spelt.terms {
                w.add(t, W_FOLDED, MatchKind::Folded);
                found = true;
            }
        }
    }
    for stem in stems {
        for t in vocab.unfold_term(stem) {
            w.add(t, W_FOLDED, MatchKind::Folded);
            found = true;
        }
    }
    found
}

/// Morphology: the words that share the root of an exact or folded term
/// (`nølte` → `nøling`, `dobler` → `doblinger`).
fn add_same_root(w: &mut WordPlan, base: &[String], vocab: &Vocabulary) {
    for t in base {
        for n in vocab.neighbours(t) {
            w.add(n, W_MORPH, MatchKind::Morph);
        }
    }
}

/// Synonyms of what the word is (not of its neighbours): `krever` →
/// `krav`, `klage` → `appel`; and the kinds of a general term (`melding`
/// → `bud`). Not of a term the stemmer cut deep into the word: Danish
/// Snowball stems `spilleren` (the player) to `spil` (play), whose
/// synonyms are not the player's.
fn add_synonyms(w: &mut WordPlan, word: &str, base: &[String], thesaurus: &Thesaurus) {
    let chars = word.chars().count();
    for t in base.iter().filter(|t| !over_stemmed(chars, t)) {
        for syn in thesaurus.synonyms(t) {
            if let Some(((_, first), rest)) = syn.split_first() {
                w.add_phrase(first, rest, W_SYNONYM, MatchKind::Synonym);
            }
        }
        for syn in thesaurus.narrower(t) {
            if let Some(((_, first), rest)) = syn.split_first() {
                w.add_phrase(first, rest, W_NARROWER, MatchKind::Synonym);
            }
        }
    }
}

/// Typos: for a word the corpus does not know, in both languages; for a
/// word only one book uses, in the other one, where its cognate is spelt
/// a letter or two apart (`makkeraftaler` / `makkeravtaler`).
fn add_typos(w: &mut WordPlan, word: &str, vocab: &Vocabulary) {
    let known_in: Vec<&str> = Lang::ALL
        .iter()
        .map(|l| l.tag())
        .filter(|tag| {
            w.variants
                .iter()
                .any(|v| v.term.starts_with(tag) && vocab.has_term(&v.term))
        })
        .collect();
    if known_in.len() >= Lang::ALL.len() {
        return;
    }
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
        add_completions(&mut w, word, W_PREFIX, vocab);
    }
    if features.prefix && unknown {
        add_stem_completions(&mut w, word, vocab, analyzers);
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
    if features.compounds && unknown {
        if let Some(parts) = compound_parts(&w, word, lexicon, analyzers, features) {
            return parts;
        }
    }
    vec![w]
}

/// The corpus's words that `prefix` begins, as completions of weight
/// `weight`.
fn add_completions(w: &mut WordPlan, prefix: &str, weight: f32, vocab: &Vocabulary) {
    for &id in vocab.completions(prefix) {
        if let Some(found) = vocab.word(id) {
            for t in &found.terms {
                w.add(t, weight, MatchKind::Prefix);
            }
        }
    }
}

/// An unknown word may be an inflected form of a word the corpus only
/// uses as the first part of compounds: the handbook has `decimaltal` and
/// `decimalbrøker` but never `decimaler`. Its stem (`decimal`) completes
/// to those compounds.
fn add_stem_completions(
    w: &mut WordPlan,
    word: &str,
    vocab: &Vocabulary,
    analyzers: &mut Analyzers,
) {
    for lang in Lang::ALL {
        let Some(term) = vocab.stem(lang, word, analyzers) else {
            continue;
        };
        let stem = term.split_once(':').map_or(term.as_str(), |(_, s)| s);
        if stem != word && stem.chars().count() >= MIN_STEM_COMPLETION_CHARS {
            add_completions(w, stem, W_PREFIX, vocab);
        }
    }
}

/// An unknown compound searched by its parts, when it splits into words
/// the corpus knows, or else, when its first part is unknown too, by its
/// last part (`nabobordet` → `bordet`). Each part is searched as a word of
/// its own, below an exact word (the whole word, had the corpus known it),
/// and stands for the whole word's synonyms too. `None` when the word
/// neither splits nor has a head the corpus uses.
fn compound_parts(
    w: &WordPlan,
    word: &str,
    lexicon: Lexicon<'_>,
    analyzers: &mut Analyzers,
    features: &Features,
) -> Option<Vec<WordPlan>> {
    let vocab = lexicon.vocab;
    let split = vocab.split_query_word(word, analyzers);
    let head = match split {
        Some(_) => None,
        None => vocab.query_head(word, analyzers),
    };
    // What is left before such a head may still begin corpus compounds
    // (`butler·turnering`: the handbook only says `butlerberegning`), so
    // it is searched as a prefix, below a part.
    let modifier = head.as_ref().and_then(|h| {
        let cut = word.len().checked_sub(h.len())?;
        let m = word.get(..cut)?;
        (m.chars().count() >= MIN_MODIFIER_PREFIX_CHARS).then(|| m.to_string())
    });
    let parts = split.or_else(|| head.map(|h| vec![h]))?;
    let synonyms: Vec<&Variant> = w
        .variants
        .iter()
        .filter(|v| v.kind == MatchKind::Synonym)
        .collect();
    // A part is searched as itself: its synonyms would be a guess upon a
    // guess (`feil` in `feilgiv` is not any `forkert`); the whole word's
    // synonyms are added to it.
    let as_part = Features {
        compounds: false,
        thesaurus: false,
        ..*features
    };
    let mut out = Vec::new();
    for part in parts {
        for mut p in expand(&part, false, lexicon, analyzers, &as_part) {
            p.variants.iter_mut().for_each(|v| v.weight *= W_PART);
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
        add_completions(&mut p, &m, W_PART * W_PREFIX, vocab);
        if !p.variants.is_empty() {
            out.push(p);
        }
    }
    Some(out)
}

/// True when the term `term` (with its language tag) lacks more than
/// [`MAX_STEM_LOSS`] letters of the word of `chars` letters it stands for:
/// the stemmer cut into the word itself.
fn over_stemmed(chars: usize, term: &str) -> bool {
    let stem = term.split_once(':').map_or(term, |(_, s)| s);
    chars > stem.chars().count() + MAX_STEM_LOSS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stem_cut_deep_into_the_word_is_over_stemmed() {
        // Danish Snowball: `spilleren` (the player) → `spil` (play).
        assert!(over_stemmed("spilleren".chars().count(), "da:spil"));
        assert!(!over_stemmed("spilleren".chars().count(), "nb:spiller"));
        assert!(!over_stemmed("nølte".chars().count(), "nb:nølt"));
    }
}

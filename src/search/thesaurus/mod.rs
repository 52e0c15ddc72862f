//! A bilingual thesaurus of tournament-director vocabulary.
//!
//! TDs ask in the words players use ("makker nølte", "spillefører krever
//! resten", "kontra"), in Norwegian, Danish or bridge English, while the laws
//! and the handbook each use their own terms ("nøling", "krav", "dobler";
//! "appell" in one book, "appel" in the other). This table links such words:
//! general bridge and TD vocabulary written from domain knowledge and from
//! the two books' own terms, not a list of answers to particular questions.
//!
//! Scope and rules:
//! - An entry relates words, never a question to its answer: `pris` (price)
//!   is not a synonym of `depositum` because an appeal costs a deposit.
//! - A *group* lists words that mean the same thing to a TD; any single word
//!   of a group finds the others. A *broader* entry sends specific words to
//!   a general term (`hjerter` → `farge`) but not back.
//! - A member may be a phrase (`urettmessig informasjon`, `sit-out`): its
//!   words are searched together, and it is looked up only when a query
//!   has its words side by side, never word by word.
//! - A *narrower* entry sends a general term to its kinds (`melding` →
//!   `bud`, `pass`), only where the corpus itself defines the term by
//!   listing them; each names that definition.
//! - A member with `nb:` or `da:` in front is taken in that language only
//!   (`da:hold` is a team; Norwegian `hold` is a grip).
//! - Everything is matched through the analyzers (stems, both languages),
//!   and only terms the corpus uses are kept, so a member the books never
//!   use costs nothing. Synonyms weigh less than the word typed.

use std::collections::HashSet;

use super::analyzer::{Analyzers, Lang};
use super::english;
use super::glossary;
use super::stop_words::{is_query_stop_word, ENGLISH_HOMOGRAPHS};
use super::vocab::Vocabulary;
use super::FastMap as HashMap;

mod tables;

use tables::{BROADER, GROUPS, NARROWER};

/// One synonym as searched: a term, or a phrase of terms, each with its
/// position relative to the first (stop words leave gaps).
pub(crate) type Synonym = Vec<(usize, String)>;

/// Synonyms of index terms, analysed against one corpus.
#[derive(Debug, Default)]
pub(crate) struct Thesaurus {
    /// A looked-up term (`nb:nøl`) → the entries it belongs to.
    by_term: HashMap<String, Vec<usize>>,
    /// A general term (`nb:melding`) → its kinds, as searched.
    narrower: HashMap<String, Vec<Synonym>>,
    /// Per entry: what it expands to (only terms the corpus uses).
    expansions: Vec<Vec<Synonym>>,
    /// A member of several words, as typed (lower case, no language tag:
    /// `penalty card`) → the entries it belongs to. A query whose
    /// neighbouring words are such a member finds the entry's words too.
    by_phrase: HashMap<String, Vec<usize>>,
    /// The words of the glossary's English terms that the books never
    /// use (`trick`, `declarer`): a query with one is English.
    english: HashSet<String>,
}

impl Thesaurus {
    /// Analyses the tables and keeps the terms the corpus uses.
    pub(crate) fn build(vocab: &Vocabulary, analyzers: &mut Analyzers) -> Thesaurus {
        let mut t = Thesaurus::default();
        // The glossary's entries are groups: an English term finds the
        // corpus's words for it (and the other way, harmlessly: English
        // words the corpus does not use are dropped below).
        // Each column in its language: Danish `hold` (team) is not
        // Norwegian `hold` (grip).
        // An English word is also a key in its regular forms (`conceding`,
        // `claimed`): the books' analyzers cannot stem English.
        let glossary: Vec<(Vec<String>, Vec<String>)> = glossary::entries()
            .map(|e| {
                let en = e.en.iter().map(|w| w.to_string());
                let nb = e.nb.iter().map(|w| format!("nb:{w}"));
                let da = e.da.iter().map(|w| format!("da:{w}"));
                let members: Vec<String> = en.chain(nb).chain(da).collect();
                let forms = e.en.iter().flat_map(|w| english::forms_of(w));
                let keys = members.iter().cloned().chain(forms).collect();
                (keys, members)
            })
            .collect();
        let glossary: Vec<(Vec<&str>, Vec<&str>)> = glossary
            .iter()
            .map(|(k, m)| (as_strs(k), as_strs(m)))
            .collect();
        for word in glossary::entries().flat_map(|e| e.en.iter()) {
            for w in analyzers.words(word) {
                let shared = ENGLISH_HOMOGRAPHS.contains(&w.as_str()) || is_query_stop_word(&w);
                if !shared && !vocab.has_word(&w) {
                    t.english.insert(w);
                }
            }
        }
        let entries = GROUPS
            .iter()
            .map(|g| (*g, *g))
            .chain(BROADER.iter().copied())
            .chain(glossary.iter().map(|(k, m)| (k.as_slice(), m.as_slice())));
        for (keys, expands) in entries {
            let entry = t.expansions.len();
            let mut out: Vec<Synonym> = Vec::new();
            for member in expands {
                for syn in member_synonyms(member, analyzers) {
                    if syn.iter().all(|(_, term)| vocab.has_term(term)) && !out.contains(&syn) {
                        out.push(syn);
                    }
                }
            }
            t.expansions.push(out);
            for key in keys.iter() {
                // A key of several words, spaced or hyphenated (`penalty
                // card`, `sit-out`), is a phrase: looked up only when the
                // query has its words together, never word by word.
                let (_, text) = member_langs(key);
                let typed = analyzers.words(text);
                if typed.len() > 1 {
                    let slot = t.by_phrase.entry(typed.join(" ")).or_default();
                    if !slot.contains(&entry) {
                        slot.push(entry);
                    }
                    continue;
                }
                for syn in member_synonyms(key, analyzers) {
                    for (_, term) in syn {
                        let slot = t.by_term.entry(term).or_default();
                        if !slot.contains(&entry) {
                            slot.push(entry);
                        }
                    }
                }
            }
        }
        for (_, general, kinds) in NARROWER {
            let kinds: Vec<Synonym> = kinds
                .iter()
                .flat_map(|k| member_synonyms(k, analyzers))
                .filter(|syn| syn.iter().all(|(_, term)| vocab.has_term(term)))
                .collect();
            for key in *general {
                for syn in member_synonyms(key, analyzers) {
                    for (_, term) in syn {
                        let slot = t.narrower.entry(term).or_default();
                        for k in &kinds {
                            if !slot.contains(k) {
                                slot.push(k.clone());
                            }
                        }
                    }
                }
            }
        }
        t
    }

    /// True for a word of the Laws' English that the books do not use
    /// (`trick`): it makes a query English.
    pub(crate) fn is_english(&self, word: &str) -> bool {
        self.english.contains(word)
    }

    /// The words [`Thesaurus::is_english`] knows, sorted: for the offline
    /// copy, which reads a query as the server does.
    pub(crate) fn english_words(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self.english.iter().map(String::as_str).collect();
        out.sort_unstable();
        out
    }

    /// The kinds of a general query term, as searched (see [`NARROWER`]).
    pub(crate) fn narrower<'a>(&'a self, term: &str) -> impl Iterator<Item = &'a Synonym> + 'a {
        self.narrower.get(term).into_iter().flatten()
    }

    /// What a query term's synonyms are searched as (never `term` alone).
    pub(crate) fn synonyms<'a>(&'a self, term: &'a str) -> impl Iterator<Item = &'a Synonym> + 'a {
        self.by_term
            .get(term)
            .into_iter()
            .flatten()
            .filter_map(|&e| self.expansions.get(e))
            .flatten()
            .filter(move |syn| !(syn.len() == 1 && syn[0].1 == term))
    }

    /// Every member of several words as typed, with what it expands to.
    pub(crate) fn typed_phrases(&self) -> impl Iterator<Item = (&str, Vec<&Synonym>)> {
        self.by_phrase.iter().map(|(key, entries)| {
            let syns = entries
                .iter()
                .filter_map(|&e| self.expansions.get(e))
                .flatten()
                .collect();
            (key.as_str(), syns)
        })
    }

    /// Every phrase a word may expand to.
    pub(crate) fn phrases(&self) -> impl Iterator<Item = &Synonym> {
        self.expansions.iter().flatten().filter(|syn| syn.len() > 1)
    }

    /// Number of entries, for tests.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.expansions.len()
    }
}

/// Every single word a query is looked up by (group members and the
/// specific words of broader entries, with their `nb:`/`da:` tags): the
/// keys an index outside tantivy needs (see `offline.rs`).
pub(crate) fn lookup_words() -> impl Iterator<Item = &'static str> {
    GROUPS
        .iter()
        .copied()
        .chain(BROADER.iter().map(|(keys, _)| *keys))
        .flatten()
        .copied()
        .filter(|w| !w.contains([' ', '-']))
}

/// The glossary's English words, one word each (`penalty card` is not
/// one): a query may use them though the books do not.
pub(crate) fn glossary_english_words() -> impl Iterator<Item = &'static str> {
    glossary::entries()
        .flat_map(|e| e.en.iter().copied())
        .filter(|w| !w.contains([' ', '-']))
}

fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Every group's single words, each with the languages it is taken in: the
/// subject index lets any word of a group meet a term that has another
/// (`frekk` meets `uhøflig spiller`), the words the books never use
/// included, which the books' search has no use for.
pub(crate) fn word_groups() -> impl Iterator<Item = Vec<(&'static [Lang], &'static str)>> {
    GROUPS.iter().map(|g| {
        g.iter()
            .copied()
            .filter(|w| !w.contains([' ', '-']))
            .map(member_langs)
            .collect()
    })
}

/// The languages a member is taken in, and its text without the tag.
fn member_langs(member: &str) -> (&'static [Lang], &str) {
    match member.split_once(':') {
        Some(("nb", rest)) => (&[Lang::Nb], rest),
        Some(("da", rest)) => (&[Lang::Da], rest),
        _ => (&Lang::ALL, member),
    }
}

/// What a member is searched as: in each language it is taken in, its
/// terms with their positions (a single word gives one term; stop words
/// give none and leave a gap in a phrase).
fn member_synonyms(member: &str, analyzers: &mut Analyzers) -> Vec<Synonym> {
    let (langs, text) = member_langs(member);
    let mut out = Vec::new();
    for &lang in langs {
        let toks = analyzers.analyze(lang, text);
        let Some(first) = toks.iter().find(|t| t.term.is_some()).map(|t| t.position) else {
            continue;
        };
        let syn: Synonym = toks
            .iter()
            .filter_map(|t| {
                t.term
                    .as_ref()
                    .map(|term| (t.position - first, term.clone()))
            })
            .collect();
        // A phrase that stop words reduce to one word would say something
        // else: `ikke tillatt` is not `tillatt`.
        if syn.len() == 1 && toks.len() > 1 {
            continue;
        }
        if !out.contains(&syn) {
            out.push(syn);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thesaurus(text: &str) -> Thesaurus {
        let mut a = Analyzers::new();
        let nb = a.analyze(Lang::Nb, text);
        let da = a.analyze(Lang::Da, text);
        let vocab = Vocabulary::build(
            [(Lang::Nb, nb.as_slice()), (Lang::Da, da.as_slice())],
            &mut a,
        );
        Thesaurus::build(&vocab, &mut a)
    }

    #[test]
    fn a_group_links_both_ways_and_keeps_corpus_terms_only() {
        let t = thesaurus("krav avståelse nøling appel appell");
        let mut a = Analyzers::new();
        let claim = a.term(Lang::Nb, "claim").unwrap_or_default();
        let single = |s: &Synonym| s.len() == 1 && s[0].1 == "nb:krav";
        assert!(t.synonyms(&claim).any(single));
        let appel = a.term(Lang::Da, "appel").unwrap_or_default();
        let found: Vec<&Synonym> = t.synonyms(&appel).collect();
        assert!(
            found
                .iter()
                .all(|s| s.iter().all(|(_, t)| !t.contains("protest"))),
            "{found:?}"
        );
        assert!(t.len() >= 60);
    }

    #[test]
    fn broader_terms_do_not_lead_back() {
        let t = thesaurus("farge hjerter");
        let mut a = Analyzers::new();
        let hjerter = a.term(Lang::Nb, "hjerter").unwrap_or_default();
        let farge = a.term(Lang::Nb, "farge").unwrap_or_default();
        assert!(t.synonyms(&hjerter).any(|s| s[0].1 == farge));
        assert!(!t.synonyms(&farge).any(|s| s[0].1 == hjerter));
    }

    #[test]
    fn phrase_members_are_searched_as_phrases() {
        let t = thesaurus("feilgiv kortene er ukorrekt gitt");
        let mut a = Analyzers::new();
        let misdeal = a.term(Lang::Nb, "misdeal").unwrap_or_default();
        let phrase = vec![(0, "nb:ukorrekt".to_string()), (1, "nb:gitt".to_string())];
        assert!(t.synonyms(&misdeal).any(|s| *s == phrase));
        // A phrase member is not looked up: `gitt` alone finds nothing.
        assert_eq!(t.synonyms("nb:gitt").count(), 0);
    }

    #[test]
    fn a_general_term_finds_its_kinds_but_a_kind_not_the_general_term() {
        let t = thesaurus("melding bud pass dobling redobling");
        let mut a = Analyzers::new();
        let mut term = |w: &str| a.term(Lang::Nb, w).unwrap_or_default();
        let (melding, bud) = (term("melding"), term("bud"));
        assert!(t.narrower(&melding).any(|s| s[0].1 == bud));
        assert_eq!(t.narrower(&bud).count(), 0);
        assert!(!t.synonyms(&bud).any(|s| s[0].1 == melding));
    }

    #[test]
    fn every_kind_is_a_word_of_its_definition() {
        use crate::corpus::{Corpus, ProvisionId};
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        for (source, _, kinds) in NARROWER {
            let id: ProvisionId = source.parse().unwrap_or_else(|e| panic!("{source}: {e}"));
            let text = corpus
                .get(&id)
                .map(|p| p.text().to_lowercase())
                .unwrap_or_else(|| panic!("{source} is not in the corpus"));
            let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
            for kind in *kinds {
                assert!(words.contains(kind), "{kind} is not in {source}: {text}");
            }
        }
    }

    #[test]
    fn a_hyphenated_key_is_a_phrase() {
        // `sit-out` (glossary) is the term `sit out`; `out` alone is no key.
        let t = thesaurus("oversidder");
        let mut a = Analyzers::new();
        for lang in Lang::ALL {
            let out = a.term(lang, "out").unwrap_or_default();
            assert_eq!(t.synonyms(&out).count(), 0, "{out}");
        }
        assert!(t.typed_phrases().any(|(key, _)| key == "sit out"));
    }

    #[test]
    fn no_word_stands_for_the_answer_to_it() {
        // Issue 10: a word is linked to words that mean the same, never to
        // what answers a question about it. Misdeal is not redeal (its
        // remedy), to cut is not to reduce, a fee is not the deposit an
        // appeal costs, Butler scoring is not its datum, a no-show is not
        // the walkover it gives.
        let pairs = [
            ("feilgiv", "omgiv"),
            ("misdeal", "omgiv"),
            ("reducere", "skære"),
            ("redusere", "skjære"),
            ("gebyr", "depositum"),
            ("butler", "datum"),
            ("walkover", "udeblivelse"),
        ];
        let text: Vec<&str> = pairs.iter().flat_map(|(a, b)| [*a, *b]).collect();
        let t = thesaurus(&text.join(" "));
        let mut a = Analyzers::new();
        for (word, answer) in pairs {
            for lang in Lang::ALL {
                let (Some(w), Some(ans)) = (a.term(lang, word), a.term(lang, answer)) else {
                    continue;
                };
                assert!(
                    !t.synonyms(&w).any(|s| s.iter().any(|(_, x)| *x == ans)),
                    "{word} → {answer}"
                );
            }
        }
    }

    #[test]
    fn language_tagged_members_stay_in_their_language() {
        let t = thesaurus("lag hold");
        let mut a = Analyzers::new();
        let nb_hold = a.term(Lang::Nb, "hold").unwrap_or_default();
        let da_hold = a.term(Lang::Da, "hold").unwrap_or_default();
        assert_eq!(t.synonyms(&nb_hold).count(), 0);
        assert!(t.synonyms(&da_hold).any(|s| s[0].1 == "nb:lag"));
    }
}

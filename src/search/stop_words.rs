//! Words a query searches without: question words, pronouns, auxiliaries,
//! in Norwegian, Danish and English. Query reading, the thesaurus's
//! phrases and the subject index's terms all drop the same words, so that
//! a term and a query that differ only in them meet.

use std::collections::HashSet;
use std::sync::LazyLock;

use super::analyzer::{Analyzers, Lang};

/// Norwegian and Danish words that ask rather than say: question words and
/// the pronouns of a spoken question ("hvem", "man", "vi"). The
/// analyzers' stop-word lists miss several of them (Danish `hvem`,
/// `hvornår`, `hvilken`), and in a query they only add noise. Modal verbs
/// (`kan`, `må`) are not among them: a question's modal tends to mirror
/// the rule's ("kan man trække en appel tilbage" / "en appel kan trækkes
/// tilbage"). Dropped from a query that has other words; the index keeps
/// them.
pub(crate) const NORDIC_STOP_WORDS: &[&str] = &[
    "hva", "hvad", "hvem", "hvor", "hvordan", "hvorfor", "hvornår", "hvilken", "hvilket", "hvilke",
    "man", "jeg", "vi", "du", "han", "hun", "dere", "meg", "mig", "oss", "os",
    // Asking whether something is allowed frames the question; the rule
    // that answers it rarely says so ("er det lov å se på siste stikk" is
    // about looking at a trick). Not `tillatt`, `tilladt`: the Laws'
    // titles use them (35, 36).
    "lov", "lovlig", "lovligt",
];

/// English function words that are no Norwegian or Danish word, for a TD
/// who asks in the Laws' own language (the glossary maps the terms):
/// question words, pronouns, articles, auxiliaries. Dropped as the
/// [`NORDIC_STOP_WORDS`] are; one of them also makes a query English (as
/// does a word of the Laws' English that the books do not use, see
/// `Thesaurus::is_english`).
#[rustfmt::skip]
pub(crate) const ENGLISH_FUNCTION_WORDS: &[&str] = &[
    "what", "when", "who", "whom", "how", "why", "which", "where", "the", "a", "an", "of", "is",
    "are", "was", "does", "did", "can", "may", "must", "should", "we", "you", "he", "she", "it",
    "they", "my", "his", "their", "our", "your", "in", "on", "with", "after", "before", "from",
    "about", "if", "or", "has", "have", "had", "could", "would", "will", "shall", "do", "were",
    "been", "being", "am", "and", "but", "then", "than", "that", "this", "these", "those", "there",
    "so", "just", "also", "very", "really", "me", "him", "them", "us", "its", "not", "no",
    "nobody", "anybody", "anyone", "someone", "somebody", "everyone", "everybody",
    // What is left of a contraction or possessive once the apostrophe
    // splits it (`couldn't` → `couldn` `t`, `declarer's` → `declarer`
    // `s`): a term written "couldn't play the board" and a query "could
    // not play the board" then have the same words.
    "t", "s", "didn", "couldn", "wasn", "doesn", "don", "isn", "aren", "hasn", "haven", "hadn",
    "wouldn", "shouldn", "mustn", "weren", "ve", "ll", "re", "m", "d", "cannot",
    // As `lov` above: "is it allowed to look at the last trick".
    "allowed", "permitted", "legal",
];

/// Words that are English and Norwegian or Danish both: `to` is "two" in
/// "to kort" and nothing in "forgot to play to the trick", `her` is
/// "here", `be` "ask", `by` "town". An English query drops them with its
/// other function words; another keeps them.
pub(crate) const ENGLISH_HOMOGRAPHS: &[&str] = &["to", "at", "for", "by", "be", "her", "as"];

/// The lists as sets: every query word is looked up in them.
static STOP: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    NORDIC_STOP_WORDS
        .iter()
        .chain(ENGLISH_FUNCTION_WORDS)
        .copied()
        .collect()
});
static ENGLISH: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| ENGLISH_FUNCTION_WORDS.iter().copied().collect());

/// True for a word every query drops when it has others.
pub(crate) fn is_query_stop_word(word: &str) -> bool {
    STOP.contains(word)
}

/// True for a word no book language indexes: a stop word of the
/// analyzers of Norwegian and of Danish both (`og`, `med`, `i`, `om`,
/// `selv`, the modals `må` and `måtte`). The books' text and the subject
/// index's terms have no term for it, so in a query it says how, never
/// what: it is no content word (it does not count among the content words
/// that set what a context word weighs), and a clause of such words and
/// the table's context ("Med 15 hp i nord") says nothing more than the
/// context. It is still searched, as the question words are not, since a
/// phrase of the thesaurus may hold it ("på en gang", "for sent"). The
/// analyzers are the one source of these words; a word that is a stop
/// word of one language only (`før`, `ingen`, `efter`) names something in
/// the other's books and is content.
pub(crate) fn is_books_stop_word(word: &str, analyzers: &mut Analyzers) -> bool {
    Lang::ALL.iter().all(|&l| analyzers.term(l, word).is_none())
}

/// True for an English function word: it makes a query English.
pub(crate) fn is_english_function_word(word: &str) -> bool {
    ENGLISH.contains(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_books_stop_word_is_a_stop_word_of_both_languages() {
        let mut a = Analyzers::new();
        for w in ["og", "med", "i", "om", "må", "måtte"] {
            assert!(is_books_stop_word(w, &mut a), "{w}");
        }
        // A stop word of one language names something in the other's
        // books; a word of the game is no stop word at all.
        for w in ["kort", "spiller", "øst", "pause"] {
            assert!(!is_books_stop_word(w, &mut a), "{w}");
        }
        for w in ["før", "ingen", "efter"] {
            let stop_in: Vec<Lang> = Lang::ALL
                .iter()
                .copied()
                .filter(|&l| a.term(l, w).is_none())
                .collect();
            assert_eq!(stop_in.len(), 1, "{w}: a stop word of {stop_in:?}");
            assert!(!is_books_stop_word(w, &mut a), "{w}");
        }
    }
}

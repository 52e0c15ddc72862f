//! Text analysis: how a passage or a query becomes index terms.
//!
//! The laws are Norwegian (Bokmål) and the handbook Danish, so each document
//! is analysed with its own language (tantivy's Snowball stemmer and stop
//! words), and a query with both. Analysis keeps the surface word beside the
//! term because typo, prefix and ascii matching work on what people type, not
//! on stems. Ascii folding (`ø`→`o`) is applied only after stemming, as a
//! lookup key: folding first would change what the stemmer sees. Every term
//! carries its language (`nb:kort`, `da:kort`), so a Danish stem never
//! matches a Norwegian word that happens to stem alike (`før` is a
//! Norwegian stop word but a Danish stem of `føre`).

use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
    TokenStream,
};
use tantivy::Index;

use crate::corpus::BookId;

/// Tokens longer than this many bytes are dropped: no real word is that long.
const MAX_TOKEN_BYTES: usize = 40;

/// The language a text is analysed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lang {
    /// Norwegian Bokmål: the laws.
    Nb,
    /// Danish: the handbook.
    Da,
}

impl Lang {
    /// Both languages; a query is analysed in each.
    pub(crate) const ALL: [Lang; 2] = [Lang::Nb, Lang::Da];

    /// The language a book is written in.
    pub(crate) fn of_book(book: BookId) -> Lang {
        match book {
            BookId::Laws => Lang::Nb,
            BookId::Handbook => Lang::Da,
        }
    }

    /// The name its analyzer is registered under.
    pub(crate) fn analyzer_name(self) -> &'static str {
        match self {
            Lang::Nb => "lovbok_nb",
            Lang::Da => "lovbok_da",
        }
    }

    /// The prefix of this language's index terms.
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Lang::Nb => "nb:",
            Lang::Da => "da:",
        }
    }

    fn tantivy(self) -> Language {
        match self {
            Lang::Nb => Language::Norwegian,
            Lang::Da => Language::Danish,
        }
    }
}

/// Modal verbs the Snowball stop lists of both languages lack (they list
/// `skal`, `kan`, `vil` but not these): "must", "had to", "should", the
/// same words in Norwegian and Danish. Like the listed modals they say how,
/// not what, so a question ("meldte selv om han måtte passe") is not ranked
/// by where the books say "må".
const MODAL_STOP_WORDS: &[&str] = &["må", "måtte", "bør", "burde"];

/// The full analyzer of one language: words, lower case, no stop words, stems.
///
/// The stemmer comes last because it expects lower-case input.
pub(crate) fn stemming_analyzer(lang: Lang) -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(StopWordFilter::remove(
            MODAL_STOP_WORDS.iter().map(|w| w.to_string()),
        ));
    match StopWordFilter::new(lang.tantivy()) {
        Some(stop) => builder
            .filter(stop)
            .filter(Stemmer::new(lang.tantivy()))
            .build(),
        None => builder.filter(Stemmer::new(lang.tantivy())).build(),
    }
}

/// Words in lower case, nothing removed: the surface forms people type.
pub(crate) fn surface_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .build()
}

/// Registers lovbok's analyzers on an index.
///
/// Documents are indexed pre-tokenized (each in its own language, see
/// `schema.rs`), so tantivy never runs these itself; they are registered so
/// that anything that does analyse through the index (a snippet generator,
/// a query parser in a debugging session) sees the same analysis.
pub fn register_all(index: &Index) {
    for lang in Lang::ALL {
        index
            .tokenizers()
            .register(lang.analyzer_name(), stemming_analyzer(lang));
    }
}

/// One word of a text: where it is, what was written, what it is indexed as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tok {
    /// Byte range in the analysed text.
    pub from: usize,
    pub to: usize,
    /// Token position, counting stop words (tantivy's convention).
    pub position: usize,
    /// The word in lower case.
    pub surface: String,
    /// The index term (language tag and stem), or `None` for a stop word.
    pub term: Option<String>,
}

/// The analyzers one thread needs; cloned from [`Analyzers::new`] once and
/// reused, because a `TextAnalyzer` needs `&mut` to run.
#[derive(Clone)]
pub(crate) struct Analyzers {
    nb: TextAnalyzer,
    da: TextAnalyzer,
    surface: TextAnalyzer,
}

impl Analyzers {
    pub(crate) fn new() -> Analyzers {
        Analyzers {
            nb: stemming_analyzer(Lang::Nb),
            da: stemming_analyzer(Lang::Da),
            surface: surface_analyzer(),
        }
    }

    fn stemmer(&mut self, lang: Lang) -> &mut TextAnalyzer {
        match lang {
            Lang::Nb => &mut self.nb,
            Lang::Da => &mut self.da,
        }
    }

    /// Every word of `text` with its surface form and its term in `lang`.
    ///
    /// The two analyzers see the same words in the same order (the stop-word
    /// filter only removes), so the stemmed stream is aligned to the surface
    /// stream by byte offset.
    pub(crate) fn analyze(&mut self, lang: Lang, text: &str) -> Vec<Tok> {
        let mut stems: Vec<(usize, String)> = Vec::new();
        {
            let mut stream = self.stemmer(lang).token_stream(text);
            while stream.advance() {
                let t = stream.token();
                stems.push((t.offset_from, format!("{}{}", lang.tag(), t.text)));
            }
        }
        let mut out = Vec::new();
        let mut next_stem = 0;
        let mut stream = self.surface.token_stream(text);
        while stream.advance() {
            let t = stream.token();
            let term = match stems.get(next_stem) {
                Some((from, stem)) if *from == t.offset_from => {
                    next_stem += 1;
                    Some(stem.clone())
                }
                _ => None,
            };
            out.push(Tok {
                from: t.offset_from,
                to: t.offset_to,
                position: t.position,
                surface: t.text.clone(),
                term,
            });
        }
        out
    }

    /// The term of a single word in `lang`, or `None` for a stop word.
    pub(crate) fn term(&mut self, lang: Lang, word: &str) -> Option<String> {
        let mut stream = self.stemmer(lang).token_stream(word);
        if stream.advance() {
            Some(format!("{}{}", lang.tag(), stream.token().text))
        } else {
            None
        }
    }

    /// The words of a query in lower case, in order, each with the byte
    /// offset in `text` where it starts.
    pub(crate) fn words_at(&mut self, text: &str) -> Vec<(String, usize)> {
        let mut out = Vec::new();
        let mut stream = self.surface.token_stream(text);
        while stream.advance() {
            let t = stream.token();
            out.push((t.text.clone(), t.offset_from));
        }
        out
    }

    /// The words of a query in lower case, in order.
    pub(crate) fn words(&mut self, text: &str) -> Vec<String> {
        self.words_at(text).into_iter().map(|(w, _)| w).collect()
    }
}

thread_local! {
    /// Each thread's analyzers, built on first use: a `TextAnalyzer` needs
    /// `&mut` to run, and building or cloning one per query costs more than
    /// analysing the query.
    static ANALYZERS: std::cell::RefCell<Option<Analyzers>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's analyzers (a fresh set if they are in use
/// further up the stack).
pub(crate) fn with_analyzers<R>(f: impl FnOnce(&mut Analyzers) -> R) -> R {
    ANALYZERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Analyzers::new)),
        Err(_) => f(&mut Analyzers::new()),
    })
}

/// How search reads one word, for modules that must judge words the same
/// way without searching (the practice cards of [`crate::cards`]): the
/// word's index term in a book's language, or nothing for a stop word, and
/// its root. Two words with the same term or root are forms of one word.
pub struct WordForms {
    analyzers: Analyzers,
}

impl Default for WordForms {
    fn default() -> WordForms {
        WordForms::new()
    }
}

impl WordForms {
    /// The analyzers of both languages, built once.
    pub fn new() -> WordForms {
        WordForms {
            analyzers: Analyzers::new(),
        }
    }

    /// The index term (language tag and stem) of a single word in `book`'s
    /// language; `None` for a stop word or something that is not a word.
    pub fn term(&mut self, book: BookId, word: &str) -> Option<String> {
        self.analyzers.term(Lang::of_book(book), word)
    }

    /// The root of the word's term (`nøling` and `nøle` share `nb:nøl`), as
    /// search joins words of one root; `None` for a stop word or a root too
    /// short to join anything.
    pub fn root(&mut self, book: BookId, word: &str) -> Option<String> {
        root(&self.term(book, word)?)
    }
}

/// Endings cut from a stem to find its root, the part a verb shares with
/// its verbal noun and past forms: `nøl·ing`, `nøl·t` (`nølte`),
/// `meld·t`, `dobl·ing`. Snowball leaves these, since it does not know
/// which words are verbs; longest first.
const ROOT_ENDINGS: &[&str] = &["ing", "t", "d"];
/// Shortest root (in characters): below this, different words share roots
/// by chance.
const MIN_ROOT_CHARS: usize = 3;
/// The root of an index term: its stem without one of [`ROOT_ENDINGS`],
/// language tag kept (`nb:nøling` → `nb:nøl`), or the stem itself when it
/// has no such ending. `None` for a term whose stem is shorter than
/// [`MIN_ROOT_CHARS`], or has digits (a cite is nobody's neighbour).
pub(crate) fn root(term: &str) -> Option<String> {
    let (tag, stem) = term.split_at(term.find(':')? + 1);
    let len = stem.chars().count();
    if len < MIN_ROOT_CHARS || !stem.chars().all(char::is_alphabetic) {
        return None;
    }
    let cut = ROOT_ENDINGS
        .iter()
        .find(|e| stem.ends_with(*e) && len - e.chars().count() >= MIN_ROOT_CHARS)
        .map_or(stem, |e| &stem[..stem.len() - e.len()]);
    Some(format!("{tag}{cut}"))
}

/// Letters people without a Danish/Norwegian keyboard replace, with the
/// spellings they use instead (`æ` as "ae", "a" or "e"; `ø` as "o" or "oe";
/// `å` as "a" or "aa"), the first being the canonical fold.
const FOLDS: &[(char, &[&str])] = &[
    ('æ', &["ae", "a", "e"]),
    ('ø', &["o", "oe"]),
    ('å', &["a", "aa"]),
    ('ä', &["a", "ae"]),
    ('ö', &["o", "oe"]),
    ('é', &["e"]),
    ('ü', &["u", "ue"]),
];

/// Most spellings of one word that [`fold_variants`] produces.
const MAX_FOLD_VARIANTS: usize = 16;

fn fold_options(c: char) -> Option<&'static [&'static str]> {
    FOLDS.iter().find(|(k, _)| *k == c).map(|(_, v)| *v)
}

/// True when the word has a letter that folding would replace.
pub(crate) fn needs_fold(word: &str) -> bool {
    word.chars().any(|c| fold_options(c).is_some())
}

/// The canonical ascii spelling of a lower-case word (`nøling` → `noling`).
pub(crate) fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len() + 2);
    for c in word.chars() {
        match fold_options(c) {
            Some(opts) => out.push_str(opts[0]),
            None => out.push(c),
        }
    }
    out
}

/// Every ascii spelling of a lower-case word, capped at a small number
/// (`på` → `pa`, `paa`); empty when the word needs no folding.
pub(crate) fn fold_variants(word: &str) -> Vec<String> {
    if !needs_fold(word) {
        return Vec::new();
    }
    let mut out = vec![String::new()];
    for c in word.chars() {
        match fold_options(c) {
            Some(opts) => {
                let mut next = Vec::with_capacity(out.len() * opts.len());
                for prefix in &out {
                    for o in opts {
                        if next.len() < MAX_FOLD_VARIANTS {
                            next.push(format!("{prefix}{o}"));
                        }
                    }
                }
                out = next;
            }
            None => out.iter_mut().for_each(|s| s.push(c)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analysis_keeps_surface_and_stem_aligned() {
        let mut a = Analyzers::new();
        // "og" is a Norwegian stop word: it keeps its surface but has no term.
        let toks = a.analyze(Lang::Nb, "Spillere og Kortene");
        let got: Vec<_> = toks
            .iter()
            .map(|t| (t.surface.as_str(), t.term.as_deref()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("spillere", Some("nb:spiller")),
                ("og", None),
                ("kortene", Some("nb:kort"))
            ]
        );
        assert_eq!(toks[2].from, "Spillere og ".len());
    }

    #[test]
    fn fold_is_ascii() {
        assert_eq!(fold("nøling"), "noling");
        assert_eq!(fold("ubeføjede"), "ubefojede");
        assert_eq!(fold("kort"), "kort");
        assert!(fold_variants("kort").is_empty());
        let v = fold_variants("påført");
        assert!(v.contains(&"paaført".replace('ø', "o")));
        assert!(v.contains(&"paafoert".to_string()));
        assert!(v.len() <= MAX_FOLD_VARIANTS);
    }
}

/*!
Splitting a glued run of a table of contents ("Samtidigemeldinger") into
words, with nothing but the book's own words and the grammar of Norwegian
and Danish word forms; never a list of expected titles.

A run is cut into pieces, each one of: a function word (a closed class:
`av`, `og`, `til`), a word the book uses, a form of one (its stem with an
ending: `tillatt` from `tillate`, `enighet` from `uenighet`), a compound of
two (`erstatningspoeng`), or a word the book does not know. The best cut
has the most likely pieces by their counts in the book (a unigram model;
an unknown word costs by its length). Rules of word formation bar the cuts
that break a word: an ending never stands alone after a word the book
does not know (`bryt|er`), a first part with a linking `s` (`-ings`,
`-sjons`) is never cut off (`utregnings|metoder`), a prefix is never cut
off a word the book does not know (`til|skuere`), and a known word is never
cut off the start of one (`samt|idige`).
*/

use std::collections::{BTreeMap, HashMap};

/// Norwegian and Danish function words: closed classes, so every book has
/// them whether or not its body happens to use each one.
const FUNCTION_WORDS: &[&str] = &[
    "av", "og", "i", "til", "å", "om", "som", "er", "ikke", "eller", "etter", "at", "det", "en",
    "et", "ei", "for", "på", "med", "ved", "når", "fra", "ut", "opp", "under", "mer", "enn",
    "blir", "blitt", "ble", "den", "de", "seg", "sin", "kan", "skal", "må", "har", "være", "hvis",
    "men", "så", "også", "to", "tre", "sju", "af", "efter", "ud", "op", "mere", "end",
];

/// Function words that also open compounds (`tilskuere`, `utregning`):
/// one of them is never cut off a word the book does not know.
const PREFIXES: &[&str] = &[
    "til", "ut", "be", "for", "av", "an", "opp", "inn", "på", "om", "mot", "over", "under", "sam",
    "fram", "mis", "gjen", "er", "ved", "et", "u",
];

/// Endings that make a word form from a stem (inflection and the common
/// derivations): `tillat` + `t`, `regulering` + `er`, `behandl` + `ing`.
const ENDINGS: &[&str] = &[
    "e", "er", "ere", "en", "ene", "et", "ede", "ende", "es", "t", "te", "s", "ing", "inger",
    "ingen", "else", "het",
];

/// Endings that look like words (`er`, `en`, `et`) or are no words: after
/// a word the book does not know they are its ending, not a word.
const SUFFIX_PIECES: &[&str] = &[
    "e", "er", "en", "et", "ene", "es", "s", "se", "t", "te", "ne", "ing",
];

/// Endings of a compound's first part with its linking `s` (`meldings-`,
/// `utregnings-`): a part ending so is not a word of its own.
const LINKING: &[&str] = &["ings", "sjons", "hets", "elses", "skaps", "doms", "tets"];

/// Score of a form of a known stem, on top of the stem's own.
const DERIVED: f64 = -4.0;
/// Score of a compound of two known words, on top of theirs.
const COMPOUND: f64 = -7.0;
/// Score of an unknown word: a base and so much per letter.
const UNKNOWN_BASE: f64 = -8.0;
const UNKNOWN_LETTER: f64 = -2.5;
/// A function word that at most this many of the book's words begin (or
/// end) with is not part of an unknown word that begins (ends) with it.
const EDGE_LIMIT: usize = 5;

/// The shortest run worth splitting: two words glued are eight letters or
/// more (`Spiltkort`), and shorter words (`utført`) are too easily cut into
/// a prefix and a word.
pub const MIN_RUN: usize = 8;

/// The longest run split: the search is cubic in a run's length, and no
/// title glues more letters than this (the seed's longest has 46).
pub const MAX_RUN: usize = 120;

/// What a piece of a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Function,
    Known,
    Derived,
    Compound,
    Unknown,
    /// A piece no cut may make: an unknown word that begins or ends with a
    /// function word the book's words do not begin or end with.
    Barred,
}

/// One piece of a split run, lower-cased.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub text: String,
    pub kind: Kind,
}

/// The book's words with their counts, and the stems their forms share.
pub struct Vocabulary {
    counts: HashMap<String, usize>,
    stems: HashMap<String, usize>,
    total: f64,
    end_words: Vec<&'static str>,
    start_words: Vec<&'static str>,
}

fn len(s: &str) -> usize {
    s.chars().count()
}

fn is_function(w: &str) -> bool {
    FUNCTION_WORDS.contains(&w)
}

/// Counts the words of a book (lower-cased, whole words only): labels
/// (`a)`, `E.`) and pieces of marked-up words are not words, and a
/// one-letter word counts only when it stands alone three times or more
/// (`i`, `å`), so that a run is not cut into letters.
pub fn count_words<'a>(words: impl Iterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for w in words {
        let bare = w
            .trim_end_matches([',', '.', ';', ':', '»', '«', '!', '?'])
            .trim_start_matches(['«', '»']);
        let label = len(bare) == 1 && bare.len() != w.len();
        if !label && !bare.is_empty() && bare.chars().all(char::is_alphabetic) {
            *counts.entry(bare.to_lowercase()).or_default() += 1;
        }
    }
    counts.retain(|w, n| len(w) > 1 || *n >= 3);
    counts
}

impl Vocabulary {
    /// The model of a book's words, from their counts ([`count_words`]).
    pub fn new(counts: BTreeMap<String, usize>) -> Self {
        let mut stems: HashMap<String, usize> = HashMap::new();
        for (w, &c) in &counts {
            if is_function(w) {
                continue;
            }
            // A word with the negating u- also gives the stem without it
            // (`uenighet` → `enighet`).
            let mut forms = vec![w.as_str()];
            if let Some(rest) = w.strip_prefix('u').filter(|r| len(r) >= 5) {
                forms.push(rest);
            }
            for f in forms {
                if len(f) >= 3 {
                    *stems.entry(f.to_string()).or_default() += c;
                }
                for e in ENDINGS {
                    if let Some(stem) = f.strip_suffix(e).filter(|s| len(s) >= 3) {
                        *stems.entry(stem.to_string()).or_default() += c;
                    }
                }
            }
        }
        let edge = |f: &str, at_end: bool| {
            counts
                .keys()
                .filter(|w| len(w) >= len(f) + 3)
                .filter(|w| {
                    if at_end {
                        w.ends_with(f)
                    } else {
                        w.starts_with(f)
                    }
                })
                .count()
                <= EDGE_LIMIT
        };
        let end_words = FUNCTION_WORDS
            .iter()
            .copied()
            .filter(|f| len(f) >= 2 && !SUFFIX_PIECES.contains(f) && edge(f, true))
            .collect();
        let start_words = FUNCTION_WORDS
            .iter()
            .copied()
            .filter(|f| len(f) >= 2 && !PREFIXES.contains(f) && edge(f, false))
            .collect();
        let total = counts.values().sum::<usize>().max(1) as f64;
        Vocabulary {
            counts: counts.into_iter().collect(),
            stems,
            total,
            end_words,
            start_words,
        }
    }

    /// True for a word the book uses (lower-cased).
    pub fn contains(&self, w: &str) -> bool {
        self.counts.contains_key(w)
    }

    fn log_p(&self, count: usize) -> f64 {
        (count.max(1) as f64 / self.total).ln()
    }

    /// Score of a form of a known stem, if `p` is one.
    fn derived(&self, p: &str) -> Option<f64> {
        ENDINGS
            .iter()
            .filter_map(|e| {
                let stem = p.strip_suffix(e)?;
                // A stem ending in -e takes -t, never -et (`spille` + `et`).
                if stem.ends_with('e') && e.starts_with('e') {
                    return None;
                }
                let c = *self.stems.get(stem)?;
                Some(self.log_p(c) + DERIVED)
            })
            .reduce(f64::max)
    }

    /// Score of a content word (known or a form of one), not a function word.
    fn content(&self, p: &str) -> Option<f64> {
        if is_function(p) {
            return None;
        }
        match self.counts.get(p) {
            Some(&c) => Some(self.log_p(c)),
            None => self.derived(p),
        }
    }

    /// Score of a compound of two content words, with or without a linking
    /// `s` (`erstatning` + `s` + `poeng`).
    fn compound(&self, chars: &[char]) -> Option<f64> {
        (3..chars.len().saturating_sub(2))
            .filter_map(|i| {
                let a: String = chars[..i].iter().collect();
                let b: String = chars[i..].iter().collect();
                let tail = self.content(&b)?;
                let linked = a.strip_suffix('s').filter(|h| !h.ends_with('s'));
                [Some(a.as_str()), linked]
                    .into_iter()
                    .flatten()
                    .filter_map(|h| self.content(h))
                    .reduce(f64::max)
                    .map(|head| head + tail + COMPOUND)
            })
            .reduce(f64::max)
    }

    /// What the piece `chars` is and its score.
    fn kind(&self, chars: &[char]) -> (Kind, f64) {
        let p: String = chars.iter().collect();
        if is_function(&p) {
            return (
                Kind::Function,
                self.log_p(*self.counts.get(&p).unwrap_or(&1)),
            );
        }
        if let Some(&c) = self.counts.get(&p) {
            return (Kind::Known, self.log_p(c));
        }
        if let Some(s) = self.derived(&p) {
            return (Kind::Derived, s);
        }
        let n = chars.len();
        let edge = |words: &[&str], at_end: bool| {
            words.iter().any(|f| {
                n >= len(f) + 3
                    && if at_end {
                        p.ends_with(f)
                    } else {
                        p.starts_with(f)
                    }
            })
        };
        // An unknown word is at least three letters and starts as a word
        // can: never with a doubled letter or "ng".
        let unlike_a_word = n < 3 || chars[0] == chars[1] || p.starts_with("ng");
        if edge(&self.end_words, true) || edge(&self.start_words, false) || unlike_a_word {
            return (Kind::Barred, 0.0);
        }
        if let Some(s) = self.compound(chars) {
            return (Kind::Compound, s);
        }
        (Kind::Unknown, UNKNOWN_BASE + UNKNOWN_LETTER * n as f64)
    }

    /// Splits a lower-cased run into its most likely pieces (the run whole
    /// when no cut is allowed).
    pub fn split(&self, run: &str) -> Vec<Piece> {
        let chars: Vec<char> = run.chars().collect();
        let n = chars.len();
        if n == 0 {
            return Vec::new();
        }
        if n > MAX_RUN {
            return vec![Piece {
                text: run.to_string(),
                kind: Kind::Unknown,
            }];
        }
        let kinds: Vec<Vec<(Kind, f64)>> = (0..n)
            .map(|s| (s + 1..=n).map(|e| self.kind(&chars[s..e])).collect())
            .collect();
        let texts: Vec<Vec<String>> = (0..n)
            .map(|s| (s + 1..=n).map(|e| chars[s..e].iter().collect()).collect())
            .collect();
        let piece = |s: usize, e: usize| kinds[s][e - s - 1];
        let text = |s: usize, e: usize| texts[s][e - s - 1].as_str();
        // best[e][s]: the best score of a cut whose last piece is s..e, and
        // where the piece before it starts.
        let mut best: Vec<Vec<Option<(f64, usize)>>> = vec![vec![None; n + 1]; n + 1];
        for end in 1..=n {
            for start in 0..end {
                let (kind, score) = piece(start, end);
                if kind == Kind::Barred {
                    continue;
                }
                if start == 0 {
                    best[end][0] = Some((score, 0));
                    continue;
                }
                for before in 0..start {
                    let Some((s0, _)) = best[start][before] else {
                        continue;
                    };
                    let prev = (text(before, start), piece(before, start).0);
                    if !allowed(prev, (text(start, end), kind)) {
                        continue;
                    }
                    let c = s0 + score;
                    if best[end][start].is_none_or(|(b, _)| c > b) {
                        best[end][start] = Some((c, before));
                    }
                }
            }
        }
        // A run never ends on an ending standing alone (`turneringsleder|en`).
        let last = (0..n)
            .filter(|&s| s == 0 || !SUFFIX_PIECES.contains(&text(s, n)))
            .filter_map(|s| best[n][s].map(|(score, _)| (score, s)))
            .reduce(|a, b| if b.0 > a.0 { b } else { a });
        let Some((_, mut start)) = last else {
            return vec![Piece {
                text: run.to_string(),
                kind: piece(0, n).0,
            }];
        };
        let mut end = n;
        let mut out = Vec::new();
        loop {
            out.push(Piece {
                text: text(start, end).to_string(),
                kind: piece(start, end).0,
            });
            if start == 0 {
                break;
            }
            let before = best[end][start].map_or(0, |(_, b)| b);
            end = start;
            start = before;
        }
        out.reverse();
        out
    }
}

/// Whether a cut may stand between two pieces (text, kind).
fn allowed((pt, pk): (&str, Kind), (nt, nk): (&str, Kind)) -> bool {
    use Kind::*;
    let word = matches!(pk, Function | Known);
    !((pk == Unknown && matches!(nk, Unknown | Compound))
        || (len(pt) == 1 && nk == Unknown)
        || (len(nt) == 1 && pk == Unknown)
        || (!word && SUFFIX_PIECES.contains(&nt))
        || (!word && LINKING.iter().any(|l| pt.ends_with(l)))
        || (pk == Function && PREFIXES.contains(&pt) && nk == Unknown)
        || (matches!(pk, Known | Derived) && nk == Unknown))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocab(words: &str) -> Vocabulary {
        Vocabulary::new(count_words(words.split_whitespace()))
    }

    fn split(v: &Vocabulary, run: &str) -> String {
        v.split(run)
            .into_iter()
            .map(|p| p.text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    // Fixture: invented sentences, not book text.
    const BODY: &str = "tap av retten til korrigering og meldinger er tillate eller tillater \
        kort spilt ut av en spiller som ikke er i tur og til å melde og og av av til til i i i \
        å å å erstatning poeng uenighet om fakta";

    #[test]
    fn splits_at_function_words_and_keeps_known_words() {
        let v = vocab(BODY);
        assert_eq!(
            split(&v, "tapavrettentilkorrigering"),
            "tap av retten til korrigering"
        );
        // `tillatt` is a form of `tillate`; `samtidige` is unknown but
        // stands whole before a known word.
        assert_eq!(split(&v, "meldingerertillatt"), "meldinger er tillatt");
        assert_eq!(split(&v, "samtidigemeldinger"), "samtidige meldinger");
        // `enighet` from `uenighet`.
        assert_eq!(split(&v, "deterenighetomfakta"), "det er enighet om fakta");
    }

    #[test]
    fn never_breaks_a_word_it_does_not_know() {
        let v = vocab(BODY);
        // A prefix is not cut off an unknown word, nor a known word off
        // its start, nor a linking s off a compound.
        assert_eq!(split(&v, "tilskuere"), "tilskuere");
        assert_eq!(split(&v, "kortstokkene"), "kortstokkene");
        assert_eq!(split(&v, "averstatningspoeng"), "av erstatningspoeng");
        assert_eq!(split(&v, "utregningsmetoder"), "utregningsmetoder");
    }

    #[test]
    fn a_run_too_long_to_search_stays_whole() {
        let v = vocab(BODY);
        let run = "tapav".repeat(MAX_RUN);
        assert_eq!(v.split(&run).len(), 1);
        // A run near the longest searched is split (in a fraction of a
        // second, even unoptimised).
        let run = "tapavrettentil".repeat(8);
        assert!(run.chars().count() <= MAX_RUN);
        let t = std::time::Instant::now();
        assert_eq!(v.split(&run).len(), 32);
        eprintln!("longest run split in {:?}", t.elapsed());
    }
}

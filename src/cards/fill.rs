/*!
*Fyll inn*: one full sentence of a provision with one key word blanked.

A **key word** is a word of small letters only (no name, no abbreviation,
not the first word of the sentence), at least [`MIN_KEY_CHARS`] letters
long, standing alone (not half of `KP-fradrag` or `DBf's`), that is not a
stop word of the book's language (as search sees it), not a number word,
and not part of a citation or the word that introduces one. The blank is
the sentence's *rarest* key word in the corpus (held by the fewest
provisions), because rare words carry what the sentence says; ties go to
the longer word, then the earlier one. The word must occur once in its
sentence, or the blank would give itself away.

The three distractors are key words of the same part of the book (the same
law, X-section, handbook section, or the definitions) before any from the
rest of the book, those with the answer's ending first (so they read like
the same kind of word) and, among those, the ones the corpus writes in the
blank's slot first (right after the word before the blank and right before
the word after it, then beside one of them: `en _____` takes a noun,
`å _____` a verb), in a seeded order. A word that could also be right
is never one: not the answer in another form (the same stem or root as
search sees it, or one word the start or end of the other) and not a word that
makes a sentence the corpus has. Nor is a word the sentence already holds
(`positivt eller _____` never offers `negativt`), nor a compound with the
answer's head (`sluttkontrakten` for `kontrakten`).
*/

use std::collections::{HashMap, HashSet};

use crate::cite;
use crate::corpus::{BookId, Corpus, Kind};
use crate::search::WordForms;

use super::{
    card, full_sentences, is_numbered, letter_runs, normalized, pick, quality, sentence, Card,
    CardKind, Choice, Face, Skipped, BLANK, CHOICES,
};

/// How many fitting words a blank's distractors are chosen from, to
/// spread their lengths.
const SPREAD_POOL: usize = 24;

/// The fewest letters a key word has.
pub const MIN_KEY_CHARS: usize = 3;

/// Number words, Norwegian and Danish (one to twenty, tens, hundred,
/// thousand, ordinals, half, double): a number is never the blank.
const NUMBER_WORDS: &[&str] = &[
    "en",
    "ett",
    "et",
    "én",
    "to",
    "tre",
    "fire",
    "fem",
    "seks",
    "sju",
    "syv",
    "åtte",
    "otte",
    "ni",
    "ti",
    "elleve",
    "tolv",
    "tretten",
    "fjorten",
    "femten",
    "seksten",
    "sytten",
    "atten",
    "nitten",
    "tjue",
    "tyve",
    "tretti",
    "tredive",
    "førti",
    "fyrre",
    "femti",
    "halvtreds",
    "seksti",
    "tres",
    "sytti",
    "halvfjerds",
    "åtti",
    "firs",
    "nitti",
    "halvfems",
    "hundre",
    "hundrede",
    "tusen",
    "tusind",
    "første",
    "annen",
    "andre",
    "anden",
    "tredje",
    "fjerde",
    "femte",
    "sjette",
    "syvende",
    "sjuende",
    "åttende",
    "ottende",
    "niende",
    "tiende",
    "halv",
    "halve",
    "halvdelen",
    "dobbelt",
    "dobbelte",
    "null",
    "nul",
    "million",
    "millioner",
];

/// Words that introduce or close a citation ("see", "cf.", "law", "laws",
/// "the law's", "paragraph", "section", "below", "above"): next to a cite
/// they are part of it.
const CITE_CUES: &[&str] = &[
    "se",
    "jf",
    "jfr",
    "lov",
    "loven",
    "lovene",
    "lovens",
    "lovs",
    "law",
    "laws",
    "paragraf",
    "paragraffen",
    "afsnit",
    "afsnittet",
    "avsnitt",
    "avsnittet",
    "nedenfor",
    "ovenfor",
    "nedenunder",
    "ovenover",
];

/// A full sentence and the byte ranges of its key words.
type Keyed<'s> = (&'s str, Vec<(usize, usize)>);

/// A key word of a sentence, with where it came from.
#[derive(Clone, Debug)]
struct PoolWord {
    word: String,
    /// The provision it was first seen in.
    source: usize,
}

struct Fill<'c> {
    corpus: &'c Corpus,
    forms: WordForms,
    /// (book, word) → (term, root) as search reads it; term `None` is a stop word.
    terms: HashMap<(BookId, String), (Option<String>, Option<String>)>,
    /// Word (lower case) → number of provisions whose text holds it.
    df: HashMap<String, u32>,
    /// Every sentence of the corpus, normalized.
    sentences: HashSet<String>,
    /// Every two words the corpus writes next to each other (lower case,
    /// only a space between): where a word may stand.
    pairs: HashSet<(String, String)>,
}

/// The key words of a book's parts, each word once, in the order first
/// seen: per top-level provision (a law, an X-section, a handbook section,
/// a definition) and per book. Distractors come from these.
#[derive(Default)]
struct Pools {
    top: HashMap<usize, Vec<PoolWord>>,
    book: HashMap<BookId, Vec<PoolWord>>,
}

/// A key word that could be the blank: (document frequency, longer first,
/// sentence, start, end), in the order they are tried.
type Candidate = (u32, std::cmp::Reverse<usize>, usize, usize, usize);

/// A sentence blanked: the sentence, the blank's byte range, and its
/// distractors.
type Blanked<'s> = (&'s str, usize, usize, Vec<Choice>);

/// Every Fyll inn card, and the provisions with a full sentence that got none.
pub(super) fn cards(corpus: &Corpus) -> (Vec<Card>, Vec<Skipped>) {
    let mut f = Fill {
        corpus,
        forms: WordForms::new(),
        terms: HashMap::new(),
        df: HashMap::new(),
        sentences: HashSet::new(),
        pairs: HashSet::new(),
    };
    f.count();
    let (keyed, pools) = f.key_sentences();
    let mut cards = Vec::new();
    let mut skipped = Vec::new();
    for (i, per) in keyed {
        let made = f.blank(i, &per, &pools).map(|b| f.card(i, b));
        match made {
            Ok(c) => cards.push(c),
            Err(reason) => skipped.push(Skipped {
                kind: CardKind::FillIn,
                provision: i,
                reason,
            }),
        }
    }
    (cards, skipped)
}

impl<'c> Fill<'c> {
    /// The key words of every full sentence, per provision that can have a
    /// card, and the pools of each top-level provision and each book.
    fn key_sentences(&mut self) -> (Vec<(usize, Vec<Keyed<'c>>)>, Pools) {
        let corpus = self.corpus;
        let eligible =
            corpus.provisions().iter().enumerate().filter(|(_, p)| {
                (is_numbered(p.kind) || p.kind == Kind::Definition) && p.in_corpus
            });
        let mut keyed: Vec<(usize, Vec<Keyed<'c>>)> = Vec::new();
        let mut pools = Pools::default();
        let mut seen_top: HashSet<(usize, String)> = HashSet::new();
        let mut seen_book: HashSet<(BookId, String)> = HashSet::new();
        for (i, p) in eligible {
            let top = corpus.path_of(i).first().copied().unwrap_or(i);
            let mut per = Vec::new();
            for s in full_sentences(p) {
                let keys = self.key_words(p.book, s);
                for &(a, b) in &keys {
                    let w = s[a..b].to_string();
                    if seen_top.insert((top, w.clone())) {
                        pools.top.entry(top).or_default().push(PoolWord {
                            word: w.clone(),
                            source: i,
                        });
                    }
                    if seen_book.insert((p.book, w.clone())) {
                        pools
                            .book
                            .entry(p.book)
                            .or_default()
                            .push(PoolWord { word: w, source: i });
                    }
                }
                per.push((s, keys));
            }
            if !per.is_empty() {
                keyed.push((i, per));
            }
        }
        (keyed, pools)
    }

    /// The key words of a provision's sentences that stand once in their
    /// sentence, rarest first, then longer, then earlier.
    fn candidates(&self, per: &[Keyed<'_>]) -> Vec<Candidate> {
        let mut cands = Vec::new();
        for (k, (s, keys)) in per.iter().enumerate() {
            for &(a, b) in keys {
                let w = &s[a..b];
                let once = letter_runs(s)
                    .into_iter()
                    .filter(|&(x, y)| s[x..y].to_lowercase() == w)
                    .count()
                    == 1;
                if once {
                    let df = self.df.get(w).copied().unwrap_or(0);
                    cands.push((df, std::cmp::Reverse(w.chars().count()), k, a, b));
                }
            }
        }
        cands.sort();
        cands
    }

    /// The first candidate the quality rules let through and that has
    /// three distractors; else why none was.
    fn blank<'s>(
        &mut self,
        i: usize,
        per: &[Keyed<'s>],
        pools: &Pools,
    ) -> Result<Blanked<'s>, &'static str> {
        let cands = self.candidates(per);
        if cands.is_empty() {
            return Err("no key word in its full sentences");
        }
        let p = self.corpus.at(i);
        let top = self.corpus.path_of(i).first().copied().unwrap_or(i);
        let id = format!("{}@{}", p.id, CardKind::FillIn.slug());
        let empty = Vec::new();
        let mut refused = None;
        // A definition's card shows no name, so its sentence must name the
        // term itself, or the student cannot tell what is defined.
        let term = (p.kind == Kind::Definition)
            .then(|| p.title.clone())
            .flatten();
        for &(_, _, k, a, b) in &cands {
            let s = per[k].0;
            let shown = format!("{}{BLANK}{}", &s[..a], &s[b..]);
            if quality::generic_word(&s[a..b]) {
                refused = refused.or(Some(quality::GENERIC_BLANK));
                continue;
            }
            if quality::needs_unseen_text(s) {
                refused = Some(quality::NEEDS_UNSEEN_TEXT);
                continue;
            }
            if quality::gives_away(&shown, &s[a..b]) {
                refused = Some(quality::GIVES_AWAY);
                continue;
            }
            if let Some(t) = &term {
                if !shown.to_lowercase().contains(&t.to_lowercase()) {
                    refused = Some(quality::TERM_NOT_SHOWN);
                    continue;
                }
            }
            let pools = [
                pools.top.get(&top).unwrap_or(&empty),
                pools.book.get(&p.book).unwrap_or(&empty),
            ];
            let d = self.distractors(&id, p.book, s, a, b, pools);
            if d.len() == CHOICES - 1 {
                return Ok((s, a, b, d));
            }
        }
        Err(refused.unwrap_or("no key word with three distractors"))
    }

    /// The card of provision `i`'s blanked sentence.
    fn card(&self, i: usize, (s, a, b, d): Blanked<'_>) -> Card {
        let p = self.corpus.at(i);
        // The provision's name places the sentence; a definition's name is
        // its term, which would give a blanked form of it away.
        let prompt = Face {
            cite: (p.kind != Kind::Definition).then(|| p.id.clone()),
            text: Some(format!("{}{BLANK}{}", &s[..a], &s[b..])),
            lang: p.lang(),
        };
        let answer = Choice {
            source: i,
            face: Face::text(&s[a..b], p.lang()),
        };
        card(self.corpus, CardKind::FillIn, i, prompt, answer, d)
    }
}

impl Fill<'_> {
    /// Document frequencies of words and the set of every sentence.
    fn count(&mut self) {
        for p in self.corpus.provisions() {
            let mut words: HashSet<String> = HashSet::new();
            for b in &p.blocks {
                let crate::corpus::Block::Paragraph { text } = b else {
                    continue;
                };
                let runs = letter_runs(text);
                for (s, e) in &runs {
                    words.insert(text[*s..*e].to_lowercase());
                }
                for w in runs.windows(2) {
                    if let [(s1, e1), (s2, e2)] = *w {
                        if text[e1..s2].chars().all(char::is_whitespace) {
                            self.pairs
                                .insert((text[s1..e1].to_lowercase(), text[s2..e2].to_lowercase()));
                        }
                    }
                }
                for r in sentence::split(text) {
                    if let Some(s) = text.get(r) {
                        self.sentences.insert(normalized(s));
                    }
                }
            }
            for w in words {
                *self.df.entry(w).or_insert(0) += 1;
            }
        }
    }

    fn forms_of(&mut self, book: BookId, word: &str) -> &(Option<String>, Option<String>) {
        let key = (book, word.to_string());
        if !self.terms.contains_key(&key) {
            let term = self.forms.term(book, word);
            let root = self.forms.root(book, word);
            self.terms.insert(key.clone(), (term, root));
        }
        &self.terms[&key]
    }

    /// Byte ranges of the key words of sentence `s`.
    fn key_words(&mut self, book: BookId, s: &str) -> Vec<(usize, usize)> {
        let cites: Vec<cite::Span> = cite::find(s).into_iter().map(|m| m.span).collect();
        let runs = letter_runs(s);
        let mut out = Vec::new();
        for (n, &(a, b)) in runs.iter().enumerate() {
            let w = &s[a..b];
            if n == 0 || w.chars().count() < MIN_KEY_CHARS || !w.chars().all(char::is_lowercase) {
                continue;
            }
            let before = s[..a].chars().last();
            let mut after = s[b..].chars();
            let next = after.next();
            let joined = |c: Option<char>| {
                c.is_some_and(|c| matches!(c, '-' | '\'' | '’' | '/' | '_') || c.is_ascii_digit())
            };
            let abbreviation = next == Some('.')
                && (after.next().is_some_and(char::is_alphabetic) || sentence::is_abbreviation(w));
            if joined(before) || joined(next) || abbreviation || before == Some('.') {
                continue;
            }
            if NUMBER_WORDS.contains(&w) {
                continue;
            }
            let in_cite = cites.iter().any(|c| a < c.end && c.start < b);
            let gap_to = |from: usize, to: usize| {
                s.get(from..to)
                    .is_some_and(|g| g.chars().all(|c| c.is_whitespace() || c == '§' || c == '.'))
            };
            let cue = CITE_CUES.contains(&w)
                && cites.iter().any(|c| {
                    (c.start >= b && gap_to(b, c.start)) || (c.end <= a && gap_to(c.end, a))
                });
            if in_cite || cue {
                continue;
            }
            if self.forms_of(book, w).0.is_none() {
                continue;
            }
            out.push((a, b));
        }
        out
    }

    /// True when `cand` could also fill the blank `s[a..b]`: the answer in
    /// another form, or a word that makes a sentence the corpus has.
    fn also_right(&mut self, book: BookId, s: &str, a: usize, b: usize, cand: &str) -> bool {
        let answer = &s[a..b];
        // The same word, an inflection the stemmer misses, or a compound
        // with the same head ("kontrakten", "sluttkontrakten").
        if cand.starts_with(answer)
            || answer.starts_with(cand)
            || cand.ends_with(answer)
            || answer.ends_with(cand)
        {
            return true;
        }
        // A word the sentence already has is no candidate for its gap.
        if letter_runs(s)
            .into_iter()
            .any(|(x, y)| s[x..y].to_lowercase() == cand)
        {
            return true;
        }
        let (at, ar) = self.forms_of(book, answer).clone();
        let (ct, cr) = self.forms_of(book, cand).clone();
        if (at.is_some() && at == ct) || (ar.is_some() && ar == cr) {
            return true;
        }
        let filled = format!("{}{cand}{}", &s[..a], &s[b..]);
        self.sentences.contains(&normalized(&filled))
    }

    /// Up to three distractors for the blank `s[a..b]`: from the first pool
    /// (the same part of the book) before the second (the book).
    fn distractors(
        &mut self,
        card_id: &str,
        book: BookId,
        s: &str,
        a: usize,
        b: usize,
        pools: [&Vec<PoolWord>; 2],
    ) -> Vec<Choice> {
        let answer = s[a..b].to_string();
        let ending: String = {
            let cs: Vec<char> = answer.chars().collect();
            cs[cs.len().saturating_sub(2)..].iter().collect()
        };
        // Only words of the answer's form (its last two letters: the
        // inflection, and in practice the word class), never a function
        // word, the provision's own law first, then its book, so every
        // choice fits the sentence's grammar.
        let (before, after) = neighbours(s, a, b);
        let mut fit: Vec<&PoolWord> = Vec::new();
        let mut considered: HashSet<&str> = HashSet::new();
        for pool in pools {
            let fresh: Vec<&PoolWord> = pool
                .iter()
                .filter(|w| !considered.contains(w.word.as_str()) && w.word.ends_with(&ending))
                .filter(|w| !quality::generic_word(&w.word))
                .collect();
            // How many of the blank's two neighbours the corpus writes
            // each word beside.
            let slotted: HashMap<&str, u8> = fresh
                .iter()
                .map(|w| {
                    let lower = w.word.to_lowercase();
                    let left = before
                        .as_ref()
                        .is_some_and(|x| self.pairs.contains(&(x.clone(), lower.clone())));
                    let right = after
                        .as_ref()
                        .is_some_and(|y| self.pairs.contains(&(lower.clone(), y.clone())));
                    (w.word.as_str(), u8::from(left) + u8::from(right))
                })
                .collect();
            let ranked = pick::choose(
                card_id,
                &fresh,
                fresh.len(),
                |w| w.word.clone(),
                |w| 2 - slotted.get(w.word.as_str()).copied().unwrap_or(0),
            );
            for w in ranked {
                considered.insert(w.word.as_str());
                if fit.len() == SPREAD_POOL {
                    break;
                }
                if !self.also_right(book, s, a, b, &w.word) {
                    fit.push(w);
                }
            }
        }
        // Lengths spread around the answer's: as many shorter words as the
        // card's seed draws (0 to 3), the rest not shorter, so the longest
        // choice is right no more often than any other.
        let len = answer.chars().count();
        let shorter = pick::position(&format!("{card_id}\u{1f}length"), CHOICES);
        let (short, long): (Vec<&PoolWord>, Vec<&PoolWord>) =
            fit.into_iter().partition(|w| w.word.chars().count() < len);
        let take_short = shorter.min(short.len());
        let take_long = (CHOICES - 1 - take_short).min(long.len());
        let take_short = (CHOICES - 1 - take_long).min(short.len());
        let mut out: Vec<Choice> = Vec::new();
        for w in short
            .into_iter()
            .take(take_short)
            .chain(long.into_iter().take(take_long))
        {
            out.push(Choice {
                source: w.source,
                face: Face::text(w.word.clone(), self.corpus.at(w.source).lang()),
            });
        }
        out
    }
}

/// The words right before and right after `s[a..b]` (lower case), each
/// when only a space parts it from the blank.
fn neighbours(s: &str, a: usize, b: usize) -> (Option<String>, Option<String>) {
    let runs = letter_runs(s);
    let before = runs
        .iter()
        .rev()
        .find(|(_, e)| *e <= a)
        .filter(|(_, e)| s[*e..a].chars().all(char::is_whitespace))
        .map(|(x, e)| s[*x..*e].to_lowercase());
    let after = runs
        .iter()
        .find(|(x, _)| *x >= b)
        .filter(|(x, _)| s[b..*x].chars().all(char::is_whitespace))
        .map(|(x, e)| s[*x..*e].to_lowercase());
    (before, after)
}

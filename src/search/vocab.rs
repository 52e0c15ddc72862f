//! The corpus's own vocabulary, the dictionary behind forgiving matching.
//!
//! Built once with the index from the words the books actually use, so every
//! expansion of a query word (a typo, an ascii spelling, a completion, a
//! compound part) lands on a term that exists in the index. There is no
//! external dictionary: a compound is split only into words the corpus itself
//! uses, which keeps splits conservative and the rules language-neutral.
//! Terms are also grouped by *root*, the stem without a verb ending Snowball
//! leaves (`nøl·ing`, `nøl·t`), so that a verb finds its verbal noun.

use std::collections::HashSet;

use super::analyzer::{fold, fold_variants, needs_fold, root, Analyzers, Lang, Tok};
use super::FastMap as HashMap;

/// Shortest word that is tried as a compound (in characters).
const MIN_COMPOUND_CHARS: usize = 8;
/// Shortest unknown query word that is tried as a compound (`feilgiv`).
const MIN_QUERY_COMPOUND_CHARS: usize = 6;
/// Shortest first or middle part of a compound (`mot·spiller`).
const MIN_MODIFIER_CHARS: usize = 3;
/// Shortest last part of a compound, the one that carries the inflection.
const MIN_HEAD_CHARS: usize = 4;
/// Shortest last part taken from a query word that does not split
/// (`nabo·bordet`): shorter tails are too often chance.
const MIN_QUERY_HEAD_CHARS: usize = 5;
/// Most parts a compound is split into.
const MAX_PARTS: usize = 3;
/// Occurrences (of its stem) a three-letter word needs to be taken as a
/// compound's part.
const MIN_SHORT_MODIFIER_FREQ: u32 = 5;
/// Letters that may join two parts of a compound (`turnering·s·leder`,
/// `spill·e·fører`).
const LINKING_LETTERS: &[char] = &['s', 'e'];
/// Letters a stem may lack of the shortest word it stands for and still
/// be trusted as a root: more means the stemmer cut into the word itself
/// (Danish Snowball stems `korrigere` to `kor`, which is not the root of
/// `kort`).
pub(crate) const MAX_STEM_LOSS: usize = 4;
/// Most typos any word is allowed (see [`typo_budget`]).
const MAX_TYPOS: Cost = 2;
/// Shortest corpus spelling a typo can lead to: a five-letter query word
/// (the shortest with a typo budget) missing one letter is four, and a
/// shorter one is never within budget of anything worth finding.
const MIN_TYPO_CANDIDATE_CHARS: usize = 3;
/// Shortest prefix completed (search as you type).
pub(crate) const MIN_COMPLETION_CHARS: usize = 3;
/// Most completions a prefix has.
pub(crate) const MAX_COMPLETIONS: usize = 24;
/// Most morphological neighbours a term expands to.
pub(crate) const MAX_NEIGHBOURS: usize = 6;

/// One distinct word form of the corpus.
#[derive(Debug)]
pub(crate) struct Word {
    /// The word in lower case, as written.
    pub text: String,
    chars: Vec<char>,
    /// Its ascii spellings (`vægtet` → `vaegtet`, `vagtet`, `vegtet`).
    folded: Vec<Vec<char>>,
    /// The index terms it was analysed to (one per language it occurs in).
    pub terms: Vec<String>,
    /// How often it occurs in the corpus.
    pub freq: u32,
}

/// How far a query word is from a corpus word, in typos.
pub(crate) type Cost = u8;

/// The corpus vocabulary; see the module docs.
#[derive(Debug, Default)]
pub(crate) struct Vocabulary {
    words: Vec<Word>,
    by_surface: HashMap<String, usize>,
    /// Every spelling of every word (as written, and each ascii spelling),
    /// with the word's id: what typos are measured against.
    spellings: Vec<(Vec<char>, usize)>,
    /// The deletion neighbourhood of every spelling: each spelling with up
    /// to [`MAX_TYPOS`] letters left out, hashed, with the spelling and the
    /// number of letters left out, sorted by hash. Two words are within
    /// `k` typos (substitutions, insertions, deletions, transpositions)
    /// only if each, with at most `k` letters left out, gives the same
    /// string, so a query word's candidates are found by looking up its
    /// own neighbourhood: a few dozen lookups instead of a scan.
    deletions: Vec<(u64, u32, u8)>,
    /// Where the deletions of each leading-bits bucket of a hash start:
    /// a lookup is a jump and a short scan, not a binary search.
    deletion_dir: Vec<u32>,
    /// Every strict prefix of [`MIN_COMPLETION_CHARS`] or more letters of
    /// a word (or of its canonical ascii spelling) → up to
    /// [`MAX_COMPLETIONS`] word ids, the most frequent first.
    completions: HashMap<String, Vec<usize>>,
    /// Per word id: its term in each language (`None` for a stop word),
    /// whether or not the word occurs in that language's book.
    stems: Vec<[Option<String>; 2]>,
    /// Ascii spellings of words that have æ, ø or å → word ids.
    folded: HashMap<String, Vec<usize>>,
    /// Every word and its canonical ascii spelling, sorted, for completions.
    sorted: Vec<(String, usize)>,
    /// Every word spelt backwards, sorted, to find compounds by their last
    /// part.
    reversed: Vec<(String, usize)>,
    /// Index terms → number of occurrences.
    terms: HashMap<String, u32>,
    /// Ascii spellings of terms that have æ, ø or å → the terms.
    folded_terms: HashMap<String, Vec<String>>,
    /// Per language: a compound word → the terms of its parts.
    compounds: [HashMap<String, Vec<String>>; 2],
    /// Root (with language tag, see [`root`]) → the terms that have it,
    /// and the term that is it, the most frequent first. Every term is
    /// listed under its root and under its own stem.
    roots: HashMap<String, Vec<String>>,
}

fn lang_slot(lang: Lang) -> usize {
    match lang {
        Lang::Nb => 0,
        Lang::Da => 1,
    }
}

impl Vocabulary {
    /// Collects the vocabulary from analysed texts, then splits compounds.
    pub(crate) fn build<'a>(
        texts: impl IntoIterator<Item = (Lang, &'a [Tok])>,
        analyzers: &mut Analyzers,
    ) -> Vocabulary {
        let mut v = Vocabulary::default();
        let seen_in = v.count_words(texts);
        v.index_spellings();
        v.completions = completion_table(&v.sorted, &v.words);
        v.stems = v
            .words
            .iter()
            .map(|w| Lang::ALL.map(|lang| analyzers.term(lang, &w.text)))
            .collect();
        for term in v.terms.keys() {
            for spelling in fold_variants(term) {
                v.folded_terms
                    .entry(spelling)
                    .or_default()
                    .push(term.clone());
            }
        }
        v.collect_roots();
        v.split_compounds(&seen_in, analyzers);
        v
    }

    /// Every word form of the texts with its count and terms, and every
    /// term's count; per language, the words that have a term in it.
    fn count_words<'a>(
        &mut self,
        texts: impl IntoIterator<Item = (Lang, &'a [Tok])>,
    ) -> [HashSet<usize>; 2] {
        let mut seen_in: [HashSet<usize>; 2] = [HashSet::new(), HashSet::new()];
        for (lang, toks) in texts {
            for tok in toks {
                let id = self.intern(&tok.surface);
                let word = &mut self.words[id];
                word.freq += 1;
                if let Some(term) = &tok.term {
                    if !word.terms.contains(term) {
                        word.terms.push(term.clone());
                    }
                    *self.terms.entry(term.clone()).or_insert(0) += 1;
                    seen_in[lang_slot(lang)].insert(id);
                }
            }
        }
        seen_in
    }

    /// Every word's spellings with their deletion neighbourhoods (for
    /// typos), the sorted and reversed word lists (for completions and
    /// compounds by their last part), and the ascii spellings.
    fn index_spellings(&mut self) {
        let mut hashes: Vec<(u64, u8)> = Vec::new();
        for (id, w) in self.words.iter().enumerate() {
            for spelling in std::iter::once(&w.chars).chain(&w.folded) {
                if spelling.len() < MIN_TYPO_CANDIDATE_CHARS {
                    continue;
                }
                let si = self.spellings.len() as u32;
                self.spellings.push((spelling.clone(), id));
                deletion_neighbourhood(spelling, deletions_needed(spelling.len()), &mut hashes);
                self.deletions
                    .extend(hashes.iter().map(|&(h, d)| (h, si, d)));
            }
            self.sorted.push((w.text.clone(), id));
            self.reversed.push((w.text.chars().rev().collect(), id));
            if needs_fold(&w.text) {
                self.sorted.push((fold(&w.text), id));
                for spelling in fold_variants(&w.text) {
                    self.folded.entry(spelling).or_default().push(id);
                }
            }
        }
        self.sorted.sort();
        self.reversed.sort();
        (self.deletions, self.deletion_dir) = bucketed(std::mem::take(&mut self.deletions));
    }

    /// Every term under its root (and, for a stem that ends like a past
    /// form, under its own stem too), the most frequent first; a term
    /// stemmed far shorter than every word it stands for has no root.
    fn collect_roots(&mut self) {
        let mut shortest: HashMap<&str, usize> = HashMap::default();
        for w in &self.words {
            for t in &w.terms {
                let n = shortest.entry(t.as_str()).or_insert(usize::MAX);
                *n = (*n).min(w.chars.len());
            }
        }
        for term in self.terms.keys() {
            let stem_len = term.split_once(':').map_or(0, |(_, s)| s.chars().count());
            let over_stemmed = shortest
                .get(term.as_str())
                .is_some_and(|&n| n > stem_len + MAX_STEM_LOSS);
            if over_stemmed {
                continue;
            }
            if let Some(r) = root(term) {
                // A stem that ends like a past form is also the root of
                // longer words in its own right: the stem `meld` (of
                // `melde`, `meldt`) is the root of `melding`, although its
                // own root, with the `d` cut, is `mel`.
                let own = (r != *term).then(|| term.clone());
                for key in std::iter::once(r).chain(own) {
                    self.roots.entry(key).or_default().push(term.clone());
                }
            }
        }
        for terms in self.roots.values_mut() {
            terms.sort_by(|a, b| {
                let fa = self.terms.get(a).copied().unwrap_or(0);
                let fb = self.terms.get(b).copied().unwrap_or(0);
                fb.cmp(&fa).then_with(|| a.cmp(b))
            });
        }
    }

    /// Per language, in word order, the words of its book that split as
    /// compounds, with their parts' terms.
    fn split_compounds(&mut self, seen_in: &[HashSet<usize>; 2], analyzers: &mut Analyzers) {
        for lang in Lang::ALL {
            let mut ids: Vec<usize> = seen_in[lang_slot(lang)].iter().copied().collect();
            ids.sort_unstable();
            for id in ids {
                let text = self.words[id].text.clone();
                if let Some(parts) = self.split(&text, lang, analyzers) {
                    self.compounds[lang_slot(lang)].insert(text, parts);
                }
            }
        }
    }

    fn intern(&mut self, surface: &str) -> usize {
        if let Some(&id) = self.by_surface.get(surface) {
            return id;
        }
        let id = self.words.len();
        self.words.push(Word {
            text: surface.to_string(),
            chars: surface.chars().collect(),
            folded: fold_variants(surface)
                .iter()
                .map(|f| f.chars().collect())
                .collect(),
            terms: Vec::new(),
            freq: 0,
        });
        self.by_surface.insert(surface.to_string(), id);
        id
    }

    /// The word with this id.
    pub(crate) fn word(&self, id: usize) -> Option<&Word> {
        self.words.get(id)
    }

    /// Every word form of the corpus and each of its ascii spellings: the
    /// forms a query word is most likely to take.
    pub(crate) fn typed_forms(&self) -> impl Iterator<Item = String> + '_ {
        self.words.iter().flat_map(|w| {
            std::iter::once(w.text.clone()).chain(w.folded.iter().map(|f| f.iter().collect()))
        })
    }

    /// Number of distinct word forms.
    pub(crate) fn len(&self) -> usize {
        self.words.len()
    }

    /// True when `term` occurs in the index.
    pub(crate) fn has_term(&self, term: &str) -> bool {
        self.terms.contains_key(term)
    }

    /// Occurrences of a term in the corpus.
    pub(crate) fn term_freq(&self, term: &str) -> u32 {
        self.terms.get(term).copied().unwrap_or(0)
    }

    /// True when the corpus uses this exact word form.
    pub(crate) fn has_word(&self, surface: &str) -> bool {
        self.by_surface.contains_key(surface)
    }

    /// Words whose ascii spelling is `spelling` (`noling` → `nøling`).
    pub(crate) fn unfold(&self, spelling: &str) -> &[usize] {
        self.folded.get(spelling).map_or(&[], Vec::as_slice)
    }

    /// Terms whose ascii spelling is `spelling` (the stem `ubefoj` → `ubeføj`).
    pub(crate) fn unfold_term(&self, spelling: &str) -> &[String] {
        self.folded_terms.get(spelling).map_or(&[], Vec::as_slice)
    }

    /// The terms of a compound's parts, if the corpus word `surface` of a
    /// `lang` text splits.
    pub(crate) fn parts(&self, lang: Lang, surface: &str) -> Option<&[String]> {
        self.compounds[lang_slot(lang)]
            .get(surface)
            .map(Vec::as_slice)
    }

    /// Other corpus terms with the same root as `term`, or whose root is
    /// `term` (its morphological neighbours: `nb:nølt` → `nb:nøling`,
    /// `nb:meld` → `nb:melding`), the most frequent first, at most
    /// [`MAX_NEIGHBOURS`].
    pub(crate) fn neighbours(&self, term: &str) -> Vec<&str> {
        let Some(r) = root(term) else {
            return Vec::new();
        };
        // The terms of its root, and those whose root is the term itself
        // (`meld` → `melding`), the most frequent first.
        let mut out: Vec<&str> = Vec::new();
        for key in [r.as_str(), term] {
            for t in self.roots.get(key).into_iter().flatten() {
                if t != term && !out.contains(&t.as_str()) {
                    out.push(t);
                }
            }
        }
        out.sort_by(|a, b| {
            let (fa, fb) = (self.term_freq(a), self.term_freq(b));
            fb.cmp(&fa).then_with(|| a.cmp(b))
        });
        out.truncate(MAX_NEIGHBOURS);
        out
    }

    /// Number of compounds found, per language (for diagnostics).
    pub(crate) fn compound_count(&self) -> usize {
        self.compounds.iter().map(HashMap::len).sum()
    }

    /// Up to [`MAX_COMPLETIONS`] corpus words that start with `prefix`
    /// (also through their ascii spelling), the most frequent first;
    /// `prefix` itself excluded. Precomputed: one lookup.
    pub(crate) fn completions(&self, prefix: &str) -> &[usize] {
        self.completions.get(prefix).map_or(&[], Vec::as_slice)
    }

    /// The term of a word in `lang` (`None` for a stop word): looked up
    /// for a corpus word, analysed otherwise.
    pub(crate) fn stem(&self, lang: Lang, word: &str, analyzers: &mut Analyzers) -> Option<String> {
        match self.by_surface.get(word).and_then(|&id| self.stems.get(id)) {
            Some(stems) => stems[lang_slot(lang)].clone(),
            None => analyzers.term(lang, word),
        }
    }

    /// True when `word` is a stop word of `lang`.
    fn is_stop_word(&self, lang: Lang, word: &str, analyzers: &mut Analyzers) -> bool {
        match self.by_surface.get(word).and_then(|&id| self.stems.get(id)) {
            Some(stems) => stems[lang_slot(lang)].is_none(),
            None => analyzers.term(lang, word).is_none(),
        }
    }

    /// Up to `max` corpus compounds that end with `head` after at least
    /// [`MIN_MODIFIER_CHARS`] letters (`restriksjoner` →
    /// `utspillsrestriksjoner`), the most frequent first.
    pub(crate) fn compounds_ending(&self, head: &str, max: usize) -> Vec<usize> {
        let key: String = head.chars().rev().collect();
        let min_len = head.chars().count() + MIN_MODIFIER_CHARS;
        let start = self
            .reversed
            .partition_point(|(k, _)| k.as_str() < key.as_str());
        let mut ids: Vec<usize> = self.reversed[start..]
            .iter()
            .take_while(|(k, _)| k.starts_with(&key))
            .map(|(_, id)| *id)
            .filter(|&id| self.words[id].chars.len() >= min_len)
            .collect();
        ids.sort_by_key(|&id| std::cmp::Reverse(self.words[id].freq));
        ids.truncate(max);
        ids
    }

    /// Corpus words within the typo budget of `word`, with their cost.
    ///
    /// Meilisearch's rules: no typo on words under 5 letters, one on 5-8,
    /// two on 9 or more; a typo in the first letter counts double. A corpus
    /// word with æ, ø or å is also compared through its ascii spelling, so
    /// a typo and a missing `ø` can come together.
    pub(crate) fn typos(&self, word: &str) -> Vec<(usize, Cost)> {
        let q: Vec<char> = word.chars().collect();
        let budget = typo_budget(q.len());
        if budget == 0 {
            return Vec::new();
        }
        let mut keys: Vec<(u64, u8)> = Vec::new();
        deletion_neighbourhood(&q, budget, &mut keys);
        let mut seen: Vec<u32> = Vec::new();
        let mut out: Vec<(usize, Cost)> = Vec::new();
        for (key, _) in keys {
            let bucket = (key >> (64 - DIR_BITS)) as usize;
            let (Some(&from), Some(&to)) = (
                self.deletion_dir.get(bucket),
                self.deletion_dir.get(bucket + 1),
            ) else {
                continue;
            };
            let entries = self
                .deletions
                .get(from as usize..to as usize)
                .unwrap_or(&[]);
            for &(_, si, dels) in entries.iter().filter(|e| e.0 == key) {
                if dels > budget || seen.contains(&si) {
                    continue;
                }
                seen.push(si);
                let Some((spelling, id)) = self.spellings.get(si as usize) else {
                    continue;
                };
                let Some(cost) = typo_cost(&q, spelling, budget).filter(|c| *c > 0) else {
                    continue;
                };
                match out.iter_mut().find(|(i, _)| i == id) {
                    Some(e) => e.1 = e.1.min(cost),
                    None => out.push((*id, cost)),
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Splits a corpus word into corpus words, or `None` when it is not a
    /// compound. Returns the parts' terms, without the whole word's own.
    pub(crate) fn split(
        &self,
        word: &str,
        lang: Lang,
        analyzers: &mut Analyzers,
    ) -> Option<Vec<String>> {
        let parts = self.split_surface(word, MIN_COMPOUND_CHARS, lang, analyzers)?;
        let mut terms: Vec<String> = Vec::new();
        for part in parts {
            if let Some(t) = self.stem(lang, &part, analyzers) {
                if !terms.contains(&t) {
                    terms.push(t);
                }
            }
        }
        (terms.len() >= 2).then_some(terms)
    }

    /// Splits a word the corpus does not know (`feilgiv`) into words it
    /// does (`feil`, `giv`), trying each language's stems for evidence.
    pub(crate) fn split_query_word(
        &self,
        word: &str,
        analyzers: &mut Analyzers,
    ) -> Option<Vec<String>> {
        Lang::ALL
            .iter()
            .find_map(|&lang| self.split_surface(word, MIN_QUERY_COMPOUND_CHARS, lang, analyzers))
    }

    /// The last part of a word the corpus neither knows nor can split
    /// (`nabo·bordet`, whose first part the books never use): the longest
    /// corpus word of at least [`MIN_QUERY_HEAD_CHARS`] letters the word
    /// ends with, after at least [`MIN_MODIFIER_CHARS`] letters, and that is
    /// no function word in either language (`budgivn·ingen` has no head).
    /// The last part of a compound names what the whole is a kind of.
    pub(crate) fn query_head(&self, word: &str, analyzers: &mut Analyzers) -> Option<String> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < MIN_MODIFIER_CHARS + MIN_QUERY_HEAD_CHARS
            || !chars.iter().all(|c| c.is_alphabetic())
        {
            return None;
        }
        (MIN_MODIFIER_CHARS..=chars.len() - MIN_QUERY_HEAD_CHARS)
            .map(|cut| chars[cut..].iter().collect::<String>())
            .find(|head| {
                self.has_word(head)
                    && Lang::ALL
                        .iter()
                        .all(|&lang| !self.is_stop_word(lang, head, analyzers))
                    && Lang::ALL
                        .iter()
                        .any(|&lang| self.is_head(head, lang, analyzers))
            })
    }

    /// The parts of a compound as written, or `None`.
    fn split_surface(
        &self,
        word: &str,
        min_chars: usize,
        lang: Lang,
        analyzers: &mut Analyzers,
    ) -> Option<Vec<String>> {
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < min_chars || !chars.iter().all(|c| c.is_alphabetic()) {
            return None;
        }
        let whole = self.stem(lang, word, analyzers);
        self.best_split(&chars, MAX_PARTS, analyzers, lang, whole.as_deref(), true)
    }

    /// The split of `chars` into the fewest parts (at most `max_parts`),
    /// preferring the longest first part. With `must_split` a single part
    /// (the word itself) does not count.
    fn best_split(
        &self,
        chars: &[char],
        max_parts: usize,
        analyzers: &mut Analyzers,
        lang: Lang,
        word_term: Option<&str>,
        must_split: bool,
    ) -> Option<Vec<String>> {
        // A part with the whole word's own stem means the "split" only cut
        // off an ending (`feil·ende`): never a part.
        let is_part = |this: &Vocabulary, s: &str, head: bool, a: &mut Analyzers| {
            let ok = if head {
                this.is_head(s, lang, a)
            } else {
                this.is_modifier(s, lang, a)
            };
            ok && this.stem(lang, s, a).as_deref() != word_term
        };
        let whole: String = chars.iter().collect();
        if !must_split && is_part(self, &whole, true, analyzers) {
            return Some(vec![whole]);
        }
        if max_parts < 2 {
            return None;
        }
        let mut best: Option<Vec<String>> = None;
        let top = chars.len().saturating_sub(MIN_MODIFIER_CHARS);
        for cut in (MIN_MODIFIER_CHARS..=top).rev() {
            let modifier: String = chars[..cut].iter().collect();
            if !is_part(self, &modifier, false, analyzers) {
                continue;
            }
            let mut rests: Vec<usize> = vec![cut];
            if chars.get(cut).is_some_and(|c| LINKING_LETTERS.contains(c)) {
                rests.push(cut + 1);
            }
            for rest in rests {
                if chars.len() - rest < MIN_MODIFIER_CHARS {
                    continue;
                }
                if let Some(tail) = self.best_split(
                    &chars[rest..],
                    max_parts - 1,
                    analyzers,
                    lang,
                    word_term,
                    false,
                ) {
                    if best.as_ref().is_none_or(|b| tail.len() + 1 < b.len()) {
                        let mut parts = vec![modifier.clone()];
                        parts.extend(tail);
                        best = Some(parts);
                    }
                }
            }
            if best.as_ref().is_some_and(|b| b.len() == 2) {
                break;
            }
        }
        best
    }

    /// A first or middle part: a corpus word that is not a stop word. A
    /// three-letter one must be common (`par`, `lag`, `tid`), since rare
    /// short words are mostly chance (`ber·egnes`).
    fn is_modifier(&self, part: &str, lang: Lang, analyzers: &mut Analyzers) -> bool {
        let len = part.chars().count();
        if len < MIN_MODIFIER_CHARS
            || !self.has_word(part)
            || self.is_stop_word(lang, part, analyzers)
        {
            return false;
        }
        len > MIN_MODIFIER_CHARS || self.stem_freq(part, analyzers) >= MIN_SHORT_MODIFIER_FREQ
    }

    /// A last part: a corpus word, or a longer form whose stem the corpus
    /// uses. A three-letter head must be a common word (`feil·giv`); a
    /// four-letter one must occur as a word of its own, since four letters
    /// reached only through a stem are usually an ending (`-rens`).
    fn is_head(&self, part: &str, lang: Lang, analyzers: &mut Analyzers) -> bool {
        let len = part.chars().count();
        if len < MIN_MODIFIER_CHARS || self.is_stop_word(lang, part, analyzers) {
            return false;
        }
        if len < MIN_HEAD_CHARS {
            return self.has_word(part)
                && self.stem_freq(part, analyzers) >= MIN_SHORT_MODIFIER_FREQ;
        }
        self.has_word(part) || (len > MIN_HEAD_CHARS && self.stem_freq(part, analyzers) > 0)
    }

    /// Occurrences of a word's stems in the whole corpus. Both languages
    /// count as evidence that a part is a word: the books share most of
    /// their vocabulary, and each alone is small.
    fn stem_freq(&self, word: &str, analyzers: &mut Analyzers) -> u32 {
        Lang::ALL
            .iter()
            .filter_map(|&l| self.stem(l, word, analyzers))
            .map(|t| self.term_freq(&t))
            .sum()
    }
}

/// The completion table: for every strict prefix of a sorted key (a word
/// or its canonical ascii spelling), the words it begins, in key order,
/// then the most frequent first, at most [`MAX_COMPLETIONS`].
fn completion_table(sorted: &[(String, usize)], words: &[Word]) -> HashMap<String, Vec<usize>> {
    let mut table: HashMap<String, Vec<usize>> = HashMap::default();
    for (key, id) in sorted {
        let ends = key
            .char_indices()
            .map(|(i, _)| i)
            .skip(MIN_COMPLETION_CHARS);
        for end in ends {
            let ids = table.entry(key[..end].to_string()).or_default();
            if !ids.contains(id) {
                ids.push(*id);
            }
        }
    }
    for ids in table.values_mut() {
        ids.sort_by_key(|&id| std::cmp::Reverse(words.get(id).map_or(0, |w| w.freq)));
        ids.truncate(MAX_COMPLETIONS);
    }
    table
}

/// The hash of every string `word` gives with at most `max` letters left
/// out, with the number left out. A string reached two ways is listed
/// twice; lookups skip spellings already seen. Each hash is put together
/// from hashes of the pieces between the letters left out, so the whole
/// neighbourhood costs a constant per string.
fn deletion_neighbourhood(word: &[char], max: Cost, out: &mut Vec<(u64, u8)>) {
    let n = word.len();
    out.clear();
    let h = PieceHashes::new(word);
    out.push((h.piece(0, n), 0));
    if max >= 1 {
        for i in 0..n {
            out.push((h.join(h.piece(0, i), h.piece(i + 1, n), n - i - 1), 1));
        }
    }
    if max >= 2 {
        for i in 0..n {
            let head = h.piece(0, i);
            for j in i + 1..n {
                let mid = h.join(head, h.piece(i + 1, j), j - i - 1);
                out.push((h.join(mid, h.piece(j + 1, n), n - j - 1), 2));
            }
        }
    }
}

/// Multiplier of the polynomial string hash (odd, so it is invertible
/// modulo 2^64 and spreads the bits).
const HASH_BASE: u64 = 0x9e37_79b9_7f4a_7c15;

/// Polynomial hashes of every prefix of a word, and the powers of the
/// base: the hash of any piece of the word in constant time.
struct PieceHashes {
    prefix: Vec<u64>,
    power: Vec<u64>,
}

impl PieceHashes {
    fn new(word: &[char]) -> PieceHashes {
        let mut prefix = Vec::with_capacity(word.len() + 1);
        let mut power = Vec::with_capacity(word.len() + 1);
        let (mut h, mut p) = (0u64, 1u64);
        prefix.push(h);
        power.push(p);
        for &c in word {
            h = h
                .wrapping_mul(HASH_BASE)
                .wrapping_add(u64::from(c as u32) + 1);
            p = p.wrapping_mul(HASH_BASE);
            prefix.push(h);
            power.push(p);
        }
        PieceHashes { prefix, power }
    }

    /// The hash of the letters `from..to`.
    fn piece(&self, from: usize, to: usize) -> u64 {
        self.prefix[to].wrapping_sub(self.prefix[from].wrapping_mul(self.power[to - from]))
    }

    /// The hash of two pieces one after the other, `tail_len` being the
    /// length of the second.
    fn join(&self, head: u64, tail: u64, tail_len: usize) -> u64 {
        head.wrapping_mul(self.power[tail_len]).wrapping_add(tail)
    }
}

/// Letters a corpus spelling of `len` letters must be allowed to lose to
/// meet any query word within that word's typo budget. A substitution,
/// a transposition or a letter the query lacks costs the spelling one
/// deletion. Two typos need a query word of nine letters or more, so a
/// spelling of eight or fewer can only meet one that has an extra letter,
/// which costs the spelling nothing: one deletion is enough for it.
fn deletions_needed(len: usize) -> Cost {
    if typo_budget(len + 1) < MAX_TYPOS {
        1
    } else {
        MAX_TYPOS
    }
}

/// Bits of a deletion hash that pick its directory bucket.
const DIR_BITS: u32 = 16;

/// `deletions` grouped by the leading bits of their hash (a counting
/// sort: linear, and order within a bucket does not matter), with the
/// start of each bucket (and the end, last).
fn bucketed(deletions: Vec<(u64, u32, u8)>) -> (Vec<(u64, u32, u8)>, Vec<u32>) {
    let bucket = |h: u64| (h >> (64 - DIR_BITS)) as usize;
    let buckets = 1usize << DIR_BITS;
    let mut dir = vec![0u32; buckets + 1];
    for d in &deletions {
        dir[bucket(d.0) + 1] += 1;
    }
    for b in 0..buckets {
        dir[b + 1] += dir[b];
    }
    let mut next = dir.clone();
    let mut out = vec![(0u64, 0u32, 0u8); deletions.len()];
    for d in deletions {
        let slot = &mut next[bucket(d.0)];
        out[*slot as usize] = d;
        *slot += 1;
    }
    (out, dir)
}

/// Typos allowed in a word of `len` characters.
pub(crate) fn typo_budget(len: usize) -> Cost {
    match len {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// Optimal-string-alignment distance of `a` and `b`, plus one when the first
/// letters differ; `None` when over `budget`.
pub(crate) fn typo_cost(a: &[char], b: &[char], budget: Cost) -> Option<Cost> {
    let first = Cost::from(a.first() != b.first());
    if first > budget {
        return None;
    }
    let d = osa_distance(a, b, (budget - first) as usize)?;
    let cost = d as Cost + if d > 0 { first } else { 0 };
    (cost <= budget).then_some(cost)
}

/// Levenshtein distance with adjacent transpositions (optimal string
/// alignment), or `None` as soon as it must exceed `max`.
fn osa_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let n = b.len();
    let mut prev2: Vec<usize> = vec![0; n + 1];
    let mut prev: Vec<usize> = (0..=n).collect();
    let mut cur: Vec<usize> = vec![0; n + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=n {
            let sub = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + sub);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(prev2[j - 2] + 1);
            }
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[n];
    (d <= max).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn vocab(lang: Lang, text: &str) -> Vocabulary {
        let mut a = Analyzers::new();
        let toks = a.analyze(lang, text);
        Vocabulary::build([(lang, toks.as_slice())], &mut a)
    }

    #[test]
    fn deletion_hashes_name_the_string_not_the_deletions() {
        // `kort` without its `o` and `kot` without nothing are one string.
        let mut a = Vec::new();
        deletion_neighbourhood(&chars("kort"), 1, &mut a);
        let mut b = Vec::new();
        deletion_neighbourhood(&chars("krt"), 0, &mut b);
        assert!(a.contains(&(b[0].0, 1)), "{a:?} {b:?}");
        // Two letters out: `straff` without `t` and `a` is `sraff`
        // without `a`, is `srff`.
        deletion_neighbourhood(&chars("straff"), 2, &mut a);
        deletion_neighbourhood(&chars("srff"), 0, &mut b);
        assert!(a.iter().any(|e| e.0 == b[0].0));
        assert_eq!(a.len(), 1 + 6 + 15);
    }

    #[test]
    fn typo_budget_follows_word_length() {
        assert_eq!(typo_budget(4), 0);
        assert_eq!(typo_budget(5), 1);
        assert_eq!(typo_budget(8), 1);
        assert_eq!(typo_budget(9), 2);
    }

    #[test]
    fn first_letter_typo_counts_double() {
        // One substitution inside the word: one typo.
        assert_eq!(typo_cost(&chars("straff"), &chars("strafv"), 1), Some(1));
        // The same substitution on the first letter costs two.
        assert_eq!(typo_cost(&chars("straff"), &chars("ttraff"), 1), None);
        assert_eq!(
            typo_cost(&chars("turneringer"), &chars("vurneringer"), 2),
            Some(2)
        );
        // Transposition is one edit.
        assert_eq!(typo_cost(&chars("spilelr"), &chars("spiller"), 1), Some(1));
        assert_eq!(typo_cost(&chars("kort"), &chars("kort"), 0), Some(0));
    }

    #[test]
    fn compounds_split_into_corpus_words() {
        let v = vocab(
            Lang::Nb,
            "prosedyre straff prosedyrestraff turnering leder turneringsleder kamp",
        );
        assert_eq!(
            v.parts(Lang::Nb, "prosedyrestraff"),
            Some(&["nb:prosedyr".to_string(), "nb:straff".to_string()][..])
        );
        let parts = v.parts(Lang::Nb, "turneringsleder").unwrap_or_default();
        assert!(
            parts.iter().any(|p| p.starts_with("nb:turnering")),
            "{parts:?}"
        );
        // A word that is not made of corpus words stays whole.
        assert_eq!(v.parts(Lang::Nb, "kamp"), None);
    }

    #[test]
    fn typos_find_the_corpus_word() {
        let v = vocab(Lang::Nb, "prosedyrestraff nøling");
        let ids: Vec<_> = v
            .typos("prosedyrestaff")
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let words: Vec<_> = ids
            .iter()
            .filter_map(|&i| v.word(i))
            .map(|w| w.text.as_str())
            .collect();
        assert_eq!(words, ["prosedyrestraff"]);
        // A typo plus a missing ø.
        let words: Vec<_> = v
            .typos("nolinng")
            .into_iter()
            .filter_map(|(i, _)| v.word(i))
            .map(|w| w.text.clone())
            .collect();
        assert_eq!(words, ["nøling"]);
    }

    #[test]
    fn neighbours_share_a_root() {
        let v = vocab(Lang::Nb, "nøling stokking stokke kortene");
        let mut a = Analyzers::new();
        let noelte = a.term(Lang::Nb, "nølte").unwrap_or_default();
        assert!(v.neighbours(&noelte).contains(&"nb:nøling"), "{noelte}");
        assert!(v.neighbours("nb:stokk").contains(&"nb:stokking"));
        assert!(v.neighbours("nb:kort").is_empty());
        // A cite is nobody's neighbour.
        assert_eq!(root("nb:12c1"), None);
    }

    #[test]
    fn a_stem_is_the_root_of_longer_words() {
        // `meldt` stems to `meld`, whose own root (the `d` cut) is `mel`;
        // `meld` is still the root of `melding`. See: issue 10 (`melding
        // utenfor tur` and Law 29, "… meldt utenfor tur").
        let v = vocab(Lang::Nb, "melding meldingen meldt melde");
        let mut a = Analyzers::new();
        let meldt = a.term(Lang::Nb, "meldt").unwrap_or_default();
        let melding = a.term(Lang::Nb, "melding").unwrap_or_default();
        assert!(v.neighbours(&meldt).contains(&melding.as_str()), "{meldt}");
        assert!(
            v.neighbours(&melding).contains(&meldt.as_str()),
            "{melding}"
        );
    }

    #[test]
    fn over_stemmed_words_are_not_roots() {
        // Danish Snowball stems `korrigere` to `kor`, which is not the
        // root of `kort`.
        let v = vocab(Lang::Da, "korrigere kort kortet");
        let mut a = Analyzers::new();
        let kort = a.term(Lang::Da, "kort").unwrap_or_default();
        let korrigere = a.term(Lang::Da, "korrigere").unwrap_or_default();
        assert!(!v.neighbours(&kort).contains(&korrigere.as_str()));
    }

    #[test]
    fn unknown_compound_is_searched_by_its_head() {
        let v = vocab(Lang::Nb, "ved et annet bordet bordene");
        let mut a = Analyzers::new();
        assert_eq!(
            v.query_head("nabobordet", &mut a).as_deref(),
            Some("bordet")
        );
        assert_eq!(v.query_head("bordet", &mut a), None);
    }

    #[test]
    fn completions_and_unfolding() {
        let v = vocab(Lang::Nb, "nøling nøle turneringsleder turnering");
        let got: Vec<_> = v
            .completions("turn")
            .iter()
            .filter_map(|&i| v.word(i))
            .map(|w| w.text.clone())
            .collect();
        assert_eq!(got.len(), 2);
        let got: Vec<_> = v
            .completions("nol")
            .iter()
            .filter_map(|&i| v.word(i))
            .map(|w| w.text.clone())
            .collect();
        assert_eq!(got.len(), 2);
        assert_eq!(v.unfold("noling").len(), 1);
    }
}

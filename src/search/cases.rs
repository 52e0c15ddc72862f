//! Similar cases ("Lignende saker"): the published rulings of
//! `kjennelser/` as their own kind of hit, and as evidence for the
//! provisions they apply.
//!
//! A TD's question is often a story in players' words ("dummy pointed at
//! the wrong card", "partner thought for a long time and then passed");
//! the books state the rule in the Laws' words, but a published case tells
//! a story like it and names the law it applied. Each item's title,
//! situation and ruling (lovbok's own words, never the books') is analysed
//! in its own language (nb, da, sv or en, each with its Snowball stemmer
//! and stop words) into a table of its own, never into the books' index. A
//! query's words are read in each of those languages (and a Norwegian or
//! Danish word also as the WBF English term the glossary gives for it, since
//! most items are English) and meet the items as
//! BM25 over that table, with the share of the query (by rarity) an item
//! has, as the books' passages are scored ([`CaseTable::meet`]).
//!
//! Two uses. The items that meet the query best are shown apart from the
//! provisions, below them ([`CaseHit`]). And when an item meets the query
//! well ([`LIFT_MIN_SHARE`], at least [`LIFT_MIN_WORDS`] words), the
//! provisions it applies get a bounded lift ([`CaseTable::lifts`]): the
//! [`LIFT_ITEMS`] best such items vote for them, and a provision gets at
//! most [`CASE_LIFT`] of the query's best match, so that what similar
//! cases agree on can bring its law into the list but never outweighs a
//! passage that names the query.

use std::cell::RefCell;
use std::sync::Arc;

use serde::Serialize;
use tantivy::tokenizer::{
    Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, StopWordFilter, TextAnalyzer,
    TokenStream,
};

use super::FastMap as HashMap;
use crate::corpus::{Corpus, ProvisionId, RulingLang};

/// Most similar cases one search shows.
pub const MAX_CASE_HITS: usize = 3;
/// The least share of the query (by rarity) an item must have to be shown.
pub(crate) const SHOW_MIN_SHARE: f32 = 0.5;
/// The least share of the query an item must have to lift its provisions:
/// most of the query, so that one shared word does not bring in a law.
pub(crate) const LIFT_MIN_SHARE: f32 = 0.6;
/// The fewest query words an item must have to lift its provisions: a
/// one-word query names a subject, not a situation.
pub(crate) const LIFT_MIN_WORDS: usize = 2;
/// How many of the best items vote for the provisions they apply.
pub(crate) const LIFT_ITEMS: usize = 5;
/// The most a provision is lifted, as a share of the query's best match:
/// far below a heading that names the query (`TITLE_MATCH` is 2), enough
/// to reorder close passages and to bring a law the query's words do not
/// reach into the list. Measured on the development sets (2026-12-06):
/// 0.3 to 0.7 gave the same figures within 0.001; the smallest was kept.
pub(crate) const CASE_LIFT: f32 = 0.3;

/// BM25's term-frequency saturation and length normalisation, tantivy's.
const K1: f32 = 1.2;
const B: f32 = 0.75;
/// Tokens longer than this many bytes are dropped, as in the books.
const MAX_TOKEN_BYTES: usize = 40;

/// One similar case a query met: what the results page and the API show.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaseHit {
    /// The item's id: its page is `/kjennelser/{id}`.
    pub id: String,
    /// The source's own title of the case.
    pub title: String,
    /// The 2017 provisions (or handbook provisions) it applies.
    pub cites: Vec<ProvisionId>,
    /// The language its title and summary are written in (`nb`, `da`,
    /// `sv`, `en`).
    pub lang: &'static str,
    /// Its BM25 over the query's words, times its share of the query.
    pub score: f32,
    /// The share of the query (by rarity) it has, 0 to 1.
    pub share: f32,
}

/// One item, as the table keeps it.
#[derive(Clone, Debug)]
struct CaseItem {
    id: String,
    title: String,
    cites: Vec<ProvisionId>,
    lang: RulingLang,
    /// The corpus provisions its cites are, or the nearest ones above them
    /// (a paragraph of a law whose text the source lacks: the law).
    provisions: Vec<usize>,
    /// Its analysed words.
    len: u32,
}

/// An item a query met, with how well.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CaseMatch {
    item: usize,
    /// BM25 times the share, to the books' coverage exponent.
    score: f32,
    share: f32,
    words: usize,
}

/// Every ruling item's words, keyed by language and stem.
#[derive(Clone, Debug, Default)]
pub(crate) struct CaseTable {
    /// `en:claim` → the items with it and how often.
    postings: HashMap<Box<str>, Vec<(u32, u16)>>,
    items: Vec<CaseItem>,
    avg_len: f32,
    /// The languages the items are written in: a query word is read in each.
    langs: Vec<RulingLang>,
    /// Every word of the items as written, in lower case (for the offline
    /// table, whose reader cannot stem).
    surface: std::collections::BTreeSet<String>,
    /// A Norwegian or Danish key (`nb:blindemann`) → the English keys of
    /// the WBF term the glossary gives for it (`en:dummi`): most items are
    /// English, and a question in Norwegian meets them through the terms.
    bridge: HashMap<String, Vec<String>>,
    /// Each query word's reading, kept once made (see [`WordMemo`]).
    memo: WordMemo,
}

/// The most query words whose readings a table keeps.
const MEMO_WORDS: usize = 16_384;

/// A bounded store of query words' readings. A reading is a function of
/// the table alone, and the same words come again and again as people
/// type ("tenk", "tenke", "tenkepause"), while reading one word runs five
/// stemmers: kept, a word costs one lookup the second time.
#[derive(Clone)]
struct WordMemo(Arc<quick_cache::sync::Cache<Box<str>, Arc<WordCases>>>);

impl Default for WordMemo {
    fn default() -> WordMemo {
        WordMemo(Arc::new(quick_cache::sync::Cache::new(MEMO_WORDS)))
    }
}

impl std::fmt::Debug for WordMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WordMemo({} words)", self.0.len())
    }
}

impl CaseTable {
    /// Analyses every ruling item of the corpus.
    pub(crate) fn build(corpus: &Corpus) -> CaseTable {
        let mut table = CaseTable::default();
        let mut total = 0u64;
        with_case_analyzers(|a| {
            for ruling in corpus.rulings().items() {
                let text = format!("{} {} {}", ruling.title, ruling.situation, ruling.ruling);
                let keys = a.keys(ruling.lang, &text);
                table.surface.extend(surface_words(&text));
                let item = table.items.len() as u32;
                let mut tf: HashMap<String, u16> = HashMap::default();
                for k in &keys {
                    *tf.entry(k.clone()).or_default() += 1;
                }
                for (k, n) in tf {
                    table
                        .postings
                        .entry(k.into_boxed_str())
                        .or_default()
                        .push((item, n));
                }
                total += keys.len() as u64;
                if !table.langs.contains(&ruling.lang) {
                    table.langs.push(ruling.lang);
                }
                let cites: Vec<ProvisionId> = ruling.provisions().cloned().collect();
                let mut provisions: Vec<usize> = cites
                    .iter()
                    .filter_map(|id| corpus.index_of(&corpus.nearest(id)?.id))
                    .collect();
                provisions.sort_unstable();
                provisions.dedup();
                table.items.push(CaseItem {
                    id: ruling.id.clone(),
                    title: ruling.title.clone(),
                    cites,
                    lang: ruling.lang,
                    provisions,
                    len: keys.len() as u32,
                });
            }
        });
        table.langs.sort();
        if table.langs.contains(&RulingLang::En) {
            table.bridge = with_case_analyzers(bridge);
        }
        table.avg_len = if table.items.is_empty() {
            1.0
        } else {
            (total as f32 / table.items.len() as f32).max(1.0)
        };
        table
    }

    /// The items the query's words meet, best first: each word (with the
    /// weight its role gives it) read in every language of the items, an
    /// item's score its BM25 times the share of the query's rarity it has,
    /// squared (the books' coverage).
    pub(crate) fn meet(&self, words: &[String], weights: &[f32]) -> Vec<CaseMatch> {
        if self.items.is_empty() || words.is_empty() {
            return Vec::new();
        }
        let read: Vec<(f32, Arc<WordCases>)> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (weights.get(i).copied().unwrap_or(1.0), self.read(w)))
            .collect();
        self.sum(&read)
    }

    /// One query word's reading, from the memo or made and kept.
    fn read(&self, word: &str) -> Arc<WordCases> {
        if let Some(read) = self.memo.0.get(word) {
            return read;
        }
        let read = Arc::new(with_case_analyzers(|a| self.word(a, word)));
        self.memo.0.insert(word.into(), read.clone());
        read
    }

    /// The items' scores from each query word's postings and weight: the
    /// arithmetic the browser's ranker repeats on [`CaseTable::offline`].
    fn sum(&self, read: &[(f32, Arc<WordCases>)]) -> Vec<CaseMatch> {
        let mut total = 0.0f32;
        // Per item: BM25, rarity met, words met.
        let mut per_item: HashMap<usize, (f32, f32, usize)> = HashMap::default();
        for (weight, word) in read {
            if *weight <= 0.0 {
                continue;
            }
            let rarity = weight * word.rarity;
            total += rarity;
            for &(item, bm25) in &word.items {
                let e = per_item.entry(item as usize).or_default();
                e.0 += weight * bm25;
                e.1 += rarity;
                e.2 += 1;
            }
        }
        if total <= 0.0 {
            return Vec::new();
        }
        let mut out: Vec<CaseMatch> = per_item
            .into_iter()
            .map(|(item, (bm25, met, words))| {
                let share = (met / total).min(1.0);
                CaseMatch {
                    item,
                    score: bm25 * share * share,
                    share,
                    words,
                }
            })
            .collect();
        out.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.item.cmp(&b.item)));
        out
    }

    /// One query word read in every language of the items: its rarity
    /// (of its commonest reading; a word no item has is as rare as can
    /// be) and each item's BM25 for it, both at weight 1. An item is
    /// written in one language, so it is in one reading's postings at most.
    fn word(&self, a: &mut CaseAnalyzers, word: &str) -> WordCases {
        let n = self.items.len() as f32;
        let own: Vec<(RulingLang, String)> = self
            .langs
            .iter()
            .filter_map(|&l| a.key(l, word).map(|k| (l, k)))
            .collect();
        // The Norwegian and Danish readings also stand for the English terms
        // the glossary gives for them (read once, above, when the items have
        // those languages; else here).
        let mut keys: Vec<String> = Vec::with_capacity(own.len() + 2);
        for l in [RulingLang::Nb, RulingLang::Da] {
            let read = match own.iter().find(|(o, _)| *o == l) {
                Some((_, k)) => Some(k.clone()),
                None => a.key(l, word),
            };
            if let Some(en) = read.and_then(|k| self.bridge.get(&k)) {
                keys.extend(en.iter().cloned());
            }
        }
        keys.extend(own.into_iter().map(|(_, k)| k));
        keys.sort_unstable();
        keys.dedup();
        let lists: Vec<&Vec<(u32, u16)>> = keys
            .iter()
            .filter_map(|k| self.postings.get(k.as_str()))
            .collect();
        let df = lists.iter().map(|l| l.len()).max().unwrap_or(0);
        let mut items: Vec<(u32, f32)> = Vec::new();
        for list in lists {
            let idf = idf(list.len() as f32, n);
            for &(item, tf) in list {
                let len = self.items.get(item as usize).map_or(1, |it| it.len) as f32;
                let tf = tf as f32;
                let bm25 = idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * len / self.avg_len));
                items.push((item, bm25));
            }
        }
        // An item met by several readings counts once, with its best.
        items.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.total_cmp(&x.1)));
        items.dedup_by_key(|&mut (i, _)| i);
        WordCases {
            rarity: idf(df as f32, n),
            items,
        }
    }

    /// The table as the browser's ranker reads it: each word form in
    /// `forms` that meets an item (the items' own words and their English
    /// inflections are added), with its postings as [`CaseTable::word`]
    /// reads it, the rarity of a word no item has, each item's provisions,
    /// and the lift's constants.
    pub(crate) fn offline<'a>(&self, forms: impl Iterator<Item = &'a str>) -> CaseColumns {
        let mut words: Vec<String> = forms.map(str::to_string).collect();
        with_case_analyzers(|a| {
            let own: Vec<String> = self.surface.iter().cloned().collect();
            for w in own {
                words.extend(super::english::inflections(&w));
                words.push(w);
            }
            words.sort_unstable();
            words.dedup();
            let mut columns = CaseColumns::default();
            let mut ids: HashMap<String, u32> = HashMap::default();
            for w in &words {
                let read = self.word(a, w);
                if read.items.is_empty() {
                    continue;
                }
                let mut list = vec![round(read.rarity)];
                for &(item, bm25) in &read.items {
                    list.extend([item as f32, round(bm25)]);
                }
                let key = format!("{list:?}");
                let next = columns.lists.len() as u32;
                let id = *ids.entry(key).or_insert(next);
                if id == next {
                    columns.lists.push(list);
                }
                columns.forms.insert(w.clone(), id);
            }
            CaseColumns {
                unknown_rarity: round(idf(0.0, self.items.len() as f32)),
                provisions: self.items.iter().map(|i| i.provisions.clone()).collect(),
                shown: self.items.iter().map(ShownCase::of).collect(),
                show_min_share: SHOW_MIN_SHARE,
                show_limit: MAX_CASE_HITS,
                lift: CASE_LIFT,
                min_share: LIFT_MIN_SHARE,
                min_words: LIFT_MIN_WORDS,
                items: LIFT_ITEMS,
                ..columns
            }
        })
    }

    /// The similar cases to show: the best items with at least
    /// [`SHOW_MIN_SHARE`] of the query, at most `limit`.
    pub(crate) fn hits(&self, matches: &[CaseMatch], limit: usize) -> Vec<CaseHit> {
        matches
            .iter()
            .filter(|m| m.share >= SHOW_MIN_SHARE)
            .filter_map(|m| {
                let item = self.items.get(m.item)?;
                Some(CaseHit {
                    id: item.id.clone(),
                    title: item.title.clone(),
                    cites: item.cites.clone(),
                    lang: item.lang.as_str(),
                    score: m.score,
                    share: m.share,
                })
            })
            .take(limit)
            .collect()
    }

    /// What the cases give the provisions they apply, as a share of the
    /// query's best match. The [`LIFT_ITEMS`] best items that have at
    /// least [`LIFT_MIN_SHARE`] of the query and [`LIFT_MIN_WORDS`] of its
    /// words each vote for the provisions they apply with their share; a
    /// provision gets [`CASE_LIFT`] times its votes over [`LIFT_ITEMS`]. So
    /// the lift is bounded by [`CASE_LIFT`], reached only when every one
    /// of the best cases applies the provision and has the whole query:
    /// what several similar cases agree on counts, one case's side issue
    /// little.
    pub(crate) fn lifts(&self, matches: &[CaseMatch]) -> HashMap<usize, f32> {
        let mut out: HashMap<usize, f32> = HashMap::default();
        let strong = matches
            .iter()
            .filter(|m| m.share >= LIFT_MIN_SHARE && m.words >= LIFT_MIN_WORDS)
            .take(LIFT_ITEMS);
        for m in strong {
            let Some(item) = self.items.get(m.item) else {
                continue;
            };
            for &p in &item.provisions {
                *out.entry(p).or_insert(0.0) += CASE_LIFT * m.share / LIFT_ITEMS as f32;
            }
        }
        out
    }
}

/// A number of the offline table to two decimals: the browser's sums
/// need no more, and the file is smaller.
fn round(x: f32) -> f32 {
    (x * 100.0).round() / 100.0
}

/// One query word's postings in the table, at weight 1.
#[derive(Clone, Debug, PartialEq)]
struct WordCases {
    rarity: f32,
    items: Vec<(u32, f32)>,
}

/// The similar cases as the offline index carries them
/// (`search::offline::model`): what the browser's ranker needs to lift the
/// provisions the server lifts.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CaseColumns {
    /// A word form as typed (lower case) → its postings in `lists`.
    pub forms: std::collections::BTreeMap<String, u32>,
    /// Each distinct postings list once (the forms of one stem share
    /// theirs): the word's rarity, then per item it meets the item and
    /// its BM25.
    pub lists: Vec<Vec<f32>>,
    /// The rarity of a query word no item has.
    pub unknown_rarity: f32,
    /// Per item: the corpus indexes of the provisions it applies.
    pub provisions: Vec<Vec<usize>>,
    /// Per item: what the results list shows of it ("Lignende saker").
    pub shown: Vec<ShownCase>,
    /// The share of the query an item must meet to be shown, and the most
    /// items shown: the server's own (`CaseTable::hits`'s rule).
    pub show_min_share: f32,
    pub show_limit: usize,
    /// The lift's constants: `CASE_LIFT`, `LIFT_MIN_SHARE`,
    /// `LIFT_MIN_WORDS`, `LIFT_ITEMS`.
    pub lift: f32,
    pub min_share: f32,
    pub min_words: usize,
    pub items: usize,
}

/// An item as the offline results list shows it, like the server's
/// [`CaseHit`]: the page scripts link it under the rulings' route.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ShownCase {
    pub id: String,
    pub title: String,
    /// The language its title is written in.
    pub lang: &'static str,
    /// The provisions it applies, as cites (`16B1a, 73C`).
    pub cites: String,
}

impl ShownCase {
    fn of(item: &CaseItem) -> ShownCase {
        ShownCase {
            id: item.id.clone(),
            title: item.title.clone(),
            lang: item.lang.as_str(),
            cites: joined(&item.cites),
        }
    }
}

/// Cites as a list shows them: `16B1a, 73C`.
fn joined(cites: &[ProvisionId]) -> String {
    cites
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl CaseHit {
    /// The provisions it applies as the results list shows them
    /// (`16B1a, 73C`), online and offline alike.
    pub fn cites_joined(&self) -> String {
        joined(&self.cites)
    }
}

/// BM25's inverse document frequency of a word in `df` of `n` items.
fn idf(df: f32, n: f32) -> f32 {
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// One analyzer per language the items may be written in.
struct CaseAnalyzers {
    nb: TextAnalyzer,
    da: TextAnalyzer,
    sv: TextAnalyzer,
    en: TextAnalyzer,
}

impl CaseAnalyzers {
    fn new() -> CaseAnalyzers {
        CaseAnalyzers {
            nb: analyzer(Language::Norwegian),
            da: analyzer(Language::Danish),
            sv: analyzer(Language::Swedish),
            en: analyzer(Language::English),
        }
    }

    fn of(&mut self, lang: RulingLang) -> &mut TextAnalyzer {
        match lang {
            RulingLang::Nb => &mut self.nb,
            RulingLang::Da => &mut self.da,
            RulingLang::Sv => &mut self.sv,
            RulingLang::En => &mut self.en,
        }
    }

    /// Every word of `text` as `lang:stem`, stop words left out.
    fn keys(&mut self, lang: RulingLang, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut stream = self.of(lang).token_stream(text);
        while stream.advance() {
            out.push(format!("{}:{}", lang.as_str(), stream.token().text));
        }
        out
    }

    /// One word's key in `lang`, or `None` for a stop word.
    fn key(&mut self, lang: RulingLang, word: &str) -> Option<String> {
        self.keys(lang, word).into_iter().next()
    }
}

/// The glossary's single-word terms as keys: each Norwegian and Danish
/// word's key → the keys of the English words of its entry.
fn bridge(a: &mut CaseAnalyzers) -> HashMap<String, Vec<String>> {
    let mut out: HashMap<String, Vec<String>> = HashMap::default();
    fn single(w: &&&str) -> bool {
        !w.contains(' ')
    }
    for entry in super::glossary::entries() {
        let en: Vec<String> = entry
            .en
            .iter()
            .filter(single)
            .filter_map(|w| a.key(RulingLang::En, w))
            .collect();
        if en.is_empty() {
            continue;
        }
        let nb = entry.nb.iter().filter(single).map(|w| (RulingLang::Nb, w));
        let da = entry.da.iter().filter(single).map(|w| (RulingLang::Da, w));
        for (lang, w) in nb.chain(da) {
            if let Some(k) = a.key(lang, w) {
                let list = out.entry(k).or_default();
                list.extend(en.iter().cloned());
                list.sort_unstable();
                list.dedup();
            }
        }
    }
    out
}

/// The words of a text as a query types them: lower case, nothing removed.
fn surface_words(text: &str) -> Vec<String> {
    let mut a = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .build();
    let mut out = Vec::new();
    let mut stream = a.token_stream(text);
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// Words, lower case, no stop words, the language's Snowball stem.
fn analyzer(lang: Language) -> TextAnalyzer {
    let builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser);
    match StopWordFilter::new(lang) {
        Some(stop) => builder.filter(stop).filter(Stemmer::new(lang)).build(),
        None => builder.filter(Stemmer::new(lang)).build(),
    }
}

thread_local! {
    /// Each thread's case analyzers, built on first use.
    static CASE_ANALYZERS: RefCell<Option<CaseAnalyzers>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's case analyzers (a fresh set if they are in
/// use further up the stack).
fn with_case_analyzers<R>(f: impl FnOnce(&mut CaseAnalyzers) -> R) -> R {
    CASE_ANALYZERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(CaseAnalyzers::new)),
        Err(_) => f(&mut CaseAnalyzers::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> (Corpus, CaseTable) {
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        let table = CaseTable::build(&corpus);
        (corpus, table)
    }

    /// The first `n` words of an item's situation, as a query's words.
    fn words_of(text: &str, n: usize) -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(n)
            .map(str::to_lowercase)
            .collect()
    }

    #[test]
    fn each_language_has_its_own_stems() {
        with_case_analyzers(|a| {
            assert_eq!(
                a.key(RulingLang::En, "revoked"),
                a.key(RulingLang::En, "revokes")
            );
            assert_eq!(a.key(RulingLang::En, "the"), None, "a stop word");
            let sv = a.key(RulingLang::Sv, "spelaren").unwrap_or_default();
            assert!(sv.starts_with("sv:"), "{sv}");
            assert_eq!(a.key(RulingLang::Da, "og"), None, "a Danish stop word");
        });
    }

    #[test]
    fn an_item_told_in_its_own_words_meets_itself_first() {
        let (corpus, table) = table();
        assert_eq!(table.items.len(), corpus.rulings().items().len());
        for (i, r) in corpus.rulings().items().iter().enumerate().step_by(7) {
            let words = words_of(&r.situation, 12);
            let weights = vec![1.0; words.len()];
            let met = table.meet(&words, &weights);
            let rank = met.iter().position(|m| m.item == i);
            assert!(rank.is_some_and(|r| r < 3), "{}: {rank:?}", r.id);
            assert!(met.iter().all(|m| (0.0..=1.0).contains(&m.share)));
        }
    }

    #[test]
    fn the_lift_is_bounded_and_needs_more_than_one_word() {
        let (corpus, table) = table();
        for r in corpus.rulings().items().iter().step_by(5) {
            let words = words_of(&r.situation, 10);
            let met = table.meet(&words, &vec![1.0; words.len()]);
            let lifts = table.lifts(&met);
            assert!(
                lifts.values().all(|&l| l > 0.0 && l <= CASE_LIFT + 1e-6),
                "{}",
                r.id
            );
            let applied: Vec<usize> = met
                .iter()
                .take(LIFT_ITEMS)
                .flat_map(|m| table.items[m.item].provisions.clone())
                .collect();
            assert!(lifts.keys().all(|p| applied.contains(p)), "{}", r.id);
        }
        let one = table.meet(&["revoke".to_string()], &[1.0]);
        assert!(!one.is_empty());
        assert!(table.lifts(&one).is_empty(), "one word names a subject");
        assert!(table.meet(&[], &[]).is_empty());
    }

    #[test]
    fn a_norwegian_word_meets_the_english_cases_through_the_glossary() {
        let (corpus, table) = table();
        let by_nb = table.meet(&["blindemann".to_string()], &[1.0]);
        let by_en = table.meet(&["dummy".to_string()], &[1.0]);
        assert!(!by_nb.is_empty());
        let items = corpus.rulings().items();
        assert!(
            by_nb.iter().any(|m| items[m.item].lang == RulingLang::En),
            "an English case"
        );
        let en: Vec<usize> = by_en.iter().map(|m| m.item).collect();
        assert!(by_nb.iter().any(|m| en.contains(&m.item)), "dummy's cases");
    }

    #[test]
    fn framing_words_weigh_nothing() {
        let (_, table) = table();
        let words = vec!["revoke".to_string(), "trick".to_string()];
        let both = table.meet(&words, &[1.0, 1.0]);
        let one = table.meet(&words, &[1.0, 0.0]);
        let only = table.meet(&words[..1], &[1.0]);
        assert_eq!(one, only);
        assert_ne!(both, one);
    }
}

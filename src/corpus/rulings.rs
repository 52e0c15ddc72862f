//! Published rulings and commentary (Kjennelser): how a law has been
//! applied, told in our own words beside the rule.
//!
//! A TD in the middle of a ruling, and a student learning to make one, ask
//! how a provision was applied, not only what it says; for Laws 21-93,
//! whose text the source lacks, the published cases are the richest account
//! of what a law is about. The items are editorial data we write
//! (`kjennelser/*.md`, see `docs/corpus-format.md`): each tells a case in our
//! words, with one short quote of its source as evidence and a link to it,
//! and is always shown apart from the books' text.
//!
//! This module reads the files and holds every item to its form: the fields,
//! the lengths, the copy rule (a summary shares no run of
//! [`COPY_RUN_WORDS`] words with its quote) and the `maps` cites. Whether
//! the citation finder reads `cites` as `maps` says is checked one layer
//! up (`crate::rulings`), where the finder is. Parsing never fails;
//! problems are diagnostics with file and line.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use super::{Corpus, Diagnostic, Origin, ProvisionId, Severity, SourceFile};

/// The folder of the rulings, beside `laws/`, `handbook/` and `stikkord/`.
pub const RULING_DIR: &str = "kjennelser";

/// Most words of a situation or a ruling: a summary, not a retelling.
pub const MAX_SUMMARY_WORDS: usize = 80;
/// Most words of the quote: evidence, not a copy.
pub const MAX_QUOTE_WORDS: usize = 25;
/// A summary that shares this many words in a row with its quote copies it.
pub const COPY_RUN_WORDS: usize = 8;

/// The editions of the Laws a case can have been decided under.
pub const EDITIONS: [u16; 3] = [1997, 2007, 2017];

/// What kind of publication an item reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulingKind {
    /// An appeals committee's or referee's decision.
    Appeal,
    /// A laws committee's or national authority's minute or statement.
    Minute,
    /// Commentary on the Laws or regulations: official, by their
    /// publisher, or a director's published opinion (forum, list, article)
    /// whose standing the item's authority names.
    Commentary,
    /// A tournament director's published ruling, or a TD's column on a case.
    Ruling,
}

impl RulingKind {
    pub const ALL: [RulingKind; 4] = [
        RulingKind::Appeal,
        RulingKind::Minute,
        RulingKind::Commentary,
        RulingKind::Ruling,
    ];

    /// The slug the files, URLs and JSON use.
    pub fn as_str(self) -> &'static str {
        match self {
            RulingKind::Appeal => "appeal",
            RulingKind::Minute => "minute",
            RulingKind::Commentary => "commentary",
            RulingKind::Ruling => "ruling",
        }
    }
}

impl FromStr for RulingKind {
    type Err = ();
    fn from_str(s: &str) -> Result<RulingKind, ()> {
        RulingKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or(())
    }
}

impl fmt::Display for RulingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The language of a source, or of an item's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulingLang {
    Nb,
    Da,
    Sv,
    En,
}

impl RulingLang {
    pub const ALL: [RulingLang; 4] = [
        RulingLang::Nb,
        RulingLang::Da,
        RulingLang::Sv,
        RulingLang::En,
    ];

    /// The BCP 47 tag.
    pub fn as_str(self) -> &'static str {
        match self {
            RulingLang::Nb => "nb",
            RulingLang::Da => "da",
            RulingLang::Sv => "sv",
            RulingLang::En => "en",
        }
    }

    /// True for the Scandinavian languages the coverage goal counts.
    pub fn is_nordic(self) -> bool {
        self != RulingLang::En
    }
}

impl FromStr for RulingLang {
    type Err = ();
    fn from_str(s: &str) -> Result<RulingLang, ()> {
        RulingLang::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or(())
    }
}

impl fmt::Display for RulingLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What one of a source's citations is in the current Laws or the handbook.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mapped {
    /// These provisions (one, or several for a range the source cites).
    Cites(Vec<ProvisionId>),
    /// The current Laws have no counterpart of the rule the source applied.
    NoCounterpart,
}

/// One citation of a source: as written, and what it is today.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceCite {
    /// The source's own words and numbering (`Law 16C2`, `§ 12C1e`).
    pub written: String,
    pub maps: Mapped,
}

/// A publisher's collection an item comes from: one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingSource {
    /// The body that published it, as it names itself.
    pub publisher: String,
    /// The collection's title (a casebook, a committee's minutes).
    pub title: String,
    /// The collection's page.
    pub url: String,
    pub lang: RulingLang,
    pub file: String,
}

impl RulingSource {
    /// The publisher as a URL and filter value: its name in lower-case
    /// ASCII letters and digits, each other run a hyphen
    /// (`danmarks-bridgeforbund`).
    pub fn slug(&self) -> String {
        slug_of(&self.publisher)
    }
}

/// `Danmarks Bridgeforbund` → `danmarks-bridgeforbund` (æ, ø, å and the
/// like folded to ASCII).
pub fn slug_of(name: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in name.to_lowercase().chars() {
        let folded = match c {
            'æ' | 'ä' => "ae",
            'ø' | 'ö' => "o",
            'å' | 'á' | 'à' => "a",
            'é' | 'è' => "e",
            'ü' => "u",
            c if c.is_ascii_alphanumeric() => {
                if gap && !out.is_empty() {
                    out.push('-');
                }
                gap = false;
                out.push(c);
                continue;
            }
            _ => {
                gap = true;
                continue;
            }
        };
        if gap && !out.is_empty() {
            out.push('-');
        }
        gap = false;
        out.push_str(folded);
    }
    out
}

/// One published case or statement, in our words.
#[derive(Clone, Debug)]
pub struct Ruling {
    /// Unique and stable: its URL is `/kjennelser/<id>`.
    pub id: String,
    pub kind: RulingKind,
    /// The source's own title of the case.
    pub title: String,
    pub url: String,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub date: String,
    /// Who decided it and what standing that has, in our words.
    pub authority: String,
    /// True only when the publisher says its decisions bind later cases.
    pub precedent: bool,
    /// The Laws it was decided under (1997, 2007 or 2017).
    pub edition: u16,
    /// The provisions as the source cites them, each with its current cite.
    pub cites: Vec<SourceCite>,
    pub situation: String,
    pub ruling: String,
    /// A short passage of the source, exactly as written.
    pub quote: String,
    /// Where the quote stands in the source.
    pub quote_at: String,
    /// The language `situation` and `ruling` are written in.
    pub lang: RulingLang,
    /// Index into [`RulingSet::sources`].
    pub source: usize,
    pub origin: Origin,
}

impl Ruling {
    /// Every current provision the item applies, in the order cited.
    pub fn provisions(&self) -> impl Iterator<Item = &ProvisionId> {
        self.cites.iter().flat_map(|c| match &c.maps {
            Mapped::Cites(ids) => ids.as_slice(),
            Mapped::NoCounterpart => &[],
        })
    }
}

/// Every rulings file of a corpus, parsed and checked.
#[derive(Clone, Debug, Default)]
pub struct RulingSet {
    sources: Vec<RulingSource>,
    items: Vec<Ruling>,
    by_id: HashMap<String, usize>,
}

impl RulingSet {
    /// Every item, by id.
    pub fn items(&self) -> &[Ruling] {
        &self.items
    }

    /// Every source file's collection, in file order.
    pub fn sources(&self) -> &[RulingSource] {
        &self.sources
    }

    /// The collection an item comes from.
    pub fn source_of(&self, item: &Ruling) -> &RulingSource {
        &self.sources[item.source]
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// An item by its id.
    pub fn get(&self, id: &str) -> Option<&Ruling> {
        self.by_id.get(id).and_then(|&i| self.items.get(i))
    }

    /// Parses the rulings files and checks them against the corpus.
    pub(crate) fn build(sources: &[&SourceFile], corpus: &Corpus) -> (RulingSet, Vec<Diagnostic>) {
        let mut out = Vec::new();
        let mut set = RulingSet::default();
        let mut items = Vec::new();
        for src in sources {
            let Some(source) = parse::front_matter(src, &mut out) else {
                continue;
            };
            let at = set.sources.len();
            set.sources.push(source);
            items.extend(parse::items(src, at, set.sources[at].lang, &mut out));
        }
        items.sort_by(|a, b| a.id.cmp(&b.id));
        for item in items {
            if let Some(&first) = set.by_id.get(&item.id) {
                let first = &set.items[first].origin;
                let message = format!(
                    "ruling {} is given twice (first at {}:{})",
                    item.id, first.file, first.line
                );
                out.push(error(&item.origin, message));
                continue;
            }
            check_maps(&item, corpus, &mut out);
            set.by_id.insert(item.id.clone(), set.items.len());
            set.items.push(item);
        }
        (set, out)
    }
}

/// Each `maps` cite is a provision of the corpus, or a paragraph of a law
/// or section whose text the source lacks (of a law 21-93, one of the 2017
/// paragraphs `laws/paragraphs-2017.txt` lists, when the corpus has it).
fn check_maps(item: &Ruling, corpus: &Corpus, out: &mut Vec<Diagnostic>) {
    let list = corpus.paragraphs_2017();
    for id in item.provisions() {
        let listed =
            list.is_empty() || !super::paragraphs::is_title_only_law_cite(id) || list.contains(id);
        let known = corpus.get(id).is_some() || (lies_outside_text(id, corpus) && listed);
        if !known {
            let message = format!(
                "ruling {}: maps {id}, which is neither in the corpus nor a paragraph of a law whose text it lacks",
                item.id
            );
            out.push(error(&item.origin, message));
        }
    }
}

/// True for a paragraph below a law or section the corpus holds only the
/// title of (`45C4`).
fn lies_outside_text(id: &ProvisionId, corpus: &Corpus) -> bool {
    let mut up = id.numbered_parent();
    while let Some(p) = up {
        if let Some(found) = corpus.get(&p) {
            return !found.in_corpus;
        }
        up = p.numbered_parent();
    }
    false
}

/// True for a corpus file of the rulings.
pub fn is_ruling_file(path: &str) -> bool {
    path.strip_prefix(RULING_DIR)
        .is_some_and(|rest| rest.starts_with('/'))
}

fn error(origin: &Origin, message: String) -> Diagnostic {
    Diagnostic {
        file: origin.file.clone(),
        line: origin.line,
        severity: Severity::Error,
        message,
    }
}

/// The words of a text as the copy rule compares them: lower case, letters
/// and digits only.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The first run of [`COPY_RUN_WORDS`] words `summary` shares with `quote`.
pub fn copied_run(summary: &str, quote: &str) -> Option<String> {
    let quote = words(quote);
    let runs: HashSet<&[String]> = quote.windows(COPY_RUN_WORDS).collect();
    let summary = words(summary);
    summary
        .windows(COPY_RUN_WORDS)
        .find(|w| runs.contains(w))
        .map(|w| w.join(" "))
}

/// A well-formed web address: `http(s)://host.tld/…`, no spaces. A host
/// written fully qualified, with the root's dot at its end
/// (`https://www.bridge.dk./lov`), is the same host.
fn is_url(s: &str) -> bool {
    let Some(rest) = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let host = host.strip_suffix('.').unwrap_or(host);
    !s.chars().any(char::is_whitespace)
        && host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real date from 1935 on.
fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let num = |p: &str, len: usize| -> Option<u32> {
        (p.len() == len && p.chars().all(|c| c.is_ascii_digit()))
            .then(|| p.parse().ok())
            .flatten()
    };
    let Some(year) = parts.first().and_then(|y| num(y, 4)) else {
        return false;
    };
    let month = parts.get(1).map(|m| num(m, 2));
    let day = parts.get(2).map(|d| num(d, 2));
    let days_in = |m: u32| match m {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1935..=2100).contains(&year)
        && parts.len() <= 3
        && match (month, day) {
            (None, _) => true,
            (Some(Some(m)), None) => (1..=12).contains(&m),
            (Some(Some(m)), Some(Some(d))) => (1..=12).contains(&m) && d >= 1 && d <= days_in(m),
            _ => false,
        }
}

/// `dbf-lk-2009-04`: lower-case ASCII letters and digits in hyphenated runs.
fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 80
        && s.split('-').all(|run| {
            !run.is_empty()
                && run
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

mod parse;

#[cfg(test)]
mod tests;

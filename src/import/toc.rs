//! The table of contents: the book's own list of its numbered parts, which
//! gives the titles of the parts whose text the transcript lacks and the
//! numbers the body lost. Glued words ("Tapavrettentilkorrigering") are
//! split with the vocabulary of the book's own body text (`segment`).

use std::collections::HashMap;

use super::report::Report;
use super::segment::{Kind, Vocabulary, MIN_RUN};
use super::ImportError;

/// One entry of the table of contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TocEntry {
    /// The number the book gives it (`12`, `X16`, `212`), when known.
    pub number: Option<String>,
    pub title: String,
    /// The page the entry is printed on.
    pub page: u16,
    /// The entry carried a page reference (`... 7`).
    pub has_page_ref: bool,
    /// The entry stands before a printed number: a chapter line.
    pub chapter: bool,
    /// The chapter line the entry stands under, if any.
    pub chapter_name: Option<String>,
}

/// Words that open a table of contents; the entries follow them.
const TOC_OPENERS: [&str; 3] = ["Innhold", "Indholdsfortegnelse", "Indhold"];

/// Finds the table-of-contents pages: from the page holding an opener word
/// up to the last page before the body starts. Returns the index of the
/// first body page too.
pub fn toc_span(pages: &[super::pages::Page]) -> Option<(usize, usize)> {
    let first = pages
        .iter()
        .position(|p| p.words.iter().any(|w| TOC_OPENERS.contains(&w.as_str())))?;
    // The body starts at the first page that opens with the first entry's
    // first word (Forord).
    let opener = pages[first]
        .words
        .iter()
        .position(|w| TOC_OPENERS.contains(&w.as_str()))?;
    let first_title = pages[first].words.get(opener + 1)?.trim_end_matches('.');
    // A chapter line may stand above it ("Indledende materiale Forord").
    let body = (first + 1..pages.len()).find(|&i| {
        pages[i]
            .words
            .iter()
            .take(4)
            .any(|w| w.starts_with(first_title))
    })?;
    Some((first, body))
}

fn starts_upper(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

fn is_number_label(w: &str) -> Option<String> {
    let n = w.strip_suffix('.')?;
    let digits = n.strip_prefix('X').unwrap_or(n);
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())).then(|| n.to_string())
}

/// Lower-case words after which a capitalised word still continues an
/// English title ("Imps across the Field"); Danish and Norwegian titles
/// capitalise only their first word.
const TITLE_LINKS: [&str; 6] = ["the", "of", "and", "a", "an", "across"];

/// A capitalised word starts a new entry unless the word before it links
/// an English title or is an acronym's possessive ("WBF's KP-skala").
fn continues(prev: &str, word: &str) -> bool {
    let acronym = prev.contains('\'') && prev.chars().take(2).all(char::is_uppercase);
    // A compound on an acronym ("med KP-opgørelse") is not a new title; a
    // possessive acronym ("WBF's KP-skala") starts one.
    let compound = word.chars().take(2).all(char::is_uppercase) && word.contains('-');
    TITLE_LINKS.contains(&prev) || acronym || compound
}

/// Reads the entries of the table-of-contents pages.
pub fn parse(pages: &[super::pages::Page], first: usize, body: usize) -> Vec<TocEntry> {
    let mut out: Vec<TocEntry> = Vec::new();
    let mut started = false;
    let mut pending_number: Option<String> = None;
    for page in &pages[first..body] {
        let mut prev = String::new();
        for raw in &page.words {
            if !started {
                started = TOC_OPENERS.contains(&raw.as_str());
                continue;
            }
            let leader = raw.ends_with("..");
            let w = raw.trim_end_matches('.');
            if prev == "…" && w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty() {
                if let Some(last) = out.last_mut() {
                    last.has_page_ref = true;
                }
                prev = raw.clone();
                continue;
            }
            if w.is_empty() {
                prev = "…".into();
                continue;
            }
            let trimmed = w.to_string();
            let raw = if leader { &trimmed } else { raw };
            if let Some(n) = is_number_label(raw) {
                let page_no = page.number;
                if let Some(last) = out.last_mut() {
                    if last.number.is_none() && last.page == page_no && !last.has_page_ref {
                        last.chapter = true;
                    }
                }
                pending_number = Some(n);
                prev = raw.clone();
                continue;
            }
            let new_entry = pending_number.is_some()
                || out.is_empty()
                || (starts_upper(raw) && !continues(&prev, raw));
            if new_entry {
                out.push(TocEntry {
                    number: pending_number.take(),
                    title: raw.clone(),
                    page: page.number,
                    has_page_ref: false,
                    chapter: false,
                    chapter_name: None,
                });
            } else if let Some(last) = out.last_mut() {
                last.title.push(' ');
                last.title.push_str(raw);
            }
            prev = if leader { "…".into() } else { raw.clone() };
        }
        // A page break ends an entry.
        pending_number = pending_number.take();
        if let Some(last) = out.last_mut() {
            last.title = last.title.trim().to_string();
        }
    }
    out.retain(|e| !e.title.is_empty());
    let mut chapter = None;
    for e in &mut out {
        if e.chapter {
            chapter = Some(e.title.clone());
        } else {
            e.chapter_name = chapter.clone();
        }
    }
    out
}

/// The length from which a word of the contents is taken for a glued run
/// (`Tapavrettentilkorrigering`).
pub const GLUED_RUN: usize = 15;

/// Refuses contents that number a part twice, or whose numbers go down
/// within a series (laws and sections; X-sections), naming the entry's
/// page and the line that page starts on (`line_of`).
pub fn check_order(
    entries: &[TocEntry],
    line_of: impl Fn(u16) -> usize,
) -> Result<(), ImportError> {
    let mut seen: HashMap<&str, u16> = HashMap::new();
    let mut last: [Option<(u32, &str)>; 2] = [None, None];
    for e in entries {
        let Some(n) = e.number.as_deref() else {
            continue;
        };
        let series = usize::from(n.starts_with('X'));
        let Ok(value) = n.trim_start_matches('X').parse::<u32>() else {
            continue;
        };
        if let Some(&first_page) = seen.get(n) {
            return Err(ImportError::DuplicateCite {
                cite: n.to_string(),
                place: "contents",
                first_page,
                page: e.page,
                line: line_of(e.page),
            });
        }
        if let Some((before, cite)) = last[series].filter(|(v, _)| value < *v) {
            let _ = before;
            return Err(ImportError::NumbersBackwards {
                cite: n.to_string(),
                after: cite.to_string(),
                place: "contents",
                page: e.page,
                line: line_of(e.page),
            });
        }
        seen.insert(n, e.page);
        last[series] = Some((value, n));
    }
    Ok(())
}

/// Splits glued runs in `title` into words ([`Vocabulary::split`]); logs
/// each split, and a split with a piece the book does not use as unsure.
pub fn unglue(title: &str, vocab: &Vocabulary, page: u16, report: &mut Report) -> String {
    let mut out = Vec::new();
    // "Kommunikasjon,tempoogvilleding": a comma glued between runs.
    let spaced = title.replace(',', ", ");
    for word in spaced.split_whitespace() {
        let core: String = word.chars().filter(|c| c.is_alphabetic()).collect();
        let lower = core.to_lowercase();
        if core.chars().count() < MIN_RUN
            || vocab.contains(&lower)
            || word.contains(['-', '\'', '('])
        {
            out.push(word.to_string());
            continue;
        }
        let parts = vocab.split(&lower);
        if parts.len() < 2 {
            // As long as a glued run, but no cut is sure: the editor looks.
            let unknown = parts
                .first()
                .is_none_or(|p| matches!(p.kind, Kind::Unknown | Kind::Barred));
            if unknown && core.chars().count() >= GLUED_RUN {
                report.unsure(
                    page,
                    &format!("\"{word}\" kept whole: neither a word of the body nor a form or compound of its words, and no split is sure"),
                );
            }
            out.push(word.to_string());
            continue;
        }
        // Keep the source's case letter by letter.
        let mut chars = word.chars();
        let mut rebuilt = Vec::new();
        for p in &parts {
            let piece: String = chars.by_ref().take(p.text.chars().count()).collect();
            rebuilt.push(piece);
        }
        let rest: String = chars.collect();
        let mut joined = rebuilt.join(" ");
        joined.push_str(&rest);
        let unknown: Vec<&str> = parts
            .iter()
            .filter(|p| matches!(p.kind, Kind::Unknown | Kind::Barred))
            .map(|p| p.text.as_str())
            .collect();
        if !unknown.is_empty() {
            report.unsure(
                page,
                &format!("glued words \"{word}\" split as \"{joined}\"; not among the body's words or their forms: {unknown:?}"),
            );
            out.push(joined);
            continue;
        }
        report.repair(
            page,
            &format!("glued words \"{word}\" split as \"{joined}\""),
        );
        out.push(joined);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_glued_words_with_known_vocabulary() {
        let vocab = Vocabulary::new(crate::import::segment::count_words(
            "tap av retten til korrigering".split_whitespace(),
        ));
        let mut r = Report::default();
        assert_eq!(
            unglue("Tapavrettentilkorrigering", &vocab, 3, &mut r),
            "Tap av retten til korrigering"
        );
        assert_eq!(r.repairs.len(), 1);
    }
}

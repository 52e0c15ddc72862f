//! Reading a transcript into printed pages, and taking the page furniture
//! (page numbers, running heads) off them.
//!
//! A transcript is plain text in which every printed page is one paragraph
//! that starts with its page number. Pages are read while their numbers run
//! on (1, 2, 3, ...); whatever follows the run after text that is no page (a
//! listing of other documents) is not part of the book. A page right after
//! a page with a number as high or lower is an error (the numbers go
//! backwards); one with a higher number than the next means pages are
//! missing, which the import logs (`log_missing`).

use super::report::Report;
use super::ImportError;

/// One printed page: its number and its words, in transcript order.
#[derive(Clone, Debug)]
pub struct Page {
    pub number: u16,
    /// 1-based line of the transcript where the page starts.
    pub line: usize,
    pub words: Vec<String>,
}

/// Splits a transcript into its numbered pages, refusing what is not one.
pub fn read_pages(bytes: &[u8]) -> Result<Vec<Page>, ImportError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ImportError::Empty);
    }
    let line_of = |at: usize| bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(ImportError::Binary {
            byte: at,
            line: line_of(at),
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| ImportError::Binary {
        byte: e.valid_up_to(),
        line: line_of(e.valid_up_to()),
    })?;
    let mut pages: Vec<Page> = Vec::new();
    let mut line = 1usize;
    // Text that is no page stood since the last page: the book may have
    // ended there.
    let mut between = false;
    for para in text.split("\n\n") {
        let start = line + para.len() - para.trim_start_matches('\n').len();
        line += para.matches('\n').count() + 2;
        let mut words = para.split_whitespace();
        let Some(first) = words.next() else { continue };
        let Ok(n) = first.parse::<u16>() else {
            between = !pages.is_empty();
            continue;
        };
        let Some(last) = pages.last().map(|p| p.number) else {
            if n != 1 {
                continue;
            }
            pages.push(Page {
                number: n,
                line: start,
                words: words.map(str::to_string).collect(),
            });
            continue;
        };
        // A page right after a page, numbered as high or lower: the
        // numbers go backwards (after other text, it is another document).
        if n <= last && !between {
            return Err(ImportError::PagesBackwards {
                page: n,
                after: last,
                line: start,
            });
        }
        // After other text, only the next page goes on with the book;
        // right after a page, a page numbered past the next one means pages
        // are missing, and the import logs the gap (`log_missing`).
        if between && n != last + 1 {
            break;
        }
        between = false;
        pages.push(Page {
            number: n,
            line: start,
            words: words.map(str::to_string).collect(),
        });
    }
    if pages.len() < 2 {
        return Err(ImportError::NoPages);
    }
    Ok(pages)
}

/// Logs each gap in the run of pages (pages missing from the transcript)
/// as unsure, on the page after it.
pub fn log_missing(pages: &[Page], report: &mut Report) {
    for w in pages.windows(2) {
        let (before, after) = (w[0].number, w[1].number);
        if after <= before + 1 {
            continue;
        }
        let missing = if after == before + 2 {
            format!("page {} is", before + 1)
        } else {
            format!("pages {}-{} are", before + 1, after - 1)
        };
        report.unsure(
            after,
            &format!(
                "{missing} missing from the transcript (page {after} follows page {before}, line {})",
                w[1].line
            ),
        );
    }
}

/// The transcript line a page starts on (0 for a page not read).
pub fn line_of(pages: &[Page], page: u16) -> usize {
    pages
        .iter()
        .find(|p| p.number == page)
        .map_or(0, |p| p.line)
}

/// Takes the printed page number off the end (and a doubled one off the
/// start) of every page. A body page (from `body_from`) that breaks off
/// mid-sentence with no number, and is not continued by the next page, gets
/// `[…]` for the text it lost.
pub fn strip_page_numbers(pages: &mut [Page], body_from: u16, report: &mut Report) {
    for k in 0..pages.len() {
        // The next page running on in lower case continues the sentence.
        let runs_on = pages
            .get(k + 1)
            .and_then(|p| p.words.first())
            .is_some_and(|w| w.starts_with(char::is_lowercase));
        let page = &mut pages[k];
        let n = page.number.to_string();
        // The page number printed out of place, before a label ("6 1."):
        // furniture, not text; the page has its number.
        let stray = (1..page.words.len().saturating_sub(1)).find(|&i| {
            page.words[i] == n
                && page.words[i + 1]
                    .strip_suffix('.')
                    .is_some_and(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit()))
        });
        let stray = stray.filter(|_| page.number >= body_from);
        if let Some(i) = stray {
            page.words.remove(i);
            report.repair(page.number, "stray page number inside the page removed");
        }
        if page.words.last() == Some(&n) {
            page.words.pop();
            report.repair(page.number, "page number removed at the page end");
        } else if stray.is_none()
            && !runs_on
            && page.number >= body_from
            && page
                .words
                .last()
                .is_some_and(|w| !w.ends_with(['.', ':', ';', '!', '?', ')', '»', '«', '-']))
        {
            // No page number and a sentence left open: the source lost the
            // rest of the page.
            page.words.push("[…]".into());
            report.repair(
                page.number,
                "the page breaks off mid-sentence with no page number: lost text marked […]",
            );
        } else if stray.is_none() {
            report.unsure(page.number, "no page number printed at the page end");
        }
        if page.words.first() == Some(&n) {
            page.words.remove(0);
            report.repair(page.number, "doubled page number removed at the page start");
        }
    }
}

/// True for a word set in capitals (a running head or a law heading).
pub fn is_caps(word: &str) -> bool {
    // A footnote marker on the heading ("KORT[^2]") is not part of the word.
    let word = word.split("[^").next().unwrap_or(word);
    let letters: Vec<char> = word.chars().filter(|c| c.is_alphabetic()).collect();
    !letters.is_empty()
        && letters.iter().all(|c| c.is_uppercase())
        && word
            .chars()
            .all(|c| c.is_alphabetic() || c == ',' || c == '-')
}

/// The caps heading `N. WORDS` at `at`: its number and how many words it
/// spans (number included), if there is one.
pub fn caps_heading(words: &[String], at: usize) -> Option<(u16, usize)> {
    let num = words.get(at)?.strip_suffix('.')?.parse::<u16>().ok()?;
    let mut end = at + 1;
    while let Some(w) = words.get(end) {
        // "A." is the first lettered section, not part of the title.
        if !is_caps(w) || (w.chars().count() == 1 && words.get(end + 1).is_some_and(|n| n == ".")) {
            break;
        }
        end += 1;
    }
    (end > at + 1).then_some((num, end - at))
}

/// Removes the running head that repeats a law's heading at the top of a
/// page: `N. TITLE` where N is the law already open, or the next law whose
/// real heading follows again further down the page. `DEFINISJONER`-style
/// heads (a caps word equal to a chapter title) go wherever they stand.
pub fn strip_running_heads(pages: &mut [Page], chapter_heads: &[String], report: &mut Report) {
    let mut open: u16 = 0;
    for page in pages.iter_mut() {
        let before = page.words.len();
        page.words.retain(|w| {
            !(is_caps(w) && w.chars().count() > 3 && chapter_heads.iter().any(|h| h == w))
        });
        if page.words.len() != before {
            report.repair(
                page.number,
                "running head (chapter title in capitals) removed",
            );
        }
        if let Some((num, len)) = caps_heading(&page.words, 0) {
            let head: Vec<String> = page.words[..len].to_vec();
            let repeats = (1..page.words.len().saturating_sub(len))
                .any(|i| page.words[i..].starts_with(&head));
            if num == open || (num == open + 1 && repeats) {
                page.words.drain(..len);
                report.repair(
                    page.number,
                    &format!("running head \"{}\" removed", head.join(" ")),
                );
            }
        }
        for i in 0..page.words.len() {
            if let Some((num, _)) = caps_heading(&page.words, i) {
                if num == open + 1 {
                    open = num;
                }
            }
        }
    }
}

/*!
`lovbok import`: a transcript of a printed book becomes a corpus folder.

A transcript is plain text, one paragraph per printed page, each starting
with its page number. The pipeline, one module per concern:

1. [`pages`]: read the pages, take off page numbers and running heads;
2. [`toc`]: read the table of contents (titles, numbers, chapters), split
   its glued words with the body's own vocabulary;
3. [`footnotes`]: pair each footnote marker with its text;
4. [`text`]: join hyphenation, split glued words, restore `§` and suits;
5. [`structure`]: the parts and provisions from the book's own numbering;
6. [`render`]: the markdown files;
7. [`audit`]: every word of the book pages accounted for in the output;
8. [`report`]: every repair and every unsure place, with its page;
9. [`measure`]: the import against a hand-made corpus, provision by provision.

Nothing is guessed: a lost word stays lost and is left for the editor.
*/

pub mod audit;
pub mod definitions;
pub mod footnotes;
pub mod measure;
pub mod pages;
pub mod render;
pub mod report;
pub mod segment;
pub mod structure;
pub mod table;
pub mod text;
pub mod toc;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use report::Report;
use structure::{Part, Style};
use text::Tok;

/// Which book a transcript holds: decides the folder, language and the
/// conventions of its numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Book {
    Laws,
    Handbook,
}

impl Book {
    /// The corpus folder the book lives in.
    pub fn folder(self) -> &'static str {
        match self {
            Book::Laws => "laws",
            Book::Handbook => "handbook",
        }
    }
}

/// Why a transcript could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the transcript is empty")]
    Empty,
    #[error("the transcript is not text: line {line} (byte {byte}) is binary or not UTF-8")]
    Binary { byte: usize, line: usize },
    #[error("no page numbers found: a transcript has one paragraph per page, each starting with its page number (1, 2, 3, ...)")]
    NoPages,
    #[error("no table of contents found (a page with \"Innhold\" or \"Indholdsfortegnelse\" followed by the page where the first entry begins)")]
    NoContents,
    #[error("the page numbers go backwards: page {page} (line {line}) follows page {after}")]
    PagesBackwards { page: u16, after: u16, line: usize },
    #[error("the numbering goes backwards: {cite} in the {place} (page {page}, line {line}) comes after {after}")]
    NumbersBackwards {
        cite: String,
        after: String,
        place: &'static str,
        page: u16,
        line: usize,
    },
    #[error("{cite} is numbered twice in the {place}: on page {first_page} and again on page {page} (line {line})")]
    DuplicateCite {
        cite: String,
        place: &'static str,
        first_page: u16,
        page: u16,
        line: usize,
    },
    #[error("no numbering recognised: the body (from page {page}, line {line}) has no heading of a law (\"12. TITLE\") or section (\"201. Title\") that the contents list")]
    NoNumbering { page: u16, line: usize },
    #[error("output folder {0} exists and is not empty: import never writes over files")]
    OutNotEmpty(String),
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// An import: the files of the book folder (name, text) and its report.
pub struct Import {
    pub book: Book,
    pub files: Vec<(String, String)>,
    pub report: Report,
    /// The book's own words, which split its glued contents: kept so that
    /// a test can measure the splitter on every title of a hand-made book.
    pub vocabulary: segment::Vocabulary,
}

/// Imports a transcript held in memory.
pub fn import(bytes: &[u8], book: Book) -> Result<Import, ImportError> {
    let mut report = Report::default();
    let mut pages = pages::read_pages(bytes)?;
    pages::log_missing(&pages, &mut report);
    let (toc_first, body_first) = toc::toc_span(&pages).ok_or(ImportError::NoContents)?;
    let edition = printed_year(&pages);
    let body_from = pages.get(body_first).map_or(0, |p| p.number);
    pages::strip_page_numbers(&mut pages, body_from, &mut report);
    let mut entries = toc::parse(&pages, toc_first, body_first);
    let style = match book {
        Book::Laws => Style::Laws,
        Book::Handbook => Style::Handbook,
    };
    let anchor = body_anchor(&pages[body_first..], &entries);
    number_entries(&mut entries, anchor, style, &mut report);
    toc::check_order(&entries, |p| pages::line_of(&pages, p))?;
    let mut body: Vec<pages::Page> = pages[body_first..].to_vec();
    let heads: Vec<String> = entries
        .iter()
        .filter(|e| e.number.is_none())
        .map(|e| e.title.to_uppercase())
        .collect();
    // A front part whose title the pages repeat in capitals as a running
    // head ("DEFINISJONER") is the definitions.
    let definitions: HashSet<String> = heads
        .iter()
        .filter(|h| h.chars().count() > 3 && body.iter().any(|p| p.words.contains(h)))
        .cloned()
        .collect();
    pages::strip_running_heads(&mut body, &heads, &mut report);
    strip_chapter_lines(&mut body, &entries, &mut report);
    let source: String = body
        .iter()
        .map(|p| p.words.join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    let source = join_source_hyphens(&source);
    if style == Style::Laws {
        footnotes::numbered(&mut body, &mut report);
    }
    let toks = repair_words(&body, style, &mut report);
    let vocabulary = vocabulary(&toks, &entries);
    unglue_contents(&mut entries, &vocabulary, &mut report);
    let parts_toc: Vec<toc::TocEntry> = entries.iter().filter(|e| !e.chapter).cloned().collect();
    let mut parts = structure::walk(&toks, &parts_toc, style, &body, &mut report)?;
    refuse_unnumbered(&parts, &body)?;
    for p in &mut parts {
        p.definitions = p.number.is_none() && definitions.contains(&p.title.to_uppercase());
        if p.definitions {
            definitions::split(p, &mut report);
        }
    }
    log_tables(&parts, &mut report);
    add_title_only(&mut parts, &parts_toc, &mut report);
    mark_lost_ends(&mut parts, &mut report);
    let mut notes: BTreeMap<String, Vec<Tok>> = BTreeMap::new();
    for p in &parts {
        for (label, text) in &p.footnotes {
            notes.insert(label.clone(), text.clone());
        }
    }
    let meta = render::BookMeta {
        book: book.folder(),
        lang: if book == Book::Laws { "nb" } else { "da" },
        edition,
        laws_edition: cited_laws_edition(book, edition, &mut report),
        style,
    };
    let files: Vec<(String, String)> = parts
        .iter()
        .map(|p| (render::file_name(p), render::render(p, &meta, &notes)))
        .collect();
    report.audit = Some(audit::audit(&source, &report.set_aside, &files));
    Ok(Import {
        book,
        files,
        report,
        vocabulary,
    })
}

/// The year the title page prints (`... 1. september 2017`): the book's
/// edition.
fn printed_year(pages: &[pages::Page]) -> Option<u16> {
    pages.first().and_then(|p| {
        p.words.iter().find_map(|w| {
            w.trim_matches(|c: char| !c.is_ascii_digit())
                .parse::<u16>()
                .ok()
                .filter(|y| (1900..2100).contains(y))
        })
    })
}

/// Refuses a body in which no numbered part of the contents was found:
/// the transcript has no numbering the importer recognises.
fn refuse_unnumbered(parts: &[Part], body: &[pages::Page]) -> Result<(), ImportError> {
    if parts.iter().any(|p| p.number.is_some()) {
        return Ok(());
    }
    let page = body.first().map_or(0, |p| p.number);
    Err(ImportError::NoNumbering {
        page,
        line: pages::line_of(body, page),
    })
}

/// The body's words in reading order, with the word-level repairs made.
fn repair_words(body: &[pages::Page], style: Style, report: &mut Report) -> Vec<Tok> {
    let mut toks: Vec<Tok> = body
        .iter()
        .flat_map(|p| {
            p.words.iter().map(|w| Tok {
                w: w.clone(),
                page: p.number,
            })
        })
        .filter(|t| !t.w.is_empty())
        .collect();
    toks = text::split_glued(toks, report);
    toks = text::join_hyphens(toks, report);
    toks = text::restore_signs(toks, report);
    toks = text::mark_gaps(toks, report);
    if style == Style::Handbook {
        toks = footnotes::starred(toks, report);
    }
    toks
}

/// Splits glued contents entries with the body's words. Only contents
/// whose entries are glued runs are split: a quarter or more of them one
/// long word ("Tapavrettentilkorrigering").
fn unglue_contents(
    entries: &mut [toc::TocEntry],
    vocab: &segment::Vocabulary,
    report: &mut Report,
) {
    let glued = entries
        .iter()
        .filter(|e| !e.title.contains(' ') && e.title.chars().count() >= toc::GLUED_RUN)
        .count();
    if glued * 4 >= entries.len() {
        for e in entries.iter_mut() {
            e.title = toc::unglue(&e.title, vocab, e.page, report);
        }
    }
}

/// The edition of the Laws a handbook's citations use: the newest one not
/// newer than the handbook (the Laws in force when it was written) among
/// those a corpus can read (the built-in edition, and each older one the
/// built-in corpus has a concordance for). `None` for the built-in edition,
/// which needs no `laws-edition:`, for the Laws themselves, and for a book
/// whose year is unknown.
fn cited_laws_edition(book: Book, edition: Option<u16>, report: &mut Report) -> Option<u16> {
    use crate::corpus::{Concordance, CURRENT_EDITION};
    let year = edition.filter(|_| book == Book::Handbook)?;
    let readable = crate::corpus::embedded_sources()
        .iter()
        .filter_map(|s| Concordance::edition_of_file(s.path.strip_prefix("laws/")?))
        .chain([CURRENT_EDITION])
        .filter(|&e| e <= year)
        .max()?;
    (readable != CURRENT_EDITION).then(|| {
        report.repair(1, &format!("the handbook ({year}) cites the Laws in force when it was written, the {readable} edition (the newest one not newer than the book that a concordance maps to {CURRENT_EDITION}): laws-edition: {readable} in every file"));
        readable
    })
}

/// Logs each table the transcript flattened, which `render` rebuilds in
/// the free paragraphs of a part (its text before the first label, a
/// lettered section's or a definition's text).
fn log_tables(parts: &[Part], report: &mut Report) {
    fn free(p: &Part) -> Vec<&[Tok]> {
        let nodes = p
            .nodes
            .iter()
            .filter(|n| n.level == 1 || n.level == definitions::TERM)
            .map(|n| n.words.as_slice());
        std::iter::once(p.intro.as_slice()).chain(nodes).collect()
    }
    for part in parts {
        for toks in free(part) {
            for block in table::blocks(toks) {
                if let table::Block::Table(rows) = block {
                    let page = toks.first().map_or(0, |t| t.page);
                    let last = rows
                        .first()
                        .and_then(|r| r.get(1))
                        .cloned()
                        .unwrap_or_default();
                    report.repair(page, &format!("table rebuilt: {} rows that each end on \"{last}\", flattened into the text; \"{last}\" in every row is a column whose values were lost, marked […]", rows.len()));
                }
            }
        }
    }
}

/// A provision's text that ends on a preposition lost the words it
/// governed: marked `[…]`.
fn mark_lost_ends(parts: &mut [Part], report: &mut Report) {
    for p in parts {
        let texts = std::iter::once(&mut p.intro).chain(p.nodes.iter_mut().map(|n| &mut n.words));
        for words in texts {
            if !text::ends_in_preposition(words) {
                continue;
            }
            if let Some(last) = words.last().cloned() {
                report.repair(
                    last.page,
                    &format!(
                        "text ends on \"{}\": the words it governed were lost, marked […]",
                        last.w
                    ),
                );
                words.push(Tok {
                    w: "[…]".into(),
                    page: last.page,
                });
            }
        }
    }
}

/// The body's first law heading in capitals (`1. KORTSTOKKEN`) and the
/// contents entry that spells the same letters: (entry index, number).
fn body_anchor(body: &[pages::Page], entries: &[toc::TocEntry]) -> Option<(usize, usize)> {
    let letters = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect()
    };
    body.iter().find_map(|page| {
        (0..page.words.len()).find_map(|i| {
            let (num, len) = pages::caps_heading(&page.words, i)?;
            let title = letters(&page.words[i + 1..i + len].join(" "));
            let k = entries.iter().position(|e| letters(&e.title) == title)?;
            Some((k, usize::from(num)))
        })
    })
}

/// Removes a chapter line of the contents printed at the top of a page
/// ("Udregningsmetoder" above § 201): it becomes the `chapter:` of the
/// parts under it, not body text.
fn strip_chapter_lines(body: &mut [pages::Page], entries: &[toc::TocEntry], report: &mut Report) {
    for page in body.iter_mut() {
        for e in entries.iter().filter(|e| e.chapter) {
            let words: Vec<&str> = e.title.split_whitespace().collect();
            let here = page
                .words
                .iter()
                .take(words.len())
                .map(String::as_str)
                .eq(words.iter().copied());
            if here && page.words.len() > words.len() {
                page.words.drain(..words.len());
                report.repair(
                    page.number,
                    &format!(
                        "chapter line \"{}\" at the page top kept as the chapter, not text",
                        e.title
                    ),
                );
                break;
            }
        }
    }
}

/// The book's own words, to split glued contents entries with: every word
/// of the body and of the entries printed with spaces.
fn vocabulary(toks: &[Tok], entries: &[toc::TocEntry]) -> segment::Vocabulary {
    // Entries printed with spaces (three words or more); their long words
    // may themselves be glued runs, so only short ones count.
    let spaced = entries
        .iter()
        .filter(|e| e.title.split_whitespace().count() >= 3)
        .flat_map(|e| e.title.split_whitespace())
        .filter(|w| w.chars().count() < 12);
    let words = toks.iter().map(|t| t.w.as_str()).chain(spaced);
    segment::Vocabulary::new(segment::count_words(words))
}

/// The audit's view of the source: words broken across a page break joined.
fn join_source_hyphens(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut lines = source.split('\n').peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        let broken =
            line.ends_with('-') && line.chars().rev().nth(1).is_some_and(char::is_alphabetic);
        let next_lower = lines
            .peek()
            .and_then(|l| l.chars().next())
            .is_some_and(char::is_lowercase);
        if broken && next_lower {
            out.pop();
        } else {
            out.push('\n');
        }
    }
    out
}

/// Gives numbers to entries that print none. Laws: the printed numbers
/// (`22.`, `50.`) anchor a count, so the entry P places before the first
/// printed number P is law 1; what precedes is front matter. Contents that
/// print no number at all are anchored by the body's first law heading
/// (`body_anchor`: the entry it matches and its number). Handbook: an
/// unnumbered entry is the one before it plus one, within its chapter.
fn number_entries(
    entries: &mut [toc::TocEntry],
    body_anchor: Option<(usize, usize)>,
    style: Style,
    report: &mut Report,
) {
    match style {
        Style::Laws => {
            let printed = entries
                .iter()
                .enumerate()
                .find_map(|(i, e)| e.number.as_ref()?.parse::<usize>().ok().map(|p| (i, p)));
            let Some((k, p)) = printed.or(body_anchor) else {
                return;
            };
            let Some(first) = p.checked_sub(1).and_then(|p1| k.checked_sub(p1)) else {
                return;
            };
            for (j, e) in entries.iter_mut().enumerate().skip(first) {
                let n = j - first + 1;
                if let Some(printed) = &e.number {
                    if printed != &n.to_string() {
                        report.unsure(
                            e.page,
                            &format!(
                                "contents entry \"{}\" printed as {printed}, counted as {n}",
                                e.title
                            ),
                        );
                    }
                } else if crate::corpus::id::Root::from_number(n as u16).is_some() {
                    e.number = Some(n.to_string());
                } else {
                    report.repair(
                        e.page,
                        &format!(
                            "contents entry \"{}\" after the last law is apparatus, not a law",
                            e.title
                        ),
                    );
                    e.chapter = true;
                }
            }
        }
        Style::Handbook => {
            let mut last: Option<u16> = None;
            for e in entries.iter_mut() {
                if e.chapter {
                    last = None;
                    continue;
                }
                match (&e.number, last) {
                    (Some(n), _) => last = n.parse().ok(),
                    (None, Some(l)) => {
                        e.number = Some((l + 1).to_string());
                        report.repair(
                            e.page,
                            &format!(
                                "contents entry \"{}\" numbered {} from the order of its chapter",
                                e.title,
                                l + 1
                            ),
                        );
                        last = Some(l + 1);
                    }
                    (None, None) => {}
                }
            }
        }
    }
}

/// Parts the contents list but the transcript's body does not reach:
/// title-only files (`text: absent`).
fn add_title_only(parts: &mut Vec<Part>, toc: &[toc::TocEntry], report: &mut Report) {
    let seen: HashSet<Option<String>> = parts.iter().map(|p| p.number.clone()).collect();
    for e in toc {
        if e.number.is_some() && !seen.contains(&e.number) {
            report.unsure(
                e.page,
                &format!(
                    "{} {}: only the title is known (from the contents)",
                    e.number.as_deref().unwrap_or(""),
                    e.title
                ),
            );
            parts.push(Part {
                number: e.number.clone(),
                title: e.title.clone(),
                chapter: e.chapter_name.clone(),
                pages: vec![e.page],
                from_toc_only: true,
                ..Part::default()
            });
        }
    }
}

/// Writes an import below `out`: `out/<book>/*.md` and the report as
/// `out/import-report.md` and `out/import-report.json`. Refuses an `out`
/// that exists and is not empty.
pub fn write(import: &Import, out: &Path) -> Result<(), ImportError> {
    let shown = out.display().to_string();
    if out.exists() {
        let mut entries = std::fs::read_dir(out).map_err(|source| ImportError::Write {
            path: shown.clone(),
            source,
        })?;
        if entries.next().is_some() {
            return Err(ImportError::OutNotEmpty(shown));
        }
    }
    let folder = out.join(import.book.folder());
    std::fs::create_dir_all(&folder).map_err(|source| ImportError::Write {
        path: folder.display().to_string(),
        source,
    })?;
    let mut all = import.files.clone();
    all.push(("../import-report.md".into(), import.report.to_markdown()));
    let json = serde_json::to_string_pretty(&import.report).unwrap_or_default();
    all.push(("../import-report.json".into(), json));
    for (name, text) in &all {
        let path = folder.join(name);
        std::fs::write(&path, text).map_err(|source| ImportError::Write {
            path: path.display().to_string(),
            source,
        })?;
    }
    Ok(())
}

/// Reads and imports the transcript at `path`.
pub fn import_file(path: &Path, book: Book) -> Result<Import, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Read {
        path: path.display().to_string(),
        source,
    })?;
    import(&bytes, book)
}

//! The book's structure from its own numbering: top-level parts (law,
//! X-section, section, front matter), lettered sections, numbered items,
//! lettered sub-items and roman sub-sub-items. Each label is accepted only
//! when it is the next one its level expects, so numbers in running text
//! ("1. september", "13 kort") are not taken for labels.

use super::footnotes::START;
use super::pages::{caps_heading, line_of, Page};
use super::report::Report;
use super::text::Tok;
use super::toc::TocEntry;
use super::ImportError;
use crate::corpus::id::to_roman;

/// Which book's conventions the transcript follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Law headings in capitals, `a)` letters, `(i)` romans.
    Laws,
    /// Headings in running case, `a.` letters, `i.` romans.
    Handbook,
}

/// One provision below a top-level part.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// 1 letter, 2 number, 3 sub-letter, 4 roman.
    pub level: u8,
    pub label: String,
    pub title: Option<String>,
    pub words: Vec<Tok>,
}

/// One file to write: a law, an X-section, a section or front matter.
#[derive(Clone, Debug, Default)]
pub struct Part {
    /// `12`, `X16`, `212`; `None` for front matter.
    pub number: Option<String>,
    /// File stem for front matter (`forord`).
    pub slug: String,
    pub definitions: bool,
    pub title: String,
    pub chapter: Option<String>,
    pub intro: Vec<Tok>,
    pub nodes: Vec<Node>,
    pub pages: Vec<u16>,
    pub from_toc_only: bool,
    pub footnotes: Vec<(String, Vec<Tok>)>,
}

fn upper_start(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

fn title_word(w: &str) -> bool {
    !upper_start(w) && !w.starts_with(START) && !w.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Words of a heading title after position `at`: the first word, then every
/// word that does not start a sentence (capital) or a label.
fn title_span(toks: &[Tok], at: usize) -> usize {
    let mut end = at + 1;
    while let Some(t) = toks.get(end) {
        let w = t.w.as_str();
        let ok =
            title_word(w) || (w.starts_with('(') && !w.starts_with("(§")) || w.starts_with('[');
        if !ok || label_at(w).is_some() {
            break;
        }
        end += 1;
    }
    end
}

fn label_at(w: &str) -> Option<()> {
    let core = w.trim_end_matches(['.', ')']);
    (core.len() <= 5 && core.chars().all(|c| c.is_ascii_digit()) && w.ends_with('.')).then_some(())
}

fn join(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| t.w.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Case of a caps heading taken from the table of contents, letter by
/// letter, when both spell the same letters; else sentence case.
fn recase(caps: &str, toc: Option<&str>) -> String {
    let letters = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    if let Some(t) = toc {
        if letters(caps) == letters(t) {
            let mut src = t.chars().filter(|c| c.is_alphanumeric());
            return caps
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() {
                        src.next().unwrap_or(c)
                    } else {
                        c
                    }
                })
                .collect();
        }
    }
    let lower = caps.to_lowercase();
    let mut cs = lower.chars();
    cs.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(cs).collect())
}

struct Walker<'a> {
    style: Style,
    toc: &'a [TocEntry],
    parts: Vec<Part>,
    /// Index into `toc` of the next part expected.
    next_entry: usize,
    in_footnote: Option<u16>,
    /// Words before the first part.
    pre: Vec<Tok>,
}

impl Walker<'_> {
    fn cur(&mut self) -> Option<&mut Part> {
        self.parts.last_mut()
    }

    fn expected_letter(&self, level: u8) -> Option<String> {
        let part = self.parts.last()?;
        part.number.as_ref()?;
        let last = part.nodes.iter().rev().find(|n| n.level <= level);
        let next = match last {
            Some(n) if n.level == level => {
                if level == 4 {
                    let v = crate::corpus::id::from_roman(&n.label)?;
                    return Some(to_roman(v + 1).to_lowercase());
                }
                if level == 2 {
                    return Some((n.label.parse::<u32>().ok()? + 1).to_string());
                }
                let c = n.label.chars().next()?;
                char::from_u32(c as u32 + 1)?.to_string()
            }
            _ => match level {
                1 => "A".into(),
                2 => "1".into(),
                3 => "a".into(),
                _ => "i".into(),
            },
        };
        Some(next)
    }

    /// The label at `i`, if it is the next one of some level.
    fn label(&self, toks: &[Tok], i: usize) -> Option<(u8, String)> {
        let w = toks[i].w.as_str();
        let next_upper = toks
            .get(i + 1)
            .is_some_and(|t| upper_start(&t.w) || t.w.ends_with(')') || t.w.ends_with('.'));
        if let Some(l) = w.strip_suffix('.') {
            if l.len() == 1
                && l.chars().all(|c| c.is_ascii_uppercase())
                && next_upper
                && self.expected_letter(1).as_deref() == Some(l)
            {
                return Some((1, l.into()));
            }
            if l.chars().all(|c| c.is_ascii_digit())
                && !l.is_empty()
                && next_upper
                && self.expected_letter(2).as_deref() == Some(l)
            {
                return Some((2, l.into()));
            }
            if self.style == Style::Handbook
                && l.chars().all(|c| c.is_ascii_lowercase())
                && !l.is_empty()
            {
                let sub = self.expected_letter(3);
                let rom = self.expected_letter(4);
                // "i." is a letter only right after "h." (likewise v, x).
                if sub.as_deref() == Some(l) && l.len() == 1 {
                    return Some((3, l.into()));
                }
                if rom.as_deref() == Some(l)
                    && self
                        .parts
                        .last()
                        .is_some_and(|p| p.nodes.last().is_some_and(|n| n.level >= 2))
                {
                    return Some((4, l.into()));
                }
            }
        }
        if self.style == Style::Laws {
            if let Some(l) = w.strip_suffix(')') {
                if let Some(r) = l.strip_prefix('(') {
                    if self.expected_letter(4).as_deref() == Some(r)
                        && self
                            .parts
                            .last()
                            .is_some_and(|p| p.nodes.last().is_some_and(|n| n.level >= 2))
                    {
                        return Some((4, r.into()));
                    }
                } else if l.len() == 1
                    && self.expected_letter(3).as_deref() == Some(l)
                    && self
                        .parts
                        .last()
                        .is_some_and(|p| p.nodes.last().is_some_and(|n| n.level >= 2))
                {
                    return Some((3, l.into()));
                }
            }
        }
        None
    }

    /// A numbered label one past the expected one ("2." where "1." is due):
    /// the source lost a number. Returns the number the source lost.
    fn skipped_number(&self, toks: &[Tok], i: usize) -> Option<u32> {
        let l: u32 = toks[i].w.strip_suffix('.')?.parse().ok()?;
        let expected: u32 = self.expected_letter(2)?.parse().ok()?;
        let next_upper = toks
            .get(i + 1)
            .is_some_and(|t| upper_start(&t.w) && !t.w.ends_with('.'));
        let after_sentence = i > 0 && toks[i - 1].w.ends_with(['.', ':', ';', ')', ']']);
        // A later number must follow too: a lone "3." in running text is not
        // taken for a label.
        let later = [format!("{}.", l + 1), format!("{}.", l + 2)];
        let follows = toks[i + 1..toks.len().min(i + 400)]
            .iter()
            .any(|t| later.contains(&t.w));
        (l == expected + 1 && next_upper && after_sentence && follows).then_some(expected)
    }

    /// A top-level heading of the next table-of-contents entry at `i`:
    /// returns the number of words it spans and its title.
    fn top(&self, toks: &[Tok], i: usize) -> Option<(usize, String)> {
        let entry = self.toc.get(self.next_entry)?;
        let number = entry.number.as_deref();
        match (self.style, number) {
            (Style::Laws, Some(n)) => {
                let words: Vec<String> = toks[i..toks.len().min(i + 20)]
                    .iter()
                    .map(|t| t.w.clone())
                    .collect();
                let (num, len) = caps_heading(&words, 0)?;
                (num.to_string() == n && len >= 2)
                    .then(|| (len, recase(&words[1..len].join(" "), Some(&entry.title))))
            }
            (Style::Handbook, Some(n)) => {
                if toks[i].w.strip_suffix('.') == Some(n)
                    && toks.get(i + 1).is_some_and(|t| upper_start(&t.w))
                {
                    let end = title_span(toks, i + 1);
                    return Some((end - i, join(&toks[i + 1..end])));
                }
                // The number lost: the entry's title words at a sentence start.
                let title: Vec<&str> = entry.title.split_whitespace().collect();
                let here: Vec<&str> = toks[i..toks.len().min(i + title.len())]
                    .iter()
                    .map(|t| t.w.trim_end_matches('.'))
                    .collect();
                let title: Vec<&str> = title.iter().map(|w| w.trim_end_matches('.')).collect();
                // Revision marks ("[2009]") printed after the title belong to it.
                let mut end = i + title.len();
                while toks
                    .get(end)
                    .is_some_and(|t| t.w.starts_with('[') && t.w.ends_with(']'))
                {
                    end += 1;
                }
                let after = toks.get(end).is_some_and(|t| upper_start(&t.w));
                (here == title && after && i > 0).then(|| (end - i, join(&toks[i..end])))
            }
            (_, None) => {
                // Front matter: the entry's first word opens a page.
                let first = entry.title.split_whitespace().next()?;
                let at_page_start = i == 0
                    || toks[i - 1].page != toks[i].page
                    || (self.parts.is_empty()
                        && self.pre.len() <= 3
                        && self.pre.iter().all(|t| t.page == toks[i].page));
                (at_page_start && toks[i].w.starts_with(first)).then(|| {
                    let end = title_span(toks, i);
                    (end - i, join(&toks[i..end]))
                })
            }
        }
    }

    /// The heading of a part already opened, at `i`: its number and title
    /// as the contents give them ("12. TITLE" in capitals, or "212. Title").
    /// Returns the entry's index. A number in running text is no heading:
    /// the title must follow it.
    fn earlier_heading(&self, toks: &[Tok], i: usize) -> Option<usize> {
        let label = toks[i].w.strip_suffix('.')?;
        let letters = |s: &str| -> String {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        (0..self.next_entry).find(|&k| {
            let e = &self.toc[k];
            if e.number.as_deref() != Some(label) {
                return false;
            }
            match self.style {
                Style::Laws => {
                    let words: Vec<String> = toks[i..toks.len().min(i + 20)]
                        .iter()
                        .map(|t| t.w.clone())
                        .collect();
                    caps_heading(&words, 0).is_some_and(|(_, len)| {
                        letters(&words[1..len].join(" ")) == letters(&e.title)
                    })
                }
                Style::Handbook => {
                    let title: Vec<&str> = e.title.split_whitespace().collect();
                    let here = toks[i + 1..toks.len().min(i + 1 + title.len())]
                        .iter()
                        .map(|t| t.w.as_str());
                    title.len() == here.len()
                        && here.zip(&title).all(|(a, b)| letters(a) == letters(b))
                }
            }
        })
    }

    /// The error for the heading of entry `k` met again at `tok`: the same
    /// part twice, or one before the part now open.
    fn out_of_order(&self, k: usize, tok: &Tok, body: &[Page]) -> ImportError {
        let cite = self.toc[k].number.clone().unwrap_or_default();
        let open = self.parts.last();
        let line = line_of(body, tok.page);
        if k + 1 == self.next_entry {
            ImportError::DuplicateCite {
                cite,
                place: "body",
                first_page: open
                    .and_then(|p| p.pages.first().copied())
                    .unwrap_or(tok.page),
                page: tok.page,
                line,
            }
        } else {
            ImportError::NumbersBackwards {
                cite,
                after: open.and_then(|p| p.number.clone()).unwrap_or_default(),
                place: "body",
                page: tok.page,
                line,
            }
        }
    }

    fn open_top(&mut self, title: String, page: u16, report: &mut Report) {
        let entry = self.toc[self.next_entry].clone();
        self.next_entry += 1;
        // A chapter line before this entry in the contents names its chapter.
        let chapter = entry.chapter_name.clone();
        let mut part = Part {
            number: entry.number.clone(),
            slug: entry
                .title
                .split_whitespace()
                .next()
                .unwrap_or("front")
                .to_lowercase(),
            title,
            chapter,
            pages: vec![page],
            ..Part::default()
        };
        if self.parts.is_empty() && !self.pre.is_empty() {
            // Words above the first heading on its page: its chapter line.
            let line = join(&self.pre);
            report.repair(
                page,
                &format!("chapter line \"{line}\" above the first heading kept as the chapter"),
            );
            part.chapter = Some(line);
            self.pre.clear();
        }
        self.parts.push(part);
    }
}

/// The source lost item `lost`'s number and the words before it: the text
/// of the item before runs on into a sentence that starts with no stop
/// before it ("brukes Dersom kortet ..."). That sentence starts item
/// `lost`; `[…]` marks the lost words. Without such a place the skip is
/// only logged.
fn split_lost_item(p: &mut Part, lost: u32, page: u16, report: &mut Report) {
    let Some(k) = p.nodes.iter().rposition(|n| n.level == 2) else {
        report.unsure(page, &format!("item number {lost} lost in the source"));
        return;
    };
    let words = &p.nodes[k].words;
    let sentence = |w: &str| {
        let mut cs = w.chars();
        cs.next().is_some_and(char::is_uppercase)
            && cs.clone().count() >= 2
            && cs.all(char::is_lowercase)
    };
    let at = (1..words.len())
        .rev()
        .find(|&j| words[j - 1].w.ends_with(char::is_lowercase) && sentence(&words[j].w));
    let Some(at) = at else {
        report.unsure(page, &format!("item number {lost} lost in the source: the numbering skips to {}; its text stays with the item before", lost + 1));
        return;
    };
    let rest = p.nodes[k].words.split_off(at);
    let gap_page = p.nodes[k].words.last().map_or(page, |t| t.page);
    p.nodes[k].words.push(Tok {
        w: "[…]".into(),
        page: gap_page,
    });
    let at_page = rest.first().map_or(page, |t| t.page);
    report.repair(at_page, &format!("item number {lost} and the words before it lost in the source: \"{}\" starts a sentence with no stop before it, so item {lost} starts there (from the sequence); […] marks the lost words", rest.first().map_or("", |t| t.w.as_str())));
    p.nodes.insert(
        k + 1,
        Node {
            level: 2,
            label: lost.to_string(),
            title: None,
            words: rest,
        },
    );
}

/// A lettered heading `A. Title` at `i`: its letter and where its title ends.
fn letter_before_top(toks: &[Tok], i: usize) -> Option<(String, usize)> {
    let l = toks[i].w.strip_suffix('.')?;
    if l.len() != 1 || !l.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let end = title_span(toks, i + 1);
    (end < toks.len()).then(|| (l.to_string(), end))
}

impl Walker<'_> {
    /// Ends footnote mode at a page break, unless the footnote's sentence
    /// runs on: its text so far ends mid-sentence and the new page starts
    /// with a lower-case word that is no label.
    fn page_break(&mut self, t: &Tok, report: &mut Report) {
        if self.in_footnote.is_none_or(|p| p == t.page) {
            return;
        }
        let open_sentence = self
            .parts
            .last()
            .and_then(|p| p.footnotes.last())
            .and_then(|f| f.1.last())
            .is_some_and(|l| !l.w.ends_with(['.', ':', ';', '!', '?', ')']));
        let continues = open_sentence
            && t.w.starts_with(char::is_lowercase)
            && !t.w.ends_with(')')
            && !t.w.ends_with('.');
        if continues {
            self.in_footnote = Some(t.page);
            report.repair(t.page, "footnote text continued across the page break");
        } else {
            self.in_footnote = None;
        }
    }

    /// A lettered heading printed before its part's heading ("A. Holdkamp
    /// 212. For sen ankomst"): opens the part, then the letter under it.
    /// Returns where the walk goes on.
    fn letter_then_top(&mut self, toks: &[Tok], i: usize, report: &mut Report) -> Option<usize> {
        let (label, end) = letter_before_top(toks, i)?;
        let (len, title) = self.top(toks, end)?;
        self.in_footnote = None;
        let page = toks[end].page;
        self.open_top(title, page, report);
        let heading = join(&toks[i + 1..end]);
        report.repair(page, &format!("lettered heading \"{label}. {heading}\" printed before the heading of {}; placed under it", toks[end].w));
        if let Some(p) = self.cur() {
            p.nodes.push(Node {
                level: 1,
                label,
                title: Some(heading),
                words: Vec::new(),
            });
        }
        Some(end + len)
    }

    /// A number the source lost before `lost + 1.`: when the text before it
    /// has no label of its own (it sits under the letter) it becomes item
    /// `lost`; else the skip is logged.
    fn restore_number(&mut self, lost: u32, page: u16, report: &mut Report) {
        let Some(p) = self.cur() else { return };
        match p.nodes.last_mut().filter(|n| n.level == 1) {
            Some(letter) if lost == 1 && !letter.words.is_empty() => {
                let words = std::mem::take(&mut letter.words);
                p.nodes.push(Node {
                    level: 2,
                    label: "1".into(),
                    title: None,
                    words,
                });
                report.repair(page, "item number 1 lost in the source: the unnumbered text before 2. made item 1 (from the sequence)");
            }
            _ => split_lost_item(p, lost, page, report),
        }
        p.nodes.push(Node {
            level: 2,
            label: (lost + 1).to_string(),
            ..Node::default()
        });
    }

    /// Opens the provision of a label at `i`; returns where the walk goes on.
    fn open_label(&mut self, toks: &[Tok], i: usize, level: u8, label: String) -> usize {
        let mut node = Node {
            level,
            label,
            ..Node::default()
        };
        let mut next = i + 1;
        if level == 1 {
            let end = title_span(toks, next);
            let end = if end > next && toks[next].w.starts_with(START) {
                next
            } else {
                end
            };
            node.title = (end > next).then(|| join(&toks[next..end]));
            next = end;
        }
        if let Some(p) = self.cur() {
            p.nodes.push(node);
        }
        next
    }

    /// Adds a word of running text to the provision opened last.
    fn text(&mut self, t: &Tok) {
        if self.in_footnote.is_some() {
            if let Some(f) = self.cur().and_then(|p| p.footnotes.last_mut()) {
                f.1.push(t.clone());
            }
            return;
        }
        match self.cur() {
            Some(p) => {
                if !p.pages.contains(&t.page) {
                    p.pages.push(t.page);
                }
                match p.nodes.last_mut() {
                    Some(n) => n.words.push(t.clone()),
                    None => p.intro.push(t.clone()),
                }
            }
            None => self.pre.push(t.clone()),
        }
    }
}

/// Walks the body's words into parts. `toc` lists the parts in book order;
/// `body` gives the lines pages start on, for the error when a heading
/// comes twice or out of order.
pub fn walk(
    toks: &[Tok],
    toc: &[TocEntry],
    style: Style,
    body: &[Page],
    report: &mut Report,
) -> Result<Vec<Part>, ImportError> {
    let mut w = Walker {
        style,
        toc,
        parts: Vec::new(),
        next_entry: 0,
        in_footnote: None,
        pre: Vec::new(),
    };
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        w.page_break(t, report);
        if let Some(label) = t.w.strip_prefix(START) {
            w.in_footnote = Some(t.page);
            if let Some(p) = w.cur() {
                p.footnotes.push((label.to_string(), Vec::new()));
            }
            i += 1;
        } else if let Some((len, title)) = w.top(toks, i) {
            w.in_footnote = None;
            w.open_top(title, t.page, report);
            i += len;
        } else if let Some(k) = w.earlier_heading(toks, i) {
            return Err(w.out_of_order(k, t, body));
        } else if let Some(next) = w.letter_then_top(toks, i, report) {
            i = next;
        } else if w.in_footnote.is_some() {
            w.text(t);
            i += 1;
        } else if let Some(lost) = w.skipped_number(toks, i) {
            w.restore_number(lost, t.page, report);
            i += 1;
        } else if let Some((level, label)) = w.label(toks, i) {
            i = w.open_label(toks, i, level, label);
        } else {
            w.text(t);
            i += 1;
        }
    }
    Ok(w.parts)
}

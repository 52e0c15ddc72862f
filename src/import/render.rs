//! Writing the parts as corpus markdown (see `docs/corpus-format.md`):
//! front matter, headings, labelled paragraphs, page markers and footnotes.

use std::collections::BTreeMap;

use super::structure::{Node, Part, Style};
use super::text::Tok;

/// What the front matter needs to know about the book.
pub struct BookMeta {
    pub book: &'static str,
    pub lang: &'static str,
    pub edition: Option<u16>,
    /// The edition of the Laws the book's citations use, when not the
    /// built-in one (`laws-edition:`).
    pub laws_edition: Option<u16>,
    pub style: Style,
}

/// The file name of a part inside the book folder.
pub fn file_name(part: &Part) -> String {
    match &part.number {
        Some(n) if n.starts_with('X') => format!("x{:0>2}.md", &n[1..]),
        Some(n) if n.len() <= 2 => format!("lov-{n:0>2}.md"),
        Some(n) => format!("{n}.md"),
        None if part.definitions => "definisjoner.md".into(),
        None => format!(
            "{}.md",
            part.slug.trim_matches(|c: char| !c.is_alphanumeric())
        ),
    }
}

fn page_list(pages: &[u16]) -> String {
    let mut sorted = pages.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        out.push(if i == j {
            sorted[i].to_string()
        } else {
            format!("{}-{}", sorted[i], sorted[j])
        });
        i = j + 1;
    }
    out.join(", ")
}

fn words(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| t.w.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

struct Pager {
    now: u16,
    out: String,
}

impl Pager {
    fn mark(&mut self, page: u16) {
        if page > self.now {
            self.out.push_str(&format!("<!-- page {page} -->\n"));
            self.now = page;
        }
    }

    fn block(&mut self, text: &str, toks: &[Tok]) {
        if let Some(first) = toks.first() {
            self.mark(first.page);
        }
        self.out.push_str(text);
        self.out.push_str("\n\n");
        if let Some(last) = toks.last() {
            self.mark(last.page);
        }
    }
}

fn kind(part: &Part, meta: &BookMeta) -> &'static str {
    match (&part.number, meta.style) {
        (None, _) if part.definitions => "definitions",
        (None, _) => "front",
        (Some(n), _) if n.starts_with('X') => "extension",
        (Some(_), Style::Laws) => "law",
        (Some(_), Style::Handbook) => "section",
    }
}

/// Renders one part. `notes` holds every footnote text of the book by its
/// label; the part gets those its text refers to.
pub fn render(part: &Part, meta: &BookMeta, notes: &BTreeMap<String, Vec<Tok>>) -> String {
    let mut fm = format!("---\nbook: {}\n", meta.book);
    if let Some(e) = meta.edition {
        fm.push_str(&format!("edition: {e}\n"));
    }
    if let Some(e) = meta.laws_edition {
        fm.push_str(&format!("laws-edition: {e}\n"));
    }
    fm.push_str(&format!(
        "lang: {}\nkind: {}\n",
        meta.lang,
        kind(part, meta)
    ));
    if !part.pages.is_empty() {
        fm.push_str(&format!("pages: {}\n", page_list(&part.pages)));
    }
    fm.push_str(&format!(
        "text: {}\n",
        if part.from_toc_only { "absent" } else { "full" }
    ));
    if let Some(c) = &part.chapter {
        fm.push_str(&format!("chapter: {c}\n"));
    }
    if let Some(n) = part.number.as_deref().and_then(|n| n.strip_prefix('X')) {
        fm.push_str(&format!("extends: {n}\n"));
    }
    fm.push_str("---\n\n");
    let heading = match &part.number {
        Some(n) => format!("# {n}. {}\n\n", part.title),
        None => format!("# {}\n\n", part.title),
    };
    let mut p = Pager {
        now: part.pages.iter().copied().min().unwrap_or(0),
        out: fm + &heading,
    };
    paragraphs(&mut p, &part.intro);
    let mut pending_number: Option<String> = None;
    let mut last_number = 0u32;
    for (k, node) in part.nodes.iter().enumerate() {
        match node.level {
            1 => last_number = 0,
            2 => {
                let n: u32 = node.label.parse().unwrap_or(0);
                if n > last_number + 1 {
                    // The source lost a number: tell `lovbok check` so.
                    p.out.push_str("<!-- lovbok: numbering-gap -->\n");
                }
                last_number = n;
            }
            _ => {}
        }
        let text = words(&node.words);
        let line = node_line(node, &text, meta.style);
        match node.level {
            2 if node.words.is_empty() && part.nodes.get(k + 1).is_some_and(|n| n.level == 3) => {
                pending_number = Some(format!("{}. ", node.label));
                continue;
            }
            1 | super::definitions::TERM => {
                p.block(&line, &node.words[..node.words.len().min(1)]);
                for sense in senses(&node.words) {
                    paragraphs(&mut p, sense);
                }
                continue;
            }
            _ => {}
        }
        let line = match pending_number.take() {
            Some(prefix) => format!("{prefix}{}", line.trim_start()),
            None => line,
        };
        p.block(&line, &node.words);
    }
    let out = with_footnotes(p.out, meta.style == Style::Handbook, notes);
    out.trim_end().to_string() + "\n"
}

/// Appends the footnotes the text refers to, in order of first reference;
/// `renumber` numbers them 1, 2, … in the file (the handbook's star marks
/// have no numbers of their own; the laws keep the book's).
fn with_footnotes(mut out: String, renumber: bool, notes: &BTreeMap<String, Vec<Tok>>) -> String {
    let mut labels: Vec<String> = Vec::new();
    let mut rest = out.as_str();
    while let Some(at) = rest.find("[^") {
        let tail = &rest[at + 2..];
        let Some(end) = tail.find(']') else { break };
        let label = &tail[..end];
        if !labels.iter().any(|l| l == label) {
            labels.push(label.to_string());
        }
        rest = &tail[end..];
    }
    if renumber {
        for (i, l) in labels.iter().enumerate() {
            out = out.replace(&format!("[^{l}]"), &format!("[^n{}]", i + 1));
        }
        out = out.replace("[^n", "[^");
    }
    for (i, l) in labels.iter().enumerate() {
        let shown = if renumber {
            (i + 1).to_string()
        } else {
            l.clone()
        };
        let text = notes.get(l).map(|t| words(t)).unwrap_or_default();
        out.push_str(&format!("[^{shown}]: {text}\n\n"));
    }
    out
}

/// Writes a text of free paragraphs, with the tables the transcript
/// flattened rebuilt (`table`).
fn paragraphs(p: &mut Pager, toks: &[Tok]) {
    for block in super::table::blocks(toks) {
        match block {
            super::table::Block::Text(t) => p.block(&words(t), t),
            super::table::Block::Table(rows) => p.block(&super::table::markdown(&rows), &[]),
        }
    }
}

/// A text cut before each numbered sense (`1.`, `2.`, … in sequence, when
/// it opens with `1.`): one paragraph per sense, as the format lists them.
fn senses(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut out = Vec::new();
    if toks.is_empty() {
        return out;
    }
    let numbered = toks[0].w == "1.";
    let mut next = 2;
    let mut from = 0;
    for (k, t) in toks.iter().enumerate().skip(1) {
        if numbered && t.w == format!("{next}.") {
            out.push(&toks[from..k]);
            from = k;
            next += 1;
        }
    }
    out.push(&toks[from..]);
    out
}

fn node_line(node: &Node, text: &str, style: Style) -> String {
    match (node.level, style) {
        (super::definitions::TERM, _) => format!("## {}", node.label),
        (1, _) => match &node.title {
            Some(t) => format!("## {}. {t}", node.label),
            None => format!("## {}.", node.label),
        },
        (2, _) => format!("{}. {text}", node.label),
        (3, Style::Laws) => format!("   {}) {text}", node.label),
        (3, Style::Handbook) => format!("   {}. {text}", node.label),
        (_, Style::Laws) => format!("   ({}) {text}", node.label),
        (_, Style::Handbook) => format!("   {}. {text}", node.label),
    }
}

/*!
One markdown file → its provisions, plus diagnostics.

The parser walks pulldown-cmark's event stream and recognises provisions from
the book's own labels (`A.`, `1.`, `a)`, `(ii)`, `a.`, `i.`), never from
indentation: the transcripts' layout is the editors', the numbering is the
book's. Every problem becomes a [`Diagnostic`] naming file and line; the
parser itself never fails, so one broken file cannot hide the others' errors.
The format is specified in `docs/corpus-format.md`.

One builder walks the events (here: text blocks, lists, footnotes, tables,
page marks and directives); its headings are `headings` (the root provision
from the `#` heading and the front matter, the `##` sections and terms),
its labels `numbering` (the provisions a block's `1.`, `a)`, `(ii)` open,
in sequence), and the cleaning of text `text`.
*/

use std::collections::HashMap;
use std::sync::LazyLock;

use pulldown_cmark::{Event, HeadingLevel, MetadataBlockKind, Options, Parser, Tag, TagEnd};
use regex::Regex;

use super::front_matter::{self, Meta};
use super::id::ProvisionId;
use super::load::SourceFile;
use super::{Block, Diagnostic, Footnote, Kind, Origin, Provision, Severity};
use text::{clean, floor_char_boundary, take_revisions};

mod headings;
mod numbering;
mod text;

/// A file's provisions (file-local parent/child indexes) and its problems.
#[derive(Debug, Default)]
pub struct ParsedFile {
    pub provisions: Vec<Provision>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A list item's number as written in the source.
static ITEM_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?P<n>\d{1,3})[.)]").expect("static regex"));
/// `<!-- page 27 -->`
static PAGE_MARK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*<!--\s*page\s+(?P<n>\d{1,3})\s*-->\s*$").expect("static regex")
});
/// `<!-- lovbok: directive args -->`
static DIRECTIVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*<!--\s*lovbok:\s*(?P<d>[a-z-]+)\s*(?P<arg>.*?)\s*-->\s*$")
        .expect("static regex")
});

/// The marker editors put where the source lost text.
pub const GAP: &str = "[…]";

/// Numbering levels below a root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Section = 1,
    Item = 2,
    Sub = 3,
    Roman = 4,
}

/// One label at the start of a text block.
#[derive(Clone, Debug)]
enum Label {
    Item(u16),
    Letter(char),
    Roman(u16),
}

impl Label {
    fn level(&self) -> Level {
        match self {
            Label::Item(_) => Level::Item,
            Label::Letter(_) => Level::Sub,
            Label::Roman(_) => Level::Roman,
        }
    }
}

/// Parses one corpus file. Never panics; every problem is a diagnostic.
pub fn parse_file(src: &SourceFile) -> ParsedFile {
    let mut b = Builder::new(&src.path, &src.text);
    b.run();
    b.finish()
}

struct Leaf {
    text: String,
    start: usize,
    refs: Vec<(String, usize)>,
    item: Option<u16>,
}

struct Builder<'a> {
    file: &'a str,
    text: &'a str,
    line_starts: Vec<usize>,
    out: ParsedFile,
    meta: Option<Meta>,
    root: Option<usize>,
    stack: Vec<(Level, usize)>,
    page: Option<u16>,
    numbering_gap: bool,
    /// Cite texts declared external, waiting for the next text block.
    externals: Vec<String>,
    /// Pending list item numbers: the innermost list item whose first
    /// text block has not been seen yet.
    pending_item: Option<u16>,
    ordered: Vec<bool>,
    leaf: Option<Leaf>,
    heading: Option<(HeadingLevel, usize)>,
    footnote_def: Option<String>,
    footnote_texts: HashMap<String, String>,
    /// (label, provision, block, offset, line) for every footnote reference.
    footnote_refs: Vec<(String, usize, Option<usize>, usize, usize)>,
    table: Option<(Vec<Vec<String>>, usize)>,
    saw_heading: bool,
}

impl<'a> Builder<'a> {
    fn new(file: &'a str, text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Builder {
            file,
            text,
            line_starts,
            out: ParsedFile::default(),
            meta: None,
            root: None,
            stack: Vec::new(),
            page: None,
            numbering_gap: false,
            externals: Vec::new(),
            pending_item: None,
            ordered: Vec::new(),
            leaf: None,
            heading: None,
            footnote_def: None,
            footnote_texts: HashMap::new(),
            footnote_refs: Vec::new(),
            table: None,
            saw_heading: false,
        }
    }

    fn line(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset).max(1)
    }

    fn diag(&mut self, offset: usize, severity: Severity, message: impl Into<String>) {
        let line = self.line(offset);
        self.out.diagnostics.push(Diagnostic {
            file: self.file.to_string(),
            line,
            severity,
            message: message.into(),
        });
    }

    fn error(&mut self, offset: usize, message: impl Into<String>) {
        self.diag(offset, Severity::Error, message);
    }

    fn run(&mut self) {
        if self.text.trim().is_empty() {
            self.error(0, "empty file: expected front matter and a `#` heading");
            return;
        }
        if !self.text.starts_with("---") {
            self.error(
                0,
                "missing front matter: the file must start with a `---` block",
            );
        }
        let opts = Options::ENABLE_FOOTNOTES
            | Options::ENABLE_TABLES
            | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
        let events: Vec<(Event<'_>, std::ops::Range<usize>)> = Parser::new_ext(self.text, opts)
            .into_offset_iter()
            .collect();
        let mut in_meta = false;
        for (event, range) in events {
            match event {
                Event::Start(Tag::MetadataBlock(MetadataBlockKind::YamlStyle)) => in_meta = true,
                Event::End(TagEnd::MetadataBlock(_)) => in_meta = false,
                Event::Text(t) if in_meta => self.parse_meta(&t, range.start),
                Event::Start(Tag::Table(_))
                | Event::Start(Tag::TableHead)
                | Event::Start(Tag::TableRow)
                | Event::Start(Tag::TableCell)
                | Event::End(TagEnd::TableCell)
                | Event::End(TagEnd::Table) => self.on_table_event(&event, range.start),
                Event::Html(html) | Event::InlineHtml(html) => self.on_html(&html, range.start),
                Event::Text(t) | Event::Code(t) => self.push_text(&t, range.start),
                Event::SoftBreak => self.push_text(" ", range.start),
                Event::HardBreak => self.push_text("\n", range.start),
                Event::FootnoteReference(label) => {
                    if let Some(leaf) = &mut self.leaf {
                        leaf.refs.push((label.to_string(), leaf.text.len()));
                    }
                }
                Event::Start(Tag::CodeBlock(_)) => {
                    self.error(
                        range.start,
                        "code block in corpus text (indented four spaces or more?)",
                    );
                }
                event => self.on_block_event(event, range),
            }
        }
        self.flush_leaf();
    }

    /// The events that start and end a text block: headings, paragraphs,
    /// lists and their items, footnote definitions. Each flushes the block
    /// before it.
    fn on_block_event(&mut self, event: Event<'_>, range: std::ops::Range<usize>) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                self.flush_leaf();
                self.heading = Some((level, range.start));
                self.leaf = Some(Leaf {
                    text: String::new(),
                    start: range.start,
                    refs: Vec::new(),
                    item: None,
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                let leaf = self.leaf.take();
                if let (Some((level, start)), Some(leaf)) = (self.heading.take(), leaf) {
                    self.on_heading(level, start, leaf);
                }
            }
            Event::Start(Tag::Paragraph) => {
                self.flush_leaf();
                self.start_leaf(range.start);
            }
            Event::End(TagEnd::Paragraph) => self.flush_leaf(),
            Event::Start(Tag::List(first)) => {
                self.flush_leaf();
                self.ordered.push(first.is_some());
            }
            Event::End(TagEnd::List(_)) => {
                self.flush_leaf();
                self.ordered.pop();
            }
            Event::Start(Tag::Item) => {
                self.flush_leaf();
                let ordered = self.ordered.last().copied().unwrap_or(false);
                self.pending_item = if ordered {
                    let raw = self.text.get(range).unwrap_or("");
                    ITEM_NUMBER.captures(raw).and_then(|c| c["n"].parse().ok())
                } else {
                    None
                };
            }
            Event::End(TagEnd::Item) => self.flush_leaf(),
            Event::Start(Tag::FootnoteDefinition(label)) => {
                self.flush_leaf();
                self.footnote_def = Some(label.to_string());
            }
            Event::End(TagEnd::FootnoteDefinition) => {
                self.flush_leaf();
                self.footnote_def = None;
            }
            _ => {}
        }
    }

    /// A table's events: its rows and cells are collected, and the whole
    /// table is attached when it ends.
    fn on_table_event(&mut self, event: &Event<'_>, start: usize) {
        match event {
            Event::Start(Tag::Table(_)) => {
                self.flush_leaf();
                self.table = Some((Vec::new(), start));
            }
            Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                if let Some((rows, _)) = &mut self.table {
                    rows.push(Vec::new());
                }
            }
            Event::Start(Tag::TableCell) => self.start_leaf(start),
            Event::End(TagEnd::TableCell) => {
                let cell = self.leaf.take().map(|l| clean(&l.text)).unwrap_or_default();
                if let Some((rows, _)) = &mut self.table {
                    if let Some(row) = rows.last_mut() {
                        row.push(cell);
                    }
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some((rows, start)) = self.table.take() {
                    self.attach_table(rows, start);
                }
            }
            _ => {}
        }
    }

    fn start_leaf(&mut self, start: usize) {
        let item = self.pending_item.take();
        self.leaf = Some(Leaf {
            text: String::new(),
            start,
            refs: Vec::new(),
            item,
        });
    }

    fn push_text(&mut self, t: &str, offset: usize) {
        if self.leaf.is_none() {
            // Text straight inside a tight list item has no paragraph event.
            self.start_leaf(offset);
        }
        if let Some(leaf) = &mut self.leaf {
            leaf.text.push_str(t);
        }
    }

    fn on_html(&mut self, html: &str, offset: usize) {
        let trimmed = html.trim();
        if trimmed.is_empty() {
            return;
        }
        if let Some(c) = PAGE_MARK.captures(trimmed) {
            match c["n"].parse() {
                Ok(n) => self.page = Some(n),
                Err(_) => self.error(offset, "bad page number in page marker"),
            }
            return;
        }
        if let Some(c) = DIRECTIVE.captures(trimmed) {
            match &c["d"] {
                "numbering-gap" => self.numbering_gap = true,
                "external" => {
                    let arg = c["arg"].trim().to_string();
                    if arg.is_empty() {
                        self.error(offset, "`lovbok: external` needs the cite text it declares");
                    } else {
                        self.externals.push(arg);
                    }
                }
                other => {
                    let msg = format!("unknown directive `lovbok: {other}`");
                    self.error(offset, msg);
                }
            }
            return;
        }
        if trimmed.starts_with("<!--") {
            return; // an editor's comment
        }
        self.diag(
            offset,
            Severity::Warning,
            "raw HTML in corpus text is kept as text",
        );
        self.push_text(html, offset);
    }

    fn parse_meta(&mut self, yaml: &str, offset: usize) {
        let (meta, problems) = front_matter::read(yaml, self.line(offset), self.file);
        for p in problems {
            self.out.diagnostics.push(Diagnostic {
                file: self.file.to_string(),
                line: p.line,
                severity: p.severity,
                message: p.message,
            });
        }
        if let Some(meta) = meta {
            self.page = meta.pages.first().copied();
            self.meta = Some(meta);
        }
    }

    /// Adds a provision below `parent` and returns its index.
    fn push(
        &mut self,
        id: ProvisionId,
        kind: Kind,
        label: String,
        title: Option<String>,
        parent: usize,
        start: usize,
    ) -> usize {
        let line = self.line(start);
        let (book, in_corpus, chapter, laws_edition) = {
            let r = &self.out.provisions[parent];
            (r.book, r.in_corpus, r.chapter.clone(), r.laws_edition)
        };
        let p = Provision {
            id,
            book,
            kind,
            label,
            title,
            blocks: Vec::new(),
            footnotes: Vec::new(),
            revisions: Vec::new(),
            externals: Vec::new(),
            gaps: 0,
            page: self.page,
            source_pages: self.page.into_iter().collect(),
            in_corpus,
            extends: None,
            chapter,
            laws_edition,
            origin: Origin {
                file: self.file.to_string(),
                line,
            },
            parent: Some(parent),
            children: Vec::new(),
        };
        self.out.provisions.push(p);
        let idx = self.out.provisions.len() - 1;
        self.out.provisions[parent].children.push(idx);
        self.numbering_gap = false;
        idx
    }

    /// Places the text block just read: a footnote's text, nothing (a
    /// heading's or a table cell's text is theirs), a sense of a front-matter
    /// or definitions page, or the provisions its labels open with its text.
    fn flush_leaf(&mut self) {
        let Some(leaf) = self.leaf.take() else { return };
        if let Some(label) = self.footnote_def.clone() {
            self.add_footnote_text(label, &leaf.text);
            return;
        }
        if self.heading.is_some() || self.table.is_some() {
            return;
        }
        if leaf.text.trim().is_empty() && leaf.item.is_none() {
            return;
        }
        let Some(root) = self.root else {
            self.error(leaf.start, "text before the file's `#` heading");
            return;
        };
        let kind = self.out.provisions[root].kind;
        if !self.out.provisions[root].in_corpus {
            self.error(
                leaf.start,
                "a file with `text: absent` must hold only its heading",
            );
            return;
        }
        if matches!(kind, Kind::Front | Kind::Definitions) {
            self.attach_sense(root, leaf);
        } else {
            self.attach_labelled(root, leaf);
        }
    }

    /// A paragraph of the footnote being defined (`[^1]: …`).
    fn add_footnote_text(&mut self, label: String, text: &str) {
        let t = clean(text);
        let entry = self.footnote_texts.entry(label).or_default();
        if !entry.is_empty() {
            entry.push_str("\n\n");
        }
        entry.push_str(&t);
    }

    /// Front matter and definitions: numbered lists are senses, not
    /// provisions, so a list item keeps its number in the text.
    fn attach_sense(&mut self, root: usize, leaf: Leaf) {
        let mut text = leaf.text;
        let mut shift = 0;
        if let Some(n) = leaf.item {
            let prefix = format!("{n}. ");
            shift = prefix.len();
            text.insert_str(0, &prefix);
        }
        let target = self.stack.last().map(|s| s.1).unwrap_or(root);
        let refs = leaf
            .refs
            .iter()
            .map(|(l, o)| (l.clone(), o + shift))
            .collect();
        self.attach_text(target, text, refs, leaf.start);
    }

    fn attach_text(
        &mut self,
        target: usize,
        raw: String,
        refs: Vec<(String, usize)>,
        start: usize,
    ) {
        let (text, revisions) = take_revisions(&raw);
        let cleaned = clean(&text);
        let externals = std::mem::take(&mut self.externals);
        let p = &mut self.out.provisions[target];
        p.externals.extend(externals);
        p.revisions.extend(revisions);
        p.gaps += cleaned.matches(GAP).count();
        let block = p.blocks.len();
        let line = self.line(start);
        for (label, off) in refs {
            // A marker's place in the cleaned text is the length of the
            // cleaned text before it: revision marks removed, spaces folded.
            let before = raw.get(..off).unwrap_or(&raw);
            let off = clean(&take_revisions(before).0).len().min(cleaned.len());
            let off = floor_char_boundary(&cleaned, off);
            self.footnote_refs
                .push((label, target, Some(block), off, line));
        }
        self.out.provisions[target]
            .blocks
            .push(Block::Paragraph { text: cleaned });
    }

    fn attach_table(&mut self, rows: Vec<Vec<String>>, start: usize) {
        let Some(root) = self.root else {
            self.error(start, "table before the file's `#` heading");
            return;
        };
        let target = self.stack.last().map(|s| s.1).unwrap_or(root);
        let gaps: usize = rows.iter().flatten().map(|c| c.matches(GAP).count()).sum();
        let p = &mut self.out.provisions[target];
        p.gaps += gaps;
        p.blocks.push(Block::Table { rows });
    }

    fn finish(mut self) -> ParsedFile {
        if self.root.is_none() && !self.text.trim().is_empty() {
            let has_error = self
                .out
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error);
            if !has_error {
                self.error(0, "file has no `#` heading");
            }
        }
        if let Some(root) = self.root {
            let p = &self.out.provisions[root];
            if p.kind == Kind::Definitions && p.children.is_empty() {
                let o = p.origin.line;
                self.out.diagnostics.push(Diagnostic {
                    file: self.file.to_string(),
                    line: o,
                    severity: Severity::Error,
                    message: "definitions file without any `## Term`".into(),
                });
            }
        }
        let mut used = std::collections::HashSet::new();
        for (label, target, block, offset, line) in std::mem::take(&mut self.footnote_refs) {
            used.insert(label.clone());
            match self.footnote_texts.get(&label) {
                Some(text) => self.out.provisions[target].footnotes.push(Footnote {
                    label,
                    text: text.clone(),
                    block,
                    offset,
                }),
                None => {
                    let line = if line == 0 {
                        self.out.provisions[target].origin.line
                    } else {
                        line
                    };
                    self.out.diagnostics.push(Diagnostic {
                        file: self.file.to_string(),
                        line,
                        severity: Severity::Error,
                        message: format!("footnote [^{label}] has no definition"),
                    });
                }
            }
        }
        let mut unused: Vec<_> = self
            .footnote_texts
            .keys()
            .filter(|l| !used.contains(*l))
            .cloned()
            .collect();
        unused.sort();
        for label in unused {
            self.out.diagnostics.push(Diagnostic {
                file: self.file.to_string(),
                line: 1,
                severity: Severity::Error,
                message: format!("footnote [^{label}] is defined but never referenced"),
            });
        }
        self.out
    }
}

#[cfg(test)]
mod tests;

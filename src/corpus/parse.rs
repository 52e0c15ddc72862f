/*!
One markdown file → its provisions, plus diagnostics.

The parser walks pulldown-cmark's event stream and recognises provisions from
the book's own labels (`A.`, `1.`, `a)`, `(ii)`, `a.`, `i.`), never from
indentation: the transcripts' layout is the editors', the numbering is the
book's. Every problem becomes a [`Diagnostic`] naming file and line; the
parser itself never fails, so one broken file cannot hide the others' errors.
The format is specified in `docs/corpus-format.md`.
*/

use std::collections::HashMap;
use std::sync::LazyLock;

use pulldown_cmark::{Event, HeadingLevel, MetadataBlockKind, Options, Parser, Tag, TagEnd};
use regex::Regex;

use super::front_matter::{self, Meta};
use super::id::{from_roman, BookId, Path, ProvisionId, Root};
use super::load::SourceFile;
use super::{Block, Diagnostic, Footnote, Kind, Origin, Provision, Severity, TextStatus};
use text::{clean, floor_char_boundary, take_revisions};

mod text;

/// A file's provisions (file-local parent/child indexes) and its problems.
#[derive(Debug, Default)]
pub struct ParsedFile {
    pub provisions: Vec<Provision>,
    pub diagnostics: Vec<Diagnostic>,
}

/// A `#` heading of a law or section: `12. Title`, `X16. Title`.
static ROOT_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<x>X)?(?P<n>\d{1,3})\.\s*(?P<title>.*)$").expect("static regex")
});
/// A `##` lettered-section heading: `C. Title` or `C.`.
static SECTION_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[A-Z])\.(?:\s+(?P<title>.*))?$").expect("static regex"));
/// Laws' sub-item labels: `a)` and `(ii)`.
static LAW_LETTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[a-z])\)(?:\s+|$)").expect("static regex"));
static LAW_ROMAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\((?P<r>[ivx]+)\)(?:\s+|$)").expect("static regex"));
/// Handbook sub-item labels: `a.` and `iii.`.
static HB_LETTER_OR_ROMAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[a-z]|[ivx]+)\.(?:\s+|$)").expect("static regex"));
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
                        let raw = self.text.get(range.clone()).unwrap_or("");
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
                Event::Start(Tag::Table(_)) => {
                    self.flush_leaf();
                    self.table = Some((Vec::new(), range.start));
                }
                Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                    if let Some((rows, _)) = &mut self.table {
                        rows.push(Vec::new());
                    }
                }
                Event::Start(Tag::TableCell) => self.start_leaf(range.start),
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
                _ => {}
            }
        }
        self.flush_leaf();
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

    fn on_heading(&mut self, level: HeadingLevel, start: usize, leaf: Leaf) {
        let Some(meta) = self.meta.clone() else {
            if !self.saw_heading {
                self.error(start, "heading before valid front matter");
            }
            self.saw_heading = true;
            return;
        };
        self.saw_heading = true;
        let (raw_title, revisions) = take_revisions(&leaf.text);
        let raw_title = clean(&raw_title);
        match level {
            HeadingLevel::H1 => self.on_root_heading(&meta, start, raw_title, revisions, leaf.refs),
            HeadingLevel::H2 => {
                let Some(root) = self.root else {
                    self.error(start, "`##` heading before the file's `#` heading");
                    return;
                };
                if meta.kind == Kind::Definitions {
                    if raw_title.is_empty() {
                        self.error(start, "definition without a term");
                        return;
                    }
                    let id = ProvisionId::Definition(raw_title.clone());
                    let idx = self.push(
                        id,
                        Kind::Definition,
                        String::new(),
                        Some(raw_title),
                        root,
                        start,
                    );
                    self.stack = vec![(Level::Section, idx)];
                    self.add_title_refs(idx, &leaf.refs);
                    return;
                }
                if meta.kind == Kind::Front {
                    self.error(start, "front matter text cannot have `##` sections");
                    return;
                }
                let Some(c) = SECTION_HEADING.captures(&raw_title) else {
                    self.error(
                        start,
                        format!("`##` heading {raw_title:?} has no section letter (expected `## C. Title`)"),
                    );
                    return;
                };
                let letter = c["l"].chars().next().unwrap_or('A');
                let title = c
                    .name("title")
                    .map(|m| m.as_str().trim().to_string())
                    .filter(|t| !t.is_empty());
                self.stack.clear();
                let parent_path = Path::default();
                self.check_sequence(root, Level::Section, &Label::Letter(letter), start);
                let id = ProvisionId::Numbered {
                    root: self.root_id(root),
                    path: Path {
                        section: Some(letter),
                        ..parent_path
                    },
                };
                let idx = self.push(
                    id,
                    Kind::Subsection,
                    format!("{letter}."),
                    title,
                    root,
                    start,
                );
                self.out.provisions[idx].revisions = revisions;
                self.add_title_refs(idx, &leaf.refs);
                self.stack.push((Level::Section, idx));
            }
            _ => self.error(
                start,
                "only `#` and `##` headings are allowed in corpus files",
            ),
        }
    }

    fn root_id(&self, root: usize) -> Root {
        self.out.provisions[root]
            .id
            .numbered_root()
            .unwrap_or(Root::Law(1))
    }

    fn on_root_heading(
        &mut self,
        meta: &Meta,
        start: usize,
        title: String,
        revisions: Vec<u16>,
        refs: Vec<(String, usize)>,
    ) {
        if self.root.is_some() {
            self.error(
                start,
                "a file holds one `#` heading (one law or section per file)",
            );
            return;
        }
        let stem = self
            .file
            .rsplit('/')
            .next()
            .unwrap_or(self.file)
            .trim_end_matches(".md")
            .to_string();
        let (id, title) = match meta.kind {
            Kind::Front | Kind::Definitions => {
                if title.is_empty() {
                    self.error(start, "heading without a title");
                }
                (
                    ProvisionId::Front {
                        book: meta.book,
                        slug: stem,
                    },
                    title,
                )
            }
            Kind::Law | Kind::Extension | Kind::Section => {
                let Some(c) = ROOT_HEADING.captures(&title) else {
                    self.error(
                        start,
                        format!("heading {title:?} has no number (expected `# 12. Title` or `# X16. Title`)"),
                    );
                    return;
                };
                let n: u16 = c["n"].parse().unwrap_or(0);
                let is_x = c.name("x").is_some();
                let root = match (meta.kind, is_x) {
                    (Kind::Law, false) if (1..=93).contains(&n) && meta.book == BookId::Laws => {
                        Root::Law(n)
                    }
                    (Kind::Extension, true)
                        if (1..=93).contains(&n) && meta.book == BookId::Handbook =>
                    {
                        Root::Extension(n)
                    }
                    (Kind::Section, false)
                        if (201..=299).contains(&n) && meta.book == BookId::Handbook =>
                    {
                        Root::Section(n)
                    }
                    _ => {
                        self.error(
                            start,
                            format!(
                                "heading number {} does not fit kind {} in book {}",
                                &c[0].split('.').next().unwrap_or(""),
                                meta.kind.as_str(),
                                meta.book
                            ),
                        );
                        return;
                    }
                };
                if let (Root::Extension(n), Some(e)) = (root, meta.extends) {
                    if n != e {
                        self.error(start, format!("X{n} says it extends law {e}"));
                    }
                }
                let t = c["title"].trim().to_string();
                if t.is_empty() {
                    self.error(start, format!("{} has no title", root));
                }
                (ProvisionId::root(root), t)
            }
            _ => return,
        };
        let line = self.line(start);
        let p = Provision {
            id,
            book: meta.book,
            kind: meta.kind,
            label: String::new(),
            title: (!title.is_empty()).then_some(title),
            blocks: Vec::new(),
            footnotes: Vec::new(),
            revisions,
            externals: Vec::new(),
            gaps: 0,
            page: self.page,
            source_pages: meta.pages.clone(),
            in_corpus: meta.text != TextStatus::Absent,
            extends: if meta.kind == Kind::Extension {
                meta.extends
            } else {
                None
            },
            chapter: meta.chapter.clone(),
            laws_edition: meta.laws_edition,
            origin: Origin {
                file: self.file.to_string(),
                line,
            },
            parent: None,
            children: Vec::new(),
        };
        if meta.kind == Kind::Extension && meta.extends.is_none() {
            self.error(start, "an extension needs `extends:` in its front matter");
        }
        self.out.provisions.push(p);
        let idx = self.out.provisions.len() - 1;
        self.root = Some(idx);
        self.add_title_refs(idx, &refs);
    }

    fn add_title_refs(&mut self, idx: usize, refs: &[(String, usize)]) {
        let line = 0;
        for (label, off) in refs {
            self.footnote_refs
                .push((label.clone(), idx, None, *off, line));
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

    fn flush_leaf(&mut self) {
        let Some(leaf) = self.leaf.take() else { return };
        if let Some(label) = self.footnote_def.clone() {
            let t = clean(&leaf.text);
            let entry = self.footnote_texts.entry(label).or_default();
            if !entry.is_empty() {
                entry.push_str("\n\n");
            }
            entry.push_str(&t);
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
        // Front matter and definitions: numbered lists are senses, not provisions.
        if matches!(kind, Kind::Front | Kind::Definitions) {
            let mut text = leaf.text.clone();
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
            return;
        }
        let is_laws = self.out.provisions[root].book == BookId::Laws;
        let mut rest: &str = &leaf.text;
        let mut consumed = 0;
        let mut labels: Vec<(Label, String)> = Vec::new();
        if let Some(n) = leaf.item {
            labels.push((Label::Item(n), format!("{n}.")));
        }
        loop {
            let trimmed_start = rest.len() - rest.trim_start().len();
            let r = &rest[trimmed_start..];
            let found = if is_laws {
                if let Some(c) = LAW_ROMAN.captures(r) {
                    from_roman(&c["r"])
                        .map(|n| (Label::Roman(n), c[0].len(), format!("({})", &c["r"])))
                } else {
                    LAW_LETTER.captures(r).and_then(|c| {
                        c["l"]
                            .chars()
                            .next()
                            .map(|l| (Label::Letter(l), c[0].len(), format!("{l})")))
                    })
                }
            } else {
                HB_LETTER_OR_ROMAN.captures(r).and_then(|c| {
                    let s = &c["l"];
                    let label = self.classify_hb_label(s, &labels)?;
                    Some((label, c[0].len(), format!("{s}.")))
                })
            };
            match found {
                Some((label, len, printed)) => {
                    labels.push((label, printed));
                    consumed += trimmed_start + len;
                    rest = &leaf.text[consumed..];
                }
                None => break,
            }
        }
        let mut target = self.stack.last().map(|s| s.1).unwrap_or(root);
        for (label, printed) in labels {
            match self.open(root, &label, printed, leaf.start) {
                Some(idx) => target = idx,
                None => break,
            }
        }
        let text = leaf.text[consumed..].to_string();
        let refs = leaf
            .refs
            .iter()
            .map(|(l, o)| (l.clone(), o.saturating_sub(consumed)))
            .collect();
        if !text.trim().is_empty() {
            self.attach_text(target, text, refs, leaf.start);
        }
    }

    /// Decides whether a handbook `i.`/`v.`/`x.` is a letter or a roman numeral.
    fn classify_hb_label(&self, s: &str, earlier: &[(Label, String)]) -> Option<Label> {
        let roman = from_roman(s);
        if s.len() > 1 {
            return roman.map(Label::Roman);
        }
        let c = s.chars().next()?;
        if roman.is_none() {
            return Some(Label::Letter(c));
        }
        // A single i, v or x: a letter only when it continues a letter run.
        let before = (c as u8 - 1) as char;
        let prev_letter = if earlier.iter().any(|(l, _)| matches!(l, Label::Item(_))) {
            None
        } else {
            self.stack
                .iter()
                .rev()
                .find(|(lvl, _)| *lvl == Level::Sub)
                .and_then(|(_, idx)| self.out.provisions[*idx].id.clone().into_sub())
        };
        if prev_letter == Some(before) {
            Some(Label::Letter(c))
        } else {
            roman.map(Label::Roman)
        }
    }

    /// Opens a provision for `label` below the right open parent.
    fn open(&mut self, root: usize, label: &Label, printed: String, start: usize) -> Option<usize> {
        let level = label.level();
        while self.stack.last().is_some_and(|(l, _)| *l >= level) {
            self.stack.pop();
        }
        let parent = self.stack.last().map(|s| s.1).unwrap_or(root);
        let parent_id = self.out.provisions[parent].id.clone();
        let ProvisionId::Numbered { root: r, path } = parent_id else {
            return None;
        };
        let mut path = path;
        let kind = match label {
            Label::Item(n) => {
                if path.section.is_none() {
                    self.error(
                        start,
                        format!("numbered item {n}. outside a lettered section: its cite would be ambiguous"),
                    );
                    return None;
                }
                path.item = Some(*n);
                Kind::Item
            }
            Label::Letter(c) => {
                path.sub = Some(*c);
                Kind::SubItem
            }
            Label::Roman(n) => {
                path.roman = Some(*n);
                Kind::SubSubItem
            }
        };
        self.check_sequence(parent, level, label, start);
        let id = ProvisionId::Numbered { root: r, path };
        let idx = self.push(id, kind, printed, None, parent, start);
        self.stack.push((level, idx));
        Some(idx)
    }

    /// Reports numbering that skips or repeats among siblings.
    fn check_sequence(&mut self, parent: usize, level: Level, label: &Label, start: usize) {
        let prev = self.out.provisions[parent]
            .children
            .iter()
            .rev()
            .map(|&c| &self.out.provisions[c])
            .find(|p| level_of(p.kind) == Some(level))
            .map(|p| ordinal_of(&p.id, level));
        let this = match label {
            Label::Item(n) | Label::Roman(n) => *n as u32,
            Label::Letter(c) if level == Level::Section => (*c as u32) - ('A' as u32) + 1,
            Label::Letter(c) => (*c as u32).saturating_sub('a' as u32) + 1,
        };
        let expected = prev.flatten().map_or(1, |p| p + 1);
        if this != expected && !self.numbering_gap {
            let what = match prev.flatten() {
                Some(p) if p >= this => "repeats or goes backwards",
                Some(_) => "skips",
                None => "does not start at the first number",
            };
            let msg = format!(
                "numbering {what}: expected {} but found {} (declare `<!-- lovbok: numbering-gap -->` if the source lost it)",
                render_ordinal(expected, level),
                render_ordinal(this, level)
            );
            self.error(start, msg);
        }
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

impl ProvisionId {
    fn into_sub(self) -> Option<char> {
        match self {
            ProvisionId::Numbered { path, .. } => path.sub,
            _ => None,
        }
    }
}

fn level_of(kind: Kind) -> Option<Level> {
    match kind {
        Kind::Subsection => Some(Level::Section),
        Kind::Item => Some(Level::Item),
        Kind::SubItem => Some(Level::Sub),
        Kind::SubSubItem => Some(Level::Roman),
        _ => None,
    }
}

fn ordinal_of(id: &ProvisionId, level: Level) -> Option<u32> {
    let ProvisionId::Numbered { path, .. } = id else {
        return None;
    };
    match level {
        Level::Section => path.section.map(|c| c as u32 - 'A' as u32 + 1),
        Level::Item => path.item.map(u32::from),
        Level::Sub => path.sub.map(|c| c as u32 - 'a' as u32 + 1),
        Level::Roman => path.roman.map(u32::from),
    }
}

fn render_ordinal(n: u32, level: Level) -> String {
    match level {
        Level::Section => char::from_u32('A' as u32 + n.saturating_sub(1))
            .map_or(n.to_string(), |c| c.to_string()),
        Level::Sub => char::from_u32('a' as u32 + n.saturating_sub(1))
            .map_or(n.to_string(), |c| c.to_string()),
        Level::Roman => super::id::to_roman(n as u16),
        Level::Item => n.to_string(),
    }
}

#[cfg(test)]
mod tests;

//! A file's headings: its one `#` heading, which makes the root provision
//! (a law, an extension, a section, or a front-matter or definitions page)
//! from the heading and the front matter, and its `##` headings, each a
//! lettered section or, in the definitions, a defined term.

use std::sync::LazyLock;

use pulldown_cmark::HeadingLevel;
use regex::Regex;

use super::text::{clean, take_revisions};
use super::{Builder, Label, Leaf, Level};
use crate::corpus::front_matter::Meta;
use crate::corpus::id::{BookId, Path, ProvisionId, Root};
use crate::corpus::{Kind, Origin, Provision, TextStatus};

/// A `#` heading of a law or section: `12. Title`, `X16. Title`.
static ROOT_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<x>X)?(?P<n>\d{1,3})\.\s*(?P<title>.*)$").expect("static regex")
});
/// A `##` lettered-section heading: `C. Title` or `C.`.
static SECTION_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[A-Z])\.(?:\s+(?P<title>.*))?$").expect("static regex"));

impl Builder<'_> {
    pub(super) fn on_heading(&mut self, level: HeadingLevel, start: usize, leaf: Leaf) {
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
                match meta.kind {
                    Kind::Definitions => self.on_term(root, start, raw_title, &leaf.refs),
                    Kind::Front => {
                        self.error(start, "front matter text cannot have `##` sections");
                    }
                    _ => self.on_section_heading(root, start, &raw_title, revisions, &leaf.refs),
                }
            }
            _ => self.error(
                start,
                "only `#` and `##` headings are allowed in corpus files",
            ),
        }
    }

    /// A definitions file's `## Term`: one definition below the root.
    fn on_term(&mut self, root: usize, start: usize, term: String, refs: &[(String, usize)]) {
        if term.is_empty() {
            self.error(start, "definition without a term");
            return;
        }
        let id = ProvisionId::Definition(term.clone());
        let idx = self.push(id, Kind::Definition, String::new(), Some(term), root, start);
        self.stack = vec![(Level::Section, idx)];
        self.add_title_refs(idx, refs);
    }

    /// `## C. Title`: the lettered section C of the root, in sequence.
    fn on_section_heading(
        &mut self,
        root: usize,
        start: usize,
        raw_title: &str,
        revisions: Vec<u16>,
        refs: &[(String, usize)],
    ) {
        let Some(c) = SECTION_HEADING.captures(raw_title) else {
            self.error(
                start,
                format!(
                    "`##` heading {raw_title:?} has no section letter (expected `## C. Title`)"
                ),
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
        self.add_title_refs(idx, refs);
        self.stack.push((Level::Section, idx));
    }

    fn root_id(&self, root: usize) -> Root {
        self.out.provisions[root]
            .id
            .numbered_root()
            .unwrap_or(Root::Law(1))
    }

    /// The file's `#` heading: its root provision, once per file.
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
        let Some((id, title)) = self.root_of(meta, start, title) else {
            return;
        };
        let p = self.root_provision(meta, id, title, revisions, start);
        if meta.kind == Kind::Extension && meta.extends.is_none() {
            self.error(start, "an extension needs `extends:` in its front matter");
        }
        self.out.provisions.push(p);
        let idx = self.out.provisions.len() - 1;
        self.root = Some(idx);
        self.add_title_refs(idx, &refs);
    }

    /// The root's id and title from the heading: a page of front matter or
    /// definitions is named by its file, a law, extension or section by
    /// the number its heading gives. None (with the error) when the
    /// heading cannot be a root of this kind and book.
    fn root_of(
        &mut self,
        meta: &Meta,
        start: usize,
        title: String,
    ) -> Option<(ProvisionId, String)> {
        match meta.kind {
            Kind::Front | Kind::Definitions => {
                let stem = self
                    .file
                    .rsplit('/')
                    .next()
                    .unwrap_or(self.file)
                    .trim_end_matches(".md")
                    .to_string();
                if title.is_empty() {
                    self.error(start, "heading without a title");
                }
                let id = ProvisionId::Front {
                    book: meta.book,
                    slug: stem,
                };
                Some((id, title))
            }
            Kind::Law | Kind::Extension | Kind::Section => self.numbered_root(meta, start, &title),
            _ => None,
        }
    }

    /// `# 12. Title`, `# X16. Title`, `# 212. Title`: the root its number
    /// and the front matter's kind and book make, and its title.
    fn numbered_root(
        &mut self,
        meta: &Meta,
        start: usize,
        title: &str,
    ) -> Option<(ProvisionId, String)> {
        let Some(c) = ROOT_HEADING.captures(title) else {
            self.error(
                start,
                format!(
                    "heading {title:?} has no number (expected `# 12. Title` or `# X16. Title`)"
                ),
            );
            return None;
        };
        let n: u16 = c["n"].parse().unwrap_or(0);
        let Some(root) = root_for(meta, n, c.name("x").is_some()) else {
            self.error(
                start,
                format!(
                    "heading number {} does not fit kind {} in book {}",
                    &c[0].split('.').next().unwrap_or(""),
                    meta.kind.as_str(),
                    meta.book
                ),
            );
            return None;
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
        Some((ProvisionId::root(root), t))
    }

    /// The root provision, with what the front matter says of the file.
    fn root_provision(
        &self,
        meta: &Meta,
        id: ProvisionId,
        title: String,
        revisions: Vec<u16>,
        start: usize,
    ) -> Provision {
        Provision {
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
                line: self.line(start),
            },
            parent: None,
            children: Vec::new(),
        }
    }

    fn add_title_refs(&mut self, idx: usize, refs: &[(String, usize)]) {
        let line = 0;
        for (label, off) in refs {
            self.footnote_refs
                .push((label.clone(), idx, None, *off, line));
        }
    }
}

/// The root a heading's number is in its file's kind and book: laws 1–93
/// in the Laws, extensions X1–X93 and sections 201–299 in the handbook.
fn root_for(meta: &Meta, n: u16, is_x: bool) -> Option<Root> {
    match (meta.kind, is_x) {
        (Kind::Law, false) if (1..=93).contains(&n) && meta.book == BookId::Laws => {
            Some(Root::Law(n))
        }
        (Kind::Extension, true) if (1..=93).contains(&n) && meta.book == BookId::Handbook => {
            Some(Root::Extension(n))
        }
        (Kind::Section, false) if (201..=299).contains(&n) && meta.book == BookId::Handbook => {
            Some(Root::Section(n))
        }
        _ => None,
    }
}

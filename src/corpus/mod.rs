/*!
The two books as a tree of provisions.

Markdown files go in ([`load`] reads them, [`parse`] turns each into
provisions), a [`Corpus`] comes out: every provision of both books in reading
order, addressable by its [`ProvisionId`]. Parsing never fails: every problem
is a [`Diagnostic`] with file and line, so `lovbok check` can list them all
and `serve` can refuse a broken corpus. This module imports nothing else from
the crate; everything above builds on it.
*/

pub mod concordance;
mod front_matter;
pub mod id;
pub mod load;
pub mod paragraphs;
pub mod parallel;
pub mod parse;
pub mod rulings;
pub mod subjects;

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

pub use concordance::{Concordance, Decision, Reading, CURRENT_EDITION};
pub use id::{BookId, ParseIdError, Path, ProvisionId, Root};
pub use load::{
    embedded_sources, fingerprint, read_dir_sources, read_edition_dir, LoadError, SourceFile,
};
pub use paragraphs::Paragraphs;
pub use parallel::{ParallelText, TextLang};
pub use parse::parse_file;
pub use rulings::{Mapped, Ruling, RulingKind, RulingLang, RulingSet, RulingSource, SourceCite};
pub use subjects::{Group, Subject, SubjectIndex, TermLang};

/// What a provision is, from a book down to a roman sub-sub-item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Preface, introduction or foreword.
    Front,
    /// The container of the Laws' definitions.
    Definitions,
    /// One defined term.
    Definition,
    /// A law (1-93).
    Law,
    /// A handbook extension of a law (X6 ... X93).
    Extension,
    /// A numbered handbook section (201 ...).
    Section,
    /// A lettered section (12C, X78B, 212A).
    Subsection,
    /// A numbered item (12C1).
    Item,
    /// A lettered sub-item (12C1e).
    SubItem,
    /// A roman sub-sub-item (12C1e(ii)).
    SubSubItem,
}

impl Kind {
    /// The stable name used in JSON and the CLI.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Front => "front",
            Kind::Definitions => "definitions",
            Kind::Definition => "definition",
            Kind::Law => "law",
            Kind::Extension => "extension",
            Kind::Section => "section",
            Kind::Subsection => "subsection",
            Kind::Item => "item",
            Kind::SubItem => "sub_item",
            Kind::SubSubItem => "sub_sub_item",
        }
    }

    /// True for the top-level provisions a book is made of.
    pub fn is_top(self) -> bool {
        matches!(
            self,
            Kind::Front | Kind::Definitions | Kind::Law | Kind::Extension | Kind::Section
        )
    }
}

/// One block of a provision's own text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Block {
    /// A paragraph of running text (inline markup removed).
    Paragraph { text: String },
    /// A table, row by row, cell by cell (the first row is the header row).
    Table { rows: Vec<Vec<String>> },
}

impl Block {
    /// The block as plain text: a table becomes one line per row.
    pub fn plain(&self) -> String {
        match self {
            Block::Paragraph { text } => text.clone(),
            Block::Table { rows } => rows
                .iter()
                .map(|r| r.join(" | "))
                .filter(|l| !l.trim_matches(|c| c == ' ' || c == '|').is_empty())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

/// A footnote, attached to the provision whose text holds its marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Footnote {
    /// The label used in the markdown (`1`, `3`).
    pub label: String,
    /// The footnote's text.
    pub text: String,
    /// Index of the block that holds the marker; `None` when it is in the title.
    pub block: Option<usize>,
    /// Byte offset of the marker in that block's text.
    pub offset: usize,
}

/// How much of a provision's text the source holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TextStatus {
    Full,
    Partial,
    Absent,
}

/// Where in the markdown a provision starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// File path relative to the corpus root (`laws/lov-12.md`).
    pub file: String,
    /// 1-based line.
    pub line: usize,
}

/// One addressable unit of a book.
#[derive(Clone, Debug, Serialize)]
pub struct Provision {
    pub id: ProvisionId,
    pub book: BookId,
    pub kind: Kind,
    /// The label as printed (`C`, `1`, `e)`, `(ii)`, `a.`, `i.`); empty for roots.
    pub label: String,
    /// Title of a law, section or lettered section, or a definition's term.
    pub title: Option<String>,
    /// The provision's own text, not its children's.
    pub blocks: Vec<Block>,
    pub footnotes: Vec<Footnote>,
    /// Revision years the handbook prints on the provision (`[2009]`).
    pub revisions: Vec<u16>,
    /// Cite texts in this provision that the corpus declares as pointing
    /// outside both books (`<!-- lovbok: external TEXT -->`).
    pub externals: Vec<String>,
    /// Number of `[…]` gaps (text lost in the source) in the own text.
    pub gaps: usize,
    /// Printed page where the provision starts.
    pub page: Option<u16>,
    /// Printed pages of the whole file (for roots) or the start page.
    pub source_pages: Vec<u16>,
    /// Whether the provision's text is in the corpus (false for title-only laws).
    pub in_corpus: bool,
    /// The law a handbook X-section extends.
    pub extends: Option<u16>,
    /// The handbook chapter a section belongs to.
    pub chapter: Option<String>,
    /// The edition of the Laws its citations use, when older than the one
    /// in the corpus (the handbook cites the 2007 Laws).
    pub laws_edition: Option<u16>,
    pub origin: Origin,
    /// Index of the parent in [`Corpus::provisions`].
    pub parent: Option<usize>,
    /// Indexes of the children, in order.
    pub children: Vec<usize>,
}

impl Provision {
    /// The own text as plain text, blocks separated by blank lines.
    pub fn text(&self) -> String {
        self.blocks
            .iter()
            .map(Block::plain)
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// Its heading, own text and footnotes as one string: what two
    /// versions of a provision are compared by (an import against the
    /// hand-made book, two editions against each other).
    pub fn comparable_text(&self) -> String {
        let mut s = self.title.clone().unwrap_or_default();
        s.push(' ');
        s.push_str(&self.text());
        for f in &self.footnotes {
            s.push(' ');
            s.push_str(&f.text);
        }
        s
    }

    /// The language of the provision's text.
    pub fn lang(&self) -> &'static str {
        self.book.lang()
    }
}

/// How bad a diagnostic is: errors fail `lovbok check`, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
}

/// A problem found in a corpus file, reported as `file:line: message`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub severity: Severity,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}:{}: {}: {}", self.file, self.line, sev, self.message)
    }
}

/// Both books as one tree, in reading order.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    provisions: Vec<Provision>,
    by_id: HashMap<ProvisionId, usize>,
    /// Definition terms, lower-cased, for case-insensitive lookup.
    by_term: HashMap<String, usize>,
    /// How the older editions of the Laws that the books cite read today.
    concordances: Vec<Concordance>,
    /// The paragraph ids of the 2017 Laws whose text the source lacks
    /// (`laws/paragraphs-2017.txt`).
    paragraphs: Paragraphs,
    /// lovbok's own subject index (`stikkord/`), checked against the books.
    subjects: SubjectIndex,
    /// Published rulings and commentary (`kjennelser/`), checked against the books.
    rulings: RulingSet,
    /// Further editions or languages of the Laws (`editions/<name>/`).
    parallels: Vec<ParallelText>,
}

/// A parsed corpus and everything wrong with it.
#[derive(Debug)]
pub struct Loaded {
    pub corpus: Corpus,
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

impl Corpus {
    /// Parses every source file and joins the results into one tree.
    ///
    /// Files are ordered by book, then front matter, definitions and numbered
    /// roots, so provision order is reading order whatever order the files
    /// come in. Duplicate cites are reported and the later one dropped.
    /// Files under `editions/` become parallel texts ([`parallel`]), each a
    /// tree of its own beside this one.
    pub fn build(sources: &[SourceFile]) -> Loaded {
        let (edition_files, book_files): (Vec<&SourceFile>, Vec<&SourceFile>) = sources
            .iter()
            .partition(|s| parallel::folder_of(&s.path).is_some());
        let (mut corpus, mut diagnostics) = Corpus::build_tree(&book_files, true);
        let (parallels, problems) = parallel::build_all(&edition_files, &corpus, |files| {
            Corpus::build_tree(files, false)
        });
        corpus.parallels = parallels;
        diagnostics.extend(problems);
        Loaded {
            corpus,
            diagnostics,
        }
    }

    /// The provision tree of `sources` (and, `with_subjects`, the subject
    /// index checked against it).
    fn build_tree(sources: &[&SourceFile], with_subjects: bool) -> (Corpus, Vec<Diagnostic>) {
        let mut diagnostics = Vec::new();
        let mut files = Vec::new();
        let mut concordances = Vec::new();
        let mut subject_files = Vec::new();
        let mut ruling_files = Vec::new();
        let mut paragraphs = Paragraphs::default();
        for &src in sources {
            if Paragraphs::is_file(&src.path) {
                let (list, d) = Paragraphs::parse(&src.path, &src.text);
                diagnostics.extend(d);
                paragraphs = list;
                continue;
            }
            if subjects::is_subject_file(&src.path) {
                subject_files.push(src);
                continue;
            }
            if rulings::is_ruling_file(&src.path) {
                ruling_files.push(src);
                continue;
            }
            let name = src.path.rsplit('/').next().unwrap_or_default();
            if let Some(edition) = Concordance::edition_of_file(name) {
                let (c, d) = Concordance::parse(edition, &src.path, &src.text);
                diagnostics.extend(d);
                concordances.push(c);
                continue;
            }
            let parsed = parse_file(src);
            diagnostics.extend(parsed.diagnostics);
            if let Some(first) = parsed.provisions.first() {
                files.push((sort_key(first), parsed.provisions));
            }
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));

        let mut corpus = Corpus {
            concordances,
            paragraphs,
            ..Corpus::default()
        };
        for (_, provisions) in files {
            let base = corpus.provisions.len();
            let mut kept: Vec<Option<usize>> = Vec::with_capacity(provisions.len());
            for p in provisions.into_iter() {
                if let Some(&existing) = corpus.by_id.get(&p.id) {
                    let first = &corpus.provisions[existing].origin;
                    diagnostics.push(Diagnostic {
                        file: p.origin.file.clone(),
                        line: p.origin.line,
                        severity: Severity::Error,
                        message: format!(
                            "duplicate cite {} (first at {}:{})",
                            p.id, first.file, first.line
                        ),
                    });
                    kept.push(None);
                    continue;
                }
                kept.push(Some(corpus.provisions.len()));
                let idx = corpus.provisions.len();
                corpus.by_id.insert(p.id.clone(), idx);
                if let ProvisionId::Definition(term) = &p.id {
                    corpus.by_term.insert(term.to_lowercase(), idx);
                }
                corpus.provisions.push(p);
            }
            // Re-map file-local parent/child indexes to corpus indexes.
            for i in base..corpus.provisions.len() {
                let p = &mut corpus.provisions[i];
                p.parent = p
                    .parent
                    .and_then(|local| kept.get(local).copied().flatten());
                p.children = p
                    .children
                    .iter()
                    .filter_map(|&c| kept.get(c).copied().flatten())
                    .collect();
            }
        }
        if with_subjects {
            let (index, problems) = SubjectIndex::build(&subject_files, &corpus);
            corpus.subjects = index;
            diagnostics.extend(problems);
            let (set, problems) = RulingSet::build(&ruling_files, &corpus);
            corpus.rulings = set;
            diagnostics.extend(problems);
        }
        (corpus, diagnostics)
    }

    /// The published rulings and commentary (empty without `kjennelser/`).
    pub fn rulings(&self) -> &RulingSet {
        &self.rulings
    }

    /// The further editions or languages of the Laws the corpus holds.
    pub fn parallels(&self) -> &[ParallelText] {
        &self.parallels
    }

    /// The parallel text with this id (`2017-en`).
    pub fn parallel(&self, id: &str) -> Option<&ParallelText> {
        self.parallels.iter().find(|p| p.id() == id.trim())
    }

    /// The paragraph ids of the 2017 Laws 21-93 (empty for a corpus
    /// without `laws/paragraphs-2017.txt`).
    pub fn paragraphs_2017(&self) -> &Paragraphs {
        &self.paragraphs
    }

    /// lovbok's subject index (empty for a corpus without `stikkord/`).
    pub fn subjects(&self) -> &SubjectIndex {
        &self.subjects
    }

    /// Every provision, in reading order (laws first, then the handbook).
    pub fn provisions(&self) -> &[Provision] {
        &self.provisions
    }

    /// The provision at an index from [`Provision::parent`] or `children`.
    pub fn at(&self, idx: usize) -> &Provision {
        &self.provisions[idx]
    }

    /// Looks a provision up by its cite. Definitions match case-insensitively.
    pub fn get(&self, id: &ProvisionId) -> Option<&Provision> {
        self.index_of(id).map(|i| &self.provisions[i])
    }

    /// Index of a provision by its cite.
    pub fn index_of(&self, id: &ProvisionId) -> Option<usize> {
        if let Some(&i) = self.by_id.get(id) {
            return Some(i);
        }
        match id {
            ProvisionId::Definition(term) => self.by_term.get(&term.to_lowercase()).copied(),
            _ => None,
        }
    }

    /// The nearest provision that exists on the way up from `id`: the
    /// provision itself, or the deepest numbering ancestor in the corpus.
    pub fn nearest(&self, id: &ProvisionId) -> Option<&Provision> {
        let mut cur = Some(id.clone());
        while let Some(c) = cur {
            if let Some(p) = self.get(&c) {
                return Some(p);
            }
            cur = c.numbered_parent();
        }
        None
    }

    /// The concordance of an older edition of the Laws, if the corpus has one.
    pub fn concordance(&self, edition: u16) -> Option<&Concordance> {
        self.concordances.iter().find(|c| c.edition == edition)
    }

    /// Every concordance, in the order the files came.
    pub fn concordances(&self) -> &[Concordance] {
        &self.concordances
    }

    /// The chain of provisions from the top-level one down to `idx`.
    pub fn path_of(&self, idx: usize) -> Vec<usize> {
        let mut out = vec![idx];
        let mut cur = self.provisions[idx].parent;
        while let Some(i) = cur {
            out.push(i);
            cur = self.provisions[i].parent;
        }
        out.reverse();
        out
    }

    /// The provisions of one book, in order.
    pub fn book(&self, book: BookId) -> impl Iterator<Item = (usize, &Provision)> {
        self.provisions
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.book == book)
    }

    /// All descendants of `idx`, depth first, in reading order.
    pub fn descendants(&self, idx: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack: Vec<usize> = self.provisions[idx]
            .children
            .iter()
            .rev()
            .copied()
            .collect();
        while let Some(i) = stack.pop() {
            out.push(i);
            stack.extend(self.provisions[i].children.iter().rev().copied());
        }
        out
    }
}

/// Reading order of top-level provisions: book, then front matter,
/// definitions, extensions, laws and sections by number.
fn sort_key(p: &Provision) -> (BookId, u8, u16, String) {
    let (rank, n) = match (&p.kind, &p.id) {
        (Kind::Front, ProvisionId::Front { slug, .. }) => (0, if slug == "forord" { 0 } else { 1 }),
        (Kind::Definitions, _) => (1, 0),
        (_, ProvisionId::Numbered { root, .. }) => match root {
            Root::Extension(n) => (2, *n),
            Root::Law(n) | Root::Section(n) => (3, *n),
        },
        _ => (4, 0),
    };
    (p.book, rank, n, p.id.to_string())
}

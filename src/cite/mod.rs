/*!
Citations: text in, links to provisions out, in three plain-data stages.

[`find`] reads cross-references in running text (`se 16C2`, `jf. X78A4`,
`(§ 13 eller 14)`, `lovene 16–18`, `se C2 nedenfor`) and returns byte spans
with what was written; [`resolve`] turns each into provisions, using the
context provision for relative cites and a [`Lookup`] to say whether the
target's text is in lovbok; [`annotate_html`] links the spans. A caller can
stop after any stage. Nothing is dropped: a cite that names nothing that can
exist is kept as [`Status::Unresolved`] with a reason. `cite` does no IO.

Vocabulary: a *cite* is a match in text, a *citation* its canonical form
([`ProvisionId`]), a *target* the provision it resolves to.
*/

mod annotate;
mod find;
mod levels;
mod resolve;

#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::corpus::{Path, ProvisionId};

pub use annotate::{annotate_html, escape_into as escape_html_into};
pub use find::{find, find_query};
pub use resolve::{resolve, status_of, target_of, Lookup};

/// A byte range `start..end` into the text given to [`find`]; both ends lie
/// on UTF-8 character boundaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// The spanned text, or `None` when the span does not fit `text`.
    pub fn of<'t>(&self, text: &'t str) -> Option<&'t str> {
        text.get(self.start..self.end)
    }
}

/// How a cite was written, which decides how it resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CiteKind {
    /// A complete cite standing alone: `se 16C2`, `§ 12C1c`, `X78B4`.
    Full,
    /// Levels below the context's law or section: `se C2 nedenfor`,
    /// `2c) eller 2d) over` (each member of a relative list is `Relative`).
    Relative,
    /// One member of a list of complete cites: `se 61, 62, 63 og 64`.
    List,
    /// Consecutive laws or sections as one span: `lovene 16–18`, `Laws 61-64`.
    Range,
}

/// What a cite says, parsed; [`resolve`] turns it into targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Cite {
    /// A complete cite: `16C2`, `X78B4`, `212A1a(iii)`.
    Absolute { id: ProvisionId },
    /// Levels below a root, resolved against the context: `C2` is
    /// `{section: C, item: 2}`, `2c` is `{item: 2, sub: c}`, `d` is `{sub: d}`.
    Relative {
        #[serde(serialize_with = "display")]
        path: Path,
    },
    /// Every root from `first` to `last`, both included, of the same kind.
    Range {
        first: ProvisionId,
        last: ProvisionId,
    },
    /// Written like a cite, but no provision can have this number
    /// (`lov 99`). `written` holds the number as written, which is not a
    /// valid [`ProvisionId`] (its `FromStr` rejects it).
    Impossible {
        written: ProvisionId,
        reason: String,
    },
}

/// The text around a cite, kept so that [`resolve`] can tell whether the
/// cite lies inside a text the corpus declares external, without the caller
/// handing the whole input over again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Surround {
    /// Up to [`Surround::REACH`] bytes either side of the cite.
    pub text: String,
    /// Where the cite lies in `text`.
    pub cite: Span,
}

impl Surround {
    /// How far the surround reaches on each side, in bytes (cut back to a
    /// character boundary). Declared external texts are short cites.
    pub const REACH: usize = 80;
}

/// One cite found by [`find`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CiteMatch {
    /// The cite in the input, without cue words (`se`, `§`) and without the
    /// book's item-label parenthesis (`b)`), which is never part of a cite.
    pub span: Span,
    pub kind: CiteKind,
    pub cite: Cite,
    /// The spanned text, as written (`86 B`, `16–18`, `L16B1a`).
    pub text: String,
    pub surround: Surround,
}

/// Whether a target can be shown, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Status {
    /// The provision exists and its text is in the corpus.
    InCorpus,
    /// The provision lies in a law or section whose text is not in the
    /// corpus (`92B`, `40B2b`, `27B1b`): link to `nearest`, the deepest
    /// ancestor that exists.
    OutsideText { nearest: Option<ProvisionId> },
    /// The corpus declares this cite as pointing outside both books.
    External,
    /// No provision can be meant: the number cannot exist (`lov 99`), the
    /// corpus holds the parent's text and it has no such child (`12Z`),
    /// or a relative cite has no numbered context.
    Unresolved { reason: String },
    /// A cite of an older edition of the Laws whose rule the current
    /// edition no longer has (the handbook's 2007 `12C1e`): shown as that
    /// edition's cite, linked nowhere, with the concordance's reason.
    NoCounterpart { edition: u16, reason: String },
}

/// A target cited by the numbering of an older edition of the Laws, and
/// what the concordance makes of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditionNote {
    /// The edition the cite is numbered in (2007).
    pub edition: u16,
    /// The cite as that edition numbers it (`16C`); the target's `id` is
    /// where it lands in the current edition (`16D`).
    pub cite: ProvisionId,
    pub reading: EditionReading,
}

/// How an older edition's cite was read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reading")]
pub enum EditionReading {
    /// The concordance maps it to another number, with its source.
    Mapped { source: String },
    /// The concordance says the number is unchanged, with its source.
    Unchanged { source: String },
    /// The concordance says the rule has no current counterpart.
    NoCounterpart { source: String },
    /// No concordance entry decides it: linked as if unchanged, and listed
    /// by `lovbok check` for an editor to decide.
    Undecided,
}

impl EditionNote {
    /// True when the cite lands on a different number than it was written with.
    pub fn is_mapped(&self) -> bool {
        matches!(self.reading, EditionReading::Mapped { .. })
    }
}

/// One provision a cite points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The full canonical cite as written (`40B2b` even when only `40` is in
    /// the corpus; `99` for `lov 99`, which `FromStr` would reject).
    pub id: ProvisionId,
    pub status: Status,
    /// Set when the cite is numbered as in an older edition of the Laws.
    pub edition: Option<EditionNote>,
}

impl Target {
    /// The provision a link to this target opens: the target itself, or
    /// the nearest ancestor whose text the corpus has; `None` for a target
    /// that is external, unresolved or without a current counterpart.
    pub fn shown(&self) -> Option<&ProvisionId> {
        match &self.status {
            Status::InCorpus => Some(&self.id),
            Status::OutsideText { nearest } => nearest.as_ref(),
            Status::External | Status::Unresolved { .. } | Status::NoCounterpart { .. } => None,
        }
    }
}

/// One linkable span and everything it points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolved {
    pub span: Span,
    /// The cite as written.
    pub text: String,
    pub kind: CiteKind,
    /// One target per provision named: several for a range. Empty only
    /// when the cite names no provision at all (a relative cite with no
    /// numbered context); [`Resolved::problem`] then says why.
    pub targets: Vec<Target>,
    /// Why `targets` is empty, if it is.
    pub problem: Option<String>,
}

impl Resolved {
    /// True when the cite, or any of its targets, could not be resolved.
    pub fn is_unresolved(&self) -> bool {
        self.problem.is_some()
            || self
                .targets
                .iter()
                .any(|t| matches!(t.status, Status::Unresolved { .. }))
    }
}

/// Serializes a value by its `Display` (for [`Path`], which has no serde impl).
fn display<T: std::fmt::Display, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Finds and resolves every cite in `text`: [`find`] then [`resolve`].
///
/// ```
/// use lovbok::cite::{link, Lookup, Status};
/// use lovbok::corpus::ProvisionId;
///
/// /// Law 12 with sections A-C is in the corpus; everything else is not.
/// struct Law12;
/// impl Lookup for Law12 {
///     fn exists(&self, id: &ProvisionId) -> bool { self.nearest(id).as_ref() == Some(id) }
///     fn in_corpus(&self, id: &ProvisionId) -> bool { self.exists(id) }
///     fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId> {
///         let known = ["12", "12A", "12A2", "12B", "12C", "12C2"];
///         let mut cur = Some(id.clone());
///         while let Some(c) = cur {
///             if known.contains(&c.to_string().as_str()) { return Some(c); }
///             cur = c.numbered_parent();
///         }
///         None
///     }
///     fn externals(&self, _: &ProvisionId) -> Vec<String> { Vec::new() }
/// }
///
/// let here: ProvisionId = "12A2".parse().unwrap();
/// let found = link("TL kan fastsette poeng (se C2 nedenfor), jf. 12Z.", Some(&here), &Law12);
/// assert_eq!(found[0].text, "C2");
/// assert_eq!(found[0].targets[0].id.to_string(), "12C2");
/// assert_eq!(found[0].targets[0].status, Status::InCorpus);
/// assert!(found[1].is_unresolved()); // law 12 is in the corpus and has no section Z
/// ```
pub fn link(text: &str, context: Option<&ProvisionId>, lookup: &dyn Lookup) -> Vec<Resolved> {
    resolve(&find(text), context, lookup)
}

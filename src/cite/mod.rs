/*!
Citations: text in, links to provisions out, in three plain-data stages.

[`find`] reads cross-references in running text (`se 16C2`, `jf. X78A4`,
`(§ 13 eller 14)`, `lovene 16–18`, `se C2 nedenfor`) and returns byte spans
with what was written; [`resolve`] turns each into provisions, using the
context provision for relative cites, the concordance for books that cite an
older edition of the Laws, and a [`Lookup`] to say whether the target's text
is in lovbok; [`annotate_html`] links the spans. A caller can stop after any
stage. Nothing is dropped: a cite that names nothing that can exist is kept
as [`Status::Unresolved`] with a reason. `cite` does no IO.

# The grammar

One grammar reads citations everywhere: in the books' text and `POST
/api/link` ([`find`]), and in what people type — the search box, `GET
/api/resolve`, `/p/…` URLs ([`find_query`], the same rules with every form
allowed and no cue needed).

- **A cite** is a root and its levels: law `1`-`93`, handbook section
  `201`-`299` or extension `X6`-`X93`, then section letter, item number,
  sub-item letter, roman numeral (`12C1e(ii)`, `X78B4`, `212A1a(iii)`).
- **Joins** (`levels.rs`): glued (`40B3b`); after a cue also spaced
  (`lov 40 B 3 b`, `86 B`) or dotted (`40.B.3.b`); the law sign may be
  glued on (`L16B1a`, `lov40b3b`, `§12C2`, `Law12C1`).
- **Case**: the compact form without a cue (`16C2`), with a capital
  sub-item where a law noun stands earlier in the sentence (`In the Laws,
  27B1A`); after a cue a lower-case section letter before an item (`lov
  7c1`, `se 12c1`), after a law cue also alone (`lov 16c`), and a capital sub-item after an item
  (`lov 16B1A`); in a query any case (`16b1a`, `16B1A`, `x78b4`).
- **Brackets**: a letter in parentheses is a sub-item (`27B1(b)`,
  `12C1(e)(ii)`, `40B2(a)(ii)`; after a cue also after a space or dot,
  `Law 45C4 (b)`, `Law 45.C.4. (b)`), and after a law cue a section right
  after the root (`Law 3(a)`); the book's label parenthesis is never part
  of a span (`27B1b)`); roman numerals in parentheses (`40B2a(ii)`), after
  a cue also glued (`§ 212A1ai`), in a query also bare (`20F5bii`, `12C1
  ii`); the 1997 Laws' numbered fourth level is the roman one
  (`9B2(b)(1)` is 9B2b(i)). A law noun and a dotted number without a
  section (`Law 45.4. (b)`) name the law alone.
- **Cues** (Norwegian, Danish, Swedish, English; the lists are in
  `words.rs`): `lov`, `loven`, `lovene`, `lovenes`, `bridgelovenes`,
  `lovbokens`, `lagen`, `Law`, `Laws`, `§`, `§§`, `paragraf`, `paragrafferne`,
  `lovbestemmelse` name a law (also with `#`: `Law #68`), and so does a
  law noun before a colon (`Laws that are unchanged: 2, 3`); Swedish
  `lag`, also Norwegian for a team, only after `enligt`, `se`, `jfr`, `i`
  or `(` or before a cite's levels (`enligt
  lag 21 B`, `(lag 90)`, `lag 12 C 3`; `lag 3 vant` is a team); `se`, `jf.`,
  `jfr.`, `jämför`, `see`, `cf.` (with `også`, `dog`, `även`, `also`) and
  phrases like `i henhold til`, `ifølge`, `enligt`, `reglene i`, `anvender`,
  `tillämpas`, `applied` name a provision; `( 12C1c)` is the handbook's lost
  `§`, read only where a cite's parenthesis follows (`( 4 er ikke …)` is
  prose).
- **Lists**: members joined by `,`, `og`, `eller`, `och`, `samt`, `and`,
  `or`, `&`, `/`, `+`, the sign repeated (`§81 og §90`), with glosses in
  parentheses between (`13 (forkert antal kort), 14`); a lone letter after a
  member shares its stem (`12C1b, c og e`, `78A, B og C`, `L81b/c`,
  `29A+B`); a member is read with its list's cue latitude (`lov 16b1a og
  16b1b`); three roots joined by dashes are a list (`Law 30 – 31 – 32`).
- **Ranges**: two roots of one kind joined by a dash or a range word (`53-56`,
  `53–56`, `§81-§85`, `53 til 56`, `Laws 53 to 56`, `53 through 56`, `53
  t.o.m. 56`), or siblings that differ in their deepest level, the end
  written in full or as that level alone (`16C2a-d`, `L54A-D`, `Laws
  54A-54D`, `L20F4-5`, `12C1 through 12C3`): one span, every provision
  in it. An end before the start is no range (`Law 20F5-4` links 20F5).
- **Without a cue**, a cite shape is enough: a section letter (`16C`), an
  `X`, a glued law sign, or dots down to an item (`25.A.2.`); the English
  bracketed item (`70C(3)`) and a dotted item (`31A.2`) are read too.
- **Relative cites**: below the context's law or section, made relative by a
  direction word (`C2 nedenfor`, `2c) eller 2d) over`, `B nedenstående`,
  `C2 below`, `1 preceding`, `C2 nedan`), a fitting cue (`se C`, `av C2`,
  `som i B`, `as in a)`, `som under 1`, `Part A`, `pkt. (a)`) or a verb of
  applying after a letter (`Dersom A ikke anvendes`). Without a context
  provision they hang from the last full cite before them in the same text
  (`Law 12 … Part A` is 12A).
- **Not cites**: without a cue a bare number is no cite (eyecite's rule: in
  doubt, do not link); a cue keeps an impossible cite as unresolved (`lov
  99`). Never cites, cue or not: another document's paragraphs (`vedtektenes
  § 3`, `§ 5 i reglementet`, `turneringsbestemmelserne § 4`, `straffeloven §
  12`, `forskrift om … § 2`, `lovenes § 9` in the sense of statutes, `DBf's
  vedtægter, 14, stk. 5.1`, `§ 5 in the bylaws`), quantities and dates (`13
  kort`, `10 stikk`, `12 mai`, `60%`, `2017`), scores (`52-12`, `+420`),
  board, table, page and address numbers (`mappe 12`, `side 12`,
  `Storgata 12`), list labels and ordinals (`1. Holdturnering`, `3. etasje`),
  a cite inside a web address (`https://www.bridge.dk./lov/12C1`),
  a paragraph's own heading (`§ 5. Turneringsledelse`, `§14 - Protester`,
  `§41. SPILLET BEGYNNER`), calls of an auction (`1C X 3H X`, `6C by East`),
  another document's sections (`EBU's Blue Book, section 7C`), and, once a
  text has named another statute (`persondataloven`, `jordlova`,
  `vedtægterne`), the bare `§` numbers after it until the Laws are named
  again (`(§§ 35-37)`). A genitive before `§` is a document's (`klubbens §
  4`, `NBFs § 4`) unless it is the Laws' own name (`lovenes §93`); a passive
  verb is no genitive (`bruges § 12C1c`).

The tables in `tests.rs` hold one row per behaviour of each class, in all
three languages, positive and negative.

# Editions

A corpus file may declare that its citations number the Laws as an older
edition did (`laws-edition: 2007`: the handbook), and a caller may say the
same of any text ([`link_in_edition`]: `POST /api/link?edition=1997`,
`lovbok link --edition 2007`). [`resolve`] then reads
each law cite through that edition's concordance ([`Lookup::concordance`]):
mapped (the 2007 `16C` lands on 2017 `16D`, [`EditionNote`] says so),
unchanged, without a current counterpart ([`Status::NoCounterpart`], linked
nowhere) or undecided (linked as if unchanged; `lovbok check` lists it).

Vocabulary: a *cite* is a match in text, a *citation* its canonical form
([`ProvisionId`]), a *target* the provision it resolves to.
*/

mod annotate;
mod find;
mod levels;
mod resolve;
mod words;

#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::corpus::{Path, ProvisionId};

pub use annotate::{annotate_html, escape_into as escape_html_into};
pub use find::{find, find_query};

/// The words that name a law before its number (`lov`, `Law`, `lag`; `§`
/// aside), for readers of citations outside Rust (the embed script's
/// fallback), so that they cannot drift from the grammar.
pub fn law_cue_words() -> Vec<&'static str> {
    words::LAW_NOUNS
        .iter()
        .chain(words::TEAM_OR_LAW)
        .copied()
        .collect()
}
/// Those of [`law_cue_words`] that also name a team (`lag 3 vant`): a
/// reader outside Rust that cannot weigh the words before them takes them
/// as a law only before a cite's levels (`lag 12 C 3`), as the grammar does.
pub fn team_or_law_words() -> Vec<&'static str> {
    words::TEAM_OR_LAW.to_vec()
}

/// The words that join two members of a list (`64A, 64B og 64C`), for the
/// embed script's fallback, so that it reads the lists the grammar reads.
pub fn list_words() -> Vec<&'static str> {
    words::LIST_WORDS.to_vec()
}
/// The words that may stand around a cite typed as a search query (`lov
/// 16B1a`, `se 12C`, `punkt 3`; `§` aside): the grammar's own lists, for
/// the browser's offline search, so that it cannot drift from the grammar.
pub fn query_cue_words() -> Vec<&'static str> {
    words::SEE
        .iter()
        .chain(words::SEE_FILLERS)
        .chain(words::LAW_NOUNS)
        .chain(words::SECTION_NOUNS)
        .copied()
        .collect()
}
pub use resolve::{resolve, resolve_in_edition, status_of, target_of, Lookup};

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

/// [`link`] for a text written under an older edition of the Laws (`Some(2007)`):
/// its law cites go through that edition's concordance, whatever `context`
/// says. `None` reads them as the context's file declares (the corpus's own
/// edition for most text).
pub fn link_in_edition(
    text: &str,
    context: Option<&ProvisionId>,
    edition: Option<u16>,
    lookup: &dyn Lookup,
) -> Vec<Resolved> {
    resolve_in_edition(&find(text), context, edition, lookup)
}

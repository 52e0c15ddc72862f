//! Published rulings beside the rules they apply: the citation finder's
//! check of each item's mapping, the lookup by provision, and the coverage.
//!
//! `corpus::rulings` reads the items and holds them to their form; this
//! module sits above the citation finder, so it can hold each item's
//! `maps` to what lovbok's own linker reads in its `cites` under the
//! item's edition: the two are one mapping, and a difference is either a
//! linker defect (fixed by class, with a table test) or a wrong mapping.

use std::collections::BTreeSet;

use crate::cite::{self, Status};
use crate::corpus::{
    Corpus, Diagnostic, Mapped, ProvisionId, Root, Ruling, RulingKind, RulingLang, Severity,
    CURRENT_EDITION,
};

/// The laws directors rule on most: each should have several cases.
pub const BUSY: [&str; 16] = [
    "12C", "16", "21", "23", "25", "27", "40", "45", "50", "53", "61", "64", "68", "70", "73", "75",
];

/// How one citation of a source reads with lovbok's finder: the current
/// provisions, or that there is no counterpart.
pub fn read_cite(written: &str, edition: u16, corpus: &Corpus) -> Option<Mapped> {
    let older = (edition != CURRENT_EDITION)
        .then_some(edition)
        .filter(|e| corpus.concordance(*e).is_some());
    let resolved = cite::link_in_edition(written, None, older, corpus);
    let mut ids = Vec::new();
    let mut none = false;
    for t in resolved.iter().flat_map(|r| &r.targets) {
        match &t.status {
            Status::NoCounterpart { .. } => none = true,
            Status::Unresolved { .. } => return None,
            Status::InCorpus | Status::OutsideText { .. } | Status::External => {
                if !ids.contains(&t.id) {
                    ids.push(t.id.clone());
                }
            }
        }
    }
    match (ids.is_empty(), none) {
        (true, true) => Some(Mapped::NoCounterpart),
        (true, false) => None,
        (false, _) => Some(Mapped::Cites(ids)),
    }
}

/// Every item whose `maps` differs from the finder's reading of `cites`.
pub fn check(corpus: &Corpus) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for item in corpus.rulings().items() {
        for c in &item.cites {
            let read = read_cite(&c.written, item.edition, corpus);
            let message = match read {
                None => format!(
                    "ruling {}: the citation finder reads no provision in {:?} (edition {})",
                    item.id, c.written, item.edition
                ),
                Some(read) if !same(&read, &c.maps) => format!(
                    "ruling {}: {:?} (edition {}) reads as {}, but `maps` says {}",
                    item.id,
                    c.written,
                    item.edition,
                    shown(&read),
                    shown(&c.maps)
                ),
                Some(_) => continue,
            };
            out.push(Diagnostic {
                file: item.origin.file.clone(),
                line: item.origin.line,
                severity: Severity::Error,
                message,
            });
        }
    }
    out
}

fn same(a: &Mapped, b: &Mapped) -> bool {
    match (a, b) {
        (Mapped::Cites(x), Mapped::Cites(y)) => {
            x.iter().collect::<BTreeSet<_>>() == y.iter().collect::<BTreeSet<_>>()
        }
        (Mapped::NoCounterpart, Mapped::NoCounterpart) => true,
        _ => false,
    }
}

fn shown(m: &Mapped) -> String {
    match m {
        Mapped::NoCounterpart => "none".into(),
        Mapped::Cites(ids) => ids
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The items that apply a provision or one of its parts, by id.
pub fn citing<'a>(corpus: &'a Corpus, id: &ProvisionId) -> Vec<&'a Ruling> {
    corpus
        .rulings()
        .items()
        .iter()
        .filter(|r| r.provisions().any(|p| id.contains(p)))
        .collect()
}

/// Which items a list asks for (`/kjennelser`, `GET /api/rulings`): each
/// field that is set narrows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulingFilter {
    /// Items that apply this provision or one of its parts.
    pub cite: Option<ProvisionId>,
    /// The language the item's situation and ruling are written in.
    pub lang: Option<RulingLang>,
    /// The publisher's slug ([`crate::corpus::RulingSource::slug`]).
    pub publisher: Option<String>,
    pub kind: Option<RulingKind>,
}

/// A filter as a request writes it (`/kjennelser`'s form, `GET
/// /api/rulings`'s parameters): each field's raw text, absent or blank when
/// not asked. [`crate::kb::Kb::ruling_filter`] reads it, so the page and the
/// API accept the same values.
#[derive(Clone, Copy, Debug, Default)]
pub struct FilterQuery<'a> {
    pub cite: Option<&'a str>,
    pub lang: Option<&'a str>,
    pub publisher: Option<&'a str>,
    pub kind: Option<&'a str>,
}

/// The first value of a [`FilterQuery`] that names nothing there is, for
/// each front end to word in its own way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadFilter {
    /// A cite of a provision the corpus does not have.
    MissingCite(ProvisionId),
    /// Text that is not one cite.
    NotACite(String),
    Lang(String),
    Kind(String),
    /// A publisher with no items (by slug or name, in any case).
    Publisher(String),
}

/// A field's value, `None` when absent or blank.
pub(crate) fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|v| !v.is_empty())
}

/// Reads the fields of `q` but the cite (which needs the citation reader of
/// `Kb`) against the items of `corpus`.
pub(crate) fn read_fields(
    corpus: &Corpus,
    q: &FilterQuery<'_>,
    cite: Option<ProvisionId>,
) -> Result<RulingFilter, BadFilter> {
    let lang = given(q.lang)
        .map(|l| l.parse().map_err(|()| BadFilter::Lang(l.to_string())))
        .transpose()?;
    let kind = given(q.kind)
        .map(|k| k.parse().map_err(|()| BadFilter::Kind(k.to_string())))
        .transpose()?;
    let publisher = given(q.publisher)
        .map(|name| {
            let slug = crate::corpus::rulings::slug_of(name);
            let known = corpus.rulings().sources().iter().any(|s| s.slug() == slug);
            known
                .then_some(slug)
                .ok_or_else(|| BadFilter::Publisher(name.to_string()))
        })
        .transpose()?;
    Ok(RulingFilter {
        cite,
        lang,
        publisher,
        kind,
    })
}

/// The items `filter` asks for, in id order.
pub fn filtered<'a>(corpus: &'a Corpus, filter: &RulingFilter) -> Vec<&'a Ruling> {
    let set = corpus.rulings();
    set.items()
        .iter()
        .filter(|r| {
            filter
                .cite
                .as_ref()
                .is_none_or(|id| r.provisions().any(|p| id.contains(p)))
        })
        .filter(|r| filter.lang.is_none_or(|l| r.lang == l))
        .filter(|r| {
            filter
                .publisher
                .as_deref()
                .is_none_or(|p| set.source_of(r).slug() == p)
        })
        .filter(|r| filter.kind.is_none_or(|k| r.kind == k))
        .collect()
}

/// What the rulings cover, as `lovbok check` prints it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub items: usize,
    pub publishers: usize,
    /// Items whose source is Norwegian, Danish or Swedish.
    pub nordic: usize,
    /// The laws 1-93 some item applies.
    pub laws: BTreeSet<u16>,
    /// The handbook's sections (X-sections and 2xx) some item applies.
    pub handbook_sections: BTreeSet<String>,
    /// Items per [`BUSY`] law, in its order.
    pub busy: Vec<(String, usize)>,
    /// Items per kind, in [`RulingKind::ALL`]'s order.
    pub kinds: Vec<(RulingKind, usize)>,
    /// Items per source language.
    pub langs: Vec<(RulingLang, usize)>,
}

impl Coverage {
    /// Counts the corpus's rulings.
    pub fn of(corpus: &Corpus) -> Coverage {
        let set = corpus.rulings();
        let items = set.items();
        let mut c = Coverage {
            items: items.len(),
            ..Coverage::default()
        };
        let publishers: BTreeSet<&str> = items
            .iter()
            .map(|r| set.source_of(r).publisher.as_str())
            .collect();
        c.publishers = publishers.len();
        c.nordic = items
            .iter()
            .filter(|r| set.source_of(r).lang.is_nordic())
            .count();
        for id in items.iter().flat_map(Ruling::provisions) {
            match id.numbered_root() {
                Some(Root::Law(n)) => {
                    c.laws.insert(n);
                }
                Some(root @ (Root::Extension(_) | Root::Section(_))) => {
                    c.handbook_sections
                        .insert(ProvisionId::root(root).to_string());
                }
                None => {}
            }
        }
        for law in BUSY {
            let n = law
                .parse::<ProvisionId>()
                .map_or(0, |id| citing(corpus, &id).len());
            c.busy.push((law.to_string(), n));
        }
        for kind in RulingKind::ALL {
            c.kinds
                .push((kind, items.iter().filter(|r| r.kind == kind).count()));
        }
        for lang in RulingLang::ALL {
            let n = items
                .iter()
                .filter(|r| set.source_of(r).lang == lang)
                .count();
            c.langs.push((lang, n));
        }
        c
    }
}

impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |pairs: Vec<String>| pairs.join(", ");
        writeln!(
            f,
            "rulings: {} items from {} publishers ({} Norwegian, Danish or Swedish)",
            self.items, self.publishers, self.nordic
        )?;
        writeln!(
            f,
            "rulings: {} of 93 laws and {} handbook sections cited",
            self.laws.len(),
            self.handbook_sections.len()
        )?;
        writeln!(
            f,
            "rulings per busy law: {}",
            list(self.busy.iter().map(|(l, n)| format!("{l} {n}")).collect())
        )?;
        write!(
            f,
            "rulings per kind: {}; per language: {}",
            list(self.kinds.iter().map(|(k, n)| format!("{k} {n}")).collect()),
            list(self.langs.iter().map(|(l, n)| format!("{l} {n}")).collect())
        )
    }
}

/*!
Editions of the Laws as data: how a cite numbered in an older edition reads
in the edition the corpus holds (2017 for the built-in corpus; a folder of
a newer edition holds its own, and `concordance-2017.tsv` there maps the
2017 numbers to it, as `lovbok diff` drafts it).

The handbook (2013) cites the 2007 Laws; some of those numbers now name a
provision about something else (2007 `16C` is 2017 `16D`). A concordance
file, `laws/concordance-<year>.tsv`, decides each older number once, with
its source, and resolution follows it; the corpus text is never changed.
An entry decides its cite and everything below it (`16C` also decides
`16C2a`, which becomes `16D2a`), unless a more specific entry says
otherwise. The format is specified in `docs/corpus-format.md`.
*/

use serde::Serialize;

use super::id::{ProvisionId, Root};
use super::{Diagnostic, Severity};

/// The edition of the Laws the corpus holds, and the one citations use
/// unless a file declares another (`laws-edition:` in its front matter).
pub const CURRENT_EDITION: u16 = 2017;

/// How an older edition's cite reads in the current edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "decision")]
pub enum Decision {
    /// The rule now has another number (`16C` → `16D`).
    MapsTo { cite: ProvisionId },
    /// The number still names the same rule.
    Unchanged,
    /// The rule has no counterpart in the current edition.
    NoCounterpart { reason: String },
}

/// One line of a concordance file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The cite as numbered in the older edition; decides everything below it too.
    pub cite: ProvisionId,
    pub decision: Decision,
    /// Where the decision comes from: a cross-reference in the current
    /// edition's text, or a published comparison named by title.
    pub source: String,
    /// The 1-based line of the entry in its file.
    pub line: usize,
}

/// Every decided cite of one older edition.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Concordance {
    /// The older edition (2007).
    pub edition: u16,
    /// The file it was read from (`laws/concordance-2007.tsv`).
    pub file: String,
    pub entries: Vec<Entry>,
}

/// What the concordance says about one cite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// An entry decides it: the decision, with the current cite for a
    /// mapping already carried down to the cite's own depth.
    Decided {
        entry: Entry,
        current: Option<ProvisionId>,
    },
    /// No entry covers it.
    Undecided,
}

impl Concordance {
    /// The file name of the concordance for an older edition.
    pub fn file_name(edition: u16) -> String {
        format!("concordance-{edition}.tsv")
    }

    /// The edition a file name declares (`concordance-2007.tsv` → 2007).
    pub fn edition_of_file(name: &str) -> Option<u16> {
        let year = name.strip_prefix("concordance-")?.strip_suffix(".tsv")?;
        (year.len() == 4).then(|| year.parse().ok()).flatten()
    }

    /// Parses a concordance file. Never fails: each bad line is a
    /// diagnostic and is left out.
    ///
    /// Lines are tab-separated: the older cite, then the current cite, `=`
    /// (unchanged) or `-` (no counterpart), then the source, then (for `-`)
    /// the reason. Blank lines and lines starting with `#` are comments.
    pub fn parse(edition: u16, file: &str, text: &str) -> (Concordance, Vec<Diagnostic>) {
        let mut out = Concordance {
            edition,
            file: file.to_string(),
            entries: Vec::new(),
        };
        let mut diagnostics = Vec::new();
        let mut error = |line: usize, message: String| {
            diagnostics.push(Diagnostic {
                file: file.to_string(),
                line,
                severity: Severity::Error,
                message,
            })
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = raw.split('\t').map(str::trim).collect();
            let (old, new, source) = match cols.as_slice() {
                [old, new, source, ..] => (*old, *new, *source),
                _ => {
                    error(
                        line,
                        "expected tab-separated columns: older cite, current cite (or = or -), source[, reason]".into(),
                    );
                    continue;
                }
            };
            let reason = cols.get(3).copied().unwrap_or_default();
            let cite = match old.parse::<ProvisionId>() {
                Ok(
                    id @ ProvisionId::Numbered {
                        root: Root::Law(_), ..
                    },
                ) => id,
                _ => {
                    error(line, format!("{old:?} is not a cite of a law"));
                    continue;
                }
            };
            if source.is_empty() {
                error(line, format!("{cite}: every entry needs its source"));
                continue;
            }
            let decision = match new {
                "=" => Decision::Unchanged,
                "-" if reason.is_empty() => {
                    error(
                        line,
                        format!("{cite}: an entry without a counterpart needs its reason"),
                    );
                    continue;
                }
                "-" => Decision::NoCounterpart {
                    reason: reason.to_string(),
                },
                other => match other.parse::<ProvisionId>() {
                    Ok(
                        id @ ProvisionId::Numbered {
                            root: Root::Law(_), ..
                        },
                    ) => Decision::MapsTo { cite: id },
                    _ => {
                        error(line, format!("{other:?} is not a cite of a law, = or -"));
                        continue;
                    }
                },
            };
            if out.entries.iter().any(|e| e.cite == cite) {
                error(line, format!("{cite} is decided twice"));
                continue;
            }
            out.entries.push(Entry {
                cite,
                decision,
                source: source.to_string(),
                line,
            });
        }
        (out, diagnostics)
    }

    /// What the concordance says about `id` (numbered as in [`Concordance::edition`]):
    /// the most specific entry that contains it decides.
    pub fn read(&self, id: &ProvisionId) -> Reading {
        let Some(entry) = self
            .entries
            .iter()
            .filter(|e| e.cite.contains(id))
            .max_by_key(|e| depth(&e.cite))
        else {
            return Reading::Undecided;
        };
        let current = match &entry.decision {
            Decision::MapsTo { cite } => carry_down(&entry.cite, cite, id),
            Decision::Unchanged => Some(id.clone()),
            Decision::NoCounterpart { .. } => None,
        };
        // A mapping that cannot be carried to this depth decides nothing.
        if matches!(entry.decision, Decision::MapsTo { .. }) && current.is_none() {
            return Reading::Undecided;
        }
        Reading::Decided {
            entry: entry.clone(),
            current,
        }
    }
}

fn depth(id: &ProvisionId) -> usize {
    match id {
        ProvisionId::Numbered { path, .. } => path.depth(),
        _ => 0,
    }
}

/// `id` lies below `from`; the same place below `to`: `16C2a` under `16C` →
/// `16D` is `16D2a`. Only when `from` and `to` are at the same depth (the
/// levels below then keep their kind); otherwise only `from` itself maps.
/// Public because `diff` folds a moved subtree into one mapping by the same
/// rule a concordance reads it with.
pub fn carry_down(from: &ProvisionId, to: &ProvisionId, id: &ProvisionId) -> Option<ProvisionId> {
    if id == from {
        return Some(to.clone());
    }
    let (
        ProvisionId::Numbered { path: pf, .. },
        ProvisionId::Numbered { root, path: pt },
        ProvisionId::Numbered { path: pi, .. },
    ) = (from, to, id)
    else {
        return None;
    };
    if pf.depth() != pt.depth() {
        return None;
    }
    let mut path = pt.clone();
    let d = pf.depth();
    if d < 1 {
        path.section = pi.section;
    }
    if d < 2 {
        path.item = pi.item;
    }
    if d < 3 {
        path.sub = pi.sub;
    }
    path.roman = pi.roman;
    Some(ProvisionId::Numbered { root: *root, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_laws_book_is_the_current_edition() {
        assert_eq!(super::super::id::BookId::Laws.edition(), CURRENT_EDITION);
    }

    fn id(s: &str) -> ProvisionId {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    const FILE: &str = "# older\tcurrent\tsource\treason\n\
        16C\t16D\t2017 6D1 sends a card seen by accident to 16D\n\
        12C1e\t-\tcomparison\tthe rule was dropped\n\
        12\t=\tcomparison\n\
        86B\t12C4\tcomparison\n";

    fn read(s: &str) -> Reading {
        let (c, d) = Concordance::parse(2007, "laws/concordance-2007.tsv", FILE);
        assert!(d.is_empty(), "{d:?}");
        c.read(&id(s))
    }

    fn current(s: &str) -> Option<String> {
        match read(s) {
            Reading::Decided { current, .. } => current.map(|c| c.to_string()),
            Reading::Undecided => Some("undecided".into()),
        }
    }

    #[test]
    fn a_mapping_carries_down_to_deeper_cites() {
        assert_eq!(current("16C").as_deref(), Some("16D"));
        assert_eq!(current("16C2a").as_deref(), Some("16D2a"));
        assert_eq!(current("16B").as_deref(), Some("undecided"));
    }

    #[test]
    fn the_most_specific_entry_decides() {
        assert_eq!(current("12C1e"), None);
        assert_eq!(current("12C1e(ii)"), None);
        assert_eq!(current("12C1c").as_deref(), Some("12C1c"));
    }

    #[test]
    fn a_mapping_across_depths_maps_only_itself() {
        assert_eq!(current("86B").as_deref(), Some("12C4"));
        assert_eq!(current("86B3").as_deref(), Some("undecided"));
    }

    #[test]
    fn bad_lines_are_diagnostics() {
        let (c, d) = Concordance::parse(
            2007,
            "f",
            "16C\t16D\n12Z\t-\tsource\n99\t=\tx\n16C\tX16\tx\n12\t=\tx\n12\t=\tx\n",
        );
        assert_eq!(c.entries.len(), 1);
        assert_eq!(d.len(), 5, "{d:?}");
    }

    #[test]
    fn file_names_declare_the_edition() {
        assert_eq!(
            Concordance::edition_of_file("concordance-2007.tsv"),
            Some(2007)
        );
        assert_eq!(Concordance::edition_of_file("concordance.tsv"), None);
    }
}

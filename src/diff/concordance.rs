//! The draft concordance: the old edition's law cites as the new edition
//! reads them, in the format of `laws/concordance-2007.tsv`
//! (`docs/corpus-format.md`, "Editions of the Laws"), each line with the
//! diff's evidence in its source column, for an editor to confirm.
//!
//! The draft is as short as the concordance's own reading allows: every
//! law gets a line, and a provision below it only when the lines above do
//! not already read it right (`8A → 8B` also reads `8A1` as `8B1`), or when
//! it changed, split or merged, so its evidence is there to check. Each line
//! is decided with [`Concordance::read`], the loader's own reading, so the
//! draft says exactly what the diff found.

use super::{EditionDiff, Fate, FateKind};
use crate::corpus::concordance::Entry;
use crate::corpus::{Concordance, Decision, ProvisionId, Reading, Root};

/// The draft as the text of a `concordance-<old>.tsv` file.
///
/// `old_edition` and `new_edition` (the years the folders' front matter
/// declares) only name the editions in the header.
pub fn draft(diff: &EditionDiff, old_edition: Option<u16>, new_edition: Option<u16>) -> String {
    let name =
        |e: Option<u16>, other: &str| e.map_or(format!("{other} edition"), |y| y.to_string());
    let mut out = format!(
        "# Draft concordance: how the {} Laws' numbers read in the {} Laws.\n\
         # Made by `lovbok diff` from the texts of both editions: every line is a\n\
         # proposal for an editor to confirm against the published comparison.\n\
         # older\tcurrent\tsource\treason\n",
        name(old_edition, "old"),
        name(new_edition, "new"),
    );
    let mut made = Concordance {
        edition: old_edition.unwrap_or_default(),
        file: String::new(),
        entries: Vec::new(),
    };
    for fate in &diff.fates {
        if !is_law(&fate.old) {
            continue;
        }
        if let Some(new) = fate.new.as_ref().filter(|n| !is_law(n)) {
            out.push_str(&format!(
                "# {}: now {new}, which is not a law cite; decide by hand\n",
                fate.old
            ));
            continue;
        }
        if !needs_line(&made, fate) {
            continue;
        }
        let entry = entry_for(fate, below(diff, &fate.old), made.entries.len() + 1);
        out.push_str(&line(&entry));
        made.entries.push(entry);
    }
    out
}

fn is_law(id: &ProvisionId) -> bool {
    matches!(
        id,
        ProvisionId::Numbered {
            root: Root::Law(_),
            ..
        }
    )
}

/// A law always gets its line; a provision below one when the lines so far
/// read it otherwise, or when it changed (so its evidence is shown).
fn needs_line(made: &Concordance, fate: &Fate) -> bool {
    let is_root = fate.old.numbered_parent().is_none();
    let shown = matches!(
        fate.kind,
        FateKind::Changed | FateKind::Split | FateKind::Merged
    );
    if is_root || shown {
        return true;
    }
    match made.read(&fate.old) {
        Reading::Decided { current, .. } => current != fate.new,
        Reading::Undecided => true,
    }
}

/// How many provisions below a law's own number did not stay as they were.
fn below(diff: &EditionDiff, law: &ProvisionId) -> usize {
    diff.fates
        .iter()
        .filter(|f| f.old != *law && law.contains(&f.old) && f.kind != FateKind::Unchanged)
        .count()
}

/// The line of one old provision; `changed_below` (for a law) says how
/// many of its parts have lines of their own to check.
fn entry_for(fate: &Fate, changed_below: usize, line: usize) -> Entry {
    let clean = |s: String| s.replace(['\t', '\n'], " ");
    let is_root = fate.old.numbered_parent().is_none();
    let source = clean(match (fate.kind, is_root, changed_below) {
        (FateKind::Removed, ..) => "lovbok diff, to confirm: removed".to_string(),
        (FateKind::Unchanged, true, 0) => {
            "lovbok diff, to confirm: the whole law unchanged (every provision's text identical after whitespace normalisation)".to_string()
        }
        (FateKind::Unchanged, true, n) => format!(
            "lovbok diff, to confirm: the law's number unchanged ({}; {n} of its provisions differ, decided by the lines below)",
            fate.evidence
        ),
        (kind, ..) => format!(
            "lovbok diff, to confirm: {} ({})",
            kind.as_str(),
            fate.evidence
        ),
    });
    let decision = match &fate.new {
        Some(new) if *new == fate.old => Decision::Unchanged,
        Some(new) => Decision::MapsTo { cite: new.clone() },
        None => Decision::NoCounterpart {
            reason: clean(format!("removed: {}", fate.evidence)),
        },
    };
    Entry {
        cite: fate.old.clone(),
        decision,
        source,
        line,
    }
}

fn line(e: &Entry) -> String {
    match &e.decision {
        Decision::MapsTo { cite } => format!("{}\t{cite}\t{}\n", e.cite, e.source),
        Decision::Unchanged => format!("{}\t=\t{}\n", e.cite, e.source),
        Decision::NoCounterpart { reason } => format!("{}\t-\t{}\t{reason}\n", e.cite, e.source),
    }
}

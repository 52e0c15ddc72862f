//! The summary `lovbok diff` prints for a person: the counts, then each
//! change on a line of its own with its evidence, and a compact word diff
//! under a reworded provision.

use super::{Change, EditionDiff};

/// The summary, `old` and `new` naming the editions (`2017 (laws-2017/)`).
pub fn summary(diff: &EditionDiff, old: &str, new: &str) -> String {
    let c = diff.counts();
    let books: Vec<&str> = diff.books.iter().map(|b| b.as_str()).collect();
    let mut out = format!(
        "{} → {} ({}): {} provisions → {}, {} unchanged\n\
         {} changes: {} renumbered, {} changed, {} split, {} merged, {} added, {} removed\n",
        old,
        new,
        books.join(", "),
        diff.old_provisions,
        diff.new_provisions,
        diff.unchanged,
        diff.changes.len(),
        c.renumbered,
        c.changed,
        c.split,
        c.merged,
        c.added,
        c.removed,
    );
    for ch in &diff.changes {
        out.push('\n');
        out.push_str(&one(ch));
    }
    out
}

/// One change: the line, what came with it, the evidence, the word diff.
fn one(ch: &Change) -> String {
    let mut out = format!("{ch}");
    let along = match ch {
        Change::Renumbered { carried, .. } if !carried.is_empty() => {
            let moved: Vec<String> = carried.iter().map(|(o, n)| format!("{o} → {n}")).collect();
            format!(" (with {})", moved.join(", "))
        }
        Change::Added { with, .. } | Change::Removed { with, .. } if !with.is_empty() => {
            let ids: Vec<String> = with.iter().map(ToString::to_string).collect();
            format!(" (with {})", ids.join(", "))
        }
        _ => String::new(),
    };
    out.push_str(&along);
    out.push_str(&format!("\n    {}\n", ch.evidence()));
    let words = match ch {
        Change::Changed { words, .. } => Some(words),
        Change::Renumbered { words, .. } => words.as_ref(),
        _ => None,
    };
    if let Some(w) = words {
        out.push_str(&format!("    {}\n", w.compact()));
    }
    out
}

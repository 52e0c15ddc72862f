//! Warnings for entries that may split one subject in two: names that are
//! the same but for a spelling slip or a parenthesis ("Dupliseringsfeil i
//! lagkamp" / "Duplikeringsfeil i lagkamp", "Regulerende myndighet (RM)" /
//! "Regulerende myndighet"), and entries most of whose terms are another's.
//!
//! A split subject answers half a query under each name and ranks neither
//! where one entry would, so `lovbok check` names each pair for an editor
//! to merge or to tell apart. Warnings, not errors: two subjects may be
//! near in spelling and still distinct, which only the evidence decides.

use std::collections::{BTreeMap, HashMap};

use super::{Severity, Subject};
use crate::corpus::Diagnostic;

/// Edits (OSA distance) within which two long names are one name misspelt.
const NAME_EDITS: usize = 2;
/// Shortest name, in characters, the edit rule applies to: short names
/// ("Revoke", "Renonce") differ by few letters and are different words.
const MIN_NAME_CHARS: usize = 10;
/// Fewest terms two entries must share to be said to overlap.
const MIN_SHARED_TERMS: usize = 3;
/// Share of the smaller entry's terms that the other also has.
const OVERLAP_SHARE: f32 = 0.6;

/// Every pair of near-duplicate names and of heavily overlapping entries.
pub(super) fn near_duplicates(entries: &[Subject], out: &mut Vec<Diagnostic>) {
    near_names(entries, out);
    overlapping_terms(entries, out);
}

/// A name as compared: lower case, parentheses dropped, spaces collapsed.
fn name_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_alphanumeric() => out.push(c),
            _ => {
                if !out.ends_with(' ') && !out.is_empty() {
                    out.push(' ');
                }
            }
        }
    }
    out.trim_end().to_string()
}

/// True when the keys differ only in spelling, not in a number or a cite
/// ("etter 50B" / "etter 50C" are two subjects).
fn spelling_slip(a: &str, b: &str) -> bool {
    let cites = |s: &str| {
        s.split(' ')
            .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    if cites(a) != cites(b) {
        return false;
    }
    a.chars().count().min(b.chars().count()) >= MIN_NAME_CHARS
        && strsim::osa_distance(a, b) <= NAME_EDITS
}

fn near_names(entries: &[Subject], out: &mut Vec<Diagnostic>) {
    let keys: Vec<String> = entries.iter().map(|e| name_key(&e.name)).collect();
    // Names compared within buckets of their first three letters: a slip
    // there is rare, and comparing every pair would cost a second per load.
    let mut buckets: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, k) in keys.iter().enumerate() {
        buckets
            .entry(k.chars().take(3).collect())
            .or_default()
            .push(i);
    }
    for members in buckets.values() {
        for (n, &i) in members.iter().enumerate() {
            for &j in &members[n + 1..] {
                let same = keys[i] == keys[j];
                if same || spelling_slip(&keys[i], &keys[j]) {
                    let how = if same {
                        "the same name but for case, punctuation or a parenthesis"
                    } else {
                        "nearly the same name"
                    };
                    out.push(warning(
                        &entries[j],
                        format!(
                            "subject \"{}\" and \"{}\" (at {}:{}) have {how}: merge them, or name them apart",
                            entries[j].name, entries[i].name, entries[i].origin.file, entries[i].origin.line
                        ),
                    ));
                }
            }
        }
    }
}

fn overlapping_terms(entries: &[Subject], out: &mut Vec<Diagnostic>) {
    let term_sets: Vec<Vec<String>> = entries
        .iter()
        .map(|e| {
            let mut t: Vec<String> = e.terms.iter().map(|t| name_key(&t.text)).collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect();
    let mut by_term: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, terms) in term_sets.iter().enumerate() {
        for t in terms {
            by_term.entry(t.as_str()).or_default().push(i);
        }
    }
    let mut shared: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for holders in by_term.values() {
        for (n, &i) in holders.iter().enumerate() {
            for &j in &holders[n + 1..] {
                *shared.entry((i.min(j), i.max(j))).or_default() += 1;
            }
        }
    }
    for ((i, j), count) in shared {
        let smaller = term_sets[i].len().min(term_sets[j].len()).max(1);
        if count >= MIN_SHARED_TERMS && count as f32 >= OVERLAP_SHARE * smaller as f32 {
            out.push(warning(
                &entries[j],
                format!(
                    "subject \"{}\" shares {count} of its terms with \"{}\" (at {}:{}), {count} of the smaller's {smaller}: one subject split in two?",
                    entries[j].name, entries[i].name, entries[i].origin.file, entries[i].origin.line
                ),
            ));
        }
    }
}

fn warning(e: &Subject, message: String) -> Diagnostic {
    Diagnostic {
        file: e.origin.file.clone(),
        line: e.origin.line,
        severity: Severity::Warning,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_key_drops_case_punctuation_and_parentheses() {
        assert_eq!(
            name_key("Regulerende myndighet (RM)"),
            name_key("regulerende  myndighet")
        );
        assert_eq!(
            name_key("Kort vist, av spillefører"),
            "kort vist av spillefører"
        );
    }

    #[test]
    fn a_slip_in_a_long_name_is_near_but_a_cite_or_a_short_word_is_not() {
        assert!(spelling_slip(
            &name_key("Dupliseringsfeil i lagkamp"),
            &name_key("Duplikeringsfeil i lagkamp")
        ));
        assert!(!spelling_slip(
            "straffekort etter 50b",
            "straffekort etter 51b"
        ));
        assert!(!spelling_slip(
            "straffekort etter 50b",
            "straffekort etter 50c"
        ));
        assert!(!spelling_slip("revoke", "renonce"));
        assert!(!spelling_slip(
            "utspill utenfor tur",
            "innspill fra feil hånd"
        ));
    }
}

//! The text of a leaf as the parser keeps it: the handbook's revision marks
//! taken out (and kept as years), and the spaces markdown layout leaves
//! collapsed.

use std::sync::LazyLock;

use regex::Regex;

/// A revision mark the handbook prints after a heading or paragraph: `[2009]`.
static REVISION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\s*\[(?P<y>(?:19|20)\d\d)\]").expect("static regex"));

/// Removes revision marks from a text and returns them.
pub(super) fn take_revisions(text: &str) -> (String, Vec<u16>) {
    let mut years = Vec::new();
    for c in REVISION.captures_iter(text) {
        if let Ok(y) = c["y"].parse() {
            years.push(y);
        }
    }
    if years.is_empty() {
        return (text.to_string(), years);
    }
    (REVISION.replace_all(text, "").into_owned(), years)
}

/// Trims and collapses runs of spaces (not newlines) left by markdown layout.
pub(super) fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev_space = false;
    for c in text.trim().chars() {
        if c == ' ' || c == '\t' {
            if !prev_space {
                out.push(' ');
            }
            prev_space = true;
        } else {
            out.push(c);
            prev_space = false;
        }
    }
    out
}

pub(super) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

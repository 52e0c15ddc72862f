//! What may stand between two candidates of one list or range: a comma or
//! a conjunction, a dash, a range word. Every stage that asks whether two
//! candidates belong together reads the text between them here.

use std::sync::LazyLock;

use regex::Regex;

use crate::cite::words::{alternation, LIST_WORDS, RANGE_WORDS};

/// What may stand between two members of one list: a comma or a
/// conjunction ([`LIST_WORDS`]), after an optional label parenthesis (`2c)
/// eller 2d)`) and an optional gloss in parentheses (`13 (forkert antal
/// kort), 14 (manglende kort)`).
static LIST_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \)?                                   # the label parenthesis of `2c)`
        (?: \s* \( [^()\n]{{1,80}} \) )?        # a gloss: `(manglende kort)`
        (?:
            \s* , \s* (?: (?i:{list}) \s+ )?    # `61, 62`, `61, og 62`
          | \s+ (?i:{list}) \s+                 # `19A og 77`, `13 eller 14`
          | \s* / \s*                          # `81b/c`, `16B/C`
          | \s* \+ \s*                         # `29A+B`
        )
        (?: (?: §§? | \# ) \s* )?             # the sign repeated: `§81 og §90`, `#40 and #41`
        \(?                                     # `(a) and (b)`
        $",
        list = alternation(LIST_WORDS),
    );
    Regex::new(&re).expect("static regex")
});

/// What joins the two ends of a range: a dash (`16–18`, `61-64`) or a word
/// ([`RANGE_WORDS`]: `53 til 56`, `Laws 53 to 56`, `53 t.o.m. 56`).
static RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"^(?:\s*[-–—]\s*(?:§\s*)?|\s+(?i:{words})\s+(?:§\s*)?)$",
        words = alternation(RANGE_WORDS)
    );
    Regex::new(&re).expect("static regex")
});

/// A dash between two numbers: a range, or else a score (`2-0`).
static DASH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[-–—]\s*$").expect("static regex"));

/// The longest gap between two members of a list (a gloss included).
pub(super) const MAX_GAP: usize = 120;

/// True when `gap` joins two members of a list (`, `, ` og `, `/`).
pub(super) fn is_list(gap: &str) -> bool {
    LIST_SEPARATOR.is_match(gap)
}

/// True when `gap` joins the two ends of a range (`–`, ` til `).
pub(super) fn is_range(gap: &str) -> bool {
    RANGE.is_match(gap)
}

/// True when `gap` joins two members of a list or the ends of a range.
pub(super) fn is_member(gap: &str) -> bool {
    is_list(gap) || is_range(gap)
}

/// True when `gap` is a dash and nothing else.
pub(super) fn is_dash(gap: &str) -> bool {
    DASH.is_match(gap)
}

//! Stage 1 of [`find`](super::find), the tokens: every place a cite may
//! start, from one scan of [`ATOM`] over the text.
//!
//! A token is only what the regex matched: a number with what is glued on
//! before it, a capital with the levels after it, a sub-item label, a lone
//! letter. Nothing around it is judged here; the next stage reads each token
//! as a candidate.

use std::sync::LazyLock;

use regex::{Captures, Regex};

use crate::cite::Span;

/// Every token that may be a cite. One scan of the input; the stages after
/// it decide which tokens are cites. A number is matched up to its root
/// only: the levels below it are read by the candidates stage, whose
/// latitude depends on the cue. The regex crate has no look-around, so the
/// other tokens end by consuming one non-word character (or the end); spans
/// come from the groups, never from the match.
static ATOM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
          # A roman numeral in parentheses: `(ii)` in `73C1 (i) and (ii)`;
          # kept only right after a cite with a roman numeral.
          \( (?P<roman> i{1,3} | iv | vi{0,3} | ix | x ) \)
        | (?-u:\b)                      # ASCII boundary: keeps the scan on the fast DFA
        (?:
            # An absolute cite: law 1-93, handbook section 201-299 or extension X6-X93.
            (?P<abs>
                (?P<glued>L|(?i:lov|law))?  # `L16B1a`, `lov40b3b`: the law sign, glued on
                (?P<x>[Xx])?                # a handbook extension of a law
                (?P<root>[0-9]+)            # length and range are checked after the match
            )
          | # Relative, from the section down: `C`, `C2`, `C1d`, `B4`.
            (?P<rel_sec> [A-Z] (?: [0-9]{1,2} [a-z]? (?:\([a-z]{1,5}\))? )? ) (?: [^\w] | $ )
          | # A relative sub-item, known by the book's label parenthesis: `d)`.
            (?P<rel_sub> [a-z] ) \)
          | # A lone lower-case letter: a member of a list with a shared stem
            # (`12C1b, c og e`); kept only right after such a stem.
            (?P<letter> [a-z] ) (?: [^\w] | $ )
        )
        ",
    )
    .expect("static regex")
});

/// One match of [`ATOM`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    /// What was matched: for a number, the digits with the sign or `X`
    /// glued before them (`L16`, `X78`); for the others, the token itself.
    pub span: Span,
    pub kind: TokenKind,
}

/// What a token looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TokenKind {
    /// A root number: `16`, `L16`, `lov40`, `X78`, `2017`.
    Number {
        /// The law sign glued on: `L16`, `lov40`, `Law12`.
        glued: bool,
        /// The handbook's `X`, in capitals or not.
        x: Option<XCase>,
        /// The digits.
        root: Span,
    },
    /// A capital with an optional item, sub-item and roman numeral: `C`,
    /// `C2`, `C1d`, `B4(ii)`.
    Section,
    /// A lower-case letter with the book's label parenthesis: `d)` (the
    /// span holds the letter only).
    SubLabel,
    /// A lone lower-case letter: `c` in `12C1b, c og e`.
    Letter(char),
    /// A roman numeral in parentheses, its value: `(ii)` in `73C1 (i) and
    /// (ii)`.
    Roman(u16),
}

/// How the handbook's `X` before a number was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum XCase {
    Upper,
    /// `x78`: an extension only where a cite is expected.
    Lower,
}

/// Every token of `text`, in order.
pub(super) fn scan(text: &str) -> Vec<Token> {
    ATOM.captures_iter(text).filter_map(|c| token(&c)).collect()
}

fn token(c: &Captures<'_>) -> Option<Token> {
    let span = |m: regex::Match<'_>| Span {
        start: m.start(),
        end: m.end(),
    };
    if let Some(abs) = c.name("abs") {
        let x = c.name("x").map(|m| {
            if m.as_str() == "x" {
                XCase::Lower
            } else {
                XCase::Upper
            }
        });
        let kind = TokenKind::Number {
            glued: c.name("glued").is_some(),
            x,
            root: span(c.name("root")?),
        };
        return Some(Token {
            span: span(abs),
            kind,
        });
    }
    if let Some(m) = c.name("roman") {
        return Some(Token {
            span: span(c.get(0)?),
            kind: TokenKind::Roman(crate::corpus::id::from_roman(m.as_str())?),
        });
    }
    if let Some(m) = c.name("letter") {
        return Some(Token {
            span: span(m),
            kind: TokenKind::Letter(m.as_str().chars().next()?),
        });
    }
    if let Some(m) = c.name("rel_sec") {
        return Some(Token {
            span: span(m),
            kind: TokenKind::Section,
        });
    }
    let m = c.name("rel_sub")?;
    Some(Token {
        span: span(m),
        kind: TokenKind::SubLabel,
    })
}

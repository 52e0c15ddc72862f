/*!
The levels below a cite's root, as people write them: one scanner for text
and queries alike.

A cite's levels alternate between letters and digits (section letter, item
number, sub-item letter, roman numeral), so they can be read however they
are joined: glued (`40B3b`), spaced (`40 B 3 b`), dotted (`40.B.3.b`), with
the English brackets (`40B2(a)(ii)`, `27B1(b)`) or in any case (`16b1a`,
`16B1A`). How much latitude is allowed depends on the evidence that a cite
is meant ([`Leniency`]): running text without a cue gets the book's own
compact form only; after a cue word (`lov`, `§`, `se`) spaces and dots may
join levels and a lower-case section letter may stand glued before an item
(`lov 7c1`); a query typed into the search box (nothing but a cite) reads
every form.
*/

use crate::corpus::id::from_roman;
use crate::corpus::Path;

/// How much evidence there is that a cite is meant, which decides how
/// loosely its levels may be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Leniency {
    /// Running text, no cue: only the compact form (`16C2`, `12C1e(ii)`).
    Bare,
    /// Running text after a cue that names a provision (`se`, `jf.`,
    /// `iht.`): spaces and dots may join levels; a lower-case section letter
    /// is read when an item number follows it (`7c1`).
    Cued,
    /// Running text after a cue that names a law (`lov`, `§`, `Law`): as
    /// [`Leniency::Cued`], and a lower-case section letter also stands alone
    /// (`lov 16c`).
    LawCued,
    /// A query that is nothing but citations: every form, any case.
    Query,
}

/// The levels read after a root number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Levels {
    /// Byte offset just past the last level read.
    pub end: usize,
    pub path: Path,
    /// True when something word-like is glued on after the last level
    /// (`12kort`, `3NT`, `16C2xyz`): the token is no cite.
    pub glued_tail: bool,
    /// True when a level was joined by a space or a dot (`86 B`, `40.B`).
    pub loose: bool,
}

/// Reads the levels of a cite from byte `from` of `text` (just after the
/// root number). Never fails: it stops at the first character that does not
/// continue the cite.
pub(crate) fn scan(text: &str, from: usize, leniency: Leniency) -> Levels {
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        leniency,
        out: Levels {
            end: from,
            ..Levels::default()
        },
    };
    r.section();
    r.item();
    r.sub_item();
    r.roman();
    r.out.glued_tail = text[r.out.end..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric());
    r.out
}

/// The levels read so far; `out.end` is where the next one may start.
struct Reader<'t> {
    text: &'t str,
    b: &'t [u8],
    leniency: Leniency,
    out: Levels,
}

impl Reader<'_> {
    /// The section letter; after a law cue also in parentheses (`Law 3(a)`,
    /// as the English sub-item is written), never a roman-looking one.
    fn section(&mut self) {
        let (b, leniency) = (self.b, self.leniency);
        if matches!(leniency, Leniency::LawCued | Leniency::Query) {
            if let Some((c, close)) = paren_letter(self.text, self.out.end) {
                if from_roman(&(c as char).to_string()).is_none() {
                    self.out.path.section = Some(c.to_ascii_uppercase() as char);
                    self.out.end = close;
                    return;
                }
            }
        }
        let Some((at, loose)) = joined(self.text, self.out.end, leniency, is_letter) else {
            return;
        };
        let c = b[at];
        let next = b.get(at + 1).copied();
        // A digit follows: an item, directly or after the dot of the
        // dotted form (`7c1`, `12.c.1`).
        let next_is_digit = next.is_some_and(|n| n.is_ascii_digit())
            || (next == Some(b'.') && b.get(at + 2).is_some_and(u8::is_ascii_digit));
        let ends_word = !letter_at(self.text, at + 1);
        let upper = c.is_ascii_uppercase();
        let lower_ok = match leniency {
            Leniency::Query => true,
            Leniency::LawCued => !loose || next_is_digit,
            Leniency::Cued => next_is_digit,
            Leniency::Bare => false,
        };
        // A spaced letter must stand alone (`86 B`, not `86 Bord`), and a
        // space never joins a letter that starts a compound (`75 A-kort`).
        let hyphen = next == Some(b'-');
        let spaced_ok = !loose || (ends_word && !(hyphen && b[at - 1] == b' '));
        // `t.o.m.`, `f.eks.`: a letter in an abbreviation is no level.
        let abbreviation = next == Some(b'.') && b.get(at + 2).is_some_and(u8::is_ascii_alphabetic);
        if (upper || lower_ok) && ends_word && spaced_ok && !abbreviation {
            self.out.path.section = Some(c.to_ascii_uppercase() as char);
            self.out.loose |= loose;
            self.out.end = at + 1;
        }
    }

    /// The item number.
    fn item(&mut self) {
        if self.out.path.section.is_none() {
            return;
        }
        // The WBF's bracketed item (`70C(3)`, `17D(1)`) and a dotted item
        // after a glued capital section (`31A.2`): forms of sites that quote
        // the English Laws, read at every leniency.
        if let Some((n, end)) = bracketed_or_dotted_item(self.text, self.out.end, self.out.loose) {
            self.out.path.item = Some(n);
            self.out.end = end;
            return;
        }
        let b = self.b;
        let Some((at, loose)) = joined(self.text, self.out.end, self.leniency, |c| {
            c.is_ascii_digit()
        }) else {
            return;
        };
        let mut e = at;
        while e < b.len() && b[e].is_ascii_digit() {
            e += 1;
        }
        let digits = self.text.get(at..e).unwrap_or_default();
        if digits.len() <= 2 && !digits.starts_with('0') {
            if let Ok(n) = digits.parse::<u16>() {
                self.out.path.item = Some(n);
                self.out.loose |= loose;
                self.out.end = e;
            }
        }
    }

    /// The sub-item letter: `b`, `(b)`, or in a query `B`.
    fn sub_item(&mut self) {
        if self.out.path.item.is_none() {
            return;
        }
        let (text, b, leniency) = (self.text, self.b, self.leniency);
        let pos = self.out.end;
        if let Some((at, loose)) = joined(text, pos, leniency, is_letter) {
            let c = b[at];
            let next = b.get(at + 1).copied();
            let ends_word = !word_at(text, at + 1);
            // After a space, `i` is a word of its own (`lov 12 C 1 i slike
            // tilfeller`) unless nothing but punctuation follows.
            let word_like = loose && c.eq_ignore_ascii_case(&b'i');
            let punct_after = next.is_none_or(|n| n != b' ') && !word_at(text, at + 1);
            // After an item a letter can only be a sub-item, so a cue
            // allows it in capitals (`lov 16B1A`).
            let case_ok = c.is_ascii_lowercase() || leniency != Leniency::Bare;
            // A roman numeral may follow the letter directly: in a query
            // (`20F5bii`), and after a cue when the letter is glued on too
            // (`§ 212A1ai`; not `lov 12 C 1 av`, a word).
            let glued_roman = leniency == Leniency::Query || (leniency != Leniency::Bare && !loose);
            let roman_tail = glued_roman && bare_roman(text, at + 1).is_some();
            let abbreviation =
                next == Some(b'.') && b.get(at + 2).is_some_and(u8::is_ascii_alphabetic);
            if case_ok && (ends_word || roman_tail) && (!word_like || punct_after) && !abbreviation
            {
                self.out.path.sub = Some(c.to_ascii_lowercase() as char);
                self.out.loose |= loose;
                self.out.end = at + 1;
            }
        } else if let Some((letter, close, loose)) = self.paren_sub(pos) {
            // `(b)` is a sub-item; `(i)`, `(v)`, `(x)` are roman numerals
            // unless another roman numeral follows (`(i)(ii)` is rare, but
            // `(a)(ii)` is the English style).
            let romanish = from_roman(&(letter as char).to_string()).is_some();
            if !romanish || paren_roman(text, close).is_some() {
                self.out.path.sub = Some(letter as char);
                self.out.loose |= loose;
                self.out.end = close;
            }
        }
    }

    /// A sub-item in parentheses at `pos`: glued (`27B1(b)`); after a cue
    /// also after one space or dot (`45C4 (b)`, `45C4.(b)`), and after a dot
    /// and a space when the levels were dotted or spaced (`45.C.4. (b)`; in
    /// `Law 45C4. (b) The next` the sentence ends). The letter, the offset
    /// after `)` and whether it was joined loosely.
    fn paren_sub(&self, pos: usize) -> Option<(u8, usize, bool)> {
        if let Some((c, close)) = paren_letter(self.text, pos) {
            return Some((c, close, false));
        }
        if self.leniency == Leniency::Bare {
            return None;
        }
        let b = self.b;
        let skip = match (b.get(pos), b.get(pos + 1)) {
            (Some(b'.'), Some(b' ')) if self.out.loose => 2,
            (Some(b'.' | b' '), _) => 1,
            _ => return None,
        };
        paren_letter(self.text, pos + skip).map(|(c, close)| (c, close, true))
    }

    /// The roman numeral: `(ii)`, after a cue also glued (`212A1ai`), in a
    /// query also ` ii`; or the 1997 Laws' numbered fourth level after a
    /// sub-item (`9B2(b)(1)`, read as `9B2b(i)`).
    fn roman(&mut self) {
        if self.out.path.item.is_none() && self.out.path.sub.is_none() {
            return;
        }
        let (text, b, leniency) = (self.text, self.b, self.leniency);
        let pos = self.out.end;
        let spaced_paren = leniency != Leniency::Bare && b.get(pos) == Some(&b' ');
        let glued_after_sub = self.out.path.sub.is_some()
            && pos
                .checked_sub(1)
                .and_then(|p| b.get(p))
                .is_some_and(u8::is_ascii_alphabetic);
        if let Some((n, close)) = paren_number(text, pos).filter(|_| self.out.path.sub.is_some()) {
            self.out.path.roman = Some(n);
            self.out.end = close;
        } else if let Some((n, close)) = paren_roman(text, pos) {
            self.out.path.roman = Some(n);
            self.out.end = close;
        } else if let Some((n, close)) = paren_roman(text, pos + 1).filter(|_| spaced_paren) {
            self.out.path.roman = Some(n);
            self.out.loose = true;
            self.out.end = close;
        } else if let Some((n, e)) = bare_roman(text, pos).filter(|_| {
            leniency != Leniency::Bare && leniency != Leniency::Query && glued_after_sub
        }) {
            self.out.path.roman = Some(n);
            self.out.end = e;
        } else if leniency == Leniency::Query {
            let at = if b.get(pos) == Some(&b' ') {
                pos + 1
            } else {
                pos
            };
            if let Some((n, e)) = bare_roman(text, at) {
                self.out.path.roman = Some(n);
                self.out.end = e;
            }
        }
    }
}

/// True when a letter (of any script) starts at byte `pos`.
fn letter_at(text: &str, pos: usize) -> bool {
    text.get(pos..)
        .and_then(|r| r.chars().next())
        .is_some_and(char::is_alphabetic)
}

/// True when a letter or digit (of any script) starts at byte `pos`.
fn word_at(text: &str, pos: usize) -> bool {
    text.get(pos..)
        .and_then(|r| r.chars().next())
        .is_some_and(char::is_alphanumeric)
}

fn is_letter(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

/// Where the next level starts, if it follows `pos` directly or, when the
/// leniency allows, after one space or one dot; and whether it was joined
/// loosely.
fn joined(
    text: &str,
    pos: usize,
    leniency: Leniency,
    class: impl Fn(u8) -> bool,
) -> Option<(usize, bool)> {
    let b = text.as_bytes();
    let c = *b.get(pos)?;
    if class(c) {
        return Some((pos, false));
    }
    if leniency == Leniency::Bare {
        return None;
    }
    // One space (or a no-break space, two bytes in UTF-8) or one dot.
    let skip = if c == b' ' || c == b'.' {
        1
    } else if text.get(pos..)?.starts_with('\u{a0}') {
        2
    } else {
        return None;
    };
    let at = pos + skip;
    b.get(at).copied().filter(|&n| class(n)).map(|_| (at, true))
}

/// `(b)` at `pos`: the letter and the offset after `)`.
fn paren_letter(text: &str, pos: usize) -> Option<(u8, usize)> {
    let b = text.as_bytes();
    match (b.get(pos), b.get(pos + 1), b.get(pos + 2)) {
        (Some(b'('), Some(&c), Some(b')')) if c.is_ascii_lowercase() => Some((c, pos + 3)),
        _ => None,
    }
}

/// `(1)` at `pos`, a number of one level from 1 to 10: the number and the
/// offset after `)`.
fn paren_number(text: &str, pos: usize) -> Option<(u16, usize)> {
    let rest = text.get(pos..)?.strip_prefix('(')?;
    let close = rest.find(')')?;
    let digits = rest.get(..close)?;
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: u16 = digits.parse().ok()?;
    (1..=10).contains(&n).then_some((n, pos + close + 2))
}

/// `(ii)` at `pos`: the number and the offset after `)`.
fn paren_roman(text: &str, pos: usize) -> Option<(u16, usize)> {
    let rest = text.get(pos..)?.strip_prefix('(')?;
    let close = rest.find(')')?;
    if close == 0 || close > 7 {
        return None;
    }
    let n = from_roman(rest.get(..close)?)?;
    Some((n, pos + close + 2))
}

/// A roman numeral written without parentheses at `pos`, standing alone
/// (nothing word-like after it): `ii` in `20F5bii`.
fn bare_roman(text: &str, pos: usize) -> Option<(u16, usize)> {
    let b = text.as_bytes();
    let mut e = pos;
    while e < b.len() && matches!(b[e], b'i' | b'v' | b'x') {
        e += 1;
    }
    if e == pos || word_at(text, e) {
        return None;
    }
    Some((from_roman(text.get(pos..e)?)?, e))
}

/// An item written `(3)` or `.2` right after a section letter at `pos`: its
/// number and where it ends. A dotted item must not continue as a decimal
/// or a date (`31A.2.3`), and is read only after a glued section.
fn bracketed_or_dotted_item(text: &str, pos: usize, loose: bool) -> Option<(u16, usize)> {
    let b = text.as_bytes();
    let digits_from = |at: usize| {
        let mut e = at;
        while e < b.len() && b[e].is_ascii_digit() {
            e += 1;
        }
        let d = text.get(at..e)?;
        (!d.is_empty() && d.len() <= 2 && !d.starts_with('0'))
            .then(|| d.parse::<u16>().ok())
            .flatten()
            .map(|n| (n, e))
    };
    match b.get(pos) {
        Some(b'(') => {
            let (n, e) = digits_from(pos + 1)?;
            (b.get(e) == Some(&b')')).then_some((n, e + 1))
        }
        Some(b'.') if !loose => {
            let (n, e) = digits_from(pos + 1)?;
            let continues = matches!(b.get(e), Some(b'.' | b',' | b':'))
                && b.get(e + 1).is_some_and(u8::is_ascii_digit);
            let glued_on = b.get(e).is_some_and(|c| c.is_ascii_alphabetic());
            (!continues && !glued_on).then_some((n, e))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str, l: Leniency) -> (String, usize, bool) {
        let lv = scan(s, 0, l);
        (lv.path.to_string(), lv.end, lv.glued_tail)
    }

    #[test]
    fn compact_forms_in_any_leniency() {
        for l in [Leniency::Bare, Leniency::Cued, Leniency::Query] {
            assert_eq!(read("C1e(ii) x", l), ("C1e(ii)".into(), 7, false));
            assert_eq!(read("B1(a)", l), ("B1a".into(), 5, false));
            assert_eq!(read("B2(a)(ii)", l), ("B2a(ii)".into(), 9, false));
        }
    }

    #[test]
    fn spaces_and_dots_need_a_cue() {
        assert_eq!(read(" B 3 b", Leniency::Bare).0, "");
        assert_eq!(read(" B 3 b", Leniency::Cued), ("B3b".into(), 6, false));
        assert_eq!(read(".B.3.b", Leniency::Cued), ("B3b".into(), 6, false));
        assert_eq!(read(".c.1.e", Leniency::Query), ("C1e".into(), 6, false));
    }

    #[test]
    fn lower_case_letters_by_leniency() {
        assert_eq!(read("c1", Leniency::Bare), ("".into(), 0, true));
        assert_eq!(read("c1", Leniency::Cued), ("C1".into(), 2, false));
        assert_eq!(read("c", Leniency::Cued), ("".into(), 0, true));
        assert_eq!(read("c", Leniency::LawCued), ("C".into(), 1, false));
        assert_eq!(read("B1A", Leniency::Query), ("B1a".into(), 3, false));
        assert_eq!(read("F5bii", Leniency::Query), ("F5b(ii)".into(), 5, false));
    }

    #[test]
    fn words_after_a_space_are_not_levels() {
        assert_eq!(read(" C 1 i slike", Leniency::LawCued).0, "C1");
        assert_eq!(read(" C 1 a", Leniency::LawCued).0, "C1a");
        assert_eq!(read(" C 1 i)", Leniency::LawCued).0, "C1i");
        assert_eq!(read(" Bord", Leniency::LawCued).0, "");
        assert_eq!(read("C1 når", Leniency::Cued), ("C1".into(), 2, false));
        assert_eq!(read(" A-kort", Leniency::LawCued).0, "");
    }
}

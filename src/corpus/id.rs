/*!
Canonical addresses of provisions.

A [`ProvisionId`] is the one spelling of a provision that URLs, JSON, the CLI and
HTML anchors all share: `12`, `12C`, `12C1e(ii)`, `X78B4`, `212A1a(iii)`,
`def:Spillefører`, `laws:forord`. It is parsed once at the edge (`FromStr`) and
formatted in one place (`Display`); nothing else in lovbok assembles a cite by
hand. The compact form is unambiguous because its levels alternate between
digits and letters: law number, section letter (upper case), item number,
sub-item letter (lower case), roman numeral in parentheses.
*/

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// Which of the two books a provision belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BookId {
    /// The 2017 Laws of Duplicate Bridge, Norwegian translation.
    Laws,
    /// DBf's Tournament Director Handbook 2013, Danish.
    Handbook,
}

impl BookId {
    /// Both books, in the order lovbok presents them.
    pub const ALL: [BookId; 2] = [BookId::Laws, BookId::Handbook];

    /// The stable name used in URLs, JSON and front matter.
    pub fn as_str(self) -> &'static str {
        match self {
            BookId::Laws => "laws",
            BookId::Handbook => "handbook",
        }
    }

    /// The edition (year) of the book lovbok holds: the 2017 Laws, the
    /// 2013 handbook.
    pub fn edition(self) -> u16 {
        match self {
            // `concordance::CURRENT_EDITION` (which imports this file; a
            // test there holds the two equal).
            BookId::Laws => 2017,
            BookId::Handbook => 2013,
        }
    }

    /// The book's language as a BCP 47 tag.
    pub fn lang(self) -> &'static str {
        match self {
            BookId::Laws => "nb",
            BookId::Handbook => "da",
        }
    }
}

impl Serialize for BookId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl fmt::Display for BookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BookId {
    type Err = ParseIdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "laws" => Ok(BookId::Laws),
            "handbook" => Ok(BookId::Handbook),
            _ => Err(ParseIdError::new(
                s,
                "unknown book (expected laws or handbook)",
            )),
        }
    }
}

/// The top level a numbered provision hangs from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Root {
    /// A law of the Laws of Duplicate Bridge, 1-93.
    Law(u16),
    /// A handbook extension of a law, `X6` ... `X93`.
    Extension(u16),
    /// A numbered handbook section, 201-299.
    Section(u16),
}

impl Root {
    /// The book this root lives in.
    pub fn book(self) -> BookId {
        match self {
            Root::Law(_) => BookId::Laws,
            Root::Extension(_) | Root::Section(_) => BookId::Handbook,
        }
    }

    /// Classifies a bare number the way both books do: 1-93 are laws, 201-299
    /// handbook sections; anything else cannot be cited.
    pub fn from_number(n: u16) -> Option<Root> {
        match n {
            1..=93 => Some(Root::Law(n)),
            201..=299 => Some(Root::Section(n)),
            _ => None,
        }
    }
}

/// The levels below a root, each optional but always in this order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path {
    /// Lettered section, `A`-`Z`.
    pub section: Option<char>,
    /// Numbered item.
    pub item: Option<u16>,
    /// Lettered sub-item, `a`-`z`.
    pub sub: Option<char>,
    /// Roman sub-sub-item, as a number (`(ii)` is 2).
    pub roman: Option<u16>,
}

impl Path {
    /// The depth of the deepest level present (0 for the root itself).
    pub fn depth(&self) -> usize {
        [
            self.section.is_some(),
            self.item.is_some(),
            self.sub.is_some(),
            self.roman.is_some(),
        ]
        .iter()
        .rposition(|b| *b)
        .map_or(0, |i| i + 1)
    }

    /// The path one level up, or `None` at the root.
    pub fn parent(&self) -> Option<Path> {
        let mut p = self.clone();
        if p.roman.take().is_some()
            || p.sub.take().is_some()
            || p.item.take().is_some()
            || p.section.take().is_some()
        {
            Some(p)
        } else {
            None
        }
    }

    /// True when `self` lies on the way from the root to `other` (or is it).
    pub fn is_prefix_of(&self, other: &Path) -> bool {
        fn ok<T: PartialEq>(a: &Option<T>, b: &Option<T>) -> bool {
            a.is_none() || a == b
        }
        let depth = self.depth();
        let fields_ok = ok(&self.section, &other.section)
            && ok(&self.item, &other.item)
            && ok(&self.sub, &other.sub)
            && ok(&self.roman, &other.roman);
        fields_ok && other.depth() >= depth
    }
}

/// The canonical address of one provision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProvisionId {
    /// A law or handbook provision addressed by its numbering.
    Numbered { root: Root, path: Path },
    /// A defined term of the Laws (`def:Alert`).
    Definition(String),
    /// Unnumbered front matter of a book (`laws:forord`).
    Front { book: BookId, slug: String },
}

impl ProvisionId {
    /// A law, section or extension itself.
    pub fn root(root: Root) -> ProvisionId {
        ProvisionId::Numbered {
            root,
            path: Path::default(),
        }
    }

    /// The book the provision belongs to. Definitions are part of the Laws.
    pub fn book(&self) -> BookId {
        match self {
            ProvisionId::Numbered { root, .. } => root.book(),
            ProvisionId::Definition(_) => BookId::Laws,
            ProvisionId::Front { book, .. } => *book,
        }
    }

    /// The numbering parent (`12C1` for `12C1e`), or `None` for a root.
    pub fn numbered_parent(&self) -> Option<ProvisionId> {
        match self {
            ProvisionId::Numbered { root, path } => path
                .parent()
                .map(|path| ProvisionId::Numbered { root: *root, path }),
            _ => None,
        }
    }

    /// The law, extension or section this provision belongs to, if numbered.
    pub fn numbered_root(&self) -> Option<Root> {
        match self {
            ProvisionId::Numbered { root, .. } => Some(*root),
            _ => None,
        }
    }

    /// True when `self` is `other` or one of its numbering ancestors.
    pub fn contains(&self, other: &ProvisionId) -> bool {
        match (self, other) {
            (
                ProvisionId::Numbered { root: a, path: pa },
                ProvisionId::Numbered { root: b, path: pb },
            ) => a == b && pa.is_prefix_of(pb),
            _ => self == other,
        }
    }
}

/// Lower-case roman numeral for 1..=39 (the books never go near that).
pub fn to_roman(mut n: u16) -> String {
    const TABLE: [(u16, &str); 6] = [(10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"), (0, "")];
    let mut out = String::new();
    for (value, sym) in TABLE {
        if value == 0 {
            break;
        }
        while n >= value {
            out.push_str(sym);
            n -= value;
        }
    }
    out
}

/// Parses a lower-case roman numeral up to 39; `None` for anything else.
pub fn from_roman(s: &str) -> Option<u16> {
    if s.is_empty() || s.len() > 7 {
        return None;
    }
    let mut total: u16 = 0;
    let mut prev = 0;
    for c in s.chars().rev() {
        let v = match c {
            'i' => 1,
            'v' => 5,
            'x' => 10,
            _ => return None,
        };
        if v < prev {
            total = total.checked_sub(v)?;
        } else {
            total += v;
            prev = v;
        }
    }
    // Only canonical spellings round-trip ("iiii" and "vx" are rejected).
    (total > 0 && to_roman(total) == s).then_some(total)
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.section {
            write!(f, "{c}")?;
        }
        if let Some(n) = self.item {
            write!(f, "{n}")?;
        }
        if let Some(c) = self.sub {
            write!(f, "{c}")?;
        }
        if let Some(n) = self.roman {
            write!(f, "({})", to_roman(n))?;
        }
        Ok(())
    }
}

impl fmt::Display for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Root::Law(n) | Root::Section(n) => write!(f, "{n}"),
            Root::Extension(n) => write!(f, "X{n}"),
        }
    }
}

impl fmt::Display for ProvisionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProvisionId::Numbered { root, path } => write!(f, "{root}{path}"),
            ProvisionId::Definition(term) => write!(f, "def:{term}"),
            ProvisionId::Front { book, slug } => write!(f, "{book}:{slug}"),
        }
    }
}

impl Serialize for ProvisionId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Why a string is not a canonical cite.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{input:?} is not a provision cite: {reason}")]
pub struct ParseIdError {
    /// The rejected input, cut to a readable length.
    pub input: String,
    /// What was wrong with it.
    pub reason: &'static str,
}

impl ParseIdError {
    fn new(input: &str, reason: &'static str) -> ParseIdError {
        ParseIdError {
            input: input.chars().take(60).collect(),
            reason,
        }
    }
}

impl FromStr for ProvisionId {
    type Err = ParseIdError;

    /// Parses the canonical compact form. Spaces and a leading `§` are
    /// tolerated so that `§ 12 C 1 c` and `12C1c` give the same id; anything
    /// looser (lists, relative cites, prose) is the citation finder's job.
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        if input.len() > 200 {
            return Err(ParseIdError::new(input, "too long"));
        }
        let s = input.trim();
        if let Some(term) = s.strip_prefix("def:") {
            let term = term.trim();
            if term.is_empty() {
                return Err(ParseIdError::new(input, "empty term"));
            }
            return Ok(ProvisionId::Definition(term.to_string()));
        }
        for book in BookId::ALL {
            if let Some(slug) = s
                .strip_prefix(book.as_str())
                .and_then(|r| r.strip_prefix(':'))
            {
                let ok = !slug.is_empty()
                    && slug
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
                if !ok {
                    return Err(ParseIdError::new(input, "bad front-matter name"));
                }
                return Ok(ProvisionId::Front {
                    book,
                    slug: slug.to_string(),
                });
            }
        }
        let compact: String = s
            .trim_start_matches('§')
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        parse_numbered(&compact).ok_or_else(|| {
            ParseIdError::new(input, "expected a cite like 12C1e(ii), X78B4 or 212A1a")
        })
    }
}

fn parse_numbered(s: &str) -> Option<ProvisionId> {
    let b = s.as_bytes();
    let mut i = 0;
    let extension = matches!(b.first(), Some(b'X') | Some(b'x'));
    if extension {
        i = 1;
    }
    let digits = |i: &mut usize| -> Option<u16> {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        let len = *i - start;
        if len == 0 || len > 3 || b[start] == b'0' {
            return None;
        }
        s[start..*i].parse().ok()
    };
    let n = digits(&mut i)?;
    let root = if extension {
        (1..=93).contains(&n).then_some(Root::Extension(n))?
    } else {
        Root::from_number(n)?
    };
    let mut path = Path::default();
    if i < b.len() && b[i].is_ascii_uppercase() {
        path.section = Some(b[i] as char);
        i += 1;
    }
    if i < b.len() && b[i].is_ascii_digit() {
        // An item number needs a section letter before it, or it would read
        // as part of the root number.
        path.section?;
        path.item = Some(digits(&mut i)?);
    }
    if i < b.len() && b[i].is_ascii_lowercase() {
        path.sub = Some(b[i] as char);
        i += 1;
    } else if i + 2 < b.len()
        && b[i] == b'('
        && b[i + 1].is_ascii_lowercase()
        && b[i + 2] == b')'
        && path.item.is_some()
        && from_roman(&s[i + 1..i + 2]).is_none()
    {
        // `16B1(a)`: a letter written in parentheses, as English-style cites
        // do. `(i)`, `(v)` and `(x)` stay roman numerals.
        path.sub = Some(b[i + 1] as char);
        i += 3;
    }
    if i < b.len() && b[i] == b'(' {
        let close = s[i..].find(')')? + i;
        path.roman = Some(from_roman(&s[i + 1..close])?);
        i = close + 1;
    }
    // Each level needs the one above it, except that a roman numeral may
    // follow an item directly (`12C1(ii)`).
    let well_formed = (path.sub.is_none() || path.section.is_some())
        && (path.roman.is_none() || path.item.is_some() || path.sub.is_some());
    (i == b.len() && well_formed).then_some(ProvisionId::Numbered { root, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn round_trip(s: &str) {
        let id: ProvisionId = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(id.to_string(), s);
    }

    #[test]
    fn canonical_forms_round_trip() {
        for s in [
            "1",
            "12",
            "93",
            "12C",
            "12C1",
            "12C1e",
            "12C1e(ii)",
            "X78",
            "X78B4",
            "201",
            "212A1a(iii)",
            "213A4a(vi)",
            "def:Spillefører",
            "laws:forord",
            "handbook:forord",
            "20F5b(i)",
            "12C1(ii)",
        ] {
            round_trip(s);
        }
    }

    #[test]
    fn spaces_and_section_sign_are_tolerated() {
        assert_eq!(
            "§ 12 C 1 c".parse::<ProvisionId>().unwrap().to_string(),
            "12C1c"
        );
        assert_eq!("x16".parse::<ProvisionId>().unwrap().to_string(), "X16");
    }

    #[test]
    fn letter_in_parentheses_is_a_sub_item() {
        assert_eq!(
            "16B1(a)".parse::<ProvisionId>().unwrap().to_string(),
            "16B1a"
        );
    }

    #[test]
    fn impossible_cites_are_rejected() {
        for s in [
            "",
            "0",
            "94",
            "99",
            "150",
            "300",
            "X0",
            "X94",
            "12c",
            "121a",
            "12C1(iiii)",
            "12C1e(",
            "abc",
            "def:",
            "laws:",
            "012",
        ] {
            assert!(s.parse::<ProvisionId>().is_err(), "{s:?} should not parse");
        }
    }

    #[test]
    fn parents_and_containment() {
        let id: ProvisionId = "12C1e(ii)".parse().unwrap();
        let parent = id.numbered_parent().unwrap();
        assert_eq!(parent.to_string(), "12C1e");
        let law: ProvisionId = "12".parse().unwrap();
        assert!(law.contains(&id));
        assert!(!id.contains(&law));
        assert!(!"13".parse::<ProvisionId>().unwrap().contains(&id));
    }

    #[test]
    fn roman_numerals() {
        for n in 1..=39 {
            assert_eq!(from_roman(&to_roman(n)), Some(n));
        }
        assert_eq!(from_roman("iiii"), None);
        assert_eq!(from_roman("a"), None);
    }
}

//! A text block's labels and the provisions they open: `1.`, `a)`, `(ii)`
//! in the Laws, `a.`, `iii.` in the handbook, read from the start of the
//! block (and the list item's number), each opening a provision below the
//! right open parent, with the check that siblings are numbered in order.

use std::sync::LazyLock;

use regex::Regex;

use super::{Builder, Label, Leaf, Level};
use crate::corpus::id::{from_roman, to_roman, BookId, ProvisionId};
use crate::corpus::Kind;

/// Laws' sub-item labels: `a)` and `(ii)`.
static LAW_LETTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[a-z])\)(?:\s+|$)").expect("static regex"));
static LAW_ROMAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\((?P<r>[ivx]+)\)(?:\s+|$)").expect("static regex"));
/// Handbook sub-item labels: `a.` and `iii.`.
static HB_LETTER_OR_ROMAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?P<l>[a-z]|[ivx]+)\.(?:\s+|$)").expect("static regex"));

impl Builder<'_> {
    /// A numbered file's text block: the provisions its labels open, then
    /// its text, if any, in the innermost of them.
    pub(super) fn attach_labelled(&mut self, root: usize, leaf: Leaf) {
        let is_laws = self.out.provisions[root].book == BookId::Laws;
        let (labels, consumed) = self.read_labels(&leaf, is_laws);
        let mut target = self.stack.last().map(|s| s.1).unwrap_or(root);
        for (label, printed) in labels {
            match self.open(root, &label, printed, leaf.start) {
                Some(idx) => target = idx,
                None => break,
            }
        }
        let text = leaf.text[consumed..].to_string();
        let refs = leaf
            .refs
            .iter()
            .map(|(l, o)| (l.clone(), o.saturating_sub(consumed)))
            .collect();
        if !text.trim().is_empty() {
            self.attach_text(target, text, refs, leaf.start);
        }
    }

    /// The labels at the start of a block, each with its printed form, and
    /// how many bytes of the text they take.
    fn read_labels(&self, leaf: &Leaf, is_laws: bool) -> (Vec<(Label, String)>, usize) {
        let mut rest: &str = &leaf.text;
        let mut consumed = 0;
        let mut labels: Vec<(Label, String)> = Vec::new();
        if let Some(n) = leaf.item {
            labels.push((Label::Item(n), format!("{n}.")));
        }
        loop {
            let trimmed_start = rest.len() - rest.trim_start().len();
            let r = &rest[trimmed_start..];
            let found = if is_laws {
                law_label(r)
            } else {
                HB_LETTER_OR_ROMAN.captures(r).and_then(|c| {
                    let s = &c["l"];
                    let label = self.classify_hb_label(s, &labels)?;
                    Some((label, c[0].len(), format!("{s}.")))
                })
            };
            match found {
                Some((label, len, printed)) => {
                    labels.push((label, printed));
                    consumed += trimmed_start + len;
                    rest = &leaf.text[consumed..];
                }
                None => break,
            }
        }
        (labels, consumed)
    }

    /// Decides whether a handbook `i.`/`v.`/`x.` is a letter or a roman numeral.
    fn classify_hb_label(&self, s: &str, earlier: &[(Label, String)]) -> Option<Label> {
        let roman = from_roman(s);
        if s.len() > 1 {
            return roman.map(Label::Roman);
        }
        let c = s.chars().next()?;
        if roman.is_none() {
            return Some(Label::Letter(c));
        }
        // A single i, v or x: a letter only when it continues a letter run.
        let before = (c as u8 - 1) as char;
        let prev_letter = if earlier.iter().any(|(l, _)| matches!(l, Label::Item(_))) {
            None
        } else {
            self.stack
                .iter()
                .rev()
                .find(|(lvl, _)| *lvl == Level::Sub)
                .and_then(|(_, idx)| self.out.provisions[*idx].id.clone().into_sub())
        };
        if prev_letter == Some(before) {
            Some(Label::Letter(c))
        } else {
            roman.map(Label::Roman)
        }
    }

    /// Opens a provision for `label` below the right open parent.
    fn open(&mut self, root: usize, label: &Label, printed: String, start: usize) -> Option<usize> {
        let level = label.level();
        while self.stack.last().is_some_and(|(l, _)| *l >= level) {
            self.stack.pop();
        }
        let parent = self.stack.last().map(|s| s.1).unwrap_or(root);
        let parent_id = self.out.provisions[parent].id.clone();
        let ProvisionId::Numbered { root: r, path } = parent_id else {
            return None;
        };
        let mut path = path;
        let kind = match label {
            Label::Item(n) => {
                if path.section.is_none() {
                    self.error(
                        start,
                        format!("numbered item {n}. outside a lettered section: its cite would be ambiguous"),
                    );
                    return None;
                }
                path.item = Some(*n);
                Kind::Item
            }
            Label::Letter(c) => {
                path.sub = Some(*c);
                Kind::SubItem
            }
            Label::Roman(n) => {
                path.roman = Some(*n);
                Kind::SubSubItem
            }
        };
        self.check_sequence(parent, level, label, start);
        let id = ProvisionId::Numbered { root: r, path };
        let idx = self.push(id, kind, printed, None, parent, start);
        self.stack.push((level, idx));
        Some(idx)
    }

    /// Reports numbering that skips or repeats among siblings.
    pub(super) fn check_sequence(
        &mut self,
        parent: usize,
        level: Level,
        label: &Label,
        start: usize,
    ) {
        let prev = self.out.provisions[parent]
            .children
            .iter()
            .rev()
            .map(|&c| &self.out.provisions[c])
            .find(|p| level_of(p.kind) == Some(level))
            .map(|p| ordinal_of(&p.id, level));
        let this = match label {
            Label::Item(n) | Label::Roman(n) => *n as u32,
            Label::Letter(c) if level == Level::Section => (*c as u32) - ('A' as u32) + 1,
            Label::Letter(c) => (*c as u32).saturating_sub('a' as u32) + 1,
        };
        let expected = prev.flatten().map_or(1, |p| p + 1);
        if this != expected && !self.numbering_gap {
            let what = match prev.flatten() {
                Some(p) if p >= this => "repeats or goes backwards",
                Some(_) => "skips",
                None => "does not start at the first number",
            };
            let msg = format!(
                "numbering {what}: expected {} but found {} (declare `<!-- lovbok: numbering-gap -->` if the source lost it)",
                render_ordinal(expected, level),
                render_ordinal(this, level)
            );
            self.error(start, msg);
        }
    }
}

/// A Laws label at the start of `r`: `(ii)` or `a)`, with its length and
/// printed form.
fn law_label(r: &str) -> Option<(Label, usize, String)> {
    if let Some(c) = LAW_ROMAN.captures(r) {
        from_roman(&c["r"]).map(|n| (Label::Roman(n), c[0].len(), format!("({})", &c["r"])))
    } else {
        LAW_LETTER.captures(r).and_then(|c| {
            c["l"]
                .chars()
                .next()
                .map(|l| (Label::Letter(l), c[0].len(), format!("{l})")))
        })
    }
}

impl ProvisionId {
    fn into_sub(self) -> Option<char> {
        match self {
            ProvisionId::Numbered { path, .. } => path.sub,
            _ => None,
        }
    }
}

fn level_of(kind: Kind) -> Option<Level> {
    match kind {
        Kind::Subsection => Some(Level::Section),
        Kind::Item => Some(Level::Item),
        Kind::SubItem => Some(Level::Sub),
        Kind::SubSubItem => Some(Level::Roman),
        _ => None,
    }
}

fn ordinal_of(id: &ProvisionId, level: Level) -> Option<u32> {
    let ProvisionId::Numbered { path, .. } = id else {
        return None;
    };
    match level {
        Level::Section => path.section.map(|c| c as u32 - 'A' as u32 + 1),
        Level::Item => path.item.map(u32::from),
        Level::Sub => path.sub.map(|c| c as u32 - 'a' as u32 + 1),
        Level::Roman => path.roman.map(u32::from),
    }
}

fn render_ordinal(n: u32, level: Level) -> String {
    match level {
        Level::Section => char::from_u32('A' as u32 + n.saturating_sub(1))
            .map_or(n.to_string(), |c| c.to_string()),
        Level::Sub => char::from_u32('a' as u32 + n.saturating_sub(1))
            .map_or(n.to_string(), |c| c.to_string()),
        Level::Roman => to_roman(n as u16),
        Level::Item => n.to_string(),
    }
}

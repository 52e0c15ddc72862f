//! Stage 3 of [`find`](super::find), the neighbours: what a candidate is,
//! judged by the candidates around it. Two numbers joined by a dash that are
//! no range are a score (`2-0`), and the bare `§` numbers after another
//! statute's name are its paragraphs, not the Laws'.

use super::candidates::{Candidate, Shape};
use super::context::{self, Block};
use super::joins;

/// `candidates` with the blocks that only their neighbours show.
pub(super) fn judge(text: &str, mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    scores(text, &mut candidates);
    other_statute_paragraphs(text, &mut candidates);
    candidates
}

/// Two numbers joined by a dash that are no range are a score or a span
/// of quantities (`2-0`, `se 1-1`, `18–16`), not cites.
fn scores(text: &str, candidates: &mut [Candidate]) {
    for i in 1..candidates.len() {
        let gap = text
            .get(candidates[i - 1].span.end..candidates[i].span.start)
            .unwrap_or_default();
        if gap.len() <= 8 && joins::is_dash(gap) && !candidates[i - 1].ranges_to(&candidates[i]) {
            for c in &mut candidates[i - 1..=i] {
                if matches!(
                    c.shape,
                    Shape::Absolute { bare: Some(_), .. } | Shape::Quantity
                ) {
                    c.block.get_or_insert(Block::Number);
                }
            }
        }
    }
}

/// Blocks the bare `§` numbers that follow another statute's name in the
/// same text (`persondatalovens § 2 … (§§ 35-37) … (§ 39)`, `jordlova …
/// §§ 9 og 12`), with the members of their lists and ranges. A cite with
/// a section letter keeps its own evidence and is left alone.
fn other_statute_paragraphs(text: &str, candidates: &mut [Candidate]) {
    let mut statute = false;
    let mut prev_end = 0;
    let mut prev_blocked = false;
    for c in candidates.iter_mut() {
        let gap = text.get(prev_end..c.span.start).unwrap_or_default();
        if let Some(named) = context::statute_named_last(gap) {
            statute = named;
        }
        let signed = context::before(text, c.span.start)
            .trim_end()
            .ends_with('§');
        let member = prev_blocked && joins::is_member(gap);
        // A bare number, or levels in a statute's lower case (`§ 3a`, `§ 5e`):
        // a cite of the Laws writes its section letter as a capital.
        let written = text.get(c.span.start..c.span.end).unwrap_or_default();
        let bare = matches!(c.shape, Shape::Absolute { bare: Some(_), .. })
            || (matches!(c.shape, Shape::Absolute { .. })
                && !written.chars().any(|ch| ch.is_ascii_uppercase()));
        prev_blocked = false;
        if statute && bare && c.block.is_none() && (signed || member) {
            c.block = Some(Block::NotACite);
            prev_blocked = true;
        }
        prev_end = c.span.end.max(prev_end);
    }
}

/*!
Tables the transcript flattened into running text ("… på følgende måte:
Nord Giver Mappe Øst Giver Mappe …"), rebuilt as markdown tables.

A table follows a colon and is a run of three rows or more, each of two to
four words, each ending on the same word. A column whose every cell is the
same word says nothing by itself: a printed table carries its values after
it, so the values were lost, and the table gets a last column of `[…]`.
Rows whose words before the repeated one differ (`Giver` / `i faresonen`)
are two tables, one after the other, as the book groups them.
*/

use super::text::Tok;

/// A run of text or a rebuilt table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block<'a> {
    Text(&'a [Tok]),
    /// Rows of cells; every row has the same number of cells.
    Table(Vec<Vec<String>>),
}

/// The longest and shortest row, in words, the repeated word included.
const ROW_WORDS: std::ops::RangeInclusive<usize> = 2..=4;
/// The fewest rows a table has.
const MIN_ROWS: usize = 3;

/// A table's rows starting at `start` (right after a colon): the index
/// past each row's last word, if three rows or more end on the same word
/// (of the first row's possible lengths, the one that makes most rows).
fn rows_at(toks: &[Tok], start: usize) -> Option<Vec<usize>> {
    let capital = |k: usize| {
        toks.get(k)
            .is_some_and(|t| t.w.chars().next().is_some_and(char::is_uppercase))
    };
    let runs = ROW_WORDS.filter_map(|first| {
        let end_word = &toks.get(start + first - 1)?.w;
        if !capital(start) || end_word.ends_with(['.', ',', ':', ';']) {
            return None;
        }
        let mut ends = vec![start + first];
        loop {
            let from = *ends.last()?;
            let next = ROW_WORDS
                .clone()
                .find(|&n| toks.get(from + n - 1).is_some_and(|t| &t.w == end_word))
                .filter(|_| capital(from));
            match next {
                Some(n) => ends.push(from + n),
                None => break,
            }
        }
        (ends.len() >= MIN_ROWS).then_some(ends)
    });
    runs.reduce(|a, b| if b.len() > a.len() { b } else { a })
}

fn join(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| t.w.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cuts a text into runs of text and rebuilt tables.
pub fn blocks(toks: &[Tok]) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut i = 0;
    while i < toks.len() {
        let Some(ends) = toks[i]
            .w
            .ends_with(':')
            .then(|| rows_at(toks, i + 1))
            .flatten()
        else {
            i += 1;
            continue;
        };
        out.push(Block::Text(&toks[from..=i]));
        let mut start = i + 1;
        let mut table: Vec<Vec<String>> = Vec::new();
        let mut group: Option<String> = None;
        for &end in &ends {
            let row = &toks[start..end];
            // The word before the repeated one names the row's group (a
            // row of two words has only its label).
            let kind = if row.len() > 2 {
                row[row.len() - 2].w.clone()
            } else {
                String::new()
            };
            if group.as_ref().is_some_and(|g| *g != kind) && !table.is_empty() {
                out.push(Block::Table(std::mem::take(&mut table)));
            }
            group = Some(kind);
            table.push(vec![
                join(&row[..row.len() - 1]),
                row[row.len() - 1].w.clone(),
                "[…]".into(),
            ]);
            start = end;
        }
        out.push(Block::Table(table));
        from = start;
        i = start;
    }
    if from < toks.len() {
        out.push(Block::Text(&toks[from..]));
    }
    out
}

/// A table as markdown, with the empty header row the format uses for a
/// table the book prints without one.
pub fn markdown(rows: &[Vec<String>]) -> String {
    let cols = rows.first().map_or(0, Vec::len);
    let mut out = format!("|{}\n", "  |".repeat(cols));
    out.push_str(&format!("|{}\n", " --- |".repeat(cols)));
    for row in rows {
        out.push('|');
        for cell in row {
            out.push_str(&format!(" {cell} |"));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::super::text::toks;
    use super::*;

    #[test]
    fn a_flattened_table_is_rebuilt_in_its_groups() {
        // Fixture: an invented table, not book text.
        let t = toks(
            "Fargene er slik: Rød Side Kort Blå Side Kort Grønn Side Kort \
             Gul i hjørnet Kort Hvit i hjørnet Kort Svart i hjørnet Kort Så videre.",
        );
        let b = blocks(&t);
        assert_eq!(b.len(), 4, "{b:?}");
        assert!(matches!(b[0], Block::Text(x) if join(x) == "Fargene er slik:"));
        let Block::Table(rows) = &b[1] else {
            panic!("{b:?}")
        };
        assert_eq!(rows[0], vec!["Rød Side", "Kort", "[…]"]);
        assert_eq!(rows.len(), 3);
        assert!(matches!(&b[2], Block::Table(r) if r[0][0] == "Gul i hjørnet"));
        assert!(matches!(b[3], Block::Text(x) if join(x) == "Så videre."));
        assert!(markdown(rows)
            .starts_with("|  |  |  |\n| --- | --- | --- |\n| Rød Side | Kort | […] |"));
    }

    #[test]
    fn running_text_after_a_colon_is_no_table() {
        let t = toks("Slik: En spiller kan melde. Han kan også passe.");
        assert_eq!(b_len(&t), 1);
    }

    fn b_len(t: &[Tok]) -> usize {
        blocks(t).len()
    }
}

//! Footnotes: the marker in the text and the footnote's text at the page
//! bottom (or the section end), far apart in a transcript. The marker
//! becomes `[^k]` on the word before it; the start of the footnote's text
//! becomes a [`START`] token that the structure pass turns into the
//! footnote definition.

use super::pages::Page;
use super::report::Report;
use super::text::Tok;

/// Prefix of the token that opens a footnote's text: `START` + label.
pub const START: &str = "\u{1}fn:";

fn starts_upper(w: Option<&String>) -> bool {
    w.and_then(|w| w.chars().next())
        .is_some_and(char::is_uppercase)
}

/// Numbered footnotes (the laws): marker `3` in the text, text `3 En ...`
/// at the page end, numbered through the book.
pub fn numbered(pages: &mut [Page], report: &mut Report) {
    let mut next = 1u32;
    for page in pages.iter_mut() {
        loop {
            let label = next.to_string();
            let w = &page.words;
            // The footnote text: the last "N Capital" on the page.
            let Some(text_at) = (1..w.len().saturating_sub(1))
                .rev()
                .find(|&i| w[i] == label && starts_upper(w.get(i + 1)))
            else {
                break;
            };
            let glued = format!("{label}.");
            let Some(mark_at) = (1..text_at).find(|&i| {
                w[i] == label
                    || (w[i].starts_with(&label)
                        && w[i].len() > label.len()
                        && w[i][label.len()..]
                            .chars()
                            .all(|c| matches!(c, ',' | ';' | ':')))
                    || (w[i].starts_with(&glued)
                        && w[i][glued.len()..].starts_with(char::is_alphabetic))
            }) else {
                break;
            };
            // Earlier footnotes must come first: the text block runs from the
            // first footnote text on; a later number inside it is a new one.
            page.words[text_at] = format!("{START}{label}");
            let marker = page.words[mark_at].clone();
            if marker == label {
                page.words.remove(mark_at);
            } else if !marker[label.len()..].starts_with('.') {
                // "7,": the punctuation stays after the marker.
                let punct = marker[label.len()..].to_string();
                page.words.remove(mark_at);
                page.words[mark_at - 1].push_str(&format!("[^{label}]{punct}"));
                report.repair(
                    page.number,
                    &format!("footnote {label} moved from the page end to its marker"),
                );
                next += 1;
                continue;
            } else {
                page.words[mark_at] = marker[label.len()..].to_string();
                let rest = page.words[mark_at].clone();
                // "5.TLskal": the full stop belongs to the sentence before.
                page.words[mark_at] = rest.trim_start_matches('.').to_string();
                page.words[mark_at - 1].push_str(&format!("[^{label}]."));
                report.repair(page.number, &format!("footnote marker {label} glued to the next sentence (\"{marker}\") separated"));
                report.repair(
                    page.number,
                    &format!("footnote {label} moved from the page end to its marker"),
                );
                next += 1;
                continue;
            }
            page.words[mark_at - 1].push_str(&format!("[^{label}]"));
            report.repair(
                page.number,
                &format!("footnote {label} moved from the page end to its marker"),
            );
            next += 1;
        }
    }
}

fn is_star(w: &str) -> bool {
    w.len() >= 2 && w.ends_with(')') && w[..w.len() - 1].chars().all(|c| c == '*')
}

/// A star mark with punctuation after it ("*)."): the mark and the rest.
fn star_with_punct(w: &str) -> Option<(&str, &str)> {
    let end = w.find(')')? + 1;
    let (mark, rest) = w.split_at(end);
    (is_star(mark) && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_punctuation()))
        .then_some((mark, rest))
}

fn is_label(w: &str) -> bool {
    w.strip_suffix('.').is_some_and(|l| {
        !l.is_empty()
            && (l.chars().all(|c| c.is_ascii_digit())
                || (l.len() == 1 && l.chars().all(|c| c.is_ascii_alphabetic())))
    })
}

/// Star footnotes (the handbook): `*)`, `**)` markers; the same star mark
/// followed by a capitalised word, after markers of it, is the text. One
/// text serves every marker before it.
pub fn starred(toks: Vec<Tok>, report: &mut Report) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut pending: Vec<(String, Vec<usize>)> = Vec::new();
    let mut counter = 0u32;
    let n = toks.len();
    for i in 0..n {
        let mut t = toks[i].clone();
        let mut trailing = String::new();
        if let Some((mark, rest)) = star_with_punct(&t.w) {
            trailing = rest.to_string();
            t.w = mark.to_string();
        }
        if !is_star(&t.w) {
            out.push(t);
            continue;
        }
        let next_upper = trailing.is_empty()
            && toks.get(i + 1).is_some_and(|n| {
                n.w.chars().next().is_some_and(char::is_uppercase) && !is_label(&n.w)
            });
        let slot = pending.iter().position(|(s, _)| *s == t.w);
        match (next_upper, slot) {
            (true, Some(s)) => {
                counter += 1;
                let (_, marks) = pending.remove(s);
                for m in &marks {
                    let w = &mut out[*m].w;
                    *w = w.replacen('\u{2}', &format!("[^{counter}]"), 1);
                }
                report.repair(
                    t.page,
                    &format!(
                        "footnote {} ({} marker(s)) moved to its marker(s) as [^{counter}]",
                        t.w,
                        marks.len()
                    ),
                );
                out.push(Tok {
                    w: format!("{START}{counter}"),
                    page: t.page,
                });
            }
            _ => {
                if out.is_empty() {
                    report.unsure(
                        t.page,
                        &format!("footnote marker {} with no word before it", t.w),
                    );
                    out.push(t.clone());
                    continue;
                }
                let at = out.len() - 1;
                // The punctuation after the mark follows the reference.
                out[at].w.push_str(&format!("\u{2}{trailing}"));
                match slot {
                    Some(s) => pending[s].1.push(at),
                    None => pending.push((t.w.clone(), vec![at])),
                }
            }
        }
    }
    for (mark, marks) in pending {
        for m in marks {
            report.unsure(
                out[m].page,
                &format!(
                    "footnote marker {mark} after \"{}\" has no footnote text",
                    out[m].w
                ),
            );
            out[m].w.push_str(&format!(" {mark}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_footnote_moves_to_its_marker() {
        let mut pages = vec![Page {
            number: 5,
            line: 1,
            words: "Tekst sortert 1 kortstokk her. 1 En forklaring."
                .split(' ')
                .map(String::from)
                .collect(),
        }];
        let mut r = Report::default();
        numbered(&mut pages, &mut r);
        assert_eq!(
            pages[0].words.join(" "),
            "Tekst sortert[^1] kortstokk her. \u{1}fn:1 En forklaring."
        );
    }

    #[test]
    fn star_footnote_serves_all_markers() {
        let toks: Vec<Tok> = "a ***) b ***) c ***) Tekst her"
            .split(' ')
            .map(|w| Tok {
                w: w.into(),
                page: 2,
            })
            .collect();
        let mut r = Report::default();
        let out = starred(toks, &mut r);
        let s: Vec<&str> = out.iter().map(|t| t.w.as_str()).collect();
        assert_eq!(s, vec!["a[^1]", "b[^1]", "c", "\u{1}fn:1", "Tekst", "her"]);
    }
}

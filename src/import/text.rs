//! Word-level repairs on the token stream: hyphenation joined, glued words
//! split, the lost `§` and suit symbols restored. Each repair is logged with
//! its page; nothing is guessed where the rule does not apply.

use super::report::Report;

/// One word of the book's body and the printed page it stands on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tok {
    pub w: String,
    pub page: u16,
}

/// Words a suspended hyphen stands before ("par- og lagturneringer").
const CONJUNCTIONS: [&str; 5] = ["og", "eller", "samt", "and", "or"];

/// Joins words broken by a hyphen at a line or page end: "regu- lerende"
/// becomes "regulerende", "Nord- Syd" keeps its hyphen ("Nord-Syd"), and a
/// suspended hyphen before a conjunction ("melde- eller") stays.
pub fn join_hyphens(toks: Vec<Tok>, report: &mut Report) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut iter = toks.into_iter().peekable();
    while let Some(mut t) = iter.next() {
        let broken =
            t.w.ends_with('-') && t.w.chars().rev().nth(1).is_some_and(char::is_alphabetic);
        if broken {
            if let Some(next) = iter.peek() {
                let first = next.w.chars().next();
                if first.is_some_and(char::is_lowercase) && !CONJUNCTIONS.contains(&next.w.as_str())
                {
                    let joined = format!("{}{}", t.w.trim_end_matches('-'), next.w);
                    report.repair(
                        t.page,
                        &format!("hyphenation \"{} {}\" joined as \"{joined}\"", t.w, next.w),
                    );
                    t.w = joined;
                    iter.next();
                } else if first.is_some_and(char::is_uppercase) {
                    let joined = format!("{}{}", t.w, next.w);
                    report.repair(
                        t.page,
                        &format!(
                            "line break in \"{} {}\" joined as \"{joined}\"",
                            t.w, next.w
                        ),
                    );
                    t.w = joined;
                    iter.next();
                }
            }
        }
        out.push(t);
    }
    out
}

/// Suit names and the symbols the transcript lost after them ("spar ( )").
const SUITS: [(&str, &str); 8] = [
    ("spar", "♠"),
    ("hjerter", "♥"),
    ("ruter", "♦"),
    ("kløver", "♣"),
    ("ruder", "♦"),
    ("klør", "♣"),
    ("spades", "♠"),
    ("hearts", "♥"),
];

/// Restores the `§` lost before a cite ("( 90)" → "(§ 90)") and the suit
/// symbols lost after a suit name ("spar ( )" → "spar (♠)").
pub fn restore_signs(toks: Vec<Tok>, report: &mut Report) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut iter = toks.into_iter().peekable();
    while let Some(mut t) = iter.next() {
        if t.w == "(" {
            if let Some(next) = iter.peek() {
                let cite_like = next.w.starts_with(|c: char| c.is_ascii_digit())
                    || (next.w.starts_with('X')
                        && next.w[1..].starts_with(|c: char| c.is_ascii_digit()));
                if cite_like {
                    t.w = "(§".into();
                    report.repair(t.page, &format!("lost § restored before \"{}\"", next.w));
                } else if next.w.starts_with(')') {
                    let suit = out.last().and_then(|p: &Tok| {
                        let name =
                            p.w.trim_matches(|c: char| !c.is_alphabetic())
                                .to_lowercase();
                        SUITS.iter().find(|(s, _)| *s == name).map(|(_, sym)| *sym)
                    });
                    if let Some(sym) = suit {
                        let rest = next.w.clone();
                        iter.next();
                        t.w = format!("({sym}{rest}");
                        report.repair(t.page, &format!("lost suit symbol restored: \"{}\"", t.w));
                    } else {
                        report.unsure(
                            t.page,
                            "empty parentheses \"( )\" with no suit name before them",
                        );
                    }
                }
            }
        }
        out.push(t);
    }
    out
}

/// Splits words glued where the transcript lost a space: at a change from
/// capitals to lower case ("TLskal" → "TL skal") and before a guillemet
/// ("begrebet»standardfradrag«"); also "Forord»DBf's".
pub fn split_glued(toks: Vec<Tok>, report: &mut Report) -> Vec<Tok> {
    // The book's opening guillemet: the first one it prints (a quotation
    // opens before it closes; Danish »...«, Norwegian «...»).
    let opener = toks
        .iter()
        .flat_map(|t| t.w.chars())
        .find(|c| matches!(c, '»' | '«'))
        .unwrap_or('«');
    let mut out = Vec::with_capacity(toks.len());
    for t in toks {
        if let Some(at) = glue_point(&t.w, opener) {
            let (a, b) = t.w.split_at(at);
            report.repair(
                t.page,
                &format!("glued words \"{}\" split as \"{a} {b}\"", t.w),
            );
            out.push(Tok {
                w: a.to_string(),
                page: t.page,
            });
            out.push(Tok {
                w: b.to_string(),
                page: t.page,
            });
        } else {
            out.push(t);
        }
    }
    out
}

fn glue_point(w: &str, opener: char) -> Option<usize> {
    let chars: Vec<(usize, char)> = w.char_indices().collect();
    // A guillemet between two letters: the book's opening mark starts a
    // quotation ("begrebet»standardfradrag«", "Forord»DBf's"), the other
    // ends one ("field«tildeles").
    for (k, &(i, c)) in chars.iter().enumerate() {
        if !matches!(c, '»' | '«') || k == 0 || k + 1 >= chars.len() {
            continue;
        }
        if chars[k - 1].1.is_alphabetic() && chars[k + 1].1.is_alphabetic() {
            return Some(if c == opener { i } else { i + c.len_utf8() });
        }
    }
    // A roman label glued to its text: "(ii)for".
    if let Some(rest) = w.strip_prefix('(') {
        if let Some(end) = rest.find(')') {
            let label = &rest[..end];
            let after = &rest[end + 1..];
            if !label.is_empty()
                && label.chars().all(|c| matches!(c, 'i' | 'v' | 'x'))
                && after.starts_with(char::is_alphabetic)
            {
                return Some(end + 2);
            }
        }
    }
    // A word glued to a number: "enn13".
    let letters = chars.iter().take_while(|(_, c)| c.is_alphabetic()).count();
    if letters >= 2
        && letters < chars.len()
        && chars[letters..].iter().all(|(_, c)| c.is_ascii_digit())
    {
        return Some(chars[letters].0);
    }
    // Two or more capitals then three or more lower-case letters, all letters.
    if !w.chars().all(char::is_alphabetic) {
        return None;
    }
    let caps = chars.iter().take_while(|(_, c)| c.is_uppercase()).count();
    let rest = chars.len() - caps;
    (caps >= 2 && rest >= 3 && chars[caps..].iter().all(|(_, c)| c.is_lowercase()))
        .then(|| chars[caps].0)
}

/// Prepositions of Norwegian and Danish: one left with nothing after it
/// (before a comma, or at the end of a provision) lost the words it governed.
pub const PREPOSITIONS: [&str; 12] = [
    "i", "af", "av", "til", "på", "for", "med", "om", "fra", "efter", "etter", "under",
];

/// Marks text the source lost: a transcriber's placeholder in double
/// parentheses ("((Indsæt tabel tab-202 her ))") stands for something not in
/// the source; a preposition right before a comma governs words that were
/// lost ("dækket af , skal"); so did one, or a conjunction, right before
/// a sentence that starts with no stop before it (`lost_before_sentence`).
pub fn mark_gaps(toks: Vec<Tok>, report: &mut Report) -> Vec<Tok> {
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let lower = lower_case_words(&toks);
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        if let Some(prev) = out.last().filter(|p| lost_before_sentence(p, t, &lower)) {
            report.repair(
                t.page,
                &format!(
                    "words lost after \"{}\" (\"{}\" starts a sentence with no stop before it): marked […]",
                    prev.w, t.w
                ),
            );
            let page = prev.page;
            out.push(Tok {
                w: "[…]".into(),
                page,
            });
        }
        if t.w.starts_with("((") {
            if let Some(end) = (i..toks.len().min(i + 20)).find(|&k| toks[k].w.ends_with("))")) {
                let placeholder = toks[i..=end]
                    .iter()
                    .map(|t| t.w.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                report.set_aside(
                    t.page,
                    &placeholder,
                    &format!(
                        "transcriber's placeholder \"{placeholder}\" is not book text: marked […]"
                    ),
                );
                out.push(Tok {
                    w: "[…]".into(),
                    page: t.page,
                });
                i = end + 1;
                continue;
            }
        }
        if let Some(rest) = t.w.strip_prefix(',') {
            if out
                .last()
                .is_some_and(|p| PREPOSITIONS.contains(&p.w.as_str()))
            {
                report.repair(
                    t.page,
                    &format!(
                        "words lost after \"{}\" (a comma follows it): marked […]",
                        out.last().map_or("", |p| p.w.as_str())
                    ),
                );
                out.push(Tok {
                    w: format!("[…]{}", ","),
                    page: t.page,
                });
                if !rest.is_empty() {
                    out.push(Tok {
                        w: rest.to_string(),
                        page: t.page,
                    });
                }
                i += 1;
                continue;
            }
        }
        out.push(t.clone());
        i += 1;
    }
    out
}

/// Words a sentence never ends on: the prepositions of [`NEVER_FINAL`]
/// and the conjunctions.
const NEVER_BEFORE_STOP: [&str; 9] = ["i", "af", "av", "på", "fra", "med", "og", "eller", "samt"];

/// The book's words written in lower case somewhere (stops and quotes off).
fn lower_case_words(toks: &[Tok]) -> std::collections::HashSet<String> {
    toks.iter()
        .map(|t| t.w.trim_matches(|c: char| !c.is_alphabetic()))
        .filter(|w| w.chars().next().is_some_and(char::is_lowercase))
        .map(str::to_string)
        .collect()
}

/// `prev` is a word a sentence never ends on and `next` starts a sentence:
/// a capital on a word the book otherwise writes in lower case (so not a
/// name: "i Norge" stays) and nothing else in capitals ("publisert i Det
/// har vært"). The words between, with the stop, were lost.
fn lost_before_sentence(prev: &Tok, next: &Tok, lower: &std::collections::HashSet<String>) -> bool {
    let mut cs = next.w.chars();
    let capital = cs.next().is_some_and(char::is_uppercase);
    let rest: String = cs.collect();
    let word = rest.trim_end_matches(|c: char| !c.is_alphabetic());
    capital
        && !word.is_empty()
        && word.chars().all(char::is_lowercase)
        && NEVER_BEFORE_STOP.contains(&prev.w.as_str())
        && lower.contains(
            &next
                .w
                .to_lowercase()
                .trim_end_matches(|c: char| !c.is_alphabetic())
                .to_string(),
        )
}

/// Prepositions that are never a verb's particle ("omregnes til" and
/// "tage om" end a sentence; "i" and "af" never do).
const NEVER_FINAL: [&str; 6] = ["i", "af", "av", "på", "fra", "med"];

/// A provision's text that ends on a preposition lost its last words.
pub fn ends_in_preposition(words: &[Tok]) -> bool {
    words
        .last()
        .is_some_and(|t| NEVER_FINAL.contains(&t.w.as_str()))
}

/// A fixture's words as tokens of page 1, for the tests of each step.
#[cfg(test)]
pub(super) fn toks(s: &str) -> Vec<Tok> {
    s.split_whitespace()
        .map(|w| Tok {
            w: w.into(),
            page: 1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(t: &[Tok]) -> String {
        t.iter().map(|t| t.w.as_str()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn hyphens_joined_and_suspended_kept() {
        let mut r = Report::default();
        let out = join_hyphens(toks("regu- lerende Nord- Syd par- og lag"), &mut r);
        assert_eq!(words(&out), "regulerende Nord-Syd par- og lag");
    }

    #[test]
    fn signs_restored() {
        let mut r = Report::default();
        let out = restore_signs(toks("spar ( ), straff ( 90) og ( 12C1c)."), &mut r);
        assert_eq!(words(&out), "spar (♠), straff (§ 90) og (§ 12C1c).");
    }

    #[test]
    fn glued_split() {
        let mut r = Report::default();
        let out = split_glued(
            toks("TLskal begrebet»standard« »kort«. (ii)for enn13 field«tildeles »a«"),
            &mut r,
        );
        assert_eq!(
            words(&out),
            "TL skal begrebet »standard« »kort«. (ii) for enn 13 field« tildeles »a«"
        );
    }
}

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
    let mut out = Vec::with_capacity(toks.len());
    for t in toks {
        if let Some(at) = glue_point(&t.w) {
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

fn glue_point(w: &str) -> Option<usize> {
    let chars: Vec<(usize, char)> = w.char_indices().collect();
    // A word then an opening guillemet.
    if let Some(&(i, _)) = chars.iter().skip(2).find(|(_, c)| *c == '»') {
        let before = &w[..i];
        let opens = w[i + '»'.len_utf8()..].starts_with(char::is_alphabetic);
        if before.chars().all(char::is_alphabetic) && opens {
            return Some(i);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        s.split_whitespace()
            .map(|w| Tok {
                w: w.into(),
                page: 1,
            })
            .collect()
    }

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
            toks("TLskal begrebet»standard« «kort». (ii)for enn13"),
            &mut r,
        );
        assert_eq!(
            words(&out),
            "TL skal begrebet »standard« «kort». (ii) for enn 13"
        );
    }
}

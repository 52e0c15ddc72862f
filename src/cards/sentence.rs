/*!
Sentences in provision text, and the rule for a *full* sentence.

A practice card needs text that stands on its own: "Hvor står det?" shows a
provision only when it has at least one full sentence, and "Fyll inn" blanks
a word in one. The books are full of fragments that are not sentences: lead-ins
ending in a colon, sub-items that complete them ("tildele en justert score;"),
table rows, headings. The rule is syntactic, so it can be checked and stated:

A **full sentence** is a stretch of a paragraph of a provision's own text
(not a table, not a footnote) that
1. starts with an upper-case letter (after an opening quote or parenthesis),
2. ends with `.`, `!` or `?` (before any closing quote or parenthesis), and
   that full stop does not end an abbreviation (`jf.`, `evt.`),
3. has at least [`MIN_WORDS`] words, and
4. has no gap (`[…]`): text the source lost makes a sentence incomplete.

Sentences are split after `.`, `!` or `?` followed by white space and an
upper-case letter, a digit, `§` or an opening quote, except after an
abbreviation or a lone letter (an ordinal such as `i 2. runde` is followed by
a small letter, so it never splits); a list label at
the start of a paragraph (`1.` in a definition's senses) is not part of the
first sentence.
*/

use std::ops::Range;

/// The fewest words a full sentence has.
pub const MIN_WORDS: usize = 4;

/// Abbreviations that end in a full stop without ending the sentence, lower
/// case, without the final stop: Norwegian and Danish "cf.", "e.g.", "among
/// other things", "possibly", "because of", "including", "excluding",
/// "about", "that is", "etc.", "number", "o'clock", "minutes", "piece",
/// "according to", "point", "respectively", "concerning", "with regard to",
/// "or the like", "or", "in relation to", "according to", "page".
const ABBREVIATIONS: &[&str] = &[
    "jf", "jfr", "jvf", "f.eks", "bl.a", "evt", "pga", "inkl", "ekskl", "ca", "dvs", "osv", "mv",
    "m.v", "m.m", "nr", "kl", "min", "stk", "iht", "ifht", "pkt", "hhv", "vedr", "mht", "etc",
    "o.l", "el", "ift", "iflg", "s", "bl", "resp", "ang", "evt", "p.t", "t.o.m", "f.o.m", "max",
    "maks",
];

/// The marker of text the source lost.
const GAP: &str = "[…]";

/// True when `word` (letters and inner dots, as written) is an abbreviation.
pub(crate) fn is_abbreviation(word: &str) -> bool {
    let w = word.to_lowercase();
    ABBREVIATIONS.contains(&w.as_str())
}

/// The word that ends at byte `end` of `text` (letters, digits and dots).
fn word_before(text: &str, end: usize) -> &str {
    let head = &text[..end];
    let start = head
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_alphanumeric() || *c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &head[start..]
}

/// Characters that may close a sentence after its final punctuation.
fn is_closer(c: char) -> bool {
    matches!(c, ')' | '»' | '"' | '”' | '\'' | '’' | ']')
}

/// Characters that may open a sentence before its first letter.
fn is_opener(c: char) -> bool {
    matches!(c, '(' | '«' | '"' | '“' | '\'' | '‘' | '[')
}

/// Length in bytes of a list label at the start of a paragraph (`1. `,
/// `2) `), white space included; 0 when there is none.
fn label_len(text: &str) -> usize {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 2 {
        return 0;
    }
    let rest = &text[digits..];
    let Some(p) = rest.chars().next().filter(|c| *c == '.' || *c == ')') else {
        return 0;
    };
    let after = &rest[p.len_utf8()..];
    let ws = after.len() - after.trim_start().len();
    if ws == 0 {
        return 0;
    }
    digits + p.len_utf8() + ws
}

/// The sentences of one paragraph, as trimmed byte ranges into it, in order.
pub fn split(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = label_len(text);
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if !matches!(c, '.' | '!' | '?') || at < start {
            i += 1;
            continue;
        }
        // Closing quotes and brackets belong to the sentence.
        let mut j = i + 1;
        while j < chars.len() && is_closer(chars[j].1) {
            j += 1;
        }
        let end = chars.get(j).map_or(text.len(), |(b, _)| *b);
        let mut k = j;
        while k < chars.len() && chars[k].1.is_whitespace() {
            k += 1;
        }
        let at_end = k == chars.len();
        let spaced = k > j;
        let next_opens = chars.get(k).is_some_and(|(_, n)| {
            n.is_uppercase() || n.is_ascii_digit() || *n == '§' || is_opener(*n)
        });
        let stops = c != '.' || {
            let w = word_before(text, at);
            let lone_letter = w.chars().count() == 1 && w.chars().all(char::is_alphabetic);
            !(is_abbreviation(w) || lone_letter)
        };
        if at_end || (spaced && next_opens && stops) {
            push_trimmed(text, start..end, &mut out);
            start = chars.get(k).map_or(text.len(), |(b, _)| *b);
            i = k;
            continue;
        }
        i += 1;
    }
    push_trimmed(text, start..text.len(), &mut out);
    out
}

fn push_trimmed(text: &str, r: Range<usize>, out: &mut Vec<Range<usize>>) {
    let Some(s) = text.get(r.clone()) else { return };
    let lead = s.len() - s.trim_start().len();
    let trimmed = s.trim();
    if !trimmed.is_empty() {
        let from = r.start + lead;
        out.push(from..from + trimmed.len());
    }
}

/// Words of a text: maximal runs of letters.
pub fn word_count(s: &str) -> usize {
    s.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .count()
}

/// True when `s` (one sentence from [`split`]) is a full sentence by the
/// rule of this module.
pub fn is_full(s: &str) -> bool {
    let s = s.trim();
    let Some(first) = s.chars().find(|c| !is_opener(*c)) else {
        return false;
    };
    if !first.is_uppercase() {
        return false;
    }
    let body = s.trim_end_matches(is_closer);
    let Some(last) = body.chars().last() else {
        return false;
    };
    if !matches!(last, '.' | '!' | '?') {
        return false;
    }
    if last == '.' {
        let w = word_before(body, body.len() - 1);
        if is_abbreviation(w) {
            return false;
        }
    }
    word_count(s) >= MIN_WORDS && !s.contains(GAP) && !s.contains("[...]")
}

/// The full sentences of a paragraph, as byte ranges into it.
pub fn full_sentences(text: &str) -> Vec<Range<usize>> {
    split(text)
        .into_iter()
        .filter(|r| text.get(r.clone()).is_some_and(is_full))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentences(text: &str) -> Vec<&str> {
        split(text).into_iter().map(|r| &text[r]).collect()
    }

    fn full(text: &str) -> Vec<&str> {
        full_sentences(text).into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn splits_after_a_stop_before_a_capital() {
        assert_eq!(
            sentences("Med mindre lovene forbyr det, kan han påtale det. For ukorrekt markerte stikk, se 65B3."),
            vec![
                "Med mindre lovene forbyr det, kan han påtale det.",
                "For ukorrekt markerte stikk, se 65B3."
            ]
        );
    }

    #[test]
    fn abbreviations_ordinals_and_cites_do_not_split() {
        let t = "Turneringen (jf. X8A) afkortes i 2. runde. Fristen bør dog altid være mindst 5 minutter.";
        assert_eq!(
            sentences(t),
            vec![
                "Turneringen (jf. X8A) afkortes i 2. runde.",
                "Fristen bør dog altid være mindst 5 minutter."
            ]
        );
    }

    #[test]
    fn full_sentences_start_high_end_with_a_stop_and_have_words() {
        assert_eq!(
            full("Regulerende myndighet kan tillate andre meldemetoder."),
            vec!["Regulerende myndighet kan tillate andre meldemetoder."]
        );
        // A lead-in, a fragment completing one, a short stub, a gap.
        assert!(
            full("Ved en strafbar forsinkelse på mindst 30 minutter gælder følgende:").is_empty()
        );
        assert!(full("tildele en justert score (for lagspill se 86B).").is_empty());
        assert!(full("8 imp for kampe berammet til højst 32 spil.").is_empty());
        assert!(full("Holdturnering.").is_empty());
        // Where the source lost text, the sentence is not whole; a stretch
        // with no stop after the gap is one sentence with a gap.
        assert!(full("De første lovene ble publisert i […] Det har vært revisjoner.").is_empty());
        assert_eq!(
            full("Lovene ble publisert i […]. Det har vært flere revisjoner siden."),
            vec!["Det har vært flere revisjoner siden."]
        );
    }

    #[test]
    fn a_list_label_is_not_part_of_the_sentence() {
        let t = "1. Spilleførerens makker. Han blir blindemann når åpningsutspillet er snudd.";
        assert_eq!(
            sentences(t),
            vec![
                "Spilleførerens makker.",
                "Han blir blindemann når åpningsutspillet er snudd."
            ]
        );
        assert_eq!(
            full(t),
            vec!["Han blir blindemann når åpningsutspillet er snudd."]
        );
    }

    #[test]
    fn closing_brackets_stay_with_their_sentence() {
        let t =
            "Begge par opnår 60% (hvis resultaterne er identiske.) Næste punkt gælder ikke her.";
        assert_eq!(
            sentences(t),
            vec![
                "Begge par opnår 60% (hvis resultaterne er identiske.)",
                "Næste punkt gælder ikke her."
            ]
        );
    }
}

//! Numbers as a prompt may show them, in digits ("12,5", "−24", "0.1")
//! and in Norwegian or Danish words ("tre", "tretten", "tjueto",
//! "enogtyve", "halvannen"), so that a Tall card can be refused when its
//! prompt shows its answer in any form, and a test can check every card.
//!
//! Numbers are compared by size, without their sign: a prompt with 24 in
//! it gives "−24 IMP" away as much as "24 IMP". Digits inside an
//! identifier count as well (the cite `X78A4` shows 78 and 4). The indefinite
//! article ("en", "et", "ei", "ein") is not one either, though it is
//! spelt as "one": only the forms that are the number alone count ("én",
//! "ett", "ét", "eitt"), and "en" inside a compound ("tjueen").

use num_traits::Signed;

use crate::rules::number::{self, Q};

/// The value of a number word that stands alone, Norwegian or Danish,
/// zero to nineteen and a half-and-one.
fn unit(word: &str) -> Option<Q> {
    let n = match word {
        "null" | "nul" => 0,
        "én" | "ett" | "ét" | "eitt" => 1,
        "to" => 2,
        "tre" => 3,
        "fire" => 4,
        "fem" => 5,
        "seks" => 6,
        "sju" | "syv" => 7,
        "åtte" | "otte" => 8,
        "ni" => 9,
        "ti" => 10,
        "elleve" => 11,
        "tolv" => 12,
        "tretten" => 13,
        "fjorten" => 14,
        "femten" => 15,
        "seksten" => 16,
        "sytten" => 17,
        "atten" => 18,
        "nitten" => 19,
        "halv" | "halvt" | "halve" => return Some(Q::new(1, 2)),
        "halvannen" | "halvanden" | "halvannet" | "halvandet" => return Some(Q::new(3, 2)),
        _ => return None,
    };
    Some(number::int(n))
}

/// The value of a tens word (and hundred, thousand), Norwegian or Danish.
fn tens(word: &str) -> Option<i128> {
    Some(match word {
        "tjue" | "tyve" => 20,
        "tretti" | "tredve" | "tredive" => 30,
        "førti" | "fyrti" | "fyrre" => 40,
        "femti" | "halvtreds" => 50,
        "seksti" | "tres" => 60,
        "sytti" | "søtti" | "halvfjerds" => 70,
        "åtti" | "firs" => 80,
        "nitti" | "halvfems" => 90,
        "hundre" | "hundrede" => 100,
        "tusen" | "tusind" => 1000,
        _ => return None,
    })
}

/// A digit 1-9 as the last part of a compound ("tjueen", "femtito").
fn digit_word(word: &str) -> Option<i128> {
    match word {
        "en" | "ett" | "et" | "ein" => Some(1),
        _ => unit(word)
            .filter(|q| q.is_integer() && (1..=9).contains(q.numer()))
            .map(|q| *q.numer()),
    }
}

/// The value of one word (lower case), a compound of tens and a digit
/// ("tjueto", Danish "toogtyve") included.
pub fn word_value(word: &str) -> Option<Q> {
    if let Some(q) = unit(word) {
        return Some(q);
    }
    if let Some(t) = tens(word) {
        return Some(number::int(t));
    }
    // "tjueto": tens, then a digit.
    for (i, _) in word.char_indices().skip(1) {
        let (head, tail) = word.split_at(i);
        if let (Some(t), Some(d)) = (tens(head), digit_word(tail)) {
            if t < 100 {
                return Some(number::int(t + d));
            }
        }
    }
    // "toogtyve", "enogtyve": a digit, "og", tens.
    let (d, t) = word.split_once("og")?;
    match (digit_word(d), tens(t)) {
        (Some(d), Some(t)) if t < 100 => Some(number::int(t + d)),
        _ => None,
    }
}

/// Every number `text` shows, in digits or words, by size (no sign).
pub fn numbers_in(text: &str) -> Vec<Q> {
    let mut out = digits_in(text);
    for (s, e) in super::letter_runs(text) {
        if let Some(q) = word_value(&text[s..e].to_lowercase()) {
            out.push(q);
        }
    }
    out
}

/// The numbers written in digits: every run of digits, with a decimal
/// comma or point followed by digits. A run inside an identifier counts
/// too (`X78A4` shows 78 and 4): a reader sees the digits either way.
fn digits_in(text: &str) -> Vec<Q> {
    let cs: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < cs.len() {
        let (start, c) = cs[k];
        if !c.is_ascii_digit() {
            k += 1;
            continue;
        }
        let mut j = k;
        while j < cs.len() && cs[j].1.is_ascii_digit() {
            j += 1;
        }
        // A decimal part: "," or "." then a digit.
        if j + 1 < cs.len() && matches!(cs[j].1, ',' | '.') && cs[j + 1].1.is_ascii_digit() {
            j += 1;
            while j < cs.len() && cs[j].1.is_ascii_digit() {
                j += 1;
            }
        }
        let end = cs.get(j).map_or(text.len(), |&(i, _)| i);
        if let Ok(q) = number::parse(&text[start..end]) {
            out.push(q.abs());
        }
        k = j;
    }
    out
}

/// The number an answer shows ("−12,5 IMP", "høyst 40 %"), by size.
pub fn answer_number(shown: &str) -> Option<Q> {
    digits_in(shown).into_iter().next()
}

/// True when `text` shows the number `n` (by size) in digits or words.
pub fn shows(text: &str, n: &Q) -> bool {
    let n = n.abs();
    numbers_in(text).contains(&n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Q {
        number::parse(text).unwrap()
    }

    #[test]
    fn digits_count_in_a_cite_too() {
        let got = numbers_in("Score 2: −24; X78A4 og 12C1b; topp 12,5 (0.1).");
        let want = ["2", "24", "78", "4", "12", "1", "12,5", "0,1"];
        assert_eq!(got, want.map(q).to_vec());
    }

    #[test]
    fn words_count_in_both_languages_and_compounds() {
        for (text, want) in [
            ("Tre resultater", "3"),
            ("tretten bord", "13"),
            ("tolv spill", "12"),
            ("fire", "4"),
            ("tjueto", "22"),
            ("tjueen", "21"),
            ("enogtyve", "21"),
            ("halvtreds", "50"),
            ("Ett resultat", "1"),
            ("halvannen", "1,5"),
        ] {
            assert!(shows(text, &q(want)), "{text} shows {want}");
        }
    }

    #[test]
    fn the_article_and_plain_words_are_no_number() {
        assert!(numbers_in("en score, et bord, ei hand, tone, fireren").is_empty());
        assert!(!shows("Scorer ved de andre bordene", &q("2")));
    }

    #[test]
    fn an_answer_is_read_by_size() {
        assert_eq!(answer_number("−12,5 IMP"), Some(q("12,5")));
        assert_eq!(answer_number("høyst 40 %"), Some(q("40")));
        assert!(shows("Resultat før avrunding: -24", &q("-24")));
    }
}

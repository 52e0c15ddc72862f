/*!
What makes a card worth a student's time, as rules every generator applies
and the tests check over every card of every deck: a card that gives its
answer away, that needs text it does not show, that has no content of its
own, or that asks what another card asks with a different answer is not
made. Each rule is a predicate here; a card refused by one is recorded as
skipped with the rule's reason, so the decks say what each rule removed.
*/

use std::collections::HashMap;

use super::{normalized, Card};
use crate::cite;
use crate::corpus::{Corpus, ProvisionId};

/// Why a card is not made, one reason per rule (shown in the skip list).
pub const GIVES_AWAY: &str = "the prompt shows the answer or a word built on it";
pub const NEEDS_UNSEEN_TEXT: &str = "the prompt depends on text it does not show";
pub const POINTER_ONLY: &str = "the source only points elsewhere or is an abbreviation";
pub const QUOTES_ITS_PLACE: &str = "the prompt cites its own law or section";
pub const SAME_PROMPT: &str = "another card asks the same with another answer";
pub const TERM_NOT_SHOWN: &str = "a definition's sentence does not name the term it defines";
pub const GENERIC_BLANK: &str =
    "every key word of its sentences is a function word or a generic verb";

/// Function words and generic verbs, Norwegian, Danish and English: a
/// blank on one of these tests grammar, not the rules (`ber`, `innen`,
/// `sted`, `derfra`, "Imps _____ the Field").
#[rustfmt::skip]
const GENERIC_WORDS: &[&str] = &[
    "ber", "beder", "ser", "sted", "derfra", "dertil", "across", "field", "gjøre", "gøre", "gjort",
    "bli", "blir", "blive", "bliver", "være", "finnes", "findes", "anses", "angår", "gjelder",
    "gælder", "følger", "skjer", "sker", "ske", "får", "fås", "tas", "gis", "gives", "sier",
    "siger", "står", "kommer", "gir", "giver", "tar", "tager", "legges", "lægges", "settes",
    "sættes", "holdes", "kalles", "kaldes", "vises", "hadde", "havde", "hatt", "haft", "fått",
    "fået", "gitt", "givet", "tatt", "taget", "satt", "sat", "lagt", "sagt", "sett", "set",
    "kunne", "skulle", "måtte", "burde", "dersom", "såfremt", "idet", "mens", "etter", "efter",
    "uten", "uden", "innen", "inden", "mellom", "mellem", "ifølge", "blant", "blandt", "herunder",
    "hvorvidt", "enten", "både", "slik", "sådan", "slikt", "sådant", "annen", "annet", "anden",
    "andet", "andre", "hver", "hvert", "enhver", "ethvert", "ingen", "intet", "noen", "nogen",
    "noget", "alle", "selv", "samme", "egen", "eget", "egne", "lenge", "længe", "straks",
    "alltid", "altid", "aldri", "aldrig", "ofte", "snart", "høyst", "højst", "minst", "mindst",
    "bare", "kun", "også", "likevel", "alligevel", "fortsatt", "fortsat", "heller", "enes",
    "sørge", "indse", "opnår", "udgør", "kendt", "kræve", "delen", "rene", "lette", "pågår",
];

/// True when a word is a function word or a generic verb (a fixed list).
pub fn generic_word(word: &str) -> bool {
    GENERIC_WORDS.contains(&word.to_lowercase().as_str())
}

/// Words that open a sentence about something said before it ("this",
/// "otherwise", "the same", "such"), in the books' Norwegian and Danish.
const ANAPHORA: &[&str] = &[
    "dette",
    "denne",
    "disse",
    "dette gjelder",
    "ellers",
    "det samme",
    "samme",
    "slik",
    "sådan",
    "således",
    "her",
    "derfor",
    "i så fall",
    "i så fald",
    "herunder",
    "heller ikke",
];

/// Words that point at text around the prompt ("above", "below", "the
/// following").
const POINTERS: &[&str] = &[
    "ovenfor",
    "nedenfor",
    "ovenstående",
    "nedenstående",
    "følgende",
    "foregående",
    "ovennevnte",
    "ovennævnte",
    "førnevnte",
    "førnævnte",
];

/// True when a prompt cannot be read alone: it opens with a word that
/// refers back, points above or below, ends in a colon before a list, or is
/// a table.
pub fn needs_unseen_text(prompt: &str) -> bool {
    let t = prompt.trim();
    let lower = t.to_lowercase();
    let first_words: String = lower
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    let opens_back = ANAPHORA.iter().any(|a| {
        first_words == *a
            || first_words.starts_with(&format!("{a} "))
            || first_words.starts_with(&format!("{a},"))
    });
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let points = POINTERS.iter().any(|p| words.contains(p));
    opens_back || points || t.ends_with(':') || t.contains('|')
}

/// True when a definition has no content of its own: it points to another
/// provision ("(se 61, 62, 63 og 64).", "se Tilbaketrukket") or the term is
/// an abbreviation (HM, VM, TL, NBF).
pub fn pointer_or_abbreviation(term: &str, text: &str) -> bool {
    let t = text.trim().trim_start_matches('(').trim().to_lowercase();
    let pointer = t.starts_with("se ") || t.starts_with("jf") || t.starts_with("se:");
    let short = t.split_whitespace().count() <= 3;
    let letters: Vec<char> = term.chars().filter(|c| c.is_alphabetic()).collect();
    let abbreviation = letters.len() >= 2 && letters.iter().all(|c| c.is_uppercase());
    pointer || short || abbreviation
}

/// The stem a word is recognised by: its first letters, less the usual
/// inflection endings (at least four letters, or the whole word).
fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    let n = w.chars().count();
    if n <= 4 {
        return w;
    }
    let keep = (n - 2).max(4);
    w.chars().take(keep).collect()
}

/// True when the prompt (with its blank) still shows the answer: the
/// answer's stem in any word of it, as a word of its own or inside a
/// compound (`Slem` in "lilleslem", `ulovlig` beside the blank for
/// "ulovlig").
pub fn gives_away(prompt: &str, answer: &str) -> bool {
    let answer_words: Vec<&str> = answer
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .collect();
    if answer_words.is_empty() {
        return false;
    }
    let lower = prompt.to_lowercase();
    answer_words.iter().all(|w| {
        let s = stem(w);
        lower
            .split(|c: char| !c.is_alphabetic())
            .any(|pw| pw.contains(s.as_str()))
    })
}

/// True when the prompt cites the provision's own law or section, or the
/// provision itself (X78D's "Metoden beskrevet i X78A, X78B og X78C"): a
/// student places it by reading the number.
pub fn quotes_its_place(corpus: &Corpus, id: &ProvisionId, text: &str) -> bool {
    let Some(own) = id.numbered_root() else {
        return false;
    };
    let found = cite::link(text, Some(id), corpus);
    found
        .iter()
        .flat_map(|r| r.targets.iter())
        .any(|t| t.id.numbered_root() == Some(own))
}

/// The cards that ask what another card of the same kind asks with another
/// answer: neither can be answered from what it shows.
pub fn same_prompt(cards: &[Card]) -> Vec<usize> {
    let key = |c: &Card| {
        format!(
            "{}|{}",
            c.kind.slug(),
            normalized(c.prompt.text.as_deref().unwrap_or_default())
        )
    };
    let mut by: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, c) in cards.iter().enumerate() {
        if c.prompt.text.is_some() {
            by.entry(key(c)).or_default().push(i);
        }
    }
    let mut out: Vec<usize> = by
        .into_values()
        .filter(|v| {
            v.len() > 1 && {
                let first = &cards[v[0]].right().face;
                v.iter().any(|&i| &cards[i].right().face != first)
            }
        })
        .flatten()
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prompt_that_leans_on_other_text_is_found() {
        assert!(needs_unseen_text("Dette gjelder også blindemann."));
        assert!(needs_unseen_text(
            "Ellers skal TL tildele en justert score."
        ));
        assert!(needs_unseen_text("Som nevnt ovenfor kan TL straffe."));
        assert!(needs_unseen_text("Følgende gjelder:"));
        assert!(needs_unseen_text("| a | b |"));
        assert!(!needs_unseen_text(
            "Spilleren kan korrigere en utilsiktet melding."
        ));
    }

    #[test]
    fn pointers_and_abbreviations_are_found() {
        assert!(pointer_or_abbreviation("Revoke", "(se 61, 62, 63 og 64)."));
        assert!(pointer_or_abbreviation("Annullering", "se Tilbaketrukket"));
        assert!(pointer_or_abbreviation("NBF", "Norsk Bridgeforbund"));
        assert!(!pointer_or_abbreviation(
            "Alert",
            "Et varsel om at en melding kan ha en uventet betydning."
        ));
    }

    #[test]
    fn an_answer_in_the_prompt_is_found_in_compounds_too() {
        assert!(gives_away("en _____ eller lilleslem", "Slem"));
        assert!(gives_away(
            "handlingen var ulovlig … at _____ er",
            "ulovlig"
        ));
        assert!(gives_away("middel _____ … middel minus", "minus"));
        assert!(!gives_away("en melding som _____ betyr", "pass"));
    }
}

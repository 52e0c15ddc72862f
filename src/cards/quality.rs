/*!
What makes a card worth a student's time, as rules every generator applies
and the tests check over every card of every deck: a card that gives its
answer away, that needs text it does not show, that has no content of its
own, or that asks what another card asks with a different answer is not
made. Each rule is a predicate here; a card refused by one is recorded as
skipped with the rule's reason, so the decks say what each rule removed.
*/

use std::collections::HashMap;

use super::{normalized, Card, Face};
use crate::cite;
use crate::corpus::{Corpus, ProvisionId};

/// Why a card is not made, one reason per rule (shown in the skip list).
pub const GIVES_AWAY: &str = "the prompt shows the answer or a word built on it";
pub const NEEDS_UNSEEN_TEXT: &str = "the prompt depends on text it does not show";
pub const POINTER_ONLY: &str = "the source only points elsewhere or is an abbreviation";
pub const QUOTES_ITS_PLACE: &str = "the prompt cites its own law or section";
pub const SPELT_LIKE: &str = "the answer is the choice spelt most like the prompt";
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
/// answer, in either interface language (the Danish one shows a card's
/// Danish prompt where it has one): neither can be answered from what it
/// shows.
pub fn same_prompt(cards: &[Card]) -> Vec<usize> {
    let mut by: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, c) in cards.iter().enumerate() {
        let Some(own) = c.prompt.text.as_deref() else {
            continue;
        };
        let da = c.prompt_da.as_deref().unwrap_or(own);
        for (lang, text) in [("nb", own), ("da", da)] {
            let key = format!("{}|{lang}|{}", c.kind.slug(), normalized(text));
            by.entry(key).or_default().push(i);
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
    out.dedup();
    out
}

/// The highest share of a deck's cards that a blind strategy (the choice
/// sharing most words with the prompt, the longest choice) may answer
/// right: above it the deck teaches the strategy, not the rules.
pub const MAX_STRATEGY_RATE: f64 = 0.35;

/// The lowest p-value of the χ² test of a deck's answer positions against
/// a uniform spread: below it a student does better by always picking one
/// letter.
pub const MIN_POSITION_P: f64 = 0.01;

/// How alike two texts must be in spelling (trigram Jaccard) for the
/// likeness to point at a choice.
pub const SPELLING_LIKE: f64 = 0.3;

/// How far the right choice must lead every distractor in likeness for
/// spelling alone to solve the card.
pub const SPELLING_LEAD: f64 = 0.15;

/// What a student sees of a face: a definition's term or a numbered
/// provision's cite (the name a choice shows), then its text.
pub fn shown(corpus: &Corpus, face: &Face) -> String {
    let name = face.cite.as_ref().map(|id| match id {
        ProvisionId::Definition(term) => corpus
            .get(id)
            .and_then(|p| p.title.clone())
            .unwrap_or_else(|| term.clone()),
        _ => id.to_string(),
    });
    match (name, &face.text) {
        (Some(n), Some(t)) => format!("{n} {t}"),
        (Some(n), None) => n,
        (None, Some(t)) => t.clone(),
        (None, None) => String::new(),
    }
}

/// The name a choice goes by: a definition's term, a provision's cite, or
/// its text when it has no name.
pub fn label(corpus: &Corpus, face: &Face) -> String {
    let bare = Face {
        cite: face.cite.clone(),
        text: None,
        lang: face.lang,
    };
    match &face.cite {
        Some(_) => shown(corpus, &bare),
        None => face.text.clone().unwrap_or_default(),
    }
}

/// The prompts a card asks with, one per interface language: its own, and
/// the Danish one where it has one.
pub fn prompts(card: &Card) -> Vec<&str> {
    let mut out: Vec<&str> = card.prompt.text.as_deref().into_iter().collect();
    if let Some(da) = card.prompt_da.as_deref() {
        out.push(da);
    }
    out
}

/// Text compared for a give-away: letters and digits only, lower case.
fn bare(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// True when a prompt (in either language) is the name its answer goes by
/// (`Alert` → `def:Alert`): the card asks nothing.
pub fn prompt_is_label(corpus: &Corpus, card: &Card) -> bool {
    let l = bare(&label(corpus, &card.right().face));
    !l.is_empty() && prompts(card).iter().any(|p| bare(p) == l)
}

/// True when a term can ask for the answer named `label`: it is not that
/// name, nor built on it, nor spelt like it.
pub fn fair_prompt(term: &str, label: &str) -> bool {
    !gives_away(term, label)
        && bare(term) != bare(label)
        && spelling_likeness(term, label) < SPELLING_LIKE
}

/// The stems of a text's words of three letters or more that are not
/// function words: what word overlap compares.
pub fn content_stems(text: &str) -> std::collections::HashSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3 && !generic_word(w))
        .map(stem)
        .collect()
}

/// The share of `cards` a strategy answers right: it picks the choice
/// with the highest score, a tie split evenly among the tied.
fn strategy_rate<'a>(
    cards: impl Iterator<Item = &'a Card>,
    score: impl Fn(&Card) -> Vec<f64>,
) -> f64 {
    let (mut right, mut n) = (0.0, 0usize);
    for c in cards {
        let s = score(c);
        let best = s.iter().copied().fold(f64::MIN, f64::max);
        let tied = s.iter().filter(|&&x| x == best).count().max(1);
        if s.get(c.answer) == Some(&best) {
            right += 1.0 / tied as f64;
        }
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        right / n as f64
    }
}

/// How often the choice sharing most words with the prompt is right, over
/// `cards`, with the prompt in `lang` (`da`: the Danish prompt where a
/// card has one).
pub fn overlap_rate<'a>(corpus: &Corpus, cards: impl Iterator<Item = &'a Card>, lang: &str) -> f64 {
    strategy_rate(cards, |c| {
        let prompt = match (lang, c.prompt_da.as_deref()) {
            ("da", Some(da)) => da.to_string(),
            _ => shown(corpus, &c.prompt),
        };
        let p = content_stems(&prompt);
        c.choices
            .iter()
            .map(|ch| {
                content_stems(&shown(corpus, &ch.face))
                    .intersection(&p)
                    .count() as f64
            })
            .collect()
    })
}

/// How often the longest choice (in characters shown) is right.
pub fn longest_rate<'a>(corpus: &Corpus, cards: impl Iterator<Item = &'a Card>) -> f64 {
    strategy_rate(cards, |c| {
        c.choices
            .iter()
            .map(|ch| shown(corpus, &ch.face).chars().count() as f64)
            .collect()
    })
}

/// The p-value of the χ² test that the answers of `cards` stand at each of
/// the [`super::CHOICES`] positions equally often (1 for no cards).
pub fn position_p<'a>(cards: impl Iterator<Item = &'a Card>) -> f64 {
    let mut counts = [0f64; super::CHOICES];
    for c in cards {
        if let Some(n) = counts.get_mut(c.answer) {
            *n += 1.0;
        }
    }
    let total: f64 = counts.iter().sum();
    if total == 0.0 {
        return 1.0;
    }
    let want = total / super::CHOICES as f64;
    let chi: f64 = counts.iter().map(|n| (n - want).powi(2) / want).sum();
    chi_square_3_survival(chi)
}

/// P(X ≥ x) for χ² with three degrees of freedom:
/// erfc(√(x/2)) + √(2x/π)·e^(−x/2).
fn chi_square_3_survival(x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    erfc((x / 2.0).sqrt()) + (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp()
}

/// The complementary error function (Abramowitz and Stegun 7.1.26, error
/// below 1.5·10⁻⁷), for x ≥ 0.
fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    poly * (-x * x).exp()
}

/// Letter trigrams of a text, lower case, words padded by a space.
fn trigrams(text: &str) -> std::collections::HashSet<[char; 3]> {
    let mut out = std::collections::HashSet::new();
    for w in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let cs: Vec<char> = std::iter::once(' ')
            .chain(w.to_lowercase().chars())
            .chain(std::iter::once(' '))
            .collect();
        for g in cs.windows(3) {
            out.insert([g[0], g[1], g[2]]);
        }
    }
    out
}

/// How alike two texts are in spelling: the Jaccard index of their letter
/// trigrams (0 to 1).
pub fn spelling_likeness(a: &str, b: &str) -> f64 {
    let (x, y) = (trigrams(a), trigrams(b));
    let union = x.union(&y).count();
    if union == 0 {
        return 0.0;
    }
    x.intersection(&y).count() as f64 / union as f64
}

/// True when spelling alone finds the answer: in either language, the
/// right choice is spelt like the prompt ([`SPELLING_LIKE`]) and more so
/// than every distractor by [`SPELLING_LEAD`].
pub fn spelling_solves(corpus: &Corpus, card: &Card) -> bool {
    let own = shown(corpus, &card.prompt);
    let mut asked = vec![own];
    asked.extend(card.prompt_da.iter().cloned());
    asked.iter().any(|p| {
        let sims: Vec<f64> = card
            .choices
            .iter()
            .map(|ch| spelling_likeness(p, &shown(corpus, &ch.face)))
            .collect();
        let right = sims[card.answer];
        let other = sims
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != card.answer)
            .map(|(_, s)| *s)
            .fold(0.0, f64::max);
        right >= SPELLING_LIKE && right - other >= SPELLING_LEAD
    })
}

/// A Fill inn card's distractors that are function words or generic verbs.
pub fn function_word_distractors(card: &Card) -> Vec<&str> {
    card.choices
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != card.answer)
        .filter_map(|(_, ch)| ch.face.text.as_deref())
        .filter(|w| generic_word(w))
        .collect()
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

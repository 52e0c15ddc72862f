//! The judgement of a match's surroundings: what before or after a number
//! makes it no cite (a decimal, a unit, a page, a call in an auction, a
//! paragraph's heading), or a cite of another document (`vedtektenes § 3`,
//! the paragraphs of a statute named earlier in the text), and the cue that
//! makes it one.
//!
//! Apart from the tokens so that every rule that reads the words around a
//! match, in the bounded windows of [`before`] and [`after`], is in one place.

use std::sync::LazyLock;

use regex::Regex;

use super::{alternation, stems, Block, Cue, Shape, Token, LIST_SEPARATOR, RANGE};
use crate::cite::words::*;
use crate::cite::{Span, Surround};

/// What stands just before a token and makes it a cite; anchored at the end
/// of the window before the token. Leftmost wins, so `i henhold til` beats
/// the bare preposition `i`.
static LEFT_CUE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            (?P<see> \b(?i:{see}) (?:\s+(?i:{fillers}))* )  # se, jf., Se også, Se dog
          | (?P<sign> §§? )                                  # § 12C1c, §§ 61 og 62
          | (?P<tol_law> (?: \( \s* | \b(?i:{before_tol}) (?:\s+(?i:{fillers}))* \s+ ) (?i:{tol}) )  # enligt lag 21, (lag 90)
          | (?P<law> \b(?i:{law}) )                          # lov 12, Laws 61-64
          | (?P<law_colon> \b(?i:{law}) (?:\s+[\p{{L}}'’]+){{1,5}} \s* : )  # Laws that are unchanged: 2, 3
          | (?P<tol> \b(?i:{tol}) )                          # lag 12 C 3 (sv), not lag 3 (nb team)
          | (?P<according> \b(?i:{according}) )              # iht. 90, i henhold til 77
          | (?P<provisions> \b(?i:{provisions}) )            # reglene i 50, begrenset av 42
          | (?P<verb> \b(?i:{verbs}) )                       # anvender 13, benyttes 216
          | (?P<as_under> \b(?i:{as_under}) )                # som under 1 (relative)
          | (?P<as_in> \b(?i:{as_in}) )                      # Som i B (relative)
          | (?P<section> \b(?i:{section}) )                  # seksjon B (relative)
          | (?P<prep> \b(?i:{prep}) )                        # av C2 (relative, with item)
        )
        \s* (?: \( \s* )? $                                     # `pkt. (a)`, `se (b)`
      | (?P<lost> \(\x20+ )$                                 # the lost §: `( 12C1c)`
        ",
        see = alternation(SEE),
        fillers = alternation(SEE_FILLERS),
        law = alternation(LAW_NOUNS),
        tol = alternation(TEAM_OR_LAW),
        before_tol = alternation(BEFORE_TEAM_OR_LAW),
        according = alternation(ACCORDING_TO),
        provisions = alternation(PROVISIONS_OF),
        verbs = alternation(APPLY_VERBS),
        as_under = alternation(AS_UNDER),
        as_in = alternation(AS_IN),
        section = alternation(SECTION_NOUNS),
        prep = alternation(PREPOSITIONS),
    );
    Regex::new(&re).expect("static regex")
});

/// The cue just before `start`, if any.
pub(super) fn left_cue(text: &str, start: usize) -> Option<Cue> {
    let c = LEFT_CUE.captures(before(text, start))?;
    let cue = if c.name("see").is_some() {
        Cue::See
    } else if c.name("sign").is_some()
        || c.name("lost").is_some()
        || c.name("law").is_some()
        || c.name("tol_law").is_some()
        || c.name("law_colon").is_some()
    {
        Cue::Law
    } else if c.name("tol").is_some() {
        Cue::TeamOrLaw
    } else if c.name("according").is_some()
        || c.name("provisions").is_some()
        || c.name("verb").is_some()
    {
        Cue::Text
    } else if c.name("as_under").is_some() {
        Cue::AsUnder
    } else if c.name("as_in").is_some() || c.name("section").is_some() {
        Cue::SameLaw
    } else {
        Cue::Preposition
    };
    Some(cue)
}

/// A quantity after the number: `13 kort`, `60%`, `4♠`, `18 KP`.
static UNIT: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \s*
        (?:
            [%‰♠♥♦♣°]       # percent, suits, degrees
          | (?i:{units})    # kort, minutter, spil, KP ...
        )",
        units = alternation(UNITS),
    );
    Regex::new(&re).expect("static regex")
});

/// Words before a number that make it a page, an amount, an address or a
/// table number: `side 12`, `kr 500`, `Sognsveien 75A`.
static NOT_A_CITE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            \b(?i:{words})                   # side, kr., nr., bord ...
          | \b\p{{Lu}}\p{{L}}*(?:{streets})  # Sognsveien, Storgata, Vestergade
        )
        \s*$",
        words = alternation(NOT_AFTER),
        streets = alternation(STREET_ENDINGS),
    );
    Regex::new(&re).expect("static regex")
});

/// `, stk. 5.1`: a statute's own numbering follows, so the number before it
/// is a statute paragraph, not a law.
static STATUTE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"^,?\s*(?i:{})", alternation(STATUTE_PARTS));
    Regex::new(&re).expect("static regex")
});

/// A capital word right after the number: a title, not a unit.
static TITLE_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+\p{Lu}\p{Ll}").expect("static regex"));

/// A law noun (`Law`, `lov`, `Lag`) just before the number.
static LAW_NOUN_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"\b(?i:{}|{})\s*$",
        alternation(LAW_NOUNS),
        alternation(TEAM_OR_LAW)
    );
    Regex::new(&re).expect("static regex")
});

/// Why an absolute token at `start..end` cannot be a cite, if it cannot.
pub(super) fn absolute_block(text: &str, start: usize, end: usize, bare: bool) -> Option<Block> {
    let before = before(text, start);
    let rest = after(text, end);
    let b = before.as_bytes();
    let r = rest.as_bytes();
    // Decimals, times and dates: `5.1`, `0,8`, `19:30`, `1.9.2017`, `17/5`.
    let joiner = |c: u8| matches!(c, b'.' | b',' | b':' | b'/');
    let digit_before = b.len() >= 2 && joiner(b[b.len() - 1]) && b[b.len() - 2].is_ascii_digit();
    let digit_after = r.len() >= 2 && joiner(r[0]) && r[1].is_ascii_digit();
    let signed = before.ends_with('+') || before.ends_with('±') || before.ends_with('−');
    if digit_before || digit_after || signed {
        return Some(Block::Number);
    }
    if bare {
        if line_start(text, start) && (rest.starts_with('.') || rest.starts_with(')')) {
            return Some(Block::Label);
        }
        // An ordinal: `3. etasje`, `1. september`, `2. runde`.
        if let Some(tail) = rest.strip_prefix('.') {
            let next = tail.trim_start();
            if next.len() < tail.len() && next.starts_with(char::is_lowercase) {
                return Some(Block::Label);
            }
        }
    }
    if STATUTE.is_match(rest) || NOT_A_CITE_BEFORE.is_match(before) || other_document(before, rest)
    {
        return Some(Block::NotACite);
    }
    // After `Law N` a capital word is the law's title (`Law 45 Card Played`),
    // not a unit.
    if UNIT.is_match(rest) && !(LAW_NOUN_BEFORE.is_match(before) && TITLE_WORD.is_match(rest)) {
        return Some(Block::Unit);
    }
    None
}

/// Another document just before the number, with nothing but a sign or a
/// comma between: `vedtektenes § 3`, `DBf's vedtægter, 14`, `straffeloven
/// § 12`, `forskrift om pengespill § 2`, `turneringsbestemmelserne pkt. 4`.
static OTHER_DOCUMENT_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            \b\p{{L}}*(?i:{docs})\p{{L}}*              # vedtektene, disiplinærvedtektene ...
            (?: \s+ (?i:om|for|of|on) (?: \s+ \p{{L}}+ ){{1,3}} )?
          | \b\p{{L}}+lov(?:en|ens|a|s|e)?\b         # straffeloven, aksjelovens
          | \b(?i:{law_on}) (?: \s+ \p{{L}}+ ){{1,4}}  # lov om pengespill
        )
        [\s,]* (?: §§? | (?i:nr\.?|pkt\.?|punkt|art\.?|artikkel|article|section|kapitel|kapittel) )? \s* $",
        docs = stems(OTHER_DOCUMENTS),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// A genitive just before `§`: a document's own paragraph (`lovenes § 9`
/// in the sense of a club's statutes, `DBf's § 14`, `reglementets § 5`).
static GENITIVE_SIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<word>\b\p{L}{2,}(?:s|'s|’s))\s*§§?\s*$").expect("static regex")
});

/// A possessive before a Scandinavian law noun: a club's or federation's
/// statutes (`klubbens love § 5`, `forbundets lover, § 3`).
static STATUTES_OF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<word>\b\p{L}{2,}(?:s|'s|’s))\s+(?i:love|lover|lovene|loven|lag|lagar|lagarna)[\s,]*(?:§§?)?\s*$")
        .expect("static regex")
});

/// Another document just after the number: `§ 3 i vedtektene`, `§ 5 in the
/// bylaws`, `§ 2 i forskriften`, `§ 12 i straffeloven`.
static OTHER_DOCUMENT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \s* ,? \s* (?i:i|in|af|av|of|under) \s+
        (?: (?i:de[nt]?|the|vores|våre|klubbens|forbundets|DBf's|NBF's) \s+ )?
        (?: \p{{L}}*(?i:{docs})\p{{L}}* | \p{{L}}+lov(?:en|a|e)?\b | (?i:{law_on}) )",
        docs = stems(OTHER_DOCUMENTS),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// True when a nearby word gives the number to another document than the
/// Laws: `vedtektenes § 3`, `§ 5 i reglementet`, `straffeloven § 12`.
fn other_document(before: &str, rest: &str) -> bool {
    if OTHER_DOCUMENT_BEFORE.is_match(before) || OTHER_DOCUMENT_AFTER.is_match(rest) {
        return true;
    }
    let genitive_of = |re: &Regex| {
        re.captures(before)
            .and_then(|c| c.name("word"))
            .is_some_and(|m| is_document_genitive(m.as_str()))
    };
    genitive_of(&STATUTES_OF) || genitive_of(&GENITIVE_SIGN)
}

/// True when `word`, just before `§`, is the genitive of a document other
/// than the Laws: a possessive (`DBf's`, `NBFs`), or a definite noun
/// (`klubbens`, `forbundets`, `foreningernes`). The Laws' own names
/// (`lovenes`, `bridgelovenes`, `lovbokens`) are not, nor are passive verbs
/// and plurals that happen to end in `s` (`bruges`, `anvendes`, `Laws`).
fn is_document_genitive(word: &str) -> bool {
    let lower = word.to_lowercase();
    if LAW_GENITIVES.contains(&lower.as_str()) {
        return false;
    }
    if lower.ends_with("'s") || lower.ends_with("’s") {
        return true;
    }
    // An abbreviation's genitive: two capitals before the `s` (`NBFs`, `DBUs`).
    let head = word.strip_suffix('s').unwrap_or(word);
    if head.chars().filter(|c| c.is_uppercase()).count() >= 2 {
        return true;
    }
    // Passives end in `-es`, `-s`, `-as` (`bruges`, `används`, `tillämpas`):
    // only the definite endings count.
    ["ens", "ets", "nes", "rnas"]
        .iter()
        .any(|end| lower.ends_with(end))
}

/// A paragraph's own heading after `§ N`: `§ 5. Turneringsledelse`, `§14 -
/// Protester`, `§ 8 Klubben ledes`.
static HEADING_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:[.\-–:]\s*)?\p{Lu}\p{L}").expect("static regex"));

/// True when `§ N` at `start..end` opens a line and a title follows: the
/// heading of the document being read (a club's statutes, minutes), not a
/// citation of the Laws.
pub(super) fn sign_heading(text: &str, start: usize, end: usize) -> bool {
    let head = before(text, start);
    let trimmed = head.trim_end();
    let Some(sign) = trimmed.strip_suffix('§') else {
        return false;
    };
    let sign = sign.strip_suffix('§').unwrap_or(sign);
    let sign_at = start - (head.len() - sign.len());
    let opens = line_start(text, sign_at) || SENTENCE_END.is_match(before(text, sign_at));
    (opens && HEADING_AFTER.is_match(after(text, end))) || CAPS_TITLE.is_match(after(text, end))
}

/// A title in capitals after `§ N`: `§41. SPILLET BEGYNNER`, wherever it stands.
static CAPS_TITLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[.:]?\s*\p{Lu}{3,}\s+\p{Lu}{2,}").expect("static regex"));

/// The end of a sentence just before: minutes and statutes run their
/// headings on (`… mötet öppnat. §10 Fastställande av dagordning`).
static SENTENCE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[.!?]\s+$").expect("static regex"));

/// A call of an auction: `1C`, `2H`, `4S`, `1NT`, `3K` (Norwegian suits).
static BID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[1-7](?:[CDHSNKR]|NT|SA|UT|GR)$").expect("static regex"));

/// What stands near a call in an auction: another call, a double or pass,
/// a suit sign, or a word about bidding.
static AUCTION_NEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?xi)
        (?-u:\b)[1-7](?:c|d|h|s|n|nt|k|r|sa|ut|gr)(?-u:\b)
      | [♣♦♥♠]
      | (?-u:\b)(?:x|xx|p|pass|passes|passed|dbl|rdbl|redbl|dobl|redobl|pas|all\s+pass)(?-u:\b)
      | (?-u:\b)(?:open(?:ed|ing|s)?|bid|bids|bidding|overcall\w*|respon\w*|rais\w*|transfer
          |stayman|michaels|alert\w*|explained|explanation|auction|meldte|melder|meldingen
          |åpnet|åpning|åbne\w*|budet|öppn\w*|bjöd|kontrakt\w*|contract|doubled|redoubled
          |forcing|natural|cue|splinter|jump\w*|strong|weak|preempt\w*|declarer|declaring
          |spilleføre\w*|spilfører\w*|spelförare)(?-u:\b)
      | ^\s+(?:by|av|af)\s+(?:north|south|east|west|nord|syd|sør|øst|öst|vest|väst|[NSEWØV])(?-u:\b)
        ",
    )
    .expect("static regex")
});

/// True when the token at `start..end` is a call in an auction (`1C X 3H
/// X`, `1C 2C explained as Michaels`), not Law 1C: a call's shape with
/// bidding around it.
pub(super) fn is_bid(text: &str, start: usize, end: usize) -> bool {
    let Some(token) = text.get(start..end) else {
        return false;
    };
    if !BID.is_match(token) {
        return false;
    }
    const NEAR: usize = 24;
    let near = |s: &str| AUCTION_NEAR.is_match(s);
    let mut from = start.saturating_sub(NEAR);
    while from < start && !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (end + NEAR).min(text.len());
    while to > end && !text.is_char_boundary(to) {
        to -= 1;
    }
    near(text.get(from..start).unwrap_or_default()) || near(text.get(end..to).unwrap_or_default())
}

/// A statute or regulation named in the text (`persondataloven`, `lov om
/// pengespill`, `vedtægterne`): bare `§` numbers after it are its
/// paragraphs until the Laws are named again.
static STATUTE_MENTION: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?xi)
        \b\p{{L}}+lov(?:a|en|ens|as|s|ene|enes)?\b   # persondataloven, jordlova
      | \b(?:{law_on})\b                            # lov om ...
      | \b\p{{L}}*(?:{docs})\p{{L}}*                 # vedtægterne, disiplinærvedtektene ...
        ",
        law_on = alternation(LAW_ON),
        docs = stems(OTHER_DOCUMENTS),
    );
    Regex::new(&re).expect("static regex")
});

/// A name of the Laws (or the handbook) that ends a statute's reach.
static LAWS_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?xi)\b(?:laws?|lov|loven|lovene|lovenes|lovens|lovbo[kg]\p{L}*|bridgelov\p{L}*
          |lagen|lagarna|lagboken|handbog\p{L}*|håndbog\p{L}*|turneringslederhåndbog\p{L}*)\b",
    )
    .expect("static regex")
});

/// Where in `gap` a statute is last named, if it is, and no name of the
/// Laws comes after it.
fn statute_named_last(gap: &str) -> Option<bool> {
    let statute = STATUTE_MENTION
        .find_iter(gap)
        .filter(|m| !m.as_str().to_lowercase().starts_with("bridge"))
        .map(|m| m.start())
        .last();
    let laws = LAWS_NAMED.find_iter(gap).map(|m| m.start()).last();
    match (statute, laws) {
        (None, None) => None,
        (Some(s), Some(l)) => Some(s >= l),
        (s, _) => Some(s.is_some()),
    }
}

/// Blocks the bare `§` numbers that follow another statute's name in the
/// same text (`persondatalovens § 2 … (§§ 35-37) … (§ 39)`, `jordlova …
/// §§ 9 og 12`), with the members of their lists and ranges. A cite with
/// a section letter keeps its own evidence and is left alone.
pub(super) fn other_statute_paragraphs(text: &str, tokens: &mut [Token]) {
    let mut statute = false;
    let mut prev_end = 0;
    let mut prev_blocked = false;
    for t in tokens.iter_mut() {
        let gap = text.get(prev_end..t.span.start).unwrap_or_default();
        if let Some(named) = statute_named_last(gap) {
            statute = named;
        }
        let signed = before(text, t.span.start).trim_end().ends_with('§');
        let member = prev_blocked && (LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap));
        // A bare number, or levels in a statute's lower case (`§ 3a`, `§ 5e`):
        // a cite of the Laws writes its section letter as a capital.
        let written = text.get(t.span.start..t.span.end).unwrap_or_default();
        let bare = matches!(t.shape, Shape::Absolute { bare: Some(_), .. })
            || (matches!(t.shape, Shape::Absolute { .. })
                && !written.chars().any(|c| c.is_ascii_uppercase()));
        prev_blocked = false;
        if statute && bare && t.block.is_none() && (signed || member) {
            t.block = Some(Block::NotACite);
            prev_blocked = true;
        }
        prev_end = t.span.end.max(prev_end);
    }
}

/// How far back a cue may start, and how far ahead a unit or direction may
/// end, in bytes. Bounded windows keep `find` linear.
const WINDOW: usize = 64;

/// Up to [`WINDOW`] bytes before `i`, starting on a character boundary.
pub(super) fn before(text: &str, i: usize) -> &str {
    let mut from = i.saturating_sub(WINDOW);
    while from < i && !text.is_char_boundary(from) {
        from += 1;
    }
    text.get(from..i).unwrap_or_default()
}

/// Up to [`WINDOW`] bytes from `i`, ending on a character boundary.
pub(super) fn after(text: &str, i: usize) -> &str {
    let mut to = (i + WINDOW).min(text.len());
    while to > i && !text.is_char_boundary(to) {
        to -= 1;
    }
    text.get(i..to).unwrap_or_default()
}

/// True when only spaces and tabs stand between the last line break (or the
/// start of the text) and `i`.
/// Two spaces or more count as a break too: text copied from a web page
/// keeps a line's break as a run of spaces.
pub(super) fn line_start(text: &str, i: usize) -> bool {
    let head = text.get(..i).unwrap_or_default();
    let trimmed = head.trim_end_matches([' ', '\t']);
    trimmed.is_empty() || trimmed.ends_with('\n') || head.len() - trimmed.len() >= 2
}

/// The text around `span`, for [`Surround`].
pub(super) fn surround(text: &str, span: Span) -> Surround {
    let mut from = span.start.saturating_sub(Surround::REACH);
    while from < span.start && !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (span.end + Surround::REACH).min(text.len());
    while to > span.end && !text.is_char_boundary(to) {
        to -= 1;
    }
    Surround {
        text: text.get(from..to).unwrap_or_default().to_string(),
        cite: Span {
            start: span.start - from,
            end: span.end - from,
        },
    }
}

//! The words around one place in the text: the cue before a number that
//! makes it a cite, and what before or after it makes it none (a decimal, a
//! unit, a page, a call in an auction, a paragraph's heading, another
//! document's paragraph), with the direction and applying words after a
//! list.
//!
//! Every rule reads plain text at a byte offset, in the bounded windows of
//! [`before`] and [`after`], and knows nothing of the finder's stages: the
//! candidates stage asks it about each token, the later stages about a
//! group's end, so that every rule about surroundings is in one place.

use std::sync::LazyLock;

use regex::Regex;

use crate::cite::words::*;
use crate::cite::{Span, Surround};

/// What cues a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cue {
    /// `se`, `jf.`: names a provision, absolute or relative (`se C`, `se 2
    /// ovenfor`).
    See,
    /// `§`, the lost `§`, `lov`, `L16`: names a law or section, never a
    /// relative item (`lov 99 og C2 nedenfor`: 99 stays a law).
    Law,
    /// `iht.`, `reglene i`, `anvender`: precedes a provision, but not a bare
    /// section letter.
    Text,
    /// `som under`: a bare number is an item of the same law.
    AsUnder,
    /// Swedish `lag` (law), which is also Norwegian for a team: reads a
    /// law's levels as `lov` does, but a bare number after it is no cite
    /// (`lag 12 C 3` is a law, `lag 3` a team).
    TeamOrLaw,
    /// `som i`, `seksjon`: a bare letter is a section of the same law.
    SameLaw,
    /// `av`, `i`, `under`: only for letter-with-item relatives (`av C2`).
    Preposition,
}

/// Why a candidate is not a cite whatever its cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// Part of a larger number, a decimal, a time or a signed score.
    Number,
    /// A list label at the start of a line (`1. Holdturnering`, `a) tekst`)
    /// or an ordinal (`3. etasje`).
    Label,
    /// Followed by a statute's numbering (`14, stk. 5.1`), or after words
    /// such as `side`, `kr`, a street name.
    NotACite,
    /// Followed by a unit (`13 kort`): also makes the other bare numbers of
    /// its list quantities (`90 eller 180 grader`).
    Unit,
}

/// What stands just before a number or letter and makes it a cite; anchored at the end
/// of the window before the token. Leftmost wins, so `i henhold til` beats
/// the bare preposition `i`.
static LEFT_CUE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            (?P<see> \b(?i:{see}) (?:\s+(?i:{fillers}))* )  # se, jf., Se også, Se dog
          | (?P<sign> §§? )                                  # § 12C1c, §§ 61 og 62
          | (?P<tol_law> (?: \( \s* | \b(?i:{before_tol}) (?:\s+(?i:{fillers}))* \s+ ) (?i:{tol}) )  # enligt lag 21, (lag 90)
          | (?P<law> \b(?i:{law}) (?: \s* \# )? )            # lov 12, Laws 61-64, Law #68
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

/// The cue of a number at `start` whose digits end at `root_end`: the law
/// sign glued on (`L16`), else the words before it. The handbook's lost `§`
/// (`( 90)`, `( 62 og 64)`, `( 86 B kan`) is a cue only where its
/// parenthesis is a cite's; `( 4 er ikke …)` is prose.
pub(super) fn number_cue(text: &str, start: usize, root_end: usize, glued: bool) -> Option<Cue> {
    let cue = if glued {
        Some(Cue::Law)
    } else {
        left_cue(text, start)
    };
    let after_root = text.get(root_end..).unwrap_or_default();
    cue.filter(|_| !LOST_SIGN.is_match(before(text, start)) || LOST_SIGN_CITE.is_match(after_root))
}

/// The lost `§`: an opening parenthesis and a space before the number.
static LOST_SIGN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(\x20+$").expect("static regex"));

/// What follows a number in the handbook's lost-`§` parenthesis: its close,
/// a list, a range, or levels (`( 90)`, `( 62 og 64)`, `( 12C1c)`, `( 86 B`).
static LOST_SIGN_CITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[A-Za-z(]|\s*\)|\s*,|\s+(?:og|eller|and|or)\b|\s*[-–]|\s+[A-Z]\b)")
        .expect("static regex")
});

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

/// A law noun earlier in the same sentence (`In the Laws, 27B1A …`).
static LAW_IN_SENTENCE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"\b(?i:{})[^.!?\n]*$", alternation(LAW_NOUNS));
    Regex::new(&re).expect("static regex")
});

/// True when a law is named earlier in the sentence before `start`, in the
/// cue window: a context that makes a slip in a cite's case readable.
pub(super) fn law_named_before(text: &str, start: usize) -> bool {
    LAW_IN_SENTENCE.is_match(before(text, start))
}

/// Why a number read as `start..end` (its levels included) cannot be a
/// cite, if it cannot. `bare` is a number without levels, sign or `X`;
/// `cued` one with a cue before it or its list's first member, which is
/// never a call in an auction.
pub(super) fn number_block(
    text: &str,
    start: usize,
    end: usize,
    bare: bool,
    cued: bool,
) -> Option<Block> {
    let block = surroundings_block(text, start, end, bare);
    if block.is_none() && !cued && is_bid(text, start, end) {
        return Some(Block::NotACite);
    }
    if block.is_none() && bare && sign_heading(text, start, end) {
        return Some(Block::Label);
    }
    block
}

/// What a relative candidate at `span` is instead of a cite, if anything:
/// a label at a line start (`a) tekst`, `A. Tittel`; `label_form` for the
/// forms that are labels there, `d)` and `2c)`), or the head of a compound
/// (`A-rækken`, `A4-ark`).
pub(super) fn relative_block(text: &str, span: Span, label_form: bool) -> Option<Block> {
    let rest = after(text, span.end);
    let label = line_start(text, span.start) && (label_form || rest.starts_with('.'));
    if in_address(text, span.start) {
        return Some(Block::NotACite);
    }
    (label || rest.starts_with('-')).then_some(Block::Label)
}

/// The blocks [`number_block`] reads in the windows around a number.
fn surroundings_block(text: &str, start: usize, end: usize, bare: bool) -> Option<Block> {
    let before = before(text, start);
    let rest = after(text, end);
    let b = before.as_bytes();
    let r = rest.as_bytes();
    // Decimals, times and dates: `5.1`, `0,8`, `19:30`, `1.9.2017`, `17/5`;
    // a comma joins a cite with levels to the next (`64A,64B`, `12C1,12C2`).
    let joiner = |c: u8| matches!(c, b'.' | b':' | b'/') || (c == b',' && bare);
    let digit_before = b.len() >= 2 && joiner(b[b.len() - 1]) && b[b.len() - 2].is_ascii_digit();
    let digit_after = r.len() >= 2 && joiner(r[0]) && r[1].is_ascii_digit();
    let signed = before.ends_with('+') || before.ends_with('±') || before.ends_with('−');
    if digit_before || signed || (digit_after && !(bare && law_dotted(before, rest))) {
        return Some(Block::Number);
    }
    if in_address(text, start) {
        return Some(Block::NotACite);
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

/// True when a law noun stands just before a number that a dot and one or
/// two digits follow, and nothing more of a number or date (`Law 45.4. (b)`,
/// not `lov 1.9.2017`): the writer's own numbering below the law, which
/// names no section, so the law alone is the cite.
fn law_dotted(before: &str, rest: &str) -> bool {
    let b = rest.as_bytes();
    let digits = b.iter().skip(1).take_while(|c| c.is_ascii_digit()).count();
    let after = b.get(1 + digits).copied();
    let more = matches!(after, Some(b'.' | b',' | b':'))
        && b.get(2 + digits).is_some_and(u8::is_ascii_digit);
    let unit = UNIT.is_match(rest.get(1 + digits..).unwrap_or_default());
    LAW_NOUN_BEFORE.is_match(before)
        && !unit
        && b.first() == Some(&b'.')
        && (1..=2).contains(&digits)
        && !more
        && !after.is_some_and(|c| c.is_ascii_alphanumeric())
}

/// True when the text just before a token is a web address up to it
/// (`https://www.bridge.dk./lov/12C1`, `www.bridge.no/lov/12C1`): its path
/// is no citation context, whatever the host.
fn in_address(text: &str, i: usize) -> bool {
    // A web address may run longer than the cue window.
    const REACH: usize = 512;
    let mut from = i.saturating_sub(REACH);
    while from < i && !text.is_char_boundary(from) {
        from += 1;
    }
    let word = text
        .get(from..i)
        .unwrap_or_default()
        .rsplit(|c: char| c.is_whitespace() || matches!(c, '(' | '<' | '"' | '«'))
        .next()
        .unwrap_or_default();
    let lower = word.to_ascii_lowercase();
    lower.contains("://") || lower.starts_with("www.")
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
fn sign_heading(text: &str, start: usize, end: usize) -> bool {
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
fn is_bid(text: &str, start: usize, end: usize) -> bool {
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
pub(super) fn statute_named_last(gap: &str) -> Option<bool> {
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

/// A direction word just after a cite (or its label parenthesis) makes it
/// relative: `C2 nedenfor`, `2d) over.`, `B4 under)`.
static DIRECTION: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \)? \s+
        (?:
            (?i:{long})                             # ovenfor, nedenstående ...
          | (?i:{short}) \s* (?: [.,;:!?)\]] | $ )  # over/under, only before punctuation
        )",
        long = alternation(DIRECTIONS),
        short = alternation(SHORT_DIRECTIONS),
    );
    Regex::new(&re).expect("static regex")
});

/// True when a direction word follows `end`: what ends there is relative.
pub(super) fn direction_after(text: &str, end: usize) -> bool {
    DIRECTION.is_match(after(text, end))
}

/// A phrase after a bare number that makes it a law: `16 kan bli brukt`.
static APPLIES: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"^\s+(?i:{})", alternation(APPLIES_AFTER));
    Regex::new(&re).expect("static regex")
});

/// True when a phrase of applying follows `end` (`kan bli brukt`): what
/// ends there names a provision.
pub(super) fn applies_after(text: &str, end: usize) -> bool {
    APPLIES.is_match(after(text, end))
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
fn line_start(text: &str, i: usize) -> bool {
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

/*!
Text → cites: where the books name a provision, and what they wrote.

Both books cite tersely (`se 16C2`, `(§ 13 eller 14)`, `anvender 13 (...)`,
`se C2 nedenfor`) in text full of numbers that are not cites (`13 kort`,
`30 minutter`, `3. etasje`). So a number is read as a cite only with
evidence: a cue word before it, a cite shape, a direction word after it, or
membership in a list that has one of these. Every rule works on bounded
windows around one scan of [`ATOM`], so `find` is linear in its input.
*/

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::levels::{self, Leniency};
use super::{Cite, CiteKind, CiteMatch, Span, Surround};
use crate::corpus::id::from_roman;
use crate::corpus::{Path, ProvisionId, Root};

// # Words
//
// Norwegian (nb) and Danish (da) words, each list with its English gloss.
// Case is ignored. A space in a phrase matches any run of white space.

/// "see", "cf.": announce a cross-reference (`se 16C2`, `jf. X8A`).
const SEE: &[&str] = &["se", "jf.", "jf", "jfr.", "jvf.", "cf.", "see", "vide"];
/// "also", "however", "moreover", "e.g.": may stand between [`SEE`] and the
/// cite (`se også 13A`, `Se dog 86C`, `se desuden 214`).
#[rustfmt::skip]
const SEE_FILLERS: &[&str] = &[
    "også", "dog", "desuden", "fx", "f.eks.", "eksempelvis", "also", "e.g.", "however",
];
/// "law", "the law(s)", "paragraph": name a law by number (`lov 16B1a`,
/// `lovene 16–18`, `Laws 61-64`).
#[rustfmt::skip]
const LAW_NOUNS: &[&str] = &[
    "lov", "loven", "lovene", "lovens", "lovenes", "love", "lovparagraf", "paragraf", "paragrafen",
    "paragrafene", "paragrafer", "paragraferne", "paragraffen", "lovbestemmelse", "lovbestemmelsen",
    "lovbestemmelserne", "lovbestemmelsene", "paragraffer", "paragrafferne", "law", "laws",
    "law's",
];
/// "according to", "because of", "in accordance with", "pursuant to".
#[rustfmt::skip]
const ACCORDING_TO: &[&str] = &[
    "iht.", "ihht.", "i henhold til", "ifølge", "i følge", "pga.", "på grund af", "på grunn av",
    "i samsvar med", "i overensstemmelse med", "i medfør af", "jævnfør", "jevnfør",
];
/// "the rules in", "the provisions of", "described in", "mentioned in",
/// "stated in", "defined in", "limited by", "follows from".
#[rustfmt::skip]
const PROVISIONS_OF: &[&str] = &[
    "reglene i", "reglerne i", "regler i", "reglen i", "regelen i", "bestemmelsene i",
    "bestemmelserne i", "bestemmelser i", "bestemmelsen i", "beskrevet i", "beskrevne i",
    "nævnt i", "nævnte i", "nevnt i", "angivet i", "angitt i", "definert i", "defineret i",
    "begrenset av", "begrænset af", "framgår av", "fremgår av", "fremgår af",
];
/// "applies", "uses", "is used": verbs whose object is often a bare law
/// number (`anvender 13`, `benyttes 216`, `har benyttet 91`).
#[rustfmt::skip]
const APPLY_VERBS: &[&str] = &[
    "anvender", "anvendes", "anvende", "anvendt", "benytter", "benyttes", "benytte", "benyttet",
    "bruger", "bruges", "bruge", "brugt", "bruker", "brukes", "bruke", "brukt",
];
/// "as under": compares with an item of the same law (`som under 1`).
const AS_UNDER: &[&str] = &["som under"];
/// "as in": compares with a provision (`Som i B`, `som i 22A`).
const AS_IN: &[&str] = &["som i"];
/// "section": a lettered section of the same law (`seksjon B av denne paragrafen`).
const SECTION_NOUNS: &[&str] = &["seksjon"];
/// "of", "in", "under", "after", "to", "from": prepositions that govern a
/// relative cite with an item number (`en overtredelse av C2`).
const PREPOSITIONS: &[&str] = &[
    "av", "af", "i", "under", "etter", "efter", "til", "fra", "med",
];
/// "above", "below", "preceding", "following": make a cite relative to the
/// context's law (`se C2 nedenfor`, `under A og B ovenfor`).
#[rustfmt::skip]
const DIRECTIONS: &[&str] = &[
    "ovenfor", "nedenfor", "ovenstående", "nedenstående", "foregående", "ovenover", "nedenunder",
    "etterfølgende", "efterfølgende", "below", "above", "hereunder", "hereafter",
];
/// "above", "below": also prepositions, so they count as directions only
/// before punctuation or the end (`se B4 under)`, `2d) over.`).
const SHORT_DIRECTIONS: &[&str] = &["over", "under"];
/// "can be applied", "applies": after a bare law number (`16 kan bli brukt`).
#[rustfmt::skip]
const APPLIES_AFTER: &[&str] = &[
    "kan bli brukt", "kan brukes", "kan gjelde", "gjelder", "gælder", "kan anvendes",
    "finder anvendelse",
];
/// Quantities: cards, minutes, hours, days, weeks, boards, rounds, tables,
/// pairs, teams, players, victory/match/imp points, tricks, degrees, times,
/// crowns, percent, floor, decimals, "in each", no trump, matches, hands,
/// suits, calls, examples, cases, pages, persons: `13 kort`, `30 minutter`,
/// `128 spil`, `18 KP`, `13 i hver`, `3 NT`, `se 3 eksempler`.
#[rustfmt::skip]
const UNITS: &[&str] = &[
    "kort", "kortene", "minutt", "minutter", "minut", "minutters", "min.", "sekunder", "time",
    "timer", "dag", "dage", "dager", "døgn", "uge", "uger", "uke", "uker", "måned", "måneder",
    "år", "spil", "spill", "spillet", "spillene", "spillerne", "mappe", "mapper", "runde",
    "runder", "bord", "borde", "bordene", "par", "parene", "parrene", "hold", "holdene", "lag",
    "lagene", "spillere", "deltagere", "deltakere", "KP", "VP", "IMP", "imps", "point", "poeng",
    "parpoint", "matchpoint", "mp", "stikk", "stik", "trekk", "grader", "gange", "ganger", "kr",
    "kr.", "kroner", "procent", "prosent", "etasje", "sal", "decimaler", "desimaler", "i hver",
    "NT", "SA", "UT", "sesjoner", "sektioner", "halvleg", "kampe", "kamper", "hender", "hænder",
    "farger", "farver", "meldinger", "eksempler", "tilfeller", "tilfælde", "sider", "personer",
    "medlemmer", "dommere", "turneringer", "omganger", "sett", "sæt", "trumf", "trumfer",
    "honnører", "honnørpoeng", "hp", "beter", "bet", "overstikk", "cards", "card", "tricks",
    "trick", "boards", "board", "points", "hands", "players", "pairs", "teams", "tables", "rounds",
    "sessions", "minutes", "hours", "days", "weeks", "times", "matches", "deals", "undertricks",
    "overtricks", "percent", "januar", "january", "februar", "february", "mars", "marts", "march",
    "april", "mai", "maj", "juni", "june", "juli", "july", "august", "september",
    "oktober", "october", "november", "desember", "december",
];
/// Page, number, crowns, o'clock, phone, table, round, board: a number
/// after these is not a cite (`se side 12`, `kr 500`, `bord 12`).
#[rustfmt::skip]
const NOT_AFTER: &[&str] = &[
    "side", "siden", "s.", "nr.", "nr", "kr", "kr.", "kl.", "kl", "tlf.", "tlf", "telefon", "bord",
    "bordnr.", "runde", "mappe", "spil", "spill", "postboks", "etasje", "sal", "udgave", "utgave",
    "page", "pages", "p.", "pp.", "no.", "board", "table", "round", "trick", "stik", "stikk",
    "hånd", "hand", "room", "tel.", "phone", "street", "road", "avenue", "boks", "pb.", "version",
    "versjon", "kampnr.", "spilnr.", "score", "scoren", "resultat", "resultatet",
];
/// Street-name endings: `Sognsveien 75A` is an address.
#[rustfmt::skip]
const STREET_ENDINGS: &[&str] = &[
    "vei", "veien", "veg", "vegen", "gate", "gata", "gaten", "vej", "vejen", "gade", "allé",
    "alle", "plass", "plads", "torv", "torget", "stræde", "bakken", "bakke",
];
/// "paragraph" (stykke), "paragraph" (ledd): the numbering of a statute,
/// such as DBf's vedtægter (`§ 14, stk. 5.1`), never of the laws.
const STATUTE_PARTS: &[&str] = &["stk.", "stk", "ledd", "litra"];
/// Documents other than the Laws whose paragraphs people cite with `§` or a
/// bare number: statutes (vedtekter, vedtægter, bylaws), regulations and
/// tournament rules (reglement, turneringsbestemmelser, propositioner), a
/// government regulation (forskrift). `vedtektenes § 3` and `§ 5 i
/// reglementet` are theirs, never a law of bridge. Each is a word stem.
#[rustfmt::skip]
const OTHER_DOCUMENTS: &[&str] = &[
    "vedtekt", "vedtægt", "reglement", "turneringsreglement", "turneringsbestemmelse",
    "turneringsregl", "spilleregl", "proposition", "forskrift", "statut", "bylaw", "by-law",
    "regulation", "konkurranseregl", "retningslinje", "ordensregl",
];
/// "law on" / "act on": a state law named by its subject (`lov om
/// pengespill § 2`), never a law of bridge.
const LAW_ON: &[&str] = &["lov om", "loven om", "lov av", "act on", "act of"];
/// "the laws" used as a cue (non-genitive): `Laws §` is not a statute's genitive.
const PLURAL_CUES: &[&str] = &["laws"];
/// Joins the two ends of a range: "to", "through", "up to and including",
/// "until", "from": `53 til 56`, `Laws 53 to 56`, `53 t.o.m. 56`.
#[rustfmt::skip]
const RANGE_WORDS: &[&str] = &[
    "til", "to", "through", "thru", "t.o.m.", "tom.", "til og med", "till", "until",
];
/// "and", "or", "as well as": join the members of a list.
const LIST_WORDS: &[&str] = &["og", "eller", "samt", "and", "or", "&", "samt med"];

/// A regex alternation of `words`, longest first; a word that ends in a
/// letter must end a word (`se` does not match `sesjon`).
fn alternation(words: &[&str]) -> String {
    let mut sorted: Vec<&str> = words.to_vec();
    sorted.sort_by_key(|w| std::cmp::Reverse(w.len()));
    sorted
        .iter()
        .map(|w| {
            let mut re = regex::escape(w).replace(' ', r"\s+");
            if w.chars().last().is_some_and(char::is_alphanumeric) {
                re.push_str(r"\b");
            }
            re
        })
        .collect::<Vec<_>>()
        .join("|")
}

// # Regexes

/// Every token that may be a cite. One scan of the input; the rules below
/// decide which tokens are cites. An absolute token is matched up to its
/// root number only: the levels below it are read by [`levels::scan`],
/// whose latitude depends on the cue. The regex crate has no look-around,
/// so the other tokens end by consuming one non-word character (or the end);
/// spans come from the groups, never from the match.
static ATOM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?-u:\b)                        # ASCII boundary: keeps the scan on the fast DFA
        (?:
            # An absolute cite: law 1-93, handbook section 201-299 or extension X6-X93.
            (?P<abs>
                (?P<glued>L|(?i:lov|law))?  # `L16B1a`, `lov40b3b`: the law sign, glued on
                (?P<x>[Xx])?                # a handbook extension of a law
                (?P<root>[0-9]+)            # length and range are checked after the match
            )
          | # Relative, from the section down: `C`, `C2`, `C1d`, `B4`.
            (?P<rel_sec> [A-Z] (?: [0-9]{1,2} [a-z]? (?:\([a-z]{1,5}\))? )? ) (?: [^\w] | $ )
          | # A relative sub-item, known by the book's label parenthesis: `d)`.
            (?P<rel_sub> [a-z] ) \)
          | # A lone lower-case letter: a member of a list with a shared stem
            # (`12C1b, c og e`); kept only right after such a stem.
            (?P<letter> [a-z] ) (?: [^\w] | $ )
        )
        ",
    )
    .expect("static regex")
});

/// What stands just before a token and makes it a cite; anchored at the end
/// of the window before the token. Leftmost wins, so `i henhold til` beats
/// the bare preposition `i`.
static LEFT_CUE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            (?P<see> \b(?i:{see}) (?:\s+(?i:{fillers}))* )  # se, jf., Se også, Se dog
          | (?P<sign> §§? )                                  # § 12C1c, §§ 61 og 62
          | (?P<law> \b(?i:{law}) )                          # lov 12, Laws 61-64
          | (?P<according> \b(?i:{according}) )              # iht. 90, i henhold til 77
          | (?P<provisions> \b(?i:{provisions}) )            # reglene i 50, begrenset av 42
          | (?P<verb> \b(?i:{verbs}) )                       # anvender 13, benyttes 216
          | (?P<as_under> \b(?i:{as_under}) )                # som under 1 (relative)
          | (?P<as_in> \b(?i:{as_in}) )                      # Som i B (relative)
          | (?P<section> \b(?i:{section}) )                  # seksjon B (relative)
          | (?P<prep> \b(?i:{prep}) )                        # av C2 (relative, with item)
        )
        \s*$
      | (?P<lost> \(\x20+ )$                                 # the lost §: `( 12C1c)`
        ",
        see = alternation(SEE),
        fillers = alternation(SEE_FILLERS),
        law = alternation(LAW_NOUNS),
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

/// A phrase after a bare number that makes it a law: `16 kan bli brukt`.
static APPLIES: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(r"^\s+(?i:{})", alternation(APPLIES_AFTER));
    Regex::new(&re).expect("static regex")
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

/// What may stand between two members of one list: a comma or a
/// conjunction ([`LIST_WORDS`]), after an optional label parenthesis (`2c)
/// eller 2d)`) and an optional gloss in parentheses (`13 (forkert antal
/// kort), 14 (manglende kort)`).
static LIST_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \)?                                   # the label parenthesis of `2c)`
        (?: \s* \( [^()\n]{{1,80}} \) )?        # a gloss: `(manglende kort)`
        (?:
            \s* , \s* (?: (?i:{list}) \s+ )?    # `61, 62`, `61, og 62`
          | \s+ (?i:{list}) \s+                 # `19A og 77`, `13 eller 14`
        )
        $",
        list = alternation(LIST_WORDS),
    );
    Regex::new(&re).expect("static regex")
});

/// What joins the two ends of a range: a dash (`16–18`, `61-64`) or a word
/// ([`RANGE_WORDS`]: `53 til 56`, `Laws 53 to 56`, `53 t.o.m. 56`).
static RANGE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"^(?:\s*[-–—]\s*|\s+(?i:{words})\s+)$",
        words = alternation(RANGE_WORDS)
    );
    Regex::new(&re).expect("static regex")
});

/// A dash between two numbers: a range, or else a score (`2-0`).
static DASH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[-–—]\s*$").expect("static regex"));

/// Another document just before the number, with nothing but a sign or a
/// comma between: `vedtektenes § 3`, `DBf's vedtægter, 14`, `straffeloven
/// § 12`, `forskrift om pengespill § 2`, `turneringsbestemmelserne pkt. 4`.
static OTHER_DOCUMENT_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        (?:
            \b(?i:{docs})\p{{L}}*                    # vedtektene, reglementets ...
            (?: \s+ (?i:om|for|of|on) (?: \s+ \p{{L}}+ ){{1,3}} )?
          | \b\p{{L}}+lov(?:en|ens|a|s|e)?\b         # straffeloven, aksjelovens
          | \b(?i:{law_on}) (?: \s+ \p{{L}}+ ){{1,4}}  # lov om pengespill
        )
        [\s,]* (?: §§? | (?i:nr\.?|pkt\.?|punkt|art\.?|artikkel|article|section|kapitel|kapittel) )? \s* $",
        docs = OTHER_DOCUMENTS
            .iter()
            .map(|w| regex::escape(w))
            .collect::<Vec<_>>()
            .join("|"),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// A genitive just before `§`: a document's own paragraph (`lovenes § 9`
/// in the sense of a club's statutes, `DBf's § 14`, `reglementets § 5`).
static GENITIVE_SIGN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<word>\b\p{L}{2,}(?:s|'s|’s))\s*§§?\s*$").expect("static regex")
});

/// Another document just after the number: `§ 3 i vedtektene`, `§ 5 in the
/// bylaws`, `§ 2 i forskriften`, `§ 12 i straffeloven`.
static OTHER_DOCUMENT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x)
        ^ \s* ,? \s* (?i:i|in|af|av|of|under) \s+
        (?: (?i:de[nt]?|the|vores|våre|klubbens|forbundets|DBf's|NBF's) \s+ )?
        (?: (?i:{docs})\p{{L}}* | \p{{L}}+lov(?:en|a|e)?\b | (?i:{law_on}) )",
        docs = OTHER_DOCUMENTS
            .iter()
            .map(|w| regex::escape(w))
            .collect::<Vec<_>>()
            .join("|"),
        law_on = alternation(LAW_ON),
    );
    Regex::new(&re).expect("static regex")
});

/// How far back a cue may start, and how far ahead a unit or direction may
/// end, in bytes. Bounded windows keep `find` linear.
const WINDOW: usize = 64;
/// The longest gap between two members of a list (a gloss included).
const MAX_GAP: usize = 120;
/// The most roots one range may span.
const MAX_RANGE: u16 = 50;

// # Tokens

/// What cues a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cue {
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
    /// `som i`, `seksjon`: a bare letter is a section of the same law.
    SameLaw,
    /// `av`, `i`, `under`: only for letter-with-item relatives (`av C2`).
    Preposition,
}

/// The shape of a token.
#[derive(Clone, Debug)]
enum Shape {
    /// Starts with a number (or `X`, `L`): absolute.
    Absolute {
        /// The cite, or what was written and why it cannot exist.
        parsed: Result<ProvisionId, (ProvisionId, String)>,
        /// Number plus section letter, `X` or `L`: a cite without any cue.
        strong: bool,
        /// A bare number (no letter, no `X`, no `L`): may be a quantity, or
        /// a relative item when a direction word follows.
        bare: Option<u16>,
    },
    /// Starts below the root: `C2`, `C`, `2c`, `d`.
    Relative { path: Path, form: RelForm },
    /// A lone lower-case letter after a cite with a sub-item: a sibling of
    /// it (`c` and `e` in `12C1b, c og e`).
    Letter(char),
    /// A number no cite can have (`2017`, `07`, `0`, `12C0`); always blocked.
    Quantity,
}

/// What is being read: running text, or a query that should be nothing but
/// citations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Text,
    Query,
}

/// How a relative token starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RelForm {
    /// `C`: a bare section letter (also a word in both languages).
    Letter,
    /// `C2`, `C1d`: section with an item.
    LetterItem,
    /// `2c`: item with sub-item.
    ItemSub,
    /// `d)`: a sub-item label.
    Sub,
}

/// Why a token is not a cite whatever its cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
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

#[derive(Clone, Debug)]
struct Token {
    span: Span,
    shape: Shape,
    /// The cue just before this token (for the first token of a group).
    cue: Option<Cue>,
    block: Option<Block>,
}

/// Finds every cite in `text`, in order, with non-overlapping spans.
///
/// A token is a cite when
/// - it has a cite shape: a number with a section letter (`16C`, `12C1e(ii)`),
///   an `X` (`X78B4`) or a glued law sign (`L16B1a`, `lov40b3b`); or
/// - a cue stands just before it: `se`, `jf.`, `§`, `lov`, `Laws`, `iht.`,
///   `reglene i`, `anvender` … (`se 77`, `anvender 13`); `( 12C1c)` counts as
///   the lost `§`; or a phrase such as `kan bli brukt` follows it (`16 kan
///   bli brukt`); or
/// - it is relative: a direction word follows (`C2 nedenfor`, `1 og 2
///   ovenfor`, `d) under`), or a cue fits its form (`se C`, `av C2`, `Som i B`,
///   `som under 1`); or
/// - it continues a list (`,`, `og`, `eller`, `and`, `or`, with optional
///   glosses in parentheses) whose first member is cued or any of whose
///   members has a cite shape (`i 4, 12C2 og 91`); a letter after a cite
///   shares its stem (`12C1b, c og e`); two roots joined by a dash or a range
///   word after a cue are a range (`16–18`, `53 til 56`, `Laws 53 to 56`,
///   `53 t.o.m. 56`, `16C2a-d`).
///
/// After a cue, levels may also be joined by spaces or dots (`§ 40 B 2 a`,
/// `40.B.3.b`) and a section letter may be written in lower case (`lov 7c1`);
/// the English brackets are read at every depth (`40B2(a)(ii)`).
///
/// A token is never a cite when it is followed by a unit or a month (`13
/// kort`, `60%`, `12 mai`; this makes its whole list quantities), is a list
/// label at a line start (`1. Holdturnering`) or an ordinal (`3. etasje`), is
/// part of a decimal, time, score or a number of four digits or more (`5.1`,
/// `2017`, `+2`), belongs to another document (`vedtektenes § 3`, `§ 5 i
/// reglementet`, `straffeloven § 12`, `DBf's vedtægter, 14, stk. 5.1`) or
/// comes after `side`, `kr`, `nr.`, `bord`, `mappe` or a street name. A space
/// between number and letter (`86 B`) counts only after a cue, so
/// `Sognsveien 75 A` stays an address.
///
/// The item-label parenthesis (`b)`) is never part of a span: in
/// `(se 12C1b))` the cite is `12C1b`, the first `)` is the book's label style
/// and the second closes the sentence's parenthesis.
///
/// ```
/// let text = "TL skal justere scoren (se 12C1b)) og anvender 13, 14 eller 16C; 13 kort er normalt.";
/// let cites: Vec<_> = lovbok::cite::find(text).into_iter().map(|m| m.text).collect();
/// assert_eq!(cites, ["12C1b", "13", "14", "16C"]);
/// ```
pub fn find(text: &str) -> Vec<CiteMatch> {
    scan(text, Mode::Text)
}

/// Reads a query that should be nothing but citations (`12C1c`, `§ 12 C 1
/// c`, `lov16b1a`, `16B1A`, `12.c.1.e`, `Laws 53 to 56`, `61, 62 og 64`):
/// the same grammar as [`find`], with every form and case allowed and no
/// cue needed. `None` when anything but cites, cue words, list and range
/// words and punctuation is left over (`meldinger etter 16C2`, `13 kort`).
/// A cite that cannot exist is kept (`99` reads as `Cite::Impossible`), so a
/// caller can say why.
///
/// ```
/// let q = |s: &str| lovbok::cite::find_query(s).map(|m| m.into_iter().map(|c| c.text).collect::<Vec<_>>());
/// assert_eq!(q("lov16b1a"), Some(vec!["lov16b1a".to_string()]));
/// assert_eq!(q("§ 40 B 2 a"), Some(vec!["40 B 2 a".to_string()]));
/// assert_eq!(q("13 kort"), None);
/// ```
pub fn find_query(query: &str) -> Option<Vec<CiteMatch>> {
    if query.len() > MAX_QUERY || query.trim().is_empty() {
        return None;
    }
    let found = scan(query, Mode::Query);
    if found.is_empty() {
        return None;
    }
    let mut rest = String::with_capacity(query.len());
    let mut pos = 0;
    for m in &found {
        rest.push_str(query.get(pos..m.span.start).unwrap_or_default());
        rest.push(' ');
        pos = pos.max(m.span.end);
    }
    rest.push_str(query.get(pos..).unwrap_or_default());
    QUERY_FILLER.is_match(&rest).then_some(found)
}

/// The longest query [`find_query`] reads.
const MAX_QUERY: usize = 200;

/// What may surround the cites of a query: cue words, list and range
/// words, `§`, punctuation and white space.
static QUERY_FILLER: LazyLock<Regex> = LazyLock::new(|| {
    let re = format!(
        r"(?x) ^ (?: [\s,.;:()\[\]§&–—-] | \b(?i:{see}|{law}|{list}|{range}|{fillers}) )* $",
        see = alternation(SEE),
        law = alternation(LAW_NOUNS),
        list = alternation(LIST_WORDS),
        range = alternation(RANGE_WORDS),
        fillers = alternation(SEE_FILLERS),
    );
    Regex::new(&re).expect("static regex")
});

fn scan(text: &str, mode: Mode) -> Vec<CiteMatch> {
    let tokens = tokens(text, mode);
    let mut out = Vec::new();
    let mut group: Vec<Item> = Vec::new();
    let mut last_end: Option<usize> = None;
    for (i, token) in tokens.iter().enumerate() {
        if matches!(token.block, Some(b) if b != Block::Unit) {
            flush(text, &tokens, &mut group, &mut out, mode);
            last_end = None;
            continue;
        }
        let gap = last_end.and_then(|end| text.get(end..token.span.start));
        let linked = gap.filter(|g| g.len() <= MAX_GAP);
        match (linked, group.last().copied()) {
            (Some(g), Some(Item::One(prev)))
                if RANGE.is_match(g) && is_range(&tokens[prev], token) =>
            {
                if let Some(last) = group.last_mut() {
                    *last = Item::Range(prev, i);
                }
            }
            (Some(g), Some(_)) if LIST_SEPARATOR.is_match(g) => group.push(Item::One(i)),
            _ => {
                flush(text, &tokens, &mut group, &mut out, mode);
                group.push(Item::One(i));
            }
        }
        last_end = Some(token.span.end);
    }
    flush(text, &tokens, &mut group, &mut out, mode);
    out
}

/// One member of a list: a token, or a range of two tokens.
#[derive(Clone, Copy, Debug)]
enum Item {
    One(usize),
    Range(usize, usize),
}

impl Item {
    fn first(self) -> usize {
        match self {
            Item::One(i) | Item::Range(i, _) => i,
        }
    }
    fn last(self) -> usize {
        match self {
            Item::One(i) | Item::Range(_, i) => i,
        }
    }
}

/// The cite an absolute token reads, if it reads a possible one.
fn parsed_id(t: &Token) -> Option<&ProvisionId> {
    match &t.shape {
        Shape::Absolute { parsed: Ok(id), .. } => Some(id),
        _ => None,
    }
}

/// Two bare roots of the same kind, ascending and not too far apart; or a
/// cite with a sub-item and a later letter (`16C2a-d`).
fn is_range(a: &Token, b: &Token) -> bool {
    let root = |t: &Token| match parsed_id(t) {
        Some(ProvisionId::Numbered { root, path }) if path.depth() == 0 => Some(*root),
        _ => None,
    };
    if let (Some(ProvisionId::Numbered { path, .. }), Shape::Letter(last)) =
        (parsed_id(a), &b.shape)
    {
        return path.roman.is_none() && path.sub.is_some_and(|first| first < *last);
    }
    match (root(a), root(b)) {
        (Some(Root::Law(x)), Some(Root::Law(y)))
        | (Some(Root::Section(x)), Some(Root::Section(y)))
        | (Some(Root::Extension(x)), Some(Root::Extension(y))) => x < y && y - x <= MAX_RANGE,
        _ => false,
    }
}

/// `id` with its deepest level replaced by `letter`, when that level is a
/// letter of the same kind (`12C1b` + `c` → `12C1c`, `78A` + `B` → `78B`).
fn sibling(id: &ProvisionId, letter: char) -> Option<ProvisionId> {
    let ProvisionId::Numbered { root, path } = id else {
        return None;
    };
    let mut path = path.clone();
    if path.roman.is_some() {
        return None;
    }
    if letter.is_ascii_lowercase() && path.sub.is_some() {
        path.sub = Some(letter);
    } else if letter.is_ascii_uppercase() && path.section.is_some() && path.item.is_none() {
        path.section = Some(letter);
    } else {
        return None;
    }
    Some(ProvisionId::Numbered { root: *root, path })
}

/// Decides which members of a finished group are cites, and emits them.
fn flush(
    text: &str,
    tokens: &[Token],
    group: &mut Vec<Item>,
    out: &mut Vec<CiteMatch>,
    mode: Mode,
) {
    if group.is_empty() {
        return;
    }
    let items = std::mem::take(group);
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return;
    };
    let first = &tokens[first.first()];
    let last = &tokens[last.last()];
    let cue = first.cue;
    let direction = DIRECTION.is_match(after(text, last.span.end));
    let applies = APPLIES.is_match(after(text, last.span.end));
    let member_tokens = || {
        items
            .iter()
            .flat_map(|it| [it.first(), it.last()])
            .map(|i| &tokens[i])
    };
    let strong = member_tokens()
        .any(|t| matches!(t.shape, Shape::Absolute { strong: true, .. }) && t.block.is_none());
    let quantities = member_tokens().any(|t| t.block == Some(Block::Unit));
    let names = matches!(cue, Some(Cue::See | Cue::Law | Cue::Text))
        || strong
        || applies
        || mode == Mode::Query;

    let mut accepted: Vec<(Span, Cite, bool)> = Vec::new(); // (span, cite, relative)
                                                            // The last absolute cite of the group: the stem a lone letter shares.
    let mut stem: Option<ProvisionId> = None;
    for item in &items {
        match *item {
            Item::Range(a, b) => {
                let (ta, tb) = (&tokens[a], &tokens[b]);
                if quantities || !names {
                    continue;
                }
                let ends = match (parsed_id(ta), &tb.shape) {
                    (Some(first), Shape::Letter(c)) => {
                        sibling(first, *c).map(|last| (first.clone(), last))
                    }
                    (Some(first), _) => parsed_id(tb).map(|last| (first.clone(), last.clone())),
                    _ => None,
                };
                if let Some((first, last)) = ends {
                    let span = Span {
                        start: ta.span.start,
                        end: tb.span.end,
                    };
                    stem = Some(first.clone());
                    accepted.push((span, Cite::Range { first, last }, false));
                }
            }
            Item::One(i) => {
                let t = &tokens[i];
                if t.block.is_some() {
                    continue;
                }
                // A letter after a cite with a letter at that level is its
                // sibling: `12C1b, c og e`, `78A, B og C`.
                let letter = match &t.shape {
                    Shape::Letter(c) => Some(*c),
                    Shape::Relative {
                        path,
                        form: RelForm::Letter,
                    } if !direction => path.section,
                    _ => None,
                };
                if let Some(id) = letter.and_then(|c| stem.as_ref().and_then(|s| sibling(s, c))) {
                    accepted.push((t.span, Cite::Absolute { id }, false));
                    continue;
                }
                if let Some((cite, relative)) = accept(t, cue, direction, names, quantities) {
                    if let Cite::Absolute { id } = &cite {
                        stem = Some(id.clone());
                    }
                    accepted.push((t.span, cite, relative));
                }
            }
        }
    }
    let several = accepted.len() > 1;
    for (span, cite, relative) in accepted {
        let kind = match (&cite, relative) {
            (_, true) => CiteKind::Relative,
            (Cite::Range { .. }, _) => CiteKind::Range,
            _ if several => CiteKind::List,
            _ => CiteKind::Full,
        };
        out.push(CiteMatch {
            span,
            kind,
            cite,
            text: text
                .get(span.start..span.end)
                .unwrap_or_default()
                .to_string(),
            surround: surround(text, span),
        });
    }
}

/// Whether one token of a group is a cite, and what it says.
fn accept(
    t: &Token,
    cue: Option<Cue>,
    direction: bool,
    names: bool,
    quantities: bool,
) -> Option<(Cite, bool)> {
    match &t.shape {
        Shape::Absolute {
            parsed,
            strong,
            bare,
        } => {
            if let Some(n) = bare {
                // A bare number: an item of the same law when a direction word
                // or `som under` says so (unless `lov` or `§` says it is a
                // law), else a law only with evidence.
                if (direction && cue != Some(Cue::Law)) || cue == Some(Cue::AsUnder) {
                    let path = Path {
                        item: Some(*n),
                        ..Path::default()
                    };
                    return Some((Cite::Relative { path }, true));
                }
                if quantities || !names {
                    return None;
                }
            } else if !strong && !names {
                return None;
            }
            let cite = match parsed {
                Ok(id) => Cite::Absolute { id: id.clone() },
                Err((written, reason)) => Cite::Impossible {
                    written: written.clone(),
                    reason: reason.clone(),
                },
            };
            Some((cite, false))
        }
        Shape::Relative { path, form } => {
            let ok = direction
                || match form {
                    RelForm::LetterItem => cue.is_some() || names,
                    RelForm::Letter => matches!(cue, Some(Cue::See | Cue::SameLaw)),
                    RelForm::ItemSub => matches!(cue, Some(Cue::See | Cue::AsUnder)),
                    RelForm::Sub => cue == Some(Cue::See),
                };
            ok.then(|| (Cite::Relative { path: path.clone() }, true))
        }
        Shape::Letter(_) | Shape::Quantity => None,
    }
}

/// Every candidate token, with its cue and blocks.
fn tokens(text: &str, mode: Mode) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    for c in ATOM.captures_iter(text) {
        // A member of a list is read with its first member's latitude:
        // `lov 16b1a og 16b1b`.
        let inherited = tokens.last().and_then(|p| {
            let start = c.get(0).map_or(p.span.end, |m| m.start());
            let gap = text.get(p.span.end..start).unwrap_or_default();
            let member = LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap);
            (member && p.block.is_none() && matches!(p.shape, Shape::Absolute { .. }))
                .then_some(p.cue)
                .flatten()
        });
        let Some(t) = token(text, &c, mode, inherited) else {
            continue;
        };
        // An absolute token reads past its regex match (`40 B 3 b`); what
        // the scan finds inside it is part of it.
        if tokens.last().is_some_and(|p| t.span.start < p.span.end) {
            continue;
        }
        // A lone letter is kept only as the next member of a list whose
        // previous member is a cite with a sub-item, or another such letter.
        if let Shape::Letter(_) = t.shape {
            let after_stem = tokens.last().is_some_and(|p| {
                let gap = text.get(p.span.end..t.span.start).unwrap_or_default();
                let stem = match &p.shape {
                    Shape::Absolute {
                        parsed: Ok(ProvisionId::Numbered { path, .. }),
                        ..
                    } => path.sub.is_some() && path.roman.is_none(),
                    Shape::Letter(_) => true,
                    _ => false,
                };
                stem && p.block.is_none() && (LIST_SEPARATOR.is_match(gap) || RANGE.is_match(gap))
            });
            if !after_stem {
                continue;
            }
        }
        tokens.push(t);
    }
    // Two numbers joined by a dash that are no range are a score or a span
    // of quantities (`2-0`, `se 1-1`, `18–16`), not cites.
    for i in 1..tokens.len() {
        let gap = text
            .get(tokens[i - 1].span.end..tokens[i].span.start)
            .unwrap_or_default();
        if gap.len() <= 8 && DASH.is_match(gap) && !is_range(&tokens[i - 1], &tokens[i]) {
            for t in &mut tokens[i - 1..=i] {
                if matches!(
                    t.shape,
                    Shape::Absolute { bare: Some(_), .. } | Shape::Quantity
                ) {
                    t.block.get_or_insert(Block::Number);
                }
            }
        }
    }
    tokens
}

fn token(text: &str, c: &Captures<'_>, mode: Mode, inherited: Option<Cue>) -> Option<Token> {
    if c.name("abs").is_some() {
        return absolute(text, c, mode, inherited);
    }
    if let Some(m) = c.name("letter") {
        return Some(Token {
            span: Span {
                start: m.start(),
                end: m.end(),
            },
            shape: Shape::Letter(m.as_str().chars().next()?),
            cue: None,
            block: None,
        });
    }
    let (m, form) = if let Some(m) = c.name("rel_sec") {
        let form = if m.len() == 1 {
            RelForm::Letter
        } else {
            RelForm::LetterItem
        };
        (m, form)
    } else {
        (c.name("rel_sub")?, RelForm::Sub)
    };
    relative(text, m.start(), m.end(), form)
}

/// A relative token at `start..end`: `C2`, `C`, `2c`, `d`.
fn relative(text: &str, start: usize, end: usize, form: RelForm) -> Option<Token> {
    let span = Span { start, end };
    let path = relative_path(text.get(start..end)?)?;
    let rest = after(text, span.end);
    let at_line_start = line_start(text, span.start);
    // Labels at a line start (`a) tekst`, `A. Tittel`), and compounds
    // (`A-rækken`, `A4-ark`).
    let label =
        at_line_start && (matches!(form, RelForm::Sub | RelForm::ItemSub) || rest.starts_with('.'));
    let block = if label || rest.starts_with('-') {
        Some(Block::Label)
    } else {
        None
    };
    Some(Token {
        span,
        shape: Shape::Relative { path, form },
        cue: left_cue(text, span.start),
        block,
    })
}

/// How loosely a cite after `cue` may be written.
fn leniency(cue: Option<Cue>, mode: Mode) -> Leniency {
    match (mode, cue) {
        (Mode::Query, _) => Leniency::Query,
        (_, Some(Cue::Law)) => Leniency::LawCued,
        (_, Some(Cue::See | Cue::Text)) => Leniency::Cued,
        _ => Leniency::Bare,
    }
}

/// An absolute token: `16C2`, `X78B4`, `L16B1a`, `86 B`, `lov 7c1`, `12`, `99`.
fn absolute(text: &str, c: &Captures<'_>, mode: Mode, inherited: Option<Cue>) -> Option<Token> {
    let abs = c.name("abs")?;
    let root = c.name("root")?;
    let start = abs.start();
    let glued = c.name("glued").is_some();
    let cue = if glued {
        Some(Cue::Law)
    } else {
        left_cue(text, start)
    };
    let token = |end: usize, shape: Shape, block: Option<Block>| Token {
        span: Span { start, end },
        shape,
        cue,
        block,
    };
    let digits = root.as_str();
    // Four digits and more are years and amounts; a leading zero or a lone
    // zero is a score or a time (`0-0`, `07`).
    let Ok(n) = digits.parse::<u16>() else {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    };
    if digits.len() > 3 || digits.starts_with('0') {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let lenient = leniency(cue.or(inherited), mode);
    let x = c.name("x");
    // A lower-case `x` is an extension only where a cite is expected.
    if x.is_some_and(|m| m.as_str() == "x") && lenient == Leniency::Bare {
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let extension = x.is_some();

    let levels = levels::scan(text, root.end(), lenient);
    if levels.glued_tail {
        // `2c)`: a relative item and sub-item, as the laws write them.
        let b = text.as_bytes();
        let sub = b.get(root.end()).copied();
        let after_sub = b.get(root.end() + 1).copied();
        if !extension
            && !glued
            && digits.len() <= 2
            && sub.is_some_and(|s| s.is_ascii_lowercase())
            && !after_sub.is_some_and(|a| a.is_ascii_alphanumeric() || a >= 0x80)
        {
            return relative(text, root.start(), root.end() + 1, RelForm::ItemSub);
        }
        return Some(token(abs.end(), Shape::Quantity, Some(Block::Number)));
    }
    let end = levels.end.max(root.end());
    let below = levels.path.to_string();
    let prefix = if extension { "X" } else { "" };
    let parsed = format!("{prefix}{n}{below}").parse::<ProvisionId>();
    let valid_root = if extension {
        (1..=93).contains(&n)
    } else {
        Root::from_number(n).is_some()
    };
    let parsed = match parsed {
        Ok(id) => Ok(id),
        Err(_) if !valid_root => {
            let written_root = if extension {
                Root::Extension(n)
            } else if n <= 200 {
                Root::Law(n)
            } else {
                Root::Section(n)
            };
            let reason = if extension {
                format!("no extension X{n}: the handbook's extensions follow laws 1-93")
            } else {
                format!("no law or section {n}: laws are numbered 1-93, handbook sections 201-299")
            };
            Err((
                ProvisionId::Numbered {
                    root: written_root,
                    path: levels.path.clone(),
                },
                reason,
            ))
        }
        // A valid root with malformed levels (`12C0`): no cite.
        Err(_) => return Some(token(abs.end(), Shape::Quantity, Some(Block::Number))),
    };
    let strong = valid_root && (extension || glued || !below.is_empty());
    let bare = (below.is_empty() && !extension && !glued).then_some(n);
    let block = absolute_block(text, start, end, bare.is_some());
    let shape = Shape::Absolute {
        parsed,
        strong,
        bare,
    };
    Some(token(end, shape, block))
}

/// Why an absolute token at `start..end` cannot be a cite, if it cannot.
fn absolute_block(text: &str, start: usize, end: usize, bare: bool) -> Option<Block> {
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
    if UNIT.is_match(rest) {
        return Some(Block::Unit);
    }
    None
}

/// True when a nearby word gives the number to another document than the
/// Laws: `vedtektenes § 3`, `§ 5 i reglementet`, `straffeloven § 12`.
fn other_document(before: &str, rest: &str) -> bool {
    if OTHER_DOCUMENT_BEFORE.is_match(before) || OTHER_DOCUMENT_AFTER.is_match(rest) {
        return true;
    }
    GENITIVE_SIGN.captures(before).is_some_and(|c| {
        let word = c.name("word").map_or("", |m| m.as_str()).to_lowercase();
        !PLURAL_CUES.contains(&word.as_str())
    })
}

/// The cue just before `start`, if any.
fn left_cue(text: &str, start: usize) -> Option<Cue> {
    let c = LEFT_CUE.captures(before(text, start))?;
    let cue = if c.name("see").is_some() {
        Cue::See
    } else if c.name("sign").is_some() || c.name("lost").is_some() || c.name("law").is_some() {
        Cue::Law
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

/// The levels of a relative token: `C2` → {C, 2}, `2c` → {2, c}, `d` → {d}.
fn relative_path(s: &str) -> Option<Path> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut path = Path::default();
    if i < b.len() && b[i].is_ascii_uppercase() {
        path.section = Some(b[i] as char);
        i += 1;
    }
    let digits = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i > digits {
        path.item = Some(s.get(digits..i)?.parse().ok()?);
    }
    if i < b.len() && b[i].is_ascii_lowercase() {
        path.sub = Some(b[i] as char);
        i += 1;
    }
    if i < b.len() && b[i] == b'(' {
        let inner = s.get(i + 1..s.len().checked_sub(1)?)?;
        match from_roman(inner) {
            Some(r) => path.roman = Some(r),
            // `C1(d)`: a sub-item in the English style.
            None if path.sub.is_none() && inner.len() == 1 => path.sub = inner.chars().next(),
            None => return None,
        }
    }
    (path.depth() > 0).then_some(path)
}

/// Up to [`WINDOW`] bytes before `i`, starting on a character boundary.
fn before(text: &str, i: usize) -> &str {
    let mut from = i.saturating_sub(WINDOW);
    while from < i && !text.is_char_boundary(from) {
        from += 1;
    }
    text.get(from..i).unwrap_or_default()
}

/// Up to [`WINDOW`] bytes from `i`, ending on a character boundary.
fn after(text: &str, i: usize) -> &str {
    let mut to = (i + WINDOW).min(text.len());
    while to > i && !text.is_char_boundary(to) {
        to -= 1;
    }
    text.get(i..to).unwrap_or_default()
}

/// True when only spaces and tabs stand between the last line break (or the
/// start of the text) and `i`.
fn line_start(text: &str, i: usize) -> bool {
    let head = text.get(..i).unwrap_or_default();
    let trimmed = head.trim_end_matches([' ', '\t']);
    trimmed.is_empty() || trimmed.ends_with('\n')
}

/// The text around `span`, for [`Surround`].
fn surround(text: &str, span: Span) -> Surround {
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

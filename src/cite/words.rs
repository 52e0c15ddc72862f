/*!
The words of the citation grammar: cues, fillers, units and the names of
other documents, in Norwegian (nb), Danish (da), Swedish (sv) and English.

They live apart from the rules in `find/` so that one list serves every
reader of citations (and can be handed to the browser's offline copy), and
so that a language is added in one place. Case is ignored everywhere; a
space in a phrase matches any run of white space; [`alternation`] and
[`stems`] turn a list into the part of a regex that matches it.
*/

/// A regex alternation of `words`, longest first; a word that ends in a
/// letter must end a word (`se` does not match `sesjon`).
pub(super) fn alternation(words: &[&str]) -> String {
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

/// A regex alternation of word stems, for extended-mode patterns (a space
/// in a stem matches any run of white space).
pub(super) fn stems(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| regex::escape(w).replace(' ', r"\s+"))
        .collect::<Vec<_>>()
        .join("|")
}

/// "see", "cf.": announce a cross-reference (`se 16C2`, `jf. X8A`, sv `jfr
/// lag 40`, `jämför 12C`).
#[rustfmt::skip]
pub(super) const SEE: &[&str] = &[
    "se", "jf.", "jf", "jfr.", "jfr", "jvf.", "cf.", "see", "vide", "jämför", "jmf.", "jmf",
];
/// "also", "however", "moreover", "e.g.": may stand between [`SEE`] and the
/// cite (`se også 13A`, `Se dog 86C`, `se desuden 214`).
#[rustfmt::skip]
pub(super) const SEE_FILLERS: &[&str] = &[
    "også", "dog", "desuden", "fx", "f.eks.", "eksempelvis", "also", "e.g.", "however", "även",
    "också", "dock", "t.ex.",
];
/// "law", "the law(s)", "paragraph": name a law by number (`lov 16B1a`,
/// `lovene 16–18`, `Laws 61-64`).
#[rustfmt::skip]
pub(super) const LAW_NOUNS: &[&str] = &[
    "lov", "loven", "lovene", "lovens", "lovenes", "love", "lovparagraf", "paragraf", "paragrafen",
    "paragrafene", "paragrafer", "paragraferne", "paragraffen", "lovbestemmelse", "lovbestemmelsen",
    "lovbestemmelserne", "lovbestemmelsene", "paragraffer", "paragrafferne", "law", "laws",
    "law's", "lagen", "lagens", "lagarna", "lagarnas", "lagparagraf", "lagparagrafen", "lagboken",
    "lagbokens", "lovbogen", "lovbogens", "lovboken", "lovbokens", "bridgeloven", "bridgelovens",
    "bridgelovene", "bridgelovenes", "bridgelagen", "bridgelagarna",
];
/// Swedish "law", Norwegian "team": a law cue only where a cite must follow
/// (after `enligt`, `se`, `jfr`, `i`, or inside a parenthesis: `enligt lag
/// 21 B`, `(lag 90)`), or when the levels it reads are a cite's (`lag 12 C
/// 3`); `lag 3 vant` is a team.
pub(super) const TEAM_OR_LAW: &[&str] = &["lag"];
/// What makes [`TEAM_OR_LAW`] a law cue when it stands just before it.
#[rustfmt::skip]
pub(super) const BEFORE_TEAM_OR_LAW: &[&str] = &[
    "enligt", "enl.", "se", "jfr", "jfr.", "jämför", "i", "av", "mot", "med stöd av",
    "tillämpa", "tillämpar", "tillämpade", "tillämpas",
];
/// The Laws' own names in the genitive: `lovenes § 93`, `bridgelovenes
/// §93C`, `lovbokens § 12`, `lagens § 21`; on a bridge page they name the
/// Laws, so `§` after them is no other document's paragraph. The singular
/// `lovens § 12` stays a statute's: bridge texts cite "the Laws", in the
/// plural, and a state law is "loven".
#[rustfmt::skip]
pub(super) const LAW_GENITIVES: &[&str] = &[
    "lovenes", "lovbokens", "lovbogens", "bridgelovens", "bridgelovenes", "lagens",
    "lagarnas", "lagbokens", "laws", "law's", "laws'",
];
/// "according to", "because of", "in accordance with", "pursuant to".
#[rustfmt::skip]
pub(super) const ACCORDING_TO: &[&str] = &[
    "iht.", "ihht.", "i henhold til", "ifølge", "i følge", "pga.", "på grund af", "på grunn av",
    "i samsvar med", "i overensstemmelse med", "i medfør af", "jævnfør", "jevnfør", "enligt",
    "enl.", "i enlighet med", "med stöd av", "på grund av", "according to", "pursuant to",
];
/// "the rules in", "the provisions of", "described in", "mentioned in",
/// "stated in", "defined in", "limited by", "follows from".
#[rustfmt::skip]
pub(super) const PROVISIONS_OF: &[&str] = &[
    "reglene i", "reglerne i", "regler i", "reglen i", "regelen i", "bestemmelsene i",
    "bestemmelserne i", "bestemmelser i", "bestemmelsen i", "beskrevet i", "beskrevne i",
    "nævnt i", "nævnte i", "nevnt i", "angivet i", "angitt i", "definert i", "defineret i",
    "begrenset av", "begrænset af", "framgår av", "fremgår av", "fremgår af", "reglerna i",
    "regeln i", "bestämmelserna i", "bestämmelsen i", "beskrivs i", "beskriven i", "nämnd i",
    "nämns i", "anges i", "framgår av",
];
/// "applies", "uses", "is used": verbs whose object is often a bare law
/// number (`anvender 13`, `benyttes 216`, `har benyttet 91`).
#[rustfmt::skip]
pub(super) const APPLY_VERBS: &[&str] = &[
    "anvender", "anvendes", "anvende", "anvendt", "benytter", "benyttes", "benytte", "benyttet",
    "bruger", "bruges", "bruge", "brugt", "bruker", "brukes", "bruke", "brukt", "tillämpar",
    "tillämpas", "tillämpa", "tillämpade", "tillämpat", "använder", "används", "använde",
    "applied", "applying", "invoked", "gives", "følges",
];
/// "as under": compares with an item of the same law (`som under 1`).
pub(super) const AS_UNDER: &[&str] = &["som under"];
/// "as in": compares with a provision (`Som i B`, `som i 22A`).
pub(super) const AS_IN: &[&str] = &["som i", "as in", "så som i"];
/// "section": a lettered section of the same law (`seksjon B av denne paragrafen`).
#[rustfmt::skip]
pub(super) const SECTION_NOUNS: &[&str] = &[
    "seksjon", "part", "section", "avsnit", "avsnitt", "afsnit", "pkt.", "pkt", "punkt",
];
/// "of", "in", "under", "after", "to", "from": prepositions that govern a
/// relative cite with an item number (`en overtredelse av C2`).
pub(super) const PREPOSITIONS: &[&str] = &[
    "av", "af", "i", "under", "etter", "efter", "til", "fra", "med",
];
/// "above", "below", "preceding", "following": make a cite relative to the
/// context's law (`se C2 nedenfor`, `under A og B ovenfor`).
#[rustfmt::skip]
pub(super) const DIRECTIONS: &[&str] = &[
    "ovenfor", "nedenfor", "ovenstående", "nedenstående", "foregående", "ovenover", "nedenunder",
    "etterfølgende", "efterfølgende", "below", "above", "hereunder", "hereafter", "preceding",
    "ovan", "nedan", "ovanstående", "nedanstående", "föregående", "supra",
];
/// "above", "below": also prepositions, so they count as directions only
/// before punctuation or the end (`se B4 under)`, `2d) over.`).
pub(super) const SHORT_DIRECTIONS: &[&str] = &["over", "under"];
/// "can be applied", "applies": after a bare law number (`16 kan bli brukt`).
#[rustfmt::skip]
pub(super) const APPLIES_AFTER: &[&str] = &[
    "kan bli brukt", "kan brukes", "kan gjelde", "gjelder", "gælder", "kan anvendes",
    "finder anvendelse", "anvendes", "ikke anvendes", "brukes", "ikke brukes", "ikke gjelder",
    "ikke gælder", "only applies", "does not apply", "do not apply", "tillämpas", "ska tillämpas", "skall tillämpas", "gäller", "används",
    "applies", "shall apply", "will apply",
];
/// Quantities: cards, minutes, hours, days, weeks, boards, rounds, tables,
/// pairs, teams, players, victory/match/imp points, tricks, degrees, times,
/// crowns, percent, floor, decimals, "in each", no trump, matches, hands,
/// suits, calls, examples, cases, pages, persons: `13 kort`, `30 minutter`,
/// `128 spil`, `18 KP`, `13 i hver`, `3 NT`, `se 3 eksempler`.
#[rustfmt::skip]
pub(super) const UNITS: &[&str] = &[
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
    "oktober", "october", "november", "desember", "december", "minuter", "brickor", "bricka",
    "brickorna", "ronder", "rond", "poäng", "spelare", "matcher", "timmar", "dagar", "veckor",
    "kronor", "halvlekar", "omgångar", "lagen", "ledd", "bud", "maj", "augusti", "januari",
    "februari", "juli", "mesterpoeng", "mästarpoäng", "guldpoäng",
];
/// Page, number, crowns, o'clock, phone, table, round, board: a number
/// after these is not a cite (`se side 12`, `kr 500`, `bord 12`).
#[rustfmt::skip]
pub(super) const NOT_AFTER: &[&str] = &[
    "side", "siden", "s.", "nr.", "nr", "kr", "kr.", "kl.", "kl", "tlf.", "tlf", "telefon", "bord",
    "bordnr.", "runde", "mappe", "spil", "spill", "postboks", "etasje", "sal", "udgave", "utgave",
    "page", "pages", "p.", "pp.", "no.", "board", "table", "round", "trick", "stik", "stikk",
    "hånd", "hand", "room", "tel.", "phone", "street", "road", "avenue", "boks", "pb.", "version",
    "versjon", "kampnr.", "spilnr.", "score", "scoren", "resultat", "resultatet", "sida",
    "sidan", "bricka", "brickan", "rond", "ronden", "lag nr.", "tel", "tfn", "tfn.", "kapitel",
    "kapittel", "chapter", "figure", "fig.", "tabell", "tabel", "appendix", "bilag", "bilaga",
    "vedlegg", "punkt", "pkt.", "item", "deal", "giv", "bricknr",
];
/// Street-name endings: `Sognsveien 75A` is an address.
#[rustfmt::skip]
pub(super) const STREET_ENDINGS: &[&str] = &[
    "vei", "veien", "veg", "vegen", "gate", "gata", "gaten", "vej", "vejen", "gade", "allé",
    "alle", "plass", "plads", "torv", "torget", "stræde", "bakken", "bakke",
];
/// "paragraph" (stykke), "paragraph" (ledd): the numbering of a statute,
/// such as DBf's vedtægter (`§ 14, stk. 5.1`), never of the laws.
pub(super) const STATUTE_PARTS: &[&str] = &["stk.", "stk", "ledd", "litra"];
/// Documents other than the Laws whose paragraphs people cite with `§` or a
/// bare number: statutes (vedtekter, vedtægter, bylaws), regulations and
/// tournament rules (reglement, turneringsbestemmelser, propositioner), a
/// government regulation (forskrift). `vedtektenes § 3` and `§ 5 i
/// reglementet` are theirs, never a law of bridge. Each is a word stem.
#[rustfmt::skip]
pub(super) const OTHER_DOCUMENTS: &[&str] = &[
    "vedtekt", "vedtægt", "reglement", "turneringsreglement", "turneringsbestemmelse",
    "turneringsregl", "spilleregl", "proposition", "forskrift", "statut", "bylaw", "by-law",
    "regulation", "konkurranseregl", "retningslinje", "ordensregl", "tävlingsbestämmels",
    "tävlingsreglement", "stadg", "spelregl", "blue book", "orange book", "white book",
    "green book", "yellow book", "code of practice", "systemregl", "systemkortregl", "policy",
    "convention card regul", "alert regul", "constitution",
];
/// "law on" / "act on": a state law named by its subject (`lov om
/// pengespill § 2`), never a law of bridge.
pub(super) const LAW_ON: &[&str] = &["lov om", "loven om", "lov av", "act on", "act of"];
/// Joins the two ends of a range: "to", "through", "up to and including",
/// "until", "from": `53 til 56`, `Laws 53 to 56`, `53 t.o.m. 56`.
#[rustfmt::skip]
pub(super) const RANGE_WORDS: &[&str] = &[
    "til", "to", "through", "thru", "t.o.m.", "tom.", "til og med", "till", "until",
];
/// "and", "or", "as well as": join the members of a list.
pub(super) const LIST_WORDS: &[&str] =
    &["og", "eller", "samt", "and", "or", "&", "samt med", "och"];

//! Query understanding: what each word of a question does, before any
//! ranking.
//!
//! People do not type the index's words. They ask ("can someone tell me the
//! rule when…", "hvad siger loven hvis…"), they set the table ("3NT doubled,
//! non-vulnerable", "Syd giver, i holdkamp", "on BBO"), and somewhere in
//! between they say what happened. Every query word gets one [`Role`]:
//!
//! - **framing** asks or is polite: it never counts;
//! - **context** sets the table (suits and ranks, contracts and doubles,
//!   points, seats, dealer, vulnerability, event kind, online play): it
//!   weighs a fraction of a content word, so it may choose between
//!   candidates (dummy vs declarer, auction vs play) but never outranks what
//!   happened;
//! - **content** is everything else: actors, actions, irregularities, time.
//!
//! The words are data, one file per language (`en.txt`, `nb.txt`, `da.txt`,
//! `sv.txt` beside this file), written from the languages, not from any
//! evaluation query. A phrase matches the query's words in order, the
//! longest first, so `[content]` phrases ("call the director") keep a
//! framing phrase inside them ("the director") from dropping their words.
//! An `[after-call]` phrase (a contract's state: "doubled", "dobla") is
//! context right after a contract and content elsewhere, and a
//! `[before-number]` word (a board's, a round's or a table's label: "board",
//! "runde") is context with the number that follows it ("spill 28",
//! "round 3") and content elsewhere ("played the wrong board").
//! Contracts, numbers and point counts are read by their shape
//! (`shape_of`). A query with no content word is searched for what it
//! has: its context, or else its framing.

use std::sync::LazyLock;

use serde::Serialize;

use crate::search::FastMap as HashMap;

/// The data files, each `(language, text)`.
const SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("en.txt")),
    ("nb", include_str!("nb.txt")),
    ("da", include_str!("da.txt")),
    ("sv", include_str!("sv.txt")),
];

/// What a context word weighs beside a content word, at most and at least:
/// in a short query ("butler scoring", "mappa lå feil vei i lagkampen") the
/// table's circumstances may be what the question is about, in a long story
/// they are its scenery. A context word weighs [`CONTEXT_SHARE`] divided by
/// the number of content words, within these bounds.
pub(crate) const CONTEXT_WEIGHT_MAX: f32 = 0.6;
/// See [`CONTEXT_WEIGHT_MAX`].
pub(crate) const CONTEXT_WEIGHT_MIN: f32 = 0.15;
/// What all of a query's content words together leave for one context word.
pub(crate) const CONTEXT_SHARE: f32 = 1.2;
/// What a word does in a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Asks, frames or is polite ("what is the ruling", "på forhånd tak").
    Framing,
    /// Sets the table: which circumstance it names.
    Context(ContextKind),
    /// Says what happened: searched with its full weight.
    Content,
}

/// Which circumstance of the table a context word names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ContextKind {
    /// A suit or no-trumps ("spades", "kløver", "grand").
    Suit,
    /// A card's rank or a holding ("king", "knægt", "singleton").
    Rank,
    /// A contract or a call's state ("3nt", "4s", "doubled", "xx").
    Call,
    /// Strength and shape ("15 hp", "hcp", "balanced").
    Strength,
    /// A seat or direction ("South", "Øst", "NS").
    Seat,
    /// Who dealt ("kortgiver", "dealer").
    Dealer,
    /// Vulnerability ("non-vulnerable", "i sonen").
    Vulnerability,
    /// The kind of event or game ("Swiss teams", "holdkamp", "club").
    Event,
    /// Online play and devices ("BBO", "bridgemate").
    Online,
    /// Which board, round or table, by its number ("board 12", "runde 3").
    Board,
    /// A bare number: a score, a board, a count.
    Number,
}

impl Role {
    /// The role's name as `--explain` and the API print it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Framing => "framing",
            Role::Content => "content",
            Role::Context(kind) => kind.name(),
        }
    }
}

impl ContextKind {
    /// The kind's name, as in the data files' `[context:<name>]` headings.
    pub fn name(self) -> &'static str {
        match self {
            ContextKind::Suit => "suit",
            ContextKind::Rank => "rank",
            ContextKind::Call => "call",
            ContextKind::Strength => "strength",
            ContextKind::Seat => "seat",
            ContextKind::Dealer => "dealer",
            ContextKind::Vulnerability => "vulnerability",
            ContextKind::Event => "event",
            ContextKind::Online => "online",
            ContextKind::Board => "board",
            ContextKind::Number => "number",
        }
    }

    const ALL: [ContextKind; 11] = [
        ContextKind::Suit,
        ContextKind::Rank,
        ContextKind::Call,
        ContextKind::Strength,
        ContextKind::Seat,
        ContextKind::Dealer,
        ContextKind::Vulnerability,
        ContextKind::Event,
        ContextKind::Online,
        ContextKind::Board,
        ContextKind::Number,
    ];
}

/// A line of a data file that is not a phrase of a known section.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{lang}.txt line {line}: {what}")]
pub struct WordListError {
    pub lang: &'static str,
    pub line: usize,
    pub what: String,
}

/// One phrase of the data: its words and the role they get.
#[derive(Clone, Debug)]
struct Phrase {
    words: Vec<String>,
    role: PhraseRole,
}

/// The role a phrase of the data gives its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PhraseRole {
    /// Always this role.
    Is(Role),
    /// A contract's state ("doubled", "dobla", "redoblet"): context right
    /// after a contract or call ("3nt doubled"), content anywhere else,
    /// where it says what happened ("partner doubled out of turn").
    AfterCall,
    /// A board's, a round's or a table's label ("board", "spill", "runde"):
    /// context when a bare number follows it ("board 12"), content anywhere
    /// else, where it says what happened ("played the wrong board").
    BeforeNumber,
}

impl PhraseRole {
    /// The name the data files' headings and the browser's ranker use.
    fn name(self) -> &'static str {
        match self {
            PhraseRole::Is(role) => role.name(),
            PhraseRole::AfterCall => AFTER_CALL,
            PhraseRole::BeforeNumber => BEFORE_NUMBER,
        }
    }
}

/// The heading (and the browser's role name) of the contract-state words.
const AFTER_CALL: &str = "after-call";
/// The heading (and the browser's role name) of the board and round labels.
const BEFORE_NUMBER: &str = "before-number";

/// The phrases of every language, keyed by their first word, longest
/// first within a key.
#[derive(Debug, Default)]
pub(crate) struct RoleTable {
    by_first: HashMap<String, Vec<Phrase>>,
}

/// The table built from the data files. A line that does not parse is
/// left out (the data's own test fails on it), so no query ever fails here.
static TABLE: LazyLock<RoleTable> = LazyLock::new(|| RoleTable::parse().0);

/// The words of a text as query reading splits them: lower case, split at
/// anything that is not a letter or digit (as tantivy's simple tokenizer
/// does).
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A section heading's role.
fn section_role(heading: &str) -> Option<PhraseRole> {
    match heading {
        "framing" => Some(PhraseRole::Is(Role::Framing)),
        "content" => Some(PhraseRole::Is(Role::Content)),
        AFTER_CALL => Some(PhraseRole::AfterCall),
        BEFORE_NUMBER => Some(PhraseRole::BeforeNumber),
        _ => {
            let kind = heading.strip_prefix("context:")?;
            ContextKind::ALL
                .into_iter()
                .find(|k| k.name() == kind)
                .map(|k| PhraseRole::Is(Role::Context(k)))
        }
    }
}

impl RoleTable {
    /// Reads every data file: the table, and each line it had to leave out.
    fn parse() -> (RoleTable, Vec<WordListError>) {
        let mut table = RoleTable::default();
        let mut errors = Vec::new();
        for (lang, text) in SOURCES {
            table.read(lang, text, &mut errors);
        }
        for list in table.by_first.values_mut() {
            list.sort_by_key(|p| std::cmp::Reverse(p.words.len()));
        }
        (table, errors)
    }

    fn read(&mut self, lang: &'static str, text: &str, errors: &mut Vec<WordListError>) {
        let mut role = None;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let error = |what: String| WordListError {
                lang,
                line: i + 1,
                what,
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(heading) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                role = section_role(heading);
                if role.is_none() {
                    errors.push(error(format!("unknown section [{heading}]")));
                }
                continue;
            }
            let words = words_of(line);
            match (role, words.first()) {
                (Some(role), Some(first)) if line == line.to_lowercase() => {
                    self.by_first
                        .entry(first.clone())
                        .or_default()
                        .push(Phrase { words, role });
                }
                (None, _) => errors.push(error(format!("{line:?} is outside a section"))),
                _ => errors.push(error(format!("{line:?} is not a lower-case phrase"))),
            }
        }
    }

    /// The role of each word of `words` (lower-case surface words, as query
    /// reading has them), before the fallbacks of [`roles_of`].
    fn assign(&self, words: &[String]) -> Vec<Role> {
        let mut roles = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let matched = self
                .by_first
                .get(&words[i])
                .and_then(|phrases| phrases.iter().find(|p| words[i..].starts_with(&p.words)));
            match matched {
                Some(p) => {
                    let role = match p.role {
                        PhraseRole::Is(role) => role,
                        PhraseRole::AfterCall if ends_with_contract(&roles) => CALL,
                        PhraseRole::AfterCall => Role::Content,
                        PhraseRole::BeforeNumber if is_number(words.get(i + p.words.len())) => {
                            Role::Context(ContextKind::Board)
                        }
                        PhraseRole::BeforeNumber => Role::Content,
                    };
                    roles.extend(std::iter::repeat_n(role, p.words.len()));
                    i += p.words.len();
                }
                None => {
                    roles.push(shape_of(&words[i]).map_or(Role::Content, Role::Context));
                    i += 1;
                }
            }
        }
        roles
    }
}

/// Whether `word` is a bare number ("12", not "12hp" or "3nt").
fn is_number(word: Option<&String>) -> bool {
    word.is_some_and(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()))
}

/// A contract or a call's state.
const CALL: Role = Role::Context(ContextKind::Call);

/// Whether the words so far end with a contract: one word (`3nt`, `4sp`)
/// or a level and a strain (`4 spar`, `3 grand`).
fn ends_with_contract(roles: &[Role]) -> bool {
    match roles {
        [.., last] if *last == CALL => true,
        [.., Role::Context(ContextKind::Number), Role::Context(ContextKind::Suit)] => true,
        _ => false,
    }
}

/// The strains a contract may be written with after its level: English,
/// Norwegian, Danish and Swedish abbreviations.
const STRAINS: &[&str] = &[
    "c", "d", "h", "s", "n", "nt", "ut", "sa", "gr", "kl", "ru", "hj", "sp", "k", "r", "t", "x",
    "xx",
];
/// What a point count may be written with after its number.
const POINT_UNITS: &[&str] = &["hp", "hcp", "p", "pt", "pts", "poeng", "point", "points"];

/// The endings of Norwegian, Danish and Swedish compounds that name a kind
/// of event (`parturnering`, `mixturneringen`, `holdkampen`, `lagtävling`).
const EVENT_ENDINGS: &[&str] = &[
    "turnering",
    "turneringen",
    "turneringer",
    "turneringa",
    "turneringerne",
    "kamp",
    "kampen",
    "tävling",
    "tävlingen",
];

/// The context a word's shape shows: a contract (`3nt`, `4s`, `6sp`), a
/// point count (`15hp`), a bare number (a score, a board, a count), or a
/// compound that names a kind of event.
pub(crate) fn shape_of(word: &str) -> Option<ContextKind> {
    if EVENT_ENDINGS
        .iter()
        .any(|e| word.len() > e.len() + 2 && word.ends_with(e))
    {
        return Some(ContextKind::Event);
    }
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &word[digits..];
    if rest.is_empty() {
        return Some(ContextKind::Number);
    }
    let level = &word[..digits];
    if level.len() == 1 && ("1"..="7").contains(&level) && STRAINS.contains(&rest) {
        return Some(ContextKind::Call);
    }
    POINT_UNITS.contains(&rest).then_some(ContextKind::Strength)
}

/// The role of each word of a query, in order. A query with no content word
/// is searched for what it has: its context words count as content, or, if
/// it has none, its framing words do ("hva sier loven" on its own still
/// finds something).
pub(crate) fn roles_of(words: &[String]) -> Vec<Role> {
    let mut roles = roles_as_said(words);
    if !roles.contains(&Role::Content) {
        let promote = if roles.iter().any(|r| matches!(r, Role::Context(_))) {
            |r: &Role| matches!(r, Role::Context(_))
        } else {
            |r: &Role| *r == Role::Framing
        };
        for role in roles.iter_mut().filter(|r| promote(r)) {
            *role = Role::Content;
        }
    }
    roles
}

/// The role of each word as the words themselves say it, before a query
/// with no content word is searched for what it has: a clause of a
/// question ("4 spar doblet, …") is read with these.
pub(crate) fn roles_as_said(words: &[String]) -> Vec<Role> {
    let mut roles = TABLE.assign(words);
    numbers_beside_context(&mut roles);
    roles
}

/// A bare number is context only beside another context word ("4 spar",
/// "15 hp", "board 12"): "12 kort", "3 minutter", "two tricks" are what
/// happened.
fn numbers_beside_context(roles: &mut [Role]) {
    let number = Role::Context(ContextKind::Number);
    let is_context = |r: &Role| matches!(r, Role::Context(k) if *k != ContextKind::Number);
    for i in 0..roles.len() {
        if roles[i] != number {
            continue;
        }
        let before = i
            .checked_sub(1)
            .and_then(|j| roles.get(j))
            .is_some_and(is_context);
        let after = roles.get(i + 1).is_some_and(is_context);
        if !(before || after) {
            roles[i] = Role::Content;
        }
    }
}

/// What a word of `role` weighs in ranking, beside a content word's 1, in
/// a query with `content` content words searched.
pub(crate) fn weight_of(role: Role, content: usize) -> f32 {
    match role {
        Role::Content => 1.0,
        Role::Context(_) => {
            (CONTEXT_SHARE / content.max(1) as f32).clamp(CONTEXT_WEIGHT_MIN, CONTEXT_WEIGHT_MAX)
        }
        Role::Framing => 0.0,
    }
}

/// What lacking a word of `role` costs a passage, as a share of what
/// lacking a content word of the same rarity costs: what the word weighs,
/// but nothing for a word of a clause that only sets the table
/// (`scenery`: "I en holdkamp, …", "Runde 10, spill 28, …"), since no
/// provision is about board 28 or South.
pub(crate) fn rarity_share(role: Role, content: usize, scenery: bool) -> f32 {
    match role {
        Role::Content => 1.0,
        Role::Context(_) if scenery => 0.0,
        Role::Context(_) => weight_of(role, content),
        Role::Framing => 0.0,
    }
}

/// Makes the context words of `roles` content when no content word is
/// left once framing and function words are dropped (`searched` says which
/// are kept): a query of only the table's circumstances ("hvem er i
/// faresonen") is about them.
pub(crate) fn promote_context(roles: &mut [Role], searched: &[bool]) {
    let has_content = roles
        .iter()
        .zip(searched)
        .any(|(r, s)| *s && *r == Role::Content);
    if !has_content {
        for role in roles.iter_mut() {
            if matches!(role, Role::Context(_)) {
                *role = Role::Content;
            }
        }
    }
}

/// What the browser's ranker needs to give words the same roles
/// (`src/web/static/ranker.js`): the phrases with their roles' names, the
/// shape rules' lists and the context weights.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoleConfig {
    /// Every phrase, its words joined by a space, and its role's name.
    pub phrases: Vec<(String, &'static str)>,
    pub event_endings: Vec<&'static str>,
    pub strains: Vec<&'static str>,
    pub point_units: Vec<&'static str>,
    pub context_weight_max: f32,
    pub context_weight_min: f32,
    pub context_share: f32,
}

/// The role table and rules as data (see [`RoleConfig`]), phrases in a
/// fixed order (by first word, then longest first, as matching tries them).
pub(crate) fn role_config() -> RoleConfig {
    let mut firsts: Vec<&String> = TABLE.by_first.keys().collect();
    firsts.sort();
    let phrases = firsts
        .into_iter()
        .flat_map(|k| TABLE.by_first.get(k).into_iter().flatten())
        .map(|p| (p.words.join(" "), p.role.name()))
        .collect();
    RoleConfig {
        phrases,
        event_endings: EVENT_ENDINGS.to_vec(),
        strains: STRAINS.to_vec(),
        point_units: POINT_UNITS.to_vec(),
        context_weight_max: CONTEXT_WEIGHT_MAX,
        context_weight_min: CONTEXT_WEIGHT_MIN,
        context_share: CONTEXT_SHARE,
    }
}

/// Every line of the data files that does not parse (for `lovbok check`
/// and the data's test).
pub fn word_list_errors() -> Vec<WordListError> {
    RoleTable::parse().1
}

#[cfg(test)]
mod tests;

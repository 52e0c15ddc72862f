/*!
Practice cards generated from the provision tree, the subject index and the
calculators: the decks of the study mode (`/ov`, `GET /api/cards`, `lovbok
cards`).

Every card is derived, never written by hand: what it asks and what it
answers are a provision's own text, title or cite, an entry of lovbok's
subject index, or what a calculator computes, so a card is right by
construction and changes when its source does. Seven decks ([`DeckId`]),
each in its own file:

- *Begreper* (`terms`): a defined term and its definition, both ways;
- *Lovnummer* (`law_numbers`): a law's title and its number, both ways,
  and a handbook X-section and the law it extends, both ways;
- *Hvor står det?* (`where_is_it`): a provision's text, its cite hidden, to
  be placed among four cites of the same kind in the same book;
- *Fyll inn* (`fill`): a full sentence ([`sentence`]) with its rarest key
  word blanked, to be chosen among four words from the same part of the
  book;
- *Hvilken lov?* (`subject`): a subject of lovbok's index (a situation as a
  TD names it) → the provision that treats it;
- *Tall* ([`numeric`]): a board's numbers → what the provision's
  calculator computes;
- *Kjennelse* (`ruling`): a table situation from the index → what the rule
  that applies says, with the start of its text; and (`case`) a published
  case's situation → the provision it was decided under.

Every card has four choices, exactly one of them right: a distractor is
never the answer in another form (the same text, an ancestor or descendant,
an inflection of the blanked word). The build is pure and deterministic
([`pick`]): the same corpus gives the same deck, byte for byte. A card's id
is its provision's cite and its kind (`12C1@where`; with the subject or the
board where one provision has several cards: `64@which-law/<subject>`,
`X78B4@numeric/3`), so it survives a corpus update; its [`Card::hash`]
covers what it asks and answers, so a client that kept the hash it saw can
tell that the provision changed. Cards that would ask the same with
different answers are dropped ([`quality`]).

This module sits beside [`crate::graph`] below [`crate::kb`]: it reads the
corpus, finds citations with [`crate::cite`] (a cite is never a blank),
judges words with [`crate::search::WordForms`] (stop words, inflections) and
computes with [`crate::rules`].
*/

mod case;
mod fill;
mod law_numbers;
pub mod numerals;
pub mod numeric;
pub mod pick;
pub mod quality;
mod ruling;
pub mod sentence;
mod subject;
mod terms;
mod where_is_it;

pub use case::table_situation;
pub use terms::mask_term;

use std::fmt;
use std::str::FromStr;

use crate::corpus::{BookId, Corpus, Kind, Provision, ProvisionId, Root};

/// What a blanked word or a masked term is replaced by in a prompt. The
/// corpus never holds it (a test checks), so a blank is unambiguous.
pub const BLANK: &str = "_____";

/// Choices on every card: the answer and three distractors.
pub const CHOICES: usize = 4;

/// A deck's stable name in URLs, JSON and the CLI: "terms".
const TERMS_SLUG: &str = "begreper";
/// "law numbers".
const LAW_NUMBERS_SLUG: &str = "lovnummer";
/// "where does it say?".
const WHERE_SLUG: &str = "hvor-star-det";
/// "fill in".
const FILL_SLUG: &str = "fyll-inn";
/// "which law?".
const WHICH_LAW_SLUG: &str = "hvilken-lov";
/// "numbers".
const NUMBERS_SLUG: &str = "tall";
/// "ruling".
const RULING_SLUG: &str = "kjennelse";

/// One of the seven decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeckId {
    /// Defined terms ↔ definitions ("Begreper").
    Terms,
    /// Law titles ↔ numbers, X-sections ↔ laws ("Lovnummer").
    LawNumbers,
    /// Text → cite ("Hvor står det?").
    WhereIsIt,
    /// A sentence with a word missing ("Fyll inn").
    FillIn,
    /// A subject of lovbok's index → its provision ("Hvilken lov?").
    WhichLaw,
    /// A board to compute → the calculators' answer ("Tall").
    Numbers,
    /// A table situation → what the rule that applies says ("Kjennelse").
    Rulings,
}

impl DeckId {
    /// Every deck, in the order the study page lists them.
    pub const ALL: [DeckId; 7] = [
        DeckId::Terms,
        DeckId::LawNumbers,
        DeckId::WhereIsIt,
        DeckId::FillIn,
        DeckId::WhichLaw,
        DeckId::Numbers,
        DeckId::Rulings,
    ];

    /// The stable name used in URLs, JSON and the CLI (`begreper`).
    pub fn slug(self) -> &'static str {
        match self {
            DeckId::Terms => TERMS_SLUG,
            DeckId::LawNumbers => LAW_NUMBERS_SLUG,
            DeckId::WhereIsIt => WHERE_SLUG,
            DeckId::FillIn => FILL_SLUG,
            DeckId::WhichLaw => WHICH_LAW_SLUG,
            DeckId::Numbers => NUMBERS_SLUG,
            DeckId::Rulings => RULING_SLUG,
        }
    }
}

impl fmt::Display for DeckId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A deck name that is not one of [`DeckId::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown deck {0:?} (expected one of begreper, lovnummer, hvor-star-det, fyll-inn, hvilken-lov, tall, kjennelse)")]
pub struct UnknownDeck(pub String);

impl FromStr for DeckId {
    type Err = UnknownDeck;
    fn from_str(s: &str) -> Result<DeckId, UnknownDeck> {
        DeckId::ALL
            .into_iter()
            .find(|d| d.slug() == s.trim())
            .ok_or_else(|| UnknownDeck(s.chars().take(60).collect()))
    }
}

/// What a card asks, which decides its deck and how a front end words the
/// question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardKind {
    /// A term; choose its definition.
    TermToDefinition,
    /// A definition (the term masked); choose the term.
    DefinitionToTerm,
    /// A law's title; choose its number.
    TitleToNumber,
    /// A law's number; choose its title.
    NumberToTitle,
    /// A handbook X-section's title; choose the law it extends.
    ExtensionToLaw,
    /// A law; choose the handbook X-section that extends it.
    LawToExtension,
    /// A provision's text; choose its cite.
    WhereIsIt,
    /// A sentence with a word blanked; choose the word.
    FillIn,
    /// A subject of lovbok's index; choose the provision that treats it.
    SubjectToProvision,
    /// A board's numbers; choose what the provision's rule computes.
    Numeric,
    /// A table situation; choose the rule that applies, with its text.
    Ruling,
}

impl CardKind {
    /// Every kind, in deck order.
    pub const ALL: [CardKind; 11] = [
        CardKind::TermToDefinition,
        CardKind::DefinitionToTerm,
        CardKind::TitleToNumber,
        CardKind::NumberToTitle,
        CardKind::ExtensionToLaw,
        CardKind::LawToExtension,
        CardKind::WhereIsIt,
        CardKind::FillIn,
        CardKind::SubjectToProvision,
        CardKind::Numeric,
        CardKind::Ruling,
    ];

    /// The stable name used in card ids and JSON.
    pub fn slug(self) -> &'static str {
        match self {
            CardKind::TermToDefinition => "term-definition",
            CardKind::DefinitionToTerm => "definition-term",
            CardKind::TitleToNumber => "title-number",
            CardKind::NumberToTitle => "number-title",
            CardKind::ExtensionToLaw => "extension-law",
            CardKind::LawToExtension => "law-extension",
            CardKind::WhereIsIt => "where",
            CardKind::FillIn => "fill",
            CardKind::SubjectToProvision => "which-law",
            CardKind::Numeric => "numeric",
            CardKind::Ruling => "ruling",
        }
    }

    /// The deck the kind belongs to.
    pub fn deck(self) -> DeckId {
        match self {
            CardKind::TermToDefinition | CardKind::DefinitionToTerm => DeckId::Terms,
            CardKind::TitleToNumber
            | CardKind::NumberToTitle
            | CardKind::ExtensionToLaw
            | CardKind::LawToExtension => DeckId::LawNumbers,
            CardKind::WhereIsIt => DeckId::WhereIsIt,
            CardKind::FillIn => DeckId::FillIn,
            CardKind::SubjectToProvision => DeckId::WhichLaw,
            CardKind::Numeric => DeckId::Numbers,
            CardKind::Ruling => DeckId::Rulings,
        }
    }
}

/// What one side of a card or one choice shows: a provision by its name,
/// corpus text, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Face {
    /// A provision shown by its name (`Lov 12C1`); `None` where the name
    /// would give the answer away.
    pub cite: Option<ProvisionId>,
    /// The corpus's own words (a title, a definition, a provision's text),
    /// or a sentence of it with [`BLANK`] in place of a word or term.
    pub text: Option<String>,
    /// The language of `text`.
    pub lang: &'static str,
}

impl Face {
    fn text(text: impl Into<String>, lang: &'static str) -> Face {
        Face {
            cite: None,
            text: Some(text.into()),
            lang,
        }
    }

    fn cite(id: &ProvisionId, lang: &'static str) -> Face {
        Face {
            cite: Some(id.clone()),
            text: None,
            lang,
        }
    }

    /// A key that tells two faces apart (for ranking and hashing).
    fn key(&self) -> String {
        format!(
            "{}\u{1f}{}",
            self.cite
                .as_ref()
                .map(|c| c.to_string())
                .unwrap_or_default(),
            self.text.as_deref().unwrap_or_default()
        )
    }
}

/// One of a card's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Index of the provision the choice is taken from.
    pub source: usize,
    pub face: Face,
}

/// One practice card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// `<cite>@<kind>` (`12C1@where`), with `/<subject>` or `/<board>` where
    /// one provision has several cards of a kind: stable across corpus
    /// updates.
    pub id: String,
    pub kind: CardKind,
    /// Index of the provision the card is made from (the one in its id).
    pub provision: usize,
    /// What the card asks.
    pub prompt: Face,
    /// [`CHOICES`] choices, in a seeded order.
    pub choices: Vec<Choice>,
    /// Index of the right choice.
    pub answer: usize,
    /// A hash of what the card asks and answers: a changed provision
    /// changes it, a changed distractor does not.
    pub hash: u64,
    /// The book the card's provision is in.
    pub book: BookId,
    /// The law the card belongs to: a law's number, or the law an X-section
    /// extends; `None` for definitions and numbered handbook sections.
    pub law: Option<u16>,
    /// The handbook chapter of the card's provision.
    pub chapter: Option<String>,
    /// Where a handbook prompt quotes a 2007 law number that reads
    /// otherwise in 2017, each such number with its 2017 reading (`16C
    /// (2007-lovene) = 16D`), so the card does not teach an old number.
    pub edition_note: Option<String>,
    /// The same for each choice, in the choices' order: a choice that
    /// quotes the handbook's text quotes its 2007 numbers too.
    pub choice_notes: Vec<Option<String>>,
    /// The prompt in Danish, for a prompt in lovbok's own words (a subject
    /// of the index): the Danish interface shows it. The books' text is
    /// never translated, so other cards have none.
    pub prompt_da: Option<String>,
    /// The published case (`kjennelser/` item id) a Kjennelse card tells,
    /// for a card made from one.
    pub case: Option<String>,
}

impl Card {
    /// The deck the card is in.
    pub fn deck(&self) -> DeckId {
        self.kind.deck()
    }

    /// The right choice.
    pub fn right(&self) -> &Choice {
        &self.choices[self.answer]
    }
}

/// Why a provision that qualifies for a deck got no card there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub kind: CardKind,
    pub provision: usize,
    pub reason: &'static str,
}

/// Every card of the corpus, deck by deck, each deck in reading order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
    skipped: Vec<Skipped>,
}

impl Deck {
    /// Generates every card from the corpus.
    pub fn build(corpus: &Corpus) -> Deck {
        let mut b = Builder {
            corpus,
            deck: Deck::default(),
        };
        b.terms();
        b.law_numbers();
        b.where_is_it();
        let (cards, skipped) = fill::cards(corpus);
        b.deck.cards.extend(cards);
        b.deck.skipped.extend(skipped);
        let (cards, skipped) = subject::cards(corpus);
        b.deck.cards.extend(cards);
        b.deck.skipped.extend(skipped);
        let (cards, skipped) = ruling::cards(corpus);
        b.deck.cards.extend(cards);
        b.deck.skipped.extend(skipped);
        // And the Kjennelse cards of the published cases of `kjennelser/`.
        b.deck.cards.extend(case::cards(corpus));
        let (cards, skipped) = numeric::cards(corpus);
        b.deck.cards.extend(cards);
        b.deck.skipped.extend(skipped);
        // A card whose prompt is its answer's name, or whose answer is
        // found by spelling alone, teaches nothing.
        let mut kept = Vec::with_capacity(b.deck.cards.len());
        for c in std::mem::take(&mut b.deck.cards) {
            let reason = if quality::prompt_is_label(corpus, &c) {
                Some(quality::GIVES_AWAY)
            } else if quality::spelling_solves(corpus, &c) {
                Some(quality::SPELT_LIKE)
            } else {
                None
            };
            match reason {
                Some(reason) => b.deck.skipped.push(Skipped {
                    kind: c.kind,
                    provision: c.provision,
                    reason,
                }),
                None => kept.push(c),
            }
        }
        b.deck.cards = kept;
        // Two cards that ask the same with different answers: neither.
        let twins = quality::same_prompt(&b.deck.cards);
        for &t in twins.iter().rev() {
            let c = b.deck.cards.remove(t);
            b.deck.skipped.push(Skipped {
                kind: c.kind,
                provision: c.provision,
                reason: quality::SAME_PROMPT,
            });
        }
        b.deck
    }

    /// Every card, deck by deck.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The cards of one deck.
    pub fn of(&self, deck: DeckId) -> impl Iterator<Item = &Card> {
        self.cards.iter().filter(move |c| c.deck() == deck)
    }

    /// The number of cards in one deck.
    pub fn count(&self, deck: DeckId) -> usize {
        self.of(deck).count()
    }

    /// Provisions that qualify for a deck but got no card, and why.
    pub fn skipped(&self) -> &[Skipped] {
        &self.skipped
    }
}

/// True for provisions a ruling can rest on by number: laws, X-sections,
/// handbook sections and everything below them.
pub fn is_numbered(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Law
            | Kind::Extension
            | Kind::Section
            | Kind::Subsection
            | Kind::Item
            | Kind::SubItem
            | Kind::SubSubItem
    )
}

/// The full sentences of a provision's own text (paragraphs only), in order.
pub fn full_sentences(p: &Provision) -> Vec<&str> {
    p.blocks
        .iter()
        .filter_map(|b| match b {
            crate::corpus::Block::Paragraph { text } => Some(text.as_str()),
            crate::corpus::Block::Table { .. } => None,
        })
        .flat_map(|t| {
            sentence::full_sentences(t)
                .into_iter()
                .filter_map(move |r| t.get(r))
        })
        .collect()
}

/// Text compared for sameness: words in lower case, white space folded.
pub fn normalized(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The law a provision belongs to and its handbook chapter, for filing.
fn filing(corpus: &Corpus, idx: usize) -> (Option<u16>, Option<String>) {
    let top = corpus
        .path_of(idx)
        .first()
        .map_or(corpus.at(idx), |&t| corpus.at(t));
    let law = match &top.id {
        ProvisionId::Numbered {
            root: Root::Law(n), ..
        } => Some(*n),
        ProvisionId::Numbered {
            root: Root::Extension(_),
            ..
        } => top.extends,
        _ => None,
    };
    (law, top.chapter.clone())
}

/// Assembles a card under its provision's own id (`12C1@where`).
fn card(
    corpus: &Corpus,
    kind: CardKind,
    provision: usize,
    prompt: Face,
    answer: Choice,
    distractors: Vec<Choice>,
) -> Card {
    let id = format!("{}@{}", corpus.at(provision).id, kind.slug());
    card_with_id(corpus, id, kind, provision, prompt, answer, distractors)
}

/// Assembles a card: the distractors in their seeded order, the answer at
/// the position its id draws ([`pick::position`]), so every position is
/// as likely; and hashes what it asks and answers.
fn card_with_id(
    corpus: &Corpus,
    id: String,
    kind: CardKind,
    provision: usize,
    prompt: Face,
    answer: Choice,
    distractors: Vec<Choice>,
) -> Card {
    let p = corpus.at(provision);
    let hash = pick::hash_parts(&[kind.slug(), &prompt.key(), &answer.face.key()]);
    let mut choices = distractors;
    choices.sort_by_key(|c| {
        (
            pick::rank(&id, &format!("order\u{1f}{}", c.face.key())),
            c.face.key(),
        )
    });
    let at = pick::position(&id, choices.len() + 1);
    choices.insert(at, answer);
    let answer = at;
    let (law, chapter) = filing(corpus, provision);
    let choice_notes = choices
        .iter()
        .map(|c| edition_note(corpus, c.source, &c.face))
        .collect();
    let edition_note = edition_note(corpus, provision, &prompt);
    Card {
        id,
        kind,
        provision,
        prompt,
        choices,
        answer,
        hash,
        book: p.book,
        law,
        chapter,
        edition_note,
        choice_notes,
        prompt_da: None,
        case: None,
    }
}

/// The 2017 readings of the older law numbers a face (a prompt or a
/// choice) quotes, when its provision cites an older edition (the handbook: 2007) and a number
/// names another rule, or none, in 2017. Unchanged numbers need no note.
fn edition_note(corpus: &Corpus, provision: usize, face: &Face) -> Option<String> {
    let p = corpus.at(provision);
    p.laws_edition?;
    let text = face.text.as_deref()?;
    let mut notes: Vec<String> = Vec::new();
    for r in crate::cite::link(text, Some(&p.id), corpus) {
        for t in &r.targets {
            let Some(n) = &t.edition else { continue };
            let note = match (&n.reading, &t.status) {
                (_, crate::cite::Status::NoCounterpart { .. }) => {
                    format!(
                        "{} ({}-lovene): ingen regel i 2017-lovene",
                        n.cite, n.edition
                    )
                }
                (crate::cite::EditionReading::Mapped { .. }, _) => {
                    format!("{} ({}-lovene) = {}", n.cite, n.edition, t.id)
                }
                _ => continue,
            };
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

struct Builder<'c> {
    corpus: &'c Corpus,
    deck: Deck,
}

impl Builder<'_> {
    fn skip(&mut self, kind: CardKind, provision: usize, reason: &'static str) {
        self.deck.skipped.push(Skipped {
            kind,
            provision,
            reason,
        });
    }

    /// Picks three distractors for `card_id` from `candidates` (provision
    /// index and the face it would show).
    fn distractors(card_id: &str, candidates: &[(usize, Face)]) -> Vec<Choice> {
        pick::choose(card_id, candidates, CHOICES - 1, |(_, f)| f.key(), |_| 0)
            .into_iter()
            .map(|(source, face)| Choice { source, face })
            .collect()
    }

    fn push(
        &mut self,
        kind: CardKind,
        provision: usize,
        prompt: Face,
        answer: Choice,
        d: Vec<Choice>,
    ) {
        if d.len() < CHOICES - 1 {
            self.skip(kind, provision, "fewer than three distractors");
            return;
        }
        let c = card(self.corpus, kind, provision, prompt, answer, d);
        self.deck.cards.push(c);
    }
}

/// Byte ranges of the maximal runs of letters in `text`.
pub fn letter_runs(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c.is_alphabetic() {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push((s, i));
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_names_round_trip_and_bad_ones_fail() {
        for d in DeckId::ALL {
            assert_eq!(d.slug().parse::<DeckId>(), Ok(d));
        }
        assert!("alle".parse::<DeckId>().is_err());
        assert!("".parse::<DeckId>().is_err());
    }

    #[test]
    fn letter_runs_find_words_with_non_ascii_letters() {
        let t = "Spilleførens makker (§ 12C1).";
        let words: Vec<&str> = letter_runs(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(words, vec!["Spilleførens", "makker", "C"]);
    }
}

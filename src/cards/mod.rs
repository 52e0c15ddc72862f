/*!
Practice cards generated from the provision tree: the decks of the study
mode (`/ov`, `GET /api/cards`, `lovbok cards`).

Every card is derived from the corpus, never written by hand: what it asks
and what it answers are a provision's own text, title or cite, so a card is
right by construction and changes when the corpus does. Four decks
([`DeckId`]):

- *Begreper*: a defined term and its definition, both ways;
- *Lovnummer*: a law's title and its number, both ways, and a handbook
  X-section and the law it extends, both ways;
- *Hvor står det?*: a provision's text, its cite hidden, to be placed among
  four cites of the same kind in the same book;
- *Fyll inn*: a full sentence ([`sentence`]) with its rarest key word blanked
  (`fill`), to be chosen among four words from the same part of the book.

Every card has four choices, exactly one of them right: a distractor is
never the answer in another form (the same text, an ancestor or descendant,
an inflection of the blanked word). The build is pure and deterministic
([`pick`]): the same corpus gives the same deck, byte for byte. A card's id
is its provision's cite and its kind, so it survives a corpus update; its
[`Card::hash`] covers what it asks and answers, so a client that kept the
hash it saw can tell that the provision changed.

This module sits beside [`crate::graph`] below [`crate::kb`]: it reads the
corpus, finds citations with [`crate::cite`] (a cite is never a blank) and
judges words with [`crate::search::WordForms`] (stop words, inflections).
*/

mod fill;
pub mod numeric;
pub mod pick;
pub mod quality;
mod ruling;
pub mod sentence;
mod subject;

use std::collections::{HashMap, HashSet};
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

/// One of the four decks.
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
    /// `<cite>@<kind>` (`12C1@where`): stable across corpus updates.
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
    /// The prompt in Danish, for a prompt in lovbok's own words (a subject
    /// of the index): the Danish interface shows it. The books' text is
    /// never translated, so other cards have none.
    pub prompt_da: Option<String>,
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
        let (cards, skipped) = numeric::cards(corpus);
        b.deck.cards.extend(cards);
        b.deck.skipped.extend(skipped);
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

/// Assembles a card: puts the answer among the distractors in a seeded
/// order and hashes what it asks and answers.
fn card(
    corpus: &Corpus,
    kind: CardKind,
    provision: usize,
    prompt: Face,
    answer: Choice,
    distractors: Vec<Choice>,
) -> Card {
    let p = corpus.at(provision);
    let id = format!("{}@{}", p.id, kind.slug());
    let hash = pick::hash_parts(&[kind.slug(), &prompt.key(), &answer.face.key()]);
    let mut choices = distractors;
    choices.push(answer.clone());
    choices.sort_by_key(|c| {
        (
            pick::rank(&id, &format!("order\u{1f}{}", c.face.key())),
            c.face.key(),
        )
    });
    let answer = choices.iter().position(|c| *c == answer).unwrap_or(0);
    let (law, chapter) = filing(corpus, provision);
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
        prompt_da: None,
    }
}

/// The 2017 readings of the older law numbers a prompt quotes, when its
/// provision cites an older edition (the handbook: 2007) and a number
/// names another rule, or none, in 2017. Unchanged numbers need no note.
fn edition_note(corpus: &Corpus, provision: usize, prompt: &Face) -> Option<String> {
    let p = corpus.at(provision);
    p.laws_edition?;
    let text = prompt.text.as_deref()?;
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

/// A handbook X-section and the law it extends, by index, with their titles.
struct XLaw {
    x: usize,
    x_title: String,
    law: usize,
    law_title: String,
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

    /// Begreper: every definition, term → definition and back.
    fn terms(&mut self) {
        let corpus = self.corpus;
        let defs: Vec<(usize, &Provision, String, String)> = corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Definition)
            .filter_map(|(i, p)| {
                let term = p.title.clone()?;
                let text = p.text();
                (!text.trim().is_empty()).then_some((i, p, term, text))
            })
            .collect();
        for kind in [CardKind::TermToDefinition, CardKind::DefinitionToTerm] {
            for (i, p, term, text) in &defs {
                if quality::pointer_or_abbreviation(term, text) {
                    self.skip(kind, *i, quality::POINTER_ONLY);
                    continue;
                }
                let id = format!("{}@{}", p.id, kind.slug());
                let lang = p.lang();
                let same = normalized(text);
                match kind {
                    CardKind::TermToDefinition => {
                        let others: Vec<(usize, Face)> = defs
                            .iter()
                            .filter(|(j, _, _, t)| j != i && normalized(t) != same)
                            .map(|(j, q, _, t)| (*j, Face::text(t.clone(), q.lang())))
                            .collect();
                        let d = Self::distractors(&id, &others);
                        let answer = Choice {
                            source: *i,
                            face: Face::text(text.clone(), lang),
                        };
                        self.push(kind, *i, Face::text(term.clone(), lang), answer, d);
                    }
                    _ => {
                        let masked = mask_term(text, term);
                        if quality::gives_away(&masked, term) {
                            self.skip(kind, *i, quality::GIVES_AWAY);
                            continue;
                        }
                        let shown = normalized(&masked);
                        let others: Vec<(usize, Face)> = defs
                            .iter()
                            .filter(|(j, _, t2, t)| {
                                j != i && normalized(t) != same && !mentions(&shown, t2)
                            })
                            .map(|(j, q, t2, _)| (*j, Face::text(t2.clone(), q.lang())))
                            .collect();
                        let d = Self::distractors(&id, &others);
                        let answer = Choice {
                            source: *i,
                            face: Face::text(term.clone(), lang),
                        };
                        self.push(kind, *i, Face::text(masked, lang), answer, d);
                    }
                }
            }
        }
    }

    /// Lovnummer: every law (title-only ones too), title → number and
    /// back; every X-section, its title → the law it extends and back.
    fn law_numbers(&mut self) {
        let corpus = self.corpus;
        let laws: Vec<(usize, &Provision, String)> = corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Law)
            .filter_map(|(i, p)| Some((i, p, p.title.clone()?)))
            .collect();
        for kind in [CardKind::TitleToNumber, CardKind::NumberToTitle] {
            for (i, p, title) in &laws {
                let id = format!("{}@{}", p.id, kind.slug());
                let lang = p.lang();
                let others: Vec<(usize, Face)> = laws
                    .iter()
                    .filter(|(j, _, t)| j != i && normalized(t) != normalized(title))
                    .map(|(j, q, t)| {
                        let face = match kind {
                            CardKind::TitleToNumber => Face::cite(&q.id, q.lang()),
                            _ => Face::text(t.clone(), q.lang()),
                        };
                        (*j, face)
                    })
                    .collect();
                let d = Self::distractors(&id, &others);
                let (prompt, answer) = match kind {
                    CardKind::TitleToNumber => {
                        (Face::text(title.clone(), lang), Face::cite(&p.id, lang))
                    }
                    _ => (Face::cite(&p.id, lang), Face::text(title.clone(), lang)),
                };
                let answer = Choice {
                    source: *i,
                    face: answer,
                };
                self.push(kind, *i, prompt, answer, d);
            }
        }

        // X-sections and the laws they extend, each with its title.
        let law_of = |n: u16| {
            laws.iter()
                .find(|(_, p, _)| p.id == ProvisionId::root(Root::Law(n)))
        };
        let xs: Vec<XLaw> = corpus
            .book(BookId::Handbook)
            .filter(|(_, p)| p.kind == Kind::Extension)
            .filter_map(|(i, p)| {
                let law = law_of(p.extends?)?;
                Some(XLaw {
                    x: i,
                    x_title: p.title.clone()?,
                    law: law.0,
                    law_title: law.2.clone(),
                })
            })
            .collect();
        let law_face = |l: usize, title: &str| {
            let q = corpus.at(l);
            Face {
                cite: Some(q.id.clone()),
                text: Some(title.to_string()),
                lang: q.lang(),
            }
        };
        for kind in [CardKind::ExtensionToLaw, CardKind::LawToExtension] {
            for xl in &xs {
                let x = corpus.at(xl.x);
                let id = format!("{}@{}", x.id, kind.slug());
                // A distractor is never a law some X-section of the same
                // title extends, nor an X-section of this law.
                let same_title = |t: &str| normalized(t) == normalized(&xl.x_title);
                let (prompt, answer, others) = match kind {
                    CardKind::ExtensionToLaw => {
                        let others: Vec<(usize, Face)> = xs
                            .iter()
                            .filter(|o| o.law != xl.law && !same_title(&o.x_title))
                            .map(|o| (o.law, law_face(o.law, &o.law_title)))
                            .collect();
                        let answer = Choice {
                            source: xl.law,
                            face: law_face(xl.law, &xl.law_title),
                        };
                        (Face::text(xl.x_title.clone(), x.lang()), answer, others)
                    }
                    _ => {
                        let others: Vec<(usize, Face)> = xs
                            .iter()
                            .filter(|o| o.x != xl.x && o.law != xl.law && !same_title(&o.x_title))
                            .map(|o| {
                                let lang = corpus.at(o.x).lang();
                                (o.x, Face::text(o.x_title.clone(), lang))
                            })
                            .collect();
                        let answer = Choice {
                            source: xl.x,
                            face: Face::text(xl.x_title.clone(), x.lang()),
                        };
                        (law_face(xl.law, &xl.law_title), answer, others)
                    }
                };
                let d = Self::distractors(&id, &others);
                self.push(kind, xl.x, prompt, answer, d);
            }
        }
    }

    /// Hvor står det?: every numbered provision with a full sentence.
    ///
    /// Distractors are provisions of the same kind in the same book whose
    /// text is in the corpus, never the provision itself, an ancestor or a
    /// descendant, nor any provision that holds the same text (or is an
    /// ancestor of one that does): each would be a right answer too.
    fn where_is_it(&mut self) {
        let corpus = self.corpus;
        let kind = CardKind::WhereIsIt;
        let mut by_text: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, p) in corpus.provisions().iter().enumerate() {
            let t = normalized(&p.text());
            if !t.is_empty() {
                by_text.entry(t).or_default().push(i);
            }
        }
        let pool: Vec<(usize, &Provision)> = corpus
            .provisions()
            .iter()
            .enumerate()
            .filter(|(_, p)| is_numbered(p.kind) && p.in_corpus)
            .collect();
        for &(i, p) in &pool {
            if full_sentences(p).is_empty() {
                continue;
            }
            let text = p.text();
            if quality::needs_unseen_text(&text) {
                self.skip(kind, i, quality::NEEDS_UNSEEN_TEXT);
                continue;
            }
            if quality::quotes_its_place(corpus, &p.id, &text) {
                self.skip(kind, i, quality::QUOTES_ITS_PLACE);
                continue;
            }
            let id = format!("{}@{}", p.id, kind.slug());
            let same = by_text
                .get(&normalized(&p.text()))
                .cloned()
                .unwrap_or_else(|| vec![i]);
            // Every provision that holds this text, and everything above them.
            let holders: HashSet<usize> = same.iter().flat_map(|&s| corpus.path_of(s)).collect();
            let others: Vec<(usize, Face)> = pool
                .iter()
                .filter(|(j, q)| {
                    q.kind == p.kind
                        && q.book == p.book
                        && !holders.contains(j)
                        && !corpus.path_of(*j).contains(&i)
                })
                .map(|(j, q)| (*j, Face::cite(&q.id, q.lang())))
                .collect();
            // The same law or section first, so that the letter and number
            // are what is tested, not the law.
            let root = p.id.numbered_root();
            let tier = |(j, _): &(usize, Face)| u8::from(corpus.at(*j).id.numbered_root() != root);
            let d: Vec<Choice> = pick::choose(&id, &others, CHOICES - 1, |(_, f)| f.key(), tier)
                .into_iter()
                .map(|(source, face)| Choice { source, face })
                .collect();
            let answer = Choice {
                source: i,
                face: Face::cite(&p.id, p.lang()),
            };
            self.push(kind, i, Face::text(p.text(), p.lang()), answer, d);
        }
    }
}

/// The words that name a term in its definition, each with whether it is an
/// abbreviation (matched as written) or a word (matched as a prefix, lower case).
fn term_words(term: &str) -> Vec<(String, bool)> {
    // "International Match Point (IMP)": the words before the parenthesis,
    // and what it holds if it is an abbreviation ("(poeng)" is a gloss).
    let (main, paren) = match term.split_once('(') {
        Some((m, p)) => (m, p.trim_end_matches(')')),
        None => (term, ""),
    };
    let mut out = Vec::new();
    let is_caps = |w: &str| w.chars().count() >= 2 && w.chars().all(char::is_uppercase);
    for w in main
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
    {
        if is_caps(w) {
            out.push((w.to_string(), true));
        } else if w.chars().count() >= 3 {
            out.push((w.to_lowercase(), false));
        }
    }
    let p = paren.trim();
    if is_caps(p) {
        out.push((p.to_string(), true));
    }
    out
}

/// A definition's text with every word that names the term replaced by
/// [`BLANK`]: a word that starts with one of the term's words (any case, so
/// inflections go too), or an abbreviation in the term, as written.
pub fn mask_term(text: &str, term: &str) -> String {
    let words = term_words(term);
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (s, e) in letter_runs(text) {
        let w = &text[s..e];
        let lower = w.to_lowercase();
        let hit = words.iter().any(|(t, caps)| {
            if *caps {
                w == t
            } else {
                lower.starts_with(t.as_str())
            }
        });
        if hit {
            out.push_str(&text[last..s]);
            out.push_str(BLANK);
            last = e;
        }
    }
    out.push_str(&text[last..]);
    out
}

/// True when `shown` (normalized text) names `term` as a whole word.
fn mentions(shown: &str, term: &str) -> bool {
    let t = normalized(term);
    let words: HashSet<&str> = shown
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    if words.contains(t.as_str()) {
        return true;
    }
    // A multi-word term: as a phrase.
    t.contains(' ') && shown.contains(&t)
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
    fn a_term_is_masked_in_its_definition_with_its_inflections() {
        assert_eq!(
            mask_term(
                "Han blir blindemann når blindemannen legger ned.",
                "Blindemann"
            ),
            "Han blir _____ når _____ legger ned."
        );
        assert_eq!(
            mask_term(
                "Regulerende myndighet kan bestemme hvordan det skal alerteres.",
                "Alert"
            ),
            "Regulerende myndighet kan bestemme hvordan det skal _____."
        );
        // An abbreviation in parentheses is masked as written; a gloss is not.
        assert_eq!(
            mask_term(
                "UI er informasjon; ui er ikke.",
                "Urettmessig informasjon (UI)"
            ),
            "_____ er _____; ui er ikke."
        );
        assert_eq!(
            term_words("Matchpoint (poeng)"),
            vec![("matchpoint".into(), false)]
        );
    }

    #[test]
    fn letter_runs_find_words_with_non_ascii_letters() {
        let t = "Spilleførens makker (§ 12C1).";
        let words: Vec<&str> = letter_runs(t).into_iter().map(|(s, e)| &t[s..e]).collect();
        assert_eq!(words, vec!["Spilleførens", "makker", "C"]);
    }
}

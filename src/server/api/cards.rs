//! The study cards' JSON: `GET /api/cards`, the deck asset `/ov` fetches
//! and `lovbok cards --format json`, one shape for all three. A child of
//! [`super`], where the API's other field names live.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::cards::{Card, DeckId, Face, UnknownDeck};
use crate::corpus::BookId;
use crate::kb::url_of;
use crate::web::{label_of, Site};

use super::parse_book;
use crate::server::error::{ApiError, ApiQuery};
use crate::server::AppState;

#[derive(Deserialize)]
pub(crate) struct CardsParams {
    deck: Option<String>,
    book: Option<String>,
}

/// The cards of one or more decks and the provisions they come from: the
/// body of `GET /api/cards`, of the deck asset `/ov` fetches, and of
/// `lovbok cards --format json`.
#[derive(Serialize)]
pub struct CardsResponse {
    decks: Vec<DeckDto>,
    cards: Vec<CardDto>,
    provisions: Vec<CardProvisionDto>,
}

/// A deck and how many of its cards the response holds.
#[derive(Serialize)]
pub struct DeckDto {
    id: &'static str,
    cards: usize,
}

#[derive(Serialize)]
pub struct CardDto {
    /// `<cite>@<kind>`, stable across corpus updates.
    id: String,
    deck: &'static str,
    kind: &'static str,
    /// The provision the card is made from.
    cite: String,
    /// 16 hex digits; changes when what the card asks or answers changes.
    hash: String,
    book: BookId,
    law: Option<u16>,
    chapter: Option<String>,
    prompt: FaceDto,
    /// A 2007 law number in the prompt with its 2017 reading, when it
    /// differs (`16C (2007-lovene) = 16D`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edition_note: Option<String>,
    /// The prompt in Danish, for a prompt in lovbok's own words (a subject
    /// of its index); the books' text is never translated.
    #[serde(skip_serializing_if = "Option::is_none")]
    prompt_da: Option<String>,
    choices: Vec<ChoiceDto>,
    /// Index of the right choice.
    answer: usize,
    /// The published case a Kjennelse card tells (a `kjennelser/` item),
    /// so a student can read the ruling the card was made from.
    #[serde(skip_serializing_if = "Option::is_none")]
    case: Option<CaseDto>,
}

/// The published case behind a card: its id, its source's title and its
/// page (`/kjennelser/<id>`).
#[derive(Serialize)]
pub struct CaseDto {
    id: String,
    title: Option<String>,
    url: String,
}

/// The case `id` as a card names it; its title when the corpus holds it.
fn case_dto(site: &Site, id: &str) -> CaseDto {
    CaseDto {
        id: id.to_string(),
        title: site
            .kb()
            .corpus()
            .rulings()
            .get(id)
            .map(|r| r.title.clone()),
        url: site.links().ruling(id),
    }
}

/// What a card's prompt shows: a provision's name, text, or both.
#[derive(Serialize)]
pub struct FaceDto {
    label: Option<String>,
    text: Option<String>,
    lang: &'static str,
}

#[derive(Serialize)]
pub struct ChoiceDto {
    /// The provision the choice is taken from.
    cite: String,
    label: Option<String>,
    text: Option<String>,
    lang: &'static str,
    /// A 2007 law number the choice's text quotes, with its 2017 reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    edition_note: Option<String>,
}

/// A provision a card comes from, as the answer shows it.
#[derive(Serialize)]
pub struct CardProvisionDto {
    cite: String,
    label: String,
    title: Option<String>,
    /// The provision's own text.
    text: String,
    lang: &'static str,
    url: String,
}

fn face_dto(site: &Site, face: &Face) -> (Option<String>, Option<String>, &'static str) {
    let label = face
        .cite
        .as_ref()
        .and_then(|id| site.kb().corpus().get(id))
        .map(label_of);
    (label, face.text.clone(), face.lang)
}

/// The cards of `decks` (only those of `book`, if given), in deck order.
pub fn cards_dto(site: &Site, decks: &[DeckId], book: Option<BookId>) -> CardsResponse {
    let kb = site.kb();
    let corpus = kb.corpus();
    let chosen: Vec<&Card> = kb
        .cards()
        .cards()
        .iter()
        .filter(|c| decks.contains(&c.deck()) && book.is_none_or(|b| c.book == b))
        .collect();
    let mut used = std::collections::BTreeSet::new();
    let cards = chosen
        .iter()
        .map(|c| {
            used.insert(c.provision);
            let (label, text, lang) = face_dto(site, &c.prompt);
            CardDto {
                id: c.id.clone(),
                deck: c.deck().slug(),
                kind: c.kind.slug(),
                cite: corpus.at(c.provision).id.to_string(),
                hash: format!("{:016x}", c.hash),
                book: c.book,
                law: c.law,
                chapter: c.chapter.clone(),
                prompt: FaceDto { label, text, lang },
                edition_note: c.edition_note.clone(),
                prompt_da: c.prompt_da.clone(),
                choices: c
                    .choices
                    .iter()
                    .enumerate()
                    .map(|(i, ch)| {
                        used.insert(ch.source);
                        let (label, text, lang) = face_dto(site, &ch.face);
                        ChoiceDto {
                            cite: corpus.at(ch.source).id.to_string(),
                            label,
                            text,
                            lang,
                            edition_note: c.choice_notes.get(i).cloned().flatten(),
                        }
                    })
                    .collect(),
                answer: c.answer,
                case: c.case.as_deref().map(|id| case_dto(site, id)),
            }
        })
        .collect();
    let provisions = used
        .into_iter()
        .map(|i| {
            let p = corpus.at(i);
            CardProvisionDto {
                cite: p.id.to_string(),
                label: label_of(p),
                title: kb.title_of(i),
                text: p.text(),
                lang: p.lang(),
                url: url_of(&p.id),
            }
        })
        .collect();
    CardsResponse {
        decks: decks
            .iter()
            .map(|&d| DeckDto {
                id: d.slug(),
                cards: chosen.iter().filter(|c| c.deck() == d).count(),
            })
            .collect(),
        cards,
        provisions,
    }
}

/// A `deck` parameter: one of the four deck names.
pub(crate) fn parse_deck(raw: Option<&str>) -> Result<DeckId, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Err(ApiError::BadRequest(
            "deck is missing (begreper, lovnummer, hvor-star-det, fyll-inn, hvilken-lov, tall or kjennelse)"
                .into(),
        )),
        Some(d) => d
            .parse()
            .map_err(|e: UnknownDeck| ApiError::BadRequest(e.to_string())),
    }
}

/// `GET /api/cards?deck=…`.
pub(crate) async fn cards(
    State(st): State<AppState>,
    ApiQuery(p): ApiQuery<CardsParams>,
) -> Result<Json<CardsResponse>, ApiError> {
    let deck = parse_deck(p.deck.as_deref())?;
    let book = parse_book(p.book.as_deref())?;
    let site = st.site();
    Ok(Json(cards_dto(&site, &[deck], book)))
}

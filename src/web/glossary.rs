//! `/definisjoner`: every definition of the Laws, its text linked as on a
//! provision page, under an A–Å index.

use askama::Template;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};

use crate::kb::url_of;

use super::chrome::{Chrome, UiContext};
use super::render::{anchor_of, label_of, TextRenderer};
use super::site::Site;
use super::views::ALPHABET;

/// One definition in the glossary.
#[derive(Debug, Clone)]
pub struct GlossaryEntry {
    pub anchor: String,
    pub url: String,
    pub term: String,
    pub html: String,
}

/// The definitions under one initial letter.
#[derive(Debug, Clone)]
pub struct LetterGroup {
    pub letter: char,
    pub anchor: String,
    pub entries: Vec<GlossaryEntry>,
}

/// `/definisjoner`: every definition of the Laws, with an A–Å index.
#[derive(Template)]
#[template(path = "glossary.html")]
pub struct GlossaryPage {
    pub chrome: Chrome,
    /// Every letter A–Å, with the anchor of its group if it has one.
    pub letters: Vec<(char, Option<String>)>,
    pub groups: Vec<LetterGroup>,
}

impl Site {
    /// Every definition, with its text linked like a provision page, under
    /// an A–Å index.
    pub fn glossary_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let mut groups: Vec<LetterGroup> = Vec::new();
        for (i, p) in self.kb().definitions() {
            let term = label_of(p);
            let letter = term
                .chars()
                .next()
                .map(|c| c.to_uppercase().next().unwrap_or(c))
                .unwrap_or('#');
            let entry = GlossaryEntry {
                anchor: anchor_of(&p.id),
                url: url_of(&p.id),
                term,
                html: TextRenderer::new(self, i, ctx.lang).blocks(None),
            };
            match groups.iter_mut().find(|g| g.letter == letter) {
                Some(g) => g.entries.push(entry),
                None => groups.push(LetterGroup {
                    letter,
                    anchor: format!(
                        "bokstav-{}",
                        utf8_percent_encode(&letter.to_string(), NON_ALPHANUMERIC)
                    ),
                    entries: vec![entry],
                }),
            }
        }
        let order = |c: char| ALPHABET.chars().position(|a| a == c).unwrap_or(usize::MAX);
        groups.sort_by_key(|g| order(g.letter));
        let letters = ALPHABET
            .chars()
            .map(|c| {
                (
                    c,
                    groups
                        .iter()
                        .find(|g| g.letter == c)
                        .map(|g| g.anchor.clone()),
                )
            })
            .collect();
        GlossaryPage {
            chrome: Chrome::new(&self.frame(), ctx, "glossary"),
            letters,
            groups,
        }
        .render()
    }
}

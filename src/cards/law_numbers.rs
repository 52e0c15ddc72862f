//! The *Lovnummer* deck: every law's title and its number, both ways, and
//! every handbook X-section and the law it extends, both ways. A law with
//! only its title in the corpus (21–93) has its cards too. The law of an
//! X-section card is shown by its number only, since an X-section's title
//! often repeats its law's words.

use super::{normalized, Builder, CardKind, Choice, Face};
use crate::corpus::{BookId, Kind, Provision, ProvisionId, Root};

/// A law by index, with its title.
type Law<'c> = (usize, &'c Provision, String);

/// A handbook X-section and the law it extends, by index, with their titles.
struct XLaw {
    x: usize,
    x_title: String,
    law: usize,
}

impl Builder<'_> {
    /// Lovnummer: every law (title-only ones too), title → number and
    /// back; every X-section, its title → the law it extends and back.
    pub(super) fn law_numbers(&mut self) {
        let laws: Vec<Law<'_>> = self
            .corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Law)
            .filter_map(|(i, p)| Some((i, p, p.title.clone()?)))
            .collect();
        for kind in [CardKind::TitleToNumber, CardKind::NumberToTitle] {
            for law in &laws {
                self.title_and_number(kind, law, &laws);
            }
        }
        let xs = self.extensions(&laws);
        for kind in [CardKind::ExtensionToLaw, CardKind::LawToExtension] {
            for xl in &xs {
                self.extension_and_law(kind, xl, &xs);
            }
        }
    }

    /// A law's title → its number, or its number → its title; the
    /// distractors are other laws, never one of the same title.
    fn title_and_number(&mut self, kind: CardKind, (i, p, title): &Law<'_>, laws: &[Law<'_>]) {
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
            CardKind::TitleToNumber => (Face::text(title.clone(), lang), Face::cite(&p.id, lang)),
            _ => (Face::cite(&p.id, lang), Face::text(title.clone(), lang)),
        };
        let answer = Choice {
            source: *i,
            face: answer,
        };
        self.push(kind, *i, prompt, answer, d);
    }

    /// The handbook's X-sections with a title, each with the law it
    /// extends.
    fn extensions(&self, laws: &[Law<'_>]) -> Vec<XLaw> {
        let law_of = |n: u16| {
            laws.iter()
                .find(|(_, p, _)| p.id == ProvisionId::root(Root::Law(n)))
        };
        self.corpus
            .book(BookId::Handbook)
            .filter(|(_, p)| p.kind == Kind::Extension)
            .filter_map(|(i, p)| {
                let law = law_of(p.extends?)?;
                Some(XLaw {
                    x: i,
                    x_title: p.title.clone()?,
                    law: law.0,
                })
            })
            .collect()
    }

    /// An X-section's title → the law it extends, or the law → the
    /// X-section. A distractor is never a law some X-section of the same
    /// title extends, nor an X-section of this law.
    fn extension_and_law(&mut self, kind: CardKind, xl: &XLaw, xs: &[XLaw]) {
        let corpus = self.corpus;
        let x = corpus.at(xl.x);
        let id = format!("{}@{}", x.id, kind.slug());
        // A law by its number alone: beside its title an X-section's
        // title would be found by spelling ("Uvedkommende informasjon").
        let law_face = |l: usize| {
            let q = corpus.at(l);
            Face::cite(&q.id, q.lang())
        };
        let same_title = |t: &str| normalized(t) == normalized(&xl.x_title);
        let (prompt, answer, others) = match kind {
            CardKind::ExtensionToLaw => {
                let others: Vec<(usize, Face)> = xs
                    .iter()
                    .filter(|o| o.law != xl.law && !same_title(&o.x_title))
                    .map(|o| (o.law, law_face(o.law)))
                    .collect();
                let answer = Choice {
                    source: xl.law,
                    face: law_face(xl.law),
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
                (law_face(xl.law), answer, others)
            }
        };
        let d = Self::distractors(&id, &others);
        self.push(kind, xl.x, prompt, answer, d);
    }
}

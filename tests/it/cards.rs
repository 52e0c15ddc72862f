//! The practice cards over the real corpus: every answer is the corpus's
//! own text or cite, no distractor is also right, every provision with a
//! full sentence has its cards, ids are stable and hashes follow the text,
//! generation is deterministic (also across processes), and the Anki export
//! parses as Anki's tab-separated format.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::Command;
use std::sync::LazyLock;

use lovbok::cards::{
    self, full_sentences, is_numbered, letter_runs, mask_term, normalized, quality, Card, CardKind,
    Deck, DeckId, BLANK, CHOICES,
};
use lovbok::corpus::subjects::TermLang;
use lovbok::corpus::{BookId, Corpus, Kind, Provision, ProvisionId, Root, SourceFile};
use lovbok::search::WordForms;

use crate::fixtures;

/// The real corpus and its decks, built once for every card test.
pub(crate) struct Built {
    pub(crate) corpus: Corpus,
    pub(crate) deck: Deck,
}

pub(crate) fn built() -> &'static Built {
    static B: LazyLock<Built> = LazyLock::new(|| {
        let corpus = fixtures::corpus();
        let deck = Deck::build(&corpus);
        Built { corpus, deck }
    });
    &B
}

fn title_of(c: &Corpus, idx: usize) -> String {
    c.at(idx).title.clone().unwrap_or_default()
}

/// Every provision a text is held by, and everything above them: each of
/// these would be a right answer to "where does this text stand?".
fn holders(c: &Corpus, text: &str) -> HashSet<usize> {
    let want = normalized(text);
    c.provisions()
        .iter()
        .enumerate()
        .filter(|(_, p)| normalized(&p.text()) == want)
        .flat_map(|(i, _)| c.path_of(i))
        .collect()
}

/// The subject-index entry a "Hvilken lov?" card asks about (its key ends the id).
fn subject_of<'c>(c: &'c Corpus, card: &Card) -> &'c lovbok::corpus::Subject {
    let slug = card.id.rsplit_once('/').map(|(_, s)| s).unwrap_or_default();
    c.subjects()
        .by_key(slug)
        .unwrap_or_else(|| panic!("{}: no subject {slug}", card.id))
}

fn law_index(c: &Corpus, n: u16) -> Option<usize> {
    c.index_of(&ProvisionId::root(Root::Law(n)))
}

#[track_caller]
fn check_shape(card: &Card) {
    assert_eq!(card.choices.len(), CHOICES, "{}", card.id);
    assert!(card.answer < CHOICES, "{}", card.id);
    let keys: HashSet<String> = card
        .choices
        .iter()
        .map(|c| {
            format!(
                "{:?}|{:?}",
                c.face.cite.as_ref().map(|x| x.to_string()),
                c.face.text
            )
        })
        .collect();
    assert_eq!(keys.len(), CHOICES, "{}: two choices look alike", card.id);
}

#[test]
fn every_answer_is_the_corpus_own_text_or_cite() {
    let Built { corpus: c, deck } = built();
    assert!(!deck.cards().is_empty());
    for card in deck.cards() {
        check_shape(card);
        let p = c.at(card.provision);
        if matches!(
            card.kind,
            CardKind::SubjectToProvision | CardKind::Numeric | CardKind::Ruling
        ) {
            // Several cards share a provision: a subject's slug or a board's
            // number ends the id.
            let prefix = format!("{}@{}/", p.id, card.kind.slug());
            assert!(card.id.starts_with(&prefix), "{}", card.id);
        } else {
            assert_eq!(card.id, format!("{}@{}", p.id, card.kind.slug()));
        }
        let right = card.right();
        let face = &right.face;
        match card.kind {
            // Its own test recomputes it (every_numeric_answer_is_the_calculators).
            CardKind::Numeric => assert_eq!(right.source, card.provision),
            // A published case's rule (card_cases checks which): the
            // card's provision, with its title or the start of its text
            // and its parts' in reading order.
            CardKind::Ruling if card.case.is_some() => {
                assert_eq!(face.cite.as_ref(), Some(&p.id), "{}", card.id);
                let text = face.text.clone().unwrap_or_default();
                let start = text.trim_end_matches(" …");
                let all: Vec<String> = std::iter::once(card.provision)
                    .chain(c.descendants(card.provision))
                    .map(|i| c.at(i).text())
                    .collect();
                let flat = all
                    .join(" ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(
                    p.title.as_deref() == Some(text.as_str()) || flat.starts_with(start),
                    "{}: {start:?}",
                    card.id
                );
            }
            // The entry's first provision, with the start of its own text.
            CardKind::Ruling => {
                let entry = ruling_entry(c, card);
                assert_eq!(face.cite.as_ref(), entry.cites.first(), "{}", card.id);
                let text = face.text.clone().unwrap_or_default();
                let start = text.trim_end_matches(" …");
                let flat = p.text().split_whitespace().collect::<Vec<_>>().join(" ");
                assert!(flat.starts_with(start), "{}: {start:?}", card.id);
                assert!(p.in_corpus);
            }
            CardKind::SubjectToProvision => {
                // The prompt is the entry's name, or where the name is the
                // answer's own (`Alert` → `def:Alert`) another of its
                // Norwegian terms; the answer is the first provision the
                // entry names, shown by its cite.
                let entry = subject_of(c, card);
                let prompt = card.prompt.text.clone().unwrap_or_default();
                if prompt != entry.name {
                    assert!(
                        entry
                            .terms
                            .iter()
                            .any(|t| t.lang == TermLang::Nb && t.text == prompt),
                        "{}: {prompt}",
                        card.id
                    );
                    assert!(
                        !quality::fair_prompt(&entry.name, &quality::label(c, face)),
                        "{}",
                        card.id
                    );
                }
                assert_eq!(face.cite.as_ref(), entry.cites.first(), "{}", card.id);
                assert_eq!(right.source, card.provision);
            }
            CardKind::TermToDefinition => {
                assert_eq!(p.kind, Kind::Definition);
                assert_eq!(card.prompt.text.as_deref(), p.title.as_deref());
                assert_eq!(right.source, card.provision);
                // The definition with the asked term's words blanked, and
                // nothing else changed.
                let term = title_of(c, card.provision);
                assert_eq!(face.text, Some(mask_term(&p.text(), &term)), "{}", card.id);
            }
            CardKind::DefinitionToTerm => {
                assert_eq!(right.source, card.provision);
                assert_eq!(face.text.as_deref(), p.title.as_deref(), "{}", card.id);
                // The prompt is the definition with the term's words blanked,
                // and nothing else changed.
                let prompt = card.prompt.text.clone().unwrap_or_default();
                assert_eq!(prompt, mask_term(&p.text(), &title_of(c, card.provision)));
                let mut rest = p.text();
                for part in prompt.split(BLANK) {
                    let at = rest.find(part).unwrap_or_else(|| {
                        panic!("{}: {part:?} is not in the definition", card.id)
                    });
                    rest = rest[at + part.len()..].to_string();
                }
            }
            CardKind::TitleToNumber => {
                assert_eq!(p.kind, Kind::Law);
                assert_eq!(card.prompt.text.as_deref(), p.title.as_deref());
                assert_eq!(face.cite.as_ref(), Some(&p.id), "{}", card.id);
                assert_eq!(face.text, None, "the answer is the cite");
            }
            CardKind::NumberToTitle => {
                assert_eq!(card.prompt.cite.as_ref(), Some(&p.id));
                assert_eq!(card.prompt.text, None, "the prompt is the cite alone");
                assert_eq!(face.text.as_deref(), p.title.as_deref(), "{}", card.id);
            }
            CardKind::ExtensionToLaw => {
                assert_eq!(p.kind, Kind::Extension);
                assert_eq!(card.prompt.text.as_deref(), p.title.as_deref());
                let law = law_index(c, p.extends.expect("an X-section extends a law"));
                assert_eq!(Some(right.source), law, "{}", card.id);
                let law = c.at(right.source);
                assert_eq!(face.cite.as_ref(), Some(&law.id));
                assert_eq!(
                    face.text, None,
                    "the law by its number: its title is spelt like the X-section's"
                );
            }
            CardKind::LawToExtension => {
                assert_eq!(p.kind, Kind::Extension);
                let law = c.at(law_index(c, p.extends.unwrap()).unwrap());
                assert_eq!(card.prompt.cite.as_ref(), Some(&law.id));
                assert_eq!(
                    card.prompt.text, None,
                    "the law by its number: its title is spelt like the X-section's"
                );
                assert_eq!(right.source, card.provision);
                assert_eq!(face.text.as_deref(), p.title.as_deref(), "{}", card.id);
                assert_eq!(face.cite, None, "the X number would give the answer away");
            }
            CardKind::WhereIsIt => {
                assert!(is_numbered(p.kind) && p.in_corpus);
                assert_eq!(card.prompt.text.as_deref(), Some(p.text().as_str()));
                assert_eq!(card.prompt.cite, None, "the cite is hidden");
                assert_eq!(face.cite.as_ref(), Some(&p.id), "{}", card.id);
            }
            CardKind::FillIn => {
                assert_eq!(right.source, card.provision);
                let word = face.text.clone().unwrap_or_default();
                let prompt = card.prompt.text.clone().unwrap_or_default();
                assert_eq!(prompt.matches(BLANK).count(), 1, "{}", card.id);
                let sentence = prompt.replacen(BLANK, &word, 1);
                assert!(
                    full_sentences(p).contains(&sentence.as_str()),
                    "{}: {sentence:?} is not a full sentence of {}",
                    card.id,
                    p.id
                );
                assert!(word.chars().all(char::is_lowercase), "{}: {word}", card.id);
                // Named by its cite, except a definition (its name is the term).
                let named = (p.kind != Kind::Definition).then(|| p.id.clone());
                assert_eq!(card.prompt.cite, named, "{}", card.id);
                assert!(word.chars().count() >= 3);
            }
        }
    }
}

#[test]
fn no_distractor_is_also_right() {
    let Built { corpus: c, deck } = built();
    let mut forms = WordForms::new();
    // Every sentence of the corpus, for "this word would make a corpus sentence".
    let sentences: HashSet<String> = c
        .provisions()
        .iter()
        .flat_map(|p| {
            p.blocks.iter().filter_map(|b| match b {
                lovbok::corpus::Block::Paragraph { text } => Some(text.clone()),
                _ => None,
            })
        })
        .flat_map(|t| {
            cards::sentence::split(&t)
                .into_iter()
                .map(|r| normalized(&t[r]))
                .collect::<Vec<_>>()
        })
        .collect();
    // X-section titles by the law they extend.
    let x_titles: HashMap<usize, Vec<String>> = {
        let mut m: HashMap<usize, Vec<String>> = HashMap::new();
        for (i, p) in c.book(BookId::Handbook) {
            if let (Kind::Extension, Some(n)) = (p.kind, p.extends) {
                if let Some(l) = law_index(c, n) {
                    m.entry(l).or_default().push(normalized(&title_of(c, i)));
                }
            }
        }
        m
    };
    for card in deck.cards() {
        let p = c.at(card.provision);
        let right = card.right();
        for (k, d) in card.choices.iter().enumerate() {
            if k == card.answer {
                continue;
            }
            let q = c.at(d.source);
            let why = format!("{}: distractor {}", card.id, q.id);
            match card.kind {
                // A published case's distractors: card_cases checks them
                // against the provisions the case applies.
                CardKind::Ruling if card.case.is_some() => {}
                // The first provision of another entry of the same group,
                // never one the entry names or one above or below those.
                CardKind::Ruling => {
                    let entry = ruling_entry(c, card);
                    for named in entry.cites.iter().filter_map(|x| c.index_of(x)) {
                        assert!(!c.path_of(named).contains(&d.source), "{why}: above");
                        assert!(!c.path_of(d.source).contains(&named), "{why}: below");
                    }
                    assert!(
                        c.subjects().entries().iter().any(|o| o.group == entry.group
                            && o.name != entry.name
                            && o.cites.first() == Some(&q.id)),
                        "{why}: not another situation's rule in the group"
                    );
                    // Nor a rule another entry ties to the situation's
                    // words: one of its terms made at least half of them
                    // (two or more) names a rule that is right too.
                    let told = format!(
                        "{} {}",
                        card.prompt.text.as_deref().unwrap_or_default(),
                        card.prompt_da.as_deref().unwrap_or_default()
                    );
                    let asked = lovbok::cards::quality::content_stems(&told);
                    for o in c.subjects().entries() {
                        if o.name == entry.name {
                            continue;
                        }
                        let tells = o.terms.iter().any(|t| {
                            let stems = lovbok::cards::quality::content_stems(&t.text);
                            let shared = stems.intersection(&asked).count();
                            shared >= 2 && shared * 2 >= stems.len()
                        });
                        let names = o.cites.iter().filter_map(|x| c.index_of(x)).any(|n| {
                            c.path_of(n).contains(&d.source) || c.path_of(d.source).contains(&n)
                        });
                        assert!(!(tells && names), "{why}: {} tells it too", o.name);
                    }
                }
                // Another board's answer of the same calculator.
                CardKind::Numeric => {
                    assert_eq!(d.source, card.provision, "{why}");
                    assert_ne!(d.face, right.face, "{why}");
                }
                CardKind::SubjectToProvision => {
                    // Never a provision the entry names, nor one above or
                    // below those; always the answer of another entry of
                    // the same group.
                    let entry = subject_of(c, card);
                    for named in entry.cites.iter().filter_map(|x| c.index_of(x)) {
                        assert!(!c.path_of(named).contains(&d.source), "{why}: above");
                        assert!(!c.path_of(d.source).contains(&named), "{why}: below");
                    }
                    assert!(
                        c.subjects().entries().iter().any(|o| o.group == entry.group
                            && o.name != entry.name
                            && o.cites.first() == Some(&q.id)),
                        "{why}: not another subject's answer in the group"
                    );
                    assert_eq!(d.face.cite.as_ref(), Some(&q.id), "{why}");
                }
                CardKind::TermToDefinition => {
                    assert_eq!(q.kind, Kind::Definition, "{why}");
                    // Blanked as the answer is: the asked term's words.
                    let term = card.prompt.text.clone().unwrap_or_default();
                    assert_eq!(d.face.text, Some(mask_term(&q.text(), &term)), "{why}");
                    assert_ne!(normalized(&q.text()), normalized(&p.text()), "{why}");
                }
                CardKind::DefinitionToTerm => {
                    assert_eq!(d.face.text.as_deref(), q.title.as_deref(), "{why}");
                    assert_ne!(normalized(&q.text()), normalized(&p.text()), "{why}");
                    assert_ne!(d.source, card.provision, "{why}");
                }
                CardKind::TitleToNumber => {
                    assert_eq!(d.face.cite.as_ref(), Some(&q.id), "{why}");
                    assert_eq!(q.kind, Kind::Law, "{why}");
                    assert_ne!(
                        normalized(&title_of(c, d.source)),
                        normalized(&title_of(c, card.provision)),
                        "{why}"
                    );
                }
                CardKind::NumberToTitle => {
                    assert_eq!(d.face.text.as_deref(), q.title.as_deref(), "{why}");
                    assert_ne!(
                        normalized(&title_of(c, d.source)),
                        normalized(&title_of(c, card.provision)),
                        "{why}"
                    );
                }
                CardKind::ExtensionToLaw => {
                    assert_eq!(q.kind, Kind::Law, "{why}");
                    assert_ne!(d.source, right.source, "{why}");
                    // No X-section of this title extends the distractor law.
                    let title = normalized(&title_of(c, card.provision));
                    assert!(
                        !x_titles
                            .get(&d.source)
                            .is_some_and(|ts| ts.contains(&title)),
                        "{why}"
                    );
                    assert_eq!(d.face.cite.as_ref(), Some(&q.id), "{why}");
                    assert_eq!(d.face.text, None, "{why}");
                }
                CardKind::LawToExtension => {
                    assert_eq!(q.kind, Kind::Extension, "{why}");
                    assert_ne!(q.extends, p.extends, "{why}: it extends the same law");
                    assert_eq!(d.face.text.as_deref(), q.title.as_deref(), "{why}");
                }
                CardKind::WhereIsIt => {
                    assert_eq!(q.kind, p.kind, "{why}: another kind");
                    assert_eq!(q.book, p.book, "{why}: another book");
                    assert!(
                        !c.path_of(card.provision).contains(&d.source),
                        "{why}: an ancestor"
                    );
                    assert!(
                        !c.path_of(d.source).contains(&card.provision),
                        "{why}: a descendant"
                    );
                    assert!(
                        !holders(c, &p.text()).contains(&d.source),
                        "{why}: holds the same text"
                    );
                    assert_eq!(d.face.cite.as_ref(), Some(&q.id), "{why}");
                }
                CardKind::FillIn => {
                    let answer = right.face.text.clone().unwrap_or_default();
                    let word = d.face.text.clone().unwrap_or_default();
                    assert_ne!(word, answer, "{why}");
                    assert!(
                        !(word.starts_with(&answer)
                            || answer.starts_with(&word)
                            || word.ends_with(&answer)
                            || answer.ends_with(&word)),
                        "{why}: {word} is a form of {answer}"
                    );
                    let term = |f: &mut WordForms, w: &str| f.term(p.book, w);
                    assert_ne!(
                        term(&mut forms, &word),
                        term(&mut forms, &answer),
                        "{why}: same stem"
                    );
                    let root = forms.root(p.book, &answer);
                    assert!(
                        root.is_none() || forms.root(p.book, &word) != root,
                        "{why}: same root"
                    );
                    let prompt = card.prompt.text.clone().unwrap_or_default();
                    let filled = prompt.replacen(BLANK, &word, 1);
                    assert!(
                        !sentences.contains(&normalized(&filled)),
                        "{why}: {filled:?} is in the corpus"
                    );
                    // The word is the corpus's own: its source holds it as a word.
                    let src = q.text();
                    assert!(
                        letter_runs(&src)
                            .into_iter()
                            .any(|(a, b)| src[a..b] == *word),
                        "{why}: {word} is not in {}",
                        q.id
                    );
                    assert!(
                        forms.term(p.book, &word).is_some(),
                        "{why}: {word} is a stop word"
                    );
                }
            }
        }
    }
}

#[test]
fn fill_in_blanks_a_key_word_never_a_stop_word_number_or_cite() {
    let Built { corpus: c, deck } = built();
    let mut forms = WordForms::new();
    for card in deck.of(DeckId::FillIn) {
        let p = c.at(card.provision);
        let word = card.right().face.text.clone().unwrap_or_default();
        assert!(
            forms.term(p.book, &word).is_some(),
            "{}: {word} is a stop word",
            card.id
        );
        assert!(!word.chars().any(|ch| ch.is_ascii_digit()), "{}", card.id);
        let prompt = card.prompt.text.clone().unwrap_or_default();
        let sentence = prompt.replacen(BLANK, &word, 1);
        let at = prompt.find(BLANK).unwrap();
        for m in lovbok::cite::find(&sentence) {
            assert!(
                m.span.end <= at || m.span.start >= at + word.len(),
                "{}: the blank is inside the cite {:?}",
                card.id,
                m.text
            );
        }
    }
}

/// The reasons a card may be left out: the quality rules of
/// `lovbok::cards::quality`, each a class of card not worth a student's time.
const QUALITY: [&str; 8] = [
    quality::GENERIC_BLANK,
    quality::TERM_NOT_SHOWN,
    quality::GIVES_AWAY,
    quality::NEEDS_UNSEEN_TEXT,
    quality::POINTER_ONLY,
    quality::QUOTES_ITS_PLACE,
    quality::SAME_PROMPT,
    quality::SPELT_LIKE,
];

/// Every provision of a kind has its card, or a quality rule says why not.
#[track_caller]
fn covered(deck: &Deck, kind: CardKind, eligible: &HashSet<usize>) {
    let made: HashSet<usize> = deck
        .cards()
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.provision)
        .collect();
    let refused: HashSet<usize> = deck
        .skipped()
        .iter()
        .filter(|s| s.kind == kind && QUALITY.contains(&s.reason))
        .map(|s| s.provision)
        .collect();
    let missing: Vec<&usize> = eligible
        .iter()
        .filter(|i| !made.contains(i) && !refused.contains(i))
        .collect();
    assert!(
        missing.is_empty(),
        "{kind:?}: no card and no reason for {missing:?}"
    );
    assert!(
        made.is_subset(eligible),
        "{kind:?}: a card from outside the pool"
    );
}

#[test]
fn deck_sizes_cover_every_term_law_and_sentence() {
    let Built { corpus: c, deck } = built();
    let count = |k: CardKind| deck.cards().iter().filter(|x| x.kind == k).count();
    let defs: HashSet<usize> = c
        .provisions()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == Kind::Definition && !p.text().trim().is_empty())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(defs.len(), 71, "the laws define 71 terms");
    covered(deck, CardKind::TermToDefinition, &defs);
    covered(deck, CardKind::DefinitionToTerm, &defs);
    assert!(
        deck.count(DeckId::Terms) >= 100,
        "{}",
        deck.count(DeckId::Terms)
    );

    let laws = c
        .provisions()
        .iter()
        .filter(|p| p.kind == Kind::Law)
        .count();
    assert_eq!(laws, 93);
    assert_eq!(count(CardKind::TitleToNumber), 93, "title-only laws too");
    assert_eq!(count(CardKind::NumberToTitle), 93);
    let xs = c
        .provisions()
        .iter()
        .filter(|p| p.kind == Kind::Extension)
        .count();
    assert_eq!(count(CardKind::ExtensionToLaw), xs);
    assert_eq!(count(CardKind::LawToExtension), xs);
    assert!(deck.count(DeckId::LawNumbers) >= 186);

    // A card per provision with a full sentence, unless a quality rule
    // refused it; nothing is skipped for any other reason.
    let with_sentence = |p: &&Provision| p.in_corpus && !full_sentences(p).is_empty();
    let numbered: HashSet<usize> = c
        .provisions()
        .iter()
        .enumerate()
        .filter(|(_, p)| is_numbered(p.kind) && with_sentence(p))
        .map(|(i, _)| i)
        .collect();
    covered(deck, CardKind::WhereIsIt, &numbered);
    let fillable: HashSet<usize> = c
        .provisions()
        .iter()
        .enumerate()
        .filter(|(_, p)| (is_numbered(p.kind) || p.kind == Kind::Definition) && with_sentence(p))
        .map(|(i, _)| i)
        .collect();
    covered(deck, CardKind::FillIn, &fillable);
    let other: Vec<_> = deck
        .skipped()
        .iter()
        .filter(|s| !QUALITY.contains(&s.reason))
        .collect();
    assert!(other.is_empty(), "{other:?}");
    // What each rule removed, for the record.
    let mut by: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for s in deck.skipped() {
        *by.entry((s.kind.deck().slug(), s.reason)).or_default() += 1;
    }
    for d in DeckId::ALL {
        println!("deck {}: {} cards", d.slug(), deck.count(d));
    }
    for ((deck, reason), n) in &by {
        println!("removed from {deck}: {n} ({reason})");
    }
}

/// The quality rules, over every card of every deck.
#[test]
fn every_card_passes_the_quality_rules() {
    let Built { corpus: c, deck } = built();
    let mut prompts: HashMap<(CardKind, String), &Card> = HashMap::new();
    for card in deck.cards() {
        let prompt = card.prompt.text.clone().unwrap_or_default();
        let answer = card.right().face.text.clone().unwrap_or_default();
        match card.kind {
            CardKind::FillIn | CardKind::DefinitionToTerm => {
                assert!(
                    !quality::gives_away(&prompt, &answer),
                    "{}: the prompt shows {answer:?}: {prompt}",
                    card.id
                );
            }
            _ => {}
        }
        if card.kind == CardKind::FillIn {
            assert!(
                !quality::generic_word(&answer),
                "{}: a blank on {answer:?}",
                card.id
            );
            // Every choice has the answer's form (its last two letters), so
            // each fits the sentence's grammar.
            let ending: String = {
                let cs: Vec<char> = answer.chars().collect();
                cs[cs.len().saturating_sub(2)..].iter().collect()
            };
            for ch in &card.choices {
                let w = ch.face.text.clone().unwrap_or_default();
                assert!(
                    w.ends_with(&ending),
                    "{}: {w:?} has not the form of {answer:?}",
                    card.id
                );
            }
        }
        if matches!(card.kind, CardKind::FillIn | CardKind::WhereIsIt) {
            let text = prompt.replace(BLANK, "x");
            assert!(!quality::needs_unseen_text(&text), "{}: {prompt}", card.id);
        }
        if card.kind == CardKind::WhereIsIt {
            let p = c.at(card.provision);
            assert!(!quality::quotes_its_place(c, &p.id, &prompt), "{}", card.id);
        }
        if matches!(
            card.kind,
            CardKind::TermToDefinition | CardKind::DefinitionToTerm
        ) {
            let p = c.at(card.provision);
            let term = p.title.clone().unwrap_or_default();
            assert!(
                !quality::pointer_or_abbreviation(&term, &p.text()),
                "{}",
                card.id
            );
        }
        if !prompt.is_empty() {
            let key = (
                card.kind,
                prompt.split_whitespace().collect::<Vec<_>>().join(" "),
            );
            if let Some(other) = prompts.insert(key, card) {
                assert_eq!(
                    other.right().face,
                    card.right().face,
                    "{} and {} ask the same with different answers",
                    other.id,
                    card.id
                );
            }
        }
    }
}

/// Hvor står det? places a provision among its own law's or section's
/// first, so the letter and number are what is tested.
#[test]
fn where_cards_draw_distractors_from_the_same_law_first() {
    let Built { corpus: c, deck } = built();
    let mut same = 0;
    let mut total = 0;
    for card in deck.of(DeckId::WhereIsIt) {
        total += 1;
        let root = c.at(card.provision).id.numbered_root();
        if card
            .choices
            .iter()
            .enumerate()
            .any(|(i, ch)| i != card.answer && c.at(ch.source).id.numbered_root() == root)
        {
            same += 1;
        }
    }
    println!(
        "{same} of {total} Hvor står det? cards have a distractor from the same law or section"
    );
    assert!(same * 10 >= total * 9, "{same} of {total}");
}

#[test]
fn card_ids_are_unique_and_the_blank_is_never_corpus_text() {
    let Built { corpus: c, deck } = built();
    let ids: HashSet<&str> = deck.cards().iter().map(|x| x.id.as_str()).collect();
    assert_eq!(ids.len(), deck.cards().len());
    for p in c.provisions() {
        assert!(!p.text().contains(BLANK), "{}", p.id);
        assert!(
            !p.title.as_deref().unwrap_or("").contains(BLANK),
            "{}",
            p.id
        );
    }
}

#[test]
fn the_same_corpus_gives_the_same_deck() {
    let a = Deck::build(&fixtures::corpus());
    let b = Deck::build(&fixtures::corpus());
    assert_eq!(a, b);
}

/// A small corpus: five definitions and a law; `def_text` defines Alert.
pub(crate) fn small(def_text: &str) -> Vec<SourceFile> {
    let head = |kind: &str| {
        format!("---\nbook: laws\nedition: 2017\nlang: nb\nkind: {kind}\npages: 11\ntext: full\n---\n\n")
    };
    let mut defs = head("definitions") + "# Definisjoner\n\n";
    for (term, text) in [
        ("Alert", def_text),
        ("Bud", "En forpliktelse til å vinne minst et antall trekk."),
        ("Pass", "En melding som betyr at spilleren ikke byr."),
        (
            "Trumf",
            "Hvert kort i den fargen som er kontraktens benevnelse.",
        ),
        ("Stikk", "Fire kort som spilles ett fra hver hånd i tur."),
    ] {
        defs.push_str(&format!("## {term}\n\n{text}\n\n"));
    }
    vec![
        SourceFile {
            path: "laws/definisjoner.md".into(),
            text: defs,
        },
        SourceFile {
            path: "laws/lov-01.md".into(),
            text: head("law") + "# 1. Kortstokken\n\n## A. Kortene\n\nBridge spilles med en kortstokk som inneholder femtito kort.\n",
        },
    ]
}

#[test]
fn a_changed_provision_changes_its_cards_hash_but_not_their_ids() {
    let before =
        Deck::build(&Corpus::build(&small("Et signal som gjør motstanderne oppmerksom.")).corpus);
    let after =
        Deck::build(&Corpus::build(&small("Et varsel som gjør motstanderne oppmerksom.")).corpus);
    let by_id = |d: &Deck| -> HashMap<String, u64> {
        d.cards().iter().map(|x| (x.id.clone(), x.hash)).collect()
    };
    let (b, a) = (by_id(&before), by_id(&after));
    assert_eq!(
        b.keys().collect::<HashSet<_>>(),
        a.keys().collect::<HashSet<_>>(),
        "ids survive the change"
    );
    for id in ["def:Alert@term-definition", "def:Alert@definition-term"] {
        assert_ne!(b[id], a[id], "{id}: the text changed, so must the hash");
    }
    // A card whose own provision did not change keeps its hash, even where
    // its distractors include the changed definition.
    assert_eq!(b["def:Bud@definition-term"], a["def:Bud@definition-term"]);
    assert_eq!(b["def:Bud@term-definition"], a["def:Bud@term-definition"]);
}

// --- the CLI: deterministic across processes, and Anki's format ----------------

pub(crate) fn lovbok(args: &[&str]) -> Vec<u8> {
    let o = Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .output()
        .expect("run lovbok");
    assert!(
        o.status.success(),
        "lovbok {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o.stdout
}

#[test]
fn two_processes_print_byte_identical_decks() {
    // Each process has its own HashMap seeds: only a deterministic build
    // gives the same bytes.
    let a = lovbok(&["cards", "--format", "json"]);
    let b = lovbok(&["cards", "--format", "json"]);
    assert!(a == b, "the JSON decks differ between two runs");
    let v: serde_json::Value = serde_json::from_slice(&a).expect("JSON");
    assert_eq!(
        v["cards"].as_array().map(Vec::len),
        Some(built().deck.cards().len())
    );
    let anki = [
        "cards",
        "--format",
        "anki",
        "--deck",
        "fyll-inn",
        "--base-url",
        "https://lovbok.example",
    ];
    let a = lovbok(&anki);
    let b = lovbok(&anki);
    assert!(a == b, "the Anki files differ between two runs");
}

/// One note of an Anki import file.
pub(crate) struct Note {
    pub(crate) guid: String,
    pub(crate) front: String,
    pub(crate) back: String,
    pub(crate) deck: String,
    pub(crate) tags: Vec<String>,
}

/// Parses a file the way Anki's text importer reads one with `#separator:tab`
/// and `#html:true`: header lines start with `#`; every other line is one
/// note, its fields separated by tabs; a field that starts with `"` would
/// be read as quoted, so none may.
pub(crate) fn parse_anki(text: &str) -> (HashMap<String, String>, Vec<Note>) {
    let mut headers = HashMap::new();
    let mut notes = Vec::new();
    assert!(!text.contains('\r'), "no carriage returns");
    for line in text.lines() {
        if let Some(h) = line.strip_prefix('#') {
            let (k, v) = h.split_once(':').expect("a header is key:value");
            headers.insert(k.to_string(), v.to_string());
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "five fields: {line}");
        for f in &fields {
            assert!(!f.contains('"'), "a raw double quote: {f}");
        }
        notes.push(Note {
            guid: fields[0].to_string(),
            front: fields[1].to_string(),
            back: fields[2].to_string(),
            deck: fields[3].to_string(),
            tags: fields[4].split(' ').map(str::to_string).collect(),
        });
    }
    (headers, notes)
}

/// The text of an HTML field: tags dropped, `<br>` and paragraph ends as
/// line breaks, the five entities decoded.
pub(crate) fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g + 1);
        let tag = &rest[lt..gt];
        if tag.starts_with("<br") || tag == "</p>" {
            out.push('\n');
        }
        rest = &rest[gt..];
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn anki_export_parses_as_tab_separated_notes_with_links() {
    let out = String::from_utf8(lovbok(&[
        "cards",
        "--format",
        "anki",
        "--base-url",
        "https://lovbok.example",
    ]))
    .expect("UTF-8");
    let (headers, notes) = parse_anki(&out);
    assert_eq!(headers.get("separator").map(String::as_str), Some("tab"));
    assert_eq!(headers.get("html").map(String::as_str), Some("true"));
    assert_eq!(headers.get("guid column").map(String::as_str), Some("1"));
    assert_eq!(headers.get("notetype").map(String::as_str), Some("Basic"));
    assert_eq!(headers.get("deck column").map(String::as_str), Some("4"));
    assert_eq!(headers.get("tags column").map(String::as_str), Some("5"));
    let Built { corpus: c, deck } = built();
    assert_eq!(notes.len(), deck.cards().len(), "one note per card");
    let guids: HashSet<&str> = notes.iter().map(|n| n.guid.as_str()).collect();
    assert_eq!(guids.len(), notes.len(), "every note has a GUID of its own");
    for (note, card) in notes.iter().zip(deck.cards()) {
        assert_eq!(note.guid, card.id);
        assert_eq!(note.deck, format!("lovbok::{}", card.deck().slug()));
        // The choices are on the front, lettered; the back names the letter.
        let front = html_text(&note.front);
        assert_eq!(
            note.front.matches("<li>").count(),
            card.choices.len(),
            "{}",
            card.id
        );
        let letter = char::from(b'A' + card.answer as u8);
        assert!(
            html_text(&note.back).starts_with(letter),
            "{}: {}",
            card.id,
            note.back
        );
        assert!(
            front.contains("A. ") || front.contains("A."),
            "{}: {front}",
            card.id
        );
        // Lettered once: the list shows no markers of its own.
        assert!(!note.front.contains("<ol"), "{}: {}", card.id, note.front);
        let right = c.at(card.right().source);
        let url = format!("https://lovbok.example{}", lovbok::kb::url_of(&right.id));
        let href = format!("href='{}'", url.replace('\'', "&#39;"));
        assert!(note.back.contains(&href), "{}: {}", card.id, note.back);
        assert!(note.tags.contains(&"lovbok".to_string()));
        assert!(note
            .tags
            .contains(&format!("lovbok::{}", card.deck().slug())));
        assert!(
            note.tags.iter().all(|t| !t.is_empty() && !t.contains('<')),
            "{:?}",
            note.tags
        );
        // The answer's text survives the escaping, line breaks and all.
        let back = html_text(&note.back);
        if let Some(text) = &card.right().face.text {
            let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                flat(&back).contains(&flat(text)),
                "{}: {back:?} lacks {text:?}",
                card.id
            );
        }
        if let Some(prompt) = &card.prompt.text {
            let front = html_text(&note.front);
            let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat(&front).contains(&flat(prompt)), "{}", card.id);
        }
    }
}

#[test]
fn anki_export_asks_in_the_language_given() {
    use lovbok::web::practice::{DA, NB};
    let out = String::from_utf8(lovbok(&[
        "cards",
        "--format",
        "anki",
        "--lang",
        "da",
        "--deck",
        "begreper",
        "--base-url",
        "https://lovbok.example",
    ]))
    .expect("UTF-8");
    let (_, notes) = parse_anki(&out);
    let Built { deck, .. } = built();
    let cards: Vec<&Card> = deck
        .cards()
        .iter()
        .filter(|c| c.deck() == DeckId::Terms)
        .collect();
    assert_eq!(notes.len(), cards.len());
    for (note, card) in notes.iter().zip(cards) {
        let front = html_text(&note.front);
        assert!(
            front.starts_with(DA.question(card.kind)),
            "{}: {front}",
            card.id
        );
        assert_ne!(DA.question(card.kind), NB.question(card.kind));
    }
}

#[test]
fn cards_cli_rejects_a_bad_deck_or_base_url() {
    for args in [
        &["cards", "--deck", "alle"][..],
        &["cards", "--deck", ""][..],
        &[
            "cards",
            "--format",
            "anki",
            "--base-url",
            "javascript:alert(1)",
        ][..],
        &["cards", "--format", "csv"][..],
        &[
            "cards",
            "--format",
            "anki",
            "--lang",
            "sv",
            "--base-url",
            "https://x.example",
        ][..],
        // An Anki file's links need the server's public address.
        &["cards", "--format", "anki"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_lovbok"))
            .args(args)
            .output()
            .expect("run lovbok");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
    }
}

/// A corrected provision keeps its cards' GUIDs: importing the newer export
/// updates those notes in Anki instead of adding copies, and every other
/// note is the same.
#[test]
fn anki_reexport_after_a_correction_updates_notes() {
    let export = |def_text: &str| {
        let site = lovbok::web::Site::new(
            lovbok::kb::Kb::from_sources(&small(def_text)).expect("fixture builds"),
        );
        let text = site.anki(
            &DeckId::ALL,
            "https://lovbok.example",
            lovbok::web::i18n::Lang::Nb,
        );
        let (_, notes) = parse_anki(&text);
        notes
            .into_iter()
            .map(|n| (n.guid.clone(), (n.front, n.back)))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let before = export("Et varsel om at en melding kan ha en uventet betydning.");
    let after = export("Et varsel om at en melding kan ha en uventet mening.");
    assert!(!before.is_empty());
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "the same notes, by GUID"
    );
    let changed: Vec<&String> = before
        .iter()
        .filter(|(k, v)| after.get(*k) != Some(*v))
        .map(|(k, _)| k)
        .collect();
    assert!(!changed.is_empty(), "the corrected card's content changed");
    assert!(
        changed.iter().any(|k| k.starts_with("def:Alert@")),
        "{changed:?}"
    );
}

/// Tall: every answer is what the provision's calculator computes from the
/// board the card shows, recomputed here; at least 150 cards.
#[test]
fn every_numeric_answer_is_the_calculators() {
    let Built { deck, .. } = built();
    let cards: Vec<&Card> = deck.of(DeckId::Numbers).collect();
    assert!(cards.len() >= 150, "{} numeric cards", cards.len());
    for card in &cards {
        let Some((cite, inputs)) = cards::numeric::inputs_of(&card.id) else {
            panic!("{}: no inputs", card.id)
        };
        let found = lovbok::rules::calculator_for(&cite).expect("a calculator");
        let outcome = found
            .calculator
            .compute(&inputs)
            .unwrap_or_else(|e| panic!("{}: {e}", card.id));
        let want = cards::numeric::answer_text(&outcome).expect("a result");
        assert_eq!(
            card.right().face.text.as_deref(),
            Some(want.as_str()),
            "{}",
            card.id
        );
        // Every input is on the card.
        let prompt = card.prompt.text.clone().unwrap_or_default();
        for (_, v) in &inputs {
            let shown = found
                .calculator
                .inputs
                .iter()
                .any(|i| matches!(i.kind, lovbok::rules::registry::InputKind::Choice(_)));
            assert!(
                shown || prompt.contains(v.as_str()),
                "{}: {v} not in {prompt}",
                card.id
            );
        }
        // No distractor is the answer.
        for (i, c) in card.choices.iter().enumerate() {
            if i != card.answer {
                assert_ne!(c.face.text.as_deref(), Some(want.as_str()), "{}", card.id);
            }
        }
    }
}

/// The index entry a Kjennelse card was made from (its key ends the id).
fn ruling_entry<'c>(c: &'c Corpus, card: &Card) -> &'c lovbok::corpus::subjects::Subject {
    let slug = card.id.rsplit('/').next().unwrap_or_default();
    c.subjects()
        .entries()
        .iter()
        .find(|e| e.key == slug)
        .unwrap_or_else(|| panic!("{}: no entry {slug}", card.id))
}

/// Kjennelse: at least 150 situations, each a term of its entry that says
/// more than the entry's name.
#[test]
fn the_ruling_deck_asks_what_the_rule_says() {
    let Built { corpus: c, deck } = built();
    // The index's situations; a published case's card is checked in
    // `card_cases`.
    let cards: Vec<&Card> = deck
        .of(DeckId::Rulings)
        .filter(|c| c.case.is_none())
        .collect();
    assert!(cards.len() >= 150, "{} ruling cards", cards.len());
    for card in cards {
        let entry = ruling_entry(c, card);
        let prompt = card.prompt.text.clone().unwrap_or_default();
        assert!(
            entry.terms.iter().any(|t| t.text == prompt),
            "{}: {prompt}",
            card.id
        );
        assert_ne!(prompt, entry.name, "{}", card.id);
    }
}

/// A handbook card that quotes a 2007 law number which reads otherwise in
/// 2017 shows the 2017 reading; one that quotes none has no note.
#[test]
fn handbook_cards_show_the_2017_reading_of_a_2007_number() {
    use lovbok::cite::{EditionReading, Status};
    let Built { corpus: c, deck } = built();
    let mut noted = 0;
    for card in deck.cards() {
        let p = c.at(card.provision);
        let text = card.prompt.text.clone().unwrap_or_default();
        let mut want: Vec<String> = Vec::new();
        if p.laws_edition.is_some() {
            for r in lovbok::cite::link(&text, Some(&p.id), c) {
                for t in &r.targets {
                    let Some(n) = &t.edition else { continue };
                    match (&n.reading, &t.status) {
                        (_, Status::NoCounterpart { .. }) => {
                            want.push(format!("{} (2007-lovene)", n.cite))
                        }
                        (EditionReading::Mapped { .. }, _) => want.push(format!("= {}", t.id)),
                        _ => {}
                    }
                }
            }
        }
        match &card.edition_note {
            Some(note) => {
                noted += 1;
                for w in &want {
                    assert!(note.contains(w.as_str()), "{}: {note} lacks {w}", card.id);
                }
                assert!(!want.is_empty(), "{}: a note with nothing to say", card.id);
            }
            None => assert!(want.is_empty(), "{}: no note for {want:?}", card.id),
        }
    }
    assert!(noted >= 10, "{noted} cards carry a 2017 reading");
    println!("{noted} cards carry the 2017 reading of a 2007 number");
}

/// The index's own words come in Danish too: every Hvilken lov? and
/// Kjennelse card carries a Danish term of its entry, and the Danish Anki
/// file asks with it; cards from the books' text carry none.
#[test]
fn index_prompts_have_their_danish_term() {
    let Built { corpus: c, deck } = built();
    for card in deck.cards() {
        match card.kind {
            // A published case asks in its own language, the same in both.
            CardKind::Ruling if card.case.is_some() => {
                assert!(card.prompt_da.is_none(), "{}", card.id)
            }
            CardKind::SubjectToProvision | CardKind::Ruling => {
                let entry = match card.kind {
                    CardKind::Ruling => ruling_entry(c, card),
                    _ => subject_of(c, card),
                };
                let da = card
                    .prompt_da
                    .as_deref()
                    .unwrap_or_else(|| panic!("{}: no Danish", card.id));
                assert!(
                    entry
                        .terms
                        .iter()
                        .any(|t| t.lang == TermLang::Da && t.text == da),
                    "{}: {da} is not a Danish term of {}",
                    card.id,
                    entry.name
                );
            }
            _ => assert!(card.prompt_da.is_none(), "{}", card.id),
        }
    }
    let out = String::from_utf8(lovbok(&[
        "cards",
        "--format",
        "anki",
        "--lang",
        "da",
        "--deck",
        "hvilken-lov",
        "--base-url",
        "https://lovbok.example",
    ]))
    .expect("UTF-8");
    let (_, notes) = parse_anki(&out);
    let first = deck.of(DeckId::WhichLaw).next().expect("a card");
    let da = first.prompt_da.clone().unwrap_or_default();
    assert!(
        notes[0].front.contains(&da),
        "{}: {}",
        first.id,
        notes[0].front
    );
}

/// No Fyll inn distractor fills its gap to make a sentence the books have:
/// only the answer is right.
#[test]
fn no_fill_in_distractor_makes_a_sentence_of_the_books() {
    let Built { corpus: c, deck } = built();
    let flat = |s: &str| normalized(s);
    let sentences: HashSet<String> = c
        .provisions()
        .iter()
        .flat_map(|p| full_sentences(p).into_iter().map(flat).collect::<Vec<_>>())
        .collect();
    for card in deck.of(DeckId::FillIn) {
        let prompt = card.prompt.text.clone().unwrap_or_default();
        for (i, ch) in card.choices.iter().enumerate() {
            let w = ch.face.text.clone().unwrap_or_default();
            let filled = flat(&prompt.replacen(BLANK, &w, 1));
            if i == card.answer {
                assert!(
                    sentences.contains(&filled),
                    "{}: the answer's sentence",
                    card.id
                );
            } else {
                assert!(!sentences.contains(&filled), "{}: {w:?} fits too", card.id);
            }
        }
    }
}

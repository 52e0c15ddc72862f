/*!
The study mode ("Øving"): the `/ov` page and the Anki export of the cards.

The page is a shell: the server renders the deck picker, the exam settings
and the progress table's frame; `practice.js` fetches the whole deck as one
fingerprinted JSON asset and does everything else in the browser (rounds,
Leitner scheduling, the exam), keeping its state in `localStorage` only.

Every interface string of the page, its script and the Anki export lives in
one table per interface language, [`NB`] and [`DA`] (a [`PracticeText`]
each, kept beside [`super::i18n`]'s tables so that the study mode stays one
piece; a test checks that both fill the same placeholders); the script gets
the table of the page's language as
JSON in a `data-text` attribute (escaped like any attribute; no inline
script), so that the strings can move into per-language tables in one
piece. The corpus text is shown as it is, marked with its language.
*/

use askama::Template;
use serde::Serialize;

use crate::cards::{Card, CardKind, DeckId, Face};
use crate::corpus::BookId;
use crate::kb::url_of;

use super::assets;
use super::chrome::{Chrome, UiContext};
use super::html::esc;
use super::i18n::{fill, Lang};
use super::render::label_of;
use super::site::Site;

/// Every interface string of the study mode, in one language.
#[derive(Debug, Serialize)]
pub struct PracticeText {
    pub title: &'static str,
    pub intro: &'static str,
    pub noscript: &'static str,
    pub loading: &'static str,
    pub load_failed: &'static str,
    pub choose_heading: &'static str,
    pub decks_legend: &'static str,
    pub deck_terms: &'static str,
    pub deck_terms_about: &'static str,
    pub deck_law_numbers: &'static str,
    pub deck_law_numbers_about: &'static str,
    pub deck_where: &'static str,
    pub deck_where_about: &'static str,
    pub deck_fill: &'static str,
    pub deck_fill_about: &'static str,
    pub deck_which: &'static str,
    pub deck_which_about: &'static str,
    pub deck_numbers: &'static str,
    pub deck_numbers_about: &'static str,
    pub deck_rulings: &'static str,
    pub deck_rulings_about: &'static str,
    pub deck_count: &'static str,
    pub scope_legend: &'static str,
    pub scope_label: &'static str,
    pub scope_all: &'static str,
    pub scope_laws: &'static str,
    pub scope_handbook: &'static str,
    pub scope_chapters: &'static str,
    pub law_from: &'static str,
    pub law_to: &'static str,
    pub law_range_note: &'static str,
    pub selected: &'static str,
    pub start_round: &'static str,
    pub exam_heading: &'static str,
    pub exam_intro: &'static str,
    pub exam_questions: &'static str,
    pub exam_minutes: &'static str,
    pub start_exam: &'static str,
    pub progress_heading: &'static str,
    pub progress_deck: &'static str,
    pub progress_group: &'static str,
    pub progress_cards: &'static str,
    pub progress_seen: &'static str,
    pub progress_learned: &'static str,
    pub progress_due: &'static str,
    pub progress_decks_heading: &'static str,
    pub progress_groups_heading: &'static str,
    pub group_definitions: &'static str,
    pub group_laws: &'static str,
    /// One law's row under its group: "Lov {n}".
    pub group_law: &'static str,
    pub group_handbook: &'static str,
    pub exams_heading: &'static str,
    pub exam_entry: &'static str,
    pub no_exams: &'static str,
    pub reset: &'static str,
    pub reset_confirm: &'static str,
    pub schedule_note: &'static str,
    pub q_term_definition: &'static str,
    pub q_definition_term: &'static str,
    pub q_title_number: &'static str,
    pub q_number_title: &'static str,
    pub q_extension_law: &'static str,
    pub q_law_extension: &'static str,
    pub q_where: &'static str,
    pub q_fill: &'static str,
    pub q_which_law: &'static str,
    pub q_numeric: &'static str,
    pub q_ruling: &'static str,
    pub card_of: &'static str,
    pub changed: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
    pub answer_is: &'static str,
    pub your_answer: &'static str,
    pub from: &'static str,
    pub blank: &'static str,
    pub choices_label: &'static str,
    pub next: &'static str,
    pub round_done: &'static str,
    pub again: &'static str,
    pub back: &'static str,
    pub no_cards: &'static str,
    pub time_left: &'static str,
    pub finish_exam: &'static str,
    pub exam_done: &'static str,
    pub time_up: &'static str,
    pub wrong_heading: &'static str,
    pub unanswered: &'static str,
    pub all_right: &'static str,
    pub see: &'static str,
    /// Before the published case a Kjennelse card tells, on an Anki back.
    pub case_source: &'static str,
}

/// The study mode in Norwegian (Bokmål).
pub const NB: PracticeText = PracticeText {
    title: "Øving",
    intro: "Øv til TL-eksamen med kort laget av teksten selv: begreper, lovnumre, hvor noe står og ord som mangler. Fremgangen lagres bare i denne nettleseren.",
    noscript: "Øvingen trenger JavaScript. Kortene finnes også som JSON ({api}) og for Anki (lovbok cards --format anki).",
    loading: "Henter kortene …",
    load_failed: "Kortene kunne ikke hentes. Last siden på nytt for å prøve igjen.",
    choose_heading: "Velg kort",
    decks_legend: "Kortstokker",
    deck_terms: "Begreper",
    deck_terms_about: "definerte begreper og definisjonene deres",
    deck_law_numbers: "Lovnummer",
    deck_law_numbers_about: "lovenes titler og numre, håndbokens X-avsnitt",
    deck_where: "Hvor står det?",
    deck_where_about: "finn bestemmelsen teksten står i",
    deck_fill: "Fyll inn",
    deck_fill_about: "finn ordet som mangler",
    deck_which: "Hvilken lov?",
    deck_which_about: "en situasjon fra lovboks stikkordregister: finn bestemmelsen",
    deck_rulings: "Kjennelse",
    deck_rulings_about: "en situasjon ved bordet: finn regelen TL skal følge, med teksten",
    deck_numbers: "Tall",
    deck_numbers_about: "regn ut det en regel gir (standardtrekk, omregning, kunstig score …): svaret er kalkulatorens",
    deck_count: "{n} kort",
    scope_legend: "Utvalg",
    scope_label: "Bok eller kapittel",
    scope_all: "Begge bøkene",
    scope_laws: "Lovene",
    scope_handbook: "Håndboken, alle kapitler",
    scope_chapters: "Kapitler i håndboken",
    law_from: "Fra lov",
    law_to: "Til lov",
    law_range_note: "Et avgrenset lovområde tar med kort fra de lovene og håndbokens X-avsnitt til dem.",
    selected: "{n} kort valgt",
    start_round: "Øv {n} kort",
    exam_heading: "Prøve",
    exam_intro: "Et fast antall spørsmål på tid, fra de valgte kortstokkene. Du ser svarene først til slutt.",
    exam_questions: "Antall spørsmål",
    exam_minutes: "Minutter",
    start_exam: "Start prøve",
    progress_heading: "Fremgang",
    progress_deck: "Kortstokk",
    progress_group: "Gruppe",
    progress_cards: "Kort",
    progress_seen: "Sett",
    progress_learned: "Lært",
    progress_due: "Til repetisjon",
    progress_decks_heading: "Per kortstokk",
    progress_groups_heading: "Per lovgruppe",
    group_definitions: "Definisjoner",
    group_laws: "Lov {a}–{b}",
    group_law: "Lov {n}",
    group_handbook: "Håndboken",
    exams_heading: "Tidligere prøver",
    exam_entry: "{date}: {right} av {n} riktige",
    no_exams: "Ingen prøver ennå.",
    reset: "Nullstill fremgangen",
    reset_confirm: "Slette all fremgang og alle prøveresultater i denne nettleseren?",
    schedule_note: "Kortene repeteres i fem Leitner-bokser: et riktig svar flytter kortet en boks opp, og det kommer igjen etter 1, 3, 7 eller 21 dager; et feil svar sender det tilbake til første boks. Et kort regnes som lært fra tredje boks.",
    q_term_definition: "Hva betyr begrepet?",
    q_definition_term: "Hvilket begrep er definert slik?",
    q_title_number: "Hvilken lov har denne tittelen?",
    q_number_title: "Hva heter loven?",
    q_extension_law: "Hvilken lov utvides av dette avsnittet i håndboken?",
    q_law_extension: "Hvilket avsnitt i håndboken utvider loven?",
    q_where: "Hvor står det?",
    q_fill: "Hvilket ord mangler?",
    q_which_law: "Hvilken bestemmelse behandler dette (stikkord fra lovboks register)?",
    q_numeric: "Hva blir svaret etter bestemmelsen?",
    q_ruling: "Dette skjedde ved bordet. Hvilken regel gjelder, og hva sier den?",
    card_of: "Kort {i} av {n}",
    changed: "Teksten er endret siden du så kortet sist.",
    right: "Riktig!",
    wrong: "Feil.",
    answer_is: "Riktig svar:",
    your_answer: "Ditt svar:",
    from: "Fra {label}",
    blank: "ordet som mangler",
    choices_label: "Svaralternativer",
    next: "Neste",
    round_done: "Runden er ferdig: {right} av {n} riktige.",
    again: "Ny runde",
    back: "Tilbake til valget",
    no_cards: "Ingen kort passer til valget.",
    time_left: "Tid igjen: {time}",
    finish_exam: "Lever",
    exam_done: "Prøven er ferdig: {right} av {n} riktige ({pct} %).",
    time_up: "Tiden er ute.",
    wrong_heading: "Svar å se på igjen",
    unanswered: "Ikke besvart",
    all_right: "Alle svarene var riktige.",
    see: "Se",
    case_source: "Kjennelsen",
};

/// The study mode in Danish.
pub const DA: PracticeText = PracticeText {
    title: "Øvelse",
    intro: "Øv til TL-eksamen med kort lavet af teksten selv: begreber, lovnumre, hvor noget står, og ord der mangler. Dine fremskridt gemmes kun i denne browser.",
    noscript: "Øvelsen kræver JavaScript. Kortene findes også som JSON ({api}) og til Anki (lovbok cards --format anki).",
    loading: "Henter kortene …",
    load_failed: "Kortene kunne ikke hentes. Genindlæs siden for at prøve igen.",
    choose_heading: "Vælg kort",
    decks_legend: "Kortbunker",
    deck_terms: "Begreber",
    deck_terms_about: "definerede begreber og deres definitioner",
    deck_law_numbers: "Lovnummer",
    deck_law_numbers_about: "lovenes titler og numre, håndbogens X-afsnit",
    deck_where: "Hvor står det?",
    deck_where_about: "find bestemmelsen, teksten står i",
    deck_fill: "Udfyld",
    deck_fill_about: "find ordet, der mangler",
    deck_which: "Hvilken lov?",
    deck_which_about: "en situation fra lovboks stikordsregister: find bestemmelsen",
    deck_rulings: "Kendelse",
    deck_rulings_about: "en situation ved bordet: find den regel, turneringslederen skal følge, med teksten",
    deck_numbers: "Tal",
    deck_numbers_about: "beregn, hvad en regel giver (standardfradrag, omregning, kunstig score …): svaret er beregnerens",
    deck_count: "{n} kort",
    scope_legend: "Udvalg",
    scope_label: "Bog eller kapitel",
    scope_all: "Begge bøger",
    scope_laws: "Lovene",
    scope_handbook: "Håndbogen, alle kapitler",
    scope_chapters: "Kapitler i håndbogen",
    law_from: "Fra lov",
    law_to: "Til lov",
    law_range_note: "Et afgrænset lovområde medtager kort fra disse love og fra de X-afsnit i håndbogen, der udvider dem.",
    selected: "{n} kort valgt",
    start_round: "Øv {n} kort",
    exam_heading: "Prøve",
    exam_intro: "Et fast antal spørgsmål på tid fra de valgte kortbunker. Du ser svarene først til sidst.",
    exam_questions: "Antal spørgsmål",
    exam_minutes: "Minutter",
    start_exam: "Start prøve",
    progress_heading: "Fremskridt",
    progress_deck: "Kortbunke",
    progress_group: "Gruppe",
    progress_cards: "Kort",
    progress_seen: "Set",
    progress_learned: "Lært",
    progress_due: "Til repetition",
    progress_decks_heading: "Pr. kortbunke",
    progress_groups_heading: "Pr. lovgruppe",
    group_definitions: "Definitioner",
    group_laws: "Lov {a}–{b}",
    group_law: "Lov {n}",
    group_handbook: "Håndbogen",
    exams_heading: "Tidligere prøver",
    exam_entry: "{date}: {right} af {n} rigtige",
    no_exams: "Ingen prøver endnu.",
    reset: "Nulstil dine fremskridt",
    reset_confirm: "Vil du slette alle fremskridt og alle prøveresultater i denne browser?",
    schedule_note: "Kortene gentages i fem Leitner-kasser: et rigtigt svar flytter kortet en kasse op, og det kommer igen efter 1, 3, 7 eller 21 dage; et forkert svar sender det tilbage til første kasse. Et kort regnes for lært fra tredje kasse.",
    q_term_definition: "Hvad betyder begrebet?",
    q_definition_term: "Hvilket begreb er defineret sådan?",
    q_title_number: "Hvilken lov har denne titel?",
    q_number_title: "Hvad hedder loven?",
    q_extension_law: "Hvilken lov udvides af dette afsnit i håndbogen?",
    q_law_extension: "Hvilket afsnit i håndbogen udvider loven?",
    q_where: "Hvor står det?",
    q_fill: "Hvilket ord mangler?",
    q_which_law: "Hvilken bestemmelse behandler dette (stikord fra lovboks register)?",
    q_numeric: "Hvad bliver svaret efter bestemmelsen?",
    q_ruling: "Dette skete ved bordet. Hvilken regel gælder, og hvad siger den?",
    card_of: "Kort {i} af {n}",
    changed: "Teksten er ændret, siden du sidst så kortet.",
    right: "Rigtigt!",
    wrong: "Forkert.",
    answer_is: "Rigtigt svar:",
    your_answer: "Dit svar:",
    from: "Fra {label}",
    blank: "ordet der mangler",
    choices_label: "Svarmuligheder",
    next: "Næste",
    round_done: "Runden er slut: {right} af {n} rigtige.",
    again: "Ny runde",
    back: "Tilbage til valget",
    no_cards: "Ingen kort passer til valget.",
    time_left: "Tid tilbage: {time}",
    finish_exam: "Aflever",
    exam_done: "Prøven er slut: {right} af {n} rigtige ({pct} %).",
    time_up: "Tiden er gået.",
    wrong_heading: "Svar at se på igen",
    unanswered: "Ikke besvaret",
    all_right: "Alle svarene var rigtige.",
    see: "Se",
    case_source: "Kendelsen",
};

impl PracticeText {
    /// The table of an interface language.
    pub fn of(lang: Lang) -> &'static PracticeText {
        match lang {
            Lang::Nb => &NB,
            Lang::Da => &DA,
        }
    }

    /// A deck's name.
    pub fn deck_name(&self, deck: DeckId) -> &'static str {
        match deck {
            DeckId::Terms => self.deck_terms,
            DeckId::LawNumbers => self.deck_law_numbers,
            DeckId::WhereIsIt => self.deck_where,
            DeckId::FillIn => self.deck_fill,
            DeckId::WhichLaw => self.deck_which,
            DeckId::Numbers => self.deck_numbers,
            DeckId::Rulings => self.deck_rulings,
        }
    }

    /// What a deck practises.
    pub fn deck_about(&self, deck: DeckId) -> &'static str {
        match deck {
            DeckId::Terms => self.deck_terms_about,
            DeckId::LawNumbers => self.deck_law_numbers_about,
            DeckId::WhereIsIt => self.deck_where_about,
            DeckId::FillIn => self.deck_fill_about,
            DeckId::WhichLaw => self.deck_which_about,
            DeckId::Numbers => self.deck_numbers_about,
            DeckId::Rulings => self.deck_rulings_about,
        }
    }

    /// The question a card of this kind asks.
    pub fn question(&self, kind: CardKind) -> &'static str {
        match kind {
            CardKind::TermToDefinition => self.q_term_definition,
            CardKind::DefinitionToTerm => self.q_definition_term,
            CardKind::TitleToNumber => self.q_title_number,
            CardKind::NumberToTitle => self.q_number_title,
            CardKind::ExtensionToLaw => self.q_extension_law,
            CardKind::LawToExtension => self.q_law_extension,
            CardKind::WhereIsIt => self.q_where,
            CardKind::FillIn => self.q_fill,
            CardKind::SubjectToProvision => self.q_which_law,
            CardKind::Numeric => self.q_numeric,
            CardKind::Ruling => self.q_ruling,
        }
    }
}

/// Cards in one practice round.
pub const ROUND_CARDS: usize = 10;
/// The question counts an exam offers; the first is the default.
pub const EXAM_QUESTIONS: [usize; 3] = [20, 10, 40];
/// The time limits an exam offers, in minutes; the first is the default.
pub const EXAM_MINUTES: [usize; 4] = [15, 5, 10, 30];

/// One deck in the picker.
#[derive(Debug, Clone)]
pub struct DeckView {
    pub slug: &'static str,
    pub name: &'static str,
    pub about: &'static str,
    pub count: usize,
    /// `count` in words ("142 kort").
    pub count_label: String,
}

/// `/ov`: the study mode.
#[derive(Template)]
#[template(path = "practice.html")]
pub struct PracticePage {
    pub chrome: Chrome,
    pub t: &'static PracticeText,
    pub css: &'static str,
    pub js: &'static str,
    /// The fingerprinted URL of the deck asset.
    pub deck_url: String,
    pub decks: Vec<DeckView>,
    /// The handbook's chapters, in reading order.
    pub chapters: Vec<String>,
    /// The highest law number.
    pub last_law: u16,
    /// [`NB`] as JSON, for the script (the template escapes it as an attribute).
    pub strings_json: String,
    /// The note shown without JavaScript, with the cards' JSON address.
    pub noscript: String,
    pub round: usize,
    /// The round button's text ("Øv 10 kort").
    pub start_round: String,
    pub exam_questions: &'static [usize],
    pub exam_minutes: &'static [usize],
}

impl Site {
    /// The study page in the interface language of `ctx`; `deck_url` is
    /// where the server serves the deck asset.
    pub fn practice_page(&self, ctx: &UiContext, deck_url: &str) -> Result<String, askama::Error> {
        let t = PracticeText::of(ctx.lang);
        let deck = self.kb().cards();
        let decks = DeckId::ALL
            .into_iter()
            .map(|d| DeckView {
                slug: d.slug(),
                name: t.deck_name(d),
                about: t.deck_about(d),
                count: deck.count(d),
                count_label: t.deck_count.replace("{n}", &deck.count(d).to_string()),
            })
            .collect();
        let mut chapters: Vec<String> = Vec::new();
        for (_, p) in self.kb().corpus().book(BookId::Handbook) {
            if let Some(ch) = &p.chapter {
                if !chapters.contains(ch) {
                    chapters.push(ch.clone());
                }
            }
        }
        let last_law = deck.cards().iter().filter_map(|c| c.law).max().unwrap_or(1);
        // The cards' address is the route table's: filled into the note
        // and, in the same place, into the script's copy of the strings.
        let api = [("api", self.links().cards_api)];
        let strings_json = serde_json::to_string(t).unwrap_or_else(|_| "{}".to_string());
        let strings_json = fill(&strings_json, &api);
        let noscript = fill(t.noscript, &api);
        PracticePage {
            chrome: Chrome::new(&self.frame(), ctx, "practice"),
            t,
            css: assets::practice_css_url(),
            js: assets::practice_js_url(),
            deck_url: deck_url.to_string(),
            decks,
            chapters,
            last_law,
            strings_json,
            noscript,
            round: ROUND_CARDS,
            start_round: t.start_round.replace("{n}", &ROUND_CARDS.to_string()),
            exam_questions: &EXAM_QUESTIONS,
            exam_minutes: &EXAM_MINUTES,
        }
        .render()
    }

    /// The cards of `decks` as a file Anki imports: tab-separated columns
    /// GUID, front, back, deck, tags (HTML on), with the headers that tell
    /// Anki so (`#guid column`, `#notetype`, `#deck column`). The GUID is
    /// the card's id, stable across corpus updates, so importing a newer
    /// export updates each note instead of adding a copy. The front holds
    /// the question, the prompt and the lettered choices; the back the
    /// answer's letter and text and a link to its provision at `base_url`.
    pub fn anki(&self, decks: &[DeckId], base_url: &str, lang: Lang) -> String {
        let t = PracticeText::of(lang);
        let base = base_url.trim_end_matches('/');
        let mut out = String::from(
            "#separator:tab\n#html:true\n#notetype:Basic\n#guid column:1\n#deck column:4\n#tags column:5\n",
        );
        for card in self.kb().cards().cards() {
            if !decks.contains(&card.deck()) {
                continue;
            }
            let letter = |i: usize| char::from(b'A' + (i % 26) as u8);
            let choices: String = card
                .choices
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let note = card
                        .choice_notes
                        .get(i)
                        .cloned()
                        .flatten()
                        .map(|n| format!(" <i>({})</i>", esc(&n)))
                        .unwrap_or_default();
                    format!("<li>{}{}{note}</li>", letter(i), self.choice_html(&c.face))
                })
                .collect();
            let note = card
                .edition_note
                .as_deref()
                .map(|n| format!("<p><i>{}</i></p>", esc(n)))
                .unwrap_or_default();
            // A prompt in lovbok's own words in the file's language.
            let prompt = match (&card.prompt_da, lang) {
                (Some(da), Lang::Da) => Face {
                    cite: card.prompt.cite.clone(),
                    text: Some(da.clone()),
                    lang: "da",
                },
                _ => card.prompt.clone(),
            };
            let front = format!(
                "<p>{}</p>{}{note}<ul class='choices' style='list-style-type:none'>{choices}</ul>",
                esc(t.question(card.kind)),
                self.face_html(&prompt, card.kind == CardKind::FillIn)
            );
            let right = card.right();
            let p = self.kb().corpus().at(right.source);
            let back = format!(
                "<p><b>{}</b></p>{}<p>{} <a href='{}{}'>{}</a></p>{}",
                letter(card.answer),
                self.face_html(&right.face, false),
                esc(t.see),
                esc(base),
                esc(&url_of(&p.id)),
                esc(&label_of(p)),
                self.case_html(card, base, t)
            );
            out.push_str(&anki_field(&card.id));
            out.push('\t');
            out.push_str(&anki_field(&front));
            out.push('\t');
            out.push_str(&anki_field(&back));
            out.push('\t');
            out.push_str(&format!("lovbok::{}", card.deck().slug()));
            out.push('\t');
            out.push_str(&anki_tags(card));
            out.push('\n');
        }
        out
    }

    /// The published case a Kjennelse card tells, on its back: the
    /// ruling's title (its id where the corpus lacks it) linked to its page
    /// at `base`; empty for any other card.
    fn case_html(&self, card: &Card, base: &str, t: &PracticeText) -> String {
        let Some(id) = card.case.as_deref() else {
            return String::new();
        };
        let title = self
            .kb()
            .corpus()
            .rulings()
            .get(id)
            .map_or(id, |r| r.title.as_str());
        format!(
            "<p>{}: <a href='{}{}'>{}</a> <small>({})</small></p>",
            esc(t.case_source),
            esc(base),
            esc(&self.links().ruling(id)),
            esc(title),
            esc(id)
        )
    }

    /// A choice on an Anki card's front, after its letter (the list has
    /// no markers of its own, so each choice is lettered once): its name
    /// and text, on one line.
    fn choice_html(&self, face: &Face) -> String {
        let label = face
            .cite
            .as_ref()
            .and_then(|id| self.kb().corpus().get(id))
            .map(label_of);
        match (&label, &face.text) {
            // A rule by its name and its words (Kjennelse): the student
            // chooses what the rule says, not a bare number.
            (Some(l), Some(text)) => format!(
                ". <b>{}</b> <span lang='{}'>{}</span>",
                esc(l),
                face.lang,
                esc(text)
            ),
            (Some(l), None) => format!(". {}", esc(l)),
            (None, Some(text)) => format!(". <span lang='{}'>{}</span>", face.lang, esc(text)),
            (None, None) => String::new(),
        }
    }

    /// A face as HTML: the provision's name, then its text in paragraphs,
    /// with its language marked. `context` shows the name as "Fra …".
    fn face_html(&self, face: &Face, context: bool) -> String {
        let mut html = String::new();
        let label = face
            .cite
            .as_ref()
            .and_then(|id| self.kb().corpus().get(id))
            .map(label_of);
        if let Some(l) = &label {
            let l = if context {
                NB.from.replace("{label}", l)
            } else {
                l.clone()
            };
            html.push_str(&format!("<p><b>{}</b></p>", esc(&l)));
        }
        if let Some(text) = &face.text {
            html.push_str(&format!("<div lang='{}'>", face.lang));
            for para in text.split("\n\n") {
                let lines: Vec<String> = para.lines().map(esc).collect();
                html.push_str(&format!("<p>{}</p>", lines.join("<br>")));
            }
            html.push_str("</div>");
        }
        html
    }
}

/// A field of Anki's tab-separated import: HTML, with no tab, line break or
/// double quote left raw (Anki would read a leading `"` as CSV quoting; the
/// markup here quotes its attributes with `'`, and corpus text is escaped).
fn anki_field(html: &str) -> String {
    html.replace(['\t', '\r'], " ")
        .replace('\n', "<br>")
        .replace('"', "&quot;")
}

/// A card's tags: `lovbok`, its deck, its book, its law or chapter. Anki
/// separates tags by spaces, so none has one.
fn anki_tags(card: &Card) -> String {
    let mut tags = vec![
        "lovbok".to_string(),
        format!("lovbok::{}", card.deck().slug()),
        format!("lovbok::{}", card.book.as_str()),
    ];
    if let Some(n) = card.law {
        tags.push(format!("lovbok::lov::{n}"));
    }
    if let Some(ch) = &card.chapter {
        let ch = tag_part(ch);
        tags.push(format!("lovbok::kapittel::{ch}"));
    }
    // The published case, by its id (`lovbok::kjennelse::<id>`).
    if let Some(id) = &card.case {
        tags.push(format!("lovbok::kjennelse::{}", tag_part(id)));
    }
    tags.join(" ")
}

/// Text as one part of an Anki tag: no white space (Anki's separator), no
/// quote or control character.
fn tag_part(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .filter(|c| !matches!(c, '"' | '\t' | '\n'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anki_fields_have_no_raw_separators() {
        let f = anki_field("<p>a\tb</p>\n<p>«c» \"d\"</p>\r");
        assert!(!f.contains(['\t', '\n', '\r', '"']), "{f}");
        assert!(f.contains("<br>"));
    }

    #[test]
    fn both_languages_have_every_string_with_the_same_placeholders() {
        let nb = serde_json::to_value(&NB).unwrap();
        let da = serde_json::to_value(&DA).unwrap();
        let holes = |s: &str| -> Vec<String> {
            s.split('{')
                .skip(1)
                .filter_map(|r| r.split_once('}').map(|(k, _)| k.to_string()))
                .collect()
        };
        for (k, v) in nb.as_object().unwrap() {
            let (a, b) = (v.as_str().unwrap(), da[k].as_str().unwrap());
            assert!(!b.trim().is_empty(), "da.{k} is empty");
            assert_eq!(holes(a), holes(b), "{k}");
        }
    }

    #[test]
    fn strings_json_is_one_object_with_every_string() {
        let v = serde_json::to_value(&NB).unwrap();
        let o = v.as_object().unwrap();
        assert!(o.len() > 50);
        assert!(o
            .values()
            .all(|s| s.as_str().is_some_and(|s| !s.is_empty())));
    }
}

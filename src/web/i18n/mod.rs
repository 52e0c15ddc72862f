/*!
The interface languages: Norwegian (Bokmål) and Danish.

Every string the interface shows lives in one table per language
(`nb::STRINGS`, `da::STRINGS`), both of the type [`Strings`], so a key
missing from either table is a compile error, and the tests check that both
tables fill in the same placeholders (`{n}`) and that every key the page
script uses ([`js_strings`]) exists. The corpus text is never translated:
only the frame around it changes. Which language a request gets is decided
by the server (a remembered choice, else `Accept-Language`); this module
only knows the two tables.
*/

mod da;
mod nb;

use serde::Serialize;

pub use crate::lang::Lang;

impl Lang {
    /// The strings of this language.
    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::Nb => &nb::STRINGS,
            Lang::Da => &da::STRINGS,
        }
    }
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// Every interface string, one field per key. The English gloss says what
/// each is; `{name}` marks a placeholder.
#[derive(Debug, Serialize)]
pub struct Strings {
    // --- the frame of every page
    /// Link that skips the menu.
    pub skip_to_content: &'static str,
    /// Accessible name of the main menu.
    pub nav_label: &'static str,
    /// Menu: the search page.
    pub nav_search: &'static str,
    /// Menu: the table of contents.
    pub nav_contents: &'static str,
    /// Menu: the definitions.
    pub nav_definitions: &'static str,
    /// Menu: the study mode (practice for the TD exam).
    pub nav_practice: &'static str,
    /// The language switch: the other language's name, in that language.
    pub lang_switch: &'static str,
    /// Label of a search box.
    pub search_label: &'static str,
    /// Placeholder of a search box.
    pub search_placeholder: &'static str,
    /// The search button.
    pub search_button: &'static str,
    /// The footer line naming both books.
    pub footer: &'static str,
    /// The Laws' name.
    pub book_laws: &'static str,
    /// The handbook's name.
    pub book_handbook: &'static str,
    /// Short name of the Laws (book filter).
    pub book_laws_short: &'static str,
    /// Short name of the handbook (book filter).
    pub book_handbook_short: &'static str,
    /// "Norwegian text": the corpus language of the Laws.
    pub text_in_nb: &'static str,
    /// "Danish text": the corpus language of the handbook.
    pub text_in_da: &'static str,
    /// The app's description (web app manifest).
    pub app_description: &'static str,

    // --- search page
    /// Title of the empty search page.
    pub search_title: &'static str,
    /// Title of a search page with a query.
    pub search_title_q: &'static str,
    /// Heading of the search page.
    pub search_heading: &'static str,
    /// Label of the book filter.
    pub book_label: &'static str,
    /// Book filter: both books.
    pub book_both: &'static str,
    /// Accessible name of the result list.
    pub results_label: &'static str,
    /// No results.
    pub hits_none: &'static str,
    /// One result.
    pub hits_one: &'static str,
    /// `{n}` results.
    pub hits_n: &'static str,
    /// Badge on a hit the query cited.
    pub go_to: &'static str,
    /// Badge on a hit whose text is not in the source.
    pub title_only: &'static str,
    /// A query that cannot be searched (`{reason}`).
    pub invalid_query: &'static str,
    /// Reason: the query is empty.
    pub query_empty: &'static str,
    /// Reason: the query is too long (`{max}` characters allowed).
    pub query_too_long: &'static str,
    /// A well-formed cite the corpus lacks (`{cite}`).
    pub unknown_cite: &'static str,
    /// A law number past the Laws' (`{n}`, `{lo}`, `{hi}`): "Lov 99 finnes
    /// ikke; lovene går fra 1 til 93."
    pub unknown_law: &'static str,
    /// A handbook section number the handbook lacks (`{n}`, `{lo}`, `{hi}`).
    pub unknown_section: &'static str,
    /// A handbook extension the handbook lacks (`{n}`, `{lo}`, `{hi}`).
    pub unknown_extension: &'static str,
    /// Lead-in to the nearest existing provisions.
    pub nearest: &'static str,
    /// Zero results: lead-in to a corrected query.
    pub did_you_mean: &'static str,
    /// Result count after a suggestion (`{n}`).
    pub suggestion_hits: &'static str,
    /// Zero results in one book: the other book has `{n}` (`{book}`).
    pub other_book: &'static str,
    /// Heading of the tips.
    pub tips_heading: &'static str,
    /// Tip: type words.
    pub tips_words: &'static str,
    /// Example word queries.
    pub tips_word_examples: &'static [&'static str],
    /// Tip: or a cite.
    pub tips_cites: &'static str,
    /// Example cite queries.
    pub tips_cite_examples: &'static [&'static str],
    /// Tip: keyboard use.
    pub tips_keys: &'static str,
    /// Tip: lead-in to the contents and definitions links.
    pub tips_see_also: &'static str,
    /// Tip: link to the contents.
    pub tips_toc_link: &'static str,
    /// "and".
    pub and: &'static str,
    /// Tip: link to the definitions.
    pub tips_defs_link: &'static str,
    /// Heading: the reader's favourite provisions.
    pub favourites: &'static str,
    /// Heading: provisions read lately.
    pub recent: &'static str,
    /// How to add a favourite.
    pub favourites_hint: &'static str,
    /// Note that favourites and history stay on the device.
    pub mine_private: &'static str,

    // --- provision pages
    /// Accessible name of the breadcrumbs.
    pub crumbs_label: &'static str,
    /// Accessible name of the sticky bar.
    pub here_label: &'static str,
    /// Copy the cite.
    pub copy_cite: &'static str,
    /// Copy the link.
    pub copy_link: &'static str,
    /// Make the provision a favourite.
    pub fav_add: &'static str,
    /// Stop it being a favourite.
    pub fav_remove: &'static str,
    /// Toggle: show only the requested provision.
    pub only_this: &'static str,
    /// Toggle back: the whole law.
    pub whole_law: &'static str,
    /// Toggle back: the whole handbook section.
    pub whole_section: &'static str,
    /// Toggle back: the whole handbook extension.
    pub whole_extension: &'static str,
    /// Toggle back: every definition.
    pub whole_definitions: &'static str,
    /// Toggle back: the whole text (front matter).
    pub whole_text: &'static str,
    /// An X-section extends law `…`: "Extends".
    pub extends: &'static str,
    /// Lead-in to the handbook sections that extend a law.
    pub see_also: &'static str,
    /// After those links: "in the handbook".
    pub in_handbook: &'static str,
    /// Heading of the extensions list.
    pub extended_in_handbook: &'static str,
    /// The text is not in the source.
    pub not_in_source: &'static str,
    /// Only the title is known, from the contents on `{pages}`.
    pub absent_detail: &'static str,
    /// Heading of a title-only law's 2017 paragraphs and what the director
    /// decides under each, from the subject index (`{label}`).
    pub governing_heading: &'static str,
    /// Under it: these are the index's words, not the law's.
    pub governing_note: &'static str,
    /// The entry for subjects that name no paragraph: the whole law.
    pub governing_whole: &'static str,
    /// The link to the WBF's public text of the Laws (`{label}`).
    pub governing_wbf_link: &'static str,
    /// Before a subject's evidence under a paragraph.
    pub governing_evidence: &'static str,
    /// Heading: neighbouring laws or sections.
    pub neighbours: &'static str,
    /// The text has gaps, marked `[…]`.
    pub gaps_note: &'static str,
    /// Tooltip of a gap.
    pub gap_title: &'static str,
    /// One printed page (`{a}`).
    pub page_one: &'static str,
    /// Printed pages (`{a}`–`{b}`).
    pub page_range: &'static str,
    /// Accessible name of the footnotes.
    pub footnotes_label: &'static str,
    /// Accessible name of a footnote marker (`{label}`).
    pub footnote_ref: &'static str,
    /// Back-link from a note to its only reference.
    pub footnote_back: &'static str,
    /// Back-link from a note to reference `{n}`.
    pub footnote_back_n: &'static str,
    /// Heading of the citations of a provision.
    pub cited_by: &'static str,
    /// Nothing cites it.
    pub cited_by_none: &'static str,
    /// Group: citations of this provision (`{label}`).
    pub cites_this: &'static str,
    /// Group: citations of an ancestor as a whole (`{label}`).
    pub cites_whole: &'static str,
    /// Group: citations of a part of it (`{label}`).
    pub cites_part: &'static str,
    /// Heading: definitions that refer to the provision.
    pub defs_citing: &'static str,
    /// Accessible name of the previous/next links.
    pub prev_next: &'static str,

    // --- contents and definitions
    /// Title of the contents.
    pub contents_title: &'static str,
    /// Title of the definitions page.
    pub glossary_title: &'static str,
    /// Introduction of the definitions page.
    pub glossary_intro: &'static str,
    /// Accessible name of the A–Å index.
    pub alphabet_label: &'static str,

    // --- errors
    /// 404 heading.
    pub error_not_found: &'static str,
    /// 400 heading.
    pub error_bad_request: &'static str,
    /// 500 heading.
    pub error_internal: &'static str,
    /// 500 text.
    pub error_internal_detail: &'static str,
    /// No page at this address.
    pub error_no_such_page: &'static str,
    /// `{raw}` is not a cite.
    pub error_not_a_cite: &'static str,
    /// The request's parameters are wrong.
    pub error_bad_parameters: &'static str,
    /// Unknown book `{book}`.
    pub error_bad_book: &'static str,
    /// Link back to the search.
    pub error_to_search: &'static str,

    // --- the editor's banner (`serve --corpus DIR`, a change that does not build)
    /// Before the place of the first problem: "The change in".
    pub reload_before: &'static str,
    /// After it: "is not loaded:".
    pub reload_after: &'static str,
    /// The count of problems not listed (`{n}`): "… and {n} more errors
    /// (see `lovbok check`)".
    pub reload_more: &'static str,
    /// Under the list: the pages show the last version that built; once the
    /// errors are fixed, the change is loaded by itself.
    pub reload_keep: &'static str,

    // --- the subject index (Stikkord) and the situation picker
    /// Menu item: the subject index.
    pub nav_subjects: &'static str,
    /// Title of the subject index page.
    pub subjects_title: &'static str,
    /// What the subject index is, and that it is ours, not the books'.
    pub subjects_intro: &'static str,
    /// Label of the filter box on the subject index.
    pub subjects_filter_label: &'static str,
    /// Placeholder of the filter box.
    pub subjects_filter_placeholder: &'static str,
    /// No subject matches the filter.
    pub subjects_none: &'static str,
    /// How many subjects and terms (`{n}`, `{terms}`).
    pub subjects_count: &'static str,
    /// Before the term a search hit was found by (`{term}`).
    pub subject_mark: &'static str,
    /// Tooltip of that mark: it is our index, not the text.
    pub subject_mark_note: &'static str,
    /// Heading of the subjects on a provision page.
    pub subjects_here: &'static str,
    /// Under it: whose words these are.
    pub subjects_here_note: &'static str,
    /// Lead-in to related subjects.
    pub subject_see: &'static str,
    /// Label of the Norwegian terms.
    pub subject_lang_nb: &'static str,
    /// Label of the Danish terms.
    pub subject_lang_da: &'static str,
    /// Label of the English terms.
    pub subject_lang_en: &'static str,
    /// Label of an entry's provisions.
    pub subject_provisions: &'static str,
    /// Label of an entry's evidence.
    pub subject_evidence: &'static str,
    /// The WBF's English original, as evidence (`{cite}`).
    pub subject_wbf: &'static str,
    /// Group: before the auction.
    pub group_before_auction: &'static str,
    /// Group: the auction.
    pub group_auction: &'static str,
    /// Group: the lead.
    pub group_lead: &'static str,
    /// Group: the play.
    pub group_play: &'static str,
    /// Group: the end of play.
    pub group_end_of_play: &'static str,
    /// Group: scoring.
    pub group_scoring: &'static str,
    /// Group: conduct and procedure.
    pub group_conduct: &'static str,
    // --- the picker's areas: the first tap (`web::what_happened::areas`)
    /// Before the auction: the cards, the boards and the deal.
    pub area_cards: &'static str,
    /// Before the auction: tables, seats, rounds and arriving late.
    pub area_seating: &'static str,
    /// Before the auction: a card seen, information from outside.
    pub area_seen_cards: &'static str,
    /// The auction: its course and the form of calls.
    pub area_auction_period: &'static str,
    /// The auction: questions, explanations, alerts.
    pub area_explanations: &'static str,
    /// Hesitation and unauthorised information (auction and conduct).
    pub area_hesitation: &'static str,
    /// The auction: a call changed, a card exposed.
    pub area_changed_call: &'static str,
    /// The auction: insufficient bids and comparable calls.
    pub area_insufficient: &'static str,
    /// The auction: calls out of turn in general (Laws 28-29, 33-34).
    pub area_call_out_of_turn: &'static str,
    /// The auction: a pass out of turn (Law 30).
    pub area_pass_out_of_turn: &'static str,
    /// The auction: a bid, double or redouble out of turn (Laws 31-32).
    pub area_bid_out_of_turn: &'static str,
    /// The auction: inadmissible calls.
    pub area_inadmissible: &'static str,
    /// The lead: the opening lead itself.
    pub area_opening_lead: &'static str,
    /// The lead: leads out of turn.
    pub area_lead_out_of_turn: &'static str,
    /// The lead: lead restrictions and requirements.
    pub area_lead_restrictions: &'static str,
    /// The play: questions, explanations and missing cards.
    pub area_play_questions: &'static str,
    /// The play: dummy's rights and limits.
    pub area_dummy: &'static str,
    /// The play: naming a card from dummy.
    pub area_designation: &'static str,
    /// The play: a card played, taken back, missing.
    pub area_played_card: &'static str,
    /// The play: penalty cards and lead penalties.
    pub area_penalty_cards: &'static str,
    /// The play: declarer's or a defender's lead from the wrong hand.
    pub area_wrong_hand: &'static str,
    /// The play: premature and simultaneous plays.
    pub area_early_play: &'static str,
    /// The play: revokes.
    pub area_revoke: &'static str,
    /// The play: the tricks, quitted and defective.
    pub area_tricks: &'static str,
    /// After the play: claims and concessions.
    pub area_claims: &'static str,
    /// After the play: a revoke found late.
    pub area_late_revoke: &'static str,
    /// After the play: tricks, the result, the board put away.
    pub area_result: &'static str,
    /// Scoring: adjusted scores.
    pub area_adjusted: &'static str,
    /// Scoring: artificial adjusted scores (average plus, 60/40).
    pub area_artificial: &'static str,
    /// Scoring: tricks transferred after a revoke.
    pub area_revoke_tricks: &'static str,
    /// Scoring: the scoring table.
    pub area_score_table: &'static str,
    /// Scoring: matchpoints, IMPs and how results are calculated.
    pub area_calculation: &'static str,
    /// Scoring: VPs, team matches, carry-over and ties.
    pub area_teams_ties: &'static str,
    /// Scoring: correcting a score, and the deadlines.
    pub area_score_correction: &'static str,
    /// Conduct: behaviour and etiquette.
    pub area_behaviour: &'static str,
    /// Conduct: systems and partnership agreements.
    pub area_systems: &'static str,
    /// Conduct: irregularities and their rectification.
    pub area_rectification: &'static str,
    /// Conduct: the Laws, the director and rulings.
    pub area_director: &'static str,
    /// Conduct: procedural and disciplinary penalties.
    pub area_penalties: &'static str,
    /// Conduct: appeals.
    pub area_appeals: &'static str,
    /// Conduct: time, arrival and the teams.
    pub area_time: &'static str,
    /// Conduct: regulations and the organiser.
    pub area_regulations: &'static str,
    /// Title of the situation picker.
    pub what_title: &'static str,
    /// How the picker works.
    pub what_intro: &'static str,
    /// Link to the picker from other pages.
    pub what_link: &'static str,
    /// Link to the subject index from other pages.
    pub subjects_link: &'static str,
    /// Heading: what the handbook says about a provision.
    pub handbook_says: &'static str,
    /// Opens the citing sentence under a line of "what the handbook says".
    pub show_sentence: &'static str,
    /// A title-only law's page: the source lacks its text (`{label}`).
    pub absent_plain: &'static str,

    // --- only the page script uses these
    /// Searching …
    pub searching: &'static str,
    /// The search failed (`{reason}`).
    pub search_failed: &'static str,
    /// Answering from the stored index, offline.
    pub offline_answer: &'static str,
    /// What offline search cannot do.
    pub offline_limits: &'static str,
    /// Offline and the index is not stored yet.
    pub offline_unavailable: &'static str,
    /// A page shown from storage, offline.
    pub offline_page: &'static str,
    /// A static copy's search: answered by the index in the browser.
    pub static_answer: &'static str,
    /// A static copy's calculator: it needs the server.
    pub static_no_calc: &'static str,
    /// Progress of storing the site (`{n}` of `{total}`).
    pub precache_progress: &'static str,
    /// The whole site is stored.
    pub precache_done: &'static str,
    /// Storing failed; will retry.
    pub precache_failed: &'static str,
    /// Copied!
    pub copied: &'static str,
    /// Prompt when copying is not allowed.
    pub copy_prompt: &'static str,
    /// Open (a popover's link).
    pub open: &'static str,
    /// Close (a popover).
    pub close: &'static str,
    /// Read the whole definition.
    pub read_definition: &'static str,
    /// Accessible name of a definition popover.
    pub definition: &'static str,
    /// Remove (an entry of the history).
    pub remove: &'static str,

    // --- calculators
    /// "Calculate": the calculator's heading and button, and its mark.
    pub calc_mark: &'static str,
    /// Lead-in to the provision a result follows ("according to").
    pub calc_by: &'static str,
    /// The calculation failed (`{reason}`).
    pub calc_failed: &'static str,
    /// The calculator needs the server, and the device is offline.
    pub calc_offline: &'static str,
    /// The empty first option of a calculator's choice: nothing is chosen
    /// for the user.
    pub calc_choose: &'static str,
    // --- parallel texts (other editions or languages of the Laws)
    /// Heading of the parallel texts beside a provision (other editions or languages of the Laws).
    pub parallel_heading: &'static str,
    /// What a parallel text is, under its heading.
    pub parallel_note: &'static str,
    /// A parallel text's name: its language (`{lang}`) and edition year (`{edition}`).
    pub parallel_label: &'static str,
    /// Where a parallel text comes from (`{source}`, the edition folder's own label).
    pub parallel_source: &'static str,
    /// Above the supplied text of a law whose built-in text is absent, from a text in another language.
    pub supplied_label: &'static str,
    /// The same, from another edition in Norwegian (`{main}`: the built-in edition's year).
    pub supplied_label_same_lang: &'static str,
    /// Heading of the citations in a parallel text (`{label}`: its name).
    pub parallel_cited_by: &'static str,
    /// Heading of the search hits in the parallel texts.
    pub parallel_hits: &'static str,
    /// The search results' block of published cases like the query.
    pub similar_cases: &'static str,
    /// What the block is: lovbok's words of published cases, not the books.
    pub similar_cases_note: &'static str,
    /// Before the provisions a case applies.
    pub similar_cases_applies: &'static str,
    /// What the change marks are (lovbok's own comparison with a later edition, not the book's words).
    pub change_marks_label: &'static str,
    /// Change mark: the provision's text was reworded in a later edition (`{edition}`).
    pub change_changed: &'static str,
    /// Change mark: the same text under another cite (`{cite}`) in a later edition.
    pub change_renumbered: &'static str,
    /// Change mark: moved to `{cite}` and reworded in a later edition.
    pub change_renumbered_changed: &'static str,
    /// Change mark: not in a later edition.
    pub change_removed: &'static str,
    /// Change mark: the text is now in several provisions (`{cites}`) of a later edition.
    pub change_split: &'static str,
    /// Change mark: the text is now part of one provision (`{cite}`) with others of a later edition.
    pub change_merged: &'static str,
    /// A text's language: Norwegian.
    pub text_lang_nb: &'static str,
    /// A text's language: Danish.
    pub text_lang_da: &'static str,
    /// A text's language: English, the Laws' original language.
    pub text_lang_en: &'static str,

    // --- the rulings and commentary (Kjennelser)
    /// Menu item: the rulings and commentary.
    pub nav_rulings: &'static str,
    /// Title of the rulings list page.
    pub rulings_title: &'static str,
    /// What the list is, and whose words the summaries are.
    pub rulings_intro: &'static str,
    /// Heading of the rulings on a provision page (`{n}`: how many).
    pub rulings_here: &'static str,
    /// Under it: what they are and whose words.
    pub rulings_here_note: &'static str,
    /// No item applies the provision.
    pub rulings_none_here: &'static str,
    /// Link to the list of all items.
    pub rulings_all: &'static str,
    /// The fixed statement of an item's authority: not precedent unless its publisher says so.
    pub rulings_not_precedent: &'static str,
    /// The statement for an item whose publisher says it binds later cases.
    pub rulings_precedent: &'static str,
    /// The edition mark (`{year}`: the edition of the Laws it was decided under).
    pub rulings_edition: &'static str,
    /// Label of an item's situation.
    pub rulings_situation: &'static str,
    /// Label of an item's ruling and reason.
    pub rulings_ruling: &'static str,
    /// Label of the item's short quote of its source.
    pub rulings_quote: &'static str,
    /// Link to the case in its source.
    pub rulings_source_link: &'static str,
    /// Label of who decided and what standing it has.
    pub rulings_authority: &'static str,
    /// Label of the provisions an item applies.
    pub rulings_cites: &'static str,
    /// A cite of an older edition whose rule the 2017 Laws lack.
    pub rulings_no_counterpart: &'static str,
    /// On an item's page: the summary is ours, the quote the source's.
    pub rulings_summary_note: &'static str,
    /// Legend of the list's filter form.
    pub rulings_filter_legend: &'static str,
    /// Label of the law filter.
    pub rulings_filter_law: &'static str,
    /// Label of the language filter.
    pub rulings_filter_lang: &'static str,
    /// Label of the publisher filter.
    pub rulings_filter_publisher: &'static str,
    /// Label of the kind filter.
    pub rulings_filter_kind: &'static str,
    /// The filter option that does not narrow.
    pub rulings_filter_all: &'static str,
    /// The filter form's button.
    pub rulings_filter_button: &'static str,
    /// How many items the list shows (`{n}` of `{total}`).
    pub rulings_count: &'static str,
    /// No item matches the filter.
    pub rulings_none: &'static str,
    /// Kind: an appeals committee's decision.
    pub rulings_kind_appeal: &'static str,
    /// Kind: a laws committee's minute or statement.
    pub rulings_kind_minute: &'static str,
    /// Kind: official commentary.
    pub rulings_kind_commentary: &'static str,
    /// Kind: a tournament director's published ruling.
    pub rulings_kind_ruling: &'static str,
    /// A source's language: Swedish.
    pub lang_sv: &'static str,
    /// A filter value the list does not know (`{name}`, `{value}`).
    pub error_bad_filter: &'static str,
}

/// The keys the page script reads, with their values: served as a script
/// that sets `window.LOVBOK_L`. A key the script uses must be listed here
/// (a test reads the script for `L.key`).
pub fn js_strings(s: &Strings) -> serde_json::Value {
    serde_json::json!({
        "hits_none": s.hits_none,
        "hits_one": s.hits_one,
        "hits_n": s.hits_n,
        "go_to": s.go_to,
        "title_only": s.title_only,
        "unknown_cite": s.unknown_cite,
        "nearest": s.nearest,
        "searching": s.searching,
        "search_failed": s.search_failed,
        "offline_answer": s.offline_answer,
        "offline_limits": s.offline_limits,
        "offline_unavailable": s.offline_unavailable,
        "offline_page": s.offline_page,
        "static_answer": s.static_answer,
        "precache_progress": s.precache_progress,
        "precache_done": s.precache_done,
        "precache_failed": s.precache_failed,
        "copied": s.copied,
        "copy_prompt": s.copy_prompt,
        "open": s.open,
        "close": s.close,
        "read_definition": s.read_definition,
        "definition": s.definition,
        "fav_add": s.fav_add,
        "fav_remove": s.fav_remove,
        "favourites": s.favourites,
        "recent": s.recent,
        "remove": s.remove,
        "only_this": s.only_this,
        "cited_by_none": s.cited_by_none,
        "cites_this": s.cites_this,
        "cites_whole": s.cites_whole,
        "cites_part": s.cites_part,
        "tips_heading": s.tips_heading,
        "calc_failed": s.calc_failed,
        "calc_offline": s.calc_offline,
        "calc_by": s.calc_by,
        "similar_cases": s.similar_cases,
        "similar_cases_note": s.similar_cases_note,
        "similar_cases_applies": s.similar_cases_applies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    fn table(lang: Lang) -> BTreeMap<String, serde_json::Value> {
        match serde_json::to_value(lang.strings()) {
            Ok(serde_json::Value::Object(m)) => m.into_iter().collect(),
            other => panic!("strings serialize to an object: {other:?}"),
        }
    }

    fn placeholders(v: &serde_json::Value) -> BTreeSet<String> {
        let text = v.to_string();
        let mut out = BTreeSet::new();
        let mut rest = text.as_str();
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) if after[..close].chars().all(|c| c.is_ascii_lowercase()) => {
                    out.insert(after[..close].to_string());
                    rest = &after[close + 1..];
                }
                _ => rest = after,
            }
        }
        out
    }

    #[test]
    fn both_tables_have_every_key_filled_with_the_same_placeholders() {
        let nb = table(Lang::Nb);
        let da = table(Lang::Da);
        assert_eq!(
            nb.keys().collect::<Vec<_>>(),
            da.keys().collect::<Vec<_>>(),
            "the same keys in both languages"
        );
        for (key, v) in &nb {
            let empty = |v: &serde_json::Value| match v {
                serde_json::Value::String(s) => s.trim().is_empty(),
                serde_json::Value::Array(a) => a.is_empty(),
                _ => true,
            };
            assert!(!empty(v), "nb.{key} is empty");
            assert!(!empty(&da[key]), "da.{key} is empty");
            assert_eq!(
                placeholders(v),
                placeholders(&da[key]),
                "{key}: placeholders differ between nb and da"
            );
        }
    }

    #[test]
    fn every_key_the_page_script_uses_is_served_to_it() {
        let script = concat!(
            include_str!("../static/app.js"),
            include_str!("../static/calc.js")
        );
        let served = js_strings(Lang::Nb.strings());
        let mut missing = Vec::new();
        let mut rest = script;
        while let Some(at) = rest.find("L.") {
            let before = rest[..at].chars().next_back();
            let key: String = rest[at + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let word_start =
                !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
            if word_start && !key.is_empty() && served.get(&key).is_none() {
                missing.push(key);
            }
            rest = &rest[at + 2..];
        }
        assert!(
            missing.is_empty(),
            "keys used by app.js but not served: {missing:?}"
        );
    }

    /// The text a template shows itself, outside `{{ … }}`, `{% … %}`,
    /// comments and markup: shown words must come from the tables.
    fn own_text(template: &str) -> String {
        let mut out = String::new();
        let mut rest = template;
        while let Some(c) = rest.chars().next() {
            let skip_to = |open: &str, close: &str, rest: &str| {
                rest.starts_with(open)
                    .then(|| rest.find(close).map_or(rest.len(), |e| e + close.len()))
            };
            let skipped = skip_to("{#", "#}", rest)
                .or_else(|| skip_to("{%", "%}", rest))
                .or_else(|| skip_to("{{", "}}", rest));
            if let Some(n) = skipped {
                rest = &rest[n..];
                continue;
            }
            if c == '<' {
                // A tag: only the values of the attributes people read.
                let end = rest.find('>').map_or(rest.len(), |e| e + 1);
                let tag = &rest[..end];
                for attr in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
                    for (at, _) in tag.match_indices(attr) {
                        let v = &tag[at + attr.len()..];
                        let v = &v[..v.find('"').unwrap_or(v.len())];
                        out.push_str(&own_text(v));
                        out.push(' ');
                    }
                }
                rest = &rest[end..];
                continue;
            }
            if c == '&' {
                let end = rest.find(';').map_or(1, |e| e + 1);
                rest = &rest[end..];
                continue;
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    #[test]
    fn templates_show_no_words_of_their_own() {
        let templates = [
            ("base", include_str!("../../../templates/base.html")),
            ("search", include_str!("../../../templates/search.html")),
            ("results", include_str!("../../../templates/results.html")),
            (
                "provision",
                include_str!("../../../templates/provision.html"),
            ),
            ("contents", include_str!("../../../templates/contents.html")),
            ("glossary", include_str!("../../../templates/glossary.html")),
            ("error", include_str!("../../../templates/error.html")),
            ("calc", include_str!("../../../templates/calc.html")),
            (
                "reload-notice",
                include_str!("../../../templates/reload-notice.html"),
            ),
            ("practice", include_str!("../../../templates/practice.html")),
            ("rulings", include_str!("../../../templates/rulings.html")),
            ("ruling", include_str!("../../../templates/ruling.html")),
            (
                "ruling-item",
                include_str!("../../../templates/ruling-item.html"),
            ),
        ];
        /// The name of the site, the same in every language.
        const BRAND: &str = "lovbok";
        for (name, src) in templates {
            let text = own_text(src).replace(BRAND, "");
            let words: Vec<&str> = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_empty())
                .collect();
            assert!(
                words.is_empty(),
                "{name}.html shows {words:?}: put them in the string tables"
            );
        }
        assert_eq!(
            own_text("<p title=\"Hei\">{{ t.x }} – ok</p>").trim(),
            "Hei  – ok"
        );
    }

    #[test]
    fn languages_are_read_from_codes() {
        assert_eq!(Lang::from_code("da-DK"), Some(Lang::Da));
        assert_eq!(Lang::from_code("no"), Some(Lang::Nb));
        assert_eq!(Lang::from_code("nn-NO"), Some(Lang::Nb));
        assert_eq!(Lang::from_code("sv"), None);
        assert_eq!(fill("{n} treff", &[("n", "3")]), "3 treff".to_string());
    }
}

//! Table-driven cite tests, eyecite-style: one row per behaviour, text in,
//! cites out. A row's expectations are the cites in order, each written as
//! it appears in the text, then `=` and its target ids when they differ
//! (`C2=12C2`, `16–18=16,17,18`; `=?` when no provision is named). `check`
//! also asserts every span is where its text first occurs after the previous
//! span, so spans are tested on every row.

use std::collections::BTreeMap;

use super::*;

mod status;
use status::Fake;

/// Every numbered provision exists with its text: rows test what is read,
/// not the corpus.
struct Everything;

impl Lookup for Everything {
    fn exists(&self, id: &ProvisionId) -> bool {
        matches!(id, ProvisionId::Numbered { .. })
    }
    fn in_corpus(&self, id: &ProvisionId) -> bool {
        self.exists(id)
    }
    fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId> {
        self.exists(id).then(|| id.clone())
    }
    fn externals(&self, _: &ProvisionId) -> Vec<String> {
        Vec::new()
    }
}

fn id(s: &str) -> ProvisionId {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn render(r: &Resolved) -> String {
    if r.targets.is_empty() {
        return format!("{}=?", r.text);
    }
    let ids = r
        .targets
        .iter()
        .map(|t| t.id.to_string())
        .collect::<Vec<_>>()
        .join(",");
    if ids == r.text {
        ids
    } else {
        format!("{}={ids}", r.text)
    }
}

#[track_caller]
fn check(context: &str, text: &str, want: &[&str]) {
    let ctx = (!context.is_empty()).then(|| id(context));
    let found = link(text, ctx.as_ref(), &Everything);
    let got: Vec<String> = found.iter().map(render).collect();
    assert_eq!(got, want, "input: {text:?}");
    let mut from = 0;
    for r in &found {
        assert_eq!(
            Some(r.span.start),
            next_word(text, from, &r.text),
            "span of {:?} in {text:?}",
            r.text
        );
        assert_eq!(r.span.of(text), Some(r.text.as_str()), "input: {text:?}");
        from = r.span.end;
    }
}

/// Where `word` next occurs in `text` from `from` as a whole token (no
/// letter or digit on either side).
fn next_word(text: &str, from: usize, word: &str) -> Option<usize> {
    let rest = text.get(from..)?;
    rest.match_indices(word).map(|(i, _)| i + from).find(|&at| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

macro_rules! cases {
    ($($name:ident: $ctx:literal, $text:literal => [$($want:literal),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                check($ctx, $text, &[$($want),*]);
            }
        )*
    };
}

// # Cue words and prefixes, Norwegian
cases! {
    se_law_section: "", "Se 78A for detaljer." => ["78A"];
    se_law_item: "", "TL følger prosedyren, se 16C2." => ["16C2"];
    lov_sub_item: "", "Her gjelder lov 16B1a fullt ut." => ["16B1a"];
    lov_capitalised: "", "Lov 12 gir TL myndighet." => ["12"];
    loven_number: "", "Da gjelder loven 20 om gjentakelse." => ["20"];
    glued_l: "", "Spilleren bryter L16B1a ved å melde." => ["L16B1a=16B1a"];
    section_sign: "", "Vektet score etter § 12C1c kan brukes." => ["12C1c"];
    section_sign_no_space: "", "Se §12C2 om kunstig score." => ["12C2"];
    iht_bare_law: "", "Det idømmes straf iht. 90 for slikt." => ["90"];
    i_henhold_til: "", "Scoren føres i henhold til 77." => ["77"];
    jfr_item: "", "Systemkortet (jfr. 40B2b) er avgjørende." => ["40B2b"];
    jf_capital: "", "Jf. 12C1 skal TL justere." => ["12C1"];
    se_ogsaa: "", "Meldingene begynner (se også 13A)." => ["13A"];
    men_se_list: "", "En spiller kan korrigere (men se 27 og 72C)." => ["27", "72C"];
    for_lagspill_se: "", "tildele en justert score (for lagspill se 86B)." => ["86B"];
    se_for: "", "Se 14 for tilfeller med manglende kort." => ["14"];
    se_when: "", "(Se 54A når det gjelder åpningsutspill.)" => ["54A"];
    reglene_i: "", "Kortet behandles etter reglene i 50." => ["50"];
    begrenset_av: "", "(men for blindemann begrenset av 42 og 43)." => ["42", "43"];
    i_samsvar_med: "", "spille blindemanns kort i samsvar med 45) under spillet" => ["45"];
    kan_bli_brukt: "", "før det er hans tur. 16 kan bli brukt, og TL kan" => ["16"];
    strong_kan_bli_brukt: "", "men 16B kan bli brukt." => ["16B"];
    bare_strong_at_start: "", "16C gjelder for alle meldinger." => ["16C"];
    anvender_list: "", "Når TL er tilkalt anvender han 21B eller 40B3." => ["21B", "40B3"];
    brukes_strong: "", "Senere brukes 16D dersom noen tilfeldig ser et kort." => ["16D"];
    as_in_strong: "", "meldingsforløpet er avsluttet som i 22A, og" => ["22A"];
    definert_i: "", "Tabellen definert i 78B gjelder." => ["78B"];
    framgaar_av: "", "Med begrensningene som framgår av 16C2 er det korrekt." => ["16C2"];
    se_range_free_text: "", "Et utilstrekkelig bud (se 27 for korrigering)." => ["27"];
}

// # Cue words and prefixes, Danish
cases! {
    da_jf_extension: "", "Fasen afvikles særskilt (jf. X8A)." => ["X8A"];
    da_jf_extension_item: "", "Bordet følger reglerne, jf. X78A4." => ["X78A4"];
    da_section_sign: "", "Straf for langsomt spil (§ 90B2) efter følgende regler." => ["90B2"];
    da_section_sign_extension: "", "Se også udtalelsen om forudgående formaliteter (§ X12)." => ["X12"];
    da_section_sign_section: "", "decimaler (§ 208)." => ["208"];
    da_benyttes: "", "Hvis udeblivelse, benyttes 216." => ["216"];
    da_benyttes_item: "", "I så fald benyttes 12C1c til udregningen." => ["12C1c"];
    da_har_benyttet: "", "når turneringslederen har benyttet 91 (straf eller bortvisning)." => ["91"];
    da_anvender_bare: "", "Hvis turneringslederen anvender 23 (berigtigelsen skader)." => ["23"];
    da_ved_hjaelp_af: "", "beregnes ved hjælp af 12C1e (traditionel justeret score)." => ["12C1e"];
    da_bruges: "", "om der skal bruges 12C1c (vægtet score) eller 12C1e." => ["12C1c", "12C1e"];
    da_iht: "", "Straffe for fejl iht. 90 gælder." => ["90"];
    da_pga: "", "handlingen var ulovlig pga. 16B (ubeføjede oplysninger)." => ["16B"];
    da_ifoelge: "", "standardfradrag ifølge 211B1 og derefter" => ["211B1"];
    da_ifoelge_sub: "", "omregnes til imp ifølge 211B1d." => ["211B1d"];
    da_i_henhold_til: "", "kompensation i henhold til 12C1b påvirker" => ["12C1b"];
    da_efter_strong: "", "straffes den efter 213B1b uden advarsel." => ["213B1b"];
    da_se_dog: "", "Se dog 86C (omgivning af ét spil)." => ["86C"];
    da_se_desuden: "", "(og se desuden 214 angående straf)" => ["214"];
    da_se_bare_section: "", "Se 211 vedrørende generelle retningslinjer." => ["211"];
    da_strong_extension: "", "Der kan idømmes straf efter X90B:" => ["X90B"];
    da_se_extension_section: "", "i den pågældende sektion (se X12B)." => ["X12B"];
    da_roman: "", "fradraget i 212A1a(iii) gælder" => ["212A1a(iii)"];
    da_section_item_sub: "", "jf. 202C2a afrundes ikke." => ["202C2a"];
    da_bestemmelser_i: "", "Dog går de øvrige bestemmelser i 70 forud." => ["70"];
    da_jf_bare_law: "", "Strafpoint (jf. 90) tildelt for uregelmæssigheder." => ["90"];
    da_naevnt_i: "", "den automatiske straf nævnt i 213A4 kan" => ["213A4"];
    da_gaelder_strong: "", "Før spillet er forbi, gælder 16C3." => ["16C3"];
    da_iht_period_end: "", "mindst ét standardfradrag (se 211B)." => ["211B"];
    da_komma_cue: "", "fastsættes på følgende måde, jf. 80B2f." => ["80B2f"];
}

// # English-style cites
cases! {
    en_law_paren_letter: "", "Law 12C1(e) applies here." => ["12C1(e)=12C1e"];
    en_paren_sub_item: "", "as 16B1(a) requires" => ["16B1(a)=16B1a"];
    en_roman: "", "see 12C1e(ii) for the offenders" => ["12C1e(ii)"];
    en_laws_range: "", "Laws 61-64 deal with revokes." => ["61-64=61,62,63,64"];
    en_and: "", "see 12 and 16" => ["12", "16"];
    en_or: "", "cf. 13 or 14" => ["13", "14"];
    en_list_comma_and: "", "Laws 61, 62, and 64" => ["61", "62", "64"];
}

// # The lost §
cases! {
    lost_section_sign: "", "vægtet score ( 12C1c) indgår" => ["12C1c"];
    lost_sign_spaced_letter: "", "en justert score må tildeles ( 86 B kan gjelde)." => ["86 B=86B"];
    restored_sign_spaced_letter: "", "en justert score må tildeles (§ 86 B kan gjelde)." => ["86 B=86B"];
    lost_sign_bare_law: "", "Prosedyrestraff ( 90) kan ilegges." => ["90"];
    lost_sign_unit_is_not_a_cite: "", "Hver hånd ( 13 kort) telles." => [];
    spaced_letter_nbsp: "", "se § 86\u{a0}B for lag" => ["86\u{a0}B=86B"];
    sign_nbsp: "", "§\u{a0}12 gjelder" => ["12"];
}

// # Item labels after a cite
cases! {
    label_paren_is_not_in_span: "", "skal han justere scoren (se 12C1b)) og kan straffe" => ["12C1b"];
    label_paren_before_footnote: "", "hvis myndighet tillater det (men se 40B2b))." => ["40B2b"];
    single_paren_closes_sentence: "", "tildele en justert score (se 12C1b) og kan" => ["12C1b"];
    label_paren_list: "", "se 12C1b) og 12C1c) for dette" => ["12C1b", "12C1c"];
}

// # Lists and ranges
cases! {
    list_four_laws: "", "Se definisjonen (se 61, 62, 63 og 64)." => ["61", "62", "63", "64"];
    list_section_and_law: "", "kontrakten vinnes eller betes (se 19A og 77)." => ["19A", "77"];
    list_handbook_sections: "", "reducerede antal spil (jf. 202B1 og 208B2)." => ["202B1", "208B2"];
    list_eller_sign: "", "forkert antal kort (§ 13 eller 14)." => ["13", "14"];
    list_og_sign: "", "Kulørsvigt (§ 62 og 64)." => ["62", "64"];
    list_double_sign: "", "§§ 61 og 62 handler om revoke." => ["61", "62"];
    list_with_glosses: "", "anvender 13 (forkert antal kort), 14 (manglende kort), 15 (spil af forkert spil), 16C (uvedkommende oplysninger) eller 17D (kort fra forkert mappe)." => ["13", "14", "15", "16C", "17D"];
    list_promoted_by_shape: "", "Det kan være forskjellig betydninger av sesjon i 4, 12C2 og 91." => ["4", "12C2", "91"];
    list_sections_jf: "", "spiller eller substitut (jf. 241 og 242)" => ["241", "242"];
    list_strong_no_cue: "", "Metoden beskrevet i X78A, X78B og X78C skal anvendes." => ["X78A", "X78B", "X78C"];
    list_strong_eller: "", "kampens resultat ved hjælp af 202C eller 208C afhængigt" => ["202C", "208C"];
    list_strong_sign: "", "en kunstig score (§ 12C1d eller 12C2), sammenlignes" => ["12C1d", "12C2"];
    list_jf_with_gloss: "", "urimelig, jf. 92A og 93C1 (appellen anses for urimelig)" => ["92A", "93C1"];
    list_three_comma: "", "§ 16, 17 og 18 gjelder" => ["16", "17", "18"];
    list_samt: "", "se 41B samt 41C" => ["41B", "41C"];
    range_en_dash: "", "lovene 16–18 gjelder" => ["16–18=16,17,18"];
    range_hyphen_jf: "", "jf. 16-18" => ["16-18=16,17,18"];
    range_sections: "", "§§ 201-203 om udregning" => ["201-203=201,202,203"];
    range_then_list: "", "lovene 16–18 og 20" => ["16–18=16,17,18", "20"];
    range_in_list: "", "Laws 61-64 and 66" => ["61-64=61,62,63,64", "66"];
    range_extensions: "", "se X90–X92" => ["X90–X92=X90,X91,X92"];
    range_descending_is_no_range: "", "se 18–16" => [];
    score_after_cue: "", "se 2-0 og 1-1" => [];
    range_of_quantities: "", "se 18-20 minutter" => [];
    range_without_cue: "", "straffen er normalt 1-5 gange standardfradraget" => [];
}

// # Relative cites, resolved against their context
cases! {
    rel_section_item_below: "12A2", "kan føre til normalt spill av mappen (se C2 nedenfor)." => ["C2=12C2"];
    rel_section_item_under: "12C1d", "kan TL fastsette resultatet direkte (se C2 under)." => ["C2=12C2"];
    rel_under_in_section: "14B", "straff (se B4 under)." => ["B4=14B4"];
    rel_under_in_item: "14B2", "straff (se B4 under)." => ["B4=14B4"];
    rel_item_sub_over: "16D3", "følger TL prosedyren i 2c) eller 2d) over." => ["2c=16D2c", "2d=16D2d"];
    rel_bare_letter_se: "16A1b", "fra en tilbaketrukket handling (se C); eller" => ["C=16C"];
    rel_letters_ovenfor: "6E4", "forventningen om tilfeldig giv som under A og B ovenfor." => ["A=6A", "B=6B"];
    rel_label_paren: "12C", "score (se også C1d)), tildeler TL" => ["C1d=12C1d"];
    rel_label_paren_deep: "12C2a", "score (se også C1d)), tildeler TL" => ["C1d=12C1d"];
    rel_men_se_nedenfor: "16A1c", "når annet ikke er bestemt (men se B1 nedenfor); eller" => ["B1=16B1"];
    rel_items_ovenfor: "20F3", "Under 1 og 2 ovenfor kan det stilles spørsmål" => ["1=20F1", "2=20F2"];
    rel_som_under: "20F2", "Forklaringer må bli gitt på samme måte som under 1 og av makkeren." => ["1=20F1"];
    rel_av_item: "16C3", "en overtredelse av C2 har skadet den ikke-feilende side." => ["C2=16C2"];
    rel_som_i: "20C2", "Som i B kan ikke spilleren be om" => ["B=20B"];
    rel_seksjon: "14B4", "under betingelsene i seksjon B av denne paragrafen" => ["B=14B"];
    rel_mixed_list: "12C2b", "som beskrevet i 78D, 86B3 og d) under." => ["78D", "86B3", "d=12C2d"];
    rel_sub_items_over: "12C2d", "variere fra de beskrevet i a) og b) over." => ["a=12C2a", "b=12C2b"];
    rel_deep_context: "12C1e(ii)", "se C2 nedenfor" => ["C2=12C2"];
    rel_nedenstaaende: "X90B", "jf. C nedenstående" => ["C=X90C"];
    rel_ovenover: "6E", "(se A ovenover)" => ["A=6A"];
    rel_foregaaende: "12C2", "se C1 foregående" => ["C1=12C1"];
    rel_da_extension: "X78A2", "(se B3 nedenfor)" => ["B3=X78B3"];
    rel_da_section: "212B1", "jf. A nedenfor" => ["A=212A"];
    rel_da_ovenfor: "202C3", "Afrund som jf. C2 ovenfor." => ["C2=202C2"];
    rel_da_item_ovenstaaende: "212A1", "gælder 2 ovenstående" => ["2=212A2"];
    rel_da_nedenstaaende_item: "X79A", "se B1 nedenstående" => ["B1=X79B1"];
    rel_without_context: "", "se C2 nedenfor" => ["C2=?"];
    rel_in_definition: "def:Bet", "se C2 nedenfor" => ["C2=?"];
    rel_sub_needs_item: "12", "se d) under." => ["d=?"];
    rel_item_needs_section: "16", "se 2 ovenfor." => ["2=?"];
    rel_short_direction_needs_punctuation: "16D3", "anvender 13 under spillet" => ["13"];
    rel_se_sub: "12C2b", "se b) for detaljer" => ["b=12C2b"];
}

// # Numbers that must stay out of range, kept as unresolved
cases! {
    impossible_law: "", "lov 99 finnes ikke" => ["99"];
    impossible_number: "", "se 150 om dette" => ["150"];
    impossible_section: "", "se 300" => ["300"];
    impossible_extension: "", "jf. X95" => ["X95"];
    impossible_with_levels: "", "se 99A2" => ["99A2"];
    missing_section_is_found: "", "se 12Z" => ["12Z"];
    unknown_handbook_section: "", "se 209" => ["209"];
    strong_shape_needs_valid_root: "", "rekke 99A og 150B" => [];
}

// # Numbers that are not cites
cases! {
    cards: "", "Hver hånd har 13 kort." => [];
    minutes: "", "Fristen udløber efter 30 minutter." => [];
    boards_da: "", "kampe berammet til mere end 128 spil." => [];
    address_spaced: "", "Kontoret ligger i Sognsveien 75 A, Oslo." => [];
    address_glued: "", "Kontoret ligger i Sognsveien 75A." => [];
    floor_ordinal: "", "Møtet er i 3. etasje." => [];
    date: "", "Lovene gjelder fra 1. september 2017." => [];
    list_label: "", "1. Holdturnering: imp-opgørelse." => [];
    list_label_indented: "", "Tekst.\n   2. Parturnering: parpoint." => [];
    round_ordinal: "", "starttidspunktet for sektionens 2. runde" => [];
    statute: "", "Jf. DBf's vedtægter, § 14, stk. 5.1, skal Hovedbestyrelsen underrettes." => [];
    statute_without_sign: "", "Jf. DBf's vedtægter, 14, stk. 5.1, skal" => [];
    years: "", "etterfølgende revisjoner i 1933, 1935, 1943 og 1949" => [];
    year_alone: "", "Trendene som begynte i 2007 fortsetter." => [];
    four_digits_after_cue: "", "se 1933" => [];
    law_of_year: "", "lov 2007 om bridge" => [];
    percent: "", "middels pluss (minst 60% i parturnering)" => [];
    percent_spaced: "", "højst 15 % af resultaterne" => [];
    signed_imp: "", "som +2 imp for middel plus" => [];
    negative_imp: "", "henholdsvis -2 imp for middel minus" => [];
    victory_points: "", "tildeles holdet 18 KP" => [];
    score_zero: "", "fastsættes imp-scoren dog til 0-0." => [];
    scores: "", "hvert enkelt spil 2-0, 1-1 eller 0-2" => [];
    ninety_or_less: "", "summen av trekkverdiene er 90 eller mindre" => [];
    five_minutes: "", "Hvis forsinkelsen er mindst 5 minutter, gælder" => [];
    crowns: "", "et depositum på kr 500" => [];
    crowns_dot: "", "et depositum på kr. 200, som fortabes" => [];
    four_boards: "", "en runde på 4 spil" => [];
    sixteen_boards: "", "for hver serie på 16 mapper" => [];
    deck: "", "De 52 kortene som bridge spilles med." => [];
    in_each: "", "52 kort, 13 i hver av de fire fargene" => [];
    time: "", "Spillet starter kl. 19.30." => [];
    time_colon: "", "Frist 19:30 i dag." => [];
    phone: "", "Ring tlf. 22 33 44 55." => [];
    phone_bare: "", "Ring 22 33 44 55 for info." => [];
    one_no_trump: "", "Han åpnet med 1NT." => [];
    seven_no_trump: "", "Grand slam 7NT doblet." => [];
    suit_contract: "", "Han meldte 4♠ og fikk 10 stikk." => [];
    page: "", "se side 12" => [];
    table_number: "", "ved bord 12A sitter" => [];
    board_number: "", "Mappe 12 spilles" => [];
    quantity_list: "", "Det er mindst 5, men under 10 minutter." => [];
    degrees_list: "", "Mappen drejes 90 eller 180 grader." => [];
    cued_quantity_list: "", "Turneringslederen anvender 2 eller 3 spil." => [];
    cued_unit: "", "se 13 kort" => [];
    decimal: "", "Ved imp-beregning anvendes 0,1 imp som enhed." => [];
    decimal_point: "", "version 2.0 af reglerne" => [];
    half: "", "Enkeltkamp (cupkamp): 1½ imp." => [];
    unit_kp: "", "1 KP ved en forsinkelse" => [];
    times_word: "", "straffen er 2 gange standardfradraget" => [];
    under_a_minute: "", "en pause på under 1 minut" => [];
    at_most_boards: "", "runden er på højst 12 spil" => [];
    round_number: "", "i runde 3 byttes" => [];
    tricks_over_six: "", "et antall trekk (stikk utover 6) fra en til sju" => [];
    exactly_thirteen: "", "se seg om at han har nøyaktig 13. Deretter" => [];
    card_ranks: "", "Ess, konge, dame, knekt, 10, 9, 8, 7, 6, 5, 4, 3, 2." => [];
    letter_label: "", "a) den kommer fra lovlige meldinger" => [];
    heading_label: "", "A. Ingen melding avgitt" => [];
    pronoun_i: "", "I Norge er det fastsatt regler." => [];
    compass: "", "Scoren for N/S og Ø/V regnes ut." => [];
    formula: "", "Hvert par tildeles scoren A / G * (P + 1) - 1." => [];
    paper_size: "", "Skriv på et A4-ark." => [];
    paper_size_after_preposition: "", "Skriv i A4-format." => [];
    letter_hyphen: "", "se C-rækken" => [];
    team_letter: "", "spillerne i A-rækken" => [];
    ordinal_after_cue: "", "se 12. juni" => [];
    zero: "", "se 0" => [];
    leading_zero: "", "se 07" => [];
    cued_runder: "", "bestemmelser i 3 runder" => [];
    cued_counted_noun: "", "Se 3 eksempler på dette." => [];
    date_slash: "", "se 17/5" => [];
    empty: "", "" => [];
    no_digits: "", "Turneringslederen skal være upartisk." => [];
}

// # Mixed and whitespace
cases! {
    line_break_after_cue: "", "se\n16C2 for dette" => ["16C2"];
    two_cites_one_sentence: "", "se 12C1 og deretter se 20F5 for korreksjon" => ["12C1", "20F5"];
    sentence_end_then_capital: "", "i henhold til 77. Det er" => ["77"];
    cite_then_period: "", "gjelder nedenstående, jf. 70E2. Dog går de" => ["70E2"];
    unit_then_cite: "", "Hånden har 13 kort (se 14)." => ["14"];
    cite_at_end: "", "se 12" => ["12"];
    cite_in_parens: "", "(se 12)." => ["12"];
    cite_before_comma: "", "jf. 12C2, der skal" => ["12C2"];
    roman_in_handbook_text: "", "jf. 212A1a(iii) og 212A1a(iv)" => ["212A1a(iii)", "212A1a(iv)"];
    bad_paren_dropped: "", "se 12C1(abc)" => ["12C1"];
    malformed_levels: "", "se 12C0 og 12C01" => [];
    two_groups: "", "se 16 og 17; jf. X8A og X12B" => ["16", "17", "X8A", "X12B"];
}

// # Kinds

#[track_caller]
fn kinds(context: &str, text: &str, want: &[CiteKind]) {
    let ctx = (!context.is_empty()).then(|| id(context));
    let got: Vec<CiteKind> = link(text, ctx.as_ref(), &Everything)
        .iter()
        .map(|r| r.kind)
        .collect();
    assert_eq!(got, want, "input: {text:?}");
}

#[test]
fn a_lone_cite_is_full() {
    kinds("", "se 16C2", &[CiteKind::Full]);
}

#[test]
fn list_members_are_list_each_with_own_span() {
    kinds("", "se 61, 62, 63 og 64", &[CiteKind::List; 4]);
}

#[test]
fn a_range_is_one_span() {
    kinds("", "lovene 16–18", &[CiteKind::Range]);
}

#[test]
fn relative_wins_over_list() {
    kinds("16D3", "i 2c) eller 2d) over", &[CiteKind::Relative; 2]);
    kinds(
        "12C2b",
        "78D, 86B3 og d) under",
        &[CiteKind::List, CiteKind::List, CiteKind::Relative],
    );
}

#[test]
fn a_quantity_in_a_list_leaves_one_full_cite() {
    kinds("", "se 12C og 13 kort", &[CiteKind::Full]);
}

// # Spans and annotation

#[test]
fn label_paren_stays_outside_the_span() {
    let text = "(se 12C1b)) og";
    let m = find(text);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].span, Span { start: 4, end: 9 });
    assert_eq!(&text[m[0].span.end..], ")) og");
}

#[test]
fn spans_are_byte_offsets_past_multibyte_text() {
    let text = "Ærlig talt: «jf. 12C1c» gælder.";
    let m = find(text);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].span.of(text), Some("12C1c"));
    assert!(m[0].span.start > "Ærlig talt: «jf. ".chars().count());
}

#[test]
fn surround_locates_the_cite() {
    let text = "x".repeat(200) + " se 12C1c " + &"y".repeat(200);
    let m = find(&text);
    let s = &m[0].surround;
    assert_eq!(s.cite.of(&s.text), Some("12C1c"));
    assert!(s.text.len() <= 2 * Surround::REACH + 5);
}

#[test]
fn annotate_links_escapes_and_marks_status() {
    // The relative cite comes first: after a full cite it would hang from it.
    let text = "A <b> & se C2 nedenfor; se 12C1b, 92B, lov 99.";
    let resolved = link(text, None, &Fake::new());
    let html = annotate_html(text, &resolved, &|id: &ProvisionId| format!("/p/{id}"));
    assert_eq!(
        html,
        "A &lt;b&gt; &amp; se <span class=\"cite unresolved\" data-cite=\"\" title=\"relative cite C2 has no context provision\">C2</span> nedenfor; \
         se <a class=\"cite\" href=\"/p/12C1b\" data-cite=\"12C1b\" title=\"12C1b\">12C1b</a>, \
         <a class=\"cite outside\" href=\"/p/92\" data-cite=\"92B\" title=\"92B: text not in lovbok\">92B</a>, \
         lov <span class=\"cite unresolved\" data-cite=\"99\" title=\"no law or section 99: laws are numbered 1-93, handbook sections 201-299\">99</span>."
    );
}

#[test]
fn a_relative_cite_without_context_hangs_from_the_last_full_cite() {
    let text = "se 92B og C2 nedenfor";
    let resolved = link(text, None, &Fake::new());
    let ids: Vec<String> = resolved
        .iter()
        .flat_map(|r| r.targets.iter().map(|t| t.id.to_string()))
        .collect();
    assert_eq!(ids, ["92B", "92C2"]);
}

#[test]
fn annotate_skips_bad_and_overlapping_spans() {
    let text = "se 12C1b og æ";
    let mut resolved = link(text, None, &Fake::new());
    let mut overlapping = resolved[0].clone();
    overlapping.span = Span { start: 5, end: 7 };
    let mut off_boundary = resolved[0].clone();
    off_boundary.span = Span { start: 13, end: 14 }; // inside `æ`
    let mut past_end = resolved[0].clone();
    past_end.span = Span { start: 40, end: 50 };
    resolved.extend([overlapping, off_boundary, past_end]);
    let html = annotate_html(text, &resolved, &|id: &ProvisionId| id.to_string());
    assert_eq!(html.matches("<a ").count(), 1, "{html}");
    assert!(html.ends_with("</a> og æ"), "{html}");
}

// # Forms, Norwegian: every level, spaced, dotted, glued, bracketed, any case
cases! {
    nb_spaced_deep: "", "Se § 40 B 2 a for detaljer." => ["40 B 2 a=40B2a"];
    nb_spaced_lov: "", "Etter lov 40 B 3 b skal" => ["40 B 3 b=40B3b"];
    nb_spaced_item: "", "jf. lov 12 C 1 om justering" => ["12 C 1=12C1"];
    nb_spaced_roman: "", "se § 12 C 1 e (ii) her" => ["12 C 1 e (ii)=12C1e(ii)"];
    nb_spaced_then_word_i: "", "TL anvender lov 12 C 1 i slike tilfeller" => ["12 C 1=12C1"];
    nb_dotted: "", "se 40.B.3.b for dette" => ["40.B.3.b=40B3b"];
    nb_dotted_lower: "", "se lov 12.c.1.e nå" => ["12.c.1.e=12C1e"];
    nb_dotted_section: "", "jf. 16.B om UI" => ["16.B=16B"];
    nb_glued_lov: "", "Dette følger av lov16b1a." => ["lov16b1a=16B1a"];
    nb_glued_lov_caps: "", "Se LOV40B3B" => ["LOV40B3B=40B3b"];
    nb_glued_sign: "", "(§12C1c) gjelder" => ["12C1c"];
    nb_lower_section_item: "", "lov 7c1 gjelder" => ["7c1=7C1"];
    nb_lower_section_alone: "", "Etter lov 16c er det" => ["16c=16C"];
    nb_lower_se_item: "", "se 12c1 om justering" => ["12c1=12C1"];
    nb_lower_deep: "", "jf. lov 16b1a og 16b1b" => ["16b1a=16B1a", "16b1b=16B1b"];
    nb_bracket_sub: "", "se 27B1(b) om dette" => ["27B1(b)=27B1b"];
    nb_bracket_label: "", "se 27B1b) om dette" => ["27B1b"];
    nb_bracket_roman: "", "jf. 40B2a(ii) her" => ["40B2a(ii)"];
    nb_bracket_double: "", "jf. lov 40B2(a)(ii) her" => ["40B2(a)(ii)=40B2a(ii)"];
    nb_bracket_roman_label: "", "se 12C1e(ii)) og" => ["12C1e(ii)"];
    nb_paragraf: "", "Etter paragraf 16 skal TL" => ["16"];
    nb_paragrafen: "", "se paragrafen 20F1 om forklaringer" => ["20F1"];
    nb_lovene_range: "", "lovene 13 til 15 handler om kort" => ["13 til 15=13,14,15"];
    nb_double_sign_list: "", "§§ 13 og 14 gjelder" => ["13", "14"];
    nb_double_sign_range: "", "§§ 61–64 om revoke" => ["61–64=61,62,63,64"];
    nb_jf_no_dot: "", "jf 12C2 over alt" => ["12C2"];
    nb_se_ogsaa_lov: "", "se også lov 90 om straff" => ["90"];
    nb_lovbestemmelse: "", "lovbestemmelsen 16B1a gjelder" => ["16B1a"];
    nb_i_henhold_lov: "", "i henhold til lov 81C5 kan" => ["81C5"];
    nb_ifolge: "", "ifølge 92B må TL tilkalles" => ["92B"];
}

// # Forms, Danish
cases! {
    da_spaced_deep: "", "Se § 40 B 2 a om aftaler." => ["40 B 2 a=40B2a"];
    da_spaced_lov: "", "jf. lov 12 C 2 om kunstig score" => ["12 C 2=12C2"];
    da_dotted: "", "jf. 12.C.1.c om vægtet score" => ["12.C.1.c=12C1c"];
    da_glued_lov: "", "Det følger af lov12c1c." => ["lov12c1c=12C1c"];
    da_lower: "", "jf. lov 12c1c (vægtet score)" => ["12c1c=12C1c"];
    da_bracket: "", "jf. 12C1(c) om vægtet score" => ["12C1(c)=12C1c"];
    da_bracket_roman: "", "se 212A1a(iii) om fradrag" => ["212A1a(iii)"];
    da_paragraf: "", "efter paragraf 90 kan der idømmes straf" => ["90"];
    da_paragrafferne: "", "paragrafferne 61 og 62 om kulørsvigt" => ["61", "62"];
    da_lovene_list: "", "lovene 13, 14 og 15 anvendes" => ["13", "14", "15"];
    da_jf_range: "", "jf. 201-203 om udregning" => ["201-203=201,202,203"];
    da_range_til: "", "se 211 til 213 om strafpoint" => ["211 til 213=211,212,213"];
    da_range_tom: "", "jf. 201 t.o.m. 203" => ["201 t.o.m. 203=201,202,203"];
    da_extension_lower_cued: "", "jf. x78b4 om Neuberg" => ["x78b4=X78B4"];
    da_extension_list: "", "se X90, X91 og X92" => ["X90", "X91", "X92"];
    da_section_shared_stem: "", "jf. 211B, C og D" => ["211B", "C=211C", "D=211D"];
    da_sub_shared_stem: "", "jf. 202C2a, b og c" => ["202C2a", "b=202C2b", "c=202C2c"];
    da_sub_range: "", "jf. 202C2a-c" => ["202C2a-c=202C2a,202C2b,202C2c"];
    da_i_medfoer_af: "", "i medfør af 90B2 kan" => ["90B2"];
    da_paa_grund_af: "", "på grund af 16B kan" => ["16B"];
    da_beskrevet_i: "", "som beskrevet i 12C1c og 12C1e" => ["12C1c", "12C1e"];
    da_anvendes: "", "anvendes 86D ikke" => ["86D"];
    da_bruger: "", "bruger turneringslederen 12C2" => ["12C2"];
    da_lost_sign_list: "", "kulørsvigt ( 62 og 64) her" => ["62", "64"];
}

// # Forms, English
cases! {
    en_law_spaced: "", "Law 40 B 2 a applies" => ["40 B 2 a=40B2a"];
    en_law_dotted: "", "see Law 12.C.1.e" => ["12.C.1.e=12C1e"];
    en_law_glued: "", "under Law12C1 the TD" => ["Law12C1=12C1"];
    en_law_lower: "", "Law 7c1 requires" => ["7c1=7C1"];
    en_law_wbf_brackets: "", "Law 40B2(a)(ii) applies" => ["40B2(a)(ii)=40B2a(ii)"];
    en_law_paren_sub: "", "Law 27B1(b) allows" => ["27B1(b)=27B1b"];
    en_law_paren_item: "", "see Law 12C1(e)(ii)" => ["12C1(e)(ii)=12C1e(ii)"];
    en_laws_to: "", "Laws 53 to 56 deal with leads" => ["53 to 56=53,54,55,56"];
    en_laws_through: "", "Laws 53 through 56 cover this" => ["53 through 56=53,54,55,56"];
    en_laws_dash: "", "Laws 53-56" => ["53-56=53,54,55,56"];
    en_laws_en_dash: "", "Laws 53–56" => ["53–56=53,54,55,56"];
    en_laws_list_and: "", "Laws 61, 62, 63 and 64" => ["61", "62", "63", "64"];
    en_laws_list_or: "", "Law 13 or 14" => ["13", "14"];
    en_see_also: "", "see also Law 16D" => ["16D"];
    en_cf: "", "cf. 12C2 and 86B" => ["12C2", "86B"];
    en_see_lower: "", "see 16b1a" => ["16b1a=16B1a"];
    en_shared_stem: "", "see Law 12C1b, c and e" => ["12C1b", "c=12C1c", "e=12C1e"];
    en_shared_stem_sections: "", "see Law 78A, B and C" => ["78A", "B=78B", "C=78C"];
    en_sub_range: "", "see 16D2a-d" => ["16D2a-d=16D2a,16D2b,16D2c,16D2d"];
    en_law_possessive: "", "the Law's 16B" => ["16B"];
    en_laws_range_list: "", "Laws 61-64 and 66" => ["61-64=61,62,63,64", "66"];
    en_law_twelve: "", "Law 12 gives the Director" => ["12"];
    en_roman_list: "", "Law 73C1 (i) and (ii)" => ["73C1 (i)=73C1(i)", "(ii)=73C1(ii)"];
    en_roman_list_three: "", "see 12C1e(i), (ii) or (iii)" => ["12C1e(i)", "(ii)=12C1e(ii)", "(iii)=12C1e(iii)"];
    en_roman_range: "", "see Law 12C1e (i)-(ii)" => ["12C1e (i)-(ii)=12C1e(i),12C1e(ii)"];
    en_roman_not_after_letter: "", "see Law 12C1e and (ii)" => ["12C1e"];
    en_roman_alone: "", "Option (ii) is better" => [];
}

// # Lists with a shared stem and ranges, more
cases! {
    stem_sub_list: "", "se 12C1b, c og e" => ["12C1b", "c=12C1c", "e=12C1e"];
    stem_sub_eller: "", "se 16D2a eller b" => ["16D2a", "b=16D2b"];
    stem_then_new_cite: "", "se 12C1b, c og 16D" => ["12C1b", "c=12C1c", "16D"];
    stem_not_after_item: "", "se 12C1 og c" => ["12C1"];
    stem_section_letters: "", "jf. 12A, B og C" => ["12A", "B=12B", "C=12C"];
    stem_letter_range: "", "se 12C1a–c" => ["12C1a–c=12C1a,12C1b,12C1c"];
    range_til: "", "se 53 til 56" => ["53 til 56=53,54,55,56"];
    range_tom: "", "se 53 t.o.m. 56" => ["53 t.o.m. 56=53,54,55,56"];
    range_til_og_med: "", "lovene 53 til og med 56" => ["53 til og med 56=53,54,55,56"];
    range_em_dash: "", "lovene 16—18" => ["16—18=16,17,18"];
    range_spaced_dash: "", "lovene 16 - 18" => ["16 - 18=16,17,18"];
    range_extensions_til: "", "se X90 til X92" => ["X90 til X92=X90,X91,X92"];
    range_then_list_en: "", "Laws 16-18, 20 and 22" => ["16-18=16,17,18", "20", "22"];
    list_samt_og: "", "se 41B samt 41C og 41D" => ["41B", "41C", "41D"];
    list_ampersand: "", "Laws 16 & 17" => ["16", "17"];
    range_too_long: "", "lovene 1-93" => [];
    range_without_cue_til: "", "fra 2 til 4 spil" => [];
}

// # Relative forms, more
cases! {
    rel_en_below: "12A2", "see C2 below" => ["C2=12C2"];
    rel_en_above_items: "20F3", "under 1 and 2 above" => ["1=20F1", "2=20F2"];
    rel_nb_nedenfor_list: "12C1", "se C2 og C3 nedenfor" => ["C2=12C2", "C3=12C3"];
    rel_da_nedenfor: "X78A1", "se B2 nedenfor" => ["B2=X78B2"];
    rel_da_ovenfor_item: "212A3", "som nævnt i 1 ovenfor" => ["1=212A1"];
    rel_item_sub_under: "16D3", "se 2a) under." => ["2a=16D2a"];
    rel_foregaaende_da: "X90C2", "jf. C1 foregående" => ["C1=X90C1"];
    rel_efterfoelgende: "X79A", "se B nedenstående" => ["B=X79B"];
    rel_seksjon_nb: "14B4", "seksjon A av denne loven" => ["A=14A"];
    rel_som_i_section: "20C2", "som i A" => ["A=20A"];
    rel_av_item_da: "X90B2", "en overtrædelse af C2" => ["C2=X90C2"];
}

// # Numbers that must stay out of range, kept as unresolved, more
cases! {
    impossible_law_en: "", "Law 99 does not exist" => ["99"];
    impossible_law_da: "", "jf. § 120 om noget" => ["120"];
    impossible_spaced: "", "se lov 99 B" => ["99 B=99B"];
    impossible_extension_lower: "", "se x99" => ["x99=X99"];
    impossible_glued: "", "lov95" => ["lov95=95"];
}

// # False friends: other documents' paragraphs
cases! {
    ff_vedtektenes_sign: "", "vedtektenes § 3 sier at" => [];
    ff_vedtektene_sign: "", "Etter vedtektene § 3 skal" => [];
    ff_vedtaegternes: "", "vedtægternes § 7 om kontingent" => [];
    ff_vedtaegter_comma: "", "Jf. DBf's vedtægter, 14, stk. 5.1" => [];
    ff_sign_i_vedtektene: "", "se § 3 i vedtektene" => [];
    ff_sign_i_vedtaegterne: "", "jf. § 12 i vedtægterne" => [];
    ff_reglementets: "", "reglementets § 5 gjelder" => [];
    ff_reglementet_sign: "", "Etter reglementet § 5 kan" => [];
    ff_sign_i_reglementet: "", "se § 5 i reglementet" => [];
    ff_turneringsreglementet: "", "turneringsreglementet § 4" => [];
    ff_turneringsbestemmelserne: "", "jf. turneringsbestemmelserne § 4" => [];
    ff_sign_i_turneringsbestemmelserne: "", "se § 4 i turneringsbestemmelserne" => [];
    ff_turneringsbestemmelsernes: "", "turneringsbestemmelsernes § 2" => [];
    ff_propositionerne: "", "jf. propositionerne punkt 3" => [];
    ff_klubbens_love: "", "Ifølge klubbens love § 9 om kontingent" => [];
    ff_forbundets_lover: "", "etter forbundets lover, § 3" => [];
    ff_lovens_sign: "", "lovens § 12 om tilskudd" => [];
    ff_forskrift: "", "forskrift om pengespill § 2" => [];
    ff_forskriften_sign: "", "se § 2 i forskriften" => [];
    ff_forskriftens: "", "forskriftens § 4" => [];
    ff_straffeloven: "", "straffeloven § 12" => [];
    ff_straffelovens: "", "straffelovens § 12" => [];
    ff_straffeloven_da: "", "jf. straffeloven § 14" => [];
    ff_lov_om: "", "lov om pengespill § 3" => [];
    ff_lov_om_long: "", "jf. lov om idrett og spill § 12" => [];
    ff_sign_i_loven_om: "", "se § 12 i lov om pengespill" => [];
    ff_aksjeloven: "", "aksjeloven § 6-1" => [];
    ff_bylaws_en: "", "Bylaws § 3 say" => [];
    ff_sign_in_bylaws: "", "see § 5 in the bylaws" => [];
    ff_statutes_en: "", "the statutes § 4" => [];
    ff_regulations_en: "", "regulations 12 and 13" => [];
    ff_sign_of_regulations: "", "§ 12 of the regulations" => [];
    ff_klubbens_vedtekter: "", "i klubbens vedtekter § 8" => [];
    ff_dbf_genitive: "", "DBf's § 14" => [];
    ff_nbf_reglement: "", "NBF-reglementet § 3" => [];
    ff_konkurransereglement: "", "konkurransereglementet § 10" => [];
    ff_retningslinjer: "", "retningslinjene § 3" => [];
    ff_ordensreglement: "", "ordensreglementet § 2" => [];
    ff_spilleregler: "", "spillereglerne § 5" => [];
    ff_idraetsloven: "", "idrætsloven § 3" => [];
    ff_foreningens_sign: "", "foreningens § 3" => [];
    ff_klubbens_sign: "", "klubbens § 4 om medlemskap" => [];
}

// # False friends: addresses, dates, cards, tricks, scores, boards and other numbers
cases! {
    addr_gate: "", "Kontoret er i Storgata 12." => [];
    addr_vej: "", "Adressen er Vestervej 16C." => [];
    addr_gade: "", "Mødet holdes på Vesterbrogade 12B." => [];
    addr_veien_spaced: "", "Bridgehuset, Sognsveien 75 A" => [];
    addr_postboks: "", "Postboks 12, 0301 Oslo" => [];
    addr_street: "", "the club at Main Street 12" => [];
    addr_road: "", "See Road 12 on the map" => [];
    addr_alle: "", "Lyngby Allé 14" => [];
    addr_plads: "", "Rådhuspladsen 12" => [];
    date_month_nb: "", "Turneringen er 12 mai." => [];
    date_month_da: "", "Kampen spilles 5 maj." => [];
    date_month_en: "", "the event on 12 March" => [];
    date_ordinal_month: "", "fra 1. september" => [];
    date_slash_year: "", "den 12/5-2017" => [];
    date_dotted: "", "den 12.05.2017" => [];
    date_year_law: "", "2017-lovene gjelder" => [];
    date_se_month: "", "se 14 juni" => [];
    date_en_month_cue: "", "see 12 July" => [];
    cards_nb: "", "Han hadde 13 kort." => [];
    cards_en: "", "each player holds 13 cards" => [];
    cards_trumps: "", "spilleren hadde 7 trumf" => [];
    cards_honours: "", "med 12 honnørpoeng" => [];
    tricks_nb: "", "spilleføreren tok 10 stikk" => [];
    tricks_da: "", "han vandt 9 stik" => [];
    tricks_en: "", "declarer took 10 tricks" => [];
    tricks_trekk: "", "kontrakten er på 4 trekk" => [];
    tricks_down: "", "kontrakten gikk 2 beter" => [];
    score_dash: "", "kampen endte 52-12" => [];
    score_en_dash: "", "resultatet ble 16–14" => [];
    score_vp: "", "holdet fikk 15 VP" => [];
    score_imp: "", "en forskel på 12 imp" => [];
    score_points: "", "N/S fikk 620 points" => [];
    score_plus: "", "N/S noterte +420" => [];
    score_minus: "", "Ø/V fikk −100" => [];
    score_percent: "", "parret fikk 62 % i snitt" => [];
    score_colon: "", "stillingen var 12:10" => [];
    score_word: "", "med score 12 til N/S" => [];
    board_nb: "", "I mappe 12 var kortene feil." => [];
    board_spil: "", "spil 24 blev annulleret" => [];
    board_en: "", "on board 12 the cards were fouled" => [];
    board_en_boards: "", "play 27 boards" => [];
    board_nr: "", "spil nr. 12" => [];
    table_en: "", "at table 5" => [];
    round_en: "", "in round 3" => [];
    trick_en: "", "at trick 12 declarer" => [];
    hand_nb: "", "hånd 3 ble spilt" => [];
    page_en: "", "see page 12" => [];
    page_p: "", "see p. 12" => [];
    pages_pp: "", "see pp. 12-14" => [];
    number_no: "", "see no. 12" => [];
    money_kr: "", "gebyret er kr 150" => [];
    money_kroner: "", "det koster 200 kroner" => [];
    time_kl: "", "start kl. 19" => [];
    time_minutes_en: "", "after 30 minutes" => [];
    players_en: "", "with 16 players" => [];
    pairs_en: "", "a field of 24 pairs" => [];
    teams_en: "", "12 teams entered" => [];
    tables_en: "", "we had 14 tables" => [];
    sessions_en: "", "over 3 sessions" => [];
    version_en: "", "version 12 of the software" => [];
    contract_level: "", "Han meldte 4♥ og vant." => [];
    contract_nt: "", "kontrakten var 3NT doblet" => [];
    three_digit_quantity: "", "spilte 120 spil" => [];
    phone_nb: "", "telefon 22 33 44 55" => [];
    decimal_en: "", "a score of 12.5" => [];
    fraction: "", "en halv (1/2) poeng" => [];
    year_span: "", "1997-2007 var lovene andre" => [];
    room_en: "", "in room 12" => [];
    lone_letters_not_cites: "", "a og b er spillere" => [];
    letter_i_after_cite: "", "se 12C1 i dette tilfellet" => ["12C1"];
    abbreviation_not_level: "", "jf. 12 f.eks. her" => ["12"];
}

// # Citations as real sites write them
cases! {
    wild_bruges_sign: "", "om der skal bruges § 12C1c eller ej" => ["12C1c"];
    wild_anvendes_sign: "", "I så fald anvendes § 214C3." => ["214C3"];
    wild_benyttes_sign: "", "her benyttes § 16 om oplysninger" => ["16"];
    wild_gives_sign: "", "Der gives § 90 straf for dette." => ["90"];
    wild_brukes_sign: "", "Da brukes § 16B fullt ut." => ["16B"];
    wild_folges_sign: "", "Deretter følges § 81C5." => ["81C5"];
    wild_bridgelovenes: "", "iht. bridgelovenes §93C" => ["93C"];
    wild_laes_lovenes: "", "Læs lovenes §93." => ["93"];
    wild_lovbokens: "", "lovbokens § 40 sier" => ["40"];
    wild_lagens_sv: "", "lagens § 21 gäller" => ["21"];
    wild_nbfs_genitive: "", "NBFs § 4 om medlemskap" => [];
    wild_forbundets_sv: "", "förbundets § 3 säger" => [];
    wild_stadgarnas: "", "stadgarnas § 5" => [];
    wild_sign_range_repeated: "", "lovenes §81-§85 og §90-§92" => ["81-§85=81,82,83,84,85", "90-§92=90,91,92"];
    wild_dash_chain: "", "(Law 30 – 31 – 32)" => ["30", "31", "32"];
    wild_dash_chain_four: "", "Laws 61-62-63-64" => ["61", "62", "63", "64"];
    wild_slash_letters: "", "(L81b/c)" => ["L81b=81B", "c=81C"];
    wild_slash_sub_items: "", "see Law 16D2a/b" => ["16D2a", "b=16D2b"];
    wild_slash_date_is_no_list: "", "se 12/5 og 13/5" => [];
    wild_paren_letters_above: "40B2", "(a) and (b) above" => ["a=40B2a", "b=40B2b"];
    wild_as_in_preceding: "40B3", "(as in 1 preceding)" => ["1=40B1"];
    wild_dotted_sentence_start: "", "25.A.2. Clearly states the rule." => ["25.A.2=25A2"];
    wild_dotted_no_letter_is_decimal: "", "2.5 points" => [];
    wild_dotted_of_regulation: "", "punkt 3.A.1 i reglementet" => [];
    wild_sv_enligt_lag: "", "TL dömde enligt lag 21 B." => ["21 B=21B"];
    wild_sv_paren_lag: "", "Felaktig förklaring (lag 90)." => ["90"];
    wild_sv_lag_spaced: "", "Här gäller lag 12 C 3 fullt ut." => ["12 C 3=12C3"];
    wild_sv_jfr_lag: "", "jfr lag 40 om överenskommelser" => ["40"];
    wild_sv_se_lag: "", "se lag 16B" => ["16B"];
    wild_sv_lagarna_range: "", "lagarna 61-64 om revoke" => ["61-64=61,62,63,64"];
    wild_sv_och: "", "enligt lag 61 och 62" => ["61", "62"];
    wild_sv_tillampade_lag: "", "TL tillämpade lag 23" => ["23"];
    wild_sv_nedan: "12C", "se C2 nedan" => ["C2=12C2"];
    wild_sv_team: "", "lag 3 mötte lag 5 i finalen" => [];
    wild_nb_team: "", "lag 3 vant over lag 7" => [];
    wild_sv_teams_count: "", "4 lag deltog, 24 brickor, 30 minuter" => [];
    wild_auction: "", "The auction went 1C X 3H X to me." => [];
    wild_auction_michaels: "", "1C 2C correctly explained as Michaels" => [];
    wild_auction_opened: "", "North opened 1H and South bid 2D" => [];
    wild_bid_with_cue_is_law: "", "Law 7C applies after the 1NT opening" => ["7C"];
    wild_blue_book: "", "EBU's Blue Book, section 7C" => [];
    wild_orange_book: "", "see Orange Book 8B5" => [];
    wild_statute_named_earlier: "", "persondatalovens § 2 gælder. Oplysninger (§§ 35-37) må ikke videregives (§ 39)." => [];
    wild_statute_jordlova: "", "Etter jordlova kan departementet gi samtykke, jf. §§ 9 og 12." => [];
    wild_statute_then_laws: "", "vedtægternes § 3 gælder. Efter lovenes § 16 skal TL" => ["16"];
    wild_statute_then_strong: "", "Jf. vedtægterne § 3. Se også 12C1c." => ["12C1c"];
    wild_plus_list: "", "annulleres den (29A+B)." => ["29A", "B=29B"];
    wild_sign_heading: "", "§ 5. Turneringsledelse\nBestyrelsen nedsætter et udvalg." => [];
    wild_sign_heading_dash: "", "§14 - Protester" => [];
    wild_sign_heading_run_on: "", "mötet öppnat. §10 Fastställande av dagordning" => [];
    wild_sign_sentence_is_cite: "", "Det er klart. § 16 gjelder her." => ["16"];
    wild_ordinal_after_break: "", "Herlev bridgeklubs Love  1. Klubbens Navn er" => [];
    wild_lost_sign_prose: "", "med sitt pass på 3 ( 4 är ej något alternativ )" => [];
    wild_statute_lower_case_levels: "", "Disiplinærvedtektene § 3a, c, d og g jfr. § 5e." => [];
    wild_law_title_not_unit: "", "Law 45 Card Played" => ["45"];
    wild_bracketed_item: "", "as Law 70C(3) says" => ["70C(3)=70C3"];
    wild_dotted_item: "", "as shown in 31A.2." => ["31A.2=31A2"];
    wild_part_of_this_law: "12", "Part A of this law" => ["A=12A"];
    wild_as_in_sub: "27B1", "Except as in a), if" => ["a=27B1a"];
    wild_contract_by: "", "Declarer is in 6C by East." => [];
    wild_laws_colon_list: "", "Laws that are unchanged: 2, 3 and 5." => ["2", "3", "5"];
    wild_pkt_sub_items: "52B1", "ifølge enten pkt. (a) eller pkt. (b) ovenfor" => ["a=52B1a", "b=52B1b"];
    wild_letter_not_applied: "29B", "Dersom A ikke anvendes, annulleres meldingen." => ["A=29A"];
    wild_pronoun_i_is_no_letter: "29B", "Hvis I gælder som par" => [];
    wild_caps_heading: "", "© NBF 1998 §41. SPILLET BEGYNNER" => [];
    wild_punkt_number_is_not_a_cite: "", "jf. turneringsreglementets punkt 3" => [];
}

// # Cue words only ever cue: a cue without a number links nothing
cases! {
    cue_alone_nb: "", "se lovene for detaljer" => [];
    cue_alone_da: "", "jf. lovene om dette" => [];
    cue_alone_en: "", "see the Laws for details" => [];
    sign_alone: "", "§ uten tall" => [];
    paragraf_word: "", "paragrafen om revoke" => [];
    law_word_en: "", "the Law says so" => [];
}

// # The same grammar as a query (the search box, `/api/resolve`, `/p/…`)

#[track_caller]
fn query(q: &str, want: &[&str]) {
    let got: Option<Vec<String>> = find_query(q).map(|found| {
        resolve(&found, None, &Everything)
            .iter()
            .flat_map(|r| r.targets.iter().map(|t| t.id.to_string()))
            .collect()
    });
    let want: Option<Vec<String>> =
        (!want.is_empty()).then(|| want.iter().map(|s| s.to_string()).collect());
    assert_eq!(got, want, "query: {q:?}");
}

macro_rules! queries {
    ($($name:ident: $q:literal => [$($want:literal),* $(,)?];)*) => {
        $(
            #[test]
            fn $name() {
                query($q, &[$($want),*]);
            }
        )*
    };
}

queries! {
    q_canonical: "12C1e(ii)" => ["12C1e(ii)"];
    q_bare_law: "12" => ["12"];
    q_upper_sub: "16B1A" => ["16B1a"];
    q_lower: "16b1a" => ["16B1a"];
    q_glued_lov: "lov16b1a" => ["16B1a"];
    q_glued_law: "Law16B1a" => ["16B1a"];
    q_dotted_lower: "12.c.1.e" => ["12C1e"];
    q_dotted_upper: "40.B.3.b" => ["40B3b"];
    q_spaced: "§ 12 C 1 c" => ["12C1c"];
    q_spaced_lower: "lov 12 c 1 c" => ["12C1c"];
    q_bracket_wbf: "40B2(a)(ii)" => ["40B2a(ii)"];
    q_bracket_label: "27B1b)" => ["27B1b"];
    q_bracket_sub: "27B1(b)" => ["27B1b"];
    q_bare_roman: "20F5bii" => ["20F5b(ii)"];
    q_spaced_roman: "12C1 ii" => ["12C1(ii)"];
    q_extension_lower: "x78b4" => ["X78B4"];
    q_section_sign: "§ 212A" => ["212A"];
    q_paragraf: "paragraf 16" => ["16"];
    q_lovene_list: "lovene 16 og 17" => ["16", "17"];
    q_da_list: "61, 62 og 64" => ["61", "62", "64"];
    q_en_list: "Laws 61, 62, 63 and 64" => ["61", "62", "63", "64"];
    q_en_range_to: "Laws 53 to 56" => ["53", "54", "55", "56"];
    q_en_range_through: "53 through 56" => ["53", "54", "55", "56"];
    q_nb_range_til: "53 til 56" => ["53", "54", "55", "56"];
    q_da_range_tom: "53 t.o.m. 56" => ["53", "54", "55", "56"];
    q_range_dash: "53-56" => ["53", "54", "55", "56"];
    q_range_en_dash: "53–56" => ["53", "54", "55", "56"];
    q_shared_stem: "12C1b, c og e" => ["12C1b", "12C1c", "12C1e"];
    q_shared_stem_en: "12C1b, c and e" => ["12C1b", "12C1c", "12C1e"];
    q_sub_range: "16D2a-d" => ["16D2a", "16D2b", "16D2c", "16D2d"];
    q_se: "se 16C2" => ["16C2"];
    q_jf: "jf. X78A4" => ["X78A4"];
    q_see: "see Law 16" => ["16"];
    q_impossible_kept: "lov 99" => ["99"];
    q_words: "meldinger etter 16C2" => [];
    q_quantity: "13 kort" => [];
    q_year: "2017" => [];
    q_statute: "vedtektenes § 3" => [];
    q_state_law: "straffeloven § 12" => [];
    q_empty: "   " => [];
    q_word: "revoke" => [];
    q_date: "12 mai" => [];
    q_board: "mappe 12" => [];
}

#[test]
fn a_relative_query_resolves_against_its_context() {
    let found = find_query("C2").unwrap_or_default();
    let r = resolve(&found, Some(&id("12A2")), &Everything);
    assert_eq!(r[0].targets[0].id.to_string(), "12C2");
}

// Forms from appeal casebooks, forums and federation pages (after the macros they use).
mod wild;

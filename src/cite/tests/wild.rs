//! Rows for the forms appeal casebooks, forums and federation pages write
//! that the books themselves do not: ranges below a root (`L20F4-5`,
//! `L54A-D`), lists written without a space or spaced throughout, the 1997
//! numbered fourth level (`9B2(b)(1)`), a glued roman numeral (`212A1ai`),
//! `Law #68`, dotted and bracketed forms (`Law 45.C.4.(b)`), a capital
//! sub-item (`27B1A`), a bracketed section (`Law 3(a)`) and cites inside a
//! web address; with the ordinary text around them that must stay text.

use super::*;

// # Ranges below a root: one span, every provision in it
cases! {
    wr_glued_item_range: "", "TD ruled under L20F4-5 here." => ["L20F4-5=20F4,20F5"];
    wr_law_item_range: "", "Law 20F4-5 requires an explanation" => ["20F4-5=20F4,20F5"];
    wr_item_range_en_dash: "", "see Law 20F4–5" => ["20F4–5=20F4,20F5"];
    wr_item_range_to: "", "Law 20F4 to 5 applies" => ["20F4 to 5=20F4,20F5"];
    wr_item_range_nb: "", "jf. lov 12C1-3 om justering" => ["12C1-3=12C1,12C2,12C3"];
    wr_item_range_da: "", "se § 16B1-3 herom" => ["16B1-3=16B1,16B2,16B3"];
    wr_item_range_full_ends: "", "Laws 12C1 through 12C3" => ["12C1 through 12C3=12C1,12C2,12C3"];
    wr_item_range_glued_ends: "", "L20F4-L20F5" => ["L20F4-L20F5=20F4,20F5"];
    wr_section_range_glued: "", "see L54A-D" => ["L54A-D=54A,54B,54C,54D"];
    wr_section_range_to: "", "Law 54A to D covers the lead" => ["54A to D=54A,54B,54C,54D"];
    wr_section_range_full_ends: "", "Laws 54A-54D" => ["54A-54D=54A,54B,54C,54D"];
    wr_section_range_nb: "", "etter lov 54A–D" => ["54A–D=54A,54B,54C,54D"];
    wr_laws_range: "", "Laws 40-41 apply" => ["40-41=40,41"];
    wr_sections_range_double_sign: "", "§§ 202-204 gælder" => ["202-204=202,203,204"];
    wr_item_range_in_list: "", "Laws 20F4-5 and 21B" => ["20F4-5=20F4,20F5", "21B"];
    wr_descending_items_link_the_first_only: "", "Law 20F5-4" => ["20F5"];
    wr_descending_sections_link_the_first_only: "", "Law 54D-A" => ["54D"];
    wr_item_range_too_long: "", "Law 12C1-40" => ["12C1"];
    wr_range_other_law_is_no_range: "", "Laws 12C1-13C3" => ["12C1", "13C3"];
    wr_tricks_range: "", "declarer took 4-5 tricks" => [];
    wr_shape: "", "a 6-4 shape in the majors" => [];
    wr_vp: "", "they won 20-12 VP" => [];
    wr_score_after_law: "", "Law 12 was applied and the score became 20-12" => ["12"];
    wr_time_range: "", "play from 10-30 to 12" => [];
    wr_tricks_after_cite: "", "under Law 12C1 he took 4-5 tricks" => ["12C1"];
    wr_quantity_range_after_cite: "", "Law 12C1-2 boards" => ["12C1"];
    wr_spaced_item_then_tricks: "", "Law 16B 4-5 tricks" => ["16B 4=16B4"];
}

// # Lists: one found citation per member
cases! {
    wl_sections_and: "", "Laws 64A, 64B and 64C" => ["64A", "64B", "64C"];
    wl_sections_oxford: "", "Laws 64A, 64B, and 64C" => ["64A", "64B", "64C"];
    wl_no_space_after_comma: "", "Laws 64A,64B and 64C" => ["64A", "64B", "64C"];
    wl_no_space_items: "", "se 12C1,12C2 og 12C3" => ["12C1", "12C2", "12C3"];
    wl_law_and: "", "Law 16B and 16C" => ["16B", "16C"];
    wl_lov_og: "", "Lov 12C1 og 12C2" => ["12C1", "12C2"];
    wl_spaced_three: "", "Laws 64 A, 64 B and 64 C" => ["64 A=64A", "64 B=64B", "64 C=64C"];
    wl_spaced_three_nb: "", "jf. lov 12 C 1, 12 C 2 og 12 C 3" => ["12 C 1=12C1", "12 C 2=12C2", "12 C 3=12C3"];
    wl_lower_three: "", "lov 12c1, 12c2 og 12c3" => ["12c1=12C1", "12c2=12C2", "12c3=12C3"];
    wl_hash_list: "", "Laws #40 and #41" => ["40", "41"];
    wl_decimal_stays_a_decimal: "", "en score på 0,8 og 1,2" => [];
    wl_decimal_after_cue: "", "se 12,5 point" => [];
}

// # Forms: 1997 sub-parts, glued roman numerals, `#`, dots, capitals, brackets
cases! {
    wf_1997_sub_parts: "", "Law 9B2(b)(1) applies" => ["9B2(b)(1)=9B2b(i)"];
    wf_1997_sub_parts_two: "", "see Law 40B2(a)(2)" => ["40B2(a)(2)=40B2a(ii)"];
    wf_1997_glued_sub: "", "Law 9B2b(1)" => ["9B2b(1)=9B2b(i)"];
    wf_1997_bracketed_item_kept: "", "as Law 70C(3) says" => ["70C(3)=70C3"];
    wf_1997_count_is_no_level: "", "Law 9B2(b) (1 board)" => ["9B2(b)=9B2b"];
    wf_1997_level_alone_is_no_law: "", "Law 12C1(a)(2) og (3)" => ["12C1(a)(2)=12C1a(ii)"];
    wf_glued_roman: "", "jf. § 212A1ai om fradrag" => ["212A1ai=212A1a(i)"];
    wf_glued_roman_iii: "", "se 212A1aiii" => ["212A1aiii=212A1a(iii)"];
    wf_glued_roman_en: "", "see Law 12C1eii" => ["12C1eii=12C1e(ii)"];
    wf_glued_letters_are_no_roman: "", "se 12C1abc" => [];
    wf_glued_roman_needs_a_cue: "", "koden 212A1ai" => [];
    wf_hash: "", "Law #68 says when play ends" => ["68"];
    wf_hash_spaced: "", "Law # 68" => ["68"];
    wf_hash_levels: "", "see Law #16B1a" => ["16B1a"];
    wf_hash_post: "", "see post #68" => [];
    wf_hash_board: "", "board #12 was fouled" => [];
    wf_hash_see: "", "se #12 i tråden" => [];
    wf_dotted_no_section: "", "Law 45.4. (b) is clear" => ["45"];
    wf_dotted_paren: "", "Law 45.C.4.(b) is clear" => ["45.C.4.(b)=45C4b"];
    wf_dotted_spaced_paren: "", "Law 45.C.4. (b) is clear" => ["45.C.4. (b)=45C4b"];
    wf_dot_paren: "", "Law 45C4.(b) is clear" => ["45C4.(b)=45C4b"];
    wf_spaced_paren: "", "under Law 45C4 (b) the card" => ["45C4 (b)=45C4b"];
    wf_sentence_then_label: "", "under Law 45C4. (b) The next point" => ["45C4"];
    wf_decimal_without_law: "", "version 2.0 af reglerne" => [];
    wf_decimal_quantity_after_law: "", "Law 2.5 points" => [];
    wf_date_after_law: "", "lov 1.9.2017" => [];
    wf_capital_sub_law: "", "Law 27B1A applies" => ["27B1A=27B1a"];
    wf_capital_sub_law_context: "", "In the Laws, 27B1A covers it." => ["27B1A=27B1a"];
    wf_capital_sub_needs_context: "", "The code 27B1A was printed." => [];
    wf_capital_sub_not_a_call_sequence: "", "The Laws allow 1C2D here" => [];
    wf_capital_sub_other_sentence: "", "See the Laws. 27B1A was printed." => [];
    wf_bracketed_section: "", "Law 3(a) applies" => ["3(a)=3A"];
    wf_bracketed_section_nb: "", "etter lov 16(b)" => ["16(b)=16B"];
    wf_bracketed_section_list: "", "Svarene var 1(a), 2(b) og 3(a)." => [];
    wf_bracketed_label: "", "spørsmål 3(a) i oppgaven" => [];
}

// # Web addresses: not a citation context
cases! {
    wu_trailing_dot_host: "", "Se https://www.bridge.dk./lov/12C1 om dette." => [];
    wu_path: "", "see https://lovbok.example/p/16B1a for it" => [];
    wu_www: "", "på www.bridge.no/lov/12C1" => [];
    wu_after_address: "", "Law 12 (https://www.bridge.dk./lov)" => ["12"];
}

// # The same forms as a query
queries! {
    wq_item_range: "L20F4-5" => ["20F4", "20F5"];
    wq_section_range: "Law 54A-D" => ["54A", "54B", "54C", "54D"];
    wq_hash: "Law #68" => ["68"];
    wq_1997_sub_parts: "9B2(b)(1)" => ["9B2b(i)"];
    wq_bracketed_section: "Law 3(a)" => ["3A"];
    wq_list_no_space: "64A,64B og 64C" => ["64A", "64B", "64C"];
    wq_descending_is_no_range: "20F5-4" => [];
}

#[test]
fn a_list_gives_one_list_cite_per_member() {
    kinds("", "Laws 64A, 64B and 64C", &[CiteKind::List; 3]);
    kinds("", "Lov 12C1 og 12C2", &[CiteKind::List; 2]);
}

#[test]
fn a_range_below_a_root_is_one_range_cite() {
    kinds("", "L20F4-5", &[CiteKind::Range]);
    kinds("", "see L54A-D", &[CiteKind::Range]);
}

/// A range whose end the corpus does not have links what it has and marks
/// the rest unresolved: never another provision in their place.
#[test]
fn a_range_past_the_last_provision_marks_the_missing_ones() {
    let found = link("Law 12C1-3", None, &Fake::new());
    assert_eq!(found.len(), 1);
    let got: Vec<(String, bool)> = found[0]
        .targets
        .iter()
        .map(|t| {
            let missing = matches!(t.status, Status::Unresolved { .. });
            (t.id.to_string(), missing)
        })
        .collect();
    let want = [("12C1", false), ("12C2", false), ("12C3", true)];
    assert_eq!(got, want.map(|(i, m)| (i.to_string(), m)));
}

//! The glossary's TD vocabulary: a term TDs use (mostly the Laws' English)
//! beside the corpus's own wording for it in the provision named (`16B1`
//! says "markert nøling" where the English text speaks of hesitation).

use super::{e, Entry, Source::Text as T};

/// The entries of this section, in the glossary's order.
pub(super) const TD_TERMS: &[Entry] = &[
    e(
        &["clarification period"],
        &["oppklaringsperiode"],
        &["afklaringsperiode"],
        &[T("17D1")],
    ),
    e(
        &["correction period"],
        &["korreksjonsperiode", "korreksjonsperioden"],
        &[],
        &[T("14B")],
    ),
    e(
        &["hesitation", "hesitate", "hesitated"],
        &["nøling"],
        &["tænkepause"],
        &[T("16B1")],
    ),
    e(&["break in tempo"], &["tempo"], &["tempo"], &[T("16B1")]),
    e(
        &["logical alternative", "logical alternatives"],
        &["logisk alternativ"],
        &["logisk alternativ"],
        &[T("16B1b")],
    ),
    e(&["logical"], &["logisk"], &["logisk"], &[T("16B1b")]),
    e(
        &["alternative", "alternatives"],
        &["alternativ"],
        &["alternativ"],
        &[T("16B1b")],
    ),
    e(&["redeal", "re-deal"], &["omgiv"], &[], &[T("6D")]),
    e(&["deposit"], &["depositum"], &["depositum"], &[T("X92B")]),
    e(
        &["late", "lateness"],
        &["for sen"],
        &["for sen", "forsinkelse"],
        &[T("212")],
    ),
    e(&["arrival"], &["ankomst"], &["ankomst"], &[T("212")]),
    e(&["slow"], &["langsomt"], &["langsomt"], &[T("213")]),
    e(
        &["substitute", "substitutes"],
        &["substitutt"],
        &["substitut"],
        &[T("242")],
    ),
    e(&["screen", "screens"], &["skjerm"], &["skærm"], &[T("X80")]),
    e(
        &["convention card", "system card"],
        &["systemkort"],
        &["systemkort"],
        &[T("X40A")],
    ),
    e(
        &["bidding box", "bidding boxes"],
        &["meldeboks"],
        &["budkasse"],
        &[T("X90B")],
    ),
    e(&["weighted"], &["vektet"], &["vægtet"], &[T("12C1c")]),
    e(
        &["regulating"],
        &["regulerende"],
        &["regulerende"],
        &[T("12C2")],
    ),
    e(
        &["wild or gambling", "gambling"],
        &["sjansepreget"],
        &[],
        &[T("12C1e")],
    ),
    e(&["action"], &["aksjon"], &["handling"], &[T("12C1e")]),
    e(&["redress"], &["erstatning"], &[], &[T("12B1")]),
    e(&["damage", "damaged"], &["skade"], &["skade"], &[T("12B1")]),
    e(
        &["non-offending", "non offending"],
        &["ikke-feilende"],
        &["ikke-fejlende"],
        &[T("12B1")],
    ),
    e(
        &["tie", "tied", "tie break"],
        &[],
        &["pointlighed", "uafgjort"],
        &[T("221")],
    ),
    e(
        &["sit out", "sits out", "sit-out"],
        &[],
        &["oversidder"],
        &[T("X78A5")],
    ),
    e(
        &["time limit", "time limits"],
        &["frist"],
        &["frist"],
        &[T("X92A")],
    ),
    e(&["correction"], &[], &["rettelse"], &[T("X79")]),
    e(
        &["average"],
        &["middel", "gjennomsnitt"],
        &["middel"],
        &[T("12C2")],
    ),
];

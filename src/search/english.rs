//! English as TDs type it: a third of what they ask is in the Laws' own
//! language, in any form of a word. The books are Norwegian and Danish, so
//! their analyzers cannot join `conceding` to `concede` or `led` to
//! `lead`; the subject index's English terms and the glossary's English
//! words are met through these.

use std::cell::RefCell;

use tantivy::tokenizer::{Language, RawTokenizer, Stemmer, TextAnalyzer};

/// Forms of common English strong verbs, base form first. The subject
/// index's English terms are matched by their Snowball stems, which join
/// `claims` and `claimed` but not `led` and `lead` or `said` and `say`; a
/// TD writes "defender led out of turn" where a term says "lead out of
/// turn". `left` (the side) and `lay` are left out: their other senses
/// are as common.
const STRONG_VERBS: &[&[&str]] = &[
    &["say", "said"],
    &["lead", "led"],
    &["mislead", "misled"],
    &["take", "took", "taken"],
    &["mistake", "mistook", "mistaken"],
    &["see", "saw", "seen"],
    &["give", "gave", "given"],
    &["make", "made"],
    &["come", "came"],
    &["find", "found"],
    &["hold", "held"],
    &["withhold", "withheld"],
    &["think", "thought"],
    &["tell", "told"],
    &["know", "knew", "known"],
    &["show", "showed", "shown"],
    &["fall", "fell", "fallen"],
    &["throw", "threw", "thrown"],
    &["draw", "drew", "drawn"],
    &["withdraw", "withdrew", "withdrawn"],
    &["go", "went", "gone"],
    &["get", "got", "gotten"],
    &["begin", "began", "begun"],
    &["speak", "spoke", "spoken"],
    &["mean", "meant"],
    &["send", "sent"],
    &["keep", "kept"],
    &["sit", "sat"],
    &["stand", "stood"],
    &["write", "wrote", "written"],
    &["break", "broke", "broken"],
    &["hide", "hid", "hidden"],
    &["choose", "chose", "chosen"],
    &["forget", "forgot", "forgotten"],
    &["understand", "understood"],
    &["misunderstand", "misunderstood"],
    &["hear", "heard"],
    &["overhear", "overheard"],
    &["lose", "lost"],
    &["win", "won"],
    &["deal", "dealt"],
    &["pay", "paid"],
    &["bring", "brought"],
    &["catch", "caught"],
    &["run", "ran"],
    &["ring", "rang", "rung"],
    &["rise", "rose", "risen"],
    &["feel", "felt"],
    &["wake", "woke", "woken"],
];

/// The base form of an English strong verb's past or participle (`led` →
/// `lead`), so that the forms of a verb have one stem.
pub(crate) fn base(word: &str) -> Option<&'static str> {
    STRONG_VERBS
        .iter()
        .find(|forms| forms[1..].contains(&word))
        .map(|forms| forms[0])
}

/// Every form of the English table, for the tables that list each word as
/// it may be typed.
pub(crate) fn strong_verb_forms() -> impl Iterator<Item = &'static str> {
    STRONG_VERBS.iter().flat_map(|forms| forms.iter().copied())
}

thread_local! {
    /// Each thread's English stemmer (Snowball, as tantivy ships it).
    static ENGLISH: RefCell<TextAnalyzer> = RefCell::new(
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(Stemmer::new(Language::English))
            .build(),
    );
}

/// `en:` and the English Snowball stem of a lower-case word; a strong
/// verb's past or participle has its base form's stem (`led` → `en:lead`).
pub(crate) fn stem(word: &str) -> Option<String> {
    let word = base(word).unwrap_or(word);
    ENGLISH.with(|a| {
        let mut a = a.borrow_mut();
        let mut stream = a.token_stream(word);
        stream
            .advance()
            .then(|| format!("en:{}", stream.token().text))
    })
}

/// The regular English inflections of a word of English letters
/// (`revoke` → `revokes`, `revoked`, `revoking`): forms a TD types that
/// the server stems and a browser cannot. Not for other words.
pub(crate) fn inflections(word: &str) -> Vec<String> {
    if word.len() < 3 || !word.chars().all(|c| c.is_ascii_lowercase()) {
        return Vec::new();
    }
    let mut out = vec![
        format!("{word}s"),
        format!("{word}es"),
        format!("{word}ed"),
        format!("{word}ing"),
    ];
    if let Some(stem) = word.strip_suffix('e') {
        out.push(format!("{word}d"));
        out.push(format!("{stem}ing"));
    }
    if let Some(stem) = word.strip_suffix('y') {
        out.push(format!("{stem}ies"));
        out.push(format!("{stem}ied"));
    }
    out
}

/// The regular forms of a single English word that have its stem
/// (`concede` → `conceded`, `conceding`; not `conceds`), from the word and
/// from the base it may be a form of (`exposed` → `expose`, `exposes`).
pub(crate) fn forms_of(word: &str) -> Vec<String> {
    if word.contains([' ', '-']) {
        return Vec::new();
    }
    let own = stem(word);
    let mut bases = vec![word.to_string()];
    for ending in ["ed", "ing", "es", "s"] {
        if let Some(base) = word.strip_suffix(ending) {
            bases.push(base.to_string());
            bases.push(format!("{base}e"));
        }
    }
    let mut out: Vec<String> = bases
        .iter()
        .flat_map(|b| std::iter::once(b.clone()).chain(inflections(b)))
        .filter(|f| f != word && stem(f) == own)
        .collect();
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_past_form_has_its_base() {
        assert_eq!(base("led"), Some("lead"));
        assert_eq!(base("said"), Some("say"));
        assert_eq!(base("withdrawn"), Some("withdraw"));
        // A base form and a word the table leaves out stay as they are.
        assert_eq!(base("lead"), None);
        assert_eq!(base("left"), None);
        assert!(strong_verb_forms().any(|f| f == "misled"));
    }

    #[test]
    fn the_forms_of_a_verb_have_one_stem() {
        assert_eq!(stem("led"), stem("lead"));
        assert_eq!(stem("conceding"), stem("concede"));
        assert_ne!(stem("claim"), stem("clam"));
        assert!(inflections("concede").contains(&"conceding".to_string()));
    }

    #[test]
    fn an_english_word_is_a_key_in_its_regular_forms() {
        let forms = forms_of("exposed");
        for f in ["expose", "exposes", "exposing"] {
            assert!(forms.contains(&f.to_string()), "{f}: {forms:?}");
        }
        assert!(!forms.contains(&"exposed".to_string()));
        // Only forms with the word's stem: not `claimeds`, not `clam`.
        assert!(forms_of("claim").iter().all(|f| f.starts_with("claim")));
        assert!(forms_of("penalty card").is_empty());
    }
}

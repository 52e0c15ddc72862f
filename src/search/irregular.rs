//! The forms of strong (irregular) verbs, which no stemmer joins.
//!
//! Snowball cuts endings; it cannot know that `så` is the past of `se`,
//! `tok` of `ta` or `fandt` of `finde`, so a TD who writes "spilleren så et
//! kort" misses a rule that says "å se et kort". This table lists the forms
//! of the common strong verbs of Norwegian (Bokmål) and Danish. Auxiliaries
//! (`være`, `ha`, `bli`, `få`, modal verbs) are left out: they carry no
//! subject. A query word that is one of these forms also matches the other
//! forms of its verb, in that verb's language, as a morphological neighbour.

use super::analyzer::{Analyzers, Lang};
use super::vocab::Vocabulary;
use super::FastMap as HashMap;

/// Forms of one verb: infinitive, present, past, participle, passive.
const NB: &[&[&str]] = &[
    &["se", "ser", "så", "sett", "ses", "sees"],
    &["gi", "gir", "ga", "gav", "gitt", "gis"],
    &["ta", "tar", "tok", "tatt", "tas"],
    &["gå", "går", "gikk", "gått"],
    &["si", "sier", "sa", "sagt", "sies"],
    &["gjøre", "gjør", "gjorde", "gjort", "gjøres"],
    &["komme", "kommer", "kom", "kommet"],
    &["finne", "finner", "fant", "funnet", "finnes"],
    &["ligge", "ligger", "lå", "ligget"],
    &["sitte", "sitter", "satt", "sittet"],
    &["be", "ber", "ba", "bad", "bedt"],
    &["vite", "vet", "visste", "visst"],
    &["stå", "står", "sto", "stod", "stått"],
    &["trekke", "trekker", "trakk", "trukket", "trekkes"],
    &["velge", "velger", "valgte", "valgt", "velges"],
    &["spørre", "spør", "spurte", "spurt", "spørres"],
    &["bryte", "bryter", "brøt", "brutt", "brytes"],
    &["slå", "slår", "slo", "slått"],
    &["dra", "drar", "dro", "dratt"],
    &["legge", "legger", "lagt", "legges"],
    // `satt` is also a form of `sitte`: it finds both verbs.
    &["sette", "setter", "satte", "satt", "settes"],
];

/// Forms of one Danish verb, as [`NB`].
const DA: &[&[&str]] = &[
    &["se", "ser", "så", "set", "ses"],
    &["give", "giver", "gav", "givet", "gives"],
    &["tage", "tager", "tog", "taget", "tages"],
    &["gå", "går", "gik", "gået"],
    &["sige", "siger", "sagde", "sagt", "siges"],
    &["gøre", "gør", "gjorde", "gjort", "gøres"],
    &["komme", "kommer", "kom", "kommet"],
    &["finde", "finder", "fandt", "fundet", "findes"],
    &["ligge", "ligger", "lå", "ligget"],
    &["sidde", "sidder", "sad", "siddet"],
    &["bede", "beder", "bad", "bedt"],
    &["vide", "ved", "vidste", "vidst"],
    &["stå", "står", "stod", "stået"],
    &["trække", "trækker", "trak", "trukket", "trækkes"],
    &["vælge", "vælger", "valgte", "valgt", "vælges"],
    &["spørge", "spørger", "spurgte", "spurgt", "spørges"],
    &["bryde", "bryder", "brød", "brudt", "brydes"],
    &["slå", "slår", "slog", "slået"],
    &["lægge", "lægger", "lagde", "lagt", "lægges"],
    &["sætte", "sætter", "satte", "sat", "sættes"],
];

/// Particles that make a strong verb into a particle verb written as one
/// word (`ut·sette`, `av·gi`, `an·ta`; Danish `af·give`, `bort·tage`). The
/// prefixed verb inflects like the plain one (`utsatt` is the participle of
/// `utsette`, as `satt` is of `sette`), so its forms join the same way.
const NB_PARTICLES: &[&str] = &[
    "ut", "inn", "av", "opp", "på", "over", "fra", "til", "om", "an", "ned", "fram", "bort", "med",
];
/// The Danish particles, as [`NB_PARTICLES`].
const DA_PARTICLES: &[&str] = &[
    "ud", "ind", "af", "op", "på", "over", "fra", "til", "om", "an", "ned", "frem", "bort", "med",
];

/// The strong-verb table, analysed against one corpus.
#[derive(Debug, Default)]
pub(crate) struct Irregular {
    /// A form as written → the verbs (entries) it is a form of.
    by_form: HashMap<String, Vec<usize>>,
    /// Per verb: the terms of its forms the corpus uses.
    terms: Vec<Vec<String>>,
}

impl Irregular {
    pub(crate) fn build(vocab: &Vocabulary, analyzers: &mut Analyzers) -> Irregular {
        let mut t = Irregular::default();
        for (lang, table, particles) in [(Lang::Nb, NB, NB_PARTICLES), (Lang::Da, DA, DA_PARTICLES)]
        {
            for forms in table {
                t.add(
                    lang,
                    forms.iter().map(|f| f.to_string()),
                    vocab,
                    analyzers,
                    true,
                );
                // A particle verb is kept only when the corpus uses one of
                // its forms: most particle + verb pairs are not words.
                for particle in particles {
                    let prefixed = forms.iter().map(|f| format!("{particle}{f}"));
                    t.add(lang, prefixed, vocab, analyzers, false);
                }
            }
        }
        t
    }

    /// Adds one verb's forms; without `always`, only if the corpus uses one.
    fn add(
        &mut self,
        lang: Lang,
        forms: impl Iterator<Item = String>,
        vocab: &Vocabulary,
        analyzers: &mut Analyzers,
        always: bool,
    ) {
        let forms: Vec<String> = forms.collect();
        let mut terms: Vec<String> = Vec::new();
        for form in &forms {
            if let Some(term) = analyzers.term(lang, form) {
                if vocab.has_term(&term) && !terms.contains(&term) {
                    terms.push(term);
                }
            }
        }
        if !always && terms.is_empty() {
            return;
        }
        let entry = self.terms.len();
        for form in forms {
            self.by_form.entry(form).or_default().push(entry);
        }
        self.terms.push(terms);
    }

    /// The terms of the other forms of the verbs `word` (lower case) is a
    /// form of.
    pub(crate) fn forms<'a>(&'a self, word: &str) -> impl Iterator<Item = &'a str> + 'a {
        self.by_form
            .get(word)
            .into_iter()
            .flatten()
            .filter_map(|&e| self.terms.get(e))
            .flatten()
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_past_form_finds_the_present_in_its_language() {
        let mut a = Analyzers::new();
        let nb = a.analyze(Lang::Nb, "å se et kort som er tatt");
        let da = a.analyze(Lang::Da, "har set kortet");
        let vocab = Vocabulary::build(
            [(Lang::Nb, nb.as_slice()), (Lang::Da, da.as_slice())],
            &mut a,
        );
        let t = Irregular::build(&vocab, &mut a);
        let saw: Vec<&str> = t.forms("så").collect();
        assert!(saw.contains(&"nb:se"), "{saw:?}");
        assert!(saw.contains(&"da:set"), "{saw:?}");
        assert!(t.forms("tok").any(|f| f == "nb:tatt"));
        assert_eq!(t.forms("kort").count(), 0);
    }

    #[test]
    fn a_particle_verb_inflects_like_its_verb() {
        let mut a = Analyzers::new();
        let nb = a.analyze(Lang::Nb, "når TL utsetter et spill");
        let da = a.analyze(Lang::Da, "scoren afgives");
        let vocab = Vocabulary::build(
            [(Lang::Nb, nb.as_slice()), (Lang::Da, da.as_slice())],
            &mut a,
        );
        let t = Irregular::build(&vocab, &mut a);
        let put_off: Vec<&str> = t.forms("utsatt").collect();
        assert!(put_off.contains(&"nb:utsett"), "{put_off:?}");
        assert!(t.forms("afgav").any(|f| f.starts_with("da:afgiv")));
        // A particle verb the corpus never uses is not an entry.
        assert_eq!(t.forms("oppsatt").count(), 0);
    }
}

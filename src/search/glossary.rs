//! An English ↔ Norwegian ↔ Danish glossary of the WBF's bridge terms.
//!
//! The Laws are written in English by the World Bridge Federation, and TDs
//! learn and use its terms ("hesitation", "opening lead", "change of call")
//! while the corpus is the Norwegian translation and the Danish handbook.
//! Each entry is a term equivalence, a fact, never a translated sentence:
//! an English term of the WBF's Laws of Duplicate Bridge 2017, and the words
//! the corpus itself uses for it. Every entry names where it comes from:
//!
//! - [`Source::Title`]: a law's English title in the WBF 2017 Laws and the
//!   Norwegian title of the same law in `laws/` (each word of the English
//!   title beside the word the Norwegian title uses for it);
//! - [`Source::Definition`]: a term of the Laws' Definitions and the term
//!   the Norwegian Definitions (`laws/definisjoner.md`) give for it;
//! - [`Source::Text`]: a TD term and the corpus's own wording for it in the
//!   provision named (`16B1` says "markert nøling" where the English text
//!   speaks of hesitation).
//!
//! An entry relates terms, never a question to its answer. Like the
//! thesaurus (which takes the entries as groups), only words are looked up;
//! a multi-word member is searched as a phrase. The Danish column holds the
//! handbook's own word where it differs from the Norwegian one.

/// Where an entry's equivalence comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The law of this number: its English (WBF 2017) and Norwegian titles.
    Title(u8),
    /// A defined term of the Laws (its Norwegian term, as in `def:…`).
    Definition(&'static str),
    /// The corpus's wording in this provision (its cite).
    Text(&'static str),
}

/// One term: English, Norwegian, Danish, and the source.
pub(crate) struct Entry {
    pub en: &'static [&'static str],
    pub nb: &'static [&'static str],
    pub da: &'static [&'static str],
    /// Checked by the tests against the corpus; for the reader otherwise.
    #[allow(dead_code)]
    pub source: Source,
}

const fn e(
    en: &'static [&'static str],
    nb: &'static [&'static str],
    da: &'static [&'static str],
    source: Source,
) -> Entry {
    Entry { en, nb, da, source }
}

use Source::{Definition as D, Text as T, Title as L};

/// The glossary. See the module docs.
pub(crate) const GLOSSARY: &[Entry] = &[
    // # Law titles (WBF 2017 English title → Norwegian title of the law)
    e(&["pack", "deck"], &["kortstokk", "kortstokken"], &[], L(1)),
    e(&["board", "boards"], &["mappe", "mapper"], &[], L(2)),
    e(
        &["table", "tables"],
        &["bord", "bordoppstilling"],
        &[],
        L(3),
    ),
    e(&["partnership", "partnerships"], &["makkerpar"], &[], L(4)),
    e(
        &["seat", "seats", "assignment"],
        &["plass", "tildeling"],
        &["plads"],
        L(5),
    ),
    e(
        &["shuffle", "shuffling"],
        &["stokking", "stokke"],
        &[],
        L(6),
    ),
    e(&["deal", "dealing", "dealt"], &["giv", "gi"], &[], L(6)),
    e(&["redeal"], &["omgiv"], &[], L(6)),
    e(&["control"], &["kontroll"], &["kontrol"], L(7)),
    e(
        &["round", "rounds", "sequence"],
        &["runde", "rundene", "avvikling"],
        &[],
        L(8),
    ),
    e(
        &["procedure", "procedures"],
        &["framgangsmåte", "framgangsmåten"],
        &["fremgangsmåde"],
        L(9),
    ),
    e(
        &["irregularity", "irregularities"],
        &["uregelmessighet"],
        &["uregelmæssighed"],
        L(9),
    ),
    e(
        &["rectification", "rectify", "assessment"],
        &["korrigering", "fastsettelse"],
        &["korrektion"],
        L(10),
    ),
    e(
        &["forfeiture", "forfeit"],
        &["tap", "tapes"],
        &["fortabelse"],
        L(11),
    ),
    e(
        &["director", "directors", "td"],
        &["turneringsleder", "turneringslederen", "tl"],
        &["turneringsleder"],
        L(12),
    ),
    e(
        &["discretion", "discretionary"],
        &["skjønn"],
        &["skøn"],
        L(12),
    ),
    e(
        &["powers", "power", "authority"],
        &["myndighet"],
        &["myndighed"],
        L(12),
    ),
    e(&["incorrect"], &["ukorrekt"], &["forkert"], L(13)),
    e(&["number"], &["antall"], &["antal"], L(13)),
    e(&["missing"], &["manglende"], &["manglende"], L(14)),
    e(&["wrong"], &["feil"], &["forkert"], L(15)),
    e(&["hand", "hands"], &["hånd"], &["hånd"], L(15)),
    e(
        &["unauthorised", "unauthorized"],
        &["urettmessig"],
        &["ubeføjet", "ubeføjede"],
        L(16),
    ),
    e(&["authorised", "authorized"], &["lovlig"], &[], L(16)),
    e(
        &["information"],
        &["informasjon"],
        &["oplysninger", "information"],
        L(16),
    ),
    e(
        &["auction"],
        &["meldeperioden", "meldingsforløp"],
        &["meldeforløb"],
        L(17),
    ),
    e(
        &["bid", "bids", "bidding"],
        &["bud", "budene"],
        &["bud"],
        L(18),
    ),
    e(
        &["double", "doubles", "doubled"],
        &["dobling", "doblinger"],
        &["dobling"],
        L(19),
    ),
    e(
        &["redouble", "redoubles", "redoubled"],
        &["redobling", "redoblinger"],
        &["redobling"],
        L(19),
    ),
    e(&["review"], &["gjentakelse"], &["gentagelse"], L(20)),
    e(
        &["explanation", "explanations", "explain"],
        &["forklaring"],
        &["forklaring"],
        L(20),
    ),
    e(
        &["call", "calls"],
        &["melding", "meldinger"],
        &["melding"],
        L(20),
    ),
    e(
        &["misinformation"],
        &["feilinformasjon"],
        &["fejlinformation"],
        L(21),
    ),
    e(&["end"], &["avslutning"], &["afslutning"], L(22)),
    e(&["comparable"], &["tilsvarende"], &["tilsvarende"], L(23)),
    e(
        &["exposed", "exposure", "faced"],
        &["vist", "framvist"],
        &["fremvist"],
        L(24),
    ),
    e(
        &["change", "changes", "changed"],
        &["endring"],
        &["ændring"],
        L(25),
    ),
    e(&["illegal"], &["ulovlig"], &["ulovlig"], L(25)),
    e(&["legal"], &["lovlig"], &["lovlig"], L(25)),
    e(
        &[
            "withdrawn",
            "withdraw",
            "withdrawal",
            "retraction",
            "retract",
        ],
        &["tilbaketrukket", "tilbaketrekking"],
        &["tilbagetrukket"],
        L(26),
    ),
    e(
        &["restriction", "restrictions"],
        &["restriksjoner", "utspillsrestriksjoner"],
        &["restriktioner"],
        L(26),
    ),
    e(
        &["insufficient"],
        &["utilstrekkelig"],
        &["utilstrækkelig"],
        L(27),
    ),
    e(&["rotation"], &["tur"], &["tur"], L(28)),
    e(&["considered"], &["betraktes"], &[], L(28)),
    e(&["pass", "passes", "passed"], &["pass"], &["pas"], L(30)),
    e(
        &["simultaneous"],
        &["samtidige", "samtidig"],
        &["samtidig"],
        L(33),
    ),
    e(
        &["right", "rights"],
        &["retten", "rettigheter"],
        &["retten", "rettigheder"],
        L(34),
    ),
    e(&["retention"], &["tapes ikke"], &[], L(34)),
    e(
        &["inadmissible"],
        &["ikke tillatt"],
        &["ikke tilladt"],
        L(35),
    ),
    e(&["obligation"], &["påbud"], &[], L(37)),
    e(&["seven"], &["sju"], &["syv"], L(38)),
    e(&["final"], &["avsluttende"], &["afsluttende"], L(39)),
    e(
        &["understanding", "understandings", "agreement", "agreements"],
        &["makkeravtaler", "avtale"],
        &["makkeraftaler", "aftale"],
        L(40),
    ),
    e(
        &["commencement", "begins"],
        &["begynner"],
        &["begynder"],
        L(41),
    ),
    e(
        &["dummy"],
        &["blindemann", "blindemanns"],
        &["blindemand"],
        L(42),
    ),
    e(
        &["limitations", "limitation"],
        &["begrensninger"],
        &["begrænsninger"],
        L(43),
    ),
    e(
        &["play", "played", "plays"],
        &["spill", "spilt", "spillet"],
        &["spil", "spillet"],
        L(45),
    ),
    e(&["card", "cards"], &["kort"], &["kort"], L(45)),
    e(&["incomplete"], &["ufullstendig"], &["ufuldstændig"], L(46)),
    e(&["erroneous"], &["ugyldig"], &["ugyldig"], L(46)),
    e(&["designation"], &["angivelse"], &[], L(46)),
    e(
        &["declarer", "declarers"],
        &["spillefører", "spilleførers"],
        &["spilfører"],
        L(48),
    ),
    e(
        &["defender", "defenders"],
        &["motspiller", "motspillers"],
        &["modspiller"],
        L(49),
    ),
    e(
        &["penalty card", "penalty cards"],
        &["straffekort"],
        &["strafkort"],
        L(50),
    ),
    e(&["disposition"], &["behandling"], &["behandling"], L(50)),
    e(
        &["failure", "fail"],
        &["unnlatelse"],
        &["undladelse"],
        L(52),
    ),
    e(
        &["lead", "leads", "led"],
        &["utspill", "spilt ut"],
        &["udspil"],
        L(53),
    ),
    e(
        &["accepted", "acceptance", "accept"],
        &["godtakelse", "godtatt"],
        &["accept"],
        L(53),
    ),
    e(
        &["opening lead"],
        &["åpningsutspill"],
        &["åbningsudspil"],
        L(54),
    ),
    e(
        &["premature"],
        &["for tidlige", "for tidlig"],
        &["for tidligt"],
        L(57),
    ),
    e(&["inability"], &["ikke kan etterkommes"], &[], L(59)),
    e(&["follow suit"], &["følge farge"], &["bekende"], L(61)),
    e(&["revoke", "revokes"], &["revoke"], &["renonce"], L(61)),
    e(
        &["inquiries", "inquiry"],
        &["forespørsler"],
        &["forespørgsler"],
        L(61),
    ),
    e(
        &["correction", "correct"],
        &["korrigering"],
        &["korrektion"],
        L(62),
    ),
    e(
        &["establishment", "established"],
        &["etablering", "etablert"],
        &["etableret"],
        L(63),
    ),
    e(
        &["trick", "tricks"],
        &["stikk", "stikkene"],
        &["stik"],
        L(65),
    ),
    e(&["arrangement"], &["ordning"], &[], L(65)),
    e(&["inspection", "inspect"], &["gransking"], &[], L(66)),
    e(&["defective"], &["irregulære"], &[], L(67)),
    e(&["claim", "claims", "claimed"], &["krav"], &["krav"], L(68)),
    e(
        &["concession", "concede", "conceded"],
        &["avståelse"],
        &["afgivelse"],
        L(68),
    ),
    e(&["agreed"], &["godtatt"], &[], L(69)),
    e(
        &["contested"],
        &["ikke blir godtatt"],
        &["bestrides"],
        L(70),
    ),
    e(
        &["cancelled", "canceled"],
        &["annullering"],
        &["annullering"],
        L(71),
    ),
    e(&["principles"], &["prinsipper"], &["principper"], L(72)),
    e(
        &["communication"],
        &["kommunikasjon"],
        &["kommunikation"],
        L(73),
    ),
    e(&["tempo"], &["tempo"], &["tempo"], L(73)),
    e(&["deception"], &["villeding"], &["vildledning"], L(73)),
    e(&["conduct"], &["oppførsel"], &["opførsel"], L(74)),
    e(&["etiquette"], &["etikette"], &["etikette"], L(74)),
    e(&["mistaken"], &["feil"], &["forkert"], L(75)),
    e(
        &["spectator", "spectators"],
        &["tilskuere", "tilskuer"],
        &["tilskuer"],
        L(76),
    ),
    e(
        &["scoring"],
        &["scoring", "utregning"],
        &["udregning"],
        L(77),
    ),
    e(
        &["methods"],
        &["utregningsmetoder"],
        &["udregningsmetoder"],
        L(78),
    ),
    e(&["won", "win"], &["vunne"], &["vundne"], L(79)),
    e(
        &["regulation", "regulations"],
        &["reguleringer"],
        &[],
        L(80),
    ),
    e(
        &["organization", "organisation"],
        &["organisasjon"],
        &["organisation"],
        L(80),
    ),
    e(&["errors", "error"], &["feil"], &["fejl"], L(82)),
    e(&["notification"], &["orientere"], &[], L(83)),
    e(
        &["appeal", "appeals"],
        &["appellere", "appell"],
        &["appel"],
        L(92),
    ),
    e(
        &["rulings", "ruling"],
        &["avgjørelser", "avgjørelse"],
        &["afgørelse"],
        L(84),
    ),
    e(&["facts", "fact"], &["fakta"], &["fakta"], L(84)),
    e(&["disputed"], &["uenighet"], &["uenighed"], L(85)),
    e(
        &["team", "teams"],
        &["lag", "lagturneringer"],
        &["hold"],
        L(86),
    ),
    e(&["fouled"], &["feilsortert"], &[], L(87)),
    e(
        &["indemnity"],
        &["erstatningspoeng", "erstatning"],
        &[],
        L(88),
    ),
    e(
        &["individual"],
        &["singelturneringer", "singel"],
        &["singel"],
        L(89),
    ),
    e(
        &["procedural penalty", "procedural penalties"],
        &["prosedyrestraff"],
        &[],
        L(90),
    ),
    e(&["procedural"], &["prosedyre"], &[], L(90)),
    e(
        &["penalize", "penalise", "penalty", "penalties"],
        &["straff"],
        &["straf"],
        L(91),
    ),
    e(
        &["suspend", "suspension"],
        &["utelukkelse"],
        &["udelukkelse"],
        L(91),
    ),
    e(&["played card"], &["spilt kort"], &[], L(45)),
    e(
        &["out of turn", "out of rotation"],
        &["utenfor tur"],
        &["uden for tur"],
        L(29),
    ),
    e(&["scoring table"], &["scoringstabell"], &[], L(77)),
    // # Defined terms (English term → the Norwegian Definitions' term)
    e(
        &["adjusted score"],
        &["justert resultat"],
        &["justeret score"],
        D("Justert resultat"),
    ),
    e(
        &["adjusted"],
        &["justert"],
        &["justeret"],
        D("Justert resultat"),
    ),
    e(&["alert", "alerted"], &["alert"], &["alert"], D("Alert")),
    e(
        &["artificial"],
        &["kunstig"],
        &["kunstig"],
        D("Kunstig melding"),
    ),
    e(
        &["contestant", "contestants"],
        &["deltaker"],
        &["deltager"],
        D("Deltaker"),
    ),
    e(&["contract"], &["kontrakt"], &["kontrakt"], D("Kontrakt")),
    e(&["denomination"], &["benevnelse"], &[], D("Benevnelse")),
    e(
        &["event", "tournament"],
        &["turnering"],
        &["turnering"],
        D("Turnering"),
    ),
    e(
        &["extraneous"],
        &["uvedkommende"],
        &["uvedkommende"],
        D("Uvedkommende"),
    ),
    e(&["game"], &["utgang"], &["udgang"], D("Utgang")),
    e(
        &["honour", "honor", "honours"],
        &["honnør"],
        &["honnør"],
        D("Honnør"),
    ),
    e(
        &["inadvertent", "inadvertently", "unintended"],
        &["vanvare"],
        &["uforvarende"],
        D("Vanvare"),
    ),
    e(
        &["infraction"],
        &["regelbrudd"],
        &["regelbrud"],
        D("Regelbrudd"),
    ),
    e(
        &["matchpoint", "matchpoints"],
        &["matchpoeng"],
        &["matchpoint"],
        D("Matchpoint (poeng)"),
    ),
    e(&["odd trick", "odd tricks"], &["trekk"], &[], D("Trekk")),
    e(
        &["opponent", "opponents"],
        &["motstander", "motstandere"],
        &["modstander"],
        D("Motstander"),
    ),
    e(
        &["overtrick", "overtricks"],
        &["overstikk"],
        &["overstik"],
        D("Overstikk"),
    ),
    e(&["partner"], &["makker"], &["makker"], D("Makker")),
    e(
        &["partscore"],
        &["delkontrakt"],
        &["delkontrakt"],
        D("Delkontrakt"),
    ),
    e(
        &["play period"],
        &["spillperioden"],
        &[],
        D("Spillperioden"),
    ),
    e(&["premium", "bonus"], &["bonus"], &["bonus"], D("Bonus")),
    e(
        &["presumed declarer"],
        &["antatt spillefører"],
        &[],
        D("Antatt spillefører"),
    ),
    e(
        &["psychic", "psych"],
        &["psykisk"],
        &["psykisk"],
        D("Psykisk melding"),
    ),
    e(&["side"], &["side"], &["side"], D("Side")),
    e(&["slam"], &["slem"], &["slem"], D("Slem")),
    e(
        &["sorted deck"],
        &["sortert kortstokk"],
        &[],
        D("Sortert kortstokk"),
    ),
    e(
        &["suit", "suits"],
        &["farge"],
        &["farve", "kulør"],
        D("Farge"),
    ),
    e(&["trump", "trumps"], &["trumf"], &["trumf"], D("Trumf")),
    e(&["turn"], &["tur"], &["tur"], D("Tur")),
    e(&["undertrick", "undertricks"], &["bet"], &["bet"], D("Bet")),
    e(
        &["vulnerability", "vulnerable"],
        &["soneforhold", "faresonen"],
        &["zonen"],
        D("Soneforhold"),
    ),
    e(
        &["session"],
        &["sesjon"],
        &["halvleg", "sektion"],
        D("Sesjon"),
    ),
    e(
        &["clarification period"],
        &["oppklaringsperiode"],
        &["afklaringsperiode"],
        T("17D1"),
    ),
    e(
        &["correction period"],
        &["korreksjonsperiode", "korreksjonsperioden"],
        &[],
        T("14B"),
    ),
    // # TD vocabulary, in the corpus's own wording
    e(
        &["hesitation", "hesitate", "hesitated"],
        &["nøling"],
        &["tænkepause"],
        T("16B1"),
    ),
    e(&["break in tempo"], &["tempo"], &["tempo"], T("16B1")),
    e(
        &["logical alternative", "logical alternatives"],
        &["logisk alternativ"],
        &["logisk alternativ"],
        T("16B1b"),
    ),
    e(&["logical"], &["logisk"], &["logisk"], T("16B1b")),
    e(
        &["alternative", "alternatives"],
        &["alternativ"],
        &["alternativ"],
        T("16B1b"),
    ),
    e(&["deposit"], &["depositum"], &["depositum"], T("X92B")),
    e(
        &["late", "lateness"],
        &["for sen"],
        &["for sen", "forsinkelse"],
        T("212"),
    ),
    e(&["arrival"], &["ankomst"], &["ankomst"], T("212")),
    e(&["slow"], &["langsomt"], &["langsomt"], T("213")),
    e(
        &["substitute", "substitutes"],
        &["substitutt"],
        &["substitut"],
        T("242"),
    ),
    e(&["screen", "screens"], &["skjerm"], &["skærm"], T("X80")),
    e(
        &["convention card", "system card"],
        &["systemkort"],
        &["systemkort"],
        T("X40A"),
    ),
    e(
        &["bidding box", "bidding boxes"],
        &["meldeboks"],
        &["budkasse"],
        T("X90B"),
    ),
    e(&["weighted"], &["vektet"], &["vægtet"], T("12C1c")),
    e(
        &["regulating"],
        &["regulerende"],
        &["regulerende"],
        T("12C2"),
    ),
    e(
        &["wild or gambling", "gambling"],
        &["sjansepreget"],
        &[],
        T("12C1e"),
    ),
    e(&["action"], &["aksjon"], &["handling"], T("12C1e")),
    e(&["redress"], &["erstatning"], &[], T("12B1")),
    e(&["damage", "damaged"], &["skade"], &["skade"], T("12B1")),
    e(
        &["non-offending", "non offending"],
        &["ikke-feilende"],
        &["ikke-fejlende"],
        T("12B1"),
    ),
    e(
        &["chief director"],
        &["hovedturneringsleder", "htl"],
        &[],
        D("HTL"),
    ),
    e(
        &["tie", "tied", "tie break"],
        &[],
        &["pointlighed", "uafgjort"],
        T("221"),
    ),
    e(
        &["sit out", "sits out", "sit-out"],
        &[],
        &["oversidder"],
        T("X78A5"),
    ),
    e(
        &["time limit", "time limits"],
        &["frist"],
        &["frist"],
        T("X92A"),
    ),
    e(&["correction"], &[], &["rettelse"], T("X79")),
    e(
        &["average"],
        &["middel", "gjennomsnitt"],
        &["middel"],
        T("12C2"),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_source_and_both_sides() {
        for entry in GLOSSARY {
            assert!(!entry.en.is_empty(), "{:?}", entry.nb);
            assert!(
                !entry.nb.is_empty() || !entry.da.is_empty(),
                "{:?}",
                entry.en
            );
        }
    }

    #[test]
    fn every_source_names_a_provision_of_the_corpus() {
        use crate::corpus::{Corpus, ProvisionId};
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        for entry in GLOSSARY {
            let cite = match entry.source {
                Source::Title(n) => n.to_string(),
                Source::Definition(term) => format!("def:{term}"),
                Source::Text(cite) => cite.to_string(),
            };
            let id: Option<ProvisionId> = cite.parse().ok();
            assert!(
                id.is_some_and(|id| corpus.get(&id).is_some()),
                "{:?}: {cite} is not in the corpus",
                entry.en
            );
        }
    }
}

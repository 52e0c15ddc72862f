//! An English ↔ Norwegian ↔ Danish glossary of the WBF's bridge terms.
//!
//! The Laws are written in English by the World Bridge Federation, and TDs
//! learn and use its terms ("hesitation", "opening lead", "change of call")
//! while the corpus is the Norwegian translation and the Danish handbook.
//! Each entry is a term equivalence, a fact, never a translated sentence:
//! an English term of the WBF's Laws of Duplicate Bridge 2017, and the words
//! the corpus itself uses for it. Every entry names where it comes from (one
//! or more sources; a word shared by several titles names each law, so a
//! term has one entry however many titles use it):
//!
//! - [`Source::Title`]: a law's English title in the WBF 2017 Laws and the
//!   Norwegian title of the same law in `laws/` (each key word of the
//!   English title beside the word the Norwegian title uses for it; a word
//!   the Norwegian title does not translate is left out). Every law 1–93
//!   has at least one;
//! - [`Source::Definition`]: a term of the Laws' Definitions and the term
//!   the Norwegian Definitions (`laws/definisjoner.md`) give for it. Every
//!   Norwegian definition has one, except the few in [`SAME_WORD`], whose
//!   English term is the Norwegian one;
//! - [`Source::Text`]: a TD term and the corpus's own wording for it in the
//!   provision named (`16B1` says "markert nøling" where the English text
//!   speaks of hesitation).
//!
//! The English side was taken from the World Bridge Federation's *The Laws
//! of Duplicate Bridge 2017* (the Definitions and the titles of Laws 1–93),
//! read in the Polish Bridge Union's public copy of the WBF text
//! (`pzbs.pl/sedziowie/mpb/2017/en/`: `def.html` and one page per law) and
//! checked against the table of contents of the ACBL's *Duplicate
//! Decisions* (2020 revision), which lists the same 2017 titles in American
//! spelling. The titles are those of 2017 as the Norwegian translation
//! follows them: Law 46 is "Incomplete or Invalid Designation of a Card
//! from Dummy" (2007 said "Erroneous Call"), and Laws 73 and 89 keep their
//! 2017 titles, not the WBF's 2024 revisions.
//!
//! An entry relates terms, never a question to its answer. Like the
//! thesaurus (which takes the entries as groups), only words are looked up;
//! a multi-word member is searched as a phrase, and one whose stop words
//! leave a single word (`ikke tillatt`) is not searched at all. One English
//! word with two Norwegian senses has two entries (`play` is `spill`, and
//! `påspill` when it is not a lead), so the two Norwegian words do not
//! become synonyms of each other. The Danish column holds the handbook's
//! own word where it differs from the Norwegian one.

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

/// One term: English, Norwegian, Danish, and where the equivalence comes
/// from.
pub(crate) struct Entry {
    pub en: &'static [&'static str],
    pub nb: &'static [&'static str],
    pub da: &'static [&'static str],
    /// Checked by the tests against the corpus; for the reader otherwise.
    #[allow(dead_code)]
    pub sources: &'static [Source],
}

const fn e(
    en: &'static [&'static str],
    nb: &'static [&'static str],
    da: &'static [&'static str],
    sources: &'static [Source],
) -> Entry {
    Entry {
        en,
        nb,
        da,
        sources,
    }
}

use Source::{Definition as D, Text as T, Title as L};

/// Norwegian defined terms (as in `def:…`) whose WBF English term is the
/// same word, so an entry would map a word to itself. Terms such as
/// `Alert`, `Pass` or `Revoke` are the same word too but have entries,
/// for their Danish word or their law titles.
#[cfg(test)]
const SAME_WORD: &[&str] = &[
    // "International Matchpoint (IMP)" in the WBF Definitions.
    "International Match Point (IMP)",
    // "Score": the word the Norwegian text uses is the English one.
    "Score",
];

/// The glossary. See the module docs.
pub(crate) const GLOSSARY: &[Entry] = &[
    // # Law titles (WBF 2017 English title → Norwegian title of the law),
    // and the defined terms among them
    e(
        &["pack", "deck"],
        &["kortstokk", "kortstokken"],
        &[],
        &[L(1), D("Kortstokk")],
    ),
    e(
        &["board", "boards", "duplicate board"],
        &["mappe", "mapper", "turneringsmappe"],
        &[],
        &[L(2), L(7), L(15), L(87), D("Mappe")],
    ),
    e(
        &["table", "tables"],
        &["bord", "bordoppstilling"],
        &[],
        &[L(3)],
    ),
    e(
        &["partnership", "partnerships"],
        &["makkerpar"],
        &[],
        &[L(4)],
    ),
    e(&["seat", "seats"], &["plass"], &["plads"], &[L(5)]),
    e(
        &["assignment", "award", "awarded"],
        &["tildeling", "tildele"],
        &["tildeling", "tildele"],
        &[L(5), L(88)],
    ),
    e(
        &["shuffle", "shuffling"],
        &["stokking", "stokke"],
        &[],
        &[L(6)],
    ),
    e(
        &["deal", "dealing", "dealt"],
        &["giv", "gi"],
        &[],
        &[L(6), D("Giv")],
    ),
    e(&["control"], &["kontroll"], &["kontrol"], &[L(7)]),
    e(
        &["round", "rounds"],
        &["runde", "rundene"],
        &["runde"],
        &[L(8), D("Runde")],
    ),
    e(&["sequence"], &["avvikling"], &[], &[L(8), L(44)]),
    e(
        &["procedure", "procedures"],
        &["framgangsmåte", "framgangsmåten"],
        &["fremgangsmåde"],
        &[L(9), L(29), L(64), L(82), L(93)],
    ),
    e(
        &["irregularity", "irregularities"],
        &["uregelmessighet"],
        &["uregelmæssighed"],
        &[L(9), D("Uregelmessighet")],
    ),
    e(
        &["rectification", "rectify"],
        &["korrigering", "korrigeringer"],
        &["korrektion"],
        &[L(10), L(11), L(82), L(89), D("Korrigering(er)")],
    ),
    e(&["assessment"], &["fastsettelse"], &[], &[L(10)]),
    e(
        &["forfeiture", "forfeit"],
        &["tap", "tapes"],
        &["fortabelse"],
        &[L(11)],
    ),
    e(
        &["director", "directors", "td"],
        &["turneringsleder", "turneringslederen", "tl"],
        &["turneringsleder"],
        &[L(12), L(81), D("TL")],
    ),
    e(
        &["discretion", "discretionary"],
        &["skjønn"],
        &["skøn"],
        &[L(12)],
    ),
    e(
        &["powers", "power", "authority"],
        &["myndighet"],
        &["myndighed"],
        &[L(12)],
    ),
    e(&["incorrect"], &["ukorrekt"], &["forkert"], &[L(13)]),
    e(&["number"], &["antall"], &["antal"], &[L(13)]),
    e(&["missing"], &["manglende"], &["manglende"], &[L(14)]),
    e(
        &["wrong", "mistaken", "error", "errors"],
        &["feil"],
        &["forkert", "fejl"],
        &[L(15), L(75), L(82)],
    ),
    e(
        &["hand", "hands"],
        &["hånd"],
        &["hånd"],
        &[L(15), D("Hånd")],
    ),
    e(
        &["unauthorised", "unauthorized"],
        &["urettmessig"],
        &["ubeføjet", "ubeføjede"],
        &[L(16)],
    ),
    e(
        &["authorised", "authorized", "legal"],
        &["lovlig"],
        &["lovlig"],
        &[L(16), L(25)],
    ),
    e(
        &["information"],
        &["informasjon"],
        &["oplysninger", "information"],
        &[L(16)],
    ),
    e(
        &["unauthorised information", "unauthorized information"],
        &["urettmessig informasjon"],
        &["ubeføjede oplysninger"],
        &[L(16), D("Urettmessig informasjon (UI)")],
    ),
    e(
        &["auction period"],
        &["meldeperioden", "meldeperiode"],
        &[],
        &[L(17), D("Meldeperioden")],
    ),
    e(
        &["auction"],
        &["meldingsforløp", "meldingsforløpet"],
        &["meldeforløb"],
        &[L(22), L(24), D("Meldingsforløp")],
    ),
    e(
        &["bid", "bids", "bidding"],
        &["bud", "budene"],
        &["bud"],
        &[L(18), L(27), L(31), L(38), D("Bud")],
    ),
    e(
        &["double", "doubles", "doubled"],
        &["dobling", "doblinger", "dobler"],
        &["dobling"],
        &[L(19), L(32), L(36), D("Dobler")],
    ),
    e(
        &["redouble", "redoubles", "redoubled"],
        &["redobling", "redoblinger", "redobler"],
        &["redobling"],
        &[L(19), L(32), L(36), D("Redobler")],
    ),
    e(&["review"], &["gjentakelse"], &["gentagelse"], &[L(20)]),
    e(
        &["explanation", "explanations", "explain"],
        &["forklaring"],
        &["forklaring"],
        &[L(20), L(75)],
    ),
    e(
        &["call", "calls"],
        &["melding", "meldinger"],
        &["melding"],
        &[
            L(20),
            L(23),
            L(25),
            L(26),
            L(28),
            L(33),
            L(35),
            L(37),
            L(39),
            L(75),
            D("Melding"),
        ],
    ),
    e(
        &["misinformation"],
        &["feilinformasjon"],
        &["fejlinformation"],
        &[L(21), D("Feilinformasjon")],
    ),
    e(&["end"], &["avslutning"], &["afslutning"], &[L(22)]),
    e(
        &["comparable"],
        &["tilsvarende"],
        &["tilsvarende"],
        &[L(23)],
    ),
    e(
        &["exposed", "exposure"],
        &["vist", "framvist"],
        &["fremvist"],
        &[L(24), L(48), L(49)],
    ),
    e(
        &["exposed card", "exposed cards"],
        &["framvist kort"],
        &[],
        &[D("Framvist kort")],
    ),
    e(
        &["faced", "face up"],
        &["med framsiden opp", "framsiden opp"],
        &[],
        &[L(54)],
    ),
    e(
        &["change", "changes", "changed"],
        &["endring"],
        &["ændring"],
        &[L(25)],
    ),
    e(&["illegal"], &["ulovlig"], &["ulovlig"], &[L(25), L(60)]),
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
        &[L(26), L(47), D("Tilbaketrukket")],
    ),
    e(
        &[
            "restriction",
            "restrictions",
            "lead restriction",
            "lead restrictions",
        ],
        &["restriksjoner", "utspillsrestriksjoner"],
        &["restriktioner"],
        &[L(26)],
    ),
    e(
        &["insufficient"],
        &["utilstrekkelig"],
        &["utilstrækkelig"],
        &[L(27)],
    ),
    e(&["rotation"], &["tur"], &["tur"], &[L(28)]),
    e(&["considered"], &["betraktes"], &[], &[L(28)]),
    e(
        &["out of turn", "out of rotation"],
        &["utenfor tur"],
        &["uden for tur"],
        &[L(29), L(30), L(31), L(32), L(53), L(54), L(55), L(56)],
    ),
    e(
        &["pass", "passes", "passed"],
        &["pass", "passe"],
        &["pas"],
        &[L(30), L(37), L(39), D("Pass")],
    ),
    e(
        &["simultaneous"],
        &["samtidige", "samtidig"],
        &["samtidig"],
        &[L(33), L(58)],
    ),
    e(
        &["right", "rights"],
        &["retten", "rettigheter"],
        &["retten", "rettigheder"],
        &[L(11), L(34), L(42), L(83), L(92)],
    ),
    e(&["retention"], &["tapes ikke"], &[], &[L(34)]),
    e(
        &["inadmissible"],
        &["ikke tillatt"],
        &["ikke tilladt"],
        &[L(35), L(36)],
    ),
    e(&["obligation"], &["påbud"], &[], &[L(37)]),
    e(
        &["violating", "violate", "violates"],
        &["bryter", "bryte"],
        &[],
        &[L(37)],
    ),
    e(&["seven"], &["sju"], &["syv"], &[L(38)]),
    e(&["final"], &["avsluttende"], &["afsluttende"], &[L(39)]),
    e(
        &["understanding", "understandings", "agreement", "agreements"],
        &["makkeravtaler", "avtale"],
        &["makkeraftaler", "aftale"],
        &[L(40)],
    ),
    e(
        &["commencement", "begins"],
        &["begynner"],
        &["begynder"],
        &[L(41)],
    ),
    e(
        &["dummy"],
        &["blindemann", "blindemanns"],
        &["blindemand"],
        &[L(42), L(43), L(46), D("Blindemann")],
    ),
    e(
        &["limitations", "limitation"],
        &["begrensninger"],
        &["begrænsninger"],
        &[L(43)],
    ),
    e(
        &["play", "played", "plays"],
        &["spill", "spilt", "spillet"],
        &["spil", "spillet"],
        &[L(41), L(44), L(45), L(60), D("Spill")],
    ),
    // A play that is not a lead: `utspill eller påspill`.
    e(
        &["play", "plays"],
        &["påspill"],
        &["tilspil"],
        &[L(57), L(58), L(59)],
    ),
    e(
        &["card", "cards"],
        &["kort"],
        &["kort"],
        &[L(7), L(13), L(14), L(24), L(45), L(46), L(48), L(49)],
    ),
    e(
        &["played card", "card played"],
        &["spilt kort"],
        &[],
        &[L(45), L(47)],
    ),
    e(
        &["incomplete"],
        &["ufullstendig"],
        &["ufuldstændig"],
        &[L(46)],
    ),
    e(&["invalid"], &["ugyldig"], &["ugyldig"], &[L(46)]),
    e(&["designation"], &["angivelse"], &[], &[L(46)]),
    e(
        &["declarer", "declarers"],
        &["spillefører", "spilleførers"],
        &["spilfører"],
        &[L(48), L(55), D("Spillefører")],
    ),
    e(
        &["defender", "defenders"],
        &["motspiller", "motspillers"],
        &["modspiller"],
        &[L(49), L(56), D("Motspiller")],
    ),
    e(
        &["penalty card", "penalty cards"],
        &["straffekort"],
        &["strafkort"],
        &[L(50), L(51), L(52), D("Straffekort")],
    ),
    e(&["disposition"], &["behandling"], &["behandling"], &[L(50)]),
    e(
        &["failure", "fail"],
        &["unnlatelse"],
        &["undladelse"],
        &[L(52), L(61)],
    ),
    e(
        &["lead", "leads", "led"],
        &["utspill", "spilt ut"],
        &["udspil"],
        &[
            L(24),
            L(53),
            L(55),
            L(56),
            L(57),
            L(58),
            L(59),
            D("Utspill"),
        ],
    ),
    e(
        &["accepted", "acceptance", "accept"],
        &["godtakelse", "godtatt"],
        &["accept"],
        &[L(53)],
    ),
    e(
        &["opening lead"],
        &["åpningsutspill"],
        &["åbningsudspil"],
        &[L(54), D("Åpningsutspill")],
    ),
    e(
        &["premature"],
        &["for tidlige", "for tidlig"],
        &["for tidligt"],
        &[L(57)],
    ),
    e(&["inability"], &["ikke kan etterkommes"], &[], &[L(59)]),
    e(
        &["follow suit"],
        &["følge farge"],
        &["bekende"],
        &[L(61), D("Følge farge")],
    ),
    e(
        &["revoke", "revokes"],
        &["revoke"],
        &["renonce"],
        &[L(61), L(62), L(63), L(64), D("Revoke")],
    ),
    e(
        &["inquiries", "inquiry"],
        &["forespørsler"],
        &["forespørgsler"],
        &[L(61)],
    ),
    e(
        &["correction", "correct"],
        &["korrigering"],
        &["korrektion"],
        &[L(62)],
    ),
    e(
        &["establishment", "established"],
        &["etablering", "etablert"],
        &["etableret"],
        &[L(63), L(64)],
    ),
    e(
        &["trick", "tricks"],
        &["stikk", "stikkene"],
        &["stik"],
        &[L(65), L(66), L(67), L(68), L(79), D("Stikk")],
    ),
    e(&["arrangement"], &["ordning"], &[], &[L(65)]),
    e(&["inspection", "inspect"], &["gransking"], &[], &[L(66)]),
    e(&["defective"], &["irregulære"], &[], &[L(67)]),
    e(
        &["claim", "claims", "claimed"],
        &["krav"],
        &["krav"],
        &[L(68), L(69), L(70)],
    ),
    e(
        &["concession", "concede", "conceded"],
        &["avståelse"],
        &["afgivelse"],
        &[L(68), L(69), L(70), L(71)],
    ),
    e(&["agreed"], &["godtatt"], &[], &[L(69)]),
    e(&["agreed"], &["enighet"], &["enighed"], &[L(84)]),
    e(
        &["contested"],
        &["ikke blir godtatt"],
        &["bestrides"],
        &[L(70)],
    ),
    e(
        &["cancelled", "canceled", "cancel"],
        &["annullering", "annulering"],
        &["annullering", "annullere"],
        &[L(71), D("Annulering")],
    ),
    e(
        &["general"],
        &["generelle", "generell"],
        &["generelle", "generel"],
        &[L(72)],
    ),
    e(&["principles"], &["prinsipper"], &["principper"], &[L(72)]),
    e(
        &["communication"],
        &["kommunikasjon"],
        &["kommunikation"],
        &[L(73)],
    ),
    e(&["tempo"], &["tempo"], &["tempo"], &[L(73)]),
    e(&["deception"], &["villeding"], &["vildledning"], &[L(73)]),
    e(&["conduct"], &["oppførsel"], &["opførsel"], &[L(74)]),
    e(&["etiquette"], &["etikette"], &["etikette"], &[L(74)]),
    e(
        &["spectator", "spectators"],
        &["tilskuere", "tilskuer"],
        &["tilskuer"],
        &[L(76)],
    ),
    e(
        &["scoring"],
        &["scoring", "utregning"],
        &["udregning"],
        &[L(77), L(78)],
    ),
    e(&["scoring table"], &["scoringstabell"], &[], &[L(77)]),
    e(&["duplicate bridge"], &["turneringsbridge"], &[], &[L(77)]),
    e(
        &["methods"],
        &["utregningsmetoder"],
        &["udregningsmetoder"],
        &[L(78)],
    ),
    e(&["won", "win"], &["vunne"], &["vundne"], &[L(79)]),
    e(
        &["regulation", "regulations"],
        &["reguleringer"],
        &[],
        &[L(80)],
    ),
    e(
        &["organization", "organisation"],
        &["organisasjon"],
        &["organisation"],
        &[L(80)],
    ),
    e(&["notification"], &["orientere"], &[], &[L(83)]),
    e(
        &["appeal", "appeals"],
        &["appellere", "appell", "appeller"],
        &["appel"],
        &[L(83), L(92), L(93)],
    ),
    e(
        &["rulings", "ruling"],
        &["avgjørelser", "avgjørelse"],
        &["afgørelse"],
        &[L(84), L(85)],
    ),
    e(&["facts", "fact"], &["fakta"], &["fakta"], &[L(84), L(85)]),
    e(&["disputed"], &["uenighet"], &["uenighed"], &[L(85)]),
    e(
        &["team", "teams"],
        &["lag", "lagturneringer"],
        &["hold"],
        &[L(86), D("Lag")],
    ),
    e(&["fouled"], &["feilsortert"], &[], &[L(87)]),
    e(
        &["indemnity", "indemnity points"],
        &["erstatningspoeng", "erstatning"],
        &["erstatningspoint"],
        &[L(88)],
    ),
    e(
        &["individual"],
        &["singelturneringer", "singel"],
        &["singel"],
        &[L(89)],
    ),
    e(
        &["event", "events", "tournament"],
        &["turnering", "turneringer"],
        &["turnering"],
        &[L(89), D("Turnering")],
    ),
    e(
        &["procedural penalty", "procedural penalties"],
        &["prosedyrestraff"],
        &[],
        &[L(90)],
    ),
    e(&["procedural"], &["prosedyre"], &[], &[L(90)]),
    e(
        &["penalize", "penalise", "penalty", "penalties"],
        &["straff"],
        &["straf"],
        &[L(91), D("Straff")],
    ),
    e(
        &["suspend", "suspension"],
        &["utelukkelse"],
        &["udelukkelse"],
        &[L(91)],
    ),
    // # Defined terms (English term → the Norwegian Definitions' term),
    // those no law title names
    e(
        &["adjusted score"],
        &["justert resultat"],
        &["justeret score"],
        &[D("Justert resultat")],
    ),
    e(
        &["adjusted"],
        &["justert"],
        &["justeret"],
        &[D("Justert resultat")],
    ),
    e(&["alert", "alerted"], &["alert"], &["alert"], &[D("Alert")]),
    e(
        &["artificial"],
        &["kunstig"],
        &["kunstig"],
        &[D("Kunstig melding")],
    ),
    e(
        &["contestant", "contestants"],
        &["deltaker"],
        &["deltager"],
        &[D("Deltaker")],
    ),
    e(
        &["contract"],
        &["kontrakt"],
        &["kontrakt"],
        &[D("Kontrakt")],
    ),
    e(&["denomination"], &["benevnelse"], &[], &[D("Benevnelse")]),
    e(
        &["extraneous"],
        &["uvedkommende"],
        &["uvedkommende"],
        &[D("Uvedkommende")],
    ),
    e(&["game"], &["utgang"], &["udgang"], &[D("Utgang")]),
    e(
        &["honour", "honor", "honours"],
        &["honnør"],
        &["honnør"],
        &[D("Honnør")],
    ),
    e(
        &["inadvertent", "inadvertently", "unintended"],
        &["vanvare"],
        &["uforvarende"],
        &[D("Vanvare")],
    ),
    e(
        &["infraction"],
        &["regelbrudd"],
        &["regelbrud"],
        &[D("Regelbrudd")],
    ),
    e(
        &["lho", "left-hand opponent"],
        &["vm", "venstre motstander"],
        &[],
        &[D("VM")],
    ),
    e(
        &["matchpoint", "matchpoints"],
        &["matchpoeng"],
        &["matchpoint"],
        &[D("Matchpoint (poeng)")],
    ),
    e(&["odd trick", "odd tricks"], &["trekk"], &[], &[D("Trekk")]),
    e(
        &["opponent", "opponents"],
        &["motstander", "motstandere"],
        &["modstander"],
        &[D("Motstander")],
    ),
    e(
        &["overtrick", "overtricks"],
        &["overstikk"],
        &["overstik"],
        &[D("Overstikk")],
    ),
    e(&["partner"], &["makker"], &["makker"], &[D("Makker")]),
    e(
        &["partscore"],
        &["delkontrakt"],
        &["delkontrakt"],
        &[D("Delkontrakt")],
    ),
    e(
        &["play period"],
        &["spillperioden"],
        &[],
        &[D("Spillperioden")],
    ),
    e(&["premium", "bonus"], &["bonus"], &["bonus"], &[D("Bonus")]),
    e(
        &["presumed declarer"],
        &["antatt spillefører"],
        &[],
        &[D("Antatt spillefører")],
    ),
    e(
        &["psychic", "psych"],
        &["psykisk"],
        &["psykisk"],
        &[D("Psykisk melding")],
    ),
    e(
        &["rho", "right-hand opponent"],
        &["hm", "høyre motstander"],
        &[],
        &[D("HM")],
    ),
    e(&["rotation"], &["rotasjon"], &[], &[D("Rotasjon")]),
    e(&["side"], &["side"], &["side"], &[D("Side")]),
    e(&["slam"], &["slem"], &["slem"], &[D("Slem")]),
    e(
        &["sorted deck"],
        &["sortert kortstokk"],
        &[],
        &[D("Sortert kortstokk")],
    ),
    e(
        &["suit", "suits"],
        &["farge"],
        &["farve", "kulør"],
        &[D("Farge")],
    ),
    e(
        &["trick score"],
        &["trekkverdi", "trekkverdiene"],
        &[],
        &[D("Trekkverdi")],
    ),
    e(&["trump", "trumps"], &["trumf"], &["trumf"], &[D("Trumf")]),
    e(&["turn"], &["tur"], &["tur"], &[D("Tur")]),
    e(
        &["undertrick", "undertricks"],
        &["bet"],
        &["bet"],
        &[D("Bet")],
    ),
    e(
        &["vulnerability", "vulnerable"],
        &["soneforhold", "faresonen"],
        &["zonen"],
        &[D("Soneforhold")],
    ),
    e(
        &["session"],
        &["sesjon"],
        &["halvleg", "sektion"],
        &[D("Sesjon")],
    ),
    e(
        &["chief director"],
        &["hovedturneringsleder", "htl"],
        &[],
        &[D("HTL")],
    ),
    // Not a WBF term: the Norwegian Definitions add the federation's
    // abbreviation, here beside its English name.
    e(
        &["norwegian bridge federation"],
        &["nbf", "norsk bridgeforbund"],
        &[],
        &[D("NBF")],
    ),
    // # TD vocabulary, in the corpus's own wording
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Corpus, Kind, ProvisionId};

    fn corpus() -> Corpus {
        Corpus::build(&crate::corpus::embedded_sources()).corpus
    }

    fn cite(source: Source) -> String {
        match source {
            Source::Title(n) => n.to_string(),
            Source::Definition(term) => format!("def:{term}"),
            Source::Text(cite) => cite.to_string(),
        }
    }

    fn sources() -> impl Iterator<Item = Source> {
        GLOSSARY.iter().flat_map(|e| e.sources.iter().copied())
    }

    /// Lower-case words of a text.
    fn words(text: &str) -> Vec<String> {
        text.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_entry_has_a_source_and_both_sides() {
        for entry in GLOSSARY {
            assert!(!entry.en.is_empty(), "{:?}", entry.nb);
            assert!(
                !entry.nb.is_empty() || !entry.da.is_empty(),
                "{:?}",
                entry.en
            );
            assert!(!entry.sources.is_empty(), "{:?}", entry.en);
        }
    }

    #[test]
    fn every_source_names_a_provision_of_the_corpus() {
        let corpus = corpus();
        for entry in GLOSSARY {
            for &source in entry.sources {
                let cite = cite(source);
                let id: Option<ProvisionId> = cite.parse().ok();
                assert!(
                    id.is_some_and(|id| corpus.get(&id).is_some()),
                    "{:?}: {cite} is not in the corpus",
                    entry.en
                );
            }
        }
    }

    #[test]
    fn every_law_has_a_title_entry() {
        let missing: Vec<u8> = (1..=93)
            .filter(|&n| !sources().any(|s| s == Source::Title(n)))
            .collect();
        assert!(
            missing.is_empty(),
            "laws without a title entry: {missing:?}"
        );
    }

    #[test]
    fn every_defined_term_has_a_definition_entry_or_is_the_same_word() {
        let corpus = corpus();
        let terms: Vec<String> = corpus
            .provisions()
            .iter()
            .filter(|p| p.kind == Kind::Definition)
            .filter_map(|p| match &p.id {
                ProvisionId::Definition(term) => Some(term.clone()),
                _ => None,
            })
            .collect();
        assert!(terms.len() >= 70, "{} definitions", terms.len());
        let missing: Vec<&String> = terms
            .iter()
            .filter(|t| !SAME_WORD.contains(&t.as_str()))
            .filter(|t| !sources().any(|s| matches!(s, Source::Definition(d) if d == t.as_str())))
            .collect();
        assert!(
            missing.is_empty(),
            "definitions without an entry: {missing:?}"
        );
        // The exceptions are definitions, and have no entry after all.
        for same in SAME_WORD {
            assert!(terms.iter().any(|t| t == same), "{same} is no definition");
            assert!(
                !sources().any(|s| s == Source::Definition(same)),
                "{same} has an entry"
            );
        }
    }

    #[test]
    fn a_title_or_definition_entry_has_the_words_of_its_norwegian_title() {
        // Each word of some member is a word of the law's Norwegian title
        // (or of the defined term), or the start or end of one of its
        // compounds (`utregning` in `utregningsmetoder`).
        let corpus = corpus();
        let found = |member: &str, title: &[String]| {
            words(member).iter().all(|w| {
                title
                    .iter()
                    .any(|t| t == w || t.starts_with(w.as_str()) || t.ends_with(w.as_str()))
            })
        };
        for entry in GLOSSARY {
            for &source in entry.sources {
                let members: Vec<&str> = match source {
                    Source::Title(_) => entry.nb.to_vec(),
                    // A defined term may be the English word
                    // (`Matchpoint`), which the Danish column keeps.
                    Source::Definition(_) => entry.nb.iter().chain(entry.da).copied().collect(),
                    Source::Text(_) => continue,
                };
                let cite = cite(source);
                let id: ProvisionId = cite.parse().unwrap_or_else(|e| panic!("{cite}: {e}"));
                let title = corpus
                    .get(&id)
                    .and_then(|p| p.title.clone())
                    .unwrap_or_else(|| panic!("{cite} has no title"));
                let title = words(&title);
                assert!(
                    members.iter().any(|m| found(m, &title)),
                    "{:?} → {members:?}: none is in the title of {cite}: {title:?}",
                    entry.en
                );
            }
        }
    }
}

//! The glossary's defined terms that no law title names: each term of the
//! WBF Definitions beside the term the Norwegian Definitions
//! (`laws/definisjoner.md`) give for it.

use super::{e, Entry, Source::Definition as D};

/// The entries of this section, in the glossary's order.
pub(super) const DEFINITIONS: &[Entry] = &[
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
];

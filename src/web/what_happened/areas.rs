//! The picker's first tap: each group of the subject index split into
//! areas of the Laws and the handbook (the revoke laws, the claim laws,
//! adjusted scores...), so that no list a director scans on a phone
//! between two taps is much longer than a screen.
//!
//! An area is named by the provisions it covers, never by subjects: a
//! subject goes to the area of its first provision (the index lists the
//! most specific first) that falls in one of its group's areas, and a
//! subject none of whose provisions does goes to the group's `Rest` area.
//! A subject listed under two groups has an area in each.

use crate::corpus::{Group, ProvisionId, Root, Subject};

use super::super::i18n::Strings;

/// What part of the books an area covers.
#[derive(Debug, Clone, Copy)]
pub enum Span {
    /// Laws `lo..=hi` and the handbook's extensions to them (`X16A` is
    /// law 16's).
    Laws(u16, u16),
    /// The handbook's own sections `lo..=hi` (`211`, `212A1`).
    Sections(u16, u16),
    /// One provision and its parts (`12C2`, `X12B`); an area with such a
    /// span stands before the one with the whole law.
    Under(&'static str),
    /// Every subject none of whose provisions falls in another area of
    /// the group.
    Rest,
}

impl Span {
    fn covers(self, cite: &ProvisionId) -> bool {
        match (self, cite.numbered_root()) {
            (Span::Laws(lo, hi), Some(Root::Law(n) | Root::Extension(n))) => (lo..=hi).contains(&n),
            (Span::Sections(lo, hi), Some(Root::Section(n))) => (lo..=hi).contains(&n),
            (Span::Under(at), _) => at.parse::<ProvisionId>().is_ok_and(|p| p.contains(cite)),
            _ => false,
        }
    }
}

/// One area of a group: its address, its label and what it covers.
pub struct Area {
    /// Unique in its group; the page's id is the group's slug, two
    /// hyphens and this (`play--revoke`), apart from a subject's
    /// (`play-revoke`: one hyphen).
    pub slug: &'static str,
    pub label: fn(&'static Strings) -> &'static str,
    pub spans: &'static [Span],
}

impl Area {
    /// Its id on the page.
    pub fn id(&self, g: Group) -> String {
        format!("{}--{}", g.as_str(), self.slug)
    }
}

use Span::{Laws, Rest, Sections, Under};

macro_rules! area {
    ($slug:literal, $label:ident, [$($span:expr),* $(,)?]) => {
        Area { slug: $slug, label: |t| t.$label, spans: &[$($span),*] }
    };
}

const BEFORE_AUCTION: &[Area] = &[
    area!(
        "cards",
        area_cards,
        [Laws(1, 2), Laws(6, 7), Laws(13, 15), Laws(87, 87), Rest]
    ),
    area!(
        "seating",
        area_seating,
        [
            Laws(3, 5),
            Laws(8, 8),
            Laws(86, 86),
            Sections(212, 216),
            Sections(231, 244)
        ]
    ),
    area!("information", area_seen_cards, [Laws(16, 16)]),
];

const AUCTION: &[Area] = &[
    area!(
        "period",
        area_auction_period,
        [Laws(9, 9), Laws(13, 15), Laws(17, 19), Laws(22, 22), Rest]
    ),
    area!(
        "explanations",
        area_explanations,
        [Laws(20, 21), Laws(40, 40), Laws(75, 75), Laws(85, 85)]
    ),
    area!("hesitation", area_hesitation, [Laws(16, 16), Laws(73, 74)]),
    area!("changed", area_changed_call, [Laws(24, 25)]),
    area!(
        "insufficient",
        area_insufficient,
        [Laws(23, 23), Laws(26, 27)]
    ),
    area!(
        "out-of-turn",
        area_call_out_of_turn,
        [Laws(28, 29), Laws(33, 34)]
    ),
    area!("pass-out-of-turn", area_pass_out_of_turn, [Laws(30, 30)]),
    area!("bid-out-of-turn", area_bid_out_of_turn, [Laws(31, 32)]),
    area!("inadmissible", area_inadmissible, [Laws(35, 39)]),
];

const LEAD: &[Area] = &[
    area!(
        "opening",
        area_opening_lead,
        [Laws(17, 17), Laws(20, 20), Laws(41, 41), Laws(47, 48), Rest]
    ),
    area!("out-of-turn", area_lead_out_of_turn, [Laws(53, 56)]),
    area!(
        "restrictions",
        area_lead_restrictions,
        [Laws(23, 37), Laws(50, 51)]
    ),
];

const PLAY: &[Area] = &[
    area!("questions", area_play_questions, [Laws(20, 21), Rest]),
    area!("dummy", area_dummy, [Laws(42, 43)]),
    area!("designation", area_designation, [Laws(46, 46)]),
    area!(
        "played",
        area_played_card,
        [Laws(13, 14), Laws(44, 45), Laws(47, 47)]
    ),
    area!(
        "penalty-cards",
        area_penalty_cards,
        [Laws(26, 26), Laws(48, 52)]
    ),
    area!("wrong-hand", area_wrong_hand, [Laws(53, 56)]),
    area!("early", area_early_play, [Laws(57, 60)]),
    area!("revoke", area_revoke, [Laws(61, 64)]),
    area!("tricks", area_tricks, [Laws(65, 67)]),
];

const END_OF_PLAY: &[Area] = &[
    area!("claims", area_claims, [Laws(68, 71)]),
    area!("revoke", area_late_revoke, [Laws(62, 64)]),
    area!(
        "result",
        area_result,
        [
            Laws(7, 8),
            Laws(13, 13),
            Laws(65, 67),
            Laws(79, 79),
            Laws(85, 85),
            Sections(261, 262),
            Rest
        ]
    ),
];

const SCORING: &[Area] = &[
    area!(
        "artificial",
        area_artificial,
        [
            Under("12C2"),
            Under("X12B"),
            Under("16D2d"),
            Under("X16A4"),
            Laws(88, 88)
        ]
    ),
    area!("adjusted", area_adjusted, [Laws(11, 12), Laws(16, 16)]),
    area!("revoke", area_revoke_tricks, [Laws(64, 64)]),
    area!("table", area_score_table, [Laws(19, 19), Laws(77, 77)]),
    area!(
        "calculation",
        area_calculation,
        [Laws(78, 78), Sections(201, 201), Sections(203, 206), Rest]
    ),
    area!(
        "teams",
        area_teams_ties,
        [
            Laws(86, 86),
            Sections(202, 202),
            Sections(207, 208),
            Sections(221, 223)
        ]
    ),
    area!("correction", area_score_correction, [Laws(79, 79)]),
];

const CONDUCT: &[Area] = &[
    area!("information", area_hesitation, [Laws(16, 16), Laws(73, 73)]),
    area!(
        "behaviour",
        area_behaviour,
        [Laws(7, 7), Laws(72, 72), Laws(74, 74), Laws(76, 76)]
    ),
    area!(
        "systems",
        area_systems,
        [Laws(20, 20), Laws(40, 40), Laws(75, 75)]
    ),
    area!("rectification", area_rectification, [Laws(9, 11)]),
    area!(
        "director",
        area_director,
        [Laws(81, 85), Laws(89, 89), Rest]
    ),
    area!(
        "penalties",
        area_penalties,
        [Laws(90, 91), Sections(211, 211)]
    ),
    area!("appeals", area_appeals, [Laws(92, 93), Sections(251, 256)]),
    area!("time", area_time, [Sections(212, 216), Sections(241, 244)]),
    area!("regulations", area_regulations, [Laws(8, 8), Laws(80, 80)]),
];

/// The areas of a group, in the order the page lists them.
pub fn areas(g: Group) -> &'static [Area] {
    match g {
        Group::BeforeAuction => BEFORE_AUCTION,
        Group::Auction => AUCTION,
        Group::Lead => LEAD,
        Group::Play => PLAY,
        Group::EndOfPlay => END_OF_PLAY,
        Group::Scoring => SCORING,
        Group::Conduct => CONDUCT,
    }
}

/// The area of `g` that lists `s`, by its place in [`areas`]: the first
/// of its provisions that an area covers decides, the first such area in
/// the table when two do; else the area that takes the rest.
pub fn area_of(g: Group, s: &Subject) -> Option<usize> {
    let list = areas(g);
    let covering = |c: &ProvisionId| {
        list.iter()
            .position(|a| a.spans.iter().any(|sp| sp.covers(c)))
    };
    s.cites.iter().find_map(covering).or_else(|| {
        list.iter()
            .position(|a| a.spans.iter().any(|sp| matches!(sp, Rest)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_group_has_one_rest_area_and_unique_slugs_that_parse() {
        let mut slugs = Vec::new();
        for g in Group::ALL {
            let rest = areas(g)
                .iter()
                .filter(|a| a.spans.iter().any(|s| matches!(s, Rest)))
                .count();
            assert_eq!(rest, 1, "{g}");
            for a in areas(g) {
                let id = a.id(g);
                assert!(!slugs.contains(&id), "{id} twice");
                slugs.push(id);
                for s in a.spans {
                    if let Under(at) = s {
                        assert!(at.parse::<ProvisionId>().is_ok(), "{at}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_part_of_a_law_goes_before_the_whole_law() {
        let cite = |c: &str| c.parse::<ProvisionId>().unwrap();
        assert!(Under("12C2").covers(&cite("12C2a")));
        assert!(!Under("12C2").covers(&cite("12C1")));
        assert!(Laws(16, 16).covers(&cite("X16A3")));
        assert!(!Laws(16, 16).covers(&cite("216")));
        assert!(Sections(211, 216).covers(&cite("212A1a")));
    }
}

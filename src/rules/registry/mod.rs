/*!
Which provisions have a calculator, and what each one takes.

The list [`calculators`] is the one place the page, the API, the CLI, the
contents and search ask: a calculator's cite, its title, and its inputs as
data (name, kind, range, labels in Norwegian and Danish), so a front end
renders a form, parses a JSON body or a `--name value` flag the same way.

Each calculator is one named item in the file of its family of provisions:

| file | provisions |
| --- | --- |
| `law12c.rs` | 12C1c, 12C2, 12C4: adjusted scores |
| `x78a.rs` | X78A1–A5: pairs boards computed, sit-out pairs |
| `x78b.rs` | X78B, X78B1–B4: conversion to more tables |
| `x78cd.rs` | X78C, C1, C2, X78D1–D7: rounding, the simplified method |
| `law202_208.rs` | 202C–208C: team and match rules |
| `law211_213.rs` | 211B–213B1: deductions |

over one shared file of input machinery (`inputs.rs`: the kinds of input,
the reading and checking of raw text, the inputs several families take).
The arithmetic itself is in the modules beside this one (`scoring`,
`adjusted`, `teams`, …); a calculator only reads its inputs and calls it.

A calculator with `descendants` also serves the provisions below its own
(211B for 211B1a), and a choice option that names a provision is preset on
that provision's page (211B1d presets the single match).
*/

mod inputs;
mod law12c;
mod law202_208;
mod law211_213;
mod x78a;
mod x78b;
mod x78cd;

use std::sync::LazyLock;

use crate::corpus::ProvisionId;
use crate::rules::{Outcome, RuleError};

pub use inputs::{Args, Calculator, Choice, Input, InputKind, Value};

/// Every calculator, in reading order.
static CALCULATORS: &[Calculator] = &[
    law12c::LAW_12C1C,
    law12c::LAW_12C2,
    law12c::LAW_12C4,
    x78a::X78A1,
    x78a::X78A2,
    x78a::X78A3,
    x78a::X78A4,
    x78b::X78B,
    x78b::X78B1,
    x78b::X78B2,
    x78b::X78B3,
    x78b::X78B4,
    x78cd::X78C,
    x78cd::X78C1,
    x78cd::X78C2,
    x78cd::X78D1,
    x78cd::X78D2,
    x78cd::X78D3,
    x78a::X78A5,
    x78cd::X78D4,
    x78cd::X78D5,
    x78cd::X78D6,
    x78cd::X78D7,
    law202_208::LAW_202C,
    law202_208::LAW_208C,
    law202_208::LAW_203A,
    law202_208::LAW_203B,
    law202_208::LAW_204A,
    law202_208::LAW_204A2,
    law202_208::LAW_204B,
    law202_208::LAW_204C,
    law202_208::LAW_206A,
    law202_208::LAW_207A,
    law202_208::LAW_207A2,
    law211_213::LAW_211B,
    law211_213::LAW_212A,
    law211_213::LAW_213A,
    law211_213::LAW_213B1,
];

/// A calculator found for a provision: its own, or an ancestor's that
/// serves the provisions below it, with the options the provision presets.
#[derive(Debug, Clone)]
pub struct Found {
    pub calculator: &'static Calculator,
    /// The provision asked for (`211B1a` when 211B's calculator serves it).
    pub asked: ProvisionId,
    /// (input, option value) pairs the provision selects.
    pub preset: Vec<(&'static str, &'static str)>,
}

impl Found {
    /// Computes with `raw`, filling inputs not given from the preset. A
    /// result that rests on another case than the provision asked for is
    /// refused, never passed off as the asked one's (211B1a with 12 boards
    /// is 211B1b's case).
    pub fn compute(&self, raw: &[(String, String)]) -> Result<Outcome, RuleError> {
        let mut all = raw.to_vec();
        for (name, value) in &self.preset {
            let given = raw.iter().any(|(n, v)| n == name && !v.trim().is_empty());
            if !given {
                all.retain(|(n, _)| n != name);
                all.push(((*name).to_string(), (*value).to_string()));
            }
        }
        let outcome = self.calculator.compute(&all)?;
        // Only a provision served by an ancestor's calculator is checked: a
        // calculator's own page may rest on any case it computes (X78A3 on
        // X78B4's formula).
        let own = self.asked == self.calculator.id();
        let related = covers(&outcome.cite, &self.asked) || covers(&self.asked, &outcome.cite);
        if !own && !related {
            return Err(RuleError::OtherCase {
                asked: self.asked.clone(),
                applies: outcome.cite,
            });
        }
        Ok(outcome)
    }

    /// The value an input starts with on the provision's page.
    pub fn preset(&self, input: &str) -> Option<&'static str> {
        self.preset
            .iter()
            .find(|(n, _)| *n == input)
            .map(|(_, v)| *v)
    }
}

/// True when `outer` is `inner` or one of its ancestors.
pub(crate) fn covers(outer: &ProvisionId, inner: &ProvisionId) -> bool {
    match (outer, inner) {
        (
            ProvisionId::Numbered { root: r1, path: p1 },
            ProvisionId::Numbered { root: r2, path: p2 },
        ) => r1 == r2 && p1.is_prefix_of(p2),
        _ => outer == inner,
    }
}

/// Every calculator with its parsed id, built once.
pub(crate) static IDS: LazyLock<Vec<(ProvisionId, &'static Calculator)>> =
    LazyLock::new(|| CALCULATORS.iter().map(|c| (c.id(), c)).collect());

/// Every calculator, in reading order.
pub fn calculators() -> &'static [Calculator] {
    CALCULATORS
}

/// The calculator a provision's page, API and CLI use: its own, or the
/// nearest ancestor's that serves the provisions below it.
pub fn calculator_for(id: &ProvisionId) -> Option<Found> {
    let (cid, calc) = IDS
        .iter()
        .filter(|(cid, c)| cid == id || (c.descendants && covers(cid, id)))
        .max_by_key(|(cid, _)| cid_depth(cid))?;
    let mut preset = Vec::new();
    if cid != id {
        for input in calc.inputs {
            if let InputKind::Choice(options) = input.kind {
                let best = options
                    .iter()
                    .filter_map(|o| o.cite.map(|c| (o, super::cite(c))))
                    .filter(|(_, oc)| covers(oc, id))
                    .max_by_key(|(_, oc)| cid_depth(oc));
                if let Some((o, _)) = best {
                    preset.push((input.name, o.value));
                }
            }
        }
    }
    Some(Found {
        calculator: calc,
        asked: id.clone(),
        preset,
    })
}

pub(crate) fn cid_depth(id: &ProvisionId) -> usize {
    match id {
        ProvisionId::Numbered { path, .. } => path.depth(),
        _ => 0,
    }
}

/// True when the provision's page shows a calculator.
pub fn has_calculator(id: &ProvisionId) -> bool {
    calculator_for(id).is_some()
}

/// The calculators at or below `id` (for the contents, which lists whole
/// laws and sections).
pub fn calculators_within(id: &ProvisionId) -> impl Iterator<Item = &'static Calculator> + '_ {
    IDS.iter()
        .filter(move |(cid, _)| covers(id, cid))
        .map(|(_, c)| *c)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::inputs::raw;
    use crate::rules::testing::q;
    use crate::rules::Problem;

    fn id(s: &str) -> ProvisionId {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn every_cite_in_the_rules_parses() {
        for c in calculators() {
            assert!(c.cite.parse::<ProvisionId>().is_ok(), "{}", c.cite);
            let mut names: Vec<&str> = c.inputs.iter().map(|i| i.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(
                names.len(),
                c.inputs.len(),
                "{}: input names repeat",
                c.cite
            );
            for i in c.inputs {
                if let InputKind::Choice(options) = i.kind {
                    assert!(!options.is_empty());
                    for o in options.iter().filter_map(|o| o.cite) {
                        let oc = id(o);
                        assert!(covers(&c.id(), &oc), "{o} is outside {}", c.cite);
                    }
                }
            }
        }
    }

    #[test]
    fn every_example_computes() {
        let failed: Vec<String> = calculators()
            .iter()
            .filter_map(|c| {
                let r = c.compute(&raw(c.example));
                assert!(c.example.iter().all(|(n, _)| c.input(n).is_some()));
                r.err().map(|e| format!("{}: {e:?}", c.cite))
            })
            .collect();
        assert!(failed.is_empty(), "{}", failed.join("\n"));
    }

    #[test]
    fn a_provision_finds_its_own_calculator_or_an_ancestors() {
        let f = |s: &str| calculator_for(&id(s)).map(|f| (f.calculator.cite, f.preset));
        assert_eq!(f("X78B4"), Some(("X78B4", vec![])));
        assert_eq!(f("X78B"), Some(("X78B", vec![])));
        assert_eq!(f("211B"), Some(("211B", vec![])));
        assert_eq!(f("211B1d"), Some(("211B", vec![("form", "knockout")])));
        assert_eq!(f("211B1a"), Some(("211B", vec![("form", "team_vp")])));
        assert_eq!(f("211B2"), Some(("211B", vec![])));
        assert_eq!(f("12C2b"), Some(("12C2", vec![("scoring", "imp")])));
        assert_eq!(f("212A1a(iii)"), Some(("212A", vec![])));
        // X78 itself, X78A and laws without arithmetic have none.
        assert_eq!(f("X78"), None);
        assert_eq!(f("X78A"), None);
        assert_eq!(f("16"), None);
        assert_eq!(f("def:Alert"), None);
        assert!(has_calculator(&id("213A4a(vi)")));
        assert_eq!(f("X78A1"), Some(("X78A1", vec![])));
        // X78A1–A5, X78B and B1–B4, X78C and C1–C2, X78D1–D7.
        assert_eq!(calculators_within(&id("X78")).count(), 20);
        // X78D4 is X78A4's calculation, as its text says.
        assert_eq!(f("X78D4"), Some(("X78D4", vec![])));
        assert_eq!(f("213B1c"), Some(("213B1", vec![])));
        assert_eq!(f("204A2b"), Some(("204A2", vec![])));
        assert_eq!(calculators_within(&id("211")).count(), 1);
    }

    #[test]
    fn a_preset_fills_only_what_is_not_given() {
        let Some(f) = calculator_for(&id("211B1d")) else {
            panic!("211B1d has a calculator")
        };
        let o = f.compute(&[]).map(|o| o.cite.to_string());
        assert_eq!(o.as_deref(), Ok("211B1d"));
        // Another case than the page's is refused, not answered as if it
        // were 211B1d's (issue: a preset cite silently overridden).
        let o = f.compute(&raw(&[("form", "butler")]));
        assert!(matches!(o, Err(RuleError::OtherCase { .. })), "{o:?}");
        // An empty form field counts as not given.
        let o = f
            .compute(&raw(&[("form", " ")]))
            .map(|o| o.cite.to_string());
        assert_eq!(o.as_deref(), Ok("211B1d"));
    }

    fn calc(cite: &str) -> &'static Calculator {
        calculators()
            .iter()
            .find(|c| c.cite == cite)
            .unwrap_or_else(|| panic!("{cite} is registered"))
    }

    #[test]
    fn a_comma_that_reads_two_ways_is_refused_with_both_readings() {
        // 202C's KP lists take 0–25 with two decimals: "18,20" is 18,2 or
        // 18 and 20 (issue 22: "18,20" silently read as 18.2).
        let c = calc("202C");
        let e = c.compute(&raw(&[("culpable", "yes"), ("others", "18,20")]));
        let Err(e) = e else {
            panic!("18,20 is refused: {e:?}")
        };
        assert_eq!(
            e.to_string(),
            "others: \"18,20\" can be read two ways: 18,2 or 18; 20; \
             write a decimal point, or separate entries with a space or ;"
        );
        assert!(c
            .error_text(&e, crate::lang::Lang::Nb)
            .contains("«18,20» kan leses på to måter: 18,2 eller 18; 20"));
        assert!(c
            .error_text(&e, crate::lang::Lang::Da)
            .contains("»18,20« kan læses på to måder: 18,2 eller 18; 20"));
        // One reading only: 37 is off the scale, so 14,37 is 14,37; a list
        // with other separators uses the comma as a decimal comma.
        for (text, first) in [("14,37", "14.37"), ("18,20 17", "18.2"), ("18,20;", "18.2")] {
            let a = c.parse(&raw(&[("culpable", "yes"), ("others", text)]));
            assert_eq!(a.map(|a| a.numbers("others")[0]), Ok(q(first)), "{text}");
        }
        // Scores: a comma separates them, but "420,0" is also 420 with a
        // decimal comma.
        let c = calc("X78B");
        let e = c.compute(&raw(&[("tables", "13"), ("scores", "420,0")]));
        assert!(
            matches!(e, Err(RuleError::Input { problem: Problem::TwoReadings { ref one, ref two, .. }, .. }) if one == "420" && two == "420; 0"),
            "{e:?}"
        );
        let a = c.parse(&raw(&[("tables", "13"), ("scores", "420,50")]));
        assert_eq!(
            a.ok().and_then(|a| a.scores("scores").map(<[i64]>::to_vec)),
            Some(vec![420, 50])
        );
        // A lone decimal input has one reading.
        let o = calc("X78B4").compute(&raw(&[("tables", "13"), ("results", "6"), ("mp", "7,5")]));
        assert!(o.is_ok(), "{o:?}");
    }

    #[test]
    fn a_missing_choices_error_lists_every_choice_by_its_labels() {
        // 12C2 with nothing chosen: both choices in one error, each with
        // every option (issue 36: only the first, by its raw values).
        let c = calc("12C2");
        let Err(e) = c.compute(&[]) else {
            panic!("12C2 needs its choices")
        };
        assert_eq!(
            e.to_string(),
            "scoring: is missing: choose one of pairs, imp; \
             side: is missing: choose one of none, partial, full"
        );
        assert_eq!(
            c.error_text(&e, crate::lang::Lang::Nb),
            "Utregning: mangler: velg en av «Par, i prosent» eller «IMP»; \
             Ansvar for uregelmessigheten: mangler: velg en av «Ikke noe: middels pluss», \
             «Delvis: middels» eller «Ansvarlig: middels minus»"
        );
        assert!(c
            .error_text(&e, crate::lang::Lang::Da)
            .starts_with("Udregningsmetode: mangler: vælg en af »Par, i procent« eller »Imp«; "));
        // A choice the arithmetic asks for (212A from 30 minutes) gets its
        // options and labels too.
        let c = calc("212A");
        let Err(e) = c.compute(&raw(&[
            ("minutes", "30"),
            ("scoring", "vp"),
            ("culpable", "yes"),
        ])) else {
            panic!("30 minutes asks whether the match is played")
        };
        assert!(c
            .error_text(&e, crate::lang::Lang::Nb)
            .ends_with("mangler: velg en av «Ja» eller «Nei»"));
    }

    #[test]
    fn every_option_of_every_choice_reaches_its_typed_variant() {
        // A calculator reads a choice as the type whose options its input
        // lists; an option that type does not know would be refused here.
        for c in calculators() {
            for input in c.inputs {
                let InputKind::Choice(options) = input.kind else {
                    continue;
                };
                for o in options {
                    let mut given: Vec<(&str, &str)> = c
                        .example
                        .iter()
                        .copied()
                        .filter(|(n, _)| *n != input.name)
                        .collect();
                    given.push((input.name, o.value));
                    let r = c.compute(&raw(&given));
                    assert!(
                        !matches!(&r, Err(RuleError::Input { input: i, problem: Problem::NotAChoice { .. } }) if i == input.name),
                        "{} {}={}: {r:?}",
                        c.cite,
                        input.name,
                        o.value
                    );
                }
            }
        }
    }
}

/*!
X78B: a group of results converted to more tables (X78B), with its cases of
one, two and three results (X78B1–B3) and Neuberg's formula (X78B4).
*/

use super::inputs::{self, decimal, whole, Calculator, Input, TABLES};
use crate::rules::conversion::{self, GROUP_SCORES, NEUBERG_RESULTS};
use crate::rules::limits::Count;
use crate::rules::scoring::GROUP_MP;
use crate::rules::Label;

pub(crate) const RESULTS_G4: Input = whole("results", Label::ResultsGroupG, NEUBERG_RESULTS, true);

/// X78B2's and X78B3's groups: exactly two and three scores.
const TWO: Count = Count::new(2, 2);
const THREE: Count = Count::new(3, 3);

pub(crate) const fn scores(count: Count) -> Input {
    inputs::scores("scores", Label::ScoresGroupOneDirection, count)
}

/// X78B: Conversion to more tables.
pub(crate) const X78B: Calculator = Calculator {
    cite: "X78B",
    title: Label::ConversionMoreTables,
    descendants: false,
    example: &[("tables", "13"), ("scores", "420 420 170 -50 100")],
    inputs: &[TABLES, scores(GROUP_SCORES)],
    run: |a| conversion::convert_group(a.req_whole("tables")?, a.req_scores("scores")?),
};

/// X78B1: One result in the group.
pub(crate) const X78B1: Calculator = Calculator {
    cite: "X78B1",
    title: Label::OneResultGroup,
    descendants: false,
    example: &[("tables", "13")],
    inputs: &[TABLES],
    run: |a| conversion::one_result(a.req_whole("tables")?),
};

/// X78B2: Two results in the group.
pub(crate) const X78B2: Calculator = Calculator {
    cite: "X78B2",
    title: Label::TwoResultsGroup,
    descendants: false,
    example: &[("tables", "13"), ("scores", "420 -50")],
    inputs: &[TABLES, scores(TWO)],
    run: |a| match *a.req_scores("scores")? {
        [x, y] => conversion::two_results(a.req_whole("tables")?, [x, y]),
        ref s => Err(TWO.error("scores", s.len())),
    },
};

/// X78B3: Three results in the group.
pub(crate) const X78B3: Calculator = Calculator {
    cite: "X78B3",
    title: Label::ThreeResultsGroup,
    descendants: false,
    example: &[("tables", "13"), ("scores", "420 420 50")],
    inputs: &[TABLES, scores(THREE)],
    run: |a| match *a.req_scores("scores")? {
        [x, y, z] => conversion::three_results(a.req_whole("tables")?, [x, y, z]),
        ref s => Err(THREE.error("scores", s.len())),
    },
};

/// X78B4: Neuberg's formula.
pub(crate) const X78B4: Calculator = Calculator {
    cite: "X78B4",
    title: Label::NeubergFormula,
    descendants: false,
    example: &[("tables", "13"), ("results", "6"), ("mp", "7.5")],
    inputs: &[
        TABLES,
        RESULTS_G4,
        decimal("mp", Label::MatchpointsWithinGroupP, GROUP_MP, 4, true),
    ],
    run: |a| {
        conversion::neuberg(
            a.req_whole("tables")?,
            a.req_whole("results")?,
            a.req_decimal("mp")?,
        )
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::rules::registry::inputs::raw;
    use crate::rules::RuleError;

    #[test]
    fn raw_inputs_are_read_by_their_kind() {
        let c = &X78B4;
        let err = |pairs: &[(&str, &str)]| c.compute(&raw(pairs)).err().map(|e| e.to_string());
        assert_eq!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "7,5")]),
            None,
            "a decimal comma"
        );
        assert_eq!(
            err(&[("tables", "13.5"), ("results", "6"), ("mp", "7")]).as_deref(),
            Some("tables: must be a whole number")
        );
        assert_eq!(
            err(&[("tables", "13"), ("results", "6")]).as_deref(),
            Some("mp: is missing")
        );
        assert_eq!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "")]).as_deref(),
            Some("mp: is missing")
        );
        assert_eq!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "NaN")]).as_deref(),
            Some("mp: \"NaN\" is not a number")
        );
        assert_eq!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "inf")]).as_deref(),
            Some("mp: \"inf\" is not a number")
        );
        assert_eq!(
            err(&[("tables", "-13"), ("results", "6"), ("mp", "1")]).as_deref(),
            Some("tables: must be from 2 to 1000")
        );
        assert!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "1"), ("x", "1")])
                .is_some_and(|e| e.starts_with("x: is not an input"))
        );
        assert_eq!(
            err(&[
                ("tables", "13"),
                ("tables", "14"),
                ("results", "6"),
                ("mp", "1")
            ])
            .as_deref(),
            Some("tables: is given more than once")
        );
        assert_eq!(
            err(&[("tables", "13"), ("results", "6"), ("mp", "1.23456")]).as_deref(),
            Some("mp: has more than 4 decimals")
        );
    }

    #[test]
    fn scores_are_read_from_a_list() {
        let c = &X78B;
        let args = c.parse(&raw(&[("tables", "13"), ("scores", "420, -50;170  +100")]));
        assert_eq!(
            args.ok()
                .and_then(|a| a.scores("scores").map(<[i64]>::to_vec)),
            Some(vec![420, -50, 170, 100])
        );
        for bad in ["425", "420 x", "1e5", "7610", "4.2e2.1"] {
            let e = c.compute(&raw(&[("tables", "13"), ("scores", bad)]));
            assert!(
                matches!(e, Err(RuleError::Input { ref input, .. }) if input == "scores"),
                "{bad}: {e:?}"
            );
        }
    }

    #[test]
    fn errors_name_the_input_by_its_label_on_pages() {
        let c = &X78B4;
        let Err(e) = c.compute(&raw(&[("tables", "1"), ("results", "6"), ("mp", "1")])) else {
            panic!("1 table is refused")
        };
        assert_eq!(
            c.error_text(&e, Lang::Nb),
            "Antall bord (A): må være fra 2 til 1000"
        );
        assert_eq!(
            c.error_text(&e, Lang::Da),
            "Antal borde (A): skal være fra 2 til 1000"
        );
        let Err(e) = c.compute(&raw(&[("tables", "6"), ("results", "6"), ("mp", "1")])) else {
            panic!("as many results as tables is refused")
        };
        assert_eq!(
            c.error_text(&e, Lang::Nb),
            "Antall bord (A): må være større enn Resultater i gruppen (G)"
        );
    }
}

/*!
The "Regn ut" (calculate) form under a provision that has a calculator.

The form is plain HTML that works without JavaScript: it submits with GET to
the provision's own page, and [`Site::calc_view`] computes the result on the
server with the same function `POST /api/calc/{cite}` calls. With
`calc.js` the page posts to that endpoint as the user types and shows the
answer in place. Everything here (view model, `templates/calc.html`,
`static/calc.js`, `static/calc.css`) is self-contained, so the provision
template only includes the partial.
*/

use crate::corpus::ProvisionId;
use crate::kb::{url_of, PROVISION_PATH};
use crate::rules;
use crate::rules::registry::{Choice, Found, Input, InputKind};
use crate::rules::Outcome;

use super::assets;
use super::i18n::Lang;
use super::site::Site;

/// The fragment the form lives at, so a submitted form scrolls back to it.
pub const ANCHOR: &str = "regn-ut";

/// One option of a select.
#[derive(Debug, Clone)]
pub struct OptionView {
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
}

/// One field of the form.
#[derive(Debug, Clone)]
pub struct InputView {
    pub name: &'static str,
    pub label: &'static str,
    /// What the user typed (or the example's value as a placeholder).
    pub value: String,
    pub placeholder: String,
    /// `numeric`, `decimal` or `text`: the keyboard a phone shows.
    pub inputmode: &'static str,
    pub required: bool,
    /// Empty for a text field.
    pub options: Vec<OptionView>,
}

/// One result line.
#[derive(Debug, Clone)]
pub struct RowView {
    pub label: &'static str,
    pub of: Option<String>,
    pub display: String,
}

/// One step of the calculation, with its cite.
#[derive(Debug, Clone)]
pub struct StepView {
    pub cite: String,
    pub url: String,
    pub what: &'static str,
    pub expr: String,
}

/// A computed result.
#[derive(Debug, Clone)]
pub struct ResultView {
    pub cite: String,
    pub url: String,
    pub rows: Vec<RowView>,
    pub steps: Vec<StepView>,
}

/// The calculator on a provision's page.
#[derive(Debug, Clone)]
pub struct CalcView {
    pub anchor: &'static str,
    pub title: &'static str,
    /// The calculator's provision (`211B` on the page of `211B1d`).
    pub cite: String,
    /// The page the form submits to.
    pub action: String,
    /// The endpoint the script posts to (the page's provision, so its
    /// presets apply).
    pub api: String,
    pub lang: &'static str,
    pub inputs: Vec<InputView>,
    pub result: Option<ResultView>,
    pub error: Option<String>,
    pub js: &'static str,
    pub css: &'static str,
}

impl Site {
    /// The calculator form for the page of `id`, filled with `query` (the
    /// page's query string) and, when any input is given, its result.
    /// `None` when the provision has no calculator.
    pub fn calc_view(
        &self,
        id: &ProvisionId,
        query: &[(String, String)],
        ui: Lang,
    ) -> Option<CalcView> {
        let found = rules::calculator_for(id)?;
        Some(build(&found, id, query, ui, self.links().calc_api))
    }
}

/// The calculator `found` on the page of `id`, its form filled from the
/// page's `query`; `api` is where the calculators answer.
fn build(
    found: &Found,
    id: &ProvisionId,
    query: &[(String, String)],
    lang: Lang,
    api: &str,
) -> CalcView {
    let calc = found.calculator;
    // Only the calculator's own inputs are read from the page's query.
    let given: Vec<(String, String)> = query
        .iter()
        .filter(|(k, v)| calc.input(k).is_some() && !v.trim().is_empty())
        .cloned()
        .collect();
    let inputs = calc
        .inputs
        .iter()
        .map(|i| input_view(found, i, &given, lang))
        .collect();
    // A page opened without inputs shows the empty form; anything given,
    // a choice included (a choice is never preselected), is computed.
    let (result, error) = if given.is_empty() {
        (None, None)
    } else {
        match found.compute(&given) {
            Ok(o) => (Some(result_view(&o, lang)), None),
            Err(e) => (None, Some(calc.error_text(&e, lang))),
        }
    };
    CalcView {
        anchor: ANCHOR,
        title: calc.title.get(lang),
        cite: calc.id().to_string(),
        action: format!("{}#{ANCHOR}", url_of(id)),
        api: format!(
            "{api}{}?lang={}",
            url_of(id).trim_start_matches(PROVISION_PATH),
            lang.code()
        ),
        lang: lang.code(),
        inputs,
        result,
        error,
        js: assets::calc_js_url(),
        css: assets::calc_css_url(),
    }
}

/// One field of the form, with what the page's query gave for it.
fn input_view(found: &Found, i: &Input, given: &[(String, String)], lang: Lang) -> InputView {
    let calc = found.calculator;
    let value_of = |name: &str| {
        given
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let example = calc
        .example
        .iter()
        .find(|(n, _)| *n == i.name)
        .map(|(_, v)| v.replace('.', ","))
        .unwrap_or_default();
    let (inputmode, options) = match i.kind {
        InputKind::Whole { min, .. } => (if min < 0 { "text" } else { "numeric" }, vec![]),
        InputKind::Decimal { min, .. } => (if min < 0 { "text" } else { "decimal" }, vec![]),
        InputKind::Scores { .. } | InputKind::Numbers { .. } => ("text", vec![]),
        InputKind::Choice(opts) => {
            let chosen = value_of(i.name)
                .or_else(|| found.preset(i.name).map(str::to_string))
                .unwrap_or_default();
            ("text", choice_options(opts, &chosen, lang))
        }
    };
    InputView {
        name: i.name,
        label: i.label.get(lang),
        value: value_of(i.name).unwrap_or_default(),
        placeholder: example,
        inputmode,
        required: i.required,
        options,
    }
}

/// A choice's options, `chosen` selected. Nothing is chosen for the user:
/// an empty first option until the page's query or the provision presets one.
fn choice_options(opts: &[Choice], chosen: &str, lang: Lang) -> Vec<OptionView> {
    let empty = OptionView {
        value: "",
        label: lang.strings().calc_choose,
        selected: !opts.iter().any(|o| o.value == chosen),
    };
    std::iter::once(empty)
        .chain(opts.iter().map(|o| OptionView {
            value: o.value,
            label: o.label.get(lang),
            selected: o.value == chosen,
        }))
        .collect()
}

/// A computed result with its steps.
fn result_view(o: &Outcome, lang: Lang) -> ResultView {
    ResultView {
        cite: o.cite.to_string(),
        url: url_of(&o.cite),
        rows: o
            .results
            .iter()
            .map(|r| RowView {
                label: r.label.get(lang),
                of: r.of.clone(),
                display: r.display(Some(lang)),
            })
            .collect(),
        steps: o
            .steps
            .iter()
            .map(|s| StepView {
                cite: s.cite.to_string(),
                url: url_of(&s.cite),
                what: s.what.get(lang),
                expr: s.expr.clone(),
            })
            .collect(),
    }
}

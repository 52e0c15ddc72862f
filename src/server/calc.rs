/*!
The calculator API: `GET /api/calc` (every calculator and its inputs) and
`POST /api/calc/{cite}` (compute), with their JSON objects.

This file is part of the API's contract like [`super::api`], kept apart so
the calculators' objects live in one place. A body is a JSON object of input
name to value; numbers, texts (`"7,5"`) and arrays of scores are all read
as text by the one parser in [`crate::rules`], so the page's form, the CLI
and the API cannot disagree. Impossible inputs are 400; a provision without
a calculator is 404; a case whose numbers the text does not give (a `[…]`
gap, a case the provision leaves open) is 422, saying what is missing.
*/

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::corpus::ProvisionId;
use crate::kb::{url_of, TypedCite};
use crate::lang::Lang;
use crate::rules::number::{show, to_f64};
use crate::rules::registry::{Calculator, InputKind};
use crate::rules::{self, Label, Outcome, RuleError};

use super::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use super::AppState;

/// The largest body `POST /api/calc/{cite}` accepts.
pub const MAX_CALC_BODY: usize = 16 * 1024;

/// A text in the three languages.
#[derive(Serialize)]
pub struct LabelDto {
    en: &'static str,
    nb: &'static str,
    da: &'static str,
}

impl From<Label> for LabelDto {
    fn from(l: Label) -> LabelDto {
        LabelDto {
            en: l.en(),
            nb: l.get(Lang::Nb),
            da: l.get(Lang::Da),
        }
    }
}

#[derive(Serialize)]
pub struct CalcResponse {
    /// The provision the result rests on (the case applied).
    cite: String,
    /// The calculator's own provision.
    calculator: String,
    title: LabelDto,
    url: String,
    results: Vec<ResultDto>,
    steps: Vec<StepDto>,
}

#[derive(Serialize)]
pub struct ResultDto {
    name: String,
    label: LabelDto,
    /// Which of several like results (the score it belongs to).
    of: Option<String>,
    /// The value as the nearest JSON number.
    value: f64,
    /// The exact value for people: decimal comma, "…" when cut.
    text: String,
    /// The value with its bound and unit in the language asked for
    /// ("høyst 40 %").
    display: String,
    unit: &'static str,
    bound: &'static str,
}

#[derive(Serialize)]
pub struct StepDto {
    cite: String,
    url: String,
    what: LabelDto,
    /// The formula with the numbers filled in; empty for a remark.
    expr: String,
}

/// The JSON object of a computed result (also `lovbok calc --json`).
pub fn outcome_dto(calc: &Calculator, o: &Outcome, lang: Option<Lang>) -> CalcResponse {
    CalcResponse {
        cite: o.cite.to_string(),
        calculator: calc.id().to_string(),
        title: calc.title.into(),
        url: url_of(&o.cite),
        results: o
            .results
            .iter()
            .map(|r| ResultDto {
                name: r.name.clone(),
                label: r.label.into(),
                of: r.of.clone(),
                value: to_f64(&r.value),
                text: show(&r.value),
                display: r.display(lang),
                unit: r.unit.as_str(),
                bound: r.bound.as_str(),
            })
            .collect(),
        steps: o
            .steps
            .iter()
            .map(|s| StepDto {
                cite: s.cite.to_string(),
                url: url_of(&s.cite),
                what: s.what.into(),
                expr: s.expr.clone(),
            })
            .collect(),
    }
}

#[derive(Serialize)]
pub struct CalculatorDto {
    cite: String,
    title: LabelDto,
    url: String,
    /// Whether the provisions below this one use it too.
    descendants: bool,
    inputs: Vec<InputDto>,
    /// Inputs that give a result.
    example: serde_json::Map<String, Value>,
}

#[derive(Serialize)]
pub struct InputDto {
    name: &'static str,
    label: LabelDto,
    kind: &'static str,
    required: bool,
    min: Option<i64>,
    max: Option<i64>,
    decimals: Option<u32>,
    options: Vec<OptionDto>,
}

#[derive(Serialize)]
pub struct OptionDto {
    value: &'static str,
    label: LabelDto,
    cite: Option<String>,
}

/// One calculator as `GET /api/calc` lists it (also `lovbok calc --list --json`).
pub fn calculator_dto(c: &Calculator) -> CalculatorDto {
    CalculatorDto {
        cite: c.id().to_string(),
        title: c.title.into(),
        url: url_of(&c.id()),
        descendants: c.descendants,
        inputs: c
            .inputs
            .iter()
            .map(|i| {
                let (kind, min, max, decimals, options) = match i.kind {
                    InputKind::Whole { min, max } => {
                        ("whole", Some(min), Some(max), Some(0), vec![])
                    }
                    InputKind::Decimal { min, max, decimals } => {
                        ("decimal", Some(min), Some(max), Some(decimals), vec![])
                    }
                    InputKind::Numbers {
                        min, max, decimals, ..
                    } => ("numbers", Some(min), Some(max), Some(decimals), vec![]),
                    InputKind::Scores { min, max } => (
                        "scores",
                        i64::try_from(min).ok(),
                        i64::try_from(max).ok(),
                        None,
                        vec![],
                    ),
                    InputKind::Choice(options) => (
                        "choice",
                        None,
                        None,
                        None,
                        options
                            .iter()
                            .map(|o| OptionDto {
                                value: o.value,
                                label: o.label.into(),
                                cite: o
                                    .cite
                                    .and_then(|c| c.parse::<ProvisionId>().ok())
                                    .map(|c| c.to_string()),
                            })
                            .collect(),
                    ),
                };
                InputDto {
                    name: i.name,
                    label: i.label.into(),
                    kind,
                    required: i.required,
                    min,
                    max,
                    decimals,
                    options,
                }
            })
            .collect(),
        example: c
            .example
            .iter()
            .map(|(k, v)| ((*k).to_string(), Value::String((*v).to_string())))
            .collect(),
    }
}

#[derive(Serialize)]
pub struct CalculatorsResponse {
    calculators: Vec<CalculatorDto>,
}

/// `GET /api/calc`.
pub(crate) async fn list() -> Json<CalculatorsResponse> {
    Json(CalculatorsResponse {
        calculators: rules::calculators().iter().map(calculator_dto).collect(),
    })
}

/// A JSON body as the (name, text) pairs the rules read.
fn raw_inputs(body: serde_json::Map<String, Value>) -> Result<Vec<(String, String)>, ApiError> {
    let text = |name: &str, v: &Value| -> Result<Option<String>, ApiError> {
        match v {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            Value::Number(n) => Ok(Some(n.to_string())),
            _ => Err(ApiError::BadRequest(format!(
                "{name}: must be a number, a text or an array of numbers"
            ))),
        }
    };
    let mut out = Vec::new();
    for (name, v) in &body {
        let value = match v {
            Value::Array(items) => {
                let mut parts = Vec::new();
                for item in items {
                    match item {
                        Value::Number(_) | Value::String(_) => {
                            parts.extend(text(name, item)?);
                        }
                        _ => {
                            return Err(ApiError::BadRequest(format!(
                                "{name}: an array may hold only numbers"
                            )))
                        }
                    }
                }
                Some(parts.join(" "))
            }
            other => text(name, other)?,
        };
        if let Some(value) = value {
            out.push((name.clone(), value));
        }
    }
    Ok(out)
}

impl From<RuleError> for ApiError {
    fn from(e: RuleError) -> ApiError {
        match e {
            RuleError::Input { .. } | RuleError::Unchosen(_) => ApiError::BadRequest(e.to_string()),
            RuleError::NotInText { .. } | RuleError::OtherCase { .. } => {
                ApiError::Unprocessable(e.to_string())
            }
        }
    }
}

#[derive(Deserialize)]
pub(crate) struct CalcParams {
    lang: Option<String>,
}

/// `?lang=nb|da`: messages and displays in that language (default English).
fn parse_lang(raw: Option<&str>) -> Result<Option<Lang>, ApiError> {
    match raw.map(str::trim) {
        None | Some("") | Some("en") => Ok(None),
        Some("nb") => Ok(Some(Lang::Nb)),
        Some("da") => Ok(Some(Lang::Da)),
        Some(l) => Err(ApiError::BadRequest(format!(
            "lang must be en, nb or da, not {l:?}"
        ))),
    }
}

/// `POST /api/calc/{cite}`.
pub(crate) async fn compute(
    State(st): State<AppState>,
    ApiPath(raw): ApiPath<String>,
    ApiQuery(params): ApiQuery<CalcParams>,
    ApiJson(body): ApiJson<serde_json::Map<String, Value>>,
) -> Result<Json<CalcResponse>, ApiError> {
    let lang = parse_lang(params.lang.as_deref())?;
    let site = st.site();
    // Any written form of a cite, as the CLI and the pages read it
    // (`x78b4`, `§ 211 B 1 d`); no cite at all is the parser's 400.
    let id = match site.kb().read_cite(&raw) {
        TypedCite::Found(id) | TypedCite::Missing(id) => id,
        TypedCite::NotACite => raw.parse::<ProvisionId>()?,
    };
    let Some(found) = rules::calculator_for(&id).filter(|_| site.kb().get(&id).is_some()) else {
        let known = site.kb().get(&id).is_some();
        return Err(ApiError::NotFound(if known {
            format!("{id} has no calculator; GET /api/calc lists those that do")
        } else {
            format!("{id} is not in the corpus")
        }));
    };
    let outcome = found.compute(&raw_inputs(body)?).map_err(|e| match lang {
        // The page's script shows the message as it is: in the page's
        // language, naming inputs by their labels, as the server-rendered
        // form does.
        Some(l) => {
            let text = found.calculator.error_text(&e, l);
            match e {
                RuleError::Input { .. } | RuleError::Unchosen(_) => ApiError::BadRequest(text),
                RuleError::NotInText { .. } | RuleError::OtherCase { .. } => {
                    ApiError::Unprocessable(text)
                }
            }
        }
        None => ApiError::from(e),
    })?;
    Ok(Json(outcome_dto(found.calculator, &outcome, lang)))
}

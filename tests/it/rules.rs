//! The calculators end to end: every registered provision is in the corpus,
//! `POST /api/calc/{cite}` and `GET /api/calc` against the OpenAPI schema,
//! the "Regn ut" form with and without JavaScript's help, the markers in
//! search and the contents, and `lovbok calc`.

use std::process::{Command, Output};

use axum::http::StatusCode;
use lovbok::corpus::ProvisionId;
use lovbok::rules;
use serde_json::Value;

use crate::api::{check_schema, get, post_json, response_schema_name, state};

// --- the registry against the corpus -------------------------------------------

#[test]
fn every_calculator_belongs_to_a_provision_with_text() {
    let st = state();
    let site = st.site();
    for c in rules::calculators() {
        let id = c.id();
        let Some((_, p)) = site.kb().get(&id) else {
            panic!("{} is not in the corpus", c.cite)
        };
        assert!(p.in_corpus, "{}: the calculator's text is missing", c.cite);
        for i in c.inputs {
            if let rules::registry::InputKind::Choice(options) = i.kind {
                for o in options.iter().filter_map(|o| o.cite) {
                    let oid: ProvisionId = o.parse().unwrap_or_else(|e| panic!("{o}: {e}"));
                    assert!(
                        site.kb().get(&oid).is_some(),
                        "option cite {o} is not in the corpus"
                    );
                }
            }
        }
    }
}

// --- the API ------------------------------------------------------------------------

async fn calc(cite: &str, body: &str) -> crate::api::Reply {
    post_json(&format!("/api/calc/{cite}"), body).await
}

fn result(v: &Value, name: &str) -> Value {
    v["results"]
        .as_array()
        .and_then(|rs| rs.iter().find(|r| r["name"] == name))
        .cloned()
        .unwrap_or_else(|| panic!("no result {name} in {v}"))
}

#[tokio::test]
async fn calc_computes_neuberg_with_its_steps() {
    let r = calc("X78B4", r#"{"tables": 13, "results": 6, "mp": 7.5}"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc/{cite}", "post", "200"));
    assert_eq!(v["cite"], "X78B4");
    assert_eq!(result(&v, "mp")["value"], 17.4);
    assert_eq!(result(&v, "mp")["text"], "17,4");
    assert_eq!(result(&v, "percent")["value"], 72.5);
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps[0]["cite"], "X78B4");
    assert_eq!(steps[0]["expr"], "13 / 6 × (7,5 + 1) − 1 = 17,41666…");
    assert_eq!(steps[1]["cite"], "X78C1");
    // Texts with a decimal comma and numbers read the same.
    let r = calc("X78B4", r#"{"tables": "13", "results": "6", "mp": "7,5"}"#).await;
    assert_eq!(result(&r.json(), "mp")["value"], 17.4);
}

#[tokio::test]
async fn calc_reads_scores_as_arrays_or_text_and_names_the_case() {
    let r = calc("X78B", r#"{"tables": 13, "scores": [420, -50, 100]}"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!(v["cite"], "X78B3");
    assert_eq!(v["calculator"], "X78B");
    assert_eq!(result(&v, "percent_1")["value"], 70.0);
    assert_eq!(result(&v, "percent_1")["of"], "+420");
    let r = calc("X78B", r#"{"tables": 13, "scores": "420 -50"}"#).await;
    assert_eq!(r.json()["cite"], "X78B2");
}

#[tokio::test]
async fn calc_scores_a_pairs_board_with_a_weighted_score() {
    // X78A1: +420, +450, -50 and a weighted 60 % +420 / 40 % -100 on four
    // tables (the arithmetic is in the unit test of rules::scoring).
    let r = calc(
        "X78A1",
        r#"{"scores": [420, 450, -50], "score1": 420, "weight1": 60, "score2": -100, "weight2": "40"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc/{cite}", "post", "200"));
    assert_eq!(v["cite"], "X78A1");
    assert_eq!(result(&v, "mp_1")["value"], 3.4);
    assert_eq!(result(&v, "mp_weighted")["value"], 1.8);
    assert_eq!(result(&v, "mp_weighted")["of"], "60 % +420, 40 % -100");
    // A weight without its score: the weight given names the score it lacks,
    // and a score without its weight the other way round.
    let r = calc(
        "X78A1",
        r#"{"scores": [420], "score1": 420, "weight1": 60, "weight2": 40}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("weight2: has no score2"), "{}", r.text());
    let r = calc(
        "X78A1",
        r#"{"scores": [420], "score1": 420, "weight1": 100, "score2": 50}"#,
    )
    .await;
    assert!(r.text().contains("score2: has no weight2"), "{}", r.text());
    // The page has the form.
    let html = get("/p/X78A1").await.text();
    assert!(
        html.contains("data-calc=\"/api/calc/X78A1?lang=nb\""),
        "no form on /p/X78A1"
    );
}

#[tokio::test]
async fn calc_scores_unbalanced_and_artificial_pairs_boards() {
    // X78A2: N/S and E/W in separate frequency tables (arithmetic in the
    // unit tests of rules::scoring).
    let r = calc(
        "X78A2",
        r#"{"scores": "420 450 -50", "ns": 420, "ew": 450}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc/{cite}", "post", "200"));
    assert_eq!(result(&v, "mp_ns_adjusted")["value"], 3.0);
    assert_eq!(result(&v, "mp_ew_adjusted")["value"], 1.0);
    let r = calc("X78A2", r#"{"scores": [420], "ns": 420}"#).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("ew"), "{}", r.text());
    // X78A3: the group without the artificial score, converted by X78B.
    let r = calc(
        "X78A3",
        r#"{"tables": 8, "scores": [420, 450, -50, 420, 100, 170, 400]}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!(result(&v, "mp_2")["value"], 13.9);
    assert_eq!(v["steps"][0]["cite"], "X78A3");
}

#[tokio::test]
async fn calc_scores_boards_by_the_simplified_method() {
    // X78D1: the others count the weighted table as average; its pairs get
    // the weighted sum, rounded by X78D7 (arithmetic in rules::scoring).
    let r = calc(
        "X78D1",
        r#"{"scores": [420, 450, -50], "score1": 420, "weight1": 60, "score2": -100, "weight2": 40, "offending": "ew"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc/{cite}", "post", "200"));
    assert_eq!(result(&v, "mp_2")["value"], 5.0);
    assert_eq!(result(&v, "mp_ns_special")["value"], 2.0);
    assert_eq!(result(&v, "mp_ew_special")["value"], 4.0);
    let cites: Vec<&str> = v["steps"]
        .as_array()
        .map(|s| s.iter().filter_map(|st| st["cite"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        cites.contains(&"X78D7a") && cites.contains(&"X78D7b"),
        "{cites:?}"
    );
    // A half with no offender: the text does not say which way (422).
    let r = calc(
        "X78D1",
        r#"{"scores": [100, 200], "score1": 150, "weight1": 75, "score2": 50, "weight2": 25, "offending": "neither"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text());
    let r = calc("X78D3", r#"{"scores": [420, 450, -50], "artificial": 2}"#).await;
    assert_eq!(result(&r.json(), "mp_2")["value"], 6.0);
    let r = calc(
        "X78D2",
        r#"{"scores": [420, 450, -50], "ns": 420, "ew": 450}"#,
    )
    .await;
    assert_eq!(result(&r.json(), "mp_ew_special")["value"], 1.0);
}

#[tokio::test]
async fn calc_scores_a_cancelled_match() {
    // 202C: the highest of 18, the average 59 / 3 against the absent team
    // and the average 17,5 of the winner's other matches, rounded up (C3).
    let r = calc(
        "202C",
        r#"{"culpable": "yes", "others": [20, 17, 22], "own": "16 19"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc/{cite}", "post", "200"));
    assert_eq!(result(&v, "kp_winner")["value"], 20.0);
    assert_eq!(result(&v, "kp_absent")["value"], 0.0);
    // 202C1b presets a delay that was not culpable: 15 KP, imps 0–0.
    let r = calc("202C1b", "{}").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!(result(&v, "kp_absent")["value"], 15.0);
    assert_eq!(result(&v, "imp_winner")["value"], 0.0);
    // 208C, continuous: decimal commas in a list, averaged to 0,01 KP.
    let r = calc(
        "208C",
        r#"{"scale": "continuous", "culpable": "yes", "own": ["14,37", "15,12", "13,5"]}"#,
    )
    .await;
    assert_eq!(result(&r.json(), "kp_winner")["value"], 14.33);
    // Off the WBF scale.
    let r = calc("208C", r#"{"culpable": "yes", "others": [21]}"#).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("others"), "{}", r.text());
}

#[tokio::test]
async fn calc_on_a_sub_provision_presets_its_case() {
    // 211B1d has no calculator of its own: 211B's, with the single match chosen.
    let r = calc("211B1d", "{}").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let v = r.json();
    assert_eq!(v["cite"], "211B1d");
    assert_eq!(v["calculator"], "211B");
    assert_eq!(result(&v, "deduction")["value"], 1.5);
    // 12C2b presets imps; average plus is +3.
    let r = calc("12C2b", r#"{"side": "none"}"#).await;
    assert_eq!(result(&r.json(), "score")["value"], 3.0);
    // Weighted score and a bound.
    let r = calc(
        "12C1c",
        r#"{"result1": 4, "weight1": 40, "result2": -1, "weight2": 60}"#,
    )
    .await;
    assert_eq!(result(&r.json(), "weighted")["value"], 1.0);
    let r = calc("12C2", r#"{"scoring": "pairs", "side": "full"}"#).await;
    let score = result(&r.json(), "score");
    assert_eq!(score["bound"], "at_most");
    assert_eq!(score["display"], "at most 40 %");
}

#[tokio::test]
async fn calc_answers_stay_on_the_board() {
    for (cite, body, status, want) in [
        // Matchpoints won in a group of 3 results are at most 4 (X78D6).
        (
            "X78D6",
            r#"{"tables": 20, "results": 3, "mp": 37}"#,
            400,
            "mp: must be from 0 to 4",
        ),
        // A group of one has no comparisons (203B): P is 0; P is at most
        // 24 × (G − 1).
        (
            "203B",
            r#"{"tables": 13, "results": 1, "imp": 5}"#,
            400,
            "imp: must be from 0 to 0",
        ),
        (
            "203B",
            r#"{"tables": 13, "results": 6, "imp": 100000}"#,
            400,
            "imp",
        ),
        // One comparison for each other table of the largest board.
        (
            "203A",
            r#"{"side": "plus", "comparisons": 1000}"#,
            400,
            "comparisons",
        ),
        // The discrete WBF scale gives whole VP.
        (
            "208C",
            r#"{"scale": "discrete", "culpable": "yes", "own": "13.6 14"}"#,
            400,
            "own: must be a whole number",
        ),
        // No contract scores 10, 30, 60 or 7590.
        (
            "204B",
            r#"{"score": 10, "datum": 0}"#,
            400,
            "not a score any contract gives",
        ),
        (
            "204B",
            r#"{"score": 7590, "datum": 0}"#,
            400,
            "not a score any contract gives",
        ),
        (
            "X78B",
            r#"{"tables": 13, "scores": "420 30 -50"}"#,
            400,
            "\"30\" is not a score",
        ),
        // A provision's page answers only its own case (211B1a is 14 boards
        // or more; 12 boards are 211B1b's case).
        (
            "211B1a",
            r#"{"boards": 12}"#,
            422,
            "211B1a does not apply to these inputs: they are 211B1b's case",
        ),
    ] {
        let r = calc(cite, body).await;
        assert_eq!(r.status.as_u16(), status, "{cite} {body}: {}", r.text());
        let detail = r.json()["detail"].as_str().unwrap_or_default().to_string();
        assert!(detail.contains(want), "{cite} {body}: {detail}");
    }
    // The same cases inside the range answer.
    let r = calc("X78D6", r#"{"tables": 20, "results": 3, "mp": 3}"#).await;
    assert_eq!(result(&r.json(), "mp")["value"], 7.0);
    let r = calc("211B1a", r#"{"boards": 16}"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // 203B with one table in the group: 13 / 1 × 0 = 0 by its formula.
    let r = calc("203B", r#"{"tables": 13, "results": 1, "imp": 0}"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(result(&r.json(), "imp")["value"], 0.0);
}

#[tokio::test]
async fn calc_refuses_what_a_board_cannot_give() {
    for (cite, body, want) in [
        // X78A4/X78D4: the error damaged the result, so F is at most M.
        (
            "X78A4",
            r#"{"m": 2, "f": 8, "j": 6}"#,
            "f: must not be larger than m",
        ),
        (
            "X78D4",
            r#"{"m": 2, "f": 8, "j": 6}"#,
            "f: must not be larger than m",
        ),
        // 12C4: a board gives at most 24 imps (the imp scale's top).
        (
            "12C4",
            r#"{"first": 30, "second": 0}"#,
            "first: must be from -24 to 24",
        ),
        ("12C4", r#"{"first": 0, "second": -25}"#, "second"),
        // 207A2: the own match's difference is at most 24 imps a board.
        (
            "207A2",
            r#"{"difference": 400, "first": 0, "second": 0, "boards": 16}"#,
            "difference: must be from -384 to 384",
        ),
    ] {
        let r = calc(cite, body).await;
        let p = r.assert_problem(StatusCode::BAD_REQUEST);
        let detail = p["detail"].as_str().unwrap_or_default();
        assert!(detail.contains(want), "{cite} {body}: {detail}");
    }
    // In the page's language the other input goes by its label.
    let r = calc("X78A4?lang=nb", r#"{"m": 2, "f": 8, "j": 6}"#).await;
    let p = r.assert_problem(StatusCode::BAD_REQUEST);
    assert_eq!(
        p["detail"],
        "F: resultat oppnådd ved bordet: kan ikke være større enn M: resultat uten feilen"
    );
}

#[tokio::test]
async fn late_arrival_asks_what_decides_and_refuses_vp_without_vp() {
    // 40 minutes, culpable: whether the match is played decides.
    let r = calc(
        "212A",
        r#"{"minutes": 40, "scoring": "vp", "culpable": "yes"}"#,
    )
    .await;
    let p = r.assert_problem(StatusCode::BAD_REQUEST);
    assert_eq!(p["detail"], "played: is missing: choose one of yes, no");
    let r = calc(
        "212A",
        r#"{"minutes": 40, "scoring": "vp", "culpable": "yes", "played": "yes"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["cite"], "212A2a");
    assert_eq!(result(&r.json(), "vp")["value"], 8.0);
    // Not scored in VP: no "8 VP", the text does not say.
    let r = calc(
        "212A",
        r#"{"minutes": 40, "scoring": "other", "culpable": "yes", "played": "yes"}"#,
    )
    .await;
    r.assert_problem(StatusCode::UNPROCESSABLE_ENTITY);
    // The 212A2b page takes 40 minutes as its own case.
    let r = calc(
        "212A2b",
        r#"{"minutes": 40, "scoring": "vp", "culpable": "yes"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["cite"], "212A2b");
    // An excused delay (212A3): no deduction.
    let r = calc(
        "212A",
        r#"{"minutes": 40, "scoring": "vp", "culpable": "no"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["cite"], "212A3a");
    assert_eq!(result(&r.json(), "vp")["value"], 0.0);
}

#[tokio::test]
async fn two_butler_scores_ask_for_the_method() {
    let r = calc("204A", r#"{"scores": "420 -50"}"#).await;
    let p = r.assert_problem(StatusCode::BAD_REQUEST);
    assert_eq!(p["detail"], "method: is missing: choose one of yes, no");
    let r = calc("204A", r#"{"scores": "420 -50", "method": "yes"}"#).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["cite"], "204A3b");
}

#[tokio::test]
async fn a_missing_choice_error_names_every_choice_by_its_labels() {
    // 12C2 with nothing chosen: both choices, in English by their values…
    let r = calc("12C2", "{}").await;
    let p = r.assert_problem(StatusCode::BAD_REQUEST);
    assert_eq!(
        p["detail"],
        "scoring: is missing: choose one of pairs, imp; \
         side: is missing: choose one of none, partial, full"
    );
    // …and in the page's language by the labels the form shows.
    for (lang, input, option) in [
        ("nb", "Utregning", "Ikke noe: middels pluss"),
        ("da", "Udregningsmetode", "Intet: middel plus"),
    ] {
        let r = calc(&format!("12C2?lang={lang}"), "{}").await;
        let p = r.assert_problem(StatusCode::BAD_REQUEST);
        let detail = p["detail"].as_str().unwrap_or_default();
        assert!(
            detail.starts_with(&format!("{input}: ")),
            "{lang}: {detail}"
        );
        assert!(detail.contains(option), "{lang}: {detail}");
        assert!(!detail.contains("partial"), "{lang}: {detail}");
        assert_eq!(detail.matches("; ").count(), 1, "{lang}: {detail}");
    }
}

#[tokio::test]
async fn the_api_reads_a_cite_in_any_case() {
    for cite in ["x78b4", "X78b4", "x78B4"] {
        let r = calc(cite, r#"{"tables": 13, "results": 6, "mp": 7.5}"#).await;
        assert_eq!(r.status, StatusCode::OK, "{cite}: {}", r.text());
        assert_eq!(r.json()["calculator"], "X78B4", "{cite}");
    }
    let r = calc("211b1d", "{}").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

#[tokio::test]
async fn calc_takes_thirds_as_exact_fractions() {
    // 33,33 × 3 is 99,99 %, not 100 %; a third written as a fraction is exact.
    let body = |w: &str| {
        format!(
            r#"{{"result1": 3, "weight1": "{w}", "result2": 0, "weight2": "{w}", "result3": -3, "weight3": "{w}"}}"#
        )
    };
    for w in ["100/3", "33 1/3"] {
        let r = calc("12C1c", &body(w)).await;
        assert_eq!(r.status, StatusCode::OK, "{w}: {}", r.text());
        assert_eq!(result(&r.json(), "weighted")["value"], 0.0, "{w}");
    }
    let r = calc("12C1c", &body("33.33")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // A fraction that is no share of a few parts is still refused.
    let r = calc(
        "12C1c",
        r#"{"result1": 3, "weight1": "100/7", "result2": 0, "weight2": "600/7"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let r = calc(
        "12C1c",
        r#"{"result1": 3, "weight1": "100/13", "result2": 0, "weight2": "1200/13"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
}

#[tokio::test]
async fn the_rules_that_had_no_calculator_have_one() {
    // Listed by GET /api/calc.
    let list = get("/api/calc").await.json();
    let cites: Vec<String> = list["calculators"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|c| c["cite"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    for want in ["12C4", "213B1", "207A2", "204A2", "X78A5", "X78D4", "X78D5"] {
        assert!(cites.iter().any(|c| c == want), "{want} in {cites:?}");
    }
    // Each answers through the API, worked by hand.
    for (cite, body, name, value) in [
        // 12C4: (6 − (−2)) / 2 = 4.
        ("12C4", r#"{"first": 6, "second": -2}"#, "first", 4.0),
        // 213B1: a first overrun of 4 minutes: a standard deduction at once.
        (
            "213B1",
            r#"{"minutes": 4, "earlier": 0}"#,
            "standard_deductions",
            1.0,
        ),
        // 207A2: 16 boards, ½ VP a deduction: 1 VP = 2 × 1½ = 3 imps; 10 − 3.
        (
            "207A2",
            r#"{"difference": 10, "first": 1, "second": 0, "boards": 16}"#,
            "difference",
            7.0,
        ),
        // 204A2: +620 × 0,4 and 0,6 of +170 go at the top, −100 at the bottom.
        (
            "204A2",
            r#"{"scores": "620 170 140 -100", "frequencies": "0,4 0,6 2 1"}"#,
            "datum",
            140.0,
        ),
        // X78A5: the pair's average, (50 + 60) / 2.
        ("X78A5", r#"{"played": "50 60"}"#, "percent", 55.0),
        // X78D5: average plus, 60 % of the top 24.
        ("X78D5", r#"{"tables": 13}"#, "mp", 14.4),
    ] {
        let r = calc(cite, body).await;
        assert_eq!(r.status, StatusCode::OK, "{cite}: {}", r.text());
        assert_eq!(result(&r.json(), name)["value"], value, "{cite}");
    }
    let a4 = calc("X78A4", r#"{"m": 2, "f": -5, "j": 6}"#).await.json();
    let d4 = calc("X78D4", r#"{"m": 2, "f": -5, "j": 6}"#).await.json();
    assert_eq!(a4["results"], d4["results"]);
    // The CLI too.
    let o = lovbok(&["calc", "12c4", "--first", "6", "--second", "-2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[tokio::test]
async fn calc_never_chooses_for_the_user() {
    // Each choice that changes the answer must be given: the problem names
    // the input and its options (12C2's scoring decides per cent or imps;
    // X78D1's offending side decides the rounding; 212A's VP or not).
    for (cite, body, input, options) in [
        ("12C2", "{}", "scoring", "pairs, imp"),
        (
            "12C2",
            r#"{"scoring": "pairs"}"#,
            "side",
            "none, partial, full",
        ),
        (
            "X78C",
            r#"{"value": 12.25, "top": 24}"#,
            "method",
            "mp, imp_whole, imp",
        ),
        (
            "212A",
            r#"{"minutes": 12, "boards": 16}"#,
            "scoring",
            "vp, other",
        ),
        ("202C", r#"{"others": "20 17 22"}"#, "culpable", ""),
    ] {
        let r = calc(cite, body).await;
        assert_eq!(
            r.status,
            StatusCode::BAD_REQUEST,
            "{cite} {body}: {}",
            r.text()
        );
        let detail = r.json()["detail"].as_str().unwrap_or_default().to_string();
        assert!(
            detail.starts_with(&format!("{input}: is missing: choose one of {options}")),
            "{cite} {body}: {detail}"
        );
    }
}

#[tokio::test]
async fn calc_refuses_impossible_inputs_with_400_problems() {
    for (cite, body, want) in [
        (
            "X78B4",
            r#"{"tables": -13, "results": 6, "mp": 7}"#,
            "tables",
        ),
        (
            "X78B4",
            r#"{"tables": 5, "results": 6, "mp": 7}"#,
            "must be larger than results",
        ),
        (
            "X78B4",
            r#"{"tables": 13, "results": 6, "mp": "NaN"}"#,
            "not a number",
        ),
        (
            "X78B4",
            r#"{"tables": 13, "results": 6, "mp": "inf"}"#,
            "not a number",
        ),
        ("X78B4", r#"{"tables": 13, "results": 6, "mp": 11}"#, "mp"),
        ("X78B4", r#"{"tables": 13, "results": 6}"#, "mp: is missing"),
        (
            "X78B4",
            r#"{"tables": 13, "results": 6, "mp": 1, "x": 1}"#,
            "not an input",
        ),
        (
            "X78B4",
            r#"{"tables": true, "results": 6, "mp": 1}"#,
            "must be a number",
        ),
        (
            "X78B4",
            r#"{"tables": {"a": 1}, "results": 6, "mp": 1}"#,
            "must be a number",
        ),
        (
            "X78B",
            r#"{"tables": 13, "scores": [[420]]}"#,
            "only numbers",
        ),
        (
            "X78B",
            r#"{"tables": 13, "scores": [425]}"#,
            "not a score any contract gives",
        ),
        (
            "12C1c",
            r#"{"result1": 4, "weight1": 40, "result2": -1, "weight2": 59.99}"#,
            "sum to 99,99 %",
        ),
        (
            "12C1c",
            r#"{"result1": 4, "weight1": 40.001, "result2": -1, "weight2": 59.999}"#,
            "decimals",
        ),
        (
            "12C1c",
            r#"{"result1": 4, "weight1": 100, "result2": 3}"#,
            "weight2",
        ),
        ("212A", r#"{"minutes": -5}"#, "minutes"),
        (
            "X78B4?lang=xx",
            r#"{"tables": 13, "results": 6, "mp": 1}"#,
            "lang",
        ),
        ("X78B4", r#"[1, 2]"#, ""),
        ("X78B4", r#"{"tables": 13"#, ""),
    ] {
        let r = calc(cite, body).await;
        let p = r.assert_problem(StatusCode::BAD_REQUEST);
        let detail = p["detail"].as_str().unwrap_or_default();
        assert!(detail.contains(want), "{cite} {body}: {detail}");
    }
    // The page's script asks in Norwegian and gets the form's labels.
    let r = calc("X78B4?lang=nb", r#"{"tables": 5, "results": 6, "mp": 7}"#).await;
    let p = r.assert_problem(StatusCode::BAD_REQUEST);
    assert_eq!(
        p["detail"],
        "Antall bord (A): må være større enn Resultater i gruppen (G)"
    );
}

#[tokio::test]
async fn calc_is_404_without_a_calculator_and_422_where_the_text_is_silent() {
    for cite in ["16", "X78", "X78B9", "def:Alert"] {
        let r = calc(cite, "{}").await;
        r.assert_problem(StatusCode::NOT_FOUND);
    }
    calc("not%20a%20cite", "{}")
        .await
        .assert_problem(StatusCode::BAD_REQUEST);
    // 207A4b–d lost their board ranges: a carry-over of 15 imps on 48 boards
    // cannot be capped.
    let r = calc(
        "207A",
        r#"{"difference": 30, "placed": "higher", "boards": 48}"#,
    )
    .await;
    let p = r.assert_problem(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        p["detail"].as_str().is_some_and(|d| d.contains("207A4")),
        "{p}"
    );
    // 211B1 covers at least 14 and at most 12 boards, not 13.
    let r = calc("211B", r#"{"form": "team_vp", "boards": 13}"#).await;
    r.assert_problem(StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn calc_list_describes_every_calculator() {
    let r = get("/api/calc").await;
    assert_eq!(r.status, StatusCode::OK);
    let v = r.json();
    check_schema(&v, &response_schema_name("/api/calc", "get", "200"));
    let list = v["calculators"].as_array().expect("calculators");
    assert_eq!(list.len(), rules::calculators().len());
    // Each example computes through the API.
    for c in list {
        let cite = c["cite"].as_str().unwrap_or_default();
        let r = calc(cite, &c["example"].to_string()).await;
        assert_eq!(r.status, StatusCode::OK, "{cite}: {}", r.text());
        check_schema(&r.json(), "CalcResponse");
    }
}

#[tokio::test]
async fn openapi_describes_the_calculator() {
    let doc = get("/api/openapi.json").await.json();
    assert!(doc["paths"]["/api/calc/{cite}"]["post"].is_object());
    assert!(doc["paths"]["/api/calc"]["get"].is_object());
    assert_eq!(
        response_schema_name("/api/calc/{cite}", "post", "422"),
        "Problem"
    );
}

// --- pages ------------------------------------------------------------------------------

#[tokio::test]
async fn the_provision_page_has_a_form_that_works_without_javascript() {
    let html = get("/p/X78B4").await.text();
    assert!(
        html.contains("id=\"regn-ut\""),
        "the calculator is on the page"
    );
    assert!(html.contains("action=\"/p/X78B4#regn-ut\" data-calc=\"/api/calc/X78B4?lang=nb\""));
    assert!(html.contains("name=\"tables\""));
    assert!(
        !html.contains("class=\"calc-result\""),
        "no result before input"
    );
    // The form sent with GET: computed on the server, formula filled in.
    let r = get("/p/X78B4?tables=13&results=6&mp=7%2C5").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.contains("<dd>17,4 poeng</dd>"), "{html}");
    assert!(html.contains("<code>13 / 6 × (7,5 + 1) − 1 = 17,41666…</code>"));
    assert!(
        html.contains("value=\"7,5\""),
        "the inputs stay in the form"
    );
    assert!(html.contains("Etter <a href=\"/p/X78B4\">X78B4</a>"));
    // Bad input: a message in Norwegian, by the field's label.
    let html = get("/p/X78B4?tables=5&results=6&mp=7").await.text();
    assert!(
        html.contains("Antall bord (A): må være større enn Resultater i gruppen (G)"),
        "{html}"
    );
    // Markup in an input is text.
    let html = get("/p/X78B4?tables=%3Cscript%3Ex&results=6&mp=7")
        .await
        .text();
    assert!(!html.contains("<script>x"), "{html}");
    assert!(html.contains("&#60;script&#62;x") || html.contains("&lt;script&gt;x"));
}

#[tokio::test]
async fn sub_provisions_show_their_ancestors_calculator_preset() {
    let html = get("/p/211B1d").await.text();
    assert!(
        html.contains("<option value=\"knockout\" selected>"),
        "{html}"
    );
    // The whole of X78 links to each calculator it holds.
    let html = get("/p/X78").await.text();
    assert!(html.contains("href=\"/p/X78B4#regn-ut\""));
    assert!(
        !html.contains("id=\"regn-ut\""),
        "X78 itself has no calculator"
    );
    // Laws without arithmetic have none.
    assert!(!get("/p/16").await.text().contains("regn-ut"));
}

#[tokio::test]
async fn search_and_contents_mark_provisions_with_a_calculator() {
    let v = get("/api/search?q=X78B4").await.json();
    assert_eq!(v["hits"][0]["cite"], "X78B4");
    assert_eq!(v["hits"][0]["calculator"], true);
    let v = get("/api/search?q=16").await.json();
    assert_eq!(v["hits"][0]["calculator"], false);
    let v = get("/api/provisions/12C1c").await.json();
    assert_eq!(v["calculator"], true);
    let html = get("/sok?q=neubergs%20formel").await.text();
    assert!(html.contains("class=\"calc-mark\""), "{html}");
    let html = get("/innhold").await.text();
    let x78 = html
        .find("<span class=\"num\">X78</span>")
        .expect("X78 in the contents");
    let line = &html[x78..x78 + html[x78..].find("</li>").unwrap_or(0)];
    assert!(line.contains("calc-mark"), "{line}");
    let l16 = html
        .find("<span class=\"num\">16</span>")
        .expect("16 in the contents");
    let line = &html[l16..l16 + html[l16..].find("</li>").unwrap_or(0)];
    assert!(!line.contains("calc-mark"), "{line}");
}

// --- the command line ------------------------------------------------------------------

fn lovbok(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .output()
        .expect("run lovbok")
}

#[test]
fn cli_calc_prints_the_result_and_the_steps() {
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7.5",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Matchpoints on A tables: 17,4 MP"), "{out}");
    assert!(out.contains("13 / 6 × (7,5 + 1) − 1 = 17,41666…"), "{out}");
    // --json is the API's object; --input and --name=value work too.
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--json",
        "-i",
        "tables=13",
        "--results=6",
        "--mp",
        "7,5",
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    check_schema(&v, "CalcResponse");
    assert_eq!(result(&v, "mp")["value"], 17.4);
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7.5",
        "--json",
    ]);
    assert!(
        serde_json::from_slice::<Value>(&o.stdout).is_ok(),
        "--json after the inputs"
    );
    // A negative value is a value, not a flag.
    let o = lovbok(&["calc", "X78A4", "--m", "2", "--f", "-5", "--j", "6"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("-1"), "{o:?}");
}

#[test]
fn cli_calc_speaks_the_language_asked_for() {
    // Before the cite or among the inputs, nb and da as on the pages.
    let o = lovbok(&[
        "calc",
        "--lang",
        "nb",
        "X78B4",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7,5",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("17,4 poeng"), "{out}");
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7,5",
        "--lang=da",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("efter X78B4"), "{out}");
    // English is the default, and may be asked for.
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--lang",
        "en",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7.5",
    ]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("17,4 MP"),
        "{o:?}"
    );
    // An error in the language asked, the choices by their labels.
    let o = lovbok(&["calc", "12C2", "--lang", "nb"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Utregning: mangler: velg en av"), "{err}");
    assert!(!err.contains("pairs"), "{err}");
    // A language it does not speak is a usage error.
    let o = lovbok(&["calc", "X78B4", "--lang", "sv", "--tables", "13"]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("nb, da or en"),
        "{o:?}"
    );
}

#[test]
fn cli_calc_fails_cleanly_on_bad_input() {
    let err = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();
    let o = lovbok(&[
        "calc",
        "X78B4",
        "--tables",
        "5",
        "--results",
        "6",
        "--mp",
        "7",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("tables: must be larger than results"),
        "{}",
        err(&o)
    );
    let o = lovbok(&["calc", "X78B4", "--tables", "13", "--results", "6", "--mp"]);
    assert_eq!(o.status.code(), Some(2));
    let o = lovbok(&["calc", "X78B4", "--nope", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("not an input"));
    let o = lovbok(&["calc", "16"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("no calculator"));
    // Any form of cite the grammar reads; errors as problem JSON with --json.
    let o = lovbok(&[
        "calc",
        "x78b4",
        "--tables",
        "13",
        "--results",
        "6",
        "--mp",
        "7.5",
    ]);
    assert!(o.status.success(), "{}", err(&o));
    let o = lovbok(&["calc", "X78C", "--json", "--value", "12.25", "--top", "24"]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON: {e}"));
    assert_eq!(v["status"], 400);
    assert_eq!(
        v["detail"],
        "method: is missing: choose one of mp, imp_whole, imp"
    );
    let o = lovbok(&["calc", "211B1a", "--boards", "12"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("they are 211B1b's case"), "{}", err(&o));
    // 211B2b covers every number of tables: 2 imps for each other table.
    let o = lovbok(&["calc", "211B", "--form", "iaf", "--tables", "11"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("2 × (11 − 1) = 20"));
    let o = lovbok(&["calc"]);
    assert_eq!(o.status.code(), Some(2));
    let o = lovbok(&["calc", "--list"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("lovbok calc X78B4 --tables 13"));
}

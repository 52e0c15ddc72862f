//! The situation picker (`/hva-har-skjedd`) on a phone: each list a
//! director scans between two taps is short (a group split into areas of
//! the books, an area at most [`MAX_AREA`] subjects), every subject of the
//! index is on it, and a subject the index lists under two groups is in
//! both.

use crate::api::{get, send};
use crate::fixtures;

/// Most subjects an area may list: opened by a tap, its last subject is
/// within a screen of scrolling on a 390×844 phone (the browser test
/// measures it; an area of 38 with long names was not).
const MAX_AREA: usize = 36;

/// Each `pick-area` of the page: (its id, the subject anchors it lists),
/// in page order, and the group (`pick-when`, a heading) each is under.
fn areas(html: &str) -> Vec<(String, String, Vec<String>)> {
    const WHEN: &str = "<section class=\"pick-when\" id=\"";
    const AREA: &str = "<details class=\"pick-area\" id=\"";
    const SUBJECT: &str = "<details class=\"pick-subject\" id=\"";
    let id_at = |s: &str, at: usize, len: usize| {
        let rest = &s[at + len..];
        rest[..rest.find('"').expect("an id ends")].to_string()
    };
    let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut group = String::new();
    let mut rest = html;
    loop {
        let next = [WHEN, AREA, SUBJECT]
            .iter()
            .filter_map(|m| rest.find(m).map(|at| (at, *m)))
            .min();
        let Some((at, mark)) = next else { break };
        let id = id_at(rest, at, mark.len());
        match mark {
            WHEN => group = id,
            AREA => out.push((group.clone(), id, Vec::new())),
            _ => out
                .last_mut()
                .expect("a subject is inside an area")
                .2
                .push(id),
        }
        rest = &rest[at + mark.len()..];
    }
    out
}

#[tokio::test]
async fn every_area_of_the_picker_is_about_a_screen_and_every_subject_is_on_it() {
    let html = get("/hva-har-skjedd").await.text();
    let areas = areas(&html);
    assert!(areas.len() >= 14, "{} areas", areas.len());
    let too_long: Vec<String> = areas
        .iter()
        .filter(|(_, _, s)| s.len() > MAX_AREA)
        .map(|(_, id, s)| format!("{id}: {}", s.len()))
        .collect();
    assert!(too_long.is_empty(), "areas over {MAX_AREA}: {too_long:?}");
    for (group, id, _) in &areas {
        assert!(id.starts_with(&format!("{group}--")), "{id} in {group}");
    }
    // Every subject of the index is under its own group, once.
    let corpus = fixtures::corpus();
    let entries = corpus.subjects().entries();
    let listed: Vec<&String> = areas.iter().flat_map(|(_, _, s)| s).collect();
    for e in entries {
        let anchor = format!("{}-{}", e.group.as_str(), e.slug());
        let n = listed.iter().filter(|a| ***a == anchor).count();
        assert_eq!(n, 1, "{anchor} listed {n} times");
    }
    let extra: usize = entries.iter().map(|e| e.also_in.len()).sum();
    assert_eq!(listed.len(), entries.len() + extra);
    // The groups split in two or more where they hold more than an area.
    for g in ["auction", "play", "conduct", "scoring"] {
        let n = areas.iter().filter(|(w, _, _)| w == g).count();
        assert!(n >= 4, "{g}: {n} areas");
    }
}

#[tokio::test]
async fn a_subject_of_two_groups_is_under_both() {
    let html = get("/hva-har-skjedd").await.text();
    let areas = areas(&html);
    let groups_of = |slug: &str| -> Vec<String> {
        areas
            .iter()
            .filter(|(g, _, s)| s.contains(&format!("{g}-{slug}")))
            .map(|(g, _, _)| g.clone())
            .collect()
    };
    // Partner's hesitation: the auction as well as conduct.
    assert_eq!(
        groups_of("urettmessig-informasjon-fra-makkers-nøling"),
        ["auction", "conduct"]
    );
    assert_eq!(groups_of("nøling-og-tempo"), ["auction", "conduct"]);
    // Declarer leading from the wrong hand: the lead as well as the play.
    assert_eq!(groups_of("utspill-fra-feil-hånd"), ["lead", "play"]);
    assert_eq!(
        groups_of("spilleførers-utspill-utenfor-tur"),
        ["lead", "play"]
    );
    // Each copy goes to its group's area of the laws it cites.
    let area_of = |anchor: &str| {
        areas
            .iter()
            .find(|(_, _, s)| s.iter().any(|a| a == anchor))
            .map(|(_, id, _)| id.clone())
    };
    assert_eq!(
        area_of("lead-utspill-fra-feil-hånd").as_deref(),
        Some("lead--out-of-turn")
    );
    assert_eq!(
        area_of("play-utspill-fra-feil-hånd").as_deref(),
        Some("play--wrong-hand")
    );
    assert_eq!(
        area_of("auction-nøling-og-tempo").as_deref(),
        Some("auction--hesitation")
    );
}

#[tokio::test]
async fn the_areas_are_named_as_a_director_would_in_norwegian_and_danish() {
    let nb = get("/hva-har-skjedd").await.text();
    let req = axum::http::Request::get("/hva-har-skjedd")
        .header(axum::http::header::ACCEPT_LANGUAGE, "da")
        .body(axum::body::Body::empty())
        .unwrap();
    let da = send(req).await.text();
    for (nb_label, da_label) in [
        ("Åpningsutspillet", "Åbningsudspillet"),
        ("Utspill fra feil hånd", "Udspil fra forkert hånd"),
        (
            "Nøling og urettmessig informasjon",
            "Tøven og ubeføjet information",
        ),
        ("Krav og avståelse", "Krav og afgivelse"),
    ] {
        assert!(
            nb.contains(&format!("<summary>{nb_label}</summary>")),
            "{nb_label}"
        );
        assert!(
            da.contains(&format!("<summary>{da_label}</summary>")),
            "{da_label}"
        );
    }
}

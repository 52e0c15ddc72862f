use super::*;
use crate::search::stop_words::is_query_stop_word;

fn words(text: &str) -> Vec<String> {
    words_of(text)
}

fn roles(text: &str) -> Vec<(String, &'static str)> {
    let w = words(text);
    let r = roles_of(&w);
    w.into_iter().zip(r.into_iter().map(Role::name)).collect()
}

/// The content words of `text` that query reading searches (its function
/// words are dropped later, as before this stage).
fn content(text: &str) -> Vec<String> {
    let w = words(text);
    let r = roles_of(&w);
    w.into_iter()
        .zip(r)
        .filter(|(w, r)| *r == Role::Content && !is_query_stop_word(w))
        .map(|(w, _)| w)
        .collect()
}

/// `text`'s words less the function words.
fn said(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|w| !is_query_stop_word(w))
        .collect()
}

#[test]
fn every_line_of_the_word_lists_parses() {
    assert_eq!(word_list_errors(), Vec::new());
}

#[test]
fn every_language_has_framing_and_context() {
    let (table, _) = RoleTable::parse();
    for (lang, text) in SOURCES {
        let mut sections = Vec::new();
        for line in text.lines() {
            if let Some(h) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                sections.push(h.to_string());
            }
        }
        for needed in [
            "framing",
            "content",
            "context:suit",
            "context:seat",
            "context:event",
        ] {
            assert!(
                sections.iter().any(|s| s == needed),
                "{lang}: no [{needed}]"
            );
        }
    }
    assert!(table.by_first.len() > 500, "{}", table.by_first.len());
}

#[test]
fn a_phrase_is_listed_once_per_role() {
    // The same phrase under two roles would make the table's answer depend
    // on file order.
    let (table, _) = RoleTable::parse();
    for list in table.by_first.values() {
        for (i, a) in list.iter().enumerate() {
            for b in &list[i + 1..] {
                assert!(
                    a.words != b.words || a.role == b.role,
                    "{:?} is both {} and {}",
                    a.words,
                    a.role.name(),
                    b.role.name()
                );
            }
        }
    }
}

#[test]
fn question_openers_and_courtesy_are_framing() {
    assert_eq!(
        content("can someone tell me the rule when a wrong explanation is fixed before the lead"),
        said("a wrong explanation is fixed before the lead")
    );
    assert_eq!(
        content("Hvad siger reglerne om en melding uden for tur? På forhånd tak"),
        said("om en melding uden for tur")
    );
    assert_eq!(
        content("hva sier loven når makker viser et kort, takk for svar"),
        said("når makker viser et kort")
    );
    assert_eq!(
        content("vad säger lagen om en renons"),
        said("om en renons")
    );
}

/// "The correct procedure" asks; a procedure named alone is what
/// happened (the handbook's "fejl i fremgangsmåden", Law 64's
/// "Framgangsmåten etter ...").
#[test]
fn a_procedure_is_framing_only_when_asked_for() {
    assert_eq!(
        content("hva er riktig fremgangsmåte når makker viser et kort"),
        said("når makker viser et kort")
    );
    for (text, word) in [
        (
            "hvornår kan TL give straf for fejl i fremgangsmåden",
            "fremgangsmåden",
        ),
        ("fremgangsmåten etter en revoke", "fremgangsmåten"),
    ] {
        let r = roles(text);
        let role = r.iter().find(|(w, _)| w == word).map(|(_, n)| *n);
        assert_eq!(role, Some("content"), "{text}");
    }
}

#[test]
fn the_tables_circumstances_are_context() {
    let r = roles("3NT X non-vulnerable, South dealer, in a Swiss teams on BBO with 15 hp");
    let of = |w: &str| r.iter().find(|(x, _)| x == w).map(|(_, n)| *n);
    assert_eq!(of("3nt"), Some("call"));
    assert_eq!(of("x"), Some("call"));
    assert_eq!(
        roles("partner doubled")[1].1,
        "content",
        "a double is a call someone made"
    );
    assert_eq!(of("vulnerable"), Some("vulnerability"));
    assert_eq!(of("south"), Some("seat"));
    assert_eq!(of("dealer"), Some("dealer"));
    assert_eq!(of("swiss"), Some("event"));
    assert_eq!(of("bbo"), Some("online"));
    assert_eq!(of("15"), Some("number"));
    assert_eq!(
        roles("12 kort i hånden")[0].1,
        "content",
        "a count of cards is what happened"
    );
    assert_eq!(roles("3 minutter for sent")[0].1, "content");
    assert_eq!(of("hp"), Some("strength"));
    let r = roles("renonce i 5 kløver x, Øst i giv, alle i sonen, i holdkamp");
    assert!(r
        .iter()
        .all(|(w, n)| *n != "content" || ["renonce", "i"].contains(&w.as_str())));
}

#[test]
fn contracts_and_counts_are_read_by_their_shape() {
    assert_eq!(shape_of("4s"), Some(ContextKind::Call));
    assert_eq!(shape_of("6sp"), Some(ContextKind::Call));
    assert_eq!(shape_of("3ut"), Some(ContextKind::Call));
    assert_eq!(shape_of("8s"), None, "no level 8");
    assert_eq!(shape_of("15hp"), Some(ContextKind::Strength));
    assert_eq!(shape_of("420"), Some(ContextKind::Number));
    assert_eq!(shape_of("16b1"), None, "a cite is not context");
    assert_eq!(shape_of("spar"), None);
    assert_eq!(shape_of("mixturneringen"), Some(ContextKind::Event));
    assert_eq!(shape_of("holdkampen"), Some(ContextKind::Event));
    assert_eq!(
        shape_of("turnering"),
        None,
        "the word itself is listed, not shaped"
    );
}

#[test]
fn content_phrases_keep_their_words() {
    assert_eq!(
        content("when should we call the director"),
        said("call the director")
    );
    assert_eq!(
        content("kan man appellere kendelsen"),
        said("appellere kendelsen")
    );
}

#[test]
fn what_happened_stays_content() {
    // Actors, actions and irregularities are no word list's.
    for text in [
        "dummy pointed at a card",
        "lead out of turn by declarer",
        "partner thought for a while then passed",
        "blindemann pekte på et kort",
        "revoke discovered after the next board",
    ] {
        assert_eq!(content(text), said(text), "{text}");
    }
}

#[test]
fn a_query_of_only_context_or_framing_searches_what_it_has() {
    assert_eq!(
        content("3NT vulnerable, South"),
        said("3NT vulnerable, South")
    );
    assert_eq!(content("hva sier loven"), said("hva sier loven"));
    assert!(roles_of(&[]).is_empty());
}

#[test]
fn weights_order_the_roles() {
    let seat = Role::Context(ContextKind::Seat);
    assert_eq!(weight_of(Role::Framing, 3), 0.0);
    assert_eq!(weight_of(Role::Content, 3), 1.0);
    assert!(weight_of(seat, 1) <= CONTEXT_WEIGHT_MAX);
    assert!(weight_of(seat, 2) * 2.0 <= 1.2 + f32::EPSILON);
    assert_eq!(weight_of(seat, 20), CONTEXT_WEIGHT_MIN);
    assert!(
        weight_of(seat, 8) < weight_of(seat, 3),
        "the longer the story, the less its scenery"
    );
}

/// Asserts that `word` of each text has the role named `role`.
fn assert_role_of(cases: &[(&str, &str)], role: &str) {
    for (text, word) in cases {
        let r = roles(text);
        let got = r.iter().find(|(w, _)| w == word).map(|(_, r)| *r);
        assert_eq!(got, Some(role), "{text}: {r:?}");
    }
}

#[test]
fn a_contract_s_state_is_context_after_a_contract_and_content_elsewhere() {
    assert_role_of(
        &[
            ("3nt doubled made overtricks", "doubled"),
            ("4 spar dobla, feil forklaring", "dobla"),
            ("3ut doblet i holdkamp, feil forklaring", "doblet"),
            ("4s redoubled by mistake", "redoubled"),
            ("3nt dubblat, fel förklaring", "dubblat"),
        ],
        "call",
    );
    assert_role_of(
        &[
            ("partner doubled out of turn", "doubled"),
            ("makker doblet utenfor tur", "doblet"),
            ("han redoblet etter pass", "redoblet"),
        ],
        "content",
    );
}

#[test]
fn a_board_s_label_is_context_before_its_number_and_content_elsewhere() {
    let labelled = [
        ("board 12, revoke established", "board"),
        ("runde 10, spill 28, feil forklaring", "spill"),
        ("runde 10, spill 28, feil forklaring", "runde"),
        ("spil 7 blev spillet ved bord 3", "bord"),
        ("bricka 14, fel förklaring", "bricka"),
    ];
    assert_role_of(&labelled, "board");
    for (text, _) in labelled {
        let r = roles(text);
        assert!(
            r.iter()
                .all(|(w, r)| !w.chars().all(|c| c.is_ascii_digit()) || *r != "content"),
            "{text}: a board's number is its label's context: {r:?}"
        );
    }
    assert_role_of(
        &[
            ("played the wrong board", "board"),
            ("feil spill ved bordet", "spill"),
            ("kortene fra forkert mappe", "mappe"),
            ("spilte 12 kort", "spilte"),
        ],
        "content",
    );
}

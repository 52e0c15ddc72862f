//! Statuses, against a small fake corpus: what a cite resolves to (in the
//! text, outside it, another book, no counterpart, unresolved), apart from
//! how it is read, which the parent module's rows test.

use super::*;

/// Law 12 (A, A2, C, C1, C1b, C2) and 16 (C, C2) with text; laws 27, 40, 92
/// and section 241 title-only; X91 declares `den gamle 40B2` external.
pub(super) struct Fake {
    known: BTreeMap<ProvisionId, bool>,
}

impl Fake {
    pub(super) fn new() -> Fake {
        let with_text = [
            "12", "12A", "12A2", "12C", "12C1", "12C1b", "12C2", "16", "16C", "16C2", "X91",
        ];
        let title_only = ["27", "40", "92", "241"];
        let known = with_text
            .iter()
            .map(|s| (id(s), true))
            .chain(title_only.iter().map(|s| (id(s), false)))
            .collect();
        Fake { known }
    }
}

impl Lookup for Fake {
    fn exists(&self, id: &ProvisionId) -> bool {
        self.known.contains_key(id)
    }
    fn in_corpus(&self, id: &ProvisionId) -> bool {
        self.known.get(id).copied().unwrap_or(false)
    }
    fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId> {
        let mut cur = Some(id.clone());
        while let Some(c) = cur {
            if self.exists(&c) {
                return Some(c);
            }
            cur = c.numbered_parent();
        }
        None
    }
    fn externals(&self, context: &ProvisionId) -> Vec<String> {
        if context == &id("X91") {
            vec!["den gamle 40B2".to_string()]
        } else {
            Vec::new()
        }
    }
}

#[track_caller]
fn statuses(context: &str, text: &str) -> Vec<Status> {
    let ctx = (!context.is_empty()).then(|| id(context));
    link(text, ctx.as_ref(), &Fake::new())
        .into_iter()
        .flat_map(|r| r.targets)
        .map(|t| t.status)
        .collect()
}

fn outside(nearest: &str) -> Status {
    Status::OutsideText {
        nearest: Some(id(nearest)),
    }
}

#[test]
fn provision_with_text_is_in_corpus() {
    assert_eq!(statuses("", "se 12C1b"), [Status::InCorpus]);
}

#[test]
fn cite_outside_the_text_links_to_nearest_ancestor() {
    assert_eq!(statuses("", "se 92B"), [outside("92")]);
    assert_eq!(statuses("", "(men se 40B2b))"), [outside("40")]);
    assert_eq!(statuses("", "se 27B1b"), [outside("27")]);
    assert_eq!(statuses("", "se 241D"), [outside("241")]);
    assert_eq!(statuses("", "se 92"), [outside("92")]);
}

#[test]
fn cite_keeps_its_full_canonical_id_outside_the_text() {
    let r = link("se 40B2b", None, &Fake::new());
    assert_eq!(r[0].targets[0].id.to_string(), "40B2b");
}

#[track_caller]
fn unresolved_reason(context: &str, text: &str) -> String {
    match statuses(context, text).as_slice() {
        [Status::Unresolved { reason }] => reason.clone(),
        other => panic!("{text:?}: expected one unresolved target, got {other:?}"),
    }
}

#[test]
fn impossible_numbers_are_unresolved_not_dropped() {
    assert!(unresolved_reason("", "lov 99").contains("1-93"));
    assert!(unresolved_reason("", "jf. X95").contains("X95"));
}

#[test]
fn missing_child_of_a_law_with_text_is_unresolved() {
    assert_eq!(
        unresolved_reason("", "se 12Z"),
        "12 has no section Z (its text is in the corpus)"
    );
    assert_eq!(
        unresolved_reason("", "se 16F"),
        "16 has no section F (its text is in the corpus)"
    );
    assert_eq!(
        unresolved_reason("", "jf. 16C2a"),
        "16C2 has no sub-item a (its text is in the corpus)"
    );
}

#[test]
fn root_missing_from_both_books_is_unresolved() {
    assert_eq!(
        unresolved_reason("", "se 209"),
        "there is no handbook section 209"
    );
    assert_eq!(
        unresolved_reason("", "jf. X50"),
        "there is no handbook extension X50"
    );
}

#[test]
fn relative_cite_resolves_within_same_law() {
    assert_eq!(statuses("12A2", "(se C2 nedenfor)"), [Status::InCorpus]);
    assert_eq!(
        unresolved_reason("12A2", "(se Z2 nedenfor)"),
        "12 has no section Z (its text is in the corpus)"
    );
}

#[test]
fn relative_cite_without_context_names_no_target_but_says_why() {
    let r = link("se C2 nedenfor", None, &Fake::new());
    assert_eq!(r.len(), 1);
    assert!(r[0].targets.is_empty());
    assert!(r[0].is_unresolved());
    assert!(
        r[0].problem
            .as_deref()
            .is_some_and(|p| p.contains("no context")),
        "{r:?}"
    );
}

#[test]
fn declared_external_cite_is_external() {
    let text = "Forholdet står i den gamle 40B2, men se 12C1b.";
    assert_eq!(statuses("X91", text), [Status::External, Status::InCorpus]);
    // The same text elsewhere declares nothing.
    assert_eq!(statuses("12A", text), [outside("40"), Status::InCorpus]);
}

#[test]
fn range_targets_each_get_a_status() {
    assert_eq!(
        statuses("", "lovene 12–16"),
        [
            Status::InCorpus,
            Status::Unresolved {
                reason: "there is no law 13".into()
            },
            Status::Unresolved {
                reason: "there is no law 14".into()
            },
            Status::Unresolved {
                reason: "there is no law 15".into()
            },
            Status::InCorpus,
        ]
    );
}

//! Citation queries: a TD who types a cite wants that provision, first.
//!
//! A query is a citation when it holds nothing but cites (and cue words such
//! as `lov` or `§`, list words such as `og`). Reading it is the citation
//! grammar's job ([`crate::cite::find_query`]), the same one that links the
//! books' text and answers `/api/resolve`, so `16B1A`, `lov16b1a`,
//! `12.c.1.e`, `§ 12 C 1 c` and `Laws 53 to 56` all read here as they do
//! there. Cites are never typo-matched: `12C1c` must not become `12C1e`.

use crate::cite;
use crate::corpus::{Corpus, ProvisionId};

/// The provisions a query cites, if the whole query is citations: the
/// provision itself, or for a cite below a law whose text is absent the
/// law's title entry. Empty for anything else, and for cites that name no
/// provision (`lov 99`).
pub(crate) fn cites_of(query: &str, corpus: &Corpus) -> Vec<usize> {
    let q = query.trim();
    if q.is_empty() {
        return Vec::new();
    }
    // Canonical ids the grammar does not read (`def:Alert`, `laws:forord`).
    if let Ok(id @ (ProvisionId::Definition(_) | ProvisionId::Front { .. })) =
        q.parse::<ProvisionId>()
    {
        return corpus.index_of(&id).into_iter().collect();
    }
    let Some(found) = cite::find_query(q) else {
        return Vec::new();
    };
    let mut out: Vec<usize> = Vec::new();
    for r in cite::resolve(&found, None, corpus) {
        for t in &r.targets {
            if let Some(i) = t.shown().and_then(|id| corpus.index_of(id)) {
                if !out.contains(&i) {
                    out.push(i);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{embedded_sources, Corpus};

    fn cites(q: &str) -> Vec<String> {
        let loaded = Corpus::build(&embedded_sources());
        let c = loaded.corpus;
        cites_of(q, &c)
            .into_iter()
            .map(|i| c.at(i).id.to_string())
            .collect()
    }

    #[test]
    fn every_written_form_reads_as_its_cite() {
        for q in [
            "16B1a",
            "16B1A",
            "lov16b1a",
            "lov 16b1a",
            "§ 16 B 1 a",
            "16.b.1.a",
            "Law 16B1(a)",
        ] {
            assert_eq!(cites(q), ["16B1a"], "{q}");
        }
        assert_eq!(cites("12.c.1.e"), ["12C1e"]);
        assert_eq!(cites("20F5bii"), ["20F5b(ii)"]);
        assert_eq!(cites("x78b4"), ["X78B4"]);
        assert_eq!(cites("def:alert"), ["def:Alert"]);
    }

    #[test]
    fn lists_and_ranges_give_every_provision() {
        assert_eq!(cites("lov 16 og 17"), ["16", "17"]);
        assert_eq!(cites("Laws 18 to 20"), ["18", "19", "20"]);
        assert_eq!(cites("12C1b, c og e"), ["12C1b", "12C1c", "12C1e"]);
    }

    #[test]
    fn words_and_quantities_are_not_citation_queries() {
        for q in [
            "meldinger etter 16C2",
            "13 kort",
            "2017",
            "lov 99",
            "revoke",
        ] {
            assert!(cites(q).is_empty(), "{q}");
        }
    }
}

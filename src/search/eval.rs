//! Relevance evaluation against judged queries (`eval/*.tsv`).
//!
//! A judgment file is `qid<TAB>query<TAB>cite,cite,…` per line, `#` comments
//! allowed. Scores come twice. *Lenient*: a hit counts for a judged provision
//! when it is that provision, a descendant of it, or its direct parent: a TD
//! who lands one level off still reads the right text. *Strict*: only the
//! judged provision itself counts. Each judged provision is credited once, so
//! two hits inside the same judged section do not inflate recall or nDCG.

use crate::corpus::{Corpus, ParseIdError, ProvisionId};

use super::{SearchIndex, SearchOptions, SearchQuery};

/// Hits looked at per query (the "@10" of the metrics).
pub const CUTOFF: usize = 10;
/// A query whose first relevant hit ranks below this is reported as a miss.
pub const MISS_RANK: usize = 3;

/// One judged query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgment {
    pub qid: String,
    pub query: String,
    /// The provisions a good answer shows.
    pub relevant: Vec<ProvisionId>,
}

/// Why a judgment file cannot be read; every variant names its line (1-based).
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("line {line}: expected qid<TAB>query<TAB>cites, found {found} field(s)")]
    Fields { line: usize, found: usize },
    #[error("line {line}: empty {what}")]
    Empty { line: usize, what: &'static str },
    #[error("line {line}: {source}")]
    Cite {
        line: usize,
        #[source]
        source: ParseIdError,
    },
    #[error("line {line}: query id {qid} already used on line {first}")]
    DuplicateQid {
        line: usize,
        qid: String,
        first: usize,
    },
}

/// Parses a judgment file. Blank lines and lines starting with `#` are skipped.
pub fn parse_judgments(tsv: &str) -> Result<Vec<Judgment>, EvalError> {
    let mut out: Vec<(usize, Judgment)> = Vec::new();
    for (i, raw) in tsv.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = raw.split('\t').collect();
        if cols.len() != 3 {
            return Err(EvalError::Fields {
                line,
                found: cols.len(),
            });
        }
        let qid = cols[0].trim();
        let query = cols[1].trim();
        if qid.is_empty() {
            return Err(EvalError::Empty {
                line,
                what: "query id",
            });
        }
        if query.is_empty() {
            return Err(EvalError::Empty {
                line,
                what: "query",
            });
        }
        let relevant = cols[2]
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| c.parse::<ProvisionId>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|source| EvalError::Cite { line, source })?;
        if relevant.is_empty() {
            return Err(EvalError::Empty {
                line,
                what: "list of relevant cites",
            });
        }
        if let Some((first, _)) = out.iter().find(|(_, j)| j.qid == qid) {
            return Err(EvalError::DuplicateQid {
                line,
                qid: qid.to_string(),
                first: *first,
            });
        }
        out.push((
            line,
            Judgment {
                qid: qid.to_string(),
                query: query.to_string(),
                relevant,
            },
        ));
    }
    Ok(out.into_iter().map(|(_, j)| j).collect())
}

/// Metrics over a set of judged queries, averaged per query (lenient; the
/// strict ones in [`EvalReport::strict`]).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalReport {
    /// The same metrics when only the judged provision itself counts.
    pub strict: StrictScores,
    /// Mean reciprocal rank of the first relevant hit in the top 10.
    pub mrr10: f64,
    /// Share of judged provisions found in the top 10.
    pub recall10: f64,
    /// Normalised discounted cumulative gain over the top 10 (binary gains).
    pub ndcg10: f64,
    /// Number of queries evaluated.
    pub queries: usize,
    /// Queries whose first relevant hit is not in the top 3, with its rank
    /// (1-based) if it is in the top 10.
    pub misses: Vec<(Judgment, Option<usize>)>,
    /// Per query, in the file's order: the rank of its first relevant hit
    /// (lenient, 1-based) if it is in the top 10, to compare two runs.
    pub ranks: Vec<Option<usize>>,
}

/// MRR@10, Recall@10 and nDCG@10 counting only exact hits.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StrictScores {
    pub mrr10: f64,
    pub recall10: f64,
    pub ndcg10: f64,
}

/// Runs every judged query and scores the rankings.
///
/// A query that fails to parse or to run counts as finding nothing.
pub fn evaluate(corpus: &Corpus, index: &SearchIndex, judgments: &[Judgment]) -> EvalReport {
    let opts = SearchOptions {
        limit: CUTOFF,
        book: None,
    };
    let rankings: Vec<Vec<ProvisionId>> = judgments
        .iter()
        .map(|j| {
            SearchQuery::parse(&j.query)
                .ok()
                .and_then(|q| index.search(corpus, &q, &opts).ok())
                .unwrap_or_default()
                .into_iter()
                .map(|h| h.id)
                .collect()
        })
        .collect();
    evaluate_rankings(corpus, judgments, &rankings)
}

/// Scores rankings made elsewhere (the browser's offline ranker) as
/// [`evaluate`] scores the server's: `rankings[i]` answers `judgments[i]`;
/// a missing ranking counts as finding nothing.
pub fn evaluate_rankings(
    corpus: &Corpus,
    judgments: &[Judgment],
    rankings: &[Vec<ProvisionId>],
) -> EvalReport {
    let (mut mrr, mut recall, mut ndcg) = (0.0, 0.0, 0.0);
    let mut strict = StrictScores::default();
    let mut misses = Vec::new();
    let mut ranks = Vec::with_capacity(judgments.len());
    for (i, j) in judgments.iter().enumerate() {
        let hits: &[ProvisionId] = rankings.get(i).map_or(&[], Vec::as_slice);
        let exact = score(corpus, hits, &j.relevant, true);
        strict.mrr10 += exact.first.map_or(0.0, |r| 1.0 / r as f64);
        strict.recall10 += exact.found as f64 / j.relevant.len() as f64;
        strict.ndcg10 += exact.ndcg;
        let scored = score(corpus, hits, &j.relevant, false);
        mrr += scored.first.map_or(0.0, |r| 1.0 / r as f64);
        recall += scored.found as f64 / j.relevant.len() as f64;
        ndcg += scored.ndcg;
        ranks.push(scored.first);
        if scored.first.is_none_or(|r| r > MISS_RANK) {
            misses.push((j.clone(), scored.first));
        }
    }
    let n = judgments.len().max(1) as f64;
    EvalReport {
        strict: StrictScores {
            mrr10: strict.mrr10 / n,
            recall10: strict.recall10 / n,
            ndcg10: strict.ndcg10 / n,
        },
        mrr10: mrr / n,
        recall10: recall / n,
        ndcg10: ndcg / n,
        queries: judgments.len(),
        misses,
        ranks,
    }
}

/// The scores of one ranking.
struct Scored {
    /// Rank of the first relevant hit, 1-based.
    first: Option<usize>,
    /// Judged provisions credited.
    found: usize,
    ndcg: f64,
}

fn score(corpus: &Corpus, hits: &[ProvisionId], relevant: &[ProvisionId], strict: bool) -> Scored {
    let mut credited = vec![false; relevant.len()];
    let mut first = None;
    let mut dcg = 0.0;
    for (rank, hit) in hits.iter().take(CUTOFF).enumerate() {
        let matching: Vec<usize> = relevant
            .iter()
            .enumerate()
            .filter(|(_, r)| {
                if strict {
                    *r == hit
                } else {
                    counts_for(corpus, hit, r)
                }
            })
            .map(|(i, _)| i)
            .collect();
        if matching.is_empty() {
            continue;
        }
        first.get_or_insert(rank + 1);
        if let Some(&i) = matching.iter().find(|&&i| !credited[i]) {
            credited[i] = true;
            dcg += 1.0 / ((rank + 2) as f64).log2();
        }
    }
    let ideal: f64 = (0..relevant.len().min(CUTOFF))
        .map(|r| 1.0 / ((r + 2) as f64).log2())
        .sum();
    Scored {
        first,
        found: credited.iter().filter(|c| **c).count(),
        ndcg: if ideal > 0.0 { dcg / ideal } else { 0.0 },
    }
}

/// True when `hit` is `relevant`, one of its descendants, or its direct parent.
pub(crate) fn counts_for(corpus: &Corpus, hit: &ProvisionId, relevant: &ProvisionId) -> bool {
    if relevant.contains(hit) {
        return true;
    }
    if let Some(p) = corpus.get(relevant) {
        if p.id.contains(hit) {
            return true;
        }
        if let Some(parent) = p.parent {
            return corpus.at(parent).id == *hit;
        }
    }
    relevant.numbered_parent().as_ref() == Some(hit)
}

/// Judged queries split by where their question was asked: `apart` are
/// those asked on a page that a ruling item of `kjennelser/` also tells
/// (its `url`), whose case the search may meet in the item's words, so
/// they are scored apart from the rest (`kept`), which make the figure
/// the search is judged by.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceSplit {
    pub kept: Vec<Judgment>,
    pub apart: Vec<Judgment>,
}

/// Splits `judgments` by their questions' pages (`question_urls`: qid →
/// URL, see [`question_urls`]) against the ruling items' pages; a query
/// with no page of its own is kept. Pages are compared as [`same_page`]
/// says.
pub fn split_by_source<'a>(
    judgments: &[Judgment],
    question_urls: &std::collections::HashMap<String, String>,
    ruling_urls: impl IntoIterator<Item = &'a str>,
) -> SourceSplit {
    let rulings: std::collections::HashSet<String> =
        ruling_urls.into_iter().map(page_key).collect();
    let mut split = SourceSplit::default();
    for j in judgments {
        let told = question_urls
            .get(&j.qid)
            .is_some_and(|u| rulings.contains(&page_key(u)));
        if told {
            split.apart.push(j.clone());
        } else {
            split.kept.push(j.clone());
        }
    }
    split
}

/// The question pages a file of collected questions names: each line's
/// qid (its first field) and its first field that is an `http(s)://`
/// address (`eval/realworld-questions.tsv` keeps the page each question
/// was asked on). Comment lines and lines without an address are skipped.
pub fn question_urls(tsv: &str) -> std::collections::HashMap<String, String> {
    tsv.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let mut cols = l.split('\t').map(str::trim);
            let qid = cols.next().filter(|q| !q.is_empty())?;
            let url = cols.find(|c| c.starts_with("https://") || c.starts_with("http://"))?;
            Some((qid.to_string(), url.to_string()))
        })
        .collect()
}

/// True when two addresses are the same page: the same but for the scheme
/// (`http`, `https`), a leading `www.`, the host's case, a trailing `/`
/// and the fragment (an anchor on one page is that page).
pub fn same_page(a: &str, b: &str) -> bool {
    page_key(a) == page_key(b)
}

fn page_key(url: &str) -> String {
    let url = url.trim();
    let url = url.split('#').next().unwrap_or(url);
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .unwrap_or(url);
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    format!("{host}{}", path.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_asked_on_a_rulings_page_is_scored_apart() {
        let js = parse_judgments(
            "rw-1\tcard from next board\t16D\nrw-2\trevoke\t64\nd01\tjustert score\t12C\n",
        )
        .unwrap_or_default();
        let urls = question_urls(
            "# qid, split, lang, query, cites, url\n\
             rw-1\tdev\ten\tcard from next board\t16D\thttps://www.example.org/forum/50037/\n\
             rw-2\tdev\ten\trevoke\t64\thttps://example.org/forum/99\n",
        );
        assert_eq!(urls.len(), 2);
        let split = split_by_source(&js, &urls, ["http://example.org/forum/50037#p3"]);
        let ids = |v: &[Judgment]| v.iter().map(|j| j.qid.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&split.apart), ["rw-1"]);
        assert_eq!(ids(&split.kept), ["rw-2", "d01"]);
        assert!(same_page(
            "https://Example.org/a/",
            "http://www.example.org/a"
        ));
        assert!(!same_page("https://example.org/a", "https://example.org/b"));
    }

    #[test]
    fn strict_counts_the_judged_provision_only() {
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        let id = |s: &str| s.parse::<ProvisionId>().unwrap_or_else(|e| panic!("{e}"));
        let hits = [id("12C1"), id("12C")];
        let lenient = score(&corpus, &hits, &[id("12C")], false);
        let strict = score(&corpus, &hits, &[id("12C")], true);
        assert_eq!(lenient.first, Some(1));
        assert_eq!(strict.first, Some(2));
    }

    #[test]
    fn judgments_parse_and_errors_name_the_line() {
        let ok = "# comment\n\nd01\tjustert score\t12C\nd02\talert\tdef:Alert, 13\n";
        let js = parse_judgments(ok).unwrap_or_default();
        assert_eq!(js.len(), 2);
        assert_eq!(js[1].relevant.len(), 2);
        let bad = "d01\tjustert score\t12C\nd02\tx\t12Q9z!\n";
        let err = parse_judgments(bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.starts_with("line 2:"), "{err}");
        let short = "d01\tonly two\n";
        assert!(matches!(
            parse_judgments(short),
            Err(EvalError::Fields { line: 1, found: 2 })
        ));
        let dup = "a\tq\t12\na\tq\t13\n";
        assert!(matches!(
            parse_judgments(dup),
            Err(EvalError::DuplicateQid { line: 2, .. })
        ));
    }
}

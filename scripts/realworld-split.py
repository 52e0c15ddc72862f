#!/usr/bin/env python3
"""Writes eval/realworld-dev.tsv, eval/realworld-dev2.tsv and eval/realworld-holdout.tsv from
eval/realworld-questions.tsv.

The split is a column of the questions file, fixed when each question was collected (in the first
batch odd-numbered questions are development, even-numbered held out; the second batch, dev2, is
development only), so regenerating never moves a question.
"""
import pathlib
import re

EVAL = pathlib.Path(__file__).resolve().parent.parent / "eval"
HEADERS = {
    "dev": "# Development half of the real-world questions (see eval/realworld-questions.tsv for sources and method).\n",
    "dev2": "# Second development batch of the real-world questions, collected 2026-12-02 (see\n"
    "# eval/realworld-questions.tsv for sources and method).\n",
    "holdout": "# HELD-OUT real-world questions (see eval/realworld-questions.tsv for sources and method).\n"
    "# Never tuned on: do not change the subject index, ranking, thesaurus or tests because of a query here;\n"
    "# its figure is the fair one.\n",
}

rows = [
    line.rstrip("\n").split("\t")
    for line in (EVAL / "realworld-questions.tsv").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
for split, header in HEADERS.items():
    with open(EVAL / f"realworld-{split}.tsv", "w", encoding="utf-8") as out:
        out.write(header + "# qid<TAB>query<TAB>relevant cites (comma-separated)\n")
        for qid, s, _lang, query, cites, *_ in rows:
            if s == split:
                out.write(f"{qid}\t{query}\t{cites}\n")

# The fresh sets (issue 33): the asker's own words are the query. In the second, a paragraph of a law
# our source holds only by its title (TITLE_ONLY_LAWS) is judged by its law, as the corpus holds no more.
TITLE_ONLY_LAWS = range(21, 94)


def title_only_law(cite):
    """45C4b -> 45 for a law of TITLE_ONLY_LAWS; any other cite unchanged."""
    m = re.fullmatch(r"(\d+)[A-Z].*", cite)
    return m.group(1) if m and int(m.group(1)) in TITLE_ONLY_LAWS else cite


def write_fresh(name, title, judge):
    """Writes eval/{name}.tsv (qid, query, cites) from eval/{name}-questions.tsv, each cite through judge."""
    with open(EVAL / f"{name}.tsv", "w", encoding="utf-8") as out:
        out.write(
            f"# FRESH real-world questions{title} (see eval/{name}-questions.tsv):\n"
            "# frozen before the work it measures and run once, at its end. Never tuned on.\n"
            "# qid<TAB>query<TAB>relevant cites (comma-separated)\n"
        )
        for line in (EVAL / f"{name}-questions.tsv").read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                qid, _lang, words, cites, *_ = line.split("\t")
                judged = []
                for c in (judge(c.strip()) for c in cites.split(",")):
                    if c and c not in judged:
                        judged.append(c)
                out.write(f"{qid}\t{words}\t{','.join(judged)}\n")


write_fresh("realworld-fresh", " in the askers' own words", lambda c: c)
write_fresh("realworld-fresh2", ", second set", title_only_law)

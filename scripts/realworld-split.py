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

# The fresh set (issue 33): the asker's own words are the query.
FRESH_HEADER = (
    "# FRESH real-world questions in the askers' own words (see eval/realworld-fresh-questions.tsv):\n"
    "# frozen before the work it measures and run once, at its end. Never tuned on.\n"
    "# qid<TAB>query<TAB>relevant cites (comma-separated)\n"
)
with open(EVAL / "realworld-fresh.tsv", "w", encoding="utf-8") as out:
    out.write(FRESH_HEADER)
    for line in (EVAL / "realworld-fresh-questions.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            qid, _lang, words, cites, *_ = line.split("\t")
            out.write(f"{qid}\t{words}\t{cites}\n")

# The second fresh set: a paragraph of Laws 21-93 (title only in our source) is judged by its law.
FRESH2_HEADER = (
    "# FRESH real-world questions, second set (see eval/realworld-fresh2-questions.tsv):\n"
    "# frozen before the work it measures and run once, at its end. Never tuned on.\n"
    "# qid<TAB>query<TAB>relevant cites (comma-separated)\n"
)


def title_only_law(cite):
    """45C4b -> 45 for a law our source holds only by its title (Laws 21-93)."""
    m = re.fullmatch(r"(\d+)[A-Z].*", cite)
    return m.group(1) if m and 21 <= int(m.group(1)) <= 93 else cite


with open(EVAL / "realworld-fresh2.tsv", "w", encoding="utf-8") as out:
    out.write(FRESH2_HEADER)
    for line in (EVAL / "realworld-fresh2-questions.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            qid, _lang, words, cites, *_ = line.split("\t")
            judged = []
            for c in (title_only_law(c.strip()) for c in cites.split(",")):
                if c and c not in judged:
                    judged.append(c)
            out.write(f"{qid}\t{words}\t{','.join(judged)}\n")

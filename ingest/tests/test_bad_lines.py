"""A bad article line never costs a good one: every line the database would refuse, or that
cannot be used, goes to the rejects file with its number and reason, and the rest is
ingested, through a real worker, with the counts printed and no traceback."""
import json

import pytest
from django.core.management import call_command

from ingest.models import IngestReject, IngestRun
from ingest.services import ingest_file
from ledger.models import Article, Excerpt, StanceRecord
from ledger.tests.factories import INGEST, story_make

from . import corpus
from .conftest import article, write_lines
from .test_worker import wait_done

STATEMENT = "The Interior Ministry said the police have an LRAD."
LONG_URL = "https://danas.example/" + "x" * 1000


def raw(text: str) -> bytes:
    """A line written as is (JSON escapes such as \\u0000 kept for json.loads to decode)."""
    return (text + "\n").encode("utf-8")


# Each bad line, and how its reason starts. The JSON escapes decode to a NUL character and
# to a lone surrogate: valid JSON, valid UTF-8 on disk, and text PostgreSQL refuses.
BAD = [
    (raw('{"url": "https://danas.example/nul-text", "published_at": "2025-03-16", "text": "LRAD\\u0000here"}'),
     "text holds a NUL character at character 5: the database cannot store it"),
    (raw('{"url": "https://danas.example/nul-title", "published_at": "2025-03-16", "title": "a\\u0000", '
         '"text": "An LRAD."}'),
     "title holds a NUL character at character 2"),
    (raw('{"url": "https://danas.example/surrogate", "published_at": "2025-03-16", "text": "LRAD \\ud800 sound"}'),
     "text holds a lone surrogate (\\ud800) at character 6"),
    (raw('{"url": "https://danas.example/surrogate-title", "published_at": "2025-03-16", "title": "\\udfff", '
         '"text": "An LRAD."}'),
     "title holds a lone surrogate (\\udfff) at character 1"),
    (raw('{"url": "https://danas.example/nul\\u0000url", "published_at": "2025-03-16", "text": "An LRAD."}'),
     "url holds a NUL character"),
    (json.dumps(article(LONG_URL, STATEMENT)).encode() + b"\n", "URL of 1022 characters, over the limit of 1000"),
    (b'{"url": "https://danas.example/broken", "text": \n', "invalid JSON"),
    (json.dumps({"published_at": "2025-03-16", "text": STATEMENT, "outlet": "danas"}).encode() + b"\n", "no URL"),
    (json.dumps(article("https://danas.example/x", STATEMENT, outlet="delta")).encode() + b"\n", "unknown outlet 'delta'"),
    (json.dumps(article("https://danas.example/y", STATEMENT, published_at="16/03/2025")).encode() + b"\n",
     "bad published_at '16/03/2025'"),
    (json.dumps(article("https://danas.example/z", "   ")).encode() + b"\n", "no text"),
    (b"[" * 100_000 + b"\n", "invalid JSON"),  # nested deeper than the parser's recursion
    (raw('{"url": "https://danas.example/big", "n": ' + "9" * 5000 + "}"), "invalid JSON"),
    (json.dumps({**article("https://danas.example/v", STATEMENT), "version": 2**31}).encode() + b"\n",
     "version must be a whole number from 1 to 2147483647, not 2147483648"),
]


def mixed_file(path, good: list[dict]):
    """The good articles with a bad line after every fifteenth, and a repeat of the first
    good article's URL at the end. Returns (path, {line: reason prefix})."""
    lines, expected = [], {}
    bad = iter(BAD)
    for i, line in enumerate(good):
        lines.append(line)
        if i % 15 == 7:
            b = next(bad, None)
            if b is not None:
                lines.append(b[0])
                expected[len(lines)] = b[1]
    assert next(bad, None) is None, "every bad line is in the file"
    lines.append({**good[5], "title": "the same URL again"})
    expected[len(lines)] = "URL already seen on line 6"
    write_lines(path, lines)
    return path, expected


@pytest.mark.worker
def test_each_bad_line_costs_only_itself(celery_worker, tmp_path, capsys):
    """Before: the NUL line made PostgreSQL refuse the whole chunk (250 good articles lost),
    the command printed a traceback, and the repeated URL was dropped without a word."""
    story_make(tmp_path, **INGEST)
    good = list(corpus.articles(250, seed=13))
    path, expected = mixed_file(tmp_path / "mixed.jsonl", good)
    celery_worker(concurrency=1)
    call_command("ingest", "teststory", str(path), "--wait", "--timeout", "120")
    out, err = capsys.readouterr()
    run = IngestRun.objects.get()
    assert run.status == IngestRun.DONE
    assert sorted(Article.objects.values_list("url", flat=True)) == sorted(a["url"] for a in good)
    assert (run.articles, run.rejects, run.duplicates) == (250, len(BAD) + 1, 1)
    assert out.strip() == (f"teststory: articles 250, excerpts {run.excerpts}, records {run.records}, "
                           f"rejects {len(BAD) + 1}, duplicates 1, capped 0")
    assert run.records == StanceRecord.objects.count() > 0 and run.excerpts == Excerpt.objects.count() > 0
    assert "Traceback" not in err and f"{len(BAD) + 1} lines rejected (1 duplicate): see {path.parent}" in err
    rejected = [json.loads(line) for line in (tmp_path / "mixed.rejects.jsonl").read_text("utf-8").splitlines()]
    assert [r["line"] for r in rejected] == sorted(expected)
    for r in rejected:
        assert r["reason"].startswith(expected[r["line"]]), (r["line"], r["reason"])
        assert len(r["reason"]) < 300
    by_line = {r["line"]: r for r in rejected}
    first_bad = min(expected)
    assert by_line[first_bad]["text"] == BAD[0][0].decode().rstrip("\n")  # the line as it was
    assert list(IngestReject.objects.values_list("line", "reason")) == [(r["line"], r["reason"]) for r in rejected]


def test_a_line_of_every_kind_alone(story, tmp_path):
    """Each bad line alone beside one good article: the good one is stored, the bad one
    named (a chunk of two, so no other line hides what one line does)."""
    for n, (line, reason) in enumerate(BAD):
        path = write_lines(tmp_path / f"one-{n}.jsonl", [article(f"https://beta.example/good-{n}", STATEMENT), line])
        run = ingest_file(story=story, path=path)
        rejected = [json.loads(x) for x in (tmp_path / f"one-{n}.rejects.jsonl").read_text().splitlines()]
        assert (run.articles, run.rejects) == (1, 1), reason
        assert rejected[0]["line"] == 2 and rejected[0]["reason"].startswith(reason)
    assert Article.objects.count() == len(BAD)


def test_a_url_seen_before_in_the_file_is_a_duplicate_but_one_of_an_earlier_run_is_not(story, tmp_path):
    first = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", STATEMENT)])
    ingest_file(story=story, path=first)
    path = write_lines(tmp_path / "b.jsonl", [
        article("https://danas.example/1", STATEMENT),   # 1: stored by the run before: skipped, not refused
        article("https://danas.example/2", STATEMENT),   # 2
        article("https://danas.example/2", "Another text, the same URL."),  # 3: a duplicate of 2
        b"\n",                                          # 4
        article(" https://danas.example/2 ", STATEMENT),  # 5: the same URL once trimmed
    ])
    run = ingest_file(story=story, path=path)
    rejected = [json.loads(x) for x in (tmp_path / "b.rejects.jsonl").read_text().splitlines()]
    assert [(r["line"], r["reason"]) for r in rejected] == [
        (3, "URL already seen on line 2"), (5, "URL already seen on line 2")]
    assert (run.articles, run.rejects, run.duplicates) == (1, 2, 2)
    assert Article.objects.get(url="https://danas.example/2").text == STATEMENT  # the first one counts

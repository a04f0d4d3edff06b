import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from ingest.models import IngestReject, IngestRun
from ingest.services import IngestError, ingest_file
from ledger.models import Article, Excerpt

from .conftest import article, write_lines

ROOT = Path(__file__).resolve().parents[2]
STATEMENT = "The Interior Ministry said the police have an LRAD."


def bad_file(tmp_path) -> Path:
    return write_lines(tmp_path / "mixed.jsonl", [
        article("https://danas.example/ok-1", STATEMENT),                       # 1 ok
        b'{"url": "https://danas.example/broken", "text": \n',                   # 2 invalid JSON
        {"published_at": "2025-03-16", "text": STATEMENT, "outlet": "danas"},  # 3 no URL
        article("https://danas.example/x", STATEMENT, outlet="delta"),          # 4 unknown outlet
        article("https://danas.example/y", STATEMENT, published_at="16/03/2025"),  # 5 bad date
        article("https://danas.example/z", "   "),                              # 6 no text
        b'{"url": "https://danas.example/latin1", "text": "caf\xe9"}\n',        # 7 invalid UTF-8
        b"\n",                                                                  # 8 blank: skipped
        article("https://beta.example/ok-2", "The students said a sound cannon was used."),  # 9 ok (outlet from domain)
        article("https://unknown.example/w", STATEMENT),                        # 10 unknown outlet (domain)
        article("https://danas.example/old", STATEMENT, published_at="2024-01-01"),  # 11 outside the story
        [1, 2, 3],                                                              # 12 not an object
    ])


def test_rejects_exactly_the_bad_lines(story, tmp_path):
    run = ingest_file(story=story, path=bad_file(tmp_path))
    rejected = [json.loads(line) for line in (tmp_path / "mixed.rejects.jsonl").read_text().splitlines()]
    assert [r["line"] for r in rejected] == [2, 3, 4, 5, 6, 7, 10, 11, 12]
    reasons = {r["line"]: r["reason"] for r in rejected}
    assert reasons[2].startswith("invalid JSON")
    assert reasons[3] == "no URL"
    assert reasons[4] == "unknown outlet 'delta'"
    assert reasons[5].startswith("bad published_at '16/03/2025'")
    assert reasons[6] == "no text"
    assert reasons[7].startswith("not valid UTF-8")
    assert reasons[10].startswith("unknown outlet")
    assert "outside the story" in reasons[11]
    assert rejected[5]["text"].endswith('caf\\xe9"}')  # the raw line, bytes escaped
    assert list(IngestReject.objects.filter(run=run).values_list("line", flat=True)) == [2, 3, 4, 5, 6, 7, 10, 11, 12]
    assert (run.articles, run.rejects) == (2, 9)
    assert sorted(Article.objects.values_list("url", "outlet__key")) == [
        ("https://beta.example/ok-2", "beta"), ("https://danas.example/ok-1", "danas")]


def test_same_file_twice_adds_nothing(story, tmp_path):
    path = bad_file(tmp_path)
    first = ingest_file(story=story, path=path)
    excerpts = list(Excerpt.objects.values_list("id", "outlets", "capped"))
    second = ingest_file(story=story, path=path)
    assert (first.articles, first.excerpts, first.queued) == (2, 2, 2)
    assert (second.articles, second.excerpts, second.queued, second.capped, second.rejects) == (0, 0, 0, 0, 9)
    assert list(Excerpt.objects.values_list("id", "outlets", "capped")) == excerpts
    assert Article.objects.count() == 2


def test_clean_file_leaves_no_rejects_file(story, tmp_path):
    (tmp_path / "clean.rejects.jsonl").write_text("stale\n")
    ingest_file(story=story, path=write_lines(tmp_path / "clean.jsonl", [article("https://danas.example/1", STATEMENT)]))
    assert not (tmp_path / "clean.rejects.jsonl").exists()


def test_broker_unreachable_writes_nothing(story, tmp_path, monkeypatch):
    from ledger_site.celery import app

    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:9/0")
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", STATEMENT)])
    with pytest.raises(IngestError, match=r"^cannot reach the Celery broker at redis://127.0.0.1:9/0: "):
        ingest_file(story=story, path=path)
    with pytest.raises(CommandError, match="cannot reach the Celery broker") as exc:
        call_command("ingest", "teststory", str(path))
    assert "\n" not in str(exc.value)
    assert not IngestRun.objects.exists() and not Article.objects.exists()


def test_unknown_story_and_extractor(story, tmp_path):
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", STATEMENT)])
    with pytest.raises(CommandError, match="unknown story 'nope'"):
        call_command("ingest", "nope", str(path))
    with pytest.raises(CommandError, match="unknown extractor 'oracle'"):
        call_command("ingest", "teststory", str(path), "--extractor", "oracle")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("ingest", "teststory", str(tmp_path / "missing.jsonl"))


def test_database_unreachable_is_one_line(tmp_path):
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", STATEMENT)])
    env = {**os.environ, "DATABASE_URL": f"postgres://postgres@/nothing?host={tmp_path}"}
    done = subprocess.run([sys.executable, "manage.py", "ingest", "teststory", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [done.stderr.strip().splitlines()[-1]]
    assert done.stderr.startswith("CommandError: cannot reach the database: ")

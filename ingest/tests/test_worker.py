"""End to end through real Celery workers on a real Redis broker (not eager mode)."""
import base64
import json
import time
from collections import Counter
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.core.management import call_command

from ingest.extractors import ExcerptView
from ingest.extractors.rules import extract, story_rules
from ingest.models import IngestBatch, IngestRun
from ingest.services import ingest_file
from ledger.bundle import story_load
from ledger.chain import chain_verify
from ledger.evaluation import evaluate
from ledger.models import Excerpt, PositionPeriod, StanceRecord
from ledger.selectors import ledger_mark
from ledger.periods import periods_rebuild
from ledger.tests.factories import INGEST, story_make

from . import corpus

pytestmark = pytest.mark.worker
CANOPY = Path(__file__).resolve().parents[2] / "fixtures" / "canopy"


def held_undone() -> list[int]:
    """The batches whose messages a worker has taken and not acknowledged (kombu keeps them
    in Redis's `unacked` hash) and that are not done."""
    held = []
    for value in redis.Redis.from_url(settings.CELERY_BROKER_URL).hvals("unacked"):
        message = json.loads(value)[0]
        args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
        held.append(kwargs.get("batch_id"))
    return list(IngestBatch.objects.filter(pk__in=[b for b in held if b], done_at__isnull=True)
                .values_list("pk", flat=True))


def wait_done(run: IngestRun, timeout: float) -> IngestRun:
    deadline = time.monotonic() + timeout
    while run.status == IngestRun.RUNNING and time.monotonic() < deadline:
        time.sleep(0.2)
        run.refresh_from_db()
    assert run.status == IngestRun.DONE, f"run not done after {timeout} s: {run.excerpts_done}/{run.queued}"
    return run


@pytest.mark.skipif(not (CANOPY / "articles.jsonl").exists(), reason="the demo articles are not there yet")
def test_demo_story_end_to_end_and_again(celery_worker, capsys):
    celery_worker(concurrency=2)
    story, _ = story_load(CANOPY)
    call_command("ingest", "canopy", str(CANOPY / "articles.jsonl"), "--wait", "--timeout", "120")
    line = capsys.readouterr().out.strip()
    run = IngestRun.objects.get()
    assert run.status == IngestRun.DONE and run.records > 0 and run.excerpts_done == run.queued
    assert line == f"canopy: {run.summary()}"
    assert not Excerpt.objects.filter(capped=False, extracted_at__isnull=True).exists()
    record = StanceRecord.objects.select_related("excerpt__article__outlet").first()
    assert record.extractor == "rules/2" and record.reported_on == record.excerpt.day
    assert record.url == record.excerpt.article.url and record.outlet == record.excerpt.article.outlet
    assert record.outlets == record.excerpt.outlets and record.quote == record.excerpt.sentence
    # Batches append in any order of days: the derived periods end caught up all the same.
    assert ledger_mark(story).periods_confirms == (1, 2, 3)
    kept = sorted(PositionPeriod.objects.filter(question__story=story).values_list(
        "question_id", "actor_id", "confirm", "ordinal", "records", "established"))
    periods_rebuild(story)
    assert kept and kept == sorted(PositionPeriod.objects.filter(question__story=story).values_list(
        "question_id", "actor_id", "confirm", "ordinal", "records", "established"))
    for n in (1, 2):
        overall = evaluate(story=story, confirm=n)["overall"]
        assert overall["current_accuracy"] >= 0.8 and overall["change_precision"] >= 0.8, overall
    records = StanceRecord.objects.count()
    call_command("ingest", "canopy", str(CANOPY / "articles.jsonl"), "--wait", "--timeout", "60")
    assert capsys.readouterr().out.strip() == "canopy: articles 0, excerpts 0, records 0, rejects 0, duplicates 0, capped 0"
    assert StanceRecord.objects.count() == records and chain_verify(story) is None


def test_kill_9_mid_run_then_a_fresh_worker(celery_worker, tmp_path, monkeypatch):
    """kill -9 of the whole worker (main process and pool) in the middle of a run, then a
    fresh worker with beat, and nobody calls ingest_resume: the run finishes by itself, every
    excerpt extracted exactly once, no record twice, none lost.

    What the killed worker held is lost for a while: with acks_late on Redis, a message a
    worker has taken (the batch it was extracting, the one it had prefetched) stays in the
    `unacked` hash until acknowledged, and nobody is left to requeue it after a SIGKILL of
    the whole group. Redis hands such messages out again only after the visibility timeout
    (an hour, the production setting, kept here). The fresh worker extracts what is still in
    the queue; then the watchdog (a beat task: INGEST_WATCHDOG_SECONDS, 1 s here) sees a
    running run that no worker has touched for INGEST_BATCH_STALE_SECONDS (8 s here, 600 in
    production) and an empty queue, and sends its unfinished batches again. A batch sent
    twice is a no-op the second time (marked done once; excerpts extracted under a row lock;
    the ledger's unique key)."""
    story = story_make(tmp_path, **INGEST)
    path = corpus.write(tmp_path / "big.jsonl", 1500, seed=7)
    worker = celery_worker(concurrency=1)
    run = ingest_file(story=story, path=path)
    assert run.queued > 2000
    # Killed while it holds a batch it has not finished: a kill that falls between one
    # batch's commit and the next delivery loses nothing, and would prove nothing, so the
    # worker is killed again (a new one each time) until it takes a batch with it.
    for _attempt in range(5):
        deadline = time.monotonic() + 60
        while not (run.excerpts_done >= 200 and held_undone()) and time.monotonic() < deadline:
            time.sleep(0.01)
            run.refresh_from_db()
        worker.kill()
        if held_undone():
            break
        worker = celery_worker(concurrency=1)
    run.refresh_from_db()
    assert held_undone(), "no worker was killed holding an unfinished batch"
    assert 0 < run.excerpts_done < run.queued, "the worker was not killed mid-run"
    monkeypatch.setenv("INGEST_WATCHDOG_SECONDS", "1")
    monkeypatch.setenv("INGEST_BATCH_STALE_SECONDS", "8")
    fresh = celery_worker(concurrency=1, beat=True)
    run = wait_done(run, timeout=120)
    assert IngestRun.objects.count() == 1  # no resume run: the watchdog sent the batches again in place
    assert IngestBatch.objects.filter(run=run, sends__gt=1).exists()
    assert "batches sent again" in fresh.log.read_text(errors="replace")
    assert not IngestBatch.objects.filter(done_at__isnull=True).exists()

    taken = Excerpt.objects.filter(story=story, capped=False)
    assert run.excerpts_done == run.queued == taken.count()
    assert not taken.filter(extracted_at__isnull=True).exists()
    got = Counter(StanceRecord.objects.filter(story=story).values_list("excerpt_id", "actor__key", "question__key",
                                                                      "position", "value"))
    assert max(got.values()) == 1  # no record twice
    # The same excerpts extracted in this process, with no worker to kill: the same records.
    rules = story_rules(story)
    expected = Counter(
        (e.id, f.actor, f.question, f.position, f.value)
        for e in taken for f in extract(rules, ExcerptView(e.id, e.sentence, e.text, list(e.topics), e.day)))
    assert got == expected and run.records == sum(expected.values())
    assert chain_verify(story) is None

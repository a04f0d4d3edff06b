"""A command that dies between taking a step's excerpts (committed) and sending their batches
to the broker leaves excerpts taken but never queued: the next `ingest` of the story, or
`ingest_resume`, sends them again; a batch sent twice is counted and extracted once."""
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import transaction

from ingest.services import batches as batch_service
from ingest.services import reading
from ingest.models import IngestBatch, IngestRun
from ingest.services import excerpts_extract, ingest_file
from ledger.models import Excerpt, StanceRecord
from ledger.tests.factories import INGEST, story_make

from . import corpus
from .test_worker import wait_done


class Killed(BaseException):
    """The command dying right after a commit (a BaseException: nothing catches it)."""


def crash_after_first_commit(monkeypatch):
    """The first batches are written; their transaction commits; the process dies before
    it sends them."""
    def send(batches, *, run_id):
        def die():
            raise Killed()
        transaction.on_commit(die)
    monkeypatch.setattr(batch_service, "batches_send", send)


def records_by_key():
    return Counter(StanceRecord.objects.values_list("excerpt_id", "actor_id", "question_id", "extractor"))


def dead_run(story, tmp_path, monkeypatch, n=40):
    path = corpus.write(tmp_path / "a.jsonl", n, seed=11)
    with monkeypatch.context() as patch:
        crash_after_first_commit(patch)
        with pytest.raises(Killed):
            ingest_file(story=story, path=path)
    run = IngestRun.objects.get()
    taken = Excerpt.objects.filter(story=story, capped=False)
    # What a kill -9 leaves (running), or an exception while reading (failed): not read.
    assert run.status == (IngestRun.RUNNING if n <= reading.CHUNK else IngestRun.FAILED) and not run.reading_done
    assert taken.exists() and not taken.filter(extracted_at__isnull=False).exists()
    assert IngestBatch.objects.filter(run=run, done_at__isnull=True).exists()
    return run, path


@pytest.mark.worker
def test_ingest_resume_queues_what_a_dead_run_left(celery_worker, tmp_path, monkeypatch, capsys):
    story = story_make(tmp_path, **INGEST)
    dead, path = dead_run(story, tmp_path, monkeypatch)
    taken = Excerpt.objects.filter(story=story, capped=False).count()
    celery_worker(concurrency=1)
    call_command("ingest_resume", "teststory")
    assert capsys.readouterr().out.strip().startswith(f"teststory: {taken} excerpts queued again")
    resume = wait_done(IngestRun.objects.exclude(pk=dead.pk).get(), timeout=60)
    dead.refresh_from_db()
    assert dead.status == IngestRun.FAILED and "interrupted" in dead.message and dead.queued == 0
    assert (resume.queued, resume.excerpts_done) == (taken, taken)
    assert not Excerpt.objects.filter(capped=False, extracted_at__isnull=True).exists()
    keys = records_by_key()
    assert keys and max(keys.values()) == 1 and resume.records == sum(keys.values())
    # Nothing left to resume: a second resume queues nothing and is done at once.
    call_command("ingest_resume", "teststory")
    assert capsys.readouterr().out.strip().startswith("teststory: 0 excerpts queued again")
    assert records_by_key() == keys


@pytest.mark.worker
def test_a_rerun_of_ingest_takes_over(celery_worker, tmp_path, monkeypatch):
    story = story_make(tmp_path, **INGEST)
    dead, path = dead_run(story, tmp_path, monkeypatch, n=300)  # more than a chunk: the pool cuts
    celery_worker(concurrency=2)
    again = wait_done(ingest_file(story=story, path=path), timeout=90)
    taken = Excerpt.objects.filter(story=story, capped=False)
    assert again.queued == again.excerpts_done == taken.count()  # what the dead run took, and the rest
    assert dead.excerpts and not taken.filter(extracted_at__isnull=True).exists()
    assert max(records_by_key().values()) == 1
    assert IngestRun.objects.get(pk=dead.pk).status == IngestRun.FAILED
    assert not IngestBatch.objects.filter(done_at__isnull=True).exists()


def test_a_batch_sent_twice_counts_once(story, tmp_path, monkeypatch):
    monkeypatch.setattr(batch_service, "batches_send", lambda batches, *, run_id: None)  # no broker: by hand
    run = ingest_file(story=story, path=corpus.write(tmp_path / "a.jsonl", 30, seed=2))
    batches = list(IngestBatch.objects.filter(run=run))
    first = sum(excerpts_extract(run_id=run.pk, excerpt_ids=b.excerpt_ids, batch_id=b.pk) for b in batches)
    assert first > 0 and len(batches) > 1
    assert all(excerpts_extract(run_id=run.pk, excerpt_ids=b.excerpt_ids, batch_id=b.pk) == 0 for b in batches)
    run.refresh_from_db()
    assert (run.status, run.excerpts_done, run.records) == ("done", run.queued, first)
    assert run.queued == sum(len(b.excerpt_ids) for b in batches) == Excerpt.objects.filter(capped=False).count()
    # The same excerpts in another run's batch (re-sent while the first was still queued):
    # that batch is done too, counted in its run, and adds no record.
    batch = batches[0]
    other = IngestRun.objects.create(story=story, file_name="x", extractor="rules/1", status=IngestRun.RUNNING,
                                     reading_done=True, queued=len(batch.excerpt_ids))
    dup = IngestBatch.objects.create(run=other, excerpt_ids=batch.excerpt_ids)
    assert excerpts_extract(run_id=other.pk, excerpt_ids=dup.excerpt_ids, batch_id=dup.pk) == 0
    other.refresh_from_db()
    assert (other.status, other.excerpts_done) == ("done", len(batch.excerpt_ids))
    assert StanceRecord.objects.count() == first


def test_excerpts_taken_in_no_batch_are_queued_again(story, tmp_path, monkeypatch):
    sent = []
    monkeypatch.setattr(batch_service, "batches_send", lambda batches, *, run_id: sent.extend(b.pk for b in batches))
    path = corpus.write(tmp_path / "a.jsonl", 20, seed=4)
    run = ingest_file(story=story, path=path)
    IngestBatch.objects.all().delete()  # taken by a version that kept no batches, say
    sent.clear()
    again = ingest_file(story=story, path=path)
    taken = Excerpt.objects.filter(story=story, capped=False).count()
    assert (again.articles, again.excerpts, again.queued) == (0, 0, taken)
    assert sorted(sent) == sorted(IngestBatch.objects.filter(run=again).values_list("pk", flat=True))
    assert sorted(i for b in IngestBatch.objects.filter(run=again) for i in b.excerpt_ids) == sorted(
        Excerpt.objects.filter(story=story, capped=False).values_list("pk", flat=True))
    assert IngestRun.objects.get(pk=run.pk).status == IngestRun.RUNNING  # read its file: left to its workers


def _age(run, seconds):
    """The run as if nothing had touched it for `seconds`."""
    from datetime import timedelta

    from django.utils import timezone

    IngestRun.objects.filter(pk=run.pk).update(active_at=timezone.now() - timedelta(seconds=seconds))


def test_the_watchdog_sends_again_only_what_no_worker_touched(story, tmp_path, monkeypatch, settings):
    """The batches of a running run that no worker touched for INGEST_BATCH_STALE_SECONDS are
    sent again in place; a run touched lately, a busy queue with another run moving, and
    batches already done are left alone."""
    from ingest.services import batches_stale_resend

    settings.INGEST_BATCH_STALE_SECONDS = 60
    sent = []
    monkeypatch.setattr(batch_service, "batches_send", lambda batches, *, run_id: sent.append((run_id, [b.pk for b in batches])))
    run = ingest_file(story=story, path=corpus.write(tmp_path / "a.jsonl", 30, seed=2))
    batches = list(IngestBatch.objects.filter(run=run).order_by("id"))
    assert len(batches) > 1 and run.status == IngestRun.RUNNING
    excerpts_extract(run_id=run.pk, excerpt_ids=batches[0].excerpt_ids, batch_id=batches[0].pk)
    sent.clear()
    assert batches_stale_resend() == 0 and sent == []  # a worker finished a batch just now

    _age(run, 61)
    other = IngestRun.objects.create(story=story, file_name="other", extractor="rules/1", status=IngestRun.RUNNING)
    monkeypatch.setattr(batch_service, "broker_queue_empty", lambda: False)
    assert batches_stale_resend() == 0  # the queue holds work and another run moves: they may wait behind it
    IngestRun.objects.filter(pk=other.pk).update(status=IngestRun.DONE)

    assert batches_stale_resend() == len(batches) - 1
    assert sent == [(run.pk, [b.pk for b in batches[1:]])]  # in place, the done one left out
    assert list(IngestBatch.objects.filter(run=run).order_by("id").values_list("sends", flat=True)) == [1] + [2] * (len(batches) - 1)
    assert batches_stale_resend() == 0  # just sent: touched now

    # A worker extracts the re-sent batches (and would the originals, later: no-ops).
    for b in batches[1:]:
        excerpts_extract(run_id=run.pk, excerpt_ids=b.excerpt_ids, batch_id=b.pk)
        assert excerpts_extract(run_id=run.pk, excerpt_ids=b.excerpt_ids, batch_id=b.pk) == 0
    run.refresh_from_db()
    assert run.status == IngestRun.DONE and run.excerpts_done == run.queued
    _age(run, 61)
    assert batches_stale_resend() == 0


def test_plain_ingest_resume_takes_over_a_stale_running_run(story, tmp_path, monkeypatch, settings):
    settings.INGEST_BATCH_STALE_SECONDS = 60
    monkeypatch.setattr(batch_service, "batches_send", lambda batches, *, run_id: None)
    monkeypatch.setattr(batch_service, "broker_check", lambda: None)
    run = ingest_file(story=story, path=corpus.write(tmp_path / "a.jsonl", 30, seed=2))
    queued = run.queued
    assert batch_service.ingest_resume(story=story).queued == 0  # read its file, touched lately: left to its workers
    _age(run, 61)
    resume = batch_service.ingest_resume(story=story)
    assert resume.queued == queued and IngestBatch.objects.filter(run=resume).count() == IngestBatch.objects.count()
    run.refresh_from_db()
    assert (run.status, run.queued) == (IngestRun.DONE, 0)

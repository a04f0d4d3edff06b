"""Steps, caps and batches: what a run takes for extraction, how it is queued, and sending
again what no worker finished.

The caps are applied step by step (as soon as the reader has moved two steps past a step,
for a file in date order, so workers extract while the file is read; the rest at the end):
excerpts already taken by earlier runs count first, then the held-back ones of the step in
order of day, publication time, article and position (each article's first ones before
any article's later ones, its statements before its background: `caps_apply`). Those taken are queued for extraction
in batches of BATCH excerpt ids: an `IngestBatch` row written in the same transaction, its
message sent on commit. The rest stay capped, counted, and are looked at again by every
later run (so a run with other caps can take them, and so can a run after one that died
before this phase).

A batch that was written but never finished is sent again: by the next `ingest` of the
story or by `ingest_resume` (`batches_resume`), and by the watchdog (`batches_stale_resend`,
a beat task) when a worker died with it. Sending a batch twice is harmless: a worker
marks a batch done and counts it exactly once, and extracts an excerpt once.
"""
import logging
from datetime import timedelta
from itertools import groupby

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Max, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from ledger.models import Excerpt, Story

from ..excerpts import CapItem, StatementLook, caps_apply
from ..models import IngestBatch, IngestRun
from .runs import (ALREADY_RUNNING, IngestError, broker_check, commit_async, extractor_name_of, run_finish_check,
                   run_start, story_lock, story_unlock)

log = logging.getLogger(__name__)

BATCH = 250  # excerpts per extraction task: a dozen queries each, whatever its size

INTERRUPTED = "interrupted before it had read its file; what it had queued and no worker finished went to run {run}"


def steps_release(*, story: Story, run: IngestRun, steps: set[int], capped_too: bool = True) -> None:
    """Apply the caps of each step this run touched, and of every step that still holds
    capped excerpts, and queue what they take."""
    if capped_too:
        steps = set(steps) | set(Excerpt.objects.filter(story=story, capped=True).values_list("step", flat=True).distinct())
    # An LLM run sends many excerpts a request: what these steps take is queued together,
    # so a batch (and its requests) is not cut down to one step's few excerpts.
    together, pending = run.extractor.startswith("llm/"), []
    # With no cap (an offline story's usual setting) every excerpt is taken: no sentence to weigh.
    capped = bool(story.per_topic_cap or story.per_outlet_cap)
    look = StatementLook.of(story) if capped else None
    for step in sorted(steps):
        with transaction.atomic():
            commit_async()
            rows = (Excerpt.objects.filter(story=story, step=step)
                    .order_by("day", "article__published_at", "article_id", "position")
                    .values_list("id", "topics", "article__outlet__key", "capped", "article_id",
                                 *(("sentence",) if capped else ())))
            items = [CapItem(id=row[0], topics=list(row[1]), outlet=row[2], taken=not row[3], article=row[4],
                             sentence=row[5] if capped else "") for row in rows]
            taken, held = caps_apply(items, per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap, look=look)
            if taken and together:
                pending += taken
            elif taken:
                Excerpt.objects.filter(pk__in=taken).update(capped=False)
                excerpts_queue(run_id=run.pk, excerpt_ids=taken)
    if pending:
        with transaction.atomic():
            commit_async()
            Excerpt.objects.filter(pk__in=pending).update(capped=False)
            excerpts_queue(run_id=run.pk, excerpt_ids=pending)


def excerpts_queue(*, run_id: int, excerpt_ids: list[int]) -> list[IngestBatch]:
    """Queue extraction in batches: a batch row now (in the caller's transaction) and its
    message once that transaction commits. Counts them in the run's `queued`."""
    batches = IngestBatch.objects.bulk_create(
        [IngestBatch(run_id=run_id, excerpt_ids=excerpt_ids[i:i + BATCH]) for i in range(0, len(excerpt_ids), BATCH)])
    IngestRun.objects.filter(pk=run_id).update(queued=F("queued") + len(excerpt_ids), active_at=timezone.now())
    batches_send(batches, run_id=run_id)
    return batches


def batches_send(batches: list[IngestBatch], *, run_id: int) -> None:
    """Send each batch's message once the caller's transaction commits."""
    from ..tasks import excerpts_extract_task

    for batch in batches:
        excerpts_extract_task.delay_on_commit(run_id, list(batch.excerpt_ids), batch_id=batch.pk)


def batches_resume(*, story: Story, run: IngestRun, running_too: bool = False) -> int:
    """Send again what earlier runs of the story queued and no worker finished, and queue
    excerpts that were taken but are in no batch; both count in `run` from now on. Call it
    holding the story's reading lock: then a run still marked running that has not read its
    whole file is dead (it is marked failed), and its batches may never have reached the
    broker. The batches of a run that read its file and is still running are in the broker
    or with a worker, and are left to it unless `running_too` (after the broker lost its
    queue, say). Only batches of runs with `run`'s extractor are taken over.
    Returns the number of excerpts queued again."""
    with transaction.atomic():
        commit_async()
        others = IngestRun.objects.filter(story=story).exclude(pk=run.pk)
        dead = others.filter(status=IngestRun.RUNNING, reading_done=False)
        dead.update(status=IngestRun.FAILED, finished_at=timezone.now(), message=INTERRUPTED.format(run=run.pk))
        over = others.filter(extractor=run.extractor)
        if not running_too:
            over = over.filter(~Q(status=IngestRun.RUNNING) | _stale())
        undone = list(IngestBatch.objects.select_for_update().filter(run__in=over, done_at__isnull=True).order_by("id"))
        moved: dict[int, int] = {}
        for batch in undone:
            moved[batch.run_id] = moved.get(batch.run_id, 0) + len(batch.excerpt_ids)
        for run_id, n in moved.items():
            IngestRun.objects.filter(pk=run_id).update(queued=F("queued") - n)
        if undone:
            IngestBatch.objects.filter(pk__in=[b.pk for b in undone]).update(run=run)
            IngestRun.objects.filter(pk=run.pk).update(queued=F("queued") + sum(moved.values()))
            batches_send(undone, run_id=run.pk)
        # Taken, not extracted, and in no batch that a worker may still finish.
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT e.id FROM {Excerpt._meta.db_table} e WHERE e.story_id = %s AND NOT e.capped "
                "AND e.extracted_at IS NULL AND e.id NOT IN ("
                f"  SELECT unnest(b.excerpt_ids) FROM {IngestBatch._meta.db_table} b"
                f"  JOIN {IngestRun._meta.db_table} r ON r.id = b.run_id WHERE r.story_id = %s AND b.done_at IS NULL"
                ") ORDER BY e.id", [story.pk, story.pk])
            waiting = [row[0] for row in cursor.fetchall()]
        if waiting:
            excerpts_queue(run_id=run.pk, excerpt_ids=waiting)
    for run_id in moved:
        run_finish_check(run_id=run_id)
    return sum(moved.values()) + len(waiting)


def _stale() -> Q:
    """Runs no worker has touched (and that queued nothing) for INGEST_BATCH_STALE_SECONDS,
    which is longer than a task may run (CELERY_TASK_TIME_LIMIT)."""
    since = timezone.now() - timedelta(seconds=settings.INGEST_BATCH_STALE_SECONDS)
    return Q(active_at__lt=since) | Q(active_at__isnull=True, started_at__lt=since)


def broker_queue_empty() -> bool | None:
    """Whether the broker's default queue holds no message (None: cannot tell). A message a
    worker has taken is not in it any more."""
    from ledger_site.celery import app

    try:
        with app.connection_for_read() as conn:
            return conn.default_channel.queue_declare(
                queue=app.conf.task_default_queue, passive=True).message_count == 0
    except Exception:  # the queue does not exist yet, or the broker is away: cannot tell
        log.warning("the watchdog cannot read the broker's queue length", exc_info=True)
        return None


def batches_stale_resend() -> int:
    """The watchdog (a beat task, every INGEST_WATCHDOG_SECONDS): send again, in place, the
    unfinished batches of every running run that no worker has touched for
    INGEST_BATCH_STALE_SECONDS: a worker killed while it held them (kill -9, out of memory)
    never acknowledged their messages, and the broker would hand them out again only after
    its visibility timeout (an hour). Only when the broker's queue is empty, or no run at
    all has moved for that long: a batch waiting behind another run's work is not lost.
    Idempotent: a batch is marked done and counted once however many times it is sent.
    Returns the number of batches sent again."""
    running = IngestRun.objects.filter(status=IngestRun.RUNNING)
    stale_runs = running.filter(_stale())
    if not stale_runs.exists():
        return 0
    if not broker_queue_empty():
        latest = running.aggregate(m=Max(Coalesce("active_at", "started_at")))["m"]
        if latest is not None and latest >= timezone.now() - timedelta(seconds=settings.INGEST_BATCH_STALE_SECONDS):
            return 0  # workers are busy with other runs' batches: these may be waiting behind them
    with transaction.atomic():
        undone = list(IngestBatch.objects.select_for_update(skip_locked=True)  # a worker finishing one holds it
                      .filter(run__in=stale_runs, done_at__isnull=True).order_by("run_id", "id"))
        if not undone:
            return 0
        IngestBatch.objects.filter(pk__in=[b.pk for b in undone]).update(sends=F("sends") + 1)
        IngestRun.objects.filter(pk__in={b.run_id for b in undone}).update(active_at=timezone.now())
        for run_id, batches in groupby(undone, key=lambda b: b.run_id):
            batches = list(batches)
            log.warning("ingest run %s: no worker has touched it for %s s: %d batches sent again",
                        run_id, settings.INGEST_BATCH_STALE_SECONDS, len(batches))
            batches_send(batches, run_id=run_id)
    return len(undone)


def ingest_resume(*, story: Story, extractor: str = "rules", running_too: bool = False) -> IngestRun:
    """`manage.py ingest_resume`: a run that reads no file and queues again what earlier
    runs left unfinished (`batches_resume`)."""
    extractor_name = extractor_name_of(extractor)
    broker_check()
    if not story_lock(story):
        raise IngestError(ALREADY_RUNNING.format(slug=story.slug))
    try:
        run = run_start(story=story, file_name="(resume)", extractor_name=extractor_name)
        batches_resume(story=story, run=run, running_too=running_too)
        IngestRun.objects.filter(pk=run.pk).update(reading_done=True)
        run_finish_check(run_id=run.pk)
    finally:
        story_unlock(story)
    run.refresh_from_db()
    return run

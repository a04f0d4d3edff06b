"""Steps, caps and batches: what a run takes for extraction, how it is queued, and sending
again what no worker finished.

The caps are applied step by step (as soon as the reader has moved two steps past a step,
for a file in date order, so workers extract while the file is read; the rest at the end):
excerpts already taken by earlier runs count first, then the held-back ones of the step in
order of day, publication time, article and position. Those taken are queued for extraction
in batches of BATCH excerpt ids: an `IngestBatch` row written in the same transaction, its
message sent on commit. The rest stay capped, counted, and are looked at again by every
later run (so a run with other caps can take them, and so can a run after one that died
before this phase).

A batch that was written but never finished is sent again: by the next `ingest` of the
story or by `ingest_resume` (`batches_resume`). Sending a batch twice is harmless: a worker
marks a batch done and counts it exactly once, and extracts an excerpt once.
"""
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from ledger.models import Excerpt, Story

from ..excerpts import CapItem, caps_apply
from ..models import IngestBatch, IngestRun
from .runs import (ALREADY_RUNNING, IngestError, broker_check, commit_async, extractor_name_of, run_finish_check,
                   run_start, story_lock, story_unlock)

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
    for step in sorted(steps):
        with transaction.atomic():
            commit_async()
            rows = (Excerpt.objects.filter(story=story, step=step)
                    .order_by("day", "article__published_at", "article_id", "position")
                    .values_list("id", "topics", "article__outlet__key", "capped"))
            items = [CapItem(id=i, topics=list(t), outlet=o, taken=not c) for i, t, o, c in rows]
            taken, held = caps_apply(items, per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap)
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
    IngestRun.objects.filter(pk=run_id).update(queued=F("queued") + len(excerpt_ids))
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
            over = over.exclude(status=IngestRun.RUNNING)
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

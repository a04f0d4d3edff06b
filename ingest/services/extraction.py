"""The workers' side: extracting a batch of excerpts and appending their records.

The workers extract each batch (`excerpts_extract`), mark it done exactly once and count it
with additions in SQL; the run is done when the file is read, every batch queued and every
queued excerpt extracted (`runs.run_finish_check`).
"""
import logging
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from ledger.models import Article, Excerpt
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append_count
from ledger.validation import QUOTE_MAX

from ..extractors import ExcerptView, ExtractResult, extractor_get
from ..models import IngestBatch, IngestRun
from .runs import commit_async, run_finish_check

log = logging.getLogger(__name__)

@dataclass
class _Pending:
    """What extraction reads of an excerpt (plain values: no model instances to build)."""

    id: int
    sentence: str
    text: str
    topics: list[str]
    day: object
    outlets: list[str]
    url: str
    outlet_id: int
    article_id: int
    position: int


RUN_TOUCH_SQL = f"UPDATE {IngestRun._meta.db_table} SET active_at = %s WHERE id = %s"
# What extraction reads of each excerpt not extracted yet (the fields of `_Pending`).
PENDING_SQL = f"""
SELECT e.id, e.sentence, e.text, e.topics, e.day, e.outlets, a.url, a.outlet_id, e.article_id, e.position
FROM {Excerpt._meta.db_table} e JOIN {Article._meta.db_table} a ON a.id = e.article_id
WHERE e.id = ANY(%s) AND e.extracted_at IS NULL AND NOT e.capped ORDER BY e.id
"""
TEXTS_SQL = f"SELECT id, text FROM {Article._meta.db_table} WHERE id = ANY(%s)"
RUN_COUNT_SQL = f"""
UPDATE {IngestRun._meta.db_table} SET excerpts_done = excerpts_done + %s, records = records + %s,
    tokens_in = tokens_in + %s, tokens_out = tokens_out + %s, cost_usd = cost_usd + %s, active_at = %s
WHERE id = %s
"""


def excerpts_extract(*, run_id: int, excerpt_ids: list[int], batch_id: int | None = None) -> int:
    """Extract a batch of excerpts and append their records. Runs any number of times with
    the same result: excerpts already extracted are skipped under a row lock, and the ledger
    skips a record it holds. With `batch_id` (an `IngestBatch`) the batch is marked done in
    the same transaction, and its size counted in its run's `excerpts_done`, exactly once;
    without it (a message of an older version) the excerpts this call extracted are counted.
    Returns the number of records appended."""
    # A worker is at work on the run: the watchdog leaves its batches alone for a while.
    # (The queries of every batch are written out: the ORM's building of them cost a worker
    # more than the database's answering.)
    with connection.cursor() as cursor:
        cursor.execute(RUN_TOUCH_SQL, [timezone.now(), run_id])
    run = IngestRun.objects.select_related("story").get(pk=run_id)
    story = run.story
    extractor = extractor_get(run.extractor)
    with connection.cursor() as cursor:
        cursor.execute(PENDING_SQL, [list(excerpt_ids)])
        pending = [_Pending(*row) for row in cursor.fetchall()]
    if not pending and batch_id is None:
        run_finish_check(run_id=run_id)
        return 0
    # each article's text once per batch, for an extractor that reads it
    texts = {}
    if pending and extractor.reads_article:
        with connection.cursor() as cursor:
            cursor.execute(TEXTS_SQL, [sorted({e.article_id for e in pending})])
            texts = dict(cursor.fetchall())
    # Extraction runs outside the transaction (an LLM call may take a while); the lock
    # below decides which of two concurrent deliveries writes.
    result = extractor.extract_batch(story, [
        ExcerptView(id=e.id, sentence=e.sentence, text=e.text, topics=list(e.topics), day=e.day,
                    outlets=tuple(e.outlets), article=texts.get(e.article_id, ""), position=e.position)
        for e in pending], run=run) if pending else ExtractResult()
    index = story_cast(story)  # read once per worker process and load of the bundle
    outlets_by_id = {o.pk: o for o in index.outlets.values()}
    counted_run = run_id
    with transaction.atomic():
        commit_async()
        with connection.cursor() as cursor:
            if batch_id is not None:
                cursor.execute(f"UPDATE {IngestBatch._meta.db_table} SET done_at = %s WHERE id = %s AND done_at IS NULL "
                               "RETURNING run_id, cardinality(excerpt_ids)", [timezone.now(), batch_id])
                row = cursor.fetchone()
                if row is None:  # done already: a redelivered or re-sent batch
                    return 0
                counted_run, done = row
            # Lock and mark in one statement (ordered, so two deliveries cannot deadlock):
            # an excerpt another delivery has just extracted is not returned.
            table = Excerpt._meta.db_table
            cursor.execute(f"UPDATE {table} SET extracted_at = %s WHERE id IN (SELECT id FROM {table} "
                           "WHERE id = ANY(%s) AND extracted_at IS NULL ORDER BY id FOR UPDATE) RETURNING id",
                           [timezone.now(), [e.id for e in pending]])
            locked = {row[0] for row in cursor.fetchall()}
        if batch_id is None:
            done = len(locked)
        drafts = []
        for e in pending:
            if e.id not in locked:
                continue
            for f in result.findings.get(e.id, []):
                actor, question = index.actors.get(f.actor), index.questions.get(f.question)
                if actor is None or question is None:
                    log.warning("excerpt %s: unknown actor %r or question %r", e.id, f.actor, f.question)
                    continue
                drafts.append(RecordDraft(
                    actor=actor, question=question, position=f.position, value=f.value,
                    reported_on=e.day, extractor=extractor.name, outlet=outlets_by_id[e.outlet_id],
                    outlets=list(e.outlets), url=e.url, quote=(f.quote or e.sentence)[:QUOTE_MAX],
                    excerpt_id=e.id, confidence=round(min(1.0, max(0.0, f.confidence)), 3),
                    via=index.outlets.get(f.via) if f.via else None, value_high=f.value_high,
                    rationale=f.rationale))
        # A finding the ledger refuses (a bad figure, a day outside the story) is dropped alone.
        refused = []
        appended = records_append_count(story=story, drafts=drafts, refused=refused) if drafts else 0
        for draft, reason in refused:
            log.warning("excerpt %s: finding refused: %s", draft.excerpt_id, reason)
        with connection.cursor() as cursor:
            cursor.execute(RUN_COUNT_SQL, [done, appended, result.tokens_in, result.tokens_out, result.cost_usd,
                                           timezone.now(), counted_run])
    run_finish_check(run_id=counted_run)
    return appended

"""Ingest: an articles file into articles and excerpts, extraction queued on the workers,
and what a worker does with a batch of excerpts. The `ingest` command and the tasks call
these functions and nothing else.

Phases of one run (an `IngestRun` row shows them):

1. Read the file line by line (bytes, decoded per line; memory stays flat). A bad line goes
   to the rejects (file and `IngestReject` rows) and the run goes on. Good lines are written
   in chunks of CHUNK articles, one transaction each: the new articles (keyed by story and
   URL: a known URL is skipped) and their excerpts (keyed by article and sentence position).
   A sentence that is a wire copy of an excerpt of another article of the same day adds its
   outlet and article to that excerpt instead of making a new one. New excerpts are written
   held back (`capped=True`) until their step's caps are applied. Cutting (sentence
   splitting) runs in a pool of processes once a file has more than one chunk: the pool
   cuts the next chunk while this process writes the one before.
2. Apply the caps, step by step (as soon as the reader has moved two steps past a step,
   for a file in date order, so workers extract while the file is read; the rest at the end): excerpts already taken by earlier runs count first, then
   the held-back ones of the step in order of day, publication time, article and position.
   Those taken are queued for extraction in batches of BATCH excerpt ids: an `IngestBatch`
   row written in the same transaction, its message sent on commit. The rest stay capped,
   counted, and are looked at again by every later run (so a run with other caps can take
   them, and so can a run after one that died before this phase). A batch that was written
   but never finished by a worker of a run that is over (the command died between the
   commit and the publish, say) is sent again by the next `ingest` of the story or by
   `ingest_resume` (`batches_resume`); so is an excerpt taken but in no batch.
3. The workers extract each batch (`excerpts_extract`), mark it done exactly once and count
   it with F() expressions; the run is done when the file is read, every batch queued and every queued
   excerpt extracted: one conditional UPDATE, so whichever of the command and the workers
   finishes last marks it, exactly once.

Only one run of a story reads a file at a time (a PostgreSQL advisory lock), which makes
the wire-copy index and the caps safe to compute in this one process.

The ingest transactions (the command's and the workers') run with synchronous_commit off
(`_commit_async`): a commit returns before its WAL reaches the disk, which takes a few
milliseconds off every chunk and batch. The trade-off: a crash of the database server (not
of a worker or the command) may lose the last fraction of a second of acknowledged commits.
The database stays consistent (no half transaction is ever visible), and that work is
simply not there: the next `ingest` of the same file adds the lost articles again, and
`ingest_resume` re-queues excerpts taken but not extracted; the ledger's unique key keeps a
record from being appended twice.
"""
import json
import logging
import multiprocessing
import os
import re
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection, reset_queries, transaction
from django.db.models import F, Max
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import Article, Excerpt, Story
from ledger.services import RecordDraft, StoryIndex, periods_catch_up, records_append

from .articles import ArticleIn, ArticleReader, Reject
from .dating import step_of
from .excerpts import CapItem, WireEntry, WireIndex, caps_apply, excerpts_cut_many, pool_cut, pool_init
from .extractors import ExcerptView, ExtractResult, UnknownExtractor, extractor_get
from .models import IngestBatch, IngestReject, IngestRun

log = logging.getLogger(__name__)

CHUNK = 250  # articles per write transaction
BATCH = 250  # excerpts per extraction task: a dozen queries each, whatever its size
# Processes that cut articles into excerpts while this one writes: INGEST_CUT_PROCESSES, or
# one per CPU (at most 4); 0 or 1 cuts in this process. A file of one chunk or less is cut
# here anyway (starting a pool costs more than it saves).
CUT_PROCESSES = os.environ.get("INGEST_CUT_PROCESSES")
LOCK_CLASS = 0x1A6E57  # advisory lock namespace: (LOCK_CLASS, story id)

BROKER_UNREACHABLE = "cannot reach the Celery broker at {url}: {reason}"
ALREADY_RUNNING = "another ingest of story {slug!r} is reading its file: try again when it has finished"


class IngestError(LedgerError):
    pass


def broker_check(*, timeout: float = 3.0) -> None:
    """Raise IngestError when the broker cannot be reached (before anything is written)."""
    from ledger_site.celery import app

    conn = app.connection_for_write()
    try:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
    except Exception as exc:  # kombu wraps the transport's errors in several ways
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise IngestError(BROKER_UNREACHABLE.format(url=conn.as_uri().replace("//:**@", "//"), reason=reason)) from None
    finally:
        conn.release()


def rejects_path_for(path: Path) -> Path:
    """`<name>.rejects.jsonl` next to the input, or in the working directory when the
    input's folder cannot be written."""
    name = path.name[: -len(".jsonl")] if path.name.endswith(".jsonl") else path.name
    beside = path.parent / f"{name}.rejects.jsonl"
    return beside if os.access(path.parent, os.W_OK) else Path.cwd() / beside.name


class RejectsFile:
    """Opened on the first reject; a stale file of an earlier run is removed."""

    def __init__(self, path: Path):
        self.path, self._file, self.count = path, None, 0

    def add(self, line: int, reason: str, raw: bytes) -> None:
        if self._file is None:
            self._file = self.path.open("w", encoding="utf-8")
        text = raw.decode("utf-8", errors="backslashreplace").rstrip("\r\n")
        self._file.write(json.dumps({"line": line, "reason": reason, "text": text}, ensure_ascii=False) + "\n")
        self.count += 1

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        elif self.path.exists():
            self.path.unlink()


def _commit_async() -> None:
    """This transaction's commit does not wait for its WAL to reach the disk (see the module
    docstring for the trade-off: a database crash may lose the last moments of acknowledged
    work, which a re-run restores)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")


@dataclass
class _Chunk:
    articles: list[tuple[int, ArticleIn]] = field(default_factory=list)
    rejects: list[tuple[int, str]] = field(default_factory=list)
    read: int = 0  # bytes of the file read when the chunk was complete


class _Done:
    """A result already there (cut in this process)."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


class _Cutter:
    """Cuts articles into excerpts: in this process, or in a pool of processes that cut the
    next chunk while this one writes. The pool is started on the first full chunk (spawned,
    not forked: a forked child would share this process's database connection)."""

    def __init__(self, topics, language: str, processes: int | None = None):
        self.topics, self.language = topics, language
        if processes is None:
            processes = int(CUT_PROCESSES) if CUT_PROCESSES else min(4, os.cpu_count() or 1)
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, texts: list[str], *, pool: bool):
        if not texts or not pool or self.processes < 2:
            return _Done(excerpts_cut_many(texts, self.topics, self.language))
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=pool_init, initargs=(self.topics, self.language))
        size = -(-len(texts) // self.processes)
        return _Joined(self, texts, [self._pool.submit(pool_cut, texts[i:i + size]) for i in range(0, len(texts), size)])

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class _Joined:
    def __init__(self, cutter: _Cutter, texts: list[str], futures: list[Future]):
        self.cutter, self.texts, self.futures = cutter, texts, futures

    def result(self):
        try:
            return [cuts for f in self.futures for cuts in f.result()]
        except BrokenProcessPool as exc:
            # A pool process could not start (this program's main module cannot be imported
            # again, say) or was killed: cut here, now and for the rest of the file.
            log.warning("the cutting pool broke (%s): cutting in this process", exc)
            self.cutter.close()
            self.cutter.processes = 1
            return excerpts_cut_many(self.texts, self.cutter.topics, self.cutter.language)


@dataclass
class _Prepared:
    """A chunk whose new articles are known and whose cutting has started."""

    chunk: _Chunk
    fresh: list[ArticleIn]
    cuts: object  # .result(): the cuts of each fresh article


class _Reader:
    """Phase 1: articles and excerpts, chunk by chunk."""

    def __init__(self, story: Story, run: IngestRun, *, processes: int | None = None):
        self.story, self.run = story, run
        self.topics = [(t.key, [re.compile(k, re.IGNORECASE) for k in t.keywords]) for t in story.topics.all()]
        self.wire = WireIndex(self._wire_day)
        self.steps: set[int] = set()  # steps with new excerpts not yet released
        self.latest_step = -1
        self.cutter = _Cutter(self.topics, story.language, processes)
        self._unwritten: set[str] = set()  # URLs of the chunk prepared but not yet written

    def _wire_day(self, day):
        rows = Excerpt.objects.filter(story=self.story, day=day).values_list("id", "sentence", "article_id", "outlets")
        for excerpt_id, sentence, article_id, outlets in rows.iterator(chunk_size=2000):
            yield sentence, WireEntry(article_id=article_id, outlets=list(outlets), excerpt_id=excerpt_id)

    def prepare(self, chunk: _Chunk, *, pool: bool = True) -> _Prepared:
        """Which of the chunk's articles are new (keyed by story and URL: a known URL is
        skipped, and so is the same URL twice in a file), and start cutting them. Runs
        before the previous chunk is written: that chunk's URLs count as known."""
        urls = [a.url for _, a in chunk.articles]
        known = set(Article.objects.filter(story=self.story, url__in=urls).values_list("url", flat=True))
        known |= self._unwritten
        fresh = []
        for _, a in chunk.articles:
            if a.url not in known:
                known.add(a.url)  # the same URL twice in one file: the first one counts
                fresh.append(a)
        self._unwritten = {a.url for a in fresh}
        return _Prepared(chunk, fresh, self.cutter.submit([a.text for a in fresh], pool=pool))

    @transaction.atomic
    def write(self, prepared: _Prepared) -> None:
        story, run, chunk, fresh = self.story, self.run, prepared.chunk, prepared.fresh
        _commit_async()
        # Articles and excerpts are written with COPY, their ids taken from their tables'
        # sequences first (in order, as an INSERT would have taken them).
        article_ids = _ids_take(Article, len(fresh))
        _copy_rows(Article, ARTICLE_COPY, [(article_id, story.pk, a.url, a.outlet.pk, a.published_at, a.day, a.title, a.text, a.live_blog)
                    for article_id, a in zip(article_ids, fresh, strict=True)])
        new_excerpts, new_entries, copy_rows, changed = [], [], [], {}
        for article_id, a, cuts in zip(article_ids, fresh, prepared.cuts.result(), strict=True):
            day = a.day
            step = step_of(day, start=story.start, step_days=story.step_days)
            outlet = a.outlet.key
            for cut in cuts:
                entry = self.wire.find(day, cut.sentence, article_id=article_id)
                if entry is not None:  # a wire copy: one more outlet for that excerpt
                    if outlet not in entry.outlets:
                        entry.outlets.append(outlet)
                    entry.copies.add(article_id)
                    if entry.excerpt_id is not None:
                        changed[entry.excerpt_id] = entry
                    continue
                # The outlets list is the entry's: a copy later in this chunk adds to it.
                excerpt = [None, story.pk, article_id, cut.position, day, step, cut.text, cut.sentence,
                           cut.sentence_start, cut.topics, [outlet], True]
                entry = WireEntry(article_id=article_id, outlets=excerpt[10], pending=excerpt)
                self.wire.add(day, cut.sentence, entry)
                new_excerpts.append(excerpt)
                new_entries.append(entry)
                self.steps.add(step)
            self.latest_step = max(self.latest_step, step)
        for excerpt, excerpt_id in zip(new_excerpts, _ids_take(Excerpt, len(new_excerpts)), strict=True):
            excerpt[0] = excerpt_id
        _copy_rows(Excerpt, EXCERPT_COPY, new_excerpts)
        for entry in new_entries:
            entry.excerpt_id, entry.pending = entry.pending[0], None
            if entry.copies:
                changed[entry.excerpt_id] = entry
        copies, outlets = 0, []
        for excerpt_id, entry in changed.items():
            copy_rows += [Excerpt.copies.through(excerpt_id=excerpt_id, article_id=a) for a in entry.copies]
            copies += len(entry.copies)
            entry.copies = set()
            outlets.append({"id": excerpt_id, "outlets": entry.outlets})
        if outlets:  # one UPDATE for every excerpt that got an outlet
            with connection.cursor() as cursor:
                cursor.execute(
                    f"UPDATE {Excerpt._meta.db_table} AS e SET outlets = v.outlets "
                    "FROM jsonb_to_recordset(%s::jsonb) AS v(id bigint, outlets text[]) WHERE e.id = v.id",
                    [json.dumps(outlets)])
        Excerpt.copies.through.objects.bulk_create(copy_rows, ignore_conflicts=True)
        IngestReject.objects.bulk_create(IngestReject(run=run, line=n, reason=r) for n, r in chunk.rejects)
        IngestRun.objects.filter(pk=run.pk).update(
            articles=F("articles") + len(fresh), excerpts=F("excerpts") + len(new_excerpts),
            copies=F("copies") + copies, rejects=F("rejects") + len(chunk.rejects))
        self._unwritten = set() if self._unwritten == {a.url for a in fresh} else self._unwritten
        reset_queries()  # with DEBUG on, Django would keep every query of a long file


# The columns COPY writes, with their types. A test holds them to the models' columns, so a
# field added to Article or Excerpt cannot be left out silently.
ARTICLE_COPY = {"id": "bigint", "story_id": "bigint", "url": "varchar", "outlet_id": "bigint",
                "published_at": "timestamptz", "day": "date", "title": "varchar", "text": "text",
                "live_blog": "bool"}
EXCERPT_COPY = {"id": "bigint", "story_id": "bigint", "article_id": "bigint", "position": "integer", "day": "date",
                "step": "integer", "text": "text", "sentence": "text", "sentence_start": "integer",
                "topics": "varchar[]", "outlets": "varchar[]", "capped": "bool"}
EXCERPT_NOT_COPIED = {"extracted_at"}  # NULL until a worker extracts the excerpt


def _ids_take(model, n: int) -> list[int]:
    """n ids from the model's id sequence, in increasing order (one query)."""
    if not n:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                       [model._meta.db_table, n])
        return sorted(row[0] for row in cursor.fetchall())


def _copy_rows(model, columns: dict[str, str], rows) -> None:
    """COPY rows (tuples in the order of `columns`, a name -> type map) into the model's
    table: much cheaper to build than a bulk INSERT. Inside the caller's transaction."""
    if not rows:
        return
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f"COPY {model._meta.db_table} ({', '.join(columns)}) FROM STDIN") as copy:
            copy.set_types(list(columns.values()))
            for row in rows:
                copy.write_row(row)


def _story_lock(story: Story) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_CLASS, story.pk])
        return cursor.fetchone()[0]


def _story_unlock(story: Story) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_CLASS, story.pk])


def ingest_file(*, story: Story, path, extractor: str = "rules", rejects_path=None, on_progress=None) -> IngestRun:
    """Read an articles file into the story and queue its extraction; returns the run (its
    workers may still be extracting: see `run_refresh`). `on_progress(bytes_read)` is
    called after every chunk."""
    path = Path(path)
    try:
        extractor_name = extractor_get(extractor).name
    except UnknownExtractor as exc:
        raise IngestError(str(exc)) from None
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise IngestError(f"cannot read {path}: {exc.strerror}") from None
    with handle:
        broker_check()
        if not _story_lock(story):
            raise IngestError(ALREADY_RUNNING.format(slug=story.slug))
        try:
            return _ingest(story, handle, path, extractor_name, Path(rejects_path or rejects_path_for(path)), on_progress)
        finally:
            _story_unlock(story)


def _ingest(story, handle, path, extractor_name, rejects_path, on_progress) -> IngestRun:
    floor = Excerpt.objects.filter(story=story).aggregate(m=Max("id"))["m"] or 0
    run = IngestRun.objects.create(story=story, file_name=path.name, extractor=extractor_name,
                                   status=IngestRun.RUNNING, excerpt_floor=floor, rejects_file=str(rejects_path))
    reader, parser, rejects = _Reader(story, run), ArticleReader(story), RejectsFile(rejects_path)
    chunk, read, inflight = _Chunk(), 0, None

    def written(prepared):  # the chunk before is cut meanwhile
        reader.write(prepared)
        _release_finished_steps(story, run, reader)
        if on_progress:
            on_progress(prepared.chunk.read)

    try:
        for number, raw in enumerate(handle, start=1):
            read += len(raw)
            try:
                article = parser.parse(raw)
            except Reject as exc:
                rejects.add(number, exc.reason, raw)
                chunk.rejects.append((number, exc.reason))
                continue
            if article is not None:
                chunk.articles.append((number, article))
            if len(chunk.articles) >= CHUNK or len(chunk.rejects) >= CHUNK:
                chunk.read = read
                prepared = reader.prepare(chunk)
                if inflight is not None:
                    written(inflight)
                inflight, chunk = prepared, _Chunk()
        chunk.read = read
        last = reader.prepare(chunk, pool=False)
        if inflight is not None:
            written(inflight)
        reader.write(last)
        if on_progress:
            on_progress(read)
    except BaseException as exc:
        IngestRun.objects.filter(pk=run.pk).update(status=IngestRun.FAILED, finished_at=timezone.now(),
                                                   message=f"stopped reading: {exc}"[:2000])
        raise
    finally:
        rejects.close()
        reader.cutter.close()
    steps_release(story=story, run=run, steps=reader.steps)
    batches_resume(story=story, run=run)
    # Held back by the caps: the excerpts this run cut (ids above its floor) still capped.
    capped = Excerpt.objects.filter(story=story, pk__gt=run.excerpt_floor, capped=True).count()
    IngestRun.objects.filter(pk=run.pk).update(reading_done=True, capped=capped)
    run_finish_check(run_id=run.pk)
    run.refresh_from_db()
    return run


def _release_finished_steps(story: Story, run: IngestRun, reader: _Reader) -> None:
    """A file in date order: once the reader is two steps further on (a live blog counts a
    day later), a step is complete, and its extraction can start while reading goes on.
    A step that gets more articles later (a file out of order) is released again at the
    end, where the caps count what was taken first."""
    done = {s for s in reader.steps if s < reader.latest_step - 1}
    if done:
        steps_release(story=story, run=run, steps=done, capped_too=False)
        reader.steps -= done


def steps_release(*, story: Story, run: IngestRun, steps: set[int], capped_too: bool = True) -> None:
    """Phase 2: apply the caps of each step this run touched, and of every step that still
    holds capped excerpts, and queue what they take."""
    if capped_too:
        steps = set(steps) | set(Excerpt.objects.filter(story=story, capped=True).values_list("step", flat=True).distinct())
    for step in sorted(steps):
        with transaction.atomic():
            _commit_async()
            rows = (Excerpt.objects.filter(story=story, step=step)
                    .order_by("day", "article__published_at", "article_id", "position")
                    .values_list("id", "topics", "article__outlet__key", "capped"))
            items = [CapItem(id=i, topics=list(t), outlet=o, taken=not c) for i, t, o, c in rows]
            taken, held = caps_apply(items, per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap)
            if taken:
                Excerpt.objects.filter(pk__in=taken).update(capped=False)
                excerpts_queue(run_id=run.pk, excerpt_ids=taken)


def excerpts_queue(*, run_id: int, excerpt_ids: list[int]) -> list[IngestBatch]:
    """Queue extraction in batches: a batch row now (in the caller's transaction) and its
    message once that transaction commits. Counts them in the run's `queued`."""
    batches = IngestBatch.objects.bulk_create(
        [IngestBatch(run_id=run_id, excerpt_ids=excerpt_ids[i:i + BATCH]) for i in range(0, len(excerpt_ids), BATCH)])
    IngestRun.objects.filter(pk=run_id).update(queued=F("queued") + len(excerpt_ids))
    batches_send(batches, run_id=run_id)
    return batches


def batches_send(batches: list[IngestBatch], *, run_id: int) -> None:
    from .tasks import excerpts_extract_task

    for batch in batches:
        excerpts_extract_task.delay_on_commit(run_id, list(batch.excerpt_ids), batch_id=batch.pk)


INTERRUPTED = "interrupted before it had read its file; what it had queued and no worker finished went to run {run}"


def batches_resume(*, story: Story, run: IngestRun, running_too: bool = False) -> int:
    """Send again what earlier runs of the story queued and no worker finished, and queue
    excerpts that were taken but are in no batch; both count in `run` from now on. Call it
    holding the story's reading lock: then a run still marked running that has not read its
    whole file is dead (it is marked failed), and its batches may never have reached the
    broker. The batches of a run that read its file and is still running are in the broker
    or with a worker, and are left to it unless `running_too` (after the broker lost its
    queue, say). Only batches of runs with `run`'s extractor are taken over. Sending a batch
    twice is harmless: a batch is marked done and counted once, and an excerpt extracted
    once. Returns the number of excerpts queued again."""
    with transaction.atomic():
        _commit_async()
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
    try:
        extractor_name = extractor_get(extractor).name
    except UnknownExtractor as exc:
        raise IngestError(str(exc)) from None
    broker_check()
    if not _story_lock(story):
        raise IngestError(ALREADY_RUNNING.format(slug=story.slug))
    try:
        run = IngestRun.objects.create(story=story, file_name="(resume)", extractor=extractor_name,
                                       status=IngestRun.RUNNING,
                                       excerpt_floor=Excerpt.objects.filter(story=story).aggregate(m=Max("id"))["m"] or 0)
        batches_resume(story=story, run=run, running_too=running_too)
        IngestRun.objects.filter(pk=run.pk).update(reading_done=True)
        run_finish_check(run_id=run.pk)
    finally:
        _story_unlock(story)
    run.refresh_from_db()
    return run


def run_finish_check(*, run_id: int) -> bool:
    """Mark the run done when its file is read and every queued excerpt is extracted. One
    conditional UPDATE: of concurrent callers, exactly one succeeds, and the last counter
    update always sees the final counts."""
    finished = bool(IngestRun.objects.filter(
        pk=run_id, status=IngestRun.RUNNING, reading_done=True, excerpts_done__gte=F("queued"),
    ).update(status=IngestRun.DONE, finished_at=timezone.now()))
    if finished:
        # The run's records, appended in any order, may have left the derived periods behind.
        # After the run's own commit: a worker appending holds the chain head, then the run.
        periods_catch_up(IngestRun.objects.select_related("story").get(pk=run_id).story)
    return finished


# --- the workers' side --------------------------------------------------------------------


_indexes: dict = {}


def _story_index(story: Story) -> StoryIndex:
    """The story's actors, questions and outlets by key, read once per worker process and
    configuration (a reloaded bundle has a new hash)."""
    key = (story.pk, story.config_sha256, story.loaded_at)
    if key not in _indexes:
        _indexes.clear()
        _indexes[key] = StoryIndex(story)
    return _indexes[key]


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


def excerpts_extract(*, run_id: int, excerpt_ids: list[int], batch_id: int | None = None) -> int:
    """Extract a batch of excerpts and append their records. Runs any number of times with
    the same result: excerpts already extracted are skipped under a row lock, and the ledger
    skips a record it holds. With `batch_id` (an `IngestBatch`) the batch is marked done in
    the same transaction, and its size counted in its run's `excerpts_done`, exactly once;
    without it (a message of an older version) the excerpts this call extracted are counted.
    Returns the number of records appended."""
    run = IngestRun.objects.select_related("story").get(pk=run_id)
    story = run.story
    extractor = extractor_get(run.extractor)
    pending = [_Pending(*row) for row in Excerpt.objects.filter(
        pk__in=excerpt_ids, extracted_at__isnull=True, capped=False).order_by("id").values_list(
        "id", "sentence", "text", "topics", "day", "outlets", "article__url", "article__outlet_id")]
    if not pending and batch_id is None:
        run_finish_check(run_id=run_id)
        return 0
    # Extraction runs outside the transaction (an LLM call may take a while); the lock
    # below decides which of two concurrent deliveries writes.
    result = extractor.extract_batch(story, [
        ExcerptView(id=e.id, sentence=e.sentence, text=e.text, topics=list(e.topics), day=e.day)
        for e in pending], run=run) if pending else ExtractResult()
    index = _story_index(story)
    outlets_by_id = {o.pk: o for o in index.outlets.values()}
    counted_run = run_id
    with transaction.atomic():
        _commit_async()
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
                    outlets=list(e.outlets), url=e.url, quote=f.quote or e.sentence,
                    excerpt_id=e.id, confidence=round(min(1.0, max(0.0, f.confidence)), 3)))
        appended = records_append(story=story, drafts=drafts) if drafts else []
        IngestRun.objects.filter(pk=counted_run).update(
            excerpts_done=F("excerpts_done") + done, records=F("records") + len(appended),
            tokens_in=F("tokens_in") + result.tokens_in, tokens_out=F("tokens_out") + result.tokens_out,
            cost_usd=F("cost_usd") + result.cost_usd)
    run_finish_check(run_id=counted_run)
    return len(appended)


def run_refresh(run: IngestRun) -> IngestRun:
    run.refresh_from_db()
    return run

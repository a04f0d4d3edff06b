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
   held back (`capped=True`) until their step's caps are applied.
2. Apply the caps, step by step (as soon as the reader has moved two steps past a step,
   for a file in date order, so workers extract while the file is read; the rest at the end): excerpts already taken by earlier runs count first, then
   the held-back ones of the step in order of day, publication time, article and position.
   Those taken are queued for extraction in batches of BATCH excerpt ids, on commit; the
   rest stay capped, counted, and are looked at again by every later run (so a run with
   other caps can take them, and so can a run after one that died before this phase).
3. The workers extract each batch (`excerpts_extract`) and count what they did with F()
   expressions; the run is done when the file is read, every batch queued and every queued
   excerpt extracted: one conditional UPDATE, so whichever of the command and the workers
   finishes last marks it, exactly once.

Only one run of a story reads a file at a time (a PostgreSQL advisory lock), which makes
the wire-copy index and the caps safe to compute in this one process.
"""
import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import Article, Excerpt, Story
from ledger.services import RecordDraft, StoryIndex, records_append

from .articles import ArticleIn, ArticleReader, Reject
from .dating import step_of
from .excerpts import CapItem, WireEntry, WireIndex, caps_apply, excerpts_cut
from .extractors import ExcerptView, UnknownExtractor, extractor_get
from .models import IngestReject, IngestRun

log = logging.getLogger(__name__)

CHUNK = 200  # articles per write transaction
BATCH = 100  # excerpts per extraction task: a dozen queries each, whatever its size
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


@dataclass
class _Chunk:
    articles: list[tuple[int, ArticleIn]] = field(default_factory=list)
    rejects: list[tuple[int, str]] = field(default_factory=list)


class _Reader:
    """Phase 1: articles and excerpts, chunk by chunk."""

    def __init__(self, story: Story, run: IngestRun):
        self.story, self.run = story, run
        self.topics = [(t.key, [re.compile(k, re.IGNORECASE) for k in t.keywords]) for t in story.topics.all()]
        self.wire = WireIndex(self._wire_day)
        self.steps: set[int] = set()  # steps with new excerpts not yet released
        self.latest_step = -1

    def _wire_day(self, day):
        rows = Excerpt.objects.filter(story=self.story, day=day).values_list("id", "sentence", "article_id", "outlets")
        for excerpt_id, sentence, article_id, outlets in rows.iterator(chunk_size=2000):
            yield sentence, WireEntry(article_id=article_id, outlets=list(outlets), excerpt_id=excerpt_id)

    @transaction.atomic
    def write(self, chunk: _Chunk) -> None:
        story, run = self.story, self.run
        urls = [a.url for _, a in chunk.articles]
        known = set(Article.objects.filter(story=story, url__in=urls).values_list("url", flat=True))
        fresh = []
        for _, a in chunk.articles:
            if a.url not in known:
                known.add(a.url)  # the same URL twice in one file: the first one counts
                fresh.append(a)
        saved = Article.objects.bulk_create([
            Article(story=story, url=a.url, outlet=a.outlet, published_at=a.published_at, day=a.day,
                    title=a.title, text=a.text, live_blog=a.live_blog) for a in fresh])
        new_excerpts, new_entries, copy_rows, changed = [], [], [], {}
        for article in saved:
            step = step_of(article.day, start=story.start, step_days=story.step_days)
            outlet = article.outlet.key
            for cut in excerpts_cut(article.text, self.topics, language=story.language):
                entry = self.wire.find(article.day, cut.sentence, article_id=article.id)
                if entry is not None:  # a wire copy: one more outlet for that excerpt
                    if outlet not in entry.outlets:
                        entry.outlets.append(outlet)
                    entry.copies.add(article.id)
                    if entry.excerpt_id is not None:
                        changed[entry.excerpt_id] = entry
                    continue
                excerpt = Excerpt(story=story, article=article, position=cut.position, day=article.day, step=step,
                                  text=cut.text, sentence=cut.sentence, sentence_start=cut.sentence_start,
                                  topics=cut.topics, outlets=[outlet], capped=True)
                entry = WireEntry(article_id=article.id, outlets=excerpt.outlets, pending=excerpt)
                self.wire.add(article.day, cut.sentence, entry)
                new_excerpts.append(excerpt)
                new_entries.append(entry)
                self.steps.add(step)
            self.latest_step = max(self.latest_step, step)
        Excerpt.objects.bulk_create(new_excerpts)
        for entry in new_entries:
            entry.excerpt_id, entry.pending = entry.pending.id, None
            if entry.copies:
                changed[entry.excerpt_id] = entry
        copies = 0
        for excerpt_id, entry in changed.items():
            copy_rows += [Excerpt.copies.through(excerpt_id=excerpt_id, article_id=a) for a in entry.copies]
            copies += len(entry.copies)
            entry.copies = set()
            Excerpt.objects.filter(pk=excerpt_id).update(outlets=entry.outlets)
        Excerpt.copies.through.objects.bulk_create(copy_rows, ignore_conflicts=True)
        IngestReject.objects.bulk_create(IngestReject(run=run, line=n, reason=r) for n, r in chunk.rejects)
        IngestRun.objects.filter(pk=run.pk).update(
            articles=F("articles") + len(saved), excerpts=F("excerpts") + len(new_excerpts),
            copies=F("copies") + copies, rejects=F("rejects") + len(chunk.rejects))


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
    chunk, read = _Chunk(), 0
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
                reader.write(chunk)
                chunk = _Chunk()
                _release_finished_steps(story, run, reader)
                if on_progress:
                    on_progress(read)
        reader.write(chunk)
        if on_progress:
            on_progress(read)
    except BaseException as exc:
        IngestRun.objects.filter(pk=run.pk).update(status=IngestRun.FAILED, finished_at=timezone.now(),
                                                   message=f"stopped reading: {exc}"[:2000])
        raise
    finally:
        rejects.close()
    steps_release(story=story, run=run, steps=reader.steps)
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
            rows = (Excerpt.objects.filter(story=story, step=step)
                    .order_by("day", "article__published_at", "article_id", "position")
                    .values_list("id", "topics", "article__outlet__key", "capped"))
            items = [CapItem(id=i, topics=list(t), outlet=o, taken=not c) for i, t, o, c in rows]
            taken, held = caps_apply(items, per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap)
            if taken:
                Excerpt.objects.filter(pk__in=taken).update(capped=False)
            IngestRun.objects.filter(pk=run.pk).update(queued=F("queued") + len(taken))
            excerpts_queue(run_id=run.pk, excerpt_ids=taken)


def excerpts_queue(*, run_id: int, excerpt_ids: list[int]) -> None:
    """Queue extraction in batches, once the caller's transaction commits."""
    from .tasks import excerpts_extract_task

    for i in range(0, len(excerpt_ids), BATCH):
        excerpts_extract_task.delay_on_commit(run_id, excerpt_ids[i:i + BATCH])


def run_finish_check(*, run_id: int) -> bool:
    """Mark the run done when its file is read and every queued excerpt is extracted. One
    conditional UPDATE: of concurrent callers, exactly one succeeds, and the last counter
    update always sees the final counts."""
    return bool(IngestRun.objects.filter(
        pk=run_id, status=IngestRun.RUNNING, reading_done=True, excerpts_done__gte=F("queued"),
    ).update(status=IngestRun.DONE, finished_at=timezone.now()))


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


def excerpts_extract(*, run_id: int, excerpt_ids: list[int]) -> int:
    """Extract a batch of excerpts and append their records. Runs any number of times with
    the same result: excerpts already extracted are skipped under a row lock, and the ledger
    skips a record it holds. Returns the number of records appended."""
    run = IngestRun.objects.select_related("story").get(pk=run_id)
    story = run.story
    extractor = extractor_get(run.extractor)
    pending = list(Excerpt.objects.filter(pk__in=excerpt_ids, extracted_at__isnull=True, capped=False)
                   .select_related("article__outlet").order_by("id"))
    if pending:
        # Extraction runs outside the transaction (an LLM call may take a while); the lock
        # below decides which of two concurrent deliveries writes.
        result = extractor.extract_batch(story, [
            ExcerptView(id=e.id, sentence=e.sentence, text=e.text, topics=list(e.topics), day=e.day) for e in pending])
        index = _story_index(story)
        with transaction.atomic():
            locked = set(Excerpt.objects.select_for_update().filter(
                pk__in=[e.id for e in pending], extracted_at__isnull=True).order_by("id").values_list("id", flat=True))
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
                        reported_on=e.day, extractor=extractor.name, outlet=e.article.outlet,
                        outlets=list(e.outlets), url=e.article.url, quote=f.quote or e.sentence,
                        excerpt_id=e.id, confidence=round(min(1.0, max(0.0, f.confidence)), 3)))
            appended = records_append(story=story, drafts=drafts) if drafts else []
            if locked:
                Excerpt.objects.filter(pk__in=locked).update(extracted_at=timezone.now())
            IngestRun.objects.filter(pk=run_id).update(
                excerpts_done=F("excerpts_done") + len(locked), records=F("records") + len(appended),
                tokens_in=F("tokens_in") + result.tokens_in, tokens_out=F("tokens_out") + result.tokens_out,
                cost_usd=F("cost_usd") + result.cost_usd)
        n = len(appended)
    else:
        n = 0
    run_finish_check(run_id=run_id)
    return n


def run_refresh(run: IngestRun) -> IngestRun:
    run.refresh_from_db()
    return run

"""A group of claimed URLs fetched (one task per group): each page asked for politely, the
new or changed ones written as an articles file and read by ingest, each fetch's outcome
and each page's state (conditional request headers, version, gone) kept."""
import hashlib
import json
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.db.models import F, Func, Value
from django.db.models.fields import BigIntegerField
from django.utils import timezone

from ingest.models import IngestRun
from ingest.services import IngestError, ingest_file
from ingest.services.runs import ALREADY_RUNNING
from ledger.models import Article, Story

from .. import fetcher as f
from ..models import Fetch, FetchRun, Page
from ..reading import page_read
from .fetches import fetch_note, fetcher_open, index_verdict
from .runs import run_finish_check

LOCK_WAIT = 120  # seconds a page task waits for the story's ingest lock


def pages_fetch(*, run_id: int, fetch_ids: list[int]) -> int:
    """Fetch a group of claimed URLs and ingest the pages that are new or changed. Returns
    the number of article versions written."""
    run = FetchRun.objects.select_related("story").get(pk=run_id)
    story = run.story
    records = list(Fetch.objects.filter(pk__in=fetch_ids, outcome=Fetch.QUEUED).select_related("source").order_by("id"))
    pages = {p.url: p for p in Page.objects.filter(story=story, url__in=[r.url for r in records])}
    lines, by_line, now = [], {}, timezone.now()
    # A task stops asking for pages well before Celery's soft time limit (a slow host, the
    # pause between requests): what is left goes to a task of its own.
    budget = time.monotonic() + settings.SOURCES["TASK_SECONDS"]
    left: list[Fetch] = []
    with fetcher_open() as fetcher:
        for n, record in enumerate(records):
            if n and time.monotonic() > budget:  # at least one page a task, so a run always moves on
                left = records[n:]
                records = records[:n]
                break
            page = pages.get(record.url) or Page(story=story, url=record.url)
            pages[record.url] = page
            got = fetcher.get(record.url, etag=page.etag, last_modified=page.last_modified)
            fetch_note(record, got, outcome=Fetch.FAILED)
            if got.outcome == f.ROBOTS:
                record.outcome = Fetch.ROBOTS
            elif got.outcome == f.GONE:
                record.outcome = Fetch.GONE
                page.gone_at = page.gone_at or now
            elif got.outcome == f.NOT_MODIFIED:
                record.outcome = Fetch.UNCHANGED
            elif got.outcome == f.OK:
                _page_take(story, record, page, got, lines, by_line)
            if got.outcome in (f.OK, f.NOT_MODIFIED, f.GONE):
                page.fetched_at = now
            if got.outcome == f.OK:
                page.etag, page.last_modified, page.gone_at = got.etag[:500], got.last_modified[:100], None
            if record.index_sha256:
                record.index_outcome = index_verdict(record, got)
    ingest_run = _ingest_lines(story, run, lines, by_line) if lines else None
    made = 0
    with transaction.atomic():
        if ingest_run is not None:
            articles = {(a.url, a.version): a for a in Article.objects.filter(
                story=story, url__in=[r.url for r in by_line.values()]).only("id", "url", "version")}
            for record in by_line.values():
                if record.outcome in (Fetch.NEW, Fetch.CHANGED):
                    page = pages[record.url]
                    article = articles.get((record.url, record.hint["version"]))
                    if article is None:  # ingest refused the line; the reason is in error
                        record.outcome = Fetch.FAILED
                        continue
                    record.article = article
                    page.version, page.text_sha256 = article.version, record.hint["text_sha256"]
                    made += 1
            FetchRun.objects.filter(pk=run_id).update(ingest_runs=_array_append("ingest_runs", ingest_run.pk))
        Fetch.objects.bulk_update(records, ["final_url", "status", "outcome", "error", "fetched_at", "elapsed_ms",
                                            "body_sha256", "bytes", "article", "index_outcome", "hint"])
        # An upsert: a page another run (the schedule and the command at once) has just
        # written is updated, not inserted twice.
        Page.objects.bulk_create(list(pages.values()), update_conflicts=True, unique_fields=["story", "url"],
                                 update_fields=["etag", "last_modified", "text_sha256", "version", "fetched_at", "gone_at"])
        counts = {name: sum(1 for r in records if r.outcome == outcome) for name, outcome in (
            ("new", Fetch.NEW), ("changed", Fetch.CHANGED), ("unchanged", Fetch.UNCHANGED), ("gone", Fetch.GONE),
            ("robots", Fetch.ROBOTS), ("failed", Fetch.FAILED))}
        counts.update({f"index_{v}": sum(1 for r in records if r.index_outcome == v)
                       for v in ("matched", "changed", "gone", "failed")})
        FetchRun.objects.filter(pk=run_id).update(
            pages=F("pages") + len(records), tasks_done=F("tasks_done") + 1, tasks=F("tasks") + (1 if left else 0),
            **{name: F(name) + n for name, n in counts.items() if n})
        if left:
            from ..tasks import pages_fetch_task

            pages_fetch_task.delay_on_commit(run_id, [r.pk for r in left])
    run_finish_check(run_id=run_id)
    return made


def _array_append(field: str, value: int):
    return Func(F(field), Value(value, output_field=BigIntegerField()), function="array_append")


def _page_take(story, record: Fetch, page: Page, got: f.Fetched, lines: list, by_line: dict) -> None:
    """An HTML page that came back: unchanged text, or a line for ingest (a new article, or
    the next version of one)."""
    text = page_read(got.body, got.final_url or record.url)
    if text is None:
        record.outcome, record.error = Fetch.FAILED, "no article text found on the page"
        return
    sha = hashlib.sha256(text.text.encode("utf-8")).hexdigest()
    if page.version and sha == page.text_sha256:
        record.outcome = Fetch.UNCHANGED
        return
    version = page.version + 1
    hint = record.hint or {}
    line = {"url": record.url, "title": text.title, "text": text.text, "version": version,
            # The page's own date first (section 8), else what the index or feed says, else now.
            "published_at": text.date or hint.get("published_at") or timezone.now().isoformat()}
    outlet = (record.source.outlet if record.source else "") or hint.get("outlet")
    if outlet:
        line["outlet"] = outlet
    record.outcome = Fetch.NEW if version == 1 else Fetch.CHANGED
    record.hint = {**hint, "version": version, "text_sha256": sha}
    lines.append(line)
    by_line[len(lines)] = record


def _ingest_lines(story: Story, run: FetchRun, lines: list[dict], by_line: dict) -> IngestRun | None:
    """Hand the pages to ingest as an articles file; a line ingest refuses fails its fetch
    with ingest's reason."""
    with tempfile.TemporaryDirectory(prefix="fetch-") as folder:
        path = Path(folder) / f"fetch-run-{run.pk}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for line in lines:
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
        rejects = Path(folder) / "rejects.jsonl"
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                ingest = ingest_file(story=story, path=path, rejects_path=rejects)
                break
            except IngestError as exc:
                busy = str(exc) == ALREADY_RUNNING.format(slug=story.slug)
                if not busy or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        if rejects.exists():
            for raw in rejects.read_text(encoding="utf-8").splitlines():
                reject = json.loads(raw)
                record = by_line.get(reject["line"])
                if record is not None:
                    record.outcome, record.error = Fetch.FAILED, f"ingest refused the page: {reject['reason']}"[:2000]
    return ingest

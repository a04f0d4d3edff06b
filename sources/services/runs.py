"""A fetch run: queued on the workers, each source expanded into the URLs due (one task
per source: read the feed or list, claim the URLs not yet asked for in this run, queue them
in groups for `pages`), and marked done exactly once when every task it queued is done."""
import json
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from ingest.models import IngestRun
from ingest.services import IngestError
from ingest.services.runs import broker_check
from ledger.models import Story

from .. import fetcher as f
from ..models import Fetch, FetchRun, Page, Source
from ..reading import ListError, Listed, feed_read, list_read
from .config import SourceError
from .fetches import fetch_note, fetcher_open

NO_SOURCES = "story {slug!r} has no [[sources]]: add some to its story.toml and load it again"
UNKNOWN_SOURCE = "story {slug!r} has no source {key!r} (it has: {keys})"


def fetch_start(*, story: Story, source: str | None = None, trigger: str = "command", sources=None) -> FetchRun:
    """Queue a fetch of the story's sources (all active ones, or `source`, or `sources`)."""
    chosen = list(Source.objects.filter(story=story, active=True))
    if not chosen:
        raise SourceError(NO_SOURCES.format(slug=story.slug))
    if source is not None:
        picked = [s for s in chosen if s.key == source]
        if not picked:
            raise SourceError(UNKNOWN_SOURCE.format(slug=story.slug, key=source, keys=", ".join(s.key for s in chosen)))
        chosen = picked
    if sources is not None:
        chosen = [s for s in chosen if s.pk in {x.pk for x in sources}]
    if trigger == "command":
        try:
            broker_check()
        except IngestError as exc:
            raise SourceError(str(exc)) from None
    from ..tasks import source_expand_task

    with transaction.atomic():
        run = FetchRun.objects.create(story=story, sources=[s.key for s in chosen], trigger=trigger, tasks=len(chosen))
        Source.objects.filter(pk__in=[s.pk for s in chosen]).update(looked_at=timezone.now())
        for s in chosen:
            source_expand_task.delay_on_commit(run.pk, s.pk)
    return run


def _claim(run: FetchRun, source: Source, listed: list[Listed]) -> list[int]:
    """Claim URLs for this run (never the same URL twice in one run): the ids of the fetches
    this call made; a URL another source already claimed is not returned."""
    if not listed:
        return []
    rows = [{"url": item.url[:1000], "hint": item.hint(), "sha": item.body_sha256} for item in listed]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Fetch._meta.db_table} (run_id, source_id, url, final_url, outcome, error, body_sha256, "
            "index_sha256, index_outcome, hint) "
            "SELECT %s, %s, v.url, '', %s, '', '', v.sha, '', v.hint FROM jsonb_to_recordset(%s::jsonb) "
            "AS v(url text, hint jsonb, sha text) ON CONFLICT (run_id, url) DO NOTHING RETURNING id",
            [run.pk, source.pk, Fetch.QUEUED, json.dumps(rows)])
        return sorted(row[0] for row in cursor.fetchall())


def _due(story: Story, source: Source, listed: list[Listed]) -> list[Listed]:
    """What to ask for: URLs never fetched, fetched longer ago than the source's
    `refetch_hours`, or (feeds) whose entry was updated after the last fetch."""
    pages = {p.url: p for p in Page.objects.filter(story=story, url__in=[x.url for x in listed])}
    stale = timezone.now() - timedelta(hours=source.refetch_hours) if source.refetch_hours else None
    due, seen = [], set()
    for item in listed:
        if item.url in seen:
            continue
        seen.add(item.url)
        page = pages.get(item.url)
        if (page is None or page.fetched_at is None or (stale is not None and page.fetched_at < stale)
                or (item.updated is not None and item.updated > page.fetched_at)):
            due.append(item)
    return due


def source_expand(*, run_id: int, source_id: int) -> int:
    """Read a source (fetch its feed, or read its list), claim the URLs due, queue them.
    Returns how many were queued."""
    from ..tasks import pages_fetch_task

    run = FetchRun.objects.select_related("story").get(pk=run_id)
    source = Source.objects.get(pk=source_id)
    per_task = settings.SOURCES["PAGES_PER_TASK"]
    queued, groups, error = 0, [], ""
    try:
        if source.kind == Source.FEED:
            listed = _feed_listed(run, source)
            groups = _groups(_claim(run, source, _due(run.story, source, listed)), per_task)
        else:
            chunk = []
            for item in list_read(Path(source.location)):
                chunk.append(item)
                if len(chunk) >= 1000:
                    groups += _groups(_claim(run, source, _due(run.story, source, chunk)), per_task)
                    chunk = []
            groups += _groups(_claim(run, source, _due(run.story, source, chunk)), per_task)
    except ListError as exc:
        error = f"source {source.key}: {exc}"
    with transaction.atomic():
        FetchRun.objects.filter(pk=run_id).update(tasks=F("tasks") + len(groups), tasks_done=F("tasks_done") + 1)
        if error:
            FetchRun.objects.filter(pk=run_id).update(message=error[:2000])
        for group in groups:
            pages_fetch_task.delay_on_commit(run_id, group)
            queued += len(group)
    run_finish_check(run_id=run_id)
    return queued


def _groups(ids: list[int], size: int) -> list[list[int]]:
    return [ids[i:i + size] for i in range(0, len(ids), size)]


def _feed_listed(run: FetchRun, source: Source) -> list[Listed]:
    """Fetch a feed (conditionally) and list its entries; its fetch is kept like a page's."""
    record, _ = Fetch.objects.get_or_create(run=run, url=source.location[:1000],
                                            defaults={"source": source, "outcome": Fetch.QUEUED})
    with fetcher_open() as fetcher:
        got = fetcher.get(source.location, etag=source.feed_etag, last_modified=source.feed_last_modified,
                          accept=f.FEED_TYPES)
    fetch_note(record, got, outcome=Fetch.FEED if got.outcome in (f.OK, f.NOT_MODIFIED) else
               {f.ROBOTS: Fetch.ROBOTS, f.GONE: Fetch.GONE}.get(got.outcome, Fetch.FAILED))
    record.save()
    if got.outcome == f.NOT_MODIFIED:
        return []
    if got.outcome != f.OK:
        raise ListError(f"feed {source.location}: {got.error or got.outcome}")
    Source.objects.filter(pk=source.pk).update(feed_etag=got.etag[:500], feed_last_modified=got.last_modified[:100])
    listed = feed_read(got.body)
    if source.outlet:
        for item in listed:
            item.outlet = source.outlet
    return listed


def run_finish_check(*, run_id: int) -> bool:
    """Mark the run done when every task it queued is done (exactly once)."""
    return bool(FetchRun.objects.filter(pk=run_id, status=FetchRun.RUNNING, tasks_done__gte=F("tasks"))
                .update(status=FetchRun.DONE, finished_at=timezone.now()))


def run_extracted(run: FetchRun) -> bool:
    """Whether the workers have extracted everything this run's pages brought."""
    return not IngestRun.objects.filter(pk__in=run.ingest_runs).exclude(status__in=[IngestRun.DONE, IngestRun.FAILED]).exists()


def run_records(run: FetchRun) -> int:
    return sum(IngestRun.objects.filter(pk__in=run.ingest_runs).values_list("records", flat=True))

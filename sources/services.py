"""Fetching a story's sources: the `[[sources]]` of story.toml stored, a fetch run queued
on the workers, each source expanded into URLs, each page fetched politely and turned into
articles, excerpts and records by ingest itself (the pages of one task are written as an
articles file of section 1 and read by `ingest_file`, so nothing about excerpts and records
is done twice).

A run's tasks: one per source (`source_expand`: read the feed or list, claim the URLs not
yet asked for in this run, queue them in groups) and one per group (`pages_fetch`). A run is
done when every task queued is done (`tasks_done == tasks`, one conditional UPDATE, as
ingest does). Every task is idempotent: a URL is claimed once per run (unique key), and a
page task skips the fetches it already finished.
"""
import json
import logging
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import redis as redis_lib
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from ingest.models import IngestRun
from ingest.services import IngestError, ingest_file
from ingest.services.runs import ALREADY_RUNNING, broker_check
from ledger.errors import LedgerError
from ledger.models import Article, Story

from . import fetcher as f
from .models import Fetch, FetchRun, Following, Page, Source
from .reading import ListError, Listed, feed_read, list_check, list_read, page_read

log = logging.getLogger(__name__)

LOCK_WAIT = 120  # seconds a page task waits for the story's ingest lock
NO_SOURCES = "story {slug!r} has no [[sources]]: add some to its story.toml and load it again"
UNKNOWN_SOURCE = "story {slug!r} has no source {key!r} (it has: {keys})"


class SourceError(LedgerError):
    pass


# --- story.toml ---------------------------------------------------------------------------


def sources_check(config: dict, folder: Path) -> list[dict]:
    """The `[[sources]]` of a story.toml, checked; SourceError names the entry and problem."""
    items = config.get("sources", [])
    if not isinstance(items, list):
        raise SourceError("story.toml: [[sources]]: must be an array of tables")
    outlets = {o.get("id") for o in config.get("outlets", []) if isinstance(o, dict)}
    seen, checked = set(), []
    for n, item in enumerate(items, start=1):
        ident = item.get("id") if isinstance(item, dict) else None
        entry = f"[[sources]] #{n} ({ident!r})" if ident else f"[[sources]] #{n}"

        def fail(problem):
            raise SourceError(f"story.toml: {entry}: {problem}")

        if not isinstance(ident, str) or not ident or not all(c.isalnum() and c.islower() or c.isdigit() or c == "-" for c in ident):
            fail(f"id must match [a-z0-9-]+, not {ident!r}")
        if ident in seen:
            fail(f"duplicate id {ident!r}")
        seen.add(ident)
        feed, urls = item.get("feed"), item.get("urls")
        if (feed is None) == (urls is None):
            fail("give either feed (a feed's URL) or urls (a file in the bundle)")
        if feed is not None and (not isinstance(feed, str) or not feed.startswith(("http://", "https://"))):
            fail(f"feed must be an http(s) URL, not {feed!r}")
        location = feed
        if urls is not None:
            if not isinstance(urls, str) or not urls.strip():
                fail("urls must name a file in the bundle")
            path = (folder / urls).resolve()
            try:
                list_check(path)
            except ListError as exc:
                fail(str(exc))
            location = str(path)
        outlet = item.get("outlet", "")
        if outlet and outlet not in outlets:
            fail(f"unknown outlet {outlet!r}")
        every = item.get("every_minutes", 60)
        if not isinstance(every, int) or isinstance(every, bool) or every < 1:
            fail(f"every_minutes must be a whole number >= 1, not {every!r}")
        refetch = item.get("refetch_hours", 24)
        if not isinstance(refetch, (int, float)) or isinstance(refetch, bool) or refetch < 0:
            fail(f"refetch_hours must be a number >= 0, not {refetch!r}")
        checked.append(dict(key=ident, kind=Source.FEED if feed else Source.URLS, location=location,
                            outlet=outlet or "", every_minutes=every, refetch_hours=float(refetch), position=n))
    return checked


def sources_sync(*, story: Story, folder) -> int:
    """Store the story's sources from its loaded story.toml (`story.config`); a source no
    longer there is kept (its fetches are provenance) but set inactive. Returns how many."""
    folder = Path(folder)
    folder = folder if folder.is_dir() else folder.parent
    checked = sources_check(story.config, folder)
    keys = []
    for item in checked:
        key = item.pop("key")
        keys.append(key)
        Source.objects.update_or_create(story=story, key=key, defaults={**item, "active": True})
    Source.objects.filter(story=story).exclude(key__in=keys).update(active=False)
    return len(keys)


def follow_set(*, story: Story, on: bool) -> Following:
    following, _ = Following.objects.update_or_create(story=story, defaults={"on": on})
    return following


# --- runs ---------------------------------------------------------------------------------


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
    from .tasks import source_expand_task

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
    from .tasks import pages_fetch_task

    run = FetchRun.objects.select_related("story").get(pk=run_id)
    source = Source.objects.get(pk=source_id)
    per_task = settings.SOURCES["PAGES_PER_TASK"]
    queued, groups, error = 0, [], ""
    try:
        if source.kind == Source.FEED:
            listed = _feed_listed(run, source)
            ids = _claim(run, source, _due(run.story, source, listed))
            groups = [ids[i:i + per_task] for i in range(0, len(ids), per_task)]
        else:
            chunk = []
            for item in list_read(Path(source.location)):
                chunk.append(item)
                if len(chunk) >= 1000:
                    ids = _claim(run, source, _due(run.story, source, chunk))
                    groups += [ids[i:i + per_task] for i in range(0, len(ids), per_task)]
                    chunk = []
            ids = _claim(run, source, _due(run.story, source, chunk))
            groups += [ids[i:i + per_task] for i in range(0, len(ids), per_task)]
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


def _feed_listed(run: FetchRun, source: Source) -> list[Listed]:
    """Fetch a feed (conditionally) and list its entries; its fetch is kept like a page's."""
    record, _ = Fetch.objects.get_or_create(run=run, url=source.location[:1000],
                                            defaults={"source": source, "outcome": Fetch.QUEUED})
    with _fetcher() as fetcher:
        got = fetcher.get(source.location, etag=source.feed_etag, last_modified=source.feed_last_modified,
                          accept=f.FEED_TYPES)
    _provenance(record, got, outcome=Fetch.FEED if got.outcome in (f.OK, f.NOT_MODIFIED) else
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


_redis = None


def _redis_client():
    global _redis
    if _redis is None:
        _redis = redis_lib.Redis.from_url(settings.REDIS_URL)
    return _redis


def _fetcher() -> f.Fetcher:
    return f.Fetcher(redis=_redis_client())


def _provenance(record: Fetch, got: f.Fetched, *, outcome: str) -> None:
    record.final_url = (got.final_url or got.url)[:1000]
    record.status = got.status
    record.outcome = outcome
    record.error = got.error[:2000]
    record.fetched_at = timezone.now()
    record.elapsed_ms = int(got.elapsed * 1000)
    record.body_sha256 = got.sha256
    record.bytes = got.size if got.body else None


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
    with _fetcher() as fetcher:
        for n, record in enumerate(records):
            if n and time.monotonic() > budget:  # at least one page a task, so a run always moves on
                left = records[n:]
                records = records[:n]
                break
            page = pages.get(record.url) or Page(story=story, url=record.url)
            pages[record.url] = page
            got = fetcher.get(record.url, etag=page.etag, last_modified=page.last_modified)
            _provenance(record, got, outcome=Fetch.FAILED)
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
                record.index_outcome = _index_verdict(record, got)
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
            from .tasks import pages_fetch_task

            pages_fetch_task.delay_on_commit(run_id, [r.pk for r in left])
    run_finish_check(run_id=run_id)
    return made


def _array_append(field: str, value: int):
    from django.db.models import Func, Value
    from django.db.models.fields import BigIntegerField

    return Func(F(field), Value(value, output_field=BigIntegerField()), function="array_append")


def _index_verdict(record: Fetch, got: f.Fetched) -> str:
    if got.outcome == f.OK:
        return "matched" if got.sha256 == record.index_sha256.lower() else "changed"
    if got.outcome == f.NOT_MODIFIED:
        earlier = (Fetch.objects.filter(url=record.url, run__story_id=record.run.story_id).exclude(body_sha256="")
                   .order_by("-id").values_list("body_sha256", flat=True).first())
        return "matched" if earlier == record.index_sha256.lower() else "changed"
    return "gone" if got.outcome == f.GONE else "failed"


def _page_take(story, record: Fetch, page: Page, got: f.Fetched, lines: list, by_line: dict) -> None:
    """An HTML page that came back: unchanged text, or a line for ingest (a new article, or
    the next version of one)."""
    import hashlib

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


def run_finish_check(*, run_id: int) -> bool:
    """Mark the run done when every task it queued is done (exactly once)."""
    return bool(FetchRun.objects.filter(pk=run_id, status=FetchRun.RUNNING, tasks_done__gte=F("tasks"))
                .update(status=FetchRun.DONE, finished_at=timezone.now()))


def run_extracted(run: FetchRun) -> bool:
    """Whether the workers have extracted everything this run's pages brought."""
    return not IngestRun.objects.filter(pk__in=run.ingest_runs).exclude(status__in=[IngestRun.DONE, IngestRun.FAILED]).exists()


def run_records(run: FetchRun) -> int:
    return sum(IngestRun.objects.filter(pk__in=run.ingest_runs).values_list("records", flat=True))


# --- the schedule -------------------------------------------------------------------------


def sources_due(*, now: datetime | None = None) -> list[FetchRun]:
    """Beat: start a run for each followed story's sources whose `every_minutes` has passed
    since they were last looked at (a story with a run still going is left to it)."""
    now = now or timezone.now()
    started = []
    for following in Following.objects.filter(on=True).select_related("story"):
        story = following.story
        if FetchRun.objects.filter(story=story, status=FetchRun.RUNNING, started_at__gt=now - timedelta(hours=1)).exists():
            continue
        due = [s for s in Source.objects.filter(story=story, active=True)
               if s.looked_at is None or s.looked_at + timedelta(minutes=s.every_minutes) <= now]
        if due:
            started.append(fetch_start(story=story, trigger="schedule", sources=due))
    return started

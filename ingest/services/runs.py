"""A run's frame: its errors, the broker check, the story's reading lock, asynchronous
commits, and the one place that marks a run done.

Ingest transactions (the command's and the workers') run with synchronous_commit off
(`commit_async`): a commit returns before its WAL reaches the disk, which takes a few
milliseconds off every chunk and batch. The trade-off: a crash of the database server (not
of a worker or the command) may lose the last fraction of a second of acknowledged commits.
The database stays consistent (no half transaction is ever visible), and that work is
simply not there: the next `ingest` of the same file adds the lost articles again, and
`ingest_resume` re-queues excerpts taken but not extracted; the ledger's unique key keeps a
record from being appended twice.
"""
from django.db import connection
from django.db.models import F, Max
from django.utils import timezone

from ledger.errors import LedgerError
from ledger.models import Excerpt, Story
from ledger.periods import periods_catch_up

from ..extractors import UnknownExtractor, extractor_get
from ..models import IngestRun

LOCK_CLASS = 0x1A6E57  # advisory lock namespace: (LOCK_CLASS, story id)

BROKER_UNREACHABLE = "cannot reach the Celery broker at {url}: {reason}"
ALREADY_RUNNING = "another ingest of story {slug!r} is reading its file: try again when it has finished"


class IngestError(LedgerError):
    pass


def extractor_name_of(extractor: str) -> str:
    """The registered extractor's full name (`rules/1`); IngestError for an unknown one."""
    try:
        return extractor_get(extractor).name
    except UnknownExtractor as exc:
        raise IngestError(str(exc)) from None


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


def commit_async() -> None:
    """This transaction's commit does not wait for its WAL to reach the disk (see the module
    docstring for the trade-off)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")


def story_lock(story: Story) -> bool:
    """Only one run of a story reads a file at a time (a session advisory lock), which makes
    the wire-copy index and the caps safe to compute in one process."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_CLASS, story.pk])
        return cursor.fetchone()[0]


def story_unlock(story: Story) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_CLASS, story.pk])


def run_start(*, story: Story, file_name: str, extractor_name: str, rejects_file: str = "") -> IngestRun:
    """A new running run; the excerpts it cuts will have ids above its floor."""
    floor = Excerpt.objects.filter(story=story).aggregate(m=Max("id"))["m"] or 0
    return IngestRun.objects.create(story=story, file_name=file_name, extractor=extractor_name,
                                    status=IngestRun.RUNNING, excerpt_floor=floor, rejects_file=rejects_file)


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

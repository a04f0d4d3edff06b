"""One fetch as a run keeps it: the polite fetcher every task shares (its Redis holds the
robots.txt and the pause per host), and what a `Fetch` row records of an answer."""
import redis as redis_lib
from django.conf import settings
from django.utils import timezone

from .. import fetcher as f
from ..models import Fetch

_redis = None


def _redis_client():
    global _redis
    if _redis is None:
        _redis = redis_lib.Redis.from_url(settings.REDIS_URL)
    return _redis


def fetcher_open() -> f.Fetcher:
    return f.Fetcher(redis=_redis_client())


def fetch_note(record: Fetch, got: f.Fetched, *, outcome: str) -> None:
    """Write the answer's provenance on the fetch (not saved)."""
    record.final_url = (got.final_url or got.url)[:1000]
    record.status = got.status
    record.outcome = outcome
    record.error = got.error[:2000]
    record.fetched_at = timezone.now()
    record.elapsed_ms = int(got.elapsed * 1000)
    record.body_sha256 = got.sha256
    record.bytes = got.size if got.body else None


def index_verdict(record: Fetch, got: f.Fetched) -> str:
    """For a URL an index listed with a hash: whether the page still matches it."""
    if got.outcome == f.OK:
        return "matched" if got.sha256 == record.index_sha256.lower() else "changed"
    if got.outcome == f.NOT_MODIFIED:
        earlier = (Fetch.objects.filter(url=record.url, run__story_id=record.run.story_id).exclude(body_sha256="")
                   .order_by("-id").values_list("body_sha256", flat=True).first())
        return "matched" if earlier == record.index_sha256.lower() else "changed"
    return "gone" if got.outcome == f.GONE else "failed"

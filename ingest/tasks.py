"""Celery tasks: thin adapters that take ids and call ingest.services.

`acks_late` is global (settings): a batch whose worker dies is delivered again, and
`excerpts_extract` is idempotent (extracted excerpts are skipped under a row lock; the
ledger's unique key skips a record it holds). Transient database and broker errors are
retried with exponential backoff, capped well below the broker's visibility timeout;
expected errors (the run or its extractor is gone) are logged, not retried.
"""
import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError, reset_queries
from kombu.exceptions import OperationalError as BrokerError

from .extractors import UnknownExtractor
from .extractors.llm import BatchPending
from .models import IngestRun
from .services import batches_stale_resend, excerpts_extract

log = logging.getLogger(__name__)

BATCH_POLL_AGAIN = 60  # seconds
TRANSIENT = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=2, retry_backoff_max=60, retry_jitter=True, max_retries=10)
def excerpts_extract_task(run_id: int, excerpt_ids: list[int], batch_id: int | None = None) -> int:
    try:
        return excerpts_extract(run_id=run_id, excerpt_ids=excerpt_ids, batch_id=batch_id)
    except BatchPending as exc:  # an LLM batch still running at the provider: look again in a minute, until it ends
        raise excerpts_extract_task.retry(exc=exc, countdown=BATCH_POLL_AGAIN, max_retries=None)
    except (IngestRun.DoesNotExist, UnknownExtractor) as exc:
        log.error("ingest run %s: batch of %d excerpts not extracted: %s", run_id, len(excerpt_ids), exc)
        return 0
    finally:
        reset_queries()  # with DEBUG on, Django keeps every query: a long-lived worker would grow


@shared_task
def batches_watchdog_task() -> int:
    """Beat, every INGEST_WATCHDOG_SECONDS: send again the batches of runs whose worker died."""
    return batches_stale_resend()

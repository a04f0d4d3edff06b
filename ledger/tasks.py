"""Celery tasks of the ledger: thin adapters that take ids and call ledger.services."""
import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError

from .models import Story
from .periods import periods_catch_up
from .verification import ledger_verify

log = logging.getLogger(__name__)


@shared_task(autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, retry_backoff_max=60,
             retry_jitter=True, max_retries=10)
def periods_catch_up_task(story_id: int) -> bool:
    story = Story.objects.filter(pk=story_id).first()
    return periods_catch_up(story) if story is not None else False


@shared_task(soft_time_limit=6 * 3600, time_limit=6 * 3600 + 60)  # a large ledger takes a while
def ledgers_verify_task() -> int:
    """Every story's ledger verified (the daily beat entry); a broken one is logged as an error.
    Returns how many were found broken."""
    broken = 0
    for story in Story.objects.order_by("id"):
        found = ledger_verify(story)
        if not found.ok:
            broken += 1
            log.error("ledger of %s: %s", story.slug, "; ".join(found.problems))
    return broken

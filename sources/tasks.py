"""Celery tasks: thin adapters that take ids and call the sources services. Every one is
idempotent (see services and hooks), so acks_late redelivery is harmless."""
import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError, reset_queries
from kombu.exceptions import OperationalError as BrokerError

from ledger.models import Story

from . import hooks, services
from .models import FetchRun, Hook

log = logging.getLogger(__name__)

TRANSIENT = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=2, retry_backoff_max=60, retry_jitter=True, max_retries=10)
def source_expand_task(run_id: int, source_id: int) -> int:
    try:
        return services.source_expand(run_id=run_id, source_id=source_id)
    finally:
        reset_queries()


@shared_task(autoretry_for=TRANSIENT, retry_backoff=2, retry_backoff_max=60, retry_jitter=True, max_retries=10)
def pages_fetch_task(run_id: int, fetch_ids: list[int]) -> int:
    try:
        return services.pages_fetch(run_id=run_id, fetch_ids=fetch_ids)
    except FetchRun.DoesNotExist:
        log.error("fetch run %s is gone: %d pages not fetched", run_id, len(fetch_ids))
        return 0
    finally:
        reset_queries()


@shared_task(autoretry_for=(hooks.DeliveryFailed, *TRANSIENT), retry_backoff=5, retry_backoff_max=600,
             retry_jitter=False, max_retries=20)
def delivery_send_task(delivery_id: int) -> str:
    return hooks.delivery_send(delivery_id=delivery_id)


@shared_task
def sources_due_task() -> int:
    """Beat: fetch the followed stories' sources that are due."""
    return len(services.sources_due())


@shared_task
def flips_watch_task() -> int:
    """Beat: announce new flips to every story's hooks, and send again what no worker finished."""
    queued = 0
    for story in Story.objects.filter(pk__in=Hook.objects.filter(active=True).values("story_id")):
        queued += hooks.flips_announce(story=story)
    hooks.deliveries_resume()
    return queued

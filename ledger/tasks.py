"""Celery tasks of the ledger: thin adapters that take ids and call ledger.services."""
from celery import shared_task
from django.db import InterfaceError, OperationalError

from .models import Story
from .services import periods_catch_up


@shared_task(autoretry_for=(OperationalError, InterfaceError), retry_backoff=2, retry_backoff_max=60,
             retry_jitter=True, max_retries=10)
def periods_catch_up_task(story_id: int) -> bool:
    story = Story.objects.filter(pk=story_id).first()
    return periods_catch_up(story) if story is not None else False

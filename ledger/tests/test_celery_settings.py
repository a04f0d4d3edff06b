"""The Celery app's reliability settings, pinned: a task survives a lost worker, and Redis
never hands a running task to a second worker."""
from ledger_site.celery import app


def test_reliability_settings():
    conf = app.conf
    assert conf.task_acks_late is True
    assert conf.task_reject_on_worker_lost is True
    assert conf.worker_prefetch_multiplier == 1
    visibility = conf.broker_transport_options["visibility_timeout"]
    assert conf.task_soft_time_limit < conf.task_time_limit < visibility



def test_ingest_retries_back_off_below_the_time_limits():
    from ingest.tasks import excerpts_extract_task as task

    assert task.retry_backoff and task.retry_jitter and task.max_retries
    assert task.retry_backoff_max < app.conf.task_soft_time_limit
    assert task.max_retries * task.retry_backoff_max < app.conf.broker_transport_options["visibility_timeout"]


def test_the_broker_is_redis_from_the_environment():
    from django.conf import settings

    assert app.conf.broker_url == settings.REDIS_URL
    assert app.conf.broker_url.startswith("redis://")

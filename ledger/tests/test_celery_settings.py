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
    assert conf.task_retry_backoff_max < conf.task_time_limit


def test_the_broker_is_redis_from_the_environment():
    from django.conf import settings

    assert app.conf.broker_url == settings.REDIS_URL
    assert app.conf.broker_url.startswith("redis://")

"""Settings for the fresh worker of the kill -9 test: a 5-second visibility timeout, swept
every second, so the messages a killed worker held unacknowledged come back within seconds
instead of the production hour. Everything else is the project's settings."""
from ledger_site.settings import *  # noqa: F401,F403
from ledger_site.settings import CELERY_BROKER_TRANSPORT_OPTIONS

CELERY_BROKER_TRANSPORT_OPTIONS = {**CELERY_BROKER_TRANSPORT_OPTIONS, "visibility_timeout": 5,
                                   "unacked_restore_interval": 1, "unacked_restore_throttle": 1}

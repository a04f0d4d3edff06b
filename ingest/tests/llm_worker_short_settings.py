"""The LLM restart test's fresh worker: llm_worker_settings with the short visibility timeout
of short_visibility_settings, so the message the killed worker held comes back in seconds."""
from ingest.tests.llm_worker_settings import *  # noqa: F401,F403
from ingest.tests.short_visibility_settings import CELERY_BROKER_TRANSPORT_OPTIONS  # noqa: F401

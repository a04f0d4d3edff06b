"""Settings for the real workers of the LLM restart test: the project's, with the LLM
extractor pointed at the test's local stand-in for the Anthropic API (LLM_TEST_BASE_URL),
answering from recorded responses, with a test key and quick looks at a batch."""
import os

from ledger_site.settings import *  # noqa: F401,F403
from ledger_site.settings import LLM

LLM = {**LLM, "PROVIDER": "anthropic", "API_KEY": "test-key-not-real", "BASE_URL": os.environ.get("LLM_TEST_BASE_URL", ""),
       "FILTER_MODEL": "claude-haiku-5-5", "EXTRACT_MODEL": "claude-sonnet-5-5", "BATCH": True, "GROUP_SIZE": 20,
       "BATCH_POLL": 0.2, "BATCH_WAIT": 120, "MAX_RETRIES": 0}

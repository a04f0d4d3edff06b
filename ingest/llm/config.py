"""The LLM settings: `settings.LLM` (read from the environment in settings.py) over the
defaults below, and `settings.LLM_PRICES` over `prices.DEFAULT_PRICES`."""
from dataclasses import dataclass, replace

from django.conf import settings

from ingest.extractors import UnknownExtractor

DEFAULTS = {
    "PROVIDER": "anthropic",  # anthropic | openai (any OpenAI-compatible endpoint)
    "API_KEY": "",
    "BASE_URL": "",  # e.g. http://127.0.0.1:8080/v1 for a local server
    "FILTER_MODEL": "claude-haiku-5-5",
    "EXTRACT_MODEL": "claude-sonnet-5-5",
    "BATCH": True,  # Anthropic only: Message Batches API, half price
    "CONCURRENCY": 4,  # direct calls in flight at once, per worker process
    "MAX_RETRIES": 4,  # the SDK's own retries on 429, 5xx and connection errors
    "TIMEOUT": 120.0,  # seconds per HTTP request
    "BATCH_POLL": 10.0,  # seconds between two looks at a submitted batch
    "BATCH_WAIT": 30.0,  # how long one worker delivery waits for a batch before handing it back to the queue
    "GROUP_SIZE": 20,  # excerpts per request, at most (fewer when the model's limits say so)
    "FILTER_MAX_TOKENS": 24,  # answer tokens allowed per excerpt of a request
    "EXTRACT_MAX_TOKENS": 400,
    "BATCH_DISCOUNT": 0.5,  # share of the list price a batched token costs
}


@dataclass(frozen=True)
class LlmConfig:
    provider: str
    api_key: str
    base_url: str
    filter_model: str
    extract_model: str
    batch: bool
    concurrency: int
    max_retries: int
    timeout: float
    batch_poll: float
    batch_wait: float
    filter_max_tokens: int
    extract_max_tokens: int
    batch_discount: float
    group_size: int = 20

    @property
    def batched(self) -> bool:
        """Batches exist on Anthropic only; elsewhere calls are direct."""
        return self.batch and self.provider == "anthropic"

    def with_(self, **changes) -> "LlmConfig":
        return replace(self, **changes)


class LlmConfigError(UnknownExtractor):
    """A bad LLM setting: reported like an unknown extractor, in one line."""


def llm_config() -> LlmConfig:
    raw = {**DEFAULTS, **{k.upper(): v for k, v in (getattr(settings, "LLM", None) or {}).items()
                          if v not in (None, "")}}
    provider = str(raw["PROVIDER"]).strip().lower()
    if provider not in ("anthropic", "openai"):
        raise LlmConfigError(f"LLM_PROVIDER must be anthropic or openai, not {provider!r}")
    return LlmConfig(
        provider=provider, api_key=str(raw["API_KEY"]), base_url=str(raw["BASE_URL"]),
        filter_model=str(raw["FILTER_MODEL"]), extract_model=str(raw["EXTRACT_MODEL"]),
        batch=_flag(raw["BATCH"]), concurrency=max(1, int(raw["CONCURRENCY"])),
        max_retries=max(0, int(raw["MAX_RETRIES"])), timeout=float(raw["TIMEOUT"]),
        batch_poll=float(raw["BATCH_POLL"]), batch_wait=float(raw["BATCH_WAIT"]),
        filter_max_tokens=int(raw["FILTER_MAX_TOKENS"]), extract_max_tokens=int(raw["EXTRACT_MAX_TOKENS"]),
        batch_discount=float(raw["BATCH_DISCOUNT"]), group_size=_group_size(raw["GROUP_SIZE"]),
    )


def _group_size(value) -> int:
    try:
        size = int(value)
    except (TypeError, ValueError):
        size = 0
    if size < 1:
        raise LlmConfigError(f"LLM_GROUP_SIZE must be a whole number of excerpts, 1 or more, not {value!r}")
    return size


def _flag(value) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in {"1", "true", "yes", "on"}

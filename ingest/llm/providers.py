"""Talking to the provider through its official SDK: Anthropic (`anthropic`) or any
OpenAI-compatible endpoint (`openai` with a base URL: OpenAI, vLLM, llama.cpp, Ollama).

Direct calls go through a thread pool of `LLM["CONCURRENCY"]` and the SDK's own retries
(`max_retries`: exponential backoff with jitter on 408, 409, 429, 5xx and connection errors,
honouring the server's `Retry-After`). Batches use Anthropic's Message Batches API.
`http_client()` is the one place an HTTP client is made: tests replace it with one whose
transport answers from recorded responses.
"""
from dataclasses import dataclass
from decimal import Decimal

from .config import LlmConfig
from .prices import cost_usd


@dataclass
class Usage:
    tokens_in: int = 0  # uncached input
    tokens_out: int = 0
    cache_write: int = 0
    cache_read: int = 0

    @property
    def input_total(self) -> int:
        return self.tokens_in + self.cache_write + self.cache_read

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(self.tokens_in + other.tokens_in, self.tokens_out + other.tokens_out,
                     self.cache_write + other.cache_write, self.cache_read + other.cache_read)

    def cost(self, model: str, *, batch: bool, discount: float) -> Decimal:
        return cost_usd(model, tokens_in=self.tokens_in, tokens_out=self.tokens_out, cache_write=self.cache_write,
                        cache_read=self.cache_read, batch=batch, discount=discount)


@dataclass
class Answer:
    text: str | None  # None: the request failed (see `error`)
    usage: Usage
    error: str = ""
    truncated: bool = False  # the answer stopped at its token limit


class ProviderError(RuntimeError):
    pass


def http_client(config: LlmConfig):
    """The HTTP client the SDK uses (None: the SDK's own). Replaced in tests."""
    return None


def make_client(config: LlmConfig):
    kwargs = {"max_retries": config.max_retries, "timeout": config.timeout}
    client = http_client(config)
    if client is not None:
        kwargs["http_client"] = client
    if config.base_url:
        kwargs["base_url"] = config.base_url
    if config.provider == "anthropic":
        import anthropic

        if not config.api_key:
            raise ProviderError("no API key: set LLM_API_KEY or ANTHROPIC_API_KEY")
        return anthropic.Anthropic(api_key=config.api_key, **kwargs)
    import openai

    # A local server needs no key, but the SDK wants one: any string will do there.
    return openai.OpenAI(api_key=config.api_key or "not-needed", **kwargs)


def anthropic_params(*, model: str, prefix: str, messages: list[dict], max_tokens: int) -> dict:
    """One Messages request: the story prefix as a cached system block."""
    return {
        "model": model,
        "max_tokens": max_tokens,
        "system": [{"type": "text", "text": prefix, "cache_control": {"type": "ephemeral"}}],
        "messages": messages,
    }


def anthropic_usage(usage) -> Usage:
    return Usage(tokens_in=usage.input_tokens or 0, tokens_out=usage.output_tokens or 0,
                 cache_write=getattr(usage, "cache_creation_input_tokens", None) or 0,
                 cache_read=getattr(usage, "cache_read_input_tokens", None) or 0)


def anthropic_text(message) -> str:
    return "".join(block.text for block in message.content if getattr(block, "type", "") == "text")


def call(client, config: LlmConfig, *, model: str, prefix: str, messages: list[dict], max_tokens: int) -> Answer:
    """One direct call. Errors the SDK could not retry away become a failed Answer."""
    try:
        if config.provider == "anthropic":
            message = client.messages.create(**anthropic_params(model=model, prefix=prefix, messages=messages,
                                                                max_tokens=max_tokens))
            return Answer(anthropic_text(message), anthropic_usage(message.usage),
                          truncated=message.stop_reason == "max_tokens")
        completion = client.chat.completions.create(
            model=model, max_tokens=max_tokens, temperature=0,
            messages=[{"role": "system", "content": prefix}, *messages])
        usage = completion.usage
        cached = 0
        if usage is not None and usage.prompt_tokens_details is not None:
            cached = usage.prompt_tokens_details.cached_tokens or 0
        prompt = usage.prompt_tokens if usage is not None else 0
        choice = completion.choices[0]
        return Answer(choice.message.content or "",
                      Usage(tokens_in=prompt - cached, tokens_out=usage.completion_tokens if usage else 0,
                            cache_read=cached), truncated=choice.finish_reason == "length")
    except _api_errors() as exc:  # what the SDK's retries could not get past, or a refusal (4xx)
        status = getattr(exc, "status_code", None)
        return Answer(None, Usage(), error=f"{type(exc).__name__}" + (f" {status}" if status else "") + f": {exc}"[:500])


def _api_errors() -> tuple:
    import anthropic
    import openai

    return (anthropic.APIError, openai.APIError)


# --- Message Batches (Anthropic) ----------------------------------------------------------------


def batch_submit(client, requests: list[dict]) -> str:
    """Submit [{custom_id, params}]; the provider's batch id."""
    return client.messages.batches.create(requests=requests).id


def batch_status(client, batch_id: str):
    """(processing_status, request_counts) of a batch."""
    batch = client.messages.batches.retrieve(batch_id)
    return batch.processing_status, batch.request_counts


def batch_results(client, batch_id: str) -> dict[str, Answer]:
    """custom_id -> Answer, read from the results file (JSONL, in any order)."""
    answers = {}
    for line in client.messages.batches.results(batch_id):
        result = line.result
        if result.type == "succeeded":
            answers[line.custom_id] = Answer(anthropic_text(result.message), anthropic_usage(result.message.usage),
                                             truncated=result.message.stop_reason == "max_tokens")
        elif result.type == "errored":
            error = getattr(result.error, "error", None)
            detail = f"{getattr(error, 'type', 'error')}: {getattr(error, 'message', '')}" if error else "errored"
            answers[line.custom_id] = Answer(None, Usage(), error=detail)
        else:  # canceled, expired
            answers[line.custom_id] = Answer(None, Usage(), error=result.type)
    return answers

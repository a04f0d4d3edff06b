"""Prices in USD per million tokens, per model: `settings.LLM_PRICES` over these defaults.

`input` and `output` are list prices; `cache_write` and `cache_read` the prompt-cache
prices (Anthropic: a 5-minute cache write costs 1.25 times input). A batched token costs
`LLM["BATCH_DISCOUNT"]` of its price (0.5: half). A model with no price (a local server)
costs 0, and the estimate says so.

A row may also give the model's limits, `context` (tokens in and out of one request) and
`max_output` (tokens out): the group size (excerpts per request) is kept within them. A
model without them gets `DEFAULT_LIMITS`, the limits of a small local server.
"""
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings

_CLAUDE = {"context": 200_000, "max_output": 64_000}
DEFAULT_PRICES = {
    "claude-haiku-5-5": {"input": 0.10, "output": 0.50, "cache_write": 0.125, "cache_read": 0.01, **_CLAUDE},
    "claude-sonnet-5-5": {"input": 2.00, "output": 10.00, "cache_write": 2.50, "cache_read": 0.10, **_CLAUDE},
    "claude-opus-5-5": {"input": 4.00, "output": 20.00, "cache_write": 5.00, "cache_read": 0.20, **_CLAUDE},
}
DEFAULT_LIMITS = {"context": 8192, "max_output": 4096}

MILLION = Decimal(1_000_000)
MICRO = Decimal("0.000001")


@dataclass(frozen=True)
class Price:
    input: Decimal
    output: Decimal
    cache_write: Decimal
    cache_read: Decimal
    known: bool = True


@dataclass(frozen=True)
class Limits:
    context: int
    max_output: int


def _row(model: str):
    return {**DEFAULT_PRICES, **(getattr(settings, "LLM_PRICES", None) or {})}.get(model)


def limits_of(model: str) -> Limits:
    row = {**DEFAULT_PRICES.get(model, {}), **(_row(model) or {})}
    return Limits(context=int(row.get("context", DEFAULT_LIMITS["context"])),
                  max_output=int(row.get("max_output", DEFAULT_LIMITS["max_output"])))


def price_of(model: str) -> Price:
    row = _row(model)
    if row is None:
        zero = Decimal(0)
        return Price(zero, zero, zero, zero, known=False)
    inp = Decimal(str(row["input"]))
    return Price(input=inp, output=Decimal(str(row["output"])),
                 cache_write=Decimal(str(row.get("cache_write", inp * Decimal("1.25")))),
                 cache_read=Decimal(str(row.get("cache_read", inp * Decimal("0.1")))))


def cost_usd(model: str, *, tokens_in: int = 0, tokens_out: int = 0, cache_write: int = 0, cache_read: int = 0,
             batch: bool = False, discount: float = 0.5) -> Decimal:
    """What these tokens cost. `tokens_in` counts uncached input only (Anthropic's
    `input_tokens`); cache writes and reads are priced apart."""
    p = price_of(model)
    total = (p.input * tokens_in + p.output * tokens_out + p.cache_write * cache_write
             + p.cache_read * cache_read) / MILLION
    if batch:
        total *= Decimal(str(discount))
    return total.quantize(MICRO, rounding=ROUND_HALF_UP)

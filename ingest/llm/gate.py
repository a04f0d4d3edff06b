"""Cost first: what `ingest --extractor llm` does before anything is sent.

`estimate_only` is `--estimate`: print the estimate and stop.

`preflight` estimates the run from the articles file (`estimate.estimate_file`: nothing is
written, nothing is sent), prints the estimate, refuses a run whose estimate passes
`--max-cost`, asks for confirmation on a terminal (`--yes` skips the question; no terminal
and no `--yes` is a refusal), and arms the budget (`LlmRun`) that the extractor checks
before every request it sends: the run stops there rather than pass it.
"""
from decimal import Decimal, InvalidOperation

from ledger.errors import LedgerError

from .config import LlmConfigError, llm_config
from .estimate import Estimate, estimate_file
from .models import LlmRun


class CostRefused(LedgerError):
    pass


def money(text) -> Decimal:
    """A --max-cost value: a non-negative amount of USD."""
    try:
        value = Decimal(str(text).strip().lstrip("$"))
    except InvalidOperation:
        raise ValueError(f"not an amount of USD: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"not an amount of USD: {text!r}")
    return value


def preflight(story, path, *, max_cost: Decimal | None, yes: bool, interactive: bool, ask, write) -> tuple[Estimate, LlmRun]:
    """Estimate, print, check the budget, confirm, arm. Raises CostRefused (one line,
    nothing sent) when the run must not go ahead."""
    try:
        config = llm_config()
    except LlmConfigError as exc:
        raise CostRefused(str(exc)) from None
    if config.provider == "anthropic" and not config.api_key:
        raise CostRefused("no API key for the LLM extractor: set LLM_API_KEY or ANTHROPIC_API_KEY")
    try:
        est = estimate_file(story, path, config)
    except OSError as exc:
        raise CostRefused(f"cannot read {path}: {exc.strerror}") from None
    for line in est.lines():
        write(line)
    if max_cost is not None and est.cost_usd > max_cost:
        raise CostRefused(f"the estimate (${est.cost_usd:.4f}) is over --max-cost ${max_cost}: nothing sent")
    if est.excerpts and not yes:
        if not interactive:
            raise CostRefused("not confirmed: answer on a terminal or pass --yes (nothing sent)")
        if ask(f"Send {est.excerpts} excerpts for about ${est.cost_usd:.4f} at most? [y/N] ").strip().lower() not in ("y", "yes"):
            raise CostRefused("cancelled: nothing sent")
    budget = LlmRun.objects.create(story=story, max_cost_usd=max_cost, estimate_usd=est.cost_usd,
                                   estimate_cached_usd=est.cached_usd, estimate=est.as_json())
    return est, budget


def estimate_only(story, path, *, as_json: bool, write) -> Estimate:
    """`ingest ... --extractor llm --estimate [--json]`: the estimate, printed, and nothing
    else: no key needed, nothing written, nothing sent, nothing asked."""
    import json

    try:
        config = llm_config()
    except LlmConfigError as exc:
        raise CostRefused(str(exc)) from None
    try:
        est = estimate_file(story, path, config)
    except OSError as exc:
        raise CostRefused(f"cannot read {path}: {exc.strerror}") from None
    if as_json:
        write(json.dumps(est.as_json()))
    else:
        for line in est.lines():
            write(line)
    return est


def budget_attach(budget: LlmRun, run) -> None:
    """Tie the armed budget to the run the command started (a worker may have done it)."""
    LlmRun.objects.filter(pk=budget.pk, run__isnull=True).update(run=run)

"""Reads of the LLM side of a run, for the pages."""
from decimal import Decimal


def run_spend(run) -> dict | None:
    """What an LLM run spent against what `ingest` estimated before sending (None for a run
    of another extractor). Reads `run.llm`: select it with the run to keep it one query."""
    if not run.extractor.startswith("llm"):
        return None
    try:
        budget = run.llm
    except run._meta.model.llm.RelatedObjectDoesNotExist:
        budget = None
    spent = run.cost_usd
    upper = budget.estimate_usd if budget is not None else Decimal(0)
    estimate = (budget.estimate if budget is not None else None) or {}
    return {
        "spent_usd": spent,
        "tokens_in": run.tokens_in,
        "tokens_out": run.tokens_out,
        "estimated": bool(estimate),
        "estimate_usd": upper,
        "estimate_cached_usd": budget.estimate_cached_usd if budget is not None else Decimal(0),
        "estimate_excerpts": estimate.get("excerpts"),
        "estimate_tokens_in": estimate.get("tokens_in"),
        "estimate_tokens_out": estimate.get("tokens_out"),
        "max_cost_usd": budget.max_cost_usd if budget is not None else None,
        "of_estimate": round(float(spent / upper) * 100, 1) if upper else None,
    }

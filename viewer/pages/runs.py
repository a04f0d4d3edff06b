"""Ingest runs: the story's latest runs, and one run with its rejected lines and what an LLM
run set aside."""
from django.db.models import Count, Window

from ledger.models import Story

from .. import links
from .parts import story_dict


def runs_data(story: Story) -> dict:
    from ingest.models import IngestRun

    runs = [run_dict(story, r) for r in IngestRun.objects.filter(story=story).order_by("-started_at", "-id")[:100]]
    return {"story": story_dict(story), "runs": runs,
            "active": any(r["status"] in ("queued", "running") for r in runs)}


def run_dict(story: Story, run) -> dict:
    return {
        "id": run.id, "url": links.run_url(story.slug, run.id), "file_name": run.file_name, "extractor": run.extractor,
        "status": run.status, "message": run.message, "started_at": run.started_at, "finished_at": run.finished_at,
        "articles": run.articles, "excerpts": run.excerpts, "queued": getattr(run, "queued", run.excerpts),
        "excerpts_done": run.excerpts_done,
        "records": run.records, "rejects": run.rejects, "duplicates": run.duplicates, "capped": run.capped,
        "progress": round(run.progress * 100, 1), "cost_usd": run.cost_usd,
        "tokens_in": run.tokens_in, "tokens_out": run.tokens_out,
        "uses_llm": run.extractor.startswith("llm"),  # an offline run has no tokens or cost to show
    }


REJECTS_SHOWN = 1000


def run_data(story: Story, run_id: int) -> dict:
    from ingest.llm.selectors import run_spend
    from ingest.models import IngestRun

    from ledger.errors import NotFound

    run = IngestRun.objects.filter(story=story, id=run_id).select_related("llm").first()
    if run is None:
        raise NotFound(f"unknown ingest run {run_id!r}")
    rejects = list(run.reject_lines.order_by("line").values("line", "reason")[:REJECTS_SHOWN])
    # Excerpts an LLM run set aside (an answer that did not validate twice, or the budget):
    # one query, for LLM runs only. Shown with the sentence and the article, not the raw answer.
    set_aside, set_aside_count = None, 0
    if run.extractor.startswith("llm"):
        rows = list(run.llm_rejections.order_by("id").annotate(total=Window(Count("id"))).values_list(
            "stage", "model", "reason", "excerpt_id", "excerpt__sentence", "excerpt__article__url",
            "total")[:REJECTS_SHOWN])
        set_aside = [{"stage": stage, "model": model, "reason": reason, "excerpt": excerpt, "sentence": sentence,
                      "url": url, "link": links.safe_link(url)} for stage, model, reason, excerpt, sentence, url, _ in rows]
        set_aside_count = rows[0][-1] if rows else 0
    return {"story": story_dict(story), "run": run_dict(story, run), "rejects": rejects,
            "rejects_shown": len(rejects), "active": run.status in ("queued", "running"),
            "set_aside": set_aside, "set_aside_count": set_aside_count, "runs_url": links.runs_url(story.slug),
            "spend": run_spend(run)}

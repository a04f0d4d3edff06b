"""The evaluation page: the scores against the story's answer key, and why the key
statements the ledger missed were missed."""
from django.core.cache import cache

from ledger.diagnosis import REASONS, key_misses
from ledger.evaluation import evaluate
from ledger.models import ChainHead, KeyStatement, Story

from .. import links
from .parts import position_label, story_dict


EVALUATION_CACHE_SECONDS = 24 * 3600


def evaluation_scores(story: Story, *, confirm) -> dict:
    """`ledger.evaluation.evaluate`, cached until the ledger or the bundle changes: the key
    holds the story's chain head (every append and retraction moves it) and the bundle's
    hash (a new answer key changes it)."""
    head = ChainHead.objects.filter(story=story).values_list("last_seq", flat=True).first() or 0
    key = f"viewer:evaluation:{story.pk}:{story.config_sha256}:{head}:{confirm}"
    scores = cache.get(key)
    if scores is None:
        scores = evaluate(story=story, confirm=confirm)
        scores["misses"] = key_misses(story=story, confirm=confirm)
        cache.set(key, scores, EVALUATION_CACHE_SECONDS)
    return scores


# Each score in one sentence, as the evaluation page defines it.
SCORE_DEFINITIONS = {
    "current_accuracy": "Of the positions the answer key gives, asked the day before, the day after and a week "
                        "after each key statement, the share the ledger gives the same.",
    "change_recall": "Of the changes of position in the key, the share the ledger reports as a confirmed flip "
                     "of the same actor to the same position within 7 days of the key's date.",
    "change_precision": "Of the flips the ledger reports on those days, the share that match a change in the key; "
                        "the others are false changes.",
}


def evaluation_data(story: Story, *, confirm) -> dict:
    base = {"story": story_dict(story), "confirm": confirm,
            "chart_url": links.retention_chart_url(story.slug, confirm=confirm),
            "json_url": links.evaluation_url(story.slug, confirm=confirm, fmt="json")}
    if not KeyStatement.objects.filter(story=story).exists():
        return {**base, "key_statements": 0, "scores": None}
    scores = evaluation_scores(story, confirm=confirm)
    topics = {t.key: t.name for t in story.topics.all()}
    questions = {q.key: q.text for q in story.questions.all()}
    return {
        **base,
        "key_statements": scores["key_statements"],
        "dated_questions": scores["dated_questions"],
        "scores": {
            "overall": scores["overall"],
            "per_topic": [{"key": k, "name": topics.get(k, k), **v} for k, v in scores["per_topic"].items()],
            "per_question": [{"key": k, "text": questions.get(k, k), **v} for k, v in scores["per_question"].items()],
        },
        "definitions": SCORE_DEFINITIONS,
        "retention": scores["retention"],
        "misses": [{**m, "record_url": links.record_url(m["record"]["id"], as_of=m["checked_on"],
                                                        confirm=confirm) if m["record"] else None,
                    "link": links.safe_link(m["url"]),
                    "label": position_label(m["position"], m["value"])} for m in scores["misses"]],
        "miss_reasons": [{"reason": r, "why": REASONS[r], "count": sum(1 for m in scores["misses"] if m["reason"] == r)}
                         for r in REASONS],
    }

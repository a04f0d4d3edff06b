"""How a story, an actor, a question and a position look on every page."""
from urllib.parse import urlsplit

from ledger.models import StanceRecord, Story

from .. import links

POSITION_LABELS = {"affirm": "Affirms", "deny": "Denies", "partial": "Partly"}


def figure(value, unit: str = "") -> str:
    if value is None:
        return "?"
    text = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{text} {unit}".strip()


def position_label(position: str, value=None, unit: str = "") -> str:
    if position == StanceRecord.NUMBER:
        return figure(value, unit)
    return POSITION_LABELS.get(position, position)


def story_dict(story: Story) -> dict:
    return {"slug": story.slug, "title": story.title, "start": story.start, "end": story.end,
            "confirm_default": story.min_outlets, "step_days": story.step_days, "url": links.story_url(story.slug)}


def actor_dict(actor) -> dict:
    return {"key": actor.key, "name": actor.name, "side": actor.side or None}


def question_dict(question) -> dict:
    return {"id": question.key, "text": question.text, "kind": question.kind, "unit": question.unit or None,
            "topic": question.topic.key}


def host(url: str) -> str:
    """The host of a URL, or "" (a reader's fallback name for an outlet nobody named)."""
    try:
        return urlsplit(url or "").hostname or ""
    except ValueError:
        return ""

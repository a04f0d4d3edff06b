"""The story list, a story's page (one topic's positions, or the overview of what changed
across every topic) and the review queue of changes waiting for another source."""
from datetime import timedelta

from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce

from ledger.models import StanceRecord, Story
from ledger.selectors import story_cast

from .. import links
from .parts import actor_dict, story_dict
from .positions import positions_data


def story_list_data() -> dict:
    records = (StanceRecord.objects.filter(story=OuterRef("pk")).order_by().values("story")
               .annotate(n=Count("id")).values("n"))
    stories = Story.objects.annotate(
        n_records=Coalesce(Subquery(records), 0),
        n_actors=Count("actors", distinct=True),
        n_questions=Count("questions", distinct=True),
    ).order_by("slug")
    return {"stories": [
        {**story_dict(s), "records": s.n_records, "actors": s.n_actors, "questions": s.n_questions}
        for s in stories
    ]}


CHANGES_SHOWN = 12  # latest flips on the overview


def overview_dict(story: Story, data: dict, topics) -> dict:
    """What changed, across every topic: the latest confirmed flips, newest first, and the
    changes waiting for another source, each with its link."""
    names = {t.key: t.name for t in topics}
    flips, pending = [], []
    for q in data["questions"]:
        where = {"question": q["text"], "question_id": q["id"], "topic": names.get(q["topic"], q["topic"]),
                 "topic_url": links.story_url(story.slug, topic=q["topic"], as_of=data["as_of"], confirm=data["confirm"])}
        for a in q["actors"]:
            for c in a["changes"]:
                flips.append({**where, "actor": a["actor"], "change": c})
            if a["pending"]:
                pending.append({**where, "actor": a["actor"], "current": a["current"], "pending": a["pending"]})
    flips.sort(key=lambda f: (f["change"]["confirmed_on"], f["change"]["date"]), reverse=True)
    pending.sort(key=lambda p: p["pending"]["date"], reverse=True)
    return {"flips": flips[:CHANGES_SHOWN], "flips_more": max(0, len(flips) - CHANGES_SHOWN), "pending": pending}


def story_data(story: Story, *, topics, topic, as_of, confirm, mark=None, actor=None, overview=False) -> dict:
    """A topic's positions as of a day, or (`overview`) what changed across every topic.
    `actor`: only that actor's rows."""
    cast_questions = list(story_cast(story).questions.values())
    if overview:
        topic = None
        questions = cast_questions
    else:
        questions = [q for q in cast_questions if q.topic_id == topic.id] if topic else []
    data = positions_data(story, questions=questions, as_of=as_of, confirm=confirm, mark=mark)
    if actor is not None:
        for q in data["questions"]:
            q["actors"] = [a for a in q["actors"] if a["actor"]["key"] == actor.key]
    summary = None
    if overview:
        summary = overview_dict(story, data, topics)
        data["questions"] = []
    step = timedelta(days=story.step_days)
    topic_key = topic.key if topic else None
    actor_key = actor.key if actor else None

    def at(day):
        return links.story_url(story.slug, topic=topic_key, as_of=day, confirm=confirm, actor=actor_key)

    controls = {
        "topic": topic_key,
        "actor": actor_key,
        "actors": [{"key": a.key, "name": a.name, "selected": a.key == actor_key}
                   for a in sorted(story_cast(story).actors.values(), key=lambda a: a.name.lower())],
        "overview_url": links.story_url(story.slug, topic="", as_of=as_of, confirm=confirm),
        "overview": overview,
        "topics": [{"key": t.key, "name": t.name, "selected": t.key == topic_key,
                    "url": links.story_url(story.slug, topic=t.key, as_of=as_of, confirm=confirm, actor=actor_key)}
                   for t in topics],
        "action": links.story_url(story.slug),
        "confirm_choices": sorted({1, 2, 3, confirm, story.min_outlets}),
        "prev_url": at(max(story.start, as_of - step)) if as_of > story.start else None,
        "next_url": at(min(story.end, as_of + step)) if as_of < story.end else None,
        "day": (as_of - story.start).days,
        "days": (story.end - story.start).days,
    }
    return {
        "story": story_dict(story),
        "topic": {"key": topic.key, "name": topic.name} if topic else None,
        "has_stances": any(q.kind == "stance" for q in questions),
        **data,
        "overview": summary,
        "actor": actor_dict(actor) if actor else None,
        "actor_url": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm) if actor else None,
        "permalink": at(as_of),
        "json_url": links.story_url(story.slug, topic=topic_key, as_of=as_of, confirm=confirm, fmt="json",
                                    actor=actor_key),
        "pending_url": links.pending_url(story.slug, as_of=as_of, confirm=confirm),
        "controls": controls,
    }


def pending_data(story: Story, *, as_of, confirm, mark=None, notices=()) -> dict:
    """The review queue: every change waiting for another source as of the day, oldest first."""
    data = positions_data(story, questions=list(story_cast(story).questions.values()), as_of=as_of, confirm=confirm,
                          mark=mark)
    items = []
    for q in data["questions"]:
        for a in q["actors"]:
            if a["pending"]:
                items.append({"question": {k: q[k] for k in ("id", "text", "kind", "unit", "topic")},
                              "actor": a["actor"], "current": a["current"], "pending": a["pending"],
                              "story_url": links.story_url(story.slug, topic=q["topic"], as_of=as_of, confirm=confirm)})
    items.sort(key=lambda i: (i["pending"]["date"], i["question"]["id"], i["actor"]["key"]))
    return {"story": story_dict(story), "as_of": data["as_of"], "confirm": data["confirm"], "pending": items,
            "story_url": links.story_url(story.slug, as_of=as_of, confirm=confirm),
            "json_url": links.pending_url(story.slug, as_of=as_of, confirm=confirm, fmt="json"),
            "notices": list(notices)}

"""One actor across every question of the story, and two or three actors side by side on
one question, as of a day."""
from ledger.models import Story
from ledger.selectors import story_cast

from .. import links
from .parts import actor_dict, question_dict, story_dict
from .positions import positions_data


def actor_data(story: Story, *, actor, as_of, confirm, mark=None, notices=()) -> dict:
    """One actor across every question of the story as of a day: position, pending change,
    earlier positions, flips and sources, question by question, topic by topic."""
    cast = story_cast(story)
    data = positions_data(story, questions=list(cast.questions.values()), as_of=as_of, confirm=confirm, mark=mark)
    topics = {q.topic.key: q.topic.name for q in cast.questions.values()}
    questions = []
    for q in data["questions"]:
        mine = [a for a in q["actors"] if a["actor"]["key"] == actor.key]
        if mine:
            questions.append({**{k: q[k] for k in ("id", "text", "kind", "unit", "topic")},
                              "topic_name": topics.get(q["topic"], q["topic"]), "stance": mine[0],
                              "compare_url": links.compare_url(story.slug, question=q["id"], actors=[actor.key],
                                                               as_of=as_of, confirm=confirm)})
    flips = sorted(({"question": q["text"], "change": c} for q in questions for c in q["stance"]["changes"]),
                   key=lambda f: f["change"]["confirmed_on"], reverse=True)
    return {"story": story_dict(story), "actor": actor_dict(actor), "as_of": data["as_of"], "confirm": data["confirm"],
            "questions": questions, "flips": flips, "notices": list(notices),
            "permalink": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm),
            "json_url": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm, fmt="json"),
            "actors": [{"key": a.key, "name": a.name} for a in sorted(cast.actors.values(), key=lambda a: a.name.lower())]}


COMPARE_MAX = 3


def compare_data(story: Story, *, question, actors, as_of, confirm, mark=None, notices=()) -> dict:
    """Two or three actors side by side on one question as of a day."""
    data = positions_data(story, questions=[question], as_of=as_of, confirm=confirm, mark=mark)
    by_key = {a["actor"]["key"]: a for a in data["questions"][0]["actors"]}
    cast = story_cast(story)
    return {
        "story": story_dict(story), "as_of": data["as_of"], "confirm": data["confirm"], "notices": list(notices),
        "question": question_dict(question),
        "columns": [{"actor": actor_dict(a), "stance": by_key.get(a.key),
                     "actor_url": links.actor_url(story.slug, a.key, as_of=as_of, confirm=confirm)} for a in actors],
        "chart_url": links.chart_url(story.slug, question.key, as_of=as_of, confirm=confirm),
        "questions": [{"key": q.key, "text": q.text, "selected": q.key == question.key} for q in cast.questions.values()],
        "actors": [{"key": a.key, "name": a.name, "selected": any(a.key == b.key for b in actors)}
                   for a in sorted(cast.actors.values(), key=lambda a: a.name.lower())],
        "json_url": links.compare_url(story.slug, question=question.key, actors=[a.key for a in actors], as_of=as_of,
                                      confirm=confirm, fmt="json"),
    }

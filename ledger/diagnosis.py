"""Why the ledger missed a key statement: what a user needs to mend the story's cues.

A key statement is missed when the ledger does not hold it (no record of the same actor,
question and position reported from 2 days before to 7 days after its date, as in the
retention score) or holds it but does not give it as the actor's position a week after its
date (or the day before the key's next statement of that actor on that question). Each miss gets one reason, looked up along the path from article to position:

- `no_excerpt`: no excerpt was cut from the statement's article (no sentence matched a topic's
  keywords, or the article was not ingested);
- `no_cue`: excerpts were cut, but no cue of the statement's question (a stance question
  with cues) matches any of them as written: the words this article uses are missing from
  the story's cues, the commonest loss on stories nobody tuned for (docs/extraction.md);
- `no_record`: an excerpt was cut, but the extractor wrote no record from it for anyone;
- `other_record`: a record came from the article, with another position, actor or question;
- `retracted`: the ledger held the statement, but its record was retracted, so it no longer
  counts;
- `not_confirmed`: the ledger holds the statement, but the change waits for more
  independent sources than it has under the rule N;
- `other_position`: the ledger holds the statement, but another position was confirmed after it.
"""
import re
from collections import defaultdict
from datetime import timedelta

from .evaluation import CHANGE_WINDOW, same_answer
from .models import Excerpt, KeyStatement, StanceRecord, Story
from .selectors import positions_as_of, records_as_known, story_cast

REASONS = {
    "no_excerpt": "No excerpt held the words: no sentence of the article matched a topic's keywords, "
                  "or the article was not ingested.",
    "no_cue": "Excerpts were cut from the article, but no cue of the question matches any of them as written: "
              "the story's affirm, deny or partial cues lack the words this article uses.",
    "no_record": "An excerpt was cut from the article, but the extractor wrote no record from it.",
    "other_record": "A record came from the article, but with another position, actor or question.",
    "retracted": "The ledger held the statement, but its record was retracted: it no longer counts.",
    "not_confirmed": "The ledger holds the statement, but the change is not confirmed yet under the rule N: "
                     "it waits for more independent sources.",
    "other_position": "The ledger holds the statement, but another position was confirmed after it.",
}


def key_misses(*, story: Story, confirm: int | None = None) -> list[dict]:
    """The key statements the ledger missed, in key order, each with its `reason` (a key of
    `REASONS`), the words for it, and the excerpt or record that shows it when there is one."""
    key = list(KeyStatement.objects.filter(story=story).select_related("actor", "question").order_by("line"))
    if not key:
        return []
    fields = ("id", "actor_id", "question_id", "position", "value", "reported_on", "url", "excerpt_id",
              "actor__name", "excerpt__sentence")
    held = defaultdict(list)
    by_url = defaultdict(list)
    for r in records_as_known(story, as_of=story.end).values(*fields):
        held[(r["actor_id"], r["question_id"])].append(r)
        by_url[r["url"]].append(r)
    taken_back = defaultdict(list)
    for r in StanceRecord.objects.filter(story=story, retraction__isnull=False).values(*fields):
        taken_back[(r["actor_id"], r["question_id"])].append(r)
    excerpts = defaultdict(list)
    for e in Excerpt.objects.filter(story=story, article__url__in={s.url for s in key if s.url}).values(
            "id", "sentence", "text", "article__url"):
        excerpts[e["article__url"]].append(e)
    # The position a week after each statement (or the day before the key's next statement of
    # the same actor on the question, when that comes sooner), one answer a day.
    cast = story_cast(story)
    check_day = {}
    by_pair = defaultdict(list)
    for s in key:
        by_pair[(s.actor_id, s.question_id)].append(s)
    for said in by_pair.values():
        said.sort(key=lambda s: s.date)
        for s, after in zip(said, [*said[1:], None]):
            day = min(s.date + CHANGE_WINDOW, story.end)
            if after is not None and after.date > s.date:
                day = min(day, after.date - timedelta(days=1))
            check_day[s.line] = max(day, s.date)
    week_after = defaultdict(set)
    for s in key:
        week_after[check_day[s.line]].add(s.question.key)
    stances = {}
    for day, question_keys in week_after.items():
        answer = positions_as_of(story=story, as_of=day, confirm=confirm,
                                 questions=[cast.questions[k] for k in sorted(question_keys)])
        for qp in answer.questions:
            for a in qp.actors:
                stances[(day, qp.question.id, a.actor.id)] = a.stance
    def holding(records, s):
        """The first of `records` that holds the statement `s` (as the retention score counts it)."""
        return next((r for r in records[(s.actor_id, s.question_id)]
                     if same_answer(r["position"], r["value"], s.position, s.value)
                     and s.date - timedelta(days=2) <= r["reported_on"] <= s.date + CHANGE_WINDOW), None)

    misses = []
    for s in key:
        match = holding(held, s)
        day = check_day[s.line]
        reason, excerpt, record = None, None, None
        if match is not None:
            stance = stances.get((day, s.question_id, s.actor_id))
            if stance is not None and same_answer(stance.current.position, stance.current.value, s.position, s.value):
                continue  # held, and the position a week later: not missed
            pending = stance.pending if stance else None
            waiting = pending is not None and same_answer(pending.position, pending.value, s.position, s.value)
            reason = "not_confirmed" if waiting or stance is None else "other_position"
            record = match
        elif (retracted := holding(taken_back, s)) is not None:
            reason, record = "retracted", retracted
        elif by_url.get(s.url):
            reason, record = "other_record", by_url[s.url][0]
        elif excerpts.get(s.url):
            cues = _cues(s.question)
            uncued = cues is not None and not any(cues.search(e["text"]) for e in excerpts[s.url])
            reason, excerpt = ("no_cue" if uncued else "no_record"), excerpts[s.url][0]
        else:
            reason = "no_excerpt"
        sentence = (excerpt or {}).get("sentence") or (record or {}).get("excerpt__sentence") or None
        misses.append({
            "line": s.line, "checked_on": day, "actor": s.actor.key, "actor_name": s.actor.name, "question": s.question.key,
            "question_text": s.question.text, "position": s.position, "value": s.value, "date": s.date,
            "url": s.url, "reason": reason, "why": REASONS[reason], "excerpt": sentence,
            "record": ({"id": record["id"], "actor": record["actor__name"], "position": record["position"],
                        "value": record["value"], "reported_on": record["reported_on"]} if record else None),
        })
    return misses


def cues_as_written(patterns) -> "re.Pattern | None":
    """A stance question's cues (affirm, deny and partial together) as one pattern, as
    written: Python's `re` with case ignored, not the language pack's folds and word forms.
    None when there are none (the question's statements are read without cues)."""
    if not patterns:
        return None
    try:
        return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
    except re.error:
        return None  # the bundle's check refuses a bad cue; nothing to say here


def _cues(question) -> "re.Pattern | None":
    return None if question.is_number else cues_as_written([*question.affirm, *question.deny, *question.partial])

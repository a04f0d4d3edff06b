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

`cue_report` reads the cues themselves: how many excerpts and key statements each reaches as
written, and the key statements none reaches, with the sentences that say them.
"""
import re
from collections import defaultdict
from datetime import timedelta

from .evaluation import CHANGE_WINDOW, same_answer
from .models import Excerpt, KeyStatement, StanceRecord, Story
from .selectors import positions_as_of, records_as_known, story_cast

POLARITIES = ("affirm", "deny", "partial")

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
    excerpts = _article_excerpts(story, {s.url for s in key if s.url})
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
            uncued = cues is not None and not _reaches(cues, [e["text"] for e in excerpts[s.url]])
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


def _reaches(pattern, texts) -> bool:
    return pattern is not None and any(pattern.search(t) for t in texts)


def _article_excerpts(story: Story, urls) -> dict[str, list[dict]]:
    """The excerpts cut from the articles at `urls` (every version), by URL, in the order they were cut."""
    excerpts = defaultdict(list)
    for e in Excerpt.objects.filter(story=story, article__url__in=urls).values(
            "id", "sentence", "text", "topics", "article__url"):
        excerpts[e["article__url"]].append(e)
    return excerpts


def cue_report(*, story: Story, statements: list[dict] | None = None) -> dict:
    """Each stance question's cues as written (`cues_as_written`), against the excerpts of its
    topic and the answer key: the loaded key, or `statements`, the checked lines of a key file
    (`bundle.key_check`), whose `quote`, when a line has one, is what the cues must reach in
    place of its article's excerpts. Number questions have no cues and are left out."""
    cast = story_cast(story)
    key = _key_read(story, cast, statements)
    excerpts = _article_excerpts(story, {s["url"] for s in key if s["url"]})
    questions, without_cues = [], []
    for question in sorted(cast.questions.values(), key=lambda q: q.position):
        if question.is_number:
            continue
        written = [(polarity, cue) for polarity in POLARITIES for cue in getattr(question, polarity)]
        if not written:
            without_cues.append({"question": question.key, "text": question.text})
            continue
        # A cue is only ever tried on an excerpt of its question's topic.
        topic_texts = list(Excerpt.objects.filter(story=story, topics__contains=[question.topic.key])
                           .values_list("text", flat=True))
        said = [s for s in key if s["question"] == question.key]
        reads = [[s["quote"]] if s["quote"] else [e["text"] for e in excerpts.get(s["url"], [])] for s in said]
        cues = []
        for polarity, cue in written:
            pattern = cues_as_written([cue])
            matched = sum(1 for t in topic_texts if _reaches(pattern, [t]))
            cues.append({"polarity": polarity, "cue": cue, "excerpts": matched,
                         "key_statements": sum(1 for texts in reads if _reaches(pattern, texts)) if key else None,
                         "matches_no_excerpt": matched == 0})
        questions.append({"question": question.key, "text": question.text, "topic": question.topic.key,
                          "excerpts": len(topic_texts), "cues": cues,
                          "reach": _reach(question, said, reads, excerpts) if key else None})
    return {"story": story.slug, "key": ("file" if statements is not None else "loaded") if key else None,
            "questions": questions, "without_cues": without_cues}


def _reach(question, said: list[dict], reads: list[list[str]], excerpts: dict) -> dict:
    """The question's key statements that its cues reach, and those they do not, each with the
    sentences of its article that carry the question's keywords: the words a cue lacks."""
    cues = _cues(question)
    # The same reading as written serves the question's keywords (or its topic's, when it has none).
    marks = cues_as_written(question.keywords or question.topic.keywords)
    reached, no_excerpt, unreached = 0, 0, []
    for s, texts in zip(said, reads):
        if not texts:
            no_excerpt += 1  # nothing cut from its article: the topic's keywords lost it, not the cues
        elif _reaches(cues, texts):
            reached += 1
        else:
            sentences = [e["sentence"] for e in excerpts.get(s["url"], [])
                         if question.topic.key in e["topics"] and _reaches(marks, [e["sentence"]])]
            if s["quote"]:  # the quote's own sentence, when it is one of them
                sentences = [t for t in sentences if _overlap(t, s["quote"])] or sentences
            unreached.append({"line": s["line"], "actor": s["actor"], "actor_name": s["actor_name"],
                              "position": s["position"], "date": s["date"], "url": s["url"], "quote": s["quote"],
                              "sentences": list(dict.fromkeys(sentences))})
    return {"statements": len(said), "reached": reached, "no_excerpt": no_excerpt, "unreached": unreached}


def _overlap(sentence: str, quote: str) -> bool:
    """The quote lies in the sentence, or the sentence in the quote (a quote may span two)."""
    sentence, quote = (" ".join(t.casefold().split()).strip(" .\"'") for t in (sentence, quote))
    return bool(quote) and (quote in sentence or sentence in quote)


def _key_read(story: Story, cast, statements: list[dict] | None) -> list[dict]:
    """The key's statements in one shape, from a key file's checked lines or the loaded key."""
    if statements is not None:
        def text(value):
            return value if isinstance(value, str) and value.strip() else None
        return [{"line": s["line"], "actor": s["actor"], "actor_name": cast.actors[s["actor"]].name,
                 "question": s["question"], "position": s["position"], "date": s["date"],
                 "url": text(s.get("url")) or "", "quote": text(s.get("quote"))} for s in statements]
    return [{"line": s.line, "actor": s.actor.key, "actor_name": s.actor.name, "question": s.question.key,
             "position": s.position, "date": s.date, "url": s.url, "quote": None}
            for s in KeyStatement.objects.filter(story=story).select_related("actor", "question").order_by("line")]

"""Scoring the ledger against an answer key (contract section 7)."""
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from .models import KeyStatement, Question, Story
from .selectors import positions_as_of, records_as_known

CHANGE_WINDOW = timedelta(days=7)
RETENTION_EVERY = timedelta(days=14)


@dataclass(frozen=True)
class Statement:
    actor: str
    question: str
    position: str
    value: float | None
    date: date


def statements_from_key(story: Story) -> list[Statement]:
    return [
        Statement(s.actor.key, s.question.key, s.position, s.value, s.date)
        for s in KeyStatement.objects.filter(story=story).select_related("actor", "question").order_by("line")
    ]


def same_value(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 0.01 * max(abs(a), abs(b))


def same_answer(position_a, value_a, position_b, value_b) -> bool:
    return position_a == position_b and (position_a != "number" or same_value(value_a, value_b))


def dated_questions(story: Story, key: list[Statement]) -> list[tuple[str, date]]:
    asked = set()
    for s in key:
        for day in (s.date - timedelta(days=1), s.date + timedelta(days=1), s.date + timedelta(days=7)):
            if story.start <= day <= story.end:
                asked.add((s.question, day))
    return sorted(asked, key=lambda qd: (qd[1], qd[0]))


class Tally:
    def __init__(self):
        self.positions = self.positions_right = 0
        self.changes = self.changes_found = 0
        self.reported = self.reported_right = 0

    def as_dict(self) -> dict:
        def share(a, b):
            return round(a / b, 4) if b else None

        return {
            "current_accuracy": share(self.positions_right, self.positions),
            "change_recall": share(self.changes_found, self.changes),
            "change_precision": share(self.reported_right, self.reported),
            "false_changes": self.reported - self.reported_right,
            "expected_positions": self.positions,
            "positions_right": self.positions_right,
            "expected_changes": self.changes,
            "changes_found": self.changes_found,
            "reported_changes": self.reported,
        }


def _expected(key_by_question, question: str, day: date):
    """The key's positions and changes for one dated question."""
    by_actor = defaultdict(list)
    for s in key_by_question[question]:
        if s.date <= day:
            by_actor[s.actor].append(s)
    positions, changes = {}, []
    for actor, said in by_actor.items():
        said.sort(key=lambda s: s.date)  # stable: same-day statements keep key order
        positions[actor] = said[-1]
        for before, after in zip(said, said[1:]):
            if not same_answer(before.position, before.value, after.position, after.value):
                changes.append(after)
    return positions, changes


def _match_changes(expected, reported):
    """Pair reported changes with expected ones (same actor, same new position, date within
    7 days), each used once. Returns how many of each side were matched."""
    unused = list(reported)
    found = 0
    for e in expected:
        for r in unused:
            actor, change = r
            if (actor == e.actor and same_answer(change.to_position, change.to_value, e.position, e.value)
                    and abs(change.date - e.date) <= CHANGE_WINDOW):
                unused.remove(r)
                found += 1
                break
    return found, len(reported) - len(unused)


def evaluate(*, story: Story, key: list[Statement] | None = None, confirm: int | None = None) -> dict:
    key = statements_from_key(story) if key is None else key
    questions = {q.key: q for q in Question.objects.filter(story=story).select_related("topic")}
    key_by_question = defaultdict(list)
    for s in key:
        key_by_question[s.question].append(s)
    overall, per_topic, per_question = Tally(), defaultdict(Tally), defaultdict(Tally)
    asked = dated_questions(story, key)
    confirm_used = None
    asked_on = defaultdict(list)  # one answer a day, for all the questions asked that day
    for question_key, day in asked:
        asked_on[day].append(questions[question_key])
    for day, day_questions in asked_on.items():
        answer = positions_as_of(story=story, as_of=day, confirm=confirm, questions=day_questions)
        confirm_used = answer.confirm
        for question, answered in zip(day_questions, answer.questions):
            _score(question, answered, day, key_by_question, (overall, per_topic[question.topic.key],
                                                                per_question[question.key]))
    return {
        "story": story.slug,
        "confirm": confirm_used if confirm_used is not None else (confirm or story.min_outlets),
        "key_statements": len(key),
        "dated_questions": len(asked),
        "overall": overall.as_dict(),
        "per_topic": {k: v.as_dict() for k, v in sorted(per_topic.items())},
        "per_question": {k: v.as_dict() for k, v in sorted(per_question.items())},
        "retention": retention(story=story, key=key, questions=questions),
    }


def _score(question, answered, day: date, key_by_question, tallies) -> None:
    """Count one dated question's answer against the key into each of `tallies`."""
    stances = {a.actor.key: a.stance for a in answered.actors}
    expected_positions, expected_changes = _expected(key_by_question, question.key, day)
    reported = [(actor, c) for actor, stance in stances.items() for c in stance.changes]
    right = sum(
        1 for actor, s in expected_positions.items()
        if actor in stances and same_answer(stances[actor].current.position, stances[actor].current.value,
                                            s.position, s.value)
    )
    found, reported_right = _match_changes(expected_changes, reported)
    for tally in tallies:
        tally.positions += len(expected_positions)
        tally.positions_right += right
        tally.changes += len(expected_changes)
        tally.changes_found += found
        tally.reported += len(reported)
        tally.reported_right += reported_right


def retention(*, story: Story, key: list[Statement], questions: dict) -> list[dict]:
    """Every 14 days from the start: the share of key statements reported by then that the
    ledger holds (a non-retracted record, same actor, question and position, reported
    from 2 days before to 7 days after the key's date, and by the checkpoint)."""
    records = (records_as_known(story, as_of=story.end)
               .values_list("actor__key", "question__key", "position", "value", "reported_on"))
    held_by = defaultdict(list)
    for actor, question, position, value, reported_on in records.iterator(chunk_size=5000):
        held_by[(actor, question)].append((position, value, reported_on))
    points, day = [], story.start
    while True:
        due = [s for s in key if s.date <= day]
        held = sum(
            1 for s in due
            if any(same_answer(p, v, s.position, s.value)
                   and s.date - timedelta(days=2) <= d <= s.date + CHANGE_WINDOW and d <= day
                   for p, v, d in held_by[(s.actor, s.question)])
        )
        points.append({"date": day, "statements": len(due), "held": held,
                       "share": round(held / len(due), 4) if due else None})
        if day >= story.end:
            break
        day = min(day + RETENTION_EVERY, story.end)
    return points

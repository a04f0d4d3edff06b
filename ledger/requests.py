"""The positions request: what "positions as of a date" is asked with, read once for every
way in. The API's query serializers and the viewer's page forms are thin shells over
`positions_request`; the limits, defaults, date clamping and notices live here (a flip's id
is read by `ledger.positions.flip_id_parse`, next to where it is made).

- `as_of` (YYYY-MM-DD): default today, or the story's end if earlier. A day outside the story
  is moved to its start or end, with a notice saying so.
- `question`, `topic`, `actor`: keys; an unknown one is 404 naming it.
- `confirm` (N, 1 to MAX_CONFIRM): default the story's. An N above the story's independent
  sources (outlet groups) is answered, with a notice that no change can be confirmed.
- `known_at` (ISO 8601 date and time; without a zone: UTC): the ledger as it stood then.
- `history` (0 to MAX_HISTORY): each actor's newest so many earlier positions and flips.
A bad value is a LedgerError naming the parameter (400); its `status` is what every way in
answers with."""
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone

from .errors import LedgerError
from .models import Actor, Question, Story, Topic
from .plumbing import story_cast
from .selectors import Positions, actor_get, default_as_of, positions_as_of, question_get, topic_get

MAX_CONFIRM = 1000
MAX_HISTORY = 2 ** 31 - 1  # a period's ordinal is a 32-bit integer

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_WHOLE = re.compile(r"[0-9]{1,12}")


@dataclass(frozen=True)
class Notice:
    """Something a reader should know about the answer: the request was read differently
    from how it was written, or cannot be met."""

    param: str
    message: str

    def as_dict(self) -> dict:
        return {"param": self.param, "message": self.message}


@dataclass
class PositionsRequest:
    story: Story
    as_of: date
    confirm: int
    questions: list[Question] | None = None  # None: every question of the story
    topic: Topic | None = None
    actor: Actor | None = None
    known_at: datetime | None = None
    history: int | None = None
    notices: list[Notice] = field(default_factory=list)


# --- reading the parameters ------------------------------------------------------------------


def _text(params, name: str) -> str | None:
    value = params.get(name)
    if value is None:
        return None
    value = str(value).strip()
    return value or None


def day_parse(text: str, *, param: str) -> date:
    if _DAY.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise LedgerError(f"{param}: {text[:40]!r} is not a day: expected YYYY-MM-DD", param=param)


def moment_parse(text: str, *, param: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise LedgerError(f"{param}: {text[:40]!r} is not a date and time: expected ISO 8601, "
                          f"e.g. 2025-03-20T12:00:00Z", param=param) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def whole_parse(text: str, *, param: str, low: int, high: int) -> int:
    if _WHOLE.fullmatch(text) and low <= int(text) <= high:
        return int(text)
    raise LedgerError(f"{param}: must be a whole number from {low} to {high}, not {text[:40]!r}", param=param)


def independent_sources(story: Story) -> int:
    """How many independent sources the story has: its outlet groups (an outlet without a
    group is one of its own)."""
    return len(set(story_cast(story).sources.values()))


def positions_request(story: Story, params, *, as_of: date | None = None, topics=None) -> PositionsRequest:
    """The request a query string makes (any mapping with `get`: as_of, question, topic,
    actor, confirm, known_at, history). `as_of`: a day the caller read itself (a page's
    slider), used when `params` name none. `topics`: the story's topics, when the caller has
    read them already (a page lists them), so the topic is found without another query."""
    notices = []
    text = _text(params, "as_of")
    if text is not None:
        as_of = day_parse(text, param="as_of")
    if as_of is None:
        as_of = min(max(default_as_of(story), story.start), story.end)
    elif as_of > story.end:
        notices.append(Notice("as_of", f"{as_of.isoformat()} is after the story's end: positions are shown as of "
                                       f"its last day, {story.end.isoformat()}"))
        as_of = story.end
    elif as_of < story.start:
        notices.append(Notice("as_of", f"{as_of.isoformat()} is before the story's start: positions are shown as of "
                                       f"its first day, {story.start.isoformat()}"))
        as_of = story.start

    text = _text(params, "confirm")
    confirm = story.min_outlets if text is None else whole_parse(text, param="confirm", low=1, high=MAX_CONFIRM)
    groups = independent_sources(story)
    if confirm > groups:
        notices.append(Notice("confirm", f"N = {confirm} is more than the story's {groups} independent sources "
                                         f"(outlet groups): no change of position can be confirmed"))

    text = _text(params, "known_at")
    known_at = None if text is None else moment_parse(text, param="known_at")
    text = _text(params, "history")
    history = None if text is None else whole_parse(text, param="history", low=0, high=MAX_HISTORY)

    question_key, topic_key, actor_key = (_text(params, name) for name in ("question", "topic", "actor"))
    topic = None
    if topic_key is not None:
        topic = next((t for t in topics if t.key == topic_key), None) if topics is not None else None
        topic = topic or topic_get(story, topic_key)
    questions = None
    if question_key is not None:
        question = question_get(story, question_key)
        # A question outside the named topic leaves nothing to answer.
        questions = [question] if topic is None or question.topic_id == topic.id else []
    elif topic is not None:
        questions = [q for q in story_cast(story).questions.values() if q.topic_id == topic.id]
    actor = None
    if actor_key is not None:
        actor = story_cast(story).actors.get(actor_key) or actor_get(story, actor_key)
    return PositionsRequest(story=story, as_of=as_of, confirm=confirm, questions=questions, topic=topic,
                            actor=actor, known_at=known_at, history=history, notices=notices)


# --- answering -----------------------------------------------------------------------------


def positions_answer(req: PositionsRequest, *, mark=None) -> Positions:
    """`positions_as_of` for the request; with `actor`, that actor's answers only."""
    positions = positions_as_of(story=req.story, as_of=req.as_of, confirm=req.confirm, questions=req.questions,
                                known_at=req.known_at, history=req.history, mark=mark)
    if req.actor is None:
        return positions
    return replace(positions, questions=[replace(qp, actors=[a for a in qp.actors if a.actor.id == req.actor.id])
                                         for qp in positions.questions])


def positions_dict(positions: Positions, notices=()) -> dict:
    """The answer of section 6: each actor with its name, and the request's notices."""
    data = positions.as_dict()
    for qp, q in zip(positions.questions, data["questions"]):
        q["actors"] = [{"actor": a["actor"], "name": stance.actor.name, **a} for stance, a in zip(qp.actors, q["actors"])]
    data["notices"] = [n.as_dict() for n in notices]
    return data

"""Reads of the ledger. Positions as of a date live here and nowhere else: the viewer, the
API and the evaluation all call `positions_as_of`."""
import hashlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone

from .errors import LedgerError, NotFound
from .models import Actor, Question, Retraction, StanceRecord, Story
from .periods import stances_cut, stances_from_periods
from .plumbing import (SOURCE_OUTLET_SQL, LedgerMark, Pair, StoryCast, counting_sql, ledger_mark, prepared_cursor,
                       record_source, story_cast, story_marked)
from .positions import Row, Stance, flip_id_parse, fold

# Read here by code written before they had a home of their own (`ledger.plumbing`).
from .plumbing import _mark, _story_cast  # noqa: E402,F401


def story_get(slug: str) -> Story:
    return story_marked(slug)[0]


def question_get(story: Story, key: str) -> Question:
    question = story_cast(story).questions.get(key)
    if question is None:
        raise NotFound(f"unknown question {key!r}", param="question")
    return question


def actor_get(story: Story, key: str) -> Actor:
    try:
        return story.actors.get(key=key)
    except Actor.DoesNotExist:
        raise NotFound(f"unknown actor {key!r}", param="actor") from None


def default_as_of(story: Story) -> date:
    """Today, or the story's end when that is earlier."""
    return min(timezone.localdate(), story.end)


def confirm_check(confirm) -> int:
    if isinstance(confirm, bool) or not isinstance(confirm, int) or confirm < 1:
        raise LedgerError(f"confirm must be a whole number >= 1, not {confirm!r}", param="confirm")
    return confirm


@dataclass
class ActorStance:
    actor: Actor
    stance: Stance

    def as_dict(self, cut: bool = False) -> dict:
        s = self.stance
        data = {
            "actor": self.actor.key,
            "current": s.current.as_current(),
            "pending": s.pending.as_dict() if s.pending else None,
            "history": [p.as_history() for p in s.history],
            "changes": [c.as_dict() for c in s.changes],
        }
        if cut:  # asked for the newest few: how many earlier positions (and flips) were left out
            data["omitted"] = s.omitted
        return data


@dataclass
class QuestionPositions:
    question: Question
    actors: list[ActorStance]

    def as_dict(self, cut: bool = False) -> dict:
        q = self.question
        return {"id": q.key, "text": q.text, "kind": q.kind, "topic": q.topic.key, "unit": q.unit or None,
                "actors": [a.as_dict(cut) for a in self.actors]}


@dataclass
class Positions:
    story: Story
    as_of: date
    confirm: int
    known_at: datetime | None
    questions: list[QuestionPositions]
    history: int | None = None  # each actor's newest so many earlier positions and flips, when asked

    def as_dict(self) -> dict:
        cut = self.history is not None
        data = {"story": self.story.slug, "as_of": self.as_of, "confirm": self.confirm,
                "known_at": self.known_at, "questions": [q.as_dict(cut) for q in self.questions]}
        if cut:
            data["history"] = self.history
        return data


def records_as_known(story: Story, *, as_of: date, known_at: datetime | None = None):
    """The story's records that count as of `as_of` (and as the ledger knew them at
    `known_at`), as a queryset (charts, retention): the same condition as every positions
    query (`plumbing.counting_sql`)."""
    where = counting_sql("ledger_stancerecord", as_of="%s", known_at="%s" if known_at else None)
    params = [as_of, known_at, known_at] if known_at else [as_of]
    return StanceRecord.objects.filter(story=story).extra(where=[where], params=params)


_POSITION_ROWS = """
SELECT r.id, r.question_id, r.actor_id, r.position, r.value, r.reported_on, {source}, r.value_high
FROM ledger_stancerecord r
WHERE r.question_id = ANY(%(questions)s::bigint[]) AND {counts}
ORDER BY r.question_id, r.actor_id, r.reported_on, r.id
"""
POSITION_ROWS_SQL = _POSITION_ROWS.format(source=SOURCE_OUTLET_SQL.format(r="r"), counts=counting_sql("r"))
POSITION_ROWS_KNOWN_SQL = _POSITION_ROWS.format(source=SOURCE_OUTLET_SQL.format(r="r"),
                                                counts=counting_sql("r", known_at="%(known_at)s"))


def _rows_by_pair(fetched, sources: dict[int, str]) -> dict[Pair, list[Row]]:
    grouped: dict[Pair, list[Row]] = defaultdict(list)
    for rid, qid, aid, position, value, reported_on, outlet_id, high in fetched:
        grouped[(qid, aid)].append(Row(rid, position, value, reported_on, record_source(sources, outlet_id, rid), high))
    return grouped


def _position_rows(cast: StoryCast, question_ids: list[int], as_of: date,
                   known_at: datetime | None) -> dict[Pair, list[Row]]:
    """The rows the rule folds: the same records as `records_as_known`, written as SQL so
    that PostgreSQL reads them from the covering index `record_question_actor_day` in fold
    order, and fetched as plain tuples (the ORM's per-row work was most of the answer's time)."""
    sql = POSITION_ROWS_KNOWN_SQL if known_at else POSITION_ROWS_SQL
    with prepared_cursor() as cursor:
        cursor.execute(sql, {"questions": question_ids, "as_of": as_of, "known_at": known_at})
        return _rows_by_pair(cursor.fetchall(), cast.sources)


def stances_from_rows(cast, question_ids, as_of, confirm, known_at, history=None) -> dict[Pair, Stance]:
    stances = {pair: fold(rows, confirm) for pair, rows in _position_rows(cast, question_ids, as_of, known_at).items()}
    return stances_cut(stances, history)


def positions_as_of(*, story: Story, as_of: date, confirm: int | None = None, questions=None,
                    known_at: datetime | None = None, mark: LedgerMark | None = None,
                    history: int | None = None) -> Positions:
    """Each actor's position on each question as of a day, under the rule N = `confirm`
    (default: the story's), with pending changes, earlier positions and flips. `mark`: where
    the ledger stood when the story was read, in the same request (`story_marked`); else it
    is read now. `history`: keep only the newest so many earlier positions and flips of each
    actor (a page that shows a few), the others counted in `Stance.omitted`, and read no more."""
    confirm = confirm_check(story.min_outlets if confirm is None else confirm)
    if questions is None:
        questions = list(story_cast(story).questions.values())
    if mark is None:
        mark = ledger_mark(story)
    key = _positions_cache_key(story, mark, questions, as_of, confirm, known_at, history)
    seconds = settings.LEDGER_POSITIONS_CACHE_SECONDS
    answer = cache.get(key) if seconds else None
    if answer is None:
        answer = _positions_compute(story, questions, as_of, confirm, known_at, mark, history)
        if seconds:
            cache.set(key, answer, seconds)
    return answer


def _positions_cache_key(story: Story, mark: LedgerMark, questions, as_of: date, confirm: int, known_at,
                         history) -> str:
    """An answer is cached under the ledger's high-water mark: every append and retraction
    moves the chain head, and a reloaded bundle changes the config hash, so a cached answer
    can never outlive what it was computed from. Confirmation stays a query-time rule: N is
    part of the key, never of the data."""
    parts = [story.id, story.config_sha256, mark.last_seq, *sorted(q.id for q in questions), as_of, confirm, known_at,
             history]
    return "positions:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def _positions_compute(story: Story, questions, as_of: date, confirm: int, known_at, mark: LedgerMark,
                       history: int | None = None) -> Positions:
    by_id = {q.id: q for q in questions}
    # A question as the ledger knew it at an earlier time is folded from its records; so is
    # any N the periods are not kept for, and any story whose periods are behind.
    cast = story_cast(story)
    if known_at is None and confirm in mark.periods_confirms:
        stances = stances_from_periods(cast, list(by_id), as_of, confirm, history)
    else:
        stances = stances_from_rows(cast, list(by_id), as_of, confirm, known_at, history)
    actors = cast.actors_by_id
    missing = {aid for _, aid in stances} - actors.keys()
    if missing:  # made outside a bundle load (a shell, a test): read them, leave the cast as it is
        actors = {**actors, **{a.id: a for a in Actor.objects.filter(id__in=missing)}}
    answer = []
    for question in questions:
        answer.append(QuestionPositions(question, [
            ActorStance(actors[aid], stances[(qid, aid)])
            for (qid, aid) in sorted(stances, key=lambda k: k[1])
            if qid == question.id
        ]))
    return Positions(story=story, as_of=as_of, confirm=confirm, known_at=known_at, questions=answer, history=history)


def flips(*, story: Story, as_of: date, confirm: int | None = None, questions=None, actor: Actor | None = None):
    """The flips up to `as_of`, oldest first, as (question, actor, change) triples."""
    positions = positions_as_of(story=story, as_of=as_of, confirm=confirm, questions=questions)
    found = []
    for qp in positions.questions:
        for a in qp.actors:
            if actor is None or a.actor.id == actor.id:
                found.extend((qp.question, a.actor, change) for change in a.stance.changes)
    found.sort(key=lambda t: (t[2].confirmed_on, t[2].date, t[0].position, t[1].key))
    return found


@dataclass
class Flip:
    question: Question
    actor: Actor
    change: object
    from_records: list[StanceRecord]
    to_records: list[StanceRecord]


def flip_get(*, story: Story, flip_id: str) -> Flip:
    """A flip found again by its id (confirming record, rule N): the answer as of the
    confirming record's day holds it, since later records never change an earlier day."""
    record_id, confirm = flip_id_parse(flip_id)
    record = StanceRecord.objects.filter(story=story, id=record_id).select_related("question__topic", "actor").first()
    if record is None:
        raise NotFound(f"unknown flip {flip_id!r}: the story has no record {record_id}")
    for question, actor, change in flips(story=story, as_of=record.reported_on, confirm=confirm,
                                         questions=[record.question], actor=record.actor):
        if change.id == f"{record_id}-{confirm}":
            records = records_with_sources(ids=change.from_records + change.to_records)
            return Flip(question, actor, change,
                        [records[i] for i in change.from_records], [records[i] for i in change.to_records])
    if Retraction.objects.filter(record__question=record.question, record__actor=record.actor).exists():
        raise NotFound(f"flip {flip_id!r} is not a flip any more: a record of {record.actor.key!r} on "
                       f"{record.question.key!r} was retracted")
    raise NotFound(f"unknown flip {flip_id!r}: record {record_id} confirms no change of position under N = {confirm}")


def records_with_sources(*, ids) -> dict[int, StanceRecord]:
    """Records with what an audit shows of them: excerpt, article, outlet, retraction."""
    qs = StanceRecord.objects.filter(id__in=list(ids)).select_related(
        "story", "actor", "question", "outlet", "via", "excerpt__article__outlet", "retraction")
    return {r.id: r for r in qs}


def record_get(record_id: int) -> StanceRecord:
    record = (StanceRecord.objects.select_related("story", "actor", "question", "outlet", "via",
                                                  "excerpt__article__outlet", "retraction")
              .filter(id=record_id).first())
    if record is None:
        raise NotFound(f"unknown record {record_id!r}")
    return record


def records_list(*, story: Story, question=None, actor=None, outlet=None, date_from=None, date_to=None, q=None):
    qs = StanceRecord.objects.filter(story=story).select_related("story", "actor", "question", "outlet", "via", "retraction")
    if question is not None:
        qs = qs.filter(question=question)
    if actor is not None:
        qs = qs.filter(actor=actor)
    if outlet is not None:
        qs = qs.filter(Q(outlet=outlet) | Q(outlets__contains=[outlet.key]))
    if date_from is not None:
        qs = qs.filter(reported_on__gte=date_from)
    if date_to is not None:
        qs = qs.filter(reported_on__lte=date_to)
    if q:
        qs = qs.filter(quote__search=q)
    return qs.order_by("id")


# --- reads for the viewer ------------------------------------------------------------------


def records_brief(*, ids) -> dict[int, dict]:
    """What a positions page shows of each source record, for many records in one query:
    day, outlet, URL. No excerpt or article text (see `records_with_sources` for audits)."""
    rows = (StanceRecord.objects.filter(id__in=list(ids))
            .values("id", "reported_on", "url", "position", "value", "outlets", "extractor",
                    "outlet__key", "outlet__name", "outlet__group"))
    return {row["id"]: row for row in rows}


def record_points(*, story: Story, questions, as_of: date, known_at: datetime | None = None) -> list[dict]:
    """Every record that counts as of `as_of` on the given questions, in ledger order, as
    points for a timeline (one query, whatever the number of actors)."""
    return list(
        records_as_known(story, as_of=as_of, known_at=known_at)
        .filter(question_id__in=[q.id for q in questions])
        .order_by("question_id", "actor_id", "reported_on", "id")
        .values("id", "question_id", "actor_id", "position", "value", "reported_on", "outlet__key")
    )


# --- reads for the API -----------------------------------------------------------------------


def topic_get(story: Story, key: str):
    try:
        return story.topics.get(key=key)
    except story.topics.model.DoesNotExist:
        raise NotFound(f"unknown topic {key!r}", param="topic") from None


def outlet_get(story: Story, key: str):
    try:
        return story.outlets.get(key=key)
    except story.outlets.model.DoesNotExist:
        raise NotFound(f"unknown outlet {key!r}", param="outlet") from None


def questions_pick(story: Story, *, question: str | None = None, topic: str | None = None) -> list[Question] | None:
    """The questions named by a question and/or topic key (None: all of them). An unknown
    key is NotFound; a question outside the named topic leaves nothing."""
    if question is None and topic is None:
        return None
    picked = [question_get(story, question)] if question is not None else None
    if topic is not None:
        found = topic_get(story, topic)
        if picked is None:
            picked = list(story.questions.select_related("topic").filter(topic=found))
        else:
            picked = [q for q in picked if q.topic_id == found.id]
    return picked


def positions_find(*, story: Story, as_of: date | None = None, question: str | None = None,
                   topic: str | None = None, confirm: int | None = None,
                   known_at: datetime | None = None, history: int | None = None,
                   mark: LedgerMark | None = None) -> Positions:
    """`positions_as_of` addressed by keys, as a query string names them."""
    return positions_as_of(story=story, as_of=as_of or default_as_of(story), confirm=confirm,
                           questions=questions_pick(story, question=question, topic=topic), known_at=known_at,
                           history=history, mark=mark)


def flips_find(*, story: Story, as_of: date | None = None, question: str | None = None,
               actor: str | None = None, confirm: int | None = None):
    """`flips` addressed by keys, as a query string names them."""
    return flips(story=story, as_of=as_of or default_as_of(story), confirm=confirm,
                 questions=questions_pick(story, question=question),
                 actor=actor_get(story, actor) if actor is not None else None)


def records_find(*, story: Story, question: str | None = None, actor: str | None = None,
                 outlet: str | None = None, date_from: date | None = None, date_to: date | None = None,
                 q: str | None = None):
    """`records_list` addressed by keys, as a query string names them."""
    return records_list(story=story,
                        question=question_get(story, question) if question else None,
                        actor=actor_get(story, actor) if actor else None,
                        outlet=outlet_get(story, outlet) if outlet else None,
                        date_from=date_from, date_to=date_to, q=q or None)


def stories_list():
    return Story.objects.order_by("slug")

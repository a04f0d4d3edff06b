"""Reads of the ledger. Positions as of a date live here and nowhere else: the viewer, the
API and the evaluation all call `positions_as_of`."""
import hashlib
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from .errors import LedgerError, NotFound
from .models import Actor, ChainHead, Outlet, Question, Retraction, StanceRecord, Story
from .positions import Period, Row, Stance, flip_id_parse, fold, stance_cut, stance_resume


def story_get(slug: str) -> Story:
    return story_marked(slug)[0]


_STORY_FIELDS = Story._meta.concrete_fields
STORY_MARKED_SQL = "SELECT " + ", ".join(f"s.{f.column}" for f in _STORY_FIELDS) + """, h.last_seq, p.last_seq,
       p.config_sha256, p.confirms
FROM ledger_story s
LEFT JOIN ledger_chainhead h ON h.story_id = s.id
LEFT JOIN ledger_periodshead p ON p.story_id = s.id
WHERE s.slug = %s
"""


def story_marked(slug: str) -> tuple[Story, "LedgerMark"]:
    """A story, and where its ledger stood when it was read, in one round trip: every request
    starts here, and the ORM's `get` cost as much again as the query itself. The mark is for
    an answer given right away (`positions_as_of(mark=...)`); an append after it moves it."""
    with prepared_cursor() as cursor:
        cursor.execute(STORY_MARKED_SQL, [slug])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(f"unknown story {slug!r}")
    n = len(_STORY_FIELDS)
    values = [f.from_db_value(v, None, connection) if hasattr(f, "from_db_value") else v
              for f, v in zip(_STORY_FIELDS, row)]
    story = Story.from_db(connection.alias, [f.attname for f in _STORY_FIELDS], values)
    return story, _mark(story, *row[n:])


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
    `known_at`): reported by then, recorded by then, not retracted by then."""
    records = StanceRecord.objects.filter(story=story, reported_on__lte=as_of)
    retractions = Retraction.objects.filter(record=OuterRef("pk"))
    if known_at is not None:
        records = records.filter(recorded_at__lte=known_at)
        retractions = retractions.filter(recorded_at__lte=known_at)
    return records.filter(~Exists(retractions))


class _PreparedCursor(ServerBindingCursor):
    """Django's server-binding cursor, which also leaves a prepared statement's text where
    Django's query log reads it (psycopg sets it only for statements it does not prepare)."""

    def _send_query_prepared(self, name, pgq, *, binary=None):
        self._query = pgq
        super()._send_query_prepared(name, pgq, binary=binary)


@contextmanager
def prepared_cursor():
    """A cursor of the request's connection that binds parameters on the server, so that
    psycopg prepares each statement it runs once per connection and PostgreSQL plans it once
    (settings: `prepare_threshold`, `plan_cache_mode`). For the fixed statements of the
    positions reads below, whose best plan is the same whatever the values: planning was a
    third of the periods query's time. Still Django's cursor (errors, query log, wrappers)."""
    connection.ensure_connection()
    raw = connection.connection
    default, raw.cursor_factory = raw.cursor_factory, _PreparedCursor
    try:
        cursor = connection.cursor()
    finally:
        raw.cursor_factory = default
    with cursor:
        yield cursor


# A LATERAL look-up of each record's retraction keeps the plan a nested loop over the
# covering index, in fold order: an anti-join made PostgreSQL sort twice and scan every
# retraction of the ledger.
POSITION_ROWS_SQL = """
SELECT r.id, r.question_id, r.actor_id, r.position, r.value, r.reported_on, COALESCE(r.via_id, r.outlet_id),
       r.value_high
FROM ledger_stancerecord r
LEFT JOIN LATERAL (
    SELECT 1 AS gone FROM ledger_retraction x WHERE x.record_id = r.id {retracted_known} LIMIT 1
) retraction ON true
WHERE r.question_id = ANY(%(questions)s::bigint[]) AND r.reported_on <= %(as_of)s {known}
  AND retraction.gone IS NULL
ORDER BY r.question_id, r.actor_id, r.reported_on, r.id
"""

# The same records, for chosen (question, actor) pairs, only after a point of each pair's fold
# order, optionally only those unlike a given position (the pending changes against it):
# each pair is one range of the covering index, cut at `limit` records.
PAIR_ROWS_SQL = """
SELECT p.n, r.id, r.position, r.value, r.reported_on, r.outlet_id, r.value_high
FROM unnest(%(questions)s::bigint[], %(actors)s::bigint[], %(after_days)s::date[], %(after_ids)s::bigint[],
            %(unlike_positions)s::varchar[], %(unlike_values)s::float8[], %(unlike_highs)s::float8[]) WITH ORDINALITY
     AS p(question_id, actor_id, after_day, after_id, unlike_position, unlike_value, unlike_high, n)
JOIN LATERAL (
    SELECT r.id, r.position, r.value, r.reported_on, COALESCE(r.via_id, r.outlet_id) AS outlet_id, r.value_high
    FROM ledger_stancerecord r
    WHERE r.question_id = p.question_id AND r.actor_id = p.actor_id
      AND (r.reported_on, r.id) > (p.after_day, p.after_id) AND r.reported_on <= %(as_of)s
      AND (p.unlike_position IS NULL OR (r.position, r.value, r.value_high)
                                           IS DISTINCT FROM (p.unlike_position, p.unlike_value, p.unlike_high))
      AND NOT EXISTS (SELECT 1 FROM ledger_retraction x WHERE x.record_id = r.id)
    ORDER BY r.reported_on, r.id
    LIMIT %(limit)s
) r ON true
ORDER BY p.n, r.reported_on, r.id
"""

# An actor's periods confirmed by D, then what the fold still needs of the records after the
# last of them up to D, in one round trip, each pair in fold order: the records that differ
# from the current position (pending changes), and the latest one that repeats it. The other
# repeats change nothing but which repeat is the latest, and they are most of the records.
_TAIL_SQL = """
SELECT r.question_id, r.actor_id, 1, 0, r.position, r.value, r.reported_on, NULL, r.id, NULL, NULL, r.outlet_id,
       r.value_high
FROM last
JOIN LATERAL (
    SELECT r.id, r.question_id, r.actor_id, r.position, r.value, r.reported_on,
           COALESCE(r.via_id, r.outlet_id) AS outlet_id, r.value_high
    FROM ledger_stancerecord r
    WHERE r.question_id = last.question_id AND r.actor_id = last.actor_id
      AND (r.reported_on, r.id) > (last.confirmed_on, last.confirmed_by) AND r.reported_on <= %(as_of)s
      AND {which}
) r ON true"""

_PERIODS_AND_TAILS = """
WITH periods AS (
    SELECT question_id, actor_id, ordinal, position, value, since, confirmed_on, confirmed_by, records, established,
           value_high
    FROM ledger_positionperiod
    WHERE question_id = ANY(%(questions)s::bigint[]) AND confirm = %(confirm)s AND confirmed_on <= %(as_of)s
), last AS (
    SELECT DISTINCT ON (question_id, actor_id) question_id, actor_id, ordinal, confirmed_on, confirmed_by, position,
           value, value_high
    FROM periods ORDER BY question_id, actor_id, ordinal DESC
)
SELECT periods.question_id, periods.actor_id, 0 AS tail, periods.ordinal, periods.position, periods.value,
       periods.since, periods.confirmed_on, periods.confirmed_by, periods.records, periods.established,
       NULL::bigint AS outlet_id, periods.value_high
FROM periods{newest}
UNION ALL""" + _TAIL_SQL.format(
    which="(r.position, r.value, r.value_high) IS DISTINCT FROM (last.position, last.value, last.value_high)") + """
LEFT JOIN LATERAL (SELECT 1 AS gone FROM ledger_retraction x WHERE x.record_id = r.id LIMIT 1) retraction ON true
WHERE retraction.gone IS NULL
UNION ALL""" + _TAIL_SQL.format(which="""r.position = last.position AND r.value IS NOT DISTINCT FROM last.value
      AND r.value_high IS NOT DISTINCT FROM last.value_high
      AND NOT EXISTS (SELECT 1 FROM ledger_retraction x WHERE x.record_id = r.id)
    ORDER BY r.reported_on DESC, r.id DESC
    LIMIT 1""") + """
ORDER BY 1, 2, 3, 4, 7, 9
"""
# An answer that shows only the newest earlier positions reads only those periods (and the
# current one): ordinals count each pair's periods from 0, so the first one read says how many
# were left out.
PERIODS_AND_TAILS_SQL = _PERIODS_AND_TAILS.format(newest="")
NEWEST_PERIODS_AND_TAILS_SQL = _PERIODS_AND_TAILS.format(newest="""
JOIN last ON last.question_id = periods.question_id AND last.actor_id = periods.actor_id
     AND periods.ordinal >= last.ordinal - %(history)s""")

Pair = tuple[int, int]  # (question id, actor id)


@dataclass(frozen=True)
class StoryCast:
    """A story's actors, questions, and the independent source each outlet counts as: read
    once per process and load of its bundle, since only a load changes them (and each load
    stamps `loaded_at`, so even a load that rolled back and came again is told apart)."""

    actors: dict[int, Actor]
    sources: dict[int, str]  # outlet id -> its group, or the outlet itself when it has none
    questions: dict[str, Question]  # by key, in the story's order, with their topics


def story_cast(story: Story) -> StoryCast:
    return _story_cast(story.id, story.config_sha256, story.loaded_at)


@lru_cache(maxsize=256)
def _story_cast(story_id: int, config_sha256: str, loaded_at: datetime) -> StoryCast:
    actors = {a.id: a for a in Actor.objects.filter(story_id=story_id)}
    sources = {oid: group or f"outlet:{key}"
               for oid, key, group in Outlet.objects.filter(story_id=story_id).values_list("id", "key", "group")}
    questions = {q.key: q for q in Question.objects.filter(story_id=story_id).select_related("topic")}
    return StoryCast(actors, sources, questions)


def _source(sources: dict[int, str], outlet_id: int | None, record_id: int) -> str:
    # A record without an outlet is a source of its own.
    return sources[outlet_id] if outlet_id else f"record:{record_id}"


def _rows_by_pair(fetched, sources: dict[int, str]) -> dict[Pair, list[Row]]:
    grouped: dict[Pair, list[Row]] = defaultdict(list)
    for rid, qid, aid, position, value, reported_on, outlet_id, high in fetched:
        grouped[(qid, aid)].append(Row(rid, position, value, reported_on, _source(sources, outlet_id, rid), high))
    return grouped


def _position_rows(cast: StoryCast, question_ids: list[int], as_of: date,
                   known_at: datetime | None) -> dict[Pair, list[Row]]:
    """The rows the rule folds: the same records as `records_as_known`, written as SQL so
    that PostgreSQL reads them from the covering index `record_question_actor_day` in fold
    order, and fetched as plain tuples (the ORM's per-row work was most of the answer's time)."""
    sql = POSITION_ROWS_SQL.format(
        known="AND r.recorded_at <= %(known_at)s" if known_at else "",
        retracted_known="AND x.recorded_at <= %(known_at)s" if known_at else "",
    )
    with prepared_cursor() as cursor:
        cursor.execute(sql, {"questions": question_ids, "as_of": as_of, "known_at": known_at})
        return _rows_by_pair(cursor.fetchall(), cast.sources)


@dataclass(frozen=True)
class RowsWanted:
    """Which records of one (question, actor) pair: those after (day, record id) in fold
    order, and, with `unlike`, only those whose (position, value) differs from it."""

    question_id: int
    actor_id: int
    after: tuple[date, int] = (date.min, 0)
    unlike: tuple[str, float | None, float | None] | None = None  # (position, value, value_high)


def rows_wanted(cast: StoryCast, wanted: dict, as_of: date = date.max, limit: int | None = None) -> dict:
    """The rows that count (not retracted) of each `RowsWanted`, up to `as_of`, at most
    `limit` of each, in fold order, by the same keys."""
    if not wanted:
        return {}
    keys = list(wanted)
    w = [wanted[k] for k in keys]
    rows: dict = defaultdict(list)
    with prepared_cursor() as cursor:
        cursor.execute(PAIR_ROWS_SQL, {
            "questions": [x.question_id for x in w], "actors": [x.actor_id for x in w],
            "after_days": [x.after[0] for x in w], "after_ids": [x.after[1] for x in w],
            "unlike_positions": [x.unlike[0] if x.unlike else None for x in w],
            "unlike_values": [x.unlike[1] if x.unlike else None for x in w],
            "unlike_highs": [x.unlike[2] if x.unlike else None for x in w],
            "as_of": as_of, "limit": limit})
        for n, rid, position, value, reported_on, outlet_id, high in cursor.fetchall():
            rows[keys[n - 1]].append(Row(rid, position, value, reported_on, _source(cast.sources, outlet_id, rid),
                                         high))
    return rows


LAST_PERIODS_SQL = """
SELECT pair.question_id, pair.actor_id, c.confirm, p.ordinal, p.position, p.value, p.since, p.confirmed_on,
       p.confirmed_by, p.records, p.established, p.value_high
FROM unnest(%(questions)s::bigint[], %(actors)s::bigint[]) AS pair(question_id, actor_id)
CROSS JOIN unnest(%(confirms)s::int[]) AS c(confirm)
JOIN LATERAL (
    SELECT * FROM ledger_positionperiod p
    WHERE p.question_id = pair.question_id AND p.confirm = c.confirm AND p.actor_id = pair.actor_id
    ORDER BY p.ordinal DESC LIMIT 1
) p ON true
"""


def last_periods_of_pairs(pairs: list[Pair], confirms) -> dict[tuple[int, int, int], tuple[int, Period]]:
    """Each pair's current (last) period per N, with its ordinal, by (question id, actor id, N)."""
    found = {}
    with prepared_cursor() as cursor:
        cursor.execute(LAST_PERIODS_SQL, {"questions": [q for q, _ in pairs], "actors": [a for _, a in pairs],
                                          "confirms": list(confirms)})
        for qid, aid, confirm, ordinal, position, value, since, confirmed_on, confirmed_by, records, established, \
                high in cursor.fetchall():
            found[(qid, aid, confirm)] = (ordinal, Period(position, value, since, confirmed_on, records,
                                                          established=established, confirmed_by=confirmed_by,
                                                          value_high=high))
    return found


def _stances_from_rows(cast, question_ids, as_of, confirm, known_at, history=None) -> dict[Pair, Stance]:
    stances = {pair: fold(rows, confirm) for pair, rows in _position_rows(cast, question_ids, as_of, known_at).items()}
    return _cut(stances, history)


def _stances_from_periods(cast, question_ids, as_of, confirm, history=None) -> dict[Pair, Stance]:
    """The same answer as `_stances_from_rows`, from the derived periods confirmed by
    `as_of` and what the day's answer still needs of the records after the last of them."""
    periods: dict[Pair, list[Period]] = defaultdict(list)
    omitted: dict[Pair, int] = {}
    tails: dict[Pair, list[Row]] = defaultdict(list)
    sources = cast.sources
    sql = PERIODS_AND_TAILS_SQL if history is None else NEWEST_PERIODS_AND_TAILS_SQL
    with prepared_cursor() as cursor:
        cursor.execute(sql, {"questions": question_ids, "confirm": confirm, "as_of": as_of, "history": history})
        for (qid, aid, tail, ordinal, position, value, day, confirmed_on, record_id, records, established,
             outlet_id, high) in cursor.fetchall():
            if tail:
                tails[(qid, aid)].append(Row(record_id, position, value, day, _source(sources, outlet_id, record_id),
                                             high))
            else:
                omitted.setdefault((qid, aid), ordinal)  # the first period read: as many were not
                periods[(qid, aid)].append(Period(position, value, day, confirmed_on, records,
                                                  established=established, confirmed_by=record_id, value_high=high))
    return _cut({pair: fold(tails.get(pair, []), confirm, stance_resume(stored, confirm, omitted[pair]))
                 for pair, stored in periods.items()}, history)


def _cut(stances: dict[Pair, Stance], history: int | None) -> dict[Pair, Stance]:
    if history is not None:
        for stance in stances.values():
            stance_cut(stance, history)
    return stances


@dataclass
class LedgerMark:
    """Where a story's ledger stands, read once per answer: the positions cache's key, and
    whether the derived periods may answer."""

    last_seq: int
    periods_confirms: tuple[int, ...]  # the N the periods are ready for (none when behind)


LEDGER_MARK_SQL = """
SELECT h.last_seq, p.last_seq, p.config_sha256, p.confirms
FROM ledger_chainhead h LEFT JOIN ledger_periodshead p ON p.story_id = h.story_id
WHERE h.story_id = %s
"""


def ledger_mark(story: Story) -> LedgerMark:
    with prepared_cursor() as cursor:
        cursor.execute(LEDGER_MARK_SQL, [story.id])
        row = cursor.fetchone()
    return _mark(story, *row) if row else _mark(story, None, None, None, None)


def _mark(story: Story, last_seq, periods_seq, periods_config, confirms) -> LedgerMark:
    ready = last_seq is not None and periods_seq == last_seq and periods_config == story.config_sha256
    return LedgerMark(last_seq or 0, tuple(confirms) if ready else ())


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
        stances = _stances_from_periods(cast, list(by_id), as_of, confirm, history)
    else:
        stances = _stances_from_rows(cast, list(by_id), as_of, confirm, known_at, history)
    actors = cast.actors
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


def record_as_dict(record: StanceRecord) -> dict:
    """A record in the line format of section 3 (export, import, API)."""
    return {
        "id": record.id,
        "story": record.story.slug,
        "actor": record.actor.key,
        "question": record.question.key,
        "position": record.position,
        "value": record.value,
        "value_high": record.value_high,
        "reported_on": record.reported_on,
        "outlet": record.outlet.key if record.outlet_id else None,
        "via": record.via.key if record.via_id else None,
        "outlets": list(record.outlets),
        "url": record.url,
        "quote": record.quote,
        "excerpt": record.excerpt_id,
        "extractor": record.extractor,
        "confidence": record.confidence,
        "recorded_at": record.recorded_at,
        "retracted": hasattr(record, "retraction"),
    }


def records_export(story: Story):
    """The story's records, streamed in ledger order, as section 3 dicts."""
    retracted = Retraction.objects.filter(record=OuterRef("pk"))
    rows = (StanceRecord.objects.filter(story=story).annotate(is_retracted=Exists(retracted))
            .order_by("id")
            .values_list("id", "actor__key", "question__key", "position", "value", "value_high", "reported_on",
                         "outlet__key", "via__key", "outlets", "url", "quote", "excerpt_id", "extractor", "confidence",
                         "rationale", "recorded_at", "is_retracted", "seq", "hash"))
    for (rid, actor, question, position, value, value_high, reported_on, outlet, via, outlets, url, quote, excerpt,
         extractor, confidence, rationale, recorded_at, is_retracted, seq, hash_) in rows.iterator(chunk_size=5000):
        yield {"id": rid, "story": story.slug, "actor": actor, "question": question, "position": position,
               "value": value, "value_high": value_high, "reported_on": reported_on.isoformat(), "outlet": outlet,
               "via": via, "outlets": outlets, "url": url, "quote": quote, "excerpt": excerpt, "extractor": extractor,
               "confidence": confidence, "rationale": rationale,
               "recorded_at": recorded_at.isoformat().replace("+00:00", "Z"), "retracted": is_retracted,
               "seq": seq, "hash": hash_}


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

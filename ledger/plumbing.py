"""What every read and write of the ledger shares: the story's cast, where its ledger stands
(the mark), the prepared cursor, the rule for a record's independent source, the one SQL
condition for the records that count as of a day, the chain head's lock and writing rows by
COPY."""
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from urllib.parse import urlsplit

from django.db import connection
from django.db.backends.postgresql.base import ServerBindingCursor

from .errors import NotFound
from .models import Actor, ChainHead, Outlet, Question, Story
from .positions import Row

Pair = tuple[int, int]  # (question id, actor id)


# --- the story's cast ---------------------------------------------------------------------


@dataclass(frozen=True)
class StoryCast:
    """A story's actors, questions and outlets by key (questions in the story's order, with
    their topics), and the independent source each outlet counts as. Read once per process
    and load of the bundle (`story_cast`), since only a load changes them, and each load
    stamps `loaded_at`, so even a load that rolled back and came again is told apart."""

    story: Story
    actors: dict[str, Actor]
    questions: dict[str, Question]
    outlets: dict[str, Outlet]
    actors_by_id: dict[int, Actor]
    sources: dict[int, str]  # outlet id -> the source it counts as (`Outlet.source_group`)

    def outlet_for_url(self, url: str) -> Outlet | None:
        """The outlet whose domains hold the URL's host (a subdomain counts)."""
        host = (urlsplit(url).hostname or "").lower()
        for outlet in self.outlets.values():
            for domain in outlet.domains:
                domain = domain.lower()
                if host == domain or host.endswith("." + domain):
                    return outlet
        return None


def story_cast(story: Story) -> StoryCast:
    return _story_cast(story.id, story.config_sha256, story.loaded_at)


@lru_cache(maxsize=256)
def _story_cast(story_id: int, config_sha256: str, loaded_at: datetime) -> StoryCast:
    story = Story.objects.get(pk=story_id)
    actors = {a.key: a for a in Actor.objects.filter(story_id=story_id)}
    questions = {q.key: q for q in Question.objects.filter(story_id=story_id).select_related("topic")}
    for question in questions.values():
        question.story = story  # what a record's checks read of it, without a query
    outlets = {o.key: o for o in Outlet.objects.filter(story_id=story_id)}
    return StoryCast(story, actors, questions, outlets, {a.id: a for a in actors.values()},
                     {o.id: o.source_group for o in outlets.values()})


# --- the source rule ----------------------------------------------------------------------
# A record counts as the source of the outlet the excerpt credits (`via`), else of the outlet
# that carried it; outlets of one group are one source (`Outlet.source_group`); a record with
# neither is a source of its own. The other outlets that carried the same excerpt add nothing.

SOURCE_OUTLET_SQL = "COALESCE({r}.via_id, {r}.outlet_id)"


def record_source(sources: dict[int, str], outlet_id: int | None, record_id: int, via_id: int | None = None) -> str:
    """The independent source of a record: of its `via` outlet when it has one, else of
    `outlet_id` (in SQL, `SOURCE_OUTLET_SQL` has chosen already)."""
    outlet_id = via_id or outlet_id
    return sources[outlet_id] if outlet_id else f"record:{record_id}"


# --- the records that count ---------------------------------------------------------------


def counting_sql(r: str = "r", *, as_of: str = "%(as_of)s", known_at: str | None = None) -> str:
    """The condition a record (table alias `r`) meets when it counts as of a day (the
    placeholder `as_of`) and, with `known_at` (a placeholder too), as the ledger knew it then:
    reported by the day, recorded by then, not retracted by then. Every query of records
    that count uses it, and `records_as_known` (charts, retention) reads through it.

    The retraction is looked up by a scalar subquery, which PostgreSQL evaluates row by row
    and never turns into a join: each look-up is one probe of the retraction's unique index,
    so a query over the covering index keeps its fold order. As an anti-join (NOT EXISTS)
    PostgreSQL sorted twice and scanned every retraction of the ledger."""
    known = f" AND {r}.recorded_at <= {known_at}" if known_at else ""
    retracted_known = f" AND x.recorded_at <= {known_at}" if known_at else ""
    return (f"{r}.reported_on <= {as_of}{known} AND (SELECT 1 FROM ledger_retraction x "
            f"WHERE x.record_id = {r}.id{retracted_known} LIMIT 1) IS NULL")


# The records that count of chosen (question, actor) pairs, only after a point of each pair's
# fold order, optionally only those unlike a given position (the pending changes against it):
# each pair is one range of the covering index, cut at `limit` records.
PAIR_ROWS_SQL = """
SELECT p.n, r.id, r.position, r.value, r.reported_on, r.outlet_id, r.value_high
FROM unnest(%(questions)s::bigint[], %(actors)s::bigint[], %(after_days)s::date[], %(after_ids)s::bigint[],
            %(unlike_positions)s::varchar[], %(unlike_values)s::float8[], %(unlike_highs)s::float8[]) WITH ORDINALITY
     AS p(question_id, actor_id, after_day, after_id, unlike_position, unlike_value, unlike_high, n)
JOIN LATERAL (
    SELECT r.id, r.position, r.value, r.reported_on, {source} AS outlet_id, r.value_high
    FROM ledger_stancerecord r
    WHERE r.question_id = p.question_id AND r.actor_id = p.actor_id
      AND (r.reported_on, r.id) > (p.after_day, p.after_id) AND {counts}
      AND (p.unlike_position IS NULL OR (r.position, r.value, r.value_high)
                                           IS DISTINCT FROM (p.unlike_position, p.unlike_value, p.unlike_high))
    ORDER BY r.reported_on, r.id
    LIMIT %(limit)s
) r ON true
ORDER BY p.n, r.reported_on, r.id
""".format(source=SOURCE_OUTLET_SQL.format(r="r"), counts=counting_sql("r"))


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
            rows[keys[n - 1]].append(Row(rid, position, value, reported_on, record_source(cast.sources, outlet_id, rid),
                                         high))
    return rows


# --- the prepared cursor ------------------------------------------------------------------


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
    positions reads, whose best plan is the same whatever the values: planning was a third of
    the periods query's time. Still Django's cursor (errors, query log, wrappers)."""
    connection.ensure_connection()
    raw = connection.connection
    default, raw.cursor_factory = raw.cursor_factory, _PreparedCursor
    try:
        cursor = connection.cursor()
    finally:
        raw.cursor_factory = default
    with cursor:
        yield cursor


# --- the ledger's mark --------------------------------------------------------------------


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


_STORY_FIELDS = Story._meta.concrete_fields
STORY_MARKED_SQL = "SELECT " + ", ".join(f"s.{f.column}" for f in _STORY_FIELDS) + """, h.last_seq, p.last_seq,
       p.config_sha256, p.confirms
FROM ledger_story s
LEFT JOIN ledger_chainhead h ON h.story_id = s.id
LEFT JOIN ledger_periodshead p ON p.story_id = s.id
WHERE s.slug = %s
"""


def story_marked(slug: str) -> tuple[Story, LedgerMark]:
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


def head_lock(story: Story) -> ChainHead:
    """The story's chain head, locked until the transaction ends: appends (and the periods
    that follow them) take one order. Made on the story's first append."""
    head = ChainHead.objects.select_for_update().filter(story=story).first()
    if head is None:
        ChainHead.objects.get_or_create(story=story)
        head = ChainHead.objects.select_for_update().get(story=story)
    return head


# --- writing rows in bulk -----------------------------------------------------------------


def ids_take(model, count: int) -> list[int]:
    """`count` ids from the table's own sequence, in increasing order (as INSERTs would have
    taken them), before the rows are written: by COPY, and so that each ledger row's hash
    can cover its id. One query."""
    if not count:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                       [model._meta.db_table, count])
        return sorted(row[0] for row in cursor.fetchall())


def rows_copy(table: str, columns: dict[str, str], rows: list) -> None:
    """COPY rows (sequences in the order of `columns`, a name -> PostgreSQL type map) into
    `table`, inside the caller's transaction: much cheaper to build, and for the server to
    read, than a bulk INSERT of the same rows."""
    if not rows:
        return
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
            copy.set_types(list(columns.values()))
            for row in rows:
                copy.write_row(row)

"""The derived periods: each actor's confirmed positions on each question under each kept
rule N (`PositionPeriod`), derived from the ledger and never the ledger itself. Positions as
of D read an actor's periods confirmed by D and the few records after the last of them,
instead of every record.

This module owns them: writing (following each append inside its transaction, or catching
up in a worker), reading (`stances_from_periods`), rebuilding and verifying. Below both
`services` and `selectors`, which call it.
"""
from collections import defaultdict
from dataclasses import replace
from datetime import date

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F

from .models import ChainHead, PeriodsHead, PositionPeriod, StanceRecord, Story
from .plumbing import (SOURCE_OUTLET_SQL, Pair, RowsWanted, counting_sql, head_lock, ledger_mark, prepared_cursor,
                       record_source, rows_copy, rows_wanted, story_cast)
from .positions import Period, Row, Stance, fold, periods_of, stance_cut, stance_resume

# --- reading ------------------------------------------------------------------------------

# An actor's periods confirmed by D, then what the fold still needs of the records after the
# last of them up to D, in one round trip, each pair in fold order: the records that differ
# from the current position (pending changes), and the latest one that repeats it. The other
# repeats change nothing but which repeat is the latest, and they are most of the records.
_TAIL_SQL = """
SELECT r.question_id, r.actor_id, 1, 0, r.position, r.value, r.reported_on, NULL, r.id, NULL, NULL, r.outlet_id,
       r.value_high
FROM last
JOIN LATERAL (
    SELECT r.id, r.question_id, r.actor_id, r.position, r.value, r.reported_on, {source} AS outlet_id, r.value_high
    FROM ledger_stancerecord r
    WHERE r.question_id = last.question_id AND r.actor_id = last.actor_id
      AND (r.reported_on, r.id) > (last.confirmed_on, last.confirmed_by) AND {counts}
      AND {{which}}
) r ON true""".format(source=SOURCE_OUTLET_SQL.format(r="r"), counts=counting_sql("r"))

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
UNION ALL""" + _TAIL_SQL.format(which="""r.position = last.position AND r.value IS NOT DISTINCT FROM last.value
      AND r.value_high IS NOT DISTINCT FROM last.value_high
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


def stances_from_periods(cast, question_ids, as_of, confirm, history=None) -> dict[Pair, Stance]:
    """The same answer as `selectors.stances_from_rows`, from the derived periods confirmed by
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
                tails[(qid, aid)].append(Row(record_id, position, value, day, record_source(sources, outlet_id, record_id),
                                             high))
            else:
                omitted.setdefault((qid, aid), ordinal)  # the first period read: as many were not
                periods[(qid, aid)].append(Period(position, value, day, confirmed_on, records,
                                                  established=established, confirmed_by=record_id, value_high=high))
    return stances_cut({pair: fold(tails.get(pair, []), confirm, stance_resume(stored, confirm, omitted[pair]))
                        for pair, stored in periods.items()}, history)


def stances_cut(stances: dict[Pair, Stance], history: int | None) -> dict[Pair, Stance]:
    """Each stance cut to its newest `history` earlier positions and flips (None: all)."""
    if history is not None:
        for stance in stances.values():
            stance_cut(stance, history)
    return stances


# --- writing ------------------------------------------------------------------------------
# `PositionPeriod` rows follow the ledger inside the transaction of an append, under the
# chain head's lock, so they never describe a ledger other than the one committed with them.
# When that would take long (a pair with many records since its last confirmed position, or
# records dated before it), the append leaves them behind the chain head, where no answer
# reads them, and a worker catches them up (`periods_catch_up`).


def period_confirms(story: Story) -> list[int]:
    """The N the periods are kept for: the configured ones and the story's own."""
    return sorted({*settings.LEDGER_PERIOD_CONFIRMS, story.min_outlets})


def periods_following(story: Story, head: ChainHead) -> PeriodsHead | None:
    """The story's periods head when its periods are in step with the locked chain head
    (then this append may move them along), else None."""
    # The configuration is compared with the stored story's, not with `story`, which a worker
    # may have read before a bundle was loaded again.
    return PeriodsHead.objects.filter(story_id=story.id, last_seq=head.last_seq,
                                      config_sha256=F("story__config_sha256")).first()


def periods_follow(story: Story, periods: PeriodsHead | None, earliest: dict[Pair, date], last_seq: int) -> None:
    """After an append: move the periods along within the append's budget of records, or
    leave them behind and ask a worker to catch them up."""
    if periods is None or not _periods_refresh(story, periods, earliest, last_seq,
                                               limit=settings.LEDGER_PERIODS_SYNC_ROWS):
        periods_catch_up_soon(story.id)


def _periods_refresh(story: Story, periods: PeriodsHead, earliest: dict[Pair, date], last_seq: int, *,
                     limit: int | None = None) -> bool:
    """Bring the periods of the pairs whose records changed up to date, and the periods head
    to `last_seq`. `earliest` is each pair's earliest day touched: a pair whose new records
    all come after its last confirmed position goes on from that position (a story is mostly
    reported forwards), any other is folded again from its first record. With `limit`, gives
    up (returns False, having written nothing) when a pair has that many records to fold."""
    cast = story_cast(story)
    lasts = last_periods_of_pairs(list(earliest), periods.confirms)
    goes_on, again, wanted = {}, [], {}
    for pair, day in earliest.items():
        for confirm in periods.confirms:
            ordinal, last = lasts.get((*pair, confirm), (0, None))
            if last is not None and day >= last.confirmed_on:
                goes_on[(*pair, confirm)] = (ordinal, last)
                # Whether anything new is confirmed shows in the records unlike the position
                # (repeats change nothing until then), usually a few.
                wanted[(*pair, confirm)] = RowsWanted(*pair, (last.confirmed_on, last.confirmed_by),
                                                      unlike=(last.position, last.value, last.value_high))
            else:
                again.append((*pair, confirm))
                wanted[pair] = RowsWanted(*pair)
    rows = _rows_read(cast, wanted, limit)
    if limit is not None and any(len(found) >= limit for found in rows.values()):
        return False
    # A pair that confirmed something new is folded on from its last period with every record
    # after it, to know which repeat each closed period ends with.
    moved = {key: (ordinal, last) for key, (ordinal, last) in goes_on.items()
             if fold(rows.get(key, []), key[2], stance_resume([replace(last, records=list(last.records))],
                                                              key[2])).history}
    tails = _rows_read(cast, {key: RowsWanted(key[0], key[1], (last.confirmed_on, last.confirmed_by))
                              for key, (_, last) in moved.items()}, limit)
    if limit is not None and any(len(found) >= limit for found in tails.values()):
        return False
    fresh, cut = [], []
    for key, (ordinal, last) in moved.items():
        cut.append((*key, ordinal))
        fresh.extend(_period_rows(*key, fold(tails.get(key, []), key[2], stance_resume([last], key[2])), first=ordinal))
    for key in again:
        cut.append((*key, 0))
        stance = fold(rows.get(key[:2], []), key[2])
        if stance is not None:
            fresh.extend(_period_rows(*key, stance))
    # Earlier periods stay as they are: only the last one and those after it are written.
    with connection.cursor() as cursor:
        cursor.execute(PERIODS_CUT_SQL, {"questions": [c[0] for c in cut], "actors": [c[1] for c in cut],
                                         "confirms": [c[2] for c in cut], "ordinals": [c[3] for c in cut]})
    _periods_copy(fresh)
    periods.last_seq = last_seq
    periods.save(update_fields=["last_seq"])
    return True


def _rows_read(cast, wanted: dict, limit: int | None) -> dict:
    """`rows_wanted`, reading a pair's records once where one read holds another: the records
    after a point (or those of them unlike a position) hold those of the same pair after a
    later point (unlike the same position), which are cut from them here: N whose last
    periods agree, or a pair read whole for one N. With `limit` the rows are the same, or
    the caller gives up either way: the holding read has fewer than `limit` records, so all
    of them, or it has `limit`."""
    held, by_pair = {}, defaultdict(list)
    for key, w in sorted(wanted.items(), key=lambda item: item[1].after):
        kin = by_pair[(w.question_id, w.actor_id)]
        # the earliest read that holds this one is read itself: any read holding it would hold this one too
        holder = next((k for k in kin if wanted[k].unlike is None or wanted[k].unlike == w.unlike), None)
        if holder is None:
            kin.append(key)
        else:
            held[key] = holder
    rows = rows_wanted(cast, {key: w for key, w in wanted.items() if key not in held}, limit=limit)
    for key, holder in held.items():
        w = wanted[key]
        rows[key] = [r for r in rows.get(holder, []) if (r.reported_on, r.id) > w.after
                     and (w.unlike is None or (r.position, r.value, r.value_high) != w.unlike)]
    return rows


PERIODS_CUT_SQL = """
DELETE FROM ledger_positionperiod p
USING unnest(%(questions)s::bigint[], %(actors)s::bigint[], %(confirms)s::int[], %(ordinals)s::int[])
      AS cut(question_id, actor_id, confirm, ordinal)
WHERE p.question_id = cut.question_id AND p.confirm = cut.confirm AND p.actor_id = cut.actor_id
  AND p.ordinal >= cut.ordinal
"""

# The pairs whose records moved since the periods head: new records (from their earliest
# day), and retracted ones (folded again whole).
PERIODS_BEHIND_SQL = """
SELECT question_id, actor_id, min(reported_on) FROM ledger_stancerecord
WHERE story_id = %(story)s AND seq > %(seq)s GROUP BY question_id, actor_id
UNION ALL
SELECT r.question_id, r.actor_id, DATE '0001-01-01'
FROM ledger_retraction x JOIN ledger_stancerecord r ON r.id = x.record_id
WHERE x.story_id = %(story)s AND x.seq > %(seq)s
"""


@transaction.atomic
def periods_catch_up(story: Story) -> bool:
    """Bring a story's periods that fell behind its chain head up to it: only the pairs whose
    records moved since, each once, however many appends moved them. Returns whether any
    work was done. Periods built under another configuration or set of N are rebuilt."""
    head = head_lock(story)
    periods = PeriodsHead.objects.filter(story_id=story.id).first()
    story.refresh_from_db(fields=["config_sha256", "min_outlets", "loaded_at"])
    if (periods is None or periods.config_sha256 != story.config_sha256
            or periods.confirms != period_confirms(story)):
        periods_rebuild(story)
        return True
    if periods.last_seq == head.last_seq:
        return False
    earliest: dict[Pair, date] = {}
    with connection.cursor() as cursor:
        cursor.execute(PERIODS_BEHIND_SQL, {"story": story.id, "seq": periods.last_seq})
        for qid, aid, day in cursor.fetchall():
            earliest[(qid, aid)] = min(earliest.get((qid, aid), day), day)
    _periods_refresh(story, periods, earliest, head.last_seq)
    return True


CATCH_UP_DEBOUNCE_SECONDS = 30


def periods_catch_up_soon(story_id: int) -> None:
    """Ask a worker to catch the story's periods up once this transaction commits: at most
    once in a while per story (a catch-up takes in every append made before it runs). The
    broker being away loses nothing: the periods wait behind, and answers come from records."""
    if cache.add(f"periods-catch-up:{story_id}", True, CATCH_UP_DEBOUNCE_SECONDS):
        from .tasks import periods_catch_up_task

        transaction.on_commit(lambda: periods_catch_up_task.delay(story_id), robust=True)


def _period_rows(question_id: int, actor_id: int, confirm: int, stance, first: int = 0) -> list[tuple]:
    """Table rows of an actor's periods from `first` on. The open (last) period is stored with
    the records that brought it only: its latest repeat moves with every report and is read
    from the records, so an append that confirms nothing new writes nothing here."""
    periods = periods_of(stance)
    return [(question_id, actor_id, confirm, ordinal, p.position, p.value, p.since, p.confirmed_on,
             p.confirmed_by, p.records if ordinal < first + len(periods) - 1 else p.records[:p.established],
             p.established, p.value_high)
            for ordinal, p in enumerate(periods, start=first)]


PERIOD_COPY = {"question_id": "bigint", "actor_id": "bigint", "confirm": "smallint", "ordinal": "integer",
               "position": "varchar", "value": "float8", "since": "date", "confirmed_on": "date",
               "confirmed_by": "bigint", "records": "bigint[]", "established": "smallint", "value_high": "float8"}


def _periods_copy(rows: list) -> None:
    rows_copy(PositionPeriod._meta.db_table, PERIOD_COPY, rows)


def _question_period_rows(cast, question_id: int, confirms) -> list[tuple]:
    """The periods table's rows of one question, folded again from its records."""
    pairs = rows_wanted(cast, {(question_id, actor_id): RowsWanted(question_id, actor_id) for actor_id in
                               StanceRecord.objects.filter(question_id=question_id)
                               .values_list("actor_id", flat=True).distinct()})
    return [period for (qid, aid), pair_rows in pairs.items() for confirm in confirms
            for period in _period_rows(qid, aid, confirm, fold(pair_rows, confirm))]


@transaction.atomic
def periods_rebuild(story: Story) -> int:
    """Fold every pair of the story again from its records, for every kept N, and mark the
    periods in step with the ledger. Returns how many periods were written."""
    head = head_lock(story)
    confirms = period_confirms(story)
    cast = story_cast(story)
    PositionPeriod.objects.filter(question__story=story).delete()
    written = 0
    # A question at a time: one index range, in fold order, never the whole ledger in memory.
    for question_id in story.questions.values_list("id", flat=True):
        rows = _question_period_rows(cast, question_id, confirms)
        _periods_copy(rows)
        written += len(rows)
    PeriodsHead.objects.update_or_create(story=story, defaults=dict(
        last_seq=head.last_seq, config_sha256=story.config_sha256, confirms=confirms))
    return written


def _period_words(row) -> str:
    if row is None:
        return "none"
    position, value, since, confirmed_on, confirmed_by, records, established, value_high = row
    figure = "" if value is None else f" {value:g}" + ("" if value_high is None else f"-{value_high:g}")
    return (f"{position}{figure} since {since}, confirmed on {confirmed_on} by record {confirmed_by}, "
            f"records {list(records)}")


@transaction.atomic
def periods_differences(story: Story) -> list[str]:
    """Each stored period that the records do not give (folded again under the chain head's
    lock), in words; nothing when the periods are behind the ledger, since no answer reads
    them then."""
    head = head_lock(story)
    periods = PeriodsHead.objects.filter(story_id=story.id).first()
    story.refresh_from_db(fields=["config_sha256", "min_outlets", "loaded_at"])
    if periods is None or periods.last_seq != head.last_seq or periods.config_sha256 != story.config_sha256:
        return []
    cast = story_cast(story)
    actors = {a.id: a.key for a in story.actors.all()}
    differences = []
    for question in cast.questions.values():
        fresh = {row[:4]: row[4:] for row in _question_period_rows(cast, question.id, periods.confirms)}
        stored = {row[:4]: row[4:] for row in PositionPeriod.objects.filter(question_id=question.id)
                  .values_list(*PERIOD_COPY)}
        for key in sorted(fresh.keys() | stored.keys()):
            if fresh.get(key) != stored.get(key):
                differences.append(
                    f"period {key[3]} of {actors.get(key[1], key[1])} on {question.key} (N={key[2]}): "
                    f"stored {_period_words(stored.get(key))}; the records give {_period_words(fresh.get(key))}")
    return differences


def periods_ready(story: Story) -> bool:
    """Whether the periods follow the ledger, for every N now configured."""
    return ledger_mark(story).periods_confirms == tuple(period_confirms(story))

"""Writes to the ledger. The only writes there are: appending records and retractions.

Every append locks the story's chain head, so concurrent appends take one order with no
gaps in `seq`, and each entry's hash chains to the one before it.
"""
import json
from dataclasses import dataclass, field, replace
from datetime import date
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from . import chain
from .errors import Conflict, LedgerError
from .validation import number_check, reason_check, record_check
from .models import (Actor, ChainHead, Outlet, PeriodsHead, PositionPeriod, Question, Retraction, StanceRecord,
                     Story)
from .positions import fold, periods_of, stance_resume
from .selectors import Pair, RowsWanted, last_periods_of_pairs, ledger_mark, rows_wanted, story_cast


@dataclass
class RecordDraft:
    actor: Actor
    question: Question
    position: str
    reported_on: date
    extractor: str
    value: float | None = None
    outlet: Outlet | None = None
    outlets: list[str] = field(default_factory=list)
    url: str = ""
    quote: str = ""
    excerpt_id: int | None = None
    confidence: float | None = None
    via: Outlet | None = None  # the outlet the excerpt credits for the statement (then its source)
    value_high: float | None = None  # the upper figure of a range; `value` is the lower
    rationale: str = ""  # why the extractor wrote it: the attribution and the cue that fired


def _lock_head(story: Story) -> ChainHead:
    ChainHead.objects.get_or_create(story=story)
    return ChainHead.objects.select_for_update().get(story=story)


def record_draft_check(draft: RecordDraft) -> None:
    """Raise LedgerError when a draft may not enter the ledger (see `ledger.validation`)."""
    record_check(draft)


@transaction.atomic
def records_append(*, story: Story, drafts: list[RecordDraft]) -> list[StanceRecord]:
    """Append records in the given order. A draft whose (excerpt, actor, question,
    extractor) is already in the ledger is skipped, so a replayed extraction adds nothing."""
    for draft in drafts:
        record_check(draft, story)
    head = _lock_head(story)
    periods = _periods_following(story, head)
    excerpt_ids = {d.excerpt_id for d in drafts if d.excerpt_id is not None}
    seen = set()
    if excerpt_ids:
        seen = set(
            StanceRecord.objects.filter(excerpt_id__in=excerpt_ids).values_list(
                "excerpt_id", "actor_id", "question_id", "extractor"
            )
        )
    now = timezone.now()
    fresh = []
    for draft in drafts:
        if draft.excerpt_id is not None:
            key = (draft.excerpt_id, draft.actor.id, draft.question.id, draft.extractor)
            if key in seen:
                continue
            seen.add(key)
        fresh.append(draft)
    evidence = chain.excerpts_evidence({d.excerpt_id for d in fresh if d.excerpt_id is not None})
    records = []
    for draft, record_id in zip(fresh, chain.ids_take(StanceRecord, len(fresh)) if fresh else []):
        outlets = list(dict.fromkeys(draft.outlets or ([draft.outlet.key] if draft.outlet else [])))
        record = StanceRecord(
            id=record_id,
            story=story,
            seq=head.last_seq + 1,
            actor=draft.actor,
            question=draft.question,
            position=draft.position,
            value=None if draft.value is None else float(draft.value),
            value_high=None if draft.value_high is None else float(draft.value_high),
            via=draft.via,
            rationale=draft.rationale,
            reported_on=draft.reported_on,
            outlet=draft.outlet,
            outlets=outlets,
            url=draft.url,
            quote=draft.quote,
            excerpt_id=draft.excerpt_id,
            extractor=draft.extractor,
            confidence=draft.confidence,
            recorded_at=now,
            prev_hash=head.last_hash,
        )
        record.hash = chain.entry_hash(record.prev_hash, chain.record_content(record, chain.evidence_of(draft, evidence)))
        head.last_seq, head.last_hash = record.seq, record.hash
        records.append(record)
    if records:
        StanceRecord.objects.bulk_create(records)
        head.save(update_fields=["last_seq", "last_hash"])
        earliest: dict[Pair, date] = {}
        for r in records:
            pair = (r.question_id, r.actor_id)
            earliest[pair] = min(earliest.get(pair, r.reported_on), r.reported_on)
        _periods_follow(story, periods, earliest, head.last_seq)
    return records


def record_append(*, story: Story, draft: RecordDraft) -> StanceRecord:
    appended = records_append(story=story, drafts=[draft])
    if not appended:
        raise LedgerError("this extraction of the excerpt is already in the ledger")
    return appended[0]


@transaction.atomic
def retraction_append(*, record: StanceRecord, reason: str, retracted_by: str) -> Retraction:
    reason = reason_check(reason)
    head = _lock_head(record.story)
    periods = _periods_following(record.story, head)
    if Retraction.objects.filter(record=record).exists():
        raise Conflict(f"record {record.id} is already retracted")
    retraction = Retraction(
        id=chain.ids_take(Retraction, 1)[0],
        story_id=record.story_id,
        seq=head.last_seq + 1,
        record=record,
        reason=reason,
        retracted_by=retracted_by,
        recorded_at=timezone.now(),
        prev_hash=head.last_hash,
    )
    retraction.hash = chain.entry_hash(retraction.prev_hash, chain.retraction_content(retraction, record.hash))
    retraction.save(force_insert=True)
    head.last_seq, head.last_hash = retraction.seq, retraction.hash
    head.save(update_fields=["last_seq", "last_hash"])
    _periods_follow(record.story, periods, {(record.question_id, record.actor_id): date.min}, head.last_seq)
    return retraction


# --- derived periods ----------------------------------------------------------------------
# `PositionPeriod` rows follow the ledger inside the transaction of an append, under the
# chain head's lock, so they never describe a ledger other than the one committed with them.
# When that would take long (a pair with many records since its last confirmed position, or
# records dated before it), the append leaves them behind the chain head, where no answer
# reads them, and a worker catches them up (`periods_catch_up`).


def period_confirms(story: Story) -> list[int]:
    """The N the periods are kept for: the configured ones and the story's own."""
    return sorted({*settings.LEDGER_PERIOD_CONFIRMS, story.min_outlets})


def _periods_following(story: Story, head: ChainHead) -> PeriodsHead | None:
    """The story's periods head when its periods are in step with the locked chain head
    (then this append may move them along), else None."""
    # The configuration is compared with the stored story's, not with `story`, which a worker
    # may have read before a bundle was loaded again.
    return PeriodsHead.objects.filter(story_id=story.id, last_seq=head.last_seq,
                                      config_sha256=F("story__config_sha256")).first()


def _periods_follow(story: Story, periods: PeriodsHead | None, earliest: dict[Pair, date], last_seq: int) -> None:
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
    rows = rows_wanted(cast, wanted, limit=limit)
    if limit is not None and any(len(found) >= limit for found in rows.values()):
        return False
    # A pair that confirmed something new is folded on from its last period with every record
    # after it, to know which repeat each closed period ends with.
    moved = {key: (ordinal, last) for key, (ordinal, last) in goes_on.items()
             if fold(rows.get(key, []), key[2], stance_resume([replace(last, records=list(last.records))],
                                                              key[2])).history}
    tails = rows_wanted(cast, {key: RowsWanted(key[0], key[1], (last.confirmed_on, last.confirmed_by))
                               for key, (_, last) in moved.items()}, limit=limit)
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
    head = _lock_head(story)
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


PERIOD_COPY = ("question_id", "actor_id", "confirm", "ordinal", "position", "value", "since", "confirmed_on",
               "confirmed_by", "records", "established", "value_high")


def _periods_copy(rows) -> None:
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY ledger_positionperiod ({', '.join(PERIOD_COPY)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)


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
    head = _lock_head(story)
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
    head = _lock_head(story)
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


# --- import -----------------------------------------------------------------------------


class StoryIndex:
    """The story's actors, questions and outlets by key, read once per import or batch."""

    def __init__(self, story: Story):
        self.story = story
        self.actors = {a.key: a for a in story.actors.all()}
        self.questions = {q.key: q for q in story.questions.select_related("topic")}
        for question in self.questions.values():
            question.story = story  # what a record's checks read of it, without a query
        self.outlets = {o.key: o for o in story.outlets.all()}

    def outlet_for_url(self, url: str) -> Outlet | None:
        host = (urlsplit(url).hostname or "").lower()
        for outlet in self.outlets.values():
            for domain in outlet.domains:
                domain = domain.lower()
                if host == domain or host.endswith("." + domain):
                    return outlet
        return None


def record_draft_from_line(index: StoryIndex, data: dict, *, extractor: str) -> RecordDraft:
    """A draft from a line of the section 3 record format. The answer key's line format
    (`date` for `reported_on`, no outlet) is accepted too, so a key imports as records.
    The line's `story` is not checked: the command names the story, so an export of one
    story imports into another."""
    if not isinstance(data, dict):
        raise LedgerError("not a JSON object")
    def known(table: dict, key):
        return table.get(key) if isinstance(key, str) else None

    actor = known(index.actors, data.get("actor"))
    if actor is None:
        raise LedgerError(f"unknown actor {data.get('actor')!r}", param="actor")
    question = known(index.questions, data.get("question"))
    if question is None:
        raise LedgerError(f"unknown question {data.get('question')!r}", param="question")
    day_text = data.get("reported_on", data.get("date"))
    try:
        reported_on = date.fromisoformat(day_text)
    except (TypeError, ValueError):
        raise LedgerError(f"bad reported_on {day_text!r}: expected YYYY-MM-DD", param="reported_on") from None
    url = data.get("url") or ""
    if not isinstance(url, str):
        raise LedgerError("url must be a string", param="url")
    outlet_key = data.get("outlet")
    if outlet_key:
        outlet = known(index.outlets, outlet_key)
        if outlet is None:
            raise LedgerError(f"unknown outlet {outlet_key!r}", param="outlet")
    else:
        outlet = index.outlet_for_url(url)
    outlets = data.get("outlets") or ([outlet.key] if outlet else [])
    if not isinstance(outlets, list) or any(not isinstance(o, str) or o not in index.outlets for o in outlets):
        raise LedgerError(f"outlets must list known outlets, not {outlets!r}", param="outlets")
    via_key = data.get("via")
    via = None
    if via_key is not None:
        via = known(index.outlets, via_key)
        if via is None:
            raise LedgerError(f"unknown outlet {via_key!r} in via", param="via")
    value = number_check(data.get("value"), "value")
    value_high = number_check(data.get("value_high"), "value_high")
    confidence = number_check(data.get("confidence"), "confidence")
    rationale = data.get("rationale") or ""
    draft = RecordDraft(
        actor=actor,
        question=question,
        position=data.get("position"),
        value=value,
        reported_on=reported_on,
        outlet=outlet,
        outlets=outlets,
        url=url,
        quote=data.get("quote") or "",
        excerpt_id=None,  # excerpt ids are local to the ledger that wrote them
        extractor=extractor,
        confidence=confidence,
        via=via,
        value_high=value_high,
        rationale=rationale,
    )
    record_check(draft, index.story)
    return draft


@dataclass
class ImportResult:
    appended: int
    rejects: list[tuple[int, str]]  # (line number, reason)


IMPORT_BATCH = 2000


def records_import(*, story: Story, lines, source_name: str) -> ImportResult:
    """Append a file's records in file order; a line that does not fit is rejected with
    its line number and reason, and the rest is imported."""
    index = StoryIndex(story)
    extractor = f"import/{source_name}"
    drafts, rejects, appended = [], [], 0
    for number, line in enumerate(lines, start=1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                rejects.append((number, "not valid UTF-8"))
                continue
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            rejects.append((number, f"invalid JSON: {exc.msg}"))
            continue
        except RecursionError:
            rejects.append((number, "invalid JSON: nested too deeply"))
            continue
        try:
            drafts.append(record_draft_from_line(index, data, extractor=extractor))
        except LedgerError as exc:
            rejects.append((number, exc.message))
        if len(drafts) >= IMPORT_BATCH:
            appended += len(records_append(story=story, drafts=drafts))
            drafts = []
    if drafts:
        appended += len(records_append(story=story, drafts=drafts))
    periods_catch_up(story)  # a file may run back in time: fold what the appends left behind
    return ImportResult(appended=appended, rejects=rejects)

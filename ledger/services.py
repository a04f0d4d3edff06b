"""Writes to the ledger. The only writes there are: appending records and retractions.

Every append locks the story's chain head, so concurrent appends take one order with no
gaps in `seq`, and each entry's hash chains to the one before it.
"""
from dataclasses import dataclass, field
from datetime import date
from types import SimpleNamespace

from django.db import connection, transaction
from django.utils import timezone

from . import chain
from .errors import Conflict, LedgerError
from .models import Actor, Outlet, Question, Retraction, StanceRecord, Story
from .periods import periods_follow, periods_following
from .plumbing import Pair, head_lock, ids_take, rows_copy
from .validation import reason_check, record_check, records_valid


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


def record_draft_check(draft: RecordDraft) -> None:
    """Raise LedgerError when a draft may not enter the ledger (see `ledger.validation`)."""
    record_check(draft)


# How records are written: by COPY, every column in the model's order (a field added to the
# model and not here fails at import). Much cheaper, for this process and for the server, than
# building and parsing a bulk INSERT of the same rows.
RECORD_TYPES = {"id": "bigint", "story_id": "bigint", "seq": "bigint", "actor_id": "bigint", "question_id": "bigint",
                "position": "varchar", "value": "float8", "value_high": "float8", "reported_on": "date",
                "outlet_id": "bigint", "via_id": "bigint", "outlets": "varchar[]", "url": "varchar", "quote": "text",
                "excerpt_id": "bigint", "extractor": "varchar", "confidence": "float8", "rationale": "text",
                "recorded_at": "timestamptz", "prev_hash": "varchar", "hash": "varchar", "hash_version": "smallint"}
RECORD_COPY = {f.attname: RECORD_TYPES[f.attname] for f in StanceRecord._meta.concrete_fields}
# The relations a returned record knows without a query, as if set by name.
_RECORD_RELATIONS = [StanceRecord._meta.get_field(name) for name in ("story", "actor", "question", "outlet", "via")]
_HASH = list(RECORD_COPY).index("hash")
_HASH_VERSION = StanceRecord._meta.get_field("hash_version").get_default()  # what appends write

SEEN_SQL = """SELECT excerpt_id, actor_id, question_id, extractor FROM ledger_stancerecord
WHERE excerpt_id = ANY(%s) AND excerpt_id IS NOT NULL"""


@transaction.atomic
def records_append(*, story: Story, drafts: list[RecordDraft],
                   refused: list[tuple[RecordDraft, str]] | None = None) -> list[StanceRecord]:
    """Append records in the given order. A draft whose (excerpt, actor, question,
    extractor) is already in the ledger is skipped, so a replayed extraction adds nothing.
    A draft the ledger refuses refuses the whole batch (LedgerError); with `refused` (a
    list), it is left out alone and put there with the reason."""
    return _append(story, drafts, refused, build=True)


@transaction.atomic
def records_append_count(*, story: Story, drafts: list[RecordDraft],
                refused: list[tuple[RecordDraft, str]] | None = None) -> int:
    """`records_append` for the bulk ways in (a worker's extraction, an import), which only
    count what went in: the same rows, hashes and periods, and how many were appended, with
    no model instance built for each."""
    return _append(story, drafts, refused, build=False)


def _append(story: Story, drafts: list[RecordDraft], refused, *, build: bool):
    """The append (in the caller's transaction): the records (`build`), else their number."""
    if refused is None:
        for draft in drafts:
            record_check(draft, story)
    else:
        drafts, bad = records_valid(drafts, story)
        refused.extend(bad)
    head = head_lock(story)
    periods = periods_following(story, head)
    fresh = _drafts_fresh(drafts)
    if not fresh:
        return [] if build else 0
    evidence = chain.excerpts_evidence({d.excerpt_id for d in fresh if d.excerpt_id is not None})
    now, db = timezone.now(), connection.alias
    records, rows = [], []
    earliest: dict[Pair, date] = {}
    for draft, record_id in zip(fresh, ids_take(StanceRecord, len(fresh)), strict=True):
        row = _record_row(story, draft, id=record_id, seq=head.last_seq + 1, recorded_at=now, prev_hash=head.last_hash)
        # The hash reads the row's values by name: a model instance only when one is returned.
        record = StanceRecord.from_db(db, None, row) if build else SimpleNamespace(**dict(zip(RECORD_COPY, row)))
        row[_HASH] = record.hash = chain.entry_hash(record.prev_hash,
                                                    chain.record_content(record, chain.evidence_of(draft, evidence)))
        head.last_seq, head.last_hash = record.seq, record.hash
        if build:
            for field, value in zip(_RECORD_RELATIONS, (story, draft.actor, draft.question, draft.outlet, draft.via)):
                field.set_cached_value(record, value)
            records.append(record)
        rows.append(row)
        pair = (record.question_id, record.actor_id)
        earliest[pair] = min(earliest.get(pair, record.reported_on), record.reported_on)
    rows_copy(StanceRecord._meta.db_table, RECORD_COPY, rows)
    head.save(update_fields=["last_seq", "last_hash"])
    periods_follow(story, periods, earliest, head.last_seq)
    return records if build else len(rows)


def _drafts_fresh(drafts: list[RecordDraft]) -> list[RecordDraft]:
    """The drafts whose extraction of the excerpt is not in the ledger yet (nor earlier in
    `drafts`)."""
    excerpt_ids = list({d.excerpt_id for d in drafts if d.excerpt_id is not None})
    seen = set()
    if excerpt_ids:
        with connection.cursor() as cursor:
            cursor.execute(SEEN_SQL, [excerpt_ids])
            seen = set(cursor.fetchall())
    fresh = []
    for draft in drafts:
        if draft.excerpt_id is not None:
            key = (draft.excerpt_id, draft.actor.id, draft.question.id, draft.extractor)
            if key in seen:
                continue
            seen.add(key)
        fresh.append(draft)
    return fresh


def _record_row(story: Story, draft: RecordDraft, **written) -> list:
    """A draft's values in the order of RECORD_COPY (the hash is filled in after)."""
    values = {
        "story_id": story.id,
        "actor_id": draft.actor.id,
        "question_id": draft.question.id,
        "position": draft.position,
        "value": None if draft.value is None else float(draft.value),
        "value_high": None if draft.value_high is None else float(draft.value_high),
        "reported_on": draft.reported_on,
        "outlet_id": draft.outlet.id if draft.outlet else None,
        "via_id": draft.via.id if draft.via else None,
        "outlets": list(dict.fromkeys(draft.outlets or ([draft.outlet.key] if draft.outlet else []))),
        "url": draft.url,
        "quote": draft.quote,
        "excerpt_id": draft.excerpt_id,
        "extractor": draft.extractor,
        "confidence": draft.confidence,
        "rationale": draft.rationale,
        "hash": None,
        "hash_version": _HASH_VERSION,
        **written,
    }
    return [values[column] for column in RECORD_COPY]


def record_append(*, story: Story, draft: RecordDraft) -> StanceRecord:
    appended = records_append(story=story, drafts=[draft])
    if not appended:
        raise LedgerError("this extraction of the excerpt is already in the ledger")
    return appended[0]


@transaction.atomic
def retraction_append(*, record: StanceRecord, reason: str, retracted_by: str) -> Retraction:
    reason = reason_check(reason)
    head = head_lock(record.story)
    periods = periods_following(record.story, head)
    if Retraction.objects.filter(record=record).exists():
        raise Conflict(f"record {record.id} is already retracted")
    retraction = Retraction(
        id=ids_take(Retraction, 1)[0],
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
    periods_follow(record.story, periods, {(record.question_id, record.actor_id): date.min}, head.last_seq)
    return retraction

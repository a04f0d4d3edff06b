"""Writes to the ledger. The only writes there are: appending records and retractions.

Every append locks the story's chain head, so concurrent appends take one order with no
gaps in `seq`, and each entry's hash chains to the one before it.
"""
from dataclasses import dataclass, field
from datetime import date

from django.db import transaction
from django.utils import timezone

from . import chain
from .errors import Conflict, LedgerError
from .models import Actor, Outlet, Question, Retraction, StanceRecord, Story
from .periods import periods_follow, periods_following
from .plumbing import Pair, head_lock
from .validation import reason_check, record_check


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


@transaction.atomic
def records_append(*, story: Story, drafts: list[RecordDraft]) -> list[StanceRecord]:
    """Append records in the given order. A draft whose (excerpt, actor, question,
    extractor) is already in the ledger is skipped, so a replayed extraction adds nothing."""
    for draft in drafts:
        record_check(draft, story)
    head = head_lock(story)
    periods = periods_following(story, head)
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
        periods_follow(story, periods, earliest, head.last_seq)
    return records


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
    periods_follow(record.story, periods, {(record.question_id, record.actor_id): date.min}, head.last_seq)
    return retraction

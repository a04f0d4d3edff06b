"""Writes to the ledger. The only writes there are: appending records and retractions.

Every append locks the story's chain head, so concurrent appends take one order with no
gaps in `seq`, and each entry's hash chains to the one before it.
"""
import json
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import urlsplit

from django.db import transaction
from django.utils import timezone

from . import chain
from .errors import LedgerError
from .models import Actor, ChainHead, Outlet, Question, Retraction, StanceRecord, Story


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


def _lock_head(story: Story) -> ChainHead:
    ChainHead.objects.get_or_create(story=story)
    return ChainHead.objects.select_for_update().get(story=story)


def record_draft_check(draft: RecordDraft) -> None:
    """Raise LedgerError when a draft breaks the position rules of its question."""
    if draft.question.story_id != draft.actor.story_id:
        raise LedgerError("actor and question belong to different stories")
    if draft.question.is_number:
        if draft.position != StanceRecord.NUMBER or draft.value is None:
            raise LedgerError(f"question {draft.question.key!r} is a number question: position must be 'number' with a value", param="position")
    else:
        if draft.position not in StanceRecord.STANCES:
            raise LedgerError(f"position must be one of affirm, deny, partial for question {draft.question.key!r}, not {draft.position!r}", param="position")
        if draft.value is not None:
            raise LedgerError(f"question {draft.question.key!r} is a stance question: value must be null", param="value")
    if draft.confidence is not None and not 0 <= draft.confidence <= 1:
        raise LedgerError("confidence must be between 0 and 1", param="confidence")


@transaction.atomic
def records_append(*, story: Story, drafts: list[RecordDraft]) -> list[StanceRecord]:
    """Append records in the given order. A draft whose (excerpt, actor, question,
    extractor) is already in the ledger is skipped, so a replayed extraction adds nothing."""
    for draft in drafts:
        record_draft_check(draft)
    head = _lock_head(story)
    excerpt_ids = {d.excerpt_id for d in drafts if d.excerpt_id is not None}
    seen = set()
    if excerpt_ids:
        seen = set(
            StanceRecord.objects.filter(excerpt_id__in=excerpt_ids).values_list(
                "excerpt_id", "actor_id", "question_id", "extractor"
            )
        )
    now = timezone.now()
    records = []
    for draft in drafts:
        if draft.excerpt_id is not None:
            key = (draft.excerpt_id, draft.actor.id, draft.question.id, draft.extractor)
            if key in seen:
                continue
            seen.add(key)
        outlets = list(dict.fromkeys(draft.outlets or ([draft.outlet.key] if draft.outlet else [])))
        record = StanceRecord(
            story=story,
            seq=head.last_seq + 1,
            actor=draft.actor,
            question=draft.question,
            position=draft.position,
            value=None if draft.value is None else float(draft.value),
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
        record.hash = chain.entry_hash(record.prev_hash, chain.record_content(record))
        head.last_seq, head.last_hash = record.seq, record.hash
        records.append(record)
    if records:
        StanceRecord.objects.bulk_create(records)
        head.save(update_fields=["last_seq", "last_hash"])
    return records


def record_append(*, story: Story, draft: RecordDraft) -> StanceRecord:
    appended = records_append(story=story, drafts=[draft])
    if not appended:
        raise LedgerError("this extraction of the excerpt is already in the ledger")
    return appended[0]


@transaction.atomic
def retraction_append(*, record: StanceRecord, reason: str, retracted_by: str) -> Retraction:
    reason = (reason or "").strip()
    if not reason:
        raise LedgerError("a retraction needs a reason", param="reason")
    head = _lock_head(record.story)
    if Retraction.objects.filter(record=record).exists():
        raise LedgerError(f"record {record.id} is already retracted")
    retraction = Retraction(
        story_id=record.story_id,
        seq=head.last_seq + 1,
        record=record,
        reason=reason,
        retracted_by=retracted_by,
        recorded_at=timezone.now(),
        prev_hash=head.last_hash,
    )
    retraction.hash = chain.entry_hash(retraction.prev_hash, chain.retraction_content(retraction))
    retraction.save()
    head.last_seq, head.last_hash = retraction.seq, retraction.hash
    head.save(update_fields=["last_seq", "last_hash"])
    return retraction


# --- import -----------------------------------------------------------------------------


class StoryIndex:
    """The story's actors, questions and outlets by key, read once per import or batch."""

    def __init__(self, story: Story):
        self.story = story
        self.actors = {a.key: a for a in story.actors.all()}
        self.questions = {q.key: q for q in story.questions.select_related("topic")}
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
    actor = index.actors.get(data.get("actor"))
    if actor is None:
        raise LedgerError(f"unknown actor {data.get('actor')!r}", param="actor")
    question = index.questions.get(data.get("question"))
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
        outlet = index.outlets.get(outlet_key)
        if outlet is None:
            raise LedgerError(f"unknown outlet {outlet_key!r}", param="outlet")
    else:
        outlet = index.outlet_for_url(url)
    outlets = data.get("outlets") or ([outlet.key] if outlet else [])
    if not isinstance(outlets, list) or any(o not in index.outlets for o in outlets):
        raise LedgerError(f"outlets must list known outlets, not {outlets!r}", param="outlets")
    value = data.get("value")
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise LedgerError(f"value must be a number, not {value!r}", param="value")
    confidence = data.get("confidence")
    if confidence is not None and (isinstance(confidence, bool) or not isinstance(confidence, (int, float))):
        raise LedgerError(f"confidence must be a number, not {confidence!r}", param="confidence")
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
    )
    record_draft_check(draft)
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
        try:
            drafts.append(record_draft_from_line(index, data, extractor=extractor))
        except LedgerError as exc:
            rejects.append((number, exc.message))
        if len(drafts) >= IMPORT_BATCH:
            appended += len(records_append(story=story, drafts=drafts))
            drafts = []
    if drafts:
        appended += len(records_append(story=story, drafts=drafts))
    return ImportResult(appended=appended, rejects=rejects)

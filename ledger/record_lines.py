"""The record line (contract section 3): one JSON object a line, what `export_records` writes,
`import_records` reads and the API's records answer with. Its one home: `record_line` writes
it, `record_draft_from_line` reads it."""
import json
from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, OuterRef

from .errors import LedgerError
from .models import Retraction, StanceRecord, Story
from .periods import periods_catch_up
from .plumbing import StoryCast, story_cast
from .services import RecordDraft, records_append_count
from .validation import number_check, record_check


def record_line(record: StanceRecord, *, retracted: bool | None = None) -> dict:
    """A record (with its actor, question, outlet and via read along) as a line. `retracted`:
    known already (an export annotates it), else read from the record's retraction."""
    return {
        "id": record.id, "story": record.story.slug, "actor": record.actor.key, "question": record.question.key,
        "position": record.position, "value": record.value, "value_high": record.value_high,
        "reported_on": record.reported_on.isoformat(),
        "outlet": record.outlet.key if record.outlet_id else None, "via": record.via.key if record.via_id else None,
        "outlets": list(record.outlets), "url": record.url, "quote": record.quote, "excerpt": record.excerpt_id,
        "extractor": record.extractor, "confidence": record.confidence, "rationale": record.rationale,
        "recorded_at": record.recorded_at.isoformat().replace("+00:00", "Z"),
        "retracted": hasattr(record, "retraction") if retracted is None else retracted,
        "seq": record.seq, "hash": record.hash,
    }


def records_export(story: Story):
    """The story's records as lines, in ledger order, streamed."""
    records = (StanceRecord.objects.filter(story=story).select_related("actor", "question", "outlet", "via")
               .annotate(is_retracted=Exists(Retraction.objects.filter(record=OuterRef("pk")))).order_by("id"))
    for record in records.iterator(chunk_size=2000):
        record.story = story
        yield record_line(record, retracted=record.is_retracted)


def record_draft_from_line(index: StoryCast, data: dict, *, extractor: str) -> RecordDraft:
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
    index = story_cast(story)
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
            appended += records_append_count(story=story, drafts=drafts)
            drafts = []
    if drafts:
        appended += records_append_count(story=story, drafts=drafts)
    periods_catch_up(story)  # a file may run back in time: fold what the appends left behind
    return ImportResult(appended=appended, rejects=rejects)

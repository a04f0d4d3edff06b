"""What a record must be to enter the ledger, whichever way it comes in: an import line, the
API, the page form, an extractor. Every way in ends in `record_check`, called again by the
append itself, so a record the rules refuse never reaches the database and one bad record
is refused alone, with a message that names the field.

The text checks are PostgreSQL's: a text column cannot hold the NUL character, and text
must be valid UTF-8, which a lone surrogate (a half of a UTF-16 pair, possible in JSON's
`\\ud800`) is not.
"""
import math
from urllib.parse import urlsplit

from .errors import LedgerError
from .models import StanceRecord

URL_MAX = 1000  # the url columns' length
QUOTE_MAX = 5000
RATIONALE_MAX = 5000
EXTRACTOR_MAX = 200
REASON_MAX = 5000

STANCES, NUMBER = StanceRecord.STANCES, StanceRecord.NUMBER  # the position kinds' one home


def text_problem(value: str) -> str | None:
    """Why PostgreSQL cannot store this text, or None when it can."""
    if "\x00" in value:
        return "holds a NUL character (\\u0000), which the database cannot store"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a lone surrogate (half of a UTF-16 pair), which is not valid UTF-8"
    return None


def text_check(value, param: str, *, limit: int, blank: bool = True) -> str:
    if not isinstance(value, str):
        raise LedgerError(f"{param} must be a string, not {value!r}", param=param)
    problem = text_problem(value)
    if problem:
        raise LedgerError(f"{param} {problem}", param=param)
    if len(value) > limit:
        raise LedgerError(f"{param} is {len(value)} characters long; at most {limit} are kept", param=param)
    if not blank and not value.strip():
        raise LedgerError(f"{param} must not be empty", param=param)
    return value


def url_check(value, param: str = "url") -> str:
    """An http(s) URL with a host, or empty (a record may have no URL)."""
    text_check(value, param, limit=URL_MAX)
    if value:
        parts = urlsplit(value)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise LedgerError(f"{param} must be an http(s) URL, not {value[:100]!r}", param=param)
    return value


def number_check(value, param: str, *, low: float | None = None, high: float | None = None,
                 low_words: str = "") -> float | None:
    """A finite number (not a boolean, not NaN, not infinite) within the bounds, or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LedgerError(f"{param} must be a number, not {value!r}", param=param)
    if not math.isfinite(value):
        raise LedgerError(f"{param} must be a finite number, not {value!r}", param=param)
    if (low is not None and value < low) or (high is not None and value > high):
        raise LedgerError(f"{param} must be {low_words or f'between {low} and {high}'}, not {value!r}", param=param)
    return float(value)


def record_check(draft, story=None) -> None:
    """Raise LedgerError naming the field when a `RecordDraft` may not enter the ledger
    (of `story`, the question's when not given)."""
    question, actor = draft.question, draft.actor
    if question.story_id != actor.story_id or (story is not None and story.id != question.story_id):
        raise LedgerError("actor and question belong to different stories")
    story = story or question.story
    for param, outlet in (("outlet", draft.outlet), ("via", draft.via)):
        if outlet is not None and outlet.story_id != question.story_id:
            raise LedgerError(f"{param} must be an outlet of the story", param=param)
    if question.is_number:
        if draft.position != NUMBER or draft.value is None:
            raise LedgerError(f"question {question.key!r} is a number question: position must be 'number' with a value",
                              param="position")
        # A number question counts something (people, arrests): its figures are not negative.
        number_check(draft.value, "value", low=0, low_words="a count, 0 or more")
        number_check(draft.value_high, "value_high", low=0, low_words="a count, 0 or more")
        if draft.value_high is not None and draft.value_high <= draft.value:
            raise LedgerError("value_high is the upper figure of a range: it must be above value", param="value_high")
    else:
        if draft.position not in STANCES:
            raise LedgerError(f"position must be one of affirm, deny, partial for question {question.key!r}, "
                              f"not {draft.position!r}", param="position")
        if draft.value is not None:
            raise LedgerError(f"question {question.key!r} is a stance question: value must be null", param="value")
        if draft.value_high is not None:
            raise LedgerError(f"question {question.key!r} is a stance question: value_high must be null",
                              param="value_high")
    number_check(draft.confidence, "confidence", low=0, high=1)
    day = draft.reported_on
    if not story.start <= day <= story.end:
        raise LedgerError(f"reported_on {day} is outside the story ({story.start} to {story.end})",
                          param="reported_on")
    url_check(draft.url)
    text_check(draft.quote, "quote", limit=QUOTE_MAX)
    text_check(draft.rationale, "rationale", limit=RATIONALE_MAX)
    text_check(draft.extractor, "extractor", limit=EXTRACTOR_MAX, blank=False)
    for key in draft.outlets:
        text_check(key, "outlets", limit=50)


def records_valid(drafts, story=None) -> tuple[list, list[tuple[object, str]]]:
    """The drafts that may enter the ledger, and (draft, reason) for each that may not: for
    a batch (an extractor's findings) where one bad record must not cost the others."""
    good, bad = [], []
    for draft in drafts:
        try:
            record_check(draft, story)
        except LedgerError as exc:
            bad.append((draft, exc.message))
        else:
            good.append(draft)
    return good, bad


def reason_check(reason) -> str:
    """A retraction's reason: text the database can store, not empty."""
    reason = text_check(reason if reason is not None else "", "reason", limit=REASON_MAX).strip()
    if not reason:
        raise LedgerError("a retraction needs a reason", param="reason")
    return reason

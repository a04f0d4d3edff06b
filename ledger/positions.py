"""The confirmation rule of the contract (section 4), as a pure fold over one actor's
records on one question. No database here: the reads (`selectors`, `periods`, `record_roles`)
feed it rows in ledger order."""
import re
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from .errors import NotFound


class Row(NamedTuple):
    """What the rule needs of one record (a tuple: a question may have many thousands)."""

    id: int
    position: str
    value: float | None
    reported_on: date
    source: str  # the independent source: the group of the record's `via`, else of its outlet
    value_high: float | None = None  # the upper figure of a range


@dataclass(slots=True)
class Period:
    """A confirmed position. `records` are those that brought it (the first report and the
    confirming sources), then the latest record that repeated it, if any: repeats add
    evidence, not a list that grows with every report."""

    position: str
    value: float | None
    since: date
    confirmed_on: date
    records: list[int]
    to: date | None = None
    established: int = 0  # how many of `records` brought the position
    confirmed_by: int = 0  # the record that confirmed it (for the first position, the first record)
    value_high: float | None = None

    def __post_init__(self):
        self.established = self.established or len(self.records)

    def repeat(self, record_id: int) -> None:
        if len(self.records) > self.established:
            self.records[-1] = record_id
        else:
            self.records.append(record_id)

    def as_current(self) -> dict:
        return {"position": self.position, "value": self.value, "value_high": self.value_high, "since": self.since,
                "confirmed_on": self.confirmed_on, "records": self.records}

    def as_history(self) -> dict:
        return {"position": self.position, "value": self.value, "value_high": self.value_high,
                "from": self.since, "to": self.to,
                "confirmed_on": self.confirmed_on, "records": self.records}


@dataclass(slots=True)
class Pending:
    position: str
    value: float | None
    date: date
    records: list[int] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    last_index: int = 0
    value_high: float | None = None

    def as_dict(self) -> dict:
        return {"position": self.position, "value": self.value, "value_high": self.value_high, "date": self.date,
                "records": self.records, "sources": len(self.sources)}


@dataclass(slots=True)
class Change:
    """A flip: a confirmed change of position. `id` names it by its confirming record and
    the rule N, which is all it takes to find it again."""

    id: str
    from_position: str
    to_position: str
    from_value: float | None
    to_value: float | None
    date: date
    confirmed_on: date
    from_records: list[int]
    to_records: list[int]
    from_value_high: float | None = None
    to_value_high: float | None = None

    def as_dict(self) -> dict:
        return {"id": self.id, "from": self.from_position, "to": self.to_position,
                "from_value": self.from_value, "to_value": self.to_value,
                "from_value_high": self.from_value_high, "to_value_high": self.to_value_high, "date": self.date,
                "confirmed_on": self.confirmed_on, "from_records": self.from_records,
                "to_records": self.to_records}


@dataclass(slots=True)
class Stance:
    """One actor's answer to one question as of a date."""

    current: Period
    pending: Pending | None
    history: list[Period]  # earlier confirmed positions, newest first
    changes: list[Change]  # flips, oldest first
    omitted: int = 0  # earlier positions (and as many flips, one each) left out, the oldest


def stance_cut(stance: Stance, keep: int) -> Stance:
    """Only the newest `keep` earlier positions and flips of a stance; the rest are counted
    in `omitted`. (Each flip leads to one earlier position, so there are as many of both.)"""
    extra = len(stance.history) - keep
    if extra > 0:
        del stance.history[keep:]
        del stance.changes[:extra]
        stance.omitted += extra
    return stance


def flip_id(confirming_record: int, confirm: int) -> str:
    return f"{confirming_record}-{confirm}"


class FlipId(NamedTuple):
    """A flip's id, "4730-2", read: the record that confirmed the change, and the rule N."""

    record_id: int
    confirm: int


_FLIP_ID = re.compile(r"([0-9]{1,18})-([0-9]{1,9})")


def flip_id_parse(text: str) -> FlipId:
    """The one reading of a flip id (API, pages, hooks); anything else is an unknown flip."""
    match = _FLIP_ID.fullmatch(text or "")
    if match is None or int(match.group(2)) < 1:
        raise NotFound(f"unknown flip {text!r}: a flip's id is its confirming record and N, as in 4730-2")
    return FlipId(int(match.group(1)), int(match.group(2)))


def stance_resume(periods: list[Period], confirm: int, omitted: int = 0) -> Stance:
    """The state of the rule just after the last of `periods` was confirmed, from an actor's
    stored periods (oldest first, read for this call: they become the stance's own): what
    `fold` continues from. The flips between periods follow from the periods themselves; the
    last period keeps only the records that brought it, since its latest repeat depends on
    where the rows end. `omitted`: how many older periods were not read."""
    changes = []
    for before, after in zip(periods, periods[1:]):
        before.to = after.since
        changes.append(Change(
            id=flip_id(after.confirmed_by, confirm),
            from_position=before.position, to_position=after.position,
            from_value=before.value, to_value=after.value,
            date=after.since, confirmed_on=after.confirmed_on,
            from_records=list(before.records), to_records=after.records[:after.established],
            from_value_high=before.value_high, to_value_high=after.value_high,
        ))
    current = periods[-1]
    current.to = None
    del current.records[current.established:]
    return Stance(current=current, pending=None, history=periods[-2::-1], changes=changes, omitted=omitted)


# What the rule made of each record (`fold(..., roles={})` fills them in), so that a chart, an
# audit or the API reads the role instead of guessing it from the positions.
ROLE_SET = "set"                  # the first record: it sets the first position
ROLE_CHANGE = "change"            # an independent source of a change that was confirmed
ROLE_CONFIRM = "confirm"          # the source that confirmed a change (the N-th)
ROLE_REPEAT = "repeat"            # says again the position held at the time: evidence, no change
ROLE_PENDING = "pending"          # a source of a change not (yet) confirmed
ROLE_NOT_COUNTED = "not_counted"  # a change's source already counted (same outlet group, same outlet)
ROLE_SUPERSEDED = "superseded"    # was pending when another change was confirmed first: no longer counts
ROLES = (ROLE_SET, ROLE_CHANGE, ROLE_CONFIRM, ROLE_REPEAT, ROLE_PENDING, ROLE_NOT_COUNTED, ROLE_SUPERSEDED)


def fold(rows: list[Row], confirm: int, start: Stance | None = None,
         roles: dict[int, str] | None = None) -> Stance | None:
    """Apply the rule to one actor's rows on one question, given in ledger order
    (reported_on, then id), already cut to the date and without retracted records.
    With `start` (see `stance_resume`), the rows are those after its current position's
    confirming record, and the fold goes on from there. With `roles`, each row's role
    (`ROLES`) is written into it by record id."""
    if start is None:
        if not rows:
            return None
        first, rows = rows[0], rows[1:]
        current = Period(first.position, first.value, first.reported_on, first.reported_on, [first.id],
                         confirmed_by=first.id, value_high=first.value_high)
        if roles is not None:
            roles[first.id] = ROLE_SET
        periods: list[Period] = []
        changes: list[Change] = []
        omitted = 0
    else:
        current, periods, changes = start.current, start.history[::-1], list(start.changes)
        omitted = start.omitted
    pending: dict[tuple, Pending] = {}
    for index, row in enumerate(rows, start=1):
        key = (row.position, row.value, row.value_high)  # a range and a single figure differ
        if key == (current.position, current.value, current.value_high):
            current.repeat(row.id)  # a repeat: more evidence, no change
            if roles is not None:
                roles[row.id] = ROLE_REPEAT
            continue
        waiting = pending.get(key)
        if waiting is None:
            waiting = pending[key] = Pending(row.position, row.value, row.reported_on, value_high=row.value_high)
        waiting.records.append(row.id)
        waiting.last_index = index
        if row.source not in waiting.sources:
            waiting.sources.append(row.source)
            if roles is not None:
                roles[row.id] = ROLE_PENDING
        elif roles is not None:
            roles[row.id] = ROLE_NOT_COUNTED
        if len(waiting.sources) >= confirm:
            if roles is not None:
                for rid in waiting.records:
                    if roles.get(rid) == ROLE_PENDING:
                        roles[rid] = ROLE_CHANGE
                roles[row.id] = ROLE_CONFIRM
                for other in pending.values():
                    if other is not waiting:
                        for rid in other.records:
                            roles[rid] = ROLE_SUPERSEDED
            changes.append(Change(
                id=flip_id(row.id, confirm),
                from_position=current.position, to_position=row.position,
                from_value=current.value, to_value=row.value,
                date=waiting.date, confirmed_on=row.reported_on,
                from_records=list(current.records), to_records=list(waiting.records),
                from_value_high=current.value_high, to_value_high=row.value_high,
            ))
            current.to = waiting.date
            periods.append(current)
            current = Period(row.position, row.value, waiting.date, row.reported_on, list(waiting.records),
                             confirmed_by=row.id, value_high=row.value_high)
            pending = {}
    latest_pending = max(pending.values(), key=lambda p: p.last_index, default=None)
    return Stance(current=current, pending=latest_pending, history=periods[::-1], changes=changes,
                  omitted=omitted)


def periods_of(stance: Stance) -> list[Period]:
    """All of an actor's confirmed positions, oldest first: what the derived table stores."""
    return [*stance.history[::-1], stance.current]

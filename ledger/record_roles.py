"""What the confirmation rule made of each record as of a day: set the first position,
brought or confirmed a change, repeated the position held, pending, or not counted (see
`positions.ROLES`). Read from the rule itself (`fold(..., roles=...)`), never guessed from
the positions afterwards: a chart, an audit, a record page and the API read the same roles."""
from dataclasses import dataclass
from datetime import date, datetime

from .models import Actor, Story
from .positions import Row, Stance, fold
from .plumbing import record_source, story_cast
from .selectors import records_as_known

# A role in the words a reader sees next to a record.
ROLE_LABELS = {
    "set": "set the first position",
    "change": "an independent source of the change",
    "confirm": "confirmed the change",
    "repeat": "repeats the position held",
    "pending": "pending: a change not confirmed yet",
    "not_counted": "not counted: its outlet group already counted for this change",
    "superseded": "not counted: another change was confirmed first",
}
# Roles that are part of a confirmed position (drawn filled on a chart).
CONFIRMED_ROLES = frozenset({"set", "change", "confirm", "repeat"})


@dataclass
class RecordRoles:
    """Each actor's stance (the same answer `positions_as_of` gives) and every record that
    counts as of the day, in ledger order, each with its `role`."""

    stances: dict[tuple[int, int], Stance]  # by (question id, actor id)
    records: list[dict]

    def role(self, record_id: int) -> str | None:
        return next((r["role"] for r in self.records if r["id"] == record_id), None)


def record_roles(*, story: Story, questions, as_of: date, confirm: int, actor: Actor | None = None,
                 known_at: datetime | None = None) -> RecordRoles:
    """The records of some questions (and one actor, when given) as of `as_of`, folded under
    the rule N = `confirm`, with each record's role: one query."""
    cast = story_cast(story)
    qs = records_as_known(story, as_of=as_of, known_at=known_at).filter(question_id__in=[q.id for q in questions])
    if actor is not None:
        qs = qs.filter(actor=actor)
    records = list(qs.order_by("question_id", "actor_id", "reported_on", "id").values(
        "id", "question_id", "actor_id", "position", "value", "value_high", "reported_on", "outlet_id", "via_id",
        "outlet__key", "outlet__name"))
    pairs: dict[tuple[int, int], list[Row]] = {}
    for r in records:
        r["source"] = record_source(cast.sources, r["outlet_id"], r["id"], r["via_id"])
        pairs.setdefault((r["question_id"], r["actor_id"]), []).append(
            Row(r["id"], r["position"], r["value"], r["reported_on"], r["source"], r["value_high"]))
    roles: dict[int, str] = {}
    stances = {pair: fold(rows, confirm, roles=roles) for pair, rows in pairs.items()}
    for r in records:
        r["role"] = roles[r["id"]]
    return RecordRoles(stances, records)

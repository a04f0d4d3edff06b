"""The confirmation rule (contract section 4): a table of hand-made cases on the pure fold,
then the same rules through the database (groups, wire copies, retractions, known_at)."""
from datetime import date, datetime, timedelta, timezone as tz

import pytest

from ledger.positions import Row, fold
from ledger.selectors import positions_as_of
from ledger.services import retraction_append
from ledger.tests.factories import records_add, story_make

D = date(2025, 3, 1)


def rows(*specs):
    """specs: (position, day offset, source[, value]) in ledger order."""
    return [Row(i, spec[0], spec[3] if len(spec) > 3 else None, D + timedelta(days=spec[1]), spec[2])
            for i, spec in enumerate(specs, start=1)]


def summary(stance):
    """What a reader sees: current position, its since/confirmed days, pending, flips."""
    if stance is None:
        return None
    c = stance.current
    return {
        "current": (c.position, c.value, c.since.day, c.confirmed_on.day),
        "pending": None if stance.pending is None else (stance.pending.position, len(stance.pending.sources)),
        "history": [(p.position, p.since.day, p.to.day) for p in stance.history],
        "flips": [(ch.from_position, ch.to_position, ch.date.day, ch.confirmed_on.day) for ch in stance.changes],
    }


CASES = [
    ("no records, no position", [], 2, None),
    ("first position from one source", rows(("deny", 0, "a")), 2,
     {"current": ("deny", None, 1, 1), "pending": None, "history": [], "flips": []}),
    ("a change from one source is pending, not the position", rows(("deny", 0, "a"), ("affirm", 2, "b")), 2,
     {"current": ("deny", None, 1, 1), "pending": ("affirm", 1), "history": [], "flips": []}),
    ("the same source twice is still one source", rows(("deny", 0, "a"), ("affirm", 2, "b"), ("affirm", 3, "b")), 2,
     {"current": ("deny", None, 1, 1), "pending": ("affirm", 1), "history": [], "flips": []}),
    ("the N-th independent source confirms; date is the first report",
     rows(("deny", 0, "a"), ("affirm", 2, "b"), ("affirm", 4, "c")), 2,
     {"current": ("affirm", None, 3, 5), "pending": None, "history": [("deny", 1, 3)],
      "flips": [("deny", "affirm", 3, 5)]}),
    ("N = 1 confirms every change at once", rows(("deny", 0, "a"), ("affirm", 2, "a"), ("partial", 3, "a")), 1,
     {"current": ("partial", None, 4, 4), "pending": None, "history": [("affirm", 3, 4), ("deny", 1, 3)],
      "flips": [("deny", "affirm", 3, 3), ("affirm", "partial", 4, 4)]}),
    ("a repeat of the current position changes nothing, pending stays",
     rows(("deny", 0, "a"), ("affirm", 1, "b"), ("deny", 2, "c"), ("affirm", 3, "c")), 2,
     {"current": ("affirm", None, 2, 4), "pending": None, "history": [("deny", 1, 2)],
      "flips": [("deny", "affirm", 2, 4)]}),
    ("two pending positions: the first to reach N wins, counts restart",
     rows(("deny", 0, "a"), ("affirm", 1, "b"), ("partial", 2, "c"), ("partial", 3, "d"), ("affirm", 4, "e")), 2,
     {"current": ("partial", None, 3, 4), "pending": ("affirm", 1), "history": [("deny", 1, 3)],
      "flips": [("deny", "partial", 3, 4)]}),
    ("only records after the current confirmation count",
     rows(("deny", 0, "a"), ("affirm", 1, "b"), ("affirm", 2, "c"), ("deny", 3, "d")), 2,
     {"current": ("affirm", None, 2, 3), "pending": ("deny", 1), "history": [("deny", 1, 2)],
      "flips": [("deny", "affirm", 2, 3)]}),
    ("pending shown is the most recently reported one",
     rows(("deny", 0, "a"), ("affirm", 1, "b"), ("partial", 2, "c")), 3,
     {"current": ("deny", None, 1, 1), "pending": ("partial", 1), "history": [], "flips": []}),
    ("numbers: a different value is a change",
     rows(("number", 0, "a", 100000.0), ("number", 1, "b", 100000.0), ("number", 2, "b", 150000.0),
          ("number", 3, "c", 150000.0)), 2,
     {"current": ("number", 150000.0, 3, 4), "pending": None, "history": [("number", 1, 3)],
      "flips": [("number", "number", 3, 4)]}),
    ("numbers: the same value again is a repeat",
     rows(("number", 0, "a", 5.0), ("number", 1, "b", 5.0)), 1,
     {"current": ("number", 5.0, 1, 1), "pending": None, "history": [], "flips": []}),
]


@pytest.mark.parametrize("name,records,confirm,expected", CASES, ids=[c[0] for c in CASES])
def test_rule(name, records, confirm, expected):
    assert summary(fold(records, confirm)) == expected


def test_flip_points_to_records_on_both_sides():
    stance = fold(rows(("deny", 0, "a"), ("deny", 1, "b"), ("affirm", 2, "c"), ("affirm", 3, "d")), 2)
    (flip,) = stance.changes
    assert flip.from_records == [1, 2]
    assert flip.to_records == [3, 4]
    assert flip.id == "4-2"


# --- through the database -------------------------------------------------------------------


def current(story, day, confirm=None, question="device-owned", **kw):
    answer = positions_as_of(story=story, as_of=date.fromisoformat(day), confirm=confirm, **kw)
    by_q = {q.question.key: q for q in answer.questions}
    return {a.actor.key: a.stance for a in by_q[question].actors}


@pytest.mark.django_db
def test_outlets_of_one_group_count_once(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("ministry", "device-owned", "deny", "2025-03-16", "rts"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "n1"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "nova"),  # same owner as n1
    ])
    stance = current(story, "2025-03-20")["ministry"]
    assert stance.current.position == "deny"
    assert stance.pending.position == "affirm" and len(stance.pending.sources) == 1
    records_add(story, [("ministry", "device-owned", "affirm", "2025-03-19", "danas")])
    stance = current(story, "2025-03-20")["ministry"]
    assert (stance.current.position, stance.current.since, stance.current.confirmed_on) == (
        "affirm", date(2025, 3, 18), date(2025, 3, 19))


@pytest.mark.django_db
def test_a_wire_copy_counts_once(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("president", "device-owned", "deny", "2025-03-15", "rts"),
        # one agency excerpt carried by three outlets: one source
        ("president", "device-owned", "affirm", "2025-03-17", "beta", None, ["beta", "danas", "rts"]),
    ])
    stance = current(story, "2025-03-18")["president"]
    assert stance.current.position == "deny"
    assert stance.pending.position == "affirm"


@pytest.mark.django_db
def test_records_after_the_date_do_not_count(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("students", "device-owned", "affirm", "2025-03-15", "n1"),
        ("students", "device-owned", "deny", "2025-03-20", "rts"),
    ])
    assert current(story, "2025-03-14") == {}
    assert current(story, "2025-03-19", confirm=1)["students"].current.position == "affirm"
    assert current(story, "2025-03-20", confirm=1)["students"].current.position == "deny"


@pytest.mark.django_db
def test_a_retraction_reopens_what_the_record_displaced(tmp_path):
    story = story_make(tmp_path)
    deny, a1, a2 = records_add(story, [
        ("ministry", "device-owned", "deny", "2025-03-16", "rts"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "n1"),
        ("ministry", "device-owned", "affirm", "2025-03-19", "danas"),
    ])
    assert current(story, "2025-03-20")["ministry"].current.position == "affirm"
    before_retraction = datetime.now(tz.utc)
    retraction_append(record=a2, reason="misread: the quote is about the Army", retracted_by="editor")
    stance = current(story, "2025-03-20")["ministry"]
    assert stance.current.position == "deny"
    assert stance.pending.position == "affirm" and stance.pending.records == [a1.id]
    # What the ledger knew before the retraction still holds at that moment.
    assert current(story, "2025-03-20", known_at=before_retraction)["ministry"].current.position == "affirm"


@pytest.mark.django_db
def test_known_at_leaves_out_records_stored_later(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [("president", "device-owned", "deny", "2025-03-15", "rts")])
    moment = datetime.now(tz.utc)
    records_add(story, [("president", "device-owned", "affirm", "2025-03-15", "n1")])
    assert current(story, "2025-03-16", confirm=1)["president"].current.position == "affirm"
    assert current(story, "2025-03-16", confirm=1, known_at=moment)["president"].current.position == "deny"


@pytest.mark.django_db
def test_same_day_records_keep_ledger_order(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("president", "device-owned", "deny", "2025-03-15", "rts"),
        ("president", "device-owned", "affirm", "2025-03-15", "n1"),
    ])
    stance = current(story, "2025-03-15", confirm=1)["president"]
    assert stance.current.position == "affirm"
    assert [p.position for p in stance.history] == ["deny"]


@pytest.mark.django_db
def test_number_questions_carry_values(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("ministry", "crowd-size", "number", "2025-03-15", "rts", 107000),
        ("students", "crowd-size", "number", "2025-03-16", "n1", 325000),
    ])
    answer = current(story, "2025-03-20", question="crowd-size")
    assert answer["ministry"].current.value == 107000
    assert answer["students"].current.value == 325000


@pytest.mark.django_db
def test_positions_payload_has_the_contract_shape(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [
        ("ministry", "device-owned", "partial", "2025-03-16", "rts"),
        ("ministry", "device-owned", "affirm", "2025-03-18", "n1"),
        ("ministry", "device-owned", "affirm", "2025-03-19", "danas"),
    ])
    payload = positions_as_of(story=story, as_of=date(2025, 3, 20)).as_dict()
    assert payload["story"] == story.slug and payload["confirm"] == 2
    question = next(q for q in payload["questions"] if q["id"] == "device-owned")
    assert set(question) >= {"id", "text", "kind", "actors"}
    (actor,) = question["actors"]
    assert actor["actor"] == "ministry"
    assert set(actor["current"]) == {"position", "value", "value_high", "since", "confirmed_on", "records"}
    assert actor["current"]["position"] == "affirm"
    assert actor["current"]["since"] == date(2025, 3, 18) and actor["current"]["confirmed_on"] == date(2025, 3, 19)
    assert actor["pending"] is None
    assert [(h["position"], h["from"], h["to"]) for h in actor["history"]] == [
        ("partial", date(2025, 3, 16), date(2025, 3, 18))]
    (change,) = actor["changes"]
    assert {k: change[k] for k in ("from", "to", "date", "confirmed_on")} == {
        "from": "partial", "to": "affirm", "date": date(2025, 3, 18), "confirmed_on": date(2025, 3, 19)}


@pytest.mark.django_db
def test_answers_are_cached_until_the_ledger_moves(tmp_path, django_assert_num_queries):
    story = story_make(tmp_path)
    questions = list(story.questions.select_related("topic"))
    deny, affirm = records_add(story, [
        ("president", "device-owned", "deny", "2025-03-15", "rts"),
        ("president", "device-owned", "affirm", "2025-03-16", "n1"),
    ])

    def ask():
        return positions_as_of(story=story, as_of=date(2025, 3, 20), confirm=1, questions=questions)

    # The chain head (and how far the periods follow it), then the periods with the records
    # after them; the story's actors and outlets were read once when it was loaded.
    with django_assert_num_queries(2):
        first = ask()
    with django_assert_num_queries(1):  # the chain head only: the rest comes from the cache
        assert ask().as_dict() == first.as_dict()
    # An append moves the chain head, and so does a retraction: the next answer is new.
    records_add(story, [("president", "device-owned", "partial", "2025-03-17", "danas")])
    assert positions_as_of(story=story, as_of=date(2025, 3, 20), confirm=1,
                           questions=questions).questions[0].actors[0].stance.current.position == "partial"
    retraction_append(record=affirm, reason="misread", retracted_by="editor")
    stance = ask().questions[0].actors[0].stance
    assert [p.position for p in stance.history] == ["deny"]

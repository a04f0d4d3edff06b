"""Each record's role, said by the rule itself (`fold(..., roles=...)`), and read from the
database by `record_roles`: the same answer as the positions, record for record."""
from datetime import date

import pytest

from ledger.positions import Row, fold
from ledger.record_roles import record_roles
from ledger.selectors import positions_as_of
from ledger.tests.factories import canopy_make, record_add


def row(rid, position, day, source):
    return Row(rid, position, None, date(2025, 3, day), source)


def test_each_record_gets_the_role_the_rule_gave_it():
    rows = [
        row(1, "deny", 1, "united"),     # sets the first position
        row(2, "deny", 2, "rts"),        # repeats it
        row(3, "affirm", 3, "united"),   # a change: first source
        row(4, "affirm", 4, "united"),   # same group again: not counted
        row(5, "partial", 5, "danas"),   # another change, pending
        row(6, "deny", 6, "danas"),      # repeats while changes wait
        row(7, "affirm", 7, "rts"),      # second independent source: confirms the affirm
        row(8, "affirm", 8, "beta"),     # repeats the new position
        row(9, "deny", 9, "rts"),        # a change back, pending
    ]
    roles = {}
    stance = fold(rows, 2, roles=roles)
    assert roles == {1: "set", 2: "repeat", 3: "change", 4: "not_counted", 5: "superseded", 6: "repeat",
                     7: "confirm", 8: "repeat", 9: "pending"}
    assert stance.current.position == "affirm" and stance.pending.records == [9]
    # Asking for roles changes nothing in the answer.
    assert fold(rows, 2) == stance


def test_under_n_1_every_change_confirms_itself():
    roles = {}
    fold([row(1, "deny", 1, "a"), row(2, "affirm", 2, "a"), row(3, "affirm", 3, "b")], 1, roles=roles)
    assert roles == {1: "set", 2: "confirm", 3: "repeat"}


@pytest.mark.django_db
def test_record_roles_read_from_the_ledger_agree_with_positions(tmp_path):
    world = canopy_make(tmp_path)
    story, r = world["story"], world["records"]
    # The students say the same thing eleven times: every repeat is part of the confirmed
    # position, none is pending (the chart drew them hollow when it guessed from the periods).
    repeats = [record_add(story, "students", "device-owned", "affirm", f"2025-03-{day}", "rts") for day in range(17, 28)]
    question = story.questions.get(key="device-owned")
    roled = record_roles(story=story, questions=[question], as_of=date(2025, 3, 28), confirm=2)
    roles = {p["id"]: p["role"] for p in roled.records}
    assert roles[r["students"].id] == "set"
    assert {roles[x.id] for x in repeats} == {"repeat"}
    assert roles[r["deny"].id] == "set" and roles[r["affirm1"].id] == "change" and roles[r["affirm2"].id] == "confirm"
    # As of the 18th, the first affirm is only pending.
    early = record_roles(story=story, questions=[question], as_of=date(2025, 3, 18), confirm=2)
    assert early.role(r["affirm1"].id) == "pending"
    # The stances are the positions' answer.
    answer = positions_as_of(story=story, as_of=date(2025, 3, 28), confirm=2, questions=[question])
    for a in answer.questions[0].actors:
        assert roled.stances[(question.id, a.actor.id)] == a.stance

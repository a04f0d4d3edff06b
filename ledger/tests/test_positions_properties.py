"""Properties of the rule that must hold for any ledger (Hypothesis)."""
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.positions import Row, fold
from ledger.selectors import positions_as_of
from ledger.tests.factories import records_add, story_make

START = date(2025, 1, 1)
POSITIONS = ["affirm", "deny", "partial"]
SOURCES = ["a", "b", "c", "d"]

record_specs = st.lists(
    st.tuples(st.sampled_from(POSITIONS), st.integers(0, 20), st.sampled_from(SOURCES)), max_size=30)


def as_rows(specs):
    specs = sorted(specs, key=lambda s: s[1])  # ledger order: by day; ties keep list order
    return [Row(i, p, None, START + timedelta(days=d), s) for i, (p, d, s) in enumerate(specs, start=1)]


@given(record_specs)
def test_n1_gives_every_change(specs):
    rows = as_rows(specs)
    stance = fold(rows, 1)
    every_change = sum(1 for a, b in zip(rows, rows[1:]) if a.position != b.position)
    assert len(stance.changes if stance else []) == every_change


@given(record_specs, st.integers(1, 4))
def test_larger_n_never_confirms_more_changes(specs, n):
    rows = as_rows(specs)
    fewer, more = fold(rows, n + 1), fold(rows, n)
    assert len(fewer.changes if fewer else []) <= len(more.changes if more else [])


@given(record_specs, st.integers(1, 3))
def test_a_confirmed_change_has_n_independent_sources(specs, n):
    rows = {r.id: r for r in as_rows(specs)}
    stance = fold(list(rows.values()), n)
    for change in stance.changes if stance else []:
        assert len({rows[i].source for i in change.to_records}) >= n
        assert change.date <= change.confirmed_on


# The database, the date filter and known_at: later records never change an earlier answer.
ACTORS = ["president", "students", "ministry"]
OUTLETS = ["n1", "nova", "rts", "danas", "beta"]
db_specs = st.lists(
    st.tuples(st.sampled_from(ACTORS), st.sampled_from(POSITIONS), st.integers(0, 30), st.sampled_from(OUTLETS)),
    min_size=1, max_size=25)


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(before=db_specs, after=db_specs, cut=st.integers(0, 30), n=st.integers(1, 3))
def test_records_reported_after_d_never_change_the_answer_as_of_d(tmp_path, before, after, cut, n):
    story = story_make(tmp_path)
    day = START + timedelta(days=cut)
    records_add(story, [(a, "device-owned", p, START + timedelta(days=d), o) for a, p, d, o in before])
    answer = positions_as_of(story=story, as_of=day, confirm=n).as_dict()
    # Later reports, appended afterwards (so with larger ids too), dated after D.
    records_add(story, [(a, "device-owned", p, day + timedelta(days=1 + d), o) for a, p, d, o in after])
    assert positions_as_of(story=story, as_of=day, confirm=n).as_dict() == answer

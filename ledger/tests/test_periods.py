"""The derived table of confirmed periods must never disagree with the ledger: whatever the
order of appends and retractions, the periods kept in step equal those folded again from
scratch, and every answer read through them equals the answer folded from the records."""
import time
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from ledger.errors import NotFound
from ledger.models import PeriodsHead, PositionPeriod, Question, StanceRecord, Story
from ledger.selectors import (LedgerMark, _positions_compute, ledger_mark, positions_as_of, question_get,
                              story_marked)
from ledger.periods import periods_catch_up, periods_rebuild
from ledger.services import retraction_append
from ledger.positions import stance_cut
from ledger.tests.factories import bundle_load, records_add, story_make, story_toml

START = date(2025, 1, 1)
ACTORS = ["president", "students", "ministry"]
OUTLETS = ["n1", "nova", "rts", "danas", "beta"]
stance_specs = st.tuples(st.just("device-owned"), st.sampled_from(ACTORS),
                         st.sampled_from(["affirm", "deny", "partial"]), st.just(None))
number_specs = st.tuples(st.just("crowd-size"), st.sampled_from(ACTORS), st.just("number"),
                         st.sampled_from([1000.0, 5000.0, 20000.0]))
record_specs = st.tuples(st.one_of(stance_specs, number_specs), st.integers(0, 40), st.sampled_from(OUTLETS))
# A batch of records, then maybe a retraction of one record appended so far (by index).
batches = st.lists(st.tuples(st.lists(record_specs, min_size=1, max_size=12), st.none() | st.integers(0, 10 ** 6)),
                   min_size=1, max_size=5)


def table(story):
    return sorted(PositionPeriod.objects.filter(question__story=story).values_list(
        "question_id", "actor_id", "confirm", "ordinal", "position", "value", "since", "confirmed_on",
        "confirmed_by", "records", "established"))


def both_ways(story, day, confirm):
    """The answer read through the periods and the answer folded from the records."""
    questions = list(story.questions.select_related("topic"))
    mark = ledger_mark(story)
    assert confirm in mark.periods_confirms
    through_periods = _positions_compute(story, questions, day, confirm, None, mark)
    from_records = _positions_compute(story, questions, day, confirm, None, LedgerMark(mark.last_seq, ()))
    return through_periods.as_dict(), from_records.as_dict()


def append_and_retract(story, batches):
    """Append the batches (and their retractions), yielding after each."""
    appended = []
    for specs, retract in batches:
        # Days in any order: a batch may land before a pair's last confirmed position
        # (folded again) or after it (continued).
        appended += records_add(story, [(actor, question, position, START + timedelta(days=d), outlet, value)
                                   for (question, actor, position, value), d, outlet in specs])
        live = [r for r in appended if not hasattr(r, "retraction")]
        if retract is not None and live:
            victim = live[retract % len(live)]
            victim.retraction = retraction_append(record=victim, reason="misread", retracted_by="editor")
        yield


@pytest.mark.django_db
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=batches, days=st.lists(st.integers(0, 45), min_size=3, max_size=3))
def test_kept_periods_equal_a_rebuild_and_answer_as_the_records_do(tmp_path, batches, days):
    story = story_make(tmp_path)
    for _ in append_and_retract(story, batches):
        assert ledger_mark(story).periods_confirms == (1, 2, 3)  # every append kept them in step
        kept = table(story)
        periods_rebuild(story)
        assert kept == table(story)
    for d in days:
        for confirm in (1, 2, 3):
            through_periods, from_records = both_ways(story, START + timedelta(days=d), confirm)
            assert through_periods == from_records


def newest(answer, keep: int) -> list:
    """Each actor's stance with only its newest `keep` earlier positions and flips, and the
    count of those left out."""
    return [(a.actor.key, a.as_dict(), a.stance.omitted)
            for qp in answer.questions for a in qp.actors
            for _ in [stance_cut(a.stance, keep)]]


@pytest.mark.django_db
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=batches, day=st.integers(0, 45), keep=st.integers(0, 3))
def test_an_answer_keeping_the_newest_history_is_the_whole_answer_cut(tmp_path, batches, day, keep):
    story = story_make(tmp_path)
    for _ in append_and_retract(story, batches):
        pass
    questions = list(story.questions.select_related("topic"))
    mark = ledger_mark(story)
    behind = LedgerMark(mark.last_seq, ())
    for confirm in (1, 2):
        whole = _positions_compute(story, questions, START + timedelta(days=day), confirm, None, behind)
        expected = newest(whole, keep)
        for way in (mark, behind):  # through the periods (reading only the newest), from the records
            cut = _positions_compute(story, questions, START + timedelta(days=day), confirm, None, way, keep)
            assert [(a.actor.key, a.as_dict(), a.stance.omitted) for qp in cut.questions for a in qp.actors] \
                == expected


@pytest.mark.django_db
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=batches)
def test_periods_left_behind_are_caught_up_to_what_a_rebuild_gives(tmp_path, batches):
    story = story_make(tmp_path)
    # An append folds at most 2 records a pair itself: past that, it leaves the periods
    # behind (answers then come from the records) for the catch-up.
    with override_settings(LEDGER_PERIODS_SYNC_ROWS=2):
        for _ in append_and_retract(story, batches):
            if not ledger_mark(story).periods_confirms:
                assert periods_catch_up(story)
            assert ledger_mark(story).periods_confirms == (1, 2, 3)
            kept = table(story)
            periods_rebuild(story)
            assert kept == table(story)


def five_reports(story):
    return records_add(story, [("ministry", "device-owned", position, f"2025-03-{day}", outlet) for position, day, outlet in [
        ("deny", 10, "rts"), ("affirm", 11, "n1"), ("affirm", 12, "danas"), ("affirm", 13, "beta"),
        ("deny", 14, "rts")]])


@pytest.mark.django_db
def test_an_append_past_its_budget_leaves_the_periods_behind_for_the_catch_up(tmp_path):
    story = story_make(tmp_path)
    with override_settings(LEDGER_PERIODS_SYNC_ROWS=2):
        five_reports(story)
    assert ledger_mark(story).periods_confirms == ()
    through_records = _positions_compute(story, list(story.questions.select_related("topic")), date(2025, 3, 20),
                                         2, None, ledger_mark(story)).as_dict()
    assert periods_catch_up(story) and not periods_catch_up(story)  # the second finds nothing to do
    assert both_ways(story, date(2025, 3, 20), 2) == (through_records, through_records)


@pytest.mark.worker
def test_a_worker_catches_up_what_an_append_left_behind(celery_worker, tmp_path):
    worker = celery_worker()
    story = story_make(tmp_path)
    with override_settings(LEDGER_PERIODS_SYNC_ROWS=2):
        five_reports(story)  # committed: the append asks a worker to catch the periods up
    deadline = time.monotonic() + 30
    while ledger_mark(story).periods_confirms != (1, 2, 3) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "periods_catch_up_task" in worker.log.read_text() and "succeeded" in worker.log.read_text()
    kept = table(story)
    periods_rebuild(story)
    assert kept == table(story) and kept


@pytest.mark.django_db
def test_an_n_without_periods_and_a_story_behind_are_answered_from_the_records(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [("students", "device-owned", "affirm", "2025-03-15", "n1"),
                   ("students", "device-owned", "deny", "2025-03-16", "rts"),
                   ("students", "device-owned", "deny", "2025-03-17", "danas")])
    assert ledger_mark(story).periods_confirms == (1, 2, 3)
    assert PositionPeriod.objects.filter(question__story=story, confirm=2).count() == 2
    # N = 4 is not kept: no periods for it, and the answer still comes (from the records).
    assert not PositionPeriod.objects.filter(confirm=4).exists()
    questions = list(story.questions.select_related("topic"))
    four = _positions_compute(story, questions, date(2025, 3, 20), 4, None, ledger_mark(story)).as_dict()
    assert four["questions"][0]["actors"][0]["pending"]["sources"] == 2
    # Periods that fell behind the chain head are not read (and appends do not move them).
    PeriodsHead.objects.filter(story=story).update(last_seq=0)
    assert ledger_mark(story).periods_confirms == ()
    records_add(story, [("students", "device-owned", "affirm", "2025-03-18", "beta")])
    assert PeriodsHead.objects.get(story=story).last_seq == 0
    periods_rebuild(story)
    assert ledger_mark(story).periods_confirms == (1, 2, 3)


@pytest.mark.django_db
def test_a_story_read_with_its_mark_is_the_story_the_orm_reads(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [("students", "device-owned", "affirm", "2025-03-15", "n1")])
    read, mark = story_marked(story.slug)
    orm = Story.objects.get(slug=story.slug)
    for field in Story._meta.concrete_fields:
        ours, theirs = getattr(read, field.attname), getattr(orm, field.attname)
        assert (ours, type(ours)) == (theirs, type(theirs)), field.name
    assert read.config["slug"] == story.slug and read.loaded_at.tzinfo is not None
    assert mark == ledger_mark(orm) == LedgerMark(1, (1, 2, 3))
    with pytest.raises(NotFound, match="unknown story 'nope'"):
        story_marked("nope")


@pytest.mark.django_db
@override_settings(LEDGER_POSITIONS_CACHE_SECONDS=0)
def test_positions_reads_run_as_statements_planned_once(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [("students", "device-owned", "affirm", "2025-03-15", "n1"),
                   ("students", "device-owned", "deny", "2025-03-16", "rts")])
    for day in (date(2025, 3, 15), date(2025, 3, 16), date(2025, 3, 17)):
        positions_as_of(story=story, as_of=day, confirm=1)
        positions_as_of(story=story, as_of=day, confirm=5)  # not kept: from the records
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")
        plans = {statement: (generic, custom) for statement, generic, custom in cursor.fetchall()}
    # Each of the three reads is one prepared statement, planned once and reused (the
    # periods query was answered three times, and so was the one from the records).
    periods = [counts for statement, counts in plans.items() if statement.lstrip().startswith("WITH periods AS")]
    records = [counts for statement, counts in plans.items()
               if statement.lstrip().startswith("SELECT r.id, r.question_id, r.actor_id")]
    marks = [counts for statement, counts in plans.items() if "FROM ledger_chainhead" in statement]
    assert periods == [(3, 0)] and records == [(3, 0)] and marks == [(6, 0)], plans
    # and Django's query log still shows what ran
    with CaptureQueriesContext(connection) as log:
        positions_as_of(story=story, as_of=date(2025, 3, 18), confirm=1)
    assert [q["sql"].split()[0] for q in log.captured_queries] == ["SELECT", "WITH"], log.captured_queries


@pytest.mark.django_db
def test_a_new_configuration_rebuilds_the_periods(tmp_path):
    # n1 and nova are one group: two reports from them confirm nothing under N = 2 ...
    story = story_make(tmp_path, slug="regroup")
    records_add(story, [("ministry", "device-owned", "deny", "2025-03-10", "rts"),
                   ("ministry", "device-owned", "affirm", "2025-03-11", "n1"),
                   ("ministry", "device-owned", "affirm", "2025-03-12", "nova")])
    through_periods, _ = both_ways(story, date(2025, 3, 20), 2)
    assert through_periods["questions"][0]["actors"][0]["current"]["position"] == "deny"
    # ... until the bundle says they are independent.
    story = bundle_load(tmp_path / "regroup", story_toml("regroup", outlets={"n1": {"group": None}}))
    through_periods, from_records = both_ways(story, date(2025, 3, 20), 2)
    assert through_periods == from_records
    assert through_periods["questions"][0]["actors"][0]["current"]["position"] == "affirm"


@pytest.mark.django_db
def test_rebuild_holds_every_pair_and_kept_n(tmp_path):
    story = story_make(tmp_path)
    records_add(story, [(a, "device-owned", "affirm", "2025-02-01", "rts") for a in ACTORS])
    assert periods_rebuild(story) == 3 * 3  # three actors, one period each, for N = 1, 2, 3
    assert StanceRecord.objects.filter(story=story).count() == 3


@pytest.mark.django_db
def test_a_load_that_rolled_back_leaves_nothing_stale_behind(tmp_path):
    # The story's cast (actors, outlets, questions) is read once per load of its bundle: a
    # load that rolled back and came again is a new load, with the new rows' ids.
    story_make(tmp_path, slug="again")
    toml = story_toml("again", questions={"extra": {"topic": "march-15", "text": "Was it tested?"}})
    with pytest.raises(RuntimeError), transaction.atomic():
        bundle_load(tmp_path / "again", toml)
        raise RuntimeError("the load's transaction ends here, rolled back")
    story = bundle_load(tmp_path / "again", toml)
    assert question_get(story, "extra").id == Question.objects.get(story=story, key="extra").id
    records_add(story, [("students", "extra", "affirm", "2025-03-15", "n1")])
    answer = positions_as_of(story=story, as_of=date(2025, 3, 20), confirm=1, questions=[question_get(story, "extra")])
    assert answer.questions[0].actors[0].stance.current.position == "affirm"



def pairs_read(monkeypatch) -> list:
    """The (question, actor) pair of each read of records the periods ask for, as they ask."""
    from ledger import periods

    asked, real = [], periods.rows_wanted
    monkeypatch.setattr(periods, "rows_wanted", lambda cast, wanted, **kw: asked.extend(
        (w.question_id, w.actor_id) for w in wanted.values()) or real(cast, wanted, **kw))
    return asked


@pytest.mark.django_db
@pytest.mark.parametrize("before, batch", [
    # each N's last period is the same: one read of the changes after it, not one per N
    ([("deny", 10, "rts")], [("affirm", 11, "n1")]),
    # each N's last period confirmed on another day, all the same position: the records after
    # the earliest hold the others'; each N confirms something new: all the records after the
    # earliest of their periods, once
    ([("deny", 10, "rts"), ("deny", 12, "n1"), ("deny", 14, "danas")],
     [("affirm", 15, "beta"), ("affirm", 16, "nova"), ("affirm", 17, "rts")]),
    # a record dated before N = 3's last period: the pair is read whole, which holds the others'
    ([("deny", 10, "rts"), ("deny", 12, "n1"), ("deny", 14, "danas")], [("affirm", 13, "beta")]),
])
def test_an_append_reads_a_pairs_records_once_where_one_read_holds_another(tmp_path, monkeypatch, before, batch):
    story = story_make(tmp_path)
    day = "2025-03-{}".format
    records_add(story, [("ministry", "device-owned", p, day(d), o) for p, d, o in before])
    asked = pairs_read(monkeypatch)
    records_add(story, [("ministry", "device-owned", p, day(d), o) for p, d, o in batch])
    # what is newly confirmed, then every record after the periods that confirmed something
    assert asked == [asked[0]] * 2
    assert ledger_mark(story).periods_confirms == (1, 2, 3)
    kept = table(story)
    periods_rebuild(story)
    assert kept == table(story)


@pytest.mark.django_db
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=batches, data=st.data())
def test_reading_a_pair_once_gives_each_read_its_own_rows(tmp_path, batches, data):
    # each read's rows as if it were read alone, or, under a budget, a give-up either way
    from ledger.periods import _rows_read
    from ledger.plumbing import RowsWanted, rows_wanted, story_cast

    story = story_make(tmp_path)
    for _ in append_and_retract(story, batches):
        pass
    cast = story_cast(story)
    records = list(StanceRecord.objects.filter(story=story).values_list("question_id", "actor_id", "reported_on", "id"))
    pairs = sorted({r[:2] for r in records})
    points = [(date.min, 0), (START + timedelta(days=20), 0)] + [(day, rid) for _, _, day, rid in records]
    unlike = [None, ("deny", None, None), ("affirm", None, None), ("number", 5000.0, None)]
    wanted = {}
    for k in range(data.draw(st.integers(1, 8))):
        pair = data.draw(st.sampled_from(pairs))
        wanted[(*pair, k)] = RowsWanted(*pair, data.draw(st.sampled_from(points)), data.draw(st.sampled_from(unlike)))
    limit = data.draw(st.sampled_from([None, 1, 2, 3]))
    alone, once = rows_wanted(cast, wanted, limit=limit), _rows_read(cast, wanted, limit)
    gives_up = limit is not None and any(len(found) >= limit for found in alone.values())
    assert gives_up == (limit is not None and any(len(found) >= limit for found in once.values()))
    if not gives_up:
        assert {k: alone.get(k, []) for k in wanted} == {k: once.get(k, []) for k in wanted}

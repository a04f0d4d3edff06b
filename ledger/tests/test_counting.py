"""One condition for "the records that count as of D" (`plumbing.counting_sql`): the
queryset charts and retention read (`records_as_known`) holds exactly the records the
positions fold, read from the records and from the periods' pair reads, for every day and
every moment the ledger knew, around appends and retractions."""
from datetime import date, timedelta

import pytest
from django.utils import timezone

from ledger.plumbing import RowsWanted, rows_wanted, story_cast
from ledger.selectors import _position_rows, records_as_known
from ledger.services import retraction_append
from ledger.tests.factories import records_add, story_make


@pytest.mark.django_db
def test_records_as_known_and_the_positions_reads_hold_the_same_records(tmp_path):
    story = story_make(tmp_path)
    first = records_add(story, [
        ("ministry", "device-owned", "deny", "2025-03-10", "rts"),
        ("ministry", "device-owned", "affirm", "2025-03-12", "n1"),
        ("president", "device-owned", "deny", "2025-03-12", "danas"),
        ("students", "crowd-size", "number", "2025-03-11", "beta", 1000),
    ])
    before_retraction = timezone.now()
    retraction_append(record=first[1], reason="misread", retracted_by="editor")
    records_add(story, [("ministry", "device-owned", "affirm", "2025-03-14", "beta"),
                   ("president", "device-owned", "partial", "2025-03-09", "rts")])
    cast = story_cast(story)
    question_ids = [q.id for q in cast.questions.values()]
    pairs = {(r.question_id, r.actor_id) for r in story.records.all()}
    for known_at in (None, before_retraction):
        for day in (date(2025, 3, 9) + timedelta(days=n) for n in range(7)):
            orm = set(records_as_known(story, as_of=day, known_at=known_at).values_list("id", flat=True))
            sql = {row.id for rows in _position_rows(cast, question_ids, day, known_at).values() for row in rows}
            assert orm == sql, (day, known_at)
            if known_at is None:
                by_pair = rows_wanted(cast, {pair: RowsWanted(*pair) for pair in pairs}, as_of=day)
                assert {row.id for rows in by_pair.values() for row in rows} == orm, day
    assert first[1].id not in set(records_as_known(story, as_of=date(2025, 3, 31)).values_list("id", flat=True))
    assert first[1].id in set(records_as_known(story, as_of=date(2025, 3, 31), known_at=before_retraction)
                              .values_list("id", flat=True))

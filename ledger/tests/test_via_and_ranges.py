"""`via` (a report credited to another outlet counts as that outlet's source) and
`value_high` (a range is a position of its own), through the database, the periods, import
and export (contract sections 3 and 4)."""
import json
from datetime import date

import pytest
from django.core.management import call_command

from ledger.models import StanceRecord
from ledger.selectors import positions_as_of
from ledger.plumbing import story_cast
from ledger.tests.factories import record_draft, records_add, story_make

AS_OF = date(2025, 3, 31)


def add(story, rows):
    """rows: (actor, question, position, day, outlet, via, value, value_high)."""
    outlets = story_cast(story).outlets
    return records_add(story, [
        record_draft(story, a, q, p, d, o, value=value, value_high=high, via=outlets[v] if v else None,
                     url=f"https://{o}.example/{i}", quote="...")
        for i, (a, q, p, d, o, v, value, high) in enumerate(rows)])

def current(story, question, actor, *, periods: bool):
    from django.test import override_settings

    with override_settings(LEDGER_POSITIONS_CACHE_SECONDS=0, LEDGER_PERIOD_CONFIRMS=[2] if periods else []):
        if not periods:  # the periods head of another N set: answers come from the records
            from ledger.models import PeriodsHead
            PeriodsHead.objects.filter(story=story).update(confirms=[9])
        from ledger.selectors import ledger_mark
        assert (2 in ledger_mark(story).periods_confirms) == periods
        answer = positions_as_of(story=story, as_of=AS_OF, confirm=2).as_dict()
    found = [a for q in answer["questions"] if q["id"] == question for a in q["actors"] if a["actor"] == actor]
    return found[0] if found else None


@pytest.mark.django_db
@pytest.mark.parametrize("periods", [True, False])
def test_a_report_credited_to_another_outlet_counts_as_that_outlets_source(tmp_path, periods):
    story = story_make(tmp_path)
    add(story, [
        ("president", "device-owned", "deny", "2025-03-10", "rts", None, None, None),
        # RTS carries what N1 reported: N1's group is the source, and N1 confirms nothing new.
        ("president", "device-owned", "affirm", "2025-03-11", "rts", "n1", None, None),
        ("president", "device-owned", "affirm", "2025-03-12", "nova", None, None, None),
    ])
    a = current(story, "device-owned", "president", periods=periods)
    assert a["current"]["position"] == "deny"
    assert a["pending"]["position"] == "affirm" and a["pending"]["sources"] == 1
    # Another group brings the second source.
    add(story, [("president", "device-owned", "affirm", "2025-03-13", "n1", "danas", None, None)])
    a = current(story, "device-owned", "president", periods=periods)
    assert a["current"]["position"] == "affirm" and a["current"]["since"] == date(2025, 3, 11)


@pytest.mark.django_db
@pytest.mark.parametrize("periods", [True, False])
def test_a_range_and_a_single_figure_are_different_positions(tmp_path, periods):
    story = story_make(tmp_path)
    add(story, [
        ("students", "crowd-size", "number", "2025-03-15", "rts", None, 275000, None),
        ("students", "crowd-size", "number", "2025-03-16", "danas", None, 275000, 325000),
        ("students", "crowd-size", "number", "2025-03-16", "beta", None, 275000, 325000),
        ("students", "crowd-size", "number", "2025-03-17", "beta", None, 275000, 325000),  # a repeat
    ])
    a = current(story, "crowd-size", "students", periods=periods)
    assert (a["current"]["value"], a["current"]["value_high"]) == (275000, 325000)
    assert a["history"][0]["value"] == 275000 and a["history"][0]["value_high"] is None
    change = a["changes"][0]
    assert (change["from_value_high"], change["to_value_high"]) == (None, 325000)


@pytest.mark.django_db
def test_via_value_high_and_rationale_go_out_and_come_back(tmp_path):
    story = story_make(tmp_path, slug="source")
    add(story, [("students", "crowd-size", "number", "2025-03-16", "rts", "n1", 275000, 325000)])
    out = tmp_path / "out.jsonl"
    call_command("export_records", "source", "--out", str(out))
    line = json.loads(out.read_text())
    assert (line["via"], line["value"], line["value_high"]) == ("n1", 275000, 325000)
    record = StanceRecord.objects.get(story=story)
    assert (line["seq"], line["hash"]) == (record.seq, record.hash)
    story_make(tmp_path, slug="copy")
    call_command("import_records", "copy", str(out))
    copied = StanceRecord.objects.get(story__slug="copy")
    assert (copied.via.key, copied.value, copied.value_high) == ("n1", 275000, 325000)
    assert copied.seq == 1  # the file's seq and hash are the source ledger's, not this one's


@pytest.mark.django_db
def test_a_range_must_run_upwards_and_only_on_number_questions(tmp_path, capsys):
    story = story_make(tmp_path)
    base = {"actor": "students", "question": "crowd-size", "position": "number", "reported_on": "2025-03-16",
            "outlet": "rts", "url": "https://rts.example/1", "quote": "..."}
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in [
        {**base, "value": 300000, "value_high": 200000},
        {**base, "question": "device-owned", "position": "deny", "value_high": 5},
        {**base, "value": 1, "via": "nowhere"},
        {**base, "value": 1, "value_high": 2, "via": "n1"},
    ]) + "\n")
    call_command("import_records", story.slug, str(path))
    out, err = capsys.readouterr()
    assert "1 records appended, 3 lines rejected" in out
    assert ":1: rejected: value_high" in err and ":2: rejected: question 'device-owned'" in err
    assert ":3: rejected: unknown outlet 'nowhere' in via" in err

"""Scoring against an answer key (contract section 7), on a hand-worked example and on the
demo story's own key."""
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from ledger.bundle import story_load
from ledger.tests.factories import records_add, story_make

ROOT = Path(__file__).resolve().parents[2]
KEY = [
    {"actor": "president", "question": "device-owned", "position": "deny", "date": "2025-01-05"},
    {"actor": "president", "question": "device-owned", "position": "affirm", "date": "2025-01-10"},
]


@pytest.fixture
def scored(db, tmp_path):
    story = story_make(tmp_path, slug="scored")
    key = tmp_path / "key.jsonl"
    key.write_text("".join(json.dumps(line) + "\n" for line in KEY))
    records_add(story, [
        ("president", "device-owned", "deny", "2025-01-05", "rts"),
        ("president", "device-owned", "affirm", "2025-01-10", "n1"),
        ("students", "device-owned", "affirm", "2025-01-05", "rts"),  # not in the key
        ("students", "device-owned", "deny", "2025-01-08", "rts"),
    ])

    def run(confirm):
        out = tmp_path / f"scores-{confirm}.json"
        call_command("evaluate", "scored", "--key", str(key), "--confirm", str(confirm), "--json", str(out))
        return json.loads(out.read_text())

    return run


def test_hand_worked_scores_with_one_source(scored):
    # Asked: 01-04, 01-06, 01-09, 01-11, 01-12, 01-17. Expected positions: 5 (none on 01-04);
    # expected changes: deny -> affirm, asked on 01-11, 01-12 and 01-17.
    scores = scored(1)
    assert scores["dated_questions"] == 6
    o = scores["overall"]
    assert (o["expected_positions"], o["positions_right"], o["current_accuracy"]) == (5, 5, 1.0)
    assert (o["expected_changes"], o["changes_found"], o["change_recall"]) == (3, 3, 1.0)
    # The students' flip (asked on 4 dates) is in no key: 4 false changes.
    assert (o["reported_changes"], o["false_changes"], o["change_precision"]) == (7, 4, round(3 / 7, 4))
    assert scores["per_topic"]["march-15"]["current_accuracy"] == 1.0
    assert scores["retention"][1] == {"date": "2025-01-15", "statements": 2, "held": 2, "share": 1.0}


def test_hand_worked_scores_with_two_sources(scored):
    # The President's affirm has one source: pending under N = 2, so deny stays current.
    o = scored(2)["overall"]
    assert (o["positions_right"], o["current_accuracy"]) == (2, 0.4)
    assert (o["changes_found"], o["change_recall"]) == (0, 0.0)
    assert (o["reported_changes"], o["change_precision"]) == (0, None)


@pytest.mark.django_db
def test_the_demo_key_imported_as_records_scores_one(tmp_path):
    story, _ = story_load(ROOT / "fixtures" / "canopy")
    call_command("import_records", story.slug, str(ROOT / "fixtures" / "canopy" / "answer_key.jsonl"))
    out = tmp_path / "scores.json"
    call_command("evaluate", story.slug, "--confirm", "1", "--json", str(out))
    scores = json.loads(out.read_text())
    assert scores["key_statements"] >= 60
    o = scores["overall"]
    assert (o["current_accuracy"], o["change_recall"], o["change_precision"]) == (1.0, 1.0, 1.0)
    assert o["expected_changes"] >= 10
    assert all(point["share"] in (None, 1.0) for point in scores["retention"])

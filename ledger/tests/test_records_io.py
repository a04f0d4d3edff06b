"""import_records and export_records (contract section 3)."""
import json

import pytest
from django.core.management import call_command

from ledger.models import StanceRecord
from ledger.selectors import positions_as_of
from ledger.services import retraction_append
from ledger.tests.factories import records_add, story_make
from datetime import date


@pytest.mark.django_db
def test_import_rejects_lines_that_do_not_fit_and_keeps_the_rest(tmp_path, capsys):
    story = story_make(tmp_path)
    good = {"actor": "president", "question": "device-owned", "position": "deny", "reported_on": "2025-03-16",
            "outlet": "rts", "url": "https://rts.example/1", "quote": "We have no such thing."}
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "actor": "nobody"}),
        json.dumps({**good, "position": "maybe"}),
        json.dumps({**good, "reported_on": "16 March"}),
        json.dumps({**good, "question": "crowd-size"}),  # a number question without a value
        json.dumps({**good, "outlet": "unknown-outlet"}),
        "",
        json.dumps({**good, "position": "affirm", "id": 99, "recorded_at": "2020-01-01T00:00:00Z", "retracted": True}),
    ]
    path = tmp_path / "records.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode() + b'{"quote": "\xff"}\n')
    call_command("import_records", story.slug, str(path))
    out, err = capsys.readouterr()
    assert f"{story.slug}: 2 records appended, 7 lines rejected" in out
    rejected = [line.split(": rejected: ") for line in err.strip().splitlines()]
    assert [(where.rsplit(":", 1)[1], why.split(":")[0].split(" ")[0]) for where, why in rejected] == [
        ("2", "invalid"), ("3", "unknown"), ("4", "position"), ("5", "bad"), ("6", "question"),
        ("7", "unknown"), ("10", "not")]
    second = StanceRecord.objects.get(story=story, position="affirm")
    assert second.id != 99 and second.recorded_at.year > 2020 and not hasattr(second, "retraction")
    assert second.extractor == "import/records.jsonl" and second.outlets == ["rts"]


@pytest.mark.django_db
def test_an_export_reimported_into_an_empty_story_gives_the_same_positions(tmp_path):
    source = story_make(tmp_path, slug="source")
    records = records_add(source, [
        ("ministry", "device-owned", "deny", "2025-03-16", "rts"),
        ("ministry", "device-owned", "partial", "2025-03-17", "n1", None, ["n1", "nova"]),
        ("ministry", "device-owned", "affirm", "2025-03-18", "danas"),
        ("ministry", "device-owned", "affirm", "2025-03-19", "beta"),
        ("students", "crowd-size", "number", "2025-03-16", "n1", 325000),
        ("president", "device-owned", "deny", "2025-03-16", "rts"),
        ("president", "device-owned", "affirm", "2025-03-18", "rts"),
    ])
    retraction_append(record=records[-1], reason="wrong", retracted_by="editor")
    out = tmp_path / "export.jsonl"
    call_command("export_records", "source", "--out", str(out))
    exported = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(exported) == 7 and exported[-1]["retracted"] is True
    assert set(exported[0]) == {"id", "story", "actor", "question", "position", "value", "value_high", "reported_on",
                                "outlet", "via", "outlets", "url", "quote", "excerpt", "extractor", "confidence",
                                "rationale", "recorded_at", "retracted", "seq", "hash"}
    # Retracted records are carried as records; the copy drops them as its own retraction would.
    kept = tmp_path / "kept.jsonl"
    kept.write_text("".join(json.dumps(r) + "\n" for r in exported if not r["retracted"]))
    copy = story_make(tmp_path, slug="copy")
    call_command("import_records", "copy", str(kept))

    def answer(story):
        payload = positions_as_of(story=story, as_of=date(2025, 3, 31)).as_dict()
        return [(q["id"], a["actor"], a["current"]["position"], a["current"]["value"], a["current"]["since"],
                 len(a["changes"]), a["pending"] and a["pending"]["position"])
                for q in payload["questions"] for a in q["actors"]]

    assert answer(copy) == answer(source)

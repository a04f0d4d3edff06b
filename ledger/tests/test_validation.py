"""One check for every way into the ledger (`ledger.validation`): an import refuses each bad
line alone, with its number and reason, and keeps the rest; the append itself refuses what
an extractor or a form might pass."""
import json
from datetime import date

import pytest
from django.core.management import call_command

from ledger.errors import LedgerError
from ledger.models import StanceRecord
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append
from ledger.tests.factories import story_make
from ledger.validation import records_valid

GOOD = {"actor": "president", "question": "device-owned", "position": "deny", "reported_on": "2025-03-16",
        "outlet": "rts", "url": "https://rts.example/1", "quote": "We have no such thing."}
CROWD = {**GOOD, "question": "crowd-size", "position": "number", "value": 1000}

BAD_LINES = [  # (line, the start of its reason)
    (json.dumps({**GOOD, "quote": "a NUL \x00 here"}), "quote holds a NUL character"),
    (json.dumps({**GOOD, "quote": "half a pair \ud800"}), "quote holds a lone surrogate"),
    ('{"actor": "students", "question": "crowd-size", "position": "number", "value": NaN, "reported_on": "2025-03-16"}',
     "value must be a finite number"),
    ('{"actor": "students", "question": "crowd-size", "position": "number", "value": Infinity, "reported_on": "2025-03-16"}',
     "value must be a finite number"),
    (json.dumps({**GOOD, "url": "javascript:alert(1)"}), "url must be an http(s) URL"),
    (json.dumps({**CROWD, "value": -5}), "value must be a count, 0 or more"),
    (json.dumps({**CROWD, "value": True}), "value must be a number, not True"),
    (json.dumps({**GOOD, "reported_on": "0001-01-01"}), "reported_on 0001-01-01 is outside the story"),
    (json.dumps({**GOOD, "reported_on": "9999-12-31"}), "reported_on 9999-12-31 is outside the story"),
    (json.dumps({**GOOD, "quote": "x" * 2_400_000}), "quote is 2400000 characters long"),
    (json.dumps({**GOOD, "url": "https://rts.example/" + "a" * 1000}), "url is 1020 characters long"),
    ("[" * 100_000 + "]" * 100_000, "invalid JSON: nested too deeply"),
    (json.dumps({**GOOD, "outlets": [{"no": "key"}]}), "outlets must list known outlets"),
    (json.dumps({**GOOD, "actor": ["president"]}), "unknown actor"),
    (json.dumps({**GOOD, "confidence": 7}), "confidence must be between 0 and 1"),
]


@pytest.mark.django_db
def test_an_import_refuses_each_bad_line_alone_and_keeps_every_good_one(tmp_path, capsys):
    story = story_make(tmp_path)
    lines = []
    for bad, _ in BAD_LINES:  # a good line between every two bad ones
        lines += [json.dumps({**GOOD, "quote": f"good {len(lines)}"}), bad]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    call_command("import_records", story.slug, str(path))
    out, err = capsys.readouterr()
    assert f"{story.slug}: {len(BAD_LINES)} records appended, {len(BAD_LINES)} lines rejected" in out
    rejected = [line.split(": rejected: ", 1) for line in err.strip().splitlines()]
    assert [int(where.rsplit(":", 1)[1]) for where, _ in rejected] == list(range(2, 2 * len(BAD_LINES) + 1, 2))
    for (_, why), (_, expected) in zip(rejected, BAD_LINES):
        assert why.startswith(expected), (why, expected)
    assert StanceRecord.objects.filter(story=story).count() == len(BAD_LINES)
    # What went in exports as strict JSON: no bare NaN, nothing a reader cannot parse.
    out_file = tmp_path / "out.jsonl"
    call_command("export_records", story.slug, "--out", str(out_file))

    def refuse(constant):
        raise ValueError(constant)

    assert len([json.loads(line, parse_constant=refuse) for line in out_file.read_text().splitlines()]) == len(BAD_LINES)


@pytest.mark.django_db
def test_the_append_refuses_what_an_extractor_or_a_form_might_pass(tmp_path):
    story = story_make(tmp_path)
    index = story_cast(story)

    def draft(**changes):
        fields = dict(actor=index.actors["students"], question=index.questions["crowd-size"], position="number",
                      value=300000.0, reported_on=date(2025, 3, 16), extractor="rules/1", outlet=index.outlets["n1"],
                      outlets=["n1"], url="https://n1.example/1", quote="300,000 people")
        return RecordDraft(**{**fields, **changes})

    bad = [draft(value=float("nan")), draft(value=float("inf")), draft(reported_on=date(2024, 1, 1)),
           draft(quote="\x00"), draft(url="ftp://n1.example/1"), draft(value=-1.0), draft(confidence=float("nan"))]
    for one in bad:
        with pytest.raises(LedgerError):
            records_append(story=story, drafts=[draft(), one])
    assert not StanceRecord.objects.filter(story=story).exists()  # refused before anything was written
    good, refused = records_valid([draft(), *bad, draft(value=1.0)], story)
    assert len(good) == 2 and len(refused) == len(bad)
    assert len(records_append(story=story, drafts=good)) == 2
    # Asked to, the append itself leaves a refused draft out alone, with its reason.
    refused = []
    appended = records_append(story=story, drafts=[draft(), *bad, draft(value=1.0)], refused=refused)
    assert [r.value for r in appended] == [300000.0, 1.0]
    assert [d for d, _ in refused] == bad and all(reason for _, reason in refused)
    assert StanceRecord.objects.filter(story=story).count() == 4

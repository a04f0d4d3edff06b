"""The commands as a user runs them: exit status 0 on success, non-zero with one line."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from ledger.models import PositionPeriod
from ledger.tests.factories import canopy_make, excerpt_make

from conftest import database_url

ROOT = Path(__file__).resolve().parents[2]


def manage(*args):
    env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict)}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.django_db(transaction=True)
def test_commands_exit_status_and_one_line_reasons(tmp_path):
    ok = manage("load_story", "fixtures/canopy")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith("canopy: loaded")

    missing = manage("verify_ledger", "no-such-story")
    assert missing.returncode != 0
    assert missing.stderr.strip().splitlines() == ["CommandError: unknown story 'no-such-story'"]

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "story.toml").write_text('slug = "x"\ntitle = "X"\nstart = 2025-02-01\nend = 2025-01-01\n')
    refused = manage("load_story", str(broken))
    assert refused.returncode != 0
    assert refused.stderr.strip() == "CommandError: story.toml: end: end 2025-01-01 is before start 2025-02-01"

    imported = manage("import_records", "canopy", "fixtures/canopy/answer_key.jsonl")
    assert imported.returncode == 0 and "0 lines rejected" in imported.stdout
    intact = manage("verify_ledger", "canopy")
    assert intact.returncode == 0 and "ledger intact" in intact.stdout
    scored = manage("evaluate", "canopy", "--confirm", "1")
    assert scored.returncode == 0
    assert "current_accuracy 1.0, change_recall 1.0, change_precision 1.0" in scored.stdout

    # The import kept the periods in step (N = 1, 2, 3); a rebuild from scratch writes as
    # many, and an unknown story is named.
    kept = PositionPeriod.objects.filter(question__story__slug="canopy").count()
    rebuilt = manage("rebuild_periods", "canopy")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert kept > 0 and rebuilt.stdout.startswith(f"canopy: {kept} periods in ")
    assert PositionPeriod.objects.filter(question__story__slug="canopy").count() == kept
    unknown = manage("rebuild_periods", "no-such-story")
    assert unknown.returncode != 0
    assert unknown.stderr.strip().splitlines() == ["CommandError: unknown story 'no-such-story'"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("command", ["evaluate", "cue_report"])
def test_a_key_file_unread_or_wrong_is_refused_with_one_line(tmp_path, command):
    """`--key` is read in one place for evaluate and cue_report: one line naming what is wrong."""
    assert manage("load_story", "fixtures/canopy").returncode == 0
    unread = manage(command, "canopy", "--key", str(tmp_path / "nowhere.jsonl"))
    assert unread.returncode != 0
    assert unread.stderr.strip().splitlines() == [
        f"CommandError: cannot read {tmp_path / 'nowhere.jsonl'}: No such file or directory"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"actor": "nobody", "question": "device-owned", "position": "deny", "date": "2025-03-16"}\n')
    refused = manage(command, "canopy", "--key", str(bad))
    assert refused.returncode != 0
    assert refused.stderr.strip().splitlines() == ["CommandError: answer_key.jsonl: line 1: unknown actor 'nobody'"]


@pytest.mark.django_db(transaction=True)
def test_cue_report_refuses_an_unknown_story_and_reads_a_loaded_one():
    missing = manage("cue_report", "no-such-story")
    assert missing.returncode != 0
    assert missing.stderr.strip().splitlines() == ["CommandError: unknown story 'no-such-story'"]

    assert manage("load_story", "fixtures/canopy").returncode == 0
    read = manage("cue_report", "canopy")
    assert read.returncode == 0, read.stderr
    assert read.stdout.startswith("canopy: ")


@pytest.mark.django_db
def test_cue_report_json_is_one_object(tmp_path):
    key = [json.dumps({"actor": "president", "question": "device-owned", "position": "deny", "date": "2025-03-21",
                       "url": "https://danas.rs/no-gear", "quote": "keeps no acoustic gear of its own"})]
    story = canopy_make(tmp_path, key_lines=key)["story"]
    said = "The President said the state keeps no acoustic gear of its own."
    excerpt_make(story, url="https://danas.rs/no-gear", outlet="danas", day="2025-03-21", text=said, sentence=said)
    key_file = tmp_path / "key.jsonl"
    key_file.write_text(key[0] + "\n", encoding="utf-8")
    out = tmp_path / "cues.json"
    printed = io.StringIO()
    call_command("cue_report", story.slug, "--key", str(key_file), "--json", str(out), stdout=printed)

    report = json.loads(out.read_text(encoding="utf-8"))
    assert set(report) == {"story", "key", "questions", "without_cues"}
    assert (report["story"], report["key"]) == (story.slug, str(key_file))
    [q] = report["questions"]
    assert set(q) == {"question", "text", "topic", "excerpts", "cues", "reach"}
    assert set(q["cues"][0]) == {"polarity", "cue", "excerpts", "key_statements", "matches_no_excerpt"}
    assert set(q["reach"]) == {"statements", "reached", "no_excerpt", "unreached"}
    [missed] = q["reach"]["unreached"]
    assert missed == {"line": 1, "actor": "president", "actor_name": "The President", "position": "deny",
                      "date": "2025-03-21", "url": "https://danas.rs/no-gear",
                      "quote": "keeps no acoustic gear of its own", "sentences": [said]}
    assert report["without_cues"] == [{"question": "sound-used", "text": "Was a sound device used on 15 March?"}]
    # What it prints shows the same: the cue that matches nothing, and the sentence to read.
    text = printed.getvalue()
    assert "matches no excerpt" in text and said in text

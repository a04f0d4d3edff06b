"""The commands as a user runs them: exit status 0 on success, non-zero with one line."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from ledger.models import PositionPeriod

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

import json
from pathlib import Path

import pytest

from ledger.tests.factories import INGEST, story_make


def article(url, text, *, published_at="2025-03-16T10:00:00+01:00", outlet=None, live_blog=False, title="t"):
    line = {"url": url, "published_at": published_at, "title": title, "text": text, "live_blog": live_blog}
    if outlet:
        line["outlet"] = outlet
    return line


def write_lines(path: Path, lines) -> Path:
    with path.open("wb") as out:
        for line in lines:
            out.write(line if isinstance(line, bytes) else (json.dumps(line) + "\n").encode("utf-8"))
    return path


@pytest.fixture
def story(db, tmp_path):
    return story_make(tmp_path, **INGEST)

"""Small stories made in a test: a story.toml written to a folder and loaded, and records
appended through the one write path."""
import itertools
from datetime import date
from pathlib import Path

from ledger.bundle import story_load
from ledger.models import StanceRecord, Story
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append

_counter = itertools.count(1)

STORY_TOML = """
slug = "{slug}"
title = "A test story"
start = 2025-01-01
end = 2025-03-31
timezone = "Europe/Belgrade"

[confirmation]
min_outlets = 2

[[outlets]]
id = "n1"
name = "N1"
domains = ["n1.example"]
group = "united"

[[outlets]]
id = "nova"
name = "Nova"
domains = ["nova.example"]
group = "united"

[[outlets]]
id = "rts"
name = "RTS"
domains = ["rts.example"]

[[outlets]]
id = "danas"
name = "Danas"
domains = ["danas.example"]

[[outlets]]
id = "beta"
name = "Beta"
domains = ["beta.example"]
kind = "agency"

[[actors]]
id = "president"
name = "President"
aliases = ["President"]
side = "government"

[[actors]]
id = "students"
name = "Students in blockade"
aliases = ["students"]
side = "students"

[[actors]]
id = "ministry"
name = "Interior Ministry"
aliases = ["Interior Ministry"]
side = "government"

[[topics]]
id = "device"
name = "Sound device"
keywords = ["sound (cannon|device)", "LRAD"]

[[questions]]
id = "device-owned"
topic = "device"
text = "Do state bodies own a sound device?"
affirm = ["(has|own|bought)"]
deny = ["(does not|never) (have|own)"]

[[questions]]
id = "crowd"
topic = "device"
text = "How many people came?"
kind = "number"
unit = "people"
"""


def bundle_load(folder: Path, toml: str, key_lines: list[str] | None = None) -> Story:
    """Write a bundle folder (story.toml, and answer_key.jsonl when given) and load it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "story.toml").write_text(toml, encoding="utf-8")
    if key_lines:
        (folder / "answer_key.jsonl").write_text("\n".join(key_lines) + "\n", encoding="utf-8")
    story, _ = story_load(folder)
    return story


def make_story(tmp_path: Path, slug: str | None = None, toml: str = STORY_TOML) -> Story:
    slug = slug or f"story-{next(_counter)}"
    return bundle_load(Path(tmp_path) / slug, toml.format(slug=slug))


def append(story: Story, rows) -> list[StanceRecord]:
    """rows: (actor, question, position, day, outlet[, value[, outlets]]) tuples, appended in order."""
    index = story_cast(story)
    drafts = []
    for row in rows:
        actor, question, position, day, outlet, *rest = row
        value = rest[0] if rest else None
        outlets = rest[1] if len(rest) > 1 else [outlet]
        drafts.append(RecordDraft(
            actor=index.actors[actor], question=index.questions[question], position=position,
            value=value, reported_on=day if isinstance(day, date) else date.fromisoformat(day),
            outlet=index.outlets[outlet], outlets=outlets, url=f"https://{outlet}.example/{next(_counter)}",
            quote=f"{actor} on {question}: {position}", extractor="test/1",
        ))
    return records_append(story=story, drafts=drafts)

"""Story bundles: a broken one is refused whole with a message naming file, entry and
problem; the same one again changes nothing; an edited one updates the configuration."""
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from ledger.bundle import BundleError, story_load
from ledger.models import Story
from ledger.tests.factories import records_add, story_make, story_toml

BROKEN = [
    ("unknown topic", {"questions": {"crowd-size": {"topic": "nowhere"}}},
     "story.toml: [[questions]] #2 ('crowd-size'): unknown topic 'nowhere'"),
    ("duplicate id", {"outlets": {"nova": {"id": "n1"}}}, "story.toml: [[outlets]] #2 ('n1'): duplicate id 'n1'"),
    ("bad regex", {"actors": {"president": {"aliases": ["President("]}}},
     "story.toml: [[actors]] #1 ('president'): aliases: bad regex 'President('"),
    ("end before start", {"end": date(2024, 3, 31)},
     "story.toml: end: end 2024-03-31 is before start 2025-01-01"),
    ("bad slug", {"slug": "Not A Slug"}, "story.toml: slug: id must match [a-z0-9-]+"),
    ("bad kind", {"questions": {"crowd-size": {"kind": "count"}}},
     "story.toml: [[questions]] #2 ('crowd-size'): kind must be 'stance' or 'number', not 'count'"),
    ("bad time zone", {"timezone": "Mars/Olympus"},
     "story.toml: timezone: unknown time zone 'Mars/Olympus'"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("name,change,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_bundle_is_refused_whole(tmp_path, name, change, message):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "story.toml").write_text(story_toml(**{"slug": "broken", **change}), encoding="utf-8")
    with pytest.raises(BundleError) as caught:
        story_load(folder)
    assert caught.value.message.startswith(message)
    assert not Story.objects.filter(slug="broken").exists()


@pytest.mark.django_db
def test_a_broken_answer_key_names_its_line(tmp_path):
    folder = tmp_path / "keyed"
    folder.mkdir()
    (folder / "story.toml").write_text(story_toml("keyed"), encoding="utf-8")
    (folder / "answer_key.jsonl").write_text(
        '{"actor": "president", "question": "device-owned", "position": "deny", "date": "2025-03-16"}\n'
        '{"actor": "president", "question": "crowd-size", "position": "number", "date": "2025-03-16"}\n',
        encoding="utf-8")
    with pytest.raises(CommandError, match=r"answer_key.jsonl: line 2: a number question needs"):
        call_command("load_story", str(folder))
    assert not Story.objects.filter(slug="keyed").exists()


@pytest.mark.django_db
def test_loading_again_changes_nothing_and_an_edit_updates_the_config(tmp_path, capsys):
    story = story_make(tmp_path, slug="again")
    folder = tmp_path / "again"
    call_command("load_story", str(folder))
    assert "again: unchanged" in capsys.readouterr().out
    records = records_add(story, [("president", "device-owned", "deny", "2025-03-16", "rts")])
    edited = story_toml("again", actors={"president": {"name": "President of Serbia"}}, confirmation={"min_outlets": 3})
    (folder / "story.toml").write_text(edited, encoding="utf-8")
    call_command("load_story", str(folder))
    assert "again: loaded" in capsys.readouterr().out
    story.refresh_from_db()
    assert story.min_outlets == 3
    assert story.actors.get(key="president").name == "President of Serbia"
    assert list(story.records.values_list("id", "hash")) == [(records[0].id, records[0].hash)]


@pytest.mark.django_db
def test_an_actor_the_ledger_refers_to_cannot_be_dropped(tmp_path):
    story = story_make(tmp_path, slug="drop")
    records_add(story, [("students", "device-owned", "affirm", "2025-03-16", "rts")])
    folder = tmp_path / "drop"
    without_students = story_toml("drop", actors={"students": None})
    (folder / "story.toml").write_text(without_students, encoding="utf-8")
    with pytest.raises(BundleError, match="actor 'students': removed from the bundle, but the ledger refers to it"):
        story_load(folder)
    assert story.actors.filter(key="students").exists()

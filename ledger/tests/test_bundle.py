"""Story bundles: a broken one is refused whole with a message naming file, entry and
problem; the same one again changes nothing; an edited one updates the configuration."""
import pytest
from django.core.management import CommandError, call_command

from ledger.bundle import BundleError, story_load
from ledger.models import Story
from ledger.tests.factories import STORY_TOML, append, make_story

BROKEN = [
    ("unknown topic", ('topic = "device"\ntext = "How', 'topic = "nowhere"\ntext = "How'),
     "story.toml: [[questions]] #2 ('crowd'): unknown topic 'nowhere'"),
    ("duplicate id", ('id = "nova"', 'id = "n1"'), "story.toml: [[outlets]] #2 ('n1'): duplicate id 'n1'"),
    ("bad regex", ('aliases = ["President"]', 'aliases = ["President("]'),
     "story.toml: [[actors]] #1 ('president'): aliases: bad regex 'President('"),
    ("end before start", ("end = 2025-03-31", "end = 2024-03-31"),
     "story.toml: end: end 2024-03-31 is before start 2025-01-01"),
    ("bad slug", ('slug = "{slug}"', 'slug = "Not A Slug"'), "story.toml: slug: id must match [a-z0-9-]+"),
    ("bad kind", ('kind = "number"', 'kind = "count"'),
     "story.toml: [[questions]] #2 ('crowd'): kind must be 'stance' or 'number', not 'count'"),
    ("bad time zone", ('timezone = "Europe/Belgrade"', 'timezone = "Mars/Olympus"'),
     "story.toml: timezone: unknown time zone 'Mars/Olympus'"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("name,edit,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_bundle_is_refused_whole(tmp_path, name, edit, message):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "story.toml").write_text(STORY_TOML.replace(*edit).format(slug="broken"), encoding="utf-8")
    with pytest.raises(BundleError) as caught:
        story_load(folder)
    assert caught.value.message.startswith(message)
    assert not Story.objects.filter(slug="broken").exists()


@pytest.mark.django_db
def test_a_broken_answer_key_names_its_line(tmp_path):
    folder = tmp_path / "keyed"
    folder.mkdir()
    (folder / "story.toml").write_text(STORY_TOML.format(slug="keyed"), encoding="utf-8")
    (folder / "answer_key.jsonl").write_text(
        '{"actor": "president", "question": "device-owned", "position": "deny", "date": "2025-03-16"}\n'
        '{"actor": "president", "question": "crowd", "position": "number", "date": "2025-03-16"}\n',
        encoding="utf-8")
    with pytest.raises(CommandError, match=r"answer_key.jsonl: line 2: a number question needs"):
        call_command("load_story", str(folder))
    assert not Story.objects.filter(slug="keyed").exists()


@pytest.mark.django_db
def test_loading_again_changes_nothing_and_an_edit_updates_the_config(tmp_path, capsys):
    story = make_story(tmp_path, slug="again")
    folder = tmp_path / "again"
    call_command("load_story", str(folder))
    assert "again: unchanged" in capsys.readouterr().out
    records = append(story, [("president", "device-owned", "deny", "2025-03-16", "rts")])
    edited = STORY_TOML.format(slug="again").replace('name = "President"', 'name = "President of Serbia"')
    edited = edited.replace("min_outlets = 2", "min_outlets = 3")
    (folder / "story.toml").write_text(edited, encoding="utf-8")
    call_command("load_story", str(folder))
    assert "again: loaded" in capsys.readouterr().out
    story.refresh_from_db()
    assert story.min_outlets == 3
    assert story.actors.get(key="president").name == "President of Serbia"
    assert list(story.records.values_list("id", "hash")) == [(records[0].id, records[0].hash)]


@pytest.mark.django_db
def test_an_actor_the_ledger_refers_to_cannot_be_dropped(tmp_path):
    story = make_story(tmp_path, slug="drop")
    append(story, [("students", "device-owned", "affirm", "2025-03-16", "rts")])
    folder = tmp_path / "drop"
    without_students = STORY_TOML.format(slug="drop").replace(
        '[[actors]]\nid = "students"\nname = "Students in blockade"\naliases = ["students"]\nside = "students"\n', "")
    (folder / "story.toml").write_text(without_students, encoding="utf-8")
    with pytest.raises(BundleError, match="actor 'students': removed from the bundle, but the ledger refers to it"):
        story_load(folder)
    assert story.actors.filter(key="students").exists()

"""The one test world and the factories every app's tests build on.

The world is the sound-device story in small: three actors, four outlets (two of one owner
group) and a news agency, a stance question and a figure, from 1 January to 31 March 2025,
with the aliases, keywords and cues that extraction reads. It is written out as a story.toml
and loaded through the bundle loader, as a real story is; records are appended through the
ledger's one write path. A test that needs another world
derives it with a few changes (`story_make(folder, **changes)`, `story_toml(slug, **changes)`):
a header field replaced, or a row of outlets, actors, topics or questions changed by its id
(None drops a row or a field; an unknown id adds a row)."""
import copy
import itertools
import json
from datetime import date, datetime, timezone
from pathlib import Path

from django.db import connection

from ledger.bundle import story_load
from ledger.models import Article, Excerpt, StanceRecord, Story
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append

_counter = itertools.count(1)
ROWS = ("outlets", "actors", "topics", "questions")

WORLD = {
    "title": "A test story",
    "start": date(2025, 1, 1),
    "end": date(2025, 3, 31),
    "timezone": "Europe/Belgrade",
    "confirmation": {"min_outlets": 2},
    "outlets": [
        {"id": "n1", "name": "N1", "domains": ["n1.example"], "group": "united-media"},
        {"id": "nova", "name": "Nova", "domains": ["nova.example"], "group": "united-media"},
        {"id": "rts", "name": "RTS", "domains": ["rts.example"]},
        {"id": "danas", "name": "Danas", "domains": ["danas.example"]},
        {"id": "beta", "name": "Beta", "domains": ["beta.example"], "kind": "agency"},
    ],
    "actors": [
        {"id": "president", "name": "The President", "aliases": ["President"], "side": "government"},
        {"id": "ministry", "name": "Interior Ministry", "side": "government",
         "aliases": [r"\bInterior Ministry\b", r"\bInterior Minister\b", r"\bMUP\b"]},
        {"id": "students", "name": "Students in blockade", "side": "protesters",
         "aliases": [r"\bthe students\b(?![\x27’])", r"\bstudent (spokesperson|representatives?)\b"]},
    ],
    "topics": [
        {"id": "march-15", "name": "15 March", "keywords": ["sound (cannon|device|weapon)", "LRAD", "acoustic"]},
        {"id": "crowds", "name": "Crowds", "keywords": [r"\bpeople\b", "crowd", "turnout"]},
    ],
    "questions": [
        {"id": "device-owned", "topic": "march-15", "text": "Do state bodies own a sound device?",
         "keywords": ["own", "possess", "bought", "have"],
         "affirm": [r"\b(has|have|owns?|bought|possesses)\b.{0,40}(LRAD|sound|acoustic)"],
         "deny": ["(does not|doesn.t|do not|never) (have|own|possess)", "no such (thing|device)"],
         "partial": ["(only|just) for warnings"]},
        {"id": "crowd-size", "topic": "crowds", "text": "How many people came?", "kind": "number", "unit": "people"},
    ],
}

# A second stance question on the march-15 topic, for the stories that need two.
SOUND_USED = {"topic": "march-15", "text": "Was a sound device used on 15 March?",
              "keywords": [r"\bused\b", r"\buse\b", "deployed"]}

# The API's story: March only, two actors, no agency (its tests read the configuration whole).
API_STORY = {
    "slug": "api-story", "title": "A story for the API", "start": date(2025, 3, 1),
    "outlets": {"beta": None}, "actors": {"president": None, "students": {"name": "Students"}},
}

# The viewer's story, shaped as the demo: March and April, outlets under their real domains
# (an outlet is found from a URL), no agency (three independent groups), and a second
# stance question on the same topic.
CANOPY = {
    "slug": "canopy", "title": "Canopy collapse and the protests", "start": date(2025, 3, 1),
    "end": date(2025, 4, 30), "timezone": "UTC",
    "outlets": {"n1": {"domains": ["n1info.rs"]}, "nova": {"domains": ["nova.rs"]}, "rts": {"domains": ["rts.rs"]},
                "danas": {"domains": ["danas.rs"]}, "beta": None},
    "questions": {"sound-used": SOUND_USED},
}

# Ingest's and the sources' story: March and April, the caps off (every excerpt is queued),
# an actor who gives figures, and the second question. No president: rules/2's tests bring
# their own, and rules/2 would read the synthetic corpus's "Residents" as a misspelt one.
INGEST = {
    "slug": "teststory", "title": "Ingest test story", "language": "en", "start": date(2025, 3, 1),
    "end": date(2025, 4, 30), "steps": {"days": 2, "per_topic_cap": 0, "per_outlet_cap": 0},
    "actors": {"president": None, "archive": {"name": "Archive of Public Gatherings",
                                              "aliases": [r"\bArchive of Public Gatherings\b"]}},
    "questions": {"sound-used": SOUND_USED},
}


def world_change(world: dict, **changes) -> dict:
    """The world with the changes applied (see the module's docstring)."""
    world = copy.deepcopy(world)
    for key, change in changes.items():
        if key not in ROWS:
            world[key] = change
            continue
        rows = {row["id"]: row for row in world[key]}
        for row_id, fields in change.items():
            if fields is None:
                rows.pop(row_id, None)
                continue
            row = {**rows.get(row_id, {"id": row_id}), **fields}
            rows[row_id] = {k: v for k, v in row.items() if v is not None}
        world[key] = list(rows.values())
    return {k: v for k, v in world.items() if v is not None}


def _toml_value(value) -> str:
    if isinstance(value, (date, int, float)) and not isinstance(value, bool):
        return value.isoformat() if isinstance(value, date) else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string reads JSON's escapes


def story_toml(slug: str, **changes) -> str:
    """The world (with the changes) as the text of a story.toml."""
    world = world_change({"slug": slug, **WORLD}, **changes)
    lines = [f"{k} = {_toml_value(v)}" for k, v in world.items() if k not in ROWS and not isinstance(v, dict)]
    for key, table in ((k, v) for k, v in world.items() if isinstance(v, dict)):
        lines += ["", f"[{key}]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    for key in ROWS:
        for row in world.get(key, []):
            lines += ["", f"[[{key}]]"] + [f"{k} = {_toml_value(v)}" for k, v in row.items()]
    return "\n".join(lines) + "\n"


def bundle_load(folder: Path, toml: str, key_lines: list[str] | None = None) -> Story:
    """Write a bundle folder (story.toml, and answer_key.jsonl when given) and load it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "story.toml").write_text(toml, encoding="utf-8")
    if key_lines:
        (folder / "answer_key.jsonl").write_text("\n".join(key_lines) + "\n", encoding="utf-8")
    story, _ = story_load(folder)
    return story


def story_make(folder: Path, *, slug: str | None = None, key_lines: list[str] | None = None, **changes) -> Story:
    """Load the world (with the changes) from a bundle in folder/<slug>."""
    slug = slug or changes.pop("slug", None) or f"story-{next(_counter)}"
    return bundle_load(Path(folder) / slug, story_toml(slug, **changes), key_lines)


def record_draft(story: Story, actor: str, question: str, position: str, day, outlet: str | None = "n1", *,
                 value=None, outlets: list[str] | None = None, url: str | None = None, quote: str = "",
                 excerpt: Excerpt | None = None, extractor: str = "rules/1", confidence=0.8, **more) -> RecordDraft:
    """A record to append (several go in one `records_append`); `more` are RecordDraft's other fields."""
    cast = story_cast(story)
    o = cast.outlets[outlet] if outlet else None
    day = day if isinstance(day, date) else date.fromisoformat(day)
    if url is None:
        url = excerpt.article.url if excerpt else f"https://{o.domains[0] if o else 'example.org'}/{actor}/{question}/{day}"
    if outlets is None:
        outlets = excerpt.outlets if excerpt else [o.key] if o else []
    return RecordDraft(
        actor=cast.actors[actor], question=cast.questions[question], position=position, value=value,
        reported_on=day, extractor=extractor, outlet=o, outlets=outlets, url=url,
        quote=quote or f"{actor} says {position}", excerpt_id=excerpt.id if excerpt else None, confidence=confidence,
        **more)


def records_add(story: Story, rows) -> list[StanceRecord]:
    """Append in order; rows: drafts, or (actor, question, position, day, outlet[, value[, outlets]]) tuples."""
    drafts = [row if isinstance(row, RecordDraft) else record_draft(
        story, *row[:5], value=row[5] if len(row) > 5 else None, outlets=row[6] if len(row) > 6 else None)
        for row in rows]
    return records_append(story=story, drafts=drafts)


def record_add(story: Story, *args, **kwargs) -> StanceRecord:
    """Append one record (the arguments of `record_draft`); returns it."""
    return records_append(story=story, drafts=[record_draft(story, *args, **kwargs)])[0]


def excerpt_make(story: Story, *, outlet: str, day, sentence: str, text: str = "", url: str = "", title: str = "",
                 position: int = 0, copies=(), topics=("march-15",)) -> Excerpt:
    """An article of the outlet with the sentence in it, and its excerpt (`copies`: the
    outlets that carried the same text)."""
    o = story_cast(story).outlets[outlet]
    day = day if isinstance(day, date) else date.fromisoformat(day)
    text = text or f"Before. {sentence} After."
    article = Article.objects.create(
        story=story, url=url or f"https://{o.domains[0]}/{day}/{len(sentence)}", outlet=o, day=day, title=title,
        text=text, published_at=datetime(day.year, day.month, day.day, 9, tzinfo=timezone.utc))
    return Excerpt.objects.create(story=story, article=article, position=position, day=day, text=text,
                                  sentence=sentence, sentence_start=text.index(sentence), topics=list(topics),
                                  outlets=[o.key, *copies])


def canopy_make(folder: Path, **kwargs) -> dict:
    """The viewer's story with its records: the ministry denies (16 Mar), a first source
    affirms (18 Mar: pending under N=2), a second independent one confirms (19 Mar: a flip)."""
    story = story_make(folder, **{**CANOPY, **kwargs})
    text = ("Police showed the press two LRAD units on Tuesday. The ministry said it does have such devices, "
            "for warnings only. Nobody answered further questions.")
    sentence = "The ministry said it does have such devices, for warnings only."
    ex = excerpt_make(story, url="https://rts.rs/lrad-units", outlet="rts", day="2025-03-18", text=text,
                      sentence=sentence, title="Ministry shows LRAD units")
    r = {
        "deny": record_add(story, "ministry", "device-owned", "deny", "2025-03-16", "n1",
                           quote="We have no such device."),
        "affirm1": record_add(story, "ministry", "device-owned", "affirm", "2025-03-18", "rts",
                              quote=sentence, excerpt=ex, url="https://rts.rs/lrad-units"),
        "affirm2": record_add(story, "ministry", "device-owned", "affirm", "2025-03-19", "danas",
                              quote="The ministry owns LRAD devices."),
        "president": record_add(story, "president", "device-owned", "deny", "2025-03-15", "rts"),
        "students": record_add(story, "students", "device-owned", "affirm", "2025-03-16", "nova"),
        "used": record_add(story, "students", "sound-used", "affirm", "2025-03-15", "n1"),
        "crowd_students": record_add(story, "students", "crowd-size", "number", "2025-03-16", "n1", value=300000),
        "crowd_ministry": record_add(story, "ministry", "crowd-size", "number", "2025-03-16", "rts", value=107000),
    }
    return {"story": story, "records": r, "excerpt": ex, "flip_id": f"{r['affirm2'].id}-2"}


def tamper(sql: str, params=()) -> None:
    """Edit behind the ledger's back, as a superuser: session_replication_role = replica
    switches the append-only triggers off (as an attacker with the tables' owner's rights)."""
    with connection.cursor() as cursor:
        cursor.execute("SET session_replication_role = replica")
        try:
            cursor.execute(sql, params)
        finally:
            cursor.execute("SET session_replication_role = DEFAULT")

"""Small stories built in the test itself: a story.toml written to a folder and loaded with
`ledger.bundle.story_load`, records appended through `ledger.services` (the only writes)."""
from datetime import date, datetime, timezone
from pathlib import Path

from ledger.models import Article, Excerpt, Question, Story
from ledger.services import RecordDraft, records_append
from ledger.tests.factories import bundle_load

STORY_TOML = """
slug = "{slug}"
title = "{title}"
language = "en"
start = 2025-03-01
end = 2025-04-30
timezone = "UTC"

[steps]
days = 2

[confirmation]
min_outlets = 2

[[outlets]]
id = "n1"
name = "N1"
domains = ["n1info.rs"]
group = "united-media"

[[outlets]]
id = "nova"
name = "Nova"
domains = ["nova.rs"]
group = "united-media"

[[outlets]]
id = "rts"
name = "RTS"
domains = ["rts.rs"]

[[outlets]]
id = "danas"
name = "Danas"
domains = ["danas.rs"]

[[topics]]
id = "march-15"
name = "15 March"
keywords = ["sound"]

[[topics]]
id = "crowds"
name = "Crowds"
keywords = ["crowd"]

[[questions]]
id = "device-owned"
topic = "march-15"
text = "Do state bodies own a sound device?"

[[questions]]
id = "sound-used"
topic = "march-15"
text = "Was a sound device used on 15 March?"

[[questions]]
id = "crowd-size"
topic = "crowds"
text = "How many people came on 15 March?"
kind = "number"
unit = "people"
"""

ACTOR_TOML = """
[[actors]]
id = "{id}"
name = "{name}"
side = "{side}"
"""

BASE_ACTORS = [("interior-ministry", "Interior Ministry", "government"), ("president", "The President", "government"),
               ("students", "Students in blockade", "protesters")]


def story_make(folder: Path, *, slug: str = "canopy", title: str = "Canopy collapse and the protests",
               extra_actors: int = 0, key_lines: list[str] | None = None) -> Story:
    actors = BASE_ACTORS + [(f"actor-{i}", f"Actor {i}", "others") for i in range(extra_actors)]
    text = STORY_TOML.format(slug=slug, title=title) + "".join(
        ACTOR_TOML.format(id=k, name=n, side=s) for k, n, s in actors)
    return bundle_load(Path(folder) / slug, text, key_lines)


def rec(story: Story, actor: str, question: str, position: str, day: str, outlet: str | None = "n1", **kwargs):
    """Append one record; returns it."""
    return records_append(story=story, drafts=[draft(story, actor, question, position, day, outlet, **kwargs)])[0]


def draft(story: Story, actor: str, question: str, position: str, day: str, outlet: str | None = "n1", *,
          value=None, url: str | None = None, quote: str = "", excerpt: Excerpt | None = None, extractor="rules/1",
          confidence=0.8) -> RecordDraft:
    """A record to append (several go in one `records_append`)."""
    q = Question.objects.get(story=story, key=question)
    o = story.outlets.get(key=outlet) if outlet else None
    return RecordDraft(
        actor=story.actors.get(key=actor), question=q, position=position, value=value,
        reported_on=date.fromisoformat(day), extractor=extractor, outlet=o, outlets=[o.key] if o else [],
        url=url if url is not None else f"https://{(o.domains[0] if o else 'example.org')}/{actor}/{question}/{day}",
        quote=quote or f"{actor} says {position}", excerpt_id=excerpt.id if excerpt else None, confidence=confidence,
    )


def excerpt_make(story: Story, *, url: str, outlet: str, day: str, text: str, sentence: str, title: str = "",
                 position: int = 0) -> Excerpt:
    o = story.outlets.get(key=outlet)
    d = date.fromisoformat(day)
    article = Article.objects.create(story=story, url=url, outlet=o, day=d, title=title, text=text,
                                     published_at=datetime(d.year, d.month, d.day, 9, tzinfo=timezone.utc))
    return Excerpt.objects.create(story=story, article=article, position=position, day=d, text=text,
                                  sentence=sentence, sentence_start=text.index(sentence), topics=["march-15"],
                                  outlets=[o.key])


def canopy(folder: Path, **kwargs) -> dict:
    """The standard small story: the ministry denies (16 Mar), a first source affirms
    (18 Mar: pending under N=2), a second independent one confirms (19 Mar: a flip)."""
    story = story_make(folder, **kwargs)
    text = ("Police showed the press two LRAD units on Tuesday. The ministry said it does have such devices, "
            "for warnings only. Nobody answered further questions.")
    sentence = "The ministry said it does have such devices, for warnings only."
    ex = excerpt_make(story, url="https://rts.rs/lrad-units", outlet="rts", day="2025-03-18", text=text,
                      sentence=sentence, title="Ministry shows LRAD units")
    r = {
        "deny": rec(story, "interior-ministry", "device-owned", "deny", "2025-03-16", "n1",
                    quote="We have no such device."),
        "affirm1": rec(story, "interior-ministry", "device-owned", "affirm", "2025-03-18", "rts",
                       quote=sentence, excerpt=ex, url="https://rts.rs/lrad-units"),
        "affirm2": rec(story, "interior-ministry", "device-owned", "affirm", "2025-03-19", "danas",
                       quote="The ministry owns LRAD devices."),
        "president": rec(story, "president", "device-owned", "deny", "2025-03-15", "rts"),
        "students": rec(story, "students", "device-owned", "affirm", "2025-03-16", "nova"),
        "used": rec(story, "students", "sound-used", "affirm", "2025-03-15", "n1"),
        "crowd_students": rec(story, "students", "crowd-size", "number", "2025-03-16", "n1", value=300000),
        "crowd_ministry": rec(story, "interior-ministry", "crowd-size", "number", "2025-03-16", "rts", value=107000),
    }
    return {"story": story, "records": r, "excerpt": ex, "flip_id": f"{r['affirm2'].id}-2"}

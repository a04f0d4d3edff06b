"""A small story for the API tests: a story.toml written to a folder and loaded, an
article with an excerpt, and records appended through the ledger's one write path."""
from dataclasses import dataclass
from datetime import date, datetime, timezone

import pytest
from django.contrib.auth.models import Permission, User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from ledger.models import Article, Excerpt, StanceRecord, Story
from ledger.plumbing import story_cast
from ledger.services import RecordDraft, records_append
from ledger.tests.factories import bundle_load

STORY_TOML = """
slug = "api-story"
title = "A story for the API"
start = 2025-03-01
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

[[actors]]
id = "ministry"
name = "Interior Ministry"
aliases = ["Interior Ministry"]
side = "government"

[[actors]]
id = "students"
name = "Students"
aliases = ["students"]

[[topics]]
id = "device"
name = "Sound device"
keywords = ["sound (cannon|device)", "LRAD"]

[[topics]]
id = "crowd"
name = "Crowd"
keywords = ["crowd", "people"]

[[questions]]
id = "device-owned"
topic = "device"
text = "Do state bodies own a sound device?"

[[questions]]
id = "crowd-size"
topic = "crowd"
text = "How many people came?"
kind = "number"
unit = "people"
"""


@pytest.fixture(autouse=True)
def fresh_throttles():
    """Throttles count in the cache: each test starts from zero."""
    from django.core.cache import cache

    cache.clear()


@dataclass
class Ledger:
    story: Story
    records: dict[str, StanceRecord]

    @property
    def flip_id(self) -> str:
        """The ministry's deny -> affirm flip under N = 2, confirmed by `affirm2`."""
        return f"{self.records['affirm2'].id}-2"


def story_make(folder, toml: str = STORY_TOML) -> Story:
    return bundle_load(folder, toml)


def excerpt_make(story: Story, *, outlet: str, day: date, sentence: str, copies=()) -> Excerpt:
    index = story_cast(story)
    article = Article.objects.create(
        story=story, url=f"https://{outlet}.example/{day.isoformat()}/{len(sentence)}", outlet=index.outlets[outlet],
        published_at=datetime(day.year, day.month, day.day, 9, 30, tzinfo=timezone.utc), day=day,
        title="Minister on the device", text=f"Before. {sentence} After.")
    return Excerpt.objects.create(story=story, article=article, position=1, day=day, text=f"Before. {sentence} After.",
                                  sentence=sentence, sentence_start=8, topics=["device"], outlets=[outlet, *copies])


def drafts_append(story: Story, rows) -> list[StanceRecord]:
    index = story_cast(story)
    drafts = []
    for actor, question, position, value, day, outlet, quote, excerpt in rows:
        drafts.append(RecordDraft(
            actor=index.actors[actor], question=index.questions[question], position=position, value=value,
            reported_on=day, outlet=index.outlets[outlet],
            outlets=excerpt.outlets if excerpt else [outlet],
            url=excerpt.article.url if excerpt else f"https://{outlet}.example/{day.isoformat()}",
            quote=quote, excerpt_id=excerpt.id if excerpt else None, extractor="rules/1", confidence=0.8))
    return records_append(story=story, drafts=drafts)


@pytest.fixture
def ledger(db, tmp_path) -> Ledger:
    """The ministry denies (N1), then affirms (RTS, then Danas, whose excerpt N1 carried
    too: confirmed under N = 2); the students affirm once (N1); a crowd figure from RTS."""
    story = story_make(tmp_path / "api-story")
    excerpt = excerpt_make(story, outlet="danas", day=date(2025, 3, 19),
                           sentence="The Interior Ministry admitted it bought an LRAD sound device.",
                           copies=["n1"])
    names = ["deny", "affirm1", "affirm2", "students", "crowd"]
    rows = [
        ("ministry", "device-owned", "deny", None, date(2025, 3, 16), "n1", "We never had such a device.", None),
        ("ministry", "device-owned", "affirm", None, date(2025, 3, 18), "rts", "The ministry has an LRAD.", None),
        ("ministry", "device-owned", "affirm", None, date(2025, 3, 19), "danas", excerpt.sentence, excerpt),
        ("students", "device-owned", "affirm", None, date(2025, 3, 16), "n1", "They used a sound cannon.", None),
        ("ministry", "crowd-size", "number", 30000.0, date(2025, 3, 15), "rts", "About 30,000 people came.", None),
    ]
    records = dict(zip(names, drafts_append(story, rows)))
    return Ledger(story=story, records=records)


def user_make(username: str, *, staff=False, can_add=False) -> User:
    user = User.objects.create_user(username=username, password="a-long-test-password", is_staff=staff)
    if can_add:
        user.user_permissions.add(Permission.objects.get(codename="add_stancerecord", content_type__app_label="ledger"))
    return user


def token_client(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def users(db) -> dict[str, User]:
    return {
        "plain": user_make("plain"),
        "adder": user_make("adder", can_add=True),
        "staff": user_make("staff", staff=True),
    }


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


@pytest.fixture
def adder(users) -> APIClient:
    return token_client(users["adder"])


@pytest.fixture
def staff(users) -> APIClient:
    return token_client(users["staff"])


@pytest.fixture
def plain(users) -> APIClient:
    return token_client(users["plain"])

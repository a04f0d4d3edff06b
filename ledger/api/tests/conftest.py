"""The API's tests: the test world's API story with its records, and clients by role."""
from dataclasses import dataclass
from datetime import date

import pytest
from django.contrib.auth.models import Permission, User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from ledger.models import StanceRecord, Story
from ledger.tests.factories import API_STORY, excerpt_make, record_draft, records_add, story_make


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


@pytest.fixture
def ledger(db, tmp_path) -> Ledger:
    """The ministry denies (N1), then affirms (RTS, then Danas, whose excerpt N1 carried
    too: confirmed under N = 2); the students affirm once (N1); a crowd figure from RTS."""
    story = story_make(tmp_path, **API_STORY)
    excerpt = excerpt_make(story, outlet="danas", day=date(2025, 3, 19), title="Minister on the device",
                           sentence="The Interior Ministry admitted it bought an LRAD sound device.",
                           copies=["n1"], position=1)
    names = ["deny", "affirm1", "affirm2", "students", "crowd"]

    def draft(actor, question, position, day, outlet, quote, excerpt=None, value=None):
        url = None if excerpt else f"https://{outlet}.example/{day.isoformat()}"
        return record_draft(story, actor, question, position, day, outlet, value=value, url=url, quote=quote,
                            excerpt=excerpt)

    rows = [
        draft("ministry", "device-owned", "deny", date(2025, 3, 16), "n1", "We never had such a device."),
        draft("ministry", "device-owned", "affirm", date(2025, 3, 18), "rts", "The ministry has an LRAD."),
        draft("ministry", "device-owned", "affirm", date(2025, 3, 19), "danas", excerpt.sentence, excerpt),
        draft("students", "device-owned", "affirm", date(2025, 3, 16), "n1", "They used a sound cannon."),
        draft("ministry", "crowd-size", "number", date(2025, 3, 15), "rts", "About 30,000 people came.", value=30000.0),
    ]
    records = dict(zip(names, records_add(story, rows)))
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

"""Every URL of the API, every method, every kind of client: reads are public, a record
append needs ledger.add_stancerecord, a retraction needs staff, and PUT, PATCH and DELETE
answer 405 to everyone (OPTIONS says what is allowed)."""
import re
from datetime import date

import pytest
from django.urls import URLPattern

from ledger.api import urls, views
from ledger.tests.factories import record_add

from .conftest import token_client

METHODS = ["get", "post", "put", "patch", "delete", "options"]
WRITES = {"put", "patch", "delete"}

# The expected answer of each view to each client, for the methods it has. A view missing
# here fails the walk: a new endpoint must say who may use it.
#   "ok": allowed (any status but 401, 403, 405 and 5xx)
GET_ONLY = {"get": {"anon": "ok", "plain": "ok", "adder": "ok", "staff": "ok"}}
EXPECTED = {
    views.StoryListView: GET_ONLY,
    views.StoryDetailView: GET_ONLY,
    views.PositionsView: GET_ONLY,
    views.FlipListView: GET_ONLY,
    views.FlipDetailView: GET_ONLY,
    views.RecordDetailView: GET_ONLY,
    views.JSONLinesExportView: GET_ONLY,
    views.CSVExportView: GET_ONLY,
    views.StoryRecordsView: {**GET_ONLY, "post": {"anon": 401, "plain": 403, "adder": "ok", "staff": 403}},
    views.RetractionView: {"post": {"anon": 401, "plain": 403, "adder": 403, "staff": "ok"}},
    views.SchemaView: GET_ONLY,
    views.DocsView: GET_ONLY,
}


def view_class(pattern: URLPattern):
    cls = pattern.callback.cls
    return next((known for known in EXPECTED if issubclass(cls, known)), cls)


def url_of(pattern: URLPattern, values: dict) -> str:
    route = str(pattern.pattern)
    return "/api/v1/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)


def body_for(cls, method) -> dict | None:
    if method == "get":
        return None
    if method != "post":
        return {}
    if cls is views.StoryRecordsView:
        return {"actor": "students", "question": "device-owned", "position": "deny", "reported_on": "2025-03-21"}
    if cls is views.RetractionView:
        return {"reason": "checked: wrong"}
    return {}


def test_every_url_and_method(ledger, users):
    clients = {"anon": token_client(None), **{name: token_client(user) for name, user in users.items()}}
    patterns = [p for p in urls.urlpatterns if p.callback.cls is not views.NotFoundView]
    assert len(patterns) == 21
    walked = 0
    for pattern in patterns:
        cls = view_class(pattern)
        assert cls in EXPECTED, f"{pattern.pattern}: {cls.__name__} says nobody who may use it"
        expected = EXPECTED[cls]
        for who, client in clients.items():
            # a fresh record per client, so a retraction can succeed each time
            record = ledger.records["students"] if cls is not views.RetractionView else fresh_record(ledger)
            url = url_of(pattern, {"slug": ledger.story.slug, "flip_id": ledger.flip_id, "pk": record.id})
            for method in METHODS:
                response = getattr(client, method)(url, body_for(cls, method), format="json")
                want = "ok" if method == "options" else expected.get(method, {}).get(who, 405)
                where = f"{method.upper()} {url} as {who}: {response.status_code}"
                if want == "ok":
                    assert response.status_code not in (401, 403, 405) and response.status_code < 500, where
                    assert response.status_code in (200, 201), where
                else:
                    assert response.status_code == want, where
                    assert response.json()["error"]["status"] == want, where
                if method in WRITES:
                    assert response.status_code == 405, where
                walked += 1
    assert walked == len(patterns) * len(clients) * len(METHODS)


def fresh_record(ledger):
    return record_add(ledger.story, "students", "crowd-size", "number", date(2025, 3, 2), "rts", value=1.0)


@pytest.mark.parametrize("method", METHODS)
def test_unknown_paths_answer_404_to_every_method(db, method):
    response = getattr(token_client(None), method)("/api/v1/no/such/path", {}, format="json")
    assert response.status_code == 404 and response.json()["error"]["status"] == 404


def test_a_write_without_credentials_is_told_how_to_authenticate(ledger):
    response = token_client(None).post(f"/api/v1/stories/{ledger.story.slug}/records", {}, format="json")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_a_bad_token_is_refused(ledger):
    client = token_client(None)
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get(f"/api/v1/stories/{ledger.story.slug}/")
    assert response.status_code == 401 and response.json()["error"]["message"] == "Invalid token."

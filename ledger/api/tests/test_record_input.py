"""The API appends exactly what the ledger's one record validation lets in (ledger.validation),
as the page form and an import do, and carries via and value_high in and out."""
import pytest
from django.test import Client

from ledger.models import StanceRecord

from .conftest import user_make
from .test_endpoints import BODY, S, error_of

CROWD = {**BODY, "question": "crowd-size", "position": "number", "value": 50000}


@pytest.mark.parametrize("change, param, words", [
    ({"reported_on": "0001-01-01"}, "reported_on", "outside the story"),
    ({"reported_on": "9999-12-31"}, "reported_on", "outside the story"),
    ({"quote": "x" * 5001}, "quote", "at most 5000"),
    ({"quote": "nul \u0000 here"}, "quote", "NUL"),
    ({"url": "javascript:alert(1)"}, "url", "http(s) URL"),
    ({"question": "crowd-size", "position": "number", "value": True}, "value", "must be a number"),
    ({"question": "crowd-size", "position": "number", "value": -5}, "value", "a count, 0 or more"),
    ({"question": "crowd-size", "position": "number", "value": 10, "value_high": 5}, "value_high", "above value"),
    ({"via": "nope"}, "via", "unknown outlet"),
    ({"confidence": True}, "confidence", "must be a number"),
    ({"actor": ["ministry"]}, "actor", "unknown actor"),
])
def test_the_api_refuses_what_the_ledger_refuses(ledger, adder, change, param, words):
    before = StanceRecord.objects.count()
    assert words in error_of(adder.post(f"{S}/records", {**BODY, **change}, format="json"), 400, param)
    assert StanceRecord.objects.count() == before


def test_the_form_and_the_api_refuse_the_same_day(ledger):
    user = user_make("both", can_add=True)
    client = Client()
    client.force_login(user)
    form = {"actor": "students", "question": "device-owned", "position": "deny", "reported_on": "9999-12-31",
            "url": "https://rts.example/x", "outlet": "rts", "quote": "No."}
    assert client.post("/stories/api-story/records/new/", form).status_code == 400
    assert client.post(f"{S}/records", {**BODY, "reported_on": "9999-12-31"},
                       content_type="application/json").status_code == 400
    assert not StanceRecord.objects.filter(extractor="manual/both").exists()


def test_via_and_value_high_go_in_and_come_out(ledger, adder, anon):
    credited = adder.post(f"{S}/records", {**BODY, "outlet": "danas", "via": "rts"}, format="json")
    assert credited.status_code == 201, credited.content
    assert (credited.json()["outlet"], credited.json()["via"]) == ("danas", "rts")
    ranged = adder.post(f"{S}/records", {**CROWD, "value": 275000, "value_high": 325000.5}, format="json")
    assert ranged.status_code == 201, ranged.content
    body = ranged.json()
    assert (body["value"], body["value_high"]) == (275000.0, 325000.5)
    detail = anon.get(f"/api/v1/records/{body['id']}").json()
    assert (detail["value"], detail["value_high"], detail["via"], detail["seq"]) == (275000.0, 325000.5, None, 7)
    assert detail["hash"] == StanceRecord.objects.get(id=body["id"]).hash
    crowd = anon.get(f"{S}/positions", {"question": "crowd-size", "actor": "students", "confirm": 1}).json()
    assert crowd["questions"][0]["actors"][0]["current"] | {"since": None, "confirmed_on": None} == {
        "position": "number", "value": 275000.0, "value_high": 325000.5, "since": None, "confirmed_on": None,
        "records": [body["id"]]}

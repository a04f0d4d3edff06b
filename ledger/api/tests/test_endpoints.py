"""Every endpoint of the contract's section 6, against a small story on real PostgreSQL."""
import csv
import io
import json
from datetime import date

import pytest
from django.test import override_settings
from rest_framework.renderers import JSONRenderer
from rest_framework.test import APIClient

from ledger import selectors
from ledger.record_lines import records_export
from ledger.api.renderers import LedgerJSONRenderer
from ledger.api.pagination import LIMIT_INVALID
from ledger.models import StanceRecord

API = "/api/v1"
S = f"{API}/stories/api-story"


def error_of(response, status, param=None):
    assert response.status_code == status, response.content[:500]
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"status", "message", "param"}
    assert body["error"]["status"] == status
    assert body["error"]["param"] == param
    return body["error"]["message"]


# --- stories ------------------------------------------------------------------------------


def test_stories_list_is_paginated(ledger, anon):
    body = anon.get(f"{API}/stories/").json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert body["count"] == 1 and body["next"] is None and body["previous"] is None
    story = body["results"][0]
    assert story["slug"] == "api-story" and story["start"] == "2025-03-01" and story["end"] == "2025-03-31"
    assert story["url"] == "http://testserver/api/v1/stories/api-story/"
    assert anon.get(f"{API}/stories").json() == body  # the same without the slash


def test_story_detail_has_its_configuration(ledger, anon):
    body = anon.get(f"{S}/").json()
    assert [t["id"] for t in body["topics"]] == ["march-15", "crowds"]
    assert [q["id"] for q in body["questions"]] == ["device-owned", "crowd-size"]
    assert body["questions"][1] | {"keywords": []} == {
        "id": "crowd-size", "topic": "crowds", "text": "How many people came?", "kind": "number", "unit": "people",
        "keywords": [], "affirm": [], "deny": [], "partial": []}
    assert [a["id"] for a in body["actors"]] == ["ministry", "students"]
    assert body["outlets"][0] == {"id": "danas", "name": "Danas", "domains": ["danas.example"], "group": "", "kind": ""}
    assert body["confirmation"] == {"min_outlets": 2}
    assert body["steps"] == {"days": 2, "per_topic_cap": 40, "per_outlet_cap": 5}
    assert body["config"]["slug"] == "api-story"
    assert body["default_as_of"] == "2025-03-31"
    assert anon.get(S).json() == body


def test_unknown_story_is_404_everywhere(db, anon):
    for path in ["/", "", "/positions", "/flips", "/flips/1-2", "/records", "/records.jsonl", "/records.csv"]:
        message = error_of(anon.get(f"{API}/stories/nope{path}"), 404)
        assert message == "unknown story 'nope'"


def test_unknown_api_path_is_404_in_the_error_shape(db, anon):
    assert error_of(anon.get(f"{API}/nothing/here"), 404) == "no such API path: /api/v1/nothing/here"


# --- positions ----------------------------------------------------------------------------


def test_positions_have_the_shape_of_the_contract_example(ledger, anon):
    r = ledger.records
    body = anon.get(f"{S}/positions", {"as_of": "2025-03-20", "question": "device-owned"}).json()
    assert {"story", "as_of", "confirm", "questions"} <= set(body)
    assert (body["story"], body["as_of"], body["confirm"], body["known_at"]) == ("api-story", "2025-03-20", 2, None)
    [question] = body["questions"]
    assert {"id", "text", "kind", "actors"} <= set(question)
    assert (question["id"], question["kind"]) == ("device-owned", "stance")
    ministry, students = question["actors"]
    assert ministry == {
        "actor": "ministry",
        "name": "Interior Ministry",
        "current": {"position": "affirm", "value": None, "value_high": None, "since": "2025-03-18",
                    "confirmed_on": "2025-03-19",
                    "records": [r["affirm1"].id, r["affirm2"].id]},
        "pending": None,
        "history": [{"position": "deny", "value": None, "value_high": None, "from": "2025-03-16", "to": "2025-03-18",
                     "confirmed_on": "2025-03-16", "records": [r["deny"].id]}],
        "changes": [{"id": ledger.flip_id, "from": "deny", "to": "affirm", "from_value": None, "to_value": None,
                     "from_value_high": None, "to_value_high": None,
                     "date": "2025-03-18", "confirmed_on": "2025-03-19", "from_records": [r["deny"].id],
                     "to_records": [r["affirm1"].id, r["affirm2"].id]}],
    }
    assert students["current"]["position"] == "affirm" and students["changes"] == []


def test_positions_show_a_pending_change_never_as_the_position(ledger, anon):
    body = anon.get(f"{S}/positions/", {"as_of": "2025-03-18", "question": "device-owned"}).json()
    ministry = body["questions"][0]["actors"][0]
    assert ministry["current"]["position"] == "deny"
    assert ministry["pending"] == {"position": "affirm", "value": None, "value_high": None, "date": "2025-03-18",
                                   "records": [ledger.records["affirm1"].id], "sources": 1}
    one = anon.get(f"{S}/positions", {"as_of": "2025-03-18", "question": "device-owned", "confirm": "1"}).json()
    assert one["confirm"] == 1 and one["questions"][0]["actors"][0]["current"]["position"] == "affirm"


def test_positions_default_to_the_story_end_and_all_questions(ledger, anon):
    body = anon.get(f"{S}/positions").json()
    assert body["as_of"] == "2025-03-31"  # the story ended before today
    assert [q["id"] for q in body["questions"]] == ["device-owned", "crowd-size"]
    crowd = body["questions"][1]
    assert crowd["unit"] == "people" and crowd["actors"][0]["current"]["value"] == 30000.0


def test_positions_by_topic_and_as_known_at(ledger, anon):
    body = anon.get(f"{S}/positions", {"topic": "crowds"}).json()
    assert [q["id"] for q in body["questions"]] == ["crowd-size"]
    assert anon.get(f"{S}/positions", {"topic": "crowds", "question": "device-owned"}).json()["questions"] == []
    before = anon.get(f"{S}/positions", {"known_at": "2000-01-01T00:00:00Z"}).json()
    assert before["known_at"] == "2000-01-01T00:00:00Z"
    assert all(q["actors"] == [] for q in before["questions"])


@pytest.mark.parametrize("param, value", [
    ("as_of", "2025-02-30"), ("as_of", "yesterday"), ("confirm", "0"), ("confirm", "two"), ("confirm", "1.5"),
    ("known_at", "soon"),
])
def test_positions_bad_parameter_is_400_naming_it(ledger, anon, param, value):
    message = error_of(anon.get(f"{S}/positions", {param: value}), 400, param)
    assert message.startswith(f"{param}: ")


@pytest.mark.parametrize("param, key", [("question", "nope"), ("topic", "nope")])
def test_positions_unknown_question_or_topic_is_404(ledger, anon, param, key):
    assert error_of(anon.get(f"{S}/positions", {param: key}), 404, param) == f"unknown {param} 'nope'"


# --- flips --------------------------------------------------------------------------------


def test_flips_list(ledger, anon):
    r = ledger.records
    body = anon.get(f"{S}/flips").json()
    assert set(body) == {"count", "next", "previous", "results"} and body["count"] == 1
    assert body["results"][0] == {
        "id": ledger.flip_id, "actor": "ministry", "question": "device-owned", "from": "deny", "to": "affirm",
        "from_value": None, "to_value": None, "from_value_high": None, "to_value_high": None,
        "date": "2025-03-18", "confirmed_on": "2025-03-19",
        "from_records": [r["deny"].id], "to_records": [r["affirm1"].id, r["affirm2"].id]}
    assert anon.get(f"{S}/flips/", {"as_of": "2025-03-18"}).json()["count"] == 0
    assert anon.get(f"{S}/flips", {"as_of": "2025-03-18", "confirm": 1}).json()["results"][0]["id"] == f"{r['affirm1'].id}-1"
    assert anon.get(f"{S}/flips", {"actor": "students"}).json()["count"] == 0
    assert anon.get(f"{S}/flips", {"question": "crowd-size"}).json()["count"] == 0


def test_flips_bad_or_unknown_parameters(ledger, anon):
    assert error_of(anon.get(f"{S}/flips", {"actor": "nope"}), 404, "actor") == "unknown actor 'nope'"
    assert error_of(anon.get(f"{S}/flips", {"question": "nope"}), 404, "question") == "unknown question 'nope'"
    error_of(anon.get(f"{S}/flips", {"as_of": "2025-13-01"}), 400, "as_of")
    error_of(anon.get(f"{S}/flips", {"confirm": "-1"}), 400, "confirm")
    error_of(anon.get(f"{S}/flips", {"limit": "0"}), 400, "limit")


def test_flip_detail_has_records_with_excerpts_urls_and_outlets(ledger, anon):
    r = ledger.records
    body = anon.get(f"{S}/flips/{ledger.flip_id}").json()
    assert (body["id"], body["from"], body["to"], body["confirmed_on"]) == (ledger.flip_id, "deny", "affirm", "2025-03-19")
    assert [rec["id"] for rec in body["records"]] == [r["deny"].id, r["affirm1"].id, r["affirm2"].id]
    deny, _, confirming = body["records"]
    assert (deny["outlet"], deny["outlet_name"], deny["url"]) == ("n1", "N1", "https://n1.example/2025-03-16")
    assert deny["excerpt_detail"] is None and deny["article"] is None
    assert confirming["excerpt_detail"]["sentence"] == "The Interior Ministry admitted it bought an LRAD sound device."
    assert confirming["excerpt_detail"]["outlets"] == ["danas", "n1"]
    assert confirming["article"]["url"] == confirming["url"] and confirming["article"]["outlet"] == "danas"
    assert anon.get(f"{S}/flips/{ledger.flip_id}/").json() == body


@pytest.mark.parametrize("flip_id", ["nope", "1-2-3", "999999-2", "0-0"])
def test_unknown_flip_is_404(ledger, anon, flip_id):
    error_of(anon.get(f"{S}/flips/{flip_id}"), 404)


def test_a_record_that_is_no_flip_is_404(ledger, anon):
    students = ledger.records["students"].id
    assert error_of(anon.get(f"{S}/flips/{students}-2"), 404) == (
        f"unknown flip '{students}-2': record {students} confirms no change of position under N = 2")


# --- records ------------------------------------------------------------------------------


def ids(response):
    assert response.status_code == 200, response.content[:500]
    return [r["id"] for r in response.json()["results"]]


def test_records_list_in_the_line_format_of_section_3(ledger, anon):
    body = anon.get(f"{S}/records").json()
    assert body["count"] == 5
    first = body["results"][0]
    assert set(first) == {"id", "story", "actor", "question", "position", "value", "value_high", "reported_on",
                          "outlet", "via", "outlets", "url", "quote", "excerpt", "extractor", "confidence", "rationale",
                          "recorded_at", "retracted", "seq", "hash"}
    # the export's line of the same record, seq and hash included: anyone can check the chain
    expected = next(records_export(ledger.story))
    assert {k: v for k, v in first.items() if k != "recorded_at"} == {k: v for k, v in expected.items() if k != "recorded_at"}
    assert first["seq"] == 1 and len(first["hash"]) == 64


def test_records_filters(ledger, anon):
    r = ledger.records
    assert ids(anon.get(f"{S}/records", {"question": "crowd-size"})) == [r["crowd"].id]
    assert ids(anon.get(f"{S}/records/", {"actor": "students"})) == [r["students"].id]
    # an outlet finds what it carried as a copy too
    assert ids(anon.get(f"{S}/records", {"outlet": "n1"})) == [r["deny"].id, r["affirm2"].id, r["students"].id]
    assert ids(anon.get(f"{S}/records", {"from": "2025-03-18", "to": "2025-03-18"})) == [r["affirm1"].id]
    assert ids(anon.get(f"{S}/records", {"q": "cannons"})) == [r["students"].id]  # full text: stems match
    assert ids(anon.get(f"{S}/records", {"q": "LRAD", "actor": "ministry"})) == [r["affirm1"].id, r["affirm2"].id]


def test_records_bad_or_unknown_parameters(ledger, anon):
    assert error_of(anon.get(f"{S}/records", {"from": "March"}), 400, "from").startswith("from: ")
    error_of(anon.get(f"{S}/records", {"to": "2025-02-31"}), 400, "to")
    for param in ["question", "actor", "outlet"]:
        assert error_of(anon.get(f"{S}/records", {param: "nope"}), 404, param) == f"unknown {param} 'nope'"


def test_records_pagination(ledger, anon):
    body = anon.get(f"{S}/records", {"limit": 2, "offset": 2}).json()
    assert body["count"] == 5 and len(body["results"]) == 2
    assert body["next"] == "http://testserver/api/v1/stories/api-story/records?limit=2&offset=4"
    assert body["previous"] == "http://testserver/api/v1/stories/api-story/records?limit=2"
    assert error_of(anon.get(f"{S}/records", {"limit": "x"}), 400, "limit") == "limit: " + LIMIT_INVALID.format(max=500)
    error_of(anon.get(f"{S}/records", {"limit": "501"}), 400, "limit")
    error_of(anon.get(f"{S}/records", {"offset": "-1"}), 400, "offset")


def test_record_detail_has_excerpt_article_and_retraction(ledger, anon, staff):
    record = ledger.records["affirm2"]
    body = anon.get(f"{API}/records/{record.id}").json()
    assert body["excerpt"] == body["excerpt_detail"]["id"] == record.excerpt_id
    assert body["excerpt_detail"]["text"].startswith("Before. The Interior Ministry")
    assert body["article"]["title"] == "Minister on the device" and body["article"]["outlet_name"] == "Danas"
    assert body["retraction"] is None and body["retracted"] is False
    assert staff.post(f"{API}/records/{record.id}/retractions", {"reason": "misread"}, format="json").status_code == 201
    body = anon.get(f"{API}/records/{record.id}/").json()
    assert body["retracted"] is True
    assert {k: body["retraction"][k] for k in ("record", "reason", "retracted_by")} == {
        "record": record.id, "reason": "misread", "retracted_by": "staff"}


def test_unknown_record_is_404(db, anon):
    assert error_of(anon.get(f"{API}/records/123456789"), 404) == "unknown record 123456789"
    error_of(anon.get(f"{API}/records/99999999999999999999999"), 404)


# --- writes -------------------------------------------------------------------------------

BODY = {"actor": "students", "question": "device-owned", "position": "deny", "reported_on": "2025-03-21",
        "outlet": "rts", "url": "https://rts.example/x", "quote": "No device, they say now."}


def test_append_a_record_by_hand(ledger, adder, anon):
    response = adder.post(f"{S}/records", BODY, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["extractor"] == "manual/adder" and body["outlets"] == ["rts"] and body["retracted"] is False
    assert body["story"] == "api-story" and body["reported_on"] == "2025-03-21" and body["excerpt"] is None
    assert StanceRecord.objects.get(id=body["id"]).extractor == "manual/adder"
    students = anon.get(f"{S}/positions", {"question": "device-owned"}).json()["questions"][0]["actors"][1]
    assert students["pending"]["records"] == [body["id"]]  # one source: pending under N = 2
    number = adder.post(f"{S}/records/", {**BODY, "question": "crowd-size", "position": "number", "value": 50000},
                        format="json")
    assert number.status_code == 201 and number.json()["value"] == 50000.0


@pytest.mark.parametrize("change, param", [
    ({"position": "maybe"}, "position"), ({"reported_on": "soon"}, "reported_on"), ({"reported_on": None}, "reported_on"),
    ({"actor": "nope"}, "actor"), ({"question": "nope"}, "question"), ({"outlet": "nope"}, "outlet"),
    ({"outlets": ["rts", "nope"]}, "outlets"), ({"confidence": 2}, "confidence"), ({"url": "not a url"}, "url"),
    ({"value": "many"}, "value"),
])
def test_append_a_bad_record_is_400_naming_the_field(ledger, adder, change, param):
    error_of(adder.post(f"{S}/records", {**BODY, **change}, format="json"), 400, param)


def test_append_a_record_breaking_the_question_rules_is_400(ledger, adder):
    message = error_of(adder.post(f"{S}/records", {**BODY, "question": "crowd-size"}, format="json"), 400, "position")
    assert message == "question 'crowd-size' is a number question: position must be 'number' with a value"
    assert error_of(adder.post(f"{S}/records", {**BODY, "value": 3}, format="json"), 400, "value").endswith(
        "value must be null")
    error_of(adder.post(f"{S}/records", "not json", content_type="application/json"), 400)
    error_of(adder.post(f"{API}/stories/nope/records", BODY, format="json"), 404)


def test_retraction(ledger, staff, anon):
    record = ledger.records["affirm1"]
    response = staff.post(f"{API}/records/{record.id}/retractions", {"reason": "  wrong actor  "}, format="json")
    assert response.status_code == 201
    assert response.json() | {"recorded_at": None} == {"record": record.id, "reason": "wrong actor",
                                                        "retracted_by": "staff", "recorded_at": None}
    # the retracted record no longer counts: the flip waits for a second source again
    ministry = anon.get(f"{S}/positions", {"question": "device-owned"}).json()["questions"][0]["actors"][0]
    assert ministry["current"]["position"] == "deny" and ministry["pending"]["sources"] == 1
    assert error_of(anon.get(f"{S}/flips/{ledger.flip_id}"), 404) == (
        f"flip '{ledger.flip_id}' is not a flip any more: a record of 'ministry' on 'device-owned' was retracted")
    again = staff.post(f"{API}/records/{record.id}/retractions/", {"reason": "twice"}, format="json")
    assert error_of(again, 409) == f"record {record.id} is already retracted"


def test_retraction_needs_a_reason_and_a_record(ledger, staff):
    record = ledger.records["deny"]
    error_of(staff.post(f"{API}/records/{record.id}/retractions", {}, format="json"), 400, "reason")
    error_of(staff.post(f"{API}/records/{record.id}/retractions", {"reason": "   "}, format="json"), 400, "reason")
    error_of(staff.post(f"{API}/records/987654321/retractions", {"reason": "x"}, format="json"), 404)


def test_session_authentication_needs_the_csrf_token(ledger, users):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(users["adder"])
    assert error_of(client.post(f"{S}/records", BODY, format="json"), 403).startswith("CSRF Failed")
    client.cookies["csrftoken"] = token = "a" * 32  # as a page of the site would have set it
    accepted = client.post(f"{S}/records", BODY, format="json", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 201 and accepted.json()["extractor"] == "manual/adder"


# --- exports ------------------------------------------------------------------------------


def test_export_jsonl_is_streamed_in_the_section_3_format(ledger, anon):
    response = anon.get(f"{S}/records.jsonl")
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"] == "application/jsonl; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="api-story-records.jsonl"'
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert [json.loads(line) for line in lines] == list(records_export(ledger.story))


def test_export_csv_is_streamed(ledger, anon, staff):
    staff.post(f"{API}/records/{ledger.records['crowd'].id}/retractions", {"reason": "x"}, format="json")
    response = anon.get(f"{S}/records.csv")
    assert response.status_code == 200 and response.streaming
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert [int(row["id"]) for row in rows] == [r.id for r in ledger.records.values()]
    crowd = rows[-1]
    assert (crowd["position"], crowd["value"], crowd["retracted"], crowd["excerpt"]) == ("number", "30000.0", "true", "")
    assert rows[2]["outlets"] == "danas n1"


# --- schema, docs, throttling -------------------------------------------------------------


def test_schema_lists_the_contract_paths(db, anon):
    response = anon.get(f"{API}/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = set(json.loads(response.content)["paths"])
    assert paths == {f"/api/v1/{p}" for p in [
        "stories/", "stories/{slug}/", "stories/{slug}/positions", "stories/{slug}/flips",
        "stories/{slug}/flips/{flip_id}", "stories/{slug}/records", "stories/{slug}/records.jsonl",
        "stories/{slug}/records.csv", "records/{id}", "records/{id}/retractions"]}


def test_docs_are_served_offline(db, anon):
    page = anon.get(f"{API}/schema/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "swagger-ui-bundle.js" in html and "http://" not in html and "https://" not in html
    assert "<script>" not in html  # the content security policy allows no inline script
    script = anon.get(f"{API}/schema/docs/", {"script": ""})
    assert script.status_code == 200 and "/api/v1/schema/" in script.content.decode()


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                       "LOCATION": "throttle-test"}})
def test_anonymous_clients_are_throttled(ledger, anon, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "1000/min"})
    for _ in range(3):
        assert anon.get(f"{API}/stories/").status_code == 200
    assert error_of(anon.get(f"{API}/stories/"), 429).startswith("Request was throttled")


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                       "LOCATION": "throttle-test"}})
def test_each_request_counts_against_one_rate_only(ledger, anon, plain, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "1000/min", "user": "2/min"})
    for _ in range(3):  # anonymous: the anon rate only
        assert anon.get(f"{API}/stories/").status_code == 200
    for _ in range(2):
        assert plain.get(f"{API}/stories/").status_code == 200
    assert error_of(plain.get(f"{API}/stories/"), 429).startswith("Request was throttled")


def test_exports_answer_their_own_accept_header_and_errors_in_json(ledger, anon):
    assert anon.get(f"{S}/records.csv", HTTP_ACCEPT="text/csv").status_code == 200
    assert anon.get(f"{S}/records.jsonl", HTTP_ACCEPT="application/jsonl").status_code == 200
    missing = anon.get(f"{API}/stories/nope/records.csv", HTTP_ACCEPT="text/csv")
    assert missing["Content-Type"] == "application/json"
    assert error_of(missing, 404) == "unknown story 'nope'"


# --- what a page costs --------------------------------------------------------------------


def test_positions_keep_each_actors_newest_history_when_asked(ledger, anon):
    ask = {"question": "device-owned", "confirm": 1}
    whole = anon.get(f"{S}/positions", ask).json()
    assert "history" not in whole and not any("omitted" in a for a in whole["questions"][0]["actors"])
    assert max(len(a["history"]) for a in whole["questions"][0]["actors"]) >= 1
    for keep in (0, 1):
        cut = anon.get(f"{S}/positions", {**ask, "history": keep}).json()
        assert cut["history"] == keep
        for full, short in zip(whole["questions"][0]["actors"], cut["questions"][0]["actors"], strict=True):
            left_out = max(0, len(full["history"]) - keep)
            assert short == {**full, "history": full["history"][:keep],
                             "changes": full["changes"][left_out:], "omitted": left_out}
    assert error_of(anon.get(f"{S}/positions", {"history": -1}), 400, "history").startswith("history:")


def test_positions_cost_a_fixed_number_of_queries(ledger, anon, django_assert_num_queries):
    # the story with its chain head (the cache key, and how far the periods follow it), the
    # periods with the records after them, whatever their number; the story's actors,
    # outlets and questions were read once when it was loaded (then once per configuration)
    with django_assert_num_queries(2):
        assert anon.get(f"{S}/positions").status_code == 200


def test_a_records_page_costs_a_fixed_number_of_queries(ledger, anon, django_assert_num_queries):
    # story, count, the page with actors, questions, outlets and retractions joined
    with django_assert_num_queries(3):
        assert anon.get(f"{S}/records", {"limit": 3}).status_code == 200


def test_export_csv_keeps_a_quote_from_running_as_a_formula(ledger, adder, anon):
    formula = '=HYPERLINK("https://evil.example","click")'
    assert adder.post(f"{S}/records", {**BODY, "quote": formula}, format="json").status_code == 201
    rows = list(csv.DictReader(io.StringIO(b"".join(anon.get(f"{S}/records.csv").streaming_content).decode())))
    assert rows[-1]["quote"] == "'" + formula
    assert rows[0]["quote"] == next(iter(ledger.records.values())).quote  # ordinary text untouched


@pytest.mark.parametrize("path", ["/positions", "/positions?known_at=2026-01-01T10:00:00.123456Z", "/flips",
                                  "/records", "/nowhere"])
def test_json_is_the_bytes_drf_would_write(ledger, anon, path):
    response = anon.get(f"{S}{path}")
    assert response["Content-Type"] == "application/json"
    assert type(response.accepted_renderer) is LedgerJSONRenderer
    assert response.content == JSONRenderer().render(response.data)


def test_json_escapes_what_ends_a_line_in_javascript_as_drf_does():
    data = {"quote": "a\u2028b\u2029c", "day": date(2025, 3, 20)}
    assert LedgerJSONRenderer().render(data) == JSONRenderer().render(data) == b'{"quote":"a\\u2028b\\u2029c","day":"2025-03-20"}'

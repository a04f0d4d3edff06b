"""The one positions request (ledger.requests): the API and the pages read a query string the
same way, clamp a day to the story with a notice, say when N is above the story's independent
sources, and answer the same positions for the same request."""
import json

import pytest
from django.test import Client

from ledger.models import Retraction
from ledger.services import retraction_append

from .test_endpoints import S, error_of

# api-story: Mar 2025; outlets n1 and nova are one group ("united"), rts and danas their own.
GROUPS = 3


def api(client, **params) -> dict:
    response = client.get(f"{S}/positions", params)
    assert response.status_code == 200, response.content[:500]
    return response.json()


def twin(path: str, **params) -> dict:
    response = Client().get(path, params)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json"), \
        response.content[:500]
    return json.loads(response.content)


def test_positions_name_each_actor_and_filter_by_actor(ledger, anon):
    body = api(anon, actor="students")
    assert [[(a["actor"], a["name"]) for a in q["actors"]] for q in body["questions"]] == [[("students", "Students")], []]
    everyone = api(anon)
    assert [a["name"] for a in everyone["questions"][0]["actors"]] == ["Interior Ministry", "Students"]
    assert body["questions"][0]["actors"][0] == everyone["questions"][0]["actors"][1]
    assert error_of(anon.get(f"{S}/positions", {"actor": "nobody"}), 404, "actor") == "unknown actor 'nobody'"


@pytest.mark.parametrize("asked, shown, words", [
    ("2030-01-01", "2025-03-31", "2030-01-01 is after the story's end: positions are shown as of its last day, "
                                 "2025-03-31"),
    ("0001-01-01", "2025-03-01", "0001-01-01 is before the story's start: positions are shown as of its first "
                                 "day, 2025-03-01"),
])
def test_a_day_outside_the_story_is_moved_into_it_with_a_notice(ledger, anon, asked, shown, words):
    body = api(anon, as_of=asked)
    assert body["as_of"] == shown and body["notices"] == [{"param": "as_of", "message": words}]
    page = twin("/stories/api-story.json", as_of=asked)
    assert page["as_of"] == shown and page["notices"] == body["notices"]
    assert api(anon, as_of="2025-03-20")["notices"] == []


def test_an_n_above_the_storys_independent_sources_is_answered_with_a_notice(ledger, anon):
    body = api(anon, confirm=GROUPS + 1)
    assert body["confirm"] == GROUPS + 1
    assert body["notices"] == [{"param": "confirm", "message": (
        f"N = {GROUPS + 1} is more than the story's {GROUPS} independent sources (outlet groups): "
        "no change of position can be confirmed")}]
    assert api(anon, confirm=GROUPS)["notices"] == []
    # Pages took 1 to 9 and the API 1 to 1000: both take the request's limits now.
    page = twin("/stories/api-story.json", confirm=50)
    assert page["confirm"] == 50 and page["notices"][0]["param"] == "confirm"
    assert Client().get("/stories/api-story/", {"confirm": 1001}).status_code == 400
    assert error_of(anon.get(f"{S}/positions", {"confirm": 1001}), 400, "confirm").startswith("confirm: ")


def _core(actor: dict, api_actor: dict) -> dict:
    """The part of a page's actor that the API's answer has too, keyed as the API keys it."""
    return {key: (_pick(actor[key], api_actor[key]) if key != "actor" else actor["actor"]["key"])
            for key in api_actor if key not in ("name", "omitted")}


def _pick(page_value, api_value):
    if isinstance(api_value, dict) and isinstance(page_value, dict):
        return {k: _pick(page_value[k], v) for k, v in api_value.items()}
    if isinstance(api_value, list) and isinstance(page_value, list):
        return [_pick(p, a) for p, a in zip(page_value, api_value, strict=True)]
    return page_value


REQUESTS = [{"topic": "march-15"}, {"topic": "march-15", "as_of": "2025-03-18"},
            {"topic": "march-15", "as_of": "2025-03-19", "confirm": "1"}, {"topic": "march-15", "confirm": "3"},
            {"topic": "crowds"}, {"topic": "march-15", "as_of": "2031-05-05", "confirm": "7"},
            {"topic": "march-15", "as_of": "2025-03-16", "actor": "ministry"}]


@pytest.mark.parametrize("params", REQUESTS)
def test_each_pages_json_twin_and_the_api_answer_the_same(ledger, anon, params):
    retraction_append(record=ledger.records["students"], reason="misread", retracted_by="editor")
    assert Retraction.objects.count() == 1
    page = twin("/stories/api-story.json", **params)
    # A topic's page shows each actor's newest six earlier positions: the same request to the API.
    body = api(anon, **params, history=6)
    assert (page["as_of"], page["confirm"], page["notices"]) == (body["as_of"], body["confirm"], body["notices"])
    assert [q["id"] for q in page["questions"]] == [q["id"] for q in body["questions"]]
    for page_q, api_q in zip(page["questions"], body["questions"]):
        by_key = {a["actor"]["key"]: a for a in page_q["actors"]}
        assert sorted(by_key) == sorted(a["actor"] for a in api_q["actors"])
        for api_actor in api_q["actors"]:
            expected = {k: v for k, v in api_actor.items() if k not in ("name", "omitted")}
            assert _core(by_key[api_actor["actor"]], api_actor) == expected

    whole_story = {k: v for k, v in params.items() if k not in ("topic", "actor")}
    queue = twin("/stories/api-story/pending.json", **whole_story)
    everything = api(anon, **whole_story)
    assert (queue["as_of"], queue["confirm"], queue["notices"]) == \
        (everything["as_of"], everything["confirm"], everything["notices"])
    waiting = sorted((q["id"], a["actor"], a["pending"]["position"], a["pending"]["records"][-1])
                     for q in everything["questions"] for a in q["actors"] if a["pending"])
    assert sorted((i["question"]["id"], i["actor"]["key"], i["pending"]["position"], i["pending"]["records"][-1])
                  for i in queue["pending"]) == waiting

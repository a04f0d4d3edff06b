"""Every page and its JSON twin, through Django's test client."""
import json

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from ingest.llm.models import LlmRejection
from ingest.models import IngestReject, IngestRun
from ledger.models import Retraction, StanceRecord
from ledger.services import retraction_append
from ledger.tests.factories import CANOPY, canopy_make, record_add, story_make, tamper

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tmp_path):
    return canopy_make(tmp_path)


@pytest.fixture
def staff_client():
    client = Client()
    user = User.objects.create_user("editor", password="pw-editor-1", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="add_stancerecord"))  # adds records by hand
    client.force_login(user)
    return client


def as_json(response):
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    return json.loads(response.content)


def test_story_list_and_twin(client, world):
    page = client.get("/")
    assert page.status_code == 200
    assert "Canopy collapse and the protests" in page.content.decode()
    for url in ("/index.json", "/?format=json"):
        data = as_json(client.get(url))
        assert data["stories"][0]["slug"] == "canopy"
        assert data["stories"][0]["records"] == 8
        assert data["stories"][0]["actors"] == 3


def test_story_page_shows_positions_pending_and_history(client, world):
    html = client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-18", "confirm": 2}).content.decode()
    assert "Do state bodies own a sound device?" in html
    assert "Interior Ministry" in html
    assert 'class="tag pending-tag">Pending</span> <span class="badge outline pos-affirm">Affirms' in html
    assert "1 of 2 independent sources" in html
    # Under N = 2 the ministry still denies on the 18th: the pending affirm is not its position.
    data = as_json(client.get("/stories/canopy.json", {"topic": "march-15", "as_of": "2025-03-18"}))
    q = data["questions"][0]
    ministry = next(a for a in q["actors"] if a["actor"]["key"] == "ministry")
    assert ministry["current"]["position"] == "deny"
    assert ministry["pending"]["position"] == "affirm"
    assert ministry["pending"]["sources"] == 1

    data = as_json(client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-19", "format": "json"}))
    ministry = next(a for a in data["questions"][0]["actors"] if a["actor"]["key"] == "ministry")
    assert ministry["current"]["position"] == "affirm"
    assert str(ministry["current"]["since"]) == "2025-03-18"
    assert ministry["current"]["confirmed_on"] == "2025-03-19"
    assert [h["position"] for h in ministry["history"]] == ["deny"]
    assert ministry["changes"][0]["id"] == world["flip_id"]
    assert ministry["changes"][0]["audit_url"] == f"/stories/canopy/flips/{world['flip_id']}/"
    assert ministry["current"]["sources"][0]["link"].startswith("https://")
    html = client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-19"}).content.decode()
    assert f'href="/stories/canopy/flips/{world["flip_id"]}/"' in html
    assert "Earlier positions, newest first" in html


def test_story_page_keys_match_the_api_shape(client, world):
    data = as_json(client.get("/stories/canopy.json", {"topic": "march-15", "as_of": "2025-03-19"}))
    assert {"story", "as_of", "confirm", "questions"} <= set(data)
    actor = data["questions"][0]["actors"][0]
    assert {"actor", "current", "pending", "history", "changes"} <= set(actor)
    assert {"position", "value", "since", "confirmed_on", "records"} <= set(actor["current"])


def test_story_page_with_n1_confirms_at_once(client, world):
    data = as_json(client.get("/stories/canopy.json", {"topic": "march-15", "as_of": "2025-03-18", "confirm": 1}))
    ministry = next(a for a in data["questions"][0]["actors"] if a["actor"]["key"] == "ministry")
    assert ministry["current"]["position"] == "affirm"
    assert ministry["pending"] is None


def test_number_question_shows_figures(client, world):
    html = client.get("/stories/canopy/", {"topic": "crowds", "as_of": "2025-03-20"}).content.decode()
    assert "300,000 people" in html and "107,000 people" in html


def test_htmx_request_returns_the_partial_and_pushes_the_permalink(client, world):
    response = client.get("/stories/canopy/", {"topic": "crowds", "as_of": "2025-03-20", "day": 3,
                                              "shown": "2025-03-10"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and 'class="topics"' in html
    assert response["HX-Push-Url"] == "/stories/canopy/?topic=crowds&as_of=2025-03-20&confirm=2"
    assert "HX-Request" in response["Vary"]


def test_slider_day_wins_when_the_date_input_is_unchanged(client, world):
    response = client.get("/stories/canopy/", {"topic": "crowds", "as_of": "2025-03-10", "day": 18,
                                              "shown": "2025-03-10"}, headers={"HX-Request": "true"})
    assert response["HX-Push-Url"] == "/stories/canopy/?topic=crowds&as_of=2025-03-19&confirm=2"


def test_bad_parameters_answer_400_with_the_error_shape(client, world):
    response = client.get("/stories/canopy.json", {"as_of": "yesterday"})
    assert response.status_code == 400
    assert as_json(response)["error"]["param"] == "as_of"
    response = client.get("/stories/canopy/", {"topic": "nope"})
    assert response.status_code == 404  # as the API answers an unknown topic
    assert "unknown topic" in response.content.decode()
    assert client.get("/stories/nope/").status_code == 404
    assert as_json(client.get("/stories/nope.json"))["error"]["status"] == 404
    assert client.get("/stories/canopy/", {"confirm": 0}).status_code == 400


def test_flip_audit_page_and_twin(client, world):
    url = f"/stories/canopy/flips/{world['flip_id']}/"
    html = client.get(url).content.decode()
    assert "Flip audit" in html
    assert "<mark>The ministry said it does have such devices, for warnings only.</mark>" in html
    assert 'href="https://rts.rs/lrad-units"' in html
    assert "rules/1" in html and "0.80" in html
    assert "Retract this record" not in html  # not staff
    data = as_json(client.get(f"/stories/canopy/flips/{world['flip_id']}.json"))
    assert data["from"] == "deny" and data["to"] == "affirm"
    assert [r["id"] for r in data["to_records"]] == [world["records"]["affirm1"].id, world["records"]["affirm2"].id]
    assert data["to_records"][0]["excerpt"]["sentence"].startswith("The ministry said")
    assert [c["outlet"] for c in data["confirmed_by"]] == ["RTS", "Danas"]
    assert client.get("/stories/canopy/flips/99999-2/").status_code == 404


def test_record_page_and_twin(client, world):
    record = world["records"]["affirm1"]
    html = client.get(f"/records/{record.id}/").content.decode()
    assert f"Record #{record.id}" in html and "Counts in positions" in html
    data = as_json(client.get(f"/records/{record.id}.json"))
    assert data["id"] == record.id and data["retracted"] is False
    assert data["position_now"]["position"] == "affirm"
    assert client.get("/records/999999/").status_code == 404


def test_retraction_needs_staff_and_shows_the_fall_back(staff_client, world, django_user_model):
    client = Client()
    record = world["records"]["affirm2"]
    # Anonymous: sent to the login page, nothing appended.
    anon = Client()
    response = anon.post(f"/records/{record.id}/retract/", {"reason": "misread"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    # Logged in but not staff: refused.
    plain = Client()
    plain.force_login(django_user_model.objects.create_user("reader", password="x"))
    assert plain.post(f"/records/{record.id}/retract/", {"reason": "misread"}).status_code == 302
    assert not Retraction.objects.exists()
    # Staff without a reason: 400, nothing appended.
    assert staff_client.post(f"/records/{record.id}/retract/", {"reason": " "}).status_code == 400
    response = staff_client.post(f"/records/{record.id}/retract/", {"reason": "Danas quoted the wrong ministry", "confirm": 2})
    assert response.status_code == 302
    assert Retraction.objects.get().retracted_by == "editor"
    html = staff_client.get(response["Location"]).content.decode()
    assert "What the position becomes" in html and "Danas quoted the wrong ministry" in html
    data = as_json(staff_client.get(f"/records/{record.id}.json"))
    assert data["position_before_retraction"]["position"] == "affirm"
    assert data["position_now"]["position"] == "deny"
    assert data["position_now"]["pending"]["position"] == "affirm"
    # The flip is no more: its audit page says so.
    assert client.get(f"/stories/canopy/flips/{world['flip_id']}/").status_code == 404


def test_staff_see_retract_forms_with_csrf(staff_client, world):
    html = staff_client.get(f"/stories/canopy/flips/{world['flip_id']}/").content.decode()
    assert "Retract this record" in html and "csrfmiddlewaretoken" in html
    assert 'hx-headers=\'{"X-CSRFToken": "' in html


def test_add_a_record_by_hand(staff_client, world):
    assert Client().get("/stories/canopy/records/new/").status_code == 302
    assert staff_client.get("/stories/canopy/records/new/").status_code == 200
    response = staff_client.post("/stories/canopy/records/new/", {
        "actor": "president", "question": "device-owned", "position": "affirm", "reported_on": "2025-03-20",
        "url": "https://danas.rs/president-bought", "outlet": "", "quote": "We bought various things."})
    assert response.status_code == 302, response.content.decode()[:2000]
    record = StanceRecord.objects.order_by("-id").first()
    assert record.extractor == "manual/editor" and record.outlet.key == "danas"
    # A javascript: URL and a bad position are refused.
    response = staff_client.post("/stories/canopy/records/new/", {
        "actor": "president", "question": "crowd-size", "position": "affirm", "reported_on": "2025-03-20",
        "url": "javascript:alert(1)", "quote": "x"})
    assert response.status_code == 400
    assert StanceRecord.objects.count() == 9


def test_pending_queue_and_twin(client, world):
    html = client.get("/stories/canopy/pending/", {"as_of": "2025-03-18"}).content.decode()
    assert "Changes waiting for confirmation" in html and "Interior Ministry" in html
    data = as_json(client.get("/stories/canopy/pending.json", {"as_of": "2025-03-18"}))
    assert [(i["actor"]["key"], i["pending"]["position"]) for i in data["pending"]] == [("ministry", "affirm")]
    data = as_json(client.get("/stories/canopy/pending.json", {"as_of": "2025-03-19"}))
    assert data["pending"] == []


def test_pending_queue_is_oldest_first(client, tmp_path):
    story = story_make(tmp_path, **CANOPY)
    record_add(story, "president", "device-owned", "deny", "2025-03-01", "rts")
    record_add(story, "president", "device-owned", "affirm", "2025-03-10", "rts")
    record_add(story, "students", "device-owned", "affirm", "2025-03-01", "rts")
    record_add(story, "students", "device-owned", "deny", "2025-03-05", "rts")
    data = as_json(client.get("/stories/canopy/pending.json", {"as_of": "2025-03-20"}))
    assert [i["actor"]["key"] for i in data["pending"]] == ["students", "president"]


def test_charts_shell_and_figures(client, world):
    html = client.get("/stories/canopy/charts/device-owned/", {"as_of": "2025-03-18"}).content.decode()
    assert 'data-src="/stories/canopy/charts/device-owned.json?as_of=2025-03-18&amp;confirm=2"' in html
    fig = as_json(client.get("/stories/canopy/charts/device-owned.json", {"as_of": "2025-03-18"}))
    names = [t.get("name") for t in fig["data"]]
    assert "Affirms (pending)" in names and "Denies" in names
    assert fig["layout"]["shapes"][0]["x0"] == "2025-03-18"
    assert sorted(fig["layout"]["yaxis"]["categoryarray"]) == ["Interior Ministry", "Students in blockade", "The President"]
    fig = as_json(client.get("/stories/canopy/charts/device-owned.json", {"as_of": "2025-03-19"}))
    assert any(t.get("name") == "Flip" for t in fig["data"])
    fig = as_json(client.get("/stories/canopy/charts/crowd-size.json", {"as_of": "2025-03-19"}))
    assert {t["legendgroup"] for t in fig["data"]} == {"government", "protesters"}
    assert client.get("/stories/canopy/charts/nope.json").status_code == 404


def test_story_page_loads_plotly_from_static_not_a_cdn(client, world):
    html = client.get("/stories/canopy/").content.decode()
    assert 'src="/static/plotly/plotly.min.js"' in html
    assert "cdn" not in html.lower()
    assert "htmx-2.min.js" in html


def test_runs_pages(client, world):
    story = world["story"]
    done = IngestRun.objects.create(story=story, file_name="articles.jsonl", extractor="llm", status="done",
                                    articles=10, excerpts=20, excerpts_done=20, records=5, rejects=3, duplicates=1,
                                    tokens_in=12345, tokens_out=678, cost_usd="0.042000")
    IngestReject.objects.create(run=done, line=3, reason="bad date '2025-13-01'")
    IngestReject.objects.create(run=done, line=7, reason="no text")
    IngestReject.objects.create(run=done, line=9, reason="URL already seen on line 2")
    html = client.get("/stories/canopy/runs/").content.decode()
    assert "articles.jsonl" in html and "every 2s" not in html
    running = IngestRun.objects.create(story=story, file_name="more.jsonl", extractor="rules", status="running",
                                       excerpts=40, queued=40, excerpts_done=10)
    html = client.get("/stories/canopy/runs/").content.decode()
    assert 'hx-trigger="every 2s"' in html and 'value="25.0"' in html
    partial = client.get("/stories/canopy/runs/", headers={"HX-Request": "true"}).content.decode()
    assert partial.strip().startswith('<div id="runs"')
    data = as_json(client.get("/stories/canopy/runs.json"))
    assert data["active"] is True and [r["id"] for r in data["runs"]] == [running.id, done.id]
    html = client.get(f"/stories/canopy/runs/{done.id}/").content.decode()
    assert "bad date &#x27;2025-13-01&#x27;" in html
    assert "Rejected lines (3, of which 1 repeat a URL seen earlier in the file)" in html  # duplicates counted
    assert "12345 in, 678 out" in html and "$0.0420" in html  # what an LLM run spent
    data = as_json(client.get(f"/stories/canopy/runs/{done.id}.json"))
    assert [r["line"] for r in data["rejects"]] == [3, 7, 9] and data["run"]["duplicates"] == 1
    assert (data["run"]["tokens_in"], data["run"]["tokens_out"]) == (12345, 678)
    assert data["set_aside"] == [] and "The LLM set no excerpt aside." in html
    # Excerpts the LLM set aside: the stage, the model, the sentence and its article, the reason.
    excerpt = world["records"]["affirm1"].excerpt
    LlmRejection.objects.create(run=done, story=story, excerpt=excerpt, stage="budget", model="claude-sonnet-5-5",
                                reason="the run's budget of $0.01 is spent")
    html = client.get(f"/stories/canopy/runs/{done.id}/").content.decode()
    assert "Excerpts the LLM set aside (1)" in html and "budget of $0.01 is spent" in html
    assert excerpt.article.url in html and "The ministry said it does have such devices" in html
    data = as_json(client.get(f"/stories/canopy/runs/{done.id}.json"))
    assert data["set_aside_count"] == 1 and data["set_aside"][0]["excerpt"] == excerpt.id
    # A rules run has no such section, and costs no query for it.
    html = client.get(f"/stories/canopy/runs/{running.id}/").content.decode()
    assert "set aside" not in html
    # ... and no tokens or cost of a model it never called.
    assert "0 in, 0 out" not in html and "$0.0" not in html and "sends nothing to a paid model" in html
    assert client.get("/stories/canopy/runs/99999/").status_code == 404


def test_evaluation_without_and_with_a_key(client, tmp_path, world):
    html = client.get("/stories/canopy/evaluation/").content.decode()
    assert "no answer key" in html
    assert as_json(client.get("/stories/canopy/evaluation.json"))["scores"] is None
    key = [
        '{"actor": "president", "question": "device-owned", "position": "deny", "date": "2025-03-15", "url": "https://rts.rs/a"}',
        '{"actor": "president", "question": "device-owned", "position": "affirm", "date": "2025-03-20", "url": "https://rts.rs/b"}',
    ]
    story = story_make(tmp_path / "keyed", **{**CANOPY, "slug": "keyed"}, key_lines=key)
    record_add(story, "president", "device-owned", "deny", "2025-03-15", "rts")
    record_add(story, "president", "device-owned", "affirm", "2025-03-20", "danas")
    data = as_json(client.get("/stories/keyed/evaluation.json", {"confirm": 1}))
    assert data["key_statements"] == 2
    assert data["scores"]["overall"]["current_accuracy"] == 1.0
    assert data["scores"]["overall"]["change_recall"] == 1.0
    assert data["scores"]["per_topic"][0]["name"] == "15 March"
    html = client.get("/stories/keyed/evaluation/", {"confirm": 1}).content.decode()
    assert "current accuracy" in html and "15 March" in html
    fig = as_json(client.get("/stories/keyed/evaluation/retention.json", {"confirm": 1}))
    assert fig["data"][0]["y"][-1] == 1.0
    # Scores are cached until the ledger changes: a retraction shows at once.
    retraction_append(record=StanceRecord.objects.get(story=story, position="affirm"), reason="wrong", retracted_by="t")
    data = as_json(client.get("/stories/keyed/evaluation.json", {"confirm": 1}))
    assert data["scores"]["overall"]["current_accuracy"] < 1.0
    # ... and the statement it no longer holds is listed, with why: its record was retracted.
    assert [(m["position"], m["reason"]) for m in data["misses"]] == [("affirm", "retracted")]
    html = client.get("/stories/keyed/evaluation/", {"confirm": 1}).content.decode()
    assert "Missed key statements (1)" in html and "but its record was retracted" in html
    assert "the share the ledger gives the same" in html  # each score defined in a sentence
    assert client.get("/stories/canopy/evaluation/retention.json").status_code == 404


def test_csp_header_on_pages(client, world):
    response = client.get("/stories/canopy/")
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_chart_draws_repeats_of_a_confirmed_position_filled(client, world):
    """The students repeat their affirm eleven times: the rule calls each a repeat, so the
    chart draws them filled; only a change not confirmed yet is hollow ("pending")."""
    story = world["story"]
    for day in range(17, 28):
        record_add(story, "students", "device-owned", "affirm", f"2025-03-{day}", "rts")
    fig = as_json(client.get("/stories/canopy/charts/device-owned.json", {"as_of": "2025-03-28"}))
    by_name = {t.get("name"): t for t in fig["data"] if t.get("name")}
    students = [y for t in fig["data"] if t.get("name") == "Affirms" for y in t["y"] if y == "Students in blockade"]
    assert len(students) == 12
    pending = by_name.get("Affirms (pending)")
    assert pending is None or "Students in blockade" not in pending["y"]
    assert any("repeats the position held" in text for text in by_name["Affirms"]["text"])


def test_overview_opens_on_what_changed(client, world):
    """Without a topic, the story page lists the latest confirmed flips and the pending
    changes across every topic, each with its link."""
    html = client.get("/stories/canopy/", {"as_of": "2025-03-20"}).content.decode()
    assert "Latest confirmed flips" in html
    assert f'href="/stories/canopy/flips/{world["flip_id"]}/"' in html
    html = client.get("/stories/canopy/", {"as_of": "2025-03-18"}).content.decode()
    assert "Changes waiting for another source" in html and "1 of 2 independent sources" in html
    data = as_json(client.get("/stories/canopy.json", {"as_of": "2025-03-20"}))
    assert [f["change"]["id"] for f in data["overview"]["flips"]] == [world["flip_id"]]


def test_pending_change_says_why_two_outlets_count_once(client, world):
    story = world["story"]
    record_add(story, "president", "device-owned", "affirm", "2025-03-17", "n1")
    record_add(story, "president", "device-owned", "affirm", "2025-03-18", "nova")
    html = client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-18"}).content.decode()
    assert "N1 and Nova belong to one owner group (united-media), so they count as one source." in html
    assert "1 of 2 independent sources" in html


def test_actor_filter_actor_page_and_comparison(client, world):
    html = client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-20", "actor": "students"}).content.decode()
    assert 'data-actor="students"' in html and 'data-actor="ministry"' not in html
    assert client.get("/stories/canopy/", {"topic": "march-15", "actor": "nobody"}).status_code == 404  # as in the API
    data = as_json(client.get("/stories/canopy/actors/ministry.json", {"as_of": "2025-03-20"}))
    assert [q["id"] for q in data["questions"]] == ["device-owned", "crowd-size"]
    assert data["flips"][0]["change"]["id"] == world["flip_id"]
    assert client.get("/stories/canopy/actors/nobody/").status_code == 404
    data = as_json(client.get("/stories/canopy/compare.json", {"question": "device-owned", "as_of": "2025-03-20",
                                                              "actor": ["ministry", "president"]}))
    assert [(c["actor"]["key"], c["stance"]["current"]["position"]) for c in data["columns"]] == [
        ("ministry", "affirm"), ("president", "deny")]
    too_many = client.get("/stories/canopy/compare/", {"actor": ["students", "president", "ministry", "x"]})
    assert too_many.status_code == 400


def test_record_page_keeps_its_day_and_links_its_flips(client, world):
    r = world["records"]
    # From the audit, the record links carry the day the flip was confirmed.
    html = client.get(f"/stories/canopy/flips/{world['flip_id']}/").content.decode()
    assert f'href="/records/{r["affirm1"].id}/?as_of=2025-03-19&amp;confirm=2"' in html  # a chip links its record
    assert "confirmed the change" in html and "an independent source of the change" in html
    data = as_json(client.get(f"/records/{r['affirm1'].id}.json", {"as_of": "2025-03-18"}))
    assert data["role"] == "pending" and data["position_now"]["position"] == "deny" and data["flips"] == []
    data = as_json(client.get(f"/records/{r['affirm1'].id}.json", {"as_of": "2025-03-19"}))
    assert data["role"] == "change" and data["position_now"]["position"] == "affirm"
    assert [(f["id"], f["side"]) for f in data["flips"]] == [(world["flip_id"], "after")]
    html = client.get(f"/records/{r['deny'].id}/", {"as_of": "2025-03-19"}).content.decode()
    assert f'href="/stories/canopy/flips/{world["flip_id"]}/"' in html and "a record of the position before" in html


def test_pages_show_notices_for_a_moved_day_and_an_n_above_the_groups(client, world):
    """The story has 3 outlet groups (N1 and Nova share one): N = 4 cannot confirm anything,
    and a day after the story's end is shown as its last day; every page says both."""
    for url in ("/stories/canopy/", "/stories/canopy/actors/students/", "/stories/canopy/pending/",
                f"/records/{world['records']['deny'].id}/"):
        html = client.get(url, {"topic": "march-15", "as_of": "2026-01-01", "confirm": 4}).content.decode()
        assert 'class="notice info" role="status" data-param="as_of"' in html, url
        assert 'class="notice info" role="status" data-param="confirm"' in html, url
    html = client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-20", "confirm": 2}).content.decode()
    assert 'class="notice info"' not in html


def test_story_page_says_when_the_ledger_was_last_verified(client, world):
    from django.core.management import CommandError, call_command

    slug = world["story"].slug
    assert "Ledger not verified yet" in client.get(f"/stories/{slug}/").content.decode()
    call_command("verify_ledger", slug)
    page = client.get(f"/stories/{slug}/?topic=march-15").content.decode()
    assert "Ledger verified whole" in page and "not verified" not in page
    # A quote edited behind the ledger's back (as a superuser, triggers off): the next
    # verification fails, and the page says so instead of the earlier good news.
    tamper("UPDATE ledger_stancerecord SET quote = 'forged' WHERE id = %s", [world["records"]["deny"].id])
    with pytest.raises(CommandError, match="ledger broken"):
        call_command("verify_ledger", slug)
    page = client.get(f"/stories/{slug}/").content.decode()
    assert "last verification found a problem" in page and "verified whole" not in page

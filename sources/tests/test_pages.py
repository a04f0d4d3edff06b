"""The Atom feed of flips, the Sources page, the staff page of webhooks, the freshness line."""
from datetime import date
from xml.etree import ElementTree

import pytest
from django.contrib.auth.models import User

from ledger.tests.factories import records_add
from sources.models import Delivery, Fetch, FetchRun, Hook

from .conftest import bundle, load

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture
def story(tmp_path):
    story = load(bundle(tmp_path / "b", '''
[[sources]]
id = "list"
urls = "urls.txt"
every_minutes = 30
''', {"urls.txt": "https://danas.example/1\n"}))

    def says(*rows):
        records_add(story, [("ministry", "device-owned", p, date(2025, 3, d), o) for p, d, o in rows])

    story.says = says
    return story


def entries(client, query=""):
    response = client.get(f"/stories/teststory/flips.atom{query}")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/atom+xml")
    return ElementTree.fromstring(response.content).findall(f"{ATOM}entry")


def test_atom_feed_lists_confirmed_flips_newest_first_with_links_to_their_audit(client, story):
    story.says(("deny", 16, "danas"), ("affirm", 18, "danas"))
    assert entries(client) == []  # one source: not confirmed at the story's N = 2
    assert len(entries(client, "?confirm=1")) == 1
    story.says(("affirm", 19, "rts"), ("deny", 25, "danas"), ("deny", 26, "rts"))
    found = entries(client)
    titles = [e.find(f"{ATOM}title").text for e in found]
    assert titles == ["Interior Ministry: affirm → deny on “Do state bodies own a sound device?”",
                      "Interior Ministry: deny → affirm on “Do state bodies own a sound device?”"]
    link = found[0].find(f"{ATOM}link").get("href")
    assert "/stories/teststory/flips/" in link and client.get(link).status_code == 200
    assert entries(client, "?question=sound-used") == []
    assert len(entries(client, "?actor=ministry&question=device-owned")) == 2


def test_atom_feed_refuses_bad_parameters(client, story):
    assert client.get("/stories/teststory/flips.atom?confirm=0").status_code == 400
    assert client.get("/stories/teststory/flips.atom?confirm=x").status_code == 400
    assert client.get("/stories/teststory/flips.atom?question=nope").status_code == 404
    assert client.get("/stories/nope/flips.atom").status_code == 404


def test_sources_page_and_its_json_twin(client, story):
    run = FetchRun.objects.create(story=story, sources=["list"], status="done", pages=1, failed=1)
    Fetch.objects.create(run=run, source=story.sources.get(), url="https://danas.example/1", outcome="failed",
                         error="timed out (after 15 s)")
    data = client.get("/stories/teststory/sources.json").json()
    (source,) = data["sources"]
    assert (source["id"], source["kind"], source["location"], source["every_minutes"]) == ("list", "urls", "urls.txt", 30)
    assert source["counts"] == {"failed": 1} and source["errors"][0]["error"] == "timed out (after 15 s)"
    assert data["runs"][0]["summary"].startswith("pages 1, new 0")
    page = client.get("/stories/teststory/sources/").content.decode()
    assert "timed out (after 15 s)" in page and "manage.py follow teststory on" in page


def test_story_page_says_how_fresh_it_is(client, story):
    page = client.get("/stories/teststory/").content.decode()
    assert "No article fetched from the web yet" in page
    run = FetchRun.objects.create(story=story, sources=["list"])
    from django.utils import timezone
    from datetime import timedelta

    Fetch.objects.create(run=run, url="https://danas.example/1", outcome="new",
                         fetched_at=timezone.now() - timedelta(minutes=12))
    assert "Last article fetched <time" in client.get("/stories/teststory/").content.decode()
    assert "12\xa0minutes ago" in client.get("/stories/teststory/").content.decode()


def test_staff_add_a_hook_and_see_it_others_cannot(client, story):
    story.says(("deny", 16, "danas"), ("affirm", 18, "danas"), ("affirm", 19, "rts"))
    assert client.get("/stories/teststory/hooks/").status_code == 302  # to log in
    User.objects.create_user("reader", password="pw")
    client.login(username="reader", password="pw")
    assert client.get("/stories/teststory/hooks/").status_code == 302
    User.objects.create_user("staff", password="pw", is_staff=True)
    client.login(username="staff", password="pw")
    assert client.post("/stories/teststory/hooks/", {"url": "ftp://x"}).status_code == 400
    response = client.post("/stories/teststory/hooks/", {"url": "http://127.0.0.1:9/hook", "question": "device-owned"})
    assert response.status_code == 302
    hook = Hook.objects.get()
    assert hook.secret.startswith("whsec_") and hook.question.key == "device-owned"
    # The flip confirmed before the hook is written down, never sent.
    assert list(Delivery.objects.values_list("status", flat=True)) == ["before"]
    page = client.get("/stories/teststory/hooks/").content.decode()
    assert "http://127.0.0.1:9/hook" in page and hook.secret in page


def test_the_hooks_page_and_its_secrets_are_never_compressed(client, story):
    User.objects.create_user("staff", password="pw", is_staff=True)
    client.login(username="staff", password="pw")
    assert client.post("/stories/teststory/hooks/", {"url": "http://127.0.0.1:9/hook"}).status_code == 302
    hook = Hook.objects.get()
    # A secret that lasts, next to text others choose (hook URLs, receivers' answers): sent
    # as it is, so the size of an answer tells nothing about it (BREACH).
    page = client.get("/stories/teststory/hooks/", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in page and hook.secret in page.content.decode()
    assert client.get("/stories/teststory/sources/", HTTP_ACCEPT_ENCODING="gzip")["Content-Encoding"] == "gzip"


def test_a_record_whose_page_is_gone_says_so_and_stays(client, story):
    from django.utils import timezone

    from ledger.models import StanceRecord
    from sources.models import Page

    story.says(("deny", 16, "danas"))
    record = StanceRecord.objects.get(story=story)
    assert "is gone" not in client.get(f"/records/{record.id}/").content.decode()
    Page.objects.create(story=story, url=record.url, gone_at=timezone.now())
    page = client.get(f"/records/{record.id}/").content.decode()
    assert "The page this record comes from is gone" in page
    assert StanceRecord.objects.filter(pk=record.pk, retraction__isnull=True).exists()


def test_a_flip_whose_page_is_gone_says_so_on_its_audit_and_in_the_json_twins(client, story):
    from django.core.serializers.json import DjangoJSONEncoder
    from django.utils import timezone

    from ledger.models import StanceRecord
    from sources.models import Page

    story.says(("deny", 16, "danas"), ("affirm", 18, "danas"), ("affirm", 19, "rts"))
    gone = StanceRecord.objects.get(story=story, reported_on=date(2025, 3, 18))
    flip = f"/stories/teststory/flips/{StanceRecord.objects.get(story=story, reported_on=date(2025, 3, 19)).id}-2"
    assert "is gone" not in client.get(f"{flip}/").content.decode()
    assert all(r["source_gone"] is None for r in client.get(f"{flip}.json").json()["to_records"])
    when = timezone.now()
    Page.objects.create(story=story, url=gone.url, gone_at=when)
    page = client.get(f"{flip}/").content.decode()
    assert page.count("The page this record comes from is gone") == 1
    data = client.get(f"{flip}.json").json()
    assert {r["id"]: r["source_gone"] is not None for r in data["to_records"] + data["from_records"]} == {
        r.id: r.id == gone.id for r in StanceRecord.objects.filter(story=story)}
    assert client.get(f"/records/{gone.id}.json").json()["source_gone"] == DjangoJSONEncoder().default(when)


def test_the_web_demo_bundle_loads_and_hook_add_prints_a_secret(tmp_path):
    import shutil
    from io import StringIO
    from pathlib import Path

    from django.core.management import call_command

    from sources.models import Source

    folder = tmp_path / "web-demo"
    shutil.copytree(Path(__file__).resolve().parents[2] / "fixtures" / "web-demo", folder)
    call_command("load_story", str(folder), stdout=StringIO())
    sources = {s.key: s for s in Source.objects.filter(story__slug="web-demo")}
    assert sources["alpha-feed"].kind == "feed" and sources["gamma-index"].location == str(folder / "index.csv")
    out = StringIO()
    call_command("hook_add", "web-demo", "http://127.0.0.1:8020/", stdout=out)
    assert "secret: whsec_" in out.getvalue()

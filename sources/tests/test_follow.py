"""End to end with real processes: `fetch --wait` through a real Celery worker, a real
`celery beat` following a story, flips arriving in the Atom feed and at a webhook receiver
that checks the Standard Webhooks signature, and a worker killed (-9) mid-delivery."""
import json
import os
import signal
import subprocess
import sys
import threading
import time
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from standardwebhooks.webhooks import Webhook, WebhookVerificationError
from werkzeug import Response

from conftest import ROOT, database_url
from ledger.models import Article, Excerpt, StanceRecord
from sources.models import Delivery, FetchRun, Hook

from .conftest import SAYS_NO, SAYS_YES, bundle, load

pytestmark = [pytest.mark.worker]


class Receiver:
    """A webhook receiver on the test site: checks every POST's signature, keeps what it
    accepted by `webhook-id` (acting on a message once, as the specification asks)."""

    def __init__(self, site, path="/hook", *, hold_first: float = 0.0):
        self.site, self.path, self.hold_first = site, path, hold_first
        self.secret = None
        self.posts: list[tuple[str, dict]] = []  # every POST that reached it: (webhook-id, body)
        self.accepted: dict[str, dict] = {}
        self.bad_signatures = 0
        self.holding = threading.Event()
        site.routes[path] = self._handle

    @property
    def url(self):
        return self.site.url(self.path)

    def _handle(self, request):
        body = request.get_data()
        try:
            payload = Webhook(self.secret).verify(body, dict(request.headers))
        except WebhookVerificationError:
            self.bad_signatures += 1
            return Response("bad signature", status=400)
        message_id = request.headers["webhook-id"]
        self.posts.append((message_id, payload))
        if self.hold_first and len(self.posts) == 1:
            self.holding.set()
            time.sleep(self.hold_first)  # the sender is killed meanwhile
            return Response("too late", status=500)
        self.accepted.setdefault(message_id, payload)
        return Response("ok")


def wait_for(check, timeout=60, what="it"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def story_pages(site):
    """Three articles: the ministry denies on the 16th, then says yes in two independent
    outlets on the 18th and 19th: a flip deny -> affirm confirmed at N = 2."""
    site.article("/a/deny", "Ministry denies", [SAYS_NO], published="2025-03-16T10:00:00+01:00")
    site.article("/a/yes-danas", "Ministry says yes", [SAYS_YES], published="2025-03-18T10:00:00+01:00")
    site.article("/g/yes-rts", "Ministry confirms", [SAYS_YES], published="2025-03-19T10:00:00+01:00")


def test_fetch_command_through_a_worker_writes_articles_excerpts_and_records(tmp_path, site, fast_sources, celery_worker):
    story_pages(site)
    site.feed("/feed.xml", [("/a/deny", "d", "Sun, 16 Mar 2025 09:00:00 GMT"),
                            ("/a/yes-danas", "y", "Tue, 18 Mar 2025 09:00:00 GMT")])
    index = f"url,outlet,published_at,body_sha256\n{site.url('/g/yes-rts')},rts,2025-03-19,\n{site.url('/a/deny')},danas,,\n"
    story = load(bundle(tmp_path / "b", f'''
[[sources]]
id = "danas-feed"
feed = "{site.url('/feed.xml')}"
outlet = "danas"

[[sources]]
id = "dataset"
urls = "index.csv"
''', {"index.csv": index}))
    celery_worker(2)
    out = StringIO()
    call_command("fetch", "teststory", "--wait", "--timeout", "90", stdout=out)
    line = out.getvalue().strip()
    # /a/deny is in the feed and the index: fetched once.
    assert line == ("teststory: pages 3, new 3, changed 0, unchanged 0, gone 0, robots 0, failed 0, records 3"), line
    assert site.hits_of("/a/deny") == 1
    assert Article.objects.filter(story=story).count() == 3
    records = StanceRecord.objects.filter(story=story).select_related("excerpt__article")
    assert sorted((r.position, r.excerpt.article.url.rsplit("/", 1)[1]) for r in records) == [
        ("affirm", "yes-danas"), ("affirm", "yes-rts"), ("deny", "deny")]
    # A second fetch: nothing new in the feed, nothing not yet fetched in the list.
    out = StringIO()
    call_command("fetch", "teststory", "--source", "dataset", "--wait", "--timeout", "60", stdout=out)
    assert out.getvalue().strip().startswith("teststory: pages 0, new 0,")
    # The Atom feed has the flip, linking to its audit page.
    from django.test import Client

    atom = Client().get("/stories/teststory/flips.atom").content.decode()
    assert "<feed" in atom and "Interior Ministry: deny → affirm" in atom
    assert "/stories/teststory/flips/" in atom
    sources_page = Client().get("/stories/teststory/sources/")
    assert sources_page.status_code == 200 and b"danas-feed" in sources_page.content


@pytest.fixture
def beat(tmp_path, celery_worker):
    procs = []

    def start():
        from django.conf import settings
        from django.db import connection

        log = tmp_path / "beat.log"
        env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict),
               "REDIS_URL": settings.CELERY_BROKER_URL, "SOURCES_BEAT_SECONDS": "1"}
        proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "ledger_site", "beat", "--loglevel=INFO",
                                 f"--schedule={tmp_path / 'beat-schedule'}", f"--pidfile={tmp_path / 'beat.pid'}"],
                                cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def test_following_with_celery_beat_brings_new_flips_to_the_atom_feed_and_a_webhook(
        tmp_path, site, fast_sources, celery_worker, beat, monkeypatch):
    site.article("/a/deny", "Ministry denies", [SAYS_NO], published="2025-03-16T10:00:00+01:00")
    site.feed("/feed.xml", [("/a/deny", "d")])
    site.feed("/rts.xml", [])
    story = load(bundle(tmp_path / "b", f'''
[[sources]]
id = "danas-feed"
feed = "{site.url('/feed.xml')}"
outlet = "danas"
every_minutes = 1

[[sources]]
id = "rts-feed"
feed = "{site.url('/rts.xml')}"
outlet = "rts"
every_minutes = 1
'''))
    from sources.hooks import hook_create

    receiver = Receiver(site)
    hook = hook_create(story=story, url=receiver.url)
    receiver.secret = hook.secret
    monkeypatch.setenv("SOURCES_BEAT_SECONDS", "1")
    call_command("follow", "teststory", "on", stdout=StringIO())
    celery_worker(1)
    beat()
    # Beat fetches the feed on its own: the first position, no flip yet.
    wait_for(lambda: StanceRecord.objects.filter(story=story, position="deny").exists(), 90, "the first scheduled fetch")
    assert FetchRun.objects.filter(story=story, trigger="schedule").exists()
    assert not receiver.posts
    # The story unfolds: two outlets report the change; the next look (a minute on) finds it.
    site.article("/a/yes-danas", "Ministry says yes", [SAYS_YES], published="2025-03-18T10:00:00+01:00")
    site.article("/g/yes-rts", "Ministry confirms", [SAYS_YES], published="2025-03-19T10:00:00+01:00")
    site.feed("/feed.xml", [("/a/deny", "d"), ("/a/yes-danas", "y", "Tue, 18 Mar 2025 09:00:00 GMT")])
    site.feed("/rts.xml", [("/g/yes-rts", "g", "Wed, 19 Mar 2025 09:00:00 GMT")])
    from sources.models import Source

    Source.objects.filter(story=story).update(looked_at=None)  # due now instead of in a minute
    wait_for(lambda: receiver.accepted, 90, "the flip at the webhook")
    (message_id, payload), = receiver.accepted.items()
    assert payload["actor"] == "ministry" and (payload["from"], payload["to"]) == ("deny", "affirm")
    assert [r["position"] for r in payload["records"]] == ["deny", "affirm", "affirm"]
    assert receiver.bad_signatures == 0
    # The receiver answers before the worker writes down the answer: wait for that write.
    wait_for(lambda: Delivery.objects.get(hook=hook).status != "sending", 30, "the delivery's outcome")
    delivery = Delivery.objects.get(hook=hook)
    assert delivery.status == "delivered" and delivery.flip_id == payload["id"] and message_id == delivery.message_id
    from django.test import Client

    atom = Client().get("/stories/teststory/flips.atom").content.decode()
    assert f"/stories/teststory/flips/{payload['id']}/" in atom
    # Later looks announce nothing again.
    time.sleep(3)
    assert len(receiver.posts) == 1


def test_a_worker_killed_mid_delivery_does_not_deliver_twice(tmp_path, site, fast_sources, celery_worker, monkeypatch):
    from ledger.tests.factories import records_add
    from sources.hooks import deliveries_resume, flips_announce, hook_create

    story = load(bundle(tmp_path / "b", ""))
    receiver = Receiver(site, hold_first=6)
    hook = hook_create(story=story, url=receiver.url)
    receiver.secret = hook.secret
    records_add(story, [("ministry", "device-owned", p, f"2025-03-{d}", o)
                        for p, d, o in (("deny", 16, "danas"), ("affirm", 18, "danas"), ("affirm", 19, "rts"))])
    monkeypatch.setenv("SOURCES_HOOK_STALE_SECONDS", "2")
    first = celery_worker(1)
    assert flips_announce(story=story) == 1
    assert flips_announce(story=story) == 0  # announced twice: still one delivery
    assert receiver.holding.wait(30), "the delivery never reached the receiver"
    first.kill()  # kill -9 while the receiver holds the POST
    delivery = Delivery.objects.get(hook=hook)
    assert delivery.status == "sending" and delivery.attempts == 1
    celery_worker(1)
    time.sleep(2.5)  # the claim is now stale (SOURCES_HOOK_STALE_SECONDS)
    assert deliveries_resume(stale_seconds=2) == 1
    wait_for(lambda: Delivery.objects.get(pk=delivery.pk).status == "delivered", 60, "the delivery")
    delivery.refresh_from_db()
    assert delivery.attempts == 2
    # Both POSTs carried the same webhook-id and a good signature; the receiver acted once.
    assert [m for m, _ in receiver.posts] == [delivery.message_id, delivery.message_id]
    assert list(receiver.accepted) == [delivery.message_id] and receiver.bad_signatures == 0
    assert Delivery.objects.filter(hook=hook).count() == 1
    assert deliveries_resume(stale_seconds=0) == 0  # delivered: nothing to send again

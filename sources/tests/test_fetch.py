"""The fetcher and a run's pages, against a real HTTP server on 127.0.0.1 (in this process:
no worker; the end-to-end runs are in test_follow.py)."""
import hashlib
import time

import pytest
from werkzeug import Response

from ledger.models import Article, Excerpt
from sources.models import Fetch, FetchRun, Page, Source
from sources.reading import Listed
from sources.services import pages_fetch, source_expand
from sources.services.runs import _claim

from .conftest import SAYS_NO, SAYS_YES, article_html, bundle, load

pytestmark = pytest.mark.django_db


def run_pages(story, source_key, urls, **listed):
    """Claim `urls` in a new run of the source and fetch them here; returns the run."""
    source = Source.objects.get(story=story, key=source_key)
    run = FetchRun.objects.create(story=story, sources=[source_key], tasks=1)
    ids = _claim(run, source, [Listed(url=u, **listed.get(u, {})) for u in urls])
    pages_fetch(run_id=run.pk, fetch_ids=ids)
    run.refresh_from_db()
    return run


@pytest.fixture
def story(tmp_path, site, fast_sources):
    folder = bundle(tmp_path / "b", f'''
[[sources]]
id = "danas-pages"
urls = "urls.txt"
outlet = "danas"
''', {"urls.txt": ""})
    return load(folder)


def outcome(run, url):
    return Fetch.objects.get(run=run, url=url)


def test_a_page_becomes_an_article_with_excerpts_and_provenance(story, site):
    site.article("/a", "Ministry on the device", [SAYS_NO])
    run = run_pages(story, "danas-pages", [site.url("/a")])
    fetch = outcome(run, site.url("/a"))
    assert (fetch.outcome, fetch.status, run.new, run.pages) == ("new", 200, 1, 1)
    body = Site_body = site.routes_body["/a"]
    assert fetch.body_sha256 == hashlib.sha256(body).hexdigest() and fetch.bytes == len(body)
    article = Article.objects.get(story=story, url=site.url("/a"))
    assert fetch.article_id == article.pk and article.version == 1 and article.outlet.key == "danas"
    assert article.title == "Ministry on the device" and str(article.day) == "2025-03-16"
    assert SAYS_NO in article.text
    assert Excerpt.objects.filter(article=article, sentence=SAYS_NO).exists()
    ua = [h for _, p, h in site.hits if p == "/a"][0]["User-Agent"]
    assert ua.startswith("StanceLedger/") and "+" in ua


def test_robots_txt_disallow_is_obeyed(story, site):
    site.article("/private/secret", "Secret", [SAYS_NO])
    run = run_pages(story, "danas-pages", [site.url("/private/secret")])
    assert outcome(run, site.url("/private/secret")).outcome == "robots" and run.robots == 1
    assert site.hits_of("/private/secret") == 0
    assert site.hits_of("/robots.txt") == 1


def test_429_with_retry_after_waits_then_asks_again(story, site):
    asked = []

    def busy(request):
        asked.append(time.monotonic())
        if len(asked) == 1:
            return Response("slow down", status=429, headers={"Retry-After": "1"})
        return Response(article_html("Later", [SAYS_NO]), content_type="text/html")

    site.routes["/busy"] = busy
    run = run_pages(story, "danas-pages", [site.url("/busy")])
    assert outcome(run, site.url("/busy")).outcome == "new"
    assert len(asked) == 2 and asked[1] - asked[0] >= 0.95


def test_retry_after_too_long_fails_the_page(story, site):
    site.routes["/later"] = lambda r: Response("no", status=503, headers={"Retry-After": "3600"})
    run = run_pages(story, "danas-pages", [site.url("/later")])
    fetch = outcome(run, site.url("/later"))
    assert fetch.outcome == "failed" and fetch.status == 503 and "wait" in fetch.error
    assert site.hits_of("/later") == 1


def test_redirect_chain_is_followed_and_capped(story, site, settings):
    site.article("/final", "Final", [SAYS_NO])
    for i in range(1, 8):
        site.routes[f"/r{i}"] = (lambda nxt: lambda r: Response("", status=301, headers={"Location": nxt}))(
            f"/r{i + 1}" if i < 7 else "/final")
    site.routes["/two"] = lambda r: Response("", status=302, headers={"Location": "/r6"})
    run = run_pages(story, "danas-pages", [site.url("/two"), site.url("/r1")])
    short, long = outcome(run, site.url("/two")), outcome(run, site.url("/r1"))
    assert short.outcome == "new" and short.final_url == site.url("/final")
    assert long.outcome == "failed" and "redirects" in long.error  # 7 hops > 5


def test_304_not_modified_is_unchanged(story, site, settings):
    site.article("/etag", "Tagged", [SAYS_NO])
    run_pages(story, "danas-pages", [site.url("/etag")])
    page = Page.objects.get(story=story, url=site.url("/etag"))
    assert page.etag
    again = run_pages(story, "danas-pages", [site.url("/etag")])
    fetch = outcome(again, site.url("/etag"))
    assert (fetch.outcome, fetch.status, again.unchanged) == ("unchanged", 304, 1)
    assert [h.get("If-None-Match") for _, p, h in site.hits if p == "/etag"][-1] == page.etag
    assert Article.objects.filter(url=site.url("/etag")).count() == 1


def test_slow_page_past_the_timeout_fails(story, site):
    def slow(request):
        time.sleep(2.5)
        return Response(article_html("Slow", [SAYS_NO]), content_type="text/html")

    site.routes["/slow"] = slow
    started = time.monotonic()
    run = run_pages(story, "danas-pages", [site.url("/slow")])
    fetch = outcome(run, site.url("/slow"))
    assert fetch.outcome == "failed" and "timed out" in fetch.error
    assert time.monotonic() - started < 2.4


def test_oversize_page_and_pdf_are_refused(story, site):
    site.html("/huge", article_html("Huge", [SAYS_NO] + ["x" * 1000] * 300))
    site.routes["/streamed"] = lambda r: Response((b"<p>" + b"y" * 1000 + b"</p>" for _ in range(400)),
                                                  content_type="text/html")
    site.routes["/doc.pdf"] = lambda r: Response(b"%PDF-1.4 ...", content_type="application/pdf")
    run = run_pages(story, "danas-pages", [site.url("/huge"), site.url("/streamed"), site.url("/doc.pdf")])
    assert "size limit" in outcome(run, site.url("/huge")).error
    assert "size limit" in outcome(run, site.url("/streamed")).error  # no Content-Length: cut while reading
    assert outcome(run, site.url("/doc.pdf")).error == "not HTML: application/pdf"
    assert run.failed == 3 and not Article.objects.filter(story=story).exists()


def test_a_changed_page_is_a_new_version_and_the_old_one_stays(story, site):
    site.article("/c", "Changing", [SAYS_NO])
    run_pages(story, "danas-pages", [site.url("/c")])
    first = Article.objects.get(url=site.url("/c"))
    site.article("/c", "Changing", [SAYS_NO, SAYS_YES])
    run = run_pages(story, "danas-pages", [site.url("/c")])
    assert run.changed == 1
    versions = list(Article.objects.filter(url=site.url("/c")).order_by("version"))
    assert [a.version for a in versions] == [1, 2] and versions[0].pk == first.pk
    assert SAYS_YES not in versions[0].text and SAYS_YES in versions[1].text
    # The new sentence is a new excerpt of version 2; the unchanged one stays version 1's.
    assert Excerpt.objects.get(sentence=SAYS_YES).article_id == versions[1].pk
    assert Excerpt.objects.get(sentence=SAYS_NO).article_id == first.pk
    assert outcome(run, site.url("/c")).article_id == versions[1].pk
    # Same text again (an ETag that changed, say): unchanged, no third version.
    site.html("/c", site.routes_body["/c"], etag='"other"')
    again = run_pages(story, "danas-pages", [site.url("/c")])
    assert again.unchanged == 1 and Article.objects.filter(url=site.url("/c")).count() == 2


def test_a_page_that_goes_404_is_marked_gone_and_its_article_stays(story, site):
    site.article("/g", "Going", [SAYS_NO])
    run_pages(story, "danas-pages", [site.url("/g")])
    del site.routes["/g"]
    run = run_pages(story, "danas-pages", [site.url("/g")])
    assert run.gone == 1 and outcome(run, site.url("/g")).status == 404
    assert Page.objects.get(url=site.url("/g")).gone_at is not None
    assert Article.objects.filter(url=site.url("/g")).count() == 1


def test_never_the_same_url_twice_in_one_run(tmp_path, site, fast_sources):
    site.article("/both", "In both feeds", [SAYS_NO])
    site.article("/one", "Only one", [SAYS_NO])
    site.feed("/feed1.xml", [("/both", "b"), ("/one", "o")])
    site.feed("/feed2.xml", [("/both", "b")])
    story = load(bundle(tmp_path / "b", f'''
[[sources]]
id = "feed-1"
feed = "{site.url('/feed1.xml')}"
outlet = "danas"

[[sources]]
id = "feed-2"
feed = "{site.url('/feed2.xml')}"
outlet = "rts"
'''))
    run = FetchRun.objects.create(story=story, sources=["feed-1", "feed-2"], tasks=2)
    for source in Source.objects.filter(story=story):
        source_expand(run_id=run.pk, source_id=source.pk)
    claimed = Fetch.objects.filter(run=run).exclude(outcome="feed")
    assert sorted(f.url for f in claimed) == [site.url("/both"), site.url("/one")]
    run.refresh_from_db()
    assert run.tasks == 2 + 1  # two sources, and one page group: feed-2 had nothing left to claim


def test_index_hashes_match_or_differ(tmp_path, site, fast_sources):
    site.article("/same", "Same", [SAYS_NO])
    site.article("/edited", "Edited", [SAYS_NO])
    same = hashlib.sha256(site.routes_body["/same"]).hexdigest()
    index = ("url,outlet,published_at,body_sha256\n"
             f"{site.url('/same')},danas,2025-03-16,{same}\n"
             f"{site.url('/edited')},rts,2025-03-17,{'0' * 64}\n"
             f"{site.url('/missing')},danas,2025-03-17,{'1' * 64}\n")
    story = load(bundle(tmp_path / "b", '''
[[sources]]
id = "dataset"
urls = "index.csv"
''', {"index.csv": index}))
    source = Source.objects.get(story=story, key="dataset")
    run = FetchRun.objects.create(story=story, sources=["dataset"], tasks=1)
    from sources.reading import list_read

    ids = _claim(run, source, list(list_read(source.location)))
    pages_fetch(run_id=run.pk, fetch_ids=ids)
    run.refresh_from_db()
    assert (run.index_matched, run.index_changed, run.index_gone, run.index_failed) == (1, 1, 1, 0)
    edited = Article.objects.get(url=site.url("/edited"))
    assert edited.outlet.key == "rts" and str(edited.day) == "2025-03-16"  # outlet from the index, date from the page


def test_a_parquet_index_is_read(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from sources.reading import list_read

    path = tmp_path / "index.parquet"
    pq.write_table(pa.table({"url": ["https://a.example/1", None, "https://a.example/2"], "outlet": ["a", "b", "c"]}), path)
    assert [(x.url, x.outlet) for x in list_read(path)] == [("https://a.example/1", "a"), ("https://a.example/2", "c")]


def test_a_bad_sources_entry_refuses_the_whole_bundle(tmp_path):
    from django.core.management import CommandError, call_command

    from ledger.models import Story

    folder = bundle(tmp_path / "b", '''
[[sources]]
id = "x"
urls = "missing.csv"
''')
    with pytest.raises(CommandError, match=r"story.toml: \[\[sources\]\] #1 \('x'\): missing.csv: no such file in the bundle"):
        call_command("load_story", str(folder))
    assert not Story.objects.filter(slug="teststory").exists()


def test_a_task_past_its_time_budget_leaves_the_rest_to_a_new_task(story, site, settings):
    settings.SOURCES = {**settings.SOURCES, "TASK_SECONDS": 0}
    for n in range(3):
        site.article(f"/t{n}", f"Page {n}", [SAYS_NO])
    run = run_pages(story, "danas-pages", [site.url(f"/t{n}") for n in range(3)])
    assert (run.pages, run.new, run.tasks, run.tasks_done) == (1, 1, 2, 1)  # one more task queued
    assert Fetch.objects.filter(run=run, outcome="queued").count() == 2
    assert run.status == "running"

"""A small news site on 127.0.0.1, served by the tests (pytest-httpserver, threaded), and a
story bundle whose [[sources]] point at it."""
import hashlib
import time
from pathlib import Path

import pytest
from werkzeug import Response

from ledger.tests.factories import INGEST, story_toml

STORY_TOML = story_toml(**INGEST)

# Sentences the offline extractor turns into records (in ingest's test story).
SAYS_NO = "The Interior Ministry said it does not have any sound device."
SAYS_YES = "The Interior Ministry said it owns an LRAD sound device."
FILLER = ("The weather stayed cold in the afternoon, and the city centre was quiet until the evening, "
          "when the shops closed and the trams ran late again after a long and grey day. ")


def article_html(title: str, sentences: list[str], *, published: str = "2025-03-16T10:00:00+01:00") -> bytes:
    paragraphs = "".join(f"<p>{FILLER}{s} {FILLER}</p>" for s in sentences)
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
            f"<meta property='article:published_time' content='{published}'></head>"
            f"<body><nav><a href='/'>Home</a></nav><article><h1>{title}</h1>{paragraphs}</article>"
            "<footer>Copyright</footer></body></html>").encode()


def feed_xml(base: str, items) -> bytes:
    """items: (path, title) or (path, title, RFC 822 date)."""
    entries = "".join(f"<item><title>{i[1]}</title><link>{base}{i[0]}</link>"
                      f"<pubDate>{i[2] if len(i) > 2 else 'Sun, 16 Mar 2025 09:00:00 GMT'}</pubDate></item>" for i in items)
    return (f"<?xml version='1.0'?><rss version='2.0'><channel><title>Feed</title><link>{base}/</link>"
            f"<description>d</description>{entries}</channel></rss>").encode()


class Site:
    """Routes of the test site: path -> function(request) -> werkzeug Response."""

    def __init__(self, server):
        self.server = server
        self.base = server.url_for("").rstrip("/")
        self.routes: dict[str, object] = {}
        self.hits: list[tuple[float, str, dict]] = []
        self.robots_txt = "User-agent: *\nDisallow: /private/\n"
        server.expect_request(__import__("re").compile(".*")).respond_with_handler(self._handle)

    def _handle(self, request):
        self.hits.append((time.monotonic(), request.path, dict(request.headers)))
        if request.path == "/robots.txt":
            return Response(self.robots_txt, content_type="text/plain")
        route = self.routes.get(request.path)
        if route is None:
            return Response("not found", status=404)
        return route(request)

    def url(self, path: str) -> str:
        return self.base + path

    def html(self, path: str, body: bytes, *, etag: str | None = None):
        def answer(request):
            tag = etag or '"' + hashlib.sha256(self.routes_body[path]).hexdigest()[:16] + '"'
            if request.headers.get("If-None-Match") == tag:
                return Response(status=304, headers={"ETag": tag})
            return Response(self.routes_body[path], content_type="text/html; charset=utf-8", headers={"ETag": tag})

        self.routes_body[path] = body
        self.routes[path] = answer

    routes_body: dict = {}

    def article(self, path: str, title: str, sentences: list[str], **kw):
        self.html(path, article_html(title, sentences, **kw))

    def feed(self, path: str, items):
        self.routes_body[path] = feed_xml(self.base, items)
        self.routes[path] = lambda request: Response(self.routes_body[path], content_type="application/rss+xml")

    def hits_of(self, path: str) -> int:
        return sum(1 for _, p, _ in self.hits if p == path)


@pytest.fixture
def site():
    from pytest_httpserver import HTTPServer

    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    server.start()
    Site.routes_body = {}
    yield Site(server)
    server.clear()
    if server.is_running():
        server.stop()


@pytest.fixture
def fast_sources(settings, monkeypatch):
    """A short pause and timeout, here and in any worker started after."""
    values = {"SOURCES_HOST_DELAY": "0.05", "SOURCES_TIMEOUT": "1", "SOURCES_RETRY_AFTER_MAX": "3",
              "SOURCES_MAX_BYTES": "200000", "SOURCES_PAGES_PER_TASK": "5"}
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    settings.SOURCES = {**settings.SOURCES, "HOST_DELAY": 0.05, "TIMEOUT": 1.0, "RETRY_AFTER_MAX": 3.0,
                        "MAX_BYTES": 200000, "PAGES_PER_TASK": 5}
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in client.scan_iter("sources:*"):
        client.delete(key)
    return settings


def bundle(folder: Path, sources_toml: str, files: dict | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "story.toml").write_text(STORY_TOML + "\n" + sources_toml)
    for name, content in (files or {}).items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return folder


def load(folder: Path):
    from django.core.management import call_command

    from ledger.models import Story

    call_command("load_story", str(folder), verbosity=0)
    return Story.objects.get(slug="teststory")

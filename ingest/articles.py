"""Reading an articles file: one JSON object a line, checked line by line.

A line that cannot be used raises `Reject` with the reason; the caller writes it to the
rejects file and goes on. Lines are bytes, decoded one by one, so one line of invalid UTF-8
rejects that line only.
"""
import json
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlsplit

from ledger.models import Outlet, Story
from ledger.services import StoryIndex

from .dating import BadDate, article_day, published_parse


class Reject(ValueError):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class ArticleIn:
    url: str
    outlet: Outlet
    published_at: datetime
    day: date
    title: str
    text: str
    live_blog: bool
    version: int = 1  # a page fetched again with other text (sources) is its next version


class ArticleReader:
    def __init__(self, story: Story):
        self.story = story
        self.index = StoryIndex(story)
        self.tz = zoneinfo.ZoneInfo(story.timezone or "UTC")

    def parse(self, raw: bytes) -> ArticleIn | None:
        """The article of one line; None for a blank line; Reject for an unusable one."""
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Reject(f"not valid UTF-8 (byte {exc.start})") from None
        if not line.strip():
            return None
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise Reject(f"invalid JSON: {exc.msg} (column {exc.colno})") from None
        if not isinstance(data, dict):
            raise Reject("not a JSON object")

        url = data.get("url")
        if not isinstance(url, str) or not url.strip():
            raise Reject("no URL")
        url = url.strip()
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise Reject(f"bad URL {url!r}: expected http(s)://host/...")

        key = data.get("outlet")
        if key not in (None, ""):
            outlet = self.index.outlets.get(key) if isinstance(key, str) else None
            if outlet is None:
                raise Reject(f"unknown outlet {key!r}")
        else:
            outlet = self.index.outlet_for_url(url)
            if outlet is None:
                raise Reject(f"unknown outlet: none given and no outlet has the domain {parts.hostname!r}")

        live_blog = data.get("live_blog", False)
        if live_blog is None:
            live_blog = False
        if not isinstance(live_blog, bool):
            raise Reject(f"live_blog must be true or false, not {live_blog!r}")
        try:
            published_at = published_parse(data.get("published_at"), self.tz)
        except BadDate as exc:
            raise Reject(str(exc)) from None
        day = article_day(published_at, tz=self.tz, live_blog=live_blog)
        if not self.story.start <= day <= self.story.end:
            raise Reject(f"counts for {day}, outside the story ({self.story.start} to {self.story.end})")

        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Reject("no text")
        title = data.get("title") or ""
        if not isinstance(title, str):
            raise Reject("title must be a string")
        version = data.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise Reject(f"version must be a whole number >= 1, not {version!r}")
        return ArticleIn(url=url, outlet=outlet, published_at=published_at, day=day,
                         title=title[:1000], text=text, live_blog=live_blog, version=version)

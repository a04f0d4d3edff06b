"""Reading an articles file: one JSON object a line, checked line by line.

A line that cannot be used raises `Reject` with the reason; the caller writes it to the
rejects file and goes on. Lines are bytes, decoded one by one, so one line of invalid UTF-8
rejects that line only. Everything the database would refuse is refused here, line by line,
before a chunk is written: a NUL character (PostgreSQL text cannot hold one), a lone
surrogate (`\ud800` in JSON: not a character, so not UTF-8), a URL longer than its column.
"""
import json
import re
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime
from urllib.parse import urlsplit

from ledger.models import Article, Outlet, Story
from ledger.plumbing import story_cast

from .dating import BadDate, article_day, published_parse
from .lang.clean import text_clean


URL_MAX = Article._meta.get_field("url").max_length
TITLE_MAX = Article._meta.get_field("title").max_length
VERSION_MAX = 2**31 - 1  # the column is a 32-bit integer
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _unstorable(field: str, value: str) -> str | None:
    """Why PostgreSQL cannot store `value`, naming the field and where; None when it can."""
    found = _UNSTORABLE.search(value)
    if found is None:
        return None
    what = "a NUL character" if found.group() == "\x00" else f"a lone surrogate (\\u{ord(found.group()):04x})"
    return f"{field} holds {what} at character {found.start() + 1}: the database cannot store it"


def _short(value, limit: int = 80) -> str:
    """repr(value), cut short: a reason names a value, it does not repeat a long one."""
    text = repr(value[: limit + 1] if isinstance(value, str) else value)
    return text if len(text) <= limit else text[:limit] + "..."


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
        self.index = story_cast(story)
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
        except (ValueError, RecursionError) as exc:  # an integer of 5,000 digits; arrays nested 100,000 deep
            raise Reject(f"invalid JSON: {str(exc) or 'nested too deeply'}"[:200]) from None
        if not isinstance(data, dict):
            raise Reject("not a JSON object")

        url = data.get("url")
        if not isinstance(url, str) or not url.strip():
            raise Reject("no URL")
        url = url.strip()
        if len(url) > URL_MAX:
            raise Reject(f"URL of {len(url)} characters, over the limit of {URL_MAX}: {_short(url)}")
        if (problem := _unstorable("url", url)) is not None:
            raise Reject(problem)
        try:
            parts = urlsplit(url)
            host = parts.hostname
        except ValueError as exc:  # an invalid IPv6 host, say
            raise Reject(f"bad URL {_short(url)}: {exc}") from None
        if parts.scheme not in ("http", "https") or not host:
            raise Reject(f"bad URL {_short(url)}: expected http(s)://host/...")

        key = data.get("outlet")
        if key not in (None, ""):
            outlet = self.index.outlets.get(key) if isinstance(key, str) else None
            if outlet is None:
                raise Reject(f"unknown outlet {_short(key)}")
        else:
            outlet = self.index.outlet_for_url(url)
            if outlet is None:
                raise Reject(f"unknown outlet: none given and no outlet has the domain {_short(host)}")

        live_blog = data.get("live_blog", False)
        if live_blog is None:
            live_blog = False
        if not isinstance(live_blog, bool):
            raise Reject(f"live_blog must be true or false, not {_short(live_blog)}")
        try:
            published_at = published_parse(data.get("published_at"), self.tz)
        except BadDate as exc:
            raise Reject(str(exc)) from None
        try:
            day = article_day(published_at, tz=self.tz, live_blog=live_blog)
        except (OverflowError, ValueError):  # year 9999 moved past the calendar's end
            raise Reject(f"bad published_at {_short(data.get('published_at'))}: outside the calendar") from None
        if not self.story.start <= day <= self.story.end:
            raise Reject(f"counts for {day}, outside the story ({self.story.start} to {self.story.end})")

        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Reject("no text")
        text = text_clean(text)  # markup remnants and hard wraps out, before it is cut
        title = data.get("title") or ""
        if not isinstance(title, str):
            raise Reject("title must be a string")
        version = data.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION_MAX:
            raise Reject(f"version must be a whole number from 1 to {VERSION_MAX}, not {_short(version)}")
        for field, value in (("text", text), ("title", title)):
            if (problem := _unstorable(field, value)) is not None:
                raise Reject(problem)
        return ArticleIn(url=url, outlet=outlet, published_at=published_at, day=day,
                         title=title[:TITLE_MAX], text=text, live_blog=live_blog, version=version)

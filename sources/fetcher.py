"""The polite fetcher: one page (or feed, or robots.txt) over HTTP, with everything a site
owner may ask of a crawler.

- robots.txt is obeyed (protego), read once per host and kept in Redis for an hour, so all
  workers share it; a robots.txt that answers 5xx or cannot be reached refuses the host for a
  few minutes, one that answers 4xx allows everything (the usual reading).
- One request at a time per host, for all workers together, and a pause between requests
  (SOURCES_HOST_DELAY seconds): a Redis key per host is held while a request runs and kept
  for the pause after it. Retry-After on 429 and 503 holds that key for the time asked (up to
  SOURCES_RETRY_AFTER_MAX), then the page is asked again once.
- A User-Agent naming the product and a contact (SOURCES_USER_AGENT), conditional requests
  (ETag / Last-Modified), redirects followed by hand (each hop checked against robots.txt,
  at most SOURCES_MAX_REDIRECTS), a timeout per request and in total, a size limit read
  while streaming (SOURCES_MAX_BYTES), and only the content types asked for (HTML pages).
"""
import hashlib
import time
import uuid
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from urllib.parse import urljoin, urlsplit

import httpx2
from django.conf import settings
from protego import Protego

HTML_TYPES = ("text/html", "application/xhtml+xml")
FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/xml", "text/xml", "application/rdf+xml",
              "application/feed+json", "text/html", "text/plain")

# Outcomes of one fetch.
OK, NOT_MODIFIED, GONE, ROBOTS, FAILED = "ok", "not-modified", "gone", "robots", "failed"

ROBOTS_TTL = 3600
ROBOTS_ERROR_TTL = 300
_DENY_ALL = "User-agent: *\nDisallow: /\n"

# Lua: give the host's key back after a request, keeping it for the pause when there is one,
# and only when it is still ours (a Retry-After from another worker may have replaced it).
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then return redis.call('pexpire', KEYS[1], ARGV[2]) end
  return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass
class Fetched:
    url: str
    outcome: str
    final_url: str = ""
    status: int | None = None
    body: bytes = b""
    content_type: str = ""
    etag: str = ""
    last_modified: str = ""
    error: str = ""
    elapsed: float = 0.0
    redirects: list[str] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body).hexdigest() if self.body else ""

    @property
    def size(self) -> int:
        return len(self.body)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class _TooBig(Exception):
    pass


class HostGate:
    """One request at a time per host across every worker, and a pause after each."""

    def __init__(self, redis, *, delay: float, hold: float):
        self.redis, self.delay, self.hold = redis, delay, hold
        self._release = redis.register_script(_RELEASE) if redis is not None else None

    def _key(self, origin: str) -> str:
        return f"sources:host:{origin}"

    def enter(self, origin: str) -> str | None:
        if self.redis is None or self.delay <= 0:
            return None  # no pause asked for (a benchmark): requests go as they come
        token = uuid.uuid4().hex
        key = self._key(origin)
        while not self.redis.set(key, token, nx=True, px=int(self.hold * 1000)):
            wait = self.redis.pttl(key)
            time.sleep(min(max(wait, 20), 500) / 1000)
        return token

    def leave(self, origin: str, token: str | None) -> None:
        if token is not None:
            self._release(keys=[self._key(origin)], args=[token, int(self.delay * 1000)])

    def block(self, origin: str, seconds: float) -> None:
        """Retry-After: nobody asks this host anything for `seconds`."""
        if self.redis is not None:
            self.redis.set(self._key(origin), "retry-after", px=max(1, int(seconds * 1000)))
        else:
            time.sleep(seconds)

    def wait_free(self, origin: str) -> None:
        if self.redis is None:
            return
        while (wait := self.redis.pttl(self._key(origin))) > 0:
            time.sleep(min(wait, 500) / 1000)


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds: a number of seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - time.time())


class Fetcher:
    def __init__(self, *, redis=None, delay: float | None = None):
        s = settings.SOURCES
        self.user_agent = s["USER_AGENT"]
        self.robots_agent = s["ROBOTS_AGENT"]
        self.timeout = s["TIMEOUT"]
        self.max_bytes = s["MAX_BYTES"]
        self.max_redirects = s["MAX_REDIRECTS"]
        self.retry_after_max = s["RETRY_AFTER_MAX"]
        self.redis = redis
        self.gate = HostGate(redis, delay=s["HOST_DELAY"] if delay is None else delay, hold=2 * self.timeout + 5)
        self.client = httpx2.Client(
            headers={"User-Agent": self.user_agent}, follow_redirects=False, trust_env=False,
            timeout=httpx2.Timeout(self.timeout, connect=min(self.timeout, 5.0)))
        self._robots: dict[str, tuple[float, Protego]] = {}

    def close(self) -> None:
        self.client.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- robots.txt ----------------------------------------------------------------------

    def _robots_text(self, origin: str) -> str:
        key = f"sources:robots:{origin}"
        if self.redis is not None:
            cached = self.redis.get(key)
            if cached is not None:
                return cached.decode("utf-8", errors="replace")
        got = self._request(origin + "/robots.txt", accept=None, check_robots=False, max_bytes=512 * 1024)
        if got.outcome == OK:
            text, ttl = got.body.decode("utf-8", errors="replace"), ROBOTS_TTL
        elif got.status is not None and 400 <= got.status < 500:
            text, ttl = "", ROBOTS_TTL  # no robots.txt: everything allowed
        else:
            text, ttl = _DENY_ALL, ROBOTS_ERROR_TTL  # the site is in trouble: leave it alone a while
        if self.redis is not None:
            self.redis.set(key, text.encode("utf-8"), ex=ttl)
        return text

    def allowed(self, url: str) -> bool:
        origin = origin_of(url)
        now = time.monotonic()
        cached = self._robots.get(origin)
        if cached is None or cached[0] < now:
            cached = (now + 60, Protego.parse(self._robots_text(origin)))
            self._robots[origin] = cached
        return cached[1].can_fetch(url, self.robots_agent)

    # --- pages ---------------------------------------------------------------------------

    def get(self, url: str, *, etag: str = "", last_modified: str = "", accept=HTML_TYPES) -> Fetched:
        """Fetch `url` politely. Never raises for what a site does: the outcome says it."""
        started = time.monotonic()
        result = self._request(url, accept=accept, etag=etag, last_modified=last_modified)
        result.elapsed = time.monotonic() - started
        return result

    def _request(self, url, *, accept, etag="", last_modified="", check_robots=True, max_bytes=None) -> Fetched:
        requested, hops, asked_again = url, [], False
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        while True:
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                return Fetched(requested, FAILED, final_url=url, error=f"not an http(s) URL: {url!r}", redirects=hops)
            if check_robots and not self.allowed(url):
                return Fetched(requested, ROBOTS, final_url=url, error="refused by robots.txt", redirects=hops)
            origin = origin_of(url)
            token = self.gate.enter(origin)
            try:
                got = self._once(url, headers, accept, max_bytes or self.max_bytes)
            finally:
                self.gate.leave(origin, token)
            got.url, got.redirects = requested, hops
            if got.status in (301, 302, 303, 307, 308) and got.final_url:
                if len(hops) >= self.max_redirects:
                    got.outcome, got.error = FAILED, f"more than {self.max_redirects} redirects"
                    return got
                hops.append(url)
                url = got.final_url
                continue
            if got.status in (429, 503) and not asked_again:
                wait = retry_after_seconds(got.error)
                if wait is not None and wait <= self.retry_after_max:
                    self.gate.block(origin, wait)
                    self.gate.wait_free(origin)
                    asked_again = True
                    continue
            if got.status in (429, 503):
                got.outcome, got.error = FAILED, f"HTTP {got.status}: the site asks to wait ({got.error or 'no Retry-After'})"
            return got

    def _once(self, url: str, headers: dict, accept, max_bytes: int) -> Fetched:
        deadline = time.monotonic() + 2 * self.timeout  # a page trickled byte by byte ends too
        try:
            with self.client.stream("GET", url, headers=headers) as response:
                status = response.status_code
                if status in (301, 302, 303, 307, 308):
                    location = response.headers.get("location")
                    if not location:
                        return Fetched(url, FAILED, final_url=url, status=status, error="redirect without Location")
                    return Fetched(url, FAILED, final_url=urljoin(url, location), status=status)
                if status in (429, 503):
                    return Fetched(url, FAILED, final_url=url, status=status, error=response.headers.get("retry-after", ""))
                if status == 304:
                    return Fetched(url, NOT_MODIFIED, final_url=url, status=status,
                                   etag=response.headers.get("etag", ""), last_modified=response.headers.get("last-modified", ""))
                if status in (404, 410):
                    return Fetched(url, GONE, final_url=url, status=status, error=f"HTTP {status}")
                if status != 200:
                    return Fetched(url, FAILED, final_url=url, status=status, error=f"HTTP {status}")
                content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
                if accept is not None and content_type not in accept:
                    return Fetched(url, FAILED, final_url=url, status=status, content_type=content_type,
                                   error=f"not HTML: {content_type or 'no content type'}" if accept is HTML_TYPES
                                   else f"unexpected content type {content_type or 'none'}")
                length = response.headers.get("content-length")
                if length and length.isdigit() and int(length) > max_bytes:
                    return Fetched(url, FAILED, final_url=url, status=status, content_type=content_type,
                                   error=f"larger than the size limit ({int(length)} > {max_bytes} bytes)")
                chunks, size = [], 0
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > max_bytes:
                        raise _TooBig
                    if time.monotonic() > deadline:
                        raise httpx2.ReadTimeout("the page took too long in total")
                    chunks.append(chunk)
                return Fetched(url, OK, final_url=url, status=status, body=b"".join(chunks), content_type=content_type,
                               etag=response.headers.get("etag", ""), last_modified=response.headers.get("last-modified", ""))
        except _TooBig:
            return Fetched(url, FAILED, final_url=url, status=200, error=f"larger than the size limit ({max_bytes} bytes)")
        except httpx2.TimeoutException:
            return Fetched(url, FAILED, final_url=url, error=f"timed out (after {self.timeout:g} s)")
        except httpx2.HTTPError as exc:
            return Fetched(url, FAILED, final_url=url, error=f"{type(exc).__name__}: {exc}"[:500])

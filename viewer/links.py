"""Every URL the viewer shows is built here, never by string concatenation in a view or a
template: a topic, a date and a rule in the query string make a permalink."""
from datetime import date
from urllib.parse import urlencode, urlsplit

from django.urls import reverse


def _with_query(path: str, **params) -> str:
    query = {k: (v.isoformat() if isinstance(v, date) else v) for k, v in params.items() if v not in (None, "")}
    return f"{path}?{urlencode(query)}" if query else path


def safe_link(url: str | None) -> str | None:
    """The URL when it may be a link (http or https), else None: a `javascript:` or `data:`
    URL from an article is shown as text, never as a link."""
    if not url:
        return None
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        return None
    return url.strip() if scheme in ("http", "https") else None


def story_list_url(fmt: str | None = None) -> str:
    return reverse("viewer:story_list_json" if fmt == "json" else "viewer:story_list")


def story_url(slug: str, *, topic=None, as_of=None, confirm=None, actor=None, fmt: str | None = None) -> str:
    """A story page; `topic=""` asks for the overview (what changed across the topics)."""
    name = "viewer:story_json" if fmt == "json" else "viewer:story"
    return _with_query(reverse(name, args=[slug]), topic=topic, as_of=as_of, confirm=confirm, actor=actor)


def flip_url(slug: str, flip_id: str, fmt: str | None = None) -> str:
    return reverse("viewer:flip_json" if fmt == "json" else "viewer:flip", args=[slug, flip_id])


def record_url(record_id: int, *, as_of=None, confirm=None, fmt: str | None = None) -> str:
    name = "viewer:record_json" if fmt == "json" else "viewer:record"
    return _with_query(reverse(name, args=[record_id]), as_of=as_of, confirm=confirm)


def record_urls(*, as_of=None, confirm=None):
    """`record_url` for the many records of one page: one `reverse`, then plain strings
    (a story page links hundreds of records). Same URLs as `record_url(id, as_of=..., confirm=...)`:
    a record opened from a page keeps that page's day."""
    sentinel = 987654321
    head, tail = reverse("viewer:record", args=[sentinel]).split(str(sentinel))
    query = _with_query("", as_of=as_of, confirm=confirm)
    return lambda record_id: f"{head}{int(record_id)}{tail}{query}"


def flip_urls(slug: str):
    """`flip_url` for the many flips of one page: one `reverse`, then plain strings."""
    sentinel = "987654321-9"
    head, tail = reverse("viewer:flip", args=[slug, sentinel]).split(sentinel)
    return lambda flip_id: f"{head}{flip_id}{tail}"


def retract_url(record_id: int) -> str:
    return reverse("viewer:retract", args=[record_id])


def record_new_url(slug: str) -> str:
    return reverse("viewer:record_new", args=[slug])


def chart_url(slug: str, question: str, *, as_of=None, confirm=None, fmt: str | None = "json") -> str:
    name = "viewer:chart_json" if fmt == "json" else "viewer:chart"
    return _with_query(reverse(name, args=[slug, question]), as_of=as_of, confirm=confirm)


def pending_url(slug: str, *, as_of=None, confirm=None, fmt: str | None = None) -> str:
    name = "viewer:pending_json" if fmt == "json" else "viewer:pending"
    return _with_query(reverse(name, args=[slug]), as_of=as_of, confirm=confirm)


def runs_url(slug: str, fmt: str | None = None) -> str:
    return reverse("viewer:runs_json" if fmt == "json" else "viewer:runs", args=[slug])


def run_url(slug: str, run_id: int, fmt: str | None = None) -> str:
    return reverse("viewer:run_json" if fmt == "json" else "viewer:run", args=[slug, run_id])


def evaluation_url(slug: str, *, confirm=None, fmt: str | None = None) -> str:
    name = "viewer:evaluation_json" if fmt == "json" else "viewer:evaluation"
    return _with_query(reverse(name, args=[slug]), confirm=confirm)


def retention_chart_url(slug: str, *, confirm=None) -> str:
    return _with_query(reverse("viewer:retention_chart", args=[slug]), confirm=confirm)


def actor_url(slug: str, actor: str, *, as_of=None, confirm=None, fmt: str | None = None) -> str:
    name = "viewer:actor_json" if fmt == "json" else "viewer:actor"
    return _with_query(reverse(name, args=[slug, actor]), as_of=as_of, confirm=confirm)


def compare_url(slug: str, *, question=None, actors=(), as_of=None, confirm=None, fmt: str | None = None) -> str:
    name = "viewer:compare_json" if fmt == "json" else "viewer:compare"
    path = _with_query(reverse(name, args=[slug]), question=question, as_of=as_of, confirm=confirm)
    extra = urlencode([("actor", a) for a in actors])
    return f"{path}{'&' if '?' in path else '?'}{extra}" if extra else path

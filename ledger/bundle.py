"""Story bundles: story.toml (and answer_key.jsonl) checked whole, then loaded.

A broken bundle is refused with a message naming the file, the entry and the problem, and
nothing is written. Loading the same bundle again changes nothing; an edited one updates
the story's configuration. The ledger itself is never touched here.
"""
import hashlib
import json
import re
import tomllib
import zoneinfo
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from .errors import LedgerError
from .models import Actor, KeyStatement, Outlet, Question, StanceRecord, Story, Topic
from .periods import periods_ready, periods_rebuild

SLUG = re.compile(r"^[a-z0-9-]+$")
STANCES = StanceRecord.STANCES


class BundleError(LedgerError):
    pass


@dataclass
class Bundle:
    config: dict
    key: list[dict]
    sha256: str


def _fail(file: str, entry: str, problem: str):
    raise BundleError(f"{file}: {entry}: {problem}")


def _regex_list(file, entry, name, value):
    if value is None:
        return []
    if isinstance(value, str) or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        _fail(file, entry, f"{name} must be a list of strings")
    for pattern in value:
        try:
            re.compile(pattern, re.IGNORECASE)
        except re.error as exc:
            _fail(file, entry, f"{name}: bad regex {pattern!r}: {exc}")
    return value


def _ident(file, entry, value):
    if not isinstance(value, str) or not SLUG.match(value):
        _fail(file, entry, f"id must match [a-z0-9-]+, not {value!r}")
    return value


def _entries(file, config, table, required):
    items = config.get(table, [])
    if not isinstance(items, list):
        _fail(file, f"[[{table}]]", "must be an array of tables")
    seen = set()
    for n, item in enumerate(items, start=1):
        ident = item.get("id")
        entry = f"[[{table}]] #{n} ({ident!r})" if ident else f"[[{table}]] #{n}"
        _ident(file, entry, ident)
        if ident in seen:
            _fail(file, entry, f"duplicate id {ident!r}")
        seen.add(ident)
        for name in required:
            if not isinstance(item.get(name), str) or not item.get(name).strip():
                _fail(file, entry, f"missing {name}")
        yield entry, item


def bundle_check(config: dict, key_lines: list[str] | None) -> list[dict]:
    """Raise BundleError for the first problem; return the answer key's statements."""
    f = "story.toml"
    _ident(f, "slug", config.get("slug"))
    if not isinstance(config.get("title"), str) or not config["title"].strip():
        _fail(f, "title", "missing title")
    for name in ("start", "end"):
        if not isinstance(config.get(name), date):
            _fail(f, name, f"must be a date (YYYY-MM-DD), not {config.get(name)!r}")
    if config["end"] < config["start"]:
        _fail(f, "end", f"end {config['end']} is before start {config['start']}")
    try:
        zoneinfo.ZoneInfo(config.get("timezone", "UTC"))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        _fail(f, "timezone", f"unknown time zone {config.get('timezone')!r}")
    steps = config.get("steps", {})
    for name in ("days", "per_topic_cap", "per_outlet_cap"):
        value = steps.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            _fail(f, f"[steps] {name}", f"must be a whole number >= 0, not {value!r}")
    if steps.get("days") == 0:
        _fail(f, "[steps] days", "must be at least 1")
    n = config.get("confirmation", {}).get("min_outlets", 2)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        _fail(f, "[confirmation] min_outlets", f"must be a whole number >= 1, not {n!r}")

    outlets = {}
    for entry, item in _entries(f, config, "outlets", ["name"]):
        domains = item.get("domains", [])
        if not isinstance(domains, list) or not all(isinstance(d, str) for d in domains):
            _fail(f, entry, "domains must be a list of strings")
        outlets[item["id"]] = item
    if not outlets:
        _fail(f, "[[outlets]]", "a story needs at least one outlet")
    actors = {}
    for entry, item in _entries(f, config, "actors", ["name"]):
        _regex_list(f, entry, "aliases", item.get("aliases"))
        actors[item["id"]] = item
    topics = {}
    for entry, item in _entries(f, config, "topics", ["name"]):
        _regex_list(f, entry, "keywords", item.get("keywords"))
        topics[item["id"]] = item
    questions = {}
    for entry, item in _entries(f, config, "questions", ["text", "topic"]):
        if item["topic"] not in topics:
            _fail(f, entry, f"unknown topic {item['topic']!r}")
        kind = item.get("kind", "stance")
        if kind not in ("stance", "number"):
            _fail(f, entry, f"kind must be 'stance' or 'number', not {kind!r}")
        for name in ("keywords", "affirm", "deny", "partial"):
            _regex_list(f, entry, name, item.get(name))
        questions[item["id"]] = item

    kinds = {key: q.get("kind", "stance") for key, q in questions.items()}
    return key_check(key_lines or [], actors=set(actors), question_kinds=kinds)


def key_file_read(path, story) -> list[dict]:
    """The statements of an answer key file given for a loaded story (`--key`), checked against
    its actors and questions; OSError or UnicodeDecodeError if the file cannot be read,
    BundleError naming the first bad line."""
    lines = Path(path).read_text("utf-8").splitlines()
    return key_check(lines, actors=set(story.actors.values_list("key", flat=True)),
                     question_kinds=dict(story.questions.values_list("key", "kind")))


def key_check(key_lines, *, actors: set, question_kinds: dict) -> list[dict]:
    """The answer key's statements; BundleError names the first bad line."""
    statements = []
    for number, line in enumerate(key_lines, start=1):
        if not line.strip():
            continue
        entry = f"line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            _fail("answer_key.jsonl", entry, f"invalid JSON: {exc.msg}")
        if not isinstance(data, dict):
            _fail("answer_key.jsonl", entry, "not a JSON object")
        if data.get("actor") not in actors:
            _fail("answer_key.jsonl", entry, f"unknown actor {data.get('actor')!r}")
        kind = question_kinds.get(data.get("question"))
        if kind is None:
            _fail("answer_key.jsonl", entry, f"unknown question {data.get('question')!r}")
        try:
            day = date.fromisoformat(data.get("date"))
        except (TypeError, ValueError):
            _fail("answer_key.jsonl", entry, f"bad date {data.get('date')!r}: expected YYYY-MM-DD")
        position, value = data.get("position"), data.get("value")
        if kind == "number":
            if position != "number" or isinstance(value, bool) or not isinstance(value, (int, float)):
                _fail("answer_key.jsonl", entry, "a number question needs position 'number' and a numeric value")
        elif position not in STANCES:
            _fail("answer_key.jsonl", entry, f"position must be affirm, deny or partial, not {position!r}")
        statements.append({**data, "date": day, "line": number})
    return statements


def bundle_read(path: Path) -> Bundle:
    path = Path(path)
    toml_path = path / "story.toml" if path.is_dir() else path
    folder = toml_path.parent
    try:
        raw = toml_path.read_bytes()
    except OSError as exc:
        raise BundleError(f"story.toml: cannot read {toml_path.name}: {exc.strerror}") from None
    try:
        config = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BundleError(f"story.toml: not valid TOML: {exc}") from None
    digest = hashlib.sha256(raw)
    key_path = folder / "answer_key.jsonl"
    key_lines = None
    if key_path.exists():
        key_raw = key_path.read_bytes()
        digest.update(key_raw)
        try:
            key_lines = key_raw.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise BundleError("answer_key.jsonl: not valid UTF-8") from None
    statements = bundle_check(config, key_lines)
    return Bundle(config=config, key=statements, sha256=digest.hexdigest())


def _sync(model, story, items, fields_of) -> list:
    """Create or update the story's entries of one kind; return those no longer configured."""
    existing = {o.key: o for o in model.objects.filter(story=story)}
    for position, item in enumerate(items):
        values = fields_of(item, position)
        obj = existing.pop(item["id"], None)
        if obj is None:
            model.objects.create(story=story, key=item["id"], **values)
        elif any(getattr(obj, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(obj, k, v)
            obj.save()
    return list(existing.values())


def _drop(stale: list) -> None:
    """An entry the ledger refers to cannot be dropped (PROTECT), which refuses the load."""
    for obj in stale:
        try:
            with transaction.atomic():
                obj.delete()
        except ProtectedError:
            raise BundleError(
                f"story.toml: {obj._meta.model_name} {obj.key!r}: removed from the bundle, but the ledger refers to it"
            ) from None


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


@transaction.atomic
def story_load(path) -> tuple[Story, bool]:
    """Load or update a bundle. Returns the story and whether anything changed."""
    bundle = bundle_read(path)
    c = bundle.config
    story = Story.objects.filter(slug=c["slug"]).first()
    if story is not None and story.config_sha256 == bundle.sha256:
        if not periods_ready(story):
            periods_rebuild(story)
        return story, False
    steps, confirmation = c.get("steps", {}), c.get("confirmation", {})
    fields = dict(
        title=c["title"],
        language=c.get("language", "en"),
        start=c["start"],
        end=c["end"],
        timezone=c.get("timezone", "UTC"),
        step_days=steps.get("days", 2),
        per_topic_cap=steps.get("per_topic_cap", 40),
        per_outlet_cap=steps.get("per_outlet_cap", 5),
        min_outlets=confirmation.get("min_outlets", 2),
        config=_jsonable(c),
        config_sha256=bundle.sha256,
        loaded_at=timezone.now(),  # `update` leaves auto_now alone; caches key on the load
    )
    if story is None:
        story = Story.objects.create(slug=c["slug"], **fields)
    else:
        Story.objects.filter(pk=story.pk).update(**fields)
        story.refresh_from_db()
    KeyStatement.objects.filter(story=story).delete()
    stale = _sync(Outlet, story, c.get("outlets", []), lambda o, i: dict(
        name=o["name"], domains=o.get("domains", []), group=o.get("group", ""), kind=o.get("kind", "")))
    stale += _sync(Actor, story, c.get("actors", []), lambda a, i: dict(
        name=a["name"], aliases=a.get("aliases", []), side=a.get("side", "")))
    stale_topics = _sync(Topic, story, c.get("topics", []), lambda t, i: dict(
        name=t["name"], keywords=t.get("keywords", []), position=i))
    topics = {t.key: t for t in story.topics.all()}
    stale = _sync(Question, story, c.get("questions", []), lambda q, i: dict(
        topic=topics[q["topic"]], text=q["text"], kind=q.get("kind", "stance"), unit=q.get("unit", ""),
        keywords=q.get("keywords", []), affirm=q.get("affirm", []), deny=q.get("deny", []),
        partial=q.get("partial", []), position=i)) + stale + stale_topics
    _drop(stale)
    actors = {a.key: a for a in story.actors.all()}
    questions = {q.key: q for q in story.questions.all()}
    KeyStatement.objects.bulk_create(
        KeyStatement(story=story, line=s["line"], actor=actors[s["actor"]], question=questions[s["question"]],
                     position=s["position"], value=s.get("value"), date=s["date"], url=s.get("url", ""))
        for s in bundle.key
    )
    periods_rebuild(story)  # the new configuration may group outlets differently
    return story, True

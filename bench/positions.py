#!/usr/bin/env python
"""Positions as of a date, from ten thousand to ten million records.

For each size it builds a synthetic ledger in a dedicated database (dropped and created
again), bulk-loaded with COPY, then measures side by side, round robin, on the same random
queries (a question, a day D, a rule N in 1..3):

  ours   the positions answer: GET /api/v1/stories/{slug}/positions?as_of=&question=&confirm=
         through django.test.Client (every middleware, DRF, JSON rendering) when that route
         exists; otherwise selectors.positions_find(...).as_dict() and JSON
  bare   the bare-SQL bound: the latest non-retracted record per actor as of D, one
         hand-written query on the same indexes, no confirmation rule
  naive  every record of the story read through the ORM (all columns), then filtered,
         sorted and folded in Python with ledger.positions.fold

One "probe" question has the same 2,000 records over 40 actors at every size, so its
latency can be compared from 10 k to 10 M total records. See bench/README.md.

    DEBUG=1 .venv/bin/python bench/positions.py --records 10000 1000000 10000000
"""
import argparse
import bisect
import hashlib
import json
import math
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/ledger_bench"

# --- the synthetic ledger's shape ------------------------------------------------------------
STORIES = 50
QUESTIONS_PER_STORY = 8          # 400 questions in total (the probe story: the probe and 7 more)
TOPICS_PER_STORY = 3
ACTORS_PER_STORY = 80            # 4,000 actors in total
OUTLETS_PER_STORY = 20
GROUPS = [("group-a", 4), ("group-b", 3), ("group-c", 3)]  # 10 outlets in 3 groups, 10 alone: 13 sources
START = date(2023, 1, 1)
DAYS = 730                       # two years
NUMBER_SHARE = 0.1               # share of number questions
NUMBERS = [5.0, 10.0, 12.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 100.0]
STANCES = ("affirm", "deny", "partial")
CHANGE = 0.04                    # chance an actor really changes position before a record
NOISE = 0.05                     # chance a record misreports the actor's position
WIRE = 0.15                      # chance a record is a wire copy carried by several outlets
NO_OUTLET = 0.02                 # records known by URL only
RETRACT = 0.01                   # ~1 % of records are retracted
PROBE_KEY, PROBE_RECORDS, PROBE_ACTORS = "probe", 2000, 40

NULL = "\\N"  # NULL in COPY's text format
RECORD_COLUMNS = ("id", "story_id", "seq", "actor_id", "question_id", "position", "value", "reported_on",
                  "outlet_id", "outlets", "url", "quote", "excerpt_id", "extractor", "confidence",
                  "recorded_at", "prev_hash", "hash")
RETRACTION_COLUMNS = ("story_id", "seq", "record_id", "reason", "retracted_by", "recorded_at", "prev_hash", "hash")

WORDS = ("the minister said talks would resume once the ceasefire held and aid convoys could pass "
         "officials denied any agreement had been reached but admitted contacts continued through "
         "intermediaries a spokesman insisted the figure was accurate while critics called it inflated "
         "negotiators expect a deal within weeks according to people familiar with the matter").split()

BARE_SQL = """
SELECT DISTINCT ON (r.actor_id) r.actor_id, r.id, r.position, r.value, r.reported_on
  FROM ledger_stancerecord r
 WHERE r.question_id = %s AND r.reported_on <= %s
   AND NOT EXISTS (SELECT 1 FROM ledger_retraction x WHERE x.record_id = r.id)
 ORDER BY r.actor_id, r.reported_on DESC, r.id DESC
"""


# --- Django and the bench database ----------------------------------------------------------


def setup_django(url: str):
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger_site.settings")
    # DEBUG=1 keeps the settings free of the HTTPS redirect and of Redis (local memory cache);
    # DEBUG itself is switched off below so that no query log or debug page costs time.
    os.environ.setdefault("DEBUG", "1")
    # Every query computes its answer: a repeated query (the next run's) must not be a cache hit.
    os.environ["LEDGER_POSITIONS_CACHE_SECONDS"] = "0"
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = False
    if "testserver" not in settings.ALLOWED_HOSTS:
        settings.ALLOWED_HOSTS.append("testserver")


def database_name(url: str) -> str:
    import dj_database_url

    name = dj_database_url.parse(url)["NAME"]
    if "bench" not in name:
        raise SystemExit(f"refusing to drop database {name!r}: a bench database's name contains 'bench'")
    return name


def recreate_database(url: str):
    import dj_database_url
    import psycopg
    from django.db import connections

    connections.close_all()
    cfg = dj_database_url.parse(url)
    name = database_name(url)
    with psycopg.connect(host=cfg["HOST"] or None, port=cfg["PORT"] or None, user=cfg["USER"] or None,
                         password=cfg["PASSWORD"] or None, dbname="postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


# --- configuration rows (ORM) ---------------------------------------------------------------


class Shape:
    """Stories, outlets, actors, topics and questions, made the same way at every size (same
    seed, same order, fresh database), so ids, keys and the probe are equal across sizes."""

    def __init__(self, seed: int, create: bool = True):
        from ledger.models import Actor, Outlet, Question, Story, Topic

        def save(model, objects):  # create them, or (with --keep) read back those made before
            return model.objects.bulk_create(objects) if create else list(model.objects.order_by("id"))

        rng = random.Random(seed)
        end = START + timedelta(days=DAYS - 1)
        stories = save(Story, [
            Story(slug=f"bench-{s:02d}", title=f"Bench story {s}", start=START, end=end, min_outlets=2)
            for s in range(STORIES)])
        outlets, actors, topics = [], [], []
        for story in stories:
            kinds = [g for g, n in GROUPS for _ in range(n)]
            for o in range(OUTLETS_PER_STORY):
                group = kinds[o] if o < len(kinds) else ""
                outlets.append(Outlet(story=story, key=f"outlet-{o:02d}", name=f"Outlet {o}",
                                      domains=[f"outlet{o:02d}.example"], group=group))
            actors += [Actor(story=story, key=f"actor-{a:02d}", name=f"Actor {a}") for a in range(ACTORS_PER_STORY)]
            topics += [Topic(story=story, key=f"topic-{t}", name=f"Topic {t}", position=t)
                       for t in range(TOPICS_PER_STORY)]
        outlets, actors, topics = save(Outlet, outlets), save(Actor, actors), save(Topic, topics)
        questions = []
        for s, story in enumerate(stories):
            keys = [PROBE_KEY] if s == 0 else []
            keys += [f"q{q:02d}" for q in range(QUESTIONS_PER_STORY - len(keys))]
            for position, key in enumerate(keys):
                number = key != PROBE_KEY and rng.random() < NUMBER_SHARE
                questions.append(Question(
                    story=story, topic=topics[s * TOPICS_PER_STORY + position % TOPICS_PER_STORY], key=key,
                    text=f"Question {key} of story {s}?", kind=Question.NUMBER if number else Question.STANCE,
                    unit="people" if number else "", position=position))
        questions = save(Question, questions)

        self.stories = stories
        self.story_of = {}  # story id -> dict of what generation needs
        for s, story in enumerate(stories):
            ids = [o.id for o in outlets[s * OUTLETS_PER_STORY:(s + 1) * OUTLETS_PER_STORY]]
            keys = [f"outlet-{o:02d}" for o in range(OUTLETS_PER_STORY)]
            weights = [1.0 / (i + 1) ** 0.7 for i in range(OUTLETS_PER_STORY)]
            self.story_of[story.id] = {
                "actors": [a.id for a in actors[s * ACTORS_PER_STORY:(s + 1) * ACTORS_PER_STORY]],
                "outlets": list(zip(ids, keys)), "outlet_cw": _cumulative(weights)}
        self.probe = next(q for q in questions if q.key == PROBE_KEY)
        self.probe_story = stories[0]
        self.questions = [q for q in questions if q.key != PROBE_KEY]
        # Heavy-tailed question sizes: a few big questions, many small ones.
        self.question_cw = _cumulative([rng.lognormvariate(0, 1.0) for _ in self.questions])
        self.question_actors = {}
        for q in self.questions:
            pool = list(self.story_of[q.story_id]["actors"])
            rng.shuffle(pool)
            chosen = pool[:rng.randint(15, ACTORS_PER_STORY)]
            self.question_actors[q.id] = (chosen, _cumulative([1.0 / (i + 1) ** 1.1 for i in range(len(chosen))]))
        pool = list(self.story_of[self.probe_story.id]["actors"])
        random.Random(seed + 1).shuffle(pool)
        self.probe_actors = pool[:PROBE_ACTORS]


def _cumulative(weights):
    total, out = 0.0, []
    for w in weights:
        total += w
        out.append(total)
    return out


def _pick(rng, items, cw):
    return items[bisect.bisect(cw, rng.random() * cw[-1])]


# --- the records, streamed ------------------------------------------------------------------


class Generator:
    """COPY lines for the records, in time order across all stories (ids follow days, as a
    ledger appended over two years), with per-story seq and a fake but well-formed chain."""

    def __init__(self, shape: Shape, total: int, seed: int):
        self.shape, self.total = shape, total
        self.rng = random.Random(seed)
        self.next_id = 1
        self.seq = defaultdict(int)
        self.last_hash = defaultdict(lambda: "0" * 64)
        self.state = {}  # (question, actor) -> [position, value]: what the actor "really" holds
        self.retractions = []
        self.quotes = [" ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(15, 40))).capitalize() + "."
                       for _ in range(2000)]
        self.days = [(START + timedelta(days=d)).isoformat() for d in range(DAYS + 1)]
        self.is_number = {q.id: q.kind == "number" for q in shape.questions}
        self.is_number[shape.probe.id] = False
        # The probe: the same 2,000 records at every size, from its own random numbers.
        prng = random.Random(seed + 2)
        days = sorted(prng.randrange(DAYS) for _ in range(PROBE_RECORDS))
        self.probe_by_day = defaultdict(list)
        for d in days:
            self.probe_by_day[d].append(prng.getrandbits(64))  # each probe record: its own random stream
        self.probe_actor_cw = _cumulative([1.0 / (i + 1) ** 0.8 for i in range(PROBE_ACTORS)])

    def _hash(self, story_id: int, seq: int) -> tuple[str, str]:
        prev = self.last_hash[story_id]
        new = hashlib.sha256(b"%d:%d:%s" % (story_id, seq, prev.encode())).hexdigest()
        self.last_hash[story_id] = new
        return prev, new

    def _record(self, rng, story_id, question_id, actor_id, day: int) -> str:
        info = self.shape.story_of[story_id]
        key = (question_id, actor_id)
        number = self.is_number[question_id]
        state = self.state.get(key)
        if state is None or rng.random() < CHANGE:
            old = state[0 if not number else 1] if state else None
            if number:
                state = ["number", rng.choice([v for v in NUMBERS if v != old])]
            else:
                state = [rng.choice([p for p in STANCES if p != old]), None]
            self.state[key] = state
        position, value = state
        if rng.random() < NOISE:  # a misreport: pending, rarely confirmed
            if number:
                value = rng.choice(NUMBERS)
            else:
                position = rng.choice(STANCES)
        rid = self.next_id
        self.next_id += 1
        self.seq[story_id] += 1
        seq = self.seq[story_id]
        prev, new = self._hash(story_id, seq)
        daystr = self.days[day]
        if rng.random() < NO_OUTLET:
            outlet_id, outlets, host = NULL, "{}", f"blog{rng.randrange(50)}.example"
        else:
            outlet_id, okey = _pick(rng, info["outlets"], info["outlet_cw"])
            host = okey.replace("-", "") + ".example"
            if rng.random() < WIRE:
                more = {k for _, k in rng.sample(info["outlets"], rng.randint(1, 4))}
                more.discard(okey)
                outlets = "{" + ",".join([okey, *sorted(more)]) + "}"
            else:
                outlets = "{" + okey + "}"
        hour = rng.randrange(6, 30)
        recorded = f"{self.days[day + hour // 24]} {hour % 24:02d}:{rng.randrange(60):02d}:00+00"
        if rng.random() < RETRACT:
            self.seq[story_id] += 1
            rseq = self.seq[story_id]
            rprev, rnew = self._hash(story_id, rseq)
            self.retractions.append((story_id, rseq, rid, "misattributed quote (bench)", "bench-editor",
                                     f"{self.days[day + 1]} 09:00:00+00", rprev, rnew))
        value = NULL if value is None else value
        extractor = "llm:bench-model@3" if rid % 5 else "rules@1"
        return (f"{rid}\t{story_id}\t{seq}\t{actor_id}\t{question_id}\t{position}\t{value}\t{daystr}\t"
                f"{outlet_id}\t{outlets}\thttps://{host}/{daystr}/story-{story_id}-{rid}\t{rng.choice(self.quotes)}\t"
                f"{NULL}\t{extractor}\t{rng.randrange(50, 100) / 100}\t{recorded}\t{prev}\t{new}\n")

    def chunks(self, size: int = 20000):
        """Blocks of COPY text, day by day; never more than one block in memory."""
        shape, rng = self.shape, self.rng
        others = self.total - PROBE_RECORDS
        questions, qcw = shape.questions, shape.question_cw
        probe = shape.probe
        buf = []
        for day in range(DAYS):
            n = others * (day + 1) // DAYS - others * day // DAYS
            probes = self.probe_by_day.get(day, [])
            slots = set(rng.sample(range(n + len(probes)), len(probes)))
            p = 0
            for i in range(n + len(probes)):
                if i in slots:
                    prng = random.Random(probes[p])
                    p += 1
                    actor = _pick(prng, shape.probe_actors, self.probe_actor_cw)
                    buf.append(self._record(prng, probe.story_id, probe.id, actor, day))
                else:
                    q = _pick(rng, questions, qcw)
                    actors, acw = shape.question_actors[q.id]
                    buf.append(self._record(rng, q.story_id, q.id, _pick(rng, actors, acw), day))
                if len(buf) >= size:
                    yield "".join(buf)
                    buf = []
        if buf:
            yield "".join(buf)


# --- loading ---------------------------------------------------------------------------------


def secondary(cur, table: str):
    """The table's unique and foreign-key constraints and plain indexes (not the primary
    key), as SQL to drop and to create them again. Read from the catalog, so that indexes
    added by later migrations are rebuilt too."""
    constraints = cur.execute(
        "SELECT conname, contype, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = %s::regclass AND contype IN ('u', 'f', 'x') ORDER BY contype DESC, conname",
        [table]).fetchall()
    indexes = cur.execute(
        "SELECT c.relname, pg_get_indexdef(c.oid) FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid "
        "WHERE x.indrelid = %s::regclass AND NOT x.indisprimary "
        "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid) "
        "ORDER BY c.relname", [table]).fetchall()
    drop = [f'ALTER TABLE {table} DROP CONSTRAINT "{name}"' for name, _, _ in constraints]
    drop += [f'DROP INDEX "{name}"' for name, _ in indexes]
    create = [sql for _, sql in indexes]
    create += [f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {sql}' for name, _, sql in constraints]
    return drop, create


def load(shape: Shape, total: int, seed: int, after_load) -> dict:
    from django.core.management import call_command
    from django.db import connection

    from ledger.models import ChainHead, Retraction, StanceRecord

    timings = {}
    connection.ensure_connection()
    raw = connection.connection
    table = StanceRecord._meta.db_table
    with raw.cursor() as cur:
        drop, create = secondary(cur, table)
        for sql in drop:
            cur.execute(sql)
        gen = Generator(shape, total, seed)
        t = time.perf_counter()
        columns = ", ".join(RECORD_COLUMNS)
        with cur.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for block in gen.chunks():
                copy.write(block)
        timings["copy_records_s"] = time.perf_counter() - t

        t = time.perf_counter()
        cur.execute("SET maintenance_work_mem = '1GB'")
        for sql in create:
            cur.execute(sql)
        timings["indexes_s"] = time.perf_counter() - t

        t = time.perf_counter()
        with cur.copy(f"COPY {Retraction._meta.db_table} ({', '.join(RETRACTION_COLUMNS)}) FROM STDIN") as copy:
            for r in gen.retractions:
                copy.write_row(r)
        cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), %s)", [gen.next_id - 1])
        timings["copy_retractions_s"] = time.perf_counter() - t
    ChainHead.objects.bulk_create([ChainHead(story_id=s, last_seq=gen.seq[s], last_hash=gen.last_hash[s])
                                   for s in gen.seq])
    for command in after_load:
        t = time.perf_counter()
        name, *args = command.split()
        call_command(name, *args)
        timings[f"after_load {command}"] = time.perf_counter() - t
    t = time.perf_counter()
    with raw.cursor() as cur:
        # VACUUM as well as ANALYZE: the visibility map and hint bits as in a steady state, and
        # no autovacuum of the fresh table running in the middle of the measurements.
        cur.execute("VACUUM (ANALYZE)")
        try:
            cur.execute("CHECKPOINT")
        except Exception:  # noqa: BLE001 - only a superuser may; it just spares a checkpoint later
            pass
    timings["vacuum_analyze_s"] = time.perf_counter() - t
    timings["records"] = gen.next_id - 1
    timings["retractions"] = len(gen.retractions)
    timings["probe_story_records"] = gen.seq[shape.probe_story.id]
    return timings


def loaded_records() -> int | None:
    """How many records the bench database holds (None: no database or no ledger yet)."""
    from django.db import connection

    try:
        with connection.cursor() as cur:
            cur.execute("SELECT count(*) FROM ledger_stancerecord")
            return cur.fetchone()[0]
    except Exception:  # noqa: BLE001 - absent database or table
        connection.close()
        return None


def disk_sizes() -> dict:
    from django.db import connection

    with connection.cursor() as cur:
        out = {}
        cur.execute("SELECT to_regclass('ledger_positionperiod') IS NOT NULL")
        tables = ["ledger_stancerecord", "ledger_retraction"] + (["ledger_positionperiod"] if cur.fetchone()[0] else [])
        for table in tables:
            cur.execute("SELECT pg_relation_size(%s), pg_indexes_size(%s), pg_total_relation_size(%s)",
                        [table, table, table])
            heap, indexes, total = cur.fetchone()
            cur.execute("SELECT c.relname, pg_relation_size(c.oid) FROM pg_index x "
                        "JOIN pg_class c ON c.oid = x.indexrelid WHERE x.indrelid = %s::regclass ORDER BY 1",
                        [table])
            out[table] = {"heap": heap, "indexes": indexes, "total": total, "each": dict(cur.fetchall())}
        cur.execute("SELECT pg_database_size(current_database())")
        out["database"] = cur.fetchone()[0]
    return out


# --- the three ways to answer ----------------------------------------------------------------


def api_route_exists() -> bool:
    try:
        from django.urls import resolve

        return resolve("/api/v1/stories/bench-00/positions").url_name == "positions"
    except Exception:  # noqa: BLE001 - no API yet (or it does not import): measure the selector
        return False


def periods_kept() -> bool:
    """Whether this ledger has a derived table of periods to read (and so a second way to answer)."""
    try:
        from ledger.selectors import ledger_mark  # noqa: F401
    except ImportError:
        return False
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SELECT to_regclass('ledger_positionperiod') IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_periodshead)")
        return cur.fetchone()[0]


class Ours:
    """Our answer through the API (or the selector). With `periods=False` the same request is
    answered as if the derived periods were behind the ledger: folded from the records."""

    def __init__(self, mode: str, periods: bool = True):
        from django.test import Client

        self.client = Client()
        self.mode = mode
        self.periods = periods

    def __call__(self, slug, question, as_of, confirm) -> dict:
        if self.periods:
            return self._answer(slug, question, as_of, confirm)
        from ledger import selectors

        # Every mark says "periods behind": `_mark` makes both the mark read with the story and
        # the one read alone (code before the story and its mark were read together: `ledger_mark`;
        # before the shared plumbing had a module of its own, both lived in `selectors`).
        try:
            from ledger import plumbing as home
        except ImportError:
            home = selectors
        name = "_mark" if hasattr(home, "_mark") else "ledger_mark"
        kept = getattr(home, name)
        setattr(home, name, lambda *args: selectors.LedgerMark(kept(*args).last_seq, ()))
        try:
            return self._answer(slug, question, as_of, confirm)
        finally:
            setattr(home, name, kept)

    def _answer(self, slug, question, as_of, confirm) -> dict:
        if self.mode == "api":
            response = self.client.get(f"/api/v1/stories/{slug}/positions",
                                       {"as_of": as_of, "question": question, "confirm": confirm},
                                       HTTP_ACCEPT="application/json")
            body = response.content
            if response.status_code != 200:
                raise RuntimeError(f"API answered {response.status_code}: {body[:300]!r}")
            return body
        from django.core.serializers.json import DjangoJSONEncoder

        from ledger import selectors

        story = selectors.story_get(slug)
        positions = selectors.positions_find(story=story, as_of=date.fromisoformat(as_of), question=question,
                                             confirm=confirm)
        return json.dumps(positions.as_dict(), cls=DjangoJSONEncoder).encode()


def bare(question_id, as_of):
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(BARE_SQL, [question_id, as_of])
        return cur.fetchall()


def naive(story_id, question_id, as_of, confirm):
    """What a program without the database's help does: read the whole story, then scan."""
    from django.core.serializers.json import DjangoJSONEncoder

    from ledger.models import Actor, Outlet, Retraction, StanceRecord
    from ledger.positions import Row, fold

    day = date.fromisoformat(as_of)
    records = list(StanceRecord.objects.filter(story_id=story_id))
    retracted = set(Retraction.objects.filter(story_id=story_id).values_list("record_id", flat=True))
    outlets = {o.id: o for o in Outlet.objects.filter(story_id=story_id)}
    actors = {a.id: a.key for a in Actor.objects.filter(story_id=story_id)}
    by_actor = defaultdict(list)
    for r in records:
        if r.question_id == question_id and r.reported_on <= day and r.id not in retracted:
            by_actor[r.actor_id].append(r)
    answer = []
    for actor_id in sorted(by_actor):
        rows = sorted(by_actor[actor_id], key=lambda r: (r.reported_on, r.id))
        stance = fold([Row(r.id, r.position, r.value, r.reported_on,
                           outlets[r.outlet_id].source_group if r.outlet_id else f"host:{r.url.split('/')[2]}")
                       for r in rows], confirm)
        answer.append({"actor": actors[actor_id], "current": stance.current.as_current(),
                       "pending": stance.pending.as_dict() if stance.pending else None,
                       "history": [p.as_history() for p in stance.history],
                       "changes": [c.as_dict() for c in stance.changes]})
    return json.dumps(answer, cls=DjangoJSONEncoder).encode()


def currents(body: bytes) -> dict:
    """actor key -> (position, value) of the current position, from an answer's JSON."""
    data = json.loads(body)
    actors = data["questions"][0]["actors"] if isinstance(data, dict) else data
    return {a["actor"]: (a["current"]["position"], a["current"]["value"]) for a in actors}


# --- measuring ------------------------------------------------------------------------------


def make_queries(shape: Shape, n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        q = shape.probe if i % 2 == 0 else rng.choice(shape.questions)
        out.append({"kind": "probe" if q.key == PROBE_KEY else "random", "story_id": q.story_id,
                    "slug": f"bench-{(q.story_id - shape.stories[0].id):02d}", "question": q.key,
                    "question_id": q.id, "as_of": (START + timedelta(days=rng.randrange(DAYS))).isoformat(),
                    "confirm": rng.randint(1, 3)})
    return out


def percentile(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(p / 100 * len(s)) - 1))]


def naive_count(records: int, queries: int, wanted) -> int:
    if wanted is not None:
        return min(wanted, queries)
    return queries if records <= 100_000 else 20 if records <= 2_000_000 else 6


def measure(shape: Shape, queries: list[dict], mode: str, runs: int, naive_n: int) -> dict:
    from django.db import connection

    _ACTOR_KEYS.clear()
    ours = Ours(mode)
    from_records = Ours(mode, periods=False) if periods_kept() else None
    for q in queries[:6]:  # warm up: imports, URL resolution, first plans
        ours(q["slug"], q["question"], q["as_of"], q["confirm"])
        bare(q["question_id"], q["as_of"])
    # Correctness, by the way: with N = 1 every change confirms at once, so each actor's current
    # position is its latest record's, which is what the bare query returns.
    mismatches = checked = 0
    for q in [q for q in queries if q["confirm"] == 1][:20]:
        keys = dict(shape_actor_keys(q["story_id"]))
        latest = {keys[a]: (p, v) for a, _, p, v, _ in bare(q["question_id"], q["as_of"])}
        mine = currents(ours(q["slug"], q["question"], q["as_of"], 1))
        checked += 1
        mismatches += mine != latest
    probes = [i for i, q in enumerate(queries) if q["kind"] == "probe"]
    randoms = [i for i, q in enumerate(queries) if q["kind"] == "random"]
    half = naive_n // 2
    naive_set = set(probes[:: max(1, len(probes) // max(1, naive_n - half))][: naive_n - half])
    naive_set |= set(randoms[:: max(1, len(randoms) // max(1, half))][:half])
    per_run = []
    naive_mismatch = records_mismatch = 0
    for run in range(runs):
        times = {"ours": {}, "bare": {}, "naive": {}, "records": {}}
        for i, q in enumerate(queries):
            steps = (["ours", "bare"] + (["records"] if from_records else [])
                     + (["naive"] if i in naive_set else []))
            k = (i + run) % len(steps)
            answers = {}
            for step in steps[k:] + steps[:k]:  # rotate who goes first, so caches favour no one
                t = time.perf_counter_ns()
                if step == "ours":
                    answers[step] = ours(q["slug"], q["question"], q["as_of"], q["confirm"])
                elif step == "bare":
                    answers[step] = bare(q["question_id"], q["as_of"])
                elif step == "records":
                    answers[step] = from_records(q["slug"], q["question"], q["as_of"], q["confirm"])
                else:
                    answers[step] = naive(q["story_id"], q["question_id"], q["as_of"], q["confirm"])
                times[step][i] = (time.perf_counter_ns() - t) / 1e6
            if "naive" in answers and run == 0:
                naive_mismatch += currents(answers["ours"]) != currents(answers["naive"])
            if "records" in answers and run == 0:
                records_mismatch += answers["ours"] != answers["records"]
        per_run.append(times)
    connection.close()
    return {"per_run": per_run, "naive_set": sorted(naive_set), "check_n1": (checked, mismatches),
            "check_naive": (len(naive_set), naive_mismatch),
            "check_records": (len(queries) if from_records else 0, records_mismatch)}


_ACTOR_KEYS = {}


def shape_actor_keys(story_id):
    if story_id not in _ACTOR_KEYS:
        from ledger.models import Actor

        _ACTOR_KEYS[story_id] = list(Actor.objects.filter(story_id=story_id).values_list("id", "key"))
    return _ACTOR_KEYS[story_id]


def summarize(result: dict, queries: list[dict]) -> dict:
    """p50/p95 per run and kind, then the median over runs."""
    out = {}
    for kind in ("all", "probe", "random"):
        idx = [i for i, q in enumerate(queries) if kind == "all" or q["kind"] == kind]
        nidx = [i for i in result["naive_set"] if i in idx]
        row = defaultdict(list)
        for times in result["per_run"]:
            for step in ("ours", "bare", "records"):
                vals = [times[step][i] for i in idx if i in times[step]]
                if not vals:
                    continue
                row[f"{step}_p50"].append(percentile(vals, 50))
                row[f"{step}_p95"].append(percentile(vals, 95))
            if nidx:
                row["naive_p50"].append(percentile([times["naive"][i] for i in nidx], 50))
                row["naive_p95"].append(percentile([times["naive"][i] for i in nidx], 95))
                row["ours_on_naive_p50"].append(percentile([times["ours"][i] for i in nidx], 50))
        s = {k: statistics.median(v) for k, v in row.items()}
        s["n"], s["naive_n"] = len(idx), len(nidx)
        s["ours_over_bare"] = s["ours_p50"] / s["bare_p50"]
        if "records_p50" in s:
            s["records_over_ours"] = s["records_p50"] / s["ours_p50"]
        if nidx:
            s["naive_over_ours"] = s["naive_p50"] / s["ours_on_naive_p50"]
        out[kind] = s
    return out


def web_rss(url: str, queries: list[dict], mode: str) -> dict:
    """Peak RSS of a fresh process that answers these queries the way the web process does."""
    proc = subprocess.run([sys.executable, __file__, "--web-child", "--database-url", url, "--via", mode],
                          input=json.dumps(queries), capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return {"error": proc.stderr[-2000:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def peak_rss_mb() -> float:
    """This process's peak resident set. VmHWM starts afresh at exec; getrusage's ru_maxrss
    does not (Linux carries it over from the parent that forked), so it is only the fallback."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def web_child(args):
    setup_django(args.database_url)
    queries = json.loads(sys.stdin.read())
    ours = Ours(args.via)
    try:
        import ledger.api.views  # noqa: F401 - what a web process has loaded before its first request
    except Exception:  # noqa: BLE001 - no API yet
        pass
    ready = peak_rss_mb()
    for q in queries:
        ours(q["slug"], q["question"], q["as_of"], q["confirm"])
    print(json.dumps({"rss_ready_mb": ready, "rss_peak_mb": peak_rss_mb()}))


def breakdown(shape: Shape, mode: str, question, slug: str, as_of: str, confirm: int, cprofile: bool) -> dict:
    """Where the time of one answer goes: SQL on the server (EXPLAIN ANALYZE of the queries the
    selector sends), the fold, as_dict, JSON, and the whole request."""
    from django.core.serializers.json import DjangoJSONEncoder
    from django.db import connection

    from ledger import selectors

    ours = Ours(mode)
    for _ in range(3):
        ours(slug, question.key, as_of, confirm)
    sent = []

    def spy(execute, sql, params, many, context):
        t = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            sent.append((sql, params, (time.perf_counter() - t) * 1000))

    fold_ms = [0.0]
    real_fold = selectors.fold
    try:  # the periods' reads fold in their own module (since it has one)
        from ledger import periods as periods_module
    except ImportError:
        periods_module = None

    def timed_fold(*a, **k):
        t = time.perf_counter()
        try:
            return real_fold(*a, **k)
        finally:
            fold_ms[0] += (time.perf_counter() - t) * 1000

    best = {}
    for _ in range(5):
        sent.clear()
        fold_ms[0] = 0.0
        selectors.fold = timed_fold
        if periods_module is not None:
            periods_module.fold = timed_fold
        try:
            with connection.execute_wrapper(spy):
                t0 = time.perf_counter()
                story = selectors.story_get(slug)
                positions = selectors.positions_find(story=story, as_of=date.fromisoformat(as_of),
                                                     question=question.key, confirm=confirm)
                t1 = time.perf_counter()
                data = positions.as_dict()
                t2 = time.perf_counter()
                body = json.dumps(data, cls=DjangoJSONEncoder)
                t3 = time.perf_counter()
        finally:
            selectors.fold = real_fold
            if periods_module is not None:
                periods_module.fold = real_fold
        t = time.perf_counter()
        ours(slug, question.key, as_of, confirm)
        whole = (time.perf_counter() - t) * 1000
        sample = {"selector_ms": (t1 - t0) * 1000, "fold_ms": fold_ms[0], "as_dict_ms": (t2 - t1) * 1000,
                  "json_ms": (t3 - t2) * 1000, "whole_ms": whole, "queries": len(sent),
                  "execute_ms": sum(ms for _, _, ms in sent), "bytes": len(body),
                  "actors": sum(len(qp.actors) for qp in positions.questions)}
        if not best or sample["whole_ms"] < best["whole_ms"]:
            best = sample
    # The server's own time for the main queries (the records', and the periods' when kept), and their plans.
    main = [q for q in sent if "FROM ledger_positionperiod" in q[0] or "FROM ledger_stancerecord r" in q[0]]
    plan, server = [], 0.0
    with connection.cursor() as cur:
        for sql, params, _ in main or [max(sent, key=lambda s: len(s[0]))]:
            cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
            lines = [line for (line,) in cur.fetchall()]
            plan += lines
            server += next((float(line.split(":")[1].split()[0]) for line in lines
                            if line.startswith("Execution Time")), 0.0)
        cur.execute("SELECT count(*) FROM ledger_stancerecord WHERE question_id = %s AND reported_on <= %s",
                    [question.id, as_of])
        rows = cur.fetchone()[0]
        cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + BARE_SQL, [question.id, as_of])
        bare_plan = [line for (line,) in cur.fetchall()]
    best.update({"rows": rows, "sql_server_ms": server, "plan": plan, "bare_plan": bare_plan,
                 "python_other_ms": best["selector_ms"] - best["fold_ms"] - (server or 0)})
    if cprofile:
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        for _ in range(3):
            ours(slug, question.key, as_of, confirm)
        prof.disable()
        stream = io.StringIO()
        pstats.Stats(prof, stream=stream).sort_stats("cumulative").print_stats(30)
        best["cprofile"] = stream.getvalue()
    return best


# --- printing --------------------------------------------------------------------------------


def mb(n):
    return f"{n / 2**20:,.1f} MB" if n < 2**30 else f"{n / 2**30:,.2f} GB"


def report_size(total, load_t, sizes, summary, rss, checks, mode):
    print(f"\n=== {total:,} records ===")
    print("load: " + ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v:,}" for k, v in load_t.items()))
    rec = sizes["ledger_stancerecord"]
    print(f"disk: records heap {mb(rec['heap'])}, indexes {mb(rec['indexes'])}, total {mb(rec['total'])}; "
          f"retractions total {mb(sizes['ledger_retraction']['total'])}; database {mb(sizes['database'])}")
    print("  indexes: " + ", ".join(f"{k} {mb(v)}" for k, v in rec["each"].items()))
    if "ledger_positionperiod" in sizes:
        per = sizes["ledger_positionperiod"]
        print(f"  derived periods: heap {mb(per['heap'])}, indexes {mb(per['indexes'])}, total {mb(per['total'])}")
    print(f"ours = {'API through django.test.Client' if mode == 'api' else 'positions_find + as_dict + JSON'}; "
          f"ms, median over runs of p50/p95")
    print(f"{'queries':<8}{'n':>5}{'ours p50':>10}{'p95':>9}{'bare p50':>10}{'p95':>9}{'ours/bare':>10}"
          f"{'naive n':>8}{'naive p50':>11}{'p95':>10}{'naive/ours':>11}")
    for kind, s in summary.items():
        naive_part = (f"{s['naive_n']:>8}{s['naive_p50']:>11.1f}{s['naive_p95']:>10.1f}{s['naive_over_ours']:>10.0f}x"
                      if s["naive_n"] else f"{0:>8}")
        print(f"{kind:<8}{s['n']:>5}{s['ours_p50']:>10.2f}{s['ours_p95']:>9.2f}{s['bare_p50']:>10.2f}"
              f"{s['bare_p95']:>9.2f}{s['ours_over_bare']:>9.1f}x{naive_part}")
    if "records_p50" in summary["all"]:
        print("ours folded from the records instead of read through the periods (same requests, round robin):")
        for kind, s in summary.items():
            print(f"{kind:<8}{s['n']:>5}  records p50 {s['records_p50']:.2f}  p95 {s['records_p95']:.2f}  "
                  f"records/ours {s['records_over_ours']:.1f}x")
    if "rss_peak_mb" in rss:
        print(f"web process: peak RSS {rss['rss_peak_mb']:.0f} MB after answering these queries "
              f"({rss['rss_ready_mb']:.0f} MB before the first)")
    else:
        print(f"web process: {rss}")
    print(f"checks: N=1 current positions equal the bare latest records in {checks['check_n1'][0] - checks['check_n1'][1]}"
          f"/{checks['check_n1'][0]}; ours equals naive in {checks['check_naive'][0] - checks['check_naive'][1]}"
          f"/{checks['check_naive'][0]}; through the periods equals from the records (byte for byte) in "
          f"{checks['check_records'][0] - checks['check_records'][1]}/{checks['check_records'][0]}")


def report_breakdown(label, b):
    print(f"\n--- where the time goes: {label} ({b['rows']:,} rows as of D, {b['actors']} actors, {b['bytes']:,} bytes) ---")
    print(f"whole answer {b['whole_ms']:.1f} ms; selector {b['selector_ms']:.1f} ms, of which fold "
          f"{b['fold_ms']:.1f} ms ({b['queries']} queries); as_dict {b['as_dict_ms']:.1f} ms; JSON {b['json_ms']:.1f} ms; "
          f"the main query on the server {b['sql_server_ms']:.1f} ms (EXPLAIN ANALYZE, a separate run), so "
          f"fetching, Row objects and grouping ~{b['python_other_ms']:.0f} ms")
    print("plans of the selector's main queries:")
    print("\n".join("    " + line for line in b["plan"]))
    print("plan of the bare query:")
    print("\n".join("    " + line for line in b["bare_plan"]))
    if "cprofile" in b:
        print(b["cprofile"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, nargs="+", default=[10_000, 1_000_000, 10_000_000])
    parser.add_argument("--database-url", default=DEFAULT_URL, help="a database whose name contains 'bench': "
                        "it is dropped and created again for each size")
    parser.add_argument("--queries", type=int, default=200, help="random queries per run (half on the probe)")
    parser.add_argument("--runs", type=int, default=3, help="passes over the queries; medians over passes")
    parser.add_argument("--naive", type=int, default=None,
                        help="queries also answered the naive way (default: all up to 100 k records, 20 up to 2 M, 6 above)")
    parser.add_argument("--via", choices=["auto", "api", "selector"], default="auto")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--after-load", action="append", default=[],
                        help="a manage.py command (with arguments) to run after loading, e.g. to build derived tables")
    parser.add_argument("--keep", action="store_true",
                        help="keep the bench database when it already holds exactly this many records "
                             "(migrations and --after-load still run); for the last size given")
    parser.add_argument("--cprofile", action="store_true", help="also print a cProfile of the largest answer")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--web-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.web_child:
        return web_child(args)

    database_name(args.database_url)
    setup_django(args.database_url)
    from django.core.management import call_command
    from django.db import connection

    figures = []
    for total in args.records:
        if total < PROBE_RECORDS * 2:
            raise SystemExit(f"--records must be at least {PROBE_RECORDS * 2}")
        t = time.perf_counter()
        if args.keep and loaded_records() == total:
            call_command("migrate", verbosity=0, interactive=False)
            shape = Shape(args.seed, create=False)
            load_t = {"kept": total}
            for command in args.after_load:
                started = time.perf_counter()
                name, *rest = command.split()
                call_command(name, *rest)
                load_t[f"after_load {command}"] = time.perf_counter() - started
            if args.after_load:
                with connection.cursor() as cur:
                    cur.execute("VACUUM (ANALYZE)")
        else:
            recreate_database(args.database_url)
            call_command("migrate", verbosity=0, interactive=False)
            shape = Shape(args.seed)
            load_t = load(shape, total, args.seed, args.after_load)
            load_t["load_total_s"] = time.perf_counter() - t
        mode = args.via
        if mode == "auto":
            mode = "api" if api_route_exists() else "selector"
        queries = make_queries(shape, args.queries, args.seed)
        sizes = disk_sizes()
        result = measure(shape, queries, mode, args.runs, naive_count(total, len(queries), args.naive))
        summary = summarize(result, queries)
        rss = web_rss(args.database_url, queries, mode)
        with connection.cursor() as cur:
            cur.execute("SELECT question_id FROM ledger_stancerecord GROUP BY 1 ORDER BY count(*) DESC LIMIT 1")
            biggest_id = cur.fetchone()[0]
        biggest = next((q for q in shape.questions if q.id == biggest_id), shape.probe)
        end = (START + timedelta(days=DAYS - 1)).isoformat()
        breakdowns = {
            "probe, last day, N=2": breakdown(shape, mode, shape.probe, "bench-00", end, 2, False),
            f"largest question ({biggest.key} of story {biggest.story_id - shape.stories[0].id}), last day, N=2":
                breakdown(shape, mode, biggest, f"bench-{biggest.story_id - shape.stories[0].id:02d}", end, 2,
                          args.cprofile and total == max(args.records)),
        }
        report_size(total, load_t, sizes, summary, rss, result, mode)
        for label, b in breakdowns.items():
            report_breakdown(label, b)
        figures.append({"records": total, "mode": mode, "load": load_t, "sizes": sizes, "summary": summary,
                        "web": rss, "checks": {"n1": result["check_n1"], "naive": result["check_naive"],
                                                               "records": result["check_records"]},
                        "breakdown": {k: {kk: vv for kk, vv in v.items() if kk != "cprofile"}
                                      for k, v in breakdowns.items()}})
        sys.stdout.flush()

    print("\n=== probe question (2,000 records, 40 actors) by total size; ms ===")
    print(f"{'records':>12}{'ours p50':>10}{'p95':>9}{'bare p50':>10}{'p95':>9}{'ours/bare':>10}{'naive p50':>11}"
          f"{'naive/ours':>11}{'vs first':>9}{'web RSS':>10}{'table+idx':>12}")
    first = figures[0]["summary"]["probe"]["ours_p50"]
    for f in figures:
        s = f["summary"]["probe"]
        naive_part = f"{s['naive_p50']:>11.1f}{s['naive_over_ours']:>10.0f}x" if s["naive_n"] else f"{'-':>11}{'-':>11}"
        print(f"{f['records']:>12,}{s['ours_p50']:>10.2f}{s['ours_p95']:>9.2f}{s['bare_p50']:>10.2f}{s['bare_p95']:>9.2f}"
              f"{s['ours_over_bare']:>9.1f}x{naive_part}{s['ours_p50'] / first:>8.2f}x"
              f"{f['web'].get('rss_peak_mb', float('nan')):>7.0f} MB{mb(f['sizes']['ledger_stancerecord']['total']):>12}")
    last = figures[-1]["summary"]
    print("\ngoals (issue 6), at the largest size measured:")
    print(f"  probe p50 <= 20 ms: {last['probe']['ours_p50']:.1f} ms")
    print(f"  within 2x of bare: probe {last['probe']['ours_over_bare']:.1f}x, random {last['random']['ours_over_bare']:.1f}x")
    print(f"  flat within 30 %: probe p50 {last['probe']['ours_p50'] / first:.2f}x the smallest size's")
    for f in figures:
        if f["records"] == 1_000_000 and f["summary"]["all"]["naive_n"]:
            print(f"  >= 100x naive at 1 M: {f['summary']['all']['naive_over_ours']:.0f}x")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1, default=str))


if __name__ == "__main__":
    main()

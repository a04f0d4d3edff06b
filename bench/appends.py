#!/usr/bin/env python
"""What keeping the derived periods costs an append.

Two copies of the demo story's configuration in a fresh database (name containing "bench",
dropped and created again): in one the periods follow every append (as after a bundle load),
in the other they are left behind (no periods head: an append writes records only, as before
the periods existed). Batches of records (random actor, question and outlet; each actor holds
a position that changes now and then, with some misreports; days moving forwards with some
reported late) are appended to the two alternately, through
`ledger.services.records_append`, and each batch's time is taken. Prints the medians per
batch, their ratio, how often an append left the periods behind for a catch-up (past
LEDGER_PERIODS_SYNC_ROWS), and what one catch-up then takes.

    DEBUG=1 .venv/bin/python bench/appends.py --batches 200 --batch-size 250
"""
import argparse
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from positions import database_name, recreate_database, setup_django

ROOT = Path(__file__).resolve().parent.parent
CANOPY = ROOT / "fixtures" / "canopy" / "story.toml"


def load(slug: str, folder: Path):
    from ledger.bundle import story_load

    toml = re.sub(r'^slug\s*=\s*"canopy"', f'slug = "{slug}"', CANOPY.read_text(encoding="utf-8"), count=1,
                  flags=re.MULTILINE)
    (folder / slug).mkdir()
    (folder / slug / "story.toml").write_text(toml, encoding="utf-8")
    story = story_load(folder / slug)[0]
    assert story.slug == slug, story.slug
    return story


STANCES = ("affirm", "deny", "partial")


def batch_of(index, held: dict, rng: random.Random, day0, n: int, late: float) -> list[tuple]:
    """Random records as keys, (actor, question, position, value, day, outlet), in the shape of
    bench/positions.py: each actor holds a position on each question and changes it now and
    then (4 % of its records); 5 % of records misreport it."""
    questions = sorted(index.questions.values(), key=lambda q: q.key)
    actors, outlets = sorted(index.actors), sorted(index.outlets)
    out = []
    for _ in range(n):
        question, actor = rng.choice(questions), rng.choice(actors)
        number = question.is_number
        choices = [1000.0, 5000.0, 20000.0] if number else STANCES
        key = (actor, question.key)
        if key not in held or rng.random() < 0.04:
            held[key] = rng.choice(choices)
        said = rng.choice(choices) if rng.random() < 0.05 else held[key]
        day = day0 - timedelta(days=rng.randint(1, 20)) if rng.random() < late else day0
        out.append((actor, question.key, "number" if number else said, said if number else None, day,
                    rng.choice(outlets)))
    return out


def drafts_for(index, batch) -> list:
    from ledger.services import RecordDraft

    return [RecordDraft(actor=index.actors[a], question=index.questions[q], position=p, value=v, reported_on=d,
                        outlet=index.outlets[o], extractor="bench/1") for a, q, p, v, d, o in batch]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ledger_bench_appends")
    parser.add_argument("--batches", type=int, default=200, help="batches appended to each story")
    parser.add_argument("--batch-size", type=int, default=250)
    parser.add_argument("--late", type=float, default=0.05, help="share of records reported up to 20 days late")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    database_name(args.database_url)
    setup_django(args.database_url)
    recreate_database(args.database_url)
    from django.core.management import call_command
    from django.db import connection

    from ledger.models import PeriodsHead, StanceRecord
    from ledger import periods
    from ledger.periods import periods_catch_up
    from ledger.plumbing import story_cast
    from ledger.selectors import ledger_mark
    from ledger.services import records_append

    call_command("migrate", verbosity=0, interactive=False)
    folder = Path(tempfile.mkdtemp())
    kept, behind = load("kept", folder), load("behind", folder)
    PeriodsHead.objects.filter(story=behind).delete()  # no periods to follow: records only
    # An append that leaves periods behind asks a worker to catch up once it commits; no
    # worker here, and nothing sent to a broker: this process catches up itself, timed.
    periods.periods_catch_up_soon = lambda story_id: None
    indexes = {"kept": story_cast(kept), "behind": story_cast(behind)}
    rng = random.Random(args.seed)
    held = {}
    times = {"kept": [], "behind": []}
    fell_behind = 0
    catch_ups = []
    for i in range(args.batches):
        day0 = kept.start + timedelta(days=min(i // 4, (kept.end - kept.start).days))
        batch = batch_of(indexes["kept"], held, rng, day0, args.batch_size, args.late)
        order = [("kept", kept), ("behind", behind)][:: 1 if i % 2 == 0 else -1]  # who goes first alternates
        for name, story in order:
            drafts = drafts_for(indexes[name], batch)
            started = time.perf_counter()
            records_append(story=story, drafts=drafts)
            times[name].append((time.perf_counter() - started) * 1000)
        if not ledger_mark(kept).periods_confirms:  # the append left them behind: a worker would catch up
            fell_behind += 1
            started = time.perf_counter()
            periods_catch_up(kept)
            catch_ups.append((time.perf_counter() - started) * 1000)
    with connection.cursor() as cur:
        cur.execute("SELECT pg_total_relation_size('ledger_positionperiod')")
        periods_size = cur.fetchone()[0]
    total = StanceRecord.objects.filter(story=kept).count()
    k, b = statistics.median(times["kept"]), statistics.median(times["behind"])
    print(f"{args.batches} batches of {args.batch_size} records a story ({total:,} records each, "
          f"{args.late:.0%} reported late), ms per batch:")
    print(f"  periods kept by the append   p50 {k:7.1f}   p95 {sorted(times['kept'])[int(0.95 * len(times['kept']))]:7.1f}")
    print(f"  records only (periods off)   p50 {b:7.1f}   p95 {sorted(times['behind'])[int(0.95 * len(times['behind']))]:7.1f}")
    print(f"  kept / off: {k / b:.2f}x; appends that left the periods behind: {fell_behind}"
          + (f", catch-up p50 {statistics.median(catch_ups):.1f} ms" if catch_ups else ""))
    print(f"  derived table: {periods_size / 2**20:.1f} MB")
    connection.close()
    recreate_database(args.database_url)  # leave an empty database behind, not gigabytes
    return 0


if __name__ == "__main__":
    sys.exit(main())

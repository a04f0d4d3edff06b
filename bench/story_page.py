#!/usr/bin/env python
"""The viewer's story page at scale: server time of GET /stories/SLUG/?topic=&as_of=&confirm=
through django.test.Client (every middleware, the template, the chart shells), on a ledger
that bench/positions.py loaded and kept.

    DEBUG=1 .venv/bin/python bench/positions.py --records 1000000 --database-url postgres://postgres@127.0.0.1:5432/ledger_bench_small
    DEBUG=1 .venv/bin/python bench/story_page.py --database-url postgres://postgres@127.0.0.1:5432/ledger_bench_small

It picks the probe story (the story of the probe question) and random other stories, a
random day and N in 1..3 for each request, and prints medians and p95 per kind of story,
with the total number of records in the ledger.
"""
import argparse
import random
import statistics
import time

from positions import percentile, setup_django


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/ledger_bench_small")
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    setup_django(args.database_url)

    from django.test import Client

    from ledger.models import Question, StanceRecord, Story

    rng = random.Random(args.seed)
    total = StanceRecord.objects.count()
    probe = Question.objects.select_related("story", "topic").get(key="probe")
    stories = list(Story.objects.exclude(id=probe.story_id).prefetch_related("topics"))
    client = Client()
    times = {"probe story": [], "other stories": []}
    for i in range(args.requests):
        kind = "probe story" if i % 2 == 0 else "other stories"
        story = probe.story if kind == "probe story" else rng.choice(stories)
        topic = probe.topic if kind == "probe story" else rng.choice(list(story.topics.all()))
        day = story.start + (story.end - story.start) * rng.random()
        params = {"topic": topic.key, "as_of": day.isoformat(), "confirm": rng.randint(1, 3)}
        started = time.perf_counter()
        response = client.get(f"/stories/{story.slug}/", params)
        elapsed = (time.perf_counter() - started) * 1000
        assert response.status_code == 200, (response.status_code, response.content[:300])
        if i >= 4:  # the first requests warm the process
            times[kind].append(elapsed)
    print(f"story page, {total:,} records in the ledger; ms")
    for kind, values in times.items():
        print(f"  {kind:14} n={len(values):3}  p50 {statistics.median(values):8.1f}  p95 {percentile(values, 95):8.1f}")


if __name__ == "__main__":
    main()

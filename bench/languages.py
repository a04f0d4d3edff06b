#!/usr/bin/env python
"""The Serbian demo next to the English one, and the Serbian one in each script.

Builds a fresh database (its name must contain "bench"), loads the English demo
(fixtures/canopy), the Serbian demo as it is (fixtures/canopy-sr: RTS and Politika in
Cyrillic, Nova and Informer in Latin without diacritics, the rest in Latin with diacritics)
and the Serbian demo printed wholly in one script (`build_articles.py --script cyrillic |
latin | ascii`, each under a slug of its own), ingests each with the offline extractor (the
extraction runs in this process: Celery in eager mode) and prints:

1. `evaluate` (current accuracy, change recall, change precision) at N = 1 and N = 2 for
   each, and the largest gap between a Serbian row and the English one;
2. in the mixed Serbian bundle, per script of the outlet that printed it: the key
   statements first reported in that script and how many of them the ledger holds from
   that very article (recall), and the records from that script's articles that agree with
   the key (the latest key statement of that actor on that question dated on or before the
   record's day states the same position; precision).

    DEBUG=1 .venv/bin/python bench/languages.py [--extractor rules/1] [--db postgres://.../ledger_bench_languages]
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from datetime import date
from pathlib import Path

from positions import recreate_database, setup_django

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SCRIPT_OF_OUTLET = {"rts": "cyrillic", "politika": "cyrillic", "nova": "ascii", "informer": "ascii"}
METRICS = ("current_accuracy", "change_recall", "change_precision")


def bundle(folder: Path, source: str, slug: str, script: str | None = None) -> Path:
    """A copy of fixtures/<source> under `slug`, its articles printed in `script` if given."""
    target = folder / slug
    target.mkdir()
    toml = (FIXTURES / source / "story.toml").read_text(encoding="utf-8")
    toml = re.sub(r'^slug\s*=\s*"[^"]+"', f'slug = "{slug}"', toml, count=1, flags=re.MULTILINE)
    (target / "story.toml").write_text(toml, encoding="utf-8")
    if script:
        subprocess.run([sys.executable, str(FIXTURES / source / "build_articles.py"), "--script", script,
                        "--out", str(target)], check=True, capture_output=True)
    else:
        for name in ("articles.jsonl", "answer_key.jsonl"):
            (target / name).write_bytes((FIXTURES / source / name).read_bytes())
    return target


def ingest(path: Path, extractor: str):
    from ingest.services import ingest_file
    from ledger.bundle import story_load

    story, _ = story_load(path)
    run = ingest_file(story=story, path=path / "articles.jsonl", extractor=extractor)
    run.refresh_from_db()
    return story, run


def scores(story) -> dict[int, dict]:
    from ledger.evaluation import evaluate

    return {n: evaluate(story=story, confirm=n)["overall"] for n in (1, 2)}


def per_script(story, key_path: Path) -> dict[str, dict]:
    from ledger.models import StanceRecord

    key = [json.loads(line) for line in key_path.read_text(encoding="utf-8").splitlines()]
    by_actor_question = defaultdict(list)
    for k in key:
        by_actor_question[(k["actor"], k["question"])].append(k)
    records = list(StanceRecord.objects.filter(question__story=story).values_list(
        "actor__key", "question__key", "position", "value", "reported_on", "outlet__key", "excerpt__article__url"))
    out = defaultdict(lambda: {"key": 0, "found": 0, "records": 0, "agree": 0})
    for k in key:
        outlet = next(r[5] for r in records if r[6] == k["url"]) if any(r[6] == k["url"] for r in records) else None
        script = SCRIPT_OF_OUTLET.get(outlet or _outlet_of(story, k["url"]), "latin")
        out[script]["key"] += 1
        out[script]["found"] += any(r[6] == k["url"] and (r[0], r[1], r[2]) == (k["actor"], k["question"], k["position"])
                                    and (k["position"] != "number" or abs(r[3] - k["value"]) <= 0.01 * k["value"])
                                    for r in records)
    for actor, question, position, value, day, outlet, _url in records:
        script = SCRIPT_OF_OUTLET.get(outlet, "latin")
        known = [k for k in by_actor_question[(actor, question)] if date.fromisoformat(k["date"]) <= day]
        expected = max(known, key=lambda k: k["date"]) if known else None
        agree = bool(expected) and expected["position"] == position and (
            position != "number" or abs(value - expected["value"]) <= 0.01 * expected["value"])
        out[script]["records"] += 1
        out[script]["agree"] += agree
    return dict(out)


def _outlet_of(story, url: str) -> str:
    from ledger.models import Article

    return Article.objects.filter(story=story, url=url).values_list("outlet__key", flat=True).first() or ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="postgres://postgres@127.0.0.1:5432/ledger_bench_languages")
    parser.add_argument("--extractor", default="rules", help="rules (the default offline extractor), rules/1, rules/2")
    args = parser.parse_args()
    setup_django(args.db)
    recreate_database(args.db)
    from django.core.management import call_command

    from ledger_site.celery import app

    app.conf.task_always_eager = True  # extraction in this process: no broker, no worker
    call_command("migrate", verbosity=0)
    from ingest.extractors import extractor_get

    print(f"extractor: {extractor_get(args.extractor).name}\n")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        variants = [("English (canopy)", "canopy", "canopy", None), ("Serbian, as published", "canopy-sr", "canopy-sr", None),
                    ("Serbian, all Cyrillic", "canopy-sr", "sr-cyrillic", "cyrillic"),
                    ("Serbian, all Latin", "canopy-sr", "sr-latin", "latin"),
                    ("Serbian, all Latin without diacritics", "canopy-sr", "sr-ascii", "ascii")]
        for label, source, slug, script in variants:
            path = bundle(folder, source, slug, script)
            story, run = ingest(path, args.extractor)
            rows[label] = (run, scores(story))
            if slug == "canopy-sr":
                mixed, mixed_key = story, path / "answer_key.jsonl"
                breakdown = per_script(mixed, mixed_key)
    header = f"{'bundle':40} {'excerpts':>8} {'records':>8}  " + "  ".join(
        f"{m.replace('_', ' ')} N={n}".rjust(20) for n in (1, 2) for m in METRICS)
    print(header)
    english = rows["English (canopy)"][1]
    gap = 0.0
    for label, (run, result) in rows.items():
        print(f"{label:40} {run.excerpts:>8} {run.records:>8}  " + "  ".join(
            f"{result[n][m]:>20.4f}" for n in (1, 2) for m in METRICS))
        gap = max([gap] + [abs(result[n][m] - english[n][m]) for n in (1, 2) for m in METRICS])
    print(f"\nlargest gap between a Serbian row and the English one: {gap:.4f}\n")
    print("Serbian as published, per script of the outlet that printed it:")
    print(f"{'script':10} {'key statements first printed':>30} {'held from that article':>24} {'records':>8} {'agree with key':>15}")
    for script in ("cyrillic", "latin", "ascii"):
        b = breakdown.get(script, {"key": 0, "found": 0, "records": 0, "agree": 0})
        recall = b["found"] / b["key"] if b["key"] else float("nan")
        precision = b["agree"] / b["records"] if b["records"] else float("nan")
        print(f"{script:10} {b['key']:>30} {b['found']:>17} ({recall:.3f}) {b['records']:>8} {b['agree']:>7} ({precision:.3f})")


if __name__ == "__main__":
    main()

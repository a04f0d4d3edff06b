"""What LLM extraction costs per 1,000 excerpts, by group size (excerpts per request).

    DEBUG=1 .venv/bin/python bench/llm_estimate.py                       # the demo story
    DEBUG=1 .venv/bin/python bench/llm_estimate.py path/to/bundle --sizes 1,10,40 --direct

For each group size it runs the estimate `ingest SLUG FILE --extractor llm --estimate` prints
(the same code: excerpts cut and capped as ingest would, grouped as the extractor groups them,
priced from `LLM_PRICES`) on the bundle's articles.jsonl, and prints the upper bound (every
excerpt passes the filter, no cache) and the figure with the story prefix read from the
cache, per 1,000 excerpts, with each stage's requests and tokens. The bundle is loaded inside
a transaction that is rolled back: the database (DATABASE_URL, or the embedded one) keeps
nothing. Like `ingest --estimate`, it prices only articles the database does not hold yet:
run it on a database where the bundle was not ingested (it says so when nothing is left).
Nothing is sent to any model; no key is needed.
"""
import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger_site.settings")


class _Rollback(Exception):
    pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", nargs="?", default=str(ROOT / "fixtures" / "canopy"))
    parser.add_argument("--sizes", default="1,5,10,20,40", help="group sizes, comma-separated")
    parser.add_argument("--direct", action="store_true", help="direct calls (no batch discount)")
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import transaction

    from ingest.llm.config import llm_config
    from ingest.llm.estimate import estimate_file
    from ledger.bundle import story_load

    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    try:
        with transaction.atomic():
            story, _ = story_load(Path(args.bundle))
            for size in sizes:
                config = llm_config().with_(group_size=size, batch=not args.direct)
                rows.append((size, estimate_file(story, Path(args.bundle) / "articles.jsonl", config)))
            raise _Rollback
    except _Rollback:
        pass
    first = rows[0][1]
    if not first.excerpts:
        sys.exit(f"{story.slug}: every article of the file is in this database already: nothing to estimate "
                 "(use a database where the bundle was not ingested)")
    filt, ext = first.stages
    print(f"{story.slug}: {first.excerpts} excerpts; {filt.model} filters, {ext.model} extracts; "
          f"{'batches (half price)' if first.batch else 'direct calls'}; story prefix {filt.prefix_tokens} / "
          f"{ext.prefix_tokens} tokens (filter / extract)")
    print()
    print("| excerpts per request | requests (filter + extract) | tokens in | tokens out | usd_upper per 1,000 | usd_cached per 1,000 |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size, est in rows:
        requests = " + ".join(str(s.requests) for s in est.stages)
        print(f"| {size} | {requests} | {est.tokens_in:,} | {est.tokens_out:,} | "
              f"${est.per_thousand(est.cost_usd)} | ${est.per_thousand(est.cached_usd)} |")


if __name__ == "__main__":
    main()

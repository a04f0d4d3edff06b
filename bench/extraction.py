"""Extraction benchmark: how right the offline extractors are, on stories with a key.

    .venv/bin/python bench/extraction.py                          # the demo story and fixtures/dev/*
    .venv/bin/python bench/extraction.py fixtures/dev/river-spill --extractors rules/2
    .venv/bin/python bench/extraction.py ... --json scores.json   # every figure, for a diff

For each story bundle and each extractor (rules/1 and rules/2 by default) it loads the bundle
under a slug of its own (`<slug>--rules-2`) into a fresh database on the configured
PostgreSQL server (DATABASE_URL, or the embedded one), ingests the bundle's articles.jsonl
(extraction run in this process: no worker needed; Redis must answer at REDIS_URL), and
prints:

- per story and extractor: records written, record precision and recall against the
  bundle's statements.jsonl (fixtures/dev/README.md; a bundle without one shows "-"),
  and `evaluate` against its answer key at N = 1 and N = 2 (current accuracy, change recall,
  change precision, false changes);
- per class of the annotations (speaker-clause, pronoun-role, ...): precision and recall of
  each extractor over all the stories together;
- per story, where each statement the last extractor missed was lost, on the way from
  article to record (`_stage`): no excerpt held its sentence (no topic keyword), a step cap
  held the excerpt back, no cue of its question matches the sentence as written, the excerpt
  gave no record, or a record of another actor, question or position;
- with -v, the wrong and the missed records of rules/2, each miss with its stage;
- with --critical, for the last extractor: change recall at N = 2 of the annotated statements
  it found, and what each statement it missed would add alone: the misses that cost a flip,
  to read first.

`--extractors statements` (or `rules/2,statements`) adds the ceiling: every statement of
statements.jsonl appended as a record, what a reader who missed nothing would write. Its
`evaluate` row says how much of the key a story's reporting lets any extractor find: at
N = 2 a change whose second independent report comes more than a day later (or never) is
not confirmed by the key's next dated question, however well the sentences are read.

`--steps default` loads each story without its `[steps]` table, so the contract's default
caps apply (5 excerpts per outlet per topic per step, 40 per topic), as for a user who does
not set them; `--steps none` sets both caps to 0.

The database is dropped at the end (--keep keeps it).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger_site.settings")
os.environ.setdefault("DEBUG", "1")


def default_stories() -> list[Path]:
    return [ROOT / "fixtures" / "canopy"] + sorted(p for p in (ROOT / "fixtures" / "dev").iterdir()
                                                   if (p / "story.toml").exists())


def _outer(args) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from ingest import admin, database_url, server_params  # bench/ingest.py's helpers

    params = server_params()
    name = f"stance_extraction_{os.getpid()}"
    admin(params, f"DROP DATABASE IF EXISTS {name}")
    admin(params, f"CREATE DATABASE {name}")
    env = {**os.environ, "DATABASE_URL": database_url(params, name), "LEDGER_REDIS_CACHE": "0"}
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        code = subprocess.run([sys.executable, __file__, "--inner", *sys.argv[1:]], cwd=ROOT, env=env).returncode
    finally:
        if not args.keep:
            admin(params, f"DROP DATABASE IF EXISTS {name}")
    sys.exit(code)


def _bundle_copy(folder: Path, extractor: str, into: Path, steps: str = "as-written") -> tuple[Path, str]:
    """The bundle with its slug made unique to the extractor (each run is its own story), and
    its `[steps]` table as written, left out (`default`) or with both caps 0 (`none`)."""
    config = tomllib.loads((folder / "story.toml").read_text(encoding="utf-8"))
    slug = f"{config['slug']}--{extractor.replace('/', '-')}"
    target = into / slug
    target.mkdir()
    text = (folder / "story.toml").read_text(encoding="utf-8")
    lines, in_steps = [], False
    for line in text.splitlines():
        if line.strip().startswith("["):
            in_steps = line.strip() == "[steps]"
            if in_steps and steps != "as-written":
                continue
        if in_steps and steps != "as-written":
            continue  # the table's own lines; a story's tables never nest under [steps]
        lines.append(f'slug = "{slug}"' if line.split("=")[0].strip() == "slug" else line)
    if steps == "none":
        at = next((i for i, line in enumerate(lines) if line.strip().startswith("[")), len(lines))
        lines[at:at] = ["[steps]", "per_topic_cap = 0", "per_outlet_cap = 0", ""]
    (target / "story.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if (folder / "answer_key.jsonl").exists():
        shutil.copy(folder / "answer_key.jsonl", target / "answer_key.jsonl")
    return target, slug


def _inner(args) -> None:
    import django

    django.setup()
    from ledger_site.celery import app

    app.conf.task_always_eager = True  # extraction in this process, batch by batch, as a worker would
    from ingest.extractors.annotations import annotations_read, records_score, story_records
    from ingest.services import ingest_file
    from ledger.bundle import story_load
    from ledger.evaluation import evaluate

    stories = [Path(s).resolve() for s in args.stories] or default_stories()
    extractors = args.extractors.split(",")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for folder in stories:
            annotations = annotations_read(folder)
            for extractor in extractors:
                if extractor == "statements" and not annotations:
                    continue  # no statements.jsonl: no ceiling to show
                bundle, slug = _bundle_copy(folder, extractor, Path(tmp), args.steps)
                story, _ = story_load(bundle)
                if extractor == "statements":
                    _statements_append(story, folder)
                else:
                    ingest_file(story=story, path=folder / "articles.jsonl", extractor=extractor,
                                rejects_path=Path(tmp) / f"{slug}.rejects.jsonl")
                records = story_records(story)
                score = records_score(records, annotations) if annotations else None
                row = {"story": folder.name, "extractor": extractor, "records": len(records),
                       "record_score": score.as_dict() if score else None,
                       "evaluate": {n: evaluate(story=story, confirm=n)["overall"] for n in (1, 2)}}
                results.append(row)
                if score and extractor == extractors[-1]:
                    stages = _stages(story, folder, score.missed)
                    row["missed_stages"] = dict(Counter(stages.values()))
                if args.critical and score and extractor == extractors[-1]:
                    _critical(folder, Path(tmp), score.missed)
                if args.verbose and score and extractor == extractors[-1]:
                    print(f"\n{folder.name} {extractor}: wrong records")
                    for w in score.wrong:
                        print(f"  {w[1]} {w[2]} {w[3]} {w[4] if w[4] is not None else ''} | {w[0][:140]}")
                    print(f"{folder.name} {extractor}: missed statements")
                    for i, a in enumerate(score.missed):
                        print(f"  {stages[i]:12} {a.actor} {a.question} {a.position} {a.value or ''} {a.classes}"
                              f" | {a.quote[:120]}")
    _print(results, extractors)
    _print_stages(results)
    _print_cue_reach([f for f in stories if (f / "statements.jsonl").exists()])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str))


def _statements(folder: Path) -> list[dict]:
    return [s for s in map(json.loads, (folder / "statements.jsonl").read_text(encoding="utf-8").splitlines())
            if "actor" in s and not s.get("no_record")]


def _statements_append(story, folder: Path, statements: list[dict] | None = None) -> None:
    """The ceiling: each annotated statement appended as an answer-key-shaped line (its
    article's outlet and day come from the URL, as for any key line)."""
    from ledger.record_lines import records_import

    fields = ("actor", "question", "position", "value", "value_high", "date", "url", "quote", "via")
    lines = [json.dumps({k: s[k] for k in fields if s.get(k) is not None}).encode()
             for s in (_statements(folder) if statements is None else statements)]
    result = records_import(story=story, lines=lines, source_name="statements.jsonl")
    if result.rejects:
        raise SystemExit(f"{folder.name}: statements.jsonl lines rejected: {result.rejects[:3]}")


STAGES = ("no-excerpt", "capped", "no-cue", "no-record", "other-actor", "other-answer", "other-question")


def _stages(story, folder: Path, missed) -> dict[int, str]:
    """Where each missed statement was lost, by its index in `missed`: the first step from
    article to record that it did not pass (STAGES, in that order)."""
    from ingest.extractors.annotations import _norm
    from ledger.models import Excerpt

    excerpts = defaultdict(list)  # an article's URL (a wire copy's too): its excerpts
    for e in Excerpt.objects.filter(story=story).select_related("article").prefetch_related("copies", "records__actor",
                                                                                           "records__question"):
        for url in [e.article.url, *(c.url for c in e.copies.all())]:
            excerpts[url].append(e)
    cues = _stance_cues(folder)
    out = {}
    for i, a in enumerate(missed):
        held = [e for e in excerpts.get(a.url, []) if a.quote in _norm(e.text) or _norm(e.sentence) in a.quote]
        if not held:
            out[i] = "no-excerpt"
            continue
        if all(e.capped for e in held):
            out[i] = "capped"
            continue
        records = [r for e in held if not e.capped for r in e.records.all()]
        if any(r.actor.key != a.actor and r.question.key == a.question for r in records):
            out[i] = "other-actor"
        elif any(r.question.key == a.question for r in records):
            out[i] = "other-answer"
        elif a.question in cues and not _reached(cues[a.question], a.quote):
            out[i] = "no-cue"
        else:
            out[i] = "other-question" if records else "no-record"
    return out


def _print_stages(results) -> None:
    rows = [r for r in results if "missed_stages" in r]
    if not rows:
        return
    print("\nWhere the last extractor's misses were lost (statements; `no-cue`: a stance statement no cue of its"
          " question matches as written)")
    print(f"{'story':18} " + " ".join(f"{s:>14}" for s in STAGES))
    for r in rows:
        print(f"{r['story']:18} " + " ".join(f"{r['missed_stages'].get(s, 0):14d}" for s in STAGES))


def _critical(folder: Path, into: Path, missed) -> None:
    """Each statement the extractor missed, added alone to the ones it found: the change recall
    at N = 2 it would bring. The misses that cost a flip, to read first."""
    from ingest.extractors.annotations import _norm
    from ledger.bundle import story_load
    from ledger.evaluation import evaluate

    def recall(statements, name):
        story, _ = story_load(_bundle_copy(folder, name, into)[0])
        _statements_append(story, folder, statements)
        return evaluate(story=story, confirm=2)["overall"].get("change_recall") or 0.0

    lost = {(a.url, a.quote, a.actor, a.question, a.position) for a in missed}
    statements = _statements(folder)
    is_missed = [(s["url"], _norm(s["quote"]), s["actor"], s["question"], s["position"]) in lost for s in statements]
    found = [s for s, m in zip(statements, is_missed) if not m]
    base = recall(found, "critical-found")
    print(f"\n{folder.name}: change recall at N = 2 of the statements found {base:.2f}, of all {recall(statements, 'critical-all'):.2f};"
          " what each miss alone would add:")
    for i, s in enumerate(statements):
        if is_missed[i]:
            gain = recall(found + [s], f"critical-{i}") - base
            if gain > 1e-9:
                print(f"  +{gain:.3f} {s['actor']} {s['question']} {s['position']} {s.get('value', '')} "
                      f"{s['date']} {s['classes']} | {s['quote'][:100]}")


def _f(x) -> str:
    return "   -" if x is None else f"{x:.2f}"


def _print(results, extractors) -> None:
    print("\nPer story (record precision / recall against statements.jsonl; evaluate against the key)")
    head = f"{'story':18} {'extractor':9} {'records':>7} {'prec':>5} {'recall':>6}"
    for n in (1, 2):
        head += f" | N={n} {'current':>7} {'ch.rec':>6} {'ch.prec':>7} {'false':>5}"
    print(head)
    for r in results:
        s = r["record_score"]["overall"] if r["record_score"] else {}
        line = f"{r['story']:18} {r['extractor']:9} {r['records']:7d} {_f(s.get('precision')):>5} {_f(s.get('recall')):>6}"
        for n in (1, 2):
            e = r["evaluate"][n]
            line += (f" |     {_f(e.get('current_accuracy')):>7} {_f(e.get('change_recall')):>6}"
                     f" {_f(e.get('change_precision')):>7} {e.get('false_changes', 0):5d}")
        print(line)
    classes = sorted({c for r in results if r["record_score"] for c in r["record_score"]["per_class"]})
    if not classes:
        return
    print("\nPer class, all annotated stories together (precision: right / records on sentences of the class;"
          " recall: found / statements of the class)")
    head = f"{'class':15} {'statements':>10}"
    for x in extractors:
        head += f" | {x:>7} {'prec':>5} {'recall':>6}"
    print(head)
    for c in classes:
        line = f"{c:15}"
        statements = 0
        cells = ""
        for x in extractors:
            rec = right = found = st = 0
            for r in results:
                if r["extractor"] == x and r["record_score"]:
                    d = r["record_score"]["per_class"].get(c)
                    if d:
                        rec, right, found, st = rec + d["records"], right + d["right"], found + d["found"], st + d["statements"]
            statements = max(statements, st)
            cells += f" | {rec:7d} {_f(right / rec if rec else None):>5} {_f(found / st if st else None):>6}"
        print(line + f" {statements:10d}" + cells)


def _stance_cues(folder: Path) -> dict[str, "re.Pattern | None"]:
    """Each stance question's cues as one pattern, as written (ledger.diagnosis.cues_as_written,
    which the evaluation's `no_cue` reason reads too); None for a question with none."""
    from ledger.diagnosis import cues_as_written

    config = tomllib.loads((folder / "story.toml").read_text(encoding="utf-8"))
    return {q["id"]: cues_as_written([p for side in ("affirm", "deny", "partial") for p in q.get(side, [])])
            for q in config["questions"] if q.get("kind", "stance") == "stance"}


def cue_reach(folder: Path) -> tuple[int, int]:
    """(stance statements, those a cue of their question matches as written): what the story's
    cues can find at all, however well speakers are read. As written means Python's `re`
    without case, not the language pack's folds and word forms, so it is a floor."""
    cues = _stance_cues(folder)
    stance = [s for s in _statements(folder) if s["question"] in cues]
    return len(stance), sum(_reached(cues[s["question"]], s["quote"]) for s in stance)


def _reached(cues: "re.Pattern | None", quote: str) -> bool:
    return bool(cues and cues.search(quote))


def _print_cue_reach(folders: list[Path]) -> None:
    if not folders:
        return
    print("\nCues (stance statements a cue of their question matches as written)")
    for folder in folders:
        total, matched = cue_reach(folder)
        print(f"{folder.name:18} {matched:3d} of {total:3d}  {_f(matched / total if total else None)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stories", nargs="*", help="bundle folders (default: fixtures/canopy and fixtures/dev/*)")
    parser.add_argument("--extractors", default="rules/1,rules/2")
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark database")
    parser.add_argument("-v", "--verbose", action="store_true", help="list rules/2's wrong and missed records")
    parser.add_argument("--critical", action="store_true",
                        help="what each of the last extractor's misses costs in change recall at N = 2")
    parser.add_argument("--steps", choices=("as-written", "default", "none"), default="as-written",
                        help="each story's [steps] caps: as written, the contract's defaults, or none (both 0)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    (_inner if args.inner else _outer)(args)


if __name__ == "__main__":
    main()

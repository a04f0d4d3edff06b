"""Ingest benchmark: a synthetic corpus from file to ledger, with 1 and 2 worker processes.

    .venv/bin/python bench/ingest.py                 # 10,000 articles
    .venv/bin/python bench/ingest.py --articles 100000
    .venv/bin/python bench/ingest.py --repeat 3      # three runs each: medians
    .venv/bin/python bench/ingest.py --cut-sweep     # cutting one long paragraph, by size
    .venv/bin/python bench/ingest.py --repeat 3 --workers 1 --compare ../base   # against other code

--cut-sweep times cutting excerpts out of an article of one paragraph (the synthetic
corpus's sentences run together) at 23 KB, 184 KB, 1.5 MB and 5 MB, in this process, and
prints seconds per MB: flat when cutting is linear in the article's size. It needs no
database or broker.

For each worker count it makes a fresh database on the configured PostgreSQL server
(DATABASE_URL, or the embedded one), migrates it, loads the test story with its caps off,
starts `celery -A ledger_site worker --concurrency=K`, and times `manage.py ingest ...
--wait`: from reading the file to the last record in the ledger. It prints excerpts per
second end to end, and the peak resident memory of the worker processes (VmHWM of the main
process and each pool process) and of the command (with its cutting pool), the CPU time of
the command with its cutting pool and of the worker (steadier than the wall clock on a shared
machine; PostgreSQL's is not counted), and the load average before and after (the machine
may be shared). With --repeat, the runs alternate
between the worker counts and the medians are printed at the end. The databases are
dropped at the end (--keep keeps them). Redis: REDIS_URL's server, database --redis-db
(12 by default), emptied before each run.

--compare DIR runs the same corpus through another checkout of the code as well (say, the
main branch's, made with `git worktree add` or `git archive`), with this Python: the two
alternate run by run, so that a shared machine's load falls on both alike, and the medians
are printed side by side with their ratio.

Each run also prints a digest of the records the workers wrote (`records_digest`): the same
digest before and after a change that must not change the output is the proof that it did
not; with --compare, whether every run of both trees gave the same one.
"""
import argparse
import os
import re
import resource
import statistics
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger_site.settings")


def server_params() -> dict:
    import django

    django.setup()
    from django.conf import settings

    return settings.DATABASES["default"]


def ingest_story_toml(**changes) -> str:
    """The tests' ingest story (INGEST in ledger/tests/factories.py) as a story.toml, with
    the changes; after `django.setup()`."""
    from ledger.tests.factories import INGEST, story_toml

    return story_toml(**{**INGEST, **changes})


def _host(params: dict) -> str:
    """The server's host or socket folder (a DATABASE_URL's `?host=` lands in OPTIONS)."""
    return params.get("HOST") or params.get("OPTIONS", {}).get("host") or ""


def database_url(params: dict, name: str) -> str:
    host, user, password = _host(params), params.get("USER") or "", params.get("PASSWORD") or ""
    auth = quote(user) + (":" + quote(password) if password else "")
    if host.startswith("/"):
        return f"postgres://{auth}@/{name}?host={quote(host)}"
    port = f":{params['PORT']}" if params.get("PORT") else ""
    return f"postgres://{auth}@{host}{port}/{name}"


def admin(params: dict, sql: str) -> None:
    import psycopg

    with psycopg.connect(host=_host(params) or None, port=params.get("PORT") or None, user=params.get("USER"),
                         password=params.get("PASSWORD") or None, dbname="postgres", autocommit=True) as conn:
        conn.execute(sql)


def process_tree(pid: int) -> list[int]:
    """A process and its live children (a worker's pool)."""
    pids = [pid]
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(p) for p in (task / "children").read_text().split()]
    except OSError:
        pass
    return pids


def peak_rss_mb(pid: int) -> float:
    """The largest VmHWM of a process and its children, in MB."""
    peak = 0
    for p in process_tree(pid):
        try:
            match = re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{p}/status").read_text())
        except OSError:
            continue
        if match:
            peak = max(peak, int(match.group(1)))
    return peak / 1024


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) of a process and its live children so far, in seconds."""
    total = 0
    for p in process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat
    return total / os.sysconf("SC_CLK_TCK")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _watch(proc: subprocess.Popen, database_url: str, started: float) -> tuple[float, float | None]:
    """Wait for `proc`, sampling the peak memory of it and its children, and when its run
    had read the whole file (seconds after `started`)."""
    import psycopg

    peak, read_at = 0.0, None
    with psycopg.connect(database_url.replace("postgres://", "postgresql://"), autocommit=True) as conn:
        while proc.poll() is None:
            peak = max(peak, peak_rss_mb(proc.pid))
            if read_at is None:
                row = conn.execute("SELECT reading_done FROM ingest_ingestrun ORDER BY id DESC LIMIT 1").fetchone()
                if row and row[0]:
                    read_at = time.monotonic() - started
            time.sleep(0.25)
    return peak, read_at


DIGEST_SQL = """
SELECT a.url, e.position, ac.key, q.key, r.position, r.value, r.value_high, o.key, r.confidence, r.quote, r.rationale
FROM ledger_stancerecord r JOIN ledger_excerpt e ON e.id = r.excerpt_id JOIN ledger_article a ON a.id = e.article_id
JOIN ledger_actor ac ON ac.id = r.actor_id JOIN ledger_question q ON q.id = r.question_id
LEFT JOIN ledger_outlet o ON o.id = r.via_id
"""


def records_digest(conn) -> str:
    """What the workers wrote, whatever the ids and times: SHA-256 (12 hex digits) over the
    sorted (excerpt, actor, question, position, value) of every record, the excerpt as its
    article's URL and its offset there; then, after a "/", the same with value_high, via,
    confidence, quote and rationale too. Equal digests: the same records."""
    import hashlib

    rows = conn.execute(DIGEST_SQL).fetchall()
    key = hashlib.sha256("\n".join(sorted(repr(r[:6]) for r in rows)).encode()).hexdigest()[:12]
    full = hashlib.sha256("\n".join(sorted(repr(r) for r in rows)).encode()).hexdigest()[:12]
    return f"{key}/{full}"


def run_once(*, params, corpus: Path, bundle: Path, workers: int, redis_url: str, keep: bool, root: Path = ROOT) -> dict:
    import psycopg
    import redis

    name = f"stance_bench_{os.getpid()}_{workers}"
    admin(params, f"DROP DATABASE IF EXISTS {name}")
    admin(params, f"CREATE DATABASE {name}")
    env = {**os.environ, "DATABASE_URL": database_url(params, name), "REDIS_URL": redis_url,
           "DEBUG": "1", "LEDGER_REDIS_CACHE": "0"}
    py = [sys.executable]
    try:
        subprocess.run(py + ["manage.py", "migrate", "-v0"], cwd=root, env=env, check=True)
        subprocess.run(py + ["manage.py", "load_story", str(bundle)], cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)
        redis.Redis.from_url(redis_url).flushdb()
        log = open(Path(tempfile.gettempdir()) / f"{name}-worker.log", "w")
        worker = subprocess.Popen(py + ["-m", "celery", "-A", "ledger_site", "worker", "--loglevel=WARNING",
                                        f"--concurrency={workers}", "--pool=prefork", "--without-gossip",
                                        "--without-mingle", f"--hostname=bench{workers}-{os.getpid()}@%h"],
                                  cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        time.sleep(4)
        try:
            started = time.monotonic()
            load = os.getloadavg()[0]
            out_file, err_file = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
            worker_cpu, children_cpu = cpu_seconds(worker.pid), _children_cpu()
            command = subprocess.Popen(py + ["manage.py", "ingest", "teststory", str(corpus), "--wait"], cwd=root, env=env,
                                       stdout=out_file, stderr=err_file, text=True)
            command_peak, read_seconds = _watch(command, env["DATABASE_URL"], started)
            elapsed = time.monotonic() - started
            # The command's CPU with its cutting pool's (it reaped them, this process reaped
            # it); the worker's and its pool process's while it ran. The server's is not in them.
            command_cpu, worker_cpu = _children_cpu() - children_cpu, cpu_seconds(worker.pid) - worker_cpu
            out_file.seek(0)
            err_file.seek(0)
            out, err = out_file.read(), err_file.read()
            if command.returncode:
                raise SystemExit(f"ingest failed: {err.strip()}")
            worker_peak = peak_rss_mb(worker.pid)
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=60)
        with psycopg.connect(env["DATABASE_URL"].replace("postgres://", "postgresql://")) as conn:
            row = conn.execute("SELECT articles, excerpts, queued, records, copies, excerpt_floor, "
                               "extract(epoch from finished_at - started_at) FROM ingest_ingestrun").fetchone()
            digest = records_digest(conn)
        articles, excerpts, queued, records, copies, _, run_seconds = row
        return {"workers": workers, "articles": articles, "excerpts": excerpts, "extracted": queued, "copies": copies,
                "records": records, "seconds": elapsed, "excerpts_per_s": excerpts / elapsed,
                "worker_peak_mb": worker_peak, "command_peak_mb": command_peak, "summary": out.strip(),
                "load_before": load, "load_after": os.getloadavg()[0], "read_seconds": read_seconds,
                "command_cpu": command_cpu, "worker_cpu": worker_cpu, "digest": digest}
    finally:
        if not keep:
            admin(params, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


SWEEP = "23K,184K,1.5M,5M"


def _size(text: str) -> int:
    units = {"K": 1_000, "M": 1_000_000}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units else int(text)


def cut_sweep(sizes: str) -> None:
    """Cut one-paragraph articles of growing size; print seconds and seconds per MB."""
    import re as regex

    from ingest.excerpts import _segment, excerpts_cut
    from ingest.tests import corpus as synthetic

    import tomllib

    story = tomllib.loads(ingest_story_toml())
    topics = [(t["id"], [regex.compile(k, regex.IGNORECASE) for k in t["keywords"]]) for t in story["topics"]]
    wanted = [_size(s) for s in sizes.split(",")]
    pieces, total = [], 0
    for a in synthetic.articles(10**7, seed=5):
        pieces.append(a["text"].replace("\n\n", " "))
        total += len(pieces[-1]) + 1
        if total > max(wanted):
            break
    text = " ".join(pieces)
    for size in wanted:
        para = text[:size]
        para = para[: para.rfind(". ") + 1]  # ends with a sentence
        _segment.cache_clear()
        started = time.perf_counter()
        cuts = excerpts_cut(para, topics)
        seconds = time.perf_counter() - started
        print(f"one paragraph of {len(para) / 1e6:.3f} MB: {len(cuts):,} excerpts in {seconds:.2f} s, "
              f"{seconds / (len(para) / 1e6):.2f} s per MB; load average {os.getloadavg()[0]:.1f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--workers", default="1,2", help="worker process counts to try (default 1,2)")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark databases")
    parser.add_argument("--repeat", type=int, default=1, help="runs per worker count (medians printed)")
    parser.add_argument("--redis-db", type=int, default=12, help="Redis database of the broker (emptied)")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="another checkout of the code to run alternately with this one (medians side by side)")
    parser.add_argument("--cut-sweep", nargs="?", const=SWEEP, metavar="SIZES",
                        help=f"time cutting one-paragraph articles of these sizes instead (default {SWEEP})")
    args = parser.parse_args()
    if args.cut_sweep:
        import django

        django.setup()
        return cut_sweep(args.cut_sweep)
    from ingest.tests import corpus as synthetic

    params = server_params()
    redis_url = re.sub(r"/\d+$", "", os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")) + f"/{args.redis_db}"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bundle = tmp / "bundle"
        bundle.mkdir()
        (bundle / "story.toml").write_text(ingest_story_toml(start=date(2024, 11, 1)))  # 181 days
        corpus = tmp / "articles.jsonl"
        t = time.monotonic()
        synthetic.write(corpus, args.articles, seed=42, start=date(2024, 11, 1), days=180)
        size = corpus.stat().st_size / 1e6
        print(f"corpus: {args.articles:,} articles, {size:.0f} MB, written in {time.monotonic() - t:.1f} s")
        trees = {"this code": ROOT, **({f"{args.compare.resolve().name} (--compare)": args.compare.resolve()}
                                      if args.compare else {})}
        results: dict[tuple[str, int], list[dict]] = {}
        for _ in range(args.repeat):
            for workers in [int(w) for w in args.workers.split(",")]:
                for label, root in trees.items():
                    r = run_once(params=params, corpus=corpus, bundle=bundle, workers=workers, redis_url=redis_url,
                                 keep=args.keep, root=root)
                    results.setdefault((label, workers), []).append(r)
                    print(f"{label + ': ' if args.compare else ''}{r['workers']} worker process(es): {r['articles']:,} "
                          f"articles, {r['excerpts']:,} excerpts ({r['copies']:,} wire copies merged), {r['records']:,} "
                          f"records in {r['seconds']:.1f} s: {r['excerpts_per_s']:,.0f} excerpts/s file to ledger (file "
                          f"read after {r['read_seconds'] or 0:.1f} s); CPU: command {r['command_cpu']:.1f} s (with its cutting "
                          f"pool), worker {r['worker_cpu']:.1f} s; worker peak RSS {r['worker_peak_mb']:.0f} MB, "
                          f"command {r['command_peak_mb']:.0f} MB; load average {r['load_before']:.1f} -> "
                          f"{r['load_after']:.1f}; records digest {r['digest']}", flush=True)
        if args.repeat > 1 or args.compare:
            medians = {}
            for (label, workers), rs in results.items():
                medians[(label, workers)] = rate = statistics.median(r["excerpts_per_s"] for r in rs)
                tail = statistics.median(r["seconds"] - (r["read_seconds"] or r["seconds"]) for r in rs)
                print(f"{label + ': ' if args.compare else ''}median of {len(rs)}, {workers} worker process(es): "
                      f"{rate:,.0f} excerpts/s, the workers' tail after the file is read {tail:.1f} s, CPU: command "
                      f"{statistics.median(r['command_cpu'] for r in rs):.1f} s, worker "
                      f"{statistics.median(r['worker_cpu'] for r in rs):.1f} s, worker peak RSS "
                      f"{statistics.median(r['worker_peak_mb'] for r in rs):.0f} MB (max "
                      f"{max(r['worker_peak_mb'] for r in rs):.0f}), command {statistics.median(r['command_peak_mb'] for r in rs):.0f} MB")
            if args.compare:
                this, other = trees
                digests = {r["digest"] for rs in results.values() for r in rs}
                print(f"records digest: {'the same in every run' if len(digests) == 1 else 'DIFFERENT: ' + ', '.join(sorted(digests))}")
                for workers in [int(w) for w in args.workers.split(",")]:
                    cpu = {t: statistics.median(r["worker_cpu"] for r in results[(t, workers)]) for t in trees}
                    print(f"{workers} worker process(es): this code / {other}: "
                          f"{medians[(this, workers)] / medians[(other, workers)]:.2f}x excerpts/s; worker CPU "
                          f"{cpu[this]:.1f} s against {cpu[other]:.1f} s ({cpu[other] / cpu[this]:.2f}x less)")
        shutil.rmtree(bundle, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Fetch benchmark: pages per second from a local web server to records in the ledger.

    .venv/bin/python bench/fetch.py                      # 1,000 pages, 1 and 2 workers
    .venv/bin/python bench/fetch.py --pages 500,2000     # memory against the number of pages

A threaded HTTP server in this process serves generated article pages on 127.0.0.1 (each
about 3 KB of HTML, one sentence the offline extractor reads as a statement, dates spread
over the last --days days of the story, 4 by default, as a feed's would be). For each page count and worker count it makes a fresh database on the
configured PostgreSQL server (DATABASE_URL, or the embedded one), migrates it, loads the
test story with a `[[sources]]` list of the page URLs, starts `celery -A ledger_site worker
--concurrency=K` with the per-host pause off (SOURCES_HOST_DELAY=0), and times
`manage.py fetch teststory --wait`: from the first request to the last record. It prints
pages per second end to end, the records written, the CPU time the worker processes
spent per page (a figure the machine's other load does not inflate much), and the peak
resident memory of the worker processes (VmHWM). Redis: REDIS_URL's server, database --redis-db (13), emptied.
"""
import argparse
import importlib.util
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ledger_site.settings")

_spec = importlib.util.spec_from_file_location("bench_ingest", ROOT / "bench" / "ingest.py")
common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(common)

FILLER = ("The weather stayed cold in the afternoon, and the city centre was quiet until the evening, "
          "when the shops closed and the trams ran late again after a long and grey day. ")
SAYS = ["The Interior Ministry said it does not have any sound device.",
        "The Interior Ministry said it owns an LRAD sound device."]
START = date(2025, 3, 1)


DAYS = 4  # a followed story's pages come from its last few days (--days)


WORDS = ("amber basin cedar delta ember fjord grove harbor island juniper kestrel lagoon meadow "
         "nectar orchard prairie quarry ridge summit tundra upland valley willow yarrow zephyr").split()


def page_html(n: int) -> bytes:
    day = START + timedelta(days=n % DAYS)
    # Words of its own before the statement, so that pages of one day are not wire copies.
    own = " ".join(WORDS[(n * 7 + k * 13 + n // (k + 1)) % len(WORDS)] for k in range(6))
    sentence = f"Asked about the {own} case, " + SAYS[(n // 7) % 2][0].lower() + SAYS[(n // 7) % 2][1:]
    paragraphs = "".join(f"<p>{FILLER}Report {n}, part {k}. {sentence if k == 1 else ''} {FILLER}</p>" for k in range(3))
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Report {n}</title>"
            f"<meta property='article:published_time' content='{day.isoformat()}T10:00:00+01:00'></head>"
            f"<body><nav><a href='/'>Home</a></nav><article><h1>Report {n}</h1>{paragraphs}</article>"
            "<footer>Copyright</footer></body></html>").encode()


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/robots.txt":
            body, kind = b"User-agent: *\nAllow: /\n", "text/plain"
        elif self.path.startswith("/p/"):
            body, kind = page_html(int(self.path[3:])), "text/html; charset=utf-8"
        else:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and its live children (the worker's pool)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in common.process_tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def run_once(*, params, base: str, pages: int, workers: int, redis_url: str, tmp: Path) -> dict:
    import psycopg
    import redis

    name = f"stance_bench_fetch_{os.getpid()}_{workers}_{pages}"
    bundle = tmp / f"bundle-{pages}"
    bundle.mkdir(exist_ok=True)
    toml = common.ingest_story_toml()
    (bundle / "story.toml").write_text(toml + '\n[[sources]]\nid = "pages"\nurls = "urls.txt"\noutlet = "danas"\n')
    (bundle / "urls.txt").write_text("".join(f"{base}/p/{n}\n" for n in range(pages)))
    common.admin(params, f"DROP DATABASE IF EXISTS {name}")
    common.admin(params, f"CREATE DATABASE {name}")
    env = {**os.environ, "DATABASE_URL": common.database_url(params, name), "REDIS_URL": redis_url, "DEBUG": "1",
           "LEDGER_REDIS_CACHE": "0", "SOURCES_HOST_DELAY": "0"}
    py = [sys.executable]
    try:
        subprocess.run(py + ["manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        subprocess.run(py + ["manage.py", "load_story", str(bundle)], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        redis.Redis.from_url(redis_url).flushdb()
        log = open(tmp / f"{name}-worker.log", "w")
        worker = subprocess.Popen(py + ["-m", "celery", "-A", "ledger_site", "worker", "--loglevel=WARNING",
                                        f"--concurrency={workers}", "--pool=prefork", "--without-gossip",
                                        "--without-mingle", f"--hostname=benchfetch{workers}-{os.getpid()}@%h"],
                                  cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        time.sleep(4)
        try:
            load = os.getloadavg()[0]
            started = time.monotonic()
            done = subprocess.run(py + ["manage.py", "fetch", "teststory", "--wait"], cwd=ROOT, env=env,
                                  capture_output=True, text=True)
            elapsed = time.monotonic() - started
            if done.returncode:
                raise SystemExit(f"fetch failed: {done.stderr.strip()}")
            worker_peak = common.peak_rss_mb(worker.pid)
            worker_cpu = cpu_seconds(worker.pid)
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=60)
        with psycopg.connect(env["DATABASE_URL"].replace("postgres://", "postgresql://")) as conn:
            articles, = conn.execute("SELECT count(*) FROM ledger_article").fetchone()
            records, = conn.execute("SELECT count(*) FROM ledger_stancerecord").fetchone()
        return {"pages": pages, "workers": workers, "seconds": elapsed, "articles": articles, "records": records,
                "pages_per_s": pages / elapsed, "worker_peak_mb": worker_peak, "cpu_ms_per_page": worker_cpu / pages * 1000, "summary": done.stdout.strip(),
                "load_before": load, "load_after": os.getloadavg()[0]}
    finally:
        common.admin(params, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", default="1000", help="page counts to try, comma-separated (default 1000)")
    parser.add_argument("--workers", default="1,2", help="worker process counts to try (default 1,2)")
    parser.add_argument("--days", type=int, default=DAYS, help="days the pages' dates spread over (default 4)")
    parser.add_argument("--redis-db", type=int, default=13, help="Redis database of the broker (emptied)")
    args = parser.parse_args()
    globals()["DAYS"] = args.days
    params = common.server_params()
    redis_url = re.sub(r"/\d+$", "", os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")) + f"/{args.redis_db}"
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with tempfile.TemporaryDirectory() as tmp:
        for pages in [int(p) for p in args.pages.split(",")]:
            for workers in [int(w) for w in args.workers.split(",")]:
                r = run_once(params=params, base=base, pages=pages, workers=workers, redis_url=redis_url, tmp=Path(tmp))
                print(f"{r['pages']:,} pages, {r['workers']} worker process(es): {r['articles']:,} articles, "
                      f"{r['records']:,} records in {r['seconds']:.1f} s: {r['pages_per_s']:.0f} pages/s page to ledger; "
                      f"worker CPU {r['cpu_ms_per_page']:.0f} ms a page; worker peak RSS {r['worker_peak_mb']:.0f} MB; load average {r['load_before']:.1f} -> "
                      f"{r['load_after']:.1f}\n  {r['summary']}", flush=True)
    server.shutdown()


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Load run of the REST API: 50 concurrent clients for 60 seconds against gunicorn, on the
demo story, loopback only.

1. a dedicated database (`ledger_load`, dropped and created again) on the same PostgreSQL
   server as the application (DATABASE_URL, or the embedded one): migrated, the demo bundle
   loaded, its answer key imported as records;
2. gunicorn on 127.0.0.1 with production settings (DEBUG off, throttles counted in Redis,
   the anonymous rate raised so that the throttle is counted but refuses nobody);
3. wrk (Debian's `wrk`): --connections 50 for --duration 60 s over a fixed mix of GETs
   (stories, a story, positions with and without as_of/question/confirm, flips, one flip,
   records filtered and paged, one record, the JSONL export);
4. prints requests per second, the latency percentiles (p50, p90, p99), and every error
   (socket errors and non-2xx answers), then stops gunicorn and drops the database.

Exit status 1 when any request failed.

    .venv/bin/python bench/load_api.py [--connections 50] [--duration 60] [--workers N]
"""
import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")
BUNDLE = ROOT / "fixtures" / "canopy"
DB_NAME = "ledger_load"


def server_settings() -> dict:
    """How to reach the application's PostgreSQL server (not which database)."""
    if os.environ.get("DATABASE_URL"):
        import dj_database_url

        s = dj_database_url.parse(os.environ["DATABASE_URL"])
        return {"user": s["USER"], "password": s["PASSWORD"], "host": s["HOST"], "port": s["PORT"]}
    sys.path.insert(0, str(ROOT))
    from ledger_site.embedded_db import embedded_database

    s = embedded_database()
    return {"user": s["USER"], "password": s["PASSWORD"], "host": s["HOST"], "port": s["PORT"]}


def database_url(server: dict, name: str) -> str:
    auth = quote(server["user"] or "") + (":" + quote(server["password"]) if server["password"] else "")
    if (server["host"] or "").startswith("/"):
        return f"postgres://{auth}@/{name}?host={quote(server['host'])}"
    port = f":{server['port']}" if server["port"] else ""
    return f"postgres://{auth}@{server['host'] or '127.0.0.1'}{port}/{name}"


def admin(server: dict, *statements: str) -> None:
    import psycopg

    kwargs = {k: v for k, v in server.items() if v}
    with psycopg.connect(dbname="postgres", autocommit=True, **kwargs) as conn:
        for statement in statements:
            conn.execute(statement)


def run(env: dict, *args: str) -> str:
    done = subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


PATHS_SCRIPT = r"""
import json
from ledger import selectors
from ledger.models import StanceRecord
story = selectors.story_get("canopy")
questions = [q.key for q in story.questions.all()]
topics = [t.key for t in story.topics.all()]
actors = [a.key for a in story.actors.all()]
records = list(StanceRecord.objects.filter(story=story).order_by("id").values_list("id", flat=True))
flips = [c.id for _, _, c in selectors.flips(story=story, as_of=story.end, confirm=1)]
print(json.dumps({"start": str(story.start), "end": str(story.end), "questions": questions, "topics": topics,
                  "actors": actors, "records": records, "flips": flips}))
"""


def request_mix(facts: dict) -> list[str]:
    """The GETs the clients cycle through: what the viewer's users and API clients ask."""
    api, s = "/api/v1", "/api/v1/stories/canopy"
    days = ["2024-11-15", "2024-12-20", "2025-01-31", "2025-03-01", "2025-04-15"]
    paths = [f"{api}/stories/", f"{s}/", f"{s}/positions", f"{s}/flips", f"{s}/records",
             f"{s}/records?limit=10&offset=20", f"{s}/records.jsonl"]
    for i, question in enumerate(facts["questions"]):
        paths.append(f"{s}/positions?" + urlencode({"question": question, "as_of": days[i % len(days)]}))
        paths.append(f"{s}/positions?" + urlencode({"question": question, "confirm": 1 + i % 3}))
        paths.append(f"{s}/records?" + urlencode({"question": question}))
    for i, topic in enumerate(facts["topics"]):
        paths.append(f"{s}/positions?" + urlencode({"topic": topic, "as_of": days[i % len(days)], "confirm": 1}))
    for i, actor in enumerate(facts["actors"]):
        paths.append(f"{s}/flips?" + urlencode({"actor": actor, "confirm": 1}))
        paths.append(f"{s}/records?" + urlencode({"actor": actor, "from": "2024-12-01", "to": "2025-03-31"}))
    for record in facts["records"][:: max(1, len(facts["records"]) // 20)]:
        paths.append(f"{api}/records/{record}")
    for flip in facts["flips"][:10]:
        paths.append(f"{s}/flips/{flip}")
    return paths


LUA = """
paths = %s
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1], {["Accept"] = "application/json"})
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit("gunicorn exited before it answered")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    sys.exit(f"gunicorn did not answer {url} in {seconds:.0f} s")


def parse_wrk(text: str) -> dict:
    def ms(value: str) -> float:
        number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
        return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]

    result = {"requests": int(re.search(r"(\d+) requests in", text).group(1)),
              "requests_per_second": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))}
    for pct, value in re.findall(r"^\s+(50|75|90|99)%\s+(\S+)\s*$", text, re.M):
        result[f"p{pct}_ms"] = round(ms(value), 2)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    result["socket_errors"] = sum(int(n) for n in socket_errors.groups()) if socket_errors else 0
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    result["non_2xx"] = int(non2xx.group(1)) if non2xx else 0
    result["errors"] = result["socket_errors"] + result["non_2xx"]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--duration", type=int, default=60, help="seconds")
    parser.add_argument("--threads", type=int, default=4, help="wrk threads")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1, help="gunicorn workers")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk not found: apt-get install wrk")

    server = server_settings()
    url = database_url(server, DB_NAME)
    redis_url = subprocess.run(["scripts/redis.sh", "redis://127.0.0.1:6379/8"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.strip()
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": redis_url, "DEBUG": "0",
           "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "LEDGER_SSL_REDIRECT": "0", "LEDGER_THROTTLE_ANON": "10000000/min", "LEDGER_THROTTLE_USER": "10000000/min"}
    admin(server, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)", f"CREATE DATABASE {DB_NAME}")
    gunicorn = None
    logs = Path(tempfile.mkdtemp(prefix="load-api-"))
    figures = {}
    try:
        print("preparing the database ...", file=sys.stderr)
        run(env, "migrate", "--verbosity", "0")
        run(env, "load_story", str(BUNDLE))
        print(run(env, "import_records", "canopy", str(BUNDLE / "answer_key.jsonl")).strip(), file=sys.stderr)
        facts = json.loads(run(env, "shell", "--verbosity", "0", "-c", PATHS_SCRIPT).strip().splitlines()[-1])
        paths = request_mix(facts)

        gunicorn = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "gunicorn"), "ledger_site.wsgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", str(args.workers), "--access-logfile", str(logs / "access.log"),
             "--error-logfile", str(logs / "error.log"), "--access-logformat", "%(s)s %(m)s %(U)s"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        wait_up(f"{base}/api/v1/stories/", gunicorn)
        for path in paths:  # every path answers 200 before the run
            with urllib.request.urlopen(base + path, timeout=30) as response:
                assert response.status == 200, path

        lua = logs / "mix.lua"
        lua.write_text(LUA % ("{" + ", ".join(json.dumps(p) for p in paths) + "}"))
        print(f"wrk: {args.connections} connections, {args.duration} s, {len(paths)} paths, "
              f"gunicorn {args.workers} workers", file=sys.stderr)
        done = subprocess.run(
            ["wrk", f"--threads={args.threads}", f"--connections={args.connections}",
             f"--duration={args.duration}s", "--timeout=10s", "--latency", f"--script={lua}", base],
            capture_output=True, text=True, timeout=args.duration + 60)
        print(done.stdout, file=sys.stderr)
        figures |= {"connections": args.connections, "duration_s": args.duration, "gunicorn_workers": args.workers,
                   "paths": len(paths), "records": len(facts["records"]), **parse_wrk(done.stdout)}
    finally:
        if gunicorn is not None:
            os.killpg(gunicorn.pid, signal.SIGTERM)
            try:
                gunicorn.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(gunicorn.pid, signal.SIGKILL)
                gunicorn.wait()
            statuses = {}
            access = logs / "access.log"
            for line in access.read_text().splitlines() if access.exists() else []:
                code = line.split(" ", 1)[0]
                statuses[code] = statuses.get(code, 0) + 1
            figures["gunicorn_statuses"] = statuses
            error_log = (logs / "error.log").read_text() if (logs / "error.log").exists() else ""
            figures["server_tracebacks"] = error_log.count("Traceback")
        admin(server, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        shutil.rmtree(logs, ignore_errors=True)
    print(json.dumps(figures, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    bad = sum(n for code, n in figures.get("gunicorn_statuses", {}).items() if not code.startswith("2"))
    return 1 if figures.get("errors", 1) or bad or figures.get("server_tracebacks") else 0


if __name__ == "__main__":
    sys.exit(main())

"""Fixtures shared by every test: a real Celery worker on a real Redis broker, and a real
headless Chromium. The database is pytest-django's, on real PostgreSQL."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# Browser tests run the live server in a thread next to Playwright's event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ROOT = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def database_url(settings_dict) -> str:
    """A DATABASE_URL naming the database this test run uses (the test database)."""
    from urllib.parse import quote

    user, password = settings_dict["USER"] or "", settings_dict["PASSWORD"] or ""
    host = settings_dict["HOST"] or settings_dict.get("OPTIONS", {}).get("host", "")
    auth = quote(user) + (":" + quote(password) if password else "")
    if host.startswith("/"):
        return f"postgres://{auth}@/{settings_dict['NAME']}?host={quote(host)}"
    port = f":{settings_dict['PORT']}" if settings_dict["PORT"] else ""
    return f"postgres://{auth}@{host}{port}/{settings_dict['NAME']}"


class Worker:
    """A `celery -A ledger_site worker` process of its own, on the test database."""

    def __init__(self, concurrency: int = 1, *, beat: bool = False):
        from django.conf import settings
        from django.db import connection

        self.log = ARTIFACTS / f"worker-{time.time_ns()}.log"
        self.log.parent.mkdir(exist_ok=True)
        env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict),
               "REDIS_URL": settings.CELERY_BROKER_URL}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "ledger_site", "worker", "--loglevel=INFO",
             f"--concurrency={concurrency}", "--pool=prefork", "--without-gossip", "--without-mingle",
             f"--hostname=test-{time.time_ns()}@%h"]
            # With beat in the worker (-B): the periodic tasks of the settings, its schedule file kept out of the tree.
            + (["-B", f"--schedule={ARTIFACTS / f'beat-{time.time_ns()}'}"] if beat else []),
            cwd=ROOT, env=env, stdout=self.log.open("w"), stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while "ready." not in self.log.read_text(errors="replace"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Celery worker did not start:\n{self.log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)

    def kill(self) -> None:
        """kill -9 the whole worker: the main process and its pool children."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def broker_clean():
    """Empty the test broker's queues once per run, so nothing of an earlier run is left."""
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    try:
        client.ping()
    except redis.ConnectionError as exc:
        pytest.fail(f"Redis is not reachable at {settings.CELERY_BROKER_URL}: {exc}")
    client.flushdb()
    return client


@pytest.fixture
def celery_worker(transactional_db, broker_clean):
    """Start a real worker; the test may start more with the returned factory."""
    workers = []

    def start(concurrency: int = 1, *, beat: bool = False) -> Worker:
        worker = Worker(concurrency, beat=beat)
        workers.append(worker)
        return worker

    start.workers = workers
    yield start
    for worker in workers:
        worker.stop()
    broker_clean.flushdb()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (the test command does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


@pytest.fixture
def screenshot(page, request):
    """screenshot("name") saves a full-page PNG under artifacts/screenshots/."""
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = folder / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take

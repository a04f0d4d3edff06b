import sys
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from ledger.errors import LedgerError
from ledger.selectors import story_get
from sources.hooks import flips_announce
from sources.models import FetchRun
from sources.services import fetch_start, run_extracted, run_records


class Command(BaseCommand):
    help = ("Fetch a story's web sources once ([[sources]] of story.toml) on the Celery workers: new URLs of "
            "its feeds, URLs of its lists not yet fetched. Waits for the pages; --wait also for the records.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--source", help="only this source (its id in story.toml)")
        parser.add_argument("--wait", action="store_true", help="also wait until the workers have extracted the records")
        parser.add_argument("--timeout", type=float, default=None, help="give up waiting after this many seconds")

    def handle(self, *args, slug, source, wait, timeout, verbosity, **options):
        tty = sys.stderr.isatty() and verbosity > 0
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            story = story_get(slug)
            run = fetch_start(story=story, source=source)
            run = self._pages(run, tty=tty, deadline=deadline)
            records = None
            if wait:
                while not run_extracted(run):
                    self._check(deadline, "extraction")
                    time.sleep(0.5)
                records = run_records(run)
                flips_announce(story=story)  # the hooks hear about what this run confirmed
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        except DatabaseError as exc:
            raise CommandError(f"cannot reach the database: {str(exc).strip().splitlines()[0]}") from None
        self.stdout.write(f"{slug}: {run.summary(records)}")
        if run.message:
            self.stderr.write(run.message)

    def _check(self, deadline, what):
        if deadline is not None and time.monotonic() > deadline:
            raise CommandError(f"gave up waiting for the {what} (is a worker running? `celery -A ledger_site worker`)")

    def _pages(self, run: FetchRun, *, tty: bool, deadline) -> FetchRun:
        bar, hinted, started = None, False, time.monotonic()
        if tty:
            from tqdm import tqdm

            bar = tqdm(file=sys.stderr, leave=False, desc="fetching", unit="page", total=0)
        try:
            while run.status == FetchRun.RUNNING:
                if bar is not None:
                    bar.total = run.fetches.exclude(outcome="feed").count()
                    bar.update(run.pages - bar.n)
                self._check(deadline, "pages")
                if not hinted and run.tasks_done == 0 and time.monotonic() - started > 15:
                    hinted = True  # nothing picked up yet: most likely no worker is running
                    self.stderr.write("waiting for a worker to take the fetch (`celery -A ledger_site worker`) ...")
                time.sleep(0.3)
                run.refresh_from_db()
        finally:
            if bar is not None:
                bar.close()
        return run

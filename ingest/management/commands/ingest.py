import sys
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError, OperationalError

from ingest.llm.gate import budget_attach, estimate_only, money, preflight
from ingest.models import IngestRun
from ingest.services import ingest_file
from ledger.errors import LedgerError
from ledger.selectors import story_get
from ledger.periods import periods_catch_up


def _one_line(exc) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class Command(BaseCommand):
    help = "Read an articles file into a story, cut excerpts, and queue their extraction on the Celery workers."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("articles", help="articles.jsonl (contract section 1)")
        parser.add_argument("--extractor", default="rules", help="rules (default) or another registered extractor")
        parser.add_argument("--wait", action="store_true", help="wait until the workers have extracted everything")
        parser.add_argument("--rejects", help="where to write the rejected lines (default: <name>.rejects.jsonl beside the file)")
        parser.add_argument("--timeout", type=float, help="with --wait: give up after this many seconds")
        parser.add_argument("--yes", action="store_true", help="llm: send without asking (the estimate is still printed)")
        parser.add_argument("--max-cost", type=money, metavar="USD", help="llm: stop before the run would cost more than this")
        parser.add_argument("--estimate", action="store_true", help="llm: print the cost estimate and stop (nothing is sent)")
        parser.add_argument("--json", action="store_true", help="with --estimate: print it as one JSON object")

    def handle(self, *args, slug, articles, extractor, wait, rejects, timeout, verbosity, yes=False, max_cost=None,
               estimate=False, json=False, **options):
        tty = sys.stderr.isatty() and verbosity > 0
        budget = None
        if (estimate or json) and extractor.split("/", 1)[0] != "llm":
            raise CommandError("--estimate and --json go with --extractor llm")
        if json and not estimate:
            raise CommandError("--json goes with --estimate")
        try:
            story = story_get(slug)
            if estimate:
                estimate_only(story, articles, as_json=json, write=self.stdout.write)
                return
            if extractor.split("/", 1)[0] == "llm":  # cost first: estimate, confirm, arm the budget
                _, budget = preflight(story, articles, max_cost=max_cost, yes=yes, interactive=sys.stdin.isatty(),
                                      ask=input, write=self.stdout.write)
            bar = self._bar(total=Path(articles).stat().st_size, desc="reading", unit="B", unit_scale=True) if tty and Path(articles).is_file() else None

            def progress(read):
                if bar is not None:
                    bar.update(read - bar.n)

            try:
                run = ingest_file(story=story, path=articles, extractor=extractor, rejects_path=rejects, on_progress=progress)
                if budget is not None:
                    budget_attach(budget, run)
            finally:
                if bar is not None:
                    bar.close()
            if run.rejects:
                duplicates = f" ({run.duplicates} duplicate{'s' if run.duplicates != 1 else ''})" if run.duplicates else ""
                self.stderr.write(f"{run.rejects} lines rejected{duplicates}: see {run.rejects_file}")
            if wait:
                run = self._wait(run, tty=tty, timeout=timeout)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        except OperationalError as exc:
            raise CommandError(f"cannot reach the database: {_one_line(exc)}") from None
        except DatabaseError as exc:
            raise CommandError(f"the database refused the ingest: {_one_line(exc)}") from None
        status = "" if run.status == IngestRun.DONE else f" ({run.status}: {run.queued - run.excerpts_done} excerpts still queued)"
        spent = f", tokens {run.tokens_in} in / {run.tokens_out} out, ${run.cost_usd:.4f}" if budget is not None else ""
        self.stdout.write(f"{slug}: {run.summary()}{spent}{status}")
        if run.status == IngestRun.FAILED:
            raise CommandError(run.message or "the ingest failed")

    def _bar(self, **kwargs):
        from tqdm import tqdm

        return tqdm(file=sys.stderr, leave=False, **kwargs)

    def _wait(self, run: IngestRun, *, tty: bool, timeout: float | None) -> IngestRun:
        bar = self._bar(total=run.queued, desc="extracting", unit="excerpt") if tty else None
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while run.status == IngestRun.RUNNING:
                if bar is not None:
                    bar.total = run.queued
                    bar.update(run.excerpts_done - bar.n)
                if deadline is not None and time.monotonic() > deadline:
                    raise CommandError(f"gave up waiting after {timeout:g} s: {run.queued - run.excerpts_done} "
                                       "excerpts still queued (is a worker running? `celery -A ledger_site worker`)")
                time.sleep(0.5)
                run.refresh_from_db()
        finally:
            if bar is not None:
                bar.close()
        if run.status == IngestRun.DONE:
            # The worker that finished the run catches the derived periods up; waiting on the
            # same catch-up (a no-op once it is done) returns with positions settled.
            periods_catch_up(run.story)
        return run

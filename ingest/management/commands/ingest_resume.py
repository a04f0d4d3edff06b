from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from ingest.services import ingest_resume
from ledger.errors import LedgerError
from ledger.selectors import story_get


class Command(BaseCommand):
    help = ("Queue again what earlier ingest runs of a story left unfinished: excerpts taken but not "
            "extracted (after the command died between taking them and queueing them, say).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--extractor", default="rules", help="the extractor of the runs to resume (default rules)")
        parser.add_argument("--running-too", action="store_true",
                            help="also re-send what runs still marked running have queued (after the broker lost its queue)")

    def handle(self, *args, slug, extractor, running_too, **options):
        try:
            run = ingest_resume(story=story_get(slug), extractor=extractor, running_too=running_too)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        except DatabaseError as exc:
            text = str(exc).strip()
            raise CommandError(f"cannot reach the database: {text.splitlines()[0] if text else type(exc).__name__}") from None
        self.stdout.write(f"{slug}: {run.queued} excerpts queued again (run {run.pk}, {run.status})")

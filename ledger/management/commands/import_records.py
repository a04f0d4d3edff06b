from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.selectors import story_get
from ledger.record_lines import records_import


class Command(BaseCommand):
    help = "Append a JSONL file of records (contract section 3, or answer-key lines) to a story's ledger."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file")

    def handle(self, *args, slug, file, **options):
        try:
            story = story_get(slug)
            with open(file, "rb") as lines:
                result = records_import(story=story, lines=lines, source_name=Path(file).name)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        for number, reason in result.rejects:
            self.stderr.write(f"{file}:{number}: rejected: {reason}")
        self.stdout.write(f"{slug}: {result.appended} records appended, {len(result.rejects)} lines rejected")

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.record_lines import records_export
from ledger.selectors import story_get


class Command(BaseCommand):
    help = "Write a story's records as JSONL (contract section 3), streamed, to stdout or --out."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--out", help="file to write (default: standard output)")

    def handle(self, *args, slug, out, **options):
        try:
            story = story_get(slug)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        target = open(out, "w", encoding="utf-8") if out else sys.stdout
        count = 0
        try:
            for record in records_export(story):
                target.write(json.dumps(record, ensure_ascii=False) + "\n")
                count += 1
        finally:
            if out:
                target.close()
        if out:
            self.stdout.write(f"{slug}: {count} records written to {out}")

import time

from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.selectors import story_get, stories_list
from ledger.periods import periods_differences, periods_rebuild


class Command(BaseCommand):
    help = ("Fold the derived table of confirmed periods again from the records, for the named "
            "stories (default: all). Appends keep it in step; this builds it for a ledger loaded "
            "some other way, or after LEDGER_PERIOD_CONFIRMS changed.")

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*")

    def handle(self, *args, slugs, **options):
        try:
            stories = [story_get(slug) for slug in slugs] if slugs else list(stories_list())
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        for story in stories:
            started = time.perf_counter()
            # What a rebuild mends is said, not just mended: periods that differed from the
            # records mean they were edited, or the code that keeps them has a bug.
            for difference in periods_differences(story):
                self.stdout.write(f"{story.slug}: mended {difference}")
            written = periods_rebuild(story)
            self.stdout.write(f"{story.slug}: {written} periods in {time.perf_counter() - started:.1f} s")

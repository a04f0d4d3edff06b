from django.core.management.base import BaseCommand, CommandError

from ledger.chain import chain_verify
from ledger.errors import LedgerError
from ledger.selectors import story_get


class Command(BaseCommand):
    help = "Recompute a story's hash chain; exit non-zero naming the first broken entry."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        try:
            story = story_get(slug)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        broken = chain_verify(story)
        if broken:
            raise CommandError(f"{slug}: ledger broken at {broken}")
        head = getattr(story, "chain_head", None)
        entries = head.last_seq if head else 0
        last = head.last_hash if head else "-"
        self.stdout.write(f"{slug}: ledger intact, {entries} entries, head {last}")

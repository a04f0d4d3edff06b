from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.selectors import story_get
from ledger.verification import ledger_verify


def head_arg(text: str) -> tuple[int, str]:
    seq, _, hash_ = text.partition(":")
    if not seq.isdigit() or len(hash_) != 64:
        raise CommandError(f"--head {text!r}: expected SEQ:HASH, as this command prints")
    return int(seq), hash_


class Command(BaseCommand):
    help = ("Recompute a story's hash chain and its derived periods; exit non-zero naming the first thing "
            "that does not match. Prints the head (SEQ:HASH) to keep outside the database.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--head", action="append", default=[], metavar="SEQ:HASH",
                            help="a head printed by an earlier run: the chain must still pass through it")

    def handle(self, *args, slug, head, **options):
        heads = [head_arg(h) for h in head]
        try:
            story = story_get(slug)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        found = ledger_verify(story, known_heads=heads)
        for problem in found.problems[1:]:
            self.stderr.write(f"{slug}: {problem}")
        if found.problems:
            raise CommandError(f"{slug}: {found.problems[0]}")
        self.stdout.write(f"{slug}: ledger intact, {found.last_seq} entries, head {found.last_seq}:{found.last_hash}")

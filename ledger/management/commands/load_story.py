from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ledger.bundle import story_load
from ledger.errors import LedgerError


class Command(BaseCommand):
    help = "Load or update a story bundle (story.toml, and answer_key.jsonl if present)."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the bundle's folder, or its story.toml")

    def handle(self, *args, path, **options):
        from sources.services import sources_sync

        try:
            with transaction.atomic():  # [[sources]] refused: nothing of the bundle is loaded
                story, changed = story_load(path)
                sources_sync(story=story, folder=path)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        state = "loaded" if changed else "unchanged"
        self.stdout.write(
            f"{story.slug}: {state} ({story.outlets.count()} outlets, {story.actors.count()} actors, "
            f"{story.topics.count()} topics, {story.questions.count()} questions, "
            f"{story.key_statements.count()} key statements)"
        )

from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.selectors import story_get
from sources.models import Source
from sources.services import follow_set


class Command(BaseCommand):
    help = "Follow a story (on) or stop (off): Celery beat fetches each of its sources every `every_minutes`."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("state", choices=["on", "off"])

    def handle(self, *args, slug, state, **options):
        try:
            story = story_get(slug)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        sources = list(Source.objects.filter(story=story, active=True))
        if state == "on" and not sources:
            raise CommandError(f"story {slug!r} has no [[sources]]: add some to its story.toml and load it again")
        follow_set(story=story, on=state == "on")
        if state == "on":
            every = ", ".join(f"{s.key} every {s.every_minutes} min" for s in sources)
            self.stdout.write(f"{slug}: followed ({every}); needs `celery -A ledger_site beat` and a worker running")
        else:
            self.stdout.write(f"{slug}: no longer followed")

from django.core.management.base import BaseCommand, CommandError

from ledger.errors import LedgerError
from ledger.selectors import actor_get, question_get, story_get
from sources.hooks import hook_create


class Command(BaseCommand):
    help = ("Add a webhook to a story: every flip confirmed from now on is POSTed to URL (signed, Standard "
            "Webhooks). Prints the hook's secret. Staff can do the same on the story's Webhooks page.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("url")
        parser.add_argument("--question", help="only this question's flips")
        parser.add_argument("--actor", help="only this actor's flips")
        parser.add_argument("--confirm", type=int, help="the rule N (default: the story's)")

    def handle(self, *args, slug, url, question, actor, confirm, **options):
        try:
            story = story_get(slug)
            hook = hook_create(story=story, url=url, confirm=confirm,
                               question=question_get(story, question) if question else None,
                               actor=actor_get(story, actor) if actor else None)
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        before = hook.deliveries.count()
        self.stdout.write(f"{slug}: hook {hook.pk} -> {hook.url} ({before} flips already confirmed are not sent)")
        self.stdout.write(f"secret: {hook.secret}")

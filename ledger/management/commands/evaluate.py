import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from ledger.bundle import key_file_read
from ledger.errors import LedgerError
from ledger.evaluation import Statement, evaluate
from ledger.selectors import story_get


class Command(BaseCommand):
    help = "Score the ledger against the answer key (contract section 7)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--key", help="answer_key.jsonl (default: the key loaded with the story)")
        parser.add_argument("--confirm", type=int, help="the rule N (default: the story's)")
        parser.add_argument("--json", dest="json_out", help="write the full scores to this file")

    def handle(self, *args, slug, key, confirm, json_out, **options):
        try:
            story = story_get(slug)
            statements = None
            if key:
                statements = [Statement(s["actor"], s["question"], s["position"], s.get("value"), s["date"])
                              for s in key_file_read(key, story)]
            scores = evaluate(story=story, key=statements, confirm=confirm)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {key}: {getattr(exc, 'strerror', None) or exc}") from None
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        if json_out:
            Path(json_out).write_text(json.dumps(scores, cls=DjangoJSONEncoder, indent=2) + "\n", encoding="utf-8")
        o = scores["overall"]
        self.stdout.write(
            f"{slug} (N={scores['confirm']}, {scores['dated_questions']} dated questions): "
            f"current_accuracy {o['current_accuracy']}, change_recall {o['change_recall']}, "
            f"change_precision {o['change_precision']}, false_changes {o['false_changes']}"
        )

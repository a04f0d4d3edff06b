import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder

from ledger.bundle import key_file_read
from ledger.diagnosis import cue_report
from ledger.errors import LedgerError
from ledger.selectors import story_get


class Command(BaseCommand):
    help = ("Each stance question's cues as written: the excerpts and key statements each reaches, "
            "and the key statements no cue reaches, with their sentences.")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--key", help="answer_key.jsonl (default: the key loaded with the story); "
                                          "a line's quote is what the cues must reach")
        parser.add_argument("--json", dest="json_out", help="write the report to this file, one object")

    def handle(self, *args, slug, key, json_out, **options):
        try:
            story = story_get(slug)
            statements = None
            if key:
                statements = key_file_read(key, story)
            report = cue_report(story=story, statements=statements)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {key}: {getattr(exc, 'strerror', None) or exc}") from None
        except LedgerError as exc:
            raise CommandError(exc.message) from None
        if key:
            report["key"] = key
        if json_out:
            Path(json_out).write_text(json.dumps(report, cls=DjangoJSONEncoder, indent=2) + "\n", encoding="utf-8")
        self.stdout.write("\n".join(report_lines(report)))


def report_lines(report: dict) -> list[str]:
    """The report as a user reads it: per question its cues, then the key statements no cue reaches."""
    lines = [f"{report['story']}: {len(report['questions'])} stance questions with cues, "
             f"key: {report['key'] or 'none loaded'}"]
    for q in report["questions"]:
        lines += ["", f"{q['question']}: {q['text']} ({q['excerpts']} excerpts on topic {q['topic']})"]
        for c in q["cues"]:
            reached = "" if c["key_statements"] is None else f" {c['key_statements']:>3} key"
            flag = "   <- matches no excerpt" if c["matches_no_excerpt"] else ""
            lines.append(f"  {c['polarity']:<7} {c['excerpts']:>4} excerpts{reached}   '{c['cue']}'{flag}")
        if (reach := q["reach"]) is None:
            continue
        lines.append(f"  cue reach on the key: {reach['reached']} of {reach['statements']} statements "
                     f"({len(reach['unreached'])} not reached, {reach['no_excerpt']} with no excerpt cut)")
        for s in reach["unreached"]:
            lines.append(f"    line {s['line']}: {s['actor_name']} {s['position']} {s['date']} {s['url']}")
            if s["quote"]:
                lines.append(f"      quote: {s['quote']}")
            lines += [f"      > {sentence}" for sentence in s["sentences"]] or [
                "      (no excerpt sentence of the article carries the question's keywords)"]
    if report["without_cues"]:
        lines += ["", "read without cues: " + ", ".join(q["question"] for q in report["without_cues"])]
    return lines

"""rules/2 on a dev story it was tuned on, through a real worker: record precision and
recall against the story's annotations, and `evaluate` at N = 2, above floors set well
below what it measures (bench/extraction.py prints the figures), so a regression fails."""
from pathlib import Path

import pytest
from django.core.management import call_command

from ingest.extractors.annotations import annotations_read, records_score, story_records
from ledger.bundle import bundle_read, story_load
from ledger.evaluation import evaluate
from ledger.models import StanceRecord

pytestmark = pytest.mark.worker
DEV = Path(__file__).resolve().parents[2] / "fixtures" / "dev"
STORY = DEV / "river-spill"


def test_rules2_on_a_dev_story(celery_worker):
    celery_worker(concurrency=1)
    story, _ = story_load(STORY)
    call_command("ingest", story.slug, str(STORY / "articles.jsonl"), "--wait", "--timeout", "120")
    score = records_score(story_records(story), annotations_read(STORY))
    assert score.overall.precision >= 0.85 and score.overall.recall >= 0.7, score.as_dict()["overall"]
    overall = evaluate(story=story, confirm=2)["overall"]
    assert overall["current_accuracy"] >= 0.7 and overall["change_precision"] >= 0.7, overall
    # A report credited to another outlet is that outlet's, and says so.
    credited = StanceRecord.objects.filter(story=story, via__key="radio-kell").get()
    assert credited.outlet.key == "ostra-nachrichten" and credited.position == "deny"
    assert "declared" in credited.rationale and "radio-kell" in credited.rationale
    # Every record says why it was written.
    assert not StanceRecord.objects.filter(story=story, rationale="").exists()


def test_dev_bundles_are_consistent():
    """Each dev story loads as a user's bundle would (story.toml and key checked by the real
    loader), its key is the first report of its statements, and every annotation quotes its
    article and names an actor, a question, a position and an outlet the story has
    (fixtures/dev/build.py checks the quotes too when it writes them)."""
    import json

    for folder in sorted(p for p in DEV.iterdir() if (p / "story.toml").exists()):
        bundle = bundle_read(folder)  # BundleError names the file and entry at fault
        kinds = {q["id"]: q.get("kind", "stance") for q in bundle.config["questions"]}
        actors = {a["id"] for a in bundle.config["actors"]}
        outlets = {o["id"] for o in bundle.config["outlets"]}
        articles = {json.loads(line)["url"]: json.loads(line)["text"]
                    for line in (folder / "articles.jsonl").read_text().splitlines()}
        annotations = [json.loads(line) for line in (folder / "statements.jsonl").read_text().splitlines()]
        key = [json.loads(line) for line in (folder / "answer_key.jsonl").read_text().splitlines()]
        assert key and all(a["quote"] in articles[a["url"]] for a in annotations), folder.name
        for a in annotations:
            where = f"{folder.name}: {a['quote'][:60]!r}"
            if a.get("no_record"):
                continue
            assert a["actor"] in actors and a["question"] in kinds, where
            if kinds[a["question"]] == "number":
                assert a["position"] == "number" and isinstance(a.get("value"), (int, float)), where
            else:
                assert a["position"] in ("affirm", "deny", "partial"), where
            assert a.get("via") in (None, *outlets), where
        firsts = {(k["actor"], k["question"], k["quote"]) for k in key}
        assert firsts <= {(a.get("actor"), a.get("question"), a["quote"]) for a in annotations}, folder.name

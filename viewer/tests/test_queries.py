"""What each page costs in SQL queries, pinned: a page's cost must not grow with the number
of actors or records (no query per actor, per record or per question)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ingest.models import IngestReject, IngestRun

from ledger.models import Actor
from ledger.selectors import _story_cast, story_cast
from ledger.services import records_append
from ledger.tests.factories import canopy_make, record_draft

pytestmark = pytest.mark.django_db

# Anonymous reader; pinned counts (see each test for what they are).
PINNED = {
    # "head" is the chain head that keys the cached positions answer; "periods" the confirmed
    # periods with the records after them (the story's actors, outlets and questions are read
    # once per process and configuration)
    "story": 6,        # story with its head, topics, periods, sources of the shown records, its freshness (web
                       # sources), the ledger's last verification
    "story_json": 4,
    "pending": 3,      # story with its head, periods, sources
    "flip": 7,         # story, confirming record, head, periods, the flip's records with their sources, the
                       # actor's records with their roles on the day it was confirmed, their pages gone or not
    "record": 4,       # record (with story, actor, question, excerpt, article), topic, the actor's records
                       # on the question with their roles (the position is folded from them), its page gone or not
    "chart": 2,        # story, the records with their roles (the positions are folded from them)
    "runs": 2,         # story, runs
    "run": 3,          # story, run, rejects
    "story_list": 1,   # stories with their counts
    "overview": 6,     # story with its head, topics, periods of every question, sources of the shown records,
                       # the feeds' freshness line, the ledger's last verification
    "actor": 3,        # story with its head, periods of every question, sources
    "compare": 3,      # story with its head, periods of the question, sources
}


def grow(world, n_extra: int):
    """More actors and records on the same questions: each actor speaks, changes its mind,
    gets confirmed, and waits on a pending change."""
    story = world["story"]
    for i in range(n_extra):
        Actor.objects.create(story=story, key=f"extra-{i}", name=f"Extra {i}", side="others")
    # Actors come with a bundle, and loading one reads the story's cast again; made here
    # directly, they are read in as a load would.
    _story_cast.cache_clear()
    story_cast(story)
    drafts = []
    for i in range(n_extra):
        key = f"extra-{i}"
        drafts += [
            record_draft(story, key, "device-owned", "deny", "2025-03-10", "n1"),
            record_draft(story, key, "device-owned", "affirm", "2025-03-12", "rts"),
            record_draft(story, key, "device-owned", "affirm", "2025-03-13", "danas"),
            record_draft(story, key, "device-owned", "partial", "2025-03-14", "nova"),
            record_draft(story, key, "sound-used", "affirm", "2025-03-14", "nova"),
            record_draft(story, key, "crowd-size", "number", "2025-03-16", "n1", value=1000 + i),
        ]
    records_append(story=story, drafts=drafts)

def cost(client, url, params=None) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, params or {})
    assert response.status_code == 200, response.content[:500]
    return len(ctx.captured_queries)


def urls(world):
    flip_id = world["flip_id"]
    record = world["records"]["affirm1"].id
    return {
        "story": ("/stories/canopy/", {"topic": "march-15", "as_of": "2025-03-20"}),
        "story_json": ("/stories/canopy.json", {"topic": "march-15", "as_of": "2025-03-20"}),
        "pending": ("/stories/canopy/pending/", {"as_of": "2025-03-18"}),
        "flip": (f"/stories/canopy/flips/{flip_id}/", {}),
        "record": (f"/records/{record}/", {}),
        "chart": ("/stories/canopy/charts/device-owned.json", {"as_of": "2025-03-20"}),
        "runs": ("/stories/canopy/runs/", {}),
        "run": (f"/stories/canopy/runs/{world['run'].id}/", {}),
        "story_list": ("/", {}),
        "overview": ("/stories/canopy/", {"as_of": "2025-03-20"}),
        "actor": ("/stories/canopy/actors/ministry/", {"as_of": "2025-03-20"}),
        "compare": ("/stories/canopy/compare/", {"question": "device-owned", "actor": ["ministry", "students"],
                                                 "as_of": "2025-03-20"}),
    }


@pytest.fixture
def world(tmp_path):
    world = canopy_make(tmp_path)
    run = IngestRun.objects.create(story=world["story"], file_name="a.jsonl", extractor="rules", status="done")
    IngestReject.objects.create(run=run, line=1, reason="no text")
    world["run"] = run
    return world


@pytest.mark.parametrize("page", sorted(PINNED))
def test_page_cost_is_pinned_and_does_not_grow(client, world, page):
    url, params = urls(world)[page]
    small = cost(client, url, params)
    assert small == PINNED[page], f"{page}: {small} queries, pinned {PINNED[page]}"
    grow(world, 25)
    assert cost(client, url, params) == small, f"{page}: the cost grew with 25 more actors"


def test_story_page_cost_with_django_assert_num_queries(client, world, django_assert_num_queries):
    grow(world, 10)
    with django_assert_num_queries(PINNED["story"]):
        client.get("/stories/canopy/", {"topic": "march-15", "as_of": "2025-04-30", "confirm": 1})


def test_an_llm_run_page_costs_one_query_more_whatever_it_set_aside(client, world):
    from ingest.llm.models import LlmRejection

    run = IngestRun.objects.create(story=world["story"], file_name="b.jsonl", extractor="llm/claude-sonnet-5-5",
                                   status="done")
    url = f"/stories/canopy/runs/{run.id}/"
    excerpt = world["records"]["affirm1"].excerpt
    assert cost(client, url) == PINNED["run"] + 1  # the excerpts it set aside, with their count
    for stage in ("filter", "extract", "budget"):
        LlmRejection.objects.create(run=run, story=world["story"], excerpt=excerpt, stage=stage, model="m",
                                    reason=f"{stage}: no valid answer")
    assert cost(client, url) == PINNED["run"] + 1

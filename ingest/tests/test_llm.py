"""The LLM extractor, end to end through the real SDK clients (`anthropic.Anthropic`,
`openai.OpenAI`) whose HTTP client has a mock transport answering from recorded,
real-shaped API responses in llm_responses/ (Messages, Message Batches with their JSONL
results, Chat Completions). No live call is ever made: a request the test does not expect
fails the test, and no real key is used.
"""
import json
import time
from datetime import date
from decimal import Decimal
from pathlib import Path

import httpx2
import pytest

from ingest.extractors import extractor_get
from ingest.extractors.llm import BatchPending, LlmExtractor
from ingest.llm import providers
from ingest.llm.config import llm_config
from ingest.llm.estimate import estimate_file, estimate_items
from ingest.llm.groups import Item, group_message, groups_make, tokens_of
from ingest.llm.models import LlmBatch, LlmRejection, LlmRun
from ingest.llm.prompts import StoryContext, prefix
from ingest.llm.schema import InvalidAnswer, extract_item
from ingest.models import IngestRun
from ingest.services import excerpts_extract, ingest_file
from ledger.models import Excerpt, StanceRecord

from .conftest import article, write_lines

RESPONSES = Path(__file__).resolve().parent / "llm_responses"
SAID = "The Interior Ministry said the police do not have an LRAD."
NOT_SAID = "An LRAD is a long-range acoustic device used at sea."


def recorded(name: str, **ids) -> bytes:
    text = (RESPONSES / name).read_text()
    for key, value in ids.items():
        text = text.replace("{" + key + "}", str(value))
    return text.encode()


class Api:
    """A mock transport: routes requests to handlers, records every request, and fails
    the test on any request no route expects."""

    def __init__(self):
        self.routes, self.requests = [], []

    def on(self, method, path, *responses):
        self.routes.append([method, path, list(responses)])
        return self

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content) if request.content else None
        self.requests.append((request.method, request.url.path, body, dict(request.headers)))
        for method, path, responses in self.routes:
            if method == request.method and path == request.url.path and responses:
                status, headers, content = responses.pop(0) if len(responses) > 1 else responses[0]
                return httpx2.Response(status, headers={"content-type": "application/json", **headers},
                                       content=content(body) if callable(content) else content)
        raise AssertionError(f"unexpected request {request.method} {request.url}")

    def sent(self, method=None, path=None):
        return [r for r in self.requests if (method is None or r[0] == method) and (path is None or r[1] == path)]


@pytest.fixture
def api(monkeypatch):
    mock = Api()
    monkeypatch.setattr(providers, "http_client", lambda config: httpx2.Client(transport=httpx2.MockTransport(mock)))
    return mock


@pytest.fixture
def llm_settings(settings):
    def configure(**values):
        settings.LLM = {"PROVIDER": "anthropic", "API_KEY": "test-key-not-real", "FILTER_MODEL": "claude-haiku-5-5",
                        "EXTRACT_MODEL": "claude-sonnet-5-5", "BATCH": True, "CONCURRENCY": 2, "BATCH_POLL": 0,
                        "BATCH_WAIT": 0, "MAX_RETRIES": 2, **values}
        return llm_config()

    return configure


def ingested(story, tmp_path, *texts):
    lines = [article(f"https://danas.example/{n}", text) for n, text in enumerate(texts)]
    run = ingest_file(story=story, path=write_lines(tmp_path / "a.jsonl", lines), extractor="llm")
    ids = [Excerpt.objects.get(article__url=f"https://danas.example/{n}").id for n in range(len(texts))]
    return run, ids


THIRD = "The students said a sound cannon was used on 15 March."
FB, XB, RB = "msgbatch_01HkcTjaV5uDC8jWR4ZsDV8d", "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF", "msgbatch_01Nn4eK3QJqkVXw5pT2sH8Ye"
OK, BINARY = 200, {"content-type": "application/binary"}


def asked(body) -> list[int]:
    """The excerpt ids a request asks about, read from its user message."""
    message = json.loads(body["messages"][-1]["content"])
    return [e["id"] for p in message["passages"] for e in p["excerpts"]]


def note(body) -> str:
    return json.loads(body["messages"][-1]["content"]).get("note", "")


def by_request(routes: dict, **ids):
    """A handler answering a Messages request by (model, the ids it asks about)."""
    names = {v: k for k, v in ids.items()}

    def answer(body):
        key = (body["model"], tuple(names[i] for i in asked(body)))
        if key not in routes:
            raise AssertionError(f"unexpected request {key}")
        return recorded(routes[key], **ids)

    return answer


def test_grouped_batch_end_to_end(story, tmp_path, api, llm_settings):
    """Three excerpts, one request per stage: the filter's group passes two, the extract
    group answers both, and each answer lands on its own excerpt."""
    llm_settings()
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    stages = {"claude-haiku-5-5": "anthropic_batch_filter_created.json", "claude-sonnet-5-5": "anthropic_batch_extract_ended.json"}
    api.on("POST", "/v1/messages/batches", (OK, {}, lambda body: recorded(stages[body["requests"][0]["params"]["model"]])))
    api.on("GET", f"/v1/messages/batches/{FB}", (OK, {}, recorded("anthropic_batch_filter_created.json")),
           (OK, {}, recorded("anthropic_batch_filter_ended.json")))
    ids = dict(E1=e1, E2=e2, E3=e3)
    api.on("GET", f"/v1/messages/batches/{FB}/results", (OK, BINARY, recorded("anthropic_batch_filter_group_results.jsonl", **ids)))
    api.on("GET", f"/v1/messages/batches/{XB}", (OK, {}, recorded("anthropic_batch_extract_ended.json")))
    api.on("GET", f"/v1/messages/batches/{XB}/results", (OK, BINARY, recorded("anthropic_batch_extract_group_results.jsonl", **ids)))

    with pytest.raises(BatchPending):  # the filter batch is still in progress: hand back
        excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3])
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2

    submitted = [r[2]["requests"] for r in api.sent("POST", "/v1/messages/batches")]
    assert [len(requests) for requests in submitted] == [1, 1]  # one request a stage
    (filt,), (ext,) = submitted
    assert (filt["custom_id"], asked(filt["params"])) == (f"group-{e1}-3", [e1, e2, e3])
    assert (ext["custom_id"], asked(ext["params"])) == (f"group-{e1}-2", [e1, e3])  # the filtered-out one is not sent
    system = ext["params"]["system"]
    assert len(system) == 1 and system[0]["cache_control"] == {"type": "ephemeral"}  # the story prefix, once, cached
    assert "device-owned" in system[0]["text"] and SAID not in system[0]["text"]
    passages = json.loads(ext["params"]["messages"][0]["content"])["passages"]
    assert [p["text"] for p in passages] == [SAID, THIRD]
    assert filt["params"]["max_tokens"] == 3 * 24 + 16 and ext["params"]["max_tokens"] == 2 * 400 + 16

    records = {r.excerpt_id: (r.actor.key, r.question.key, r.position, r.quote) for r in StanceRecord.objects.all()}
    assert records == {e1: ("ministry", "device-owned", "deny", "the police do not have an LRAD"),
                       e3: ("students", "sound-used", "affirm", "a sound cannon was used on 15 March")}
    assert list(LlmBatch.objects.values_list("stage", "status", "groups")) == [
        ("filter", "results_read", {f"group-{e1}-3": [e1, e2, e3]}), ("extract", "results_read", {f"group-{e1}-2": [e1, e3]})]
    run.refresh_from_db()
    # tokens: filter 534 + 412 written to the cache, 41 out; extract 861 in, 96 out; batches at half price
    assert (run.tokens_in, run.tokens_out, run.status, run.records) == (534 + 412 + 861, 41 + 96, "done", 2)
    expected = (Decimal(534) * Decimal("0.10") + Decimal(412) * Decimal("0.125") + 41 * Decimal("0.50")
                + Decimal(861) * 2 + 96 * 10) / 2_000_000
    assert run.cost_usd == expected.quantize(Decimal("0.000001"))
    assert not LlmRejection.objects.exists()


def direct_routes(api, e1, e2, e3, extract: dict):
    """Direct calls: the filter's group passes e1 and e3; `extract` answers the rest."""
    routes = {("claude-haiku-5-5", ("E1", "E2", "E3")): "anthropic_message_filter_group.json", **extract}
    api.on("POST", "/v1/messages", (OK, {}, by_request(routes, E1=e1, E2=e2, E3=e3)))


def extract_calls(api):
    return [r[2] for r in api.sent("POST", "/v1/messages") if r[2]["model"] == "claude-sonnet-5-5"]


def test_missing_item_is_asked_again_alone(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    direct_routes(api, e1, e2, e3, {
        ("claude-sonnet-5-5", ("E1", "E3")): "anthropic_message_extract_group_missing.json",
        ("claude-sonnet-5-5", ("E3",)): "anthropic_message_extract_alone_e3.json"})
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2
    calls = extract_calls(api)
    assert [asked(c) for c in calls] == [[e1, e3], [e3]]  # e1's good item is never asked again
    assert note(calls[1]) == "An earlier answer for this excerpt could not be used (no answer for this excerpt in the list). Answer for it again."
    assert sorted(StanceRecord.objects.values_list("excerpt_id", "actor__key")) == [(e1, "ministry"), (e3, "students")]
    assert not LlmRejection.objects.exists()
    run.refresh_from_db()
    assert (run.tokens_in, run.tokens_out) == (534 + 861 + 744, 41 + 47 + 49)


def test_extra_item_lands_nowhere(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    direct_routes(api, e1, e2, e3, {("claude-sonnet-5-5", ("E1", "E3")): "anthropic_message_extract_group_extra.json"})
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2
    assert [asked(c) for c in extract_calls(api)] == [[e1, e3]]  # nothing asked again
    # The extra item (an id not asked: 424242) wrote nothing anywhere.
    assert sorted(StanceRecord.objects.values_list("excerpt_id", "actor__key", "confidence")) == [
        (e1, "ministry", 0.9), (e3, "students", 0.85)]
    assert not LlmRejection.objects.exists()


def test_wrong_id_is_not_believed(story, tmp_path, api, llm_settings):
    """The model files e1's statement under e3's id: its quote is not in e3's excerpt, so the
    item is refused, and both excerpts are asked again alone; each answer lands on its own."""
    llm_settings(BATCH=False)
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    direct_routes(api, e1, e2, e3, {
        ("claude-sonnet-5-5", ("E1", "E3")): "anthropic_message_extract_group_wrong_id.json",
        ("claude-sonnet-5-5", ("E1",)): "anthropic_message_extract_alone_e1.json",
        ("claude-sonnet-5-5", ("E3",)): "anthropic_message_extract_alone_e3.json"})
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2
    calls = extract_calls(api)
    assert [asked(c) for c in calls[1:]] in ([[e1], [e3]], [[e3], [e1]])
    notes = {asked(c)[0]: note(c) for c in calls[1:]}
    assert "no answer for this excerpt in the list" in notes[e1]
    assert "the quote is not copied from the excerpt" in notes[e3]
    records = sorted(StanceRecord.objects.values_list("excerpt_id", "actor__key", "question__key"))
    assert records == [(e1, "ministry", "device-owned"), (e3, "students", "sound-used")]


def batch_routes(api, e1, e2, e3, *, extract_results, retry_results=None, pending=()):
    """Batches: filter (ended), extract, extract_retry; a stage named in `pending` is in
    progress at its first look and ended at the second."""
    created = {"claude-haiku-5-5": "anthropic_batch_filter_ended.json", "claude-sonnet-5-5": "anthropic_batch_extract_ended.json"}

    def submit(body):
        first = body["requests"][0]
        if first["custom_id"].startswith("excerpt-") and first["params"]["model"] == "claude-sonnet-5-5":
            return recorded("anthropic_batch_retry_ended.json")
        return recorded(created[first["params"]["model"]])

    api.on("POST", "/v1/messages/batches", (OK, {}, submit))
    for bid, stage, ended in ((FB, "filter", "anthropic_batch_filter_ended.json"), (XB, "extract", "anthropic_batch_extract_ended.json"),
                              (RB, "extract_retry", "anthropic_batch_retry_ended.json")):
        looks = [(OK, {}, recorded("anthropic_batch_filter_created.json").replace(FB.encode(), bid.encode()))] if stage in pending else []
        api.on("GET", f"/v1/messages/batches/{bid}", *looks, (OK, {}, recorded(ended)))
    ids = dict(E1=e1, E2=e2, E3=e3)
    api.on("GET", f"/v1/messages/batches/{FB}/results", (OK, BINARY, recorded("anthropic_batch_filter_group_results.jsonl", **ids)))
    api.on("GET", f"/v1/messages/batches/{XB}/results", (OK, BINARY, recorded(extract_results, **ids)))
    if retry_results:
        api.on("GET", f"/v1/messages/batches/{RB}/results", (OK, BINARY, recorded(retry_results, **ids)))


def test_truncated_list_keeps_what_came_and_asks_the_rest_alone(story, tmp_path, api, llm_settings):
    llm_settings()
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    batch_routes(api, e1, e2, e3, extract_results="anthropic_batch_extract_group_truncated.jsonl",
                 retry_results="anthropic_batch_extract_retry_bad.jsonl")
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 1
    retry = api.sent("POST", "/v1/messages/batches")[2][2]["requests"]
    assert [(r["custom_id"], asked(r["params"])) for r in retry] == [(f"excerpt-{e3}", [e3])]
    assert "the answer was cut off before this excerpt" in note(retry[0]["params"])
    assert list(StanceRecord.objects.values_list("excerpt_id", "actor__key")) == [(e1, "ministry")]
    rejection = LlmRejection.objects.get()
    assert (rejection.excerpt_id, rejection.stage, rejection.model, rejection.run_id) == (e3, "extract", "claude-sonnet-5-5", run.pk)
    assert rejection.reason == ("the answer was cut off before this excerpt; asked again alone: "
                                "statements.0.actor: unknown actor 'police'")
    assert '"actor": "police"' in rejection.answer
    assert list(LlmBatch.objects.values_list("stage", flat=True)) == ["filter", "extract", "extract_retry"]
    run.refresh_from_db()
    assert (run.status, run.excerpts_done, run.tokens_out) == ("done", 3, 41 + 64 + 52)


def test_restart_in_the_middle_of_a_grouped_batch_pays_nothing_twice(story, tmp_path, api, llm_settings):
    """Each delivery below is a fresh extractor (as after a worker's restart): it finds the
    batches the earlier ones submitted and goes on from their rows."""
    llm_settings()
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    batch_routes(api, e1, e2, e3, extract_results="anthropic_batch_extract_group_missing.jsonl",
                 retry_results="anthropic_batch_extract_retry_e3.jsonl", pending=("extract", "extract_retry"))
    with pytest.raises(BatchPending, match="extract"):  # the extract group is in progress
        excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3])
    with pytest.raises(BatchPending, match="extract_retry"):  # e3, missing from it, is asked alone
        excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3])
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 0  # a redelivery after the end

    submitted = [[(r["params"]["model"], tuple(asked(r["params"]))) for r in b[2]["requests"]]
                 for b in api.sent("POST", "/v1/messages/batches")]
    assert submitted == [[("claude-haiku-5-5", (e1, e2, e3))], [("claude-sonnet-5-5", (e1, e3))], [("claude-sonnet-5-5", (e3,))]]
    for bid in (FB, XB, RB):  # each batch's results read once
        assert len(api.sent("GET", f"/v1/messages/batches/{bid}/results")) == 1
    assert sorted(StanceRecord.objects.values_list("excerpt_id", "actor__key")) == [(e1, "ministry"), (e3, "students")]
    run.refresh_from_db()
    assert (run.status, run.excerpts_done, run.records) == ("done", 3, 2)
    assert run.tokens_out == 41 + 47 + 49 and run.tokens_in == 534 + 412 + 861 + 498 + 744 + 498  # counted once
    assert run.cost_usd == sum(LlmBatch.objects.values_list("cost_usd", flat=True))


def test_rate_limit_429_is_retried_after_retry_after(story, tmp_path, api, llm_settings):
    """The OpenAI-compatible path (a local server or OpenAI): the SDK's own retry waits as
    the 429 asks and tries again."""
    llm_settings(PROVIDER="openai", API_KEY="", BASE_URL="http://127.0.0.1:8080/v1", BATCH=True,
                 FILTER_MODEL="small-model", EXTRACT_MODEL="big-model", CONCURRENCY=1)
    run, (e1,) = ingested(story, tmp_path, SAID)
    assert run.extractor == "llm/big-model"

    def by_model(body):
        return recorded("openai_chat_filter_yes.json" if body["model"] == "small-model" else "openai_chat_extract.json")

    api.on("POST", "/v1/chat/completions",
           (429, {"retry-after": "1"}, recorded("openai_error_rate_limit.json")), (200, {}, by_model))
    started = time.monotonic()
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1]) == 1
    assert time.monotonic() - started >= 1.0  # waited as told
    calls = api.sent("POST", "/v1/chat/completions")
    assert [c[2]["model"] for c in calls] == ["small-model", "small-model", "big-model"]
    assert calls[1][3].get("x-stainless-retry-count") == "1"
    assert calls[0][2]["messages"][0]["role"] == "system"  # the story prefix leads, for the server's prefix cache
    assert not api.sent("POST", "/v1/batches")  # batches are Anthropic's only
    record = StanceRecord.objects.get()
    assert (record.extractor, record.position) == ("llm/big-model", "deny")
    run.refresh_from_db()
    assert (run.tokens_in, run.tokens_out, run.cost_usd) == (388 + 612, 6 + 55, 0)  # unpriced models cost 0


def synthetic(n: int, *, per_article: int = 1) -> list[Item]:
    return [Item(id=100_000 + k, sentence=f"Sentence {k} " + "S" * 60, text=f"Before. Sentence {k} " + "S" * 60 + " After " + "T" * 200,
                 day=date(2025, 3, 16), article=k // per_article, position=k, topic="march-15") for k in range(n)]


def test_estimate_figures(story, llm_settings, settings):
    ctx = StoryContext.of(story)
    items = synthetic(1000)
    est = estimate_items(ctx, items, llm_settings(GROUP_SIZE=20))
    filt, ext = est.stages
    assert (filt.stage, filt.model, filt.requests, filt.group_size) == ("filter", "claude-haiku-5-5", 50, 20)
    assert (ext.stage, ext.model, ext.requests, ext.group_size) == ("extract", "claude-sonnet-5-5", 50, 20)
    # The prefix once a request, then each group's passages as they would be sent.
    for stage in (filt, ext):
        assert stage.prefix_tokens == tokens_of(prefix(ctx, stage.stage))
        assert stage.tokens_in == 50 * stage.prefix_tokens + sum(
            tokens_of(group_message(items[k:k + 20])) + 12 for k in range(0, 1000, 20))
    q = Decimal("0.000001")
    assert filt.cost_usd == ((Decimal(filt.tokens_in) * Decimal("0.10") + filt.tokens_out * Decimal("0.50")) / 2_000_000).quantize(q)
    assert ext.cost_usd == ((Decimal(ext.tokens_in) * 2 + ext.tokens_out * 10) / 2_000_000).quantize(q)
    assert est.cost_usd == filt.cost_usd + ext.cost_usd
    assert est.cached_usd == est.cost_usd  # this story's prefix is under 1,024 tokens: no provider caches it
    one = estimate_items(ctx, items, llm_settings(GROUP_SIZE=1))
    assert [s.requests for s in one.stages] == [1000, 1000]
    assert one.tokens_out - 2 * 2000 == est.tokens_out - 2 * 100  # the same answers, without 1,900 list brackets
    assert est.cost_usd < one.cost_usd / 2  # the prefix, paid 50 times instead of 1,000
    direct = estimate_items(ctx, items, llm_settings(BATCH=False))
    assert abs(direct.cost_usd - 2 * est.cost_usd) <= Decimal("0.000002")  # the batch discount is half
    lines = "\n".join(est.lines())
    assert "1000 excerpts (batch, 50% off" in lines and f"${est.cost_usd:.4f}" in lines and "of up to  20 excerpts" in lines
    local = estimate_items(ctx, items, llm_settings(PROVIDER="openai", FILTER_MODEL="m1", EXTRACT_MODEL="m2"))
    assert local.cost_usd == 0 and not local.batch and "no price for this model" in "\n".join(local.lines())
    # A model with a small context or short answers gets smaller groups.
    settings.LLM_PRICES = {"m2": {"input": 1, "output": 1, "context": 4096, "max_output": 2000}}
    local = estimate_items(ctx, items, llm_settings(PROVIDER="openai", FILTER_MODEL="m1", EXTRACT_MODEL="m2", GROUP_SIZE=40))
    assert [s.group_size for s in local.stages] == [40, 5]  # 2,000 answer tokens hold 5 extract answers of 400
    assert local.stages[1].requests == 200


def test_groups_keep_an_article_together_and_its_context_once():
    # Two articles of three excerpts whose contexts overlap, and one of one, in groups of 4.
    a = [Item(id=1 + k, sentence=s, text=t, day=date(2025, 3, 16), article=7, position=10 * k, topic="march-15")
         for k, (s, t) in enumerate([("B.", "A. B. C."), ("C.", "B. C. D."), ("D.", "C. D. E.")])]
    b = [Item(id=10 + k, sentence=f"X{k}.", text=f"W. X{k}. Y.", day=date(2025, 3, 16), article=8, position=100 * k, topic="march-15")
         for k in range(3)]
    c = [Item(id=20, sentence="Z.", text="Z.", day=date(2025, 3, 15), article=9, topic="march-15")]
    groups = groups_make(b + a + c, 4)
    assert [[i.id for i in g] for g in groups] == [[20, 1, 2, 3], [10, 11, 12]]
    passages = json.loads(group_message(groups[0]))["passages"]
    assert passages == [{"date": "2025-03-15", "text": "Z.", "excerpts": [{"id": 20, "sentence": "Z."}]},
                        {"date": "2025-03-16", "text": "A. B. C. D. E.",
                         "excerpts": [{"id": 1, "sentence": "B."}, {"id": 2, "sentence": "C."}, {"id": 3, "sentence": "D."}]}]


CANOPY = Path(__file__).resolve().parents[2] / "fixtures" / "canopy"


def test_demo_story_costs_at_most_the_study_price(db, llm_settings):
    """The printed upper bound for the demo story, at the listed prices and the default
    group size, is at or under the study's real spend ($0.74 per 1,000 excerpts)."""
    from ledger.bundle import story_load

    story, _ = story_load(CANOPY)
    est = estimate_file(story, CANOPY / "articles.jsonl", llm_settings(GROUP_SIZE=20))
    assert est.excerpts > 300
    assert est.per_thousand(est.cost_usd) <= Decimal("0.74")
    assert est.per_thousand(est.cached_usd) <= Decimal("0.85") * est.per_thousand(est.cost_usd)


def test_command_estimate_sends_nothing_and_asks_nothing(story, tmp_path, api, llm_settings, capsys):
    from django.core.management import CommandError, call_command

    llm_settings(API_KEY="")  # no key needed to estimate
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", SAID),
                                              article("https://danas.example/2", THIRD)])
    call_command("ingest", "teststory", str(path), "--extractor", "llm", "--estimate", "--json")
    out = capsys.readouterr().out
    estimate = json.loads(out)  # one JSON object, nothing else
    assert estimate["excerpts"] == 2 and estimate["usd_upper"] >= estimate["usd_cached"] > 0
    assert [(s["stage"], s["requests"]) for s in estimate["stages"]] == [("filter", 1), ("extract", 1)]
    assert estimate["usd_upper"] == pytest.approx(sum(s["usd_upper"] for s in estimate["stages"]))
    call_command("ingest", "teststory", str(path), "--extractor", "llm", "--estimate")
    assert capsys.readouterr().out.startswith("LLM estimate for 2 excerpts (batch, 50% off")
    assert api.requests == [] and not Excerpt.objects.exists() and not IngestRun.objects.exists()
    assert not LlmRun.objects.exists()
    with pytest.raises(CommandError, match="^--estimate and --json go with --extractor llm$"):
        call_command("ingest", "teststory", str(path), "--estimate")


def test_budget_reached_sends_nothing(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    LlmRun.objects.create(story=story, max_cost_usd=Decimal("0.000001"))
    run, (e1,) = ingested(story, tmp_path, SAID)
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1]) == 0
    assert api.requests == []  # nothing sent
    assert LlmRun.objects.get().run_id == run.pk
    rejection = LlmRejection.objects.get()
    assert (rejection.stage, rejection.excerpt_id) == ("budget", e1)
    assert "budget" in rejection.reason


def test_two_runs_of_one_story_each_spend_their_own_budget(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    armed = LlmRun.objects.create(story=story, max_cost_usd=Decimal("0.000001"))
    first, (e1,) = ingested(story, tmp_path, SAID)
    # A second run of the same story starts while the first is still running.
    second = ingest_file(story=story, extractor="llm", path=write_lines(
        tmp_path / "b.jsonl", [article("https://danas.example/later", SAID)]))
    assert second.started_at > first.started_at
    assert excerpts_extract(run_id=first.pk, excerpt_ids=[e1]) == 0
    assert api.requests == []  # the first run's budget, armed for it, stopped it
    armed.refresh_from_db()
    assert armed.run_id == first.pk
    assert not LlmRun.objects.filter(run=second).exists()


def test_extractor_registered(llm_settings):
    llm_settings(EXTRACT_MODEL="claude-sonnet-5-5")
    assert isinstance(extractor_get("llm"), LlmExtractor)
    assert extractor_get("llm/claude-sonnet-5-5").name == "llm/claude-sonnet-5-5"


def test_preflight_max_cost_stops_before_anything(story, tmp_path, api, llm_settings):
    from ingest.llm.gate import CostRefused, preflight

    llm_settings()
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", SAID),
                                              article("https://danas.example/2", NOT_SAID)])
    lines = []
    with pytest.raises(CostRefused, match=r"^the estimate \(\$0\.00\d+\) is over --max-cost \$0\.0001: nothing sent$"):
        preflight(story, path, max_cost=Decimal("0.0001"), yes=True, interactive=False, ask=None, write=lines.append)
    assert lines[0].startswith("LLM estimate for 2 excerpts (batch, 50% off")  # printed before refusing
    assert api.requests == [] and not LlmRun.objects.exists() and not Excerpt.objects.exists()
    with pytest.raises(CostRefused, match="pass --yes"):
        preflight(story, path, max_cost=None, yes=False, interactive=False, ask=None, write=lines.append)
    with pytest.raises(CostRefused, match="cancelled"):
        preflight(story, path, max_cost=None, yes=False, interactive=True, ask=lambda q: "n", write=lines.append)
    est, budget = preflight(story, path, max_cost=Decimal("1"), yes=False, interactive=True, ask=lambda q: "y",
                            write=lines.append)
    assert (est.excerpts, budget.max_cost_usd, budget.estimate_usd, budget.run) == (2, Decimal("1"), est.cost_usd, None)
    assert api.requests == []


def test_command_max_cost_stops_the_run_before_anything_is_sent(story, tmp_path, api, llm_settings, capsys):
    from django.core.management import CommandError, call_command

    llm_settings()
    path = write_lines(tmp_path / "a.jsonl", [article("https://danas.example/1", SAID)])
    with pytest.raises(CommandError, match=r"^the estimate \(\$0\.00\d+\) is over --max-cost \$0\.00001: nothing sent$"):
        call_command("ingest", "teststory", str(path), "--extractor", "llm", "--max-cost", "0.00001", "--yes")
    assert "LLM estimate for 1 excerpts (batch, 50% off" in capsys.readouterr().out  # printed first
    assert api.requests == [] and not Excerpt.objects.exists() and not IngestRun.objects.exists()
    # No terminal to ask on and no --yes: refused, in one line.
    with pytest.raises(CommandError, match=r"^not confirmed: answer on a terminal or pass --yes \(nothing sent\)$"):
        call_command("ingest", "teststory", str(path), "--extractor", "llm")
    assert api.requests == [] and not IngestRun.objects.exists()
    # Within the budget and confirmed: the run starts with its budget armed; the records come
    # from the workers (see the tests above), and the spend is printed with the counts.
    call_command("ingest", "teststory", str(path), "--extractor", "llm", "--max-cost", "1", "--yes")
    run = IngestRun.objects.get()
    assert (run.extractor, run.llm.max_cost_usd) == ("llm/claude-sonnet-5-5", Decimal("1"))
    assert "teststory: articles 1, excerpts 1" in capsys.readouterr().out
    assert api.requests == []  # the command itself sends nothing


def test_worker_task_comes_back_while_the_batch_runs(story, tmp_path, api, llm_settings):
    """The Celery task hands a pending batch back to the queue (a retry with a countdown)
    instead of failing; here run eagerly, so the retry runs at once."""
    from ingest.tasks import excerpts_extract_task

    llm_settings()
    run, (e1, e2, e3) = ingested(story, tmp_path, SAID, NOT_SAID, THIRD)
    batch_routes(api, e1, e2, e3, extract_results="anthropic_batch_extract_group_results.jsonl", pending=("extract",))
    excerpts_extract_task.apply(args=(run.pk, [e1, e2, e3]))
    assert {r.extractor for r in StanceRecord.objects.all()} == {"llm/claude-sonnet-5-5"}
    assert len(api.sent("GET", f"/v1/messages/batches/{XB}")) >= 2  # looked again
    assert len(api.sent("POST", "/v1/messages/batches")) == 2  # and submitted nothing twice


def test_run_page_shows_what_the_run_spent_against_its_estimate(story, tmp_path, api, llm_settings, client, capsys):
    from django.core.management import call_command

    llm_settings(BATCH=False)
    path = write_lines(tmp_path / "a.jsonl", [article(f"https://danas.example/{n}", text)
                                              for n, text in enumerate((SAID, NOT_SAID, THIRD))])
    call_command("ingest", "teststory", str(path), "--extractor", "llm", "--max-cost", "1", "--yes")
    run = IngestRun.objects.get()
    e1, e2, e3 = (Excerpt.objects.get(article__url=f"https://danas.example/{n}").id for n in range(3))
    direct_routes(api, e1, e2, e3, {("claude-sonnet-5-5", ("E1", "E3")): "anthropic_message_extract_group_extra.json"})
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2, e3]) == 2
    run.refresh_from_db()
    armed = run.llm
    assert armed.estimate["excerpts"] == 3 and armed.estimate_usd == Decimal(str(armed.estimate["usd_upper"])) > 0
    assert 0 < run.cost_usd

    spend = client.get(f"/stories/teststory/runs/{run.id}.json").json()["spend"]
    assert Decimal(spend["spent_usd"]) == run.cost_usd and Decimal(spend["estimate_usd"]) == armed.estimate_usd
    assert (spend["estimate_excerpts"], spend["tokens_in"], spend["max_cost_usd"]) == (3, run.tokens_in, "1.000000")
    assert spend["of_estimate"] == round(float(run.cost_usd / armed.estimate_usd) * 100, 1)
    html = client.get(f"/stories/teststory/runs/{run.id}/").content.decode()
    assert "Spent against the estimate" in html
    assert f"Spent <strong>${run.cost_usd:.4f}</strong> of an estimated <strong>${armed.estimate_usd:.4f}</strong>" in html


def test_an_llm_run_queues_its_steps_together(story, tmp_path, monkeypatch):
    """Requests hold many excerpts only if a task does: an LLM run queues the excerpts of the
    steps it releases together (the rules extractor keeps one batch a step)."""
    from ingest.models import IngestBatch
    from ingest.services import batches as batch_service

    from . import corpus

    monkeypatch.setattr(batch_service, "batches_send", lambda batches, *, run_id: None)  # no broker: nothing runs
    path = corpus.write(tmp_path / "a.jsonl", 30, seed=2)
    run = ingest_file(story=story, path=path, extractor="llm")
    sizes = [len(b.excerpt_ids) for b in IngestBatch.objects.filter(run=run)]
    assert len(sizes) == 1 and sizes[0] == run.queued == Excerpt.objects.filter(capped=False).count() > 20
    rules = ingest_file(story=story, path=corpus.write(tmp_path / "b.jsonl", 30, seed=3))
    assert IngestBatch.objects.filter(run=rules).count() > 1


def test_a_range_and_a_credit_to_another_outlet(story, tmp_path, api, llm_settings):
    """The schema asks for `value_high` (a range) and `via` (the outlet the sentence credits);
    the record carries both."""
    llm_settings(BATCH=False)
    run, (e1,) = ingested(story, tmp_path, "The Archive of Public Gatherings estimated, as Beta reported, "
                                           "that between 275,000 and 325,000 people came.")
    api.on("POST", "/v1/messages", (OK, {}, by_request({
        ("claude-haiku-5-5", ("E1",)): "anthropic_message_filter_one.json",
        ("claude-sonnet-5-5", ("E1",)): "anthropic_message_extract_range_via.json"}, E1=e1)))
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1]) == 1
    request = extract_calls(api)[0]
    assert '"value_high"' in request["system"][0]["text"] and "- beta: Beta" in request["system"][0]["text"]
    assert json.loads(request["messages"][0]["content"])["passages"][0]["outlet"] == "danas"
    record = StanceRecord.objects.get()
    assert (record.actor.key, record.position, record.value, record.value_high, record.via.key, record.outlet.key) == (
        "archive", "number", 275000, 325000, "beta", "danas")


def test_via_naming_the_excerpts_own_outlet_or_a_bad_range_is_no_credit():
    ctx = StoryContext(slug="s", title="t", actors={"archive": {}}, outlets={"danas": "Danas", "beta": "Beta"},
                       questions={"crowd-size": {"kind": "number", "topic": "crowds"}})
    item = {"statements": [{"actor": "archive", "question": "crowd-size", "position": "number", "value": 1000, "via": "danas"}]}
    assert extract_item(item, story=ctx, outlet="danas")[0].via is None
    assert extract_item(item, story=ctx, outlet="rts")[0].via == "danas"
    item["statements"][0].update(via="nowhere")
    with pytest.raises(InvalidAnswer, match="unknown outlet 'nowhere'"):
        extract_item(item, story=ctx, outlet="danas")
    item["statements"][0].update(via=None, value_high=900)
    with pytest.raises(InvalidAnswer, match="value_high must be above value"):
        extract_item(item, story=ctx, outlet="danas")


class StandIn:
    """A local HTTP server standing in for the Anthropic Message Batches API, for real worker
    processes: it answers from the recorded responses, counts what it is sent, and keeps a
    batch in progress until the test ends it."""

    def __init__(self):
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.ids, self.posts, self.looks, self.results = {}, [], {}, {}
        self.ended = {XB}
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, body: bytes, kind="application/json"):
                self.send_response(200)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                stand_in.posts.append([(r["params"]["model"], asked(r["params"])) for r in body["requests"]])
                bid = FB if body["requests"][0]["params"]["model"] == "claude-haiku-5-5" else XB
                self._send(self._created(bid))

            def _created(self, bid):  # in progress, as a batch is when it is created
                return recorded("anthropic_batch_filter_created.json").replace(FB.encode(), bid.encode())

            def do_GET(self):
                bid = self.path.split("/")[4]
                if self.path.endswith("/results"):
                    stand_in.results[bid] = stand_in.results.get(bid, 0) + 1
                    name = ("anthropic_batch_filter_group_results.jsonl" if bid == FB
                            else "anthropic_batch_extract_group_results.jsonl")
                    return self._send(recorded(name, **stand_in.ids), "application/binary")
                stand_in.looks[bid] = stand_in.looks.get(bid, 0) + 1
                if bid not in stand_in.ended:
                    return self._send(self._created(bid))
                name = "anthropic_batch_filter_ended.json" if bid == FB else "anthropic_batch_extract_ended.json"
                self._send(recorded(name).replace(b"https://api.anthropic.com", stand_in.url.encode()))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.worker
def test_a_worker_killed_while_it_waits_on_a_grouped_batch(celery_worker, tmp_path, monkeypatch):
    """Real workers on a real broker, the real SDK over HTTP: kill -9 the worker while it
    waits on the filter batch, end the batch, start a fresh worker (with the watchdog that
    sends a dead worker's batch again): it finds the Message Batch the dead one submitted and
    goes on; every request was sent and paid for once."""
    from ingest.tests.test_worker import wait_done
    from ledger.tests.factories import INGEST, story_make

    stand_in = StandIn()
    try:
        monkeypatch.setenv("LLM_TEST_BASE_URL", stand_in.url)
        monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "ingest.tests.llm_worker_settings")
        story = story_make(tmp_path, **INGEST)
        path = write_lines(tmp_path / "a.jsonl", [article(f"https://danas.example/{n}", text)
                                                  for n, text in enumerate((SAID, NOT_SAID, THIRD))])
        run = ingest_file(story=story, path=path, extractor="llm")
        e1, e2, e3 = (Excerpt.objects.get(article__url=f"https://danas.example/{n}").id for n in range(3))
        stand_in.ids = dict(E1=e1, E2=e2, E3=e3)
        first = celery_worker()
        deadline = time.monotonic() + 60
        while stand_in.looks.get(FB, 0) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert stand_in.looks.get(FB, 0) >= 3, "the worker never waited on the filter batch"
        first.kill()
        stand_in.ended.add(FB)
        # The killed worker never acknowledged its message: the watchdog (beat) sends the batch
        # again once no worker has touched the run for INGEST_BATCH_STALE_SECONDS.
        monkeypatch.setenv("INGEST_WATCHDOG_SECONDS", "1")
        monkeypatch.setenv("INGEST_BATCH_STALE_SECONDS", "8")
        celery_worker(beat=True)
        run = wait_done(run, timeout=90)
        assert stand_in.posts == [[("claude-haiku-5-5", [e1, e2, e3])], [("claude-sonnet-5-5", [e1, e3])]]
        assert stand_in.results == {FB: 1, XB: 1}
        records = {r.excerpt_id: (r.actor.key, r.question.key, r.position) for r in StanceRecord.objects.all()}
        assert records == {e1: ("ministry", "device-owned", "deny"), e3: ("students", "sound-used", "affirm")}
        assert (run.excerpts_done, run.records, run.tokens_out) == (3, 2, 41 + 96)
    finally:
        stand_in.close()

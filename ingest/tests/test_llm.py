"""The LLM extractor, end to end through the real SDK clients (`anthropic.Anthropic`,
`openai.OpenAI`) whose HTTP client has a mock transport answering from recorded,
real-shaped API responses in llm_responses/ (Messages, Message Batches with their JSONL
results, Chat Completions). No live call is ever made: a request the test does not expect
fails the test, and no real key is used.
"""
import json
import time
from decimal import Decimal
from pathlib import Path

import httpx2
import pytest

from ingest.extractors import extractor_get
from ingest.extractors.llm import BatchPending, LlmExtractor
from ingest.llm import providers
from ingest.llm.config import llm_config
from ingest.llm.estimate import estimate_texts, tokens_of
from ingest.llm.models import LlmBatch, LlmRejection, LlmRun
from ingest.llm.prompts import StoryContext, excerpt_message, prefix
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
    lines = [article(f"https://alpha.example/{n}", text) for n, text in enumerate(texts)]
    run = ingest_file(story=story, path=write_lines(tmp_path / "a.jsonl", lines), extractor="llm")
    ids = [Excerpt.objects.get(article__url=f"https://alpha.example/{n}").id for n in range(len(texts))]
    return run, ids


def batch_routes(api, e1, e2):
    """The filter batch is in progress at the first look and ended at the second; the
    extract batch has ended at the first look."""
    fb, xb = "msgbatch_01HkcTjaV5uDC8jWR4ZsDV8d", "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF"

    def created(body):
        first = body["requests"][0]["params"]["model"]
        return recorded("anthropic_batch_filter_created.json" if first == "claude-haiku-5-5"
                        else "anthropic_batch_extract_created.json")

    ok, binary = 200, {"content-type": "application/binary"}
    api.on("POST", "/v1/messages/batches", (ok, {}, created))
    api.on("GET", f"/v1/messages/batches/{fb}", (ok, {}, recorded("anthropic_batch_filter_created.json")),
           (ok, {}, recorded("anthropic_batch_filter_ended.json")))
    api.on("GET", f"/v1/messages/batches/{fb}/results", (ok, binary, recorded("anthropic_batch_filter_results.jsonl", E1=e1, E2=e2)))
    api.on("GET", f"/v1/messages/batches/{xb}", (ok, {}, recorded("anthropic_batch_extract_ended.json")))
    api.on("GET", f"/v1/messages/batches/{xb}/results", (ok, binary, recorded("anthropic_batch_extract_results.jsonl", E1=e1)))
    return fb


def test_batch_from_submission_to_records(story, tmp_path, api, llm_settings):
    llm_settings()
    run, (e1, e2) = ingested(story, tmp_path, SAID, NOT_SAID)
    assert run.extractor == "llm/claude-sonnet-5-5"
    fb = batch_routes(api, e1, e2)

    # First delivery: the filter batch is submitted and still in progress: hand back.
    with pytest.raises(BatchPending):
        excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2])
    filt = LlmBatch.objects.get(stage="filter")
    assert (filt.provider_batch_id, filt.status, filt.excerpt_ids, filt.run_id) == (fb, "in_progress", [e1, e2], run.pk)
    submitted = api.sent("POST", "/v1/messages/batches")
    assert len(submitted) == 1
    request = submitted[0][2]["requests"][0]
    assert request["custom_id"] == f"excerpt-{e1}"
    assert request["params"]["system"][0]["cache_control"] == {"type": "ephemeral"}  # the story prefix is cached
    assert "device-owned" in request["params"]["system"][0]["text"] and "ministry" in request["params"]["system"][0]["text"]
    assert SAID in request["params"]["messages"][0]["content"]
    headers = submitted[0][3]
    assert "test-key-not-real" in headers.get("x-api-key", headers.get("authorization", ""))

    # Second delivery (after a restart, say): the same batch is polled, not submitted again;
    # its results pass one excerpt; the extract batch is submitted, ends, and is read.
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e2]) == 1
    assert len(api.sent("POST", "/v1/messages/batches")) == 2
    extract_request = api.sent("POST", "/v1/messages/batches")[1][2]["requests"]
    assert [r["custom_id"] for r in extract_request] == [f"excerpt-{e1}"]  # the filtered-out one is not sent
    assert list(LlmBatch.objects.values_list("stage", "status", "succeeded")) == [
        ("filter", "results_read", 2), ("extract", "results_read", 1)]

    record = StanceRecord.objects.get()
    assert (record.actor.key, record.question.key, record.position, record.extractor, record.excerpt_id) == (
        "ministry", "device-owned", "deny", "llm/claude-sonnet-5-5", e1)
    assert record.quote == "the police do not have an LRAD"
    assert not StanceRecord.objects.filter(excerpt_id=e2).exists()  # filtered out: no record
    run.refresh_from_db()
    # tokens: filter 410+6 and 402+6, extract 655+58; batch price = half the list price
    assert (run.tokens_in, run.tokens_out, run.status, run.records) == (410 + 402 + 655, 6 + 6 + 58, "done", 1)
    expected = (Decimal(812) * Decimal("0.10") + Decimal(12) * Decimal("0.50") + Decimal(655) * 2 + Decimal(58) * 10) / 2_000_000
    assert run.cost_usd == expected.quantize(Decimal("0.000001"))
    assert not LlmRejection.objects.exists()


def test_filter_rejection_writes_no_record(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    run, (e2,) = ingested(story, tmp_path, NOT_SAID)
    no = json.loads(recorded("anthropic_message_filter_yes.json"))
    no["content"][0]["text"] = '{"statement": false}'
    api.on("POST", "/v1/messages", (200, {}, json.dumps(no).encode()))
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e2]) == 0
    assert [r[2]["model"] for r in api.sent("POST", "/v1/messages")] == ["claude-haiku-5-5"]  # no extract call
    assert not StanceRecord.objects.exists() and not LlmRejection.objects.exists()
    run.refresh_from_db()
    assert (run.status, run.excerpts_done, run.tokens_in, run.tokens_out) == ("done", 1, 410, 6)


def test_malformed_answer_retried_then_kept_as_rejection(story, tmp_path, api, llm_settings):
    llm_settings(BATCH=False)
    run, (e1,) = ingested(story, tmp_path, SAID)

    def by_model(body):
        if body["model"] == "claude-haiku-5-5":
            return recorded("anthropic_message_filter_yes.json")
        retried = len(body["messages"]) > 1
        return recorded("anthropic_message_extract_unknown_actor.json" if retried else "anthropic_message_extract_truncated.json")

    api.on("POST", "/v1/messages", (200, {}, by_model))
    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1]) == 0
    calls = [r[2] for r in api.sent("POST", "/v1/messages")]
    assert [c["model"] for c in calls] == ["claude-haiku-5-5", "claude-sonnet-5-5", "claude-sonnet-5-5"]
    retry = calls[2]["messages"]
    assert [m["role"] for m in retry] == ["user", "assistant", "user"]
    assert retry[1]["content"].startswith('{"statements": [{"actor": "ministry"')  # its own bad answer
    assert "invalid JSON" in retry[2]["content"]  # and why it was bad
    rejection = LlmRejection.objects.get()
    assert (rejection.excerpt_id, rejection.stage, rejection.model, rejection.run_id) == (e1, "extract", "claude-sonnet-5-5", run.pk)
    assert rejection.reason.startswith("invalid answer twice: invalid JSON")
    assert "unknown actor 'police'" in rejection.reason
    assert '"actor": "police"' in rejection.answer
    assert not StanceRecord.objects.exists()
    run.refresh_from_db()
    assert (run.status, run.tokens_in, run.tokens_out) == ("done", 410 + 655 + 702, 6 + 600 + 61)


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


def test_estimate_figures(story, llm_settings):
    config = llm_settings()
    ctx = StoryContext.of(story)
    texts = [("S" * 70, "T" * 350, "2025-03-16")] * 1000
    est = estimate_texts(ctx, texts, config)
    body = tokens_of(excerpt_message(sentence="S" * 70, text="T" * 350, day="2025-03-16")) + 12
    f_in = 1000 * (tokens_of(prefix(ctx, "filter")) + body)
    x_in = 1000 * (tokens_of(prefix(ctx, "extract")) + body)
    filt, ext = est.stages
    assert (filt.stage, filt.model, filt.requests, filt.tokens_in, filt.tokens_out) == ("filter", "claude-haiku-5-5", 1000, f_in, 16_000)
    assert (ext.stage, ext.model, ext.requests, ext.tokens_in, ext.tokens_out) == ("extract", "claude-sonnet-5-5", 1000, x_in, 150_000)
    q = Decimal("0.000001")
    assert filt.cost_usd == ((Decimal(f_in) * Decimal("0.10") + 16_000 * Decimal("0.50")) / 2_000_000).quantize(q)
    assert ext.cost_usd == ((Decimal(x_in) * 2 + 150_000 * 10) / 2_000_000).quantize(q)
    assert est.cost_usd == filt.cost_usd + ext.cost_usd
    direct = estimate_texts(ctx, texts, llm_settings(BATCH=False))
    assert abs(direct.cost_usd - 2 * est.cost_usd) <= Decimal("0.000002")  # the batch discount is half
    lines = "\n".join(est.lines())
    assert "1000 excerpts (batch, 50% off" in lines and f"${est.cost_usd:.4f}" in lines
    local = estimate_texts(ctx, texts, llm_settings(PROVIDER="openai", FILTER_MODEL="m1", EXTRACT_MODEL="m2"))
    assert local.cost_usd == 0 and not local.batch and "no price for this model" in "\n".join(local.lines())


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
        tmp_path / "b.jsonl", [article("https://alpha.example/later", SAID)]))
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


def test_batch_invalid_answers_go_to_a_retry_batch_then_rejections(story, tmp_path, api, llm_settings):
    llm_settings()
    run, (e1, e3) = ingested(story, tmp_path, SAID, "The Interior Minister said they never bought an LRAD.")
    fb, xb, rb = "msgbatch_01HkcTjaV5uDC8jWR4ZsDV8d", "msgbatch_013Zva2CMHLNnXjNJJKqJ2EF", "msgbatch_01Nn4eK3QJqkVXw5pT2sH8Ye"
    stages = {"filter": "anthropic_batch_filter_ended.json", "extract": "anthropic_batch_extract_ended.json",
              "retry": "anthropic_batch_retry_ended.json"}

    def created(body):
        first = body["requests"][0]["params"]
        stage = "filter" if first["model"] == "claude-haiku-5-5" else "retry" if len(first["messages"]) == 3 else "extract"
        return recorded(stages[stage])

    ok, binary = 200, {"content-type": "application/binary"}
    api.on("POST", "/v1/messages/batches", (ok, {}, created))
    for bid, stage in ((fb, "filter"), (xb, "extract"), (rb, "retry")):
        api.on("GET", f"/v1/messages/batches/{bid}", (ok, {}, recorded(stages[stage])))
    api.on("GET", f"/v1/messages/batches/{fb}/results", (ok, binary, recorded("anthropic_batch_filter_results_both.jsonl", E1=e1, E3=e3)))
    api.on("GET", f"/v1/messages/batches/{xb}/results", (ok, binary, recorded("anthropic_batch_extract_results_truncated.jsonl", E1=e1, E3=e3)))
    api.on("GET", f"/v1/messages/batches/{rb}/results", (ok, binary, recorded("anthropic_batch_retry_results.jsonl", E1=e1, E3=e3)))

    assert excerpts_extract(run_id=run.pk, excerpt_ids=[e1, e3]) == 0
    retry = api.sent("POST", "/v1/messages/batches")[2][2]["requests"]
    assert sorted(r["custom_id"] for r in retry) == sorted([f"excerpt-{e1}", f"excerpt-{e3}"])
    assert "invalid JSON" in retry[0]["params"]["messages"][2]["content"]
    assert list(LlmBatch.objects.values_list("stage", "status")) == [
        ("filter", "results_read"), ("extract", "results_read"), ("retry", "results_read")]
    reasons = dict(LlmRejection.objects.values_list("excerpt_id", "reason"))
    assert reasons[e1].startswith("invalid answer twice: invalid JSON") and "unknown actor 'police'" in reasons[e1]
    assert reasons[e3].startswith("invalid answer (invalid JSON") and "invalid_request_error" in reasons[e3]
    assert not StanceRecord.objects.exists()
    run.refresh_from_db()
    assert (run.status, run.excerpts_done) == ("done", 2)
    assert run.tokens_out == 6 + 6 + 600 + 600 + 61


def test_preflight_max_cost_stops_before_anything(story, tmp_path, api, llm_settings):
    from ingest.llm.gate import CostRefused, preflight

    llm_settings()
    path = write_lines(tmp_path / "a.jsonl", [article("https://alpha.example/1", SAID),
                                              article("https://alpha.example/2", NOT_SAID)])
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
    path = write_lines(tmp_path / "a.jsonl", [article("https://alpha.example/1", SAID)])
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
    run, (e1, e2) = ingested(story, tmp_path, SAID, NOT_SAID)
    batch_routes(api, e1, e2)
    excerpts_extract_task.apply(args=(run.pk, [e1, e2]))
    assert StanceRecord.objects.get().extractor == "llm/claude-sonnet-5-5"
    assert len(api.sent("GET", "/v1/messages/batches/msgbatch_01HkcTjaV5uDC8jWR4ZsDV8d")) >= 2  # looked again
    assert len(api.sent("POST", "/v1/messages/batches")) == 2  # and submitted nothing twice

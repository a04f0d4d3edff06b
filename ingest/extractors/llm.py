"""`llm/<model>`: the two-stage LLM extractor (see `ingest.llm`).

Direct calls (any provider, batches off) finish within one `extract_batch`. With batches on
(Anthropic), `extract_batch` is a step of a state machine kept on `LlmBatch` rows: it submits
the stage's batch (or finds the one it submitted before), polls it for up to
`LLM["BATCH_WAIT"]` seconds, and when the batch has not ended hands back by raising
`BatchPending` (a TimeoutError, which the worker retries with backoff); the next delivery,
on any worker, after any restart, resumes from the rows instead of submitting again.
Results read are kept on the row, so nothing is paid for twice.

Every excerpt ends in exactly one of: filtered out (no statement), findings, or an
`LlmRejection` with its reason (an answer that did not validate twice, a failed request,
or the run's budget reached before it could be sent).
"""
import hashlib
import logging
import time
from datetime import timedelta
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

from django.db.models import F
from django.utils import timezone

from ingest.llm import providers
from ingest.llm.config import LlmConfig, llm_config
from ingest.llm.estimate import estimate_texts
from ingest.llm.prompts import StoryContext, excerpt_message, prefix, retry_message
from ingest.llm.providers import Answer, Usage
from ingest.llm.schema import InvalidAnswer, parse_extract, parse_filter

from . import ExcerptView, ExtractResult, Extractor, Finding

log = logging.getLogger(__name__)

FILTER, EXTRACT, RETRY = "filter", "extract", "retry"
SUBMIT_GRACE = timedelta(minutes=10)  # a claimed batch not submitted after this is submitted again
ARM_WINDOW = timedelta(minutes=10)  # a budget armed by `ingest` belongs to the run it starts right after


class BatchPending(TimeoutError):
    """A submitted batch has not ended yet: try this excerpt batch again later."""


def custom_id(excerpt_id: int) -> str:
    return f"excerpt-{excerpt_id}"


def _excerpt_id(cid: str) -> int:
    return int(cid.rsplit("-", 1)[1])


class LlmExtractor(Extractor):
    def __init__(self, config: LlmConfig | None = None):
        self.config = config or llm_config()
        self.name = f"llm/{self.config.extract_model}"

    # --- the run and its budget ------------------------------------------------------------

    def _budget(self, story, run):
        """The run's LlmRun: its own, or the one the `ingest` command armed for the story's
        next run (claimed once), or a new one without a budget."""
        from ingest.llm.models import LlmRun

        if run is None:
            return None
        mine = LlmRun.objects.filter(run=run).first()
        if mine is not None:
            return mine
        armed = (LlmRun.objects.filter(story=story, run__isnull=True, created_at__lte=run.started_at,
                                       created_at__gte=run.started_at - ARM_WINDOW).order_by("-created_at").first())
        if armed is not None and LlmRun.objects.filter(pk=armed.pk, run__isnull=True).update(run=run):
            return LlmRun.objects.get(pk=armed.pk)
        return LlmRun.objects.get_or_create(run=run, defaults={"story": story})[0]

    def _reserve(self, budget, amount: Decimal) -> bool:
        """Commit `amount` against the budget before sending; False if it would pass it."""
        from ingest.llm.models import LlmRun

        if budget is None:
            return True
        rows = LlmRun.objects.filter(pk=budget.pk)
        if budget.max_cost_usd is not None:
            rows = rows.filter(committed_usd__lte=budget.max_cost_usd - amount)
        return bool(rows.update(committed_usd=F("committed_usd") + amount))

    def _stage_cost(self, ctx, views, stage) -> Decimal:
        return estimate_texts(ctx, [(v.sentence, v.text, v.day) for v in views], self.config,
                              stages=(FILTER if stage == FILTER else EXTRACT,)).cost_usd

    # --- entry point -------------------------------------------------------------------------

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        ctx = StoryContext.of(story)
        # The budget is the run's own (found by the run the excerpts belong to, never by the
        # story: two runs of one story may overlap).
        state = _State(self, story, ctx, run, self._budget(story, run), {e.id: e for e in excerpts})
        if self.config.batched:
            _BatchFlow(state).run()
        else:
            _DirectFlow(state).run()
        return state.result()


class _State:
    """One `extract_batch`: what each excerpt came to, and what it cost."""

    def __init__(self, extractor, story, ctx, run, budget, views):
        self.x, self.config, self.story, self.ctx, self.run, self.budget = extractor, extractor.config, story, ctx, run, budget
        self.views: dict[int, ExcerptView] = views
        self.findings: dict[int, list[Finding]] = {}
        self.tokens_in = self.tokens_out = 0
        self.cost = Decimal(0)
        self.client = None

    def sdk(self):
        if self.client is None:
            self.client = providers.make_client(self.config)
        return self.client

    def model(self, stage):
        return self.config.filter_model if stage == FILTER else self.config.extract_model

    def spend(self, stage, usage: Usage, *, batch: bool) -> Decimal:
        cost = usage.cost(self.model(stage), batch=batch, discount=self.config.batch_discount)
        self.tokens_in += usage.input_total
        self.tokens_out += usage.tokens_out
        self.cost += cost
        return cost

    def reject(self, excerpt_id, stage, reason, answer=""):
        from ingest.llm.models import LlmRejection

        log.warning("excerpt %s: %s answer rejected: %s", excerpt_id, stage, reason)
        LlmRejection.objects.get_or_create(
            excerpt_id=excerpt_id, stage=stage, model=self.model(stage),
            defaults={"story": self.story, "run": self.run, "reason": reason[:2000], "answer": (answer or "")[:20000]})

    def user(self, excerpt_id) -> dict:
        v = self.views[excerpt_id]
        return {"role": "user", "content": excerpt_message(sentence=v.sentence, text=v.text, day=v.day)}

    def retry_messages(self, excerpt_id, bad: str, reason: str) -> list[dict]:
        return [self.user(excerpt_id), {"role": "assistant", "content": bad or "(empty)"},
                {"role": "user", "content": retry_message(reason)}]

    def validate(self, excerpt_id, text):
        """The statements of an extract answer (raises InvalidAnswer). No database."""
        return parse_extract(text, story=self.ctx, excerpt=self.views[excerpt_id].text)

    def accept(self, excerpt_id, text) -> None:
        """Valid findings of an extract answer (raises InvalidAnswer)."""
        v = self.views[excerpt_id]
        statements = self.validate(excerpt_id, text)
        self.findings[excerpt_id] = [
            Finding(actor=s.actor, question=s.question, position=s.position, value=s.value,
                    confidence=s.confidence, quote=s.quote or v.sentence) for s in statements]

    def passes(self, excerpt_id, answer: Answer) -> bool:
        if answer.text is None:
            self.reject(excerpt_id, FILTER, f"request failed: {answer.error}")
            return False
        try:
            return parse_filter(answer.text)
        except InvalidAnswer as exc:  # the stronger model decides
            log.info("excerpt %s: filter answer unusable (%s): passed on", excerpt_id, exc.reason)
            return True

    def over_budget(self, ids, stage) -> None:
        for i in ids:
            self.reject(i, "budget", f"not sent: the run's budget (${self.budget.max_cost_usd}) would be passed by the {stage} stage")

    def result(self) -> ExtractResult:
        return ExtractResult(findings=self.findings, tokens_in=self.tokens_in, tokens_out=self.tokens_out,
                             cost_usd=self.cost)


class _DirectFlow:
    def __init__(self, s: _State):
        self.s = s

    def _map(self, fn, items):
        with ThreadPoolExecutor(max_workers=self.s.config.concurrency) as pool:
            return list(pool.map(fn, items))

    def _call(self, stage, messages) -> Answer:
        s = self.s
        return providers.call(s.sdk(), s.config, model=s.model(stage), prefix=prefix(s.ctx, stage), messages=messages,
                              max_tokens=s.config.filter_max_tokens if stage == FILTER else s.config.extract_max_tokens)

    def run(self):
        s = self.s
        ids = list(s.views)
        if not ids:
            return
        if not s.x._reserve(s.budget, s.x._stage_cost(s.ctx, s.views.values(), FILTER)):
            return s.over_budget(ids, FILTER)
        s.sdk()  # one client, made before the threads share it
        answers = self._map(lambda i: self._call(FILTER, [s.user(i)]), ids)
        passing = []
        for i, answer in zip(ids, answers):
            s.spend(FILTER, answer.usage, batch=False)
            if s.passes(i, answer):
                passing.append(i)
        if not passing:
            return
        if not s.x._reserve(s.budget, s.x._stage_cost(s.ctx, [s.views[i] for i in passing], EXTRACT)):
            return s.over_budget(passing, EXTRACT)
        # Threads only talk HTTP; the database is written here, in the calling thread.
        for i, (usage, good, reason, bad) in zip(passing, self._map(self._extract_one, passing)):
            s.spend(EXTRACT, usage, batch=False)
            if good is not None:
                s.accept(i, good)
            else:
                s.reject(i, EXTRACT, reason, bad)

    def _extract_one(self, i):
        """Ask, validate, ask once more with the reason. Returns (usage, the valid answer
        or None, the rejection's reason, the rejected answer)."""
        s = self.s
        answer = self._call(EXTRACT, [s.user(i)])
        usage = answer.usage
        if answer.text is None:
            return usage, None, f"request failed: {answer.error}", ""
        try:
            s.validate(i, answer.text)
            return usage, answer.text, "", ""
        except InvalidAnswer as exc:
            first = exc.reason
        again = self._call(EXTRACT, s.retry_messages(i, answer.text, first))
        usage = usage + again.usage
        if again.text is None:
            return usage, None, f"invalid answer ({first}); the retry failed: {again.error}", answer.text
        try:
            s.validate(i, again.text)
            return usage, again.text, "", ""
        except InvalidAnswer as exc:
            return usage, None, f"invalid answer twice: {first}; then: {exc.reason}", again.text


class _BatchFlow:
    """filter batch -> extract batch (of those that pass) -> retry batch (of invalid answers)."""

    def __init__(self, s: _State):
        self.s = s

    def _key(self, stage, ids) -> str:
        body = f"{stage}|{self.s.model(stage)}|{','.join(str(i) for i in sorted(ids))}"
        return hashlib.sha256(body.encode()).hexdigest()

    def _batch(self, stage, requests: dict[int, list[dict]], parent=None):
        """The stage's batch for these excerpts: the one submitted before, or a new one
        (None when the budget does not allow it)."""
        from ingest.llm.models import LlmBatch

        s = self.s
        key = self._key(stage, requests)
        found = LlmBatch.objects.filter(key=key).first()
        if found is not None and found.provider_batch_id:
            return found
        if found is None:
            views = [s.views[i] for i in requests]
            cost = s.x._stage_cost(s.ctx, views, stage)
            if stage == RETRY:  # the earlier answer and the reason go along
                cost += cost * Decimal("0.3")
            if not s.x._reserve(s.budget, cost):
                s.over_budget(list(requests), stage)
                return None
            # Claim the key first (unique): of two deliveries racing here, one submits.
            found, created = LlmBatch.objects.get_or_create(key=key, defaults=dict(
                run=s.run, story=s.story, parent=parent, stage=stage, model=s.model(stage),
                excerpt_ids=sorted(requests), requests=len(requests)))
            if not created:
                raise BatchPending(f"another delivery is submitting the {stage} batch")
        elif timezone.now() - found.submitted_at < SUBMIT_GRACE:
            raise BatchPending(f"another delivery is submitting the {stage} batch")
        # A claimed row without a provider id: this delivery (or one that died before the
        # provider answered) submits it now.
        max_tokens = s.config.filter_max_tokens if stage == FILTER else s.config.extract_max_tokens
        head = prefix(s.ctx, FILTER if stage == FILTER else EXTRACT)
        body = [{"custom_id": custom_id(i), "params": providers.anthropic_params(
            model=s.model(stage), prefix=head, messages=messages, max_tokens=max_tokens)} for i, messages in requests.items()]
        batch_id = providers.batch_submit(s.sdk(), body)
        LlmBatch.objects.filter(pk=found.pk).update(provider_batch_id=batch_id, submitted_at=timezone.now())
        found.refresh_from_db()
        return found

    def _finish(self, batch) -> None:
        """Poll until the batch has ended, then read its results onto the row."""
        from ingest.llm.models import LlmBatch

        s = self.s
        deadline = time.monotonic() + s.config.batch_wait
        while batch.status in (LlmBatch.SUBMITTED, LlmBatch.IN_PROGRESS):
            status, counts = providers.batch_status(s.sdk(), batch.provider_batch_id)
            fields = {"succeeded": counts.succeeded, "errored": counts.errored, "canceled": counts.canceled,
                      "expired": counts.expired}
            if status == "ended":
                fields.update(status=LlmBatch.ENDED, ended_at=timezone.now())
            elif batch.status == LlmBatch.SUBMITTED:
                fields["status"] = LlmBatch.IN_PROGRESS
            LlmBatch.objects.filter(pk=batch.pk).update(**fields)
            batch.refresh_from_db()
            if batch.status == LlmBatch.ENDED:
                break
            if time.monotonic() + s.config.batch_poll > deadline:
                raise BatchPending(f"batch {batch.provider_batch_id} ({batch.stage}) is still {status}")
            time.sleep(s.config.batch_poll)
        if batch.status == LlmBatch.ENDED:
            answers = providers.batch_results(s.sdk(), batch.provider_batch_id)
            usage = sum((a.usage for a in answers.values()), Usage())
            outcome = {str(_excerpt_id(cid)): {"text": a.text, "error": a.error} for cid, a in answers.items()}
            for i in batch.excerpt_ids:  # a request the file does not answer is an error too
                outcome.setdefault(str(i), {"text": None, "error": "no result in the batch's results"})
            LlmBatch.objects.filter(pk=batch.pk).update(
                status=LlmBatch.RESULTS_READ, read_at=timezone.now(), outcome=outcome,
                tokens_in=usage.input_total, tokens_out=usage.tokens_out,
                cost_usd=usage.cost(batch.model, batch=True, discount=s.config.batch_discount))
            batch.refresh_from_db()

    def _count(self, batch) -> None:
        s = self.s
        s.tokens_in += batch.tokens_in
        s.tokens_out += batch.tokens_out
        s.cost += batch.cost_usd

    def run(self):
        from ingest.llm.models import LlmBatch

        s = self.s
        if not s.views:
            return
        filt = self._batch(FILTER, {i: [s.user(i)] for i in s.views})
        if filt is None:
            return
        self._finish(filt)
        passing = [i for i in filt.excerpt_ids if s.passes(i, self._answer(filt, i))]
        self._count(filt)
        if not passing:
            return
        ext = LlmBatch.objects.filter(parent=filt, stage=EXTRACT).first() or self._batch(
            EXTRACT, {i: [s.user(i)] for i in passing}, parent=filt)
        if ext is None:
            return
        self._finish(ext)
        self._count(ext)
        invalid = {}
        for i in ext.excerpt_ids:
            answer = self._answer(ext, i)
            if answer.text is None:
                s.reject(i, EXTRACT, f"request failed: {answer.error}")
                continue
            try:
                s.accept(i, answer.text)
            except InvalidAnswer as exc:
                invalid[i] = (answer.text, exc.reason)
        if not invalid:
            return
        again = LlmBatch.objects.filter(parent=ext, stage=RETRY).first() or self._batch(
            RETRY, {i: s.retry_messages(i, text, reason) for i, (text, reason) in invalid.items()}, parent=ext)
        if again is None:
            return
        self._finish(again)
        self._count(again)
        for i, (text, first) in invalid.items():
            answer = self._answer(again, i)
            if answer.text is None:
                s.reject(i, EXTRACT, f"invalid answer ({first}); the retry failed: {answer.error}", text)
                continue
            try:
                s.accept(i, answer.text)
            except InvalidAnswer as exc:
                s.reject(i, EXTRACT, f"invalid answer twice: {first}; then: {exc.reason}", answer.text)

    @staticmethod
    def _answer(batch, excerpt_id) -> Answer:
        got = batch.outcome.get(str(excerpt_id)) or {"text": None, "error": "no result"}
        return Answer(got.get("text"), Usage(), error=got.get("error") or "")

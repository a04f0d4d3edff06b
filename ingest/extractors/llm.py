"""`llm/<model>`: the two-stage LLM extractor (see `ingest.llm`).

Both stages send several excerpts per request (`ingest.llm.groups`): the story prefix once,
then the group's passages, each excerpt named by its id. The answer is a JSON list keyed by
those ids and is checked item by item (`schema.parse_group`): a good item is kept and never
asked again; a missing, unknown or malformed one is asked again alone, once, with the reason,
and an excerpt whose second answer is no better is kept as an `LlmRejection` with both
reasons. Nothing an item says lands on an excerpt the item did not name.

Direct calls (any provider, batches off) finish within one `extract_batch`. With batches on
(Anthropic), `extract_batch` is a step of a state machine kept on `LlmBatch` rows: it submits
a stage's batch (or finds the one it submitted before), polls it for up to
`LLM["BATCH_WAIT"]` seconds, and when the batch has not ended hands back by raising
`BatchPending` (a TimeoutError, which the worker retries later); the next delivery, on any
worker, after any restart, resumes from the rows instead of submitting again. The rows are
filter -> filter_retry (the items to ask again alone) and filter -> extract -> extract_retry.
Results read are kept on the row, so nothing is paid for twice.

Every excerpt ends in exactly one of: filtered out (no statement), findings, or an
`LlmRejection` with its reason (an item that did not validate twice, a failed request, or
the run's budget reached before it could be sent).
"""
import hashlib
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from decimal import Decimal

from django.db.models import F
from django.utils import timezone

from ingest.llm import providers
from ingest.llm.config import LlmConfig, llm_config
from ingest.llm.estimate import stage_estimate
from ingest.llm.groups import Item, group_message, group_size, groups_make, tokens_of
from ingest.llm.prices import limits_of
from ingest.llm.prompts import StoryContext, alone_note, prefix
from ingest.llm.providers import Answer, Usage
from ingest.llm.schema import GroupAnswer, extract_item, filter_item, parse_group

from . import ExcerptView, ExtractResult, Extractor, Finding

log = logging.getLogger(__name__)

FILTER, EXTRACT = "filter", "extract"
FILTER_RETRY, EXTRACT_RETRY = "filter_retry", "extract_retry"
AGAIN = {FILTER: FILTER_RETRY, EXTRACT: EXTRACT_RETRY}
BASE = {FILTER: FILTER, FILTER_RETRY: FILTER, EXTRACT: EXTRACT, EXTRACT_RETRY: EXTRACT}
SUBMIT_GRACE = timedelta(minutes=10)  # a claimed batch not submitted after this is submitted again
ARM_WINDOW = timedelta(minutes=10)  # a budget armed by `ingest` belongs to the run it starts right after


class BatchPending(TimeoutError):
    """A submitted batch has not ended yet: try this excerpt batch again later."""


def group_id(ids: list[int]) -> str:
    """A request's custom id in a batch: its first excerpt and how many (unique in a batch)."""
    return f"excerpt-{ids[0]}" if len(ids) == 1 else f"group-{ids[0]}-{len(ids)}"


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

    # --- entry point -------------------------------------------------------------------------

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        from ledger.models import Excerpt

        ctx = StoryContext.of(story)
        # Where each excerpt sits in its article: groups keep an article together and merge
        # its overlapping context.
        where = {pk: rest for pk, *rest in Excerpt.objects.filter(pk__in=[e.id for e in excerpts]).values_list(
            "id", "article_id", "position", "article__outlet__key")}
        items = {}
        for e in excerpts:
            article, position, outlet = where.get(e.id, (None, 0, ""))
            items[e.id] = Item(id=e.id, sentence=e.sentence, text=e.text, day=e.day, article=article, position=position,
                               topic=(e.topics or [""])[0], outlet=outlet)
        # The budget is the run's own (found by the run the excerpts belong to, never by the
        # story: two runs of one story may overlap).
        state = _State(self, story, ctx, run, self._budget(story, run), items)
        if self.config.batched:
            _BatchFlow(state).run()
        else:
            _DirectFlow(state).run()
        return state.result()


class _State:
    """One `extract_batch`: what each excerpt came to, and what it cost."""

    def __init__(self, extractor, story, ctx, run, budget, items: dict[int, Item]):
        self.x, self.config, self.story, self.ctx, self.run, self.budget = extractor, extractor.config, story, ctx, run, budget
        self.items = items
        self.findings: dict[int, list[Finding]] = {}
        self.tokens_in = self.tokens_out = 0
        self.cost = Decimal(0)
        self.client = None

    def sdk(self):
        if self.client is None:
            self.client = providers.make_client(self.config)
        return self.client

    def model(self, stage):
        return self.config.filter_model if BASE[stage] == FILTER else self.config.extract_model

    def groups(self, stage, ids) -> list[list[int]]:
        items = [self.items[i] for i in ids]
        size = group_size(self.config, BASE[stage], items, prefix_tokens=tokens_of(prefix(self.ctx, BASE[stage])))
        return [[i.id for i in g] for g in groups_make(items, size)]

    def params(self, stage, ids, note="") -> dict:
        """One request: the stage's prefix, then the group."""
        per = self.config.filter_max_tokens if BASE[stage] == FILTER else self.config.extract_max_tokens
        return dict(model=self.model(stage), prefix=prefix(self.ctx, BASE[stage]),
                    messages=[{"role": "user", "content": group_message([self.items[i] for i in ids], note=note)}],
                    max_tokens=min(limits_of(self.model(stage)).max_output, per * len(ids) + 16))

    def cost_of(self, stage, groups: list[list[int]]) -> Decimal:
        """The estimate of these requests, reserved against the budget before sending."""
        return stage_estimate(self.ctx, [self.items[i] for g in groups for i in g], self.config, BASE[stage],
                              groups=[[self.items[i] for i in g] for g in groups]).cost_usd

    def parse(self, stage, ids, answer: Answer) -> GroupAnswer:
        if answer.text is None:
            return GroupAnswer(bad={i: (f"request failed: {answer.error}", "") for i in ids})
        if BASE[stage] == FILTER:
            def check(i, item):
                return filter_item(item)
        else:
            def check(i, item):
                return extract_item(item, story=self.ctx, excerpt=self.items[i].text, outlet=self.items[i].outlet)
        got = parse_group(answer.text, ids, check, truncated=answer.truncated)
        for reason, _ in got.stray:  # an extra item, or one under an id not asked: it lands nowhere
            log.warning("%s answer for excerpts %s: item ignored (%s)", stage, ids, reason)
        return got

    def spend(self, stage, usage: Usage, *, batch: bool) -> None:
        self.tokens_in += usage.input_total
        self.tokens_out += usage.tokens_out
        self.cost += usage.cost(self.model(stage), batch=batch, discount=self.config.batch_discount)

    def reject(self, excerpt_id, stage, reason, answer="", *, kept_as=None):
        from ingest.llm.models import LlmRejection

        log.warning("excerpt %s: %s answer rejected: %s", excerpt_id, stage, reason)
        LlmRejection.objects.get_or_create(
            excerpt_id=excerpt_id, stage=kept_as or BASE[stage], model=self.model(stage),
            defaults={"story": self.story, "run": self.run, "reason": reason[:2000], "answer": (answer or "")[:20000]})

    def settle(self, stage, first: GroupAnswer, again: GroupAnswer | None, answers: dict[int, str]) -> dict:
        """Good items of the first answer and of the alone answers; the rest rejected."""
        good = dict(first.good)
        for i, (reason, raw) in first.bad.items():
            if again is not None and i in again.good:
                good[i] = again.good[i]
            elif again is not None and i in again.bad:
                second, raw2 = again.bad[i]
                self.reject(i, stage, f"{reason}; asked again alone: {second}", raw2 or answers.get(i, "") or raw)
        return good

    def accept(self, excerpt_id, statements) -> None:
        item = self.items[excerpt_id]
        self.findings[excerpt_id] = [
            Finding(actor=s.actor, question=s.question, position=s.position, value=s.value, value_high=s.value_high,
                    via=s.via, confidence=s.confidence, quote=s.quote or item.sentence) for s in statements]

    def over_budget(self, ids, stage) -> None:
        for i in ids:
            self.reject(i, stage, kept_as="budget", reason=f"not sent: the run's budget (${self.budget.max_cost_usd}) would be passed by the {stage} stage")

    def result(self) -> ExtractResult:
        return ExtractResult(findings=self.findings, tokens_in=self.tokens_in, tokens_out=self.tokens_out,
                             cost_usd=self.cost)


def _merge(answers: list[GroupAnswer]) -> GroupAnswer:
    out = GroupAnswer()
    for a in answers:
        out.good.update(a.good)
        out.bad.update(a.bad)
        out.stray += a.stray
    return out


class _DirectFlow:
    def __init__(self, s: _State):
        self.s = s

    def _map(self, fn, items):
        with ThreadPoolExecutor(max_workers=self.s.config.concurrency) as pool:
            return list(pool.map(fn, items))

    def _call(self, stage, ids, note="") -> Answer:
        s = self.s
        return providers.call(s.sdk(), s.config, **s.params(stage, ids, note))

    def _stage(self, stage, ids) -> dict:
        """Ask about `ids` in groups, then the items that did not check out alone, once."""
        s = self.s
        groups = s.groups(stage, ids)
        if not s.x._reserve(s.budget, s.cost_of(stage, groups)):
            s.over_budget(ids, stage)
            return {}
        # Threads only talk HTTP; the database is written here, in the calling thread.
        answers = self._map(lambda g: self._call(stage, g), groups)
        parsed = []
        for g, answer in zip(groups, answers):
            s.spend(stage, answer.usage, batch=False)
            parsed.append(s.parse(stage, g, answer))
        first = _merge(parsed)
        if not first.bad:
            return first.good
        alone = list(first.bad)
        if not s.x._reserve(s.budget, s.cost_of(stage, [[i] for i in alone])):
            s.over_budget(alone, stage)
            return first.good
        answers = self._map(lambda i: self._call(stage, [i], note=alone_note(first.bad[i][0])), alone)
        parsed, texts = [], {}
        for i, answer in zip(alone, answers):
            s.spend(stage, answer.usage, batch=False)
            parsed.append(s.parse(stage, [i], answer))
            texts[i] = answer.text or ""
        return s.settle(stage, first, _merge(parsed), texts)

    def run(self):
        s = self.s
        if not s.items:
            return
        s.sdk()  # one client, made before the threads share it
        passes = self._stage(FILTER, list(s.items))
        passing = [i for i in s.items if passes.get(i)]
        if not passing:
            return
        for i, statements in self._stage(EXTRACT, passing).items():
            s.accept(i, statements)


class _BatchFlow:
    """Each stage: a batch of groups, then a batch of the items to ask again alone."""

    def __init__(self, s: _State):
        self.s = s

    def _key(self, stage, ids) -> str:
        body = f"{stage}|{self.s.model(stage)}|{','.join(str(i) for i in sorted(ids))}"
        return hashlib.sha256(body.encode()).hexdigest()

    def _batch(self, stage, groups: list[list[int]], notes: dict[int, str] | None = None, parent=None):
        """The batch of these requests: the one submitted before, or a new one (None when the
        budget does not allow it)."""
        from ingest.llm.models import LlmBatch

        s = self.s
        ids = [i for g in groups for i in g]
        key = self._key(stage, ids)
        found = LlmBatch.objects.filter(key=key).first()
        if found is not None and found.provider_batch_id:
            return found
        if found is None:
            if not s.x._reserve(s.budget, s.cost_of(stage, groups)):
                s.over_budget(ids, BASE[stage])
                return None
            # Claim the key first (unique): of two deliveries racing here, one submits.
            found, created = LlmBatch.objects.get_or_create(key=key, defaults=dict(
                run=s.run, story=s.story, parent=parent, stage=stage, model=s.model(stage), excerpt_ids=sorted(ids),
                groups={group_id(g): g for g in groups}, requests=len(groups)))
            if not created:
                raise BatchPending(f"another delivery is submitting the {stage} batch")
        elif timezone.now() - found.submitted_at < SUBMIT_GRACE:
            raise BatchPending(f"another delivery is submitting the {stage} batch")
        # A claimed row without a provider id: this delivery (or one that died before the
        # provider answered) submits it now.
        notes = notes or {}
        body = [{"custom_id": cid, "params": providers.anthropic_params(**s.params(stage, g, notes.get(g[0], "")))}
                for cid, g in found.groups.items()]
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
            outcome = {cid: {"text": a.text, "error": a.error, "truncated": a.truncated} for cid, a in answers.items()}
            for cid in batch.groups:  # a request the file does not answer is an error too
                outcome.setdefault(cid, {"text": None, "error": "no result in the batch's results"})
            LlmBatch.objects.filter(pk=batch.pk).update(
                status=LlmBatch.RESULTS_READ, read_at=timezone.now(), outcome=outcome,
                tokens_in=usage.input_total, tokens_out=usage.tokens_out,
                cost_usd=usage.cost(batch.model, batch=True, discount=s.config.batch_discount))
            batch.refresh_from_db()

    def _read(self, batch) -> tuple[GroupAnswer, dict[int, str]]:
        """The batch's answers per excerpt (from the row: read once, parsed on every look)."""
        s = self.s
        s.tokens_in += batch.tokens_in
        s.tokens_out += batch.tokens_out
        s.cost += batch.cost_usd
        parsed, texts = [], {}
        for cid, ids in batch.groups.items():
            got = batch.outcome.get(cid) or {"text": None, "error": "no result"}
            parsed.append(s.parse(batch.stage, ids, Answer(got.get("text"), Usage(), error=got.get("error") or "",
                                                           truncated=bool(got.get("truncated")))))
            for i in ids:
                texts[i] = got.get("text") or ""
        return _merge(parsed), texts

    def _stage(self, stage, ids, parent=None) -> dict:
        from ingest.llm.models import LlmBatch

        s = self.s
        first = (LlmBatch.objects.filter(parent=parent, stage=stage).first() if parent is not None else None) \
            or self._batch(stage, s.groups(stage, ids), parent=parent)
        if first is None:
            return {}
        self._finish(first)
        answer, _ = self._read(first)
        if not answer.bad:
            return answer.good
        alone = sorted(answer.bad)
        again = LlmBatch.objects.filter(parent=first, stage=AGAIN[stage]).first() or self._batch(
            AGAIN[stage], [[i] for i in alone], notes={i: alone_note(answer.bad[i][0]) for i in alone}, parent=first)
        if again is None:
            return answer.good
        self._finish(again)
        second, texts = self._read(again)
        return s.settle(stage, answer, second, texts)

    def run(self):
        from ingest.llm.models import LlmBatch

        s = self.s
        if not s.items:
            return
        passes = self._stage(FILTER, list(s.items))
        passing = [i for i in s.items if passes.get(i)]
        if not passing:
            return
        filt = LlmBatch.objects.get(key=self._key(FILTER, list(s.items)))
        for i, statements in self._stage(EXTRACT, passing, parent=filt).items():
            s.accept(i, statements)

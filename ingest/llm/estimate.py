"""What a run will cost, computed before anything is sent.

The excerpts are grouped exactly as the extractor groups them (`groups`), and each request
is priced from the text it would send: the stage's story prefix once, then the group's
passages. Tokens are counted from characters (`groups.CHARS_PER_TOKEN` for prose,
JSON_CHARS_PER_TOKEN for the JSON answers, both on the safe side; no tokenizer is
downloaded and nothing is sent to count them). Per stage:

- filter:  every excerpt; out = one item per excerpt (`{"id": ..., "statement": false}`).
- extract: every excerpt the filter may pass (`pass_rate`, 1.0 = all of them, the upper
           bound); out = one statement per excerpt, with the story's longest actor and
           question ids, a figure when the excerpt's topic has a number question, and a
           quote as long as the sentence (at most QUOTE_CHARS): the shape the prompt asks
           for.

`usd_upper` prices the prefix as plain input on every request: prompt caching can only make
the bill smaller. `usd_cached` is the same with the prefix written to the cache once per
stage and read by every other request (a batch gets cache hits on a best-effort basis, so
the truth lies between the two). With batches on (Anthropic), the batch discount applies.
Answers asked again alone (an item missing or bad) are not in either figure: they are the
exception, and the run's spend on the run page says what they cost.
"""
import json
import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from .config import LlmConfig
from .groups import Item, group_message, group_size, groups_make, tokens_of
from .prices import cost_usd, price_of
from .prompts import StoryContext, prefix

JSON_CHARS_PER_TOKEN = 3.0  # JSON punctuation and ids cut into more tokens than prose
MESSAGE_OVERHEAD = 12  # role markers and the like, per request
QUOTE_CHARS = 110  # about the 15 words the prompt allows a quote
CACHE_MIN = 1024  # the shortest prefix a provider caches (Anthropic's smallest minimum)


def json_tokens_of(text: str) -> int:
    return math.ceil(len(text) / JSON_CHARS_PER_TOKEN)


@dataclass
class StageEstimate:
    stage: str
    model: str
    requests: int
    group_size: int
    tokens_in: int
    tokens_out: int
    cost_usd: Decimal  # the upper bound
    priced: bool  # the model has a price in the table
    cached_usd: Decimal = Decimal(0)  # the same with the story prefix read from the cache
    prefix_tokens: int = 0

    def as_json(self) -> dict:
        return {"stage": self.stage, "model": self.model, "requests": self.requests, "group_size": self.group_size,
                "prefix_tokens": self.prefix_tokens, "tokens_in": self.tokens_in, "tokens_out": self.tokens_out,
                "usd_upper": float(self.cost_usd), "usd_cached": float(self.cached_usd), "priced": self.priced}


@dataclass
class Estimate:
    excerpts: int
    batch: bool
    stages: list[StageEstimate] = field(default_factory=list)

    @property
    def cost_usd(self) -> Decimal:
        return sum((s.cost_usd for s in self.stages), Decimal(0))

    @property
    def cached_usd(self) -> Decimal:
        return sum((s.cached_usd for s in self.stages), Decimal(0))

    @property
    def tokens_in(self) -> int:
        return sum(s.tokens_in for s in self.stages)

    @property
    def tokens_out(self) -> int:
        return sum(s.tokens_out for s in self.stages)

    def per_thousand(self, usd: Decimal) -> Decimal:
        return (usd * 1000 / self.excerpts).quantize(Decimal("0.0001")) if self.excerpts else Decimal(0)

    def as_json(self) -> dict:
        return {"excerpts": self.excerpts, "usd_upper": float(self.cost_usd), "usd_cached": float(self.cached_usd),
                "usd_upper_per_1000": float(self.per_thousand(self.cost_usd)),
                "usd_cached_per_1000": float(self.per_thousand(self.cached_usd)),
                "tokens_in": self.tokens_in, "tokens_out": self.tokens_out, "batch": self.batch,
                "stages": [s.as_json() for s in self.stages]}

    def lines(self) -> list[str]:
        mode = "batch, 50% off" if self.batch else "direct calls"
        out = [f"LLM estimate for {self.excerpts} excerpts ({mode}; an upper bound: every excerpt passes the filter, "
               "no cache discount):"]
        for s in self.stages:
            note = "" if s.priced else "  (no price for this model: counted as $0)"
            out.append(f"  {s.stage:<8} {s.model:<24} {s.requests:>6} requests of up to {s.group_size:>3} excerpts  "
                       f"{s.tokens_in:>10,} in  {s.tokens_out:>9,} out  ${s.cost_usd:.4f} (cached ${s.cached_usd:.4f}){note}")
        out.append(f"  total    ${self.cost_usd:.4f}, ${self.per_thousand(self.cost_usd)} per 1,000 excerpts "
                   f"(with the story prefix read from the cache: ${self.cached_usd:.4f}, "
                   f"${self.per_thousand(self.cached_usd)} per 1,000)")
        return out


def _filter_out(item: Item) -> int:
    return json_tokens_of(json.dumps({"id": item.id, "statement": False}) + ", ")


def _extract_out(ctx: StoryContext):
    actor = max(ctx.actors, key=len, default="actor")
    question = max(ctx.questions, key=len, default="question")
    counted = {q["topic"] for q in ctx.questions.values() if q["kind"] == "number"}

    def out(item: Item) -> int:
        statement = {"actor": actor, "question": question, "position": "partial", "quote": "",
                     "confidence": 0.85}
        if item.topic in counted or not item.topic:
            statement["value"] = 275000
        scaffold = json.dumps({"id": item.id, "statements": [statement]}, ensure_ascii=False) + ", "
        return json_tokens_of(scaffold) + tokens_of(item.sentence[:QUOTE_CHARS])

    return out


def stage_estimate(ctx: StoryContext, items: list[Item], config: LlmConfig, stage: str, *,
                   groups: list[list[Item]] | None = None, slices: int | None = None) -> StageEstimate:
    """One stage's requests for these items, as the extractor would send them: grouped within
    each slice of `slices` items in order (an extraction task's excerpts; None: all as one),
    or as these `groups`, when the requests are made already."""
    model = config.filter_model if stage == "filter" else config.extract_model
    head = tokens_of(prefix(ctx, stage))
    if groups is None:
        size = group_size(config, stage, items, prefix_tokens=head)
        step = slices or max(1, len(items))  # a worker groups the excerpts of one task
        groups = [g for k in range(0, len(items), step) for g in groups_make(items[k:k + step], size)]
    else:
        size = max((len(g) for g in groups), default=1)
    out_of = _filter_out if stage == "filter" else _extract_out(ctx)
    bodies = sum(tokens_of(group_message(g)) + MESSAGE_OVERHEAD for g in groups)
    n = len(groups)
    tokens_in = head * n + bodies
    tokens_out = sum(out_of(i) for i in items) + 2 * n
    price = dict(batch=config.batched, discount=config.batch_discount)
    if n and head >= CACHE_MIN:
        cached = cost_usd(model, tokens_in=bodies, tokens_out=tokens_out, cache_write=head, cache_read=head * (n - 1),
                          **price)
    else:  # a prefix this short is not cached by the provider
        cached = cost_usd(model, tokens_in=tokens_in, tokens_out=tokens_out, **price)
    return StageEstimate(stage=stage, model=model, requests=n, group_size=size, tokens_in=tokens_in,
                         tokens_out=tokens_out, cost_usd=cost_usd(model, tokens_in=tokens_in, tokens_out=tokens_out, **price),
                         priced=price_of(model).known, cached_usd=cached, prefix_tokens=head)


def estimate_items(ctx: StoryContext, items: list[Item], config: LlmConfig, *, pass_rate: float = 1.0,
                   stages=("filter", "extract"), slices: int | None = None) -> Estimate:
    est = Estimate(excerpts=len(items), batch=config.batched)
    for stage in stages:
        chosen = items if stage == "filter" else items[:math.ceil(len(items) * pass_rate)]
        est.stages.append(stage_estimate(ctx, chosen, config, stage, slices=slices))
    return est


def estimate_file(story, path, config: LlmConfig, **kwargs) -> Estimate:
    """The estimate for ingesting an articles file: reads it as `ingest` would (articles
    whose URL the story holds are skipped, excerpts cut, each step's caps applied among the
    file's excerpts) and adds the excerpts earlier runs left capped, which this run may
    take. Wire copies are not merged here, so the count is an upper bound. The excerpts are
    grouped within extraction tasks of `BATCH`, in the order ingest queues them (an LLM run
    queues the steps it releases together). Writes nothing and sends nothing."""
    from django.db.models import Max

    from ledger.models import Article, Excerpt

    from ..articles import ArticleReader, Reject
    from ..dating import step_of
    from ..excerpts import CapItem, StatementLook, caps_apply, excerpts_cut
    from ..services.batches import BATCH

    reader = ArticleReader(story)
    topics = [(t.key, [re.compile(k, re.IGNORECASE) for k in t.keywords]) for t in story.topics.all()]
    known = set(Article.objects.filter(story=story).values_list("url", flat=True))
    base = Excerpt.objects.aggregate(m=Max("id"))["m"] or 0  # ids as long as the ones the run will send
    by_step: dict[int, list] = {}
    items: dict[int, Item] = {}
    with Path(path).open("rb") as handle:
        for number, raw in enumerate(handle):
            try:
                article = reader.parse(raw)
            except Reject:
                continue
            if article is None or article.url in known:
                continue
            known.add(article.url)
            step = step_of(article.day, start=story.start, step_days=story.step_days)
            for cut in excerpts_cut(article.text, topics, language=story.language):
                i = base + len(items) + 1
                items[i] = Item(id=i, sentence=cut.sentence, text=cut.text, day=article.day, article=-1 - number,
                                position=cut.position, topic=cut.topics[0] if cut.topics else "", outlet=article.outlet.key)
                by_step.setdefault(step, []).append(CapItem(id=i, topics=cut.topics, outlet=article.outlet.key, taken=False,
                                                                   article=-1 - number, sentence=cut.sentence))
    chosen, look = [], StatementLook.of(story)
    for step in sorted(by_step):
        taken, _ = caps_apply(by_step[step], per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap, look=look)
        chosen += [items[i] for i in taken]
    held = Excerpt.objects.filter(story=story, capped=True).values_list(
        "id", "sentence", "text", "day", "article_id", "position", "topics", "article__outlet__key")
    chosen += [Item(id=pk, sentence=s, text=t, day=d, article=a, position=p, topic=(tp or [""])[0], outlet=o)
               for pk, s, t, d, a, p, tp, o in held.iterator(chunk_size=2000)]
    return estimate_items(StoryContext.of(story), chosen, config, slices=BATCH, **kwargs)

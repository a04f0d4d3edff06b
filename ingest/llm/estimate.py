"""What a run will cost, computed before anything is sent.

Tokens are counted from characters (CHARS_PER_TOKEN, on the safe side for English and
Serbian prose; no tokenizer is downloaded and nothing is sent to count them). Per stage:

- filter:  every excerpt; in = filter prefix + excerpt; out = LLM["FILTER_MAX_TOKENS"].
- extract: every excerpt the filter may pass (`pass_rate`, 1.0 = all of them, the upper
           bound used for the budget); in = extract prefix + excerpt; out = EXTRACT_OUT,
           the typical size of an answer of one or two statements.

The story prefix is priced as plain input on every call: prompt caching can only make the
real bill smaller (`cached_usd` says by how much if every request but the first reads it
from the cache; a batch gets cache hits on a best-effort basis). With batches on (Anthropic), the batch discount is applied.
"""
import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from .config import LlmConfig
from .prices import cost_usd, price_of
from .prompts import StoryContext, excerpt_message, prefix

CHARS_PER_TOKEN = 3.5
MESSAGE_OVERHEAD = 12  # role markers and the like, per request
EXTRACT_OUT = 150
CACHE_MIN = 1024  # the shortest prefix a provider caches (Anthropic's smallest minimum)


def tokens_of(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


@dataclass
class StageEstimate:
    stage: str
    model: str
    requests: int
    tokens_in: int
    tokens_out: int
    cost_usd: Decimal
    priced: bool  # the model has a price in the table
    cached_usd: Decimal = Decimal(0)  # the same with the story prefix read from the cache


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

    def lines(self) -> list[str]:
        mode = "batch, 50% off" if self.batch else "direct calls"
        out = [f"LLM estimate for {self.excerpts} excerpts ({mode}; an upper bound: every excerpt passes the filter, no cache discount):"]
        for s in self.stages:
            note = "" if s.priced else "  (no price for this model: counted as $0)"
            out.append(f"  {s.stage:<8} {s.model:<28} {s.requests:>7} requests  {s.tokens_in:>10,} in  "
                       f"{s.tokens_out:>9,} out  ${s.cost_usd:.4f}{note}")
        out.append(f"  total    ${self.cost_usd:.4f}  (likely nearer ${self.cached_usd:.4f} once the story prefix is read from the cache)")
        return out


def estimate_texts(ctx: StoryContext, texts: list[tuple[str, str, object]], config: LlmConfig, *,
                   pass_rate: float = 1.0, stages=("filter", "extract")) -> Estimate:
    """The estimate for excerpts given as (sentence, text, day)."""
    est = Estimate(excerpts=len(texts), batch=config.batched)
    bodies = [tokens_of(excerpt_message(sentence=s, text=t, day=d)) + MESSAGE_OVERHEAD for s, t, d in texts]
    for stage in stages:
        model = config.filter_model if stage == "filter" else config.extract_model
        head = tokens_of(prefix(ctx, stage))
        share = 1.0 if stage == "filter" else pass_rate
        n = math.ceil(len(texts) * share)
        tokens_in = math.ceil((head * len(texts) + sum(bodies)) * share)
        tokens_out = n * (config.filter_max_tokens if stage == "filter" else EXTRACT_OUT)
        est.stages.append(StageEstimate(
            stage=stage, model=model, requests=n, tokens_in=tokens_in, tokens_out=tokens_out,
            cost_usd=cost_usd(model, tokens_in=tokens_in, tokens_out=tokens_out, batch=config.batched,
                              discount=config.batch_discount),
            priced=price_of(model).known,
            cached_usd=_cached(model, head, n, tokens_in - head * n, tokens_out, config)))
    return est


def _cached(model, head, n, bodies, tokens_out, config) -> Decimal:
    """The stage's cost with the prefix written to the cache once and read by every other
    request (a prefix under CACHE_MIN tokens is not cached by the provider)."""
    if n == 0:
        return Decimal(0)
    if head < CACHE_MIN:
        return cost_usd(model, tokens_in=head * n + bodies, tokens_out=tokens_out, batch=config.batched,
                        discount=config.batch_discount)
    return cost_usd(model, tokens_in=bodies, tokens_out=tokens_out, cache_write=head, cache_read=head * (n - 1),
                    batch=config.batched, discount=config.batch_discount)


def estimate_story_excerpts(story, excerpts, config: LlmConfig, **kwargs) -> Estimate:
    """The estimate for Excerpt rows or ExcerptViews."""
    return estimate_texts(StoryContext.of(story), [(e.sentence, e.text, e.day) for e in excerpts], config, **kwargs)


def estimate_file(story, path, config: LlmConfig, **kwargs) -> Estimate:
    """The estimate for ingesting an articles file: reads it as `ingest` would (articles
    whose URL the story holds are skipped, excerpts cut, each step's caps applied among the
    file's excerpts) and adds the excerpts earlier runs left capped, which this run may
    take. Wire copies are not merged here, so the count is an upper bound. Writes nothing
    and sends nothing."""
    from ledger.models import Article, Excerpt

    from ..articles import ArticleReader, Reject
    from ..dating import step_of
    from ..excerpts import CapItem, caps_apply, excerpts_cut

    reader = ArticleReader(story)
    topics = [(t.key, [re.compile(k, re.IGNORECASE) for k in t.keywords]) for t in story.topics.all()]
    known = set(Article.objects.filter(story=story).values_list("url", flat=True))
    by_step: dict[int, list] = {}
    texts: dict[int, tuple] = {}
    with Path(path).open("rb") as handle:
        for raw in handle:
            try:
                article = reader.parse(raw)
            except Reject:
                continue
            if article is None or article.url in known:
                continue
            known.add(article.url)
            step = step_of(article.day, start=story.start, step_days=story.step_days)
            for cut in excerpts_cut(article.text, topics, language=story.language):
                i = len(texts)
                texts[i] = (cut.sentence, cut.text, article.day)
                by_step.setdefault(step, []).append(CapItem(id=i, topics=cut.topics, outlet=article.outlet.key, taken=False))
    chosen = []
    for step in sorted(by_step):
        taken, _ = caps_apply(by_step[step], per_topic=story.per_topic_cap, per_outlet=story.per_outlet_cap)
        chosen += [texts[i] for i in taken]
    held = Excerpt.objects.filter(story=story, capped=True).values_list("sentence", "text", "day")
    chosen += list(held.iterator(chunk_size=2000))
    return estimate_texts(StoryContext.of(story), chosen, config, **kwargs)

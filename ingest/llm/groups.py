"""Several excerpts per request: which excerpts go together, and how they are shown.

A request carries the story prefix once and a group of excerpts after it, so the prefix (about
2,000 tokens) is paid once per group instead of once per excerpt. Excerpts that belong
together go in one group: sorted by topic, day and article, and an article's excerpts are
not split across two groups while the group is less than half full. Within a request, an
article's excerpts whose context overlaps are shown as one passage, so the model reads that
text once; each excerpt is named by its id and its sentence.

The group size is the `LLM_GROUP_SIZE` setting, made smaller when the model's limits (its
context and its longest answer, `prices.limits_of`) could not hold that many of these
excerpts with their answers.
"""
import json
import math
from dataclasses import dataclass
from datetime import date

from .prices import limits_of

CHARS_PER_TOKEN = 3.5  # prose; on the safe side for English and Serbian (no tokenizer is downloaded)


def tokens_of(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


@dataclass(frozen=True)
class Item:
    """An excerpt as a request shows it: `article` (an id) and `position` only order and merge."""

    id: int
    sentence: str
    text: str
    day: date
    article: int | None = None
    position: int = 0
    topic: str = ""
    outlet: str = ""  # the article's outlet key, shown so the model can tell a credit to another


def _sort_key(item: Item):
    return (item.topic, item.day, item.article is None, item.article or 0, item.position, item.id)


def groups_make(items: list[Item], size: int) -> list[list[Item]]:
    """Items in groups of at most `size`, an article's items together where that keeps the
    groups at least half full."""
    by_article: dict = {}
    for item in sorted(items, key=_sort_key):
        key = item.id if item.article is None else item.article
        by_article.setdefault(key, []).append(item)
    groups: list[list[Item]] = []
    current: list[Item] = []
    for run in by_article.values():
        if current and len(current) + len(run) > size and len(current) * 2 >= size:
            groups.append(current)
            current = []
        for item in run:
            if len(current) == size:
                groups.append(current)
                current = []
            current.append(item)
    if current:
        groups.append(current)
    return groups


def _merged(passage: str, text: str) -> str | None:
    """The passage with `text` added when the two overlap (the text inside the passage, or
    the passage's end, from a word on, beginning the text); None when they do not."""
    if text in passage:
        return passage
    least = min(20, len(text) // 2)
    for start in range(1, len(passage) - least + 1):
        if passage[start - 1].isspace() and text.startswith(passage[start:]):
            return passage + text[len(passage) - start:]
    return None


def passages(group: list[Item]) -> list[dict]:
    """The group as passages: consecutive items of one article whose texts overlap share one
    passage text. Each passage: date, outlet, text, and its excerpts (id, sentence)."""
    out: list[dict] = []
    last_article = object()
    for item in sorted(group, key=_sort_key):
        entry = {"id": item.id, "sentence": item.sentence}
        if out and item.article is not None and item.article == last_article:
            passage = out[-1]
            merged = _merged(passage["text"], item.text)
            if merged is not None:
                passage["text"] = merged
                passage["excerpts"].append(entry)
                continue
        out.append({"date": str(item.day), **({"outlet": item.outlet} if item.outlet else {}), "text": item.text,
                    "excerpts": [entry]})
        last_article = item.article
    return out


def group_message(group: list[Item], *, note: str = "") -> str:
    """The user message of one request."""
    body = {"passages": passages(group)}
    if note:
        body["note"] = note
    return json.dumps(body, ensure_ascii=False)


def group_size(config, stage: str, items: list[Item], *, prefix_tokens: int) -> int:
    """The setting, or fewer when the model's context or longest answer could not hold that
    many of the longest of these excerpts with their answers."""
    model = config.filter_model if stage == "filter" else config.extract_model
    per_answer = config.filter_max_tokens if stage == "filter" else config.extract_max_tokens
    limits = limits_of(model)
    size = config.group_size
    size = min(size, max(1, limits.max_output // max(1, per_answer)))
    if items:
        longest = max(tokens_of(group_message([i])) for i in items)
        room = limits.context - prefix_tokens - 64
        size = min(size, max(1, room // max(1, longest + per_answer)))
    return max(1, size)

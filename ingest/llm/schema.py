"""The models' answers, parsed and validated with pydantic against the story.

An answer is a JSON list with one item per excerpt id (`parse_group`); each item is checked
on its own (`filter_item`, `extract_item`), so one bad item costs only its own excerpt a
second request. Reasons are short enough to send back to the model and to keep on a
rejection.
"""
import json
import math
import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from .prompts import StoryContext

STANCES = ("affirm", "deny", "partial")
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
_SPACES = re.compile(r"\s+")


class InvalidAnswer(ValueError):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class FilterAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")
    statement: bool


class Statement(BaseModel):
    model_config = ConfigDict(extra="ignore")

    actor: str
    question: str
    position: Literal["affirm", "deny", "partial", "number"]
    value: float | None = None
    value_high: float | None = None
    via: str | None = None
    quote: str = ""
    confidence: float = Field(default=0.7, ge=0, le=1)

    @field_validator("actor")
    @classmethod
    def _actor(cls, v: str, info: ValidationInfo) -> str:
        ctx: StoryContext = info.context["story"]
        if v not in ctx.actors:
            raise ValueError(f"unknown actor {v!r}")
        return v

    @field_validator("question")
    @classmethod
    def _question(cls, v: str, info: ValidationInfo) -> str:
        ctx: StoryContext = info.context["story"]
        if v not in ctx.questions:
            raise ValueError(f"unknown question {v!r}")
        return v

    @field_validator("via")
    @classmethod
    def _via(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v in (None, ""):
            return None
        if v not in info.context["story"].outlets:
            raise ValueError(f"unknown outlet {v!r}")
        if v == info.context.get("outlet"):
            return None  # the passage's own outlet: no other outlet is credited
        return v

    @model_validator(mode="after")
    def _position_fits(self, info: ValidationInfo):
        q = info.context["story"].questions[self.question]
        if q["kind"] == "number":
            if self.position != "number" or self.value is None or not math.isfinite(self.value):
                raise ValueError(f"question {self.question!r} takes a number: position \"number\" and a value")
            if self.value_high is not None and (not math.isfinite(self.value_high) or self.value_high <= self.value):
                raise ValueError("value_high must be above value (a range: value the lower figure)")
        else:
            if self.position not in STANCES:
                raise ValueError(f"question {self.question!r} takes affirm, deny or partial, not {self.position!r}")
            self.value = self.value_high = None
        excerpt = info.context.get("excerpt")
        if self.quote and excerpt is not None and _norm(self.quote) not in _norm(excerpt):
            raise ValueError("the quote is not copied from the excerpt")
        return self


class ExtractItem(BaseModel):
    model_config = ConfigDict(extra="ignore")
    statements: list[Statement]


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")).strip().lower()


def _reason(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err["loc"]) or "answer"
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


MISSING = "no answer for this excerpt in the list"
CUT_OFF = "the answer was cut off before this excerpt"
TWICE = "two answers for this excerpt"


@dataclass
class GroupAnswer:
    """A grouped answer, per excerpt: `good` holds the parsed value of every item that
    validated, `bad` the reason (and the item's own text) of every other asked id; `stray`
    the items that named no asked id (an extra item, a wrong id), which land nowhere."""

    good: dict = field(default_factory=dict)
    bad: dict = field(default_factory=dict)  # id -> (reason, raw item)
    stray: list = field(default_factory=list)


def _items(text: str) -> tuple[list, bool]:
    """The items of the answer's JSON list, read one by one, so that a list cut off in the
    middle (the answer hit its token limit) still gives every item before the cut. Returns
    (items, complete). A bare object is a list of one (an excerpt asked alone)."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    start = body.find("[")
    brace = body.find("{")
    if brace >= 0 and (start < 0 or brace < start):
        # An object first: {"excerpts": [...]} or the like, or one item on its own.
        try:
            value, _ = _DECODER.raw_decode(body, brace)
        except json.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            lists = [v for v in value.values() if isinstance(v, list) and all(isinstance(x, dict) for x in v)]
            if "id" not in value and "statement" not in value and "statements" not in value and len(lists) == 1:
                return lists[0], True
            return [value], True
    if start < 0:
        raise InvalidAnswer("no JSON list in the answer")
    items, at = [], start + 1
    while True:
        while at < len(body) and body[at] in " \t\r\n,":
            at += 1
        if at >= len(body):
            return items, False
        if body[at] == "]":
            return items, True
        try:
            value, at = _DECODER.raw_decode(body, at)
        except json.JSONDecodeError:
            return items, False
        items.append(value)


_DECODER = json.JSONDecoder()


def _as_id(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("#").isdigit():
        return int(value.strip().lstrip("#"))
    return None


def parse_group(text: str | None, ids: list[int], check, *, truncated: bool = False) -> GroupAnswer:
    """Split an answer to a request about `ids` into items per id. `check(id, item)` returns
    the parsed value of an item or raises InvalidAnswer. Every asked id ends in `good` or
    `bad`; nothing an item says is given to an id the item did not name."""
    out = GroupAnswer()
    try:
        items, complete = _items(text or "")
    except InvalidAnswer as exc:
        out.bad = {i: (exc.reason, "") for i in ids}
        return out
    asked, seen = set(ids), {}
    for item in items:
        if not isinstance(item, dict):
            out.stray.append(("not an object", item))
            continue
        if "id" not in item and len(ids) == 1 and len(items) == 1:
            item = {**item, "id": ids[0]}  # asked alone, answered without the id
        i = _as_id(item.get("id"))
        if i is None or i not in asked:
            out.stray.append((f"unknown id {item.get('id')!r}", item))
            continue
        seen.setdefault(i, []).append(item)
    for i in ids:
        got = seen.get(i)
        if not got:
            out.bad[i] = (CUT_OFF if (truncated or not complete) else MISSING, "")
        elif len(got) > 1:
            out.bad[i] = (TWICE, json.dumps(got, ensure_ascii=False))
        else:
            try:
                out.good[i] = check(i, got[0])
            except InvalidAnswer as exc:
                out.bad[i] = (exc.reason, json.dumps(got[0], ensure_ascii=False))
    return out


def filter_item(item: dict) -> bool:
    try:
        return FilterAnswer.model_validate(item).statement
    except ValidationError as exc:
        raise InvalidAnswer(_reason(exc)) from None


def extract_item(item: dict, *, story: StoryContext, excerpt: str | None = None, outlet: str | None = None) -> list[Statement]:
    """The statements of one excerpt's item, validated against the story and, for the quote,
    against that excerpt's own text (so an item given to the wrong id does not validate).
    `outlet` is the excerpt's own outlet: a `via` naming it is no credit to another."""
    try:
        answer = ExtractItem.model_validate(item, context={"story": story, "excerpt": excerpt, "outlet": outlet})
    except ValidationError as exc:
        raise InvalidAnswer(_reason(exc)) from None
    seen, unique = set(), []
    for s in answer.statements:  # one statement per actor and question: the first counts
        if (s.actor, s.question) not in seen:
            seen.add((s.actor, s.question))
            unique.append(s)
    return unique

"""The models' answers, parsed and validated with pydantic against the story.

`parse_filter` and `parse_extract` take the raw text of an answer and return the parsed
value or raise `InvalidAnswer` with a reason short enough to send back to the model on the
retry and to keep on a rejection.
"""
import json
import math
import re
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

    @model_validator(mode="after")
    def _position_fits(self, info: ValidationInfo):
        q = info.context["story"].questions[self.question]
        if q["kind"] == "number":
            if self.position != "number" or self.value is None or not math.isfinite(self.value):
                raise ValueError(f"question {self.question!r} takes a number: position \"number\" and a value")
        else:
            if self.position not in STANCES:
                raise ValueError(f"question {self.question!r} takes affirm, deny or partial, not {self.position!r}")
            self.value = None
        excerpt = info.context.get("excerpt")
        if self.quote and excerpt is not None and _norm(self.quote) not in _norm(excerpt):
            raise ValueError("the quote is not copied from the excerpt")
        return self


class ExtractAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")
    statements: list[Statement]


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")).strip().lower()


def _json(text: str):
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    if not body.startswith("{"):  # prose around the object: take the outermost braces
        start, end = body.find("{"), body.rfind("}")
        if start < 0 or end < start:
            raise InvalidAnswer("no JSON object in the answer")
        body = body[start:end + 1]
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        raise InvalidAnswer(f"invalid JSON: {exc.msg} at column {exc.colno}") from None


def _reason(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err["loc"]) or "answer"
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


def parse_filter(text: str) -> bool:
    try:
        return FilterAnswer.model_validate(_json(text)).statement
    except ValidationError as exc:
        raise InvalidAnswer(_reason(exc)) from None


def parse_extract(text: str, *, story: StoryContext, excerpt: str | None = None) -> list[Statement]:
    data = _json(text)
    if isinstance(data, list):  # a bare list of statements is the same answer
        data = {"statements": data}
    try:
        answer = ExtractAnswer.model_validate(data, context={"story": story, "excerpt": excerpt})
    except ValidationError as exc:
        raise InvalidAnswer(_reason(exc)) from None
    seen, unique = set(), []
    for s in answer.statements:  # one statement per actor and question: the first counts
        if (s.actor, s.question) not in seen:
            seen.add((s.actor, s.question))
            unique.append(s)
    return unique

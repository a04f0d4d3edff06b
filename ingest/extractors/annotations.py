"""Record-level scoring against a dev story's annotations (`statements.jsonl`).

A dev bundle (fixtures/dev/<story>/) may carry, beside its answer key, every statement its
articles make: one JSON object a line with `url`, `quote` (a piece of the sentence that
states it), `actor`, `question`, `position` (and `value`, `value_high`, `via`) and
`classes` (the phenomena the sentence shows); or, for a sentence that must give no record,
`quote`, `classes` and `no_record` (why). A record is right when an annotation of its
excerpt's sentence has its actor, question and position (a figure within 1%, and the same
upper figure of a range, and the same credited outlet `via`). A record whose quote is not
its excerpt's sentence (an interview's answer, read from the excerpt of the question before
it) is matched by its quote instead, and by its answer's paragraph: a speaker's turn ("No.
The tender was clean, ...") is one statement, and the key may quote any piece of it.
Precision and recall are counted overall and per class.
"""
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ingest.excerpts import paragraph_end
from ingest.lang import fold
from ingest.lang.clean import text_clean


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", fold(text_clean(text))).strip().lower()


@dataclass
class Annotation:
    quote: str  # normalized
    url: str
    classes: list[str]
    actor: str | None = None
    question: str | None = None
    position: str | None = None
    value: float | None = None
    value_high: float | None = None
    via: str | None = None


def annotations_read(folder) -> list[Annotation]:
    path = Path(folder) / "statements.jsonl"
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        d = json.loads(line)
        out.append(Annotation(quote=_norm(d["quote"]), url=d.get("url", ""), classes=list(d.get("classes") or []),
                              actor=d.get("actor"), question=d.get("question"), position=d.get("position"),
                              value=d.get("value"), value_high=d.get("value_high"), via=d.get("via")))
    return out


def _close(a, b) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 0.01 * max(abs(a), abs(b), 1)


@dataclass
class Count:
    records: int = 0
    right: int = 0
    statements: int = 0
    found: int = 0

    @property
    def precision(self) -> float | None:
        return self.right / self.records if self.records else None

    @property
    def recall(self) -> float | None:
        return self.found / self.statements if self.statements else None

    def as_dict(self) -> dict:
        return {"records": self.records, "right": self.right, "precision": self.precision,
                "statements": self.statements, "found": self.found, "recall": self.recall}


@dataclass
class Score:
    overall: Count = field(default_factory=Count)
    per_class: dict = field(default_factory=lambda: defaultdict(Count))
    wrong: list = field(default_factory=list)  # (sentence, actor, question, position, value)
    missed: list = field(default_factory=list)  # annotations

    def as_dict(self) -> dict:
        return {"overall": self.overall.as_dict(), "per_class": {k: v.as_dict() for k, v in sorted(self.per_class.items())}}


def _said(sentence: str, quote: str = "", turn: str = "") -> list[str]:
    """The normalized texts a record is matched by: its excerpt's sentence, or, when its quote
    is not that sentence, the quote and the paragraph it opens (the speaker's turn)."""
    s, q = _norm(sentence), _norm(quote or "")
    if q and q not in s:
        return [q] + ([_norm(turn)] if turn else [])
    return [s]


def records_score(records, annotations: list[Annotation]) -> Score:
    """`records`: (excerpt sentence, actor, question, position, value, value_high, via) tuples,
    and optionally the record's quote and, for a quote that is not the sentence, the
    paragraph of the article that holds it."""
    score = Score()
    statements = [a for a in annotations if a.actor]
    found = set()
    for sentence, actor, question, position, value, value_high, via, *said in records:
        texts = _said(sentence, *said)
        shown = said[0] if texts[0] != _norm(sentence) else sentence
        here = [a for a in annotations if a.quote and any(a.quote in s or s in a.quote for s in texts)]
        classes = sorted({c for a in here for c in a.classes}) or ["unannotated"]
        hits = [i for i, a in enumerate(statements) if a in here and a.actor == actor and a.question == question
                and a.position == position and (position != "number" or (_close(a.value, value)
                                                                         and _close(a.value_high, value_high)))
                and (a.via or None) == (via or None)]
        score.overall.records += 1
        for c in classes:
            score.per_class[c].records += 1
        if hits:
            found.update(hits)
            score.overall.right += 1
            for c in classes:
                score.per_class[c].right += 1
        else:
            score.wrong.append((shown, actor, question, position, value))
    for i, a in enumerate(statements):
        score.overall.statements += 1
        for c in a.classes:
            score.per_class[c].statements += 1
        if i in found:
            score.overall.found += 1
            for c in a.classes:
                score.per_class[c].found += 1
        else:
            score.missed.append(a)
    return score


def story_records(story) -> list[tuple]:
    """The story's records as records_score reads them (with the quote, and the paragraph of
    an answer whose quote is not the excerpt's sentence)."""
    from ledger.models import StanceRecord

    out = []
    for r in StanceRecord.objects.filter(story=story).select_related("excerpt__article", "actor", "question", "via"):
        sentence = r.excerpt.sentence if r.excerpt_id else r.quote
        turn = ""
        if r.excerpt_id and r.quote and r.quote not in sentence:
            # the paragraph that holds the quote (first found after the excerpt), from the quote on
            text = r.excerpt.article.text
            i = text.find(r.quote, r.excerpt.position)
            turn = text[i:paragraph_end(text, i)] if i >= 0 else ""
        out.append((sentence, r.actor.key, r.question.key, r.position, r.value, r.value_high,
                    r.via.key if r.via_id else None, r.quote, turn))
    return out

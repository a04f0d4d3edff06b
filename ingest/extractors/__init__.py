"""Extractors: what turns an excerpt into stance records.

An extractor has a `name` (written into every record it makes, e.g. "rules/1") and
`extract_batch(story, excerpts, run)`: the story (its configuration is read from the database
once per batch), a list of `ExcerptView`s and the ingest run they belong to, returning an `ExtractResult` whose `findings`
map an excerpt id to zero or more `Finding`s. It must be idempotent in effect (the ledger
skips a record whose excerpt, actor, question and extractor it already holds), and it may
report token use and cost (an LLM extractor will; the rules extractor uses none).

To add one (for example `llm`): write a module here with a class implementing the two
members below and add it to EXTRACTORS under the short name the `ingest --extractor` option
takes.
"""
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal


@dataclass(frozen=True)
class ExcerptView:
    """What an extractor may read of an excerpt."""

    id: int
    sentence: str
    text: str
    topics: list[str]
    day: date
    outlets: tuple[str, ...] = ()  # the outlet keys that carried it (a wire copy has several)
    # The article's whole text and where `sentence` starts in it, for an extractor that reads
    # beyond the excerpt's context (an interview's question two turns up); given only to an
    # extractor with `reads_article`, else "".
    article: str = ""
    position: int = 0


@dataclass(frozen=True)
class Finding:
    actor: str  # actor key
    question: str  # question key
    position: str  # affirm / deny / partial, or number
    value: float | None = None
    confidence: float = 0.5
    quote: str = ""
    via: str | None = None  # key of the outlet the excerpt credits for the statement, if another one
    value_high: float | None = None  # the upper figure of a range (`value` the lower)
    rationale: str = ""  # why: the attribution and the cue that fired


@dataclass
class ExtractResult:
    findings: dict[int, list[Finding]] = field(default_factory=dict)
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: Decimal = Decimal(0)


class Extractor:
    name: str = ""
    reads_article = False  # its ExcerptViews carry the article's text

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        """Findings per excerpt; `run` is the IngestRun the excerpts belong to."""
        raise NotImplementedError


class UnknownExtractor(ValueError):
    pass


# Short name -> record name of its current version; record name -> "module:Class".
# `rules` is rules/2; rules/1 stays selectable by its record name, for comparison.
EXTRACTORS = {
    "rules": "rules/2",
    "llm": "ingest.extractors.llm:LlmExtractor",
}
VERSIONS = {
    "rules/1": "ingest.extractors.rules:RulesExtractor",
    "rules/2": "ingest.extractors.rules2:RulesExtractor2",
}


def extractor_get(name: str) -> Extractor:
    """An extractor by its short name ("rules") or its record name ("rules/1", "rules/2")."""
    import importlib

    path = VERSIONS.get(name) or EXTRACTORS.get(name)
    if path in VERSIONS:
        path = VERSIONS[path]
    short = name.split("/", 1)[0]
    if path is None and "/" in name and short in EXTRACTORS:
        path = EXTRACTORS[short]  # e.g. llm/<model>: the extractor checks the version below
        if path in VERSIONS:
            known = sorted(v for v in VERSIONS if v.startswith(short + "/"))
            raise UnknownExtractor(f"unknown extractor version {name!r} (known: {', '.join(known)})")
    if path is None:
        known = sorted(set(EXTRACTORS) | set(VERSIONS))
        raise UnknownExtractor(f"unknown extractor {name!r} (known: {', '.join(known)})")
    module, cls = path.split(":")
    extractor = getattr(importlib.import_module(module), cls)()
    if "/" in name and name not in VERSIONS and name != extractor.name:
        raise UnknownExtractor(f"unknown extractor version {name!r} (this is {extractor.name!r})")
    return extractor

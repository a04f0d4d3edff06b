"""Prompts. The story part (actors, questions, cue words) is one fixed prefix per story
and stage, identical from call to call, so the provider caches it: Anthropic through a
`cache_control` breakpoint at its end, an OpenAI-compatible server through its own prefix
caching (OpenAI, vLLM, llama.cpp and Ollama reuse an identical leading prompt). Only the
excerpts, in the user message (`groups.group_message`), vary; the answer is a JSON list with
one item per excerpt id (`schema`).
"""
from dataclasses import dataclass, field

FILTER_TASK = """You screen news excerpts for a ledger of who said what in a contested story.
The user message holds passages of articles; each names one or more excerpts by id and
sentence. For EACH excerpt, answer whether its sentence reports a statement made by, or
attributed to, one of the actors below, on one of the questions below (a claim, a denial,
a figure, an admission). A mere mention of an actor, or the journalist's own narration, is
not a statement.
Reply with a JSON list only, no prose: one item per excerpt, every id given, in order:
[{"id": 101, "statement": true}, {"id": 102, "statement": false}]"""

EXTRACT_TASK = """You write stance records for a ledger of who said what in a contested story.
The user message holds passages of articles, each with its outlet; each names one or more
excerpts by id and sentence. For EACH excerpt, list every statement that one of the actors below made on one of
the questions below in that excerpt's sentence (the rest of the passage is context only:
use it to tell who "he" or "the minister" is, and which event a figure is about).
Rules:
- "actor" and "question" are ids from the lists below, nothing else.
- For a stance question, "position" is "affirm", "deny" or "partial" (a qualified or partial
  yes). For a number question, "position" is "number" and "value" is the figure the actor
  gave, as a plain number (107000, not "107,000"); for a range ("between 275,000 and
  325,000"), "value" is the lower figure and "value_high" the upper.
- "via": when the sentence credits the statement to another outlet of the list below ("as N1
  reported, ...", "the minister told RTS ..."), that outlet's id; otherwise leave it out.
- "quote" is the few words of the sentence that carry the statement (at most 15), copied
  exactly.
- "confidence" is between 0 and 1.
- An excerpt with no attributable statement gets an empty list. Never guess an actor who did
  not speak, and never move a statement to another excerpt's id.
Reply with a JSON list only, no prose: one item per excerpt, every id given, in order:
[{"id": 101, "statements": [{"actor": "...", "question": "...", "position": "deny",
  "quote": "...", "confidence": 0.8}]}, {"id": 102, "statements": []}]"""


@dataclass(frozen=True)
class StoryContext:
    """What the prompts and the validation need of a story, read once per batch."""

    slug: str
    title: str
    actors: dict  # key -> {"name", "aliases", "side"}
    questions: dict  # key -> {"text", "kind", "unit", "topic", "affirm", "deny", "partial"}
    outlets: dict = field(default_factory=dict)  # key -> name

    @classmethod
    def of(cls, story) -> "StoryContext":
        actors = {a.key: {"name": a.name, "aliases": list(a.aliases), "side": a.side} for a in story.actors.all()}
        questions = {q.key: {"text": q.text, "kind": q.kind, "unit": q.unit, "topic": q.topic.key,
                             "affirm": list(q.affirm), "deny": list(q.deny), "partial": list(q.partial)}
                     for q in story.questions.select_related("topic")}
        outlets = {o.key: o.name for o in story.outlets.order_by("key")}
        return cls(slug=story.slug, title=story.title, actors=actors, questions=questions, outlets=outlets)


def story_block(ctx: StoryContext) -> str:
    """The story's part of the prefix, in a stable order (so that it caches)."""
    lines = [f"STORY: {ctx.title} ({ctx.slug})", "", "ACTORS (id: name; also called):"]
    for key, a in ctx.actors.items():
        aliases = "; ".join(a["aliases"])
        side = f" [{a['side']}]" if a["side"] else ""
        lines.append(f"- {key}: {a['name']}{side}" + (f"; also: {aliases}" if aliases else ""))
    lines += ["", "QUESTIONS (id [kind]: text; cue words, as regular expressions):"]
    for key, q in ctx.questions.items():
        kind = q["kind"] + (f", unit: {q['unit']}" if q["unit"] else "")
        lines.append(f"- {key} [{kind}]: {q['text']}")
        for cue in ("affirm", "deny", "partial"):
            if q[cue]:
                lines.append(f"    {cue} cues: " + " | ".join(q[cue]))
    if ctx.outlets:
        lines += ["", "OUTLETS (id: name):"] + [f"- {key}: {name}" for key, name in ctx.outlets.items()]
    return "\n".join(lines)


def prefix(ctx: StoryContext, stage: str) -> str:
    task = FILTER_TASK if stage == "filter" else EXTRACT_TASK
    return f"{task}\n\n{story_block(ctx)}"


def alone_note(reason: str) -> str:
    """Said when an excerpt is asked again on its own."""
    return f"An earlier answer for this excerpt could not be used ({reason}). Answer for it again."

"""Prompts. The story part (actors, questions, cue words) is one fixed prefix per story
and stage, identical from call to call, so the provider caches it: Anthropic through a
`cache_control` breakpoint at its end, an OpenAI-compatible server through its own prefix
caching (OpenAI, vLLM, llama.cpp and Ollama reuse an identical leading prompt). Only the
excerpt, in the user message, varies.
"""
import json
from dataclasses import dataclass

FILTER_TASK = """You screen news excerpts for a ledger of who said what in a contested story.
Answer whether the SENTENCE of the excerpt reports a statement made by, or attributed to, one
of the actors below, on one of the questions below (a claim, a denial, a figure, an admission).
A mere mention of an actor, or the journalist's own narration, is not a statement.
Reply with JSON only, no prose: {"statement": true} or {"statement": false}."""

EXTRACT_TASK = """You write stance records for a ledger of who said what in a contested story.
From the SENTENCE of the excerpt (the sentences around it are context only), list every
statement that one of the actors below made on one of the questions below.
Rules:
- "actor" and "question" are ids from the lists below, nothing else.
- For a stance question, "position" is "affirm", "deny" or "partial" (a qualified or partial
  yes) and "value" is null. For a number question, "position" is "number" and "value" is the
  figure the actor gave, as a plain number (107000, not "107,000").
- "quote" is the words of the sentence that carry the statement, copied exactly.
- "confidence" is between 0 and 1.
- No attributable statement: an empty list. Never guess an actor who did not speak.
Reply with JSON only, no prose, in this shape:
{"statements": [{"actor": "...", "question": "...", "position": "...", "value": null,
  "quote": "...", "confidence": 0.8}]}"""


@dataclass(frozen=True)
class StoryContext:
    """What the prompts and the validation need of a story, read once per batch."""

    slug: str
    title: str
    actors: dict  # key -> {"name", "aliases", "side"}
    questions: dict  # key -> {"text", "kind", "unit", "topic", "affirm", "deny", "partial"}

    @classmethod
    def of(cls, story) -> "StoryContext":
        actors = {a.key: {"name": a.name, "aliases": list(a.aliases), "side": a.side} for a in story.actors.all()}
        questions = {q.key: {"text": q.text, "kind": q.kind, "unit": q.unit, "topic": q.topic.key,
                             "affirm": list(q.affirm), "deny": list(q.deny), "partial": list(q.partial)}
                     for q in story.questions.select_related("topic")}
        return cls(slug=story.slug, title=story.title, actors=actors, questions=questions)


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
    return "\n".join(lines)


def prefix(ctx: StoryContext, stage: str) -> str:
    task = FILTER_TASK if stage == "filter" else EXTRACT_TASK
    return f"{task}\n\n{story_block(ctx)}"


def excerpt_message(*, sentence: str, text: str, day) -> str:
    return json.dumps({"date": str(day), "sentence": sentence, "excerpt": text}, ensure_ascii=False)


def retry_message(reason: str) -> str:
    return (f"That answer cannot be used: {reason}. Answer again with the JSON object only, "
            "using only the ids listed above.")

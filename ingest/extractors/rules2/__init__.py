"""`rules/2`: the offline extractor, reading a sentence the way a news reader does. No model;
a pure function of the story's configuration, its language pack and the excerpt.

How a sentence is read (docs/extraction.md says it at length):

1. Clean and normalize: markup remnants and hard wraps out (ingest.lang.clean), then the
   pack's `normalize` (diacritics folded, quotes straightened) on the text AND on the
   story's patterns, so "Vucic" meets 'Vu[cč]i[cć]'.
2. Clauses: the sentence is cut where it holds two statements (";", "while", "whereas",
   "but", outside quotation marks): "the army estimated 88,000 while the police reported
   107,000" is two clauses, each with its own speaker and its own figure.
3. Attributions in each clause: a verb of saying (one word or several: "told reporters",
   "issued a statement") or of wanting ("wants a full ban"; "does not want" the opposite),
   "according to X", "as X said," / "..., like X told Y", "..., so the minister." (translated
   text), a transcript label ("KOVAC: ..."), a quotation after a colon ('Kovac, at the gate:
   "..."'), a clause after a colon whose subject is the sentence's own again ("The mayor
   opens the debate: the city will offer ..."), or a credit opening the sentence
   ("As N1 reported, the minister sees ...": the subject's report). A verb inside a quotation
   is quoted speech, not an attribution; one in a relative clause whose pronoun is its
   subject (", who told parliament that ...,") is the name's before it.
4. The speaker is the verb's subject, in the main clause: the nearest name (an actor's
   alias or role noun, or a pronoun) before the verb, skipping a relative clause
   (", who ..., ") and refusing a name that is the object of a preposition ("critics of the
   union said"); names joined by "and" / "as well as" are several speakers. In the inverted
   form ('"...," said the minister') the subject follows the verb. A pronoun or a bare role
   noun ("she", "the company") is the speaker of the sentence before, or the one actor it
   names; an actor's own `roles` (story.toml) resolve "the chief executive" directly.
5. The statement is the verb's content only (after "said that ...", or the quotation before
   ", X said"): what a subordinate clause before the subject says ("hours after the Prime
   Minister resigned, ...") is not the speaker's. A content that is a question, a condition
   ("if", "unless", "would ... if"), or hearsay ("reportedly") gives no record; nor does a
   negated verb of saying ("did not say").
6. The question: its keywords in the sentence, or, for a question whose keywords sit in the
   neighbouring sentence (the day, the place), there or further up the sentence's paragraph,
   unless the sentence has a day of its own ("on the eve", "on Tuesday"). In an interview the article's text (not only the
   excerpt's context) gives the turns: a label further up the sentence's paragraph, the
   interviewer's turn before, the answer after a question put a sentence or two on.
7. The position: the question's cues in the content (partial, deny, affirm; a cue inside
   another's longer match is part of it), with negation, hedging and verbs of denial as in
   rules/1; a verb of denial or of opposition, a negation right before, or words that dismiss
   it after ("... is out of the question") reverse a cue; a negated saying ("I do not say")
   says neither; a perfect or a negation inside the cue's words is read through.
8. Figures: in the content, tied to the question's words or with the unit nearby; counts in
   words and parts of a whole ("one of its five ferries"); ranges ("between 2,500 and 3,000",
   "three, at most four") give `value` and `value_high`; "nearly", "at least" keep the
   figure; "tens of thousands" is none; a unit "million euros" counts in millions.
9. `via`: an outlet of the story the sentence credits ("as N1 reported", "told RTS"), when it
   is not the one carrying the excerpt. `rationale`: the speaker, the verb and the cue.

The package, one idea a module: `names` (actors and their stand-ins), `speakers` (steps 2-5:
attributions), `subjects` (step 4: whose verb it is), `answers` (a bare yes or no, read against the question
put; a count to "how many"; an interview's answer, read from its question's excerpt), `positions` (steps 5 and 7), `acts` (an official act told with no saying: "the directorate ordered ..."), `figures` (step 8), `credits` (step 9),
`story` (all of it compiled once per story), `excerpt` (steps 1 and 6, and the findings).
"""
from .. import ExcerptView, ExtractResult, Extractor
from .excerpt import extract
from .story import StoryRules2, _cache, story_rules

NAME = "rules/2"

__all__ = ["NAME", "RulesExtractor2", "StoryRules2", "extract", "story_rules", "_cache"]


class RulesExtractor2(Extractor):
    name = NAME
    reads_article = True  # an interview's label or question further up than the excerpt's context

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        rules = story_rules(story)
        return ExtractResult(findings={e.id: extract(rules, e) for e in excerpts})

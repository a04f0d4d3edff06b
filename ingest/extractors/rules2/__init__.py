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
   "issued a statement", "ruled that", "reads out", "let it be known that") or of wanting
   ("wants a full ban"; "does not want", "no longer wants" the opposite; not "wants the
   minister to say whether") or of belief ("believes", "is convinced that"), a position
   held ("the ministry's position is that ..."), "opposes" (against), "according to X",
   "as X said," / "..., as X explained on Monday" / "..., like X told Y", "..., so the
   minister." (translated text; not "..., so the minister resigned."), a body's ruling or
   verdict ("..., the court's ruling says"), a transcript label ("KOVAC: ...", "KOVAC (recording): ..."), a quotation
   after a colon ('Kovac, at the gate: "..."'), a clause after a colon whose subject is the
   sentence's own again ("17:02 The mayor opens the debate with a surprise: the city will
   offer ..."; not another actor's clause), or a credit opening the sentence, a live blog's
   time before it too ("12:20 As N1 reported, the minister sees ...": the subject's report).
   A verb inside a quotation is quoted speech, not an attribution; one in a relative clause
   whose pronoun is its subject (", who told parliament that ...,") is the name's before it
   (not one dated before, ", who last month said ..., now says ...": then against now),
   and one closing the sentence says what its antecedent says ("..., whose leader has called
   for X.").
4. The speaker is the verb's subject, in the main clause: the nearest name (an actor's
   alias or role noun, or a pronoun; of overlapping names the longest, an alias with the
   capitalized words after "the" before it and those after it) before the verb, skipping a
   relative clause (", who ..., ") or an apposition (", the country's largest operator, ") and refusing a name that is the object of a preposition ("critics of the
   union said"); names joined by "and" / "as well as" (also "and now") are several
   speakers. In the inverted form ('"...," said the minister', "..., declared the chairwoman Ann Berg to our newspaper
   on Monday") the subject follows the verb. A second verb after "and", far from its subject
   ('X on Tuesday called the plan "a fiction" and said ...'), and a clause that goes on with
   "but still" and a verb are the subject's. A pronoun or a bare role noun ("she", "the
   company"; a body's own people and papers: "its spokesman", "company officials", "the
   filing") is the one actor whose names hold the role noun ("the council": the Consumer
   Council), else the speaker of the sentence before, or the one actor it names; a pronoun
   opening the sentence, when the one before names several, is that one's subject. An
   actor's own `roles` (story.toml) resolve "the chief executive" directly, unless another
   name owns it ("the council's chief executive": the council).
5. The statement is the verb's content only (after "said that ...", or the quotation before
   ", X said"): what a subordinate clause before the subject says ("hours after the Prime
   Minister resigned, ...") is not the speaker's. A content that is a question, a condition
   ("if", "unless", "would ... if"), or hearsay ("reportedly") gives no record; nor does a
   negated verb of saying ("did not say"), nor a saying in the past perfect ("had called
   for", "had told reporters": recalled, not the news).
6. The question: its keywords in the sentence, or one of its cues (as written or read
   loosely: a cue names its question too), or, for a question whose keywords sit in the
   neighbouring sentence (the day, the place), there or further up the sentence's paragraph
   ("It is the first day of the strike. The union says 4,200. The company puts the number
   at ..."; not the paragraph before), unless the sentence has a day of its own ("on the
   eve", "on Tuesday"). The worker gives rules/2 the article's text (ExcerptView.article and
   position, for `reads_article`); besides that anchor it is read for a quotation carried on
   from further up (a sentence that names no speaker inside a quotation opened before it, in
   its paragraph or the paragraphs a wire story carries the quotation on with, is the
   quotation's speaker's), a pronoun's chain ("She said A. She added B."), and an interview's
   turns: a label further up the sentence's paragraph speaks to the turn's end, the
   interviewer's turn before anchors a number question, a count later in the answer's turn
   counts when its first sentence has none, a question put a sentence or two on is answered
   by the next turn (a bare figure to a question that puts one is a counter-offer: "We can
   live with twelve."), and a follow-up asking how many ("How many, then?") by the turn after.
   A turn of short answers, a yes and a no ("These two are. The other three are not.";
   "A quota, yes. A ban, never."), is partial. A denial of the claim before as a whole, in the
   next sentence of its paragraph ("... said the tender had been rigged. The consortium
   rejected the claim."), is the opposite of each stance it took (not of a count, not "did
   not deny", not "denied any wrongdoing").
7. The position: the question's cues in the content (partial, deny, affirm; a cue inside
   another's longer match is part of it), with negation, hedging and verbs of denial as in
   rules/1; a verb of denial or of opposition, a negation right before, or words that dismiss
   it after ("... is out of the question", "would be disproportionate", "cannot survive in
   court", a bare ", no." or ", never.") reverse a cue; said to go too far ("a total ban goes
   too far"), given up as a demand ("giving up its demand for a ban"), or dismissed beside a
   yes to something else ("a few flights, yes; a total ban, no") or beside a lesser one that
   can ("; a limited one can") it is partial, but not given up ("refused to give up the ban")
   it holds; a negated saying ("I do not say") says neither. Where no cue matches as written:
   a perfect, a modal perfect ("should have gone": "should go"), "none of them should" ("they
   should not"), "wants the licence revoked" / "called for the contract to be cancelled"
   ("... should be ..."), a noun's "of" phrase before its modal ("the licence of X must be
   withdrawn") and a negation inside the cue's words are read through; then the words' base
   forms (the pack's `lemma`), a noun of action wanted or opposed a few words before read as
   its verb ("demanded the cancellation of the contract": "cancel the contract"; not "the
   cancellation had cost millions"); last, the cues read loosely: tense auxiliaries and
   adverbs between their words, then up to two words of any kind but a negation, a modal,
   "be", a preposition or a word that narrows ("performed exactly as designed") ("112 had failed to connect": "112 failed to connect"; never
   a negation, a modal or "be"), a noun's modifier before its verb ("calls to 112 had
   failed": "calls failed"), any determiner or owner for the cue's article ("back Veltria's
   improved offer": "back the offer"), contractions spelt out, a hyphen a space ("shutdown" is
   "shut down" too), British and American spellings one ("apologised"), the cue's words
   in their base forms but a past form kept ("halted" is not "to halt"; "did not cause" is
   "not caused").
8. Figures: in the content, tied to the question's words or with the unit nearby; counts in
   words (the teens too) and parts of a whole ("one of its five ferries"); zero in words
   before the unit ("zero flights", "no buses", "not a single bus") is 0, "no more than 12"
   is 12; ranges ("between 2,500 and 3,000", "three, at most four") give `value` and
   `value_high`; "nearly", "at least" keep the figure; "tens of thousands" is none; a unit
   "million euros" counts in millions; "nine people had died", "the death toll stood at
   nine" count; a number a question's keyword names ("calls to 112") is none. A figure the speaker says is not it ("45 decibels is
   not a limit", "was not enough") or too much ("sixteen is sixteen too many", "20 is far too
   high") is none; "not too many", "not negotiable", "not up for debate" keep it.
   A cue that opens with its verb, told of an actor named right before it with no verb of
   saying before it ("Rusk refused to concede", "the board now backs the offer"), is that
   actor's position (acts.py), as an official act is; not a modal's ("the club will repay"),
   not of a name that is the verb's object ("the directorate let Orrelink keep its licence"),
   not what another says of it.
9. `via`: an outlet of the story the sentence credits ("as N1 reported", "told RTS",
   "according to the Beta agency", "declared to the public broadcaster RTS"), when it is not
   the one carrying the excerpt; a credit set between the subject and its verb ("X has,
   according to RTS, bought ...") is cut out and the rest read as X's report. `rationale`: the speaker, the verb and the cue.

The package, one idea a module: `names` (actors and their stand-ins), `speakers` (steps 2-5:
attributions), `subjects` (step 4: whose verb it is), `answers` (a bare yes or no, read against the question
put; a count to "how many"; an interview's answer, read from its question's excerpt), `positions` (steps 5 and 7), `acts` (an official act told with no saying: "the directorate ordered ..."), `figures` (step 8), `credits` (step 9),
`frames` (step 7, last: the question's keyword backed, opposed or found groundless, where no cue says so),
`story` (all of it compiled once per story), `excerpt` (steps 1 and 6: one excerpt read), `turns` (an
interview's turns around it, from the article), `findings` (an attribution's content to findings).
"""
import logging

from .. import ExcerptView, ExtractResult, Extractor
from .excerpt import extract
from .story import StoryRules2, _cache, story_rules

NAME = "rules/2"

log = logging.getLogger(__name__)

__all__ = ["NAME", "RulesExtractor2", "StoryRules2", "extract", "story_rules", "_cache"]


class RulesExtractor2(Extractor):
    name = NAME
    reads_article = True  # an interview's label or question further up than the excerpt's context

    def extract_batch(self, story, excerpts: list[ExcerptView], run=None) -> ExtractResult:
        rules = story_rules(story)
        findings = {}
        for e in excerpts:
            # A reading that fails on one excerpt loses that excerpt's records alone: raised, it
            # would undo the whole batch, and each delivery of it again the same way.
            try:
                findings[e.id] = extract(rules, e)
            except Exception:
                log.exception("rules/2: excerpt %s not read: %r", e.id, e.sentence[:120])
                findings[e.id] = []
        return ExtractResult(findings=findings)

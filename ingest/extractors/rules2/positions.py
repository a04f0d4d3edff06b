"""rules/2's positions: whether the content of an attribution is a statement at all (not a
question, a condition, a recalled saying or hearsay), and which position it takes on a
question (its cues, with negation, hedging, verbs of denial and of opposition)."""
import re
from dataclasses import dataclass

from ingest.lang import LanguagePack, pattern_lower
from ingest.lang.lemmas import fold_pattern, fold_words, past_form, pattern_literal, tense_kept

from ..rules import QuestionRules
from .claims import Claims
from .figures import Figures, Unit
from .frames import Frames
from .names import words
from .proposals import ProposalRules, Proposals, another_thing
from .speakers import Attribution

NEGATION_WINDOW = 30
_WHOLE = re.compile(r"[^,;:.!?]*")  # a cue's match within one clause
_MODALS = ["will", "would", "shall", "should", "must", "can", "could", "may", "might"]


def compile_patterns(patterns, n) -> re.Pattern | None:
    patterns = [n(p) for p in (patterns or []) if p]
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{pattern_lower(p)})" for p in patterns))  # for lower-cased text


@dataclass
class QuestionRules2(QuestionRules):
    unit_rules: Unit | None = None  # the unit as rules/2's figures read it (its scale too)
    # the cues read loosely (Positions.loose), compiled on first use; False: none
    loose: QuestionRules | bool | None = None
    affirm_written: list | None = None
    deny_written: list | None = None
    partial_written: list | None = None
    text: str = ""  # the question as put ("Should the plant reopen?": what ought to be)
    # its proposal backed or opposed, as cues (proposals.py), read where no cue of its own matches
    proposal: ProposalRules | None = None
    # a yes-or-no question's claim restated, as cues on words in their base forms (claims.py)
    claim: QuestionRules | None = None
    # the actor the claim is of ("Did Rydo break the law?"), and the claim as it speaks of itself ("we did not")
    claim_actor: str | None = None
    claim_own: QuestionRules | None = None
    others: re.Pattern | None = None  # the keywords of the story's other stance questions


def questions_compile(story, n, figures: Figures, proposals: Proposals, claims: Claims,
                      actors=()) -> list[QuestionRules2]:
    """The story's questions, compiled; `actors`: (key, alias regex) pairs, to find the actor a
    question's claim is of."""
    out = []
    for q in story.questions.select_related("topic"):
        unit = figures.unit(q.unit, n)
        text = n(q.text or "").strip()
        cued = not q.is_number and bool(q.affirm or q.deny or q.partial)  # a stance question with cues of its own
        out.append(QuestionRules2(
            key=q.key, topic=q.topic.key, number=q.is_number,
            keywords=compile_patterns(q.keywords, n), affirm=compile_patterns(q.affirm, n),
            deny=compile_patterns(q.deny, n), partial=compile_patterns(q.partial, n),
            unit=unit.rx if unit else None, unit_rules=unit,
            affirm_written=[n(p) for p in q.affirm or [] if p], deny_written=[n(p) for p in q.deny or [] if p],
            partial_written=[n(p) for p in q.partial or [] if p],
            text=text, proposal=proposals.cues(text) if cued else None))
        if cued and out[-1].proposal is None and (claim := claims.read(text)):
            keywords = [pattern_lower(n(k)) for k in q.keywords or [] if k]
            out[-1].claim = claims.cues(claim, keywords)
            # (the question's subject as it puts it, "the interior ministry", by the actors' aliases)
            out[-1].claim_actor = next((key for key, rx in actors if claim.subject_phrase and rx.search(claim.subject_phrase)),
                                       None)
            if out[-1].claim_actor:
                out[-1].claim_own = claims.own_cues(claim, keywords)
    for q in out:  # (a frame with another question's keyword in it is that one's as much: frames.py)
        others = [o.keywords.pattern for o in out if o is not q and not o.number and o.keywords]
        q.others = re.compile(rf"(?<![\w-])(?:{'|'.join(others)})") if others else None
    return out


class Positions:
    def __init__(self, pack: LanguagePack, actors=()):
        self.actors = list(actors)  # the story's (key, alias regex) pairs: a frame's subject may name the speaker
        self.day_anchor = words(pack.day_anchor)  # "backs the loan on Monday" is no other loan
        self.proposals = Proposals(pack)
        self.claims = Claims(pack)
        self.frames = Frames(pack)
        self.denial = words(pack.denial)
        self.negation = words(pack.negation)
        self.negation_idiom = words(pack.negation_idiom)
        self.dismissal = re.compile(rf"\s*(?:[\w'-]+\s+){{0,4}}?(?:{'|'.join(pack.dismissal)})(?!\w)") \
            if pack.dismissal else None
        self.opposition = re.compile(rf"(?<!\w)(?:{'|'.join(pack.opposition)})\s+(?:[\w'-]+\s+){{0,3}}$") \
            if pack.opposition else None
        # the lesser thing dismissed as the whole is: "a smaller rise is "the same mistake""
        self.lesser_dismissed = re.compile(rf"\s*(?:[\w'-]+\s+){{0,4}}?(?:{'|'.join(pack.position_lesser_dismissed)})(?!\w)") \
            if pack.position_lesser_dismissed else None
        self.lesser_as_whole = re.compile(rf"\s*(?:[\w'-]+\s+){{0,2}}?(?:{'|'.join(pack.position_lesser_as_whole)})(?!\w)") \
            if pack.position_lesser_as_whole else None
        # words that negate what follows without a negation word: "unlikely to be able to repay"
        self.negator = words(pack.position_negators)
        self.overreach = re.compile(rf"\s*(?:[\w'-]+\s+){{0,4}}?(?:{'|'.join(pack.overreach)})(?!\w)") \
            if pack.overreach else None
        self.retreat = re.compile(rf"(?<!\w)(?:{'|'.join(pack.retreat)})\s+(?:[\w'-]+\s+){{0,3}}$") if pack.retreat else None
        # "a quota, yes; a ban, no", "a full ban cannot survive; a limited one can": a yes to
        # another thing beside a cue dismissed, or a clause that ends on a bare auxiliary
        self.bare_yes = re.compile(rf",\s*(?:{'|'.join(pack.answer_yes)})(?=\s*(?:[.;!]|$))"
                                   + (rf"|;\s*(?:[\w'-]+\s+){{1,4}}(?:{'|'.join(pack.auxiliary)})(?=\s*(?:[.!]|$))"
                                      if pack.auxiliary else "")) if pack.answer_yes else None
        self.refusal = re.compile(rf"(?<!\w)(?:{'|'.join(pack.opposition)})\s*$") if pack.opposition else None
        # a cue that is itself an opposition one may stand aside from ("vote against the loan",
        # "oppose the closure"; not "appealed against the fine", which is accepted or not):
        # negated, the speaker stands aside, no backing ("we will not vote against it": partial)
        self.opposing_cue = words(pack.position_standing_aside) if pack.position_standing_aside else None
        # ... unless a backing follows ("no longer opposed the loan ... and would back the rebuild")
        self.backing = words(pack.reaction_backing) if pack.reaction_backing else None
        self.hedge = words(pack.hedge)
        self.conditional = words(pack.conditional)
        self.inverted = re.compile(rf"(?:{'|'.join(pack.conditional_inverted)})\s+[^,;:.!?]{{3,80}},", re.IGNORECASE) \
            if pack.conditional_inverted else None
        self.rumour = words(pack.rumour)
        self.recalled = words(pack.recalled)
        self.recalled_own = re.compile(
            rf"\W*(?:{'|'.join(pack.recalled)})\s*,?\s*(?:{'|'.join(pack.first_person)})\s+(?:[\w'-]+\s+)?"
            rf"(?:{'|'.join(pack.attribution + pack.proposal_support)})(?!\w)", re.IGNORECASE) \
            if pack.recalled and pack.first_person else None
        # "Last week the minister said ...": a time of before at the sentence's head (after a
        # label or a live blog's time), in the clause of the verb of saying
        self.recalled_fronted = re.compile(
            rf"\W*(?:[a-z][\w .'-]{{0,30}}:\s*|\d{{1,2}}[:.]\d{{2}}\s*[-\u2013\u2014]?\s*)?"
            rf"(?:{'|'.join(pack.recalled_fronted)})(?![\w'-])\s*,?(?P<rest>[^,;:.!?\"]*)$") \
            if pack.recalled_fronted else None
        # "I said in March that ...", "we told parliament last week that ...": the speaker's own
        # saying of before, opening what is said
        self.recalled_after = re.compile(
            rf"\W*(?:{'|'.join(pack.first_person)})\s+(?:[\w'-]+\s+)?(?:{'|'.join(pack.attribution)})"
            rf"\s+(?:[\w'-]+\s+){{0,2}}?(?:{'|'.join(pack.recalled_after)})(?![\w'-])") \
            if pack.recalled_after and pack.first_person and pack.attribution else None
        # "spent March insisting", "has spent six weeks saying that": time spent saying it
        self.recalled_span = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.recalled_span)})\s+(?:[\w'-]+\s+){{1,3}}?"
                                        rf"[a-z]+ing(?![\w'-])") if pack.recalled_span else None
        # "had called for", "had repeatedly told reporters that": the verb of saying in the past
        # perfect, right before its content
        self.recalled_saying = re.compile(
            rf"(?<!\w)(?:{'|'.join(pack.recalled_auxiliary)})\s+(?:[\w'-]+\s+)?(?:{'|'.join(pack.attribution)})(?!\w)") \
            if pack.recalled_auxiliary and pack.attribution else None
        self.question_marker = words(pack.question)
        self.denial_object = words(pack.denial_object)
        self.denial_always = words(pack.denial_always)
        self.speculation = words(pack.speculation)
        # "do not say", "never claimed", "am not saying"
        # (not "did not agree that ...", which disagrees: the pack's `disagreeing` verbs)
        self.unsaying = re.compile(rf"(?<!\w)(?:{'|'.join(pack.negation)})\s+"
                                   + (rf"(?!(?:{'|'.join(pack.disagreeing)})(?!\w))" if pack.disagreeing else "")
                                   + rf"(?:{'|'.join(pack.attribution)})(?!\w)") if pack.negation and pack.attribution else None
        # "stopped short of calling for", "stopped short of backing": a saying or a backing held back
        self.withheld = re.compile(rf"(?<!\w)(?:{'|'.join(pack.withheld)})\s+(?:[\w'-]+\s+){{0,3}}$") \
            if pack.withheld else None
        self.folds = [(re.compile(pattern_lower(rx)), repl) for rx, repl in pack.auxiliary_folds]
        self.inserted_negation = re.compile(rf"\s(?:{'|'.join(sorted(pack.inserted_negation, key=len, reverse=True))})(?=\s)") \
            if pack.inserted_negation else None
        # a condition the speaker's yes is given on ("only if", "provided", "as long as"): a yes in part
        self.restrictive = words(pack.conditional_restrictive)
        self.read_by_cue = False  # whether the last `stance` was read by the question's own cues
        # ... or right after the content, in the clause the sentence goes on with ("should close,
        # but only if ...", "could go ahead, she said, but only if ...")
        self.restrictive_after = re.compile(rf"[\s\"',]*(?:[^,;:.!?]{{1,40}},\s*)?(?:but\s+)?"
                                            rf"(?:{'|'.join(pack.conditional_restrictive)})(?![\w'-])") \
            if pack.conditional_restrictive else None
        self.concessive = re.compile(rf"(?<!\w)(?:{'|'.join(pack.concessive)})\s+$") if pack.concessive else None
        self.lemma = pack.lemma
        self.saying = words(pack.attribution + pack.denial)
        # the last reading: the cues' words in their base forms, with the pack's gap words
        # allowed between them, on the sentence's words in theirs (contractions spelt out,
        # a hyphen read as a space: "cyber-attack" meets 'cyber ?attack')
        barrier = "|".join(w for w in pack.cue_gap_barrier + pack.negation + pack.relative + pack.conditional
                           + pack.cue_modifier + pack.cue_narrowing + pack.cue_free_gap_refused)
        free = rf"(?:(?!(?:{barrier})(?![\w'-]))[a-z][\w'-]*\s+){{0,{pack.cue_free_gap}}}" \
            if pack.cue_free_gap and barrier else ""
        self.gap = rf"\s+(?:(?:{'|'.join(pack.cue_gap_words)})\s+){{0,3}}{free}" if pack.cue_gap_words and pack.lemma else None
        self.contractions = [(re.compile(rx), repl) for rx, repl in pack.cue_contractions]
        # "calls to 112 had failed": a modifier of the cue's first word, a noun, between it and
        # its verb ("production at the plant was halted"); no negation inside it. The verb is
        # the cue's next word: an auxiliary or a modal, or a past form ("(dam|release) caused")
        stop = "|".join(w for w in pack.auxiliary + pack.determiners + pack.pronouns + pack.first_person
                        + pack.not_subject + pack.negation + pack.cue_gap_words + pack.relative + _MODALS if w.isalpha())
        verbs = "|".join(w for w in pack.auxiliary + _MODALS if w.isalpha())
        noun = rf"(?!(?:{stop})\b)[a-z0-9]+\??"
        self.noun_first = re.compile(rf"(?:\\b)?(?:{noun}|\((?:\?:)?{noun}(?:\|{noun})*\)\??) (?:\((?:\?:)?)?(?:(?:{verbs})\b|(?P<word>[a-z]+)\b)") \
            if pack.cue_modifier and stop else None
        self.modifier = rf"(?:\s+(?:{'|'.join(pack.cue_modifier)})(?:\s+(?!(?:{'|'.join(pack.negation)})(?![\w']))[\w'-]+){{1,4}}?)?" \
            if pack.cue_modifier else ""
        # "the offer" in a cue is any determiner's or owner's ("the City of Kessling's"), with
        # up to three words before its noun ("backs Veltria's improved 45-crown offer"), none a
        # negation nor a preposition ("cleared the way for the takeover" is no "cleared the takeover")
        # nor one that makes it less ("opposes a partial ban" is no "opposes a ban")
        self.cue_determiner = re.compile(rf"(?<![\w\\])(?:{'|'.join(pack.cue_determiners)}) (?![?*+{{])") \
            if pack.cue_determiners else None
        negation = rf"(?:{'|'.join(pack.negation)})(?![\w'])"
        prep = rf"(?:{'|'.join(w for w in pack.not_subject if w.isalpha())})(?!\w)"
        narrower = rf"(?!(?:{'|'.join(pack.cue_narrowing)})(?!\w))" if pack.cue_narrowing else ""
        word = rf"(?!{negation})(?!{prep}){narrower}[\w-]+"
        owner = rf"(?:{word}\s+(?:of\s+)?){{0,3}}?{word}'s?" if pack.cue_owner else "(?!)"
        self.determiner = rf"(?:{'|'.join(pack.cue_determiners)}|{owner})(?:\s+{word}){{0,3}}?\s+" \
            if pack.cue_determiners else ""
        self.tense_kept = tense_kept(pack.lemma, pack.cue_spelling) if pack.lemma else None
        self.all_folded = tense_kept(pack.lemma, pack.cue_spelling, keep_past=False) if pack.lemma else None
        self._folds: dict = {}
        self.spelling = pack.cue_spelling
        self.past_after = tuple(pack.cue_past_auxiliary)
        verbs = pack.wanting + pack.opposition + pack.denial
        self.action_noun = re.compile(pack.action_noun) \
            if pack.action_noun and verbs and getattr(pack.lemma, "verb_of", None) else None
        self.wanting = re.compile(rf"(?<!\w)(?:{'|'.join(verbs)})\s+(?:[\w'-]+\s+){{0,6}}$") if self.action_noun else None
        # on real prose: a negation of when or how ("does not immediately strike down", "not ...
        # until October"), a cue kept from happening ("protect X from being contaminated"), a
        # cue noun of lesser degree ("a partial U-turn"), an evaluation of the question's
        # reversal ("ending the cut was right"), "most of X are not ...", "nothing ... points to"
        neg = "|".join(pack.negation)
        self.manner_negation = re.compile(rf"(?<![\w'])(?:{neg})(?![\w'])\s+(?:[\w'-]+\s+)?"
                                          rf"(?:{'|'.join(pack.position_manner_adverbs)})(?!\w)") \
            if pack.negation and pack.position_manner_adverbs else None
        self.time_after = re.compile(rf"[^,;:.]{{0,50}}?(?<!\w)(?:{'|'.join(pack.position_time_after)})(?!\w)") \
            if pack.position_time_after else None
        self.prevention = re.compile(rf"(?<!\w)(?:{'|'.join(pack.position_prevention)})\s+"
                                     rf"(?:(?:being|getting|becoming|any|further)\s+)?$") if pack.position_prevention else None
        self.degree = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.position_degree_narrowing)})\s+$") \
            if pack.position_degree_narrowing else None
        self.reversal_subject = re.compile(
            rf"(?<![\w-])(?:{'|'.join(pack.position_reversal_subject)})(?![\w-])[^,;:.]{{0,60}}?\s"
            rf"(?:{'|'.join(pack.position_copula)})\s+[^;.]{{0,50}}$") \
            if pack.position_reversal_subject and pack.position_copula else None
        self.open_question = re.compile(rf"(?<!\w)(?:{'|'.join(pack.position_open_question)})(?!\w)") \
            if pack.position_open_question else None
        self.normative = re.compile(rf"(?:{'|'.join(pack.position_normative_question)})(?!\w)", re.IGNORECASE) \
            if pack.position_normative_question else None
        self.caused = re.compile(rf"(?<!\w)(?:{'|'.join(pack.position_caused)})\s+(?:[\w'-]+\s+){{0,2}}$") \
            if pack.position_caused else None
        self.majority = re.compile(rf"(?:{'|'.join(pack.position_majority_hedge)})") if pack.position_majority_hedge else None
        self.none_points = re.compile(
            rf"(?<!\w)(?:{'|'.join(pack.position_none_subject)})(?!\w)[^.;]{{0,40}}?(?<!\w)"
            rf"(?:{'|'.join(pack.position_evidence_verbs)})\s+(?:[\w'-]+\s+){{0,4}}$") \
            if pack.position_none_subject and pack.position_evidence_verbs else None

        # precision: an infinitive that is its clause's subject, before a copula ("to revoke the
        # licence now would be premature"): a judgement of the act, said by what follows the copula
        self.infinitive_subject = re.compile(
            rf"(?:^|[,;:]|(?<!\w)(?:{'|'.join(pack.complementizer)}))\s*(?:{'|'.join(pack.position_infinitive_subject)})\s+$") \
            if pack.position_infinitive_subject and pack.complementizer else None
        # (the copula a few words on, none of them opening a clause of its own: "to revoke it before
        # it is renewed" is no subject)
        opener = "|".join(pack.relative + pack.complementizer + pack.subordinate + pack.conditional + pack.pronouns
                          + pack.first_person)
        self.copula_after = re.compile(rf"(?:\s+(?!(?:{opener})(?![\w'-]))[\w'-]+){{0,5}}?\s+"
                                       rf"(?P<copula>{'|'.join(pack.position_copula)})(?![\w'-])") \
            if pack.position_copula and opener else None
        # "stays in force as long as the drought lasts": how long, not on what condition
        self.duration_verb = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.position_duration_verbs)})(?:\s+[\w'-]+){{0,2}}?"
                                        rf"[\s\"',]*$") if pack.position_duration_verbs else None
        # (the condition's words closing a match: all of it, or the end of a clause read after the content)
        self.duration_condition = re.compile(rf"\s*(?P<words>{'|'.join(pack.position_duration_condition)})\s*$") \
            if pack.position_duration_condition else None
        self.denial_as = re.compile(rf"\s(?:{'|'.join(pack.position_denial_as)})\s+(?:(?:{'|'.join(pack.determiners)})\s+)?$") \
            if pack.position_denial_as and pack.determiners else None
        self.exception = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.position_exception)})\s+$") \
            if pack.position_exception else None
        # ", who on June 24 said ...": a saying dated in a relative clause, background to the news
        self.relative_dated = re.compile(
            rf",\s*(?:{'|'.join(pack.relative)})\s+(?:{'|'.join(pack.position_relative_dated)})\s+"
            rf"(?:{'|'.join(pack.figure_month_before)})(?![\w'-])[^,;:.!?\"]{{0,40}}$", re.IGNORECASE) \
            if pack.position_relative_dated and pack.relative and pack.figure_month_before else None

    def unstated(self, s: str, a: int, b: int) -> bool:
        """The content s[a:b] is no statement: a question, a saying recalled from before, or
        hearsay about the saying."""
        c = s[a:b]
        s_quoteless = s.rstrip()
        prefix = s[:min(a, b)]
        if "?" in c or (b >= len(s_quoteless) and s_quoteless.endswith("?")):
            return True
        if self.question_marker and self.question_marker.search(c):
            return True
        if self.withheld and self.withheld.search(prefix[-60:]):
            return True  # "stopped short of calling for a suspension"
        if self.recalled and (self.recalled.search(re.split(r"[,;:(]", prefix[-40:])[-1])
                              or ((opener := _OPENER.match(prefix)) and self.recalled.search(opener.group(1)))):
            # "three weeks ago you said ...", "Back in 2019, the ministry said ...": an earlier saying, recalled
            return True
        if self.relative_dated and self.relative_dated.search(prefix[-80:]):
            return True  # "The minister, who on June 24 said the permit would stay, told ...": background
        if self.recalled_own and self.recalled_own.match(c):
            return True
        if self.recalled_after and self.recalled_after.match(c):
            return True  # '"I said in March that the plant could be saved. I was wrong," she said'
        if self.recalled_fronted and self.recalled_fronted.match(prefix):
            return True  # "Last week the minister said ...": background, a saying of before
        if self.recalled_span and self._recalled_span(prefix[-80:], c[:40]):
            return True  # "spent March insisting the plant could be saved"  # '"Three weeks ago we asked for the fine to be reduced," he said': the speaker's own, recalled
        if self.recalled_saying and self._recalled_saying(prefix[-80:], c[:30]):
            return True  # "last month the minister had called for ...": a saying before the news
        # Hearsay about the saying itself ("X has reportedly told ...", "rumours that X said"),
        # not a word inside what was said ("X dismissed rumours that ...").
        return bool(self.rumour and self.rumour.search(prefix[-60:] + c[:8]))

    def _recalled_span(self, before: str, c: str) -> bool:
        """Time spent saying it, right before the content `c` (its verb in `before` or opening
        `c`): "spent March insisting", "has spent six weeks saying that"."""
        for m in self.recalled_span.finditer(before + c):
            if m.start() < len(before) <= m.end() + 6 and not re.search(r"[,;:.]", before[m.end():]):
                return True
        return False

    def _recalled_saying(self, before: str, c: str) -> bool:
        """A verb of saying in the past perfect, its auxiliary before the content `c` and the
        verb at most a few words before it, in the same clause."""
        for m in self.recalled_saying.finditer(before + c):
            if m.start() < len(before) and not re.search(r"[,;:.]", before[m.end():]) and len(before) - m.end() <= 40:
                return True
        return False

    def stance(self, q: QuestionRules, c: str, att: Attribution) -> tuple[str, float, str] | None:
        """(position, confidence, cue) of the content `c`: the partial cue, else the deny
        cue, else the affirm cue, unless another's match holds it ("no evidence of
        irregularities" is the deny cue, not the partial "irregularities")."""
        self.read_by_cue = q.has_cues  # (False when the question's proposal or claim gave the reading)
        if not q.has_cues:
            return self._uncued(c, att)
        if self.normative and self.normative.match(getattr(q, "text", "")):
            att = _Reading(att, True)
        found = self._cues(q, c)
        written = c
        if not found and self.folds:
            folded = c
            for rx, repl in self.folds:
                folded = rx.sub(repl, folded)
            if folded != c:  # "the licence should have been revoked" meets "should (be )?revoked"
                c, found = folded, self._cues(q, folded)
        if not found and self.lemma:
            # "lost its licence" meets "lose its licence", "cancelled" meets "cancel": the
            # words in their base forms, folded only here, where nothing else matched
            base, starts, ends = self._folded(written, self.lemma)
            if base != written and (at_base := self._cues(q, base)):
                st = self._read(base, at_base, att)
                return st and (st[0], st[1], _span_written(written, base, st[2], starts, ends))
            if c is not written:  # "should have gone": folded to "should gone", then "should go"
                base, starts, ends = self._folded(c, self.lemma)
                if base != c and (at_base := self._cues(q, base)):
                    st = self._read(base, at_base, att)
                    return _as_written(st and (st[0], st[1], _span_written(c, base, st[2], starts, ends)), written)
        if not found and self.action_noun and (acted := self._action_fold(written)) \
                and (at_verb := self._cues(q, acted)):
            # "demanded the cancellation of the contract" meets "cancel the contract"
            return _as_written(self._read(acted, at_verb, att), written)
        if not found and self.gap and (loose := self.loose(q)):
            # "112 had failed to connect" meets "112 failed to connect", "had not been
            # affected" "not affected", "did not cause" "not caused"
            # the sentence's past forms kept (a cue's past meets them), then folded too (a cue's
            # base form meets "backed Veltria's improved offer" as it meets "back the offer")
            for text in dict.fromkeys((self._spelt_out(written), self._spelt_out(c))):
                for fold in (self.tense_kept, self.all_folded):
                    base, starts, ends = self._folded(text, fold)
                    if (at_loose := self._cues(loose, base)):
                        st = self._read(base, at_loose, att)
                        return _as_written(st and (st[0], st[1], _span_written(text, base, st[2], starts, ends)), written)
        if not found:
            return _as_written(self._negated_inside(q, c), written) or self._proposed(q, written, c, att) \
                or self._claimed(q, written, att) or self._framed(q, written, att)
        if c is not written:
            return _as_written(self._read(c, found, att), written)
        return self._read(c, found, att)

    def _proposed(self, q: QuestionRules2, written: str, folded: str, att: Attribution) -> tuple[str, float, str] | None:
        """The question's proposal backed or opposed ("withdrew its support for the loan"),
        read as its cues are, with less confidence than a cue the user wrote: in the statement
        as written, then as the pack's folds put it (`folded`, as `stance` folded it: "called
        for the contract to be cancelled" -> "the contract should be cancelled")."""
        if not q.proposal:
            return None
        for text in dict.fromkeys((written, folded)):
            found = {pos: m for pos, m in self._cues(q.proposal, text).items()
                     if self.proposals.held(text, m, q.proposal) or self._own_name(text, m, att)}
            if not found:
                continue
            if any(q.proposal.object_end and q.proposal.object_end.search(m.group(0))
                   and another_thing(q, text, m.end(), self.day_anchor, head=True) for m in found.values()):
                return None  # "backs a loan for the library"
            st = self._read(text, found, att)
            self.read_by_cue = False
            return _as_written(st and (st[0], min(st[1], 0.5), st[2]), written)
        return None

    def _framed(self, q: QuestionRules2, written: str, att: Attribution) -> tuple[str, float, str] | None:
        """The question's keyword in a frame that backs, opposes or finds no grounds for it
        (frames.py), read as a cue is, with less confidence than any. The verb that attributes
        may be the frame itself ("the families oppose any lift running this season")."""
        text, found = written, self.frames.read(q, written)
        if not found and att.verb and not att.act:
            text = f"{att.verb} {written}"
            found = self.frames.read(q, text)
            att = _Reading(att, getattr(att, "normative", False), denial=False)  # (the frame says the side)
        found = {pos: m for pos, m in found.items() if self.proposals.held(text, m) or self._own_name(text, m, att)}
        if not found:
            return None
        [(pos, m)] = found.items()
        if self._negated(text, m.start(), close=True):
            return None  # "no longer asks for the full authorisation, but for ...": what instead is not told
        if self.negation and self.negation.search(m.group(0)):
            # a frame that says its own no ("there is no reason to keep", "has no plans to"):
            # its side is read already; only a saying that asserts nothing undoes it
            if self._unasserted(text, m.start()):
                return None
            self.read_by_cue = False
            return pos, 0.4, m.group(0)
        st = self._read(text, found, att)
        self.read_by_cue = False
        return st and (st[0], min(st[1], 0.4), st[2])

    def _own_name(self, c: str, m: re.Match, att: Attribution) -> bool:
        """The frame `m`'s subject in what was said names the speaker, and no other actor: '"The
        party will oppose any exchange," its leader told ...' (not "said the council backs ...")."""
        before = c[:m.start()]
        if self.proposals.inside.search(before[-40:]):
            return False
        clause = self.proposals.subject_clause(before)
        named = {key for key, rx in self.actors if rx.search(clause)}
        return bool(named) and named <= set(att.speakers)

    def _claimed(self, q: QuestionRules2, written: str, att: Attribution) -> tuple[str, float, str] | None:
        """The question's claim restated ("the fire was started by a power line"), on the
        statement's words in their base forms, with less confidence than a cue the user wrote."""
        if not q.claim:
            return None
        text = self._spelt_out(written)
        base, starts, ends = self._folded(text, self.all_folded)
        found = self._cues(q.claim, base)
        if not found and q.claim_own and q.claim_actor in att.speakers:
            found = self._cues(q.claim_own, base)
        sourced = self.claims.sourced
        if not found:
            return None
        if sourced:
            # another's saying or finding before it: "said lawyers claim the device is illegal"
            # (not the content's own verb of saying, where it opens: "said the device is illegal")
            own = sourced.match(base)
            if any(sourced.search(base, own.end() if own else 0, m.end()) for m in found.values()):
                return None
        st = self._read(base, found, att)
        self.read_by_cue = False
        return _as_written(st and (st[0], min(st[1], 0.5), _span_written(text, base, st[2], starts, ends)), written)

    def _folded(self, text: str, fold) -> tuple[str, list[int], list[int]]:
        """fold_words, once per sentence for all the questions it is read for."""
        key = (text, fold)
        if key not in self._folds:
            if len(self._folds) > 256:
                self._folds.clear()
            self._folds[key] = fold_words(text, fold)
        return self._folds[key]

    def _spelt_out(self, c: str) -> str:
        """`c` with its contractions spelt out and a hyphen inside a word read as a space."""
        for rx, repl in self.contractions:
            c = rx.sub(repl, c)
        return _HYPHEN.sub(" ", c)

    def loose(self, q: QuestionRules2) -> QuestionRules | None:
        """The question's cues as the last reading takes them: contractions spelt out, a
        hyphen a space, each word in its base form but a past form kept (fold_pattern), and
        the pack's gap words allowed where the cue has a space between two words ("calls?
        failed" meets "calls had failed")."""
        if q.loose is None:
            cues = {}
            for side in ("affirm", "deny", "partial"):
                patterns = [p for p in (self._loosened(pattern_lower(p)) for p in getattr(q, side + "_written", None) or [])
                            if p]
                if patterns:
                    cues[side] = re.compile("|".join(f"(?:{p})" for p in patterns))
            q.loose = QuestionRules(key=q.key, topic=q.topic, number=q.number, keywords=None, unit=None,
                                    affirm=cues.get("affirm"), deny=cues.get("deny"), partial=cues.get("partial")) \
                if cues else False
        return q.loose or None

    def _loosened(self, p: str) -> str | None:
        """One cue read loosely, or None if it will not compile so (the cue as written stands)."""
        p = p.replace("\\b", "\0")  # so that a word after "\b" starts a word: "\bdidn.t"
        for rx, repl in self.contractions:
            p = rx.sub(repl, p)
        p = p.replace("\0", "\\b")
        literal = pattern_literal(p)  # not "[a-z]", "{0,40}" nor a look-behind's space
        p = _HYPHEN.sub(lambda m: "\\s" if literal[m.start()] else "-", p)
        noun_first = self.noun_first and self.noun_first.match(p)
        if noun_first and noun_first.group("word"):  # not an auxiliary: a past form, or no verb
            noun_first = past_form(noun_first.group("word"), self.lemma(noun_first.group("word"), ""))
        p = fold_pattern(p, self.lemma, self.past_after, self.spelling)
        if self.cue_determiner:
            literal = pattern_literal(p)
            p = self.cue_determiner.sub(lambda m: self.determiner if literal[m.start()] else m.group(0), p)
        literal = pattern_literal(p)
        spaces = [m.start() for m in _CUE_SPACE.finditer(p) if literal[m.start()]]
        p = _CUE_SPACE.sub(lambda m: m.group(0) if not literal[m.start()]
                           else self.modifier + self.gap if noun_first and m.start() == spaces[0]
                           else f"(?:{self.gap}|)" if _compound(p, literal, m.start()) else self.gap, p)
        try:
            re.compile(p)
        except re.error:
            return None
        return p

    def _action_fold(self, c: str) -> str | None:
        """`c` with each noun of action wanted or opposed a few words before it read as its
        verb ("called for the revocation of the licence" -> "called for the revoke the
        licence"), or None if there is none."""
        out, at = [], 0
        for m in self.action_noun.finditer(c):
            clause = re.split(r"[,;:.]", c[max(0, m.start() - 60):m.start()])[-1]
            verb = self.wanting.search(clause) and self.lemma.verb_of(m.group(1))
            if verb:
                out += [c[at:m.start()], verb]
                at = m.end()
        return "".join(out) + c[at:] if out else None

    def _read(self, c: str, found: dict, att: Attribution) -> tuple[str, float, str] | None:
        """The position the cues `found` in `c` give."""
        for pos, m in list(found.items()):
            if any(o.start() <= m.start() and m.end() <= o.end() and o.end() - o.start() > m.end() - m.start()
                   for o in found.values()):
                del found[pos]
        if (m := found.get("partial")):
            if self.lesser_dismissed and self.lesser_dismissed.match(c, m.end()):
                return "deny", 0.6, m.group(0)  # "the plan for a smaller rise was the same mistake"
            others = {pos: o for pos, o in found.items() if pos != "partial"}
            # the lesser thing negated ("go ahead without delay") or called the whole ("a smaller
            # rise is still a rise, and it is needed"): the other cue says the side
            if not (others and (self._negated(c, m.start(), close=True)
                                or (self.lesser_as_whole and self.lesser_as_whole.match(c, m.end())))):
                return "partial", 0.75, m.group(0)
            found = others
        if (both := self._both_sides(c, found, att)):
            return both
        m = found.get("deny") or found["affirm"]
        if (judged := self._judged_act(c, m, "deny" if "deny" in found else "affirm")) is not None:
            # "to revoke the licence now would be a mistake": the act judged; no side unless dismissed
            return judged or None
        if self._unclear(c, m, att):
            return None  # when or how, or kept from happening: no position either way
        if self.degree and self.degree.search(c[max(0, m.start() - 30):m.start()]) \
                and not self._negated(c, m.start(), close=True):
            return "partial", 0.6, m.group(0)  # "a partial U-turn"
        st = self._deny(c, m, att) if "deny" in found else self._affirm(c, m, att)
        if st and st[0] != "partial" and self.exception and self.exception.search(c, max(0, m.start() - 40), m.start()):
            return "partial", min(st[1], 0.6), st[2]  # "the ban would otherwise remain in force": but for the exception
        if st and st[0] != "partial" and self.reversal_subject \
                and self.reversal_subject.search(c[max(0, m.start() - 160):m.start()]):
            # "the reversal was the right decision", "ending the cut was a mistake"
            return ("affirm" if st[0] == "deny" else "deny"), min(st[1], 0.6), st[2]
        return st

    def _judged_act(self, c: str, m: re.Match, pos: str) -> tuple[str, float, str] | bool | None:
        """The cue `m` (of side `pos`) opens an infinitive that is its clause's subject, a copula
        after it ("to revoke the licence today would be to decide before the review"): the act
        is judged, not wanted. The other side when the judgement dismisses it ("... would be a
        mistake"), False when it says no side; None when the cue is no such subject."""
        if not (self.infinitive_subject and self.copula_after) \
                or not self.infinitive_subject.search(c, max(0, m.start() - 30), m.start()):
            return None
        cop = self.copula_after.match(c, m.end())
        if not cop:
            return None
        if self.dismissal and self.dismissal.match(c, cop.start("copula")):
            return ("affirm" if pos == "deny" else "deny"), 0.6, m.group(0)
        return False

    def _both_sides(self, c: str, found: dict, att: Attribution) -> tuple[str, float, str] | None:
        """An affirm cue and a deny cue in two clauses of the content, each read as its own
        side: "for two streets the warning came too late. Everywhere else it came in time." is
        partial (both cues on one side, "in time, not too late", is that side)."""
        a, d = found.get("affirm"), found.get("deny")
        if not (a and d) or a.end() > d.start() and d.end() > a.start():
            return None
        first, second = sorted((a, d), key=lambda m: m.start())
        if not re.search(r"[,;:]|[.!?](?=\s)|\bbut\b|\bwhile\b", c[first.end():second.start()]):
            return None
        if self._unclear(c, a, att) or self._unclear(c, d, att):
            return None
        read_a, read_d = self._affirm(c, a, att), self._deny(c, d, att)
        if read_a and read_d and {read_a[0], read_d[0]} == {"affirm", "deny"}:
            return "partial", 0.55, first.group(0)
        return None

    def _unclear(self, c: str, m: re.Match, att=None) -> bool:
        """The cue `m` negated as to when or how ("does not immediately strike down", "will not
        ... until October"), or kept from happening ("protect X from being contaminated")."""
        before = re.split(r"[,;:]", c[max(0, m.start() - 60):m.start()])[-1]
        if self.prevention and self.prevention.search(before):
            return True
        if self.open_question and self.open_question.search(before):
            return True  # "will look at whether emergency calls failed": a question left open
        if self.caused and getattr(att, "normative", False) and self.caused.search(before):
            return True  # "storms caused another shutdown": an event, no view of what ought to be
        window = self._clause_before(c, m.start())
        if self.manner_negation and self.manner_negation.search(window + m.group(0)):
            return True
        return bool(self.time_after and self._negated(c, m.start()) and self.time_after.match(c, m.end()))

    def _deny(self, c: str, m: re.Match, att: Attribution) -> tuple[str, float, str] | None:
        if self._unasserted(c, m.start()):
            return None
        if att.denial and m.start() > 0 and self._governed(c, m.start()):
            return "affirm", 0.6, m.group(0)
        if not (self.negation and self.negation.search(m.group(0))) \
                and (self._negated(c, m.start(), close=True) or self._none_points(c, m.start())):
            # "should not keep its licence" under a deny cue "keep its licence" (the negation
            # right before the cue: "had not changed its view that ..." negates the view)
            if self._stands_aside(c, m):
                return "partial", 0.55, m.group(0)  # "we will not vote against the loan": no backing either
            return "affirm", 0.6, m.group(0)
        if self._held(c, m.start()):
            return "deny", 0.7, m.group(0)
        if self._limited(c, m):
            return "partial", 0.6, m.group(0)
        if self._opposed(c, m.start()) or self._dismissed(c, m.end()):
            return "affirm", 0.6, m.group(0)  # "rejected keeping the ban", "lifting the ban would be a mistake"
        return "deny", 0.8, m.group(0)

    def _affirm(self, c: str, m: re.Match, att: Attribution) -> tuple[str, float, str] | None:
        if self._unasserted(c, m.start()):
            return None  # "I do not say the tender was rigged": neither said nor denied
        # a negation inside the match, not the cue's own first word ("no danger to passengers")
        inner = self.negation.search(m.group(0)) if self.negation else None
        negated = self._negated(c, m.start()) or (inner and inner.start() > 0) or self._none_points(c, m.start())
        if self.hedge and (hedges := [h.group(0) for h in self.hedge.finditer(c)]):
            if negated and self.majority and all(self.majority.fullmatch(h) for h in hedges):
                return "deny", 0.6, m.group(0)  # "most of them are not legal", as "most of them are illegal"
            return "partial", 0.6, m.group(0)
        if negated:
            return "deny", 0.6, m.group(0)
        if self._held(c, m.start()):
            return "affirm", 0.7, m.group(0)  # "will never give up its demand for a ban"
        if self._limited(c, m):
            return "partial", 0.6, m.group(0)  # "a total ban goes too far", "gives up its demand for a ban"
        if self._opposed(c, m.start()) or self._dismissed(c, m.end()):
            return "deny", 0.6, m.group(0)  # "opposes a ban on night work", "a ban is out of the question"
        if att.denial and self._governed(c, m.start()):
            return "deny", 0.7, m.group(0)
        return "affirm", 0.8, m.group(0)

    def _stands_aside(self, c: str, m: re.Match) -> bool:
        """A cue of opposition `m` negated, with no backing after it in the content: "we will not
        vote against the loan" (not "no longer opposed the loan and would back the rebuild")."""
        if not (self.opposing_cue and self.opposing_cue.search(m.group(0))):
            return False
        for b in (self.backing.finditer(c, m.end()) if self.backing else ()):
            if not self._negated(c, b.start(), close=True):
                return False
        return True

    def _negated_inside(self, q: QuestionRules, c: str) -> tuple[str, float, str] | None:
        """A negation inside the words of a cue: "the buses are no longer safe" under an affirm
        cue "(is|are) safe" is that cue negated."""
        if not self.inserted_negation:
            return None
        bare = self.inserted_negation.sub("", c)
        found = self._cues(q, bare) if bare != c else {}
        if not found and bare != c and self.gap and (loose := self.loose(q)):
            # read loosely too: "the bridge had never been closed" is "bridge closed" negated
            bare = self._folded(self.inserted_negation.sub("", self._spelt_out(c)), self.tense_kept)[0]
            found = self._cues(loose, bare)
        pos = "deny" if "deny" in found else "affirm" if "affirm" in found else None
        if pos is None or self._unasserted(bare, found[pos].start()):
            return None
        if pos == "deny" and self._stands_aside(bare, found[pos]):
            return "partial", 0.5, found[pos].group(0)  # "no longer opposes the closure": stands aside
        return ("deny" if pos == "affirm" else "affirm"), 0.55, found[pos].group(0)

    def _uncued(self, c: str, att: Attribution) -> tuple[str, float, str]:
        """A question with no cues: negation, denial and hedging, with a low confidence."""
        if self.hedge and (h := self.hedge.search(c)):
            return "partial", 0.35, h.group(0)
        if self.negation and (g := self.negation.search(c)):
            return "deny", 0.35, g.group(0)
        if att.denial:
            return "deny", 0.35, att.verb
        return "affirm", 0.3, "(no cue)"

    def names_question(self, q: QuestionRules2, c: str) -> bool:
        """A cue of the question is in `c`, as written or read loosely (as `stance` reads it
        last), within one clause: the question is asked there, whatever its keywords ("should
        go back to counting by hand" asks "should the counting machines be withdrawn?"). Not a
        cue whose gap runs over a comma ("has spoken, I believe the LRAD"), nor a lone verb of
        saying or denial that could be of anything ("refused to comment" under a cue `refus`)."""
        if not q.has_cues:
            return False
        if any(self._names(c, m) for m in self._cues(q, c).values()):
            return True
        if not (self.gap and (loose := self.loose(q))):
            return False
        for fold in (self.tense_kept, self.all_folded):
            base = self._folded(self._spelt_out(c), fold)[0]
            if any(self._names(base, m, folded=True) for m in self._cues(loose, base).values()):
                return True
        return False

    def _names(self, c: str, m: re.Match, folded: bool = False) -> bool:
        if not _WHOLE.fullmatch(m.group(0)):
            return False
        if len(m.group(0).split()) > 1:
            return True
        if folded:
            return False  # its words in their base forms: a lone word is read only as written
        # a lone word names it only in its base form, and no verb of saying: "was safe", not
        # "refused to comment", "upheld Rusk's challenge", "congratulated his volunteers"
        word = re.match(r"[\w'-]*", c[m.start():]).group(0)
        return bool(self.lemma) and self.lemma(word, "") == word and not (self.saying and self.saying.fullmatch(word))

    def cue_spans(self, q: QuestionRules, c: str) -> list[tuple[int, int]]:
        """Where the question's cues, as written, are in `c`; else its proposal backed or opposed."""
        spans = {m.span() for m in self._cues(q, c).values()}
        if not spans and getattr(q, "proposal", None):
            spans = {m.span() for m in self._cues(q.proposal, c).values()}
        return sorted(spans)

    @staticmethod
    def _cues(q: QuestionRules, c: str) -> dict:
        return {pos: m for pos, rx in (("partial", q.partial), ("deny", q.deny), ("affirm", q.affirm))
                if rx and (m := rx.search(c))}

    def _governed(self, c: str, at: int) -> bool:
        """The content's verb of denial reaches the cue at `at`: "denied (that) ...",
        "rejected claims / reports that ...", in the same clause."""
        verb = self.denial.search(c, 0, at)
        if not verb:
            return False
        between = c[verb.end():at]
        if re.search(r"[;.,]", between):
            return False  # "rejected the claims, saying ...": the rest is the speaker's own
        if self.denial_as and self.denial_as.search(between):
            return False  # "dismissed the talk of charges as a witch-hunt": the speaker's own name for it
        if self.denial_always and self.denial_always.fullmatch(verb.group(0)):
            return True
        return bool(self.denial_object and self.denial_object.search(between))

    def _negated(self, c: str, at: int, *, close: bool = False) -> bool:
        """A negation before the cue at `at`, in its clause (`close`: among its two words before)."""
        window = self._clause_before(c, at)
        if close:
            window = " ".join(window.split()[-2:])
        if self.negation_idiom:
            window = self.negation_idiom.sub(" ", window)  # "there is no doubt the ...": no negation
        return bool((self.negation and self.negation.search(window)) or (self.negator and self.negator.search(window)))

    def _none_points(self, c: str, at: int) -> bool:
        """A negative subject and a verb of evidence before the cue: "we have seen nothing,
        nothing at all, that points to a cyber attack"."""
        return bool(self.none_points and self.none_points.search(_words_before(c, at, 90)))

    def _opposed(self, c: str, at: int) -> bool:
        """A verb of opposition a few words before the cue, in its clause: "opposes a ban",
        "is firmly against any ban", "refused to cancel the contract"."""
        return bool(self.opposition and self.opposition.search(re.split(r"[,;:]|[.!?](?=\s)", _words_before(c, at, 90))[-1]))

    def _retreat(self, c: str, at: int) -> re.Match | None:
        """Words that give up what the cue at `at` names, a few words before it, in its clause."""
        if not self.retreat:
            return None
        start = max(0, at - 60)
        cut = max((b.end() for b in re.finditer(r"[,;:]", c[start:at])), default=0)
        return self.retreat.search(c, start + cut, at)

    def _held(self, c: str, at: int) -> bool:
        """Giving up what the cue names, negated or refused: "will never give up its demand for
        a ban", "refused to give up the ban" hold to it."""
        r = self._retreat(c, at)
        if not r:
            return False
        window = " ".join(c[:r.start()].split()[-3:])
        return bool((self.negation and self.negation.search(window)) or (self.refusal and self.refusal.search(window)))

    def _limited(self, c: str, m: re.Match) -> bool:
        """What the cue `m` names is wanted, but less of it: it goes too far ("a total ban goes
        too far"), a demand for it is given up ("giving up its demand for a ban"), or it is
        dismissed beside a yes to something else ("a few flights, yes; a total ban, no")."""
        if self.overreach and (o := self.overreach.match(c, m.end())) \
                and not (self.negation and self.negation.search(o.group(0))):
            return True
        if self._retreat(c, m.start()):
            return True
        return bool(self.bare_yes and self._dismissed(c, m.end())
                    and any(y.start() > m.end() or y.end() <= m.start() for y in self.bare_yes.finditer(c)))

    def _dismissed(self, c: str, end: int) -> bool:
        """What the cue names is dismissed just after it: "a ban on night flights is out of the
        question", "... would be a mistake", "... is not an option"."""
        return bool(self.dismissal and self.dismissal.match(c, end))

    def _unasserted(self, c: str, at: int) -> bool:
        """A negated saying before the cue, in its clause: "I do not say it was rigged", "we
        never claimed it was safe", or one held back: "stopped short of backing the ban" (the
        speaker says neither)."""
        before = self._clause_before(c, at)
        return bool((self.unsaying and self.unsaying.search(before)) or (self.withheld and self.withheld.search(before)))

    def _clause_before(self, c: str, at: int) -> str:
        """The words just before `at`, back to a clause break or a verb of denial."""
        window = _words_before(c, at, NEGATION_WINDOW)
        # (a sentence's end too: "... is no excuse. The ban is deserved." negates the excuse only)
        breaks = [m.end() for m in re.finditer(r"[,;:]|[.!?](?=\s)|\bbut\b|\bwhile\b", window)]
        if self.denial:
            breaks += [m.end() for m in self.denial.finditer(window)]
        if breaks:
            window = window[max(breaks):]
        return window

    def speculative(self, c: str, cue: str) -> bool:
        """A guess before the cue, in its clause: "said the police might have bought one"."""
        at = c.find(cue) if self.speculation and cue else -1
        if at < 0:
            return False
        window = re.split(r"[,;:]", _words_before(c, at, NEGATION_WINDOW))[-1]
        return bool(self.speculation.search(window))

    def restricted_after(self, s: str, b: int) -> bool:
        """A condition of the speaker's yes opening the clause right after the content `s[:b]`."""
        m = self.restrictive_after.match(s, b) if self.restrictive_after else None
        if m and self._duration(s, m, ending=True):
            return False  # 'would stay in force "as long as the drought demands it"': how long, no condition
        return bool(m)

    def restricts(self, q: QuestionRules) -> bool:
        """Whether a condition of the speaker's own makes a yes partial on `q`: a question of what
        ought to be ("Should the town be rebuilt?"), read by its own cues (`read_by_cue`). A
        fact on a condition ("was damaged only if the gauges were right") is a case put, and the
        proposal reads its conditions itself."""
        return bool(self.restrictive and self.normative and self.normative.match(getattr(q, "text", "")))

    def restricted(self, c: str, cue: str) -> str | None:
        """The content `c` with the condition its speaker's yes is given on blanked out ("the farm
        can go ahead, but only if ...", "provided the city pays"), or None if it has none
        (outside the cue)."""
        if not self.restrictive:
            return None
        cue_at = c.lower().find(cue.lower()) if cue else -1
        spans = [m.span() for m in self.restrictive.finditer(c)
                 if not (cue_at >= 0 and cue_at <= m.start() < cue_at + len(cue)) and not self._duration(c, m)]
        if not spans:
            return None
        for a, b in spans:
            c = c[:a] + " " * (b - a) + c[b:]
        return c

    def _duration(self, c: str, m: re.Match, ending: bool = False) -> bool:
        """The condition `m` says how long, after a verb of lasting: "stays in force as long as
        the drought lasts" (not "can reopen as long as it is inspected"). `ending`: `m` is a
        stretch of `c` that ends with the condition (", she said, as long as")."""
        if not (self.duration_condition and self.duration_verb):
            return False
        cond = (self.duration_condition.search if ending else self.duration_condition.match)(m.group(0))
        at = m.start() + cond.start("words") if cond else 0
        return bool(cond and self.duration_verb.search(c, max(0, at - 40), at))

    def conditional_in(self, c: str, cue: str, prefix: str) -> bool:
        """A condition in the content (outside the cue that fired), or opening the sentence."""
        if not self.conditional:
            return False
        cue_at = c.lower().find(cue.lower()) if cue else -1
        for m in self.conditional.finditer(c):
            if cue_at >= 0 and cue_at <= m.start() < cue_at + len(cue):
                continue
            if self._duration(c, m):
                continue  # "stays in force as long as the drought lasts": how long, no condition
            if self.concessive and self.concessive.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "even if": the statement stands
            return True
        if self.inverted and self.inverted.match((prefix + c).lstrip()):
            return True  # "Should the court quash the consent, the board would ...": a condition put as a question
        return bool(self.conditional.match(prefix.lstrip()))


class _Reading:
    """An attribution read for one question: the attribution's fields, and whether the
    question asks what ought to be (`normative`)."""

    def __init__(self, att: Attribution, normative: bool, **fields):
        self._att, self.normative = att, normative
        self.__dict__.update(fields)  # a field read otherwise for this question ("denial")

    def __getattr__(self, name):
        return getattr(self._att, name)


# a hyphen between two letters ("cyber-attack", "night-time"), in a sentence or a cue
_HYPHEN = re.compile(r"(?<=[a-z])-(?=[a-z])")
# a space between a cue's words: not escaped, nor made optional or repeated (" ?")
_CUE_SPACE = re.compile(r"(?<!\\) (?![?*+{])")


_OPENER = re.compile(r"\W*([^,;:.!?\"]{1,30}),")  # a sentence's opener before its comma ("Back in 2019,")


def _words_before(c: str, at: int, size: int) -> str:
    """Up to `size` characters before `at`, whole words only ("governor-elect" cut to
    "nor-elect" would read as a negation)."""
    start = max(0, at - size)
    def inside(ch):
        return ch.isalnum() or ch in "'-"

    if start and inside(c[start - 1]) and inside(c[start]):
        space = re.search(r"\s", c[start:at])
        start = start + space.end() if space else at
    return c[start:at]


def _compound(p: str, literal: list[bool], at: int) -> bool:
    """Whether the space at `at` of a cue is between two words of four letters or more, which
    may be written as one ("cyber attack": "cyberattack"; "shut down": "shutdown")."""
    return bool(re.search(r"(?<![a-z])[a-z]{4,}$", p[max(0, at - 12):at]) and re.match(r"[a-z]{4,}(?![a-z])", p[at + 1:])) \
        and all(literal[max(0, at - 4):at + 5])


def _as_written(st: tuple[str, float, str] | None, c: str) -> tuple[str, float, str] | None:
    """The cue of a reading of `c` with words folded or taken out, as `c` writes it ("the
    licence should be revoked" -> "licence should have been revoked"), for the rationale."""
    if not st:
        return st
    ends = st[2].split()
    start = c.find(ends[0]) if ends else -1
    end = c.find(ends[-1], start + len(ends[0])) if start >= 0 and len(ends) > 1 else start
    if start < 0 or end < 0:
        return st
    return st[0], st[1], c[start:end + len(ends[-1])]


def _span_written(written: str, base: str, cue: str, starts: list[int], ends: list[int]) -> str:
    """The cue matched in the lemma-folded `base`, as `written` writes it ("lose its licence"
    -> "lost its licence"), for the rationale."""
    at = base.find(cue)
    return written[starts[at]:ends[at + len(cue)]] if at >= 0 else cue

"""A "should" question's proposal, read from the question as put: what ought to be done, and
to what ("Should the council approve the loan?": approve, the loan). Backing or opposing it
is a position on the question, though no cue the user wrote says so: "the trust has withdrawn
its support for the loan" denies, "welcomed the approval" affirms. A thing whose fate the
question asks ("Should the government block the takeover?") turns the other way: backing
the takeover denies that it should be blocked.

Read last, where none of the question's own cues matches: the user's cues say more."""
import re
from dataclasses import dataclass

from ingest.lang import LanguagePack

from ..rules import QuestionRules

# what the noun a cue ends on is of or for ("a ban on imports of grain"), up to a comma or a verb's "to"
_OBJECT_TAIL = re.compile(r"\s+(?:on|for|of|against|over)\s+[^,;:.!?\"]{1,60}?(?=\s+(?:to|that|and|but|as)\s|[,;:.!?\"]|$)")


_TAIL_HEAD = re.compile(r"\s+\w+\s+(?:(?:the|a|an|its|their|his|her|our|this|that)\s+)?(?:[\w'-]+\s*){1,2}")


def another_thing(q, c: str, end: int, day_anchor=None, *, head: bool = False) -> bool:
    """The noun a cue ends on at `end` is of or for another thing than the question's, by its
    keywords: "backed a ban on imports", "met the demand for talks" (but not "... on Monday").
    With `head`, the keywords must be in the tail's first words: "a ban on protests near the
    LRAD depot" is another ban."""
    tail = _OBJECT_TAIL.match(c, end)
    if not (tail and q.keywords) or (day_anchor and day_anchor.match(tail.group(0).strip())):
        return False
    where = _TAIL_HEAD.match(tail.group(0)).group(0) if head and _TAIL_HEAD.match(tail.group(0)) else tail.group(0)
    return not q.keywords.search(where)


@dataclass
class ProposalRules(QuestionRules):
    """A question's proposal as cues; `acted`: the act's own verb done ("raised", "cancels"),
    whose doer must be the speaker, as a backing's."""
    acted: re.Pattern | None = None
    # a cue that ends on the thing or the act itself, whose tail may show it is another's
    # ("backs a loan for the library"), not on a judgement ("... a waste of money")
    object_end: re.Pattern | None = None


class Proposals:
    def __init__(self, pack: LanguagePack):
        self.lemma = pack.lemma
        self.language = pack.code
        self.verb_of = getattr(pack.lemma, "verb_of", None)
        # (and the verbs that bring the thing in: backing monitors backs deploying them)
        self.keeping = frozenset(pack.proposal_keeping + pack.proposal_bringing)
        self.undoing = frozenset(pack.proposal_undoing)
        self.nouns = dict(pack.proposal_nouns)
        self.synonyms = dict(pack.verb_synonyms)
        self.modal = re.compile(rf"(?:{'|'.join(pack.proposal_modals)})\s+(.+)$") if pack.proposal_modals else None
        self.allowed = re.compile(rf"(.+?)\s+(?:{'|'.join(pack.proposal_allowed)})\s+([a-z]+)") \
            if pack.proposal_allowed else None
        self.be_done = re.compile(rf"(.+?)\s+(?:{'|'.join(pack.proposal_passive)})\s+([a-z]+)") \
            if pack.proposal_passive else None
        # where the question's own words end: "... while the review runs", "..., rather than repaired"
        self.tail = re.compile(rf"\s*(?:[,;]|(?<!\w)(?:{'|'.join(pack.proposal_tail)})(?!\w)).*$") \
            if pack.proposal_tail else None
        self.determiners = frozenset(pack.cue_determiners)
        self.particles = frozenset(pack.proposal_particles)
        # a place or way after a noun: "the rail line through X" (no "line through" as a verb)
        self.noun_prepositions = frozenset(pack.question_noun_prepositions)
        self.after_noun = frozenset(pack.proposal_after_noun)
        support, opposition = "|".join(pack.proposal_support), "|".join(pack.proposal_opposition)
        # up to three words between the verb and the thing ("backs Veltria's improved offer"),
        # none a negation nor a preposition: "backs talks on the loan" is no backing of the loan
        # (nor a gerund: "backs cancelling the contract" backs the act, not the contract)
        stop = "|".join(pack.negation + pack.proposal_after_noun + pack.cue_narrowing + pack.cue_free_gap_refused)
        between = rf"(?:(?!(?:{stop})(?![\w'-]))[\w'-]+\s+){{0,3}}?" if stop else r"(?:[\w'-]+\s+){0,3}?"
        self.support = rf"(?<![\w-])(?:{support})\s+{between}" if support else None
        self.opposition = rf"(?<![\w-])(?:{opposition})\s+{between}" if opposition else None
        # a request put to another, its object between ("asked the police chief in Novi Sad to return them"):
        # at most six words, none a negation, a verb or a word that opens a clause
        request = "|".join(pack.proposal_request)
        asked_stop = "|".join(pack.negation + pack.complementizer + pack.relative + pack.auxiliary
                              + [r"to", r"be", r"been", r"being", r"whether", r"why", r"how", r"what", r"if"])
        self.asked = rf"(?<![\w-])(?:{request})\s+(?:(?!(?:{asked_stop})(?![\w'-]))[\w'.&-]+\s+){{1,6}}?" \
            if request else None
        # what moves the thing away, and the thing kept where it is ("should stay", "will keep them")
        self.moving = frozenset(pack.proposal_moving)
        self.moved_away, self.kept_here = "|".join(pack.proposal_moved_away), "|".join(pack.proposal_kept_here)
        self.retaining = "|".join(pack.proposal_retaining)
        # what was said, from its start: its verb of saying and "that" at most ("said they should stay")
        said = "|".join(pack.attribution)
        self.opening = rf"^\W*(?:(?:{said})\s+(?:that\s+)?)?\W*" if said else r"^\W*"
        held_verbs = "|".join(x for x in (support, opposition, request, self.retaining) if x)
        self.backing = re.compile(rf"(?:{held_verbs})(?![\w-])") if support and opposition else None
        # (where the clause a backing's subject stands in starts: `subject_clause`)
        self.clause_start = re.compile(rf"[,;:]|\b(?:{'|'.join(pack.complementizer)})\b"
                                       if pack.complementizer else r"[,;:]")
        # the thing backed is the thing itself, not one to be done to it: "called for the contract to be
        # cancelled", "want the contract cancelled" (read as the proposal restated, after the pack's folds)
        # (nor kept only in suspense: "keep the ban under review")
        # (with what it is of or on between: "called for the ban on the device to be lifted")
        of = rf"(?:\s+(?:{'|'.join(pack.proposal_after_noun)})\s+(?:[\w'-]+\s+){{0,3}}?[\w'-]+)?" if pack.proposal_after_noun else ""
        self.done_to = rf"(?!{of}\s+to\s+be\s|\s+be\s|\s+[a-z]+(?:ed|en|wn)(?![\w-])" \
            + (rf"|\s+(?:{'|'.join(pack.proposal_suspense)})(?![\w-])" if pack.proposal_suspense else "") + ")"
        # who backs it in what was said: the speaker ("they back", "it does not support"), not
        # another named before the verb ("said the council backed the loan") nor one backed by
        # others ("it had been urged to cancel")
        # (the words a subject and its verb may have between them: "it has not yet backed")
        self.verb_words = re.compile(rf"(?:\s*(?<![\w'-])(?:{'|'.join(pack.auxiliary + pack.negation + pack.cue_subject_gap)}"
                                     rf"|would|will|could|may|might|shall|yet|never|not|[a-z]+ly))+\s*$")
        # (or the verb of saying itself: "said nobody backs it")
        self.own_subject = re.compile(rf"(?:^|(?<![\w'-])(?:{'|'.join(pack.pronouns + pack.first_person + pack.attribution)}"
                                      rf"|and|but|or|to))\s*$") if pack.pronouns else None
        self.passive = re.compile(rf"(?<![\w'-])(?:{'|'.join(pack.proposal_passive_auxiliary)})\s+$") \
            if pack.proposal_passive_auxiliary else None
        # the thing, or the act, inside another noun phrase: "critics of the loan were wrong",
        # "blocking the takeover would be a mistake", "accused the ministry of defending it"
        dets = "|".join(pack.cue_determiners)
        # (a clause that opens between them ends the phrase: "told the Herald on Thursday that the fine ...")
        clause_open = rf"(?!(?:[\w'-]+\s+){{0,3}}(?:{'|'.join(pack.complementizer)})\s)" if pack.complementizer else ""
        self.inside = re.compile(
            rf"(?<![\w'-])(?:(?:{'|'.join(w for w in pack.proposal_after_noun if w not in ('and', 'or'))})\s+{clause_open}(?:[\w'-]+\s+){{0,3}}"
            rf"|(?!(?:{'|'.join(pack.proposal_not_gerund)})\s)[a-z]{{2,}}ing\s+(?:(?:{dets})\s+)?(?:[\w'-]+\s+)?)$")
        # "the ban was out of proportion", "a four-year ban for one tub is absurd", "the
        # cancellation would be a mistake"; "called the ban absurd"
        self.copula = copula = "|".join(pack.proposal_copula)
        # (an adverb between, but not one that takes it back: "was hardly the right decision")
        # (a word of time or an adverb before the copula: "cancelling it now would be premature")
        judged = rf"(?:\s+(?:{'|'.join(pack.proposal_after_noun)})\s+[^,;:.!?]{{1,40}}?)?" \
            rf"(?:\s+(?:{'|'.join(pack.cue_subject_gap)}))?\s+(?:{copula})\s+" \
            rf"(?:(?!(?:{'|'.join(pack.proposal_faint)})\b)[a-z]+ly\s+)?" if copula else None
        self.approval = rf"(?:{judged})(?:{'|'.join(pack.proposal_approval)})(?![\w-])" \
            if judged and pack.proposal_approval else None
        # (or what it lacks, with no copula: "the ban has no scientific basis")
        lacking = rf"|(?:\s+(?:{'|'.join(pack.proposal_lacking)}))" if pack.proposal_lacking else ""
        self.disapproval = rf"(?:(?:{judged})(?:{'|'.join(pack.proposal_disapproval)}){lacking})(?![\w-])" \
            if judged and pack.proposal_disapproval else None
        # the proposal restated as what will or ought to be done: "Zelvair must be suspended",
        # "the council would approve the loan" (its negation read as a cue's: "should not be cleared")
        negated = rf"(?:(?:{'|'.join(pack.negation)})\s+)?"
        self.restating = rf"(?:{'|'.join(pack.proposal_restating)})\s+{negated}" \
            if pack.proposal_restating and pack.negation else None
        # what will be done, said of the speaker's own act ("said it would cancel the contract"),
        # not of another's ("said the ministry will cancel it": a forecast)
        self.intending = rf"(?:{'|'.join(pack.pronouns + pack.first_person)})\s+(?:{'|'.join(pack.proposal_intending)})\s+{negated}" \
            if pack.proposal_intending and pack.pronouns else None
        self.ought = re.compile(rf"(?<![\w'-])(?:{'|'.join(pack.proposal_restating)})(?![\w'-])") \
            if pack.proposal_restating else None
        # but what will be done to the thing, whoever does it: "the bridge would be demolished"
        self.forecast = rf"(?:{'|'.join(pack.proposal_intending)})\s+{negated}" if pack.proposal_intending else "(?!)"
        self.between = between
        self.dismissal = "|".join(pack.dismissal)
        self.harm = "|".join(pack.proposal_harm)
        self.extraposed = "|".join(pack.proposal_extraposed)
        self.approval_words, self.disapproval_words = pack.proposal_approval, pack.proposal_disapproval
        self.reduced = "|".join(pack.proposal_reduced)
        self.ought_words = "|".join(pack.proposal_restating + pack.proposal_intending)
        # what ought to or may be, not what will be (a condition read on these only)
        self.ought_only = "|".join(pack.proposal_restating + pack.proposal_able)
        self.request = "|".join(pack.proposal_request)
        self.undo_verbs = "|".join(sorted(map(re.escape, pack.proposal_undoing), key=len, reverse=True))
        self.dets = "|".join(pack.cue_determiners)
        # (a relative clause of the thing: "an app which ...", "an app that ...")
        self.relative = "|".join(pack.relative + pack.complementizer)
        self.to = "|".join(pack.proposal_infinitive)
        self.be = "|".join(pack.proposal_passive)  # the passive's verb in its base form ("must be reopened")
        self.clause_open = "|".join(pack.negation + pack.proposal_clause_open)
        self.not_words = "|".join(pack.negation)
        self.narrowing = "|".join(pack.cue_narrowing)
        self.right, self.wrong = pack.proposal_right_to, pack.proposal_wrong_to
        self.unchanged = frozenset(pack.proposal_unchanged_participles)
        self.generic = "|".join(pack.proposal_generic)
        self.answer = "|".join(pack.proposal_answer)
        # "be made compulsory": a state the thing is to be given (`_made`)
        self.made = re.compile(rf"(.+?)\s+(?:{'|'.join(pack.proposal_made)})\s+([a-z-]+)") if pack.proposal_made else None
        self.made_verbs = "|".join(pack.proposal_becoming)
        self.making = "|".join(pack.proposal_making)
        self.staying = "|".join(pack.proposal_staying)
        self.going = "|".join(pack.proposal_going)
        self.again, self.again_word = dict(pack.proposal_again), pack.proposal_again_word
        self.able = "|".join(pack.proposal_able)
        self.allowed_words = "|".join(pack.proposal_allowed)
        self.condition = "|".join(pack.proposal_condition)
        self.until = "|".join(pack.proposal_condition + pack.proposal_until)
        # (a gap that crosses no condition: "would accept the farm if it is built" is the pack's
        # conditional, read as such, no backing of the farm built)
        self.unconditioned = rf"(?!(?<![\w'-])(?:{'|'.join(pack.conditional)})(?![\w'-]))" if pack.conditional else ""
        self.enabled = bool(self.modal and self.lemma and self.support and self.opposition)
        # the act itself undone: "wanted the rise scrapped", "the increase should be dropped"
        self.undone = "|".join(sorted(set().union(*(self._participle_forms(v) for v in self.undoing)), key=len, reverse=True)) \
            if self.enabled and self.undoing else ""

    def cues(self, text: str) -> ProposalRules | None:
        """The question's proposal as affirm and deny cues, or None when the question puts none."""
        if not self.enabled:
            return None
        if made := self._made(text):
            return self._made_cues(*made)
        proposal = self._parse(text)
        if not proposal:
            return None
        action, thing, of_subject = proposal
        affirm, deny, partial, acted, objects = [], [], [], None, []
        # (the thing's singular too: "every school" for "schools")
        things = rf"{re.escape(self._singular(thing))}(?:s|es)?(?![\w-])" if thing else None
        if things:
            objects.append(things)
        if not (thing and of_subject):
            # its verb's forms, but not an intransitive's ("wants to go further" is no "should the ban go ahead")
            acts = self._forms(action)
            objects.append(acts)
            affirm.append(self.support + acts + self.done_to)
            deny.append(self.opposition + acts + self.done_to)
            if self.undo_verbs and self.to and action not in self.undoing:
                # the act itself to be undone: "asked the court to annul the recount", "wants to
                # halt the recount" (its "to": asked or wanted, not done)
                deny.append(rf"(?<![\w'-])(?:{self.to})\s+(?:{self.undo_verbs})\s+(?:(?:{self.dets})\s+)?(?:[\w'-]+\s+)?{acts}")
            if self.restating and self.staying:
                # the act's own noun said to go on: "the recount must go ahead", "the suspension
                # should stand" (a negation inside turns it, as a cue's: "must not go ahead")
                # (within its clause: "the renewal is due and the talks must go ahead" says nothing of it)
                noun_gap = rf"(?:(?!(?<![\w'-])(?:{self.clause_open})(?![\w'-]))[^,;:.!?]){{0,40}}?"
                affirm.append(rf"(?<![\w-]){acts}{noun_gap}"
                              rf"(?<![\w-])(?:{self.ought_words})\s+(?:(?:{self.not_words})\s+)?(?:{self.staying})(?![\w-])")
                if self.going:  # ... or to go: "the recount must end", "the suspension should be lifted"
                    deny.append(rf"(?<![\w-]){acts}{noun_gap}"
                                rf"(?<![\w-])(?:{self.ought_words})\s+(?:(?:{self.not_words})\s+)?(?:{self.going})(?![\w-])")
            if self.approval and self.disapproval:
                # "cancelling the contract would be a mistake"
                done = rf"(?:\s+{self.between}{things})?" if things else ""
                # (the thing with a relative clause of its own before the judgement: "suspending an
                # app that thousands rely on is not on the table")
                done += rf"(?:\s+(?:{self.relative})\s+[^,;:.!?\"]{{1,60}}?)?" if self.relative else ""
                affirm.append(rf"(?<![\w-]){acts}{done}{self.approval}")
                deny.append(rf"(?<![\w-]){acts}{done}{self.disapproval}")
                if self.extraposed:  # "it would be irresponsible to cancel the contract"
                    lead = rf"(?<![\w'-])(?:{self.extraposed})\s+(?:{self.copula})\s+(?:[a-z]+ly\s+)?"
                    affirm.append(rf"{lead}(?:{'|'.join(self.approval_words)})\s+(?:to\s+)?{acts}")
                    deny.append(rf"{lead}(?:{'|'.join(self.disapproval_words)})\s+(?:to\s+)?{acts}")
                if self.right and self.wrong:  # "the ministry was right to cancel the contract", "... wrong to cancel it"
                    affirm.append(rf"(?<![\w-])(?:{self.copula})\s+(?:{'|'.join(self.right)})\s+{acts}")
                    deny.append(rf"(?<![\w-])(?:{self.copula})\s+(?:{'|'.join(self.wrong)})\s+{acts}")
                if self.dismissal:  # "scrapping the tax would do more harm than good"
                    deny.append(rf"(?<![\w-]){acts}{done}\s+(?:{self.dismissal})")
            if self.undone:
                deny.append(rf"{self.support}{acts}(?:\s+to)?(?:\s+be)?\s+(?:{self.undone})(?![\w-])")
                deny.append(rf"(?<![\w-]){acts}[^,;:.!?]{{0,20}}?(?<![\w-])(?:{self.restating}|{self.forecast})be\s+"
                            rf"(?:{self.undone})(?![\w-])")
            if thing and self.restating:
                # "the contract must be cancelled", "demanded that the contract be cancelled"
                affirm.append(rf"(?<![\w-]){things}(?:[^,;:.!?]{{0,40}}?(?<![\w-])(?:{self.restating}|{self.forecast})|\s+)be\s+"
                              rf"(?:[a-z]+ly\s+)?{self._participles(action)}")
                said = f"(?:{'|'.join(map(re.escape, (action, *self.synonyms.get(action, ()))))})"  # "would close the plant"
                affirm.append(rf"(?<![\w-])(?:{self.restating}|{self.intending}){said}\s+{self.between}{things}"
                              if self.intending else rf"(?<![\w-]){self.restating}{said}\s+{self.between}{things}")
                # the act done, by the one who does it: "the bank raised its policy rate", "we
                # have suspended the app" (a speaker's own, or the subject of an act, as a cue's)
                done_forms = self._participle_forms(action) | {re.escape(action + ("es" if action.endswith(("s", "sh", "ch")) else "s"))}
                acted = rf"(?<![\w-])(?:{'|'.join(sorted(done_forms, key=len, reverse=True))})(?![\w-])"
                affirm.append(rf"{acted}\s+{self.between}{things}")
                for head, particle in self._particled(action):
                    # "should give the devices back", "would hand them back"
                    said_head = rf"(?:{self.restating}|{self.intending})" if self.intending else self.restating
                    affirm.append(rf"(?<![\w-]){said_head}{re.escape(head)}\s+{self.between}{things}\s+{re.escape(particle)}(?![\w-])")
        if self.asked and not (thing and of_subject):
            # a request put to another: "asked the police chief in Novi Sad to return them", "urged the
            # bank not to raise its rate", "called on the commission to have the ballots counted"
            bare = self._bare_gapped(action)
            affirm.append(rf"{self.asked}to\s+{bare}")
            deny.append(rf"{self.asked}not\s+to\s+{bare}")
            if thing:
                affirm.append(rf"{self.asked}to\s+have\s+(?:[\w'-]+\s+){{0,4}}?{things}\s+{self._participles(action)}")
        if thing and (self.moving & {action, *self.synonyms.get(action, ())}) and self.ought_words:
            # what moves the thing away: the thing gone back is for it, kept where it is against
            # it ("they must go home", "should stay in the capital"; a negation inside turns it),
            # and so is keeping it ("said it would keep the devices")
            fate = rf"(?<![\w-]){things}(?:(?!(?<![\w'-])(?:{self.not_words})(?![\w'-]))[^,;:.!?]){{0,30}}?" \
                rf"(?<![\w-])(?:{self.ought_words})\s+(?:(?:{self.not_words})\s+)?"
            # (or the thing's pronoun opening what was said: '"They must go back," he said')
            fate = rf"(?:{fate}|{self._pronoun_fate(thing)})"
            if self.moved_away:
                affirm.append(rf"{fate}(?:{self.moved_away})(?![\w-])")
            if self.kept_here:
                deny.append(rf"{fate}(?:{self.kept_here})(?![\w-])")
            if self.retaining:
                # (with a backing's verb before its "to": "said the museum wants to keep them" is the museum's)
                deny.append(rf"(?:{self.support})?(?:(?<![\w-])to\s+)?(?<![\w-])(?:{self.retaining})\s+{self.between}{things}{self.done_to}")
        if thing:
            # the thing wanted done, or not: "wants every school shut", "opposed having the permit revoked"
            wanted = rf"(?:[\w'-]+\s+){{0,3}}?{things}(?:\s+(?:{self.unconditioned}[^,;:.!?\"]){{0,30}}?)??\s+{self._participles(action)}"
            affirm.append(self.support + wanted)
            deny.append(self.opposition + wanted)
        if self.harm:  # "suspending Rydo would punish its drivers", "closing schools would not stop the virus"
            deny.append(rf"(?<![\w-]){self._forms(action)}(?:\s+[\w'-]+){{0,5}}?\s+(?:{self.harm})(?![\w-])")
        if self.answer:
            # "the answer is to close the schools", "... was not to shut them"
            acts_base = f"(?:{'|'.join(map(re.escape, (action, *self.synonyms.get(action, ()))))})(?![\w-])"
            affirm.append(rf"(?<![\w'-])(?:{self.answer})\s+(?:{self.copula})\s+to\s+{acts_base}")
            deny.append(rf"(?<![\w'-])(?:{self.answer})\s+(?:{self.copula})\s+(?:not|never)\s+to\s+{acts_base}")
        if self.generic and action not in self.undoing:
            # "welcomed the move", "has come out in support of the government's plan": the
            # proposal itself (not where it undoes a thing: "the plan" may be the takeover's)
            # (the plan alone: "the plan to close the school" is another plan)
            plans = rf"(?:{self.generic})(?![\w-])(?!\s+(?:{'|'.join(self.after_noun)})\s)"
            objects.append(plans)
            affirm.append(self.support + plans + self.done_to)
            deny.append(self.opposition + plans + self.done_to)
        if thing and action in self.keeping | self.undoing:
            kept, undone = [self.support + things + self.done_to], \
                [self.opposition + things + self.done_to]
            if self.approval and self.disapproval:
                kept.append(rf"(?<![\w-]){things}{self.approval}")
                undone.append(rf"(?<![\w-]){things}{self.disapproval}")
            if self.restating and self.staying:
                # "the ban would stay", "the takeover should go ahead"; "this contract must go"
                # (not negated: "would not be withdrawn" turns it, and a turned cue is read as its own side)
                fate = rf"(?<![\w-]){things}(?:(?!(?<![\w'-])(?:{self.not_words})(?![\w'-]))[^,;:.!?]){{0,30}}?" \
                    rf"(?<![\w-])(?:{self.ought_words})\s+"
                kept.append(rf"{fate}(?:{self.staying})(?![\w-])")
                if self.kept_here:  # '"They should stay," the vendor said': the thing's pronoun, kept
                    kept.append(rf"{self._pronoun_fate(thing)}(?:{self.kept_here})(?![\w-])")
                # the act said of the thing itself ("this plant must close"): done to it
                # ... or done to it, negated too: "the schools would not be closed", "will not close"
                # (a negation inside the cue turns it)
                (undone if action in self.undoing else kept).append(
                    rf"{fate}(?:(?:{self.not_words})\s+)?(?:(?:{'|'.join(map(re.escape, (action, *self.synonyms.get(action, ()))))})"
                    rf"|be\s+{self._participles(action)})(?![\w-])")
                if self.going:
                    undone.append(rf"{fate}(?:{self.going})(?![\w-])")
            (affirm if action in self.keeping else deny).extend(kept)
            (deny if action in self.keeping else affirm).extend(undone)
            if self.ought_words and self.reduced:
                # "the fine should be cut": kept, but less of it (not "should not be cut", which
                # a partial cue would read the same)
                partial.append(rf"(?<![\w-]){things}(?:(?!(?<![\w'-])(?:{self.not_words})(?![\w'-]))[^,;:.!?]){{0,30}}?"
                               rf"(?<![\w-])(?:{self.ought_words})\s+(?:at least\s+|[a-z]+ly\s+)?be\s+(?:{self.reduced})(?![\w-])")
            if self.narrowing:  # "asks for a shorter ban"
                partial.append(rf"{self.support}(?:(?:a|an|the)\s+)?(?:{self.narrowing})\s+{things}")
        if thing and of_subject and action not in self.keeping | self.undoing and self.ought_words:
            # the act said of the thing, by a verb neither keeps nor undoes it: "the plant should
            # reopen", "will reopen", "should be allowed to reopen", "can reopen" (a negation inside
            # the cue turns it: "must not reopen")
            gap = rf"(?<![\w-]){things}(?:(?!(?<![\w'-])(?:{self.not_words})(?![\w'-]))[^,;:.!?]){{0,30}}?(?<![\w-])"
            modal = f"{self.ought_words}|{self.able}" if self.able else self.ought_words
            allowed = rf"(?:(?:{self.allowed_words})\s+)?" if self.allowed_words else ""
            said = rf"{gap}(?:{modal})\s+(?:(?:{self.not_words})\s+)?{allowed}{self._bare(action)}"
            affirm.append(said)
            # ... in the passive, the act done to it: "the line must be reopened", "will be opened again"
            if self.be:
                affirm.append(rf"{gap}(?:{modal})\s+(?:(?:{self.not_words})\s+)?(?:{self.be})\s+(?:[a-z]+ly\s+)?"
                              rf"{self._participles(action)}")
            if self.request and self.to:
                # asked of it: "wants the line to reopen", "urged the plant to reopen" (the speaker's
                # own request: `held` reads who asks)
                affirm.append(rf"(?<![\w-])(?:{self.request})\s+(?:[\w'.&-]+\s+){{0,4}}?{things}\s+(?:{self.to})\s+"
                              rf"{self._bare(action)}")
            if self.until:  # "the plant can reopen once the filters are fitted", "must not reopen until ...": in part
                # (not a time said of what will be: "the line would reopen as soon as the wreck is cleared")
                if_ought = rf"{gap}(?:{self.ought_only})\s+(?:(?:{self.not_words})\s+)?{allowed}{self._bare(action)}"
                partial.append(rf"{if_ought}(?:\s+[\w'-]+){{0,4}}?,?\s+(?:{self.until})(?![\w'-])[^,;:.!?\"]*")
        if self.condition and objects:
            # a backing on a condition is a backing in part: "would accept the farm if it is built
            # with the corridors", "backs the loan, provided the land stays with the club"
            # (not an opposition's: "against the loan unless the clause goes" is against it)
            partial.append(rf"{self.support}(?:{'|'.join(objects)})(?:\s+[\w'-]+){{0,4}}?,?\s+(?:{self.condition})(?![\w'-])[^,;:.!?\"]*")
        if not affirm:
            return None
        return ProposalRules(key="", topic="", number=False, keywords=None, unit=None,
                             partial=re.compile("|".join(partial)) if partial else None,
                             affirm=re.compile("|".join(affirm)), deny=re.compile("|".join(deny)),
                             acted=re.compile(acted) if acted else None,
                             object_end=re.compile(rf"(?:{'|'.join(objects)})$") if objects else None)

    def _made(self, text: str) -> tuple[str, str] | None:
        """"Should measles vaccination be made compulsory?": (the thing, what it is to be made),
        the thing's singular ("vaccination", "compulsory")."""
        if not (self.made and (m := self.modal.match(text.lower().rstrip(" ?")))):
            return None
        rest = self.tail.sub("", m.group(1)) if self.tail else m.group(1)
        made = self.made.match(rest)
        if not made or made.group(2) in self.after_noun or made.group(2) in self.determiners:
            return None  # "be made to pay": an act, not a state
        thing = self._head(made.group(1).split())
        return (self._singular(thing), made.group(2)) if thing else None

    def _made_cues(self, thing: str, state: str) -> ProposalRules:
        """A thing to be made so, backed or opposed: "backs compulsory vaccination", "vaccination
        should become compulsory", "making vaccination compulsory would be wrong", "vaccination
        will not be made compulsory" (the negation inside the cue turns it)."""
        things = rf"{re.escape(thing)}(?:s|es)?(?![\w-])"
        made = rf"(?:{self.made_verbs})"
        state_ = rf"{re.escape(state)}(?![\w-])"
        # "compulsory (measles) vaccination", "making vaccination compulsory"
        named = rf"{state_}\s+(?:[\w'-]+\s+){{0,2}}?{things}|(?:{self.making})\s+{self.between}{things}\s+{state_}"
        become = rf"(?<![\w-]){things}(?:[^,;:.!?]{{0,30}}?(?<![\w-])(?:{self.ought_words})\s+(?:(?:{self.not_words})\s+)?|\s+)" \
                 rf"(?:{made})\s+{state_}"  # "vaccination should become compulsory"
        affirm = [rf"{self.support}(?:{named})", become]
        deny = [rf"{self.opposition}(?:{named})"]
        named = rf"(?<![\w-])(?:{named})"
        if self.approval and self.disapproval:
            affirm.append(rf"{named}{self.approval}")
            deny.append(rf"{named}{self.disapproval}")
        if self.harm:
            deny.append(rf"{named}(?:\s+[\w'-]+){{0,5}}?\s+(?:{self.harm})(?![\w-])")
        return ProposalRules(key="", topic="", number=False, keywords=None, unit=None, partial=None,
                             affirm=re.compile("|".join(affirm)), deny=re.compile("|".join(deny)),
                             object_end=re.compile(rf"(?:{things}|{state_})$"))

    def held(self, c: str, m: re.Match, proposal: ProposalRules | None = None) -> bool:
        """The proposal's cue `m` in what was said, `c`, is the speaker's own backing or
        judgement: not one inside another noun phrase ("critics of the loan were wrong",
        "accused the ministry of defending it"), nor another's named before its verb ("said the
        council backed the loan"), nor one done to the speaker ("had been urged to cancel")."""
        before = c[:m.start()]
        if self.inside.search(before[-40:]):
            return False
        if (self.backing and self.backing.match(c, m.start())) \
                or (proposal and proposal.acted and proposal.acted.match(c, m.start())):
            if self.passive and self.passive.search(before[-20:]):
                return False
            clause = self.subject_clause(before)
            words_between = self.verb_words.search(clause)
            if words_between and self.ought and self.ought.search(words_between.group(0)):
                return True  # "the council must reject the loan": what ought to be, the speaker's view
            clause = clause[:words_between.start()] if words_between else clause
            return bool(self.own_subject and self.own_subject.search(clause))
        return True

    def subject_clause(self, before: str) -> str:
        """The clause a backing's subject stands in, of the words `before` it: back to a comma or
        a complementizer ("said that the council backed ...": "the council")."""
        return self.clause_start.split(before)[-1]

    def read(self, text: str) -> tuple[str, str | None] | None:
        """(the verb of the proposal in its base form, the thing it is done to or None)."""
        parsed = self._parse(text)
        return parsed and parsed[:2]

    def _parse(self, text: str) -> tuple[str, str | None, bool] | None:
        """`read`'s verb and thing, and whether the thing is the verb's subject, with no object
        ("Should the ban stand?")."""
        m = self.modal.match(text.lower().rstrip(" ?"))
        if not m:
            return None
        rest = self.tail.sub("", m.group(1)) if self.tail else m.group(1)
        if self.allowed and (a := self.allowed.match(rest)):
            return self.lemma(a.group(2), ""), None, False  # "be allowed to race": the act, not the rider
        if self.be_done and (p := self.be_done.match(rest)):
            return self.lemma(p.group(2), ""), self._head(p.group(1).split()), False
        tokens = rest.split()
        for i in range(1, len(tokens)):
            word, before = tokens[i], tokens[i - 1]
            if before in self.determiners or before.endswith("'s") or word.endswith("'s"):
                continue  # "the government", "Drešnik's ban": inside the subject
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if after in self.after_noun:
                continue  # "the ban on trelomazine": a noun
            verb = self.lemma(word, "")
            if not (verb in self.keeping or verb in self.undoing or self._verb(verb)):
                continue
            if after in self.noun_prepositions and i + 2 < len(tokens):
                continue  # "the rail line through Lucany reopen": a noun, its place after it
            if not after or after in self.particles:
                # no object ("Should the ban stand?", "... go ahead?"): its subject's noun
                return verb, self._head(tokens[:i]), True
            if after in self.determiners or after.endswith("'s") or verb in self.keeping | self.undoing:
                # its object's noun: "block the takeover", "impose capital controls"
                return verb, self._head(tokens[i + 1:]), False
        return None

    def _verb(self, word: str) -> bool:
        """A verb the tables know by its past form ("approve": "approved"; not "approval")."""
        return self.lemma(word + ("d" if word.endswith("e") else "ed"), "") == word

    def _head(self, tokens: list[str]) -> str | None:
        """The noun a phrase is about: its last word before a preposition ("the proposed ban
        on trelomazine": ban; "Veltria's offer": offer)."""
        words_ = []
        for t in tokens:
            if t in self.after_noun or t in self.noun_prepositions:
                break
            words_.append(t)
        words_ = [w for w in words_ if w not in self.determiners]
        if not words_:
            return None
        head = words_[-1]
        head = head[:-2] if head.endswith("'s") else head
        return head if head.isalpha() and len(head) > 2 else None

    def _forms(self, verb: str) -> str:
        """The verb's forms a backing takes ("backs scrapping", "votes to scrap") and its nouns
        of action ("the cancellation", "a suspension"), and its synonyms' ("scrap" and
        "terminate" for cancel: the pack's `verb_synonyms`), as one regex."""
        forms = set().union(*(self._form_set(v) for v in (verb, *self.synonyms.get(verb, ()))))
        again = ""
        if verb in self.again and self.again_word:  # "count again" for "recount"
            base = self.again[verb]
            bare = sorted(map(re.escape, {base, "to " + base, self._gerund(base)}), key=len, reverse=True)
            again = rf"|(?:{'|'.join(bare)})(?:\s+[\w'-]+){{0,3}}?\s+{self.again_word}"
        return rf"(?:{'|'.join(sorted(map(re.escape, forms), key=len, reverse=True))}{again})(?![\w-])"

    def _pronoun_fate(self, thing: str) -> str:
        """The thing's pronoun ("they" for "devices", "it" for "contract") opening what was said,
        and a modal after it: "they should stay", "it must not go"."""
        pronoun = "they" if self._singular(thing) != thing else "it"
        return rf"{self.opening}{pronoun}\s+(?:{self.ought_words})\s+(?:(?:{self.not_words})\s+)?"

    def _particled(self, verb: str) -> list[tuple[str, str]]:
        """The verb's synonyms of a verb and its particle ("give back" for return), as (verb, particle)."""
        return [tuple(v.split(" ", 1)) for v in (verb, *self.synonyms.get(verb, ())) if " " in v]

    def _bare_gapped(self, verb: str) -> str:
        """`_bare`, and a verb with its particle after its object ("send the devices back")."""
        gapped = [rf"{re.escape(h)}\s+(?:[\w'-]+\s+){{1,3}}?{re.escape(p)}" for h, p in self._particled(verb)]
        return rf"(?:{'|'.join([self._bare(verb)] + gapped)})(?![\w-])"

    def _bare(self, verb: str) -> str:
        """The verb as said after a modal, and its synonyms ("reopen", "open again"), as one regex."""
        words = "|".join(map(re.escape, (verb, *self.synonyms.get(verb, ()))))
        if verb in self.again and self.again_word:
            words += rf"|{re.escape(self.again[verb])}(?:\s+[\w'-]+){{0,3}}?\s+{self.again_word}"
        return rf"(?:{words})(?![\w-])"

    @staticmethod
    def _gerund(verb: str) -> str:
        return verb[:-1] + "ing" if verb.endswith("e") and not verb.endswith("ee") else verb + "ing"

    def _form_set(self, verb: str) -> set[str]:
        import simplemma  # its tables ship in its wheel

        if " " in verb:  # a verb and its particle ("give back"): its own forms, the particle after
            head, particle = verb.split(" ", 1)
            return {f"{f} {particle}" for f in (head, "to " + head, self._gerund(head))}

        # the regular gerund ("closing", "opening"); a doubled consonant only where the tables know it ("cancelling")
        gerund = verb[:-1] + "ing" if verb.endswith("e") and not verb.endswith("ee") else verb + "ing"
        doubled = verb + verb[-1] + "ing"
        forms = {verb, "to " + verb, gerund} | ({doubled} if verb in (self.lemma(doubled, "is"), self.lemma(doubled, "")) else set())
        stems = {verb, verb + verb[-1], verb[:-1], verb[:-1] + "t", verb[:-2] + "t", verb[:-3] + "it"}
        for stem in stems:
            for suffix in ("ation", "ion", "ition", "sion", "al", "ure", "ment", "ance", "ence"):
                noun = stem + suffix
                made = suffix in ("ance", "ence") or (self.verb_of and self.verb_of(noun) == verb)
                if made and simplemma.is_known(noun, lang=self.language):
                    forms.add(noun)
        return forms | set(self.nouns.get(verb, ()))

    def _singular(self, noun: str) -> str:
        base = self.lemma(noun, "")
        return base if base and noun.startswith(base[:-1]) else noun

    def _participles(self, verb: str) -> str:
        """The verb's past participles, and its synonyms', as one regex."""
        forms = set().union(*(self._participle_forms(v) or {re.escape(v)} for v in (verb, *self.synonyms.get(verb, ()))))
        if verb in self.again and self.again_word:  # "counted again" for "recounted"
            done = self._participle_forms(self.again[verb]) or {re.escape(self.again[verb])}
            forms = forms | {rf"(?:{'|'.join(sorted(done, key=len, reverse=True))})(?:\s+[\w'-]+){{0,2}}?\s+{self.again_word}"}
        return rf"(?:{'|'.join(sorted(forms, key=len, reverse=True))})(?![\w-])"

    def _participle_forms(self, verb: str) -> set[str]:
        """The verb's past participles the tables read back to it ("cancelled", "withdrawn"), escaped."""
        if " " in verb:  # "given back", "sent back"
            head, particle = verb.split(" ", 1)
            return {f + re.escape(" " + particle) for f in self._participle_forms(head)}
        candidates = {verb + "ed", verb + "d", verb + verb[-1] + "ed", verb[:-1] + "ied", verb + "n", verb + "en",
                      verb[:-1] + "t", verb[:-2] + "pt", verb}  # "rebuilt", "lost", "kept", "shut"
        return {re.escape(f) for f in candidates if f != verb and self.lemma(f, "") == verb} \
            | ({re.escape(verb)} if verb in self.unchanged else set())

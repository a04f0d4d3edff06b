"""A "should" question's proposal, read from the question as put: what ought to be done, and
to what ("Should the council approve the loan?": approve, the loan). Backing or opposing it
is a position on the question, though no cue the user wrote says so: "the trust has withdrawn
its support for the loan" denies, "welcomed the approval" affirms. A thing whose fate the
question asks ("Should the government block the takeover?") turns the other way: backing
the takeover denies that it should be blocked.

Read last, where none of the question's own cues matches: the user's cues say more."""
import re

from ingest.lang import LanguagePack

from ..rules import QuestionRules

# what the noun a cue ends on is of or for ("a ban on imports of grain"), up to a comma or a verb's "to"
_OBJECT_TAIL = re.compile(r"\s+(?:on|for|of|against|over)\s+[^,;:.!?\"]{1,60}?(?=\s+(?:to|that|and|but|as)\s|[,;:.!?\"]|$)")


def another_thing(q, c: str, end: int, day_anchor=None) -> bool:
    """The noun a cue ends on at `end` is of or for another thing than the question's, by its
    keywords: "backed a ban on imports", "met the demand for talks" (but not "... on Monday")."""
    tail = _OBJECT_TAIL.match(c, end)
    return bool(tail and q.keywords and not q.keywords.search(tail.group(0))
                and not (day_anchor and day_anchor.match(tail.group(0).strip())))


class Proposals:
    def __init__(self, pack: LanguagePack):
        self.lemma = pack.lemma
        self.language = pack.code
        self.verb_of = getattr(pack.lemma, "verb_of", None)
        self.keeping = frozenset(pack.proposal_keeping)
        self.undoing = frozenset(pack.proposal_undoing)
        self.nouns = dict(pack.proposal_nouns)
        self.modal = re.compile(rf"(?:{'|'.join(pack.proposal_modals)})\s+(.+)$") if pack.proposal_modals else None
        self.allowed = re.compile(rf"(.+?)\s+(?:{'|'.join(pack.proposal_allowed)})\s+([a-z]+)") \
            if pack.proposal_allowed else None
        self.passive = re.compile(rf"(.+?)\s+(?:{'|'.join(pack.proposal_passive)})\s+([a-z]+)") \
            if pack.proposal_passive else None
        # where the question's own words end: "... while the review runs", "..., rather than repaired"
        self.tail = re.compile(rf"\s*(?:[,;]|(?<!\w)(?:{'|'.join(pack.proposal_tail)})(?!\w)).*$") \
            if pack.proposal_tail else None
        self.determiners = frozenset(pack.cue_determiners)
        self.after_noun = frozenset(pack.proposal_after_noun)
        support, opposition = "|".join(pack.proposal_support), "|".join(pack.proposal_opposition)
        # up to three words between the verb and the thing ("backs Veltria's improved offer"),
        # none a negation nor a preposition: "backs talks on the loan" is no backing of the loan
        # (nor a gerund: "backs cancelling the contract" backs the act, not the contract)
        stop = "|".join(pack.negation + pack.proposal_after_noun + pack.cue_narrowing + pack.cue_free_gap_refused)
        between = rf"(?:(?!(?:{stop})(?![\w'-]))[\w'-]+\s+){{0,3}}?" if stop else r"(?:[\w'-]+\s+){0,3}?"
        self.support = rf"(?<![\w-])(?:{support})\s+{between}" if support else None
        self.opposition = rf"(?<![\w-])(?:{opposition})\s+{between}" if opposition else None
        # "the ban was out of proportion", "a four-year ban for one tub is absurd", "the
        # cancellation would be a mistake"; "called the ban absurd"
        copula = "|".join(pack.proposal_copula)
        judged = rf"(?:\s+(?:{'|'.join(pack.proposal_after_noun)})\s+[^,;:.!?]{{1,40}}?)?\s+(?:{copula})\s+(?:[a-z]+ly\s+)?" \
            if copula else None
        self.approval = rf"(?:{judged})(?:{'|'.join(pack.proposal_approval)})(?![\w-])" \
            if judged and pack.proposal_approval else None
        self.disapproval = rf"(?:{judged})(?:{'|'.join(pack.proposal_disapproval)})(?![\w-])" \
            if judged and pack.proposal_disapproval else None
        # the proposal restated as what will or ought to be done: "Zelvair must be suspended",
        # "the council would approve the loan" (its negation read as a cue's: "should not be cleared")
        self.restating = rf"(?:{'|'.join(pack.proposal_restating)})\s+(?:(?:{'|'.join(pack.negation)})\s+)?" \
            if pack.proposal_restating and pack.negation else None
        self.between = between
        self.enabled = bool(self.modal and self.lemma and self.support and self.opposition)

    def cues(self, text: str) -> QuestionRules | None:
        """The question's proposal as affirm and deny cues, or None when the question puts none."""
        if not self.enabled:
            return None
        proposal = self.read(text)
        if not proposal:
            return None
        action, thing = proposal
        affirm, deny = [], []
        if not (thing and self._subject_of(text, thing)):
            # its verb's forms, but not an intransitive's ("wants to go further" is no "should the ban go ahead")
            acts = self._forms(action)
            affirm.append(self._after(self.support, acts))
            deny.append(self._after(self.opposition, acts))
            if self.approval and self.disapproval:
                affirm.append(rf"(?<![\w-]){acts}{self.approval}")
                deny.append(rf"(?<![\w-]){acts}{self.disapproval}")
            if thing and self.restating:
                things = rf"{re.escape(thing)}(?:s|es)?(?![\w-])"
                affirm.append(rf"(?<![\w-]){things}[^,;:.!?]{{0,40}}?(?<![\w-]){self.restating}be\s+"
                              rf"(?:[a-z]+ly\s+)?{self._participles(action)}")
                affirm.append(rf"(?<![\w-]){self.restating}{re.escape(action)}\s+{self.between}{things}")
        if thing and action in self.keeping | self.undoing:
            things = rf"{re.escape(thing)}(?:s|es)?(?![\w-])"
            kept, undone = [self._after(self.support, things)], [self._after(self.opposition, things)]
            if self.approval and self.disapproval:
                kept.append(rf"(?<![\w-]){things}{self.approval}")
                undone.append(rf"(?<![\w-]){things}{self.disapproval}")
            (affirm if action in self.keeping else deny).extend(kept)
            (deny if action in self.keeping else affirm).extend(undone)
        if not affirm:
            return None
        return QuestionRules(key="", topic="", number=False, keywords=None, unit=None, partial=None,
                             affirm=re.compile("|".join(affirm)), deny=re.compile("|".join(deny)))

    def _subject_of(self, text: str, thing: str) -> bool:
        """The thing is the subject of an intransitive verb ("Should the ban stand?")."""
        return self.read(text, intransitive=True) is not None

    def read(self, text: str, intransitive: bool = False) -> tuple[str, str | None] | None:
        """(the verb of the proposal in its base form, the thing it is done to or None);
        with `intransitive`, only a proposal whose thing is its verb's subject."""
        m = self.modal.match(text.lower().rstrip(" ?"))
        if not m:
            return None
        rest = self.tail.sub("", m.group(1)) if self.tail else m.group(1)
        if self.allowed and (a := self.allowed.match(rest)):
            return None if intransitive else (self.lemma(a.group(2), ""), None)  # "be allowed to race": the act, not the rider
        if self.passive and (p := self.passive.match(rest)):
            return None if intransitive else (self.lemma(p.group(2), ""), self._head(p.group(1).split()))
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
            if not after or after in self.determiners or after.endswith("'s") or verb in self.keeping | self.undoing:
                # its object's noun, or with none ("Should the ban stand?", "go ahead") its subject's
                if after in self.determiners or after.endswith("'s"):
                    return None if intransitive else (verb, self._head(tokens[i + 1:]))
                return verb, self._head(tokens[:i])
        return None

    def _verb(self, word: str) -> bool:
        """A verb the tables know by its past form ("approve": "approved"; not "approval")."""
        return self.lemma(word + ("d" if word.endswith("e") else "ed"), "") == word

    def _head(self, tokens: list[str]) -> str | None:
        """The noun a phrase is about: its last word before a preposition ("the proposed ban
        on trelomazine": ban; "Veltria's offer": offer)."""
        words_ = []
        for t in tokens:
            if t in self.after_noun:
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
        of action ("the cancellation", "a suspension"), as one regex."""
        import simplemma  # its tables ship in its wheel

        forms = {verb, "to " + verb, verb + "ing", verb[:-1] + "ing" if verb.endswith("e") else verb + verb[-1] + "ing"}
        forms = {f for f in forms if f.startswith("to ") or f == verb or self.lemma(f, "is") == verb}
        stems = {verb, verb + verb[-1], verb[:-1], verb[:-1] + "t", verb[:-2] + "t", verb[:-3] + "it"}
        for stem in stems:
            for suffix in ("ation", "ion", "ition", "sion", "al", "ure", "ment", "ance", "ence"):
                noun = stem + suffix
                made = suffix in ("ance", "ence") or (self.verb_of and self.verb_of(noun) == verb)
                if made and simplemma.is_known(noun, lang=self.language):
                    forms.add(noun)
        forms |= set(self.nouns.get(verb, ()))
        return rf"(?:{'|'.join(sorted(map(re.escape, forms), key=len, reverse=True))})(?![\w-])"

    def _participles(self, verb: str) -> str:
        """The verb's past participles the tables read back to it ("cancelled", "withdrawn", "shut")."""
        candidates = {verb, verb + "ed", verb + "d", verb + verb[-1] + "ed", verb[:-1] + "ied", verb + "n", verb + "en"}
        forms = {f for f in candidates if f != verb and self.lemma(f, "") == verb}
        return rf"(?:{'|'.join(sorted(map(re.escape, forms or {verb}), key=len, reverse=True))})(?![\w-])"

    @staticmethod
    def _after(verb: str, thing: str) -> str:
        return rf"{verb}{thing}"

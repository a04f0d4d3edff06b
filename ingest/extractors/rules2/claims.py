"""A yes-or-no question's claim, read from the question as put: who did what to what ("Did a
power line start the fire?": line, start, fire), what was done to what ("Was patient data
stolen?"), what is said of what ("Is the bridge safe?": bridge, safe), or what caused what
("Is the budget to blame for the slide?"). A statement that restates the claim takes a side
on it though no cue the user wrote says so: "the fire was started by a power line" affirms,
"the bridge is not safe" and "the bridge is unsafe" deny.

The claim is matched on the statement's words in their base forms ("was started" reads
"was start", "had broken" "had break"), so one pattern meets every tense; a negation inside
it, a denial before it and a hedge are read as a cue's (positions.py). Read last, after the
user's cues and a should-question's proposal: the user's cues say more."""
import re
from dataclasses import dataclass, field

from ingest.lang import LanguagePack

from ..rules import QuestionRules
from .things import Things


@dataclass(frozen=True)
class Claim:
    """`kind`: "act" (subject did verb to object), "done" (object had verb done to it,
    by subject if named), "said" (subject is adjective), "cause" (subject caused object),
    "timely" (subject, or verb, came late)."""
    kind: str
    verb: str
    subject: tuple[str, ...]
    object: tuple[str, ...]
    subject_phrase: str = ""  # as the question puts it ("the interior ministry")
    # the object's words as the question puts them ("the fish kill in the river")
    object_words: tuple[str, ...] = field(default=(), compare=False)
    # the years that mark the subject's and the object's head ("the 2017 repair": 2017; things.py)
    subject_marks: tuple[str, ...] = field(default=(), compare=False)
    object_marks: tuple[str, ...] = field(default=(), compare=False)


class Claims:
    def __init__(self, pack: LanguagePack):
        self.lemma = pack.lemma
        self.openers_do = frozenset(pack.claim_openers_do)
        self.openers_be = frozenset(pack.claim_openers_be)
        self.openers_have = frozenset(pack.claim_openers_have)
        self.determiners = frozenset(pack.cue_determiners)
        self.synonyms = dict(pack.verb_synonyms)
        for verb, more in pack.claim_verb_synonyms.items():  # "loot": plunder, carry off
            self.synonyms[verb] = (*self.synonyms.get(verb, ()), *more)
        self.said_also = dict(pack.claim_said_also)
        self.spelling = pack.cue_spelling
        self.kept, self.broken = "|".join(pack.claim_kept), "|".join(pack.claim_broken)
        self.broken_verbs = frozenset(w for p in pack.claim_broken for w in [p] if re.fullmatch(r"[a-z]+", p))
        self.rules = "|".join(pack.claim_rule_nouns)
        self.lawful = pack.claim_lawful
        self.part_of = "|".join(pack.claim_part_of)
        self.nobody = "|".join(pack.claim_nobody)
        self.sooner = "|".join(pack.claim_sooner)
        self.ought_have, self.could_have = "|".join(pack.claim_ought_have), "|".join(pack.claim_could_have)
        openers = "|".join(pack.claim_clause_openers)
        # a thing and its verb a few words apart, in one clause ("the bronzes held by the museum were")
        self.near = rf"(?:\s+(?!(?:{openers})(?![\w'-]))[\w'-]+){{0,5}}?\s+" if openers else r"(?:\s+[\w'-]+){0,5}?\s+"
        self.after_noun = frozenset(pack.proposal_after_noun)
        # a word said of the subject, with the words that say it and the words that deny it
        # ("safe": safe / unsafe|dangerous; "unlawful": unlawful|illegal / lawful)
        self.said = {}
        for yes, no in pack.claim_opposites.items():
            for word in yes.split("|"):
                self.said[word] = (yes, no)
            for word in no.split("|"):
                if " " not in word:
                    self.said.setdefault(word, (no, yes))
        self.negated = rf"(?:(?:{'|'.join(pack.negation)})\s+)?" if pack.negation else ""
        self.manner = frozenset(pack.claim_manner)
        self.manner_suffix = pack.claim_manner_suffix
        self.participles = frozenset(pack.claim_irregular_participles)
        self.not_verbs = frozenset(pack.auxiliary + pack.proposal_passive_auxiliary)
        self.causal_verbs = frozenset(pack.claim_causal_verbs)
        self.causal_phrases = [p.split() for p in pack.claim_causal_phrases]
        self.caused = "|".join(pack.claim_caused)
        self.caused_by = "|".join(pack.claim_caused_by)
        self.blaming = "|".join(pack.claim_blaming)
        self.partly = "|".join(pack.claim_partly)
        self.cleft = "|".join(pack.claim_cleft)
        self.nothing = "|".join(pack.claim_nothing)
        self.timely_words = frozenset(pack.claim_timely_words)
        self.plural = re.compile(pack.plural_noun) if pack.plural_noun else None
        self.late, self.on_time = "|".join(pack.claim_late), "|".join(pack.claim_on_time)
        self.late_partly = "|".join(pack.claim_late_partly)
        self.not_caused = "|".join(pack.claim_not_caused)
        self.ruled_out = "|".join(pack.claim_ruled_out)
        self.limited = "|".join(pack.claim_limited)
        self.named_cause = "|".join(pack.claim_named_cause)
        self.declared = "|".join(pack.claim_declared)
        self.particle_verbs = frozenset(pack.claim_particle_verbs)
        self.have = "|".join(pack.claim_openers_have)
        # the claim inside another's saying or finding: "said lawyers claim ...", "said a report found ..."
        self.sourced = re.compile(rf"(?<![\w'-])(?:{'|'.join(pack.claim_sourced)})(?![\w'-])") if pack.claim_sourced else None
        own = pack.first_person + pack.pronouns + pack.role_nouns
        self.own = rf"(?<![\w'-])(?:{'|'.join(own)})(?![\w'-])" if own else ""
        self.be = "|".join(pack.proposal_passive_auxiliary)
        self.tail = re.compile(rf"\s*(?:[,;]|(?<!\w)(?:{'|'.join(pack.proposal_tail)})(?!\w)).*$") \
            if pack.proposal_tail else None
        stop = "|".join(pack.negation + pack.proposal_after_noun)
        self.between = rf"(?:(?!(?:{stop})(?![\w'-]))[\w'-]+\s+){{0,3}}?" if stop else r"(?:[\w'-]+\s+){0,3}?"
        # between the claim's subject and its verb, within one clause, no guess ("the buses may be safe")
        guesses = pack.speculation + pack.rumour
        # (but "could not have caused": a denial, not a guess)
        guess = rf"(?!(?<![\w'-])(?:{'|'.join(guesses)})(?![\w'-])(?!\s+(?:not|never)\b))" if guesses else ""
        self.gap = rf"(?:{guess}[^,;:.!?\"]){{0,40}}?"
        self.own_gerund = f"(?:{'|'.join(f'(?<={re.escape(v)} )' for v in pack.claim_own_gerund)})" \
            if pack.claim_own_gerund else ""
        self.failing = frozenset(pack.claim_failing)
        # (a gap with no negation: a deny cue's own negation is not turned, as "did not do its job" must be)
        self.gap_unnegated = rf"(?:(?!(?<![\w'-])(?:{'|'.join(pack.negation)})(?![\w'-])){guess}[^,;:.!?\"]){{0,40}}?" \
            if pack.negation else self.gap
        self.duty_done = "|".join(pack.claim_duty_done)
        self.things = Things(pack)  # the question's thing in other words: "the 2017 welds" for "the 2017 repair"
        self.enabled = bool(self.lemma and self.openers_do and self.openers_be)

    def read(self, text: str) -> Claim | None:
        """The claim a yes-or-no question puts, or None (a should-question, a number, a
        question this reading cannot parse)."""
        if not self.enabled:
            return None
        text = text.lower().rstrip(" ?")
        text = self.tail.sub("", text) if self.tail else text
        tokens = [t.strip("\"'()") for t in text.split()]
        if len(tokens) < 3:
            return None
        # a word of how, not one that names a thing ("hide *early* warnings", "a *late* payment")
        manner = {t for i, t in enumerate(tokens) if t in self.manner
                  and (i + 1 == len(tokens) or tokens[i + 1] in self.after_noun or tokens[i + 1] in self.manner)}
        if manner or (self.manner_suffix and tokens[-1].endswith(self.manner_suffix) and len(tokens[-1]) > 4):
            # "Was the order given too late?": only how late or slow, no other how ("dump waste illegally")
            return self._timely(tokens) if self.timely_words & set(tokens) else None
        opener, rest = tokens[0], tokens[1:]
        candidates = []  # a do-question's verbs: "Did a power line start the fire?" (not "power")
        for i in range(1, len(rest)):
            for phrase in self.causal_phrases:  # "to blame for", "behind", "responsible for"
                if rest[i:i + len(phrase)] == phrase:
                    return self._claim("cause", "cause", rest[:i], rest[i + len(phrase):])
            word, before = rest[i], rest[i - 1]
            if opener in self.openers_be and word in self.said and before in ("a", "an") and i > 1:
                return self._claim("said", word, rest[:i - 1], ())  # "Is the depot a safe home?"
            if before in self.determiners or before.endswith("'s") or word.endswith("'s") or word in self.after_noun:
                continue
            if word in self.not_verbs:
                continue
            base = self.lemma(word, "")
            if opener in self.openers_be and word in self.said:
                return self._claim("said", word, rest[:i], ())
            if opener in self.openers_be | self.openers_have and base != word and self._participle(word, base):
                after = rest[i + 1:]
                if opener in self.openers_have and before not in ("been",):
                    return self._claim("act", base, rest[:i], after)
                agent = after[after.index("by") + 1:] if "by" in after[:1] else ()
                subject = rest[:i - 1] if before == "been" else rest[:i]
                if base in self.causal_verbs and agent:
                    return self._claim("cause", "cause", agent, subject)
                return self._claim("done", base, agent, subject)
            if opener in self.openers_do and base == word and self._verb(word) and not before.endswith("ed"):
                # (not a noun after its modifier: "Does Tolland's declared win stand?")
                candidates.append(i)
        if not candidates:
            return None
        # the verb its object follows ("start the fire"), else the first
        i = next((i for i in candidates if i + 1 < len(rest) and (rest[i + 1] in self.determiners or rest[i + 1].endswith("'s"))),
                 candidates[0])
        kind = "cause" if rest[i] in self.causal_verbs else "act"
        if kind == "act" and f"{rest[i]} {rest[i + 1:i + 2][0] if i + 1 < len(rest) else ''}" in self.particle_verbs:
            # what was known comes after its preposition: "know of the tests"
            return self._claim(kind, f"{rest[i]} {rest[i + 1]}", rest[:i], rest[i + 2:])
        return self._claim(kind, "cause" if kind == "cause" else rest[i], rest[:i], rest[i + 1:])

    def _timely(self, tokens: list[str]) -> Claim | None:
        """"Was the order to evacuate given too late?": the order, given; "Did the agency react
        too slowly?": the agency, react. The claim is that it came late."""
        opener, rest = tokens[0], [t for t in tokens[1:] if t not in self.manner and t not in self.timely_words]
        passive = opener in self.openers_be | self.openers_have
        for i, word in enumerate(rest):
            base = self.lemma(word, "")
            if not i or rest[i - 1] in self.determiners or rest[i - 1].endswith("'s") or rest[i - 1] == "to" \
                    or word in self.not_verbs:
                continue
            if (self._participle(word, base) and base != word) if passive else self._verb(word):
                words = rest[:i]
                at = next((j - 1 for j, w in enumerate(words) if w in self.after_noun), len(words) - 1)
                # (not the ones it was done to: "Were the people warned too late?" asks of the warning)
                done_to = passive and self.plural and self.plural.fullmatch(words[max(at, 0)])
                return Claim("timely", base, () if done_to else self._phrase(words)[:1], ())
        return None

    def cues(self, claim: Claim, keywords=()) -> QuestionRules | None:
        """The claim `read` found, restated, as affirm and deny cues on a statement's words in
        their base forms; None when this reading knows no way to restate it.
        `keywords`: the question's, lower-cased patterns, which may name what a cause caused."""
        return self._cues(claim, self._named(claim.subject, claim.subject_marks), keywords, self._keyword_named(claim, keywords))

    def own_cues(self, claim: Claim, keywords=()) -> QuestionRules | None:
        """The claim restated by its own subject, who speaks of itself as "we", "it" or "the
        company" ("we did not break the law", said by Rydo, of "Did Rydo break the law?")."""
        if not (self.own and claim.kind in ("act", "cause", "said")):
            return None
        cues = self._cues(claim, self.own, keywords)
        if cues and claim.kind == "act" and claim.object and self.own_gerund:
            # the act as a gerund after the speaker's own verb: "denied hiding the warnings",
            # "admitted selling the data" (the verb of denial before it turns it, as a cue's)
            act = rf"{self.own_gerund}{self._verbs(claim.verb)}\s+{self.between}{self._nouns(claim.object)}"
            cues.affirm = re.compile(f"{cues.affirm.pattern}|{act}")
        return cues

    def _cues(self, claim: Claim, s: str, keywords, s_also: str = "") -> QuestionRules | None:
        """`s_also`: the subject in the story's words too (`_keyword_named`), for the readings
        that say the claim in other words than its own verb."""
        o = self._named(claim.object, claim.object_marks)
        gap, between = self.gap, self.between
        affirm, deny, partial = [], [], []
        if claim.kind == "timely":
            # what came late: the thing ("the order"), or the act's own word ("warned", "the warning")
            stem = re.escape(claim.verb[:-1] if claim.verb.endswith("e") else claim.verb)
            came = rf"(?<![\w'-])(?:{''.join(re.escape(n) + '|' for n in claim.subject)}{stem}\w*)(?![\w'-])"
            affirm.append(rf"{came}{gap}(?<![\w'-])(?:{self.late})(?![\w'-])")
            affirm.append(rf"(?<![\w'-])(?:{self.late})\s+{came}")
            deny.append(rf"{came}{gap}(?<![\w'-])(?:{self.on_time})(?![\w'-])")
            partial.append(rf"{came}{gap}(?<![\w'-])(?:{self.late_partly})(?![\w'-])")
            if self.sooner and self.ought_have and self.could_have:
                # owed sooner or possible sooner, with the act's own verb or another after the one
                # it is of: "should have been warned sooner", "the agency could have warned families sooner"
                sooner = rf"(?:\s+[\w'-]+){{0,4}}?\s+(?:much\s+|far\s+|a lot\s+)?(?:{self.sooner})(?![\w'-])"
                for have, cues in ((self.ought_have, affirm), (self.could_have, partial)):
                    cues.append(rf"(?<![\w'-])(?:{have})\s+(?:been\s+)?{came}{sooner}")
                    if claim.subject:
                        cues.append(rf"{came}{gap}(?<![\w'-])(?:{have})\s+(?:been\s+)?[a-z]+{sooner}")
        elif claim.kind == "said":
            yes, no = self._said_words(claim.verb)
            # ("is perfectly safe", "is as safe as any", "is not a safe home"; one of two or
            # three words said of it: "was stable and safe", "fair, legal and affordable")
            said = rf"{s}{gap}(?<![\w'-])(?:{self.be})\s+{self.negated}(?:[a-z]+ly\s+|as\s+|an?\s+)?"
            coord = r"\"?(?:(?!not\s)[a-z]+(?:,\s+|\s+and\s+)){0,2}"
            affirm.append(rf"{said}{coord}(?:{yes})(?![\w'-])")
            deny.append(rf"{said}{coord}(?:{no})(?![\w'-])")
            if self.lawful and self.kept and self.rules and self.lawful in f"{yes}|{no}".split("|"):
                # kept the rules or broke them: "the loan complied fully with state-aid rules"
                kept = rf"{s}{gap}(?<![\w'-])(?:{self.kept})\s+{between}(?:[\w-]+\s+)?(?:{self.rules})(?![\w'-])"
                broke = rf"{s}{gap}(?<![\w'-])(?:{self.broken})\s+{between}(?:[\w-]+\s+)?(?:{self.rules})(?![\w'-])"
                (affirm if self.lawful in yes.split("|") else deny).append(kept)
                (deny if self.lawful in yes.split("|") else affirm).append(broke)
            if self.nothing:  # "there is nothing unlawful about the LRAD" (its negation opens the cue: not turned)
                affirm.append(rf"(?<![\w'-])(?:{self.nothing})\s+(?:{no})\s+about\s+{between}{s}")
                deny.append(rf"(?<![\w'-])(?:{self.nothing})\s+(?:{yes})\s+about\s+{between}{s}")
            if self.declared:  # "declared the formula safe"
                declared = rf"(?<![\w'-])(?:{self.declared})\s+{between}{s}\s+"
                affirm.append(rf"{declared}(?:{yes})(?![\w'-])")
                deny.append(rf"{declared}(?:{no})(?![\w'-])")
                if self.nobody:
                    # "nobody who has seen it would call the bridge safe": the subject negates it
                    # over its relative clause (the longer match stands for the shorter)
                    nobody = rf"(?<![\w'-])(?:{self.nobody})\s+(?:who|that)\s+[^,;:.!?\"]{{0,60}}?"
                    deny.append(rf"{nobody}{declared}(?:{yes})(?![\w'-])")
                    affirm.append(rf"{nobody}{declared}(?:{no})(?![\w'-])")
            if self.limited:  # "legal only in warning mode"
                partial.append(rf"{said}(?:{yes})\s+(?:{self.limited})(?![\w'-])")
        elif claim.kind == "cause":
            # (what it caused may be named by the question's keywords: "the budget had caused the fall")
            effect = "|".join(x for x in (o, *(f"(?:{k})" for k in keywords)) if x)
            if effect:
                affirm.append(rf"{s}{gap}(?<![\w'-])(?:{self.caused})\s+{between}(?:{effect})")
            if o:
                affirm.append(rf"{o}{gap}(?<![\w'-])(?:{self.caused_by})\s+{between}(?:[\w'-]+\s+(?:of|from)\s+{between})?{s}")
                affirm.append(rf"(?<![\w'-])(?:{self.blaming})\s+{between}{o}\s+on\s+{between}{s}")
                # another blamed: "blamed the stampede on troublemakers"
                deny.append(rf"(?<![\w'-])(?:{self.blaming})\s+{between}{o}\s+on\s+(?!{gap}(?<![\w'-]){s})")
                if self.cleft:  # "it was the LRAD that caused the stampede"
                    affirm.append(rf"(?<![\w'-])(?:{self.cleft})\s+{between}{s}\s+(?:that|which)\s+(?:{self.caused})\s+{between}{o}")
                # another cause named: "the flooding was caused by record rain"
                deny.append(rf"{o}{gap}(?<![\w'-])(?:{self.caused_by})\s+(?!{gap}(?<![\w'-]){s})")
            if self.not_caused:  # "ruled out the LRAD as the cause", "the LRAD had nothing to do with it"
                deny.append(rf"(?<![\w'-])(?:{self.ruled_out})\s+{between}{s}\s+as\s+(?:the |a |any )?(?:[a-z]+\s+)?(?:cause|source|reason)")
                deny.append(rf"{s}{gap}(?<![\w'-])(?:{self.not_caused})(?![\w'-])")
                if o:
                    deny.append(rf"{o}{gap}(?<![\w'-])(?:{self.not_caused})\s+{between}{s}")
            if (act := self._noun_of_act(claim.object_words)):
                # the effect said with its verb: "the fish kill" is "killed the fish"
                affirm.append(rf"{s}{gap}(?<![\w'-]){self._verbs(act[1])}\s+{between}{self._nouns((act[0],))}")
            if self.named_cause:  # "named the budget as the main cause", "calls the budget 'the main cause'"
                affirm.append(rf"(?<![\w'-])(?:{self.named_cause})\s+{between}{s}\s+(?:as\s+)?\"?(?:the |a )?"
                              rf"(?:main |primary |chief |real |only |direct |root )?(?:cause|source)(?![\w'-])")
            if self.partly:  # "the budget was part of the problem", "one factor among several"
                partial.append(rf"{s}{gap}(?<![\w'-])(?:{self.partly})(?![\w'-])")
            affirm.append(rf"(?<![\w'-])(?:{self.blaming})\s+{between}{s}")
            affirm.append(rf"{s}{gap}(?<![\w'-])(?:{self.be})\s+(?:(?:not|partly|partially|largely|mainly|solely|also)\s+)?"
                          rf"(?:to blame|responsible|the (?:main |primary |real |only )?cause)(?![\w'-])")
        elif claim.kind == "act" and s:
            verb = self._verbs(claim.verb)
            if self.duty_done and claim.verb in self.failing:
                # a duty failed, denied by the duty done: "the authority acted properly", "the
                # supervisor did its job" (not negated: "did not do its job" is left unread)
                doer = f"(?:{s}|{s_also})" if s_also else s
                deny.append(rf"{doer}{self.gap_unnegated}(?<![\w'-])(?:{self.duty_done})(?![\w'-])")
            affirm.append(rf"{s}{gap}(?<![\w'-]){verb}(?![\w'-])" + (rf"\s+{between}{o}" if o else ""))
            if o:  # "the law was broken by Rydo"; "the bronzes were looted" (by nobody named)
                passive = rf"{o}{self.near}(?:{self.be})\s+{self.negated}(?:[a-z]+ly\s+)?{verb}(?![\w'-])"
                affirm.append(rf"{o}{gap}(?<![\w'-])(?:{self.be})\s+(?:[a-z]+ly\s+)?{verb}\s+by\s+{between}{s}")
                affirm.append(rf"{passive}(?!\s+by\s)")
                if self.part_of:  # "most of the bronzes were looted": in part
                    partial.append(rf"(?<![\w'-])(?:{self.part_of})\s+{between}{passive}(?!\s+by\s+(?!{between}{s}))")
                if self.kept and claim.verb in self.broken_verbs:
                    # the rule kept, the opposite of breaking it: "complied with its licence"
                    deny.append(rf"{s}{gap}(?<![\w'-])(?:{self.kept})\s+{between}{o}")
            if claim.verb in self.particle_verbs:
                # the verb alone, known of nothing else: "they knew in January", "Belvora knew."
                # (not "knew of 22 babies", "knew that ...")
                bare, _, _ = claim.verb.partition(" ")
                after = "|".join(sorted({v.partition(" ")[2] for v in self.particle_verbs} | {"that"}))
                affirm.append(rf"{s}{gap}(?<![\w'-]){re.escape(bare)}(?![\w'-])(?!\s+(?:{after})(?![\w'-]))")
        elif claim.kind == "done" and o:
            verb = self._verbs(claim.verb)
            affirm.append(rf"{o}{gap}(?<![\w'-])(?:{self.be})\s+{self.negated}(?:[a-z]+ly\s+)?{verb}(?![\w'-])"
                          + (rf"\s+by\s+{between}{s}" if s else ""))
            # done by the one the question names, or by anyone if it names none ("the police deleted the footage")
            affirm.append(rf"{s}{gap}(?<![\w'-]){verb}\s+{between}{o}" if s else rf"(?<![\w'-]){verb}\s+{between}{o}")
        if not affirm:
            return None
        return QuestionRules(key="", topic="", number=False, keywords=None, unit=None,
                             partial=re.compile("|".join(partial)) if partial else None,
                             affirm=re.compile("|".join(affirm)), deny=re.compile("|".join(deny)) if deny else None)

    @staticmethod
    def _keyword_named(claim: Claim, keywords) -> str:
        """The question's keywords that its subject's words hold ("supervis" in "the Financial
        Supervisory Authority"), as whole words of the statement ("the supervisor")."""
        named = [k for k in keywords if claim.subject_phrase and re.search(k, claim.subject_phrase)]
        return "|".join(rf"(?<![\w'-])(?:{k})[\w'-]*" for k in named)

    def _claim(self, kind: str, verb: str, subject, object_) -> Claim | None:
        if object_ and object_[0] in self.after_noun:
            object_ = ()  # "Did calls fail during the outage?": no object
        phrase, words = " ".join(subject), tuple(object_)
        marks = self.things.marks(subject, self.after_noun), self.things.marks(object_, self.after_noun)
        subject, object_ = self._phrase(subject), self._phrase(object_)
        if kind in ("said", "act", "cause") and not subject or kind == "done" and not object_:
            return None
        return Claim(kind, verb, subject, object_, phrase, words, *marks)

    def _named(self, nouns: tuple[str, ...], marks: tuple[str, ...]) -> str:
        """The thing by its nouns, or by the year that marks it with another noun ("the 2017
        welds", "the welding of 2017" for "the 2017 repair")."""
        named, other = self._nouns(nouns), self.things.stand_in(marks)
        return f"(?:{named}|{other})" if named and other else named

    def _said_words(self, word: str) -> tuple[str, str]:
        """The words that say `word` of a thing and those that deny it, with their others
        ("safe": sound, stable / a danger, hazardous)."""
        yes, no = self.said[word]
        for key, (more_yes, more_no) in self.said_also.items():
            if key in yes.split("|"):
                yes, no = f"{yes}|{more_yes}", f"{no}|{more_no}"
            elif key in no.split("|"):
                yes, no = f"{yes}|{more_no}", f"{no}|{more_yes}"
        return yes, no

    def _noun_of_act(self, words) -> tuple[str, str] | None:
        """An object that is a noun of action after what it was done to ("the fish kill"):
        (what, the verb), in their base forms; else None."""
        head = []
        for w in words:
            if w in self.after_noun:
                break
            if w not in self.determiners:
                head.append(w[:-2] if w.endswith("'s") else w)
        if len(head) < 2 or not head[-1].isalpha() or not head[-2].isalpha() or not self._verb(head[-1]):
            return None
        return self.lemma(head[-2], ""), head[-1]

    def _phrase(self, tokens) -> tuple[str, ...]:
        """A noun phrase's nouns the claim is matched by, in their base forms: its head (the
        last word before a preposition: "the release of water": release) and its last word
        ("... from the reservoir": reservoir)."""
        words = [t[:-2] if t.endswith("'s") else t for t in tokens]
        words = [w for w in words if w.isalpha() or "-" in w]
        head = []
        for w in words:
            if w in self.after_noun:
                break
            if w not in self.determiners:
                head.append(w)
        nouns = [head[-1]] if head else []
        if words and words[-1] not in self.determiners | self.after_noun:
            nouns.append(words[-1])
        return tuple(dict.fromkeys(self.lemma(n, "") for n in nouns if len(n) > 2))

    def _verbs(self, verb: str) -> str:
        """The claim's verb and its synonyms ("delete": erase, wipe), in their base forms and
        as gerunds, which the tables keep as they are ("accused Rydo of selling the data")."""
        verbs = (verb, *self.synonyms.get(verb, ()))
        return f"(?:{'|'.join(map(self._verb_words, sorted(set(verbs) | self._gerunds(verbs), key=len, reverse=True)))})"

    def _verb_words(self, verb: str) -> str:
        """A verb of several words as a pattern: "be" and "have" in their every form, a negation
        inside read through ("had no knowledge of": positions.py turns it)."""
        words = verb.split()
        out = [f"(?:{self.be})" if w == "be" and self.be else f"(?:{self.have})" if w == "have" and self.have
               else re.escape(w) for w in words]
        return out[0] + "".join(rf"\s+{self.negated}{w}" for w in out[1:])

    def _gerunds(self, verbs) -> set[str]:
        out = set()
        for v in verbs:
            if " " in v:
                continue
            out.add(v[:-1] + "ing" if v.endswith("e") and not v.endswith("ee") else v + "ing")
            if self.lemma(v + v[-1] + "ing", "") == v:  # "stopping" (the tables know the doubled ones)
                out.add(v + v[-1] + "ing")
        return out

    def _nouns(self, nouns: tuple[str, ...]) -> str:
        # (in the statement's one spelling too: "licence" is read "license")
        nouns = tuple(dict.fromkeys((*nouns, *map(self.spelling, nouns)))) if self.spelling else nouns
        return rf"(?<![\w'-])(?:{'|'.join(map(re.escape, nouns))})(?![\w'-])" if nouns else ""

    def _verb(self, word: str) -> bool:
        """A verb the tables know by its past form ("start": "started") or its third person ("meets")."""
        return word in (self.lemma(word + ("d" if word.endswith("e") else "ed"), ""), self.lemma(word + "s", ""))

    def _participle(self, word: str, base: str) -> bool:
        """`word` a past participle of `base` ("stolen", "caused", "rigged")."""
        return word.endswith(("ed", "en", "wn")) or word in self.participles

"""rules/2's acts: an official body's act reported with no verb of saying states its position
("The Maritime Safety Directorate ordered all five ferries out of service": the directorate's
count of ships out is five). Only an act in the sentence's main clause, by an actor named as its
subject (an alias or the actor's own role noun, not a pronoun to resolve), told as done: not
recalled ("had ordered"), not denied ("has not voted to"), not in a clause that opens with "after",
"if", "that", not a passive."""
import re

from ingest.lang import LanguagePack

from .names import lower, words
from .subjects import QUOTE, Attribution

LEAD_WORDS = 6  # words before the subject in its clause ("On Friday, the ...")

_RECALLED = re.compile(r"(?<!\w)(?:had|was|were|been|being|be|is|are)\s+(?:\w+\s+)?$")  # "had ordered", "was detained by"
_COMMA = re.compile(r",(?!\d{3})")
_PUNCT = re.compile(r"[,;:]")


class Acts:
    def __init__(self, pack: LanguagePack, speakers):
        self.speakers = speakers
        self.verbs = words(pack.official_acts)
        self.release = words(pack.release_acts)
        self.remainder = words(pack.act_remainder)
        self.increment = words(pack.act_increment)
        # the clause before the subject opens with none of these ("After the directorate ordered ...")
        self.opening = words(pack.subordinate + pack.conditional + pack.relative + pack.complementizer)
        self.negation = words(pack.negation)
        self.not_yet = words(pack.not_yet)
        self.elsewhen = words(pack.recalled + pack.elsewhen)
        self._lead = re.compile(rf"[\s,]*(?:[\w'\-]+[\s,]+){{0,{LEAD_WORDS}}}")

    def read(self, orig: str, *, count: bool = False) -> list[Attribution]:
        """The act of the (normalized, clean) sentence `orig` that states a position, if any
        (`count`: read for a number question)."""
        if not self.verbs:
            return []
        s = lower(orig)
        verb = self.verbs.search(s)
        if not verb or any(a < verb.start() < b for a, b in ((q.start(), q.end()) for q in QUOTE.finditer(s))):
            return []
        if self.elsewhen and self.elsewhen.search(s):
            return []  # "last year the directorate ordered ...": another time's act
        sp = self.speakers
        c_start, c_end = sp.clause_at(s, verb.start())
        subject = sp.subject_at(s, sp.names.mentions(orig, s), verb.start(), c_start)
        if subject is None or subject.kind == "pronoun" or sp.names.is_object(s, subject):
            return []
        actor = subject.actor or (sp.names.owner_of(subject) if subject.kind == "generic" else None)
        if not actor:
            return []
        lead = s[c_start:subject.start]
        if not self._lead.fullmatch(lead) or (self.opening and self.opening.search(lead)):
            return []  # the act of a subordinate clause, or a condition's
        gap = s[subject.end:verb.start()]
        if _RECALLED.search(gap) or _PUNCT.search(gap) or any(rx and rx.search(gap) for rx in (self.not_yet, self.negation)):
            return []  # "had ordered", "is expected to", "has not voted", "was detained by", "X, which ..., ordered"
        content = (verb.start(), c_end)
        hole = None  # "... on Tuesday after its inspectors found cracks, bringing ...": the reason is no part of it
        sub = sp.subordinate.search(s, verb.end(), c_end) if sp.subordinate else None
        if sub:
            comma = _COMMA.search(s, sub.end(), c_end)
            hole = (sub.start(), comma.end() if comma else c_end)
        if count:
            # a count: the one that remains ("cleared two of the five, leaving three out of
            # service", "detained two more, so three are now out"); none from a release or an
            # increment alone ("cleared two", "detained two more")
            rest = self.remainder.search(s, verb.end(), c_end) if self.remainder else None
            if rest:
                content, hole = (rest.start(), c_end), None
            elif (self.release and self.release.fullmatch(verb.group(0))) or (
                    self.increment and self.increment.search(s, *content)):
                return []
        att = Attribution([actor], content, verb.group(0), who=subject.text, act=True)
        att.gap = hole
        return [att]

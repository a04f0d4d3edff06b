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
_YEAR = re.compile(r"(?<![\w.,])((?:1[89]|20)\d\d)(?![\w]|[.,]\d)")  # "in 2019", not "2,019" or "2019.5"
_PUNCT = re.compile(r"[,;:]")
_NAME_TAIL = re.compile(r"\s+of\s+(?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*")


class Acts:
    def __init__(self, pack: LanguagePack, speakers):
        self.speakers = speakers
        self.verbs = words(pack.official_acts)
        self.changing = words(pack.changing_acts)
        self.change_level = re.compile(rf"\s(?:{'|'.join(pack.change_level)})\s") if pack.change_level else None
        self.change_object = re.compile(rf"[^,;:.!?]*?(?=\s(?:{'|'.join(pack.change_marks)})\s)") if pack.change_marks else None
        self.release = words(pack.release_acts)
        self.remainder = words(pack.act_remainder)
        self.increment = words(pack.act_increment)
        # the clause before the subject opens with none of these ("After the directorate ordered ...")
        self.opening = words(pack.subordinate + pack.conditional + pack.relative + pack.complementizer)
        self.negation = words(pack.negation)
        self.not_yet = words(pack.not_yet)
        self.elsewhen = words(pack.recalled + pack.elsewhen)
        self.dateline = re.compile(pack.dateline) if pack.dateline else None
        self._lead = re.compile(rf"[\s,]*(?:[\w'\-]+[\s,]+){{0,{LEAD_WORDS}}}")
        # between the subject and a cue's verb: nothing, or a few of these words
        self.cue_gap = re.compile(rf"\s*(?:(?:{'|'.join(pack.cue_subject_gap)})\s+){{0,3}}") \
            if pack.cue_subject_gap else None
        self.not_a_verb = words(pack.cue_gap_barrier + pack.auxiliary)
        # before a cue act's subject: nothing, the gap's words ("on Monday", "now"), or an
        # opener closed by a comma ("On Monday, ...", "In a statement, ...")
        self.cue_lead = re.compile(rf"\s*(?:[^,;:]{{1,60}},\s*)?(?:(?:{'|'.join(pack.cue_subject_gap + pack.determiners)}"
                                   rf"|and|but|so)\s+)*") \
            if pack.cue_subject_gap else None
        self.cue_negation = re.compile(rf"(?<!\w)(?:{'|'.join(pack.cue_subject_negation)})(?!\w)") \
            if pack.cue_subject_negation else None
        self.cue_intent = re.compile(rf"(?<!\w)(?:{'|'.join(pack.cue_subject_intent)})\s*$") \
            if pack.cue_subject_intent else None
        self.cue_refusal = re.compile(rf"(?<!\w)(?:{'|'.join(pack.cue_subject_refusal)})\s*$") \
            if pack.cue_subject_refusal else None

    def read(self, orig: str, *, count: bool = False, year: int | None = None) -> list[Attribution]:
        """The act of the (normalized, clean) sentence `orig` that states a position, if any
        (`count`: read for a number question)."""
        if not self.verbs:
            return []
        s = lower(orig)
        verb = self.verbs.search(s)
        if not verb:
            return []
        return self._by_subject(orig, s, verb.start(), verb.end(), count=count, year=year)

    def changed(self, s: str, att: Attribution) -> str | None:
        """What an act that changes a figure changed, as written up to the figure's "to",
        "from" or "by" ("cut Fjordline's ban" of "cut Fjordline's ban to 16 months"); "" when
        that cannot be read or no level is named ("to ..."), None for another act."""
        if not (self.changing and self.changing.fullmatch(att.verb)):
            return None
        if not (self.change_level and self.change_level.search(s, *att.content)):
            return ""  # "reduced the ban by eight months": by how much, not to what
        m = self.change_object.match(s, att.content[0]) if self.change_object else None
        return m.group(0) if m else ""

    def read_cue(self, orig: str, at: int, prev: str = "", year: int | None = None) -> list[Attribution]:
        """A cue whose first word is the verb of an actor named right before it, with no verb of
        saying: "Rusk conceded on Thursday", "the council now backs the offer", "the agency
        refused to give way". The clause's subject is the one who takes the position; nothing
        but a few adverbs, a day or "both"/"all" between them (`cue_subject_gap`)."""
        if not self.cue_gap:
            return []
        s = lower(orig)
        end = re.match(r"[\w'-]*", s[at:]).end() + at
        if self.not_a_verb and self.not_a_verb.fullmatch(s[at:end]):
            return []  # "the club will repay", "the ministry has an LRAD": a modal or a state is no act
        return self._by_subject(orig, s, at, end, prev=prev, year=year, read_subject=self._cue_subject)

    @staticmethod
    def _names_back(orig, s, first, actor, mentions, c_start) -> str:
        """The clause before `first` and the actor's own names just before it ("the outgoing
        governor Halvard Rusk": only capitalized words between them)."""
        head = first.start
        for m in sorted((m for m in mentions if c_start <= m.start and m.end <= head), key=lambda m: -m.start):
            if m.actor != actor or not all(w[:1].isupper() for w in orig[m.end:head].split()):
                break
            head = m.start
        return s[c_start:head]

    def _cue_subject(self, orig, s, subject, actor, mentions, c_start, v_start):
        """Who takes a cue act's position, where its content starts and what stands between
        them and its verb: those named with the subject ("Rusk and the council now back"), the
        subject opening its clause, a negation read with the cue; None when it is no cue act."""
        group = self.speakers.joined_before(s, subject, mentions)
        actors = list(dict.fromkeys([m.actor for m in group[:-1] if m.actor] + [actor]))
        if len(group) > 1 and len(actors) < len(group):
            return None  # one of those joined is no actor of the story: whose act is it?
        if not self.cue_lead.fullmatch(self._names_back(orig, s, group[0], actor, mentions, c_start)):
            # the subject opens its clause, after an opener and its comma at most: not "A
            # ruling could see the court overturn ...", "Should Rusk concede, ...", "In 2020 Rusk ..."
            return None
        # the rest of the actor's name ("the Administrative Court *of Calvorne* refused ...")
        tail = _NAME_TAIL.match(orig, subject.end, v_start)
        base = tail.end() if tail else subject.end
        start, between = v_start, s[base:v_start]
        if self.cue_refusal and (refused := self.cue_refusal.search(between)):
            # "the court refused the request to suspend the app": read as the cue negated
            start, between = base + refused.start(), between[:refused.start()]
        elif self.cue_intent and (intent := self.cue_intent.search(between)):
            between = between[:intent.start()]  # "the court agreed to suspend the app": the act is the cue's
            if self.cue_negation and self.cue_negation.search(between):
                return None  # "has not voted to terminate": not yet, which says no side
        if self.cue_negation and (neg := self.cue_negation.search(between)):
            # "Rusk has not conceded": the negation is read with the cue, as in a saying
            start, between = base + neg.start(), between[:neg.start()] + " " + between[neg.end():]
        if not self.cue_gap.fullmatch(between):
            return None  # "Rusk's lawyers conceded", "the commission's decision to order ..."
        return group, actors, start, between

    def _by_subject(self, orig, s, v_start, v_end, *, count=False, prev=None, year=None,
                    read_subject=None) -> list[Attribution]:
        """The act whose verb is s[v_start:v_end], by the actor named as its subject (a
        pronoun too, when `prev`, the sentence before, is given: "She conceded"). `year`: the
        report's; an act its clause dates to a year before ("in 2019") is no news of now.
        `read_subject`: how a cue act reads its subject (`_cue_subject`); an official act's is
        the subject alone, right before its verb."""
        if any(a < v_start < b for a, b in ((q.start(), q.end()) for q in QUOTE.finditer(s))):
            return []
        if self.elsewhen and self.elsewhen.search(s):
            return []  # "last year the directorate ordered ...": another time's act
        sp = self.speakers
        c_start, c_end = sp.clause_at(s, v_start)
        if self.dateline and (d := self.dateline.match(orig)) and c_start < d.end() <= v_start:
            c_start = d.end()  # "KALLENBURG, Feb 24 (ONA) - The Bank of Ostrevia raised ...": the wire's dateline is no lead
        if year and any(int(y) < year for y in _YEAR.findall(s, 0, c_end)):
            return []  # (an opener too: "Back in 2019, the ministry opposed ...")
        mentions = sp.names.mentions(orig, s)
        subject = sp.subject_at(s, mentions, v_start, c_start)
        if subject is None or (subject.kind == "pronoun" and prev is None) or sp.names.is_object(s, subject):
            return []
        actor = subject.actor or (sp.stands_for(s, subject, prev, mentions) if subject.kind == "pronoun"
                                  else sp.names.owner_of(subject) if subject.kind == "generic" else None)
        if not actor:
            return []
        read = read_subject(orig, s, subject, actor, mentions, c_start, v_start) if read_subject \
            else ([subject], [actor], v_start, s[subject.end:v_start])
        if read is None:
            return []
        group, actors, start, between = read
        lead = s[c_start:group[0].start]
        if count and self.changing and self.changing.fullmatch(s[v_start:v_end]) and (comma := lead.rfind(", ")) >= 0 \
                and self.opening and self.opening.search(lead[:comma]) and self._lead.fullmatch(lead[comma + 2:]):
            # "Three weeks after the currency began to slide, the bank raised its rate to 5.5 per cent":
            # the clause of when before the comma is no part of the act, the main clause is after it
            lead = lead[comma + 2:]
        if not self._lead.fullmatch(lead) or (self.opening and self.opening.search(lead)):
            return []  # the act of a subordinate clause, or a condition's
        if _RECALLED.search(between) or _PUNCT.search(between) \
                or any(rx and rx.search(between) for rx in (self.not_yet, self.negation)):
            return []  # "had ordered", "is expected to", "has not voted", "was detained by", "X, which ..., ordered"
        verb = s[v_start:v_end]
        content = (start, c_end)
        hole = None  # "... on Tuesday after its inspectors found cracks, bringing ...": the reason is no part of it
        sub = sp.subordinate.search(s, v_end, c_end) if sp.subordinate else None
        if sub:
            comma = _COMMA.search(s, sub.end(), c_end)
            hole = (sub.start(), comma.end() if comma else c_end)
        if count:
            # a count: the one that remains ("cleared two of the five, leaving three out of
            # service", "detained two more, so three are now out"); none from a release or an
            # increment alone ("cleared two", "detained two more")
            rest = self.remainder.search(s, v_end, c_end) if self.remainder else None
            if rest:
                content, hole = (rest.start(), c_end), None
            elif (self.release and self.release.fullmatch(verb)) or (
                    self.increment and self.increment.search(s, *content)):
                return []
        att = Attribution(actors, content, verb, who=" and ".join(m.text for m in group), act=True)
        att.gap = hole
        return [att]

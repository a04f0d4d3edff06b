"""rules/2's answers: a statement that is only a yes or no ("No.", "Absolutely not.",
"They are.", "With what we know today, no.", "No, not at all.") takes its position from the question it
answers, put in the same sentence ("Asked whether the ships were safe, Hagen said: 'They
are.'") or in the line before it ("PRESENTER: Are the ships safe?" / "HAGEN: They are."): the
question's cue, turned by a no. An answer that opens with a figure ("One, the Skarvoy, ...")
to a question that asks how many gives that count.

An excerpt whose sentence is the question reads the answer after it (`reply`): the
interviewer's question holds the keywords, the answer often none, and then no excerpt has
the answer as its own sentence."""
import re

from ingest.lang import LanguagePack

from .names import words

_WORDS = re.compile(r"[\w']+")
DASH = re.compile(r"\s*[-\u2013\u2014]+\s+")  # "Is it safe? - LUNDEN: It is too early to say."
_OPENING = re.compile(r"[\s\"'(]*")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_AFTER_COUNT = re.compile(r"\s*(?:[,.;!\"]|$)")
FLIP = {"affirm": "deny", "deny": "affirm"}


class Answers:
    def __init__(self, pack: LanguagePack, attribution: re.Pattern | None):
        self.yes = words(pack.answer_yes)
        self.no = words(pack.answer_no)
        self.asked = words(pack.asked)
        self.attribution = attribution
        self.how_many = words(pack.how_many)
        # (as a count's noun asks it too: "The final figure for homes lost?")
        self.count_asked = words(pack.how_many + pack.how_many_nouns)
        self.auxiliary = set(pack.auxiliary)
        self.negation = words(pack.negation)
        self.clause_break = words(pack.clause_break)
        # after a label, and a name it is put to ("PRESENTER: Erik Lunden, are they safe?")
        self.aux_first = re.compile(rf"(?:[^:?]*:\s*)?(?:[\w.'\-]+(?:\s+[\w.'\-]+){{0,3}},\s*)?"
                                    rf"((?:{'|'.join(pack.auxiliary)}))\s+([^?]+)\?") if pack.auxiliary else None

    def answer(self, c: str) -> bool | None:
        """True for a yes, False for a no, None for a statement of its own (`c` lower case)."""
        if not (self.yes and self.no):
            return None
        text = " ".join(_WORDS.findall(c))
        verb = self.attribution.match(text) if self.attribution else None
        if verb:  # "said no", "replied: 'Absolutely not.'"
            text = text[verb.end():].removeprefix(" that").strip()
        if self.no.fullmatch(text):
            return False
        if self.yes.fullmatch(text):
            return True
        # "With what we know today, no.": a short lead, then a yes or no of a word or two
        # (not "..., they are", a clause of its own)
        lead, comma, last = c.rpartition(",")
        last_words = _WORDS.findall(last)
        if comma and len(_WORDS.findall(lead)) <= 6 and 0 < len(last_words) <= 2 \
                and last_words[-1] not in self.auxiliary:
            last = " ".join(last_words)
            if self.no.fullmatch(last):
                return False
            if self.yes.fullmatch(last):
                return True
        # "No, not at all.", "Yes, from Monday.": a yes or no, then a few words that go with it
        # (not "Yes, but ...": a hedge is the content's own)
        first, comma, rest = c.partition(",")
        first = " ".join(_WORDS.findall(first))
        if comma and len(_WORDS.findall(rest)) <= 6 and not (self.clause_break and self.clause_break.search(rest)):
            if self.no.fullmatch(first):
                return False
            if self.yes.fullmatch(first):
                return True
        return None

    def question(self, s: str, before: int, prev: str) -> str | None:
        """The question answered: "asked whether <it>," before the answer in `s`, else the
        line before when it is a question ("Will you cancel the contract?")."""
        if self.asked:
            m = self.asked.search(s, 0, before)
            if m:
                return re.split(r"[,;:]", s[m.end():before])[0]
        prev = prev.rstrip()
        return prev if prev.endswith("?") else None

    def _direct(self, positions, q, asked, att):
        """A direct question in the order of a statement: "Are the other two safe?" is tried as
        "the other two are safe" (the verb after each of the next few words)."""
        last = _SENTENCE_END.split(asked.strip())[-1]  # the question itself, after what it puts
        m = self.aux_first.match(last) if self.aux_first else None
        if not m:
            return None
        rest = m.group(2).split()
        for i in range(1, min(len(rest), 6)):
            st = positions.stance(q, " ".join(rest[:i] + [m.group(1)] + rest[i:]), att)
            if st:
                return st
        return None

    def stance(self, positions, q, c, s, a, prev, att) -> tuple[str, float, str] | None:
        """(position, confidence, cue) of a yes or no in `c` (s[a:...]) to the question put; a
        yes of one part and a no of another ("These two are. The other three are not.") is
        partial."""
        yes = "partial" if self.split(c) else self.answer(c)
        if yes is None:
            return None
        asked = self.question(s, a, prev)
        if not asked:
            return None
        st = positions.stance(q, asked, att) or self._direct(positions, q, asked, att)
        if not st or st[0] not in FLIP:
            return None
        position, _, cue = st
        if yes == "partial":
            return "partial", 0.5, f"yes and no to {cue}"
        return (position if yes else FLIP[position]), 0.55, f"{'yes' if yes else 'no'} to {cue}"

    def split(self, c: str) -> bool:
        """Whether `c` is two or three short answers of a sentence each, a yes and a no among
        them ("These two are. The other three are not.", "In the city, yes. Elsewhere, no.")."""
        parts = [p for p in _SENTENCE_END.split(c.strip()) if _WORDS.search(p)]
        if not 2 <= len(parts) <= 3:
            return False
        said = set()
        for p in parts:
            yes = self.answer(p)
            if yes is None:
                yes = self._elliptic(p)
            if yes is None:
                return False
            said.add(yes)
        return said == {True, False}

    def _elliptic(self, p: str) -> bool | None:
        """A short answer that ends on its auxiliary, the verb left out: "These two are." (yes),
        "The other three are not." (no); None for anything else."""
        w = _WORDS.findall(p.lower())
        if not 2 <= len(w) <= 6:
            return None
        if w[-1] in self.auxiliary:
            return True
        if self.negation and self.negation.fullmatch(w[-1]) and (w[-2] in self.auxiliary or "'" in w[-1]):
            return False  # "are not", "aren't"
        return None

    def count(self, figures, q, c: str, prev: str) -> tuple[float, float | None, float] | None:
        """(value, value_high, confidence) of an answer that opens with a figure ("One, the
        Skarvoy, and it stays in port", "About 6,000.", "Two ferries.") to the line before when
        it asks how many of what the question counts ("How many ships are out of service?", "The
        final figure for ships out of service?")."""
        prev = prev.rstrip(' "')
        if not (self.count_asked and prev.endswith("?") and self.count_asked.search(prev)
                and (q.keywords is None or q.keywords.search(prev))):
            return None
        at = _OPENING.match(c).end()
        approx = figures.approximate.match(c, at) if figures.approximate else None
        if approx:
            at = _OPENING.match(c, approx.end()).end()
        m = figures.figure_rx.match(c, at)
        if not m or m.group("mult"):
            return None  # "a million": a scale is the figure reader's to weigh
        value, _ = figures.number(m)
        unit = q.unit_rules
        if value is None or (unit and unit.scale != 1.0):
            return None
        high, end = None, m.end()
        tail = figures.range_tail.match(c, end)
        if tail and not tail.group("mult"):
            hv, tail_end = figures.number(tail)  # "ten a night": "a" is no part of it
            if hv is not None and hv > value:
                high, end = hv, tail_end
        # the figure is the answer's head: what it counts follows, or nothing ("One, the Skarvoy"),
        # or the question's own words ("Eight, perhaps ten a night")
        if not (_AFTER_COUNT.match(c, end) or (unit and unit.rx.match(c, end))
                or (q.keywords and q.keywords.match(c, _OPENING.match(c, end).end()))):
            return None
        return value, high, 0.55 if not approx else 0.5

    def counter(self, figures, q, c: str, prev: str) -> tuple[float, float | None, float] | None:
        """(value, value_high, confidence) of an answer's figure, its unit unsaid, to a question
        that puts a figure of the count ("The city offers ten flights a night. Can you live with
        that?" / "We can live with twelve."): the answer's figure is its counter-offer."""
        prev = prev.rstrip(' "')
        if not prev.endswith("?") or not figures.figure(q, prev):
            return None
        if self._elliptic(_SENTENCE_END.split(c.strip())[0]) is not None:
            return None  # "Was it as clear as that?" / "For those 161 it was.": a yes to what was put, no figure of its own
        fig = figures.figure(q, c, bare=True)
        return (fig[0], fig[1], min(fig[2], 0.5)) if fig else None

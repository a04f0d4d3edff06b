"""rules/2's yes and no: a statement that is only an answer ("No.", "Absolutely not.",
"They are.") takes its position from the question it answers, put in the same sentence
("Asked whether the ships were safe, Hagen said: 'They are.'") or in the line before it
("PRESENTER: Are the ships safe?" / "HAGEN: They are."): the question's cue, turned by a no."""
import re

from ingest.lang import LanguagePack

from .names import words

_WORDS = re.compile(r"[\w']+")
FLIP = {"affirm": "deny", "deny": "affirm"}


class Answers:
    def __init__(self, pack: LanguagePack, attribution: re.Pattern | None):
        self.yes = words(pack.answer_yes)
        self.no = words(pack.answer_no)
        self.asked = words(pack.asked)
        self.attribution = attribution
        self.aux_first = re.compile(rf"(?:[^:?]*:\s*)?((?:{'|'.join(pack.auxiliary)}))\s+([^?]+)\?") \
            if pack.auxiliary else None

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
        m = self.aux_first.match(asked) if self.aux_first else None
        if not m:
            return None
        rest = m.group(2).split()
        for i in range(1, min(len(rest), 6)):
            st = positions.stance(q, " ".join(rest[:i] + [m.group(1)] + rest[i:]), att)
            if st:
                return st
        return None

    def stance(self, positions, q, c, s, a, prev, att) -> tuple[str, float, str] | None:
        """(position, confidence, cue) of a yes or no in `c` (s[a:...]) to the question put."""
        yes = self.answer(c)
        if yes is None:
            return None
        asked = self.question(s, a, prev)
        if not asked:
            return None
        st = positions.stance(q, asked, att) or self._direct(positions, q, asked, att)
        if not st or st[0] not in FLIP:
            return None
        position, _, cue = st
        return (position if yes else FLIP[position]), 0.55, f"{'yes' if yes else 'no'} to {cue}"

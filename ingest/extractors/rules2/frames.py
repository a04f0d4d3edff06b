"""A position read from the frame around a question's keyword, where none of its cues, its
proposal nor its claim says anything: the writer's paraphrase ("the families oppose any lift
running this season", "there is no reason to keep the exemption") still backs, opposes or
finds no grounds for the thing the question's own keywords name.

Backing and opposing answer only a question of what ought to be ("Should ...?"): "backed
the inquiry" says nothing of whether the inquiry found fault. Finding no grounds ("no
evidence that", "no reason to") answers any stance question.

Read only where the side cannot be turned: not where a word undoes a thing, in the question
as put or in the frame's words (the pack's `proposal_undoing`, its nouns too: "closure",
"revocation"). Opposing the ban answers "Should the ban be lifted?" with a yes, but turning
the side by such words was wrong as often as right on the dev stories (an undoing the pack
does not know, "clear the occupation", "take away", turns it the wrong way). Nor where the
frame's words hold an act neither kept nor undone ("fight any attempt to carve out small
firms"), a figure ("called for a fine of 100 million": how much), another question's keyword,
or a negation. Read last, with less confidence than any cue."""
import re

from ingest.lang import LanguagePack

_WORD = re.compile(r"[a-z]+")
_REST = re.compile(r"[\w'-]*")
_FIGURE = re.compile(r"\d")


class Frames:
    def __init__(self, pack: LanguagePack):
        self.lemma = pack.lemma
        self.verb_of = getattr(pack.lemma, "verb_of", None)
        self.undoing = frozenset(pack.proposal_undoing)
        self.keeping = frozenset(pack.proposal_keeping + pack.proposal_bringing)
        self.undoing_nouns = frozenset(n for v, nouns in pack.proposal_nouns.items() if v in self.undoing for n in nouns)
        self.normative = re.compile(rf"(?:{'|'.join(pack.position_normative_question)})(?!\w)", re.IGNORECASE) \
            if pack.position_normative_question else None
        # the words between the frame and the keyword: no negation, no clause of its own, no condition
        stop = "|".join(pack.negation + pack.conditional + pack.relative + pack.complementizer + pack.clause_break
                        + pack.frame_stops)
        gap = rf"(?:(?!(?:{stop})(?![\w'-]))[\w'-]+\s+){{0,{pack.frame_reach}}}?"
        backing, opposing, unfounded = ("|".join(p) for p in (pack.proposal_support, pack.proposal_opposition,
                                                                 pack.frame_unfounded))
        self.enabled = bool(self.lemma and backing and opposing and unfounded and stop)
        self.ought = rf"(?<![\w'-])(?:(?P<backs>{backing})|(?P<opposes>{opposing})|(?P<unfounded>{unfounded}))\s+(?P<gap>{gap})" \
            if self.enabled else None
        self.finding = rf"(?<![\w'-])(?P<unfounded>{unfounded})\s+(?P<gap>{gap})" if self.enabled else None
        # the words after the keyword that belong to its phrase ("lifting the ban on night flights")
        self.after = re.compile(rf"(?:\s+(?!(?:{stop})(?![\w'-]))[\w'-]+){{0,3}}") if stop else None
        self.infinitive = frozenset(pack.frame_infinitive)
        self.not_gerund = frozenset(w for w in pack.proposal_not_gerund if w.isalpha())
        self._compiled: dict[tuple[str, str], re.Pattern] = {}
        self._turns: dict[str, bool] = {}

    def read(self, q, c: str) -> dict[str, re.Match]:
        """{position: the frame's match} for the question's keyword frame in `c`, the earliest
        one whose side is known; {} when there is none or it cannot be told."""
        if not (self.enabled and q.keywords and q.text):
            return {}
        if self._undoing(q.text):
            return {}
        for m in self._rx(q).finditer(c):
            end = m.end() + len(_REST.match(c, m.end()).group(0))  # the keyword's whole word ("rais" -> "raising")
            tail = self.after.match(c, end) if self.after else None
            phrase = m.group("gap") + c[m.start("keyword"):end] + (tail.group(0) if tail else "")
            if not self._known(_WORD.findall(m.group("gap"))):
                continue
            if _FIGURE.search(phrase):
                continue  # "called for a fine of 100 million": how much, a number question's or none
            if q.others and q.others.search(phrase):
                return {}  # "oppose any move to strip the Lifts of their concession": which question's?
            if any(self._undoes(w) for w in _WORD.findall(phrase)):
                return {}  # "wants the branch closed": a side turned
            return {"affirm" if m.group("backs") else "deny": m}
        return {}

    def _rx(self, q) -> re.Pattern:
        kind = "ought" if self.normative and self.normative.match(q.text) else "finding"
        key = (q.key, kind)
        if key not in self._compiled:
            frame = self.ought if kind == "ought" else self.finding
            self._compiled[key] = re.compile(rf"{frame}(?P<keyword>{q.keywords.pattern})")
        return self._compiled[key]

    def _undoing(self, text: str) -> bool:
        """A word of the question as put undoes a thing ("Should the ban be lifted?")."""
        if text not in self._turns:
            self._turns[text] = any(self._undoes(w) for w in _WORD.findall(text.lower()))
        return self._turns[text]

    def _undoes(self, word: str) -> bool:
        if word in self.undoing_nouns:
            return True
        base = self.lemma(word, "is")  # (an -ing form too: "lifting")
        if base in self.undoing:
            return True
        return bool(self.verb_of and len(word) > 5 and self.verb_of(word) in self.undoing)  # "closure", "removal"

    def _known(self, gap: list[str]) -> bool:
        """Whether each act in the frame's words is one that keeps the thing ("to keep",
        "extending"): any other ("to carve", "cutting") may turn the side."""
        for before, word in zip([""] + gap, gap):
            if before in self.infinitive or (word.endswith("ing") and len(word) > 5 and word not in self.not_gerund):
                if self.lemma(word, "is") not in self.keeping:
                    return False
        return True

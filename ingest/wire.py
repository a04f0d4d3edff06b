"""Wire copies: one sentence carried by several outlets.

A sentence of another article of the same day whose normalized text has a
rapidfuzz `ratio` of at least WIRE_RATIO with an excerpt's sentence is the same sentence,
carried by one more outlet. 92 takes agency copies that an outlet lightly edited
(punctuation, a changed word or two in a 150-character sentence: about 96-99) and keeps apart
two outlets' own sentences on one statement, which differ in more than a tenth of their
letters (usually 60-85).
"""
import re
from collections import OrderedDict
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from .lang.script import fold

WIRE_RATIO = 92.0
_SPACES = re.compile(r"\s+")


def normalize(sentence: str) -> str:
    # Folded: a copy printed in the other script, or without diacritics, is the same sentence.
    return _SPACES.sub(" ", fold(sentence)).strip().lower()


@dataclass
class WireEntry:
    """An excerpt the wire index knows: saved (`excerpt_id`) or about to be (`pending`)."""

    article_id: int
    outlets: list[str]
    excerpt_id: int | None = None
    pending: object = None
    copies: set = field(default_factory=set)  # article ids added by this run


ANCHORS = 3
_TOKEN = re.compile(r"\w+")


def anchors(norm: str) -> list[str]:
    """The sentence's longest words: a copy that keeps 92% of the letters keeps at least one
    of them, so only sentences sharing one are compared (a day of a busy story holds
    thousands of excerpts; comparing each new one with all of them would not scale)."""
    # Longest first, alphabetical among equally long ones: sorted alphabetically, then by
    # length (a stable sort, reverse too), with no Python key function per word.
    return sorted(sorted(set(_TOKEN.findall(norm))), key=len, reverse=True)[:ANCHORS]


_last: list = [None, None]  # the sentence read last, and (its normalized text, its anchors)


def _read(sentence: str) -> tuple[str, list[str]]:
    """normalize(sentence) and its anchors; the command looks a new sentence up and then adds
    it, so the last one is kept."""
    if _last[0] != sentence:
        norm = normalize(sentence)
        _last[:] = [sentence, (norm, anchors(norm))]
    return _last[1]


class WireIndex:
    """The excerpts of recent days, to find wire copies. Days are loaded on demand (`load`)
    and the least recently used are dropped, so memory stays flat on a long file."""

    def __init__(self, load, *, days: int = 16):
        self._load = load  # day -> iterable of (sentence, WireEntry)
        self._days: OrderedDict = OrderedDict()
        self._size = days

    def _day(self, day):
        if day in self._days:
            self._days.move_to_end(day)
            return self._days[day]
        exact, texts, entries = {}, {}, []
        for sentence, entry in self._load(day):
            self._add(exact, texts, entries, sentence, entry)
        self._days[day] = (exact, texts, entries)
        while len(self._days) > self._size:
            self._days.popitem(last=False)
        return self._days[day]

    @staticmethod
    def _add(exact, by_anchor, entries, sentence, entry):
        norm, words = _read(sentence)
        exact.setdefault(norm, entry)
        entries.append((norm, entry))
        for anchor in words:
            by_anchor.setdefault(anchor, []).append(len(entries) - 1)

    def find(self, day, sentence: str, *, article_id: int) -> WireEntry | None:
        """The excerpt of another article of `day` whose sentence is (nearly) this one."""
        exact, by_anchor, entries = self._day(day)
        norm, words = _read(sentence)
        entry = exact.get(norm)
        if entry is not None and entry.article_id != article_id:
            return entry
        candidates = sorted({i for anchor in words for i in by_anchor.get(anchor, ())})
        if not candidates:
            return None
        # The first candidate (in the order they were added) at WIRE_RATIO or more: compared
        # in C (rapidfuzz skips a None choice: the article's own sentences).
        choices = [text if entry.article_id != article_id else None for text, entry in map(entries.__getitem__, candidates)]
        for _text, _score, k in process.extract_iter(norm, choices, scorer=fuzz.ratio, processor=None,
                                                      score_cutoff=WIRE_RATIO):
            return entries[candidates[k]][1]
        return None

    def add(self, day, sentence: str, entry: WireEntry) -> None:
        exact, texts, entries = self._day(day)
        self._add(exact, texts, entries, sentence, entry)

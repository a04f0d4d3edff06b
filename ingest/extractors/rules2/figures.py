"""rules/2's figures: the number a statement gives, with its unit nearby; ranges ("between
2,500 and 3,000", "275,000-325,000") give a low and a high figure; "nearly", "more than" keep
the figure with less confidence; "tens of thousands" is none; a year, a percentage, a refuted
figure ("2,400, not 4,200") and a figure of another year are skipped."""
import re

from ingest.lang import LanguagePack

from ..rules import QuestionRules
from .names import words


class Figures:
    def __init__(self, pack: LanguagePack):
        self.vague = words(pack.vague_amount)
        self.elsewhen = words(pack.elsewhen)
        self.approximate = words(pack.approximate)
        self.not_a_figure = re.compile(rf"\s*(?:{'|'.join(pack.not_a_figure)})(?!\w)", re.IGNORECASE) \
            if pack.not_a_figure else None
        self.refuted = re.compile(rf"(?<!\w)(?:{'|'.join(pack.refuted)})\s*$", re.IGNORECASE) if pack.refuted else None
        self.range_from = re.compile(rf"(?<!\w)(?:{'|'.join(pack.range_from)})\s+$", re.IGNORECASE) \
            if pack.range_from else None
        mult = {**{w: 1e3 for w in pack.thousand}, **{w: 1e6 for w in pack.million}, **{w: 1e9 for w in pack.billion}}
        self.multipliers = [(re.compile(rf"^(?:{w})$", re.IGNORECASE), v) for w, v in mult.items()]
        mult_rx = "|".join(pack.thousand + pack.million + pack.billion) or "(?!x)x"
        fig = r"\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?!\d)|\d+(?:[.,]\d+)?"
        self.figure_rx = re.compile(rf"(?<![\w.,])({fig})(?:\s*({mult_rx})(?!\w))?", re.IGNORECASE)
        joins = "|".join(re.escape(j) if len(j) == 1 else rf"\s{j}\s" for j in pack.range_join) or "(?!x)x"
        self.range_tail = re.compile(rf"\s*(?:{joins})\s*({fig})(?:\s*({mult_rx})(?!\w))?", re.IGNORECASE)
        self.range_open = re.compile(rf"(?:{'|'.join(pack.range_open)})\s+$", re.IGNORECASE) if pack.range_open else None
        spelt = sorted(pack.number_words, key=len, reverse=True)
        spelt_rx = "|".join(re.escape(w) for w in spelt)
        # "two hundred thousand", "twenty-five thousand": two number words before the multiplier
        self.number_word = re.compile(
            rf"(?<!\w)({spelt_rx})(?:[\s-]+({spelt_rx}))?\s+({mult_rx})(?!\w)", re.IGNORECASE) if spelt else None
        self.number_words = {w.lower(): v for w, v in pack.number_words.items()}

    def figure(self, q: QuestionRules, c: str, *, bare: bool = False) -> tuple[float, float | None, float] | None:
        """(value, value_high, confidence) of the figure the content gives. `bare`: the unit
        was named in the sentence's other clause ("the union says 1,300 jobs; Kestrel says
        800"), so a figure without it counts."""
        best = None
        for m in self.figure_rx.finditer(c):
            value = _parse_number(m.group(1))
            if value is None:
                continue
            if m.group(2):
                value *= self._multiplier(m.group(2))
            elif re.fullmatch(r"\d{4}", m.group(1)) and 1900 <= value <= 2100:
                continue  # a year
            if self.not_a_figure and self.not_a_figure.match(c, m.end()):
                continue  # "8 percent"
            if self.refuted and self.refuted.search(c[max(0, m.start() - 16):m.start()].rstrip(", ")):
                continue  # "2,400, not 4,200": the figure the speaker refutes
            high, end = None, m.end()
            tail = self.range_tail.match(c, m.end())
            opener = self.range_open.search(c[max(0, m.start() - 20):m.start()]) if self.range_open else None
            if tail and self.range_from and self.range_from.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "from 8,000 to 14,000": the figure it went to follows
            if tail and (opener or not re.match(r"\s+and\s", c[m.end():m.end() + 6])):
                hv = _parse_number(tail.group(1))
                if hv is not None:
                    if tail.group(2):
                        hv *= self._multiplier(tail.group(2))
                        if not m.group(2) and value < hv / 100:
                            value *= self._multiplier(tail.group(2))
                    if hv > value:
                        high, end = hv, tail.end()
            with_unit = bool(q.unit and q.unit.match(c, end))
            if not with_unit and not m.group(2) and value < (10 if bare else 1000):
                continue
            conf = 0.8 if with_unit else 0.55
            if self.approximate and self.approximate.search(c[max(0, m.start() - 25):m.start()]):
                conf -= 0.05
            candidate = (value, high, conf)
            if with_unit:
                return candidate
            best = best or candidate
        if best is None and self.number_word:
            for m in self.number_word.finditer(c):
                base = _spelt(self.number_words.get(m.group(1).lower()),
                              self.number_words.get(m.group(2).lower()) if m.group(2) else None)
                if base is None:
                    continue
                value = base * self._multiplier(m.group(3))
                if self.vague and self.vague.search(c[max(0, m.start() - 12):m.end() + 4]):
                    continue
                with_unit = bool(q.unit and q.unit.match(c, m.end()))
                return value, None, 0.7 if with_unit else 0.5
        return best

    def _multiplier(self, word: str) -> float:
        for pattern, value in self.multipliers:
            if pattern.match(word):
                return value
        return 1.0




def _spelt(first: float | None, second: float | None) -> float | None:
    """The number two spelt words make: "two hundred" 200, "twenty-five" 25, "a" alone 1."""
    if first is None or second is None:
        return first if second is None else None
    if second == 100 and first < 10:
        return first * 100
    if first >= 20 and first % 10 == 0 and second < 10:
        return first + second
    return None


def _parse_number(text: str) -> float | None:
    groups = re.split(r"[,.\u00a0\u202f ]", text)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        return float("".join(groups))
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None

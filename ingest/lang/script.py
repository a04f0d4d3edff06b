"""Scripts and diacritics of Serbian: one matching form for Cyrillic and Latin text.

Serbian is written in two scripts that map letter for letter (Gaj's Latin alphabet has a
letter or digraph for each of the 30 Cyrillic letters), and Latin text is often typed
without diacritics ("Vucic" for "Vučić"). To match a story's aliases, keywords and cues
against any of these, both the text and the story's regexes are brought to one *matching
form* (`fold`): Cyrillic becomes Latin, then č and ć become c, š s, ž z, and đ — which is
typed "dj" or just "d" without diacritics — becomes d (so "dj" becomes d too). Matching
happens on that form only; what is stored and shown (an excerpt, a record's quote) keeps
the text's own script.

`to_latin` is lossless: `to_cyrillic(to_latin(text)) == text` for Serbian Cyrillic text.
The way back needs to know where a Latin digraph (lj, nj, dž) is two letters, as in
"injekcija" (инјекција) or "nadživeti" (надживети): a short list of such word parts is kept.
"""
import re

_CYR_TO_LAT = {
    "А": "A", "Б": "B", "В": "V", "Г": "G", "Д": "D", "Ђ": "Đ", "Е": "E", "Ж": "Ž", "З": "Z",
    "И": "I", "Ј": "J", "К": "K", "Л": "L", "Љ": "Lj", "М": "M", "Н": "N", "Њ": "Nj", "О": "O",
    "П": "P", "Р": "R", "С": "S", "Т": "T", "Ћ": "Ć", "У": "U", "Ф": "F", "Х": "H", "Ц": "C",
    "Ч": "Č", "Џ": "Dž", "Ш": "Š",
}
_CYR_TO_LAT.update({c.lower(): l.lower() for c, l in list(_CYR_TO_LAT.items())})
_LAT_TO_CYR = {l: c for c, l in _CYR_TO_LAT.items()}
_LAT_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ", "Lj": "Љ", "Nj": "Њ", "Dž": "Џ", "LJ": "Љ", "NJ": "Њ", "DŽ": "Џ"}
# Word parts where a Latin digraph is two Cyrillic letters (a prefix ending in n/d/l before
# j or ž). Lower case; matched at any case inside a word.
_SPLIT_DIGRAPHS = ("injekc", "konjunk", "konjug", "vanjezi", "tanjir", "nadživ", "nadžnj", "podžanr",
                   "odžal", "nadžak")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_UPPER_DIGRAPH = re.compile(r"[ЉЊЏ]")


def has_cyrillic(text: str) -> bool:
    return bool(_CYRILLIC.search(text))


def to_latin(text: str) -> str:
    """Serbian Cyrillic to Gaj's Latin, letter for letter; other characters unchanged. A
    capital Љ, Њ, Џ inside a word in capitals becomes LJ, NJ, DŽ (else Lj, Nj, Dž)."""
    if not has_cyrillic(text):
        return text
    out = []
    for i, ch in enumerate(text):
        latin = _CYR_TO_LAT.get(ch)
        if latin is None:
            out.append(ch)
        elif len(latin) == 2 and ch.isupper() and _all_caps_around(text, i):
            out.append(latin.upper())
        else:
            out.append(latin)
    return "".join(out)


def _all_caps_around(text: str, i: int) -> bool:
    nxt = text[i + 1] if i + 1 < len(text) else ""
    prev = text[i - 1] if i > 0 else ""
    if nxt.isalpha():
        return nxt.isupper()
    return prev.isalpha() and prev.isupper()


def to_cyrillic(text: str) -> str:
    """Gaj's Latin to Serbian Cyrillic: digraphs lj, nj, dž as one letter (except in the word
    parts listed above); letters with no Cyrillic counterpart (q, w, x, y) unchanged."""
    out, i, n = [], 0, len(text)
    lower = text.lower()
    split_at = set()
    for part in _SPLIT_DIGRAPHS:
        for m in re.finditer(re.escape(part), lower):
            d = m.start() + next(k for k in range(len(part) - 1) if part[k:k + 2] in ("nj", "lj", "dž"))
            split_at.add(d)
    while i < n:
        pair = text[i:i + 2]
        if i not in split_at and pair in _LAT_DIGRAPHS:
            out.append(_LAT_DIGRAPHS[pair])
            i += 2
            continue
        out.append(_LAT_TO_CYR.get(text[i], text[i]))
        i += 1
    return "".join(out)


_FOLD = str.maketrans({"č": "c", "ć": "c", "š": "s", "ž": "z", "đ": "d",
                       "Č": "C", "Ć": "C", "Š": "S", "Ž": "Z", "Đ": "D"})
_DJ = re.compile(r"(?<=[dD])[jJ]")


def fold(text: str) -> str:
    """The matching form: Latin script, no diacritics, đ / dj / d all as d. Case is kept (the
    regexes are matched case-insensitively, and a regex's \\B or \\W must stay as it is)."""
    if not text.isascii():
        text = to_latin(text).translate(_FOLD)
    return _DJ.sub("", text) if "j" in text or "J" in text else text


def fold_pattern(pattern: str) -> str:
    """A story's regex in the matching form: its letters folded as text is. A character class
    written for the diacritics ('Vu[cč]i[cć]') still works ('Vu[cc]i[cc]'), and a Cyrillic
    alias ('Вучић') matches Latin text and the other way round."""
    return fold(pattern)


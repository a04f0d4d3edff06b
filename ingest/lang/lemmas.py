"""Words folded to their base forms (lemmas), for cues a user writes in one form ("lose its
licence", "cancel the contract") that the articles write in another ("lost its licence",
"cancelled"). simplemma's tables ship in its wheel: nothing downloads at run time."""
import re
from functools import lru_cache
from typing import Callable

_WORD = re.compile(r"[a-z]+")


def lemmatizer(lang: str, keep=(), progressive=(), irregular=None) -> Callable[[str, str], str]:
    """A lower-case word's lemma in `lang` given the word before it, cached per word. Words in
    `keep` (auxiliaries the pack's other rules read as written: "was", "has") and short words
    stay as they are; so does an "-ing" form unless a word of `progressive` is before it ("is
    cancelling" is cancelling; "Shutting a furnace is how closures start", "did not deny
    owning" say no such thing)."""
    keep, progressive = frozenset(keep), frozenset(progressive)
    irregular = dict(irregular or {})  # where the tables go wrong ("gone" -> "gan")

    @lru_cache(maxsize=1 << 16)
    def lemma(word: str) -> str:
        if word in irregular:
            return irregular[word]
        if word in keep or len(word) < 4:
            return word
        import simplemma  # loaded only when a sentence is first folded

        base = simplemma.lemmatize(word, lang=lang).lower()
        if base.endswith("ll") and re.search(r"ll(?:ed|ing)$", word):
            # British doubling the tables keep ("cancelled" -> "cancell"), not "filled" -> "fil"
            single = simplemma.lemmatize(re.sub(r"ll(ed|ing)$", r"l\1", word), lang=lang).lower()
            base = single if single == base[:-1] else base
        return base if base.isalpha() else word

    def in_context(word: str, before: str) -> str:
        if word.endswith("ing") and before not in progressive:
            return word
        return lemma(word)

    @lru_cache(maxsize=1 << 12)
    def verb_of(noun: str) -> str | None:
        """The verb a noun of action is made from ("cancellation" -> "cancel", "revocation" ->
        "revoke", "closure" -> "close", "withdrawal" -> "withdraw"), or None: each likely stem
        is tried, and kept if the tables know it and read its -ed and -s forms back to it."""
        import simplemma

        if noun.endswith("ing"):
            base = lemma(noun)
            return base if base != noun else None
        for candidate in _nominal_stems(noun):
            if len(candidate) >= 3 and candidate != noun and simplemma.is_known(candidate, lang=lang) \
                    and lemma(candidate + ("d" if candidate.endswith("e") else "ed")) == candidate \
                    and lemma(candidate + ("es" if candidate.endswith(("s", "sh", "ch", "x")) else "s")) == candidate:
                return candidate
        return None

    in_context.cache_clear = lemma.cache_clear
    in_context.verb_of = verb_of
    return in_context


def _nominal_stems(noun: str) -> list[str]:
    """The verbs an English noun of action may come from, likeliest first."""
    if len(noun) < 7:
        return []  # "total", "nation": no noun of action
    if noun.endswith("ation"):
        stem = noun[:-5]
        return ([stem[:-1] + "ke"] if stem.endswith("c") else []) + [stem + "ate", stem + "e"] \
            + ([stem[:-1]] if len(stem) > 2 and stem[-1] == stem[-2] else []) + [stem]
    if noun.endswith("ition"):
        return [noun[:-5] + "ish", noun[:-3]]
    if noun.endswith("ssion"):
        return [noun[:-5] + "t", noun[:-3]]
    if noun.endswith("sion"):
        return [noun[:-4] + "d", noun[:-4] + "de", noun[:-3] + "e"]
    if noun.endswith("tion"):
        return [noun[:-4] + "e", noun[:-3], noun[:-3] + "e"]
    if noun.endswith("al"):
        return [noun[:-2], noun[:-2] + "e"]
    if noun.endswith("ure"):
        return [noun[:-3] + "e", noun[:-3]]
    if noun.endswith("ment"):
        return [noun[:-4]]
    return []


def fold_words(text: str, lemma: Callable[[str, str], str]) -> tuple[str, list[int], list[int]]:
    """`text` (lower case) with each word in its lemma, and for each offset of the folded text
    the offsets a match starting / ending there has in `text`."""
    out, starts, ends, at, before = [], [], [], 0, ""
    for m in _WORD.finditer(text):
        word = m.group(0)
        base, before = lemma(word, before), word
        if base == word:
            continue
        gap = text[at:m.start()]
        out.append(gap)
        starts.extend(range(at, m.start()))
        ends.extend(range(at, m.start()))
        out.append(base)
        starts.extend([m.start()] * len(base))
        ends.extend([m.start()] + [m.end()] * (len(base) - 1))
        at = m.end()
    out.append(text[at:])
    starts.extend(range(at, len(text) + 1))
    ends.extend(range(at, len(text) + 1))
    return "".join(out), starts, ends

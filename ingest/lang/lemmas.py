"""Words folded to their base forms (lemmas), for cues a user writes in one form ("lose its
licence", "cancel the contract") that the articles write in another ("lost its licence",
"cancelled"). simplemma's tables ship in its wheel: nothing downloads at run time."""
import re
from functools import lru_cache
from typing import Callable

_WORD = re.compile(r"[a-z]+")


def lemmatizer(lang: str, keep=(), progressive=()) -> Callable[[str, str], str]:
    """A lower-case word's lemma in `lang` given the word before it, cached per word. Words in
    `keep` (auxiliaries the pack's other rules read as written: "was", "has") and short words
    stay as they are; so does an "-ing" form unless a word of `progressive` is before it ("is
    cancelling" is cancelling; "Shutting a furnace is how closures start", "did not deny
    owning" say no such thing)."""
    keep, progressive = frozenset(keep), frozenset(progressive)

    @lru_cache(maxsize=1 << 16)
    def lemma(word: str) -> str:
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

    in_context.cache_clear = lemma.cache_clear
    return in_context


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

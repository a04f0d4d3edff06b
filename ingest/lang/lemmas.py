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


# A cue's literal word: letters between two edges of a regex (its start or end, a space, a
# group's bracket or "|", a "\b"), not after a backslash ("\bwas": "was"; "\s" is no word).
_PATTERN_WORD = re.compile(r"(?:(?<=\\b)|(?<=\\s)|(?<![\\a-z]))(?<!\(\?)([a-z]+)(\?)?(?=$|[ |)]|\\b|\\s|\.)")


def past_form(word: str, base: str) -> bool:
    """Whether `word`, of the base form `base`, is a verb's past or participle ("caused",
    "lost", "broken"): not a plural or a third person ("calls"), nor an "-ing" form."""
    return base != word and not word.endswith(("s", "ing"))


def tense_kept(lemma: Callable[[str, str], str], spelling: Callable[[str], str] | None = None, *,
               keep_past: bool = True) -> Callable[[str, str], str]:
    """`lemma` that leaves a past form as written: "calls" and "recommends" fold, "halted"
    does not, so a cue of a thing done ("halted production") is not met by one wanted ("to
    halt production"); then `spelling`, one spelling of the word's variants. Without
    `keep_past` every form folds: a cue's base form ("back the offer") meets "backed" there,
    and a past form kept in the cue meets no base form but after "did" (fold_pattern)."""
    spell = spelling or (lambda w: w)

    @lru_cache(maxsize=1 << 16)
    def fold(word: str, before: str) -> str:
        base = lemma(word, before)
        return spell(word if keep_past and past_form(word, base) else base)
    return fold


# British spellings and their American twins, read as one (the American): the endings
# that differ by rule, only long enough words ("four", "hour", "your" stay)
_SPELLINGS = [(re.compile(rx), repl) for rx, repl in [
    (r"(?<=[a-z]{2})is(e|es|ed|ing|ation|ations)$", r"iz\1"),  # organised, apologise, privatisation
    (r"(?<=[a-z]{2})ys(e|es|ed|ing)$", r"yz\1"),  # analysed, paralyse
    (r"(?<=[a-z]{2})our(s|ed|ing|ite|ites|able|er|ers)?$", r"or\1"),  # labour, favourite, harbours
    (r"(?<=[a-z]{2}[^aeiou])re(s)?$", r"er\1"),  # centre, metres, theatre, fibre
    (r"^(lic|def|off|pret)ence(s)?$", r"\1ense\2"),  # licence, defence, offence
    (r"(?<=[a-z]{3}[aeiou])ll(ed|ing|er|ers)$", r"l\1"),  # cancelled, travelling, modelled
    (r"(?<=[a-z]{3})ogue(s)?$", r"og\1"),  # catalogue, dialogue
    (r"^programme(s)?$", r"program\1"), (r"^judgement(s)?$", r"judgment\1"), (r"^scept", "skept"),
]]


@lru_cache(maxsize=1 << 16)
def one_spelling(word: str) -> str:
    """An English word in one spelling of its British and American ones ("organised",
    "organized" -> "organized"; "licence" -> "license"), for a cue and a sentence alike."""
    if len(word) < 5:
        return word
    for rx, repl in _SPELLINGS:
        word = rx.sub(repl, word)
    return word


def fold_pattern(pattern: str, lemma: Callable[[str, str], str], past_after=(),
                 spelling: Callable[[str], str] | None = None) -> str:
    """A cue (a lower-case regex) with its literal whole words folded as `fold_words` folds
    the sentence with `tense_kept(lemma)`: '\\bcalls? (had )?failed' -> '\\bcall (had )?failed'.
    A past form stays, or is its base form right after one of `past_after` ("did not cause"
    meets "not caused"). A word with an optional last letter ("calls?") folds when both forms
    have one base; a stem or a word spelt with a group or a class ("breach(ed)?",
    "licen[cs]e") stays as written, and so does anything inside a class, a count or a
    look-around ("[a-z]", "{0,40}", "(?<!no )")."""
    out, at, before = [], 0, ""
    literal = pattern_literal(pattern)
    spell = spelling or (lambda w: w)
    for m in _PATTERN_WORD.finditer(pattern):
        if not literal[m.start()]:
            continue
        word, optional = m.group(1), m.group(2)
        base = lemma(word, before)
        before = word
        if optional and lemma(word[:-1], "") != base:
            continue  # "ferries?": no one word with an optional "s"
        if past_form(word, base):
            if not past_after and spell(word) == word:
                continue
            base = "(?:" + "|".join([spell(word)] + [f"(?<={a} ){spell(base)}" for a in past_after]) + ")" \
                if past_after else spell(word)
        elif spell(base) == word and not optional:
            continue
        else:
            base = spell(base)
        out.append(pattern[at:m.start()])
        # a folded word ends there: "warned" -> "warn", not the start of "warning"
        out.append(base + r"(?![a-z])")
        at = m.end()
    out.append(pattern[at:])
    return "".join(out)


def pattern_literal(pattern: str) -> list[bool]:
    """For each character of the regex `pattern`, whether it is written as text to match: not
    inside a "[...]" class, a "{m,n}" count or a look-around ("(?<!no )"), nor escaped."""
    out, i, klass, count, looks, depth = [], 0, False, False, [], 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out += [False, False]
            i += 2
            continue
        free = not (klass or count or looks)
        if klass:
            klass = ch != "]"
        elif ch == "[":
            klass, free = True, False
        elif ch == "{":
            count, free = True, False
        elif ch == "}":
            count, free = False, False
        elif ch == "(":
            depth += 1
            if re.match(r"\(\?<?[=!]", pattern[i:]):
                looks.append(depth)
                free = False
        elif ch == ")":
            if looks and looks[-1] == depth:
                looks.pop()
                free = False
            depth -= 1
        out.append(free)
        i += 1
    return out[:len(pattern)]

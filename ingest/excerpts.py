"""Cutting articles into excerpts, and the step caps (wire copies: ingest/wire.py).

An excerpt is one sentence that matches a topic's keywords, with one sentence of context on
each side that exists, in the paragraph before or after too: a paragraph that opens with
"She told ..." or "The minister added ..." is read with the sentence that names her.
Sentences come from pysbd, paragraph by paragraph (paragraphs are separated by blank
lines), and only for the paragraphs that match a topic keyword at all, and the edge
sentence of their neighbours (`_edge_sentence`): sentence splitting is the costliest step
of reading a file, and most paragraphs of a news article are about something else. An excerpt's `position` is therefore
the character offset of its sentence in the article's text (unique in the article, in
reading order, and the same whichever other paragraphs were split), not a sentence count.

pysbd itself runs here with the same output and half the work (`_Segmenter`): its
abbreviation pass skips rewrites that cannot change a line (`_Abbreviations`), and its
regular expressions are not run on a text that lacks a character they need (`_Regexes`).
ingest/tests/test_cutting.py holds the sentences to pysbd's and the excerpts to those of the
code before, on every bundle in fixtures/.
"""
import re
import sys
from dataclasses import dataclass
from functools import lru_cache

import pysbd
import pysbd.lists_item_replacer
from pysbd.abbreviation_replacer import AbbreviationReplacer
from pysbd.languages import Language
from pysbd.utils import TextSpan

from .lang import pack_for

# pysbd builds its regexes from its abbreviation lists on every call, a few thousand of
# them; with the standard library's cache of 512 compiled patterns it recompiles most of
# them for every paragraph (two thirds of its time). A larger cache makes it 3x faster.
if getattr(re, "_MAXCACHE", 0) < 8192:
    re._MAXCACHE = 8192
PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")


# What a regular expression needs in a text to match there at all: sets of characters of
# which the text must hold one each (its literal characters, those of its positive
# lookarounds, of groups and repeats that must occur, of every branch), read from the
# pattern's parse. Nothing is claimed for a cased letter under IGNORECASE, a category (\s,
# \d), a range, a negated set or a back-reference.
try:
    from re import _constants as _sre, _parser as _sre_parse
except ImportError:  # Python before 3.11
    import sre_constants as _sre
    import sre_parse as _sre_parse

_REPEATS = tuple(getattr(_sre, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_sre, name))


def _literal(code: int, flags: int) -> str | None:
    char = chr(code)
    if flags & re.IGNORECASE and not (char.isascii() and not char.isalpha()):
        return None
    return char


def _needed(items, flags: int) -> list[frozenset]:
    needs = []
    for op, av in items:
        if op is _sre.LITERAL:
            char = _literal(av, flags)
            if char is not None:
                needs.append(frozenset(char))
        elif op is _sre.IN:
            chars = [_literal(a, flags) if o is _sre.LITERAL else None for o, a in av]
            if chars and None not in chars:
                needs.append(frozenset(chars))
        elif op is _sre.SUBPATTERN:
            _group, add, remove, sub = av
            needs += _needed(sub, (flags | add) & ~remove)
        elif op in _REPEATS:
            if av[0] >= 1:
                needs += _needed(av[2], flags)
        elif op is _sre.BRANCH:
            branches = [_needed(branch, flags) for branch in av[1]]
            if all(branches):
                needs.append(frozenset().union(*(min(b, key=len) for b in branches)))
        elif op is _sre.ASSERT:
            needs += _needed(av[1], flags)
        elif op is getattr(_sre, "ATOMIC_GROUP", None):
            needs += _needed(av, flags)
    return needs


def _needs(pattern, flags: int = 0) -> list[frozenset]:
    if isinstance(pattern, re.Pattern):
        pattern, flags = pattern.pattern, pattern.flags
    if not isinstance(pattern, str):
        return []
    parsed = _sre_parse.parse(pattern, flags)
    return _needed(parsed, parsed.state.flags)


def _commonness(chars: frozenset) -> tuple:
    """How likely a text is to hold one of `chars`: pysbd's placeholders (not ASCII) least."""
    return (sum(1 if c.isascii() and c in " .,\r\n" else 0.1 if c.isascii() else 0.01 for c in chars), len(chars))


# Patterns that cost the most, each with a cheaper one that finds a place wherever the first
# finds a match (so where this finds none, neither does the first). pysbd's numbered list
# items: one or two digits, a period and a space or ")", after a space, "-" or "⁃" or at the
# start (its 12 branches each read a part of that); its lettered items: a letter after a space
# or at the start, then a period.
_CHEAPER = {
    pysbd.lists_item_replacer.ListItemReplacer.NUMBERED_LIST_REGEX_1: r"(?<![^\s\-⁃])\d{1,2}\.[\s)]",
    pysbd.lists_item_replacer.ListItemReplacer.ALPHABETICAL_LIST_WITH_PERIODS: r"(?<!\S)[a-z]\.",
}


def _check(pattern, flags):
    """A cheap test that is false only where `pattern` cannot match, or None."""
    if isinstance(pattern, str) and not flags and pattern in _CHEAPER:
        return re.compile(_CHEAPER[pattern]).search
    needs = _needs(pattern, flags)
    if not needs:
        return None
    chars = min(needs, key=_commonness)
    if len(chars) == 1:
        char = next(iter(chars))
        return lambda text: char in text
    return re.compile("[" + "".join(re.escape(c) for c in sorted(chars)) + "]").search


class _Regexes:
    """`re` as pysbd's modules see it while `_Segmenter` runs: the same functions with the same
    answers, and a pattern that cannot match the text (it lacks a character the pattern
    needs, `_needs`) is not run. pysbd runs some 120 regular expressions over each text,
    most of them looking for its own placeholder characters or for punctuation the text does
    not hold; and `re`'s own look-up of a compiled pattern is skipped too."""

    def __init__(self):
        self._known: dict = {}

    def __getattr__(self, name):
        return getattr(re, name)

    def _get(self, pattern, flags):
        key = (pattern, flags) if flags else pattern  # a pattern is a str (or a Pattern), never a tuple
        known = self._known.get(key)
        if known is None:
            if len(self._known) > 20_000:
                self._known.clear()
            known = self._known[key] = (re.compile(pattern, flags), _check(pattern, flags))
        return known

    def sub(self, pattern, repl, string, count=0, flags=0):
        compiled, check = self._get(pattern, flags)
        return string if check is not None and not check(string) else compiled.sub(repl, string, count)

    def subn(self, pattern, repl, string, count=0, flags=0):
        compiled, check = self._get(pattern, flags)
        return (string, 0) if check is not None and not check(string) else compiled.subn(repl, string, count)

    def findall(self, pattern, string, flags=0):
        compiled, check = self._get(pattern, flags)
        return [] if check is not None and not check(string) else compiled.findall(string)

    def finditer(self, pattern, string, flags=0):
        compiled, check = self._get(pattern, flags)
        return iter(()) if check is not None and not check(string) else compiled.finditer(string)

    def search(self, pattern, string, flags=0):
        compiled, check = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.search(string)

    def match(self, pattern, string, flags=0):
        compiled, check = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.match(string)

    def fullmatch(self, pattern, string, flags=0):
        compiled, check = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.fullmatch(string)

    def split(self, pattern, string, maxsplit=0, flags=0):
        compiled, check = self._get(pattern, flags)
        return [string] if check is not None and not check(string) else compiled.split(string, maxsplit)


_REGEXES = _Regexes()


_modules: list = []


def _pysbd_modules() -> list:
    if not _modules:
        _modules.extend(m for name, m in list(sys.modules.items())
                        if name.split(".")[0] == "pysbd" and getattr(m, "re", None) is re)
    return _modules


class _Segmenter(pysbd.Segmenter):
    """pysbd's segmenter, with the same output and one step done without regexes.

    With clean=False pysbd finds each sentence back in the input by compiling
    `re.escape(sentence) + r"\s*"`: a new regular expression for every sentence of every
    text, which alone took more than half of its time (and flushed the regex cache). This
    does the same search with str.find: the first occurrence, with the whitespace after it
    (`\s` is str.isspace), that ends after the previous sentence's end. A test compares it
    with pysbd's own on a corpus."""

    def segment(self, text):
        # pysbd's modules read `re` from their globals: `_Regexes` there for this call only,
        # so that pysbd used elsewhere (the tests' reference) is pysbd as it is.
        modules = _pysbd_modules()
        for module in modules:
            module.re = _REGEXES
        try:
            return super().segment(text)
        finally:
            for module in modules:
                module.re = re

    def sentences_with_char_spans(self, sentences):
        text, spans, prior = self.original_text, [], 0
        for sent in sentences:
            if not sent:  # an empty pattern: leave that case to pysbd
                return super().sentences_with_char_spans(sentences)
            cursor = 0
            while True:
                found = text.find(sent, cursor)
                if found < 0:
                    break
                end = found + len(sent)
                while end < len(text) and text[end].isspace():
                    end += 1
                if end > prior:
                    spans.append(TextSpan(text[found:end], found, end))
                    prior = end
                    break
                cursor = end  # re.finditer goes on after the whole match
        return spans


# A word that a period follows: before it a space or the start of the line, in it neither.
_BEFORE_PERIOD = re.compile(r"(?<!\S)[^\s.]+(?=\.)")


class _Abbreviations(AbbreviationReplacer):
    """pysbd's abbreviation pass (the base class's, for the languages that keep it), with the
    same output and without the work that cannot change it.

    pysbd looks at each of its abbreviations (188 in English) that occurs anywhere in the
    line, finds each place where one starts a word, and for each such place rewrites the
    whole line with a regex built for it: half of all its time, most of it on "a" or "no"
    inside longer words. Every one of those rewrites turns into "∯" a period that follows a
    space (or the line's start) and the abbreviation as found, letters only for all but a few
    of them. So a line without a period is returned as it is, and an abbreviation of letters
    only is looked at only when some word the line holds right before a period is that
    abbreviation (case ignored, by the same regex engine); the others (with a period in them,
    "e.g", "u.s") always, as pysbd does. And a rewrite already done for the line is not done
    again for the next place the abbreviation is found. A test compares it with pysbd on
    every fixture."""

    def search_for_abbreviations_in_string(self, text):
        if "." not in text:
            return text
        plain, by_word, every = _abbreviation_table(self.lang)
        wanted = set()
        for word in set(_BEFORE_PERIOD.findall(text)):
            hits = by_word.get(word)
            if hits is None:
                if len(by_word) > 50_000:
                    by_word.clear()
                hits = by_word[word] = _abbreviations_of(word, plain)
            wanted.update(hits)
        if not wanted and not every:
            return text
        lowered, abbreviations = text.lower(), self.lang.Abbreviation.ABBREVIATIONS
        for index in sorted(wanted | every):  # in pysbd's order
            # From here on pysbd's own loop body, but for the repeats.
            stripped = abbreviations[index].strip()
            if stripped not in lowered:
                continue
            abbrev_match = re.findall(r"(?:^|\s|\r|\n){}".format(stripped), text, flags=re.IGNORECASE)
            if not abbrev_match:
                continue
            next_word_start = r"(?<={" + str(re.escape(stripped)) + "} ).{1}"
            char_array = re.findall(next_word_start, text)
            done = set()
            for ind, match in enumerate(abbrev_match):
                # A rewrite is decided by the abbreviation as found and the character after
                # it; done once, it finds nothing more to rewrite (rewrites only take periods
                # away, and none of them needs one to be absent), so it is done once.
                key = (match.strip(), char_array[ind] if ind < len(char_array) else "")
                if key not in done:
                    done.add(key)
                    text = self.scan_for_replacements(text, match, ind, char_array)
        return text


_tables: dict = {}


def _abbreviation_table(lang):
    """(the letters-only abbreviations by index and one regex matching any of them, a cache
    of which of them each word is, the indices of the others) for a pysbd language."""
    table = _tables.get(lang)
    if table is None:
        plain, every = {}, set()
        for index, abbr in enumerate(lang.Abbreviation.ABBREVIATIONS):
            stripped = abbr.strip()
            if stripped and re.escape(stripped) == stripped and not any(c.isspace() for c in stripped):
                plain[index] = re.compile(stripped, re.IGNORECASE)
            else:
                every.add(index)
        any_of = re.compile("|".join(sorted({p.pattern for p in plain.values()})), re.IGNORECASE)
        table = _tables[lang] = ((plain, any_of), {}, frozenset(every))
    return table


def _abbreviations_of(word: str, plain) -> frozenset:
    patterns, any_of = plain
    if not any_of.fullmatch(word):
        return frozenset()
    return frozenset(i for i, p in patterns.items() if p.fullmatch(word))


def _language_module(language: str):
    """pysbd's rules for `language`, with `_Abbreviations` in place of the abbreviation pass
    when the language keeps pysbd's own (English does; Serbian, after Slovak, does not)."""
    module = Language.get_language_code(language)
    replacer = getattr(module, "AbbreviationReplacer", AbbreviationReplacer)
    own = all(getattr(replacer, name) is getattr(AbbreviationReplacer, name)
              for name in ("search_for_abbreviations_in_string", "scan_for_replacements", "replace_period_of_abbr"))
    if not own:
        return module
    fast = type(replacer.__name__, (_Abbreviations, replacer), {})
    return type(module.__name__, (module,), {"AbbreviationReplacer": fast})


_segmenters: dict[str, pysbd.Segmenter] = {}


def _segmenter(language: str) -> pysbd.Segmenter:
    if language not in _segmenters:
        pack_for(language)  # a language pack may teach pysbd its language (Serbian does)
        try:
            segmenter = _Segmenter(language=language, clean=False)
        except ValueError:  # a language pysbd does not know: its English rules
            segmenter = _Segmenter(language="en", clean=False)
        segmenter.language_module = _language_module(segmenter.language)
        _segmenters[language] = segmenter
    return _segmenters[language]


# pysbd's time grows with the square of the text it reads (for every abbreviation it finds it
# rewrites the whole text), so a long paragraph is read in windows of about WINDOW
# characters: 184 KB took 8 s in one piece, 5 MB would take hours. Each window starts where
# a sentence starts (as the window before decided) and gives all its sentences but the last,
# which may be cut short by the window's end; the next window starts with that one. Sentence
# ends are decided by what is near them, so the sentences are the same as in one piece
# (a test holds them equal), except inside a quotation longer than a window.
WINDOW = 2000
# A window with no sentence end grows, up to this; past it the text is cut at a space.
LONGEST_SENTENCE = 20_000


@lru_cache(maxsize=4096)
def _segment(language: str, text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence of `text` (at most a window), trimmed of the whitespace
    around it, as pysbd gives them. Cached: the copies of a wire story repeat paragraphs."""
    spans, cursor = [], 0
    for piece in _segmenter(language).segment(text):
        piece = piece.strip()
        if not piece:
            continue
        found = text.find(piece, cursor)
        if found < 0:  # pysbd changed the text (it should not with clean=False): keep going
            found = cursor
        spans.append((found, found + len(piece)))
        cursor = found + len(piece)
    return tuple(spans)


def sentence_spans(paragraph: str, *, language: str = "en") -> list[tuple[int, int]]:
    """(start, end) of each sentence of a paragraph, in time linear in its length."""
    spans, start, size, n = [], 0, WINDOW, len(paragraph)
    while start < n:
        end = n if n - start <= size else start + size
        got = _segment(language, paragraph[start:end])
        if end < n and len(got) < 2:
            if size < LONGEST_SENTENCE:  # no sentence ends in the window: a longer one
                size *= 2
                continue
            end = max(paragraph.rfind(" ", start + size // 2, end), start + size // 2)
            got = _segment(language, paragraph[start:end])
            spans += [(start + a, start + b) for a, b in got]
            start, size = end, WINDOW
            continue
        if end == n:
            spans += [(start + a, start + b) for a, b in got]
            break
        spans += [(start + a, start + b) for a, b in got[:-1]]
        start, size = start + got[-1][0], WINDOW
    return spans


@dataclass(frozen=True)
class Sentence:
    index: int  # in its paragraph
    paragraph: int
    start: int  # offsets in the article's text
    end: int
    text: str


def paragraphs_split(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank paragraph."""
    spans, cursor = [], 0
    for match in PARAGRAPH_BREAK.finditer(text):
        spans.append((cursor, match.start()))
        cursor = match.end()
    spans.append((cursor, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def paragraph_sentences(text: str, p_start: int, p_end: int, number: int = 0, *, language: str = "en") -> list[Sentence]:
    """The sentences of one paragraph (text[p_start:p_end]), with their offsets in `text`."""
    return [Sentence(i, number, p_start + a, p_start + b, text[p_start + a:p_start + b])
            for i, (a, b) in enumerate(sentence_spans(text[p_start:p_end], language=language))]


def sentences_split(text: str, *, language: str = "en") -> list[list[Sentence]]:
    """All the article's sentences, paragraph by paragraph, with their offsets in `text`."""
    return [paragraph_sentences(text, a, b, n, language=language) for n, (a, b) in enumerate(paragraphs_split(text))]


@dataclass
class Cut:
    position: int  # the sentence's offset in the article's text
    sentence: str
    text: str
    sentence_start: int
    topics: list[str]


def _tags(text: str, topics) -> list[str]:
    return [key for key, patterns in topics if any(p.search(text) for p in patterns)]


_normalized: dict = {}  # (language, id of a topics list) -> (that list, its keywords normalized, normalize)


def _for_language(topics, language: str):
    """(topics, how text is read for them): the language pack's `normalize` applied to the
    keywords and to the text alike, as the extractor reads them (Serbian: either script,
    with or without diacritics). The keywords are compiled once per topics list."""
    hit = _normalized.get((language, id(topics)))
    if hit is None or hit[0] is not topics:
        if len(_normalized) > 16:
            _normalized.clear()
        normalize = pack_for(language).normalize
        hit = _normalized[(language, id(topics))] = (
            topics, [(key, [re.compile(normalize(p.pattern), p.flags) for p in patterns]) for key, patterns in topics],
            normalize)
    return hit[1], hit[2]


# A keyword that matches a sentence also matches its paragraph, unless it looks at where the
# text starts or ends, or behind itself: with one of those, every paragraph is split.
_CONTEXT_SENSITIVE = re.compile(r"\^|\$|\\A|\\Z|\\z|\(\?<[=!]")


def _paragraph_filter_safe(topics) -> bool:
    return not any(_CONTEXT_SENSITIVE.search(p.pattern) for _, patterns in topics for p in patterns)


# Of a neighbouring paragraph only its end (or start) is split for the context sentence,
# when it is longer than twice this: the cost of splitting stays with the paragraphs that
# match a topic.
NEIGHBOUR = 400
# Where a sentence could end inside a paragraph: without one, the paragraph is one sentence.
_INNER_END = re.compile(r"[.!?;:\u2026][\"'\u201d\u2019)\]]*\s+\S|\n")
_LEADING = re.compile(r"\s*")


def _edge_sentence(text: str, paragraph: tuple[int, int], *, last: bool, language: str) -> tuple[int, int]:
    """(start, end) in `text` of the last (or first) sentence of a long paragraph, read from
    its last (first) NEIGHBOUR characters when they hold more than one sentence (the one cut
    by the window's edge is not the one wanted; sentence ends are decided by what is near
    them, as in `sentence_spans`)."""
    p_start, p_end = paragraph
    if last:
        a = text.find(" ", p_end - NEIGHBOUR, p_end) + 1
        spans = sentence_spans(text[a:p_end], language=language) if a > 0 else []
        if len(spans) > 1:
            return a + spans[-1][0], a + spans[-1][1]
    else:
        b = text.rfind(" ", p_start, p_start + NEIGHBOUR)
        spans = sentence_spans(text[p_start:b], language=language) if b > 0 else []
        if len(spans) > 1:
            return p_start + spans[0][0], p_start + spans[0][1]
    spans = sentence_spans(text[p_start:p_end], language=language)
    a, b = spans[-1] if last else spans[0]
    return p_start + a, p_start + b


def excerpts_cut(text: str, topics: list[tuple[str, list[re.Pattern]]], *, language: str = "en") -> list[Cut]:
    """The excerpts of one article: each sentence matching a topic keyword, with a sentence of
    context each side (across a paragraph break too), tagged with every topic it matches. A paragraph
    that matches no keyword as a whole has no such sentence and is not split at all."""
    cuts, prefilter = [], _paragraph_filter_safe(topics)
    topics, read = _for_language(topics, language)
    paragraphs = paragraphs_split(text)
    split: dict[int, list[Sentence]] = {}  # the paragraphs split so far, by number

    def edge(number: int, *, last: bool) -> tuple[int, int]:
        """The last (first) sentence of a neighbouring paragraph: a paragraph of one sentence
        needs no splitting, a short one is split whole, once, and of a long one only the end
        (start) is read."""
        p_start, p_end = paragraphs[number]
        if number not in split and not _INNER_END.search(text, p_start, p_end):
            a = _LEADING.match(text, p_start, p_end).end()  # one sentence: nothing could end one inside
            return a, a + len(text[a:p_end].rstrip())
        if number not in split and p_end - p_start <= 2 * NEIGHBOUR:
            split[number] = paragraph_sentences(text, p_start, p_end, number, language=language)
        if number in split:
            s = split[number][-1 if last else 0]
            return s.start, s.end
        return _edge_sentence(text, paragraphs[number], last=last, language=language)

    for number, (p_start, p_end) in enumerate(paragraphs):
        if prefilter and not _tags(read(text[p_start:p_end]), topics):
            continue
        if number not in split:
            split[number] = paragraph_sentences(text, p_start, p_end, number, language=language)
        sentences = split[number]
        for i, s in enumerate(sentences):
            tags = _tags(read(s.text), topics)
            if not tags:
                continue
            # The sentence before may end the paragraph before: "She told workers ..." opening
            # a paragraph is read with the sentence that names her.
            if i > 0:
                first = sentences[i - 1].start
            else:
                first = edge(number - 1, last=True)[0] if number else s.start
            if i + 1 < len(sentences):
                end = sentences[i + 1].end
            else:
                end = edge(number + 1, last=False)[1] if number + 1 < len(paragraphs) else s.end
            cuts.append(Cut(position=s.start, sentence=s.text, text=text[first:end],
                            sentence_start=s.start - first, topics=tags))
    return cuts


def excerpts_cut_many(texts: list[str], topics: list[tuple[str, list[re.Pattern]]], language: str = "en") -> list[list[Cut]]:
    """excerpts_cut of several articles."""
    return [excerpts_cut(t, topics, language=language) for t in texts]


# A process of the ingest command's cutting pool: given the story's topics once, then texts.
_pool_story: tuple = ([], "en")


def pool_init(topics, language: str) -> None:
    global _pool_story
    _pool_story = (topics, language)


def pool_cut(texts: list[str]) -> list[list[Cut]]:
    topics, language = _pool_story
    return excerpts_cut_many(texts, topics, language)


# --- caps ------------------------------------------------------------------------------


@dataclass
class CapItem:
    id: int
    topics: list[str]
    outlet: str
    taken: bool  # already taken by an earlier run (counts against the caps first)


def caps_apply(items: list[CapItem], *, per_topic: int, per_outlet: int) -> tuple[list[int], list[int]]:
    """Which excerpts of one step to take. `items` come in the order they should be taken.
    Excerpts already taken count first. A new one is taken when at least one of its topics
    has room under both caps (per topic, and per outlet within that topic; 0 = no cap), and
    then counts against each of its topics. Returns (taken ids, held-back ids)."""
    per_topic_n: dict[str, int] = {}
    per_outlet_n: dict[tuple[str, str], int] = {}

    def count(item):
        for t in item.topics:
            per_topic_n[t] = per_topic_n.get(t, 0) + 1
            per_outlet_n[(item.outlet, t)] = per_outlet_n.get((item.outlet, t), 0) + 1

    def room(item, t):
        return ((not per_topic or per_topic_n.get(t, 0) < per_topic)
                and (not per_outlet or per_outlet_n.get((item.outlet, t), 0) < per_outlet))

    for item in items:
        if item.taken:
            count(item)
    taken, held = [], []
    for item in items:
        if item.taken:
            continue
        if any(room(item, t) for t in item.topics):
            count(item)
            taken.append(item.id)
        else:
            held.append(item.id)
    return taken, held

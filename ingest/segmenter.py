"""pysbd's sentence segmenter with the same output and half the work.

Its abbreviation pass skips rewrites that cannot change a line (`_Abbreviations`), and its
regular expressions are not run on a text that lacks a character they need (`_Regexes`).
ingest/tests/test_cutting.py holds the sentences to plain pysbd's on every bundle in
fixtures/. `segmenter(language)` is the one to use; ingest/excerpts.py cuts paragraphs into
sentences with it.
"""
import re
import sys

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

        def check(text):
            return char in text

        check.char = char  # tested by `_Regexes.sub` itself
        return check
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
            check = _check(pattern, flags)
            known = self._known[key] = (re.compile(pattern, flags), check, getattr(check, "char", None))
        return known

    def sub(self, pattern, repl, string, count=0, flags=0):
        # pysbd's commonest call (about a hundred per paragraph): the look-up, and the test of
        # the one character a pattern needs, written out here (two calls fewer each time)
        known = self._known.get((pattern, flags) if flags else pattern) or self._get(pattern, flags)
        char = known[2]
        if char is not None:
            return known[0].sub(repl, string, count) if char in string else string
        compiled, check, _ = known
        return string if check is not None and not check(string) else compiled.sub(repl, string, count)

    def subn(self, pattern, repl, string, count=0, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return (string, 0) if check is not None and not check(string) else compiled.subn(repl, string, count)

    def findall(self, pattern, string, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return [] if check is not None and not check(string) else compiled.findall(string)

    def finditer(self, pattern, string, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return iter(()) if check is not None and not check(string) else compiled.finditer(string)

    def search(self, pattern, string, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.search(string)

    def match(self, pattern, string, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.match(string)

    def fullmatch(self, pattern, string, flags=0):
        compiled, check, _ = self._get(pattern, flags)
        return None if check is not None and not check(string) else compiled.fullmatch(string)

    def split(self, pattern, string, maxsplit=0, flags=0):
        compiled, check, _ = self._get(pattern, flags)
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


def segmenter(language: str) -> pysbd.Segmenter:
    if language not in _segmenters:
        pack_for(language)  # a language pack may teach pysbd its language (Serbian does)
        try:
            segmenter = _Segmenter(language=language, clean=False)
        except ValueError:  # a language pysbd does not know: its English rules
            segmenter = _Segmenter(language="en", clean=False)
        segmenter.language_module = _language_module(segmenter.language)
        _segmenters[language] = segmenter
    return _segmenters[language]

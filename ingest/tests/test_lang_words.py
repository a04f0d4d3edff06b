"""words_regex for lower-cased text groups a pack list's alternatives by their first
character (ingest.lang._by_first_char): the same matches as the plain alternation, at every
place of every bundle's text, for every list of every pack."""
import json
import re
from dataclasses import fields
from pathlib import Path

import pytest

from ingest.lang import PACKS, pack_for, words_regex

ROOT = Path(__file__).resolve().parents[2]


def _texts() -> list[str]:
    texts = []
    for path in sorted((ROOT / "fixtures").glob("**/articles.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                texts.append(json.loads(line)["text"].lower())
            except (ValueError, KeyError, TypeError):
                continue
    return texts


def _lists(pack):
    for f in fields(pack):
        value = getattr(pack, f.name)
        if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            yield f.name, value


@pytest.mark.parametrize("code", sorted(PACKS))
def test_words_regex_grouped_matches_as_the_plain_alternation(code):
    texts = _texts()
    assert texts
    grouped = 0
    for name, patterns in _lists(pack_for(code)):
        try:
            plain = words_regex(patterns, lower=True, flags=re.UNICODE)  # any flag: not grouped
        except re.error:
            continue
        fast = words_regex(patterns, lower=True)
        if plain is None or fast.pattern == plain.pattern:
            continue
        grouped += 1
        for text in texts[::4]:
            assert [m.span() for m in fast.finditer(text)] == [m.span() for m in plain.finditer(text)], name
        for text in texts[:12]:  # a match at every place, not only where a scan stops
            for i in range(len(text)):
                a, b = fast.match(text, i), plain.match(text, i)
                assert (a and a.span()) == (b and b.span()), (name, text[i:i + 40])
    assert grouped or code != "en"

"""Cutting made faster must cut the same excerpts: the same text, offsets, order and topics,
on every bundle in fixtures/ and on the synthetic corpus of bench/ingest.py.

Two kinds of check: against plain pysbd (the oracle, nothing pinned: a bundle added later is
checked too), and digests of the demo bundles' excerpts pinned from the code before cutting
was made faster (commit 73dce00), which fail when cutting changes in any way at all."""
import hashlib
import json
import re
import tomllib
from pathlib import Path

import pysbd
import pytest

from ingest import excerpts, segmenter as fast
from ingest.excerpts import excerpts_cut, paragraphs_split
from ingest.lang import pack_for

from . import corpus

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
BUNDLES = sorted(p.parent for p in FIXTURES.glob("**/story.toml") if p.parent.name != "bundle")
# Every paragraph matches: every paragraph is split, every sentence is an excerpt.
EVERY_SENTENCE = [("all", [re.compile(r"\w")])]


def _story(bundle: Path):
    story = tomllib.loads((bundle / "story.toml").read_text())
    topics = [(t["id"], [re.compile(k, re.IGNORECASE) for k in t["keywords"]]) for t in story.get("topics", [])]
    return topics, story.get("language", "en")


def _texts(bundle: Path) -> list[str]:
    """The articles' texts: articles.jsonl, or for a bundle of web pages (web-demo) the text
    that fetching reads out of each page."""
    if (bundle / "articles.jsonl").exists():
        lines = (bundle / "articles.jsonl").read_text(encoding="utf-8").splitlines()
        return [json.loads(line)["text"] for line in lines if line.strip()]
    from sources.reading import page_read

    pages = sorted(bundle.rglob("*.html"))
    return [page_read(p.read_bytes(), f"http://127.0.0.1:8010/{p.relative_to(bundle)}").text for p in pages]


def _digest(texts, topics, language) -> tuple[int, str]:
    digest, n = hashlib.sha256(), 0
    for text in texts:
        for cut in excerpts_cut(text, topics, language=language):
            row = [cut.position, cut.sentence, cut.text, cut.sentence_start, cut.topics]
            digest.update(json.dumps(row, ensure_ascii=False).encode("utf-8"))
            n += 1
        digest.update(b"|")
    return n, digest.hexdigest()[:16]


@pytest.fixture
def plain_pysbd(monkeypatch):
    """Cutting with pysbd's own segmenter as it is, and no cache of segments."""
    segmenters = {}

    def segmenter(language):
        if language not in segmenters:
            pack_for(language)
            segmenters[language] = pysbd.Segmenter(language=language, clean=False)
        return segmenters[language]

    monkeypatch.setattr(excerpts, "segmenter", segmenter)
    monkeypatch.setattr(excerpts, "_segment", excerpts._segment.__wrapped__)


ADVERSARIAL = [
    "No. 5 was late. It was no. 6 that came. Art. 12 applies. See p. 4 and pp. 5-9. A no. Then more.",
    "Mr. Smith met Dr. Jones at St. Mary's. Gen. Lee left. Prof. X spoke at 5 p.m. Then rain.",
    "The U.S. and U.K. agreed, e.g. on trade, i.e. on tariffs. Inc. profits rose. Co. KG left.",
    "He came in Nov. 2024. Jan. was cold. The ave. was wide. It was a. It was A. B. Then c.",
    "no. 5\rNo. 6\nNO. 7. ends with an abbreviation no.",
    "casino. Piano. Also a.m. and A.M. Calif. is big. Ph.D. holders. D.Phil. too. dr.philos. Vs. them.",
    "Sen. (D) said so. Rep. 4 went. Col.: no. Maj. - yes. Lt.? Sgt., then Capt. I'm here. Cpl. I left.",
    "Numbers 1. first 2. second 3. third. a. alpha b. beta c. gamma. (a) one (b) two. i) x ii) y.",
    "1. One\n2. Two\n-3. three -4) four ⁃5. five ⁃6) six s-7) seven\n(i) roman (ii) more (iii) end.",
    "Wait... what? Really?! No!! \"Go.\" he said. 'Fine.' ‘Quoted.’ It's 5°. C. Co. KG. file .pdf here",
    "Stop!? Go?? Hm... . . . and ... Then. Email a.b@c.d now. Ref.[12] See.3 Next ☝ ♨ ∯ ƪƪƪ ☏☏.",
    # one kind of list item each, as the cheaper tests of list items must find every kind
    "Step -3. three then.", "Step ⁃5. five then.", "Step s-7.) seven.", "Step 12.) twelve.", "9. nine.",
    "Grade b. then.", "x. marks it.", "Item (c) here.", "Item d) here.", "Item 4) here.",
]



def test_there_are_bundles_to_check():
    names = {b.name for b in BUNDLES}
    assert {"canopy", "canopy-sr", "web-demo", "steelworks"} <= names, names


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda b: b.name)
def test_sentences_are_pysbds_on_every_paragraph_of_every_bundle(bundle):
    _, language = _story(bundle)
    pack_for(language)
    theirs = pysbd.Segmenter(language=language, clean=False)
    ours = fast.segmenter(language)
    paragraphs = [t[a:b] for t in _texts(bundle) for a, b in paragraphs_split(t)]
    assert paragraphs
    for paragraph in paragraphs:
        assert ours.segment(paragraph) == theirs.segment(paragraph), paragraph


def test_sentences_are_pysbds_where_abbreviations_stand_before_a_period():
    texts = ADVERSARIAL
    theirs, ours = pysbd.Segmenter(language="en", clean=False), fast.segmenter("en")
    for text in texts:
        for cut in range(len(text)):  # every prefix: each word in its turn before the end
            assert ours.segment(text[:cut]) == theirs.segment(text[:cut]), text[:cut]


def test_a_pattern_is_skipped_only_where_it_cannot_match(monkeypatch):
    """The segmenter does not run a pattern on a text that lacks what the pattern needs:
    wherever it skipped one, on every fixture paragraph and the hard cases, the pattern
    indeed finds nothing there."""
    skipped, wrong = [], []
    real = fast._check

    def verified(pattern, flags):
        check = real(pattern, flags)
        if check is None:
            return None
        compiled = re.compile(pattern, flags)

        def verify(text):
            ok = bool(check(text))
            if not ok:
                skipped.append(pattern)
                if compiled.search(text) is not None:
                    wrong.append((pattern, text))
            return ok
        return verify

    monkeypatch.setattr(fast, "_check", verified)
    monkeypatch.setattr(fast, "_REGEXES", fast._Regexes())
    texts = {"en": list(ADVERSARIAL), "sr": []}
    for bundle in BUNDLES:
        texts[_story(bundle)[1]] += _texts(bundle)
    texts["en"] += [a["text"] for a in corpus.articles(200, seed=7)]
    for language, articles in texts.items():
        pack_for(language)
        segmenter = fast._Segmenter(language=language, clean=False)
        segmenter.language_module = fast._language_module(language)
        for text in articles:
            for a, b in paragraphs_split(text):
                segmenter.segment(text[a:b])
    assert wrong == []
    assert len(set(skipped)) > 40 and len(skipped) > 100_000


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda b: b.name)
def test_excerpts_of_every_bundle_are_those_of_plain_pysbd(bundle, plain_pysbd, monkeypatch):
    topics, language = _story(bundle)
    texts = _texts(bundle)
    expected = [_digest(texts, topics, language), _digest(texts, EVERY_SENTENCE, language)]
    monkeypatch.undo()
    assert [_digest(texts, topics, language), _digest(texts, EVERY_SENTENCE, language)] == expected


def test_excerpts_of_the_synthetic_corpus_are_those_of_plain_pysbd(plain_pysbd, monkeypatch):
    # the keywords of ingest's test story, which bench/ingest.py cuts this corpus with
    topics = [("march-15", [re.compile(k, re.IGNORECASE) for k in ("sound (cannon|device|weapon)", "LRAD", "acoustic")]),
              ("crowds", [re.compile(k, re.IGNORECASE) for k in (r"\bpeople\b", "crowd", "turnout")])]
    texts = [a["text"] for a in corpus.articles(600, seed=42)]
    expected = _digest(texts, topics, "en")
    monkeypatch.undo()
    assert _digest(texts, topics, "en") == expected


# (excerpts, digest) with the story's topics, and with every sentence an excerpt, as the code
# of 73dce00 cut them. A change to cutting that is meant changes these: say so in its commit.
PINNED = {
    "canopy": [(379, "471f917ce7acc01a"), (986, "7503b8c07b466e4f")],
    "canopy-sr": [(378, "c76ef3fcc3ed270d"), (986, "0d5e0ebf8a238c6f")],
    "web-demo": [(6, "ed8581263f278c27"), (28, "f7fece21126a9977")],
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_excerpts_of_the_demo_bundles_are_as_before(name):
    bundle = FIXTURES / name
    topics, language = _story(bundle)
    texts = _texts(bundle)
    assert [_digest(texts, topics, language), _digest(texts, EVERY_SENTENCE, language)] == PINNED[name]


def test_wire_anchors_are_the_longest_words_alphabetical_among_equally_long_ones():
    from ingest.wire import ANCHORS, WireIndex, anchors, normalize

    sentences = [s for a in corpus.articles(200, seed=9) for s in a["text"].split(". ")]
    sentences += [s for bundle in BUNDLES for text in _texts(bundle) for s in text.split(". ")]
    sentences += ["b a c", "bb aa cc a", "Zeta alpha ALPHA beta gamma delta", ""]
    for sentence in sentences:
        norm = normalize(sentence)
        assert anchors(norm) == sorted(set(re.findall(r"\w+", norm)), key=lambda t: (-len(t), t))[:ANCHORS]
    # A sentence looked up and then added is read once, and another one afresh.
    index = WireIndex(lambda day: [])
    from ingest.wire import WireEntry

    index.add(1, "The harbour strike ended on Monday.", WireEntry(article_id=1, outlets=["a"]))
    assert index.find(1, "The harbour strike ended on Monday!", article_id=2).article_id == 1
    assert index.find(1, "Nothing like it at all here.", article_id=2) is None

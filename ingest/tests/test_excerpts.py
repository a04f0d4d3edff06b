import re

import pytest

from ingest.excerpts import CapItem, caps_apply, excerpts_cut, sentences_split
from ingest.wire import WIRE_RATIO
from ledger.models import Excerpt

from .conftest import article, write_lines

TOPICS = [("march-15", [re.compile("sound (cannon|device)", re.I), re.compile("LRAD", re.I)]),
          ("crowds", [re.compile(r"\bpeople\b", re.I)])]


def test_sentences_keep_offsets_across_paragraphs():
    text = "First one. Dr. Smith said the U.S. had an LRAD.\n\n  Second paragraph here. Last one!"
    paragraphs = sentences_split(text)
    assert [[s.text for s in p] for p in paragraphs] == [
        ["First one.", "Dr. Smith said the U.S. had an LRAD."], ["Second paragraph here.", "Last one!"]]
    assert [(s.paragraph, s.index) for p in paragraphs for s in p] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    for s in (s for p in paragraphs for s in p):
        assert text[s.start:s.end] == s.text


def test_cut_keeps_one_sentence_each_side():
    text = ("Background one. The ministry denied owning a sound cannon. Background two. Background three.\n\n"
            "A sound device was heard by 300,000 people.\n\nNothing here.")
    cuts = excerpts_cut(text, TOPICS)
    # position: where the sentence starts in the article (unique, in reading order)
    assert [(c.position, c.topics) for c in cuts] == [
        (text.index("The ministry"), ["march-15"]), (text.index("A sound device"), ["march-15", "crowds"])]
    first, second = cuts
    assert first.text == "Background one. The ministry denied owning a sound cannon. Background two."
    assert first.text[first.sentence_start:first.sentence_start + len(first.sentence)] == first.sentence
    # Alone in its paragraph: its context is the sentences that end and open its neighbours
    # (contract section 2: "one sentence of context on each side that exists").
    assert second.text == "Background three.\n\nA sound device was heard by 300,000 people.\n\nNothing here."
    assert second.text[second.sentence_start:second.sentence_start + len(second.sentence)] == second.sentence


def test_context_from_a_long_neighbouring_paragraph_is_its_edge_sentence():
    from ingest import excerpts

    filler = " ".join(f"Sentence number {i} says little." for i in range(40))
    text = f"{filler} The minister spoke at noon.\n\nShe said the police have an LRAD.\n\nMore came later. {filler}"
    [cut] = excerpts_cut(text, TOPICS)
    assert len(filler) > 2 * excerpts.NEIGHBOUR
    assert cut.text == "The minister spoke at noon.\n\nShe said the police have an LRAD.\n\nMore came later."


def test_a_paragraph_is_found_around_after_and_before_an_offset():
    from ingest.excerpts import paragraph_after, paragraph_around, paragraph_before, paragraph_end

    text = "One. Two.\n\nThree here,\non a second line.\n \t\nFour."
    first, second, last = (0, 9), (11, 40), (44, 49)
    assert [text[a:b] for a, b in (first, second, last)] == ["One. Two.", "Three here,\non a second line.", "Four."]
    assert paragraph_around(text, 0) == paragraph_around(text, 8) == first
    assert paragraph_around(text, text.index("second")) == second  # a line break alone does not end one
    assert paragraph_around(text, len(text) - 1) == last
    assert paragraph_after(text, first[1]) == second and paragraph_after(text, second[1]) == last
    assert paragraph_after(text, last[1]) is None
    assert paragraph_before(text, last[0]) == second and paragraph_before(text, second[0]) == first
    assert paragraph_before(text, first[0]) is None
    assert paragraph_end(text, text.index("on a")) == second[1] and paragraph_end(text, 45) == len(text)


def test_a_paragraph_longer_than_the_reach_is_read_within_it():
    from ingest.excerpts import paragraph_around, paragraph_end

    text = "Before.\n\n" + "word " * 100 + "\n\nAfter."
    i = text.index("word") + 250
    assert paragraph_around(text, i, reach=1000) == (text.index("word"), text.index("\n\nAfter"))
    assert paragraph_around(text, i, reach=50) == (i - 50, i + 50)
    assert paragraph_end(text, i, reach=50) == i + 50 and paragraph_end(text, i) == text.index("\n\nAfter")


@pytest.mark.parametrize("last", [False, True])
def test_the_edge_sentence_of_a_long_paragraph_is_the_one_of_the_whole(last):
    from ingest.excerpts import NEIGHBOUR, paragraph_edge_sentence, sentence_spans

    para = "Dr. Ana Petrov opened. " + " ".join(f"Sentence number {i} says little." for i in range(40)) + " Mr. Lee ended."
    text = f"Head.\n\n{para}\n\nTail."
    start = text.index(para)
    assert len(para) > 2 * NEIGHBOUR
    a, b = sentence_spans(para)[-1 if last else 0]
    got = paragraph_edge_sentence(text, (start, start + len(para)), last=last, language="en")
    assert got == (start + a, start + b)
    assert text[slice(*got)] == ("Mr. Lee ended." if last else "Dr. Ana Petrov opened.")


def test_cut_of_adjacent_matches_and_edges():
    text = "LRAD one. LRAD two. Tail."
    cuts = excerpts_cut(text, TOPICS)
    assert [c.text for c in cuts] == ["LRAD one. LRAD two.", "LRAD one. LRAD two. Tail."]
    assert [c.sentence_start for c in cuts] == [0, 10]
    assert excerpts_cut("Nothing on topic at all.", TOPICS) == []


def test_segmenter_gives_what_pysbd_gives():
    """The segmenter finds sentences back in the text without a regex per sentence: the same
    sentences as pysbd's own, on the demo articles and the synthetic corpus."""
    import json
    from pathlib import Path

    import pysbd

    from ingest.excerpts import paragraphs_split
    from ingest.segmenter import _Segmenter

    from . import corpus

    demo = Path(__file__).resolve().parents[2] / "fixtures" / "canopy" / "articles.jsonl"
    texts = [a["text"] for a in corpus.articles(300, seed=3)]
    if demo.exists():
        texts += [json.loads(line)["text"] for line in demo.read_text().splitlines()[:150]]
    texts += ["Dr. Smith said so.  Twice.\n\nU.S. officials (e.g. Mr. Jones) left at 5 p.m. Then rain.",
              "One. One. One.", "No end punctuation here", "\"Quoted,\" he said. \"Again.\" Done..."]
    theirs, ours = pysbd.Segmenter(language="en", clean=False), _Segmenter(language="en", clean=False)
    paragraphs = [t[a:b] for t in texts for a, b in paragraphs_split(t)]
    assert len(paragraphs) > 900
    for para in paragraphs:
        assert ours.segment(para) == theirs.segment(para), para


def test_paragraphs_without_a_keyword_are_not_split(monkeypatch):
    from ingest import excerpts

    split = []
    real = excerpts._segment

    def spy(language, paragraph):
        split.append(paragraph)
        return real(language, paragraph)

    monkeypatch.setattr(excerpts, "_segment", spy)
    text = "Rain fell. Markets opened.\n\nThe ministry has an LRAD. It said so.\n\nBuses ran late."
    cuts = excerpts_cut(text, TOPICS)
    # The paragraph before is read for the one sentence of context it gives, and only then.
    assert split == ["The ministry has an LRAD. It said so.", "Rain fell. Markets opened."]
    assert [(c.position, c.text) for c in cuts] == [
        (text.index("The ministry"), "Markets opened.\n\nThe ministry has an LRAD. It said so.")]
    # A keyword that looks at the start of the text: a sentence can match where its
    # paragraph does not, so every paragraph is split.
    split.clear()
    anchored = [("march-15", [re.compile(r"^It said", re.I)])]
    assert [c.sentence for c in excerpts_cut(text, anchored)] == ["It said so."]
    assert len(split) == 3


def test_the_cutting_pool_cuts_as_this_process_does():
    from ingest.services.cutting import Cutter

    from . import corpus

    texts = [a["text"] for a in corpus.articles(120, seed=5)]
    pooled = Cutter(TOPICS, "en", processes=2)
    try:
        assert pooled.submit(texts, pool=True).result() == Cutter(TOPICS, "en", processes=1).submit(texts, pool=True).result()
        assert pooled._pool is not None
    finally:
        pooled.close()


def test_caps_per_topic_and_per_outlet():
    items = [CapItem(i, ["march-15"], "a" if i < 4 else "b", taken=False) for i in range(8)]
    taken, held = caps_apply(items, per_topic=5, per_outlet=3)
    assert taken == [0, 1, 2, 4, 5] and held == [3, 6, 7]
    assert caps_apply(items, per_topic=0, per_outlet=0) == (list(range(8)), [])


def test_caps_take_each_article_s_first_excerpts_before_any_article_s_later_ones():
    """A broadcaster's live blog (article 1, five excerpts) and its bulletin later that day
    (article 2, two excerpts) under a cap of three for the outlet: the bulletin is read too."""
    blog = [CapItem(i, ["march-15"], "rts", taken=False, article=1) for i in range(1, 6)]
    bulletin = [CapItem(i, ["march-15"], "rts", taken=False, article=2) for i in (6, 7)]
    taken, held = caps_apply(blog + bulletin, per_topic=0, per_outlet=3)
    assert taken == [1, 2, 6] and held == [3, 4, 5, 7]  # each in the order given
    # with no article named, the order given decides, as before
    plain = [CapItem(c.id, c.topics, c.outlet, taken=False) for c in blog + bulletin]
    assert caps_apply(plain, per_topic=0, per_outlet=3) == ([1, 2, 3], [4, 5, 6, 7])


def test_caps_take_an_article_s_statements_before_its_background():
    """A radio station's live blog on a school closure opens with background; under a cap of
    two for the outlet, its statements are read (the council's decision, the head teacher's
    count), not the school's history."""
    from ingest.excerpts import StatementLook

    look = StatementLook(names=["Hillside council", "the head teacher"],
                         cues={"closure": [r"clos(e|es|ed|ing|ure)", "keep (it )?open"], "pupils": ["pupils?"]},
                         number_topics={"pupils"})
    blog = [
        "The village school opened in 1961 on the hill above the river.",
        "Its closure was first discussed when the road was rebuilt.",
        "Hillside council said on Monday that it would close the school in June.",
        "“We have 84 pupils and nowhere to send them,” the head teacher told parents.",
        "Parents gathered at the gate after the bell.",
    ]
    items = [CapItem(i, ["closure", "pupils"] if "pupils" in s else ["closure"], "valley-radio", taken=False,
                     article=1, sentence=s) for i, s in enumerate(blog)]
    assert look(blog[0], ["closure"]) < look(blog[2], ["closure"])
    assert look(blog[3], ["closure", "pupils"]) >= 4  # saying, a quotation, a name, a cue, a figure
    taken, held = caps_apply(items, per_topic=0, per_outlet=2, look=look)
    assert taken == [2, 3] and held == [0, 1, 4]  # each in the order given
    assert caps_apply(items, per_topic=0, per_outlet=2, look=look) == (taken, held)  # the same every time
    # without a look, the order given decides, as before (3 fits under its second topic)
    assert caps_apply(items, per_topic=0, per_outlet=2) == ([0, 1, 3], [2, 4])


def test_statement_look_skips_a_pattern_that_does_not_compile():
    from ingest.excerpts import StatementLook

    look = StatementLook(names=["(unclosed"], cues={"t": ["[bad", "ferr(y|ies)"]})
    assert look("The ferries said nothing.", ["t"]) == 2


def test_caps_count_earlier_runs_first_and_multi_topic():
    items = [CapItem(1, ["march-15"], "a", taken=True), CapItem(2, ["march-15"], "a", taken=False),
             CapItem(3, ["march-15", "crowds"], "a", taken=False), CapItem(4, ["crowds"], "a", taken=False)]
    # sound is full after 1; 3 still fits under crowds (and then counts there), 4 does not.
    assert caps_apply(items, per_topic=1, per_outlet=0) == ([3], [2, 4])


WIRE = "The Interior Minister said on Sunday that the police do not have a sound cannon of any kind."


def test_wire_copies_are_one_excerpt(story, tmp_path):
    from ingest.services import ingest_file

    edited = WIRE.replace("on Sunday", "on Sunday,").replace("kind.", "kind at all.")
    from rapidfuzz import fuzz

    assert fuzz.ratio(WIRE.lower(), edited.lower()) >= WIRE_RATIO
    other_day = WIRE
    own_words = "The Interior Minister told reporters that police have no sound cannon and never had one."
    assert fuzz.ratio(WIRE.lower(), own_words.lower()) < WIRE_RATIO
    path = write_lines(tmp_path / "a.jsonl", [
        article("https://danas.example/1", f"Intro. {WIRE} More.", published_at="2025-03-16T08:00:00+01:00"),
        article("https://beta.example/1", f"Other intro. {edited}", published_at="2025-03-16T20:00:00+01:00"),
        article("https://rts.example/1", WIRE, published_at="2025-03-16T21:00:00+01:00"),
        article("https://rts.example/2", other_day, published_at="2025-03-17T09:00:00+01:00"),
        article("https://beta.example/2", own_words, published_at="2025-03-16T22:00:00+01:00"),
    ])
    run = ingest_file(story=story, path=path)
    assert run.articles == 5 and run.excerpts == 3 and run.copies == 2
    merged = Excerpt.objects.get(article__url="https://danas.example/1")
    assert merged.outlets == ["danas", "beta", "rts"]
    assert sorted(a.url for a in merged.copies.all()) == ["https://beta.example/1", "https://rts.example/1"]
    assert Excerpt.objects.get(article__url="https://rts.example/2").outlets == ["rts"]  # another day
    assert Excerpt.objects.get(article__url="https://beta.example/2").outlets == ["beta"]  # its own words


@pytest.mark.django_db
def test_caps_hold_back_and_a_later_run_takes_them(story, tmp_path):
    from ingest.services import ingest_file

    story.per_topic_cap, story.per_outlet_cap = 3, 2
    story.save()
    words = {("danas", 0): "Rain fell", ("danas", 1): "Markets opened late", ("danas", 2): "A bridge closed",
             ("beta", 0): "Teachers met", ("beta", 1): "Buses ran slowly", ("beta", 2): "Nobody answered the phone"}
    lines = [article(f"https://{o}.example/{i}", f"{words[o, i]} while an LRAD was discussed.",
                     published_at=f"2025-03-16T{10 + i}:00:00+01:00") for o in ("danas", "beta") for i in range(3)]
    run = ingest_file(story=story, path=write_lines(tmp_path / "a.jsonl", lines))
    assert (run.excerpts, run.queued, run.capped) == (6, 3, 3)
    kept = Excerpt.objects.filter(story=story, capped=False).order_by("article__published_at", "id")
    assert [e.article.url for e in kept] == ["https://danas.example/0", "https://beta.example/0", "https://danas.example/1"]
    story.per_topic_cap = story.per_outlet_cap = 0
    story.save()
    again = ingest_file(story=story, path=tmp_path / "a.jsonl")
    assert (again.articles, again.excerpts, again.queued, again.capped) == (0, 0, 3, 0)
    assert not Excerpt.objects.filter(story=story, capped=True).exists()


def test_wire_index_finds_the_first_near_copy_of_another_article():
    from datetime import date

    from rapidfuzz import fuzz

    from ingest.wire import WireEntry, WireIndex, normalize

    day = date(2024, 11, 1)
    base = "The minister said on Tuesday that the agreement would be signed before the end of the month."
    near = base.replace("Tuesday", "Tuesday,").replace("signed", "signed,")  # an agency copy, lightly edited
    far = "The minister said nothing about the agreement, which opponents want to renegotiate."
    assert fuzz.ratio(normalize(base), normalize(near)) >= WIRE_RATIO > fuzz.ratio(normalize(base), normalize(far))
    own, first, second = WireEntry(1, ["a"]), WireEntry(2, ["b"]), WireEntry(3, ["c"])
    nearer = base + "!"
    assert fuzz.ratio(normalize(base), normalize(nearer)) > fuzz.ratio(normalize(base), normalize(near))
    index = WireIndex(lambda d: [(near, own), (far, WireEntry(4, ["d"])), (near, first), (nearer, second)])
    # The article's own sentence is skipped; of two near copies the first added is found,
    # not the closest.
    assert index.find(day, base, article_id=1) is first
    assert index.find(day, base, article_id=2) is own
    assert index.find(day, "Nothing alike here at all, about the weather in the mountains.", article_id=9) is None
    assert WireIndex(lambda d: [(near, own)]).find(day, base, article_id=1) is None


def test_copy_writes_every_column_of_articles_and_excerpts():
    from ingest.services.writing import ARTICLE_COPY, EXCERPT_COPY, EXCERPT_NOT_COPIED
    from ledger.models import Article, Excerpt

    def columns(model):
        return {f.column for f in model._meta.concrete_fields}

    assert set(ARTICLE_COPY) == columns(Article)
    assert set(EXCERPT_COPY) | EXCERPT_NOT_COPIED == columns(Excerpt)


def _one_piece(paragraph: str) -> list[tuple[int, int]]:
    """The sentences pysbd gives for the paragraph read whole (what cutting did before it
    read long paragraphs in windows)."""
    from ingest.excerpts import _segment

    return list(_segment.__wrapped__("en", paragraph))


def test_a_paragraph_read_in_windows_has_the_sentences_of_one_piece(monkeypatch):
    """Long paragraphs are read in windows (linear time); with windows of 300 characters,
    paragraphs of the demo articles and of the synthetic corpus (abbreviations, figures,
    quotes) joined into long ones give the sentences pysbd gives for each in one piece."""
    import json
    from pathlib import Path

    from ingest import excerpts
    from ingest.excerpts import sentence_spans

    from . import corpus

    demo = Path(__file__).resolve().parents[2] / "fixtures" / "canopy" / "articles.jsonl"
    texts = [a["text"] for a in corpus.articles(80, seed=8)]
    if demo.exists():
        texts += [json.loads(line)["text"] for line in demo.read_text().splitlines()[:80]]
    texts.append("Dr. Smith said so.  Twice. U.S. officials (e.g. Mr. Jones) left at 5 p.m. Then rain. " * 30)
    paragraphs = [" ".join(t.split("\n\n")) for t in texts]
    long = [" ".join(paragraphs[i:i + 4]) for i in range(0, len(paragraphs), 4)]
    monkeypatch.setattr(excerpts, "WINDOW", 300)
    assert sum(len(p) for p in long) > 60_000 and max(len(p) for p in long) > 3_000
    for para in long:
        assert sentence_spans(para) == _one_piece(para), para[:200]


def test_a_sentence_longer_than_the_longest_is_cut_at_a_space(monkeypatch):
    from ingest import excerpts
    from ingest.excerpts import sentence_spans

    monkeypatch.setattr(excerpts, "WINDOW", 200)
    monkeypatch.setattr(excerpts, "LONGEST_SENTENCE", 800)
    para = " ".join(f"word{i}" for i in range(3000)) + ". And a last one."
    spans = sentence_spans(para)
    assert len(spans) > 3 and all(b - a <= 800 for a, b in spans)
    assert " ".join(para[a:b] for a, b in spans) == para  # nothing lost, no word cut
    assert para[spans[-1][0]:spans[-1][1]] == "And a last one."


def test_cutting_a_big_paragraph():
    """A paragraph of 4,000 sentences (230 KB) in one piece: every matching sentence is an
    excerpt with its neighbours, at its offset, and nothing else is. (Its time, and that of
    5 MB, is in bench/ingest.py --cut-sweep.)"""
    def sentence(i):
        if i % 40 == 7:
            return f"The ministry has an LRAD, report no. {i} says."
        return f"Report {i} said the river rose by {i % 90} cm near the old mill."

    sentences = [sentence(i) for i in range(4000)]
    para = " ".join(sentences)
    starts = [0]
    for s in sentences[:-1]:
        starts.append(starts[-1] + len(s) + 1)
    cuts = excerpts_cut(para, TOPICS)
    matching = [i for i in range(4000) if i % 40 == 7]
    assert [c.position for c in cuts] == [starts[i] for i in matching]
    assert [c.sentence for c in cuts] == [sentences[i] for i in matching]
    assert [c.text for c in cuts] == [" ".join(sentences[i - 1:i + 2]) for i in matching]
    assert all(c.text[c.sentence_start:].startswith(c.sentence) for c in cuts)

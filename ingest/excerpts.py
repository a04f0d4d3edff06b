"""Cutting articles into excerpts, and the step caps (wire copies: ingest/wire.py).

An excerpt is one sentence that matches a topic's keywords, with one sentence of context on
each side that exists, in the paragraph before or after too: a paragraph that opens with
"She told ..." or "The minister added ..." is read with the sentence that names her.
Sentences come from pysbd, paragraph by paragraph (paragraphs are separated by blank
lines), and only for the paragraphs that match a topic keyword at all, and the edge
sentence of their neighbours (`paragraph_edge_sentence`): sentence splitting is the
costliest step of reading a file, and most paragraphs of a news article are about something
else. An excerpt's `position` is therefore the character offset of its sentence in the
article's text (unique in the article, in reading order, and the same whichever other
paragraphs were split), not a sentence count. The paragraphs near one offset
(`paragraph_around`, `paragraph_before`, `paragraph_after`) are found without splitting the
whole article, for the extractors that read past an excerpt (an interview's turns).

pysbd runs with the same output and half the work (ingest/segmenter.py);
ingest/tests/test_cutting.py holds the excerpts to those of the code before, on every bundle
in fixtures/.
"""
import re
from dataclasses import dataclass
from functools import lru_cache

from .lang import pack_for
from .segmenter import segmenter

PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")


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
    for piece in segmenter(language).segment(text):
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


# How far a paragraph's edge is looked for, either side of an offset: reading around one
# sentence costs the same however long its paragraph (a transcript may be one paragraph).
PARAGRAPH_REACH = 3000


def paragraph_end(text: str, i: int, *, reach: int | None = None) -> int:
    """Where the paragraph of `text` that holds offset `i` ends: at its blank line, or where the
    text ends; with `reach`, no further than that past `i`."""
    limit = len(text) if reach is None else min(len(text), i + reach)
    m = PARAGRAPH_BREAK.search(text, i, limit)
    return m.start() if m else limit


def paragraph_around(text: str, i: int, *, reach: int = PARAGRAPH_REACH) -> tuple[int, int]:
    """(start, end) of the paragraph of `text` that holds offset `i`, its blank lines out,
    read within `reach` either side of `i`: for the paragraphs near one sentence, without
    splitting the whole article (`paragraphs_split`)."""
    lo = max(0, i - reach)
    a, k = lo, i
    while (k := text.rfind("\n", lo, k)) >= 0:  # back line by line to a blank one
        j = text.rfind("\n", lo, k)
        if j >= 0 and not text[j + 1:k].strip():
            a = k + 1
            break
    return a, paragraph_end(text, i, reach=reach)


def paragraph_after(text: str, end: int) -> tuple[int, int] | None:
    """The paragraph after the one ending at `end` (`paragraph_around`), or None."""
    j = end
    while j < len(text) and text[j].isspace():
        j += 1
    return paragraph_around(text, j) if j < len(text) else None


def paragraph_before(text: str, start: int) -> tuple[int, int] | None:
    """The paragraph before the one starting at `start` (`paragraph_around`), or None."""
    j = start
    while j > 0 and text[j - 1].isspace():
        j -= 1
    return paragraph_around(text, j - 1) if j > 0 else None


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


# Of a neighbouring paragraph that matches no topic only its end (or start) is split for the
# context sentence, when it is longer than this: the cost of splitting stays with the
# paragraphs that match a topic.
NEIGHBOUR = 400
# Where a sentence could end inside a paragraph: without one, the paragraph is one sentence.
_INNER_END = re.compile(r"[.!?;:\u2026][\"'\u201d\u2019)\]]*\s+\S|\n")
_LEADING = re.compile(r"\s*")


def paragraph_edge_sentence(text: str, paragraph: tuple[int, int], *, last: bool, language: str) -> tuple[int, int]:
    """(start, end) in `text` of the last (or first) sentence of a long paragraph, read from
    its last (first) NEIGHBOUR characters when they hold more than one sentence (the one cut
    by the window's edge is not the one wanted; sentence ends are decided by what is near
    them, as in `sentence_spans`): a neighbour's context sentence, or an answer's first
    sentence, without splitting the whole paragraph."""
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
    # the paragraphs that may hold an excerpt's sentence: each is split whole, once
    matched = [not prefilter or bool(_tags(read(text[a:b]), topics)) for a, b in paragraphs]
    split: dict[int, list[Sentence]] = {}  # the paragraphs split so far, by number

    def edge(number: int, *, last: bool) -> tuple[int, int]:
        """The last (first) sentence of a neighbouring paragraph: a paragraph of one sentence
        needs no splitting, one that is split whole anyway (it matches a topic) or short is
        split whole, once, and of any other only the end (start) is read."""
        p_start, p_end = paragraphs[number]
        if number not in split and not _INNER_END.search(text, p_start, p_end):
            a = _LEADING.match(text, p_start, p_end).end()  # one sentence: nothing could end one inside
            return a, a + len(text[a:p_end].rstrip())
        if number not in split and (matched[number] or p_end - p_start <= NEIGHBOUR):
            split[number] = paragraph_sentences(text, p_start, p_end, number, language=language)
        if number in split:
            s = split[number][-1 if last else 0]
            return s.start, s.end
        return paragraph_edge_sentence(text, paragraphs[number], last=last, language=language)

    for number, (p_start, p_end) in enumerate(paragraphs):
        if not matched[number]:
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
    article: int | None = None  # the article it was cut from (None: one article for all)
    sentence: str = ""  # the excerpt's sentence, for `StatementLook`


class StatementLook:
    """How much an excerpt's sentence looks like a statement rather than background, read
    from the story (compiled once): a verb of saying or attribution ("said", "according
    to", "denied"), a quotation, an actor's name, alias or role, one of the keywords or cues
    of a question on its topics, a figure when one of those questions asks for a number.
    One point each; background ("The bridge opened in 1961.") scores little. The caps take
    an article's best-looking excerpts first, so a cap that must drop some drops background."""

    def __init__(self, *, names: list[str], cues: dict[str, list[str]], number_topics=(), pack=None):
        """`names`: the actors' names, aliases and roles; `cues`: by topic, the keywords and
        cues of its questions; `number_topics`: the topics with a number question."""
        from .lang import words_regex

        pack = pack or pack_for("en")
        self.read = pack.normalize
        self.saying = words_regex(pack.attribution + pack.according_to + pack.denial + pack.wanting_said)
        self.actors = self._any(names)
        self.cues = {key: self._any(patterns) for key, patterns in cues.items()}
        self.number_topics = set(number_topics)
        words = [re.escape(w) for w in pack.number_words]
        self.figure = re.compile(r"\d" + (rf"|\b(?:{'|'.join(words)})\b" if words else ""), re.IGNORECASE)

    @classmethod
    def of(cls, story) -> "StatementLook":
        config = story.config or {}
        roles = {a.get("id"): a.get("roles") or [] for a in config.get("actors") or [] if isinstance(a, dict)}
        names = [n for a in story.actors.all() for n in [re.escape(a.name), *a.aliases, *roles.get(a.key, [])] if n]
        cues: dict[str, list[str]] = {}
        number_topics = set()
        for q in story.questions.select_related("topic"):
            cues.setdefault(q.topic.key, []).extend([*q.keywords, *q.affirm, *q.deny, *q.partial])
            if q.is_number:
                number_topics.add(q.topic.key)
        return cls(names=names, cues=cues, number_topics=number_topics,
                   pack=pack_for(story.language).with_overrides(config.get("extractor")))

    def _any(self, patterns) -> "re.Pattern | None":
        valid = []
        for p in patterns:
            try:
                re.compile(self.read(p))
            except re.error:  # the bundle check refuses these; never let one stop the caps
                continue
            valid.append(f"(?:{self.read(p)})")
        return re.compile("|".join(valid), re.IGNORECASE) if valid else None

    def __call__(self, sentence: str, topics: list[str]) -> int:
        text = self.read(sentence)
        score = int(bool(self.saying and self.saying.search(text)))
        score += '"' in text
        score += bool(self.actors and self.actors.search(text))
        score += any(self.cues.get(t) is not None and self.cues[t].search(text) for t in topics)
        score += bool(self.number_topics.intersection(topics) and self.figure.search(text))
        return score


def _caps_bind(items, fresh, per_topic_n, per_outlet_n, per_topic: int, per_outlet: int) -> bool:
    """Whether the new excerpts could pass a cap (some would then be held back)."""
    topic_n, outlet_n = dict(per_topic_n), dict(per_outlet_n)
    for n in fresh:
        for t in items[n].topics:
            topic_n[t] = topic_n.get(t, 0) + 1
            outlet_n[(items[n].outlet, t)] = outlet_n.get((items[n].outlet, t), 0) + 1
    return bool((per_topic and any(v > per_topic for v in topic_n.values()))
                or (per_outlet and any(v > per_outlet for v in outlet_n.values())))


def caps_apply(items: list[CapItem], *, per_topic: int, per_outlet: int,
               look: "StatementLook | None" = None) -> tuple[list[int], list[int]]:
    """Which excerpts of one step to take. `items` come in the order they should be taken.
    Excerpts already taken count first. A new one is taken when at least one of its topics
    has room under both caps (per topic, and per outlet within that topic; 0 = no cap), and
    then counts against each of its topics. Each article's first excerpt is weighed before
    any article's second, and so on: a broadcaster's long transcript or live blog does not
    fill its outlet's cap before its other reports of the step are read. With `look`, an
    article's excerpts are weighed in the order of how much they look like a statement
    (`StatementLook`), the order given among equals. Returns (taken ids, held-back ids), each
    in the order of `items`."""
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
    fresh = [n for n, item in enumerate(items) if not item.taken]
    if look and not _caps_bind(items, fresh, per_topic_n, per_outlet_n, per_topic, per_outlet):
        look = None  # every new excerpt fits: the order changes nothing, no sentence need be read
    score = {n: look(items[n].sentence, items[n].topics) for n in fresh} if look else {}
    rank, seen = {}, {}  # a new excerpt's place among its article's new excerpts
    for n in sorted(fresh, key=lambda n: -score.get(n, 0)):  # stable: the order given among equals
        rank[n] = seen[items[n].article] = seen.get(items[n].article, -1) + 1
    chosen = set()
    for n in sorted(fresh, key=lambda n: (rank[n], -score.get(n, 0))):  # stable, as above
        item = items[n]
        if any(room(item, t) for t in item.topics):
            count(item)
            chosen.add(n)
    taken = [item.id for n, item in enumerate(items) if n in chosen]
    held = [item.id for n, item in enumerate(items) if not item.taken and n not in chosen]
    return taken, held

"""rules/2 on one excerpt: the questions its sentence is about (its keywords there, or the
anchor of a number question in the neighbouring sentence), the attributions in it, and for
each attribution's content that is a statement, the position and the figure it gives."""
import re
from collections.abc import Callable
from dataclasses import dataclass

from ingest.excerpts import PARAGRAPH_BREAK, _edge_sentence
from ingest.lang.clean import text_clean

from .. import ExcerptView, Finding
from .answers import DASH, FLIP
from .names import lower
from .speakers import LABEL, Attribution
from .story import StoryRules2


def _split_context(text: str, sentence: str) -> tuple[str, str, bool, bool]:
    """(sentence before, sentence after, whether the one before is in the same paragraph,
    whether the one after opens the next paragraph)."""
    i = text.find(sentence)
    if i < 0:
        return "", "", True, False
    before, after = text[:i], text[i + len(sentence):]
    return (before.strip(), after.strip(), "\n" not in before[len(before.rstrip()):],
            "\n" in after[:len(after) - len(after.lstrip())])


_REACH = 3000  # how far a paragraph's edge is looked for, either side of the sentence


def _paragraph(text: str, i: int) -> tuple[int, int]:
    """(start, end) of the paragraph of `text` that holds offset `i`, its blank lines out."""
    lo = max(0, i - _REACH)
    a, k = lo, i
    while (k := text.rfind("\n", lo, k)) >= 0:  # back line by line to a blank one
        j = text.rfind("\n", lo, k)
        if j >= 0 and not text[j + 1:k].strip():
            a = k + 1
            break
    m = PARAGRAPH_BREAK.search(text, i, i + _REACH)
    return a, (m.start() if m else min(len(text), i + _REACH))


def _next(text: str, b: int) -> tuple[int, int] | None:
    """The paragraph after the one ending at `b`, or None."""
    j = b
    while j < len(text) and text[j].isspace():
        j += 1
    return _paragraph(text, j) if j < len(text) else None


@dataclass
class Turns:
    """An interview's turns around the excerpt's sentence, read from the article (the
    excerpt's context is a sentence each side), "" where there is none:
    - `opening`: the sentence's turn before it, when the turn opens with a speaker's label and
      the sentence is not its first ("HAGEN: No. We have checked them. [They stay in port.]");
    - `asked`: the turn before the sentence's own, when both open with a label and not the
      same: the interviewer's, which may put the question two sentences up ("PRESENTER: The
      builder says 18 million. Which is it?" / "MAYOR: [About 20 million.]");
    - `question`, `answer`: when the sentence's turn ends, after it, in a question, the turn
      from the sentence on, and the next (its answer);
    - `followed`, `answer`: when the sentence ends its turn and the next is a short question
      that names no topic ("How many, then?"), that question and its answer;
    - `earlier`: the sentence's paragraph before it, labelled or not (a number question's
      day, two sentences up: "It is the first day of the strike. The union says 4,200. [The
      company puts the number at 2,000.]")."""
    earlier: str = ""
    opening: str = ""
    asked: str = ""
    question: str = ""
    followed: str = ""
    answer: str = ""
    # the answer's first sentence, split from the article only when it is read
    first: Callable[[], str] = lambda: ""


_SHORT_QUESTION = 8  # words of a follow-up question ("PRESENTER: And how many a night, then?")


def _turns(rules: StoryRules2, excerpt: ExcerptView) -> Turns:
    text, i = excerpt.article, excerpt.position
    turns = Turns()
    if not text or text[i:i + len(excerpt.sentence)] != excerpt.sentence:
        return turns
    a, b = _paragraph(text, i)
    turns.earlier = text[a:i]
    label = rules.speakers.label(text[a:i + len(excerpt.sentence)])
    if label and a + label.end() <= i:
        turns.opening = text[a:i].strip()
    j = a
    while j > 0 and text[j - 1].isspace():
        j -= 1
    if label and j > 0:
        pa, pb = _paragraph(text, j - 1)
        before = text[pa:pb].strip()
        other = rules.speakers.label(before)
        if other and other.group(1).strip().lower() != label.group(1).strip().lower():
            turns.asked = before
    rest = text[i:b].rstrip()
    after = _next(text, b)
    if not after:
        return turns
    asks = rest.rstrip('"').endswith("?")
    if asks and len(rest) > len(excerpt.sentence.rstrip()):
        turns.question, answer = rest, after
    elif label and not asks and len(rest) <= len(excerpt.sentence.rstrip()):
        asked = text[after[0]:after[1]]
        answer = _next(text, after[1])
        asked_label = rules.speakers.label(asked)
        low = lower(rules.norm(asked))
        if not (answer and asked_label and asked.rstrip('"').endswith("?")
                and len(asked[asked_label.end():].split()) <= _SHORT_QUESTION
                and not any(rx and rx.search(low) for rx in rules.topic_keywords.values())):
            return turns
        turns.followed = asked
    else:
        if asks:  # the sentence is the question: the answer's whole turn
            turns.answer = text[after[0]:after[1]]
        return turns
    turns.answer = text[answer[0]:answer[1]]
    turns.first = lambda: text[slice(*_edge_sentence(text, answer, last=False, language=rules.pack.code))]
    return turns


def extract(rules: StoryRules2, excerpt: ExcerptView) -> list[Finding]:
    """The findings of one excerpt: a pure function of the compiled rules and the excerpt."""
    candidates = [q for q in rules.questions if q.topic in excerpt.topics]
    if not candidates:
        return []
    n = rules.norm
    raw_prev, raw_next, same_paragraph, next_paragraph = _split_context(excerpt.text, excerpt.sentence)
    raw, raw_prev = text_clean(excerpt.sentence), text_clean(raw_prev)
    s = n(raw)
    prev, nxt = n(raw_prev), n(text_clean(raw_next))
    low, prev_low, next_low = lower(s), lower(prev), lower(nxt)
    read = []  # the interview's turns, read from the article only once a question needs them

    def turns_read() -> Turns:
        if not read:
            read.append(_turns(rules, excerpt))
        return read[0]

    further = []  # the paragraph before the sentence and the question put, read only when needed

    def further_up(q):
        if not further:
            turns = turns_read()
            further.extend(lower(n(text_clean(x))) for x in (turns.earlier, turns.asked) if x)
        return any(q.keywords.search(x) for x in further)

    credit_end = rules.credits.opening(s)
    # a day of the sentence's own, not the day of the report it credits ("As X reported on Thursday, ...")
    own_day = bool(rules.day_anchor and rules.day_anchor.search(low, credit_end or 0))
    questions = []
    for q in candidates:
        if q.keywords is None or q.keywords.search(low):
            questions.append((q, False))
        elif q.number and not own_day and (q.keywords.search(prev_low) or q.keywords.search(next_low)
                                           or further_up(q)):
            # the day or place sits in the neighbouring sentence, further up its paragraph, or in the question put
            questions.append((q, True))
        elif not q.number and q.has_cues and q.keywords.search(prev_low):
            questions.append((q, True))
    if not questions:
        return []
    turns = turns_read()
    opening = n(text_clean(turns.opening)) if turns.opening and not LABEL.match(prev) else ""  # a label just before reads as ever
    seen = set()
    # a turn's two short answers, a yes and a no, before what the sentence alone says
    findings = _paired(rules, excerpt, s, raw, prev, raw_prev, opening, questions, seen) \
        if same_paragraph and (opening or LABEL.match(prev)) else []
    findings += _said(rules, excerpt, s, low, raw, prev, raw_prev, prev_low, same_paragraph, credit_end, questions,
                      seen, opening)
    if not findings and rules.acts.verbs and rules.acts.verbs.search(low) and not (
            LABEL.match(s) or LABEL.match(prev) or '"' in s):
        findings = _acted(rules, excerpt, s, low, raw, questions, seen)
    if low.rstrip(' "').endswith("?") and raw_next:  # an interviewer's question: its answer follows
        findings += _reply(rules, excerpt, s, low, text_clean(raw_next), next_paragraph, questions, seen,
                           turn=turns.answer if next_paragraph else "")
    elif turns.answer:
        # the question put a sentence or two on ("The city offers ten a night. Can you live with
        # that?"), or a follow-up that names nothing ("How many, then?") after the sentence's turn
        put = n(text_clean(turns.question or excerpt.sentence + " " + turns.followed))
        if turns.followed:
            questions = [(q, b) for q, b in questions if q.number] if rules.answers.how_many \
                and rules.answers.how_many.search(lower(n(turns.followed))) else []
        if questions:
            findings += _reply(rules, excerpt, put, lower(put), text_clean(turns.first()), True, questions, seen,
                               turn=turns.answer)
    claimed = [f for f in findings if f.position in FLIP]
    if claimed and raw_next and not next_paragraph and rules.claim_ref:
        findings += _rebutted(rules, excerpt, s, text_clean(raw_next), claimed, seen)
    counted = {f.question for f in findings if f.position == "number"}
    if counted and raw_next and not next_paragraph and rules.count_ref:
        findings += _restated(rules, excerpt, s, low, text_clean(raw_next),
                              [(q, True) for q, _ in questions if q.key in counted], seen)
    return findings


def _restated(rules, excerpt, s, low, raw, counted, seen):
    """Another's figure for the count the excerpt's sentence gives, in the sentence after it
    in the same paragraph, which names that count again ("... told reporters about 1,200 jobs
    would go. The union said the real figure was closer to 2,000."): when that sentence holds
    no keyword of the question's topic, no excerpt has it as its own."""
    n = rules.norm
    a = n(raw)
    a_low = lower(a)
    if not rules.count_ref.search(a_low):
        return []
    asked = [(q, b) for q, b in counted
             if not (rules.topic_keywords.get(q.topic) and rules.topic_keywords[q.topic].search(a_low))]
    if not asked:
        return []
    via = rules.credits.credited(a)
    if via and via in excerpt.outlets:
        via = None
    findings = []
    for att in rules.speakers.read(a, s):
        if att.negated or not att.speakers:
            continue
        for c0, c1 in [att.content] + ([att.alt] if att.alt else []):
            found = _findings(rules, a_low, c0, c1, att, asked, via, excerpt, seen,
                              lambda piece: _original(piece, a_low, raw, n) or _original(piece, low, s, n) or piece,
                              "", quote=raw.strip(), restated=True)
            findings += found
            if found:
                break
    return findings


def _paired(rules, excerpt, s, raw, prev, raw_prev, opening, questions, seen):
    """Two short answers of a transcript's turn, a yes and a no, the sentence and the one
    before it ("IVERSEN: We never opposed limits. A quota, yes. [A ban, never.]"), read as one
    statement of the turn's speaker: the one before names no topic, so is no excerpt of its
    own, and the sentence alone says only its no."""
    label = rules.speakers.label(prev)
    lead, raw_lead = (prev[label.end():], raw_prev[LABEL.match(raw_prev).end():]) if label else (prev, raw_prev)
    pair = lead.strip() + " " + s.strip()
    p_low = lower(pair)
    if not rules.answers.split(p_low) or any(rx and rx.search(lower(lead)) for rx in rules.topic_keywords.values()):
        return []
    n = rules.norm
    said = [att for att in rules.speakers.read(s, opening or prev) if att.verb == "label" and att.speakers]
    shown = raw_lead.strip() + " " + raw.strip()
    findings = []
    for att in said:
        att.content = (0, len(pair))
        findings += _findings(rules, p_low, 0, len(pair), att, questions, None, excerpt, seen,
                              lambda piece: _original(piece, p_low, shown, n) or piece, quote=shown)
    return findings


def _rebutted(rules, excerpt, s, raw, claimed, seen):
    """A denial of the excerpt's claim as a whole, in the sentence after it in the same
    paragraph ("Councillor Ruzek said the tender had been rigged. The consortium rejected the
    claim."): its speaker takes the opposite position on each question the claim answers."""
    a = rules.norm(raw)
    a_low = lower(a)
    if not (rules.claim_ref.search(a_low) and rules.speakers.denial and rules.speakers.denial.search(a_low)):
        return []
    findings = []
    for att in rules.speakers.read(a, s):
        said = a_low[att.content[0]:att.content[1]]
        said = said[len(att.verb):] if said.startswith(att.verb.lower()) else said  # "rejected the claim": the claim
        if not (att.denial and att.speakers) or att.negated or not rules.claim_ref.fullmatch(said.strip(' .,;!"')):
            continue
        for f in claimed:
            for actor in att.speakers:
                if actor == f.actor or (actor, f.question) in seen:
                    continue
                seen.add((actor, f.question))
                findings.append(Finding(actor, f.question, FLIP[f.position], None, 0.5, raw.strip(),
                                        rationale=f"{att.who} + {att.verb!r} the claim before; {f.position} "
                                                  f"by {f.actor}, reversed"[:300]))
    return findings


def _acted(rules, excerpt, s, low, raw, questions, seen):
    """An official act told with no verb of saying ("The directorate ordered all five ferries
    out of service"): the actor's position (acts.py)."""
    n = rules.norm
    via = rules.credits.credited(s)
    if via and via in excerpt.outlets:
        via = None
    findings = []
    for count in (True, False):
        asked = [(q, b) for q, b in questions if bool(q.number) == count]
        for att in rules.acts.read(s, count=count) if asked else []:
            # someone said to say something, but in the act's "after ..." clause, is the
            # statement's speaker ("after the directorate ordered ..., the company said")
            told = low[:att.gap[0]] + low[att.gap[1]:] if att.gap else low
            if rules.speakers.attribution.search(told) or rules.speakers.according_to.search(told):
                continue
            findings += _findings(rules, low, *att.content, att, asked, via, excerpt, seen,
                                  lambda piece: _original(piece, low, raw, n) or piece)
    return findings


def _said(rules, excerpt, s, low, raw, prev, raw_prev, prev_low, same_paragraph, credit_end, questions, seen,
          opening=""):
    """What the excerpt's own sentence says. `opening`: its transcript turn before it, when
    the turn's label is further up than the sentence before."""
    n = rules.norm
    if not (rules.speakers.attribution.search(low) or rules.speakers.according_to.search(low) or LABEL.match(s) or LABEL.match(prev)
            or ('"' in s and ('"' in prev or ":" in s)) or opening
            or (rules.speakers.so_says and rules.speakers.so_says.search(low)) or ": " in s):
        return []  # nobody is said to say anything: most sentences of the news
    attributions = rules.speakers.read(s, prev, same_paragraph=same_paragraph, credit_end=credit_end)
    if not attributions and opening:  # the turn's speaker goes on: "HAGEN: No. We checked. [They stay in port.]"
        attributions = [att for att in rules.speakers.read(s, opening) if att.verb == "label"]
    if not attributions:
        return []
    via = rules.credits.credited(s)
    if via is None and prev:  # "As N1 reported:" opening the paragraph, when it attributes nothing itself
        via = rules.credits.credited(prev)
        if via and rules.speakers.read(prev, credit_end=rules.credits.opening(prev)):
            via = None
    if via and via in excerpt.outlets:
        via = None
    findings = []
    for att in attributions:
        if att.negated:
            continue
        for a, b in [att.content] + ([att.alt] if att.alt else []):
            found = _findings(rules, low, a, b, att, questions, via, excerpt, seen,
                              lambda piece: _original(piece, low, raw, n) or _original(piece, prev_low, raw_prev, n) or piece,
                              prev_low if same_paragraph or LABEL.match(prev) else "")
            findings += found
            if found:
                break
    return findings


def _reply(rules, excerpt, s, low, raw, next_paragraph, questions, seen, turn=""):
    """The answer to the excerpt's question, in the sentence after it: a transcript's answer
    ("PRESENTER: Will you cancel the contract?" / "MAYOR: Absolutely not.") or a quoted reply
    ('"Absolutely not," the mayor said.'), read with the question's words supplying the
    question (and a yes or no its cue, a count its figure). Its record quotes the answer. Not
    when the answer holds the question's topic: then it is an excerpt of its own, which reads
    it with this question before it. `turn`: the whole of a labelled answer, whose count may
    come after its first sentence ("No. We have listened. We will keep to sixteen a night.")."""
    n = rules.norm
    dash = DASH.match(raw)
    if dash:  # "Is it safe? - LUNDEN: It is too early to say."
        raw = raw[dash.end():]
    a = n(raw)
    a_low = lower(a)
    own = [k for k, rx in rules.topic_keywords.items() if rx and rx.search(a_low)]
    asked = [(q, True) for q, borrowed in questions if not borrowed and q.topic not in own]
    if not asked or not raw:
        return []
    label = rules.speakers.label(a)
    attributions = [att for att in rules.speakers.read(a, s, same_paragraph=not next_paragraph) if att.speakers]
    if next_paragraph and not attributions and (not label or len(label.group(1)) < 3):
        # the next paragraph of an interview, unlabelled or "A:", to a question put by name
        # ("President Vucic, should it be banned?" / "No.")
        to = _addressee(rules, s)
        if to:
            attributions = [Attribution([to.actor], (label.end() if label else 0, len(a)), "asked by name", who=to.text)]
    elif not ((label and (next_paragraph or dash)) or a.lstrip().startswith('"')):
        return []  # "Will the works close? The union thinks so.": the reporter's own line goes on
    via = rules.credits.credited(a)
    if via and via in excerpt.outlets:
        via = None
    said = LABEL.match(raw)
    quote = raw[said.end():] if said and label else raw
    opening = _OPENING_QUOTE.match(a)  # '"No," the minister said.': too short a quotation for an inverted saying
    # The whole turn, when labelled: a count after its first sentence, or short answers of a
    # yes and a no ("These two are. The other three are not."), whose first alone says yes.
    whole = None
    if turn and said and label and any(att.verb == "label" for att in attributions):
        t_raw = text_clean(turn)
        t = n(t_raw)
        t_low = lower(t)
        whole = next((att for att in rules.speakers.read(t, s) if att.verb == "label" and not att.negated), None)
    split = bool(whole) and rules.answers.split(t_low[whole.content[0]:whole.content[1]])
    findings = []
    for att in attributions:
        if att.negated:
            continue
        for c0, c1 in [att.content] + ([att.alt] if att.alt else []) + ([opening.span(1)] if opening else []):
            found = _findings(rules, a_low, c0, c1, att, [(q, b) for q, b in asked if q.number or not split], via,
                              excerpt, seen,
                              lambda piece: _original(piece, a_low, raw, n) or _original(piece, low, s, n) or piece,
                              low, quote=quote.strip(), answer=True)
            findings += found
            if found:
                break
    # not when the turn names the topic further on: that sentence is an excerpt of its own
    unread = [(q, b) for q, b in asked if (q.number or split) and all(f.question != q.key for f in findings)
              and not (rules.topic_keywords.get(q.topic) and rules.topic_keywords[q.topic].search(t_low))] \
        if whole else []
    if unread:
        findings += _findings(rules, t_low, *whole.content, whole, unread, via, excerpt, seen,
                              lambda piece: _original(piece, t_low, t_raw, n) or piece,
                              low, quote=t_raw[LABEL.match(t_raw).end():].strip(), answer=True)
    return findings


def _addressee(rules, s: str):
    """The actor a question is put to by name, opening it ("Erik Lunden, are they safe?",
    "PRESENTER: Mayor, will you ...?") or closing it ("Will you cancel it, Mayor?"), or None."""
    label = LABEL.match(s)
    start = label.end() if label else 0
    for m in rules.names.mentions(s):
        if m.actor and ((_TITLES.fullmatch(s, start, m.start) and s.startswith(",", m.end))
                        or (_CALLED.search(s[:m.start]) and s[m.end:].strip() in ("?", '?"'))):
            return m
    return None


def _findings(rules, s, a, b, att, questions, via, excerpt, seen, shown, prev="", *, quote="",
              answer=False, restated=False) -> list[Finding]:
    findings = []
    c = s[a:b]
    if att.gap and a <= att.gap[0] < att.gap[1] <= b:  # "The contract, she says, must end."
        c = s[a:att.gap[0]].rstrip(" ,") + " " + s[att.gap[1]:b].lstrip()
    c = c.replace('"', "")  # a word quoted is still said: 'the contract "had to end"'
    if not c.strip():
        return []
    if rules.positions.unstated(s, a, b):  # a question, hearsay
        return []
    prefix = s[:min(a, b)]
    for q, borrowed in questions:
        if q.number:
            if rules.figures.elsewhen and rules.figures.elsewhen.search(s) and not rules.figures.elsewhen.search(c):
                continue  # a statement about another year ("..., the union said of last year's march")
            # "PRESENTER: How many are out of service?" / "One, the Skarvoy, ...": the figure the
            # answer opens with, its range whole ("Eight, perhaps ten a night")
            fig = (prev and rules.answers.count(rules.figures, q, c, prev)) or rules.figures.figure(q, c)
            if not fig and q.unit and q.unit.search(s) and not q.unit.search(c):
                fig = rules.figures.figure(q, c, bare=True)
            if not fig and answer:  # "The city offers ten a night. Can you live with that?" / "We can live with twelve."
                fig = rules.answers.counter(rules.figures, q, c, prev)
            if not fig and restated:  # "the real figure was closer to 2,000": the count named before
                fig = rules.figures.figure(q, c, bare=True)
            if not fig:
                continue
            value, high, conf = fig
            cue = f"figure {value:g}" + (f"-{high:g}" if high else "")
            position = "number"
        else:
            # a bare yes or no takes the cue of the question it answers
            st = rules.positions.stance(q, c, att) or rules.answers.stance(rules.positions, q, c, s, a, prev, att)
            if not st:
                continue
            position, conf, cue = st
            value = high = None
        if rules.positions.conditional_in(c, cue, prefix) or (position != "number" and rules.positions.speculative(c, cue)):
            continue
        if borrowed:
            conf -= 0.1
        for actor in att.speakers:
            if (actor, q.key) in seen:
                continue
            seen.add((actor, q.key))
            who = " and ".join(shown(w) for w in att.who.split(" and "))
            verb = f"act {shown(att.verb)!r}" if att.act else repr(shown(att.verb))
            why = f"{who} + {verb}; {position} cue {cue if position == 'number' else shown(cue)!r}" \
                + (" (answer to the question before)" if answer else " (the count of the sentence before)" if restated
                   else " (question from the neighbouring sentence)" if borrowed else "")
            if via:
                why += f"; credited to {via}"
            findings.append(Finding(actor, q.key, position, value, round(max(0.1, conf), 3), quote or excerpt.sentence,
                                    via=via, value_high=high, rationale=why[:300]))
    return findings


_TITLES = re.compile(r"\s*(?:[A-Z][\w.'\-]*\s+){0,3}")  # "Ms ", "Erik " before a name
_CALLED = re.compile(r",\s*(?:[A-Z][\w.'\-]*\s+){0,3}$")  # ", Mayor " before a name closing a question
_OPENING_QUOTE = re.compile(r'\s*"([^"]+)"')
_TOKEN = re.compile(r"\w+|\s+|.", re.DOTALL)


def _original(piece: str, low: str, raw: str, n) -> str | None:
    """`piece` of the normalized, lower-cased `low` as the reader's text `raw` wrote it (its
    script, diacritics and case): the rationale shows "Vučić", not the matching form "vucic".
    None if `piece` is not in `low`."""
    i = low.find(piece.lower()) if piece else -1
    if i < 0:
        return None
    j = i + len(piece)
    if len(raw) == len(low):
        return raw[i:j]
    spans, at = [], 0  # word by word: normalizing may change a word's length (Љ -> Lj)
    for m in _TOKEN.finditer(raw):
        size = len(n(m.group(0)))
        spans.append((at, at + size, m.start(), m.end()))
        at += size
    if at != len(low):
        return None
    start = next(r0 for n0, n1, r0, _ in spans if n1 > i)
    end = next(r1 for n0, _, _, r1 in reversed(spans) if n0 < j)
    return raw[start:end]

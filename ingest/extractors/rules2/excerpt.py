"""rules/2 on one excerpt: the questions its sentence is about (its keywords there, or the
anchor of a number question in the neighbouring sentence), the attributions in it, and for
each attribution's content that is a statement, the position and the figure it gives."""
import re

from ingest.lang.clean import text_clean

from ingest.excerpts import sentences_split

from .. import ExcerptView, Finding
from .answers import DASH, FLIP
from .findings import findings_of, original
from .names import lower
from .proposals import another_thing
from .speakers import LABEL, Attribution, label_end
from .story import StoryRules2
from .turns import Turns, paragraphs_back, turns_read


def _split_context(text: str, sentence: str) -> tuple[str, str, bool, bool]:
    """(sentence before, sentence after, whether the one before is in the same paragraph,
    whether the one after opens the next paragraph)."""
    i = text.find(sentence)
    if i < 0:
        return "", "", True, False
    before, after = text[:i], text[i + len(sentence):]
    return (before.strip(), after.strip(), "\n" not in before[len(before.rstrip()):],
            "\n" in after[:len(after) - len(after.lstrip())])


def extract(rules: StoryRules2, excerpt: ExcerptView, *, react: bool = True) -> list[Finding]:
    """The findings of one excerpt: a pure function of the compiled rules and the excerpt
    (`react`: read an answer to the article's decision, "welcomed the ruling", as well)."""
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

    def the_turns() -> Turns:
        if not read:
            read.append(turns_read(rules, excerpt))
        return read[0]

    further = []  # the paragraph before the sentence and the question put, read only when needed

    def further_up(q):
        if not further:
            turns = the_turns()
            further.extend(lower(n(text_clean(x))) for x in (turns.earlier, turns.asked) if x)
        return any(q.keywords.search(x) for x in further)

    credit_end = rules.credits.opening(s)
    # a day of the sentence's own, not the day of the report it credits ("As X reported on Thursday, ...")
    own_day = bool(rules.day_anchor and rules.day_anchor.search(low, credit_end or 0))
    questions = []
    for q in candidates:
        if q.keywords is None or q.keywords.search(low) or rules.positions.names_question(q, low):
            questions.append((q, False))  # a cue of the question names it as well as its keywords
        elif q.number and not own_day and (q.keywords.search(prev_low) or q.keywords.search(next_low)
                                           or further_up(q)):
            # the day or place sits in the neighbouring sentence, further up its paragraph, or in the question put
            questions.append((q, True))
        elif not q.number and q.has_cues and q.keywords.search(prev_low):
            questions.append((q, True))
    if not questions:
        # "Both Rydo and the union welcomed the ruling": no question named, the ruling's own
        return _reacted(rules, excerpt, s, low, raw, set()) if react and rules.reactions.rx else []
    turns = the_turns()
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
    if not (LABEL.match(s) or LABEL.match(prev)):
        findings += _cue_acted(rules, excerpt, s, low, raw, prev if same_paragraph else "", questions, seen)
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
    if raw_next and not next_paragraph and not low.rstrip(' "').endswith("?"):
        findings += _goes_on(rules, excerpt, s, low, opening or (prev if same_paragraph else ""),
                             text_clean(raw_next), questions, seen)
    claimed = [f for f in findings if f.position in FLIP]
    if claimed and raw_next and not next_paragraph and rules.claim_ref:
        findings += _rebutted(rules, excerpt, s, text_clean(raw_next), claimed, seen)
    if react and rules.reactions.rx:
        findings += _reacted(rules, excerpt, s, low, raw, seen)
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
    via = rules.credits.via(a, excerpt.outlets)
    findings = []
    for att in rules.speakers.read(a, s):
        if att.negated or not att.speakers:
            continue
        for c0, c1 in [att.content] + ([att.alt] if att.alt else []):
            found = findings_of(rules, a_low, c0, c1, att, asked, via, excerpt, seen,
                                lambda piece: original(piece, a_low, raw, n) or original(piece, low, s, n) or piece,
                                "", quote=raw.strip(), restated=True)
            findings += found
            if found:
                break
    return findings


def _goes_on(rules, excerpt, s, low, before, raw, questions, seen):
    """The sentence after the excerpt's, in its paragraph, said by the sentence's own speaker
    going on: a transcript's turn ("KOVAC: There was shelling, I won't hide that. [But it was
    an isolated incident.]"), a pronoun's chain ("X said A. [He added B.]"), a quotation carried
    on ('"A," X said. ["B."]'). Only when it names no topic: else it is an excerpt of its own,
    which reads itself; and only for the questions the excerpt's sentence names. Its record
    quotes that sentence. `before`: what the sentence is read with (its turn's opening, or the
    sentence before in its paragraph)."""
    n = rules.norm
    a = n(raw)
    a_low = lower(a)
    if a_low.rstrip(' "').endswith("?") or any(rx and rx.search(a_low) for rx in rules.topic_keywords.values()):
        return []
    if any(m.actor for m in rules.names.mentions(a)):
        # a sentence that names an actor may be about it ("Lusandra is prepared, she said, to ..."): precision first
        return []
    own = {tuple(att.speakers) for att in rules.speakers.read(s, before) if att.speakers and not att.negated}
    if len(own) != 1:
        return []  # nobody speaks in the sentence, or several: whose words go on is unclear
    # the questions the sentence names, or the one after it (of the excerpt's topics)
    # (stances only: a count after the sentence is another's restating it, or of another thing)
    # (the checks above first: they are cheaper than reading the cues, and end most sentences)
    asked = [(q, True) for q, borrowed in questions if not borrowed and not q.number]
    asked += [(q, True) for q in rules.questions if q.topic in excerpt.topics and all(q is not x for x, _ in asked)
              and not q.number and q.keywords
              and (q.keywords.search(a_low) or rules.positions.names_question(q, a_low))]
    if not asked:
        return []
    label = rules.speakers.label(before) if before else None
    # the sentence's turn is its own label's, or the one further up
    turn = s if LABEL.match(s) or not label else before + " " + s
    attributions = [att for att in rules.speakers.read(a, turn) if att.speakers]
    if not attributions or any(tuple(att.speakers) not in own for att in attributions):
        return []  # another speaker, or the reporter's own line
    via = rules.credits.via(a, excerpt.outlets)
    findings = []
    for att in attributions:
        if att.negated:
            continue
        for c0, c1 in [att.content] + ([att.alt] if att.alt else []):
            found = findings_of(rules, a_low, c0, c1, att, asked, via, excerpt, seen,
                                lambda piece: original(piece, a_low, raw, n) or piece, quote=raw.strip())
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
    lead, raw_lead = (prev[label.end():], raw_prev[label_end(raw_prev, label):]) if label else (prev, raw_prev)
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
        findings += findings_of(rules, p_low, 0, len(pair), att, questions, None, excerpt, seen,
                                lambda piece: original(piece, p_low, shown, n) or piece, quote=shown)
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


def _reacted(rules, excerpt, s, low, raw, seen):
    """An answer to the decision the article tells ("Both Rydo and the union welcomed the
    ruling"): whoever welcomes it takes its side on each question it answers, whoever condemns
    it the other; a partial decision gives none (reactions.py). The decision is the first the article's sentences before this
    one give a position of (its news: reporters tell reactions last)."""
    reactions = rules.reactions.read(s, low)
    if not reactions:
        return []
    decided = _decision(rules, excerpt, {a for r in reactions for a in r.actors})
    findings = []
    for r in reactions:
        for f in decided:
            if f.position not in FLIP:
                continue  # a partial decision: welcomed as far as it goes, or for going that far?
            position = f.position if r.backs else FLIP[f.position]
            for actor in r.actors:
                if actor == f.actor or (actor, f.question) in seen:
                    continue
                seen.add((actor, f.question))
                findings.append(Finding(actor, f.question, position, None, 0.4, raw.strip(),
                                        rationale=f"{r.who} + {r.verb!r} {r.noun}: {f.position} by {f.actor}"
                                                  f"{'' if r.backs else ', reversed'} ({f.quote[:80]})"[:300]))
    return findings


_DECISION_SENTENCES = 2  # the article's lead: its news


def _decision(rules, excerpt, reacting) -> list[Finding]:
    """The positions the article's first sentence that gives any, before the excerpt's, gives
    (by others than `reacting`), read as an excerpt of its own."""
    text = excerpt.article
    if not text or text[excerpt.position:excerpt.position + len(excerpt.sentence)] != excerpt.sentence:
        return []
    sentences = [x for p in sentences_split(text[:excerpt.position], language=rules.pack.code) for x in p]
    for i, x in enumerate(sentences[:_DECISION_SENTENCES]):
        around = text[sentences[i - 1].start if i else x.start:sentences[i + 1].end if i + 1 < len(sentences) else x.end]
        view = ExcerptView(id=excerpt.id, sentence=x.text, text=around, topics=excerpt.topics, day=excerpt.day,
                           outlets=excerpt.outlets, article=text, position=x.start)
        found = [f for f in extract(rules, view, react=False) if f.position in FLIP or f.position == "partial"]
        found = [f for f in found if f.actor not in reacting]
        if found:
            return found
    return []


def _acted(rules, excerpt, s, low, raw, questions, seen):
    """An official act told with no verb of saying ("The directorate ordered all five ferries
    out of service"): the actor's position (acts.py)."""
    n = rules.norm
    via = rules.credits.via(s, excerpt.outlets)
    findings = []
    for count in (True, False):
        asked = [(q, b) for q, b in questions if bool(q.number) == count]
        for att in rules.acts.read(s, count=count, year=excerpt.day.year if excerpt.day else None) if asked else []:
            here = asked
            if count and (changed := rules.acts.changed(low, att)) is not None:
                # "cut the ban to 16 months": what it changed is what the question counts (not
                # "extended the appeal deadline to 12 months")
                here = [(q, b) for q, b in asked if q.keywords and q.keywords.search(changed)]
            # someone said to say something, but in the act's "after ..." clause, is the
            # statement's speaker ("after the directorate ordered ..., the company said")
            told = low[:att.gap[0]] + low[att.gap[1]:] if att.gap else low
            if rules.speakers.attribution.search(told) or rules.speakers.according_to.search(told):
                continue
            findings += findings_of(rules, low, *att.content, att, here, via, excerpt, seen,
                                    lambda piece: original(piece, low, raw, n) or piece)
    return findings


_INVERTED = re.compile(r"[,\"]\s*(?:[\w'-]+\s+){0,4}$")  # a saying after a comma: its own subject's
_AND = re.compile(r"\band\s+$")  # but "X refused to concede, and said ..." (or ", saying ...") is X's


def _cue_acted(rules, excerpt, s, low, raw, prev, questions, seen):
    """A cue's own verb told of its subject, with no verb of saying before it: "Rusk conceded",
    "Rusk refused to concede and said ...", "She conceded" after a sentence that names her
    (`prev`: the sentence before, in the same paragraph) (acts.py)."""
    n = rules.norm
    via = rules.credits.via(s, excerpt.outlets)
    findings = []
    for q, borrowed in questions:
        if q.number or borrowed:
            continue
        for at, cue_end in rules.positions.cue_spans(q, low):
            c_start, c_end = rules.speakers.clause_at(low, at)
            if rules.speakers.according_to.search(low, c_start, c_end):
                continue
            if " " not in low[at:cue_end].strip() and not (q.keywords and q.keywords.search(low, c_start, c_end)):
                continue  # a lone verb of anything: "the court upheld Rusk's challenge" under a cue `upheld`
            if another_thing(q, low, cue_end, rules.day_anchor):
                continue  # the cue's thing is another: "backed a ban on imports", "met the demand for talks"
            # the verbs of saying of its clause, but the cue's own words ("refused to concede",
            # "renewed its call for capital controls")
            sayings = [m for m in rules.speakers.attribution.finditer(low, c_start, c_end)
                       if not (at <= m.start() and m.end() <= cue_end)]
            if any(m.start() < cue_end for m in sayings):
                continue  # "Tolland said Rusk refused to concede", "has reportedly said that it bought ..."
            then = sayings[0] if sayings else None
            if then and _INVERTED.search(low, c_start, then.start()) and not (
                    _AND.search(low, c_start, then.start()) or then.group(0).endswith("ing")):
                continue  # '"...", the club's owner said', "..., stated the minister"
            for att in rules.acts.read_cue(s, at, prev, year=excerpt.day.year if excerpt.day else None):
                if then:  # the act alone, not what its subject goes on to say ("and said ...", ", saying ...")
                    att.content = (att.content[0], then.start())
                findings += findings_of(rules, low, *att.content, att, [(q, False)], via, excerpt, seen,
                                        lambda piece: original(piece, low, raw, n) or piece)
    return findings


def _said(rules, excerpt, s, low, raw, prev, raw_prev, prev_low, same_paragraph, credit_end, questions, seen,
          opening=""):
    """What the excerpt's own sentence says. `opening`: its transcript turn before it, when
    the turn's label is further up than the sentence before."""
    n = rules.norm
    attributions = []
    if rules.speakers.attribution.search(low) or rules.speakers.according_to.search(low) or LABEL.match(s) or LABEL.match(prev) \
            or ('"' in s and ('"' in prev or ":" in s)) or opening \
            or (rules.speakers.so_says and rules.speakers.so_says.search(low)) or ": " in s:
        attributions = rules.speakers.read(s, prev, same_paragraph=same_paragraph, credit_end=credit_end)
        if not attributions and opening:  # the turn's speaker goes on: "HAGEN: No. We checked. [They stay in port.]"
            attributions = [att for att in rules.speakers.read(s, opening) if att.verb == "label"]
    said, said_low = s, low  # the sentence the attributions' offsets are of
    if not attributions and not opening:
        # "The agency has, according to the news agency VPA, found ...": read without the
        # credit set between the subject and its verb, the subject's report whatever its verb
        cut = rules.credits.aside_cut(s)
        if cut and not rules.speakers.attribution.search(low, 0, cut[0]):
            said = s[:cut[0]] + " " + s[cut[1]:]
            said_low = lower(said)
            attributions = rules.speakers.read(said, prev, same_paragraph=same_paragraph, credit_end=0)
    if not attributions and not opening and not LABEL.match(s) and excerpt.article:
        back = _FurtherUp(rules, excerpt)
        attributions = _quoted(rules, back, s) or _chained(rules, back, s, low)
    if not attributions:
        return []  # nobody is said to say anything: most sentences of the news
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
            found = findings_of(rules, said_low, a, b, att, questions, via, excerpt, seen,
                                lambda piece: original(piece, said_low, raw, n) or original(piece, prev_low, raw_prev, n) or piece,
                                prev_low if same_paragraph or LABEL.match(prev) else "")
            findings += found
            if found:
                break
    return findings


def _speakers_of(rules, sentence: str, before: str = "") -> Attribution | None:
    """The one attribution with speakers of a sentence, read with the one before it; None
    when it has none, or several of different speakers."""
    found = [att for att in rules.speakers.read(sentence, before) if att.speakers and not att.negated]
    return found[-1] if found and len({tuple(att.speakers) for att in found}) == 1 else None


class _FurtherUp:
    """The paragraphs before the excerpt's sentence (`paragraphs_back`), split from the
    article once and each read (cleaned, normalized) once, for both readers of them: the
    quotation carried on and the pronoun's chain."""

    def __init__(self, rules, excerpt):
        self.paragraphs = paragraphs_back(excerpt, rules.pack.code)
        self._norm = rules.norm
        self._read: dict[int, list[str]] = {}

    def __len__(self) -> int:
        return len(self.paragraphs)

    def __getitem__(self, k: int) -> list[str]:
        """The sentences of the k-th paragraph back, as the sentence is read."""
        if k not in self._read:
            self._read[k] = [self._norm(text_clean(x)) for x in self.paragraphs[k]]
        return self._read[k]


def _quoted(rules, back: _FurtherUp, s) -> list[Attribution]:
    """A sentence inside a quotation opened further up, which names no speaker of its own:
    the quotation's speaker. Within its paragraph ('"A," she said. "B. [C.]"', 'X said: "A.
    [B.]'), or in a wire's continuation paragraph, which opens with a quotation mark while the
    one before leaves its quotation open ('X said: "A' / '"[B.] [C.]' / '"D."'), or ends with
    a colon ('Spokesperson Y stated:' / '"[A.]"'). None when unclear."""
    if not len(back):
        return []

    def opener(sentences, opens_here):
        """The attribution of the quotation open at the end of `sentences` (or, with
        `opens_here`, opened by the sentence after them), and the paragraph index reached."""
        if not opens_here:
            held = [k for k, x in enumerate(sentences) if '"' in x]
            if not held:
                return None
            k = held[-1]
            q = sentences[k]
            if q[:q.rfind('"')].strip():  # 'X said: "A.': the sentence that opens it says who
                return _speakers_of(rules, q, sentences[k - 1] if k else "")
            sentences = sentences[:k]
        if not sentences:
            return False  # the quotation opens its paragraph: the one before says who
        last = sentences[-1]
        # '"A," she said. "[B.]"', 'Y stated: "[A.]"': an attribution closing the sentence before
        if last.rstrip().endswith(":") or (last.count('"') >= 2 and not last.count('"') % 2
                                           and last.lstrip().startswith('"')):
            return _speakers_of(rules, last, sentences[-2] if len(sentences) > 1 else "")
        return None

    here = back[0]
    odd = sum(x.count('"') for x in here) % 2
    if not odd and not s.lstrip().startswith('"'):
        return []
    inner = s.strip()[0 if odd else 1:].rstrip()
    if '"' in inner[:-1]:  # a quotation closed inside the sentence, words of the writer's after it
        return []
    att = opener(here, not odd)
    for k in range(1, len(back)):
        if att is not False:
            break
        before = back[k]
        if sum(x.count('"') for x in before) % 2:
            att = opener(before, False)  # 'X said: "A' / '"[B.]': the quotation left open
        elif before and before[-1].rstrip().endswith(":"):
            att = opener(before, True)  # 'Spokesperson Y stated:' / '"[A.]"'
        else:
            att = None
    if not att:
        return []
    return [Attribution(att.speakers, (0, len(s)), "quotation", who=att.who)]


def _chained(rules, back: _FurtherUp, s, low) -> list[Attribution]:
    """A pronoun saying ("She added that ...") when the sentence before names no one: the
    actor of the last sentence further up its paragraph (and the paragraph before, for a
    paragraph that opens with the pronoun) whose speaker is an actor, through sentences
    that go on with the same pronoun ("The minister said A. She said B. [She added C.]").
    None when another person or actor is named in between: precision first."""
    if not rules.speakers.attribution.search(low):
        return []
    mentions = rules.names.mentions(s)
    quoted = [(q.start(), q.end()) for q in _QUOTATION.finditer(s)]
    first = next((m for m in mentions if (m.kind == "pronoun" or m.actor)
                  and not any(a <= m.start < b for a, b in quoted)), None)  # not a name in what is said
    if not first or first.actor:
        return []
    word = re.escape(low[first.start:first.end])
    pronoun = re.compile(rf'^\W*{word}\b|"\s*,?\s*{word}\s')
    # '"...," she said.' opening its paragraph: its pronoun looks back into the paragraph before too
    quote_first = re.compile(rf'^\s*"[^"]+"\s*,?\s*{word}\s')
    person = rules.speakers.person_pronoun and rules.speakers.person_pronoun.fullmatch(low[first.start:first.end])
    n = rules.norm
    sentences = []
    for k in range(len(back)):
        if k and not pronoun.match(lower(n(text_clean((sentences or [s])[-1])))) \
                and not (not sentences and quote_first.match(low)):
            break  # the paragraph before, only for a paragraph that opens with the pronoun
        for x in reversed(back[k]):
            x_low = lower(x)
            named = [m for m in rules.names.mentions(x) if m.actor]
            if not sentences and person and named and rules.speakers.bodies_only(x):
                sentences.append(x)  # "The club would find the rest.": no "she" there; the one who spoke before
                continue
            if named or _PERSON.search(x, 1):
                if not sentences:
                    return []  # the sentence just before names someone: read with it as ever
                att = _speakers_of(rules, x)
                if not att:
                    return []
                return [a for a in rules.speakers.read(s, x) if a.speakers and set(a.speakers) == set(att.speakers)]
            if not pronoun.search(x_low):
                return []
            sentences.append(x)
    return []


_PERSON = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+\s+[A-Z][a-z]+")  # "Ana Petrov": a person named, not an actor
_QUOTATION = re.compile(r'"[^"]*"')


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
    via = rules.credits.via(a, excerpt.outlets)
    quote = raw[label_end(raw, label):] if label else raw
    opening = _OPENING_QUOTE.match(a)  # '"No," the minister said.': too short a quotation for an inverted saying
    # The whole turn, when labelled: a count after its first sentence, or short answers of a
    # yes and a no ("These two are. The other three are not."), whose first alone says yes.
    whole = None
    if turn and label and any(att.verb == "label" for att in attributions):
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
            found = findings_of(rules, a_low, c0, c1, att, [(q, b) for q, b in asked if q.number or not split], via,
                                excerpt, seen,
                                lambda piece: original(piece, a_low, raw, n) or original(piece, low, s, n) or piece,
                                low, quote=quote.strip(), answer=True)
            findings += found
            if found:
                break
    # not when the turn names the topic further on: that sentence is an excerpt of its own
    unread = [(q, b) for q, b in asked if (q.number or split) and all(f.question != q.key for f in findings)
              and not (rules.topic_keywords.get(q.topic) and rules.topic_keywords[q.topic].search(t_low))] \
        if whole else []
    if unread:
        findings += findings_of(rules, t_low, *whole.content, whole, unread, via, excerpt, seen,
                                lambda piece: original(piece, t_low, t_raw, n) or piece,
                                low, quote=t_raw[label_end(t_raw, label):].strip(), answer=True)
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


_TITLES = re.compile(r"\s*(?:[A-Z][\w.'\-]*\s+){0,3}")  # "Ms ", "Erik " before a name
_CALLED = re.compile(r",\s*(?:[A-Z][\w.'\-]*\s+){0,3}$")  # ", Mayor " before a name closing a question
_OPENING_QUOTE = re.compile(r'\s*"([^"]+)"')

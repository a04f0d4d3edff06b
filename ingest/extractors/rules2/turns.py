"""rules/2 reads the article around an excerpt for an interview's turns: the excerpt's
context is a sentence each side, and a turn's label, the question put or the answer's count
may be further up or down (`Turns`). Read only once one of the excerpt's questions matches."""
from collections.abc import Callable
from dataclasses import dataclass

from ingest.excerpts import (paragraph_after, paragraph_around, paragraph_before, paragraph_edge_sentence,
                             sentence_spans)

from .. import ExcerptView
from .names import lower
from .story import StoryRules2


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


def turns_read(rules: StoryRules2, excerpt: ExcerptView) -> Turns:
    text, i = excerpt.article, excerpt.position
    turns = Turns()
    if not text or text[i:i + len(excerpt.sentence)] != excerpt.sentence:
        return turns
    a, b = paragraph_around(text, i)
    turns.earlier = text[a:i]
    label = rules.speakers.label(text[a:i + len(excerpt.sentence)])
    if label and a + label.end() <= i:
        turns.opening = text[a:i].strip()
    if label and (up := paragraph_before(text, a)):
        before = text[up[0]:up[1]].strip()
        other = rules.speakers.label(before)
        if other and other.group(1).strip().lower() != label.group(1).strip().lower():
            turns.asked = before
    rest = text[i:b].rstrip()
    after = paragraph_after(text, b)
    if not after:
        return turns
    asks = rest.rstrip('"').endswith("?")
    if asks and len(rest) > len(excerpt.sentence.rstrip()):
        turns.question, answer = rest, after
    elif label and not asks and len(rest) <= len(excerpt.sentence.rstrip()):
        asked = text[after[0]:after[1]]
        answer = paragraph_after(text, after[1])
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
    turns.first = lambda: text[slice(*paragraph_edge_sentence(text, answer, last=False, language=rules.pack.code))]
    return turns


def paragraphs_back(excerpt: ExcerptView, language: str, reach: int = 4) -> list[list[str]]:
    """The sentences of the excerpt's paragraph before its sentence, then of up to `reach`
    paragraphs before that, whole: nearest paragraph first, each in the article's order (for
    a quotation that runs on over paragraphs, and a pronoun whose antecedent is further up)."""
    text, i = excerpt.article, excerpt.position
    if not text or text[i:i + len(excerpt.sentence)] != excerpt.sentence:
        return []
    a, _ = paragraph_around(text, i)
    out = [[text[a + x:a + y] for x, y in sentence_spans(text[a:i], language=language)]]
    while len(out) <= reach:
        # no paragraph before: `a` opens the text, or is where the reach cut a paragraph short
        if a < 2 or not text[a - 2:a].isspace() or not (up := paragraph_before(text, a)):
            break
        a, b = up
        out.append([text[a + x:a + y] for x, y in sentence_spans(text[a:b], language=language)])
    return out

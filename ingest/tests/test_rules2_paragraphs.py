"""rules/2 beyond the excerpt's sentence, in its paragraphs: a quotation that runs on over
several paragraphs (each continuation paragraph opens with a quotation mark and names no
speaker: its sentences are the speaker's of the opening attribution), a pronoun chain ("She
said A. She added B.") followed back to the last sentence whose speaker is an actor, and a
statement in the sentence after the excerpt's, in its paragraph, when that sentence names no
topic and its speaker is the sentence's going on (a transcript's turn, a pronoun's chain, a
quotation carried on). Each article is written for this test; none is taken from a news story."""
import pytest

from ingest.extractors import ExcerptView, rules2

from .test_rules2 import D, story2, story3  # noqa: F401 (fixtures)
from .test_rules2_answers import read_in

T = ["march-15"]

CASES = [
    # the wire's multi-paragraph quotation: 'X said: "A' / '"B' / '"C"'
    ('The hearing on crowd devices ran late into the evening.\n\n'
     'The Interior Ministry said in a statement: "We have reviewed every report from the square.\n\n'
     '"The LRAD must be banned. No officer will carry one again.\n\n'
     '"We expect the new rules within a month."\n\nThe opposition welcomed the move.',
     "The LRAD must be banned.", [("ministry", "device-banned", "affirm", '"The LRAD must be banned.')]),
    # a continuation paragraph's later sentence, with no quotation mark of its own
    ('The Interior Ministry said: "We have reviewed every report.\n\n'
     '"The review took six weeks. The device should be banned, and it will be.\n\n'
     '"We expect the new rules soon."',
     "The device should be banned, and it will be.",
     [("ministry", "device-banned", "affirm", "The device should be banned, and it will be.")]),
    # the attribution ends the paragraph before: 'Spokesperson Y stated:'
    ('Asked about the square, the Interior Ministry stated:\n\n'
     '"The LRAD should be banned. We will not wait for the courts."',
     "The LRAD should be banned.",
     [("ministry", "device-banned", "affirm", '"The LRAD should be banned. We will not wait for the courts."')]),
    # a second quoted sentence after the inverted attribution, in the same paragraph, then more
    ('"We listened to the nurses," the minister said. "They were right. The LRAD must be banned."',
     "The LRAD must be banned.\"", [("ministry", "device-banned", "affirm", '"They were right. The LRAD must be banned."')]),
    # a paragraph opening with a quotation mark whose paragraph before is closed: not a continuation
    ('The Interior Ministry said: "We have reviewed every report."\n\n'
     '"The LRAD must be banned," a protester shouted from the gallery.',
     "The LRAD must be banned,\" a protester shouted from the gallery.", []),
    # a quotation closed inside the sentence, the writer's words after it: not the quotation's
    ('The Interior Ministry said: "We have reviewed every report.\n\n"Officers will keep the device in store." '
     'The LRAD must be banned, the opposition replied.',
     "The LRAD must be banned, the opposition replied.", []),
    ('The Interior Ministry said: "We have reviewed every report.\n\n'
     '"The LRAD must be banned" is what the crowd chanted outside.',
     '"The LRAD must be banned" is what the crowd chanted outside.', []),
    # pronoun chains
    ('The minister spoke to reporters outside the hall on Tuesday. She said the review was complete. '
     'She added that the LRAD must be banned.',
     "She added that the LRAD must be banned.", []),
    ('The minister said the review was complete. She said the report was long. She added that the LRAD must be banned.',
     "She added that the LRAD must be banned.",
     [("ministry", "device-banned", "affirm", "She added that the LRAD must be banned.")]),
    # a paragraph opening with the pronoun: the paragraph before
    ('The minister said the review was complete. She said the report was long.\n\n'
     'She added that the LRAD must be banned.',
     "She added that the LRAD must be banned.",
     [("ministry", "device-banned", "affirm", "She added that the LRAD must be banned.")]),
    # another person named in between: no record
    ('The minister said the review was complete. Ana Petrov, a nurse, said the report was long. '
     'She said the LRAD must be banned.',
     "She said the LRAD must be banned.", []),
]


@pytest.mark.parametrize("text, sentence, expected", CASES, ids=[c[1][:40] + str(i) for i, c in enumerate(CASES)])
def test_rules2_reads_a_quotation_or_a_pronoun_further_up(story3, text, sentence, expected):
    assert [(a, q, p, quote) for a, q, p, _, _, quote in read_in(story3, text, sentence, T)] == expected


def test_rules2_splits_each_paragraph_further_up_once_per_excerpt(story3, monkeypatch):
    # a pronoun saying that opens no quotation: both the quotation carried on and the pronoun's
    # chain read the paragraphs before it, and they read the same ones
    from ingest.extractors.rules2 import turns

    split, real = [], turns.sentence_spans
    monkeypatch.setattr(turns, "sentence_spans", lambda text, **kw: split.append(text) or real(text, **kw))
    text = ('The minister said the review was complete. She said the report was long.\n\n'
            'She added that the LRAD must be banned.')
    found = read_in(story3, text, "She added that the LRAD must be banned.", T)
    assert [(a, p) for a, _, p, *_ in found] == [("ministry", "affirm")]
    assert len(split) == len(set(split)) and split


# --- a statement in the next sentence of the paragraph, the speaker going on ----------------------

def read(story, sentence, text):
    """(actor, question, position, quote) of each finding of the excerpt."""
    rules2._cache.clear()
    view = ExcerptView(id=1, sentence=sentence, text=text, topics=["march-15"], day=D,
                       article=text, position=text.find(sentence))
    return sorted((f.actor, f.question, f.position, f.quote)
                  for f in rules2.extract(rules2.story_rules(story), view))


def test_the_speaker_goes_on_in_the_next_sentence(story3):
    for sentence, after in [
        # a transcript's turn: the label's speaker says the next sentence too
        ("VUČIĆ: The police used an LRAD on Saturday, I will not hide that.", "But the device must be banned."),
        # a pronoun's chain: the sentence's speaker adds the next
        ("Vučić said the LRAD had not been used on Saturday.", "He added that the device must be banned."),
        # a quotation carried on past the saying
        ('"The LRAD was not used on Saturday," Vučić said.', '"The device must be banned."'),
    ]:
        text = sentence + " " + after
        assert ("president", "device-banned", "affirm", after) in read(story3, sentence, text), sentence


def test_not_another_speaker_a_presenter_or_an_excerpt_of_its_own(story3):
    for sentence, after in [
        ("Vučić said the LRAD had not been used on Saturday.", "The students said the device must be banned."),
        ("PRESENTER: The police used an LRAD on Saturday.", "The device must be banned."),
        # the reporter's own line after the saying
        ("Vučić said the LRAD had not been used on Saturday.", "The device must be banned, critics say."),
    ]:
        text = sentence + " " + after
        assert not [f for f in read(story3, sentence, text) if f[3] == after], (sentence, after)
    # names the topic: an excerpt of its own, which reads itself (no record twice)
    sentence, after = "VUČIĆ: The police used an LRAD on Saturday.", "The LRAD must be banned."
    text = sentence + " " + after
    assert not [f for f in read(story3, sentence, text) if f[3] == after]
    # the next paragraph is no longer the sentence's
    sentence, after = "Vučić said the LRAD had not been used on Saturday.", "He added that the device must be banned."
    assert not [f for f in read(story3, sentence, sentence + "\n\n" + after) if f[3] == after]

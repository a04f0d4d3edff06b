"""rules/2, a statement in the sentence after the excerpt's, in its paragraph, when that
sentence names no topic (so is no excerpt of its own) and its speaker is the sentence's going
on: a transcript's turn ("KOVAC: A, I won't hide that. But B."), a pronoun's chain ("X said
A. He added B."), a quotation carried on ('"A," X said. "B."'). Each sentence is written for
this test; none is taken from an article."""
from ingest.extractors import ExcerptView, rules2

from .test_rules2 import D, story2, story3  # noqa: F401 (fixtures)


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

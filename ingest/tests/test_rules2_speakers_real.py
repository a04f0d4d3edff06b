"""rules/2, who said it, on shapes of real reporting where a wrong speaker wrote a wrong record.
Precision first: when the speaker is unclear, no record. Every sentence here is written for
this test, in the test story's world (none taken from an article)."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2, story3  # noqa: F401 (fixtures)


def said(story, sentence, context=None, topics=("march-15",)):
    rules2._cache.clear()
    return sorted(run(rules2, story, sentence, list(topics), context))


MINISTRY_DENIES = [("ministry", "device-owned", "deny", None)]


def test_a_non_actor_speaker_with_a_relative_clause_is_no_actor_named_after_the_verb(story3):
    # "X, who campaigns for ..., said Y was ...": X said it, not Y; X is no actor
    assert said(story3, "Ana Petrovic, who has campaigned against the LRAD the police bought, said the Interior "
                        "Ministry was weak.") == []
    assert said(story3, "Ana Petrovic, who has sued over the acoustic weapons the police own, said the President's "
                        "silence was a disgrace.") == []
    assert said(story3, "Ana Petrovic, who has long fought the police in court, said that the Interior Ministry "
                        "owns an LRAD.") == []
    # an actor with a relative clause still speaks, and the inverted form still reads its name
    assert said(story3, "The Interior Minister, who visited Novi Sad on Monday, said the police have no such "
                        "device.") == MINISTRY_DENIES
    assert said(story3, "The police have no such device, said the Interior Minister.") == MINISTRY_DENIES


def test_a_clause_before_the_subject_is_not_what_the_subject_says(story3):
    # "Despite / Although / After A, X said B": A is no one's statement, even when B answers nothing
    assert said(story3, "Despite reports that the police bought an LRAD, the Interior Ministry said the march "
                        "was calm.") == []
    assert said(story3, "Although the police own an LRAD, the Interior Minister told reporters the march was "
                        "calm.") == []
    assert said(story3, "After 5,000 people came to Monday's rally, the Interior Ministry said the march was calm.",
                topics=("crowds",)) == []
    assert said(story3, "Speaking after reports that the police own an LRAD, the Interior Minister said the march "
                        "was calm.") == []
    assert said(story3, "Standing in front of the trucks the police own and the LRAD they bought, the Interior "
                        "Minister told reporters the march was calm.") == []
    # the inverted form is still read: what comes before ", X said" is said
    assert said(story3, "The police have no such device, the Interior Ministry said.") == MINISTRY_DENIES
    assert said(story3, "The police have no such device, the Interior Minister told reporters.") == MINISTRY_DENIES


def test_an_actor_named_as_a_modifier_is_not_the_speaker(story3):
    # "Ministry employees said": the employees speak, not the ministry
    assert said(story3, "Interior Ministry employees said the police have an LRAD.") == []
    assert said(story3, "Interior Ministry workers told reporters the police bought an LRAD.") == []
    assert said(story3, "MUP pensioners said the police do not have an LRAD.") == []
    # its officials and its spokesman speak for it
    assert said(story3, "Interior Ministry officials said the police have no such device.") == MINISTRY_DENIES
    assert said(story3, "A spokesman for the Interior Ministry said the police have no such device.") == MINISTRY_DENIES


def test_a_pronoun_after_the_sentences_own_subject_is_that_subjects(story3):
    before = "The Interior Minister spoke in parliament on Monday."
    for sentence in ("Ana Petrovic said the march was calm as she insisted the police have an LRAD.",
                     "Ana Petrovic said the march was calm, and she added that the police have an LRAD.",
                     "The mayor of Novi Sad said the march was calm as he insisted the police have an LRAD."):
        assert said(story3, sentence, before + " " + sentence) == [], sentence
    # the sentence's own subject an actor: the pronoun is that actor
    sentence = "The Interior Minister said the march was calm as he insisted the police have no such device."
    assert said(story3, sentence) == MINISTRY_DENIES
    # a pronoun opening the sentence is still the one before's speaker
    sentence = "She said the police have no such device."
    assert said(story3, sentence, before + " " + sentence) == MINISTRY_DENIES


def test_two_statements_joined_by_a_bare_comma(story3):
    # "X said A, Y insisted that B": B is Y's, not X's
    assert said(story3, "The Interior Ministry said the march was calm, Ana Petrovic insisted that the police "
                        "have an LRAD.") == []
    assert said(story3, "The Interior Ministry ruled that the march was calm, the students insisted that the "
                        "police bought an LRAD.") == [("students", "device-owned", "affirm", None)]
    assert said(story3, "The students said the police bought an LRAD, the Interior Ministry insisted the police have "
                        "no such device.") == [("ministry", "device-owned", "deny", None),
                                               ("students", "device-owned", "affirm", None)]
    # an inverted saying inside, or one closing the sentence, is no new statement
    assert said(story3, "The police have no such device, the Interior Minister insisted on Monday.") == \
        MINISTRY_DENIES
    # a saying inside the first statement's subordinate clause is neither's, as before
    assert said(story3, "The Interior Ministry said that after the march, the students told reporters the police "
                        "have no such device.") == []


def test_a_trailing_participle_of_consequence_is_the_writers(story3):
    # ", prompting ...", ", potentially triggering ...": what follows from the statement, not in it
    assert said(story3, "The Interior Ministry said the march was calm, prompting claims that the police have an "
                        "LRAD.") == []
    assert said(story3, "The students said the march was calm, potentially bringing 5,000 people to Monday's rally.",
                topics=("crowds",)) == []
    # a participle of saying goes on with the speaker's words
    assert said(story3, "The Interior Ministry said the march was calm, adding that the police have no such "
                        "device.") == MINISTRY_DENIES


def test_a_capitalised_verb_inside_a_name_says_nothing(story3):
    # "the United States Embassy": "States" is no verb of saying
    assert said(story3, "The Interior Minister and the United States Embassy discussed whether the police own "
                        "an LRAD.") == []
    assert said(story3, "The Interior Minister visited the United States Embassy on Monday after reports that the "
                        "police own an LRAD.") == []
    # in small letters it is one
    assert said(story3, "The Interior Ministry states that the police have no such device.") == MINISTRY_DENIES


def test_while_one_speaker_confirms_one_thing_and_denies_another(story3):
    # "While X confirmed A, he denied B": both X's, each statement its own
    assert said(story3, "While the Interior Minister confirmed that the police have no such device, he denied that "
                        "the LRAD must be banned.") == [("ministry", "device-banned", "deny", None),
                                                       ("ministry", "device-owned", "deny", None)]
    # a pronoun after a comma and a verb of saying, then more: a statement of its own
    assert said(story3, "The Interior Minister said the march was calm, he insisted that the LRAD must not be "
                        "banned.") == [("ministry", "device-banned", "deny", None)]

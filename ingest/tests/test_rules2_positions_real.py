"""rules/2's positions on shapes read in real news (the sentences here are invented, in a city's
story of the test world): when the position is unclear no record is written, and what reads
as one stance in one form reads the same in another."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings


@pytest.fixture
def story_city(story):
    """The test story with a city's fare rise, its curfew before the court and its water."""
    from ledger.models import Question, Topic

    city = Topic.objects.create(story=story, key="city", name="City", position=20,
                                keywords=[r"\bfare\b", r"\bcurfew\b", r"\bwater\b"])
    Question.objects.create(story=story, topic=city, key="fare-rise", position=20,
                            text="Should the city keep the fare rise?", keywords=[r"\bfare\b"],
                            affirm=[r"\bright decision\b", r"\bkeep(s|ing)? the fare rise\b"],
                            deny=[r"\bu-?turn\b", r"\bmistake\b", r"\bscrap(s|ped|ping)? the fare rise\b"])
    Question.objects.create(story=story, topic=city, key="curfew-lawful", position=21,
                            text="Is the curfew lawful?", keywords=[r"\bcurfew\b"],
                            affirm=[r"\blawful\b", r"\blegal\b"],
                            deny=[r"\bunlawful\b", r"\billegal\b", r"\bstrike down\b"])
    Question.objects.create(story=story, topic=city, key="water-tainted", position=22,
                            text="Was the water contaminated?", keywords=[r"\bwater\b"],
                            affirm=[r"contaminat"], deny=[r"\bwater (is|was) safe\b"])
    rules2._cache.clear()
    return story


def read(story, sentence):
    return sorted((f.actor, f.question, f.position) for f in findings(rules2, story, sentence, ["city"]))


def test_an_evaluation_of_the_reversal_is_the_opposite_stance(story_city):
    # "the reversal was the right decision": right to end it, so against keeping it
    for sentence in ("The Interior Minister said the reversal of the fare rise was the right decision.",
                     "The Interior Minister said the climbdown on the fare rise was the right decision.",
                     "The Interior Minister said ending the fare rise was the right decision.",
                     "The Interior Minister said that scrapping the fare rise had been the right decision."):
        assert read(story_city, sentence) == [("ministry", "fare-rise", "deny")], sentence
    for sentence in ("The Interior Minister said the reversal of the fare rise was a mistake.",
                     "The Interior Minister said dropping the fare rise would be a mistake."):
        assert read(story_city, sentence) == [("ministry", "fare-rise", "affirm")], sentence
    # the evaluation of the thing itself, and of a reversal that is a cue, as before
    assert read(story_city, "The Interior Minister said the fare rise was the right decision.") == \
        [("ministry", "fare-rise", "affirm")]
    assert read(story_city, "The Interior Minister said the U-turn on the fare was the right decision.") == \
        [("ministry", "fare-rise", "deny")]


def test_a_cue_noun_of_lesser_degree_is_partial(story_city):
    # "a partial U-turn" is no full one
    for sentence in ("The Interior Minister signalled a partial U-turn on the fare rise.",
                     "The students said the city announced a limited U-turn on the fare."):
        assert read(story_city, sentence) == [("ministry" if "Minister" in sentence else "students",
                                               "fare-rise", "partial")], sentence
    assert read(story_city, "The Interior Minister signalled a U-turn on the fare rise.") == \
        [("ministry", "fare-rise", "deny")]


def test_a_negation_of_time_or_manner_reverses_nothing(story_city):
    # "does not immediately strike down": a remark on when, not that it is lawful
    for sentence in ("The Interior Minister noted that the ruling does not immediately strike down the curfew.",
                     "The students said the judgment does not strike down the curfew until October.",
                     "The students said the judgment will not automatically strike down the curfew."):
        assert read(story_city, sentence) == [], sentence
    assert read(story_city, "The students said the judges did not strike down the curfew.") == \
        [("students", "curfew-lawful", "affirm")]


def test_most_of_it_not_lawful_is_as_most_of_it_unlawful(story_city):
    for sentence in ("The students said most of the curfew rules are not legal.",
                     "The students said most of the curfew rules are illegal."):
        assert read(story_city, sentence) == [("students", "curfew-lawful", "deny")], sentence


def test_a_cue_kept_from_happening_is_not_asserted(story_city):
    # "protect the water from being contaminated": it was not, or must not be
    for sentence in ("The Interior Ministry said new filters protect the water from being contaminated.",
                     "The students said the city must prevent the water from being contaminated by runoff.",
                     "The Interior Ministry said the pipes were flushed to avoid contaminating the water.",
                     "The students said the lids kept the water from becoming contaminated."):
        assert read(story_city, sentence) == [], sentence
    assert read(story_city, "The students said the water was contaminated by runoff.") == \
        [("students", "water-tainted", "affirm")]


def test_nothing_that_points_to_it_negates(story_city):
    for sentence in ("The Interior Ministry said it had seen nothing, nothing at all, that points to contamination"
                     " of the water.",
                     "The Interior Ministry said nothing suggests the water was contaminated."):
        assert read(story_city, sentence) == [("ministry", "water-tainted", "deny")], sentence


@pytest.fixture
def story_ferry(story):
    """The test story with a question of what ought to be (should the ferry sail again?) and
    one of fact (was the harbour flooded?)."""
    from ledger.models import Question, Topic

    port = Topic.objects.create(story=story, key="port", name="Port", position=30,
                                keywords=[r"\bferry\b", r"\bharbour\b"])
    Question.objects.create(story=story, topic=port, key="ferry-resume", position=30,
                            text="Should the ferry service resume?", keywords=[r"\bferry\b"],
                            affirm=[r"\bresume\b"], deny=[r"\bsuspension\b", r"\bhalt\b"])
    Question.objects.create(story=story, topic=port, key="harbour-flooded", position=31,
                            text="Was the harbour flooded?", keywords=[r"\bharbour\b"],
                            affirm=[r"\bflooding\b"], deny=[r"\bstayed dry\b"])
    rules2._cache.clear()
    return story


def test_a_cue_caused_by_a_third_thing_is_no_view_of_what_ought_to_be(story_ferry):
    def read_port(sentence):
        return sorted((f.actor, f.question, f.position) for f in findings(rules2, story_ferry, sentence, ["port"]))

    # "storms caused another suspension": an event, not that the ferry should stay halted
    for sentence in ("The students said high winds caused yet another suspension of the ferry service.",
                     "The Interior Ministry said the strike led to a halt of the ferry service."):
        assert read_port(sentence) == [], sentence
    assert read_port("The students said the suspension of the ferry service must stay.") == \
        [("students", "ferry-resume", "deny")]
    # a question of fact: what was caused is what happened
    assert read_port("The Interior Ministry said the storm caused flooding in the harbour.") == \
        [("ministry", "harbour-flooded", "affirm")]


def test_a_cue_after_whether_is_a_question_left_open(story_city):
    for sentence in ("The Interior Ministry said it will look at whether the water was contaminated.",
                     "The students said the inquiry would turn to whether the curfew is lawful."):
        assert read(story_city, sentence) == [], sentence

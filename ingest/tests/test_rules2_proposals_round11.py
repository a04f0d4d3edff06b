"""rules/2's reading of a should-question's proposal (proposals.py), round 11: a request put to
another ("asked the police chief in Novi Sad to return the devices"), a verb's everyday
equivalents ("give back", "hand back", "send back" for return), the thing's opposite state
("should stay in the capital", "will keep the devices" against a return; "must go back" for
it) and a plan denied in quotation marks ('had "no plans" to return them'). The sentences are
invented, in the story of the test world."""
import pytest

from .test_rules2_proposals import found, question


@pytest.fixture
def story_return(story):
    question(story, "return", "Should the ministry return the LRAD devices to the manufacturer?", affirm=[r"\bzzz\b"])
    return story


def test_a_request_put_to_another_with_a_longer_object(story_return):
    # the one asked named with more words than a backing's gap takes ("in Novi Sad")
    assert found(story_return, "The students want the police chief in Novi Sad to return the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students on Monday called on the head of the city police to return the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students urged the head of the city police not to return the LRAD devices.") == [
        ("students", "return", "deny")]


def test_a_request_to_say_or_another_clause_is_no_request_of_the_act(story_return):
    assert found(story_return, "The students want the police chief in Novi Sad to say whether the LRAD devices will go.") == []
    # the gap holds another's verb: what the chief plans is no request of the students
    assert found(story_return, "The students asked why the police chief had decided to return the LRAD devices.") == []


def test_the_act_in_everyday_words(story_return):
    assert found(story_return, "The students said the ministry should give the LRAD devices back.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students said the ministry should hand back the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students called for the LRAD devices to be sent back.") == [
        ("students", "return", "affirm")]


def test_the_thing_goes_back_or_stays(story_return):
    assert found(story_return, "The students said the LRAD devices must go back to the manufacturer.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The students said the LRAD devices should go home.") == [
        ("students", "return", "affirm")]
    assert found(story_return, "The Interior Ministry said the LRAD devices should stay in the capital.") == [
        ("ministry", "return", "deny")]
    assert found(story_return, "The Interior Ministry said it would keep the LRAD devices.") == [
        ("ministry", "return", "deny")]
    assert found(story_return, "The Interior Ministry wants to keep the LRAD devices.") == [
        ("ministry", "return", "deny")]


def test_a_stay_of_another_thing_or_of_a_thing_not_moved_is_none(story_return):
    # "stay" said of the students, not of the devices
    assert found(story_return, "The Interior Ministry said the students should stay away from the LRAD depot.") == []


@pytest.fixture
def story_close(story):
    question(story, "close", "Should the ministry close the LRAD depot?", affirm=[r"\bzzz\b"])
    return story


def test_go_back_is_no_reading_of_an_act_that_moves_nothing(story_close):
    assert found(story_close, "The students said the LRAD depot must go back to its old owners.") == []


def test_a_plan_denied_in_quotation_marks(story_return):
    assert found(story_return, 'The Interior Ministry said it had "no plans" to return the LRAD devices.') == [
        ("ministry", "return", "deny")]


def test_keeping_backed_by_another_is_not_the_speakers(story_return):
    assert found(story_return, "The students said the Interior Ministry wants to keep the LRAD devices.") == []


def test_the_things_pronoun_opening_what_was_said(story_return):
    assert found(story_return, "The students said they must go back to the manufacturer, the LRAD devices.") == [
        ("students", "return", "affirm")]
    assert found(story_return, '"They should stay where they are," the Interior Ministry said of the LRAD devices.') == [
        ("ministry", "return", "deny")]
    # not a pronoun inside what was said: "the students say the police think they should stay"
    assert found(story_return, "The students said the police think they should stay, the LRAD devices.") == []


@pytest.fixture
def story_withdraw(story):
    question(story, "withdraw", "Should the LRAD devices be withdrawn from service?", affirm=[r"\bzzz\b"])
    return story


def test_a_thing_undone_kept_by_its_pronoun(story_withdraw):
    assert found(story_withdraw, "The Interior Ministry, which bought the LRAD devices, still says they should stay.") == [
        ("ministry", "withdraw", "deny")]
    # "it" is not "the devices"
    assert found(story_withdraw, "The Interior Ministry, which bought the LRAD devices, still says it should stay.") == []

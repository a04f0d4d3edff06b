"""rules/2, an official act that changes a figure ("the court cut the ban to 16 months", "the
bidder raised its offer to 42 crowns"): the figure it comes to is the actor's. Sentences written
for this test, with the ones that must give no record."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2  # noqa: F401 (story2 is a fixture)
from .test_rules2_acts import story_acts  # noqa: F401 (a fixture)


@pytest.fixture
def story_ban(story_acts):  # noqa: F811
    """The acts story with a question on the months of a ban."""
    from ledger.models import Question, Topic

    ban = Topic.objects.create(story=story_acts, key="ban", name="Ban", keywords=[r"\bban\b"], position=11)
    Question.objects.create(story=story_acts, topic=ban, key="ban-months", text="How long should the ban be?",
                            kind="number", unit="months", keywords=[r"\bban\b", r"\bmonths?\b"])
    rules2._cache.clear()
    return story_acts


CHANGES = [
    ("The High Court on Friday cut the ban to 16 months.", [("court", "ban-months", "number", 16)]),
    ("The High Court cut Fjordline's ban from 48 months to 16 months on Friday.", [("court", "ban-months", "number", 16)]),
    ("The Maritime Directorate extended the ban to 12 months.", [("directorate", "ban-months", "number", 12)]),
    # not the actor's act of now: asked, recalled, in a condition, or no actor's
    ("Will the High Court cut the ban to 16 months?", []),
    ("If the High Court cut the ban to 16 months, Fjordline would sail again.", []),
    ("The High Court had cut the ban to 16 months last year.", []),
    ("Inspectors cut the ban to 16 months.", []),
    # by how much is no level; what the act changed must be what the question counts
    ("The High Court reduced the ban by eight months to 16 months.", [("court", "ban-months", "number", 16)]),
    ("The High Court reduced the ban by eight months.", []),
    ("The High Court extended the appeal deadline to 12 months.", []),
]


@pytest.mark.parametrize("sentence, expected", CHANGES, ids=[c[0][:60] for c in CHANGES])
def test_an_act_that_changes_a_figure_gives_what_it_comes_to(story_ban, sentence, expected):
    assert run(rules2, story_ban, sentence, ["ban"]) == expected


def test_a_count_of_what_another_question_counts_is_not_this_ones(story_ban):
    # "the number of ferries ... at 12" is the ferries' count, not the ban's months
    assert run(rules2, story_ban, "The Maritime Directorate, which imposed the ban, put the number of ferries out of "
               "service at 12.", ["ban", "fleet"]) == [("directorate", "ships-out", "number", 12)]


def test_a_figure_replaced_is_not_the_one_held(story_ban):
    assert run(rules2, story_ban, "The High Court said the earlier ban of 48 months had been based on wrong facts.",
               ["ban"]) == []
    assert run(rules2, story_ban, "The High Court said the ban should be 16 months, not the original 48 months.",
               ["ban"]) == [("court", "ban-months", "number", 16)]


def test_more_acts_that_change_a_figure(story_ban):
    assert run(rules2, story_ban, "The High Court halved the ban to 12 months.", ["ban"]) == [
        ("court", "ban-months", "number", 12)]
    assert run(rules2, story_ban, "The High Court trimmed the ban from 24 months to 16 months.", ["ban"]) == [
        ("court", "ban-months", "number", 16)]


def test_the_head_noun_of_an_actors_name_names_it(story_ban):
    # "the tribunal" is the Sports Tribunal of Eldra, whose name's head noun no other actor's has
    from ledger.models import Actor

    Actor.objects.create(story=story_ban, key="tribunal", name="Sports Tribunal of Eldra (president Ana Voss)",
                         aliases=[r"\bSports Tribunal\b"])
    rules2._cache.clear()
    assert run(rules2, story_ban, "The tribunal cut the ban to 16 months on Friday.", ["ban"]) == [
        ("tribunal", "ban-months", "number", 16)]
    # two actors with the same head noun: "the tribunal" names neither
    Actor.objects.create(story=story_ban, key="tribunal-2", name="Appeals Tribunal", aliases=[r"\bAppeals Tribunal\b"])
    rules2._cache.clear()
    assert run(rules2, story_ban, "The tribunal cut the ban to 16 months on Friday.", ["ban"]) == []


def test_a_number_joined_to_a_word_is_no_figure(story_ban):
    assert run(rules2, story_ban, "The High Court said the ban on under-21 riders should be 16 months.", ["ban"]) == [
        ("court", "ban-months", "number", 16)]
    assert run(rules2, story_ban, "The High Court said the ban on under-21 riders should stay.", ["ban"]) == []


def test_a_figure_in_another_unit_of_the_same_measure(story_ban):
    # "four years" under "months" is 48; an age is no span of the ban, nor years far from it
    assert run(rules2, story_ban, "The High Court said the ban should last four years.", ["ban"]) == [
        ("court", "ban-months", "number", 48)]
    assert run(rules2, story_ban, "The High Court said the ban on the 60 years old ferry should stay.", ["ban"]) == []


def test_a_figure_refuted_with_its_determiner(story_ban):
    assert run(rules2, story_ban, "The High Court said the ban should be 16 months rather than the 48 months asked.",
               ["ban"]) == [("court", "ban-months", "number", 16)]


def test_a_spelt_figure_after_an_article_and_a_figure_judged(story_ban):
    assert run(rules2, story_ban, "The High Court said it would impose a two-year ban.", ["ban"]) == [
        ("court", "ban-months", "number", 24)]
    # a figure judged too much is not the one the speaker holds
    assert run(rules2, story_ban, "The High Court said a four-year ban was out of all proportion.", ["ban"]) == []
    assert run(rules2, story_ban, "The High Court said 48 months is too long for a ban.", ["ban"]) == []


def test_a_figure_guessed_for_later_is_not_held(story_ban):
    assert run(rules2, story_ban, "The High Court said the ban could rise to 24 months.", ["ban"]) == []


def test_an_increase_a_span_so_far_and_a_figure_joined_to_its_unit(story_ban):
    assert run(rules2, story_ban, "The High Court imposed a 16-month ban.", ["ban"]) == [("court", "ban-months", "number", 16)]
    assert run(rules2, story_ban, "The High Court said the ban had been in force for 16 months.", ["ban"]) == []
    assert run(rules2, story_ban, "The High Court added three more months, bringing the ban to 16 months.", ["ban"]) == [
        ("court", "ban-months", "number", 16)]

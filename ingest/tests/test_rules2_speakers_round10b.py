"""rules/2, who said it (round 10, second pass): a body named by its head noun and some words
of its name, not by its name as written. Every sentence is written for this test, in the test
story's world."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2, story3  # noqa: F401 (fixtures)


@pytest.fixture
def bodies(story3):  # noqa: F811
    """story3 with two associations (one head noun, two names) and a national agency."""
    from ledger.models import Actor

    Actor.objects.create(story=story3, key="insurers", name="Valdran Insurers' Association",
                         aliases=[r"\bInsurers' Association\b"])
    Actor.objects.create(story=story3, key="residents", name="Harbour Residents' Association",
                         aliases=[r"\bResidents' Association\b"])
    Actor.objects.create(story=story3, key="agency", name="National Maritime Safety Agency",
                         aliases=[r"\bNational Maritime Safety Agency\b", r"\bNMSA\b"])
    rules2._cache.clear()
    return story3


def said(story, sentence):
    rules2._cache.clear()
    return sorted(actor for actor, *_ in run(rules2, story, sentence, ["march-15"]))


def test_a_place_s_body_by_the_words_of_its_name(bodies):
    # "Sarvenia's health agency": the country's agency whose name holds "health"
    assert said(bodies, "Valdra's safety agency said on Monday that the police have an LRAD.") == ["agency"]
    assert said(bodies, "The maritime agency said on Monday that the police have an LRAD.") == ["agency"]


def test_a_word_of_the_name_with_its_ending_changed(bodies):
    # "the Valdran insurance association" is the Valdran Insurers' Association, not the residents'
    assert said(bodies, "The Valdran insurance association said the police have an LRAD.") == ["insurers"]
    assert said(bodies, "The harbour association said the police have an LRAD.") == ["residents"]


def test_words_not_of_the_name_name_no_body(bodies):
    # a head noun two bodies share, with words of neither's name: no one
    assert said(bodies, "The farmers' association said the police have an LRAD.") == []
    assert said(bodies, "Valdra's transport agency said the police have an LRAD.") == []

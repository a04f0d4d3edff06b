"""rules/2, who said it (round 11): a body's advice ("the panel recommended that ... be ..."), a
bare title that one body's alias spells, and speakers joined across an apposition. Every sentence
is written for this test, in the test story's world."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import story2, story3  # noqa: F401 (fixtures)
from .test_rules2_speakers_round10 import said, world  # noqa: F401 (world is a fixture)


def speakers(story, sentence):
    """Each attribution's speakers, in order."""
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    return [a.speakers for a in rules.speakers.read(rules.norm(sentence))]


def test_a_body_recommends_what_it_wants(world):
    # "the panel recommended that X be done": the body's position, as "wants" is
    assert said(world, "The Dockers' Union recommended on Monday that the LRAD be banned.") == [
        ("union", "device-banned", "affirm", None)]
    assert speakers(world, "Orrelink recommends that the LRAD be banned.") == [["company"]]
    # advice that is no call for a thing to be done ("that shareholders accept") is read as no saying
    assert speakers(world, "Orrelink recommended that shareholders accept the offer.") == []
    # an adjective ("the recommended level") is no saying
    assert said(world, "The recommended level for the LRAD is lower, the report says.") == []


@pytest.fixture
def secretariat(world):
    """world with a body whose alias spells its title two ways (a group of alternatives)."""
    from ledger.models import Actor

    Actor.objects.create(story=world, key="harbour", name="Harbour Secretariat", aliases=[r"\bHarbour Secretar(y|iat)\b"])
    rules2._cache.clear()
    return world


def test_a_bare_title_is_the_one_body_whose_alias_spells_it(secretariat):
    # "Both the secretary and Ann Berg said": "the secretary" is the Harbour Secretar(y|iat)
    assert speakers(secretariat, "Both the secretary and Ann Berg said the police have an LRAD.") == [
        ["harbour", "company"]]


def test_a_name_in_apposition_after_a_joined_one(world):
    # "both X and the company, the firm Y, insist": X and Y
    assert speakers(world, "Both the Dockers' Union and the company, the firm Orrelink, insist that the police have "
                           "an LRAD.") == [["union", "company"]]
    # an apposition with no joining word before it joins nothing: one speaker
    assert speakers(world, "The Dockers' Union, Orrelink, said the police have an LRAD.") == [["union"]]

"""rules/2 reads a yes-or-no question's claim (claims.py, things.py) where the question's thing
is named in other words and the statement itself shows the link: a thing the question marks
with a year ("Was the 2019 renovation to blame for the leaks?") named again by the year with
another noun ("the 2019 plasterwork", "the work of 2019", "the plastering done in 2019"). The
sentences are invented, in the story of the test world."""
import pytest

from ingest.extractors.rules2.claims import Claims
from ingest.lang import pack_for

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


def on(story, key, sentence):
    return [f for f in found(story, sentence) if f[1] == key]


@pytest.fixture
def story_things(story):
    # each with a cue the user wrote that none of the sentences below says
    question(story, "leaks", "Is the 2019 depot renovation to blame for the leaks?", [r"\bleaks?\b", r"\bdepot\b"],
             affirm=[r"\bzzz\b"])
    question(story, "sound", "Is the 2021 LRAD contract lawful?", [r"\bcontract\b", r"\bLRAD\b"],
             affirm=[r"\bzzz\b"])
    return story


def test_the_year_marks_the_thing():
    claims = Claims(pack_for("en"))
    claim = claims.read("is the 2019 depot renovation to blame for the leaks?")
    assert claim.subject_marks == ("2019",)
    # a year in a phrase after the thing's head marks another thing ("the palace in 1891")
    assert claims.read("did the police loot the depot in 2019?").object_marks == ()


def test_the_thing_named_by_its_year(story_things):
    assert on(story_things, "leaks", "The Interior Ministry said the 2019 plasterwork was the main cause "
                                     "of the leaks.") == [("ministry", "leaks", "affirm")]
    assert on(story_things, "leaks", "The students said the plastering done in 2019 was to blame for the "
                                     "leaks.") == [("students", "leaks", "affirm")]
    assert on(story_things, "leaks", "The Interior Ministry said the work of 2019 was only one cause among "
                                     "several of the leaks.") == [("ministry", "leaks", "partial")]
    assert on(story_things, "sound", "The students said the 2021 deal for the LRAD was unlawful.") == [
        ("students", "sound", "deny")]


def test_a_year_that_marks_nothing(story_things):
    # the year opens a clause of another thing: no stand-in
    assert on(story_things, "leaks", "The students said in 2019 the budget was the main cause of the "
                                     "leaks.") == []
    # another year is another thing
    assert on(story_things, "leaks", "The students said the 2015 plasterwork was the main cause of the "
                                     "leaks.") == []
    # a deadline or a sum for the year is not the thing of that year
    assert on(story_things, "sound", "The students said the budget for 2021 LRAD units was unlawful.") == []

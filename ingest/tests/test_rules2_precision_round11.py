"""rules/2's precision, round 11: statements that read as a position but are not the speaker's
position now (the sentences are invented, in a town's story of the test world): a saying
recalled from another day, told with its time at the sentence's head ("Last week the minister
said"), after a first person's own verb ("I said in March that ..."), or as time spent saying
it ("spent March insisting"); a cue of opposition negated ("we will not vote against it")."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings


@pytest.fixture
def story_plant(story):
    """The test story with a town's ailing plant: should it close?"""
    from ledger.models import Question, Topic

    town = Topic.objects.create(story=story, key="plant", name="Plant", position=40, keywords=[r"\bplant\b", r"\bclosure\b"])
    Question.objects.create(story=story, topic=town, key="close-plant", position=40,
                            text="Should the plant close?", keywords=[r"\bplant\b", r"\bclosure\b"],
                            affirm=[r"\bplant (should|must) close\b", r"\bclose the plant\b"],
                            deny=[r"\b(plant )?(can|could) be saved\b", r"\bvote against (the )?closure\b",
                                  r"\boppos(e|es|ed|ing) (the )?closure\b"],
                            partial=[r"\bpart of the plant\b"])
    rules2._cache.clear()
    return story


def read(story, sentence):
    return sorted((f.actor, f.question, f.position) for f in findings(rules2, story, sentence, ["plant"]))


def test_a_first_persons_own_saying_of_another_day_is_no_position_now(story_plant):
    for sentence in ('"I said in March that the plant could be saved. I was wrong," the Interior Minister said.',
                     '"We said last week that the plant should close," the students said.',
                     '"I said for weeks that the plant could be saved," the Interior Minister told reporters.'):
        assert read(story_plant, sentence) == [], sentence
    # said now, or a saying of another day that the speaker keeps to ("As I said in March, ...")
    assert read(story_plant, '"The plant can be saved," the Interior Minister said.') == [
        ("ministry", "close-plant", "deny")]
    assert read(story_plant, '"I say today that the plant can be saved," the Interior Minister said.') == [
        ("ministry", "close-plant", "deny")]


def test_time_spent_saying_it_is_a_position_of_before(story_plant):
    for sentence in ("The Interior Minister spent March insisting the plant could be saved.",
                     "The students have spent six weeks saying that the plant should close."):
        assert read(story_plant, sentence) == [], sentence
    assert read(story_plant, "The Interior Minister insisted on Monday that the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]


def test_a_saying_dated_before_at_the_sentences_head_is_recalled(story_plant):
    for sentence in ("Ten days ago the Interior Minister said the plant could be saved.",
                     "Eleven weeks ago the students said the plant should close.",
                     "Last week the Interior Minister said the plant could be saved.",
                     "Last month, the students told reporters that the plant should close."):
        assert read(story_plant, sentence) == [], sentence
    # the time after the verb, or the news's own day, keeps the statement
    assert read(story_plant, "The Interior Minister said last week that the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]
    assert read(story_plant, "On Monday the Interior Minister said the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]


def test_an_opposition_negated_is_no_backing(story_plant):
    # not voting against, no longer opposing: the speaker stands aside, in part for it
    for sentence in ('"We will not vote against the closure now," the students said.',
                     "The students said they would no longer oppose the closure.",
                     "The students said they did not oppose the closure."):
        assert read(story_plant, sentence) == [("students", "close-plant", "partial")], sentence
    # with a backing after it, a yes; the opposition itself, and another cue negated, as before
    assert read(story_plant, "The students said they no longer opposed the closure and would back the new plan.") == [
        ("students", "close-plant", "affirm")]
    assert read(story_plant, '"We will vote against the closure," the students said.') == [
        ("students", "close-plant", "deny")]
    assert read(story_plant, "The students said the plant could not be saved.") == [
        ("students", "close-plant", "affirm")]


def test_a_yes_on_a_condition_of_its_own_is_partial(story_plant):
    for sentence in ("The students said the plant should close, but only if its workers were paid in full.",
                     '"The plant must close, provided the workers find new jobs," the Interior Minister said.',
                     "The students said they would close the plant as long as the town kept its pensions.",
                     "The Interior Minister said the plant should close only on condition that the state paid."):
        assert read(story_plant, sentence) == [("ministry" if "Minister" in sentence else "students",
                                               "close-plant", "partial")], sentence
    # a no on a condition stays a no; a plain "if" is a case put, no position; "even if" keeps it
    assert read(story_plant, '"We oppose the closure as long as the pensions are not safe," the students said.') == [
        ("students", "close-plant", "deny")]
    assert read(story_plant, "The students said the plant should close if the pensions were safe.") == []
    # a fact told with its condition is that fact (a bare "on condition that")
    assert read(story_plant, "The students said the plant should close, on condition that it is sold.") == [
        ("students", "close-plant", "affirm")]
    assert read(story_plant, "The students said the plant would have been saved only if the state had paid.") == []
    assert read(story_plant, "The students said the plant should close even if the pensions were cut.") == [
        ("students", "close-plant", "affirm")]

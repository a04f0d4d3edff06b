"""rules/2's positions, round 10: the side a statement takes, on shapes of real reporting (the
sentences are invented, in the test world): a negation in the sentence before is not the cue's,
a content that says both sides is partial, a lesser thing judged a mistake is opposed, "unlikely
to" negates, and a harm said of the thing is against it."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings


@pytest.fixture
def story_town(story):
    """The test story with a town's curfew, its late warning, a club's loan and a mine's permit."""
    from ledger.models import Question, Topic

    town = Topic.objects.create(story=story, key="town", name="Town", position=30,
                                keywords=[r"\bcurfew\b", r"\bwarn", r"\brepay", r"\bpermit\b"])
    Question.objects.create(story=story, topic=town, key="curfew-stands", position=30,
                            text="Should the curfew stand?", keywords=[r"\bcurfew\b"],
                            affirm=[r"\bdeserved\b", r"\bcurfew should go ahead\b"], deny=[r"\bunfair\b"],
                            partial=[r"\bshorter curfew\b"])
    Question.objects.create(story=story, topic=town, key="warned-late", position=31,
                            text="Were the residents warned too late?", keywords=[r"\bwarn", r"\btoo late\b"],
                            affirm=[r"\btoo late\b"], deny=[r"\bin time\b"])
    Question.objects.create(story=story, topic=town, key="can-repay", position=32,
                            text="Can the club repay the loan?", keywords=[r"\brepay"],
                            affirm=[r"\b(can|be able to) repay\b"])
    Question.objects.create(story=story, topic=town, key="revoke", position=33,
                            text="Should the mine's permit be revoked?", keywords=[r"\bpermit\b"],
                            affirm=[r"\brevok(e|ing) the permit\b"])
    rules2._cache.clear()
    return story


def read(story, sentence):
    return sorted((f.actor, f.question, f.position) for f in findings(rules2, story, sentence, ["town"]))


def test_a_negation_in_the_sentence_before_is_not_the_cues(story_town):
    # "... is no excuse. The curfew is deserved.": the "no" is the excuse's, not the curfew's
    assert read(story_town, '"A protest is no excuse. The curfew is deserved," the Interior Minister said.') == [
        ("ministry", "curfew-stands", "affirm")]
    assert read(story_town, '"The figures were never in question. The curfew should go ahead," '
                            'the Interior Minister said.') == [("ministry", "curfew-stands", "affirm")]
    # in its own sentence it still negates
    assert read(story_town, '"The curfew is not deserved," the Interior Minister said.') == [
        ("ministry", "curfew-stands", "deny")]


def test_a_content_that_says_both_sides_is_partial(story_town):
    # too late for some, in time for the rest
    assert read(story_town, '"In the old town the warning came too late. Everywhere else it came in time," '
                            'the Interior Minister said.') == [("ministry", "warned-late", "partial")]
    # both cues on one side: that side
    assert read(story_town, '"The warning came in time, not too late," the Interior Minister said.') == [
        ("ministry", "warned-late", "deny")]


def test_a_lesser_thing_judged_a_mistake_is_opposed(story_town):
    # the lesser one dismissed too: against it, not partial
    assert read(story_town, 'The Interior Minister said a shorter curfew was "the same mistake in two parts".') == [
        ("ministry", "curfew-stands", "deny")]
    assert read(story_town, "The Interior Minister said a shorter curfew would be another mistake.") == [
        ("ministry", "curfew-stands", "deny")]
    assert read(story_town, "The Interior Minister said a shorter curfew was the right answer.") == [
        ("ministry", "curfew-stands", "partial")]


def test_unlikely_to_negates_the_cue(story_town):
    assert read(story_town, "The Interior Minister said the club was unlikely to be able to repay the loan.") == [
        ("ministry", "can-repay", "deny")]
    assert read(story_town, "The Interior Minister said the club would be able to repay the loan.") == [
        ("ministry", "can-repay", "affirm")]


def test_a_harm_said_of_the_thing_is_against_it(story_town):
    assert read(story_town, 'The students told reporters that revoking the permit would "put 600 families on '
                            'the street".') == [("students", "revoke", "deny")]
    assert read(story_town, "The students said revoking the permit would hurt hundreds of families.") == [
        ("students", "revoke", "deny")]
    assert read(story_town, "The students said revoking the permit would protect the river.") == [
        ("students", "revoke", "affirm")]


@pytest.fixture
def story_fees(story_town):
    from ledger.models import Question, Topic

    Question.objects.create(story=story_town, topic=Topic.objects.get(story=story_town, key="town"), key="fee-rise",
                            position=34, text="Should the fee rise go ahead?", keywords=[r"\bfee\b", r"\brise\b"],
                            affirm=[r"\bsupport (the|a) (fee )?rise\b", r"\bneeded\b", r"\bgo ahead\b"],
                            deny=[r"\boppose[sd]? (the|a) (fee )?rise\b"],
                            partial=[r"\bsmaller rise\b", r"\bdelay"])
    rules2._cache.clear()
    return story_town


def test_cannot_is_a_negation(story_fees):
    assert read(story_fees, 'The students said "a town that cares cannot support a rise that shuts out the poor".') == [
        ("students", "fee-rise", "deny")]


def test_a_lesser_thing_called_the_whole_takes_the_other_cue(story_fees):
    # "a smaller rise is still a rise": the speaker's view of the rise decides
    assert read(story_fees, '"A smaller rise is still a rise, and it is still needed," the Interior Minister said.') == [
        ("ministry", "fee-rise", "affirm")]
    assert read(story_fees, "The Interior Minister said a smaller rise was needed.") == [
        ("ministry", "fee-rise", "partial")]


def test_a_partial_cue_negated_gives_way_to_the_other_cue(story_fees):
    # "without delay" is no delay: the rise should go ahead
    assert read(story_fees, "The students say the fee rise should go ahead without delay.") == [
        ("students", "fee-rise", "affirm")]
    assert read(story_fees, "The students say the fee rise should go ahead after a delay.") == [
        ("students", "fee-rise", "partial")]


def test_though_not_narrows_what_is_backed(story_town):
    # "a fine, though not the one on the table": some of it, not all
    assert read(story_town, 'The students said the curfew was "deserved, though not the one now in force".') == [
        ("students", "curfew-stands", "partial")]

"""rules/2's precision: figures and positions that read as the speaker's answer but are not
(every sentence is invented, in a town's story of the test world): a cap set on a figure read
as its measurement, another thing's figure ("a similar ...", a cost borne), an act judged as
an infinitive subject ("To close the plant now would be ..."), a duration read as a condition
("as long as"), a saying dated in a relative clause ("X, who on May 3 said ..., told ..."); and
a saying recalled from another day, told with its time at the sentence's head ("Last week the
minister said"), after a first person's own verb ("I said in March that ..."), or as time spent
saying it ("spent March insisting"); a cue of opposition negated ("we will not vote against it")."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings


@pytest.fixture
def story_town(story):
    """The test story with a town's plant: should it close, how much water does it draw, how
    many jobs would a sale cost, how much aid should it get?"""
    from ledger.models import Question, Topic

    town = Topic.objects.create(story=story, key="plant", name="Plant", position=40,
                                keywords=[r"\bplant\b", r"\bclosure\b", r"\blitres\b", r"\bjobs\b", r"\baid\b"])
    Question.objects.create(story=story, topic=town, key="close-plant", position=40,
                            text="Should the plant close?", keywords=[r"\bplant\b", r"\bclosure\b"],
                            affirm=[r"\bplant (should|must|will) (close|stay closed)\b", r"\bclose the plant\b",
                                    r"\b(stay|remain)s? in force\b"],
                            deny=[r"\b(plant )?(can|could) be saved\b", r"\bkeep the plant open\b", r"\bscaremongering\b"],
                            partial=[r"\bpart of the plant\b"])
    Question.objects.create(story=story, topic=town, key="water-draw", position=41, kind="number",
                            text="How many litres of water a day does the plant draw?", unit="litres per day",
                            keywords=[r"\blitres\b", r"\b(a|per) day\b"])
    Question.objects.create(story=story, topic=town, key="jobs-lost", position=42, kind="number",
                            text="How many jobs would a sale of the plant cost?", unit="jobs",
                            keywords=[r"\bjobs\b", r"\bsale\b"])
    Question.objects.create(story=story, topic=town, key="plant-aid", position=43, kind="number",
                            text="How much state aid, in millions of euros, should the plant receive?",
                            unit="million euros", keywords=[r"\baid\b", r"\bsupport\b", r"\beuros\b",
                                                            r"\bcost .{0,20}\bmore\b"])
    rules2._cache.clear()
    return story


def read(story, sentence, context=None):
    return sorted((f.actor, f.question, f.position, f.value)
                  for f in findings(rules2, story, sentence, ["plant"], context))


def test_a_cap_set_on_a_figure_is_no_measurement_of_it(story_town):
    for sentence in ("The Interior Minister said the regulator would limit the plant to 300,000 litres a day.",
                     "The Interior Minister said the cap of 300,000 litres a day would hold until spring.",
                     "The students said the regulator had capped the water the plant may take at 300,000 litres a day."):
        assert [f for f in read(story_town, sentence) if f[1] == "water-draw"] == [], sentence
    # the measurement itself, and a cap under a question of what would be, still count
    assert read(story_town, "The Interior Minister said the plant draws 700,000 litres a day.") == [
        ("ministry", "water-draw", "number", 700000.0)]
    assert [f for f in read(story_town, "The Interior Minister said the pledge would cap lost jobs at 120.")
            if f[1] == "jobs-lost"] == [("ministry", "jobs-lost", "number", 120.0)]


def test_a_figure_of_a_similar_thing_is_none(story_town):
    # "a similar ...": another thing like it
    assert [f for f in read(story_town, "The Interior Minister said the town had met a similar bill of 300,000 "
                                        "litres a day in 2015.") if f[1] == "water-draw"] == []


def test_a_cost_borne_is_no_sum_asked(story_town):
    # a cost borne by others under the aid asked, unless the question's words reach it
    assert [f for f in read(story_town, "The students estimate that the plant will cost taxpayers 40 million euros "
                                        "in aid over ten years.") if f[1] == "plant-aid"] == []
    assert [f for f in read(story_town, "The students said the plant should receive 40 million euros in aid.")
            if f[1] == "plant-aid"] == [("students", "plant-aid", "number", 40.0)]
    assert [f for f in read(story_town, "The students said the plant would cost 12 million euros more than planned.")
            if f[1] == "plant-aid"] == [("students", "plant-aid", "number", 12.0)]


def test_a_cue_named_after_as_is_the_deniers_own(story_town):
    # "dismissed X as Y": Y is the speaker's own word for X, not a thing denied
    assert read(story_town, "The Interior Minister dismissed talk of saving the plant as scaremongering.") == [
        ("ministry", "close-plant", "deny", None)]
    assert read(story_town, "The Interior Minister dismissed claims that the plant could be saved.") == [
        ("ministry", "close-plant", "affirm", None)]


def test_an_act_judged_as_an_infinitive_subject_is_no_position_on_it(story_town):
    # "To close the plant now would be ...": the act judged, not wanted
    for sentence in ('"To close the plant this year would be to act before the audit," the Interior Minister said.',
                     "The students said that to close the plant in May would be \"hasty\"."):
        assert read(story_town, sentence) == [], sentence
    # dismissed by the judgement: a no
    assert read(story_town, '"To close the plant now would be a mistake," the Interior Minister said.') == [
        ("ministry", "close-plant", "deny", None)]
    # an infinitive that is no subject, and a copula in a clause of its own, keep the cue
    assert read(story_town, "The students want to close the plant before it is sold.") == [
        ("students", "close-plant", "affirm", None)]
    assert read(story_town, "The Interior Minister said it was time to close the plant.") == [
        ("ministry", "close-plant", "affirm", None)]


def test_as_long_as_after_a_verb_of_lasting_is_how_long(story_town):
    # 'will stay in force "as long as ..."': for how long, the yes whole
    assert read(story_town, 'The Interior Minister said the closure will remain in force "as long as the river '
                            'stays low".') == [("ministry", "close-plant", "affirm", None)]
    # a condition of the yes stays a condition
    assert read(story_town, "The students said they would close the plant as long as the town kept its pensions.") == [
        ("students", "close-plant", "partial", None)]


def test_a_saying_dated_in_a_relative_clause_is_background(story_town):
    sentence = ("The Interior Minister, who on May 3 said the plant could be saved, told reporters on Friday "
                "that the audit would take a month.")
    assert [f for f in read(story_town, sentence) if f[1] == "close-plant"] == []
    # the main clause's own saying is the news
    sentence = ("The Interior Minister, who on May 3 visited the town, told reporters on Friday that the plant "
                "could be saved.")
    assert read(story_town, sentence) == [("ministry", "close-plant", "deny", None)]


def test_a_yes_outside_an_exception_is_partial(story_town):
    # "would otherwise ...": the yes holds but for the exception told before it
    assert read(story_town, "The Interior Minister said the closure would otherwise remain in force until June.") == [
        ("ministry", "close-plant", "partial", None)]
    assert read(story_town, "The Interior Minister said the closure would remain in force until June.") == [
        ("ministry", "close-plant", "affirm", None)]


# --- sayings of another day, and opposition negated -----------------------------------------


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


def read_plant(story, sentence):
    return sorted((f.actor, f.question, f.position) for f in findings(rules2, story, sentence, ["plant"]))


def test_a_first_persons_own_saying_of_another_day_is_no_position_now(story_plant):
    for sentence in ('"I said in March that the plant could be saved. I was wrong," the Interior Minister said.',
                     '"We said last week that the plant should close," the students said.',
                     '"I said for weeks that the plant could be saved," the Interior Minister told reporters.'):
        assert read_plant(story_plant, sentence) == [], sentence
    # said now, or a saying of another day that the speaker keeps to ("As I said in March, ...")
    assert read_plant(story_plant, '"The plant can be saved," the Interior Minister said.') == [
        ("ministry", "close-plant", "deny")]
    assert read_plant(story_plant, '"I say today that the plant can be saved," the Interior Minister said.') == [
        ("ministry", "close-plant", "deny")]


def test_time_spent_saying_it_is_a_position_of_before(story_plant):
    for sentence in ("The Interior Minister spent March insisting the plant could be saved.",
                     "The students have spent six weeks saying that the plant should close."):
        assert read_plant(story_plant, sentence) == [], sentence
    assert read_plant(story_plant, "The Interior Minister insisted on Monday that the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]


def test_a_saying_dated_before_at_the_sentences_head_is_recalled(story_plant):
    for sentence in ("Ten days ago the Interior Minister said the plant could be saved.",
                     "Eleven weeks ago the students said the plant should close.",
                     "Last week the Interior Minister said the plant could be saved.",
                     "Last month, the students told reporters that the plant should close."):
        assert read_plant(story_plant, sentence) == [], sentence
    # the time after the verb, or the news's own day, keeps the statement
    assert read_plant(story_plant, "The Interior Minister said last week that the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]
    assert read_plant(story_plant, "On Monday the Interior Minister said the plant could be saved.") == [
        ("ministry", "close-plant", "deny")]


def test_an_opposition_negated_is_no_backing(story_plant):
    # not voting against, no longer opposing: the speaker stands aside, in part for it
    for sentence in ('"We will not vote against the closure now," the students said.',
                     "The students said they would no longer oppose the closure.",
                     "The students said they did not oppose the closure."):
        assert read_plant(story_plant, sentence) == [("students", "close-plant", "partial")], sentence
    # with a backing after it, a yes; the opposition itself, and another cue negated, as before
    assert read_plant(story_plant, "The students said they no longer opposed the closure and would back the new plan.") == [
        ("students", "close-plant", "affirm")]
    assert read_plant(story_plant, '"We will vote against the closure," the students said.') == [
        ("students", "close-plant", "deny")]
    assert read_plant(story_plant, "The students said the plant could not be saved.") == [
        ("students", "close-plant", "affirm")]


def test_a_yes_on_a_condition_of_its_own_is_partial(story_plant):
    for sentence in ("The students said the plant should close, but only if its workers were paid in full.",
                     '"The plant must close, provided the workers find new jobs," the Interior Minister said.',
                     "The students said they would close the plant as long as the town kept its pensions.",
                     "The Interior Minister said the plant should close only on condition that the state paid."):
        assert read_plant(story_plant, sentence) == [("ministry" if "Minister" in sentence else "students",
                                               "close-plant", "partial")], sentence
    # a no on a condition stays a no; a plain "if" is a case put, no position; "even if" keeps it
    assert read_plant(story_plant, '"We oppose the closure as long as the pensions are not safe," the students said.') == [
        ("students", "close-plant", "deny")]
    assert read_plant(story_plant, "The students said the plant should close if the pensions were safe.") == []
    # a fact told with its condition is that fact (a bare "on condition that")
    assert read_plant(story_plant, "The students said the plant should close, on condition that it is sold.") == [
        ("students", "close-plant", "affirm")]
    assert read_plant(story_plant, "The students said the plant would have been saved only if the state had paid.") == []
    assert read_plant(story_plant, "The students said the plant should close even if the pensions were cut.") == [
        ("students", "close-plant", "affirm")]

"""rules/2, figures (round 10, second pass): a figure of another thing than the question's
count, or another's figure, is no count of the speaker's: "nine babies had died" or "64 babies
remained in hospital" beside a question on how many fell ill, "31 of the reports" (a part),
"the other 53 objects", "the directorate's figure of 230", a figure denied; "every one of the
214 objects" is all 214, and "the likely total at between 14 and 16" a range. Sentences written
for this test."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import findings, run, story2  # noqa: F401 (story2 is a fixture)
from .test_rules2_acts import story_acts  # noqa: F401 (a fixture)


@pytest.fixture
def story_ill(story_acts):  # noqa: F811
    """The acts story with questions on how many babies fell ill, how many reports were filed
    and how many objects should go back."""
    from ledger.models import Question, Topic

    outbreak = Topic.objects.create(story=story_acts, key="outbreak", name="Outbreak",
                                    keywords=[r"\bbabies\b", r"\bill\b", r"\breports\b", r"\bobjects\b"], position=12)
    Question.objects.create(story=story_acts, topic=outbreak, key="ill", text="How many babies fell ill?",
                            kind="number", unit="babies",
                            keywords=[r"\bbabies\b", r"\bill\b", r"\bsick\b", r"\bhospital\b", r"\bcases\b"])
    Question.objects.create(story=story_acts, topic=outbreak, key="reports", text="How many reports were filed?",
                            kind="number", unit="reports", keywords=[r"\breports\b"])
    Question.objects.create(story=story_acts, topic=outbreak, key="returned", text="How many objects should be returned?",
                            kind="number", unit="objects", keywords=[r"\bobjects\b", r"\breturn"])
    rules2._cache.clear()
    return story_acts


def ill(story, sentence, question="ill"):
    return [f[3] for f in run(rules2, story, sentence, ["outbreak"]) if f[1] == question]


def test_a_count_of_another_event_is_not_the_question_count(story_ill):
    # the dead, and those still in hospital, are not the number who fell ill
    assert ill(story_ill, "The City Council said nine babies had died.") == []
    assert ill(story_ill, "The City Council said 64 babies remained in hospital.") == []
    assert ill(story_ill, "The City Council said 64 babies had fallen ill.") == [64]


def test_a_part_of_the_whole_is_not_the_count(story_ill):
    # "31 of the reports describe ...", "161 of the 214 objects had been taken": a part, whose own
    # predicate is not what the question asks
    assert ill(story_ill, "The City Council said 31 of the reports described palpitations.", "reports") == []
    assert ill(story_ill, "The City Council said all but two of the babies were under six months old.") == []
    assert ill(story_ill, "The City Council said 161 of the 214 objects had been taken in the war.", "returned") == []
    assert ill(story_ill, "The City Council said 161 of the 214 objects should be returned.", "returned") == [161]
    # "every one of the 214": the whole
    assert ill(story_ill, "The City Council said every one of the 214 objects should be returned.", "returned") == [214]
    # "the other 53": the rest of a whole, not a count of its own
    assert ill(story_ill, "The City Council said it would not give up its claim to the other 53 objects.",
               "returned") == []


def test_another_bodys_figure_is_not_the_speakers(story_ill):
    assert ill(story_ill, "The City Council disputed the Maritime Directorate's figure of 230 babies.") == []
    assert ill(story_ill, "The Maritime Directorate's figure of 230 babies was disputed by the City Council.") == []
    assert ill(story_ill, "The City Council said its figure of 230 babies was accurate.") == [230]
    # taken as its own
    assert ill(story_ill, "The City Council said it now accepts the Maritime Directorate's figure of 230 babies.") == [230]


def test_a_figure_denied_is_not_held(story_ill):
    assert ill(story_ill, "The City Council denied that 230 babies had fallen ill.") == []
    # what it says after the denial is its own
    assert ill(story_ill, "The City Council denied that it had inflated the count, saying its figure of 214 babies "
                          "was accurate.") == [214]


def test_a_total_put_at_a_range(story_ill):
    found = [(f.value, f.value_high) for f in findings(
        rules2, story_ill, "The City Council said it had confirmed infections in 14 babies and was examining two "
        "more cases, putting the likely total at between 14 and 16.", ["outbreak"]) if f.question == "ill"]
    assert found == [(14, 16)]


def test_a_figure_refuted_with_a_hedge(story_ill):
    # "rather than the nearly 5,000": refuted, the hedge between
    assert ill(story_ill, "The City Council said the count was lower, rather than the nearly 5,000 sick babies "
                          "the papers reported.") == []


def test_a_figure_in_a_clause_of_background(story_ill):
    # what the content names is told of in a clause after its comma: not a count the speaker gives
    assert ill(story_ill, "The City Council said the outbreak, in which nine babies fell ill, had been avoidable.") == []
    assert ill(story_ill, "The City Council called for an inquiry into the outbreak, which has grown to 96 sick "
                          "babies.") == []
    assert ill(story_ill, "The City Council called for the nurseries to close, as the number of sick babies rose "
                          "to 29.") == []
    assert ill(story_ill, "The City Council said 29 babies were sick.") == [29]
    # an absolute clause of what others do: "with the operator offering ..."
    assert ill(story_ill, "The talks narrowed the gap on Monday, with Fjordline offering care for 40 babies and "
                          "the parents asking for 60, the City Council said.") == []


@pytest.fixture
def story_march(story_acts):  # noqa: F811
    """A march's size beside a fee's cap in marks a year."""
    from ledger.models import Question, Topic

    fees = Topic.objects.create(story=story_acts, key="fees", name="Fees",
                                keywords=[r"\bmarch", r"\bceiling\b", r"\bmarks\b"], position=12)
    Question.objects.create(story=story_acts, topic=fees, key="march-size", text="How many people marched?",
                            kind="number", unit="people", keywords=[r"\bmarch", r"\bpeople\b", r"\bstudents\b"])
    Question.objects.create(story=story_acts, topic=fees, key="fee-cap", text="How high should the fee cap be?",
                            kind="number", unit="marks a year", keywords=[r"\bceiling\b", r"\bmarks\b"])
    rules2._cache.clear()
    return story_acts


def test_a_sum_in_another_question_unit_is_no_count_of_people(story_march):
    # "1,900 marks": the fee question's money, not 1,900 marchers
    found = run(rules2, story_march, "The City Council said the students would not accept any ceiling above the "
                "present 1,900 marks.", ["fees"])
    assert [f for f in found if f[1] == "march-size"] == []
    found = run(rules2, story_march, "The City Council said 1,900 people had marched.", ["fees"])
    assert [f for f in found if f[1] == "march-size"] == [("council", "march-size", "number", 1900)]

    # "to 3,400 marks from 4,200": the level left is no count either
    found = run(rules2, story_march, "The City Council said it had cut the ceiling to 3,400 marks from 4,200.", ["fees"])
    assert [f for f in found if f[1] == "march-size"] == []
    # (a figure after "from" alone is held: "samples from 1,900 people")
    found = run(rules2, story_march, "The City Council said it took samples from 1,900 people at the march.", ["fees"])
    assert [f for f in found if f[1] == "march-size"] == [("council", "march-size", "number", 1900)]


@pytest.fixture
def story_cost(story_acts):  # noqa: F811
    """A rebuild's cost in millions of crowns."""
    from ledger.models import Question, Topic

    rebuild = Topic.objects.create(story=story_acts, key="rebuild", name="Rebuild",
                                   keywords=[r"\bcost\b", r"\bmillion\b"], position=12)
    Question.objects.create(story=story_acts, topic=rebuild, key="cost", text="How much will the rebuild cost?",
                            kind="number", unit="million crowns", keywords=[r"\bcost\b", r"\bbudget\b", r"\bmillion\b"])
    rules2._cache.clear()
    return story_acts


def test_a_sum_of_another_thing_is_not_the_cost(story_cost):
    for sentence in ("The City Council said it would guarantee the 90 million crown loan to Fjordline.",
                     "The City Council said the figure includes a contingency of twelve million.",
                     "The City Council said it would lend Fjordline ninety million crowns.",
                     "The City Council said it would increase its loan to Fjordline to 125 million crowns."):
        assert run(rules2, story_cost, sentence, ["rebuild"]) == [], sentence
    assert run(rules2, story_cost, "The City Council said the rebuild would cost 120 million crowns.", ["rebuild"]) == [
        ("council", "cost", "number", 120)]
    # a loss far before the figure is no sum of it
    assert run(rules2, story_cost, "The City Council said the price of lost output means it will need between 120 million "
               "and 130 million crowns for the rebuild.", ["rebuild"]) == [("council", "cost", "number", 120)]


def test_a_bodys_own_figure_is_its_count(story_ill):
    # "the council's own figure is 14", "its count of sick babies stands at 41": the owner's count
    assert ill(story_ill, "The City Council's own figure is 140 babies.") == [140]
    assert ill(story_ill, "The City Council's final count of sick babies is 437.") == [437]
    assert ill(story_ill, "The City Council's count of sick babies stands at 412.") == [412]
    assert ill(story_ill, "The City Council's figure is disputed.") == []

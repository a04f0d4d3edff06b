"""rules/2, figures (round 11): a sum in a larger scale than the unit's ("1.7 billion" under
"million marks" is 1,700), a sum of money under a count ("fined the maker 1.8 million crowns"
is no count of reports, nor a count of what was not done: "for failing to report 74 cases"), a
sum for another thing ("40 million marks for the fund"); the figure the question's own word is
said to be ("the penalty is 61 million"), a count named only as "those 161" right after the
question's verb ("Return those 161."), and an answer that says yes to a question that puts a
figure ("For those 161 it was.") is no figure of its own. Sentences written for this test, with
the ones that must give no record."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2  # noqa: F401 (story2 is a fixture)
from .test_rules2_acts import story_acts  # noqa: F401 (a fixture)


@pytest.fixture
def story_sums(story_acts):  # noqa: F811
    """The acts story with questions on a fine in millions of crowns, a subsidy in millions of
    marks, a count of reports and a count of objects to return."""
    from ledger.models import Question, Topic

    fine = Topic.objects.create(story=story_acts, key="fine", name="Fine",
                                keywords=[r"\bfine\b", r"\bpenalty\b", r"\bsubsid", r"\bsupport\b"], position=12)
    Question.objects.create(story=story_acts, topic=fine, key="fine-size", text="How large should the fine be?",
                            kind="number", unit="million crowns", keywords=[r"\bfine\b", r"\bpenalty\b"])
    aid = Topic.objects.create(story=story_acts, key="aid", name="Aid", keywords=[r"\bsubsid", r"\bsupport\b"],
                               position=13)
    Question.objects.create(story=story_acts, topic=aid, key="subsidy", text="How much subsidy, in millions of marks?",
                            kind="number", unit="million marks", keywords=[r"\bsubsid", r"\bsupport\b", r"\bmarks\b"])
    safety = Topic.objects.create(story=story_acts, key="safety", name="Safety", keywords=[r"\breports?\b"], position=14)
    Question.objects.create(story=story_acts, topic=safety, key="reports", text="How many reports were filed?",
                            kind="number", unit="reports", keywords=[r"\breports?\b", r"\breported\b", r"\bcases\b"])
    claim = Topic.objects.create(story=story_acts, key="claim", name="Claim", keywords=[r"\bobjects\b", r"\breturn"],
                                 position=15)
    Question.objects.create(story=story_acts, topic=claim, key="returned", text="How many objects should be returned?",
                            kind="number", unit="objects", keywords=[r"\bobjects\b", r"\breturn", r"\bhand\b"])
    rules2._cache.clear()
    return story_acts


def values(story, sentence, topics, question, context=None):
    return [f[3] for f in run(rules2, story, sentence, topics, context) if f[1] == question]


def test_a_sum_in_a_larger_scale_counts_in_the_units(story_sums):
    # "1.7 billion" under "million marks": 1,700, with the unit's word or without it
    assert values(story_sums, '"1.7 billion in state support is a fair price," the City Council said.', ["aid"],
                  "subsidy") == [1700]
    assert values(story_sums, "The City Council said state support of 1.7 billion marks was fair.", ["aid"],
                  "subsidy") == [1700]
    found = [(f.value, f.value_high) for f in rules2.extract(rules2.story_rules(story_sums), _view(
        "The City Council said it needs 2 to 2.2 billion in state support.", ["aid"])) if f.question == "subsidy"]
    assert found == [(2000, 2200)]
    # in the unit's own scale, as before
    assert values(story_sums, "The City Council said state support of 400 million was fair.", ["aid"],
                  "subsidy") == [400]


def test_a_sum_of_money_is_no_count(story_sums):
    # a fine in crowns under a count of reports
    assert values(story_sums, "The Maritime Directorate said it had fined Fjordline 1.8 million crowns in all, a record "
                              "for reports.", ["safety"], "reports") == []
    # nor is a count of what was not done ("for failing to report 74 cases")
    assert values(story_sums, "The Maritime Directorate fined Fjordline 1.8 million crowns for failing to report 74 "
                              "cases on time, its reports show.", ["safety"], "reports") == []
    assert values(story_sums, "The Maritime Directorate said 74 cases had been reported.", ["safety"], "reports") == [74]
    # a count in a scale with the unit's own noun still counts
    assert values(story_sums, "The Maritime Directorate said 1.2 million reports had been filed.", ["safety"],
                  "reports") == [1200000]


def test_a_sum_for_another_thing_is_none_of_the_one_asked(story_sums):
    assert values(story_sums, "The City Council wants 40 million marks for the fund, not a subsidy.", ["aid"],
                  "subsidy") == []
    assert values(story_sums, "The City Council wants 40 million marks of state support for the farm.", ["aid"],
                  "subsidy") == [40]
    # a sum lent, its borrower named in apposition
    assert values(story_sums, "The City Council will lend Fjordline, the ferry operator, 90 million crowns to pay the "
                              "fine, the council said.", ["fine"], "fine-size") == []


def test_the_figure_the_question_word_is_said_to_be(story_sums):
    # of two figures, the one the question's word is said to be now
    assert values(story_sums, 'The City Council said: "Forty-eight million was set on what we knew. Now the penalty '
                              'is 61 million."', ["fine"], "fine-size") == [61]
    # one figure: as before
    assert values(story_sums, "The City Council said the penalty should be 61 million.", ["fine"],
                  "fine-size") == [61]


def test_a_count_named_after_the_questions_verb(story_sums):
    # "those 161", "all 214" right after the question's verb: the count that verb asks for
    assert values(story_sums, "The City Council said: Return those 161.", ["claim"], "returned") == [161]
    assert values(story_sums, "The City Council wants to return all 214, and soon.", ["claim"],
                  "returned") == [214]
    # not after a word of the question that is no verb of it ("hectares than the 180,000")
    assert values(story_sums, "The City Council said there were more objects than the 161.", ["claim"],
                  "returned") == []
    # not with a noun of its own after it, nor with no verb of the question before it
    assert values(story_sums, "The City Council said it would return the 161 tonnes of soil.", ["claim"],
                  "returned") == []
    assert values(story_sums, "The City Council said it had counted the 161.", ["claim"], "returned") == []
    # "the" and three digits at the end may be a model's name ("ground the 737."): no count
    assert values(story_sums, "The City Council said it would return the 737.", ["claim"], "returned") == []


def test_a_yes_to_a_question_that_names_a_figure_is_no_count_of_its_own(story_sums):
    # "Was that clear?" / "For those 161 it was.": a yes, with the figure the question named
    rules = rules2.story_rules(story_sums)
    assert rules.answers.counter(rules.figures, _question(rules, "returned"), "for those 161 it was.",
                                 "the city council says 161 of the objects should be returned. is that too many?") \
        is None
    assert rules.answers.counter(rules.figures, _question(rules, "returned"), "we can live with twelve.",
                                 "the city council says 161 of the objects should be returned. can you live with "
                                 "that?") == (12, None, 0.5)


def _question(rules, key):
    return next(q for q in rules.questions if q.key == key)


def _view(sentence, topics):
    from ingest.extractors import ExcerptView

    from .test_rules2 import D
    return ExcerptView(id=1, sentence=sentence, text=sentence, topics=topics, day=D)


@pytest.fixture
def story_rate(story_acts):  # noqa: F811
    """The acts story with a question whose unit is a rate written with "per"."""
    from ledger.models import Question, Topic

    water = Topic.objects.create(story=story_acts, key="water", name="Water", keywords=[r"\blitres\b"], position=16)
    Question.objects.create(story=story_acts, topic=water, key="draw", text="How many litres a day does the plant draw?",
                            kind="number", unit="litres per day", keywords=[r"\blitres\b", r"\bdaily\b"])
    rules2._cache.clear()
    return story_acts


def test_a_rate_written_with_a_instead_of_per(story_rate):
    # the "a" of "litres a day" is the rate's "per", not a figure that takes the unit from the count
    for sentence in ("The Maritime Directorate said the plant draws 400,000 litres a day.",
                     "The Maritime Directorate said the plant draws 400,000 litres per day.",
                     "The Maritime Directorate said the plant draws 400,000 litres each day."):
        assert values(story_rate, sentence, ["water"], "draw") == [400000], sentence
    # a count whose unit is the next figure's still gives none ("a 40% raise" after "Sept. 13")
    assert values(story_rate, "The Maritime Directorate said on Sept. 13 that two plants draw litres.", ["water"],
                  "draw") == []

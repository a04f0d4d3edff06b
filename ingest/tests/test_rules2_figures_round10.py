"""rules/2, figures (round 10): how a figure is read and whose it is in common news shapes:
"puts confirmed cases at between 95 and 100", "raised its count of cases in the east to 141",
"cut around 400 roles" (a noun the question names), "38 crowns for each share", "lost eleven
people". Sentences written for this test, with the ones that must give no record."""
import pytest

from ingest.extractors import rules2

from .test_rules2 import run, story2  # noqa: F401 (story2 is a fixture)
from .test_rules2_acts import story_acts  # noqa: F401 (a fixture)


@pytest.fixture
def story_counts(story_acts):  # noqa: F811
    """The acts story with questions on an outbreak's cases, a flood's dead, a bid's price a
    share and the jobs it would cost."""
    from ledger.models import Question, Topic

    outbreak = Topic.objects.create(story=story_acts, key="outbreak", name="Outbreak",
                                    keywords=[r"\bcases\b", r"\bconfirmed\b", r"\bdead\b", r"\bpeople\b"], position=12)
    Question.objects.create(story=story_acts, topic=outbreak, key="case-count", text="How many cases are confirmed?",
                            kind="number", unit="cases", keywords=[r"\bcases\b", r"\bconfirmed\b"])
    Question.objects.create(story=story_acts, topic=outbreak, key="death-toll", text="How many people died?",
                            kind="number", unit="people", keywords=[r"\bdied\b", r"\bdead\b", r"\btoll\b"])
    bid = Topic.objects.create(story=story_acts, key="bid", name="Bid",
                               keywords=[r"\bshares?\b", r"\boffer\b", r"\bjobs?\b", r"\broles\b"], position=13)
    Question.objects.create(story=story_acts, topic=bid, key="offer-price", text="How much is offered a share?",
                            kind="number", unit="crowns per share", keywords=[r"\bper share\b", r"\boffer\b"])
    Question.objects.create(story=story_acts, topic=bid, key="job-cuts", text="How many jobs would go?",
                            kind="number", unit="jobs", keywords=[r"\bjobs?\b", r"\broles\b", r"\bposts\b"])
    rules2._cache.clear()
    return story_acts


# (sentence, topics, what rules/2 must find)
FIGURES = [
    # "puts <what the question counts> at": the figure after "at" is that count, a range whole
    ("The City Council puts confirmed cases in the district at between 95 and 100.", ["outbreak"],
     [("council", "case-count", "number", 95)]),
    ("The City Council puts the cost of the new clinic at 400.", ["outbreak"], []),
    # an estimate raised to a level: what it counts is named between the verb and "to"
    ("The Maritime Directorate raised its count of confirmed cases in the eastern district to 141.", ["outbreak"],
     [("directorate", "case-count", "number", 141)]),
    # a count whose noun the question's words name ("roles" of a question on jobs)
    ("Fjordline said it expects to cut around 400 roles, mostly at its head office.", ["bid"],
     [("operator", "job-cuts", "number", 400)]),
    ("Fjordline said it would drop 400 routes.", ["bid"], []),
    # a price a share written "for each share", as "per share" or "a share"
    ("Fjordline said its offer of 38 crowns for each share was fair.", ["bid"],
     [("operator", "offer-price", "number", 38)]),
    ("Fjordline said 38 crowns for each ferry was fair.", ["bid"], []),
]


@pytest.mark.parametrize("sentence, topics, expected", FIGURES, ids=[f[0][:60] for f in FIGURES])
def test_a_figure_and_whose_it_is(story_counts, sentence, topics, expected):
    assert run(rules2, story_counts, sentence, topics) == expected


def test_a_count_in_words_with_its_unit_needs_no_word_of_the_question_beside_it(story_counts):
    # "eleven people" as "11 people": the question's words in the sentence before are enough
    before = "The death toll of the flood is disputed. "
    for sentence, expected in (("The City Council said the town had lost eleven people.",
                                [("council", "death-toll", "number", 11)]),
                               ("The City Council said the town had lost 11 people.",
                                [("council", "death-toll", "number", 11)]),
                               ("The City Council said the town had lost eleven buses.", []),
                               ("The City Council said the town had lost three people.", [])):
        assert run(rules2, story_counts, sentence, ["outbreak"], before + sentence) == expected, sentence


def test_an_act_that_changes_a_figure_after_a_clause_of_when(story_counts):
    # the time clause before the subject is no part of the act: the main clause after its comma is
    assert run(rules2, story_counts, "Two days after the shares fell, Fjordline raised its offer to 45 crowns "
               "per share.", ["bid"]) == [("operator", "offer-price", "number", 45)]
    assert run(rules2, story_counts, "Fjordline raised its offer to 45 crowns per share.", ["bid"]) == [
        ("operator", "offer-price", "number", 45)]
    # the act in the clause of when is not the news: no record of it
    assert run(rules2, story_counts, "After Fjordline raised its offer to 45 crowns per share, the shares rose.",
               ["bid"]) == []

"""rules/2's figures on shapes read in real news (the sentences here are invented, in the story
of the test world): a number that is no count of the question's unit gives no figure, while the
question's own figure beside it still counts."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

D = date(2025, 3, 16)


def found(story, sentence, topics=("march-15", "crowds")):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=list(topics), day=D)
    return sorted((f.actor, f.question, f.position, f.value) for f in rules2.extract(rules, view))


def figures(story, sentence, question):
    return [value for _, q, _, value in found(story, sentence) if q == question]


@pytest.fixture
def story_pay(story):
    # a percentage, a sum in euros, a count of the injured: number questions of other units
    from ledger.models import Question, Topic

    crowds = Topic.objects.get(story=story, key="crowds")
    Question.objects.create(story=story, topic=crowds, key="pay-rise", kind="number", unit="%",
                            text="How much of a pay rise do the students want for the police (%)?",
                            keywords=[r"\bpay\b", r"\braise\b", r"\brise\b"])
    Question.objects.create(story=story, topic=crowds, key="grant", kind="number", unit="euros",
                            text="Up to what income do students get the grant (euros)?",
                            keywords=[r"\bincome\b", r"\bthreshold\b", "€"])
    Question.objects.create(story=story, topic=crowds, key="injured", kind="number", unit="marchers",
                            text="How many marchers were injured?", keywords=[r"\binjur", r"\bhurt\b"])
    return story


def test_a_fraction_in_words_is_a_share_not_a_count(story_pay):
    # "three-quarters of marchers" is no count of three
    for sentence in ("The students said three-quarters of marchers were injured.",
                     "The students said two thirds of the marchers were hurt."):
        assert figures(story_pay, sentence, "injured") == [], sentence
    assert figures(story_pay, "The students said three marchers were injured.", "injured") == [3]


def test_a_rank_is_no_count(story_pay):
    # "our number one priority", "the No. 1 concern": a rank
    assert figures(story_pay, '"Our number one priority is the marchers who were injured," the students said.',
                   "injured") == []
    assert figures(story_pay, "The students said the No. 1 concern was marchers hurt at the gate.", "injured") == []
    # a label: "batch 4471", "bus 73" name a thing, they count nothing
    assert figures(story_pay, "The students said the marchers hurt came from batch 4471 of the march.", "injured") == []
    assert figures(story_pay, "The students said marchers on bus 73 were injured.", "injured") == []
    assert figures(story_pay, "The students said 73 marchers were injured.", "injured") == [73]


def test_a_sum_of_money_counts_no_people(story_pay):
    # "the €300 payment to marchers" is no count of marchers
    assert figures(story_pay, "The students said the €300 payment to injured marchers was too small.",
                   "injured") == []


def test_a_currency_symbol_meets_its_unit_word(story_pay):
    # "€35,000" under "euros", as "35,000 euros" is; not a sum far from the question's words
    assert figures(story_pay, "The students said the income threshold will be €35,000.", "grant") == [35000]
    assert figures(story_pay, "The students said any student with an income of under €35,000 a year will get it.",
                   "grant") == [35000]
    assert figures(story_pay, "The students said the city must fill a €22bn hole in the budget.", "grant") == []


def test_a_share_of_a_group_or_a_vote_is_no_percentage_asked(story_pay):
    # "by 94%" after a vote, "64% of members", "96% voted": shares, not the pay rise asked
    assert figures(story_pay, "The students rejected the pay deal by 94%.", "pay-rise") == []
    assert figures(story_pay, "The students said 64% of members voted against the pay offer.", "pay-rise") == []
    assert figures(story_pay, "The students said 70% of the police would get a pay rise.", "pay-rise") == []
    assert figures(story_pay, "The students rejected the offer by 94% and 96% voted to strike for pay.",
                   "pay-rise") == []
    # the figure asked, beside them or alone
    assert figures(story_pay, "The students said they want a 40% pay rise.", "pay-rise") == [40]
    assert figures(story_pay, "The students said 60% of members back a 40% pay rise.", "pay-rise") == [40]
    assert figures(story_pay, "The students said police pay must rise by 12%.", "pay-rise") == [12]


def test_a_figure_with_a_noun_of_its_own_answers_no_measure(story_pay):
    # "33,000 striking students" is no percentage, "nine million people" no sum of euros
    assert figures(story_pay, "The students said the pay offer was sent to 33,000 striking students.",
                   "pay-rise") == []
    assert figures(story_pay, "The students said nine million people would lose the grant income.", "grant") == []
    # the unit's own figure later in the sentence, not the count before it or a day of the month
    assert figures(story_pay, "Around 33,000 students have marched since Sept. 13, demanding a 40% pay rise, "
                              "the students said.", "pay-rise") == [40]


def test_model_numbers_are_names(story_pay):
    # "the 737, 777 and 767": designations, no count
    assert figures(story_pay, "The students said the police used the 737, 777 and 767, and marchers were hurt.",
                   "injured") == []
    assert figures(story_pay, "The students said 737 marchers were injured.", "injured") == [737]


@pytest.fixture
def story_two_counts(story_pay):
    # two counts of the same unit: the injured and the arrested
    from ledger.models import Question, Topic

    Question.objects.create(story=story_pay, topic=Topic.objects.get(story=story_pay, key="crowds"), key="arrested",
                            kind="number", unit="marchers", text="How many marchers were arrested?",
                            keywords=[r"\barrest", r"\bdetain"])
    return story_pay


def test_a_count_of_another_question_of_the_unit_is_not_this_ones(story_two_counts):
    # "40 marchers were arrested" counts no injured marchers, when the story asks both
    sentence = "The students said 40 marchers were arrested outside the clinic for the injured."
    assert figures(story_two_counts, sentence, "injured") == []
    assert figures(story_two_counts, sentence, "arrested") == [40]
    sentence = "The ministry put the number of marchers detained at 40 and the number injured at 12."
    assert figures(story_two_counts, sentence, "injured") == [12]
    assert figures(story_two_counts, sentence, "arrested") == [40]
    assert figures(story_two_counts, "The students said 12 marchers were injured.", "injured") == [12]


def test_a_percentage_in_words_meets_the_sign(story_pay):
    # "40 per cent" under a unit "%", as "40%"; its shares are none either
    assert figures(story_pay, "The students said they want a 40 per cent pay rise.", "pay-rise") == [40]
    assert figures(story_pay, "The students said police pay must rise by 12 percent.", "pay-rise") == [12]
    assert figures(story_pay, "The students said 64 per cent of members voted against the pay offer.",
                   "pay-rise") == []


def test_a_count_keeps_its_verb_past_a_relative_clause(story_pay):
    # "nine women who marched at the front were injured" counts the injured, as "nine women were injured"
    assert figures(story_pay, "The students said nine women who marched at the front were injured.",
                   "injured") == [9]
    # not a keyword of another clause further on
    assert figures(story_pay, "The students said nine women who marched at the front saw police that injured "
                              "a man.", "injured") == []


def spans(story, sentence, question="crowd-size"):
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    view = ExcerptView(id=1, sentence=sentence, text=sentence, topics=["march-15", "crowds"], day=D)
    return [(f.value, f.value_high) for f in rules2.extract(rules, view) if f.question == question]


def test_a_thousand_in_words_keeps_the_hundreds_after_it(story):
    # "two thousand three hundred and fourteen people": 2,314, not the 314 after the thousand
    for sentence, value in (
            ("The students said two thousand three hundred and fourteen people came to the square.", 2314),
            ("The students said one thousand and fifty people came to the square.", 1050),
            ("The students said three thousand four hundred people came to the square.", 3400),
            ("The students said twenty-one thousand five hundred and six people came to the square.", 21506),
            ("The students said six thousand people came to the square.", 6000)):
        assert spans(story, sentence) == [(value, None)], sentence


def test_a_range_in_words_keeps_its_and(story):
    # "between eighteen hundred and two and a half thousand": the range's "and", not "hundred and two"
    for sentence, value in (
            ("The students said between eighteen hundred and two and a half thousand people came.", (1800, 2500)),
            ("The students said between twelve hundred and fifteen hundred people came.", (1200, 1500)),
            ("The students said between eighteen hundred and two thousand people came.", (1800, 2000)),
            ("The students said between two thousand and three thousand people came.", (2000, 3000)),
            ("The students said two hundred and fifty thousand people came to the square.", (250000, None)),
            ("The students said between two and three thousand people came.", (2000, 3000)),
            ("The students said eighteen hundred people came to the square.", (1800, None)),
            ("The students said three hundred and twelve people came to the square.", (312, None))):
        assert spans(story, sentence) == [value], sentence


def test_a_count_of_people_by_another_word_for_them(story):
    # "lives", "victims", "bodies" count people; the crowd question's unit is "people"
    from ledger.models import Question, Topic

    Question.objects.create(story=story, topic=Topic.objects.get(story=story, key="crowds"), key="dead", kind="number",
                            unit="people", text="How many people died?", keywords=[r"\bdied\b", r"\blives\b", r"\bdead\b"])
    assert figures(story, "The Interior Ministry said the crush had claimed twelve lives.", "dead") == [12]
    assert figures(story, "The Interior Ministry said 14 victims had died.", "dead") == [14]


def test_a_bodys_own_count_standing_at_a_figure(story):
    # "the ministry's count stood at 12,000": no verb of saying, the count is the owner's
    assert figures(story, "The Interior Ministry's count stood at 12,000 people on Monday.", "crowd-size") == [12000]
    assert [a for a, q, _, _ in found(story, "The Interior Ministry's count stood at 12,000 people on Monday.")
            if q == "crowd-size"] == ["ministry"]

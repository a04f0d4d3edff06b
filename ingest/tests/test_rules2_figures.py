"""rules/2's figures: how a figure is read and whose it is, in the shapes of news ("puts confirmed
cases at between 95 and 100", "raised its count to 141", "38 crowns for each share", counts and
ranges in words, a sum in a larger scale than the unit's); a number that is no count of the
question's unit gives no figure (a share, a rank, a sum of money, a model number, a figure of
another thing or another body's, a part of the whole, a figure denied), while the question's
own figure beside it still counts. Each sentence is written for the test, in the test world,
with the ones that must give no record."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

from .test_rules2 import findings, run, story2, story3  # noqa: F401 (story2, story3 are fixtures)
from .test_rules2_acts import story_acts  # noqa: F401 (a fixture)

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


# --- a figure and whose it is ---------------------------------------------------------------------

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


# --- a figure of another thing, or another's figure, is no count of the speaker's -----------------

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


# --- a sum in a larger scale, a sum of money, the figure the question's word is said to be --------

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


# --- a figure counts only what the question counts ------------------------------------------------


@pytest.fixture
def story_depots(story_acts):  # noqa: F811
    """The acts story with questions on how many bus depots will close, how long a bridge stays
    closed, how many night flights the airport should be allowed and what an hour's minimum pay
    should be: a figure of another noun, of what a change spares, of a whole, or the cause of a
    consequence counted after it, is none of their answers."""
    from ledger.models import Question, Topic

    depots = Topic.objects.create(story=story_acts, key="depots", name="Depots",
                                  keywords=[r"\bdepots?\b", r"\bbridge\b", r"\bflights\b", r"\bcrowns\b"], position=17)
    Question.objects.create(story=story_acts, topic=depots, key="depots-closing", kind="number", unit="depots",
                            text="How many of the city's bus depots will close?", keywords=[r"\bdepots?\b", r"\bclos"])
    Question.objects.create(story=story_acts, topic=depots, key="bridge-months", kind="number", unit="months",
                            text="How many months will the bridge stay closed?", keywords=[r"\bbridge\b", r"\bmonths?\b"])
    Question.objects.create(story=story_acts, topic=depots, key="night-flights", kind="number", unit="flights",
                            text="How many night flights should the airport be allowed?",
                            keywords=[r"\bflights\b", r"\ba night\b"])
    Question.objects.create(story=story_acts, topic=depots, key="hourly-pay", kind="number", unit="crowns an hour",
                            text="What should the minimum pay be, in crowns an hour?",
                            keywords=[r"\bcrowns?\b", r"\ban hour\b", r"\bminimum\b"])
    rules2._cache.clear()
    return story_acts


def test_a_figure_of_another_noun_is_not_the_count_asked(story_depots):
    # "212 drivers", "a town of 90,000 residents": counts of other things than depots
    for sentence in ("The City Council said 212 drivers had signed a letter about the depots.",
                     "The City Council said a town of 90,000 residents cannot lose its depots."):
        assert values(story_depots, sentence, ["depots"], "depots-closing") == [], sentence
    # the unit's own noun, or the noun of the question's verb ("closures" of "close")
    assert values(story_depots, "The City Council said 4 depots will close.", ["depots"], "depots-closing") == [4]
    assert values(story_depots, "The City Council said its plan for the depots means three closures.", ["depots"],
                  "depots-closing") == [3]
    # a noun the question's words are said of, in the figure's own clause
    assert values(story_depots, "The City Council said 3 garages will close with the depots.", ["depots"],
                  "depots-closing") == [3]


def test_a_figure_said_to_stay_is_not_the_count_of_a_change_that_takes_away(story_depots):
    # what the closures spare: "would stay open", "keeping ... the four larger depots"
    assert values(story_depots, "The four larger depots would stay open, the City Council said.", ["depots"],
                  "depots-closing") == []
    assert values(story_depots, "The City Council said it was keeping the night service in the four larger depots.",
                  ["depots"], "depots-closing") == []
    assert values(story_depots, "The City Council said it would close two depots and keep four depots.", ["depots"],
                  "depots-closing") == [2]
    # a question of what stays takes it ("stay closed"), and so does one of what is allowed
    assert values(story_depots, "The City Council said the bridge will be kept closed for six months.", ["depots"],
                  "bridge-months") == [6]
    assert values(story_depots, "The High Court said the airport may keep 20 flights a night.", ["depots"],
                  "night-flights") == [20]


def test_a_whole_is_not_the_part_asked(story_depots):
    # "all 14 depots", "of its 14", "each of the six": the whole the part is of
    for sentence in ("The City Council said all 14 depots are under review.",
                     "The City Council said it will hold an open day at each of the six depots."):
        assert values(story_depots, sentence, ["depots"], "depots-closing") == [], sentence
    assert 14 not in values(story_depots, "The City Council said it will close six to eight of its 14 depots.",
                            ["depots"], "depots-closing")
    # the part of it is the count
    assert values(story_depots, "The City Council said two of its 14 depots will close.", ["depots"],
                  "depots-closing") == [2]
    # ... unless the question's words are said of the whole
    assert values(story_depots, "The City Council said all 14 depots will close.", ["depots"],
                  "depots-closing") == [14]


def test_a_figure_whose_consequence_is_counted_after_it_is_not_held(story_depots):
    # "a minimum of 15 crowns an hour would wipe out 3,000 jobs": the cause judged, not the speaker's figure
    assert values(story_depots, "Fjordline said a minimum of 15 crowns an hour would wipe out about 3,000 jobs.",
                  ["depots"], "hourly-pay") == []
    assert values(story_depots, "Fjordline said a minimum of 15 crowns an hour would cost 3,000 jobs.", ["depots"],
                  "hourly-pay") == []
    assert values(story_depots, "Fjordline said a minimum of 12 crowns an hour is what firms can pay.", ["depots"],
                  "hourly-pay") == [12]



def test_a_figure_said_to_be_the_count_after_it(story_depots):
    # "settled on four as the number of depots to close": the count named after the figure
    assert values(story_depots, "The City Council said it had settled on four as the number of depots to close.",
                  ["depots"], "depots-closing") == [4]
    assert values(story_depots, "The City Council said that for the depots, three is the final figure.", ["depots"],
                  "depots-closing") == [3]


def test_a_figure_put_at_in_words_or_quoted(story_depots):
    # "puts the number ... at" a count in words, or at a quoted range, attributes the figure
    assert values(story_depots, "The City Council now puts the number of depots that will close at four.", ["depots"],
                  "depots-closing") == [4]
    assert values(story_depots, 'The City Council put the number of depots to close at "between three and five".',
                  ["depots"], "depots-closing") == [3]


def test_a_figure_counted_or_spoken_of(story_depots):
    # "counts nearly ..." a figure right after; "spoke to X of" a figure
    assert values(story_depots, "The City Council counts nearly 40 flights a night.", ["depots"], "night-flights") == [40]
    assert values(story_depots, "The City Council spoke to the Herald of twenty flights a night.", ["depots"],
                  "night-flights") == [20]
    # not a count that is no figure's
    assert values(story_depots, "Every flight a night counts, the City Council said.", ["depots"], "night-flights") == []


def test_a_figure_the_questions_word_puts_before_it(story_depots):
    # the question's verb right before it, past a hedge ("close at least 3 of the city's depots")
    assert values(story_depots, "The City Council said it will close at least 3 of the city's depots.", ["depots"],
                  "depots-closing") == [3]
    # ... or past a comma ("the depots, five at most")
    assert values(story_depots, "The City Council said it would close some of the depots, five at most.", ["depots"],
                  "depots-closing") == [5]
    # the question's word as the subject of a level it is set at
    assert values(story_depots, "The City Council said depot closures are capped at three.", ["depots"],
                  "depots-closing") == [3]
    # not a count of another noun a word or two on, nor one in a clause of when
    assert values(story_depots, "The City Council said it would close 3 old tram sheds beside the depots.",
                  ["depots"], "depots-closing") == []
    assert values(story_depots, "The City Council said that when it closed 3 in the spring, the depots stayed open.",
                  ["depots"], "depots-closing") == []


def test_a_figure_joined_to_the_questions_word(story_depots):
    # "a 14-crown minimum" under "crowns an hour"
    assert values(story_depots, "Fjordline said a 14-crown minimum was fair.", ["depots"], "hourly-pay") == [14]


def test_a_rates_quantity_with_its_rate_said_elsewhere(story_depots):
    # "for an hour of work, 14 crowns" under "crowns an hour"
    assert values(story_depots, "Fjordline said that for an hour of work, 14 crowns was fair.", ["depots"],
                  "hourly-pay") == [14]
    # not a sum with no word of the rate
    assert values(story_depots, "Fjordline said 900 crowns was the weekly bonus.", ["depots"], "hourly-pay") == []


def test_a_span_in_the_questions_own_word(story_depots):
    # "years" is one of the question's words: "two years" is 24 months; not a manner of speaking ("a hundred years")
    from ledger.models import Question

    Question.objects.filter(key="bridge-months").update(keywords=[r"\bbridge\b", r"\bmonths?\b", r"\byears?\b"])
    rules2._cache.clear()
    assert values(story_depots, "The City Council said the crossing would be shut for two years.", ["depots"],
                  "bridge-months") == [24]
    assert values(story_depots, "The City Council said the new crossing would last a hundred years.", ["depots"],
                  "bridge-months") == []


def test_a_count_asked_by_its_noun_is_answered_by_a_figure(story3):
    # "The final count of people at Monday's rally?" asks how many as "How many ...?" does
    from .test_rules2_answers import read

    text = ("REPORTER: The final count of people at Monday's rally?\n\n"
            "ARCHIVE OF PUBLIC GATHERINGS: Three hundred and ten, by our count.")
    found = read(story3, "REPORTER: The final count of people at Monday's rally?", text, ["crowds"])
    assert {(f[0], f[2], f[3]) for f in found} == {("archive", "number", 310)}

"""rules/2's figures: the number a statement gives, with its unit nearby; ranges ("between
2,500 and 3,000", "275,000-325,000", "three, at most four", "40 up to 45") give a low and a
high figure; "nearly", "more than", "at least" keep the figure with less confidence; "tens of
thousands" is none; a year, a percentage, a refuted figure ("2,400, not 4,200") and a figure
of another year are skipped. Counts may be spelt ("all five ships", "one of its five ferries"
is one; "twelve hundred", "two hundred and fifty", "one point eight million", "one and a half
million", "a million and a half"), and a unit that names a scale ("million euros") counts in that
scale; under a rate ("crowns per share") a figure in a scale without the unit is a total, no figure.
No count either: a fraction in words ("three-quarters of"), a rank ("number one"), a day ("Sept.
13"), model names ("the 737, 777 and 767"), money under a unit that is not money ("the £300
payment to pensioners"); under a measure (%, money, a rate) a figure with a noun of its own
("33,000 workers") and, under %, a share of a group or a vote ("59% of members", "by 94%"). A count
that another question of the same unit asks ("2,000 people were evacuated" beside a death toll)
is that one's. A figure counts only what the question counts: not a count of another noun than
the question's unit and words ("212 writers", "190,000 inhabitants"), not what the question's
change spares ("five larger branches would stay open" under how many close), not a whole ("all
14 branches", "of its 14") unless the question's words are said of it, not the cause of a
consequence counted after it ("a rise to 135 koruna would wipe out 22,000 jobs"). And a figure
counts however the statement puts it: said to be the count after it ("twelve as the number of
skiers caught"), put by the question's word right before it or as the subject of its level ("will
return 161 of the bronzes", "job losses are capped at 250"), joined to that word ("a 132-koruna
wage"), a rate's quantity with the rate said elsewhere ("on a hot day, it is 950,000 litres"),
a span in a unit that is the question's own word ("wants two years" where "years" is one)."""
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ingest.lang import LanguagePack

from .names import words

if TYPE_CHECKING:
    from .positions import QuestionRules2

# A count under 1,000 is the question's only with the question's words this near it.
NEAR = 60
_CURRENCY = ("€", "$", "£", "¥")
_SPACE = re.compile(r"\s*")
# after "the 737": more of a list of such names, then no noun ("the 737, 777 and 767,")
_DESIGNATIONS = re.compile(r"(?:\s*(?:,|\band\b|\bor\b)\s*\d+(?![\d,.]\d))*(?=\s*(?:[,;:.)]|and\b|or\b|$))")
_FIG = r"\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?!\d)|\d+(?:[.,]\d+)?"


@dataclass
class Unit:
    """A number question's unit as the figures read it: `rx` matches it within three words
    after a figure (singular or plural), `scale` is the multiplier it opens with ("million
    euros": 1e6; the figure is then counted in millions)."""
    rx: re.Pattern
    scale: float = 1.0
    rate: bool = False  # "crowns per share": a figure in a scale ("9.1bn crowns") is a total, not the rate
    money: str = ""  # the currency symbols whose money the unit names ("pounds": "£")
    measure: bool = False  # a unit no plural noun counts (%, money, a rate, a measure): "33,000 workers" is none of it
    words: tuple = ()  # the unit's own words ("crowns" of "crowns per share")
    # other units of the same measure, each with what one of them is in this unit: "four
    # years" under "months" is 48
    converted: tuple = ()
    # its first word (or that word in the singular) right after a figure, and its last word
    # anywhere: a rate's quantity ("950,000 litres" under litres per day, the day said
    # elsewhere), a unit of several words begun ("not a single flight" under flights a night)
    first: re.Pattern | None = None
    last: re.Pattern | None = None


@dataclass(frozen=True)
class Asks:
    """What a number question's text asks for, read once per question: a cap or a plan's
    figure ("What noise limit?", "would a takeover cost?": a bound set counts), a cost ("How
    much will the rebuild cost?": a cost borne counts)."""
    cap: bool = False
    cost: bool = False
    removes: bool = False  # a change that takes away ("How many branches will close?"): a figure kept is none of it
    keeps: bool = False  # what stays as it is ("How many months will the bridge stay closed?"): a figure kept counts
    words: frozenset = frozenset()  # its words and its unit's, each singular and plural: a figure's noun among them counts


class Figures:
    def __init__(self, pack: LanguagePack):
        self.vague = words(pack.vague_amount)
        self.elsewhen = words(pack.elsewhen)
        self.approximate = words(pack.approximate)
        self.not_a_figure = re.compile(rf"\s*(?:{'|'.join(pack.not_a_figure)})(?!\w)", re.IGNORECASE) \
            if pack.not_a_figure else None
        # (with its determiner: "rather than the four years")
        dets = rf"(?:\s+(?:{'|'.join(pack.determiners)}))?" if pack.determiners else ""
        # (and a hedge: "rather than the nearly 50,000")
        hedge = rf"(?:\s+(?:{'|'.join(pack.approximate)}))?" if pack.approximate else ""
        self.refuted = re.compile(rf"(?<!\w)(?:{'|'.join(pack.refuted)}){dets}{hedge}\s*$", re.IGNORECASE) \
            if pack.refuted else None
        # "the earlier penalty of 48 million", "its original estimate of 4,000": a figure replaced
        self.superseded = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_superseded)})\s+(?:[\w-]+\s+){{0,2}}?(?:of\s+)?$",
                                     re.IGNORECASE) if pack.figure_superseded else None
        # "reduced by eight months to 16": by how much, where the level follows
        self.difference = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_difference)})\s+$", re.IGNORECASE) \
            if pack.figure_difference else None
        # "45 decibels is not a limit": the figure and up to four words of its noun, then the negated copula
        self.refuted_after = re.compile(rf"(?:\s+[\w'-]+){{0,4}}?\s+(?:{'|'.join(pack.refuted_after)})", re.IGNORECASE) \
            if pack.refuted_after else None
        self.zero = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.zero_count)})(?=\s)", re.IGNORECASE) if pack.zero_count else None
        self.not_zero = {w.lower() for w in pack.number_words} | {"more", "less", "fewer", "than", "longer", "other",
                                                                   "further", "extra", "additional"}
        self.range_from = re.compile(rf"(?<!\w)(?:{'|'.join(pack.range_from)})\s+$", re.IGNORECASE) \
            if pack.range_from else None
        mult = {**{w: 1e3 for w in pack.thousand}, **{w: 1e6 for w in pack.million}, **{w: 1e9 for w in pack.billion}}
        self.multipliers = [(re.compile(rf"^(?:{w})$", re.IGNORECASE), v) for w, v in mult.items()]
        mult_rx = "|".join(pack.thousand + pack.million + pack.billion) or "(?!x)x"
        self.number_words = {w.lower(): v for w, v in pack.number_words.items()}
        self.articles = {w.lower() for w in pack.determiners if w.isalpha()}
        spelt = sorted(pack.number_words, key=len, reverse=True)
        spelt_rx = "|".join(re.escape(w) for w in spelt) or "(?!x)x"
        # the digits of a decimal in words ("one point eight"): the single words from one to nine
        self.digit_words = {w.lower(): int(v) for w, v in pack.number_words.items()
                            if v == int(v) and 1 <= v <= 9 and w.isalpha() and w.lower() not in self.articles}
        digit_rx = "|".join(sorted(self.digit_words, key=len, reverse=True))
        point_rx = "|".join(pack.decimal_point)
        decimals = rf"(?:\s+(?:{point_rx})\s+(?P<decimals>(?:{digit_rx})(?:\s+(?:{digit_rx}))*)(?!\w))?" \
            if point_rx and digit_rx else ""
        # "two hundred and fifty", "three hundred and sixty-five": the tens and units after a hundred,
        # not when a hundred follows them ("between two hundred and three hundred"); a scale after
        # them is the whole number's ("two hundred and fifty thousand")
        self.below_hundred = {w.lower(): int(v) for w, v in pack.number_words.items()
                              if v == int(v) and 1 <= v < 100 and w.isalpha() and w.lower() not in self.articles}
        hundreds = [w for w, v in pack.number_words.items() if v == 100]
        hundreds_rx = "|".join(re.escape(w) for w in hundreds)
        below_rx = "|".join(sorted(self.below_hundred, key=len, reverse=True))
        and_rx = "|".join(pack.hundred_and)
        # "between eighteen hundred and two and a half thousand": a fraction after the words is
        # the range's second figure, not "hundred and two"
        frac_words_rx = "|".join(re.escape(w) for w in pack.fractions) or "(?!x)x"
        after_hundred = rf"(?:{'|'.join(f'(?<={re.escape(w)})' for w in hundreds)})\s+(?:{and_rx})\s+" \
            rf"(?P<word3>{below_rx})(?:[\s-]+(?P<word4>{below_rx}))?(?!\w)(?![\s-]*(?:{hundreds_rx})(?!\w))" \
            rf"(?!\s+(?:{frac_words_rx})(?!\w))"
        hundred_tail = rf"(?:{after_hundred})?" if hundreds and below_rx and and_rx else ""
        self.fractions = {w.lower(): v for w, v in pack.fractions.items()}
        frac_rx = "|".join(re.escape(w) for w in sorted(self.fractions, key=len, reverse=True))
        frac = rf"(?:\s+(?P<frac>{frac_rx})(?!\w))?" if frac_rx else ""
        mult_frac = rf"(?:\s+(?P<mult_frac>{frac_rx})(?!\w))?" if frac_rx else ""
        # A figure: digits, or one or two number words ("five", "twenty-five", "two hundred"),
        # a decimal or a fraction in words ("one point eight", "one and a half"), then a
        # multiplier if any ("2.5 million", "two hundred thousand", "a million and a half").
        num = rf"(?P<digits>{_FIG})|(?P<word>{spelt_rx})(?:[\s-]+(?P<word2>{spelt_rx}))?(?!\w){hundred_tail}" \
            rf"{decimals}{frac}"
        # "two thousand three hundred and fourteen", "one thousand and fifty": the hundreds and
        # units after a spelt thousand are the same number's; not the next figure of a range
        # ("two thousand and three thousand")
        thousand_words = [w for w in pack.thousand if len(w) > 1 and w.isalpha()]
        upto_hundred = rf"(?:{below_rx})(?:[\s-]+(?:{below_rx}))?(?!\w)"
        rest_rx = rf"(?:(?:{below_rx})\s+(?:{hundreds_rx})(?:\s+(?:{and_rx})\s+{upto_hundred})?(?!\w)" \
            rf"|(?:(?:{and_rx})\s+)?{upto_hundred})"
        thousand_rest = rf"(?:(?:{'|'.join(f'(?<={re.escape(w)})' for w in thousand_words)})\s+" \
            rf"(?P<mult_rest>{rest_rx})(?![\s-]*(?:{hundreds_rx}|{mult_rx})(?!\w))" \
            rf"(?!\s+(?:{frac_words_rx})(?!\w)))?" if thousand_words and hundreds and below_rx and and_rx else ""
        mult = rf"(?:\s*(?P<mult>{mult_rx})(?!\w){mult_frac}{thousand_rest})?"
        self.figure_rx = re.compile(rf"(?<![\w.,])(?:{num}){mult}", re.IGNORECASE)
        self.hundreds_rx = re.compile(rf"(?<![\w.,])(?:(?P<digits>(?!x)x)|(?P<word>{spelt_rx})(?:[\s-]+(?P<word2>{spelt_rx}))?"
                                      rf"(?!\w)){mult}", re.IGNORECASE)
        self.single_rx = re.compile(rf"(?<![\w.,])(?:(?P<digits>{_FIG})|(?P<word>{spelt_rx})(?P<word2>)(?!\w)){mult}",
                                    re.IGNORECASE)
        joins = "|".join(_bounded(j) for j in pack.range_join) or "(?!x)x"
        self.range_tail = re.compile(rf"\s*(?:{joins})\s*(?:{num}){mult}", re.IGNORECASE)
        # "from 48 months to 16 months": the unit between the figure and the one it went to
        self.unit_then_tail = re.compile(rf"(?:\s+(?!(?:{joins})\b)[^\W\d][\w%-]*){{1,2}}\s*(?:{joins})\s*(?:{num})",
                                         re.IGNORECASE)
        self.range_open = re.compile(rf"(?:{'|'.join(pack.range_open)})\s+$", re.IGNORECASE) if pack.range_open else None
        # "one of its five ferries": the count is the first figure, the whole the second
        self.partitive = re.compile(rf"\s+(?:{'|'.join(pack.partitive)})\s+(?:[\w'-]+\s+){{0,2}}?(?={num})",
                                    re.IGNORECASE) if pack.partitive else None
        self.proportion = re.compile(rf"\s+(?:{'|'.join(pack.proportion)})\s+(?={num})", re.IGNORECASE) \
            if pack.proportion else None
        self.comparison = re.compile(rf"(?<!\w)(?:{'|'.join(pack.comparison)})(?!\w)", re.IGNORECASE) \
            if pack.comparison else None
        # "all five ships": a whole count with a noun of its own, when the unit's is not there
        self.whole = re.compile(rf"(?<!\w)(?:{'|'.join(pack.whole_count)})\s+$", re.IGNORECASE) \
            if pack.whole_count else None
        # (a range's or a hedge's word between: "the likely total at between 14 and 16")
        leads = "|".join(pack.range_open + pack.approximate) or "(?!x)x"
        self.count_head = re.compile(rf"(?<!\w)(?:{'|'.join(pack.count_head)})\s+(?:(?:{leads})\s+)*$", re.IGNORECASE) \
            if pack.count_head else None
        # a plural noun after a count ("five ships", "600 local residents"), and what may stand
        # between it and the question's words ("600 residents marched", "three ferries were withdrawn")
        self.count_noun = re.compile(rf"\s+(?:[\w-]+\s+)?(?:{pack.plural_noun})(?!\w)", re.IGNORECASE) \
            if pack.plural_noun else None
        # (one word: "214 cases was accurate", where "was" is no noun)
        self.count_noun_one = re.compile(rf"\s+(?:{pack.plural_noun})(?!\w)", re.IGNORECASE) if pack.plural_noun else None
        self.linking_word = re.compile(rf"(?:{'|'.join(pack.linking)})", re.IGNORECASE) if pack.linking else None
        # "the ministry's figure of 230": another's figure; not "its figure of 230"
        self.owned_by_another = re.compile(
            rf"(?<![\w'])(?!(?:{'|'.join(pack.figure_own_owner)})\b)[\w-]+(?:'s|s')\s+(?:[\w-]+\s+){{0,2}}?"
            rf"(?:{'|'.join(pack.figure_owner_nouns)})\s+(?:of\s+)?(?:(?:{leads})\s+)*$", re.IGNORECASE) \
            if pack.figure_owner_nouns and pack.figure_own_owner else None
        # "now accepts the commission's figure of 1.93 million": taken as the speaker's own
        self.owner_accepted = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_owner_accepted)})\s+(?:[\w'-]+\s+){{0,3}}$",
                                         re.IGNORECASE) if pack.figure_owner_accepted else None
        self.background = re.compile(rf"(?:{'|'.join(pack.figure_background_clause)})(?!\w)[^,;:]*$", re.IGNORECASE) \
            if pack.figure_background_clause else None
        self.level_left = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_level_left)})\s+(?:(?:{leads})\s+)*$",
                                     re.IGNORECASE) if pack.figure_level_left else None
        # (after the level it came to: "to 3,400 marks from 4,200", not "samples from 64 riders")
        self.level_to = re.compile(rf"(?<!\w)(?:{'|'.join(pack.change_level)})\s+(?:(?:{leads})\s+)*(?:{_FIG})",
                                   re.IGNORECASE) if pack.change_level else None
        sums = "|".join(pack.figure_sum_nouns) or "(?!x)x"
        sum_verbs = "|".join(pack.figure_sum_verbs) or "(?!x)x"
        # before the figure: "a contingency of", "its loan to the club to", "would lend the club"
        self.sum_before = re.compile(
            rf"(?<!\w)(?P<sum>{sums})(?:\s+[^,;:.]{{0,30}}?)?\s+(?:of|to|at|worth)\s+(?:(?:{leads})\s+)*$"
            rf"|(?<!\w)(?P<verb>{sum_verbs})\s+(?:[^\W\d][\w'-]*(?:,\s+[^,;:.\d]{{1,40}},)?\s+){{0,3}}(?:(?:{leads})\s+)*$",
            re.IGNORECASE) \
            if pack.figure_sum_nouns or pack.figure_sum_verbs else None
        # after the figure's unit: "90 million vald loan", "40 million marks for the fund"
        purpose = rf"(?:(?:{'|'.join(pack.figure_sum_purpose)})\s+(?:{'|'.join(pack.determiners)})\s+(?:[\w'-]+\s+){{0,2}}?)?" \
            if pack.figure_sum_purpose and pack.determiners else ""
        self.sum_after = re.compile(rf"\s+{purpose}(?:{sums})(?!\w)", re.IGNORECASE) if pack.figure_sum_nouns else None
        # "the penalty is 61 million": what the question's word is said to be
        self.said_is = re.compile(rf"\s+(?:{'|'.join(pack.figure_said_is)})\s+(?:(?:{leads})\s+)*$", re.IGNORECASE) \
            if pack.figure_said_is else None
        money_verbs, money_nouns = "|".join(pack.figure_money_verbs), "|".join(pack.figure_money_nouns)
        self.money_before = re.compile(
            rf"(?<!\w)(?:(?:{money_verbs})\s+(?:[^\W\d][\w'-]*\s+){{0,3}}|(?:{money_nouns})\s+(?:of|worth)\s+)(?:(?:{leads})\s+)*$",
            re.IGNORECASE) if money_verbs and money_nouns else None
        # "for failing to report 74 cases": a count of what was not done
        self.not_done = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_not_done)})\s+[\w'-]+\s+(?:(?:{leads})\s+)*$",
                                   re.IGNORECASE) if pack.figure_not_done else None
        owners = "|".join(pack.determiners + pack.figure_own_owner)
        self.owner_before = re.compile(rf"(?<![\w'])(?:{owners}|[\w-]+(?:'s|s'))\s+(?:[\w-]+\s+)?$", re.IGNORECASE) \
            if owners else None
        # "Return those 161.", "to return all 214": a count named before, after the question's verb
        self.definite = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_definite)})\s+$", re.IGNORECASE) \
            if pack.figure_definite else None
        # "every one of the 214 objects": all of them
        self.each = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_each)})\s+$", re.IGNORECASE) if pack.figure_each else None
        # "the other 53 objects": the rest of a whole
        self.other_part = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_other_part)})\s+$", re.IGNORECASE) \
            if pack.figure_other_part else None
        self.other_event = re.compile(rf"(?:{'|'.join(pack.figure_other_event)})(?!\w)", re.IGNORECASE) \
            if pack.figure_other_event else None
        self.modal = re.compile(rf"(?:{'|'.join(pack.figure_modal)})\s+", re.IGNORECASE) if pack.figure_modal else None
        # "of the reports", "of its ferries": a part of a group named, with no figure of the whole
        self.part_of_group = re.compile(rf"\s+(?:{'|'.join(pack.partitive)})\s+(?:{'|'.join(pack.determiners)})\s+",
                                        re.IGNORECASE) if pack.partitive and pack.determiners else None
        # a content that opens with a verb of denial: what its first clause holds is denied
        self.denied = re.compile(rf"\s*(?:{'|'.join(pack.denial)})(?!\w)", re.IGNORECASE) if pack.denial else None
        self.denial_end = re.compile("|".join(_bounded(w) for w in pack.figure_denial_end), re.IGNORECASE) \
            if pack.figure_denial_end else None
        self.per_unit = {w.lower() for w in pack.per_unit}
        self.subordinate = words(pack.subordinate) if pack.subordinate else None
        # a rate's "per" as a reporter writes it: "a share", "each share", "for each share"
        self.per_rx = "|".join(sorted(pack.figure_rate_per + pack.per_unit, key=len, reverse=True))
        # "puts confirmed cases in the region at", "raised its count of homes destroyed ... to":
        # the words between verb and mark name what the figure after them counts
        lead = "|".join(pack.range_open + pack.approximate)
        self.level_head = re.compile(
            rf"(?<!\w)(?:{'|'.join(pack.figure_level_head)})\s+(?P<what>(?:[\w'-]+\s+){{1,12}}?)"
            rf"(?:{'|'.join(pack.figure_level_mark)})\s+(?:(?:{lead})\s+)*$", re.IGNORECASE) \
            if pack.figure_level_head and pack.figure_level_mark else None
        # a fraction in words is a share ("three-quarters of pensioners"), a rank no count ("number one")
        self.fraction_part = re.compile(rf"[\s-]+(?:{'|'.join(pack.figure_fraction_part)})(?!\w)", re.IGNORECASE) \
            if pack.figure_fraction_part else None
        self.rank_label = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_rank_label)})\s*$", re.IGNORECASE) \
            if pack.figure_rank_label else None
        self.currency_names = {sym: re.compile(rf"(?:{names})", re.IGNORECASE)
                               for sym, names in pack.figure_currency_names.items()}
        self.guessed = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_guessed)})\s+(?:[\w'-]+\s+){{0,2}}$", re.IGNORECASE) \
            if pack.figure_guessed else None
        # (or what it would harm: "a ban longer than 30 days would ruin fishermen")
        harm = rf"|[^,;:.!?]{{0,40}}?(?<!\w)(?:{'|'.join(pack.proposal_harm)})" if pack.proposal_harm else ""
        self.judged_against = re.compile(
            rf"[^,;:.!?]{{0,40}}?(?<!\w)(?:{'|'.join(pack.proposal_copula)})\s+(?:[a-z]+ly\s+)?"
            rf"(?:{'|'.join(pack.proposal_disapproval + pack.figure_judged_against)})(?!\w){harm}", re.IGNORECASE) \
            if pack.proposal_copula and pack.proposal_disapproval else None
        self.increment = re.compile(rf"\s+(?:{'|'.join(pack.figure_increment)})(?!\w)", re.IGNORECASE) if pack.figure_increment else None
        self.so_far = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_so_far)})\s+(?:[\w'-]+\s+){{0,2}}$", re.IGNORECASE) \
            if pack.figure_so_far else None
        self.age_after = re.compile(rf"[\s-]+(?:{'|'.join(pack.figure_age_after)})(?!\w)") if pack.figure_age_after else None
        self.unit_synonyms = dict(pack.figure_unit_synonyms)
        self.conversions = {unit: tuple(others) for unit, others in pack.figure_unit_conversions.items()}
        self.not_a_count = re.compile(rf"(?:{'|'.join(pack.not_a_figure)})", re.IGNORECASE) if pack.not_a_figure else None
        votes = "|".join(pack.figure_vote_verbs)
        # "rejected the contract by 94%": a vote's margin; "96% voted", "59% of members": a share of a group
        self.vote_by = re.compile(rf"(?<!\w)(?:{votes})(?!\w)[^,;:.]{{0,60}}?\bby\s+$", re.IGNORECASE) if votes else None
        self.percent_share = re.compile(
            rf"\s*(?:%|per ?cent|percent)(?:\s+of(?!\w)|(?:\s+(?:{'|'.join(pack.linking)}))*\s+(?:{votes})(?!\w))",
            re.IGNORECASE) if votes and pack.linking else None
        self.designation = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_designation_article)})\s+$", re.IGNORECASE) \
            if pack.figure_designation_article else None
        self.month_before = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_month_before)})\s+$", re.IGNORECASE) \
            if pack.figure_month_before else None
        # a cap or a limit set on the figure ("would limit the site to 500,000 litres a day", "the
        # cap of 500,000", "capped the water it may pump at 500,000"): under a question of what
        # is, a plan's bound; a question with a modal ("would a takeover cost?") or the word itself
        # ("what noise limit?") takes it
        caps = "|".join(pack.figure_cap_words)
        self.cap_before = re.compile(rf"(?<![\w-])(?:{caps})(?![\w-])(?:\s+[^,;:.!?\d]{{0,40}}?)?\s+(?:of|at|to)\s+"
                                     rf"(?:(?:{leads})\s+)*$", re.IGNORECASE) if caps else None
        self.cap_question = words(pack.figure_modal + pack.figure_plan_modal + pack.figure_cap_words) if caps else None
        # "a similar hole of 0.3 billion": the figure of another thing like it
        self.similar = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_similar)})\s+(?:[\w'-]+\s+){{0,2}}?(?:of\s+)?"
                                  rf"(?:(?:{leads})\s+)*$", re.IGNORECASE) if pack.figure_similar else None
        # "will cost households 2.9 billion" under a subsidy: a cost borne, no sum the question names
        self.cost_before = re.compile(rf"(?<!\w)(?:{'|'.join(pack.figure_cost_verbs)})\s+(?:[^\W\d][\w'-]*\s+){{0,2}}"
                                      rf"(?:(?:{leads})\s+)*$", re.IGNORECASE) if pack.figure_cost_verbs else None
        self.cost_word = words(pack.figure_cost_verbs) if pack.figure_cost_verbs else None
        # What the question counts, not a count beside it. A count of what its change spares,
        # after the figure ("five branches would stay open") or before it ("keeping the five
        # larger branches"), under a question of a change that takes away ("close", "cut",
        # "lose"; under "allowed" what is kept is the answer: "may keep up to 20 flights a night")
        self.lemma = pack.lemma
        self.removing = frozenset(pack.proposal_undoing) | frozenset(
            pack.lemma(w, "") for w in pack.proposal_reduced if w.isalpha() and pack.lemma)
        kept = "|".join(pack.figure_kept + pack.figure_keeping)
        self.kept_question = re.compile(rf"(?<![\w-])(?:{kept})(?![\w-])", re.IGNORECASE) if kept else None
        self.kept = re.compile(rf"(?:(?:{'|'.join(pack.figure_modal)})\s+)?(?:{'|'.join(pack.figure_kept)})(?![\w-])",
                               re.IGNORECASE) if pack.figure_kept and pack.figure_modal else None
        # (within the keeping verb's clause: "keep the library and close nine branches" keeps no nine)
        reach = rf"(?:(?!(?<![\w'-])(?:{'|'.join(pack.proposal_clause_open)})(?![\w'-]))[^,;:.!?\d])" \
            if pack.proposal_clause_open else r"[^,;:.!?\d]"
        self.keeping = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.figure_keeping)})(?![\w-]){reach}{{0,60}}$", re.IGNORECASE) \
            if pack.figure_keeping else None
        # A count of another noun ("212 writers"), but for the noun of the question's verb ("nine
        # closures": "close") and the nouns that count whatever persons a question counts ("two
        # million people" of customers).
        self.verb_of = getattr(pack.lemma, "verb_of", None)
        self.any_noun = tuple(pack.figure_any_noun)
        # (what opens a clause of its own after a figure: the question's words there are not said of it)
        opens = "|".join(pack.proposal_clause_open + pack.relative + pack.complementizer)
        self.clause_open = re.compile(rf"(?<![\w'-])(?:{opens})(?![\w'-])", re.IGNORECASE) if opens else None
        # A whole ("all 14 branches", "six to eight of its 14").
        of_whole = rf"|(?<![\w.,])(?:{_FIG}|{spelt_rx})\s+(?:{'|'.join(pack.partitive)})\s+(?:{owners}|[\w-]+'s)\s+$" \
            if pack.partitive and owners else ""
        self.total = re.compile(rf"(?<![\w-])(?:{'|'.join(pack.figure_whole_of)})\s+${of_whole}", re.IGNORECASE) \
            if pack.figure_whole_of else None
        # The cause a consequence is counted of ("a rise to 135 koruna would wipe out 22,000 jobs").
        self.consequence = re.compile(rf"[^,;:.!?]{{0,40}}?(?<![\w-])(?:{'|'.join(pack.figure_consequence)})\s+"
                                      rf"(?:[^\W\d][\w'-]*\s+){{0,3}}?(?:(?:{leads})\s+)*(?=\d|{spelt_rx})", re.IGNORECASE) \
            if pack.figure_consequence else None
        self.other_counts: dict[str, re.Pattern] = {}  # by question: the keywords of the others of its unit (counts_of)
        self.other_units: dict[str, re.Pattern] = {}  # by question: the nouns the others count (counts_of)
        self.asked: dict[str, Asks] = {}  # by question: what its text asks for (counts_of)
        self.percent_words = re.compile(rf"(?:{'|'.join(pack.figure_percent_words)})", re.IGNORECASE) \
            if pack.figure_percent_words else None
        # a relative clause right after a count's noun, which the count's own verb follows
        self.relative = re.compile(rf",?\s+(?:{'|'.join(pack.relative)})\s+", re.IGNORECASE) if pack.relative else None
        self.linking = re.compile(rf"\s*(?:(?:{'|'.join(pack.linking)})\s+)*", re.IGNORECASE) if pack.linking else _SPACE
        # A figure however the statement puts it: the count it is said to be after it ("twelve as
        # the number of skiers caught"), a level the question's word comes to before it ("job
        # losses are capped at 250"), a hedge or a comma between the question's word and it
        # ("will return some 161", "the objects, ten or twenty").
        self.count_tail = re.compile(rf"\s+(?:{'|'.join(pack.figure_count_tail)})", re.IGNORECASE) \
            if pack.figure_count_tail else None
        self.subject_level = re.compile(rf"(?:\s+[\w'-]+){{0,3}}?\s+(?:{'|'.join(pack.figure_subject_level)})\s+"
                                        rf"(?:(?:{leads})\s+)*", re.IGNORECASE) if pack.figure_subject_level else None
        # (a noun of its own a word or two on: "reported 74 suspected heart reactions" is no count put by "reported")
        self.noun_near = re.compile(rf"(?:\s+[\w-]+){{0,2}}\s+(?:{pack.plural_noun})(?!\w)", re.IGNORECASE) \
            if pack.plural_noun else None
        self.lead = re.compile(rf",?\s*(?:(?<![\w'-])(?:{leads})\s+)*$", re.IGNORECASE)

    def counts_of(self, questions) -> None:
        """The story's number questions: each one's keywords are, for the others of the same
        unit, another event's ("How many died?" beside "How many were evacuated?"); and what
        each one's text asks for (`asks`), read once."""
        self.other_counts = {}
        self.other_units = {}
        self.asked = {q.key: self._asks(q) for q in questions if q.number}
        for q in questions:
            if not (q.number and q.unit_rules):
                continue
            # the nouns other questions count ("people" beside "homes"): a figure of them is theirs
            # (of a measure, its own noun: "1,900 marks" beside "marks a year" is no count of people)
            nouns = sorted({w for o in questions if o.key != q.key and o.number and o.unit_rules
                            and o.unit_rules.words != q.unit_rules.words
                            for w in (o.unit_rules.words[:1] if o.unit_rules.measure else o.unit_rules.words)
                            if w.isalpha() and w not in q.unit_rules.words})
            if nouns:
                self.other_units[q.key] = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, nouns))})(?![\w-])",
                                                     re.IGNORECASE)
            others = [o.keywords.pattern for o in questions if o.key != q.key and o.number and o.keywords
                      and o.unit_rules and o.unit_rules.words == q.unit_rules.words]
            if others:
                self.other_counts[q.key] = re.compile("|".join(f"(?:{p})" for p in others))

    def asks(self, q: "QuestionRules2") -> "Asks":
        """What the question's text asks for, as `counts_of` read it (read now for a question
        it did not see)."""
        return self.asked.get(q.key) or self._asks(q)

    def _asks(self, q: "QuestionRules2") -> "Asks":
        text = getattr(q, "text", "") or ""
        unit = q.unit_rules.words if q.unit_rules else ()
        said = _WORD.findall(text.lower())
        return Asks(cap=bool(self.cap_question and self.cap_question.search(text)),
                    cost=bool(self.cost_word and self.cost_word.search(text)),
                    removes=bool(self.lemma and any(self.lemma(w, "") in self.removing for w in said)),
                    keeps=bool(self.kept_question and self.kept_question.search(text)),
                    words=frozenset(f for w in [*said, *unit] for f in _forms(w)))

    def _question_noun(self, q: "QuestionRules2", asks: "Asks", noun: str) -> bool:
        """Whether a figure's noun is one of the question's words: its keywords, or its text's or
        unit's words, singular or plural, or the noun of its verb ("nine closures" of "How many
        branches will close?")."""
        word = noun.split()[-1].lower()
        if (q.keywords and q.keywords.search(word)) or asks.words & _forms(word):
            return True
        verb = self.verb_of(self.lemma(word, "")) if self.verb_of else None
        return bool(verb and verb in asks.words)

    def _of_another_noun(self, q: "QuestionRules2", asks: "Asks", noun: str) -> bool:
        """Whether a figure's noun ("212 writers", "190,000 inhabitants") is another thing's than
        the question counts: none of its words, nor a noun that counts anything (`any_noun`)."""
        return not (self._question_noun(q, asks, noun) or noun.split()[-1].lower() in self.any_noun)

    def _said_of(self, q: "QuestionRules2", c: str, at: int) -> bool:
        """Whether the question's words are said of the figure whose predicate starts at `at`, in
        its clause a few words on ("all five ships should be kept out of service"), not in a
        clause of its own ("190,000 inhabitants that closes half of its libraries") nor as a noun
        of their own ("90,000 residents cannot lose their libraries")."""
        if not q.keywords:
            return False
        for k in q.keywords.finditer(c, at, min(_clause_end(c, at), at + 50)):
            if self.clause_open and self.clause_open.search(c, at, k.start()):
                return False
            if not (self.owner_before and self.owner_before.search(c, at, k.start())):
                return True
        return False

    def _spared(self, q: "QuestionRules2", c: str, start: int, predicate: int) -> bool:
        """Whether the figure at `start`, its noun's predicate at `predicate`, counts what the
        question's change spares: said to stay as it is after it ("five branches would stay
        open", not "three remain out of service", which the question's words say), or kept by a
        verb before it ("keeping the five larger branches"); not under a question of what stays
        or of no change that takes away."""
        asks = self.asks(q)
        if not asks.removes or asks.keeps:
            return False
        kept = self.kept.match(c, predicate) if self.kept else None
        if kept:
            return not (q.keywords and q.keywords.match(c, self.linking.match(c, kept.end()).end()))
        return bool(self.keeping and self.keeping.search(c, max(0, start - 80), start))

    def unit(self, text: str, n) -> Unit | None:
        """The unit of a number question: its words as written, each singular or plural; a
        leading multiplier word ("million euros") is the scale, not a word to match."""
        if not text:
            return None
        unit_words = n(text).lower().split()
        scale = self._multiplier(unit_words[0]) if len(unit_words) > 1 else 1.0
        if scale != 1.0:
            unit_words = unit_words[1:]
        body = r"\s+".join(rf"(?:{self.per_rx})" if self.per_rx and 0 < i < len(unit_words) - 1 and w in self.per_unit
                           else re.escape(w) for i, w in enumerate(unit_words))
        if len(unit_words) == 1 and unit_words[0] in self.unit_synonyms:
            # "twelve lives", "three bodies" under "people"
            body = "|".join([body, *self.unit_synonyms[unit_words[0]]])
        if self.percent_words and self.percent_words.fullmatch(" ".join(unit_words)):
            body = self.percent_words.pattern  # "40 per cent" under "%", "40%" under "per cent"
        # ", ferries" after "three, at most four"; "Orrelink's ferries"; the singular only
        # right after the figure ("one ferry", "45 million euro", not "400 gigabytes of patient files")
        rate = any(w in self.per_unit for w in unit_words[1:-1])
        money = "".join(sym for sym, names in self.currency_names.items() if any(names.fullmatch(w) for w in unit_words))
        measure = rate or scale != 1.0 or bool(money) \
            or bool(self.not_a_count and any(self.not_a_count.fullmatch(w) for w in unit_words))
        converted = tuple((re.compile(rf",?[\s-]*(?:{other})(?!\w)"), factor)
                          for other, factor in self.conversions.get(unit_words[-1], ())) if len(unit_words) == 1 else ()
        # (or joined to it: "a 14-day ban")
        first, last = (re.escape(unit_words[0]), re.escape(unit_words[-1])) if unit_words else ("(?!)", "(?!)")
        return Unit(re.compile(rf",?\s*(?:(?:[\w'-]+\s+){{0,3}}?(?:{body})|-?{_singular(body)})(?!\w)"), scale, rate,
                    money, measure, tuple(unit_words), converted,
                    first=re.compile(rf",?\s+(?:{first}|{_singular(first)})(?!\w)"),
                    last=re.compile(rf"(?<!\w){last}(?!\w)"))

    def figure(self, q: "QuestionRules2", c: str, *, bare: bool = False) -> tuple[float, float | None, float] | None:
        """(value, value_high, confidence) of the figure the content gives. `bare`: the unit
        was named in the sentence's other clause ("the union says 1,300 jobs; Kestrel says
        800"), so a figure without it counts."""
        if self.elsewhen and self.elsewhen.search(c, 0, _clause_end(c, 0)):
            return None  # "Last year, ... 3,000 patients": the whole statement is of another year
        unit = q.unit_rules
        scale = unit.scale if unit else 1.0
        asks = self.asks(q)
        best, first, second, named_only, skip = None, None, None, None, -1
        for m in self.figure_rx.finditer(c):
            if m.start() < skip:
                continue  # the whole of a partitive count ("one of its *five* ferries")
            value, spelt = self._value(m)
            if value is None:
                continue
            if q.keywords and q.keywords.fullmatch(c, m.start(), m.end("digits") if m.group("digits") else m.end("word")):
                continue  # "140 calls to 112 had failed": a number the question names (a line, a route) is no count
            if self.rank_label and self.rank_label.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "our number one priority", "the No. 1 source", "batch 4471": a rank or a label, no count
            if m.group("digits") and _HYPHENED.search(c, max(0, m.start() - 2), m.start()):
                continue  # "the under-23 races", "COVID-19": a number that is part of a word
            if spelt and self.fraction_part and self.fraction_part.match(
                    c, m.end("word2") if m.group("word2") else m.end("word")):
                continue  # "three-quarters of pensioners", "two thirds of the staff": a share, no count
            if m.group("digits") and re.fullmatch(r"\d{3,}", m.group("digits")) and self.designation \
                    and self.designation.search(c[max(0, m.start() - 8):m.start()]) \
                    and (names := _DESIGNATIONS.match(c, m.end("digits"))):
                skip = names.end()  # "the 737, 777 and 767", "the 380 MAX": names of models or lines, no count
                continue
            if m.group("digits") and self.month_before and self.month_before.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "on strike since Sept. 13": a day of the month
            if self.vote_by and self.vote_by.search(c[max(0, m.start() - 80):m.start()]):
                continue  # "rejected the contract by 94%": a vote's margin
            if spelt and m.group("word2") and _spelt(self.number_words.get(m.group("word").lower()),
                                                     self.number_words.get(m.group("word2").lower())) is None:
                # "five a day": only "five" is the figure; "a two-year ban": only "two"
                if m.group("word").lower() in self.articles:
                    m = self.single_rx.match(c, m.start("word2"))
                    value, spelt = self._value(m)
                else:
                    m = self.single_rx.match(c, m.start())
            if spelt and m.groupdict().get("word3") and m.group("mult") \
                    and (_spelt(self.number_words.get(m.group("word").lower()),
                                self.number_words.get((m.group("word2") or "").lower())) or 0) >= 1000:
                # "between eighteen hundred and two thousand": no number is "eighteen hundred and two
                # thousand", the "and" is the range's
                m = self.hundreds_rx.match(c, m.start())
                value, spelt = self._value(m)
            mult = self._multiplier(m.group("mult")) if m.group("mult") else None
            if spelt and self.vague and self.vague.search(c[max(0, m.start() - 12):m.end() + 12]):
                continue  # "a few thousand", "several hundred"
            if mult:
                value = value * mult + self._rest(m)
            elif spelt:
                if value < 1 or m.group("word").lower() in self.articles:
                    continue  # "half a", "a" alone: an article, not a count
            elif re.fullmatch(r"\d{4}", m.group("digits")) and 1900 <= value <= 2100:
                continue  # a year
            if self.refuted and self.refuted.search(c[max(0, m.start() - 40):m.start()].rstrip(", ")):
                continue  # "2,400, not 4,200": the figure the speaker refutes
            if self.denied and self.denial_end and (d := self.denied.match(c)) \
                    and not self.denial_end.search(c, d.end(), m.start()):
                continue  # "denied that 230 babies had fallen ill": what a denial's first clause holds is not held
            if self.owned_by_another and (own := self.owned_by_another.search(c, max(0, m.start() - 80), m.start())) \
                    and not (self.owner_accepted and self.owner_accepted.search(c, max(0, own.start() - 40), own.start())):
                continue  # "disputed the ministry's figure of 230 cases": another's figure, not the speaker's
            if self.level_left and (left := self.level_left.search(c, max(0, m.start() - 30), m.start())) \
                    and self.level_to and self.level_to.search(c, max(0, left.start() - 50), left.start()) \
                    and not (self.range_tail.match(c, m.end()) or self.unit_then_tail.match(c, m.end())):
                continue  # "to 3,400 marks from 4,200": the level it came from (a range "from 8 to 14" is read below)
            if self.background and self.background.search(c, max(0, m.start() - 120), m.start()):
                continue  # "the flooding of Haltwick, in which nine people died": the reporter's background
            if self.other_part and self.other_part.search(c[max(0, m.start() - 20):m.start()]):
                continue  # "its claim to the other 53 objects": the rest of a whole, no count of its own
            if self.superseded and self.superseded.search(c[max(0, m.start() - 40):m.start()]):
                continue  # "the earlier penalty of 48 million had been based on ...": not the figure held now
            if self.difference and self.difference.search(c[max(0, m.start() - 12):m.start()]) \
                    and (self.range_tail.match(c, m.end()) or self.unit_then_tail.match(c, m.end())):
                continue  # "reduced by eight months to 16 months": the level it came to follows
            if self.increment and self.increment.match(c, m.end()):
                continue  # "three more people, bringing the total to 46": an increase, not the count
            if self.not_done and (nd := self.not_done.search(c, max(0, m.start() - 40), m.start())) \
                    and not (q.keywords and q.keywords.search(nd.group(0).split()[0])):
                continue  # "fined for failing to report 74 cases": a count of what was not done
            if self.so_far and self.so_far.search(c[max(0, m.start() - 40):m.start()]):
                continue  # "the ban had been in force for five days": how long so far, not how long it should be
            if self.guessed and self.guessed.search(c[max(0, m.start() - 20):m.start()]):
                continue  # "the toll could rise to ten": what may come, not a count held
            if self.judged_against and self.judged_against.match(c, m.end()):
                continue  # "a four-year ban for one tub was out of all proportion": the figure is judged, not held
            if self.consequence and (cons := self.consequence.match(c, m.end())) \
                    and (effect := self.figure_rx.match(c, cons.end())) and self._counts(effect):
                continue  # "a rise to 135 koruna would wipe out 22,000 jobs": the cause of the count after it, not held
            if self.refuted_after and (r := self.refuted_after.match(c, m.end())) \
                    and not re.search(r"[,;:]|\b(?:that|which|who|and|or)\b", r.group(0)):
                continue  # "45 decibels is not a limit, it is a closure": what the figure is not
            if self.similar and self.similar.search(c, max(0, m.start() - 40), m.start()):
                continue  # "came through a similar hole of 0.3 billion": another thing's figure
            if self.cap_before and (cap := self.cap_before.search(c, max(0, m.start() - 60), m.start())) \
                    and not asks.cap \
                    and not (q.keywords and q.keywords.search(cap.group(0))):
                continue  # "would limit the site to 500,000 litres a day" under how much it draws: a bound set
            if self.elsewhen and self._of_another_year(c, m.start(), m.end()):
                continue  # "up from 1,500 last year": a figure of another year, in its clause
            high, end = None, m.end()
            tail = self.range_tail.match(c, m.end())
            opener = self.range_open.search(c[max(0, m.start() - 20):m.start()]) if self.range_open else None
            if (tail or self.unit_then_tail.match(c, m.end())) and self.range_from \
                    and self.range_from.search(c[max(0, m.start() - 12):m.start()]):
                continue  # "from 8,000 to 14,000", "from four years to 16 months": the figure it went to follows
            if tail and (opener or not re.match(r"\s+and\s", c[m.end():m.end() + 6])):
                hv, _ = self._value(tail)
                if hv is not None:
                    if tail.group("mult"):
                        tail_mult = self._multiplier(tail.group("mult"))
                        hv = hv * tail_mult + self._rest(tail)
                        if not mult and value < hv / 100:
                            value *= tail_mult  # "275-325 thousand": the multiplier is both's
                            mult = tail_mult
                    if hv > value:
                        high, end = hv, tail.end()
                        mult = mult or (self._multiplier(tail.group("mult")) if tail.group("mult") else None)
            if spelt and not mult and value != int(value):
                continue  # "at one point two buses": a decimal in words is a figure in a scale only
            part = self.partitive.match(c, end) if self.partitive and not high else None
            # a part of a group ("31 of the reports", "161 of the 214 objects"): the count only if
            # what the question asks is said of it
            a_part = bool(part or (self.part_of_group and not high and self.part_of_group.match(c, end)))
            if part:  # "one of its five ferries": the unit follows the whole
                whole = self.figure_rx.match(c, part.end())
                if whole:
                    skip, end = whole.end(), whole.end()
                    if self._value(whole)[0] in (10, 100):
                        continue  # "nine out of ten flights": a share, not a count
                    if value == 1 and self.each and self.each.search(c[max(0, m.start() - 10):m.start()]):
                        value, _ = self._value(whole)  # "every one of the 214 objects": all of them
                        part, a_part = None, False
                        if value is None:
                            continue
            share = self.proportion.match(c, end) if self.proportion else None
            whole = self.figure_rx.match(c, share.end()) if share else None
            if whole and value < (self._value(whole)[0] or 0) <= 100:
                skip = whole.end()  # "one in five residents": a share, and its five no count either
                continue
            if self.percent_share and (pct := self.percent_share.match(c, end)) \
                    and not (q.keywords and pct.group(0).rstrip().endswith("of")
                             and q.keywords.search(c, pct.end(), pct.end() + 25)):
                continue  # "59% of members", "96% voted to strike": a share of a group or a vote; not "20% of jobs"
            at_unit = unit.rx.match(c, end) if unit else None
            if unit and unit.converted and not at_unit:
                # ("a hundred years": a manner of speaking, not a span the question's word alone makes one)
                lead_word = m.group("word").lower().split()[0] if spelt else ""
                idiom = lead_word in self.articles and lead_word in self.number_words
                for other, factor in unit.converted:  # "a ban of four years" under "months": 48
                    conv = other.match(c, end)
                    # (said of what the question asks, beside it, and no age: "sixty years old")
                    if conv and not (self.age_after and self.age_after.match(c, conv.end())) and q.keywords \
                            and (q.keywords.search(c, max(0, m.start() - NEAR), m.start())
                                 or q.keywords.search(c, conv.end(), conv.end() + NEAR)
                                 or (q.keywords.search(conv.group(0)) and not idiom)):  # "wants two years": its word
                        at_unit = conv
                        value, high = value * factor, high * factor if high else None
                        break
            if unit and unit.rate and not at_unit and not mult:
                at_unit = self._rate_quantity(unit, c, end)  # "on a hot day, it is 950,000 litres" under litres per day
            if at_unit and any(self._counts(f) for f in self.figure_rx.finditer(at_unit.group(0).lstrip(", "))):
                at_unit = None  # "Sept. 13, demanding a 40% raise": the unit is the next figure's
            with_unit = bool(at_unit)
            if unit and unit.measure and self.cost_before \
                    and (cost := self.cost_before.search(c, max(0, m.start() - 40), m.start())) \
                    and not (q.keywords and any(k.start() < m.start() for k in q.keywords.finditer(
                        c, cost.start(), min(len(c), m.end() + 30)))) \
                    and not asks.cost:
                continue  # "will cost households 2.9 billion" under the subsidy: a cost borne, not the sum asked
            if unit and unit.measure and self.sum_before:
                sum_of = self.sum_before.search(c, max(0, m.start() - 60), m.start()) or (
                    at_unit and self.sum_after.match(c, at_unit.end()))
                if sum_of and not (q.keywords and q.keywords.search(sum_of.group(0))):
                    continue  # "the city's 90 million vald loan" under the rebuild's cost: a sum of another thing
            if scale != 1.0:
                # "40 million euros" under "million euros": 40; "put it at 20 million": 20
                with_unit = bool(mult) and (mult == scale or with_unit)
                if with_unit or (mult and mult > scale):
                    # ("1.7 billion" under "million marks", its unit unsaid: 1,700)
                    value, high = value / scale, high / scale if high else None
            if mult and not with_unit and unit and unit.rate and scale == 1.0:
                continue  # "a 9.1bn-crown offer" under "crowns per share": the whole sum, not the price of one
            symbol = c[max(0, m.start() - 1):m.start()]
            if symbol and symbol in _CURRENCY and not (unit and symbol in unit.money):
                continue  # "€2,000", "the £300 payment to pensioners": money, not a count of the unit
            if symbol and symbol in _CURRENCY and not with_unit:
                if scale != 1.0:
                    continue  # "€2,000" under "million euros": not in the unit's scale
                if q.keywords and not (q.keywords.search(c, max(0, m.start() - 1 - NEAR), m.start() - 1)
                                       or q.keywords.search(c, end, end + NEAR)):
                    continue  # "a £22bn black hole": money, but not the sum the question asks
                with_unit = True  # "an income of £35,000" under "pounds"
            if not with_unit and self.not_a_figure and self.not_a_figure.match(c, end):
                continue  # "8 percent", "three days"
            noun = self.count_noun.match(c, end) if self.count_noun and not at_unit else None
            if noun and self.linking_word and self.linking_word.fullmatch(noun.group(0).split()[-1]):
                noun = self.count_noun_one.match(c, end)  # "214 cases was accurate": the noun is "cases"
            if noun and not with_unit and unit and unit.measure \
                    and not any(w in unit.words for w in noun.group(0).lower().split()):
                continue  # "33,000 striking workers" under "%", "nine million people" under "pounds": another unit
            # "cut around 400 roles" under "jobs": a noun the question's words name, ranked after the
            # unit's own count ("74 heart cases late, and ... 280 reports in all"); not a part ("19 of
            # the 23 cases"), nor in a clause of when ("after the fire destroyed 400 houses")
            named = bool(noun and not with_unit and not part and unit and not unit.measure
                         and self._question_noun(q, asks, noun.group(0))
                         and not (self.subordinate
                                  and self.subordinate.search(c, c.rfind(",", 0, m.start()) + 1, m.start())))
            counted = bool(not with_unit and value < 1000 and noun and self.whole
                           and self.whole.search(c[max(0, m.start() - 12):m.start()]))  # "all five ships"
            # what the question counts, said of this figure: "leaving three out of service",
            # "600 residents marched", "bringing the number out of service to three", "a total of 12"
            after = at_unit or noun
            predicate = self.linking.match(c, after.end() if after else end).end()
            # (past the rest of the noun: "all 14 branch libraries to stay open", the unit's word first)
            rest = self.linking.match(c, whole_noun.end()).end() \
                if at_unit and self.count_noun and (whole_noun := self.count_noun.match(c, end)) \
                and whole_noun.end() > at_unit.end() else predicate
            keyed = bool(q.keywords and (q.keywords.match(c, predicate)
                                         or (c[end:end + 1] == "-" and q.keywords.match(c, end + 1))))  # "a 132-koruna wage"
            if not keyed and q.keywords and self.modal and (modal := self.modal.match(c, predicate)):
                keyed = bool(q.keywords.match(c, self.linking.match(c, modal.end()).end()))  # "should be returned"
            if self.other_event and (event := self.other_event.match(c, predicate)) \
                    and not (q.keywords and q.keywords.search(event.group(0).split()[0])):
                continue  # "nine babies had died", "64 remained in hospital": not the count of those who fell ill
            if not keyed and q.keywords and self.relative and (rel := self.relative.match(c, after.end() if after else end)):
                keyed = self._keyed_past(q, c, rel.end())  # "nine babies who were fed the formula have died"
            noun_near = not at_unit and self.noun_near and self.noun_near.match(c, end)
            if not keyed and q.keywords and not noun and not noun_near and self._put_before(q, c, m.start()):
                keyed = True  # "will return 161 of the bronzes", "job losses are capped at 250", "the objects, ten"
            if not keyed and not after and not mult and q.keywords and self.definite \
                    and (d := self.definite.search(c, max(0, m.start() - 16), m.start())) \
                    and self._keyword_before(q, c, d.start()):
                keyed = True  # "Return those 161.", "to return all 214": the count the question's verb asks for
            head = self.count_head.search(c, max(0, m.start() - 60), m.start()) if self.count_head else None
            if not head and self.level_head and (level := self.level_head.search(c, max(0, m.start() - 120), m.start())) \
                    and ((q.keywords and q.keywords.search(level.group("what")))
                         or (unit and not unit.measure and unit.rx.search(level.group("what")))):
                head = level  # "puts confirmed cases in the region at between 95 and 100"
            if not head and self.said_is and q.keywords and (said := self.said_is.search(c, max(0, m.start() - 30), m.start())) \
                    and self._keyword_before(q, c, said.start(), owned=True):
                head = said  # "Now the penalty is 61 million": of the content's figures, the one the question's word is
            others = self.other_counts.get(q.key)
            if others and not keyed and (others.match(c, predicate) or (
                    head and others.search(head.group(0)) and not (q.keywords and q.keywords.search(head.group(0))))):
                continue  # "2,000 people were evacuated", "the number of people evacuated at 4,800": the count
                # of another question of the same unit, not of the dead
            units = self.other_units.get(q.key)
            if units and not with_unit and not keyed and ((noun and units.search(noun.group(0))) or (
                    head and units.search(head.group(0)) and not (unit and unit.rx.search(head.group(0))))):
                continue  # "6,000 people were evacuated", "the number of homes ... at 412": another question's
                # count, not the hectares or homes asked
            keyed = keyed or bool(head)
            if not keyed and self.count_tail and (named_as := self.count_tail.match(c, after.end() if after else end)):
                what = c[named_as.end():_clause_end(c, named_as.end())]
                if others and others.search(what) and not (q.keywords and q.keywords.search(what)):
                    continue  # "2,000 as the number of people evacuated" under the dead
                keyed = True  # "settled on twelve as the number of skiers caught", "six is the final figure"
            said_of = bool(head) or self._said_of(q, c, rest)
            if not said_of and self.total and (total := self.total.search(c, max(0, m.start() - 40), m.start())) \
                    and not (q.keywords and self._keyword_before(q, c, total.start(), between=1)):
                continue  # "all 14 branches", "six to eight of its 14", "each of the six": the whole, not the part asked
            if self._spared(q, c, m.start(), rest):
                continue  # "five larger branches would stay open" under how many close: what the change spares
            if noun and not (with_unit or keyed or said_of or named) and unit and not unit.measure \
                    and self._of_another_noun(q, asks, noun.group(0)):
                continue  # "an open letter signed by 212 writers", "a city of 190,000 inhabitants": another noun's count
            if a_part and not keyed:
                continue  # "31 of the reports describe palpitations": a part, of which the question's words are not said
            if not (with_unit or keyed or counted or mult or named) and value < (10 if bare else 1000):
                continue
            if mult and not (with_unit or keyed or counted or named) and unit and not unit.measure and self.money_before \
                    and self.money_before.search(c, max(0, m.start() - 60), m.start()):
                continue  # "fined the maker 1.8 million crowns" under "reports": a sum of money, no count of the unit
            # "eleven people" as "11 people": the unit's own word right after it ("twelve lives" may be another count's)
            direct = bool(at_unit and at_unit.group(0).strip(" ,-").lower().split() == list(unit.words))
            if (spelt or value < 10) and not (mult or bare or keyed or named or (direct and value >= 10)) and q.keywords \
                    and not q.keywords.search(c, max(0, m.start() - NEAR), end + NEAR):
                continue  # a small count far from what the question counts ("cracks on two ferries")
            conf = 0.8 if with_unit or keyed else 0.7 if named else 0.45 if counted else 0.55
            if spelt and not with_unit:
                conf -= 0.05
            if self.approximate and self.approximate.search(c[max(0, m.start() - 25):m.start()]):
                conf -= 0.05
            candidate = (value, high, conf)
            if named and not (with_unit or keyed or mult):
                named_only = named_only or candidate  # the last resort: no figure of the unit or in a scale
                continue
            if keyed and not (noun and not at_unit):
                return candidate
            if with_unit:
                first = first or candidate
            elif keyed:  # "50 officers marched alongside 3,000 people": the unit's count first
                second = second or candidate
            best = best or candidate
        return first or second or best or named_only or self._zero(q, c)

    def _keyword_before(self, q: "QuestionRules2", c: str, at: int, between: int = 0, owned: bool = False) -> bool:
        """Whether one of the question's words ends right before `at` in `c`, or `between` words
        before it; `owned`: a noun with its determiner or owner
        ("the penalty", "the villagers' claim", not "buses withdrawn")."""
        for k in q.keywords.finditer(c, max(0, at - 60), at):
            if re.fullmatch(rf"\s*(?:[\w'-]+\s+){{0,{between}}}", c[k.end():at]) \
                    and (not owned or (self.owner_before and self.owner_before.search(c, max(0, k.start() - 40), k.start()))):
                return True
        return False

    def _keyed_past(self, q: "QuestionRules2", c: str, at: int) -> bool:
        """The question's words as the main verb, after an auxiliary, of a count whose relative
        clause starts at `at` ("babies who were fed the formula have died"). Not the relative
        clause's own verb: "two residents who died in the days after" may be a part the speaker
        lists of a larger count."""
        stop = min([i for i in (c.find(";", at), c.find(".", at)) if i >= 0] or [len(c)])
        for w in re.finditer(r"\s+", c[at:min(stop, at + 120)]):
            aux = self.linking.match(c, at + w.start())
            if aux.end() > at + w.end() and q.keywords.match(c, aux.end()):
                return True
        return False

    def _put_before(self, q: "QuestionRules2", c: str, start: int) -> bool:
        """Whether the question's word puts the figure at `start` before it, in its clause: right
        before it, past a hedge or a comma ("will return 161", "found at least 180", "the objects,
        ten or twenty"), or as the subject of a level it is set at ("job losses are capped at 250");
        not in a clause of when ("after the fire destroyed 400")."""
        a = max(c.rfind(",", 0, max(0, start - 2)), c.rfind(";", 0, start)) + 1
        if self.subordinate and self.subordinate.search(c, a, start):
            return False
        lead = self.lead.search(c, max(0, start - 40), start)
        at = lead.start() if lead else start
        for k in q.keywords.finditer(c, a, start):
            word_end = _WORD_REST.match(c, k.end()).end()  # (a keyword may be a stem: "clos")
            if word_end == at or (self.subject_level and self.subject_level.fullmatch(c, word_end, start)):
                return True
        return False

    def _rate_quantity(self, unit: Unit, c: str, end: int):
        """Under a rate ("litres per day"), its quantity's word right after a figure, when the
        statement says the rate's word elsewhere ("on a hot day, it is 950,000 litres")."""
        at = unit.first.match(c, end)
        return at if at and unit.last.search(c) else None

    def _zero(self, q: "QuestionRules2", c: str) -> tuple[float, None, float] | None:
        """A count of none, right before the question's unit ("zero flights a night", "no night
        flights", "not a single bus"), near the question's words; not a limit ("no more than
        12 buses") nor a count in a scale ("no million euros")."""
        unit = q.unit_rules
        if not (self.zero and unit) or unit.scale != 1.0:
            return None
        # ("not a single flight" under "flights a night"; a comma between is refused below)
        first = unit.first if len(unit.words) > 1 else None
        for z in self.zero.finditer(c):
            at = unit.rx.match(c, z.end()) or (first and first.match(c, z.end()))
            if not at or ("," in at.group(0)) or len(at.group(0).split()) > 2 \
                    or any(w in self.not_zero or w[0].isdigit() for w in at.group(0).lower().split()):
                continue
            if self.refuted_after and self.refuted_after.match(c, at.end()):
                continue
            if q.keywords and not q.keywords.search(c, max(0, z.start() - NEAR), at.end() + NEAR):
                continue
            return 0.0, None, 0.7
        return None

    def _of_another_year(self, c: str, start: int, end: int) -> bool:
        """Another year named in the figure's own stretch of the statement: from the comma or
        comparison before it ("compared with", "up from") to the next one."""
        a = c.rfind(",", 0, start) + 1
        b = _clause_end(c, end)
        if self.comparison:
            before = [m.end() for m in self.comparison.finditer(c, a, start)]
            a = max(before) if before else a
            after = self.comparison.search(c, end, b)
            b = after.start() if after else b
        return bool(self.elsewhen.search(c, a, b))

    def number(self, m) -> tuple[float | None, int]:
        """The number a figure match spells and where the words that make it end: in "ten a
        night" the "a" makes no number with "ten", so the figure is ten and ends after it."""
        value, _ = self._value(m)
        if m.group("word2") and _spelt(self.number_words.get(m.group("word").lower()),
                                       self.number_words.get(m.group("word2").lower())) is None:
            return value, m.end("word")
        return value, m.end()

    def _counts(self, m) -> bool:
        """A figure match that is a count, not an article: the "a" of "litres a day" is none."""
        value, spelt = self._value(m)
        return value is not None and not (spelt and not m.group("mult") and not m.group("word2")
                                          and m.group("word").lower() in self.articles)

    def _value(self, m) -> tuple[float | None, bool]:
        """The number a figure match spells (its digits, or its words with their decimals and
        fractions; the multiplier is the caller's), and whether it was spelt."""
        if m.group("digits"):
            return _parse_number(m.group("digits")), False
        groups = m.groupdict()
        first = self.number_words.get(m.group("word").lower())
        second = self.number_words.get(m.group("word2").lower()) if m.group("word2") else None
        value = _spelt(first, second)
        if value is None and second is not None:
            return first, True  # "five a day": the first word alone (see `figure`)
        if value is not None and groups.get("word3"):  # "two hundred and fifty"
            rest = _spelt(self.below_hundred[groups["word3"].lower()],
                          self.below_hundred[groups["word4"].lower()] if groups.get("word4") else None)
            value = value + rest if rest is not None and rest < 100 else value
        if value is not None and groups.get("decimals"):  # "one point eight"
            value += float("0." + "".join(str(self.digit_words[d.lower()]) for d in groups["decimals"].split()))
        for key in ("frac", "mult_frac"):  # "one and a half million", "a million and a half"
            if value is not None and groups.get(key):
                value += self.fractions[groups[key].lower()]
        return value, True

    def _rest(self, m) -> float:
        """What a spelt thousand's words after it add ("three hundred and fourteen" of "two
        thousand three hundred and fourteen")."""
        rest = m.groupdict().get("mult_rest")
        if not rest:
            return 0
        total = 0
        for w in re.split(r"[\s-]+", rest.lower()):
            if self.number_words.get(w) == 100:
                total *= 100
            elif w in self.below_hundred:
                total += self.below_hundred[w]
        return total

    def _multiplier(self, word: str) -> float:
        for pattern, value in self.multipliers:
            if pattern.match(word):
                return value
        return 1.0


_HYPHENED = re.compile(r"[a-z]-$", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+")
_WORD_REST = re.compile(r"[\w'-]*")


def _forms(word: str) -> frozenset:
    """A word with its singular forms, as a plural may drop them ("branches": "branche",
    "branch"; "libraries": "library")."""
    forms = {word}
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    if word.endswith("es"):
        forms.add(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        forms.add(word[:-1])
    return frozenset(forms)


def _clause_end(c: str, at: int) -> int:
    """Where the clause holding position `at` ends (its next comma or semicolon)."""
    ends = [i for i in (c.find(",", at), c.find(";", at)) if i >= 0]
    return min(ends) if ends else len(c)


def _bounded(pattern: str) -> str:
    """A pack's connector as a regex that matches whole words only ("to", not "tonnes")."""
    if len(pattern) == 1 and not pattern.isalnum():
        return re.escape(pattern)
    before = r"(?<!\w)" if pattern[:1].isalnum() else ""
    after = r"(?!\w)" if pattern[-1:].isalnum() else ""
    return rf"{before}(?:{pattern}){after}"


def _singular(body: str) -> str:
    """A unit's last word in the singular ("ferries" -> "ferry", "euros" -> "euro", "buses"
    -> "bus" or "buse", as "courses" -> "course")."""
    if body.endswith("ies"):
        return body[:-3] + "y"
    if body.endswith("es"):
        return rf"{body[:-2]}(?:e)?"
    if body.endswith("s") and not body.endswith("ss"):
        return body[:-1]
    return body


def _spelt(first: float | None, second: float | None) -> float | None:
    """The number two spelt words make: "two hundred" 200, "twelve hundred" 1,200, "twenty-five"
    25, "a" alone 1."""
    if first is None or second is None:
        return first if second is None else None
    if second == 100 and 1 <= first < 100:  # "twelve hundred"
        return first * 100
    if first >= 20 and first % 10 == 0 and second < 10:
        return first + second
    return None


def _parse_number(text: str) -> float | None:
    groups = re.split(r"[,.\u00a0\u202f ]", text)
    if len(groups) > 1 and all(len(g) == 3 for g in groups[1:]):
        return float("".join(groups))
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None

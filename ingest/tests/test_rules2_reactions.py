"""rules/2 reads an answer to the decision an article tells ("welcomed the ruling", "called it a
betrayal") as the answering actor's position on what the decision answers (reactions.py), and
an act refused or agreed to ("refused to cancel the contract") as the act's own position
(acts.py). The sentences are invented, in the story of the test world."""
from datetime import date

import pytest

from ingest.extractors import ExcerptView
from ingest.extractors import rules2

from .test_rules2_proposals import question
from .test_rules2_real_shapes import found


@pytest.fixture
def story_cancel(story):
    question(story, "cancel", "Should the ministry cancel the LRAD contract?",
             affirm=[r"\bcancel (the|its) (LRAD )?contract\b"], deny=[r"\bkeep (the|its) (LRAD )?contract\b"])
    return story


def read(story, article: str, sentence: str):
    """The findings of `sentence` read as an excerpt of `article`, its neighbours as context."""
    rules2._cache.clear()
    rules = rules2.story_rules(story)
    at = article.index(sentence)
    view = ExcerptView(id=1, sentence=sentence, text=article, topics=["march-15"], day=date(2025, 3, 20),
                       article=article, position=at)
    return sorted((f.actor, f.question, f.position) for f in rules2.extract(rules, view))


LEAD = "The Interior Ministry refused to cancel the LRAD contract on Tuesday."


def test_welcoming_the_decision_takes_its_side(story_cancel):
    article = f"{LEAD} Officials met in Belgrade.\n\nThe students condemned the decision."
    assert read(story_cancel, article, "The students condemned the decision.") == [("students", "cancel", "affirm")]
    article = f"{LEAD}\n\nThe Archive of Public Gatherings welcomed the move."
    assert read(story_cancel, article, "The Archive of Public Gatherings welcomed the move.") == [
        ("archive", "cancel", "deny")]
    article = f"{LEAD}\n\nThe students said they regretted the decision."
    assert read(story_cancel, article, "The students said they regretted the decision.") == [("students", "cancel", "affirm")]
    # both named, each answers
    article = f"{LEAD}\n\nBoth the students and the Archive of Public Gatherings regretted the ruling."
    assert read(story_cancel, article, "Both the students and the Archive of Public Gatherings regretted the ruling.") == [
        ("archive", "cancel", "affirm"), ("students", "cancel", "affirm")]


def test_a_judgement_of_the_decision(story_cancel):
    article = f"{LEAD}\n\nThe students called it \u201ca betrayal of every family in Novi Sad\u201d."
    assert read(story_cancel, article, "The students called it \u201ca betrayal of every family in Novi Sad\u201d.") == [
        ("students", "cancel", "affirm")]
    article = f"{LEAD}\n\nThe Archive of Public Gatherings called the decision the right one."
    assert read(story_cancel, article, "The Archive of Public Gatherings called the decision the right one.") == [
        ("archive", "cancel", "deny")]


def test_no_answer_without_a_decision_or_an_answer(story_cancel):
    # the decision's own actor answers nothing; a negated or guessed answer is none; nor one told by another
    article = f"{LEAD}\n\nThe Interior Ministry welcomed the decision."
    assert read(story_cancel, article, "The Interior Ministry welcomed the decision.") == []
    for answer in ("The students did not welcome the decision.", "The students may welcome the decision.",
                   "The Archive of Public Gatherings said the students welcomed the ruling."):
        article = f"{LEAD}\n\n{answer}"
        assert ("students", "cancel", "deny") not in read(story_cancel, article, answer), answer
    # no decision before it: the article opens with the answer
    assert read(story_cancel, "The students welcomed the decision.", "The students welcomed the decision.") == []
    # a partial decision: welcomed as far as it goes, or for going that far? none
    partial = question(story_cancel, "ban", "Should the LRAD be banned?", [r"\bban\b"], partial=[r"\bban .{0,30}for now\b"])
    article = "The Interior Ministry said it would ban the LRAD for now.\n\nThe students welcomed the decision."
    assert ("students", "ban", "partial") not in read(story_cancel, article, "The students welcomed the decision.")


def test_an_act_refused_or_agreed_to(story_cancel):
    assert found(story_cancel, "The Interior Ministry refused to cancel the LRAD contract.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry on Tuesday agreed to cancel the LRAD contract.") == [
        ("ministry", "cancel", "affirm")]
    assert found(story_cancel, "The Interior Ministry rejected the students' request to cancel the LRAD contract.") == [
        ("ministry", "cancel", "deny")]
    assert found(story_cancel, "The Interior Ministry rejected a request from the students to cancel the LRAD "
                               "contract.") == [("ministry", "cancel", "deny")]


def test_a_word_cut_in_two_is_no_negation(story_cancel):
    # "governor-elect" seen from thirty characters before the cue began "nor-elect": a negation
    assert found(story_cancel, "The students said the governor-elect Mira Tollander will cancel the LRAD contract.") == [
        ("students", "cancel", "affirm")]


def test_another_year_s_saying_or_act(story_cancel):
    for sentence in ("Back in 2019, the Interior Ministry agreed to cancel the LRAD contract.",
                     "In 2019 the Interior Ministry said it would cancel the LRAD contract.",
                     "Back in 2019, the Interior Ministry refused to cancel the LRAD contract."):
        assert found(story_cancel, sentence) == [], sentence
    assert found(story_cancel, "The Interior Ministry agreed to cancel the LRAD contract.") == [("ministry", "cancel", "affirm")]


def test_a_condition_put_as_a_question(story_cancel):
    assert found(story_cancel, "Should the court rule against it, the Interior Ministry said it would cancel the LRAD "
                               "contract.") == []
    assert found(story_cancel, "The Interior Ministry said it would cancel the LRAD contract.") == [
        ("ministry", "cancel", "affirm")]

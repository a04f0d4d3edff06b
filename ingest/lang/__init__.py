"""Language packs: the words the offline extractor reads a language by.

A `LanguagePack` holds, for one language, lists of regular expressions (matched
case-insensitively, as whole words unless a pattern says otherwise) and two hooks:

- `normalize(text) -> text`: applied to every text before matching (the excerpt, its
  context) AND to the story's own patterns (aliases, keywords, cues), so both sides meet in
  one spelling: diacritics folded, curly quotes straightened, a second script transliterated.
  It may change the text's length (matching never maps offsets back; quotes are cut from the
  original). It must leave a regular expression's syntax alone (ASCII punctuation, `\\b`,
  classes): it maps letters and typographic marks only.
- `sentence_abbreviations`: abbreviations after which a full stop does not end a sentence
  ("Gen.", "approx.", "dr."), for whatever cuts sentences.

Packs are registered in PACKS: language code -> module path; the module defines `PACK`.
To add a language, write `ingest/lang/<code>.py` with `PACK = LanguagePack(code=..., ...)`
(usually `dataclasses.replace(en.PACK, ...)` is the wrong start: every list is
language-specific) and add one line to PACKS. `pack_for(code)` returns the pack, the English
one for a language without a pack.

A story's `[extractor]` table in story.toml overrides any list field by name
(`pack.with_overrides(table)`): `attribution = ['said', 'wrote']` replaces the pack's list,
`denial = []` turns that rule off.
"""
import importlib
import unicodedata
from dataclasses import dataclass, field, fields, replace
from typing import Callable

PACKS: dict[str, str] = {
    "en": "ingest.lang.en",
    "sr": "ingest.lang.sr",  # Serbian (Latin and Cyrillic)
}

_FOLD = str.maketrans({"đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ß": "ss",
                       "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i",
                       "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
                       "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
                       "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " "})


def fold(text: str) -> str:
    """Diacritics off, typographic quotes and spaces made plain: "Vučić’s" -> "Vucic's".
    Letters only change; regex syntax passes through untouched."""
    if text.isascii():  # nothing to fold: every character _FOLD maps is outside ASCII
        return text
    text = text.translate(_FOLD)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True)
class LanguagePack:
    code: str
    # --- who says it -------------------------------------------------------------------
    # Verbs (and multiword phrases) of saying, in the forms that take a subject before them
    # ("X said", "X told reporters", "X wrote on social media", "X issued a statement").
    attribution: list[str] = field(default_factory=list)
    # "according to X", "in the words of X": the speaker comes after.
    according_to: list[str] = field(default_factory=list)
    # Those of the verbs of `wanting` (below) that attribute a position as a verb of saying
    # does ("X wants a full ban"); negated ("X does not want ...") they state the opposite
    # one, not nothing.
    wanting_said: list[str] = field(default_factory=list)
    # Words that open an attribution clause after what is said ("..., as the minister
    # explained", "..., like X told Y"), or before it ("As X said on Monday, ...").
    as_said: list[str] = field(default_factory=list)
    # Words that, after a comma, attribute what comes before to the name that closes the
    # sentence, with no verb (translated text: "..., so the minister.").
    so_says: list[str] = field(default_factory=list)
    # Verbs of saying that deny what follows them ("denied", "rejected claims"): they
    # attribute too, and turn an affirm cue after them into a deny.
    denial: list[str] = field(default_factory=list)
    # Words of the passive right before a verb of saying: its subject is the one told, warned
    # or accused, no speaker ("residents were warned too late", "the board was told").
    passive: list[str] = field(default_factory=list)
    # Credit to another outlet; `{outlet}` stands for an outlet's name or id
    # ("as {outlet} reported", "told {outlet}", "in an interview with {outlet}").
    credit: list[str] = field(default_factory=list)
    # What an outlet is, said beside its name in a credit: before it ("the {outlet_before}
    # Danas", a word or two may stand first: "the Belgrade daily Danas") or after it ("Beta
    # {outlet_after} reported").
    outlet_before: list[str] = field(default_factory=list)
    outlet_after: list[str] = field(default_factory=list)
    # Subject pronouns that point back to the last speaker ("he", "she", "they", "it").
    pronouns: list[str] = field(default_factory=list)
    # Role nouns that stand for an actor already named ("the minister", "the ministry",
    # "the spokesperson"); an actor's own `roles` in story.toml resolve first.
    role_nouns: list[str] = field(default_factory=list)
    # Who or what speaks for a body named before, read like `role_nouns`: its own people or
    # papers ("its spokesman", "company officials", "the filing").
    speaking_staff: list[str] = field(default_factory=list)
    # A belief said of its holder, read as a verb of saying ("the union believes ...", "is
    # convinced that ...").
    belief_said: list[str] = field(default_factory=list)
    # A body's position stated as "X's position is that ...": the noun (position, view), and
    # the words from it to what is held, read as a verb of saying.
    held_view_nouns: list[str] = field(default_factory=list)
    held_view_said: list[str] = field(default_factory=list)
    # Adverbs that may follow a joining word in a list of speakers ("A, B and now C say").
    joined_speaker_adverbs: list[str] = field(default_factory=list)
    # Words before a name that make it an object or a subordinate, not the speaker
    # ("after", "of", "against", "to" ...).
    not_subject: list[str] = field(default_factory=list)
    # Relative pronouns that open a clause about the subject ("who", "which").
    relative: list[str] = field(default_factory=list)
    # Conjunctions opening a subordinate clause: a saying inside one after a verb of saying
    # is another's ("accused the ministry of lying when it said ...").
    subordinate: list[str] = field(default_factory=list)
    # Coordination of several speakers ("and", "as well as", "both").
    coordination: list[str] = field(default_factory=list)
    # Determiners and possessives before a name or role noun ("the", "its").
    determiners: list[str] = field(default_factory=list)
    # Verbs of saying that are nouns too ("demand", "estimate"), and the words that make
    # them one just before ("our pay demand", "the union's estimate"): no attribution then.
    noun_homographs: list[str] = field(default_factory=list)
    noun_before: list[str] = field(default_factory=list)
    # First-person subjects: in a transcript's answer, the labelled speaker's own saying
    # ("KOVAČ: No. We have said all along ...").
    first_person: list[str] = field(default_factory=list)
    # Nouns that speak for the name after them ("a spokesman for", "the head of"): that
    # name is the speaker, not an object. Each entry ends with its preposition.
    speaks_for: list[str] = field(default_factory=list)
    # Just before a verb of saying, these unsay it ("did not", "declined to").
    unsaid: list[str] = field(default_factory=list)
    # Just before a verb of saying, these make it not said yet, only planned, expected or
    # possible ("is expected to confirm", "will tell", "plans to announce"): no statement,
    # whatever the verb (a denial only planned denies nothing either).
    not_yet: list[str] = field(default_factory=list)
    # Between a verb of denial and a cue, what makes the verb deny the cue ("that",
    # "claims", "reports"); "denied ..." forms need none (matched by `denial_always`).
    denial_object: list[str] = field(default_factory=list)
    # The word that opens reported speech ("that"): "said A, but that B" says B too.
    complementizer: list[str] = field(default_factory=list)
    # "according to a statement from X": what may stand between the phrase and the name.
    source_nouns: list[str] = field(default_factory=list)
    denial_always: list[str] = field(default_factory=list)
    # Where one sentence holds two statements ("while", "whereas", "but", ";").
    clause_break: list[str] = field(default_factory=list)
    # --- who said it, as real reporting writes it (rules/2's speakers and subjects) ------
    # Words opening a clause before a sentence's subject that is no part of what the subject
    # says ("Despite reports that ..., the ministry said the march was calm").
    preposed_not_said: list[str] = field(default_factory=list)
    # Nouns after an actor's name that make the name their modifier: "Boeing workers said" is
    # the workers, not Boeing.
    name_modified_heads: list[str] = field(default_factory=list)
    # Participles after a comma that tell what a statement led to, the writer's words, not the
    # speaker's ("..., potentially triggering refunds of $150bn").
    consequence_participles: list[str] = field(default_factory=list)
    # --- positions on real prose (rules/2 positions) ------------------------------------
    # Right after a negation, words that make it bear on when or how, not whether ("does not
    # immediately strike down"); after the cue, words of time that do the same ("does not ...
    # until October"): no position either way.
    position_manner_adverbs: list[str] = field(default_factory=list)
    position_time_after: list[str] = field(default_factory=list)
    # Before a cue, a verb that keeps it from happening ("protect X from being contaminated",
    # "to avoid contaminating"): the cue is not asserted, no position.
    position_prevention: list[str] = field(default_factory=list)
    # Right before a cue's noun, a word of lesser degree ("a partial U-turn"): partial.
    position_degree_narrowing: list[str] = field(default_factory=list)
    # A subject that reverses what the question asks ("the reversal", "ending X"), and the
    # copula after it: an evaluation of it is the opposite stance ("ending X was right").
    position_reversal_subject: list[str] = field(default_factory=list)
    position_copula: list[str] = field(default_factory=list)
    # For a question of what ought to be (its opening words: "Should ..."), a cue as the
    # event a third thing caused ("storms caused another shutdown") is no view of it.
    position_normative_question: list[str] = field(default_factory=list)
    position_caused: list[str] = field(default_factory=list)
    # Before a cue in its clause, words that make it a question left open ("will look at
    # whether emergency calls failed"): no position.
    position_open_question: list[str] = field(default_factory=list)
    # Quantifiers of most of a thing: "most of X are not <affirm cue>" is a deny, as "most
    # of X are <deny cue>" is; the other hedges stay partial.
    position_majority_hedge: list[str] = field(default_factory=list)
    # After a lesser thing's cue (a partial cue), words that find it as wrong as the whole
    # ("a smaller rise was "the same mistake""): against, not partial.
    position_lesser_dismissed: list[str] = field(default_factory=list)
    # After a lesser thing's cue, words that call it the whole thing ("a smaller rise is still
    # a rise"): the content's other cue says the side.
    position_lesser_as_whole: list[str] = field(default_factory=list)
    # Before a cue, in its clause, words that negate it with no negation word ("unlikely to
    # be able to repay"): read as a negation.
    position_negators: list[str] = field(default_factory=list)
    # "nothing ... that points to <cue>": a negative subject and a verb of evidence before it.
    position_none_subject: list[str] = field(default_factory=list)
    position_evidence_verbs: list[str] = field(default_factory=list)
    # --- is it a statement at all --------------------------------------------------------
    negation: list[str] = field(default_factory=list)
    # Words of opposition that reverse the cue a few words after them ("opposes a ban",
    # "refused to cancel the contract", "is against any ban").
    opposition: list[str] = field(default_factory=list)
    # After what a cue names, words that dismiss it ("... is out of the question").
    dismissal: list[str] = field(default_factory=list)
    # After what a cue names, words that find it too much, not wrong ("a total ban goes too
    # far"): the speaker wants less of it, a partial position.
    overreach: list[str] = field(default_factory=list)
    # Before what a cue names, words that give up a demand for it ("gives up its demand for a
    # ban"): the speaker settles for less, a partial position.
    retreat: list[str] = field(default_factory=list)
    # Verbs of saying whose negation takes the other side ("did not agree that ..."), where
    # another's negation says nothing ("I do not say ...").
    disagreeing: list[str] = field(default_factory=list)
    # Phrases with a negation word that negate nothing ("no doubt", "not only").
    negation_idiom: list[str] = field(default_factory=list)
    hedge: list[str] = field(default_factory=list)
    # A condition or a hypothesis: no statement ("if", "unless", "were to").
    conditional: list[str] = field(default_factory=list)
    # a condition put as a question at the sentence's head ("Should the court quash it, ...")
    conditional_inverted: list[str] = field(default_factory=list)
    # A condition the speaker's yes is given on ("only if", "provided", "as long as"): a yes in
    # part, not a case put (read before `conditional`, which then does not see it).
    conditional_restrictive: list[str] = field(default_factory=list)
    # A cue of opposition one may stand aside from, negated: "we will not vote against the loan",
    # "no longer opposes the farm" (partial, no backing; not "never appealed against the fine").
    position_standing_aside: list[str] = field(default_factory=list)
    # Words before a conditional that keep the statement ("even if").
    concessive: list[str] = field(default_factory=list)
    # Hearsay and rumour: no statement ("reportedly", "allegedly", "rumours that").
    rumour: list[str] = field(default_factory=list)
    # A saying recalled from before, not the news: "three weeks ago you said", "had until now said".
    recalled: list[str] = field(default_factory=list)
    # Right before a verb of saying, the auxiliary of a saying told as before the news (the
    # past perfect: "had called for", "had repeatedly told reporters").
    recalled_auxiliary: list[str] = field(default_factory=list)
    # A time of before at the sentence's head, before its subject and verb of saying ("Last
    # week the minister said ...": background to the news, not the news).
    recalled_fronted: list[str] = field(default_factory=list)
    # A time of before right after a first person's own verb of saying, opening what is said
    # ("I said in March that ...", "we said for weeks that ..."): the speaker's old position.
    recalled_after: list[str] = field(default_factory=list)
    # Time spent saying it, before the verb ("spent March insisting", "has spent weeks saying").
    recalled_span: list[str] = field(default_factory=list)
    # An indirect question: no statement ("asked whether", "wondered if").
    question: list[str] = field(default_factory=list)
    # A yes or no that answers a question put in the same sentence or the line before
    # ("Asked whether ..., she said: 'Absolutely not.'"): the question put, and the answers.
    asked: list[str] = field(default_factory=list)
    answer_yes: list[str] = field(default_factory=list)
    answer_no: list[str] = field(default_factory=list)
    # The verbs that open a direct question ("Are the ships safe?": "the ships are safe").
    auxiliary: list[str] = field(default_factory=list)
    # The words of a direct question that asks for a count ("How many ships are out of
    # service?"): an answer that opens with a figure ("One, the Skarvoy") gives that count.
    how_many: list[str] = field(default_factory=list)
    # The count of the sentence before, named again in the next ("... said the real figure was
    # closer to 2,000"): a figure there is another's count of the same thing.
    count_ref: list[str] = field(default_factory=list)
    # What the sentence before claimed, named again as a whole ("The company denied the claim."):
    # a verb of denial over it takes the opposite of that claim.
    claim_ref: list[str] = field(default_factory=list)
    # A decision answered in the sentence after it (rules2/reactions.py): "Both Rydo and the union
    # welcomed the ruling" takes the ruling's side, "regretted the decision" the other.
    reaction_nouns: list[str] = field(default_factory=list)
    reaction_backing: list[str] = field(default_factory=list)
    reaction_opposing: list[str] = field(default_factory=list)
    reaction_calling: list[str] = field(default_factory=list)  # "called it a victory": the verb, then
    reaction_praise: list[str] = field(default_factory=list)  # the words that back it
    reaction_blame: list[str] = field(default_factory=list)  # and those that oppose it
    # An official body's act that states its position with no verb of saying ("The directorate
    # ordered all five ferries out of service"): past forms only, so "will order" is none.
    official_acts: list[str] = field(default_factory=list)
    # Acts that release or lift ("cleared two of the five to sail"): their count is what remains,
    # read only after one of `act_remainder` ("leaving three out of service").
    release_acts: list[str] = field(default_factory=list)
    act_remainder: list[str] = field(default_factory=list)
    act_increment: list[str] = field(default_factory=list)  # "detained two more": no count of its own
    # (regex, replacement) pairs that fold a perfect into the simple form the story's cues are
    # usually written in, tried when no cue matches as written: "should have been revoked" ->
    # "should be revoked", "had never been safe" -> "never was safe".
    auxiliary_folds: list = field(default_factory=list)
    # A lower-case word's lemma ("lost" -> "lose", "cancelled" -> "cancel"): when no cue matches
    # as written nor through the folds above, the cues are tried on the sentence's words in
    # their base forms. None: no such fold for the language.
    lemma: Callable[[str], str] | None = None
    # A noun of action and its "of" (one regex, the noun its group 1), read as the verb it is
    # made from (the lemma hook's `verb_of`) after a verb of `wanting` or of opposition a few
    # words before it: "demanded the immediate cancellation of the contract" meets "cancel the
    # contract"; "said the cancellation of the contract cost millions" meets nothing.
    action_noun: str = ""
    wanting: list[str] = field(default_factory=list)
    # Negations written inside a verb phrase ("are no longer safe"): taken out, a cue that
    # then matches is that cue negated.
    # A saying or a backing held back: "stopped short of calling for a suspension" says neither
    # yes nor no.
    withheld: list[str] = field(default_factory=list)
    # A wire story's dateline before its first sentence ("KALLENBURG, Feb 24 (ONA) - ") or a live
    # blog's time stamp ("13:15 "), as written (case kept): not the lead of the sentence's first clause.
    dateline: str = ""
    # Words before a figure that make it a difference, not a level ("cut by eight months").
    figure_difference: list[str] = field(default_factory=list)
    # a unit, with the words of other units of its measure and what one of them is in it
    # ("months": years are 12)
    figure_unit_conversions: dict = field(default_factory=dict)
    figure_unit_synonyms: dict = field(default_factory=dict)  # "people": lives, bodies, victims
    figure_increment: list[str] = field(default_factory=list)  # "three *more*": an increase, not the count
    figure_so_far: list[str] = field(default_factory=list)  # "*has been in force for* five days"
    figure_guessed: list[str] = field(default_factory=list)  # "the toll could rise to ten": a guess
    figure_judged_against: list[str] = field(default_factory=list)  # "four years is too long": not held
    figure_age_after: list[str] = field(default_factory=list)  # "sixty years old": an age, no span of time
    figure_superseded: list[str] = field(default_factory=list)  # "the earlier penalty of 48 million"
    # Official acts that change a figure: the figure they come to is the actor's, when what
    # they change is what the question counts ("cut the ban to 16 months").
    changing_acts: list[str] = field(default_factory=list)
    change_marks: list[str] = field(default_factory=list)  # "to", "from", "by": where the changed thing ends
    change_level: list[str] = field(default_factory=list)  # "to": the level it came to is named
    inserted_negation: list[str] = field(default_factory=list)
    # Words a reporter puts between a cue's words that change nothing of what it says: tense
    # auxiliaries, adverbs of time and degree ("calls had failed", "had not been affected",
    # "recommended on Thursday that", "warned much earlier"). Never a negation, a modal, a
    # hedge or "be" (a passive is another statement). Read, with the cue's words in their base
    # forms, only where no cue matches otherwise.
    cue_gap_words: list[str] = field(default_factory=list)
    # After those, up to `cue_free_gap` more words of any kind ("performed exactly as
    # designed", "counting its votes by hand"), none of them one of these, nor a negation, a
    # relative pronoun, a condition, a preposition of `cue_modifier` or a word of
    # `cue_narrowing`: a word that changes what the cue says, or starts another phrase.
    cue_gap_barrier: list[str] = field(default_factory=list)
    # A cue that opens with its verb, told of an actor with no verb of saying ("Rusk conceded",
    # "the board now backs the offer"), is the actor's position when only these words stand
    # between the name and the verb (a tense auxiliary, an adverb, a day, "both").
    cue_subject_gap: list[str] = field(default_factory=list)
    # ... and a negation there is read with the cue ("Rusk has not conceded": a deny).
    cue_subject_negation: list[str] = field(default_factory=list)
    # ... and the act's own verb before the cue's: one that keeps its side ("the court agreed to
    # suspend the app", "voted to close the schools"), or one that refuses it ("refused to
    # suspend", "rejected the authority's request to suspend"), read as a negation of the cue.
    cue_subject_intent: list[str] = field(default_factory=list)
    cue_subject_refusal: list[str] = field(default_factory=list)
    # A saying told in a relative clause with one of these ("Kovar, who a fortnight ago told
    # the radio that ..., now says ...") is background: what the name said before, not now.
    relative_recalled: list[str] = field(default_factory=list)
    cue_free_gap: int = 0
    cue_free_gap_refused: list[str] = field(default_factory=list)  # nor these, in the free words only
    # Contractions spelt out (regex, replacement), in the sentence and in the cues alike for
    # that last reading ("didn't" / "did not", "cannot" / "can't" / "can not").
    cue_contractions: list = field(default_factory=list)
    # In that reading a cue's past form ("not caused") is met by its base form after these
    # ("did not cause"); elsewhere a past form meets only itself, not "to cause".
    cue_past_auxiliary: list[str] = field(default_factory=list)
    # In that reading, a word in one spelling of its variants ("organised" / "organized"),
    # in the sentence and the cue alike. None: words as written.
    cue_spelling: Callable[[str], str] | None = None
    # In that reading, the prepositions that open a modifier of a cue's first word, a noun,
    # read through before the rest ("calls to 112 had failed" meets `calls (had )?failed`).
    cue_modifier: list[str] = field(default_factory=list)
    # In that reading, a cue's article ("the offer") stands for any of these, or an owner's
    # with `cue_owner` ("Veltria's offer"), and a few words before the noun ("its improved offer").
    cue_determiners: list[str] = field(default_factory=list)
    cue_owner: bool = False
    # ... but not these words before the noun, which make it a lesser thing ("a partial ban").
    cue_narrowing: list[str] = field(default_factory=list)
    # A "should" question's proposal (rules/2's proposals.py): the modal that puts it, the words
    # that make it a passive or a permission ("be", "be allowed to"), the words after which the
    # question's own words end ("while", "rather than"), the prepositions after a noun ("the ban
    # on ..."), the verbs whose thing is kept or undone ("accept the offer", "block the
    # takeover"), nouns of a verb the tables do not make ("raise": "rise"), and the verbs that
    # back or oppose it ("welcomed the approval", "withdrew its support for the loan"), and the
    # judgements of it after a copula ("the ban was out of proportion", "... is the right decision").
    proposal_modals: list[str] = field(default_factory=list)
    proposal_passive: list[str] = field(default_factory=list)
    proposal_allowed: list[str] = field(default_factory=list)
    proposal_tail: list[str] = field(default_factory=list)
    proposal_after_noun: list[str] = field(default_factory=list)
    proposal_suspense: list[str] = field(default_factory=list)  # "keep the ban under review": no decision
    proposal_particles: list[str] = field(default_factory=list)  # "go ahead": a verb with no object
    proposal_keeping: list[str] = field(default_factory=list)
    proposal_undoing: list[str] = field(default_factory=list)
    proposal_nouns: dict = field(default_factory=dict)
    proposal_copula: list[str] = field(default_factory=list)
    proposal_restating: list[str] = field(default_factory=list)
    proposal_intending: list[str] = field(default_factory=list)
    proposal_passive_auxiliary: list[str] = field(default_factory=list)
    proposal_faint: list[str] = field(default_factory=list)
    proposal_unchanged_participles: list[str] = field(default_factory=list)  # "cut", "shut", "set": the same form
    proposal_right_to: list[str] = field(default_factory=list)  # "was right to cancel it"
    proposal_wrong_to: list[str] = field(default_factory=list)  # "was wrong to cancel it"
    proposal_lacking: list[str] = field(default_factory=list)  # "the ban has no scientific basis"
    proposal_reduced: list[str] = field(default_factory=list)  # "the fine should be cut": kept, but less of it
    proposal_extraposed: list[str] = field(default_factory=list)  # "*it* would be a mistake to cancel it"
    proposal_harm: list[str] = field(default_factory=list)  # "cancelling it would hurt families": against the act
    proposal_generic: list[str] = field(default_factory=list)  # "welcomed the move": the proposal itself
    proposal_answer: list[str] = field(default_factory=list)  # "the answer is (not) to close the schools"
    # "Should vaccination be made compulsory?": the words that put a state to be given
    # ("be made"), those that say it given ("become", "be made") and those that give it ("making")
    proposal_made: list[str] = field(default_factory=list)
    proposal_becoming: list[str] = field(default_factory=list)
    proposal_making: list[str] = field(default_factory=list)
    proposal_staying: list[str] = field(default_factory=list)  # "the ban would stay", "... should go ahead"
    proposal_going: list[str] = field(default_factory=list)  # "this contract must go"
    proposal_not_gerund: list[str] = field(default_factory=list)
    # a re- verb said as its base and "again" ("recount": the ballots "counted again"), where the two say the same
    proposal_again: dict = field(default_factory=dict)
    proposal_again_word: str = ""
    # a thing said to be able to do the act ("the plant can reopen"), and the words after it that put a
    # condition on a backing ("would accept the farm if ...", "can reopen once ...": in part)
    proposal_able: list[str] = field(default_factory=list)
    proposal_condition: list[str] = field(default_factory=list)
    proposal_until: list[str] = field(default_factory=list)  # "must not reopen *until* ...": in part, of the act said of it
    # The word that makes a verb's base form an infinitive ("to": "wants to halt the recount", "wants the
    # line to reopen"): an act asked or wanted, not done.
    proposal_infinitive: list[str] = field(default_factory=list)
    # Words that open another clause between an act's noun and what is said of it ("the renewal is due
    # and the talks must go ahead": the talks', not the renewal's).
    proposal_clause_open: list[str] = field(default_factory=list)
    proposal_approval: list[str] = field(default_factory=list)
    proposal_disapproval: list[str] = field(default_factory=list)
    proposal_support: list[str] = field(default_factory=list)
    proposal_opposition: list[str] = field(default_factory=list)
    # round 11: a request put to another ("asked the museum to return them"; proposals.py)
    proposal_request: list[str] = field(default_factory=list)
    # verbs that move the thing away ("return", "deport"): the thing gone back is for the act, the
    # thing kept where it is against it ("should go home" / "should stay in the capital", "will keep them")
    proposal_moving: list[str] = field(default_factory=list)
    proposal_moved_away: list[str] = field(default_factory=list)
    proposal_kept_here: list[str] = field(default_factory=list)
    proposal_retaining: list[str] = field(default_factory=list)
    # A yes-or-no question's claim (rules2/claims.py): the words that open it ("did", "is",
    # "has"), words said of a thing with the words that deny them ("safe": "unsafe|dangerous"),
    # the verbs and phrases of causing, and words of how that this reading does not read ("too late").
    # The head noun of an actor's name: the word before one of these ("Bank *of* Ostrevia"), or
    # its last word, if it is an institution's noun (a full match of the pattern).
    name_head_before: list[str] = field(default_factory=list)
    name_head_nouns: str = ""
    # words of a title, not of a person's name ("Education *Minister*", "*Governor* Marsch")
    name_titles: list[str] = field(default_factory=list)
    # A question's verb and the other verbs that do the same ("cancel": scrap, terminate), in
    # their base forms: what a should-question proposes or a claim says, in other words
    verb_synonyms: dict = field(default_factory=dict)
    claim_openers_do: list[str] = field(default_factory=list)
    claim_openers_be: list[str] = field(default_factory=list)
    claim_openers_have: list[str] = field(default_factory=list)
    claim_opposites: dict = field(default_factory=dict)
    claim_causal_verbs: list[str] = field(default_factory=list)  # "Did the release cause the flood?"
    claim_causal_phrases: list[str] = field(default_factory=list)  # "Is the budget to blame for the slide?"
    claim_caused: list[str] = field(default_factory=list)  # "the budget caused the slide" (base forms)
    claim_caused_by: list[str] = field(default_factory=list)  # "the slide was caused by the budget"
    claim_blaming: list[str] = field(default_factory=list)  # "blamed the budget"
    claim_partly: list[str] = field(default_factory=list)  # "the budget was part of the problem"
    claim_cleft: list[str] = field(default_factory=list)  # "*it was* the LRAD that caused it"
    claim_nothing: list[str] = field(default_factory=list)  # "*nothing* unlawful about the LRAD"
    claim_not_caused: list[str] = field(default_factory=list)  # "had nothing to do with"
    claim_ruled_out: list[str] = field(default_factory=list)  # "ruled out X as the cause"
    claim_named_cause: list[str] = field(default_factory=list)  # "named X as the main cause"
    claim_declared: list[str] = field(default_factory=list)  # "declared X safe"
    claim_particle_verbs: list[str] = field(default_factory=list)  # "Did X know of the tests?"
    claim_limited: list[str] = field(default_factory=list)  # "legal only in warning mode": in part
    # the verbs after which the claim's own actor names its act as a gerund ("denied hiding
    # the warnings"), in their base forms
    claim_own_gerund: list[str] = field(default_factory=list)
    claim_sourced: list[str] = field(default_factory=list)  # another's saying or finding before the claim
    # "Was the order given too late?": the words that ask it, and those (in base forms) that
    # say it came late, on time, or late only in part
    claim_timely_words: list[str] = field(default_factory=list)
    claim_late: list[str] = field(default_factory=list)
    claim_on_time: list[str] = field(default_factory=list)
    claim_late_partly: list[str] = field(default_factory=list)
    claim_manner: list[str] = field(default_factory=list)
    claim_manner_suffix: str = ""  # a last word of how ("dump waste illegally"): not read
    claim_irregular_participles: list[str] = field(default_factory=list)
    # (round 11, claims.py) a claim's verb said in other words ("loot": plunder, carry off),
    # on top of verb_synonyms; words said of a thing that mean the same as one of
    # claim_opposites and its opposite ("safe": sound, stable / a danger, hazardous)
    claim_verb_synonyms: dict = field(default_factory=dict)
    claim_said_also: dict = field(default_factory=dict)
    # keeping the rules and breaking them (base forms), and the nouns of rules: the opposite
    # of "break the licence" ("complied with its licence"), and "lawful" said with a verb
    # ("the loan complied with state-aid rules", "broke the rules"); claim_lawful: the word of
    # claim_opposites they say
    claim_kept: list[str] = field(default_factory=list)
    claim_broken: list[str] = field(default_factory=list)
    claim_rule_nouns: list[str] = field(default_factory=list)
    claim_lawful: str = ""
    # a part of the thing the claim is of ("most of the bronzes were looted"): in part
    claim_part_of: list[str] = field(default_factory=list)
    # a subject that negates, before a relative clause ("nobody who has seen it would call it safe")
    claim_nobody: list[str] = field(default_factory=list)
    # words that open another clause between a thing and its verb ("production until the
    # discharge was stopped": not production stopped)
    claim_clause_openers: list[str] = field(default_factory=list)
    # the prepositions that tie a year to the noun before it ("the welds of 2017"): a noun's
    # own, never "for" ("the budget for 2017") or "by" (a deadline); none: no stand-in is read
    thing_year_ties: list[str] = field(default_factory=list)
    # "should have warned them sooner" (base forms: "sooner" reads "soon"): the act itself
    # said to be owed sooner (late), or to have been possible sooner (late in part)
    claim_sooner: list[str] = field(default_factory=list)
    claim_ought_have: list[str] = field(default_factory=list)
    claim_could_have: list[str] = field(default_factory=list)
    # Before a cue, a word that makes what follows a guess, not a statement ("might have").
    speculation: list[str] = field(default_factory=list)
    # --- figures ------------------------------------------------------------------------
    thousand: list[str] = field(default_factory=list)
    million: list[str] = field(default_factory=list)
    billion: list[str] = field(default_factory=list)
    # Number words: word -> value ("two": 2, "dozen": 12).
    number_words: dict[str, float] = field(default_factory=dict)
    # After a hundred, the word that joins its tens ("two hundred and fifty").
    hundred_and: list[str] = field(default_factory=list)
    # A decimal point in words ("one point eight million"): the number words after it are digits.
    decimal_point: list[str] = field(default_factory=list)
    # A fraction added to a number in words or a scale: "one and a half million", "a million and a half".
    fractions: dict[str, float] = field(default_factory=dict)
    # Words that make a question's unit a rate ("crowns per share", "flights a night").
    per_unit: list[str] = field(default_factory=list)
    # "about", "nearly", "more than": the figure stands, with a little less confidence.
    approximate: list[str] = field(default_factory=list)
    # "tens of thousands", "hundreds": an amount that is no figure.
    vague_amount: list[str] = field(default_factory=list)
    # Range connectors: "between {a} and {b}" is written as an opener and a connector.
    range_open: list[str] = field(default_factory=list)
    range_join: list[str] = field(default_factory=list)
    # "last year", "two years ago": a figure of another time, not the event's.
    elsewhen: list[str] = field(default_factory=list)
    # A day of the sentence's own ("on Tuesday", "on the eve", "3 June"): then a number
    # question's anchor is not borrowed from the neighbouring sentence.
    day_anchor: list[str] = field(default_factory=list)
    # Right after a number, these make it no figure of people or things ("8 percent").
    not_a_figure: list[str] = field(default_factory=list)
    # Before a figure: it is the one the speaker refutes ("2,400, not 4,200").
    refuted: list[str] = field(default_factory=list)
    # After a figure and its noun, a negated copula: the speaker says what it is not ("45
    # decibels is not a limit", "20 buses was not enough"), no figure of theirs.
    refuted_after: list[str] = field(default_factory=list)
    # Before the question's unit, words that count none of it ("zero flights", "no buses",
    # "not a single bus"): the figure 0.
    zero_count: list[str] = field(default_factory=list)
    # "from 8,000 to 14,000": the word before a figure that the next one replaces.
    range_from: list[str] = field(default_factory=list)
    # "one of its five ferries": between a count and the whole it is part of.
    partitive: list[str] = field(default_factory=list)
    # Between two figures compared ("5,000, up from 3,000 last year", "compared with").
    comparison: list[str] = field(default_factory=list)
    # "one in five": between two figures that make a share, not a count.
    proportion: list[str] = field(default_factory=list)
    # "all five ships": before a count that is a whole, whatever its noun.
    whole_count: list[str] = field(default_factory=list)
    # A plural noun (one regex), for a count whose noun is not the question's unit.
    plural_noun: str = ""
    # Between a count's noun and the question's words: "three ferries *were* withdrawn".
    linking: list[str] = field(default_factory=list)
    # Before a figure, words that make it the count itself ("bringing the number to", "a total of").
    count_head: list[str] = field(default_factory=list)
    # --- figures that are no count of the question's unit --------------------------------
    # After a number word, a fraction's part: "three-quarters of", "two thirds of" are a share.
    figure_fraction_part: list[str] = field(default_factory=list)
    # Right before a number, a rank or a label: "number one priority", "No. 1", "batch 4471",
    # "flight 370" count nothing.
    figure_rank_label: list[str] = field(default_factory=list)
    # A currency symbol and the unit words that name its money ("£35,000" under "pounds");
    # a figure after a symbol counts no other unit ("the £300 payment" is no pensioners).
    figure_currency_names: dict[str, str] = field(default_factory=dict)
    # Verbs of a vote: "rejected the contract by 94%", "96% voted to strike": a vote's share.
    figure_vote_verbs: list[str] = field(default_factory=list)
    # Before a number of three digits or more with no noun ("the 737, 777 and 767"): a name, no count.
    figure_designation_article: list[str] = field(default_factory=list)
    # Right before a number, a month: "since Sept. 13" is a day, no count.
    figure_month_before: list[str] = field(default_factory=list)
    # The ways of writing a percentage: a unit "%" meets "40 per cent" too, and "per cent" "40%".
    figure_percent_words: list[str] = field(default_factory=list)
    # A rate's "per" written otherwise ("38 crowns for each share" under "crowns per share").
    figure_rate_per: list[str] = field(default_factory=list)
    # A verb whose object names what a figure after "at" or "to" counts ("puts confirmed cases
    # at 95", "raised its count of homes destroyed to 437"), and those two words.
    figure_level_head: list[str] = field(default_factory=list)
    figure_level_mark: list[str] = field(default_factory=list)
    # "the ministry's figure of 230": a figure another owns (not "its figure of 230"): the
    # nouns of a body's figure and the owners that are the speaker's own.
    figure_owner_nouns: list[str] = field(default_factory=list)
    figure_own_owner: list[str] = field(default_factory=list)
    # Before another's figure, taking it as one's own: "now accepts the commission's figure of 1.93 million".
    figure_owner_accepted: list[str] = field(default_factory=list)
    # Before "one of the 214 objects": the whole ("every one of").
    figure_each: list[str] = field(default_factory=list)
    # Before a figure, the rest of a whole named elsewhere: "the other 53 objects".
    figure_other_part: list[str] = field(default_factory=list)
    # After a count's noun, what happened to them that no question of how many fell ill asks:
    # "nine babies had died", "64 remained in hospital" (unless the question's words name it).
    figure_other_event: list[str] = field(default_factory=list)
    # Before a figure, a clause that tells the reporter's background of something the content
    # names ("the flood, in which nine people died"): the figure is no count the speaker gives.
    figure_background_clause: list[str] = field(default_factory=list)
    # Where the first clause of a content that opens with a verb of denial ends: a figure in
    # it is denied ("denied that 230 babies fell ill"), one after it is the speaker's.
    figure_denial_end: list[str] = field(default_factory=list)
    # Right before a figure, the level a change left ("to 3,400 from 4,200"), not the one held.
    figure_level_left: list[str] = field(default_factory=list)
    # Under a measure (money), the nouns and verbs of a sum of another thing ("its 90 million
    # vald loan", "a contingency of twelve million", "lend the club ninety million").
    figure_sum_nouns: list[str] = field(default_factory=list)
    figure_sum_verbs: list[str] = field(default_factory=list)
    # After a figure's noun and its verb, a modal: "161 of the objects should be returned".
    figure_modal: list[str] = field(default_factory=list)
    # Between the question's own word and a figure, the words that say the thing is that figure
    # now ("the penalty is 61 million"): of the content's figures, the one it names.
    figure_said_is: list[str] = field(default_factory=list)
    # Before a figure with no noun after it, the words that make it a count named before ("Return
    # those 161.", "to return all 214"): right after the question's own verb, that verb's count.
    figure_definite: list[str] = field(default_factory=list)
    # Between a sum and what it is for, a sum of another thing ("40 million for the fund").
    figure_sum_purpose: list[str] = field(default_factory=list)
    # Under a count, before a figure in a scale, the verbs and nouns of a sum of money ("fined
    # the maker 1.8 million crowns", "a penalty of 2 million"): no count of the unit.
    figure_money_verbs: list[str] = field(default_factory=list)
    figure_money_nouns: list[str] = field(default_factory=list)
    # Before a verb and its count, what says it was not done: "for failing to report 74 cases"
    # counts what was not reported (unless the question's words name the failing).
    figure_not_done: list[str] = field(default_factory=list)
    # --- positions with no cue: the question read from its own words (rules/2) ------------
    # Prepositions that open a place or a way after a noun, inside a question's subject
    # ("the rail line *through* X reopen?": "line" is no verb with its particle there).
    question_noun_prepositions: list[str] = field(default_factory=list)
    # Verbs that bring a thing in ("deploy monitors"), read with `proposal_keeping`: backing
    # the thing backs bringing it ("we want monitors along the whole line").
    proposal_bringing: list[str] = field(default_factory=list)
    # A claim's verbs of failing a duty ("Did the regulator miss the warnings?"), and what a
    # body that did its duty did, in base forms ("do its job", "act properly"): said of the
    # claim's subject, a no to the claim.
    claim_failing: list[str] = field(default_factory=list)
    claim_duty_done: list[str] = field(default_factory=list)
    # --- who said it (rules/2) -----------------------------------------------------------
    # A request that another do a thing states what the speaker wants, as `wanting_said`
    # does (whose patterns include these): to a body named by its kind ("asks the court to
    # annul the fine") always; to anyone else ("asked X to return the objects") only when
    # the one asked is a name of the story, not a step told ("asked residents to boil water").
    request_to_body: list[str] = field(default_factory=list)
    request_to_name: list[str] = field(default_factory=list)
    # Pronouns that stand for a person only ("he", "she"; not "it", "they"): not for a body
    # named alone in the sentence before ("The club would find the rest. '...,' she said.").
    person_pronouns: list[str] = field(default_factory=list)
    # An actor's name that holds a place's name (its group `place`), which stands for the
    # actor as a reporter writes it ("Government of Maravel": "Maravel asked Kestavia to ...").
    government_names: list[str] = field(default_factory=list)
    # What joins a thing said to a cleft's speaker, whose verb of saying or wanting closes the
    # sentence: "A smaller rise is what the conference now asks for" (the conference wants it).
    cleft_said: list[str] = field(default_factory=list)
    # --- caps, costs and other things' figures; acts judged, durations, background (rules/2) ---
    # Before a figure, the words of a cap or a limit set on it ("limit the site to 500,000
    # litres a day", "the cap of 500,000"): under a question of what is (no modal in it, no
    # such word among its own), a plan's bound, no measurement.
    figure_cap_words: list[str] = field(default_factory=list)
    # The modals that make a question one of a plan or a view ("How many jobs would a takeover
    # cost?"), besides `figure_modal`: its figures may be caps.
    figure_plan_modal: list[str] = field(default_factory=list)
    # Before a figure's noun, words that make it another thing's: "a similar hole of 0.3 billion".
    figure_similar: list[str] = field(default_factory=list)
    # Under a measure (money), a verb whose sum is a cost borne, no sum the question names
    # ("will cost households 2.9 billion" under a subsidy), unless its words name it.
    figure_cost_verbs: list[str] = field(default_factory=list)
    # --- what a figure counts: the question's count, not a count beside it (rules/2 figures) ---
    # After a figure's noun (and its auxiliary or modal), the words that say it stays as it is
    # ("five branches would stay open", "are to remain"); before a figure, the verbs that keep it
    # ("keeping the five larger branches"): the count of what the question's change spares, not
    # of the change, unless the question asks what stays ("How many months will it stay closed?").
    figure_kept: list[str] = field(default_factory=list)
    figure_keeping: list[str] = field(default_factory=list)
    # A figure's noun general enough to count what a question's unit counts, though neither is
    # the other's word ("two million people" under "customers"): not another noun's count.
    figure_any_noun: list[str] = field(default_factory=list)
    # Before a figure, the words that make it a whole ("all 14 branches", "each of the six"; a
    # figure and `partitive` too: "six to eight of its 14"): not the count of a part asked,
    # unless the question's words are said of it ("to return all 214").
    figure_whole_of: list[str] = field(default_factory=list)
    # After a figure, within its clause, a verb of harm or consequence whose object is another
    # figure ("a rise to 135 koruna would wipe out 22,000 jobs"): the first figure is the cause
    # judged by what it would do, not a figure the speaker holds.
    figure_consequence: list[str] = field(default_factory=list)
    # --- a figure however the statement puts it (rules/2 figures and answers, round 13) -------
    # After a figure, the words that make it the count the sentence names ("settled on twelve as
    # the number of skiers caught", "six is the final figure"): the count, as `count_head` before it.
    figure_count_tail: list[str] = field(default_factory=list)
    # After the question's own word, the verb of a level a figure is set at or comes to ("job
    # losses are capped at 250", "the draw comes to 480,000"): its figure is that word's.
    figure_subject_level: list[str] = field(default_factory=list)
    # In the line an answer follows, the nouns that ask for a count as `how_many` does ("The final
    # figure for homes lost?").
    how_many_nouns: list[str] = field(default_factory=list)
    # A cue opening an infinitive that is a clause's subject, before a copula ("To revoke the
    # licence now would be premature"): a judgement of the act, not the act wanted.
    position_infinitive_subject: list[str] = field(default_factory=list)
    # A condition of the restrictive list that, right after a verb of lasting, says how long,
    # not on what ("stays in force as long as the drought lasts"): the verbs, and the words.
    position_duration_verbs: list[str] = field(default_factory=list)
    position_duration_condition: list[str] = field(default_factory=list)
    # A relative clause dated to a day before its verb of saying ("X, who on June 24 said ...,
    # told ..."): the saying is background, not the news. The prepositions of its date.
    position_relative_dated: list[str] = field(default_factory=list)
    # Between a verb of denial's object and a cue, the word that makes the cue the speaker's own
    # name for it ("dismissed the talk of charges as a witch-hunt"): the cue is not denied.
    position_denial_as: list[str] = field(default_factory=list)
    # Right before a cue, words that keep it only outside an exception told before ("the ban
    # would otherwise remain in force"): a yes in part.
    position_exception: list[str] = field(default_factory=list)
    # --- a position from the frame around a question's keyword (rules/2 frames.py) ------------
    # Words that find no grounds for what follows ("no reason to", "no evidence that"): against it.
    frame_unfounded: list[str] = field(default_factory=list)
    # How many words may stand between a frame's verb and the keyword ("oppose any such rise").
    frame_reach: int = 0
    # Words that end the frame's words besides negation, conditions and clause openers ("and",
    # "than": "backs the loan rather than a rise" backs no rise).
    frame_stops: list[str] = field(default_factory=list)
    # The word before a verb's base form in the frame's words ("the decision to close"): that
    # act must be one the pack knows to keep or undo, else the frame's side is unknown.
    frame_infinitive: list[str] = field(default_factory=list)
    # --- hooks ---------------------------------------------------------------------------
    normalize: Callable[[str], str] = fold
    sentence_abbreviations: list[str] = field(default_factory=list)

    def with_overrides(self, table: dict | None) -> "LanguagePack":
        """The pack with a story's `[extractor]` lists in place of its own (unknown keys and
        non-list values are ignored: the bundle check reports them)."""
        if not table:
            return self
        names = {f.name for f in fields(self) if f.name not in ("code", "normalize", "number_words", "lemma", "action_noun")}
        changes = {k: list(v) for k, v in table.items() if k in names and isinstance(v, list)}
        if isinstance(table.get("number_words"), dict):
            changes["number_words"] = dict(table["number_words"])
        return replace(self, **changes) if changes else self


def pack_for(language: str | None) -> LanguagePack:
    """The pack of a language code ("en", "sr", "sr-Latn" -> "sr"); English when none is
    registered or its module is not there."""
    code = (language or "en").lower().replace("_", "-").split("-")[0]
    path = PACKS.get(code) or PACKS["en"]
    try:
        return importlib.import_module(path).PACK
    except ModuleNotFoundError as exc:
        if exc.name != path:  # the pack is there but itself imports something missing
            raise
        return importlib.import_module(PACKS["en"]).PACK


_EDGE = set(";:,.!\"'-\u2013\u2014")


def pattern_lower(pattern: str) -> str:
    """A regex in lower case, escapes kept (\\S, \\W, \\B stay what they are): for matching
    text that is lower-cased first, which is several times faster than IGNORECASE."""
    out, escaped = [], False
    for ch in pattern:
        out.append(ch if escaped else ch.lower())
        escaped = ch == "\\" and not escaped
    return "".join(out)


def words_regex(patterns, *, flags=0, lower: bool = False) -> "re.Pattern | None":
    """One compiled regex for a pack list: any of the patterns, case-insensitive, as whole
    words (no letter may touch a match's edge, unless the pattern starts or ends with
    punctuation such as ";" or "-"). None for an empty list. The whole-word patterns share
    one pair of edge checks: the engine then skips a position inside a word at once.
    With `lower`, the regex is case-sensitive and in lower case, for lower-cased text."""
    import re

    if lower:
        patterns = [pattern_lower(p) for p in patterns if p]
    words, others, edged = [], [], []
    for p in patterns:
        if not p:
            continue
        pre = p[0] not in _EDGE
        post = not (p[-1] in _EDGE or p.endswith("."))
        if pre and post:
            words.append(p)
        else:
            others.append(("(?<!\\w)" if pre else "") + f"(?:{p})" + ("(?!\\w)" if post else ""))
            edged.append((p, pre, post))
    parts = ([f"(?<!\\w)(?:{'|'.join(f'(?:{p})' for p in words)})(?!\\w)"] if words else []) + others
    if not parts:
        return None
    if lower and not flags:
        by_first = _by_first_char(words, edged)
        if by_first is not None:
            return re.compile(by_first)
    return re.compile("|".join(parts), (0 if lower else re.IGNORECASE) | flags)


_AFTER_FIRST, _NO_WORD = r"(?<!\w.)", r"(?!\w)"
# A pattern's special characters; the most ways one alternative is spelt out into
_SPECIAL = set("\\.^$*+?{}[]()|")
_WAYS = 64


def _outside_classes(p: str, start: int = 0):
    """(index, character) of each character of `p` from `start` that is neither escaped nor
    inside a character class."""
    k, in_class = start, False
    while k < len(p):
        c = p[k]
        if c == "\\":
            k += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if p[k + 1:k + 2] == "]":  # a "]" first in a class is one of its characters
                k += 1
        else:
            yield k, c
        k += 1


def _group_end(p: str, i: int) -> int:
    """The index after the group that opens at p[i] ("("), or -1."""
    depth = 0
    for k, c in _outside_classes(p, i):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return k + 1
    return -1


def _top_level(p: str) -> list[str]:
    """`p` split at its alternation outside any group."""
    parts, depth, start = [], 0, 0
    for k, c in _outside_classes(p):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(p[start:k])
            start = k + 1
    return parts + [p[start:]]


def _openings(p: str) -> "list[tuple[str, str]] | None":
    """The ways `p` (a lower-case pack pattern, no groups of its own) can begin, in the order
    the regex engine tries them: (its first character, the pattern after it). A plain
    character, an escaped punctuation mark, a class of plain characters, a group of
    alternatives, each of them optional too, and plain lookbehinds before them are read;
    None for anything else (an escape such as "\\w" first, a repeat, an empty match)."""
    import re

    if not p:
        return None
    if len(_top_level(p)) > 1:
        ways = []
        for alt in _top_level(p):
            more = _openings(alt)
            if more is None:
                return None
            ways += more
        return ways if len(ways) <= _WAYS else None
    if p.startswith(("(?<!", "(?<=")):
        j = _group_end(p, 0)
        look = p[4:j - 1] if j > 0 else ""
        if not look or any(c in _SPECIAL for c in look):
            return None
        ways = _openings(p[j:])
        # "(?<!not )rule" is "r(?<!not r)ule": the same text before the same place
        return None if ways is None else [(c, f"{p[:4]}{look}{re.escape(c)}){rest}") for c, rest in ways]
    if p.startswith("(?:"):
        j = _group_end(p, 0)
        if j < 0:
            return None
        after, rest = p[j:j + 1], p[j:]
        if after == "?" and p[j + 1:j + 2] != "?":
            rest = p[j + 1:]
        elif after in ("?", "*", "+", "{"):
            return None
        ways = []
        for alt in _top_level(p[3:j - 1]):
            more = _openings(alt + rest)
            if more is None:
                return None
            ways += more
        if after == "?":  # the group left out, tried after it
            more = _openings(rest)
            if more is None:
                return None
            ways += more
        return ways if len(ways) <= _WAYS else None
    if p[0] == "[":
        j = p.find("]", 1)
        chars = p[1:j] if j > 1 else ""
        if not chars or any(c in "\\^-[" for c in chars):
            return None
        first, rest = list(dict.fromkeys(chars)), p[j + 1:]
    elif p[0] == "\\":
        if len(p) < 2 or p[1].isalnum() or p[1] == "_":
            return None
        first, rest = [p[1]], p[2:]
    elif p[0] in _SPECIAL:
        return None
    else:
        first, rest = [p[0]], p[1:]
    after = rest[:1]
    if after == "?" and rest[1:2] != "?":
        more = _openings(rest[1:])
        return None if more is None else [(c, rest[1:]) for c in first] + more
    if after in ("?", "*", "+", "{"):
        return None
    return [(c, rest) for c in first]


def _by_first_char(words: list[str], others: list[tuple[str, bool, bool]]) -> "str | None":
    """`words_regex`'s pattern for lower-case text with the same matches, its alternatives
    grouped by their first character: "s(?<!\\w.)(?:aid|ays?|...)|t(?<!\\w.)(?:old|...)". A
    pattern whose every branch opens with a character lets the engine skip at once to a
    place where one of them is (instead of trying the whole alternation at every place),
    and only the branch of that character is tried there. Alternatives that open with
    different characters never match at the same place, and those of one character keep
    their order, so the first alternative to match is the same. None when an alternative's
    opening cannot be read (`_openings`) or one has a group of its own."""
    import re

    groups: dict[str, list[str]] = {}
    for p in words:
        ways = _openings(p) if re.compile(p).groups == 0 else None
        if ways is None:
            return None
        for c, rest in ways:
            groups.setdefault(c, []).append(rest)
    tail = []
    for p, pre, post in others:  # after all the whole words, as in the pattern they replace
        ways = _openings(p) if re.compile(p).groups == 0 else None
        if ways is None:
            return None
        tail += [f"{re.escape(c)}{_AFTER_FIRST if pre else ''}(?:{rest}){_NO_WORD if post else ''}" for c, rest in ways]
    # "(?<!\\w.)" after the first character: no letter before it, as "(?<!\\w)" before it
    head = [f"{re.escape(c)}{_AFTER_FIRST}(?:{'|'.join(f'(?:{r})' for r in rests)}){_NO_WORD}" for c, rests in groups.items()]
    return "|".join(head + tail) or None


"""The question's thing named in other words, where the link is plain in the statement itself.

A question that marks its thing with a year ("Is Hallenby's 2017 repair to blame for the
cracks?") names it again by that year, whatever the noun the statement puts to it: "the 2017
welds", "the welding of 2017", "the welding done in 2017" stand for "the 2017 repair". The
year is the link, written in the statement next to its noun; a year elsewhere in the sentence
("in 2017 the city cut its budget") is no stand-in, nor a year on its own.

Used by claims.py: a claim's subject or object matched by its nouns, or by its marks so."""
import re

# a year: the one mark that names a thing in any language's prose (the question's "2017 repair")
YEAR = re.compile(r"(?:1[6-9]|20)\d\d")


class Things:
    def __init__(self, pack):
        # what cannot be the noun a year marks ("in 2017 the city ...": not "2017 the")
        stop = [*pack.cue_determiners, *pack.proposal_after_noun, *pack.claim_clause_openers, *pack.negation,
                *pack.first_person, *pack.pronouns, *pack.auxiliary, *pack.proposal_passive_auxiliary]
        self.stop = "|".join(sorted({re.escape(w) if re.fullmatch(r"[\w' -]+", w) else w for w in stop if w},
                                    key=len, reverse=True))
        # the prepositions that tie a year to the noun before it ("the welds of 2017",
        # "the welding done in 2017"): a noun's own, never "and"/"or"/"between"
        self.ties = "|".join(pack.thing_year_ties)
        self.determiners = "|".join(pack.cue_determiners)
        self.openers = "|".join(pack.claim_clause_openers)
        self.enabled = bool(self.stop and self.determiners and self.openers)

    def marks(self, tokens, after_noun) -> tuple[str, ...]:
        """The years that mark a noun phrase's head, before it ("hallenby construction's 2017
        repair": 2017); not one in a phrase after it ("the bronzes from the palace in 1891")."""
        out = []
        for t in tokens:
            if t in after_noun:
                break
            if YEAR.fullmatch(t):
                out.append(t)
        return tuple(out)

    def stand_in(self, marks) -> str:
        """A pattern for a noun phrase its year marks, in a statement's words in their base
        forms: "2017 weld", "welding of 2017", "welding do in 2017"; "" if no mark."""
        ties = self.ties
        if not (self.enabled and marks and ties):
            return ""
        mark = "|".join(map(re.escape, marks))
        noun = rf"(?!(?:{self.stop})(?![\w'-]))[a-z][\w-]*"
        # the noun after its determiner, the year before it or tied after it, a participle
        # between ("the welding done in 2017"); not a year that opens a clause ("in 2017 the city")
        the = rf"(?<![\w'-])(?:{self.determiners})\s+"
        return (rf"{the}(?:{mark})\s+{noun}(?![\w'-])"
                rf"|{the}{noun}\s+(?:(?!(?:{self.openers})(?![\w'-]))[a-z][\w-]*\s+)?(?:{ties})\s+(?:{mark})(?![\w'-])")

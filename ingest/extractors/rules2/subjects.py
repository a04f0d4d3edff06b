"""rules/2's subjects: who a verb of saying is said by. The nearest name before the verb in
its clause (skipping relative clauses and parentheses, refusing an object), the names joined
to it by "and", the name that closes an inverted clause ('..., said the minister'), and what a
pronoun or a bare role noun stands for."""
import re
from dataclasses import dataclass

from .names import Mention, lower

SUBJECT_GAP = 60  # characters between a subject and its verb, relative clauses taken out

_POSSESSIVE = re.compile(r"'s?\s+([a-z\-]+(?:\s+[a-z\-]+)?)")  # "Orrelink's ferries", "its own report"
QUOTE = re.compile(r'"[^"]{2,}?"')
# an apposition right after the subject, up to the comma before the verb (no quotation, no clause break)
_APPOSITION = re.compile(r'\s*,(?:[^,;:.!?"]|[.,](?=\d)){1,160},\s*$')
# (also after an actor's own name and its "of" phrase: "Nadia Okafor of the commuters' association,
# speaking from the public gallery, calls for ..."; not after a role: "the director of X, Ann Berg,")
_OF_APPOSITION = re.compile(r'\s+of\s+[^,;:.!?"]{1,60}' + _APPOSITION.pattern)
_OPENING = re.compile(r"\s*(?:\d{1,2}[:.]\d{2}\s+)?(?:[\w'\-]+\s+){0,3}")  # "17:02 The" before a sentence's subject
_CAPITALS = re.compile(r"(?:\s+[A-Z][\w.'\-]*)*\s+")  # "the chairwoman| Ann |Berg"
# up to three words in small letters after a comma or quotation: a title before a name
_NAME_LEAD = re.compile(r"(?:\s*\b[A-Z][\w.'\-]*)+$")  # "and| Mayor Ann |Berg": a title and first names
_COMPLEMENT = re.compile(r"\s+of\s+(?:the\s+)?[a-z][\w'\-]*")  # "the mayor| of Doncaster" (lower-cased text)
_APPOSED_TO = re.compile(r"\s*,\s*(?:(?:the|a|an)\s+)?(?:[a-z][\w'\-]*\s+){0,2}")  # "the manufacturer|, the firm |Quillon"
_BRACKETS = re.compile(r"\([^)]*\)")  # "(local time)" between a subject and its verb
_STOP = re.compile(r"[.;:!?]")  # a stop between a name and the verb: no subject of it
_THAT_AND = re.compile(r"\b(?:that|and)\s*$")
_TITLE = re.compile(r"""(?:,|(?<=[,.!?])["'])\s*((?:[a-z][\w'\-]*\s+){0,2}[a-z][\w'\-]*)$""")


@dataclass
class Attribution:
    speakers: list  # actor keys
    content: tuple[int, int]  # span in the sentence
    verb: str
    denial: bool = False  # a verb of denial governs the content
    who: str = ""  # how the speaker was found, for the rationale
    negated: bool = False
    alt: tuple[int, int] | None = None  # the content if the first one says nothing
    inverted: bool = False  # '"...," X said': the content came before the verb
    gap: tuple[int, int] | None = None  # the attribution inside the content (", she says,"), not said
    act: bool = False  # an official act, no saying ("the directorate ordered ...", acts.py)

    def copy(self) -> "Attribution":
        """A copy its reader may change (`dataclasses.replace` builds it through __init__, slowly)."""
        twin = object.__new__(Attribution)
        twin.__dict__.update(self.__dict__)
        twin.speakers = list(self.speakers)
        return twin


class Subjects:
    """The subject half of `Speakers` (speakers.py), on the same compiled lists."""

    def _title_strip(self, lead: str) -> str:
        """`lead` without a title in small letters before a proper name, after a comma or a
        quotation ('"...," union leader', "..., prosecutor's spokesman"): the lead then ends
        where the name's phrase starts."""
        m = _TITLE.search(lead)
        if m and not self.attribution.search(lower(m.group(1))):
            return lead[:m.start(1)].rstrip()
        return lead

    def _closing_name(self, s, orig, c_start, c_end, v_start, v_end, mentions) -> bool:
        """'..., said the Interior Minister.': after a comma, the verb and a name that ends the
        clause, or is followed only by when or to whom it was said ('..., declared the
        chairwoman Ann Berg to our newspaper on Monday', '..., said a spokeswoman for X')."""
        lead = orig[c_start:v_start].rstrip()
        if not lead.endswith(",") or len(lead) <= 8:
            return False
        after = [m for m in mentions if m.start >= v_end]
        if not after or not self._determiner_only.fullmatch(s, v_end, after[0].start):
            return False
        name = self._spoken_for(s, self._named(orig, after[0], mentions), mentions)
        rest = s[name.end:c_end]
        return bool(name.actor) and (not rest.strip() or rest.lstrip()[0] in ",.;"
                                     or bool(self.said_at and self.said_at.fullmatch(rest)))

    def _named(self, orig, m: Mention, mentions) -> Mention:
        """The name a title or role noun stands before: "the chairwoman Ann Berg" is Berg, and
        so are "the chief executive, Ann Berg", "the director general Ann Berg" and "the
        association's chair, Ann Berg" (the rest of the title, then the name in apposition).
        A name after a story's role is the person's too: another actor's role is only their title."""
        if m.actor is None or m.kind == "role":
            for x in mentions:
                if x.start >= m.end:
                    return x if x.actor and (_CAPITALS.fullmatch(orig, m.end, x.start) or (
                        self.title_rest and self.title_rest.fullmatch(orig, m.end, x.start))) else m
        return m

    def _owns_thing(self, s, m: Mention) -> bool:
        """`m` owns a thing that does not speak for it: "Orrelink's ferries" (not "the
        mayor's office", "the union's own statement", whose words are the owner's)."""
        owned = _POSSESSIVE.match(s, m.end)
        if not owned:
            return False
        for word in owned.group(1).split():
            if (self.names.generic_roles and self.names.generic_roles.fullmatch("the " + word)) or (
                    self.speaks_for and self.speaks_for.search(word + " of ")) or (
                    self.held_view and self.held_view.fullmatch(word)):
                return False
        return True

    def _modifier(self, s, m: Mention, end: int) -> bool:
        """`m` is the modifier of a noun that heads the subject, before `end` (the verb):
        "Boeing workers said", "Thames Water customers say" (not "the ministry told workers")."""
        head = self.modified_head.match(s, m.end, end) if self.modified_head else None
        return bool(head) and not (head.group(1) and (self.attribution.fullmatch(head.group(1)) or (
            self.joiner and self.joiner.fullmatch(head.group(1)))))

    def _complemented(self, s, m: Mention) -> bool:
        """A role noun with a complement of its own ("the mayor of Doncaster"): another's role,
        no stand-in for an actor named before."""
        return m.kind == "generic" and bool(_COMPLEMENT.match(s, m.end))

    def _own_subject(self, s, m: Mention, mentions, quotes) -> bool:
        """Whether a pronoun comes after a verb of saying whose subject is the sentence's own,
        a name that is no actor's or a role with its own complement ("Ann Berg said A as she
        called for B", "The mayor of Doncaster said A, and he added B"): the pronoun is that
        subject."""
        verb = next((v for v in self.attribution.finditer(s, 0, m.start)
                     if not any(a < v.start() < b for a, b in quotes)), None)
        if verb is None or not s[:verb.start()].strip(' "\''):
            return False
        subject = self.subject_at(s, mentions, verb.start())
        if subject is None:
            lead = s[self.clause_at(s, verb.start())[0]:verb.start()]
            return bool(lead.strip()) and not lead.rstrip().endswith((",", '"', "'"))  # not '"...," she said'
        return self._complemented(s, subject)

    def _spoken_for(self, s, m: Mention, mentions) -> Mention:
        """The actor a stand-in speaks for, named right after it: "a spokeswoman for X" is X."""
        if m.actor is None and self.speaks_for:
            for x in mentions:
                if x.start >= m.end and x.start - m.end <= 30 and x.actor:
                    return x if self.speaks_for.search(s[m.start:x.start]) else m
        return m

    def clause_at(self, s, i) -> tuple[int, int]:
        """The clause holding position `i` of `s`: from after the clause break before it (";",
        "but", "while", outside quotation marks) to the next one."""
        if not self.clause_break:
            return 0, len(s)
        quotes = [(q.start(), q.end()) for q in QUOTE.finditer(s)]
        breaks = [m for m in self.clause_break.finditer(s) if not any(a < m.start() < b for a, b in quotes)]
        c_start = max([m.end() for m in breaks if m.end() <= i] or [0])
        return c_start, next((m.start() for m in breaks if m.start() >= i and m.end() > i), len(s))

    def subject_at(self, s, mentions, i, c_start=None) -> Mention | None:
        """The subject of the verb at `i`, in its clause (which starts at `c_start`, else is
        found): the nearest name before the verb that is no object, outside quotation marks."""
        if c_start is None:
            c_start = self.clause_at(s, i)[0]
        quotes = [(q.start(), q.end()) for q in QUOTE.finditer(s)]
        before = [m for m in mentions if c_start <= m.start and m.end <= i
                  and not any(a < m.start < b for a, b in quotes)]
        return self._subject(s, before, i, c_start)

    def _subject(self, s, before, v_start, c_start) -> Mention | None:
        inner = [(r.start(), r.end()) for r in self.relative.finditer(s, c_start, v_start)] if self.relative else []
        # the names inside an apposition ("X, the body in charge of the police since 1991, said")
        inner += [(m.end, v_start) for m in before[:1] if _APPOSITION.fullmatch(s, m.end, v_start)
                  or (m.actor and _OF_APPOSITION.fullmatch(s, m.end, v_start))]
        for m in reversed(before):
            if any(i < m.start < j for i, j in inner):
                continue  # a name inside ", which the students accused of lying,"
            gap = s[m.end:v_start]
            if self.relative:
                gap = self.relative.sub(" ", gap)
            gap = _BRACKETS.sub(" ", gap)
            if _APPOSITION.fullmatch(gap) or (m.actor and m is before[0] and _OF_APPOSITION.fullmatch(gap)):
                gap = " "  # "X, the country's largest operator with ..., said"
            if len(gap.strip()) > SUBJECT_GAP or _STOP.search(gap):
                return None
            if self.first_person and self.first_person.search(gap):
                return None  # "Now that the directorate has checked, I believe ...": the first person's
            if self.names.is_object(s, m):
                continue
            if m.kind == "pronoun" and _THAT_AND.search(s[c_start:m.start]) is None \
                    and s[m.end:m.end + 3].startswith("'s"):
                continue
            if m.actor and self._owns_thing(s, m):
                continue  # "the yard that built Orrelink's ferries says": not Orrelink (its office would be)
            if m.actor and self._modifier(s, m, v_start):
                return None  # "Boeing workers said": the workers, no actor
            # A name followed by its own verb before ours is that verb's subject ("the union
            # set up its pickets, Harbourline said"): the nearest name wins anyway.
            return m
        return None

    def _coordinated(self, s, first: Mention, pool, *, forward: bool, orig: str = "") -> list[Mention]:
        """`first` and the names joined to it by "and", "as well as", commas. A comma alone
        joins only in a list that "and" closes ("A, B and C said"): "The police, the minister
        insisted, ..." has one speaker. Before a name, its title and first names (in `orig`,
        capitalized) are no part of the join: "he and Mayor Ann Berg said"."""
        group = [first]
        if not self.coordination:
            return group
        ordered = sorted(pool, key=lambda m: m.start)
        if forward:
            i = ordered.index(first) if first in ordered else -1
            worded = 1  # the group up to its last member joined by a word
            for m in ordered[i + 1:]:
                between = s[group[-1].end:m.start]
                if self.coordination.match(between) and (m.actor or m.kind != "pronoun"):
                    group.append(m)
                    if self.joiner and self.joiner.search(between):
                        worded = len(group)
                else:
                    break
            return group[:worded]
        i = ordered.index(first) if first in ordered else len(ordered)
        worded = False
        edge = group[0].start  # where the group's leftmost name starts (or the name it is in apposition to)
        for m in reversed(ordered[:i]):
            lead = _NAME_LEAD.search(orig, m.end, len(orig[:edge].rstrip())) if orig else None
            between = s[m.end:lead.end() - len(lead.group().lstrip()) if lead else edge]
            if len(group) == 1 and m.actor in (None, first.actor) and s[first.end:first.end + 1] == "," and (
                    _APPOSED_TO.fullmatch(between) or (m.actor is None and not between.strip())):
                # "both the commission and the manufacturer, the firm Quillon, insist": the
                # manufacturer is Quillon ("the firm" its title), and the name before is joined to it
                edge = m.start
            elif self.coordination.match(between) and between.strip() and not self.names.is_object(s, m):
                worded = worded or bool(self.joiner and self.joiner.search(between))
                if not worded:
                    break
                group.insert(0, m)
                edge = m.start
            else:
                break
        return group

    def _attribution(self, s, speakers, content, verb, prev, mentions, v_start, alt=None) -> Attribution | None:
        actors, who = [], []
        for m in speakers:
            actor = m.actor or self._antecedent(s, m, prev, mentions, content, alt)
            if actor and actor not in actors:
                actors.append(actor)
                who.append(m.text)
        if not actors:
            return None
        return Attribution(actors, content, verb, who=" and ".join(who))

    def joined_before(self, s, m: Mention, mentions) -> list[Mention]:
        """`m` and the names joined to it before it ("Rusk and Ballot Watch welcomed ...")."""
        return self._coordinated(s, m, [x for x in mentions if x.end <= m.start] + [m], forward=False)

    def stands_for(self, s, m: Mention, prev, mentions) -> str | None:
        """The actor a pronoun or bare role noun `m` of `s` stands for (`_antecedent`)."""
        return self._antecedent(s, m, prev, mentions)

    def _antecedent(self, s, m: Mention, prev, mentions, content=(0, 0), alt=None) -> str | None:
        """The actor a pronoun or bare role noun stands for: a subject earlier in the
        sentence, else the speaker of the sentence before, else the one actor it names. A
        name in what is said is none ("The police have no device, a spokeswoman said")."""
        # (nor in what may be said instead: "The police have none, its officials told reporters")
        quotes = [(q.start(), q.end()) for q in QUOTE.finditer(s)] + [content] + ([alt] if alt else [])
        # (nor one that owns a thing: "Brenholt Athletic's owner, Casimir Oduya, ..., he said" is Oduya)
        earlier = [x for x in mentions if x.end <= m.start and x.actor and not self.names.is_object(s, x)
                   and not any(a <= x.start < b for a, b in quotes)  # a name in a quotation says nothing
                   and not self._owns_thing(s, x)]
        if earlier:
            return earlier[0].actor
        if self._complemented(s, m) or (m.kind == "pronoun" and self._own_subject(s, m, mentions, quotes)):
            return None  # "The mayor of Doncaster said ...", "Ann Berg said A as she called for B": not the one before
        if m.kind == "generic" and (owner := self.names.owner_of(m)):
            return owner  # "the council" after the operator spoke: the one actor whose names say "council"
        if prev:
            speakers = [a for att in self.read(prev) for a in att.speakers]
            if speakers:
                return speakers[0]
            named = [x for x in self.names.mentions(prev) if x.actor and not self.names.is_object(prev, x)]
            if len({x.actor for x in named}) == 1:
                return named[0].actor
            if m.kind == "pronoun" and named and _OPENING.fullmatch(prev, 0, named[0].start):
                return named[0].actor  # a pronoun opening a sentence is the subject of the one before
        return None

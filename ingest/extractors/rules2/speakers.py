"""rules/2's attributions: who is said to say what in a sentence. A verb of saying or of
wanting ("X wants a full ban"), "according to X", "..., as X explained", "..., so the
minister." (translated text), a transcript label, a quotation that goes on, a clause after a
colon with the subject's own subject again, a credit opening the sentence; its subject in the
main clause (subjects.py: several when joined by "and", a pronoun or role noun resolved to
the speaker of the sentence before, or to that sentence's subject), and the span of the
sentence that is the statement itself."""
import re
from functools import lru_cache

from ingest.lang import LanguagePack, pattern_lower

from .names import SEEN_MAX, Names, lower, words
from .subjects import QUOTE as _QUOTE, SUBJECT_GAP, Attribution, Subjects  # noqa: F401 (Attribution: this module's word)

AFTER_GAP = 45  # '"...," said the Interior Minister'

_SPACES = re.compile(r"\s*")
_NAME_LEAD = re.compile(r"(?:\s*\b[A-Z][\w.'\-]*)+$")  # a title and first names before a surname
_SUBJECT_LEAD = re.compile(r"(?:[\w'\-]+\s+){0,3}")  # "opposition leader Pavel " before a name
_POSSESSED = re.compile(r"(?:'s?\s+([a-z\-]+))?\s*|'s?\s*")  # "the mayor's office claims"
_VERB_FIRST = re.compile(r"\W*\w+\s+(?:also\s+|then\s+|again\s+)?")  # "but repeated", "but also said"
_APPOSED = re.compile(r"\s*(?:[A-Z][\w.'\-]*\s+){0,3}?[A-Z][\w.'\-]*,\s*")  # "Ann Berg, "
_OBJECT_THEN = re.compile(r"(?:[^\W\d][\w'\-]*\s+){0,4}?[^\W\d][\w'\-]*,(?=\s)")  # "reporters, adding ..."
_PLUPERFECT = re.compile(r"\bhad\b")
_SPLICED_SUBJECT = re.compile(r"\s+[^\s,;:\"][^,;:\"]{0,80}?\s+")  # ", President Ann Berg on Friday (local time) |insisted"
# a verb of saying capitalized after a capitalized word is part of a name ("the United States
# Court"), not a title in capitals ("UNION SAYS") nor a sentence's first word
_IN_NAME = re.compile(r"(?<=[A-Za-z][a-z.'\-] )(?<![.!?:;] )[A-Z][a-z]+\b")
_CAPITALIZED_AFTER = re.compile(r"(?:\s+[A-Z][\w.'\-]*)+")  # "the chairwoman| Ann Berg"
_FINITE = re.compile(r"(?:said|told|wrote|\w+(?:ed|s|ing))\b")  # no bare verb after "should ... and"
_TWO_WORDS = re.compile(r"\s+([\w']+)\s+[\w']+")  # the two words after a subject
_COMMA = re.compile(r",(?!\d{3})")
_COLON_QUOTE = re.compile(r':\s*"(?=\S)')
_COLON = re.compile(r":\s+(?=\S)")
# a wire's dateline before its first word: "TIRELVO, March 5 (VNA) - "
_DATELINE = re.compile(r"^[A-Z][A-Z .'\-]+(?:,[^\-\u2013\u2014]{1,30})?\s[-\u2013\u2014]\s+")
# a live blog's time before an entry, with or without a dash after it ("14:09 - ")
LABEL_TIME = re.compile(r"^\s*\d{1,2}[:.]\d{2}\s+(?:[-\u2013\u2014]\s+)?")
# "KOVAC (recording):", "14:09 - Berg:", "MARA KOVAC, Dockers' Union:" (a name, then whom it speaks
# for), "09:58 - Rydo's counsel, Paul Ekdahl:" (a body's role, then the name)
# (the lookahead first: a text without a colon has no label, told without trying one)
LABEL = re.compile(r"(?=[^:]*:)^\s*(?:\d{1,2}[:.]\d{2}\s+(?:[-\u2013\u2014]\s+)?)?"
                   r"([A-Z][\w.'\- ]{0,48}?"
                   r"|[A-Z][\w.'\-]*(?:\s+[A-Z][\w.'\-]*){0,3}(?:(?:(?<='s)|(?<=s'))(?:\s+[a-z][\w\-]*){1,2})?"
                   r",(?:\s+(?:[A-Z][\w.'\-]*|of|the|for|and)){1,6})"
                   r"(?:\s*\([^()]{1,30}\))?:\s+(?=\S)")


def label_end(raw: str, label: re.Match) -> int:
    """Where `label`, matched on the folded text, ends in `raw`, the text as written: past as
    many colons and the space after. LABEL's capitals are A-Z, so "ŠŤASTNÁ:" is a label only
    once folded ("STASTNA:"), and the text as written cannot be matched again."""
    at = -1
    for _ in range(label.group(0).count(":")):
        at = raw.find(":", at + 1)
        if at < 0:
            return 0
    return len(raw) - len(raw[at + 1:].lstrip())


class Speakers(Subjects):
    """A language's ways of attributing speech, over a story's names, compiled once."""

    def __init__(self, pack: LanguagePack, names: Names):
        self.names = names
        self._read_kept = lru_cache(maxsize=SEEN_MAX)(self._read)
        self.attribution = words(pack.attribution + pack.denial + pack.wanting_said + pack.belief_said
                                 + pack.held_view_said)
        self.held_view = words(pack.held_view_nouns)  # "the union's position is that": the union's words
        self.wanting = words(pack.wanting_said)
        # "asked Orrelink to ban X" wants it done; "asks the court to annul it" too, the body by its kind
        self.request_to_name = words(pack.request_to_name)
        self.request_to_body = words(pack.request_to_body)
        self.person_pronoun = words(pack.person_pronouns)
        self.cleft = words(pack.cleft_said)
        # between a cleft's subject and its verb, an adverb at most ("the conference| now |asks for")
        self.cleft_gap = re.compile(rf"\s+(?:(?:{'|'.join(pack.joined_speaker_adverbs)})\s+)?") \
            if pack.joined_speaker_adverbs else _SPACES
        # a body's name or role ends with an institution's noun ("the club", "Dockers' Union")
        self.body_head = re.compile(rf"(?:{pattern_lower(pack.name_head_nouns)})s?") if pack.name_head_nouns else None
        # "were warned", not "are saying": a participle after a word of the passive
        self.passive = re.compile(rf"(?<!\w)(?:{'|'.join(pack.passive)})\s+$", re.IGNORECASE) if pack.passive else None
        self.unwanted = re.compile(rf"(?:{'|'.join(pattern_lower(p) for p in pack.inserted_negation + pack.unsaid)})"
                                   r"\s*(?:\w+\s+)?$") if pack.unsaid else None
        self.denial = words(pack.denial)
        self.according_to = words(pack.according_to)
        self.clause_break = words(pack.clause_break)
        self.complementizer = words(pack.complementizer)
        det = names.determiner
        self._name_lead = re.compile(rf"(?:\s*(?<!\w)(?:{det}))+\s*$", re.IGNORECASE)
        self.speaks_for = names.speaks_for
        # after a role noun, the rest of its title and the name it stands before ("the chief|
        # executive, |Ann Berg"; "the association|'s chair, |Ann Berg"): words in small letters
        # that are no joining word, preposition, determiner or relative pronoun
        function = "|".join(pack.coordination + pack.not_subject + pack.determiners + pack.relative
                            + pack.complementizer)
        self.title_rest = re.compile(
            rf"(?:'s?)?(?:\s+(?!(?:{function})\b)[a-z][\w\-]*){{0,2}},?(?:\s+[A-Z][\w.'\-]*)*\s+") if function else None
        # "X called the plan a mistake and said ...": the second verb's subject is the first one's
        self.and_verb = re.compile(rf"(?<!\w)(?:{'|'.join(pack.coordination)})\s+(?:also\s+|then\s+|again\s+|later\s+)?$",
                                   re.IGNORECASE) if pack.coordination else None
        adverb = rf"(?:(?:{'|'.join(pack.joined_speaker_adverbs)})\s+)?" if pack.joined_speaker_adverbs else ""
        self.coordination = re.compile(
            rf"^\s*(?:,\s*)?(?:(?:{'|'.join(pack.coordination)})\s+{adverb})?(?:(?:{det})\s+)?$", re.IGNORECASE) \
            if pack.coordination else None
        self.unsaid = re.compile("(?:" + "|".join(("" if p[:2] == "n'" else r"(?<!\w)") + f"(?:{pattern_lower(p)})"
                                                  for p in pack.unsaid) + r")\s*$") if pack.unsaid else None
        self.not_yet = re.compile(rf"(?<!\w)(?:{'|'.join(pattern_lower(p) for p in pack.not_yet)})\s*$") \
            if pack.not_yet else None
        self.joiner = words(pack.coordination)
        self.subordinate = words(pack.subordinate)
        self.relative_word = words(pack.relative)
        self.relative_recalled = words(pack.relative_recalled)
        # "Boeing (factory) workers": a name that modifies the subject's noun (subjects.py)
        self.modified_head = re.compile(rf"\s+(?:([a-z\-]+)\s+)?(?:{'|'.join(pack.name_modified_heads)})(?!\w)") \
            if pack.name_modified_heads else None
        # "Despite A, X said B", "Speaking after A, X said B": A is not X's, not even when B says nothing
        self.preposed = re.compile(rf"\W*(?:(?:{'|'.join(pack.preposed_not_said)})(?!\w)|[a-z]{{3,}}ing\s+(?:after|at|to|on|in|before|from|with|during|ahead|outside|about|the|a|an|his|her|their|its)\s)",
                                   re.IGNORECASE) \
            if pack.preposed_not_said else None
        self.consequence = re.compile(rf",\s*(?:{'|'.join(pack.consequence_participles)})(?!\w)") \
            if pack.consequence_participles else None
        self._determiner_word = re.compile(rf"(?<!\w)(?:{pattern_lower(det)})(?!\w)")
        self._determiner_only = re.compile(rf"\s*(?:(?:{det})\s+)?", re.IGNORECASE)
        self.according_gap = re.compile(rf"\s*(?:(?:{det})\s+)?(?:(?:{'|'.join(pack.source_nouns)})\s+)?(?:(?:{det})\s+)?",
                                        re.IGNORECASE) if pack.source_nouns else None
        # (or one that closes the clause: "..., whose leader has called for X.")
        self.relative = re.compile(rf",\s*(?:{'|'.join(pack.relative)})\b(?:[^,]|,(?=\d{{3}})){{0,120}}(?:,|(?=[.!?\"']*\s*$))",
                                   re.IGNORECASE) if pack.relative else None
        self.homograph = words(pack.noun_homographs)
        self.as_said = re.compile(rf"(?<!\w)(?:{'|'.join(pack.as_said)})\s+", re.IGNORECASE) if pack.as_said else None
        self.so_says = re.compile(rf",\s*(?:{'|'.join(pack.so_says)})\s+", re.IGNORECASE) if pack.so_says else None
        # after an inverted saying's name, when or to whom it was said: "... to our newspaper on
        # Monday.", "... told reporters." (a listener first, then a phrase of time or place)
        when = '|'.join(pack.not_subject + pack.day_anchor)
        listener = rf"(?:(?:{'|'.join(pack.noun_before)})\s+)?[\w\-]+(?=[\s.!?]*$|\s+(?:{when})(?!\w))"
        said_at = rf"\s*(?:(?<!\w)(?:{when})(?!\w)[^,;:\"]{{0,50}}?)?\s*[.!?]?\s*"
        self.said_at = re.compile(said_at, re.IGNORECASE) if pack.not_subject else None
        self.said_when = re.compile(rf"\s*(?:{listener})?{said_at}", re.IGNORECASE) if pack.not_subject else None
        self.verb_after_name = re.compile(rf"(?<!\w)(?:{'|'.join(pack.auxiliary)})(?!\w)") if pack.auxiliary else None
        # after an inverted saying's name, a phrase or a clause of its own ("... after the vote")
        self.said_then = re.compile(rf"\s*(?:{'|'.join(pack.not_subject + pack.subordinate + pack.preposed_not_said)}"
                                    rf"|as|while|whilst|during|adding|saying)(?!\w)", re.IGNORECASE) if pack.not_subject else None
        # ", who (has) told": a relative pronoun and up to three words before its verb
        self.relative_head = re.compile(rf",\s*(?:{'|'.join(pack.relative)})\s+(?:[\w\-]+\s+){{0,3}}",
                                        re.IGNORECASE) if pack.relative else None
        # "X says A and Y says B": the second subject right after a joining word
        self.and_before = re.compile(rf"(?:,\s*)?(?<!\w)(?:{'|'.join(pack.coordination)})\s+(?:(?:{det})\s+)?$",
                                     re.IGNORECASE) if pack.coordination else None
        self.noun_before = re.compile(rf"(?<!\w)(?:{'|'.join(pattern_lower(p) for p in pack.noun_before)})\s+(?:[\w\-]+\s+)?$") \
            if pack.noun_before else None
        self.first_person = re.compile(rf"(?<!\w)(?:{'|'.join(pack.first_person)})\s+(?:[\w']+\s+){{0,3}}$") \
            if pack.first_person else None

    def read(self, orig: str, prev: str = "", *, same_paragraph: bool = True,
             credit_end: int | None = None) -> list[Attribution]:
        """Every attribution in the (normalized, clean) sentence `orig`. Offsets are the
        same in `orig` and in its lower-cased twin, which the regexes read. A transcript's
        label in `prev` names this sentence's speaker only in its own paragraph. `credit_end`:
        where the main clause starts after a credit opening the sentence ("As Radio X
        reported, ...")."""
        # An excerpt's readers ask for the same sentence read with the same one before more
        # than once; each gets attributions of its own to change.
        return [att.copy() for att in self._read_kept(orig, prev, same_paragraph, credit_end)]

    def _read(self, orig: str, prev: str, same_paragraph: bool, credit_end: int | None) -> list[Attribution]:
        s = lower(orig)
        quotes = [(m.start(), m.end()) for m in _QUOTE.finditer(s)]

        def in_quote(i):
            return any(a < i < b for a, b in quotes)

        cuts = [0] + [m.start() for m in self.clause_break.finditer(s) if not in_quote(m.start())] \
            if self.clause_break else [0]
        bounds = [(a, b) for a, b in zip(cuts, cuts[1:] + [len(s)])]
        mentions = self.names.mentions(orig, s)
        out = []
        label = self.label(orig)
        if label:
            names = self._labelled(label, mentions)
            if names:
                out.append(Attribution([names[-1].actor], (label.end(), len(s)), "label", who=names[-1].text))
        cleft = self._cleft(s, orig, mentions, in_quote, prev) if self.cleft else None
        if cleft:
            return out + [cleft]
        for c_start, c_end in bounds:
            found = self._clause(s, orig, c_start, c_end, mentions, in_quote, prev)
            if not found and out and c_start and (self._continues(s, c_start, c_end) or (
                    out[-1].inverted and self._bare(s, c_start, c_end, mentions))):
                # "X said A, but asked B", "A, X said, but not B": the clause goes on with X's words
                last = out[-1]
                if last.content[1] == c_start:
                    last.content = (last.content[0], c_end)
            out += found
        if not out and credit_end is not None:
            # "As Radio X reported, the director-general sees no grounds ...": the report's
            # subject says what follows, whatever its verb
            out += self._credited(s, credit_end, bounds, mentions, in_quote)
        if not out:
            # 'Kovac, at the gate: "We stay out."', '12:40 The minister goes further: "..."'
            out += self._colon_quote(s, mentions) or self._colon_said(s, mentions)
        if not out:
            out += self._so_says(s, orig, bounds, mentions, prev)
        if not out and prev:
            # A transcript's answer runs on after its label: "KOVAC: No. It falls short ..."
            # (not when this sentence has a label of its own, "PRESENTER: ...", or opens the next
            # paragraph; nor when it reports another's saying, "Critics say ...")
            prev_label = self.label(prev) if same_paragraph and not LABEL.match(orig) else None
            if prev_label and self._own_words(s, mentions):
                names = self._labelled(prev_label, self.names.mentions(prev))
                if names:
                    out.append(Attribution([names[-1].actor], (0, len(s)), "label", who=names[-1].text))
            elif s.rstrip().endswith('"') and '"' in prev and (s.lstrip().startswith('"') or (
                    s.count('"') % 2 and prev.count('"') % 2)):
                # A quotation goes on: '"We will not pay," she said. "Not now, not ever."', or
                # closes here: 'Kovac, at the gate: "We stay out. We will not go back."'
                before = [a for a in self.read(prev) if a.speakers]
                if before:
                    out.append(Attribution(before[-1].speakers, (0, len(s)), "quotation", who=before[-1].who))
        return out

    def _clause(self, s, orig, c_start, c_end, mentions, in_quote, prev) -> list[Attribution]:
        anchors = []
        for m in self.attribution.finditer(s, c_start, c_end):
            if not in_quote(m.start()) and not self._noun(s, m, mentions) and not self._passive(s, m) \
                    and not _IN_NAME.match(orig, m.start()):
                anchors.append((m.start(), m.end(), "verb", m.group(0)))
        for m in self.according_to.finditer(s, c_start, c_end):
            if not in_quote(m.start()):
                anchors.append((m.start(), m.end(), "according", m.group(0)))
        out, covered = [], []
        clause_mentions = [m for m in mentions if c_start <= m.start < c_end]
        # "asked Orrelink to ban X": a request wants a thing done only of someone the story names
        # (not "asked residents to boil water", "asked a court to ...": a step, told as an act)
        if self.request_to_name:
            anchors = [a for a in anchors if not (
                self._request(self.request_to_name, s, a) and not self._request(self.request_to_body, s, a)
                and not any(a[0] < m.start < a[1] and (m.actor or m.kind == "generic") for m in clause_mentions))]
        if self.relative:  # a verb in a relative clause is that clause's ("X, which Y accused of ..., said")
            inner = [(m.start(), m.end()) for m in self.relative.finditer(s, c_start, c_end)]
            for i, j in inner:  # "X, who told parliament that ..., has ...": X said it
                att = self._relative_saying(s, i, j, anchors, clause_mentions, prev, mentions)
                if att:
                    out.append(att)
                    covered.append(att.content)
            anchors = [a for a in anchors if not any(i < a[0] < j for i, j in inner)]
        anchors.sort()
        for v_start, v_end, kind, verb in anchors:
            reach = None  # how far the attribution covers others' verbs, when beyond its content
            spliced = None  # "X said A, Y insisted that B": where Y's clause starts, after a bare comma
            if any(a <= v_start < b for a, b in covered) and not self._and_saying(s, orig, v_start, c_start, out,
                                                                                   covered, clause_mentions):
                spliced = self._comma_saying(s, orig, v_start, v_end, c_end, out, covered, in_quote)
                if not spliced:
                    continue  # reported inside another's statement ("X said Y told ...")
            if kind == "verb" and (att := self._as_said(s, orig, c_start, c_end, v_start, v_end, verb, clause_mentions,
                                                        in_quote, prev, mentions)):
                pass
            elif kind == "according":
                # "according to Ann Berg, a spokeswoman for X": past a name that is no actor's
                after = [m for m in clause_mentions if m.start >= v_end and m.start - v_end <= 40
                         and (self.according_gap or _SPACES).fullmatch(s[v_end:m.start])]
                named = None if after else _APPOSED.match(orig, v_end)
                if named:  # only when what follows the name speaks for an actor (not "according to Reuters, the army ...")
                    after = [x for m in clause_mentions if m.start == named.end()
                             for x in [self._spoken_for(s, m, clause_mentions)] if x is not m]
                if not after:
                    continue
                speakers = self._coordinated(s, self._spoken_for(s, after[0], clause_mentions), clause_mentions,
                                             forward=True)
                last = max(m.end for m in speakers)
                gap = None
                if s[c_start:v_start].strip(" ,\"'") == "" or s[c_start:v_start].strip().lower() in ("", "and"):
                    comma = re.compile(r",(?!\d{3})").search(s, last, c_end)
                    content = (comma.end() if comma else last, c_end)
                elif s[last:c_end].strip(" .") and not self.attribution.search(s, last, c_end):
                    # "The overrun amounts according to the auditors to 40 million": both sides
                    content, gap = (c_start, c_end), (v_start, last)
                else:
                    content = (c_start, v_start)
                att = self._attribution(s, speakers, content, verb, prev, mentions, v_start)
                if att:
                    att.gap = gap
            else:
                before = [m for m in clause_mentions if m.end <= v_start and not in_quote(m.start)]
                # "The police have none, said the minister.": the name closing the clause is
                # the speaker, not the one before the verb
                subject = None if self._closing_name(s, orig, c_start, c_end, v_start, v_end, clause_mentions) \
                    else self.subject_at(s, clause_mentions, v_start, spliced or c_start)
                if subject is not None and subject.kind == "place" and not self._place_says(s, subject, v_start, verb):
                    continue  # "Maravel signs a paper saying ...": the paper's words, no government's
                if subject is not None:  # ", saying ...": the clause's subject, not a name in its object
                    subject = self._participle_subject(s, orig, spliced or c_start, v_start, verb, clause_mentions,
                                                       in_quote) or subject
                if subject is not None:
                    speakers = self._coordinated(s, subject, before, forward=False, orig=orig)
                    first = min(m.start for m in speakers)
                    if self.speaks_for:  # "..., a spokesperson for the Business Secretary said"
                        head = self.speaks_for.search(s[max(c_start, first - 60):first])
                        if head:
                            first = max(c_start, first - 60) + head.start()
                    # What precedes the subject's name, without its determiner, title and first
                    # names ("..., Dr Ilse Marr said": the lead ends at the comma).
                    lead = self._name_lead.sub("", _NAME_LEAD.sub("", orig[c_start:first].rstrip())).rstrip()
                    if first < v_start and orig[first:first + 1].isupper():
                        lead = self._title_strip(lead)  # '"...," union leader Jo Brandt said'
                    tail = s[v_end:c_end].strip()
                    # '"...," she told reporters, adding that ...': the verb's object, then more
                    then = _OBJECT_THEN.match(tail)  # not "..., asked whether ...": a saying goes on
                    goes_on = tail.startswith(",") or bool(then and self.attribution.match(tail, _SPACES.match(
                        tail, then.end()).end()))
                    inverted = lead.endswith((",", '"', "'")) and len(lead) > 8 and (
                        not tail or tail[0] in ",.;" or goes_on)
                    alt = gap = None
                    if inverted:  # '"...," the minister said' (", adding that ..." says more)
                        content = (c_start, self._led_to(s, v_end, c_end)) if goes_on else (c_start, c_start + len(lead))
                        if goes_on:  # "The contract, she says, must end."
                            gap = (c_start + len(lead), s.index(",", v_end) + 1)
                    else:
                        content, reach = (v_start, self._nested(s, v_end, c_end)), c_end
                        if lead.endswith((",", '"', "'")) and len(lead) > 8 and not spliced and not (
                                self.preposed and self.preposed.match(s, c_start)):
                            alt = (c_start, c_start + len(lead))  # '..., the students told reporters': if nothing follows
                else:
                    lead = orig[c_start:v_start].rstrip()
                    if not lead.endswith((",", '"', "'")):
                        if self.and_verb and self.and_verb.search(s, c_start, v_start):
                            first = next((m for m in clause_mentions if m.start < v_start and not in_quote(m.start)), None)
                            if first and _SUBJECT_LEAD.fullmatch(LABEL_TIME.sub("", s[c_start:first.start])) \
                                    and not self.names.is_object(s, first) and not self._owns_thing(s, first):
                                att = self._attribution(s, [first], (v_start, c_end), verb, prev, mentions, v_start)
                                if att:
                                    out.append(att)
                                    covered.append(att.content)
                            continue
                        if c_start and _VERB_FIRST.fullmatch(s, c_start, v_start):
                            # "The union welcomed A but repeated its demand: ...": the sentence's subject
                            first = self._sentence_subject(s, c_start, mentions, in_quote)
                            att = first and self._attribution(s, [first], (v_start, c_end), verb, prev, mentions,
                                                              v_start)
                            if att:
                                out.append(att)
                                covered.append(att.content)
                        continue
                    after = [m for m in clause_mentions if m.start >= v_end and m.start - v_end <= AFTER_GAP
                             and not self.names.is_object(s, m)]
                    if not after or self._relative_lead(s, c_start, v_start):
                        continue  # "Ann Berg, who campaigns for X, said ...": Berg's, no actor's
                    # '"...," said Ann Berg, a spokeswoman for X': X; "..., said the chairwoman Ann Berg": Berg
                    speakers = self._coordinated(s, self._spoken_for(s, self._named(orig, after[0], clause_mentions),
                                                                     clause_mentions), clause_mentions, forward=True)
                    if not self._closes(s, orig, speakers[-1], c_end):
                        continue  # "..., said the ministry was weak": the name is what is said, not who says it
                    content = (c_start, v_start)
                att = self._attribution(s, speakers, content, verb, prev, mentions, v_start,
                                        alt=alt if subject is not None else None)
                if att and subject is not None:
                    att.alt = alt
                    att.inverted, att.gap = inverted, gap
                if att and self.denial and self.denial.fullmatch(verb):
                    att.denial = True
                    if not att.inverted:
                        att.content = (att.content[0], self._denied_until(s, v_end, att.content[1], in_quote))
            if att is None:
                continue
            # A verb of saying that is itself negated, or only wished for, says nothing.
            pre = s[max(c_start, v_start - 24):v_start]
            if self.not_yet and self.not_yet.search(pre):
                att.negated = True  # "is expected to confirm", "will tell": not said yet
            elif self.not_yet and self.and_verb and self.and_verb.search(pre) and not _FINITE.match(verb) \
                    and self._wished(s, c_start, v_start, clause_mentions):
                att.negated = True  # "X should block it and say so": the first verb's wish holds the second
            elif self.wanting and self.wanting.fullmatch(verb) and att.content[0] == v_start:
                wished = next(self.attribution.finditer(s, v_end, att.content[1]), None)
                if wished and self.not_yet and self.not_yet.search(s, max(v_end, wished.start() - 24), wished.start()):
                    att.negated = True  # "wants the minister to say whether ...": another's saying, wished for
                elif (no := self.unwanted.search(pre)):
                    # "does not want a ban", "no longer wants": a position, the negation read with the
                    # content's cues
                    at = v_start - len(pre) + no.start()
                    att.content = (s.rfind(" ", c_start, at) + 1 or c_start, att.content[1])
            elif self.unsaid and self.unsaid.search(pre):
                if att.denial:
                    att.denial = False  # "did not deny that ...": the statement stands, undenied
                else:
                    att.negated = True
            out.append(att)
            covered.append((att.content[0], reach or att.content[1]))  # a nested saying stays unread
        return out

    def _antecedent(self, s, m, prev, mentions, content=(0, 0), alt=None):
        """As `Subjects._antecedent`, but "he" or "she" is no body named alone in the sentence
        before with nobody saying anything there ("The club would find the rest. '...,' she
        said.": no person there, so none; excerpt.py looks further up)."""
        if prev and m.kind == "pronoun" and self.person_pronoun and self.person_pronoun.fullmatch(lower(m.text)) \
                and self.bodies_only(prev):
            prev = ""
        return super()._antecedent(s, m, prev, mentions, content, alt)

    def _coordinated(self, s, first, pool, *, forward: bool, orig: str = ""):
        """As `Subjects._coordinated`, a name read with the title before it that is an alias of
        the same actor ("opposition leader Rasmus Eklund"): one name, so "and" before the title
        joins it ("Both the Savers' Association and opposition leader Rasmus Eklund said")."""
        if not forward:
            while True:
                title = next((m for m in pool if m.end <= first.start and m.actor and m.actor == first.actor
                              and m.end < first.start and not s[m.end:first.start].strip()), None)
                if title is None:
                    break
                first = title
        return super()._coordinated(s, first, pool, forward=forward, orig=orig)

    def _cleft(self, s, orig, mentions, in_quote, prev) -> Attribution | None:
        """"A smaller rise, phased in, is what the conference now asks for.": the words before
        "is what" are what the subject of the verb closing the sentence says or wants (not "...
        is what the ministry fears", no saying, nor "... is what it said it would never accept")."""
        joint = self.cleft.search(s)
        if not joint or in_quote(joint.start()) or not s[:joint.start()].strip(" ,\"'"):
            return None
        verbs = [v for v in self.attribution.finditer(s, joint.end()) if not in_quote(v.start())]
        if len(verbs) != 1 or s[verbs[0].end():].strip(" .!?\"'"):
            return None
        v_start = verbs[0].start()
        subject = self.subject_at(s, mentions, v_start, joint.end())
        if subject is None or not self._determiner_only.fullmatch(s, joint.end(), subject.start) \
                or not self.cleft_gap.fullmatch(s, subject.end, v_start):
            return None
        speakers = self._coordinated(s, subject, [m for m in mentions if m.end <= v_start], forward=False, orig=orig)
        return self._attribution(s, speakers, (0, len(s[:joint.start()].rstrip(" ,"))), verbs[0].group(0), prev,
                                 mentions, v_start)

    def _place_says(self, s, place, v_start, verb) -> bool:
        """A country's name speaks for its government only as the verb's own subject, with no
        noun between ("Maravel on Friday formally asked ..."; not "Maravel signs a paper
        saying ...", nor a participle after it)."""
        return not verb.endswith("ing") and not self._determiner_word.search(s, place.end, v_start)

    def bodies_only(self, sentence) -> bool:
        """Whether `sentence` names actors only by a body's name or noun ("The club would find
        the rest"), none of them saying anything: no antecedent of "he" or "she"."""
        if not self.body_head:
            return False
        named = [x for x in self.names.mentions(sentence) if x.actor and not self.names.is_object(sentence, x)]
        if not named or any(not self.body_head.fullmatch(lower(x.text).split()[-1].strip("'")) for x in named):
            return False
        return not any(att.speakers for att in self.read(sentence))

    @staticmethod
    def _request(rx, s, anchor) -> bool:
        """Whether the anchor's words are a request of `rx`'s kind (read in place: what follows
        "to" decides it)."""
        m = rx.match(s, anchor[0]) if rx else None
        return bool(m and m.end() == anchor[1])

    def _denied_until(self, s, v_end, c_end, in_quote) -> int:
        """Where what a verb of denial denies ends: before a second verb of saying joined to it
        ("ruled out any monitors, and proposed that both sides pull back"), whose words are
        no part of the no."""
        if not self.and_verb:
            return c_end
        for m in self.attribution.finditer(s, v_end, c_end):
            if not in_quote(m.start()):
                joint = self.and_verb.search(s, v_end, m.start())
                if joint:
                    return len(s[:joint.start()].rstrip(" ,"))
        return c_end

    def _relative_lead(self, s, c_start, v_start) -> bool:
        """Whether the words before the verb end with a relative clause (", who campaigns for
        X,"): its antecedent is the verb's subject, so the form is not the inverted one."""
        if not self.relative:
            return False
        lead = s[c_start:v_start].rstrip()
        return any(m.end() == len(lead) for m in self.relative.finditer(lead))

    def _closes(self, s, orig, name, c_end) -> bool:
        """Whether a name after an inverted verb ends its clause, but for the names after a
        title and when, where or to whom it was said ('..., said the minister on Monday', '...,
        declared the chairwoman Ann Berg after the vote', '..., said Ann Berg, adding ...'): not
        '..., said the ministry was weak', whose name opens what is said."""
        names = _CAPITALIZED_AFTER.match(orig, name.end, c_end)
        rest = s[names.end() if names else name.end:c_end]
        if not rest.strip() or rest.lstrip()[0] in ",.;:\"()" or bool(
                self.said_when and self.said_when.fullmatch(rest)) or bool(self.said_then and self.said_then.match(rest)):
            return True
        # "said the student spokesperson, ...": more of the name; "said Ofwat was weak", "said KKR's
        # exit ...", "said the ministry failed ...": a verb of its own
        phrase = re.split(r"[,;:.!?\"]", rest, maxsplit=1)[0]
        return not (phrase.startswith("'") or re.match(r"\s*[a-z]+ed\b", phrase)
                    or (self.verb_after_name and self.verb_after_name.search(phrase)))

    def _as_said(self, s, orig, c_start, c_end, v_start, v_end, verb, mentions, in_quote, prev,
                 all_mentions) -> Attribution | None:
        """"..., as the minister explained on Monday.", "..., like X told our newspaper.": what
        comes before is said; "As X said on Monday, ...": what comes after the comma (not
        "..., as the minister said the offer was final": that is said after the verb)."""
        if not self.as_said:
            return None
        word = None
        for m in self.as_said.finditer(s, c_start, v_start):
            if not in_quote(m.start()) and (not s[c_start:m.start()].strip() or s[c_start:m.start()].rstrip()[-1] in ',"\''):
                word = m
        subject = next((x for x in mentions if word and word.end() <= x.start and x.end <= v_start
                        and not in_quote(x.start)), None)
        if subject is None or not _SUBJECT_LEAD.fullmatch(s, word.end(), subject.start):
            return None
        gap = s[subject.end:v_start]
        if len(gap.strip()) > SUBJECT_GAP or re.search(r"[.,;:!?\"]", gap):
            return None
        speaker = self._spoken_for(s, self._named(orig, subject, mentions), mentions)
        if s[c_start:word.start()].strip(' ,"\''):  # after what is said
            if not self.said_when.fullmatch(s, v_end, c_end):
                return None
            content = (c_start, word.start())
        else:  # before it, up to a comma
            comma = _COMMA.search(s, v_end, c_end)
            if not comma or not self.said_when.fullmatch(s, v_end, comma.start()):
                return None
            content = (comma.end(), c_end)
        return self._attribution(s, [speaker], content, verb, prev, all_mentions, v_start)

    def _so_says(self, s, orig, bounds, mentions, prev) -> list[Attribution]:
        """"..., so the minister.": a name closing the sentence after a comma and "so", with
        no verb (translated text), says what comes before in its clause."""
        so = None
        for so in self.so_says.finditer(s) if self.so_says else ():
            pass
        named = next((m for m in mentions if so and m.start >= so.end()), None)
        if named is None or not _SUBJECT_LEAD.fullmatch(s, so.end(), named.start):
            return []
        speaker = self._spoken_for(s, self._named(orig, named, mentions), mentions)
        if not self.said_at.fullmatch(s, speaker.end):
            return []
        c_start = max(a for a, b in bounds if a <= so.start())
        att = self._attribution(s, [speaker], (c_start, so.start()), so.group(0).strip(" ,"), prev, mentions,
                                so.start())
        return [att] if att else []

    def _credited(self, s, start, bounds, mentions, in_quote) -> list[Attribution]:
        c_end = next((b for a, b in bounds if a <= start < b), len(s))
        after = [m for m in mentions if start <= m.start < c_end and not in_quote(m.start)]
        if not after or not _SUBJECT_LEAD.fullmatch(s, start, after[0].start) or self.names.is_object(s, after[0]) \
                or self._owns_thing(s, after[0]):
            return []  # not "As X reported, the union's strike began ..."
        speakers = self._coordinated(s, after[0], after, forward=True)
        att = self._attribution(s, speakers, (max(m.end for m in speakers), c_end), "reported", "", mentions, start)
        return [att] if att else []

    def _relative_saying(self, s, i, j, anchors, mentions, prev, all_mentions) -> Attribution | None:
        """", who told parliament on Thursday that ...,": the name before the relative
        pronoun said what the relative clause says (not ", which the students accused of ...")."""
        verb = next((a for a in anchors if i < a[0] < j and a[2] == "verb"), None)
        named = [m for m in mentions if m.end <= i and not s[m.end:i].strip()]
        if not verb or not named or not self.relative_head or not self.relative_head.fullmatch(s, i, verb[0]) \
                or any(i < m.start < verb[0] for m in mentions):
            return None  # ", which the students accused of lying,": the students' verb
        if _PLUPERFECT.search(s, i, verb[0]):
            return None  # ", who had warned that ...,": what was said before, for background
        if self.relative_recalled and self.relative_recalled.search(s, i, j) \
                and any(a[0] >= j and a[2] == "verb" for a in anchors):
            return None  # ", who last month wanted the bridge repaired, now says ...": then, against now
        return self._attribution(s, [named[-1]], (verb[0], j - 1), verb[3], prev, all_mentions, verb[0])

    def _and_saying(self, s, orig, v_start, c_start, out, covered, mentions) -> bool:
        """"X says A and Y says B": Y's saying is no part of X's, whose statement ends at "and"
        (also after Y's title and first names: "..., and Mayor Ann Berg said B")."""
        subject = self.subject_at(s, mentions, v_start, c_start)
        if subject is None or not out:
            return False
        lead = _NAME_LEAD.search(orig, out[-1].content[0], len(orig[:subject.start].rstrip()))
        cut = lead.end() - len(lead.group().lstrip()) if lead else subject.start
        joint = self.and_before.search(s, out[-1].content[0], cut) if self.and_before else None
        if not joint or not (out[-1].content[0] < joint.start() < out[-1].content[1]):
            return False
        out[-1].content = (out[-1].content[0], joint.start())
        covered[-1] = out[-1].content
        return True

    def _comma_saying(self, s, orig, v_start, v_end, c_end, out, covered, in_quote) -> int | None:
        """"X ruled that A, Y insisted that B" (a comma splice, common in wire and translated
        copy), "While X confirmed A, he denied B": after a comma in X's statement, a subject of
        its own (a capitalized name, a determiner's noun, a pronoun) and a verb of saying with
        more to say is a second statement. X's
        ends at the comma, whoever Y is. Not an inverted saying ("A, Y insisted." / "A, Y said,
        B"), nor a saying inside X's subordinate clause ("said that after the vote, the police
        told ...")."""
        if not out or out[-1].inverted:
            return None
        last = out[-1]
        a, b = last.content
        if not a < v_start < b or in_quote(v_start):
            return None
        comma = max((m.start() for m in _COMMA.finditer(s, a, v_start)), default=-1)
        if comma < 0:
            return None
        subject = orig[comma + 1:v_start]
        first = comma + 1 + len(subject) - len(subject.lstrip())
        pronoun = self.names.pronouns.match(s, first) if self.names.pronouns else None
        if not _SPLICED_SUBJECT.fullmatch(subject) or not (
                subject.strip()[:1].isupper() or self._determiner_only.match(s, comma + 1).end() > comma + 2
                or (pronoun and s[pronoun.end():pronoun.end() + 1] == " ")) \
                or (self.relative_word and self.relative_word.match(s, first)):
            return None
        rest = s[v_end:c_end]
        if not rest.strip(" .!?\"") or rest.lstrip().startswith(",") or (self.said_when and self.said_when.fullmatch(rest)):
            return False  # "A, Y insisted (on Monday)." / "A, Y said, B": Y's inverted saying
        verb = last.verb.lower()
        said = s[a + len(verb):comma] if s.startswith(verb, a) else ""
        said = re.sub(r"^\W*(?:that\s+)?", "", said)
        if any(rx and rx.match(said) for rx in (self.preposed, self.subordinate)):
            return False  # "said that after the vote, the police told ...": inside X's statement
        last.content = (a, comma)
        covered[-1] = last.content
        return comma + 1

    def _colon_quote(self, s, mentions) -> list[Attribution]:
        """A quotation after a colon, its speaker the sentence's subject: 'Kovac, at the gate:
        "We stay out."' (not "A letter to the minister reads: ...", whose name is an object)."""
        colon = _COLON_QUOTE.search(s)
        if not colon or self.attribution.search(s, 0, colon.start()):
            return []
        first = next((m for m in mentions if m.start < colon.start()), None)
        if not first or not first.actor or self.names.is_object(s, first) \
                or not _SUBJECT_LEAD.fullmatch(LABEL_TIME.sub("", s[:first.start])):
            return []
        return [Attribution([first.actor], (colon.end() - 1, len(s)), ":", who=first.text)]

    def _colon_said(self, s, mentions) -> list[Attribution]:
        """After a colon, a clause whose subject is the sentence's own subject again (its alias,
        role noun or pronoun): '17:02 The mayor opens the debate with a surprise: the city will
        offer ...' (not "The students have one fear: the police ...", another's clause)."""
        colon = _COLON.search(s)
        if not colon or self.attribution.search(s):
            return []
        first = next((m for m in mentions if m.start < colon.start()), None)
        if not first or not first.actor or self.names.is_object(s, first) \
                or not _SUBJECT_LEAD.fullmatch(LABEL_TIME.sub("", s[:first.start])):
            return []
        if any(m.actor != first.actor for m in mentions if first.end <= m.start < colon.start()):
            return []  # "The mayor met the airport: ..."
        then = next((m for m in mentions if m.start >= colon.end()), None)
        if not then or not self._determiner_only.fullmatch(s, colon.end(), then.start) \
                or (then.actor or (first.actor if then.kind == "pronoun" else None)) != first.actor:
            return []
        return [Attribution([first.actor], (colon.end(), len(s)), ":", who=first.text)]

    def _participle_subject(self, s, orig, c_start, v_start, verb, mentions, in_quote):
        """", saying ...", ", adding ...": a participle after the clause's own verb is said by
        the clause's subject, not by a name in that verb's object nearer to it ("The agency opened
        proceedings to revoke Kalvaro's permit, saying ..."). None when it is no such participle.
        (Only read where a name is near the participle: with none, none, as for any verb.)"""
        lead = s[c_start:v_start]
        if not verb.endswith("ing") or not lead.rstrip().endswith(",") or not lead.strip(" ,"):
            return None
        start = c_start
        if self.preposed and self.preposed.match(s, c_start):  # "After the ministry's statement, the students ..."
            comma = s.find(",", c_start, v_start)
            start = comma + 1 if comma >= 0 else c_start
        first = next((m for m in mentions if start <= m.start < v_start and not in_quote(m.start)), None)
        if first is None or self.names.is_object(s, first) or self._owns_thing(s, first) \
                or self._modifier(s, first, v_start) \
                or not _SUBJECT_LEAD.fullmatch(_DATELINE.sub("", orig[start:first.start])):
            return None
        # the last of the names joined to it ("X and Y both welcomed the vote, saying ..."): the
        # caller joins the others to it again
        return self._coordinated(s, first, [m for m in mentions if m.start < v_start], forward=True)[-1]

    def _sentence_subject(self, s, c_start, mentions, in_quote):
        start = 0
        if self.subordinate and self.subordinate.match(s.lstrip()):  # "After the ministry's statement, the students ..."
            comma = s.find(",", 0, c_start)
            start = comma + 1 if comma >= 0 else 0
        first = next((m for m in mentions if start <= m.start < c_start and not in_quote(m.start)
                      and not self.names.is_object(s, m) and not self._owns_thing(s, m)), None)
        return None if first and self._modifier(s, first, c_start) else first  # "Boeing workers welcomed A but ..."

    def label(self, orig: str):
        """A transcript's speaker label opening `orig` ("KOVAC:", "Mara Kovac:", "UNION
        LEADER:"), not a sentence that says something before a colon ("The union said:")."""
        m = LABEL.match(orig)
        if not m or any(len(part.split()) > 5 for part in m.group(1).split(",")):
            return None
        body = lower(m.group(1))
        if self.attribution.search(body) or self.according_to.search(body):
            return None
        return m

    @staticmethod
    def _labelled(label, mentions) -> list:
        """The actors' names in a label, the speaker's last; in "MARA KOVAC, Dockers' Union:"
        the person's own name when it is an actor's, else the body named after the comma."""
        names = [m for m in mentions if m.end <= label.end(1) and m.actor]
        comma = label.group(1).find(",")
        own = [m for m in names if m.end <= label.start(1) + comma] if comma >= 0 else []
        return own or names

    def _own_words(self, s, mentions) -> bool:
        """Whether every verb of saying in `s` is the first person's ("we have said all
        along"), or a noun ("our pay demand"): the labelled speaker's own words. What follows
        the speaker's own saying is what it says ("we have told the city so in writing")."""
        for m in self.attribution.finditer(s):
            if self._noun(s, m, mentions):
                continue
            if not (self.first_person and self.first_person.search(s[max(0, m.start() - 40):m.start()])):
                return False
            return True
        return True

    def _noun(self, s, m, mentions) -> bool:
        """A verb of saying that is a noun here: "our pay demand", "the union's estimate" (not
        "the union demands", whose name ends just before it)."""
        if not (self.homograph and self.noun_before and self.homograph.fullmatch(m.group(0))):
            return False
        before = s[max(0, m.start() - 40):m.start()]
        if not self.noun_before.search(before):
            return False
        # a name just before, or its possessive ("the ministry's claim that ..."), says it; so
        # does a name's office or spokesman ("the mayor's office claims")
        for x in mentions:
            if x.end <= m.start():
                gap = _POSSESSED.fullmatch(s, x.end, m.start())
                if gap and (not gap.group(1) or (self.names.generic_roles
                                                 and self.names.generic_roles.fullmatch("the " + gap.group(1)))):
                    return False
        return True

    def _wished(self, s, c_start, v_start, mentions) -> bool:
        """Whether the clause's subject has a verb of wish or future before `v_start`: "The
        government should block it, and say so" (not "The government blocked it and said so")."""
        first = next((m for m in mentions if c_start <= m.start < v_start), None)
        ahead = first and _TWO_WORDS.match(s, first.end)
        return bool(ahead and ahead.end() <= v_start and (self.not_yet.fullmatch(ahead.group(1))
                                                          or self.not_yet.fullmatch(ahead.group(0).strip())))

    def _passive(self, s, m) -> bool:
        """A verb of saying in the passive ("residents were warned too late", "the board was
        told of the cracks"): no one in the clause says anything by it."""
        return bool(self.passive and not m.group(0).endswith("ing")
                    and self.passive.search(s, max(0, m.start() - 30), m.start()))

    def _led_to(self, s, v_end, c_end) -> int:
        """Where a statement ends before a participle of what it led to, the writer's words
        (", potentially triggering refunds of ...", ", prompting calls for ...")."""
        led = self.consequence.search(s, v_end, c_end) if self.consequence else None
        return led.start() if led else c_end

    def _nested(self, s, v_end, c_end) -> int:
        """Where a verb's content ends: before a subordinate clause with a saying of its own
        ("accused the ministry of lying when it said ..."), whose words are not this speaker's,
        or before a participle of what it led to (", potentially triggering refunds of ...")."""
        c_end = self._led_to(s, v_end, c_end)
        if self.subordinate:
            for m in self.subordinate.finditer(s, v_end, c_end):
                verb = self.attribution.search(s, m.end(), min(c_end, m.end() + 50))
                if verb and not self.subordinate.search(s, m.end(), verb.start()):
                    return m.start()
        return c_end

    def _continues(self, s, c_start, c_end) -> bool:
        """A clause with no subject of its own, opening with a verb ("but asked ...")."""
        m = re.match(r"\W*\w+\s+(?:also\s+|then\s+|still\s+)?(\w+)", s[c_start:c_end])
        if not m:
            return False
        word = m.group(1)
        if self.complementizer and self.complementizer.fullmatch(word):
            return True  # "said A, but that B": B is said too
        return bool(self.attribution.fullmatch(word)) or (word.lower().endswith("ed") and len(word) > 4)

    def _bare(self, s, c_start, c_end, mentions) -> bool:
        """A clause that names no actor but as an object, and says no saying ("but the other
        three are not and stay in the yard")."""
        return not self.attribution.search(s, c_start, c_end) and not any(
            c_start <= m.start < c_end and m.actor and not self.names.is_object(s, m) for m in mentions)

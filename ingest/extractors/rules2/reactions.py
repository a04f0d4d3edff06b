"""rules/2's reactions: an actor's answer to the decision told just before it ("The court
refused to suspend the app. Both Rydo and the drivers' union welcomed the ruling."). Whoever
welcomes, backs or accepts the decision takes its side on each question it answers; whoever
condemns, regrets or appeals against it takes the other side (a partial decision has none).
The same for a judgement of it: "called the ruling 'the right one'", "called it a betrayal".
Only a decision named as such ("the ruling", "the move", "this decision"), by the actors named
as the verb's subject, not negated, not in another's saying."""
import re
from dataclasses import dataclass

from ingest.lang import LanguagePack

from .names import words
from .subjects import QUOTE


@dataclass(frozen=True)
class Reaction:
    actors: tuple[str, ...]
    who: str  # the names as written
    verb: str
    noun: str  # what it answers, as written ("the ruling", "it")
    backs: bool  # welcomes (True) or opposes (False) the decision


class Reactions:
    def __init__(self, pack: LanguagePack, speakers):
        self.speakers = speakers
        owner = r"(?:(?:the|this|that|these|its|their|his|her|both|[\w-]+'s?)\s+)"
        self.rx = re.compile(
            rf"(?<![\w'-])(?:(?P<backs>{'|'.join(pack.reaction_backing)})|(?P<opposes>{'|'.join(pack.reaction_opposing)}))"
            rf"\s+{owner}{{1,2}}(?:[\w-]+\s+){{0,2}}?(?P<noun>{'|'.join(pack.reaction_nouns)})(?![\w'-])") \
            if pack.reaction_nouns and pack.reaction_backing and pack.reaction_opposing else None
        # "called the ruling 'the right one'", "called it a betrayal"
        judged = rf"(?:{'|'.join(pack.reaction_praise)})|(?P<blame>{'|'.join(pack.reaction_blame)})"
        self.called = re.compile(
            rf"(?<![\w'-])(?P<verb>{'|'.join(pack.reaction_calling)})\s+(?P<noun>it|this|{owner}{{1,2}}(?:[\w-]+\s+){{0,2}}?"
            rf"(?:{'|'.join(pack.reaction_nouns)}))\s+(?:as\s+)?[\"'\u201c]?(?:(?:a|an|the)\s+)?(?:[\w-]+\s+){{0,3}}?(?:{judged})(?![\w'-])") \
            if pack.reaction_nouns and pack.reaction_calling and pack.reaction_praise and pack.reaction_blame else None
        # between the subject and its verb, no negation or condition: "did not welcome", "would welcome ... if"
        self.refused = words(pack.negation + pack.conditional + pack.speculation)
        self.saying = speakers.attribution

    def read(self, orig: str, low: str) -> list[Reaction]:
        """The reactions in the (normalized, clean) sentence `orig`, lower-cased as `low`."""
        if not self.rx:
            return []
        out = []
        mentions = None
        found = [(m, bool(m.group("backs"))) for m in self.rx.finditer(low)]
        if self.called:
            found += [(m, not m.group("blame")) for m in self.called.finditer(low)]
        for m, backs in found:
            if any(a < m.start() < b for a, b in ((q.start(), q.end()) for q in QUOTE.finditer(low))):
                continue  # inside a quotation
            if mentions is None:
                mentions = self.speakers.names.mentions(orig, low)
            c_start, _ = self.speakers.clause_at(low, m.start())
            subject = self.speakers.subject_at(low, mentions, m.start(), c_start)
            if subject is None or self.speakers.names.is_object(low, subject):
                continue
            between = low[subject.end:m.start()]
            if (self.refused and self.refused.search(between)) or (self.saying and subject.kind != "pronoun"
                                                                        and self.saying.search(low, c_start, m.start())):
                # "the union did not welcome the ruling", "Rydo said the union welcomed ..." (but
                # "the authority said it regretted the decision" is the authority's)
                continue
            group = self.speakers.joined_before(low, subject, mentions)
            actors = []
            for g in group:
                actor = g.actor or (self.speakers.names.owner_of(g) if g.kind == "generic" else None)
                if actor is None and g.kind == "pronoun":
                    actor = self.speakers.stands_for(low, g, None, mentions)  # "Rydo said it would appeal the ruling"
                if actor is None:
                    actors = []
                    break  # one of those named is no actor of the story
                actors.append(actor)
            if actors:
                verb = "verb" if "verb" in m.re.groupindex else "backs" if m.group("backs") else "opposes"
                out.append(Reaction(tuple(dict.fromkeys(actors)), " and ".join(g.text for g in group), m.group(verb),
                                    low[m.end(verb):m.end("noun")].strip(), backs))
        return out

"""rules/2's findings of one statement: for an attribution's content, the position (or the
figure) it gives on each question asked, for each of its speakers, with the rationale shown
as the article wrote it."""
import re

from .. import Finding


def findings_of(rules, s, a, b, att, questions, via, excerpt, seen, shown, prev="", *, quote="",
                answer=False, restated=False) -> list[Finding]:
    findings = []
    c = s[a:b]
    if att.gap and a <= att.gap[0] < att.gap[1] <= b:  # "The contract, she says, must end."
        c = s[a:att.gap[0]].rstrip(" ,") + " " + s[att.gap[1]:b].lstrip()
    c = c.replace('"', "")  # a word quoted is still said: 'the contract "had to end"'
    if not c.strip():
        return []
    if rules.positions.unstated(s, a, b):  # a question, hearsay
        return []
    prefix = s[:min(a, b)]
    for q, borrowed in questions:
        by_cue = False  # a position read by the question's own cues (not its proposal or claim)
        if q.number:
            if rules.figures.elsewhen and rules.figures.elsewhen.search(s) and not rules.figures.elsewhen.search(c):
                continue  # a statement about another year ("..., the union said of last year's march")
            # "PRESENTER: How many are out of service?" / "One, the Skarvoy, ...": the figure the
            # answer opens with, its range whole ("Eight, perhaps ten a night")
            fig = (prev and rules.answers.count(rules.figures, q, c, prev)) or rules.figures.figure(q, c)
            if not fig and q.unit and q.unit.search(s) and not q.unit.search(c):
                fig = rules.figures.figure(q, c, bare=True)
            if not fig and answer:  # "The city offers ten a night. Can you live with that?" / "We can live with twelve."
                fig = rules.answers.counter(rules.figures, q, c, prev)
            if not fig and restated:  # "the real figure was closer to 2,000": the count named before
                fig = rules.figures.figure(q, c, bare=True)
            if not fig:
                continue
            value, high, conf = fig
            cue = f"figure {value:g}" + (f"-{high:g}" if high else "")
            position = "number"
        else:
            # a bare yes or no takes the cue of the question it answers
            st = rules.positions.stance(q, c, att)
            by_cue = bool(st) and rules.positions.read_by_cue
            st = st or rules.answers.stance(rules.positions, q, c, s, a, prev, att)
            if not st:
                continue
            position, conf, cue = st
            value = high = None
        # a yes on a condition of its own ("should close, but only if ...", "provided ...") is a
        # yes in part; a no on one stays a no, a figure that figure; the rest of the content is
        # read for a condition as before
        held = None
        if position != "number" and by_cue and rules.positions.restricts(q):
            held = rules.positions.restricted(c, cue)
            if position == "affirm" and (held is not None or rules.positions.restricted_after(s, b)):
                position, conf = "partial", min(conf, 0.55)
        if rules.positions.conditional_in(c if held is None else held, cue, prefix) \
                or (position != "number" and rules.positions.speculative(c, cue)):
            continue
        if borrowed:
            conf -= 0.1
        for actor in att.speakers:
            if (actor, q.key) in seen:
                continue
            seen.add((actor, q.key))
            who = " and ".join(shown(w) for w in att.who.split(" and "))
            verb = f"act {shown(att.verb)!r}" if att.act else repr(shown(att.verb))
            why = f"{who} + {verb}; {position} cue {cue if position == 'number' else shown(cue)!r}" \
                + (" (answer to the question before)" if answer else " (the count of the sentence before)" if restated
                   else " (question from the neighbouring sentence)" if borrowed else "")
            if via:
                why += f"; credited to {via}"
            findings.append(Finding(actor, q.key, position, value, round(max(0.1, conf), 3), quote or excerpt.sentence,
                                    via=via, value_high=high, rationale=why[:300]))
    return findings


_TOKEN = re.compile(r"\w+|\s+|.", re.DOTALL)


def original(piece: str, low: str, raw: str, n) -> str | None:
    """`piece` of the normalized, lower-cased `low` as the reader's text `raw` wrote it (its
    script, diacritics and case): the rationale shows "Vučić", not the matching form "vucic".
    None if `piece` is not in `low`."""
    i = low.find(piece.lower()) if piece else -1
    if i < 0:
        return None
    j = i + len(piece)
    if len(raw) == len(low):
        return raw[i:j]
    spans, at = [], 0  # word by word: normalizing may change a word's length (Љ -> Lj)
    for m in _TOKEN.finditer(raw):
        size = len(n(m.group(0)))
        spans.append((at, at + size, m.start(), m.end()))
        at += size
    if at != len(low):
        return None
    start = next(r0 for n0, n1, r0, _ in spans if n1 > i)
    end = next(r1 for n0, _, _, r1 in reversed(spans) if n0 < j)
    return raw[start:end]

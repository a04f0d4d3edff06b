"""Positions as of a day for some questions: the API's shape (`ActorStance.as_dict`),
enriched for reading with names, labels, a few sources per position and audit links."""
from ledger.models import Story
from ledger.selectors import positions_as_of, records_brief

from .. import links
from .parts import actor_dict, host, position_label, question_dict

SOURCES_SHOWN = 4  # sources listed per position; the rest are counted
HISTORY_SHOWN = 6  # earlier positions (and flips) listed per actor, newest first; the rest are counted


def source_dict(brief: dict, *, confirm=None, record_url=None) -> dict:
    """One source of a position as a page shows it: outlet, day, article link.
    `record_url` (from `links.record_urls`) saves a page of many sources a `reverse` each."""
    url = brief["url"] or ""
    return {
        "record": brief["id"],
        "record_url": record_url(brief["id"]) if record_url else links.record_url(brief["id"], confirm=confirm),
        "day": brief["reported_on"],
        "outlet": brief["outlet__name"] or host(url) or "unknown outlet",
        "group": brief.get("outlet__group") or None,
        "url": url,
        "link": links.safe_link(url),
    }


def independence_note(shown: list[dict], counted: int, needed: int) -> str:
    """In plain words, why the sources of a change count as they do: outlets of one owner
    group count once; a change needs `needed` independent ones."""
    by_group: dict[str, list[str]] = {}
    for s in shown:
        names = by_group.setdefault(s.get("group") or s["outlet"], [])
        if s["outlet"] not in names:
            names.append(s["outlet"])
    shared = [(g, names) for g, names in by_group.items() if len(names) > 1]
    parts = [f"{' and '.join(names)} belong to one owner group ({g}), so they count as one source."
             for g, names in shared]
    left = needed - counted
    if left > 0:
        parts.append(f"It needs {left} more report{'s' if left > 1 else ''} from an outlet outside "
                     f"{'these groups' if len(by_group) > 1 else 'this group'} to be confirmed.")
    return " ".join(parts)


def _sources(record_ids, sources: dict) -> tuple[list[dict], int]:
    shown = [sources[i] for i in record_ids[:SOURCES_SHOWN] if i in sources]
    return shown, max(0, len(record_ids) - SOURCES_SHOWN)


def stance_dict(actor_stance, question, sources: dict, *, slug: str, confirm: int, flip_url=None) -> dict:
    """An actor's answer as the API gives it (`ActorStance.as_dict`), with what a reader
    needs next to it: names, labels, sources and audit links. `sources` maps a record id to
    its `source_dict` (one dict per record, however many periods list it)."""
    s = actor_stance.stance
    unit = question.unit
    flip_url = flip_url or (lambda flip_id: links.flip_url(slug, flip_id))
    data = actor_stance.as_dict()
    data["actor"] = actor_dict(actor_stance.actor)
    data["current"]["label"] = position_label(s.current.position, s.current.value, unit)
    data["current"]["sources"], data["current"]["more"] = _sources(s.current.records, sources)
    # A page lists the newest earlier positions and flips; the rest are counted, so that
    # an actor who flipped a thousand times costs a page no more than one who flipped six
    # (`positions_as_of(history=...)` does not even read them: `omitted` counts them).
    data["history_more"] = s.omitted + max(0, len(data["history"]) - HISTORY_SHOWN)
    data["history"] = data["history"][:HISTORY_SHOWN]
    for period, item in zip(s.history, data["history"]):
        item["label"] = position_label(period.position, period.value, unit)
        item["sources"], item["more"] = _sources(period.records, sources)
    if s.pending:
        data["pending"]["label"] = position_label(s.pending.position, s.pending.value, unit)
        data["pending"]["needed"] = confirm
        data["pending"]["sources_list"], data["pending"]["more"] = _sources(s.pending.records, sources)
        data["pending"]["why"] = independence_note(data["pending"]["sources_list"], len(s.pending.sources), confirm)
    data["changes_more"] = s.omitted + max(0, len(data["changes"]) - HISTORY_SHOWN)
    data["changes"] = data["changes"][-HISTORY_SHOWN:] if HISTORY_SHOWN else []
    for change, item in zip(s.changes[-HISTORY_SHOWN:], data["changes"]):
        item["from_label"] = position_label(change.from_position, change.from_value, unit)
        item["to_label"] = position_label(change.to_position, change.to_value, unit)
        item["audit_url"] = flip_url(change.id)
    return data


def shown_record_ids(positions) -> set[int]:
    """The records whose sources a positions page lists: a few per position."""
    wanted = set()
    for qp in positions.questions:
        for a in qp.actors:
            s = a.stance
            for period in (s.current, *s.history[:HISTORY_SHOWN]):
                wanted.update(period.records[:SOURCES_SHOWN])
            if s.pending:
                wanted.update(s.pending.records[:SOURCES_SHOWN])
    return wanted


def _actor_order(actor_stance):
    return ((actor_stance.actor.side or "~").lower(), actor_stance.actor.name.lower())


def positions_data(story: Story, *, questions, as_of, confirm, mark=None) -> dict:
    """Positions as of a day for some questions: the API's shape, enriched for reading.
    Costs the queries of `positions_as_of` plus one for the sources, whatever the number
    of actors and records. `mark`: the ledger mark read with the story (`story_marked`)."""
    positions = positions_as_of(story=story, as_of=as_of, confirm=confirm, questions=questions, history=HISTORY_SHOWN,
                                mark=mark)
    wanted = shown_record_ids(positions)
    briefs = records_brief(ids=wanted) if wanted else {}
    record_url = links.record_urls(as_of=positions.as_of, confirm=positions.confirm)
    actor_urls: dict[str, str] = {}

    def actor_url(key: str) -> str:
        if key not in actor_urls:
            actor_urls[key] = links.actor_url(story.slug, key, as_of=positions.as_of, confirm=positions.confirm)
        return actor_urls[key]

    flip_url = links.flip_urls(story.slug)
    sources = {i: source_dict(b, record_url=record_url) for i, b in briefs.items()}
    answer = []
    for qp in positions.questions:
        q = question_dict(qp.question)
        q["chart_url"] = links.chart_url(story.slug, qp.question.key, as_of=as_of, confirm=positions.confirm)
        q["chart_page_url"] = links.chart_url(story.slug, qp.question.key, as_of=as_of,
                                              confirm=positions.confirm, fmt=None)
        q["actors"] = [stance_dict(a, qp.question, sources, slug=story.slug, confirm=positions.confirm,
                                   flip_url=flip_url) for a in sorted(qp.actors, key=_actor_order)]
        for a in q["actors"]:
            a["actor_url"] = actor_url(a["actor"]["key"])
        answer.append(q)
    return {"as_of": positions.as_of, "confirm": positions.confirm, "questions": answer}

"""A record's page (the record, its excerpt, what the rule made of it and its actor's
position) and a flip's audit (the records on each side and the sources that confirmed it)."""
from datetime import timedelta

from ledger.models import Story
from ledger.positions import flip_id_parse
from ledger.record_roles import ROLE_LABELS, record_roles
from ledger.selectors import flip_get, positions_as_of
from sources.selectors import urls_gone

from .. import links
from .parts import actor_dict, host, position_label, question_dict, story_dict


def excerpt_dict(excerpt) -> dict | None:
    """The excerpt split around its sentence, so a template can highlight it while
    escaping every part."""
    if excerpt is None:
        return None
    text, sentence = excerpt.text, excerpt.sentence
    start = excerpt.sentence_start
    if text[start:start + len(sentence)] != sentence:
        start = text.find(sentence) if sentence else -1
    if start < 0:
        before, middle, after = text, "", ""
    else:
        before, middle, after = text[:start], sentence, text[start + len(sentence):]
    article = excerpt.article
    return {
        "id": excerpt.id, "day": excerpt.day, "before": before, "sentence": middle, "after": after,
        "outlets": list(excerpt.outlets),
        "article": {"url": article.url, "link": links.safe_link(article.url), "title": article.title,
                    "outlet": article.outlet.name, "published_at": article.published_at, "day": article.day,
                    "version": article.version},
    }


def record_dict(record, *, confirm=None, as_of=None, role=None, gone: dict | None = None) -> dict:
    """A record as an audit or its own page shows it. `role`: what the rule made of it as of
    the page's day (`ledger.record_roles`), with the words a reader sees. `gone`: the pages
    found gone (`sources.selectors.urls_gone`): the record stays and counts, and says so."""
    retraction = getattr(record, "retraction", None) if hasattr(record, "retraction") else None
    unit = record.question.unit
    via = record.via if getattr(record, "via_id", None) else None
    return {
        "id": record.id,
        "url_page": links.record_url(record.id, as_of=as_of, confirm=confirm),
        "role": role,
        "role_label": ROLE_LABELS.get(role) if role else None,
        "via": {"key": via.key, "name": via.name, "group": via.group or None} if via else None,
        "rationale": getattr(record, "rationale", "") or "",
        "story": record.story.slug,
        "actor": actor_dict(record.actor),
        "question": {"id": record.question.key, "text": record.question.text, "kind": record.question.kind,
                     "unit": unit or None},
        "position": record.position,
        "value": record.value,
        "label": position_label(record.position, record.value, unit),
        "reported_on": record.reported_on,
        "outlet": ({"key": record.outlet.key, "name": record.outlet.name, "group": record.outlet.group or None}
                   if record.outlet_id else None),
        "outlets": list(record.outlets),
        "source": (via.source_group if via else record.outlet.source_group if record.outlet_id
                   else (host(record.url) or f"record:{record.id}")),
        "url": record.url,
        "link": links.safe_link(record.url),
        "quote": record.quote,
        "excerpt": excerpt_dict(record.excerpt) if record.excerpt_id else None,
        "extractor": record.extractor,
        "confidence": record.confidence,
        "recorded_at": record.recorded_at,
        "retracted": retraction is not None,
        "retraction": ({"reason": retraction.reason, "retracted_by": retraction.retracted_by,
                        "recorded_at": retraction.recorded_at} if retraction is not None else None),
        "retract_url": links.retract_url(record.id),
        "source_gone": (gone or {}).get(record.url),
    }


def flip_data(story: Story, *, flip_id: str) -> dict:
    flip = flip_get(story=story, flip_id=flip_id)
    change, unit = flip.change, flip.question.unit
    confirm = flip_id_parse(flip_id).confirm
    # What the rule made of each record on the day the change was confirmed: one query.
    roled = record_roles(story=story, questions=[flip.question], actor=flip.actor, as_of=change.confirmed_on,
                         confirm=confirm)
    roles = {r["id"]: r["role"] for r in roled.records}
    day = change.confirmed_on
    gone = urls_gone(story, {r.url for r in (*flip.from_records, *flip.to_records) if r.url})
    to_records = [record_dict(r, confirm=confirm, as_of=day, role=roles.get(r.id), gone=gone) for r in flip.to_records]
    # The independent sources that carried the new position, in the order they came.
    confirmed_by, seen = [], set()
    for r in to_records:
        if r["source"] not in seen:
            seen.add(r["source"])
            confirmed_by.append({"source": r["source"], "outlet": (r["via"] or r["outlet"] or {}).get("name") or r["source"],
                                 "group": (r["via"] or r["outlet"] or {}).get("group"),
                                 "day": r["reported_on"], "record": r["id"], "url": r["url_page"]})
    # Records of the change whose outlet group had already counted: named, so a reader sees
    # why two outlets made one source.
    counted_once = [{"record": r["id"], "url": r["url_page"], "outlet": (r["via"] or r["outlet"] or {}).get("name"),
                     "group": (r["via"] or r["outlet"] or {}).get("group")}
                    for r in to_records if r["role"] == "not_counted"]
    return {
        "story": story_dict(story),
        "id": change.id,
        "confirm": confirm,
        "question": question_dict(flip.question),
        "actor": actor_dict(flip.actor),
        "from": change.from_position, "to": change.to_position,
        "from_value": change.from_value, "to_value": change.to_value,
        "from_label": position_label(change.from_position, change.from_value, unit),
        "to_label": position_label(change.to_position, change.to_value, unit),
        "date": change.date, "confirmed_on": change.confirmed_on,
        "from_records": [record_dict(r, confirm=confirm, as_of=day, role=roles.get(r.id), gone=gone)
                         for r in flip.from_records],
        "to_records": to_records,
        "confirmed_by": confirmed_by,
        "counted_once": counted_once,
        "story_url": links.story_url(story.slug, topic=flip.question.topic.key, as_of=change.confirmed_on,
                                     confirm=confirm),
    }


def actor_position(story: Story, *, question, actor, as_of, confirm, known_at=None) -> dict | None:
    """One actor's answer on one question (the whole question is folded, one query)."""
    data = positions_as_of(story=story, as_of=as_of, confirm=confirm, questions=[question], known_at=known_at)
    for a in data.questions[0].actors:
        if a.actor.id == actor.id:
            return _position_brief(a.stance, question)
    return None


def _position_brief(s, question) -> dict:
    return {"position": s.current.position, "value": s.current.value,
            "label": position_label(s.current.position, s.current.value, question.unit),
            "since": s.current.since, "confirmed_on": s.current.confirmed_on,
            "pending": ({"position": s.pending.position, "value": s.pending.value, "date": s.pending.date,
                         "label": position_label(s.pending.position, s.pending.value, question.unit),
                         "sources": len(s.pending.sources)} if s.pending else None)}


def record_data(record, *, as_of, confirm) -> dict:
    """A record, and its actor's position on its question as of the day; for a retracted
    record, that position before the retraction and after it."""
    story = record.story
    args = dict(question=record.question, actor=record.actor, as_of=as_of, confirm=confirm)
    # The actor's records on the question as of the day, folded: the record's role, the
    # position, and the flips the record belongs to (one query).
    roled = record_roles(story=story, questions=[record.question], actor=record.actor, as_of=as_of, confirm=confirm)
    gone = urls_gone(story, [record.url]) if record.url else {}
    data = record_dict(record, confirm=confirm, as_of=as_of, role=roled.role(record.id), gone=gone)
    data["as_of"], data["confirm"] = as_of, confirm
    data["reported_later"] = record.reported_on > as_of
    stance = roled.stances.get((record.question_id, record.actor_id))
    data["position_now"] = _position_brief(stance, record.question) if stance else None
    data["flips"] = [
        {"id": c.id, "from_label": position_label(c.from_position, c.from_value, record.question.unit),
         "to_label": position_label(c.to_position, c.to_value, record.question.unit), "date": c.date,
         "confirmed_on": c.confirmed_on, "side": "after" if record.id in c.to_records else "before",
         "url": links.flip_url(story.slug, c.id)}
        for c in (stance.changes if stance else []) if record.id in c.to_records or record.id in c.from_records]
    data["actor_url"] = links.actor_url(story.slug, record.actor.key, as_of=as_of, confirm=confirm)
    data["position_before_retraction"] = None
    if data["retraction"]:
        just_before = record.retraction.recorded_at - timedelta(microseconds=1)
        data["position_before_retraction"] = actor_position(story, **args, known_at=just_before)
    data["story_url"] = links.story_url(story.slug, topic=record.question.topic.key, as_of=as_of, confirm=confirm)
    data["story_title"] = story.title
    return data

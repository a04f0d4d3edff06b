"""The data of every page, as plain dicts. A view hands the same dict to its template and,
for the JSON twin, to the encoder: one computation, two formats. Positions always come from
`ledger.selectors.positions_as_of`; nothing here applies the confirmation rule itself."""
from datetime import timedelta
from urllib.parse import urlsplit

from django.core.cache import cache
from django.db.models import Count, OuterRef, Subquery, Window
from django.db.models.functions import Coalesce

from ledger.diagnosis import REASONS, key_misses
from ledger.evaluation import evaluate
from ledger.models import ChainHead, KeyStatement, StanceRecord, Story
from ledger.record_roles import ROLE_LABELS, record_roles
from ledger.positions import flip_id_parse
from ledger.selectors import flip_get, positions_as_of, records_brief, story_cast

from . import links

SOURCES_SHOWN = 4  # sources listed per position; the rest are counted
HISTORY_SHOWN = 6  # earlier positions (and flips) listed per actor, newest first; the rest are counted
POSITION_LABELS = {"affirm": "Affirms", "deny": "Denies", "partial": "Partly"}


def figure(value, unit: str = "") -> str:
    if value is None:
        return "?"
    text = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{text} {unit}".strip()


def position_label(position: str, value=None, unit: str = "") -> str:
    if position == StanceRecord.NUMBER:
        return figure(value, unit)
    return POSITION_LABELS.get(position, position)


def story_dict(story: Story) -> dict:
    return {"slug": story.slug, "title": story.title, "start": story.start, "end": story.end,
            "confirm_default": story.min_outlets, "step_days": story.step_days, "url": links.story_url(story.slug)}


def actor_dict(actor) -> dict:
    return {"key": actor.key, "name": actor.name, "side": actor.side or None}


def question_dict(question) -> dict:
    return {"id": question.key, "text": question.text, "kind": question.kind, "unit": question.unit or None,
            "topic": question.topic.key}


def _host(url: str) -> str:
    try:
        return urlsplit(url or "").hostname or ""
    except ValueError:
        return ""


def source_dict(brief: dict, *, confirm=None, record_url=None) -> dict:
    """One source of a position as a page shows it: outlet, day, article link.
    `record_url` (from `links.record_urls`) saves a page of many sources a `reverse` each."""
    url = brief["url"] or ""
    return {
        "record": brief["id"],
        "record_url": record_url(brief["id"]) if record_url else links.record_url(brief["id"], confirm=confirm),
        "day": brief["reported_on"],
        "outlet": brief["outlet__name"] or _host(url) or "unknown outlet",
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


# --- pages ---------------------------------------------------------------------------------


def story_list_data() -> dict:
    records = (StanceRecord.objects.filter(story=OuterRef("pk")).order_by().values("story")
               .annotate(n=Count("id")).values("n"))
    stories = Story.objects.annotate(
        n_records=Coalesce(Subquery(records), 0),
        n_actors=Count("actors", distinct=True),
        n_questions=Count("questions", distinct=True),
    ).order_by("slug")
    return {"stories": [
        {**story_dict(s), "records": s.n_records, "actors": s.n_actors, "questions": s.n_questions}
        for s in stories
    ]}


CHANGES_SHOWN = 12  # latest flips on the overview


def overview_dict(story: Story, data: dict, topics) -> dict:
    """What changed, across every topic: the latest confirmed flips, newest first, and the
    changes waiting for another source, each with its link."""
    names = {t.key: t.name for t in topics}
    flips, pending = [], []
    for q in data["questions"]:
        where = {"question": q["text"], "question_id": q["id"], "topic": names.get(q["topic"], q["topic"]),
                 "topic_url": links.story_url(story.slug, topic=q["topic"], as_of=data["as_of"], confirm=data["confirm"])}
        for a in q["actors"]:
            for c in a["changes"]:
                flips.append({**where, "actor": a["actor"], "change": c})
            if a["pending"]:
                pending.append({**where, "actor": a["actor"], "current": a["current"], "pending": a["pending"]})
    flips.sort(key=lambda f: (f["change"]["confirmed_on"], f["change"]["date"]), reverse=True)
    pending.sort(key=lambda p: p["pending"]["date"], reverse=True)
    return {"flips": flips[:CHANGES_SHOWN], "flips_more": max(0, len(flips) - CHANGES_SHOWN), "pending": pending}


def story_data(story: Story, *, topics, topic, as_of, confirm, mark=None, actor=None, overview=False) -> dict:
    """A topic's positions as of a day, or (`overview`) what changed across every topic.
    `actor`: only that actor's rows."""
    cast_questions = list(story_cast(story).questions.values())
    if overview:
        topic = None
        questions = cast_questions
    else:
        questions = [q for q in cast_questions if q.topic_id == topic.id] if topic else []
    data = positions_data(story, questions=questions, as_of=as_of, confirm=confirm, mark=mark)
    if actor is not None:
        for q in data["questions"]:
            q["actors"] = [a for a in q["actors"] if a["actor"]["key"] == actor.key]
    summary = None
    if overview:
        summary = overview_dict(story, data, topics)
        data["questions"] = []
    step = timedelta(days=story.step_days)
    topic_key = topic.key if topic else None
    actor_key = actor.key if actor else None

    def at(day):
        return links.story_url(story.slug, topic=topic_key, as_of=day, confirm=confirm, actor=actor_key)

    controls = {
        "topic": topic_key,
        "actor": actor_key,
        "actors": [{"key": a.key, "name": a.name, "selected": a.key == actor_key}
                   for a in sorted(story_cast(story).actors.values(), key=lambda a: a.name.lower())],
        "overview_url": links.story_url(story.slug, topic="", as_of=as_of, confirm=confirm),
        "overview": overview,
        "topics": [{"key": t.key, "name": t.name, "selected": t.key == topic_key,
                    "url": links.story_url(story.slug, topic=t.key, as_of=as_of, confirm=confirm, actor=actor_key)}
                   for t in topics],
        "action": links.story_url(story.slug),
        "confirm_choices": sorted({1, 2, 3, confirm, story.min_outlets}),
        "prev_url": at(max(story.start, as_of - step)) if as_of > story.start else None,
        "next_url": at(min(story.end, as_of + step)) if as_of < story.end else None,
        "day": (as_of - story.start).days,
        "days": (story.end - story.start).days,
    }
    return {
        "story": story_dict(story),
        "topic": {"key": topic.key, "name": topic.name} if topic else None,
        "has_stances": any(q.kind == "stance" for q in questions),
        **data,
        "overview": summary,
        "actor": actor_dict(actor) if actor else None,
        "actor_url": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm) if actor else None,
        "permalink": at(as_of),
        "json_url": links.story_url(story.slug, topic=topic_key, as_of=as_of, confirm=confirm, fmt="json",
                                    actor=actor_key),
        "pending_url": links.pending_url(story.slug, as_of=as_of, confirm=confirm),
        "controls": controls,
    }


def pending_data(story: Story, *, as_of, confirm, mark=None) -> dict:
    """The review queue: every change waiting for another source as of the day, oldest first."""
    data = positions_data(story, questions=list(story_cast(story).questions.values()), as_of=as_of, confirm=confirm,
                          mark=mark)
    items = []
    for q in data["questions"]:
        for a in q["actors"]:
            if a["pending"]:
                items.append({"question": {k: q[k] for k in ("id", "text", "kind", "unit", "topic")},
                              "actor": a["actor"], "current": a["current"], "pending": a["pending"],
                              "story_url": links.story_url(story.slug, topic=q["topic"], as_of=as_of, confirm=confirm)})
    items.sort(key=lambda i: (i["pending"]["date"], i["question"]["id"], i["actor"]["key"]))
    return {"story": story_dict(story), "as_of": data["as_of"], "confirm": data["confirm"], "pending": items,
            "story_url": links.story_url(story.slug, as_of=as_of, confirm=confirm),
            "json_url": links.pending_url(story.slug, as_of=as_of, confirm=confirm, fmt="json")}


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


def record_dict(record, *, confirm=None, as_of=None, role=None) -> dict:
    """A record as an audit or its own page shows it. `role`: what the rule made of it as of
    the page's day (`ledger.record_roles`), with the words a reader sees."""
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
                   else (_host(record.url) or f"record:{record.id}")),
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
    to_records = [record_dict(r, confirm=confirm, as_of=day, role=roles.get(r.id)) for r in flip.to_records]
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
        "from_records": [record_dict(r, confirm=confirm, as_of=day, role=roles.get(r.id)) for r in flip.from_records],
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
    data = record_dict(record, confirm=confirm, as_of=as_of, role=roled.role(record.id))
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


def runs_data(story: Story) -> dict:
    from ingest.models import IngestRun

    runs = [run_dict(story, r) for r in IngestRun.objects.filter(story=story).order_by("-started_at", "-id")[:100]]
    return {"story": story_dict(story), "runs": runs,
            "active": any(r["status"] in ("queued", "running") for r in runs)}


def run_dict(story: Story, run) -> dict:
    return {
        "id": run.id, "url": links.run_url(story.slug, run.id), "file_name": run.file_name, "extractor": run.extractor,
        "status": run.status, "message": run.message, "started_at": run.started_at, "finished_at": run.finished_at,
        "articles": run.articles, "excerpts": run.excerpts, "queued": getattr(run, "queued", run.excerpts),
        "excerpts_done": run.excerpts_done,
        "records": run.records, "rejects": run.rejects, "duplicates": run.duplicates, "capped": run.capped,
        "progress": round(run.progress * 100, 1), "cost_usd": run.cost_usd,
        "tokens_in": run.tokens_in, "tokens_out": run.tokens_out,
        "uses_llm": run.extractor.startswith("llm"),  # an offline run has no tokens or cost to show
    }


REJECTS_SHOWN = 1000


def run_data(story: Story, run_id: int) -> dict:
    from ingest.llm.selectors import run_spend
    from ingest.models import IngestRun

    from ledger.errors import NotFound

    run = IngestRun.objects.filter(story=story, id=run_id).select_related("llm").first()
    if run is None:
        raise NotFound(f"unknown ingest run {run_id!r}")
    rejects = list(run.reject_lines.order_by("line").values("line", "reason")[:REJECTS_SHOWN])
    # Excerpts an LLM run set aside (an answer that did not validate twice, or the budget):
    # one query, for LLM runs only. Shown with the sentence and the article, not the raw answer.
    set_aside, set_aside_count = None, 0
    if run.extractor.startswith("llm"):
        rows = list(run.llm_rejections.order_by("id").annotate(total=Window(Count("id"))).values_list(
            "stage", "model", "reason", "excerpt_id", "excerpt__sentence", "excerpt__article__url",
            "total")[:REJECTS_SHOWN])
        set_aside = [{"stage": stage, "model": model, "reason": reason, "excerpt": excerpt, "sentence": sentence,
                      "url": url, "link": links.safe_link(url)} for stage, model, reason, excerpt, sentence, url, _ in rows]
        set_aside_count = rows[0][-1] if rows else 0
    return {"story": story_dict(story), "run": run_dict(story, run), "rejects": rejects,
            "rejects_shown": len(rejects), "active": run.status in ("queued", "running"),
            "set_aside": set_aside, "set_aside_count": set_aside_count, "runs_url": links.runs_url(story.slug),
            "spend": run_spend(run)}


EVALUATION_CACHE_SECONDS = 24 * 3600


def evaluation_scores(story: Story, *, confirm) -> dict:
    """`ledger.evaluation.evaluate`, cached until the ledger or the bundle changes: the key
    holds the story's chain head (every append and retraction moves it) and the bundle's
    hash (a new answer key changes it)."""
    head = ChainHead.objects.filter(story=story).values_list("last_seq", flat=True).first() or 0
    key = f"viewer:evaluation:{story.pk}:{story.config_sha256}:{head}:{confirm}"
    scores = cache.get(key)
    if scores is None:
        scores = evaluate(story=story, confirm=confirm)
        scores["misses"] = key_misses(story=story, confirm=confirm)
        cache.set(key, scores, EVALUATION_CACHE_SECONDS)
    return scores


# Each score in one sentence, as the evaluation page defines it.
SCORE_DEFINITIONS = {
    "current_accuracy": "Of the positions the answer key gives, asked the day before, the day after and a week "
                        "after each key statement, the share the ledger gives the same.",
    "change_recall": "Of the changes of position in the key, the share the ledger reports as a confirmed flip "
                     "of the same actor to the same position within 7 days of the key's date.",
    "change_precision": "Of the flips the ledger reports on those days, the share that match a change in the key; "
                        "the others are false changes.",
}


def evaluation_data(story: Story, *, confirm) -> dict:
    base = {"story": story_dict(story), "confirm": confirm,
            "chart_url": links.retention_chart_url(story.slug, confirm=confirm),
            "json_url": links.evaluation_url(story.slug, confirm=confirm, fmt="json")}
    if not KeyStatement.objects.filter(story=story).exists():
        return {**base, "key_statements": 0, "scores": None}
    scores = evaluation_scores(story, confirm=confirm)
    topics = {t.key: t.name for t in story.topics.all()}
    questions = {q.key: q.text for q in story.questions.all()}
    return {
        **base,
        "key_statements": scores["key_statements"],
        "dated_questions": scores["dated_questions"],
        "scores": {
            "overall": scores["overall"],
            "per_topic": [{"key": k, "name": topics.get(k, k), **v} for k, v in scores["per_topic"].items()],
            "per_question": [{"key": k, "text": questions.get(k, k), **v} for k, v in scores["per_question"].items()],
        },
        "definitions": SCORE_DEFINITIONS,
        "retention": scores["retention"],
        "misses": [{**m, "record_url": links.record_url(m["record"]["id"], as_of=m["checked_on"],
                                                        confirm=confirm) if m["record"] else None,
                    "link": links.safe_link(m["url"]),
                    "label": position_label(m["position"], m["value"])} for m in scores["misses"]],
        "miss_reasons": [{"reason": r, "why": REASONS[r], "count": sum(1 for m in scores["misses"] if m["reason"] == r)}
                         for r in REASONS],
    }



def actor_data(story: Story, *, actor, as_of, confirm, mark=None, notices=()) -> dict:
    """One actor across every question of the story as of a day: position, pending change,
    earlier positions, flips and sources, question by question, topic by topic."""
    cast = story_cast(story)
    data = positions_data(story, questions=list(cast.questions.values()), as_of=as_of, confirm=confirm, mark=mark)
    topics = {q.topic.key: q.topic.name for q in cast.questions.values()}
    questions = []
    for q in data["questions"]:
        mine = [a for a in q["actors"] if a["actor"]["key"] == actor.key]
        if mine:
            questions.append({**{k: q[k] for k in ("id", "text", "kind", "unit", "topic")},
                              "topic_name": topics.get(q["topic"], q["topic"]), "stance": mine[0],
                              "compare_url": links.compare_url(story.slug, question=q["id"], actors=[actor.key],
                                                               as_of=as_of, confirm=confirm)})
    flips = sorted(({"question": q["text"], "change": c} for q in questions for c in q["stance"]["changes"]),
                   key=lambda f: f["change"]["confirmed_on"], reverse=True)
    return {"story": story_dict(story), "actor": actor_dict(actor), "as_of": data["as_of"], "confirm": data["confirm"],
            "questions": questions, "flips": flips, "notices": list(notices),
            "permalink": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm),
            "json_url": links.actor_url(story.slug, actor.key, as_of=as_of, confirm=confirm, fmt="json"),
            "actors": [{"key": a.key, "name": a.name} for a in sorted(cast.actors.values(), key=lambda a: a.name.lower())]}


COMPARE_MAX = 3


def compare_data(story: Story, *, question, actors, as_of, confirm, mark=None, notices=()) -> dict:
    """Two or three actors side by side on one question as of a day."""
    data = positions_data(story, questions=[question], as_of=as_of, confirm=confirm, mark=mark)
    by_key = {a["actor"]["key"]: a for a in data["questions"][0]["actors"]}
    cast = story_cast(story)
    return {
        "story": story_dict(story), "as_of": data["as_of"], "confirm": data["confirm"], "notices": list(notices),
        "question": question_dict(question),
        "columns": [{"actor": actor_dict(a), "stance": by_key.get(a.key),
                     "actor_url": links.actor_url(story.slug, a.key, as_of=as_of, confirm=confirm)} for a in actors],
        "chart_url": links.chart_url(story.slug, question.key, as_of=as_of, confirm=confirm),
        "questions": [{"key": q.key, "text": q.text, "selected": q.key == question.key} for q in cast.questions.values()],
        "actors": [{"key": a.key, "name": a.name, "selected": any(a.key == b.key for b in actors)}
                   for a in sorted(cast.actors.values(), key=lambda a: a.name.lower())],
        "json_url": links.compare_url(story.slug, question=question.key, actors=[a.key for a in actors], as_of=as_of,
                                      confirm=confirm, fmt="json"),
    }

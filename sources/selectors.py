"""Reads of the sources app: a story's sources with their last and next fetch and counts,
the freshness of a story, the pages that are gone, a hook's deliveries."""
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Max, Q

from ledger.models import Story

from .models import Delivery, Fetch, FetchRun, Following, Hook, Page, Source


@dataclass
class SourceRow:
    source: Source
    last_fetch: datetime | None
    next_fetch: datetime | None
    counts: dict
    errors: list[Fetch]


def story_followed(story: Story) -> bool:
    return Following.objects.filter(story=story, on=True).exists()


def sources_overview(story: Story) -> list[SourceRow]:
    followed = story_followed(story)
    rows = []
    for source in Source.objects.filter(story=story).order_by("-active", "position"):
        fetches = Fetch.objects.filter(source=source)
        counts = dict(fetches.values_list("outcome").annotate(n=Count("id")).order_by())
        last = fetches.aggregate(m=Max("fetched_at"))["m"]
        nxt = None
        if followed and source.active:
            nxt = source.looked_at + timedelta(minutes=source.every_minutes) if source.looked_at else None
        errors = list(fetches.filter(outcome__in=[Fetch.FAILED, Fetch.ROBOTS]).order_by("-id")[:10])
        rows.append(SourceRow(source, last, nxt, counts, errors))
    return rows


def runs_recent(story: Story, limit: int = 10):
    return list(FetchRun.objects.filter(story=story).order_by("-started_at")[:limit])


def last_article_fetched(story: Story) -> datetime | None:
    """When a fetch last brought a new article or version of this story."""
    return (Fetch.objects.filter(run__story=story, outcome__in=[Fetch.NEW, Fetch.CHANGED])
            .aggregate(m=Max("fetched_at"))["m"])


def last_fetched(story: Story) -> datetime | None:
    return Fetch.objects.filter(run__story=story).aggregate(m=Max("fetched_at"))["m"]


def urls_gone(story: Story, urls) -> dict[str, datetime]:
    """The URLs among `urls` whose page answered 404 or 410 at its last fetch."""
    return dict(Page.objects.filter(story=story, url__in=list(urls), gone_at__isnull=False).values_list("url", "gone_at"))


def hooks_with_deliveries(story: Story, per_hook: int = 20):
    hooks = list(Hook.objects.filter(story=story).select_related("question", "actor").annotate(
        delivered=Count("deliveries", filter=Q(deliveries__status=Delivery.DELIVERED)),
        failed=Count("deliveries", filter=Q(deliveries__status=Delivery.FAILED)),
        waiting=Count("deliveries", filter=Q(deliveries__status__in=[Delivery.PENDING, Delivery.SENDING]))))
    for hook in hooks:
        hook.recent = list(hook.deliveries.exclude(status=Delivery.BEFORE).order_by("-id")[:per_hook])
    return hooks


@dataclass
class Freshness:
    has_sources: bool
    last_article_fetched: datetime | None
    followed: bool


def story_freshness(slug: str) -> Freshness:
    """What the story page says of its sources, in one query."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {Source._meta.db_table} s WHERE s.story_id = st.id), "
            f"(SELECT max(f.fetched_at) FROM {Fetch._meta.db_table} f JOIN {FetchRun._meta.db_table} r ON r.id = f.run_id "
            "  WHERE r.story_id = st.id AND f.outcome IN (%s, %s)), "
            f"EXISTS (SELECT 1 FROM {Following._meta.db_table} fo WHERE fo.story_id = st.id AND fo.on) "
            f"FROM {Story._meta.db_table} st WHERE st.slug = %s", [Fetch.NEW, Fetch.CHANGED, slug])
        row = cursor.fetchone()
    return Freshness(*row) if row else Freshness(False, None, False)

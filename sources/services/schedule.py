"""Following a story: the beat starts a fetch of its sources as each one falls due."""
from datetime import datetime, timedelta

from django.utils import timezone

from ledger.models import Story

from ..models import FetchRun, Following, Source
from .runs import fetch_start


def follow_set(*, story: Story, on: bool) -> Following:
    following, _ = Following.objects.update_or_create(story=story, defaults={"on": on})
    return following


def sources_due(*, now: datetime | None = None) -> list[FetchRun]:
    """Beat: start a run for each followed story's sources whose `every_minutes` has passed
    since they were last looked at (a story with a run still going is left to it)."""
    now = now or timezone.now()
    started = []
    for following in Following.objects.filter(on=True).select_related("story"):
        story = following.story
        if FetchRun.objects.filter(story=story, status=FetchRun.RUNNING, started_at__gt=now - timedelta(hours=1)).exists():
            continue
        due = [s for s in Source.objects.filter(story=story, active=True)
               if s.looked_at is None or s.looked_at + timedelta(minutes=s.every_minutes) <= now]
        if due:
            started.append(fetch_start(story=story, trigger="schedule", sources=due))
    return started

"""The day an article counts for.

An article counts for its publication day in the story's time zone; a live blog, updated all
day, counts from the next morning (the next day). `published_at` is ISO 8601: a date alone
is that day; a time without an offset is read as the story's local time.
"""
import zoneinfo
from datetime import date, datetime, time, timedelta

from dateutil.parser import isoparse


class BadDate(ValueError):
    pass


def _short(value, limit: int = 40) -> str:
    text = repr(value[: limit + 1] if isinstance(value, str) else value)
    return text if len(text) <= limit else text[:limit] + "..."


def published_parse(value, tz: zoneinfo.ZoneInfo) -> datetime:
    """An aware datetime from an ISO 8601 string; BadDate when it is not one."""
    if not isinstance(value, str) or not value.strip():
        raise BadDate(f"bad published_at {_short(value)}: expected an ISO 8601 date or time")
    text = value.strip()
    try:
        if len(text) == 10:  # a date alone: midnight of that day, in the story's zone
            return datetime.combine(date.fromisoformat(text), time(0), tzinfo=tz)
        moment = isoparse(text)
    except (ValueError, OverflowError):
        raise BadDate(f"bad published_at {_short(value)}: expected an ISO 8601 date or time") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz)
    return moment


def article_day(published_at: datetime, *, tz: zoneinfo.ZoneInfo, live_blog: bool = False) -> date:
    day = published_at.astimezone(tz).date()
    return day + timedelta(days=1) if live_blog else day


def step_of(day: date, *, start: date, step_days: int) -> int:
    """Steps are counted from the story's first day: step 0 is start .. start + days - 1."""
    return (day - start).days // max(1, step_days)

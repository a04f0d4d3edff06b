import zoneinfo
from datetime import date

import pytest

from ingest.dating import BadDate, article_day, published_parse, step_of

BELGRADE = zoneinfo.ZoneInfo("Europe/Belgrade")


def day(text, live_blog=False, tz=BELGRADE):
    return article_day(published_parse(text, tz), tz=tz, live_blog=live_blog)


@pytest.mark.parametrize("text, expected", [
    ("2025-03-16T09:30:00+01:00", date(2025, 3, 16)),
    ("2025-03-15T23:30:00Z", date(2025, 3, 16)),  # 00:30 in Belgrade (CET, +01:00)
    ("2025-03-15T22:59:00Z", date(2025, 3, 15)),
    ("2025-03-16", date(2025, 3, 16)),  # a date alone is that day
    ("2025-03-16T23:30:00", date(2025, 3, 16)),  # no offset: the story's local time
    ("2025-03-16T01:00:00-05:00", date(2025, 3, 16)),  # 07:00 in Belgrade
    ("2025-03-16T20:00:00-05:00", date(2025, 3, 17)),  # 02:00 the next day in Belgrade
])
def test_publication_day_in_story_zone(text, expected):
    assert day(text) == expected


def test_dst_boundaries():
    # Summer time starts 30 March 2025 02:00 CET: 22:30Z is 00:30 CEST on 31 March ...
    assert day("2025-03-30T22:30:00Z") == date(2025, 3, 31)
    # ... while the evening before the switch, 22:30Z is still 23:30 CET on 29 March.
    assert day("2025-03-29T22:30:00Z") == date(2025, 3, 29)
    # Winter time from 27 October 2024 03:00 CEST: 22:30Z is 23:30 CET, the same day.
    assert day("2024-10-27T22:30:00Z") == date(2024, 10, 27)
    assert day("2024-10-26T22:30:00Z") == date(2024, 10, 27)  # 00:30 CEST


def test_live_blog_counts_from_the_next_day():
    assert day("2025-03-15T10:00:00+01:00", live_blog=True) == date(2025, 3, 16)
    assert day("2025-03-15T23:30:00Z", live_blog=True) == date(2025, 3, 17)
    assert day("2025-03-31", live_blog=True) == date(2025, 4, 1)


def test_utc_story():
    assert day("2025-03-15T23:30:00-01:00", tz=zoneinfo.ZoneInfo("UTC")) == date(2025, 3, 16)


@pytest.mark.parametrize("text", ["", "yesterday", "2025-13-01", "2025-02-30", None, 20250316, "16.03.2025"])
def test_bad_dates(text):
    with pytest.raises(BadDate):
        published_parse(text, BELGRADE)


def test_steps():
    start = date(2024, 11, 1)
    assert step_of(date(2024, 11, 1), start=start, step_days=2) == 0
    assert step_of(date(2024, 11, 2), start=start, step_days=2) == 0
    assert step_of(date(2024, 11, 3), start=start, step_days=2) == 1
    assert step_of(date(2025, 4, 30), start=start, step_days=2) == 90  # the study's 91 steps

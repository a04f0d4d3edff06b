"""The story page's fast formatting gives exactly what Django's own filters gave."""
from datetime import date, datetime, timedelta, timezone

from django.template.defaultfilters import date as date_filter

from viewer.templatetags.viewer_tags import day, period, sources


def test_day_is_the_date_filter_for_every_day_of_a_year_and_every_format():
    for fmt in ("j M", "j M Y", "j F Y", "l j F Y", "Y-m-d"):
        d = date(2024, 1, 1)
        while d.year == 2024:
            assert day(d, fmt) == date_filter(d, fmt), (d, fmt)
            d += timedelta(days=1)


def test_day_falls_back_to_the_date_filter():
    moment = datetime(2025, 3, 14, 23, 30, tzinfo=timezone.utc)
    assert day(moment, "j M Y") == date_filter(moment, "j M Y")
    assert day(date(2025, 3, 14), "D d/m") == date_filter(date(2025, 3, 14), "D d/m")
    assert day(None, "j M") == "" == date_filter(None, "j M")


def test_sources_escape_every_text_and_link_only_web_urls():
    html = sources([
        {"record": 7, "record_url": "/records/7/?confirm=2", "day": date(2025, 3, 5), "outlet": "<b>N1</b>",
         "url": "javascript:alert(1)", "link": None},
        {"record": 8, "record_url": "/records/8/", "day": date(2025, 3, 6), "outlet": "RTS",
         "url": 'https://rts.rs/"x"', "link": 'https://rts.rs/"x"'},
    ], 3)
    assert "<b>" not in html and "&lt;b&gt;N1&lt;/b&gt;" in html
    assert '<code class="url">javascript:alert(1)</code>' in html and 'href="javascript' not in html
    assert 'href="https://rts.rs/&quot;x&quot;"' in html
    assert '<span class="day">5 Mar</span>' in html and '<li class="more">+ 3 more</li>' in html
    assert sources([], 0) == "\n"


def test_period_shows_its_dates_and_escapes_its_label():
    held = period({"position": "number", "label": "<1,000> people", "from": date(2025, 3, 1), "to": date(2025, 3, 9),
                   "sources": [], "more": 0})
    assert '<span class="badge pos-number">&lt;1,000&gt; people</span>' in held
    assert '<span class="dates">1 Mar 2025 – 9 Mar 2025</span>' in held
    now = period({"position": "affirm", "label": "Affirms", "since": date(2025, 3, 18), "confirmed_on": date(2025, 3, 19),
                  "sources": [], "more": 0})
    assert '<span class="dates">since 18 Mar 2025<span class="confirmed">, confirmed 19 Mar</span></span>' in now

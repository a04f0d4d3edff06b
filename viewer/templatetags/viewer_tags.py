import html
from datetime import date

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.safestring import mark_safe

register = template.Library()

# The viewer speaks English (LANGUAGE_CODE "en-us", no locale middleware): these are the
# names Django's `date` filter gives for "j M Y", "j F Y" and "l j F Y".
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
_MONTHS_3 = tuple(m[:3] for m in _MONTHS)
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_FORMATS = {
    "j M": lambda d: f"{d.day} {_MONTHS_3[d.month - 1]}",
    "j M Y": lambda d: f"{d.day} {_MONTHS_3[d.month - 1]} {d.year}",
    "j F Y": lambda d: f"{d.day} {_MONTHS[d.month - 1]} {d.year}",
    "l j F Y": lambda d: f"{_WEEKDAYS[d.weekday()]} {d.day} {_MONTHS[d.month - 1]} {d.year}",
    "Y-m-d": lambda d: d.isoformat(),
}


@register.filter
def percent(value):
    """A share (0..1) as a whole percentage; "—" when there is nothing to share."""
    if value is None or value == "":
        return "—"
    return f"{float(value) * 100:.0f}%"


@register.filter(expects_localtime=True, is_safe=False)
def day(value, arg="j M Y"):
    """`|date` for the viewer's day cells, without its per-call cost: the story page
    formats thousands of days. Same text as `|date` for a date; anything else (a datetime,
    a format not listed here) goes to `|date` itself."""
    if value is None or value == "":
        return ""
    fmt = _DAY_FORMATS.get(arg)
    if fmt is None or type(value) is not date:
        return date_filter(value, arg)
    return fmt(value)


@register.simple_tag
def sources(items, more=0):
    """A position's sources: outlet (a link only when it may be one), day, record link;
    then how many more there are. The story page lists hundreds of them, so this is plain
    Python rather than an include per source; every text is escaped. The same bytes as the
    include it replaced, down to its closing newline."""
    if not items:
        return "\n"
    def esc(value):  # Django's `escape` without its lazy-string wrapper: the values are plain data
        return html.escape(str(value))

    out = ['<ul class="sources">']
    for s in items:
        outlet = esc(s["outlet"])
        if s["link"]:
            head = f'<a class="src" href="{esc(s["link"])}" rel="noopener noreferrer nofollow" target="_blank">{outlet}</a>'
        elif s["url"]:
            head = (f'<span class="src inert" title="Not a web link: shown as text">{outlet} '
                    f'<code class="url">{esc(s["url"])}</code></span>')
        else:
            head = f'<span class="src inert" title="Not a web link: shown as text">{outlet}</span>'
        record = esc(s["record"])
        out.append(f'<li>{head} <span class="day">{day(s["day"], "j M")}</span> '
                   f'<a class="rec" href="{esc(s["record_url"])}" title="Record {record}">#{record}</a>\n</li>')
    if more:
        out.append(f'<li class="more">+ {esc(more)} more</li>')
    out.append("</ul>\n")
    return mark_safe("".join(out))


@register.simple_tag
def period(p):
    """A position held for a while (the current one, or an earlier one with its end): its
    badge, its dates and its sources. Plain Python for the same reason as `sources`, and
    the same bytes as the include it replaced."""
    esc = html.escape
    if p.get("to"):
        dates = f'{day(p.get("from"), "j M Y")} – {day(p["to"], "j M Y")}'
    else:
        dates = f'since {day(p.get("since"), "j M Y")}'
        if p.get("confirmed_on") != p.get("since"):
            dates += f'<span class="confirmed">, confirmed {day(p.get("confirmed_on"), "j M")}</span>'
    return mark_safe(
        f'<div class="period">\n  <span class="badge pos-{esc(str(p.get("position", "")))}">{esc(str(p.get("label", "")))}</span>\n'
        f'  <span class="dates">{dates}</span>\n  {sources(p.get("sources"), p.get("more"))}\n</div>\n')


@register.inclusion_tag("viewer/_verified.html")
def ledger_verified(story):
    """When the story's ledger was last verified (`verify_ledger`, or the daily task), and
    whether it was found whole: a reader sees how recently the evidence was checked."""
    from ledger.verification import ledger_last_verification

    slug = story["slug"] if isinstance(story, dict) else story.slug  # a page's story, or the model
    return {"verification": ledger_last_verification(slug), "slug": slug}

"""`{% load sources %}{% freshness story %}`: how fresh a story fetched from the web is
("last article fetched 12 minutes ago"), one query; nothing for a story without sources.
`story` is a Story, or a page's story dict (with its slug)."""
from django import template
from django.utils.timesince import timesince

from sources.selectors import story_freshness

register = template.Library()


@register.inclusion_tag("sources/_freshness.html")
def freshness(story):
    slug = story["slug"] if isinstance(story, dict) else story.slug
    fresh = story_freshness(slug)
    if not fresh.has_sources:
        return {"shown": False}
    last = fresh.last_article_fetched
    return {"shown": True, "slug": slug, "last": last, "ago": timesince(last) if last else None,
            "followed": fresh.followed}

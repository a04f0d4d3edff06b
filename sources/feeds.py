"""`GET /stories/{slug}/flips.atom`: the story's confirmed flips as an Atom feed, newest
first, each entry linking to the flip's audit page (Django's syndication framework)."""
from datetime import datetime, time, timezone

from django.contrib.syndication.views import Feed
from django.http import Http404, HttpResponseBadRequest
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed

from ledger.errors import LedgerError, NotFound
from ledger.requests import positions_request
from ledger.selectors import flips, story_get

FEED_SIZE = 200


class BadFeedParameter(Exception):
    pass


class FlipsFeed(Feed):
    feed_type = Atom1Feed

    def __call__(self, request, *args, **kwargs):
        try:
            return super().__call__(request, *args, **kwargs)
        except BadFeedParameter as exc:
            return HttpResponseBadRequest(str(exc), content_type="text/plain; charset=utf-8")

    def get_object(self, request, slug):
        # The ledger's one positions request reads question, actor and confirm, as the API does.
        try:
            story = story_get(slug)
            asked = positions_request(story, {k: request.GET.get(k) for k in ("question", "actor", "confirm")})
        except NotFound as exc:
            raise Http404(exc.message) from None
        except LedgerError as exc:
            raise BadFeedParameter(exc.message) from None
        confirm = asked.confirm
        found = flips(story=story, as_of=asked.as_of, confirm=confirm, questions=asked.questions, actor=asked.actor)
        found.reverse()  # newest first
        return {"story": story, "confirm": confirm, "flips": found[:FEED_SIZE], "query": request.GET.urlencode()}

    def title(self, obj):
        return f"{obj['story'].title}: flips (N = {obj['confirm']})"

    def link(self, obj):
        return reverse("viewer:story", args=[obj["story"].slug])

    def feed_url(self, obj):
        url = reverse("sources:flips_atom", args=[obj["story"].slug])
        return f"{url}?{obj['query']}" if obj["query"] else url

    def subtitle(self, obj):
        return f"Changes of position confirmed by {obj['confirm']} independent source(s), newest first."

    def items(self, obj):
        return [(obj["story"], q, a, c) for q, a, c in obj["flips"]]

    def item_title(self, item):
        _story, question, actor, change = item

        def side(position, value):
            return f"{value:g}" if value is not None else position

        return f"{actor.name}: {side(change.from_position, change.from_value)} → {side(change.to_position, change.to_value)} on “{question.text}”"

    def item_description(self, item):
        _story, question, actor, change = item
        return (f"First reported {change.date}, confirmed {change.confirmed_on}. "
                f"Records before: {', '.join(map(str, change.from_records))}; after: {', '.join(map(str, change.to_records))}.")

    def item_link(self, item):
        story, _q, _a, change = item
        return reverse("viewer:flip", args=[story.slug, change.id])

    def item_guid(self, item):
        story, _q, _a, change = item
        return f"tag:stance-ledger,{story.slug}:flip/{change.id}"

    item_guid_is_permalink = False

    def item_pubdate(self, item):
        return datetime.combine(item[3].confirmed_on, time(), tzinfo=timezone.utc)

    def item_updateddate(self, item):
        return self.item_pubdate(item)

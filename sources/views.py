"""The Sources page of a story (each source's last and next fetch, counts, errors; recent
runs) and the staff page of its webhooks (add one, see its deliveries). Thin: a selector
or a service, then the template or the JSON twin."""
from django.contrib.auth.decorators import login_required, user_passes_test
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from ledger.errors import LedgerError
from ledger.selectors import actor_get, question_get, story_get
from viewer.middleware import never_compressed
from viewer.views import ledger_errors, wants_json

from . import selectors
from .forms import HookForm
from .hooks import hook_create

staff_required = user_passes_test(lambda u: u.is_active and u.is_staff)


def sources_data(story) -> dict:
    rows = selectors.sources_overview(story)
    return {
        "story": {"slug": story.slug, "title": story.title},
        "followed": selectors.story_followed(story),
        "last_article_fetched": selectors.last_article_fetched(story),
        "sources": [{
            "id": r.source.key, "kind": r.source.kind, "location": r.source.location if r.source.kind == "feed"
            else r.source.location.rsplit("/", 1)[-1], "outlet": r.source.outlet or None,
            "every_minutes": r.source.every_minutes, "active": r.source.active,
            "last_fetch": r.last_fetch, "next_fetch": r.next_fetch, "counts": r.counts,
            "errors": [{"url": e.url, "outcome": e.outcome, "status": e.status, "error": e.error,
                        "fetched_at": e.fetched_at} for e in r.errors],
        } for r in rows],
        "runs": [{"id": run.id, "trigger": run.trigger, "status": run.status, "started_at": run.started_at,
                  "finished_at": run.finished_at, "summary": run.summary(), "message": run.message}
                 for run in selectors.runs_recent(story)],
    }


@require_GET
@ledger_errors
def sources_page(request, slug, fmt=None):
    story = story_get(slug)
    data = sources_data(story)
    if wants_json(request, fmt):
        return JsonResponse(data, encoder=DjangoJSONEncoder, json_dumps_params={"ensure_ascii": False})
    return render(request, "sources/sources.html", {"page": data, "story": story})


@never_compressed  # it shows each hook's signing secret
@login_required
@staff_required
@require_http_methods(["GET", "POST"])
@ledger_errors
def hooks_page(request, slug, fmt=None):
    story = story_get(slug)
    form = HookForm(request.POST or None, story=story)
    error = None
    if request.method == "POST" and form.is_valid():
        c = form.cleaned_data
        try:
            hook_create(story=story, url=c["url"], confirm=c["confirm"], user=request.user,
                        question=question_get(story, c["question"]) if c["question"] else None,
                        actor=actor_get(story, c["actor"]) if c["actor"] else None)
        except LedgerError as exc:
            error = exc.message
        else:
            return HttpResponseRedirect(reverse("sources:hooks", args=[slug]))
    hooks = selectors.hooks_with_deliveries(story)
    status = 400 if request.method == "POST" else 200
    return render(request, "sources/hooks.html", {"story": story, "form": form, "hooks": hooks, "error": error},
                  status=status)

"""The viewer's views. Each one checks its input, calls one function of `pages` for its
data, and only at the very end branches on the format: the HTML template, the HTMX partial,
or the JSON twin of the very same dict."""
from functools import wraps

from django.contrib.auth.decorators import login_required, user_passes_test
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import push_url, replace_url

from ledger.api.errors import error_body
from ledger.errors import LedgerError, NotFound
from ledger.permissions import ADD_RECORD, may_append_records, may_retract
from ledger.selectors import default_as_of, question_get, record_get, story_cast, story_get, story_marked
from ledger.services import record_append, retraction_append

from . import charts, links
from .forms import RecordForm, RetractForm, confirm_query, positions_query
from .pages.actors import COMPARE_MAX, actor_data, compare_data
from .pages.evaluation import evaluation_data
from .pages.parts import question_dict, story_dict
from .pages.records import flip_data, record_data
from .pages.runs import run_data, runs_data
from .pages.story import pending_data, story_data, story_list_data


def wants_json(request, fmt) -> bool:
    return fmt == "json" or request.GET.get("format") == "json"


def respond(request, fmt, template: str, data: dict, *, status: int = 200, partial: str | None = None,
            context: dict | None = None):
    """The one place a page picks its format: JSON twin, HTMX partial or full page."""
    if wants_json(request, fmt):
        response = JsonResponse(data, encoder=DjangoJSONEncoder, status=status,
                                json_dumps_params={"ensure_ascii": False})
    else:
        name = template
        if partial and request.htmx and not request.htmx.history_restore_request:
            name = f"{template}#{partial}"
        response = render(request, name, {"page": data, **(context or {})}, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def ledger_errors(view):
    """A bad parameter answers 400 and an unknown story, record or flip 404, in the API's
    one error shape for JSON, and as a page for a reader."""

    @wraps(view)
    def wrapper(request, *args, fmt=None, **kwargs):
        try:
            return view(request, *args, fmt=fmt, **kwargs)
        except LedgerError as exc:
            return respond(request, fmt, "viewer/error.html", error_body(exc.status, exc.message, exc.param),
                           status=exc.status)

    return wrapper


staff_required = user_passes_test(may_retract)


def append_permission_required(view):
    """The API's rule for appending a record (ledger.permissions): a signed-in user
    without it is told so (403), not sent to log in again."""

    @wraps(view)
    def wrapper(request, *args, fmt=None, **kwargs):
        if not may_append_records(request.user):
            body = error_body(403, f"adding a record needs the permission {ADD_RECORD}")
            return respond(request, fmt, "viewer/error.html", body, status=403)
        return view(request, *args, fmt=fmt, **kwargs)

    return wrapper


@require_GET
@ledger_errors
def story_list(request, fmt=None):
    return respond(request, fmt, "viewer/story_list.html", story_list_data())


@require_GET
@ledger_errors
def story_page(request, slug, fmt=None):
    story, mark = story_marked(slug)
    topics = list(story.topics.all())
    query = positions_query(story, request.GET, topics=topics)
    notices = query.pop("notices")
    # Without a topic the page opens on what changed across every topic.
    overview = not request.GET.get("topic")
    data = story_data(story, topics=topics, mark=mark, overview=overview, **query)
    data["notices"] = notices  # a day moved into the story, an N above its sources: as the API says
    response = respond(request, fmt, "viewer/story.html", data, partial="viewer")
    if request.htmx and not wants_json(request, fmt):
        # The canonical permalink, whatever control sent it; the same page again (a control
        # that fired twice) replaces the history entry instead of adding a second one.
        if request.htmx.current_url_abs_path == data["permalink"]:
            replace_url(response, data["permalink"])
        else:
            push_url(response, data["permalink"])
    return response


def _actor_param(story, params, name="actor"):
    key = params.get(name)
    if not key:
        return None
    actor = next((a for a in story_cast(story).actors.values() if a.key == key), None)
    if actor is None:
        raise NotFound(f"unknown actor {key!r}", param=name)  # as the API answers it
    return actor


@require_GET
@ledger_errors
def actor_page(request, slug, actor, fmt=None):
    story, mark = story_marked(slug)
    found = _actor_param(story, {"actor": actor})
    data = actor_data(story, actor=found, mark=mark, **confirm_query(story, request.GET))
    return respond(request, fmt, "viewer/actor.html", data)


@require_GET
@ledger_errors
def compare_page(request, slug, fmt=None):
    """Two or three actors on one question: `?question=KEY&actor=A&actor=B[&actor=C]`."""
    story, mark = story_marked(slug)
    cast = story_cast(story)
    question = question_get(story, request.GET.get("question") or next(iter(cast.questions)))
    keys = list(dict.fromkeys(k for k in request.GET.getlist("actor") if k))
    if len(keys) > COMPARE_MAX:
        raise LedgerError(f"actor: compare at most {COMPARE_MAX} actors, not {len(keys)}", param="actor")
    actors = [_actor_param(story, {"actor": k}) for k in keys]
    data = compare_data(story, question=question, actors=actors, mark=mark, **confirm_query(story, request.GET))
    return respond(request, fmt, "viewer/compare.html", data)


@require_GET
@ledger_errors
def pending_page(request, slug, fmt=None):
    story, mark = story_marked(slug)
    data = pending_data(story, mark=mark, **confirm_query(story, request.GET))
    return respond(request, fmt, "viewer/pending.html", data)


@require_GET
@ledger_errors
def flip_page(request, slug, flip_id, fmt=None):
    story = story_get(slug)
    data = flip_data(story, flip_id=flip_id)
    return respond(request, fmt, "viewer/flip.html", data, context={"retract_form": RetractForm()})


@require_GET
@ledger_errors
def record_page(request, record_id, fmt=None):
    record = record_get(record_id)
    query = confirm_query(record.story, request.GET)
    notices = query.pop("notices")
    data = record_data(record, **query)
    data["notices"] = notices
    return respond(request, fmt, "viewer/record.html", data,
                   context={"retract_form": RetractForm(initial={"confirm": query["confirm"]})})


@require_POST
@login_required
@staff_required
def record_retract(request, record_id):
    """Append a retraction; the record page then shows what the position becomes."""
    try:
        record = record_get(record_id)
    except NotFound as exc:
        return respond(request, None, "viewer/error.html", error_body(404, exc.message), status=404)
    form = RetractForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            retraction_append(record=record, reason=form.cleaned_data["reason"], retracted_by=request.user.username)
        except LedgerError as exc:
            form.add_error(None, exc.message)
            status = exc.status  # a record retracted already: 409, as the API answers
        else:
            return HttpResponseRedirect(links.record_url(record.id, confirm=form.cleaned_data["confirm"]))
    query = confirm_query(record.story, {})
    query.pop("notices")
    data = record_data(record, **query)
    return respond(request, None, "viewer/record.html", data, status=status, context={"retract_form": form})


@require_http_methods(["GET", "POST"])
@login_required
@append_permission_required
@ledger_errors
def record_new(request, slug, fmt=None):
    story = story_get(slug)
    form = RecordForm(request.POST or None, story=story,
                      initial={"reported_on": default_as_of(story)})
    if request.method == "POST" and form.is_valid():
        try:
            record = record_append(story=story, draft=form.draft(username=request.user.username))
        except ValidationError as exc:
            form.add_error(None, exc)
        except LedgerError as exc:
            form.add_error(None, exc.message)
        else:
            return HttpResponseRedirect(links.record_url(record.id))
    data = {"story": story_dict(story)}
    return respond(request, fmt, "viewer/record_new.html", data, context={"form": form},
                   status=400 if form.errors else 200)


@require_GET
@ledger_errors
def chart_page(request, slug, question, fmt=None):
    """A chart's shell, and (JSON twin) the Plotly figure itself."""
    story = story_get(slug)
    q = question_get(story, question)
    query = confirm_query(story, request.GET)
    notices = query.pop("notices")
    if wants_json(request, fmt):
        figure = charts.timeline_figure(story=story, question=q, **query)
        return JsonResponse(figure, encoder=DjangoJSONEncoder)
    data = {"story": story_dict(story), "question": question_dict(q), **query, "notices": notices,
            "chart_url": links.chart_url(story.slug, q.key, **query),
            "story_url": links.story_url(story.slug, topic=q.topic.key, **query)}
    return respond(request, fmt, "viewer/chart.html", data)


@require_GET
@ledger_errors
def runs_page(request, slug, fmt=None):
    story = story_get(slug)
    return respond(request, fmt, "viewer/runs.html", runs_data(story), partial="runs")


@require_GET
@ledger_errors
def run_page(request, slug, run_id, fmt=None):
    story = story_get(slug)
    return respond(request, fmt, "viewer/run.html", run_data(story, run_id), partial="run")


@require_GET
@ledger_errors
def evaluation_page(request, slug, fmt=None):
    story = story_get(slug)
    return respond(request, fmt, "viewer/evaluation.html",
                   evaluation_data(story, confirm=confirm_query(story, request.GET)["confirm"]))


@require_GET
@ledger_errors
def retention_chart(request, slug, fmt=None):
    story = story_get(slug)
    data = evaluation_data(story, confirm=confirm_query(story, request.GET)["confirm"])
    if data["scores"] is None:
        raise NotFound(f"story {slug!r} has no answer key")
    return JsonResponse(charts.retention_figure(story=story, retention=data["retention"]), encoder=DjangoJSONEncoder)

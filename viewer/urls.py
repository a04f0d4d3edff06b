"""The viewer's pages. Every page has a JSON twin: the same path ending in `.json`, or
`?format=json`, answered by the same view from the same data."""
from django.urls import path, register_converter

from . import views


class FlipIdConverter:
    """A flip's id: its confirming record and the rule N, as in "4730-2"."""

    regex = r"[0-9]+-[0-9]+"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(FlipIdConverter, "flip")

app_name = "viewer"


def twin(route: str, view, name: str):
    """The page at `route` + "/" and its JSON twin at `route` + ".json"."""
    return [
        path(f"{route}/" if route else "", view, name=name),
        path(f"{route}.json" if route else "index.json", view, {"fmt": "json"}, name=f"{name}_json"),
    ]


urlpatterns = [
    *twin("", views.story_list, "story_list"),
    *twin("stories/<slug:slug>", views.story_page, "story"),
    *twin("stories/<slug:slug>/pending", views.pending_page, "pending"),
    *twin("stories/<slug:slug>/actors/<slug:actor>", views.actor_page, "actor"),
    *twin("stories/<slug:slug>/compare", views.compare_page, "compare"),
    *twin("stories/<slug:slug>/flips/<flip:flip_id>", views.flip_page, "flip"),
    *twin("stories/<slug:slug>/charts/<slug:question>", views.chart_page, "chart"),
    *twin("stories/<slug:slug>/runs", views.runs_page, "runs"),
    *twin("stories/<slug:slug>/runs/<int:run_id>", views.run_page, "run"),
    *twin("stories/<slug:slug>/evaluation", views.evaluation_page, "evaluation"),
    path("stories/<slug:slug>/evaluation/retention.json", views.retention_chart, name="retention_chart"),
    path("stories/<slug:slug>/records/new/", views.record_new, name="record_new"),
    *twin("records/<int:record_id>", views.record_page, "record"),
    path("records/<int:record_id>/retract/", views.record_retract, name="retract"),
]

"""/api/v1/: the paths of the contract, section 6. Each answers with and without a trailing
slash; the schema lists the contract's spelling only."""
from django.urls import path, re_path
from . import views

app_name = "api"


def both(route: str, view, name: str) -> list:
    """The route as the contract writes it, and its twin with (or without) the slash."""
    twin = route[:-1] if route.endswith("/") else route + "/"
    hidden = type(view.__name__, (view,), {"schema": None, "__doc__": view.__doc__})
    return [path(route, view.as_view(), name=name), path(twin, hidden.as_view())]


urlpatterns = [
    *both("stories/", views.StoryListView, "story-list"),
    *both("stories/<slug:slug>/", views.StoryDetailView, "story-detail"),
    *both("stories/<slug:slug>/positions", views.PositionsView, "positions"),
    *both("stories/<slug:slug>/flips", views.FlipListView, "flip-list"),
    *both("stories/<slug:slug>/flips/<str:flip_id>", views.FlipDetailView, "flip-detail"),
    *both("stories/<slug:slug>/records", views.StoryRecordsView, "record-list"),
    path("stories/<slug:slug>/records.jsonl", views.JSONLinesExportView.as_view(), name="records-jsonl"),
    path("stories/<slug:slug>/records.csv", views.CSVExportView.as_view(), name="records-csv"),
    *both("records/<int:pk>", views.RecordDetailView, "record-detail"),
    *both("records/<int:pk>/retractions", views.RetractionView, "retractions"),
    *both("schema/", views.SchemaView, "schema"),
    path("schema/docs/", views.DocsView.as_view(url_name="api:schema"), name="docs"),
    re_path(r"^", views.NotFoundView.as_view(), name="not-found"),
]

from django.urls import path

from . import views
from .feeds import FlipsFeed

app_name = "sources"

urlpatterns = [
    path("stories/<slug:slug>/flips.atom", FlipsFeed(), name="flips_atom"),
    path("stories/<slug:slug>/sources/", views.sources_page, name="sources"),
    path("stories/<slug:slug>/sources.json", views.sources_page, {"fmt": "json"}, name="sources_json"),
    path("stories/<slug:slug>/hooks/", views.hooks_page, name="hooks"),
]

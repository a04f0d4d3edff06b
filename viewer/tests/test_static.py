"""Static files in production: hashed names (cached for good), gzip and brotli copies, only
the files pages load; pages gzipped."""
import gzip
import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from whitenoise.compress import Compressor

from ledger.tests.factories import canopy_make


def production_storages() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DEBUG"}
    env["SECRET_KEY"] = "a-production-like-key-for-this-test-only-0123456789abcdef"
    code = ("import json, django, os; os.environ['DJANGO_SETTINGS_MODULE']='ledger_site.settings'; "
            "from django.conf import settings; print(json.dumps(settings.STORAGES))")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=settings.BASE_DIR, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_production_static_files_are_hashed_and_compressed():
    storages = production_storages()
    # Hashed names: WhiteNoise serves them with a ten-year "immutable" Cache-Control.
    assert storages["staticfiles"]["BACKEND"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    # brotli is installed (pinned), so collectstatic writes .br next to .gz.
    assert Compressor(quiet=True).use_brotli
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE


def test_only_the_static_files_pages_load_are_collected():
    # plotly.js from the plotly package, and nothing else of its package data (datasets,
    # templates, a widget bundle: 9.6 MB that collectstatic would copy and compress).
    collected = {os.path.join(getattr(storage, "prefix", None) or "", path)
                 for finder in finders.get_finders() for path, storage in finder.list([])}
    plotly = sorted(p for p in collected if p.startswith("plotly/"))
    assert plotly == ["plotly/plotly.min.js"]
    assert finders.find("plotly/plotly.min.js").endswith("plotly.min.js")
    assert {"viewer/viewer.css", "viewer/viewer.js", "viewer/charts.js"} <= collected


@pytest.mark.django_db
def test_pages_are_gzipped_for_a_client_that_accepts_it(client, tmp_path):
    canopy_make(tmp_path)
    plain = client.get("/stories/canopy/")
    packed = client.get("/stories/canopy/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    assert packed["Content-Encoding"] == "gzip" and int(packed["Content-Length"]) < len(plain.content) / 2
    page = gzip.decompress(packed.content).decode()
    assert page.startswith("<!doctype html>") and "Canopy collapse and the protests" in page
    json_twin = client.get("/stories/canopy.json", HTTP_ACCEPT_ENCODING="gzip")
    assert json_twin["Content-Encoding"] == "gzip" and json.loads(gzip.decompress(json_twin.content))["story"]

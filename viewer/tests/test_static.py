"""Static files in production: hashed names (cached for good), gzip and brotli copies."""
import json
import os
import subprocess
import sys

from django.conf import settings
from whitenoise.compress import Compressor


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

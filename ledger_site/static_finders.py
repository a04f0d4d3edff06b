"""Static files taken one by one from installed packages (`STATIC_PACKAGE_FILES`: the name a
page loads -> the file in the package). plotly.js comes inside the plotly package and is
served from there, never from a CDN; a finder of the whole package folder would have
collectstatic copy and compress its 9.6 MB of data (datasets, templates, a widget bundle)
for the one file a page loads."""
import os

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.checks import Error
from django.core.files.storage import FileSystemStorage


class PackageFileFinder(BaseFinder):
    def __init__(self, *args, **kwargs):
        self.files = {name: os.fspath(path) for name, path in getattr(settings, "STATIC_PACKAGE_FILES", {}).items()}
        super().__init__(*args, **kwargs)

    def check(self, **kwargs):
        return [Error(f"STATIC_PACKAGE_FILES: {name!r} -> {path!r}: no such file, or another name",
                      id="ledger_site.E001")
                for name, path in self.files.items()
                if not os.path.isfile(path) or os.path.basename(name) != os.path.basename(path)]

    def find(self, path, find_all=False, **kwargs):
        found = self.files.get(path)
        found = found if found and os.path.isfile(found) else None
        if find_all:
            return [found] if found else []
        return found

    def list(self, ignore_patterns):
        for name, path in self.files.items():
            storage = FileSystemStorage(location=os.path.dirname(path))
            storage.prefix = os.path.dirname(name)
            yield os.path.basename(path), storage

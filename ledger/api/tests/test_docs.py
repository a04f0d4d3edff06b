"""docs/api.md documents every path of the live schema and every setting of the API's limits."""
import json
from pathlib import Path

from ledger.api.tests.test_endpoints import API

DOC = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text()
SETTINGS = ["LEDGER_API_MAX_BODY_BYTES", "LEDGER_API_MAX_URL_CHARS", "LEDGER_API_MAX_JSON_DEPTH",
            "LEDGER_THROTTLE_ANON", "LEDGER_THROTTLE_USER", "LEDGER_TRUSTED_PROXIES"]


def test_every_path_and_setting_has_docs(db, anon):
    paths = json.loads(anon.get(f"{API}/schema/", {"format": "json"}).content)["paths"]
    for path in paths:
        short = path.removeprefix("/api/v1/")
        for method in paths[path]:
            assert f"| {method.upper()} `{short}` |" in DOC, (method, path)
    for name in SETTINGS:
        assert f"`{name}`" in DOC, name

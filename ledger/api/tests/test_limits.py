"""The API's limits answer in the one error shape, and throttling counts each client once,
atomically, by the address the trusted proxy gives (real PostgreSQL; the concurrency test
runs real threads against the live server and a real Redis cache)."""
import io
import json
import threading
import urllib.error
import urllib.request
from collections import Counter

import pytest
from django.conf import settings
from django.test import override_settings
from rest_framework.throttling import SimpleRateThrottle

from ledger.api.parsers import BodyTooLarge, body_read
from ledger.models import Retraction, StanceRecord

from .test_endpoints import API, BODY, S, error_of


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


# --- bodies -------------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [5000, 9])
def test_deeply_nested_json_is_400_and_appends_nothing(ledger, adder, staff, levels):
    records = StanceRecord.objects.count()
    body = json.dumps({**BODY, "outlets": "HOLE"}).replace('"HOLE"', nested(levels))
    message = error_of(adder.post(f"{S}/records", body, content_type="application/json"), 400)
    assert "nests deeper than 8 levels" in message or "not valid JSON" in message
    retraction = '{"reason": %s}' % nested(levels)
    target = ledger.records["deny"].id
    error_of(staff.post(f"{API}/records/{target}/retractions", retraction, content_type="application/json"), 400)
    assert StanceRecord.objects.count() == records and not Retraction.objects.exists()


@pytest.mark.parametrize("text", ['{"reason": NaN}', '{"reason": "\\ud800"}', '{"reason": 1e999}', "[1,"])
def test_json_that_is_not_strict_is_400(ledger, staff, text):
    response = staff.post(f"{API}/records/{ledger.records['deny'].id}/retractions", text,
                          content_type="application/json")
    assert error_of(response, 400).startswith("the body is not valid JSON")


def test_a_body_over_the_limit_is_413_in_the_error_shape(ledger, adder):
    big = json.dumps({**BODY, "quote": "x" * (settings.LEDGER_API_MAX_BODY_BYTES + 1)})
    assert "larger than" in error_of(adder.post(f"{S}/records", big, content_type="application/json"), 413)
    form = "quote=" + "x" * 3_000_000  # past Django's own limit too: it answered an HTML 400
    response = adder.post(f"{S}/records", form, content_type="application/x-www-form-urlencoded")
    assert response["Content-Type"] == "application/json" and error_of(response, 413)
    assert StanceRecord.objects.count() == len(ledger.records)


def test_a_body_read_stops_past_the_limit():
    assert body_read(io.BytesIO(b"12345"), 5) == b"12345"
    with pytest.raises(BodyTooLarge):
        body_read(io.BytesIO(b"123456"), 5)


def test_a_body_that_is_not_json_is_415(ledger, adder):
    response = adder.post(f"{S}/records", "actor=students", content_type="application/x-www-form-urlencoded")
    assert "application/x-www-form-urlencoded" in error_of(response, 415)


# --- URLs and formats ---------------------------------------------------------------------


def test_a_url_over_the_limit_is_414_in_the_error_shape(ledger, anon):
    long = "x" * settings.LEDGER_API_MAX_URL_CHARS
    assert "longer than" in error_of(anon.get(f"{S}/positions", {"question": long}), 414)
    assert anon.get(f"{S}/positions", {"question": "x" * 100}).status_code == 404  # a long key is only unknown


def test_an_unknown_format_is_404_naming_it(ledger, anon):
    for path in (f"{S}/positions", f"{API}/stories/", f"{API}/records/{ledger.records['deny'].id}"):
        message = error_of(anon.get(path, {"format": "xml"}), 404, "format")
        assert message.startswith("unknown format 'xml': use one of json")


def test_errors_django_answers_itself_are_in_the_error_shape(db, anon):
    response = anon.get("/api/")  # outside /api/v1/: Django's own 404 page before
    assert response["Content-Type"] == "application/json" and error_of(response, 404) == "not found"
    response = anon.get(f"{API}/stories/", HTTP_HOST="evil.example")  # DisallowedHost: an HTML 400 before
    assert error_of(response, 400) == "bad request"


# --- throttling ---------------------------------------------------------------------------

LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits-test"}}


@pytest.fixture
def rate(monkeypatch):
    def set_rate(anon: str, user: str = "1000/min"):
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": anon, "user": user})

    return set_rate


@override_settings(CACHES=LOCAL_CACHE, LEDGER_TRUSTED_PROXIES=[])
def test_forwarded_for_from_an_untrusted_client_is_ignored(ledger, anon, rate):
    rate("3/min")
    answers = [anon.get(f"{API}/stories/", HTTP_X_FORWARDED_FOR=f"203.0.113.{i}").status_code for i in range(5)]
    assert answers == [200, 200, 200, 429, 429]


@override_settings(CACHES=LOCAL_CACHE, LEDGER_TRUSTED_PROXIES=["10.0.0.0/8"])
def test_the_trusted_proxy_gives_the_client_address(ledger, anon, rate):
    rate("2/min")

    def via_proxy(forwarded: str) -> int:
        return anon.get(f"{API}/stories/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR=forwarded).status_code

    # The proxy appends the address it was reached from; whatever the client wrote before
    # it is ignored, so a client cannot pick a fresh address for each request.
    assert [via_proxy(f"198.51.100.{i}, 192.0.2.1") for i in range(3)] == [200, 200, 429]
    # Another client behind the same proxy has a count of its own.
    assert via_proxy("192.0.2.2") == 200
    # A chain of trusted proxies: the right-most untrusted address is the client.
    assert [via_proxy("192.0.2.3, 10.1.1.1") for _ in range(3)] == [200, 200, 429]
    response = anon.get(f"{API}/stories/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="192.0.2.3")
    assert error_of(response, 429).startswith("Request was throttled") and 0 < int(response["Retry-After"]) <= 60


@pytest.mark.parametrize("clients", [24])
def test_throttling_is_atomic_under_concurrent_requests(transactional_db, live_server, rate, clients):
    """Many threads at once against the live server, counting in a real Redis: exactly the
    rate passes (DRF's read-modify-write of a timestamp list let 108 through a rate of 90)."""
    rate("90/min")
    redis_cache = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                               "LOCATION": settings.CELERY_BROKER_URL, "KEY_PREFIX": "limits-test"}}
    with override_settings(CACHES=redis_cache):
        from django.core.cache import cache

        cache.clear()
        answers, start = Counter(), threading.Barrier(clients)

        def client():
            start.wait()
            for _ in range(150 // clients + 1):
                try:
                    with urllib.request.urlopen(f"{live_server.url}{API}/stories/", timeout=30) as response:
                        answers[response.status] += 1
                except urllib.error.HTTPError as exc:
                    answers[exc.code] += 1

        threads = [threading.Thread(target=client) for _ in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cache.clear()
    assert answers[200] == 90 and answers[429] == sum(answers.values()) - 90, answers

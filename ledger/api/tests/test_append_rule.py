"""One rule for appending a record, in the API and on the page form alike
(ledger.permissions): the permission ledger.add_stancerecord, whether staff or not; and one
status for each refusal in both."""
from django.test import Client

from ledger.models import StanceRecord

from .conftest import user_make
from .test_endpoints import BODY, S

FORM = "/stories/api-story/records/new/"
FORM_BODY = {"actor": "students", "question": "device-owned", "position": "deny", "reported_on": "2025-03-21",
             "url": "https://rts.example/x", "outlet": "rts", "quote": "No device, they say now."}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_staff_without_the_permission_may_not_append_anywhere(ledger):
    staff = user_make("editor", staff=True)
    client = signed_in(staff)
    before = StanceRecord.objects.count()
    assert client.get(FORM).status_code == 403
    page = client.post(FORM, FORM_BODY)
    assert page.status_code == 403 and "ledger.add_stancerecord" in page.content.decode()
    assert client.post(f"{S}/records", BODY, content_type="application/json").status_code == 403
    assert StanceRecord.objects.count() == before


def test_the_permission_alone_appends_through_the_api_and_the_form(ledger):
    adder = user_make("adder", can_add=True)
    client = signed_in(adder)
    assert client.get(FORM).status_code == 200  # not sent to log in
    page = client.post(FORM, FORM_BODY)
    assert page.status_code == 302, page.content.decode()[:2000]
    api = client.post(f"{S}/records", BODY, content_type="application/json")
    assert api.status_code == 201
    assert list(StanceRecord.objects.filter(extractor="manual/adder").values_list("position", flat=True)) == \
        ["deny", "deny"]


def test_anonymous_readers_are_sent_to_log_in(ledger):
    response = Client().post(FORM, FORM_BODY)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_record_retracted_twice_is_409_in_the_api_and_on_the_page(ledger):
    staff = user_make("editor", staff=True)
    client = signed_in(staff)
    record = ledger.records["deny"]
    assert client.post(f"/records/{record.id}/retract/", {"reason": "misread"}).status_code == 302
    page = client.post(f"/records/{record.id}/retract/", {"reason": "again"})
    assert page.status_code == 409 and f"record {record.id} is already retracted" in page.content.decode()
    api = client.post(f"/api/v1/records/{record.id}/retractions", {"reason": "again"}, content_type="application/json")
    assert api.status_code == 409

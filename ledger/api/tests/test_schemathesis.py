"""A bounded fuzzing run over the live OpenAPI document: every operation gets generated
queries, paths and bodies (half of them pointed at a real story and record), sent as a
staff user who may append; no answer may be a server error, and every answer must be
documented and valid against the schema."""
import random

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .conftest import token_client, user_make

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
MAX_EXAMPLES = 25  # per operation (11 operations): the whole run in about half a minute


@pytest.fixture
def wsgi_app(ledger):
    """The real WSGI application, in the test's transaction: as Django's test client does,
    requests must not close the test's database connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield get_wsgi_application()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def api_schema(wsgi_app):
    return schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", wsgi_app)


@pytest.fixture
def credentials(ledger):
    user = user_make("fuzzer", staff=True, can_add=True)
    client = token_client(user)
    return client._credentials


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, derandomize=True, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(case, ledger, credentials):
    pick = random.Random(repr(case.path_parameters) + repr(case.query))
    if case.path_parameters and pick.random() < 0.5:
        real = {"slug": ledger.story.slug, "id": ledger.records["students"].id, "flip_id": ledger.flip_id}
        case.path_parameters = {k: real.get(k, v) for k, v in case.path_parameters.items()}
    case.call_and_validate(headers={"Authorization": credentials["HTTP_AUTHORIZATION"]}, checks=CHECKS)

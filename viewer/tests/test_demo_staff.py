"""`manage.py demo_staff`: a way in for development, never a default password in production."""
import re
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("demo_staff", *args, stdout=out)
    return out.getvalue()


def test_demo_staff_prints_a_new_password_that_logs_in(settings):
    settings.DEBUG = True
    first = re.search(r"as 'demo' with password (\S+)", run()).group(1)
    user = authenticate(username="demo", password=first)
    assert user is not None and user.is_staff and user.has_perm("ledger.add_stancerecord")
    second = re.search(r"with password (\S+)", run()).group(1)
    assert second != first and len(second) >= 16
    assert authenticate(username="demo", password=first) is None  # the old one no longer works


def test_demo_staff_is_refused_in_production(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="createsuperuser"):
        run("boss")
    from django.contrib.auth.models import User
    assert not User.objects.filter(username="boss").exists()

"""A staff account for trying the viewer in development: `manage.py demo_staff [USERNAME]`.
Each run gives the account a new generated password and prints it once. Staff may retract
records and add records by hand. Refused in production (DEBUG off): there, make accounts with
`manage.py createsuperuser`, which asks for a password and never has a default one."""
import secrets

from django.conf import settings
from django.contrib.auth.models import Permission, User
from django.core.management.base import BaseCommand, CommandError

REFUSED = ("demo_staff is for development only (DEBUG is off): make a staff account with "
           "`manage.py createsuperuser` instead")


class Command(BaseCommand):
    help = "Development only: a staff account with a new generated password, printed once."

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", default="demo")

    def handle(self, *args, username, **options):
        if not settings.DEBUG:
            raise CommandError(REFUSED)
        password = secrets.token_urlsafe(12)
        user, created = User.objects.get_or_create(username=username)
        user.is_staff = True
        user.set_password(password)
        user.save()
        user.user_permissions.add(Permission.objects.get(content_type__app_label="ledger", codename="add_stancerecord"))
        self.stdout.write(f"Staff account {'made' if created else 'given a new password'}: log in at "
                          f"/accounts/login/ as {username!r} with password {password}")

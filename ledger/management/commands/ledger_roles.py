from django.core.management.base import BaseCommand

from ledger.roles import EVIDENCE_TABLES, EXCERPT_STATE, LEDGER_TABLES, app_role_grant


class Command(BaseCommand):
    help = (
        "Create or update the application's database role: it may read and append to the "
        "ledger but not update, delete or truncate it, nor disable its trigger (it owns no "
        "table). Run as the owner of the tables (the role that runs migrate)."
    )

    def add_arguments(self, parser):
        parser.add_argument("role", help="the role the web app and workers connect as")
        parser.add_argument("--password", help="set the role's password (LOGIN)")

    def handle(self, *args, role, password, **options):
        app_role_grant(role, password=password)
        self.stdout.write(f"role {role}: may SELECT and INSERT on {', '.join(LEDGER_TABLES + EVIDENCE_TABLES)}; "
                          f"no UPDATE, DELETE, TRUNCATE (but UPDATE of ledger_excerpt's {', '.join(EXCERPT_STATE)})")

from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from ledger_site import checks  # noqa: F401  (registers the deploy checks)

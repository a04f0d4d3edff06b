"""`manage.py check --deploy` refuses (an Error, so the command exits non-zero) a production
configuration without a real SECRET_KEY: the development key is public, in this repository,
and sessions and password resets signed with it can be forged."""
from django.conf import settings
from django.core.checks import Error, Tags, register

# Django's own judgement of a weak key (security.W009), which only warns.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_UNIQUE_CHARACTERS = 5


@register(Tags.security, deploy=True)
def secret_key_check(app_configs=None, **kwargs):
    key = settings.SECRET_KEY or ""
    weak = (key == settings.DEVELOPMENT_SECRET_KEY or key.startswith("django-insecure")
            or len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS)
    if settings.DEBUG or not weak:
        return []
    return [Error(
        "SECRET_KEY is not set to a real secret: set the SECRET_KEY environment variable to at least "
        f"{SECRET_KEY_MIN_LENGTH} random characters, e.g. python3 -c 'import secrets; "
        "print(secrets.token_urlsafe(50))'",
        id="ledger.E001",
    )]

"""Settings, read from the environment.

DATABASE_URL  postgres://user:pass@host:port/name; unset: an embedded PostgreSQL in .pgdata/
REDIS_URL     the Celery broker and the shared cache (default redis://127.0.0.1:6379/0)
SECRET_KEY    required in production (`check --deploy` refuses the development key)
DEBUG         "1"/"true" for development (default off)
ALLOWED_HOSTS comma-separated (default "127.0.0.1,localhost")
"""
import os
import warnings
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
import plotly

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG")
# Without SECRET_KEY a development key is used; `check --deploy` refuses it with DEBUG off
# (ledger.E001, an error: ledger_site/checks.py).
DEVELOPMENT_SECRET_KEY = "django-insecure-development-key-set-SECRET_KEY-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY") or DEVELOPMENT_SECRET_KEY
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "ledger",
    "ingest",
    "viewer",
    "sources",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "ledger.api.middleware.ApiLimitsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below WhiteNoise, so static files (compressed ahead of time) never pass through it.
    "viewer.middleware.PagesGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "viewer.middleware.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "ledger_site.urls"
WSGI_APPLICATION = "ledger_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
else:
    from .embedded_db import embedded_database

    DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", **embedded_database()}}

# Two test runs at once on one server need their own test database: LEDGER_TEST_DB=name.
if os.environ.get("LEDGER_TEST_DB"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["LEDGER_TEST_DB"]}

# JIT compilation costs a second on a large positions query and saves nothing on the
# index scans the ledger runs. The positions reads run as prepared statements with one plan a
# connection (ledger.selectors.prepared_cursor): their plans do not depend on the values, and
# planning was a third of the main query's time. Only those statements bind on the server;
# every other query keeps Django's client-side binding and is never prepared. (A pooler in
# front of PostgreSQL must keep prepared statements: PgBouncer 1.21 or later.)
DATABASES["default"].setdefault("OPTIONS", {})
DATABASES["default"]["OPTIONS"]["options"] = "-c jit=off -c plan_cache_mode=force_generic_plan"
DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 0

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# plotly.js comes inside the plotly package: served from there, never from a CDN, and only the
# one file a page loads (the package's folder holds 9.6 MB more that collectstatic would copy
# and compress).
STATIC_PACKAGE_FILES = {"plotly/plotly.min.js": Path(plotly.__file__).parent / "package_data" / "plotly.min.js"}
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "ledger_site.static_finders.PackageFileFinder",
]

# In development static files come from the finders; STATIC_ROOT exists after collectstatic.
warnings.filterwarnings("ignore", message="No directory at")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # In production every static file gets a content hash in its name (so WhiteNoise serves it
    # cached for good, "immutable") and gzip and brotli copies: plotly.js is 4.8 MB raw.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage" if DEBUG
                    else "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

if env_flag("LEDGER_REDIS_CACHE", default=not DEBUG):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Positions answers are cached under the ledger's high-water mark (see ledger.selectors); 0 turns
# the cache off.
LEDGER_POSITIONS_CACHE_SECONDS = int(os.environ.get("LEDGER_POSITIONS_CACHE_SECONDS", "600"))
# The rules N for which confirmed periods are kept in a derived table (the story's own N is
# always kept); any other N is answered from the records, a little slower.
LEDGER_PERIOD_CONFIRMS = [int(n) for n in os.environ.get("LEDGER_PERIOD_CONFIRMS", "1,2,3").split(",") if n.strip()]
# An append keeps the periods in step itself while a touched (actor, question) pair has fewer
# records than this to fold again; past it, a worker catches them up (ledger.tasks).
LEDGER_PERIODS_SYNC_ROWS = int(os.environ.get("LEDGER_PERIODS_SYNC_ROWS", "500"))

# Celery: a task may be delivered twice (acks late, a worker lost), so every task is
# idempotent; the visibility timeout stays above the hard time limit, and retry backoff
# stays below both, so Redis never re-delivers a task that is still running.
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_TIME_LIMIT = 300
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Sources on the web (sources/): the polite fetcher, following, webhooks. See docs/sources.md.
SOURCES_CONTACT = os.environ.get("SOURCES_CONTACT", "set SOURCES_CONTACT to an address")
SOURCES = {
    "USER_AGENT": os.environ.get("SOURCES_USER_AGENT") or f"StanceLedger/1.0 (+{SOURCES_CONTACT})",
    "ROBOTS_AGENT": "StanceLedger",  # the name robots.txt rules are matched against
    "HOST_DELAY": float(os.environ.get("SOURCES_HOST_DELAY", "2")),  # seconds between requests to one host
    "TIMEOUT": float(os.environ.get("SOURCES_TIMEOUT", "15")),  # seconds per request (connect, each read)
    "MAX_BYTES": int(os.environ.get("SOURCES_MAX_BYTES", str(5 * 1024 * 1024))),
    "MAX_REDIRECTS": int(os.environ.get("SOURCES_MAX_REDIRECTS", "5")),
    "RETRY_AFTER_MAX": float(os.environ.get("SOURCES_RETRY_AFTER_MAX", "120")),  # longer: the page fails this run
    "PAGES_PER_TASK": int(os.environ.get("SOURCES_PAGES_PER_TASK", "50")),  # one ingest of the pages per task
    "TASK_SECONDS": float(os.environ.get("SOURCES_TASK_SECONDS", "120")),  # then the rest goes to a new task
    "BEAT_SECONDS": float(os.environ.get("SOURCES_BEAT_SECONDS", "60")),  # how often beat looks for due sources
    "HOOK_TIMEOUT": float(os.environ.get("SOURCES_HOOK_TIMEOUT", "10")),
    "HOOK_ATTEMPTS": int(os.environ.get("SOURCES_HOOK_ATTEMPTS", "8")),
    "HOOK_STALE_SECONDS": float(os.environ.get("SOURCES_HOOK_STALE_SECONDS", "120")),  # a send no worker finished
}
# Ingest's watchdog: every INGEST_WATCHDOG_SECONDS, the batches of a running run that no
# worker has touched for INGEST_BATCH_STALE_SECONDS (above the task time limit) are sent
# again, so a run whose worker was killed finishes within minutes (docs/ingest.md).
INGEST_WATCHDOG_SECONDS = float(os.environ.get("INGEST_WATCHDOG_SECONDS", "60"))
INGEST_BATCH_STALE_SECONDS = float(os.environ.get("INGEST_BATCH_STALE_SECONDS", "600"))
CELERY_BEAT_SCHEDULE = {
    "ingest-watchdog": {"task": "ingest.tasks.batches_watchdog_task", "schedule": INGEST_WATCHDOG_SECONDS},
    "sources-due": {"task": "sources.tasks.sources_due_task", "schedule": SOURCES["BEAT_SECONDS"]},
    "flips-watch": {"task": "sources.tasks.flips_watch_task", "schedule": SOURCES["BEAT_SECONDS"]},
    # Every story's ledger verified once a day (hash chain and derived periods), at this UTC hour.
    "ledgers-verify": {"task": "ledger.tasks.ledgers_verify_task",
                       "schedule": crontab(hour=int(os.environ.get("LEDGER_VERIFY_HOUR", "3")), minute=17)},
}

REST_FRAMEWORK = {
    # Token first: an anonymous write is then answered 401 with WWW-Authenticate: Token.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": [
        "ledger.api.renderers.LedgerJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # JSON bodies only, within LEDGER_API_MAX_BODY_BYTES and LEDGER_API_MAX_JSON_DEPTH.
    "DEFAULT_PARSER_CLASSES": ["ledger.api.parsers.LedgerJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "ledger.api.pagination.LedgerPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": [
        "ledger.api.throttles.ClientRateThrottle",
        "ledger.api.throttles.SignedInRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("LEDGER_THROTTLE_ANON", "6000/min"),
        "user": os.environ.get("LEDGER_THROTTLE_USER", "12000/min"),
    },
    "EXCEPTION_HANDLER": "ledger.api.errors.exception_handler",
}

# The API's limits (ledger.api.middleware, ledger.api.parsers): past them a request answers
# 414, 413 or 400 in the error shape. Under gunicorn, keep its --limit-request-line above
# the URL limit, or gunicorn refuses a long URL itself, in its own words.
LEDGER_API_MAX_URL_CHARS = int(os.environ.get("LEDGER_API_MAX_URL_CHARS", "4096"))
LEDGER_API_MAX_BODY_BYTES = int(os.environ.get("LEDGER_API_MAX_BODY_BYTES", str(1024 * 1024)))
LEDGER_API_MAX_JSON_DEPTH = int(os.environ.get("LEDGER_API_MAX_JSON_DEPTH", "8"))
# The proxies whose X-Forwarded-For is believed (addresses or networks, comma-separated, e.g.
# "10.0.0.0/8,127.0.0.1"): throttling counts the client address they report. Empty: no
# proxy is trusted and every client is known by the address it connects from.
LEDGER_TRUSTED_PROXIES = [p.strip() for p in os.environ.get("LEDGER_TRUSTED_PROXIES", "").split(",") if p.strip()]

SPECTACULAR_SETTINGS = {
    "TITLE": "Stance Ledger API",
    "DESCRIPTION": "Who said what, when, in a contested story: an append-only ledger of stance records.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},  # offline: no validator badge
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "ENUM_NAME_OVERRIDES": {"PositionEnum": "ledger.api.serializers.POSITIONS"},
}

# Production hardening; `manage.py check --deploy` passes with DEBUG off.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("LEDGER_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("LEDGER_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# LLM extraction (`ingest --extractor llm`; ingest/llm/). Nothing is sent unless that
# extractor is chosen, and `ingest` prints the estimated cost and asks before sending.
# LLM_PROVIDER   anthropic (default; Message Batches at half price) or openai (any
#                OpenAI-compatible endpoint: OpenAI, vLLM, llama.cpp, Ollama)
# LLM_API_KEY    or ANTHROPIC_API_KEY / OPENAI_API_KEY by provider (a local server needs none)
# LLM_BASE_URL   e.g. http://127.0.0.1:11434/v1 for a local Ollama
# LLM_FILTER_MODEL / LLM_EXTRACT_MODEL   the cheap filter and the stronger record writer
# LLM_BATCH      on/off (Anthropic only; default on)   LLM_CONCURRENCY  direct calls at once (4)
# LLM_GROUP_SIZE excerpts per request, at most (20; fewer when the model's limits say so)
_llm_provider = os.environ.get("LLM_PROVIDER", "anthropic").strip().lower()
LLM = {
    "PROVIDER": _llm_provider,
    "API_KEY": os.environ.get("LLM_API_KEY")
    or os.environ.get("ANTHROPIC_API_KEY" if _llm_provider == "anthropic" else "OPENAI_API_KEY", ""),
    "BASE_URL": os.environ.get("LLM_BASE_URL", ""),
    "FILTER_MODEL": os.environ.get("LLM_FILTER_MODEL", "claude-haiku-5-5"),
    "EXTRACT_MODEL": os.environ.get("LLM_EXTRACT_MODEL", "claude-sonnet-5-5"),
    "BATCH": env_flag("LLM_BATCH", default=True),
    "CONCURRENCY": int(os.environ.get("LLM_CONCURRENCY", "4")),
    "GROUP_SIZE": os.environ.get("LLM_GROUP_SIZE", ""),
    "BATCH_DISCOUNT": 0.5,
}
# USD per million tokens (list prices; a batched token costs BATCH_DISCOUNT of it). A model
# not listed (a local one) is counted as free. Check the provider's price page before a big run.
LLM_PRICES = {
    "claude-haiku-5-5": {"input": 0.10, "output": 0.50, "cache_write": 0.125, "cache_read": 0.01},
    "claude-sonnet-5-5": {"input": 2.00, "output": 10.00, "cache_write": 2.50, "cache_read": 0.10},
}

"""Settings shared by every environment; 12-factor through django-environ."""

from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONCE, NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

SECRET_KEY = env("DJANGO_SECRET_KEY", default="")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "csp",
    "campaigns",
    "companion",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After WhiteNoise, whose static files are compressed ahead (.gz beside each file) and never reach it.
    # Django pads each compressed answer with up to 100 random bytes against BREACH (docs/production.md).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware (Django's rule); our subclass also hands a signed-in
    # player's saved language to the browser (companion/i18n.py).
    "companion.i18n.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF's, so it sees Django's cookie: an unchanged CSRF cookie is not sent again, or a late answer
    # to a request sent before a log-in would undo the log-in's new token (companion/csrf_cookie.py).
    "companion.csrf_cookie.UnchangedCsrfCookieMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "libraries": {
                "content_names": "companion.content_names",
                "confidence": "campaigns.selectors.confidence",
            },
        },
    },
]

# The embedded default is a SQLite file beside the code; production points DATABASE_URL at PostgreSQL.
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}")}
if (
    DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    and DATABASES["default"]["NAME"] != ":memory:"
):
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Several players write at once; wait for the lock instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The pages speak English and Brazilian Portuguese; a first visit follows Accept-Language, the switch in the
# menu keeps the choice in a cookie (and on the player's account when signed in).
LANGUAGES = [("en", "English"), ("pt-br", "Português (Brasil)")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "UTC"
USE_I18N = True
# Django 5 always formats numbers and dates by the active language (USE_L10N is gone).
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on every request without it
MEDIA_URL = "/media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(BASE_DIR / "var" / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

AUTHENTICATION_BACKENDS = [
    # Refuses a locked-out client or account before any password is checked (pages and admin alike).
    "companion.throttling.LoginLockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "/accounts/login/"
# A form posted from a stale page gets the friendly 403 page with a way back, not Django's bare one.
CSRF_FAILURE_VIEW = "companion.views.csrf_failure"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
# Sessions are read from the cache (one Redis call) and written to both the cache and the database, so a
# page read costs no session query and a Redis flush or outage logs no one out (the database still has them).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Redis is optional: when REDIS_URL is set it is the Celery broker, result backend and cache;
# without it, tasks run in-process (eager) and the cache is local memory.
REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "SOCKET_CONNECT_TIMEOUT": 1,
                "SOCKET_TIMEOUT": 1,
                # Throttles and the kept sheets fail open while Redis is down: the pages keep working,
                # each read then built from the database (django-redis logs the error).
                "IGNORE_EXCEPTIONS": True,
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=REDIS_URL or "cache+memory://")
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL and not env("CELERY_BROKER_URL", default="")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=120)
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=90)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
CELERY_RESULT_EXPIRES = 3600
# Periodic tasks, run by `celery -A companion beat` (`make beat`) next to the workers.
CELERY_BEAT_SCHEDULE = {
    "prune-sheet-documents": {
        "task": "campaigns.tasks.prune_sheet_documents",
        "schedule": timedelta(minutes=env.int("SHEET_PRUNE_EVERY_MINUTES", default=60)),
    },
    # A render or an import whose worker died (or whose message was lost) is queued again once it has been
    # waiting a minute, instead of after the broker's visibility timeout (10 minutes).
    "requeue-stuck-work": {
        "task": "campaigns.tasks.requeue_stuck_work",
        "schedule": timedelta(seconds=env.int("STUCK_CHECK_EVERY_SECONDS", default=15)),
    },
}
# Printed sheets kept per campaign: the documents of its latest N revisions (every paper and language);
# older ones and their files are deleted by the periodic task above.
SHEET_DOCUMENTS_KEPT = max(1, env.int("SHEET_DOCUMENTS_KEPT", default=5))

# --- Who the client is, and how often it may ask ---------------------------------------------------
# The number of reverse proxies in front of the app that append to X-Forwarded-For (nginx, a load balancer).
# 0: the header is ignored and the connection's address is the client (anyone can write the header).
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

# Failed log-ins (pages and admin), counted by django-axes per client address and per account name.
# The attempt after the limit is refused until no failure has come for the lock-out time.
AXES_FAILURE_LIMIT = env.int("LOGIN_FAILURE_LIMIT", default=20)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("LOGIN_LOCKOUT_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_CLIENT_IP_CALLABLE = "companion.throttling.client_ip"
AXES_LOCKOUT_CALLABLE = "companion.accounts.locked_out"
# A success must not wipe the failures counted for the address: one real account would reset every guess.
AXES_RESET_ON_SUCCESS = False
AXES_DISABLE_ACCESS_LOG = True  # only failures are kept, not a record of every log-in

# JSON bodies are refused before parsing when larger (413) or nested deeper (400) than this.
API_JSON_MAX_BYTES = env.int("API_JSON_MAX_BYTES", default=5 * 1024 * 1024)
API_JSON_MAX_DEPTH = env.int("API_JSON_MAX_DEPTH", default=32)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": None,
    "EXCEPTION_HANDLER": "companion.api.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "companion.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # DRF's own throttles take the client address from the same trusted proxies as companion.throttling.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_THROTTLE_RATES": {
        "anon_helpers": env("HELPERS_ANON_RATE", default="120/minute"),
        "join": env("JOIN_RATE", default="10/minute"),
        "join_ip": env("JOIN_IP_RATE", default="30/minute"),
        "signup": env("SIGNUP_RATE", default="20/hour"),
        # Password reset e-mails asked for, per client address.
        "password_reset": env("PASSWORD_RESET_RATE", default="10/hour"),
        # Sheet PDFs asked for, per campaign (all its members together), from the API and the page.
        "sheet_pdf": env("SHEET_PDF_RATE", default="30/hour"),
        # Each member's share of it: one player cannot spend the whole campaign's budget.
        "sheet_pdf_member": env("SHEET_PDF_MEMBER_RATE", default="10/hour"),
    },
}

# Content-Security-Policy (django-csp): only this site's own scripts, styles and images. Templates have no
# inline script or style; one that needs it carries nonce="{{ request.csp_nonce }}".
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Inferno Companion API",
    "DESCRIPTION": "Campaign manager and table-side helpers for Arcadia Quest: Inferno and Arcadia Quest.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Docs assets come from the installed sidecar package, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for the finale's kinds, wherever an answer carries them.
    "ENUM_NAME_OVERRIDES": {
        "FinaleKindEnum": "rules_helpers.editions.FINALE_KINDS",
        "ConfidenceKindEnum": "campaigns.selectors.confidence.KINDS",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Join codes and share tokens never reach a log (companion/log_redaction.py; gunicorn.conf.py for
    # gunicorn's access log): the development server's request lines are Django's own, with the filter.
    "filters": {"bearer_codes": {"()": "companion.log_redaction.RedactBearerCodes"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["bearer_codes"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["bearer_codes"],
        },
    },
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
    # WeasyPrint reports every layout step at INFO; only its warnings matter. django-axes says INFO for
    # every start and failed log-in; its warnings are the lock-outs.
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
    },
}

# E-mail, for a forgotten password only. The game-night server prints the message in its terminal (the owner
# reads the link out); production sends it through EMAIL_URL (smtp+tls://user:password@host:587).
vars().update(env.email_url("EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Inferno Companion <noreply@localhost>")
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a day: the link is good for one game night

# Where `make run` listens (companion/settings/local.py); None: behind a proxy or a WSGI server.
SERVED_ON: str | None = None

"""Production: PostgreSQL and Redis from the environment; refuses to start without a secret and hosts."""

from django.core.exceptions import ImproperlyConfigured

from companion.hosting import secret_key_refusal

from .base import *  # noqa: F403
from .base import REDIS_URL, REST_FRAMEWORK, env

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY", default="")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=[])
if refusal := secret_key_refusal(SECRET_KEY):
    raise ImproperlyConfigured(f"DJANGO_SECRET_KEY must be set: {refusal}")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must list the host names this site answers to.")
# Every worker must share one cache: the content version, the kept sheets and the rate limits live there,
# and a cache per process would let a worker serve a sheet of old content or a limit counted per worker.
if not REDIS_URL:
    raise ImproperlyConfigured("REDIS_URL must point at Redis: the broker and the workers' shared cache.")

CSRF_TRUSTED_ORIGINS = env.list(
    "DJANGO_CSRF_TRUSTED_ORIGINS", default=[f"https://{h}" for h in ALLOWED_HOSTS]
)
# Behind a TLS proxy, the proxy says the request came over HTTPS. It must set (overwrite, never append)
# X-Forwarded-Proto on every request; turn this off where gunicorn itself terminates TLS and no proxy
# stands in front, or any client could claim HTTPS.
if env.bool("DJANGO_TRUST_X_FORWARDED_PROTO", default=True):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# `seed_demo` makes accounts with a published password: never on a server the public reaches.
DEMO_ACCOUNTS = False

# JSON only: the browsable API is extra surface that no player needs (the docs are at /api/v1/docs/).
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]}

# A real mail server: EMAIL_URL (e.g. smtp+tls://user:password@mail.example:587), else the box's own MTA.
vars().update(env.email_url("EMAIL_URL", default="smtp://localhost:25"))

"""The embedded default for `make run`: SQLite file, eager tasks, debug on."""

from companion.hosting import lan_host_names

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("DJANGO_SECRET_KEY", default="local-development-only-not-secret")
# The phones around the table open the laptop by its LAN address or host name (`make run` serves on 0.0.0.0).
ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", *lan_host_names()]
)
# A reverse proxy on this machine (Caddy, for HTTPS: wake lock and install need it) posts https:// origins.
CSRF_TRUSTED_ORIGINS = env.list(
    "DJANGO_CSRF_TRUSTED_ORIGINS", default=[f"https://{host}" for host in ALLOWED_HOSTS]
)

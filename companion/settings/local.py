"""The embedded default for `make run`: SQLite file, eager tasks, this installation's own secret key, and
debug pages only for a server that answers this machine alone."""

import sys
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from companion.hosting import (
    bind_address,
    debug_allowed,
    installation_secret,
    lan_host_names,
    secret_key_refusal,
)

from .base import *  # noqa: F403
from .base import BASE_DIR, env

# A debug page shows the traceback, the settings and the server's environment to whoever asked: only when
# asked for (DJANGO_DEBUG=true) and the server answers this machine alone (`make run HOST=127.0.0.1`).
# `make run` serves the LAN (0.0.0.0), so the phones get the friendly 400/403/404/500 pages.
# The address the game-night server listens on (None when not started by runserver): a server bound to
# 127.0.0.1 offers the phones no address, as none can open it.
SERVED_ON = bind_address(sys.argv)
DEBUG = debug_allowed(asked=env.bool("DJANGO_DEBUG", default=False), bind=SERVED_ON)
# The key signs sessions, CSRF tokens and the backups' member attestation: DJANGO_SECRET_KEY when given,
# else this installation's own, made at random on the first start (var/secret_key, owner-only, never in git).
# A short or known key is refused: with it anyone could forge an attestation (security probe G1).
SECRET_KEY_FILE = Path(env("DJANGO_SECRET_KEY_FILE", default=str(BASE_DIR / "var" / "secret_key")))
SECRET_KEY = env("DJANGO_SECRET_KEY", default="") or installation_secret(SECRET_KEY_FILE)
if refusal := secret_key_refusal(SECRET_KEY):
    where = "DJANGO_SECRET_KEY" if env("DJANGO_SECRET_KEY", default="") else f"{SECRET_KEY_FILE} (delete it)"
    raise ImproperlyConfigured(f"{refusal} Check {where}.")
# The phones around the table open the laptop by its LAN address or host name (`make run` serves on 0.0.0.0).
ALLOWED_HOSTS = env.list(
    "DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", *lan_host_names()]
)
# A reverse proxy on this machine (Caddy, for HTTPS: wake lock and install need it) posts https:// origins.
CSRF_TRUSTED_ORIGINS = env.list(
    "DJANGO_CSRF_TRUSTED_ORIGINS", default=[f"https://{host}" for host in ALLOWED_HOSTS]
)
# With debug off runserver serves no static file: WhiteNoise serves them from the app's folders, no
# collectstatic needed.
WHITENOISE_USE_FINDERS = True
# Those files have no compressed copy beside them (that is collectstatic's work, about 15 s, done for
# production): Django's GZip compresses them as it does the pages, so a phone on the café's Wi-Fi loads
# about a third of the bytes. In production WhiteNoise answers first with its own compressed copies.
_GZIP = "django.middleware.gzip.GZipMiddleware"
MIDDLEWARE = [m for m in MIDDLEWARE if m != _GZIP]  # noqa: F405
MIDDLEWARE.insert(MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware"), _GZIP)

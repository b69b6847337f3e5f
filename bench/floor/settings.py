"""The production settings (same middleware, DRF authentication and exception handler), with a URLconf of
one constant JSON view. Started with the same environment as the real app, so it refuses to start on
the same missing secret or hosts."""

from companion.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.floor.urls"

"""The bench's data, made in the bench database under the settings the servers run (production): the demo
campaign (`seed_demo`, once) and N tables, each a copy of it owned by an account of its own with a scenario
being played live, plus the API tokens and the signed-in sessions the clients send.

Run by `bench.endpoints` as `python -m bench.tables OUT --tables N` with the bench's environment; writes OUT
as JSON. Everything is made through the app's services (seed_demo, campaign_import, next_scenario_choose,
live_start), as at a real table; the copies are kept for the next run, the sessions are made anew.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

DEMO_NAME = "Demo: Road to Rock Bottom"  # seed_demo's default name
DEMO_OWNER = "ana"
TABLE_OWNER = "bench-table-{:04d}"
PHONES = 4
TAPPED = "yellow"  # the guild whose coins a table's tap moves


def demo_campaign() -> Any:
    """The demo campaign, seeded when missing. seed_demo refuses production settings (its accounts have a
    published password); the bench database is the bench's own and never reached from outside."""
    from django.core.management import call_command
    from django.test import override_settings

    from campaigns.models import Campaign

    found = Campaign.objects.filter(name=DEMO_NAME, owner__username=DEMO_OWNER).order_by("pk").first()
    if found is None:
        with override_settings(DEMO_ACCOUNTS=True):
            call_command("seed_demo", stdout=io.StringIO())
        found = Campaign.objects.get(name=DEMO_NAME, owner__username=DEMO_OWNER)
    return found


def table_campaigns(demo: Any, count: int) -> list[Any]:
    """`count` copies of the demo, table i owned by `bench-table-i` alone, each with a scenario live."""
    from django.contrib.auth import get_user_model

    from campaigns.models import Campaign
    from campaigns.selectors.transfer import campaign_export
    from campaigns.services.transfer import campaign_import

    owners = [TABLE_OWNER.format(i) for i in range(1, count + 1)]
    kept = {
        c.owner.username: c
        for c in Campaign.objects.filter(owner__username__in=owners).select_related("owner")
    }
    document = None
    began, made = time.monotonic(), 0
    if missing := count - len(kept):
        print(f"making {missing} tables for the game night (once: later runs reuse them)", file=sys.stderr)
    for username in owners:
        if username in kept:
            continue
        document = document or campaign_export(campaign=demo)
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_unusable_password()  # signed in by the sessions below only
            user.save(update_fields=["password"])
        kept[username] = _playing(campaign_import(owner=user, data=document), user)
        made += 1
        if made % 25 == 0:
            print(f"made {made} tables ({time.monotonic() - began:.0f} s)", file=sys.stderr, flush=True)
    if made:
        print(f"made {made} tables in {time.monotonic() - began:.0f} s", file=sys.stderr)
        # Fresh rows have no planner statistics until autovacuum comes by, mid-run: gather them now, so the
        # first run after making the tables measures what later runs do.
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    return [kept[username] for username in owners]


def _playing(campaign: Any, owner: Any) -> Any:
    """The campaign with a scenario started live by its owner: the one chosen next, or (none chosen) the first
    the circles allow, which starting it chooses (the owner may, for the last winner)."""
    from campaigns.access import campaign_access
    from campaigns.selectors.campaigns import allowed_next_scenarios, campaign_for_sheet
    from campaigns.services.live import live_start

    access = campaign_access(user=owner, pk=campaign.pk)
    chosen = access.campaign.next_scenario
    slug = (
        chosen.slug
        if chosen
        else sorted(allowed_next_scenarios(campaign_for_sheet(campaign_id=campaign.pk)))[0]
    )
    live_start(access=access, actor=owner, revision=access.campaign.revision, scenario=slug)
    return campaign


def session_for(user: Any) -> str:
    """A signed-in session, as the login form leaves one (the bench's accounts have no password to type)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def token_for(user: Any) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=user)[0].key


def prepare(count: int) -> dict[str, Any]:
    from django.conf import settings
    from django.contrib.sessions.models import Session

    Session.objects.all().delete()  # the previous run's sessions (the bench database's own)
    demo = demo_campaign()
    tables = table_campaigns(demo, count)
    return {
        "cookies": {"session": settings.SESSION_COOKIE_NAME, "csrf": settings.CSRF_COOKIE_NAME},
        "demo": {"campaign": demo.pk, "token": token_for(demo.owner), "session": session_for(demo.owner)},
        "tables": [
            {
                "campaign": table.pk,
                "token": token_for(table.owner),
                "sessions": [session_for(table.owner) for _ in range(PHONES)],
                "guild": TAPPED,
            }
            for table in tables
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tables", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--tables", type=int, default=1)
    options = parser.parse_args(argv)
    import django

    django.setup()
    options.out.write_text(json.dumps(prepare(max(1, options.tables))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

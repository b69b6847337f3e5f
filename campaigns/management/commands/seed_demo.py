"""A realistic demo campaign: 4 guilds, 3 scenarios played, inventories, curses, a title and an angel."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from campaigns.access import Access, campaign_access
from campaigns.models import Campaign, Membership
from campaigns.services import campaigns as setup
from campaigns.services import inventory, upgrade
from campaigns.services.guilds import angel_take, guild_add, guild_heroes_choose
from campaigns.services.scenarios import next_scenario_choose, scenario_record_result

PLAYERS = {"yellow": "ana", "purple": "ben", "teal": "cleo", "gray": "dev"}
ROSTERS = {
    "yellow": ["diana", "mark", "kisha"],
    "purple": ["cassius", "izzy", "jaimie"],
    "teal": ["natasha", "phyx", "sybbyl"],
    "gray": ["trandir", "jack-jack", "bjor-of-oros"],
}
DEMO_PASSWORD = "arcadia-demo"
REFUSED = (
    "seed_demo creates the accounts ana, ben, cleo and dev with the published password "
    f"{DEMO_PASSWORD!r}: it does not run under production settings (DEMO_ACCOUNTS is off)."
)


class Command(BaseCommand):
    help = "Create the demo campaign (players ana, ben, cleo, dev; password arcadia-demo)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", default="Demo: Road to Rock Bottom")

    def handle(self, *args: object, name: str, **options: object) -> None:
        # Anyone who read the README could log in as the demo players (security probe F7).
        if not getattr(settings, "DEMO_ACCOUNTS", True):
            raise CommandError(REFUSED)
        self._seed(name)

    @transaction.atomic
    def _seed(self, name: str) -> None:
        users = {colour: _user(username) for colour, username in PLAYERS.items()}
        owner = users["yellow"]
        # Idempotent: a second `make demo` points at the demo campaign already there, adds none.
        existing = Campaign.objects.filter(owner=owner, name=name).order_by("pk").first()
        if existing is not None:
            self.stdout.write(f"Demo campaign #{existing.pk} {name!r} is already there; nothing created.")
            self.stdout.write(f"Log in as {', '.join(PLAYERS.values())} with the password {DEMO_PASSWORD!r}.")
            return
        campaign = setup.campaign_create(owner=owner, name=name, edition="inferno")
        for colour, user in users.items():
            if user != owner:
                Membership.objects.create(campaign=campaign, user=user)
            guild = guild_add(
                access=_access(owner, campaign),
                actor=owner,
                revision=_rev(campaign),
                colour=colour,
                player=user.get_username(),
            )
            guild_heroes_choose(
                access=_access(user, campaign),
                actor=user,
                guild=guild,
                revision=guild.revision,
                heroes=ROSTERS[colour],
            )
        _play_three_scenarios(campaign, users)
        self.stdout.write(self.style.SUCCESS(f"Demo campaign #{campaign.pk} {name!r} created."))
        self.stdout.write(f"Log in as {', '.join(PLAYERS.values())} with the password {DEMO_PASSWORD!r}.")


def _user(username: str) -> Any:
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


def _access(user: Any, campaign: Campaign) -> Access:
    return campaign_access(user=user, pk=campaign.pk)


def _rev(campaign: Campaign) -> int:
    return Campaign.objects.values_list("revision", flat=True).get(pk=campaign.pk)


def _line(colour: str, coins: int, heroes: list[tuple[str, int, int]], **extra: Any) -> dict[str, Any]:
    return {
        "guild": colour,
        "coins": coins,
        "heroes": [{"hero": h, "deaths": d, "damnation": dn} for h, d, dn in heroes],
        **extra,
    }


def _play_three_scenarios(campaign: Campaign, users: dict[str, Any]) -> None:
    owner = users["yellow"]
    record = [
        (
            "beyond-the-gates-of-hell",
            [
                _line("yellow", 6, [("diana", 1, 3)], winner=True, title=True),
                _line(
                    "purple", 4, [("izzy", 2, 1)], reward_cards=[{"card": "the-finisher", "hero": "cassius"}]
                ),
                _line("teal", 5, [("natasha", 0, 2)], title=True),
                _line("gray", 3, [("trandir", 1, 0), ("jack-jack", 1, 0)]),
            ],
            "yellow",
            "the-prisoner",
        ),
        (
            "the-prisoner",
            [
                _line("yellow", 5, [("mark", 1, 1)]),
                _line("purple", 7, [("cassius", 0, 4)], winner=True, angel=True),
                _line("teal", 4, [("phyx", 2, 0)], title=True),
                _line("gray", 2, [("bjor-of-oros", 3, 1)]),
            ],
            "purple",
            "lost-in-the-dark",
        ),
        (
            "lost-in-the-dark",
            [
                _line(
                    "yellow",
                    3,
                    [("kisha", 1, 0)],
                    reward_cards=[{"card": "collectors-armor", "hero": "kisha"}],
                ),
                _line("purple", 4, [("jaimie", 0, 0)]),
                _line("teal", 6, [("sybbyl", 1, 2)], winner=True, title=True),
                _line("gray", 6, [("trandir", 0, 5)]),
            ],
            "teal",
            None,
        ),
    ]
    for scenario, results, chooser, next_slug in record:
        scenario_record_result(
            access=_access(owner, campaign),
            actor=owner,
            revision=_rev(campaign),
            scenario=scenario,
            results=results,
        )
        # The demo table plays its upgrade phases on paper: the level decks are not in the app yet.
        upgrade.upgrade_phase_restart(
            access=_access(owner, campaign), actor=owner, revision=_rev(campaign), reopen=False
        )
        if next_slug:
            next_scenario_choose(
                access=_access(users[chooser], campaign),
                actor=users[chooser],
                revision=_rev(campaign),
                scenario=next_slug,
            )
    _curses(campaign, users)


def _curses(campaign: Campaign, users: dict[str, Any]) -> None:
    for colour, hero, code in [
        ("yellow", "diana", "INFD-07"),
        ("gray", "bjor-of-oros", "INFD-03"),
        ("teal", "phyx", "D-02"),
    ]:
        guild = campaign.guilds.get(colour__slug=colour)
        inventory.hero_curse_set(
            access=_access(users[colour], campaign),
            actor=users[colour],
            guild=guild,
            revision=guild.revision,
            hero=hero,
            curse=code,
        )
    purple = campaign.guilds.get(colour__slug="purple")
    angel_take(
        access=_access(users["purple"], campaign),
        actor=users["purple"],
        guild=purple,
        revision=purple.revision,
        angel="angel-eyes",
        swap_for="jaimie",
    )
    inventory.guild_saved_coins_set(
        access=_access(users["gray"], campaign),
        actor=users["gray"],
        guild=campaign.guilds.get(colour__slug="gray"),
        revision=campaign.guilds.get(colour__slug="gray").revision,
        coins=1,
    )

"""A campaign's guilds: setting them up, claiming one, choosing and fielding heroes, taking angels."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.access import Access, heroes_choice_refusal, require_guild_editor, require_owner
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of
from campaigns.models import (
    Campaign,
    Guild,
    GuildColour,
    GuildHero,
    Hero,
    HeroDraftRecord,
    InventoryCard,
    Membership,
    UpgradeCard,
)
from campaigns.selectors.campaigns import guild_hero, live_play
from campaigns.selectors.overrides import edition_cards
from campaigns.services.history import Changes, event_record
from campaigns.services.live_angels import angel_swap, live_angel_swap, swap_live_line
from campaigns.services.revisions import claim_campaign_revision, claim_guild_revision
from rules_helpers.box import MAX_GUILDS
from rules_helpers.inventory import starter_deal
from rules_helpers.roster import check_angel_swap, check_fielding, check_fielding_open


def _colour(campaign: Campaign, slug: str) -> GuildColour:
    colour = GuildColour.objects.filter(edition=campaign.edition, slug=slug).first()
    if colour is None:
        names = ", ".join(GuildColour.objects.filter(edition=campaign.edition).values_list("slug", flat=True))
        refuse(
            "colour",
            _("Unknown guild colour %(slug)s; this edition has %(names)s.")
            % {"slug": repr(slug), "names": names},
        )
    return colour


def _player_for(campaign: Campaign, username: Any) -> Any:
    """The member who plays a guild, named by username; none: the owner holds it (or it waits for a claim)."""
    if not username:
        return None
    user = get_user_model().objects.filter(username=username).first()
    if user is None or not Membership.objects.filter(campaign=campaign, user=user).exists():
        refuse("player", _("That player has not joined this campaign."))
    return user


@transaction.atomic
def guild_add(
    *,
    access: Access,
    actor: Any,
    revision: Any,
    colour: str,
    player: str | None = None,
    player_name: str = "",
) -> Guild:
    """Add a guild before the first scenario; a player may run two, the owner may hold one for a friend.
    `player` is the username of a member who plays it."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.plays.exists():
        refuse("colour", _("Guilds are set up before the first scenario."))
    if HeroDraftRecord.objects.filter(campaign=campaign, done=False).exists():
        # The heroes were dealt among the guilds there are; a new one would never get a hand.
        refuse("colour", _("The heroes are being drafted; abandon the hero draft first, then add the guild."))
    colour_obj = _colour(campaign, colour)
    if campaign.guilds.filter(colour=colour_obj).exists():
        refuse("colour", _("%(guild)s is already taken in this campaign.") % {"guild": colour_obj.name})
    if campaign.guilds.count() >= MAX_GUILDS:
        refuse("colour", _("A campaign has at most %(most)s guilds.") % {"most": MAX_GUILDS})
    changes = Changes()
    guild = changes.create(
        Guild,
        campaign=campaign,
        colour=colour_obj,
        seat=_next_seat(campaign),
        player=_player_for(campaign, player),
        player_name=(player_name or "").strip()[:60],
    )
    event_record(
        campaign=campaign,
        actor=actor,
        kind="guild-added",
        message="guild-joined",
        params={"guild": names_of(colour_obj)},
        changes=changes,
        guild=guild,
    )
    return guild


@transaction.atomic
def guild_remove(*, access: Access, actor: Any, revision: Any, guild: Guild) -> None:
    """The owner takes a guild off the table before the first scenario (a friend who cannot come after all):
    its heroes and starter cards go with it, and Undo in the history brings them all back. Once a scenario
    is played the guild belongs to the Campaign Sheet's record (RB:316-318: the heroes represent their guild
    through the entire campaign); it can only be handed to someone else."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.plays.exists():
        refuse("guild", _("A guild that has played stays on the sheet; hand it to another player instead."))
    if HeroDraftRecord.objects.filter(campaign=campaign, done=False).exists():
        refuse(
            "guild", _("The heroes are being drafted; abandon the hero draft first, then remove the guild.")
        )
    changes = Changes()
    for card in InventoryCard.objects.filter(guild=guild):
        changes.delete(card)
    for curse in guild.curses.all():
        changes.delete(curse)
    for hero in GuildHero.objects.filter(guild=guild):
        changes.delete(hero)
    if campaign.next_starting_areas or campaign.next_first_player:
        # The Starting Areas were drawn for the guilds there were: the table draws them again.
        changes.update(campaign, next_starting_areas={}, next_first_player="")
    colour = guild.colour
    changes.delete(guild)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="guild-removed",
        message="guild-removed",
        params={"guild": names_of(colour)},
        changes=changes,
    )


def _next_seat(campaign: Campaign) -> int:
    seats = set(campaign.guilds.values_list("seat", flat=True))
    # One seat more than the table holds, so a seat is always found (the guild count is checked first).
    return next(n for n in range(1, MAX_GUILDS + 2) if n not in seats)


@transaction.atomic
def guild_claim(*, access: Access, actor: Any, guild: Guild, revision: Any) -> Guild:
    """A member takes an open guild as their own; one the owner holds for a friend is the owner's to give."""
    if not access.is_member:
        refuse("guild", _("Join the campaign before claiming a guild."))
    claim_guild_revision(guild, revision)
    if not access.may_claim(guild):
        if guild.player_id is None:
            refuse(
                "guild",
                _("%(guild)s is held for %(player_name)s; the owner hands it to its player.")
                % {"guild": guild.colour.name, "player_name": guild.player_name},
            )
        refuse("guild", _("%(guild)s already has a player.") % {"guild": guild.colour.name})
    changes = Changes()
    changes.update(guild, player=actor)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="guild-claimed",
        message="guild-claimed",
        params={"user": actor.get_username(), "guild": names_of(guild.colour)},
        changes=changes,
        guild=guild,
    )
    return guild


@transaction.atomic
def guild_assign(
    *, access: Access, actor: Any, guild: Guild, revision: Any, player: Any = None, player_name: Any = ""
) -> Guild:
    """The owner hands a guild to a member, holds it for a named friend, or opens it to be claimed (F12)."""
    require_owner(access)
    claim_guild_revision(guild, revision)
    user = _player_for(access.campaign, player)
    name = "" if user is not None else str(player_name or "").strip()[:60]
    changes = Changes()
    changes.update(guild, player=user, player_name=name)
    if user is not None:
        message, params = "guild-assigned", {"guild": names_of(guild.colour), "user": user.get_username()}
    elif name:
        message, params = "guild-held", {"guild": names_of(guild.colour), "name": name}
    else:
        message, params = "guild-opened", {"guild": names_of(guild.colour)}
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="guild-assigned",
        message=message,
        params=params,
        changes=changes,
        guild=guild,
    )
    return guild


def _starter_deck(campaign: Campaign) -> list[UpgradeCard]:
    cards = edition_cards(campaign.edition).filter(deck=UpgradeCard.Deck.STARTER).order_by("slug")
    return [card for card in cards for _ in range(card.copies or 1)]


def _check_heroes(campaign: Campaign, guild: Guild, slugs: list[str]) -> list[Hero]:
    size = campaign.edition.heroes_per_guild
    if not isinstance(slugs, list) or len(slugs) != size:
        refuse("heroes", _("Choose exactly %(size)s heroes.") % {"size": size})
    if len(set(slugs)) != len(slugs):
        refuse("heroes", _("A guild cannot field the same hero twice."))
    found = {h.slug: h for h in Hero.objects.filter(edition=campaign.edition, is_angel=False, slug__in=slugs)}
    unknown = [s for s in slugs if s not in found]
    if unknown:
        refuse(
            "heroes",
            _("Unknown hero %(unknown)s in %(edition)s.")
            % {"unknown": repr(unknown[0]), "edition": campaign.edition.name},
        )
    taken = GuildHero.objects.filter(campaign=campaign, hero__slug__in=slugs).exclude(guild=guild)
    if taken.exists():
        other = taken.select_related("hero", "guild__colour").first()
        refuse(
            "heroes",
            _("%(hero)s is already in the %(guild)s guild.")
            % {"hero": other.hero.name, "guild": other.guild.colour.name},
        )
    return [found[s] for s in slugs]


@transaction.atomic
def guild_heroes_choose(
    *, access: Access, actor: Any, guild: Guild, revision: Any, heroes: list[str]
) -> Guild:
    """Pick the guild's three heroes before the first scenario; the starter deck is dealt over them. After a
    finished hero draft only a guild that joined late picks, from the heroes no other guild holds."""
    require_guild_editor(access, guild)
    campaign = access.campaign
    claim_guild_revision(guild, revision)
    draft = HeroDraftRecord.objects.filter(campaign=campaign).first()
    refusal = heroes_choice_refusal(
        may_edit=True,
        played=campaign.plays.exists(),
        draft_started=draft is not None,
        draft_done=bool(draft and draft.done),
        has_heroes=GuildHero.objects.filter(guild=guild).exists(),
    )
    if refusal is not None:
        refuse("heroes", refusal)
    # Heroes another guild holds are refused here, so a guild joining after the draft gets only the rest.
    chosen = _check_heroes(campaign, guild, heroes)
    changes = Changes()
    for card in InventoryCard.objects.filter(guild=guild):
        changes.delete(card)
    for old in GuildHero.objects.filter(guild=guild):
        changes.delete(old)
    roster = [
        changes.create(GuildHero, campaign=campaign, guild=guild, hero=hero, position=i)
        for i, hero in enumerate(chosen, start=1)
    ]
    deal_starter_deck(changes, campaign, guild, roster)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="heroes-chosen",
        guild=guild,
        changes=changes,
        message="heroes-chosen",
        params={"guild": names_of(guild.colour), "heroes": [names_of(h) for h in chosen]},
    )
    return guild


def deal_starter_deck(changes: Changes, campaign: Campaign, guild: Guild, roster: list[GuildHero]) -> None:
    for card, hero, slot in starter_deal(_starter_deck(campaign), roster):
        changes.create(InventoryCard, guild=guild, hero=hero, card=card, slot=slot)


@transaction.atomic
def guild_field_heroes(*, access: Access, actor: Any, guild: Guild, revision: Any, heroes: Any) -> Guild:
    """At a scenario's start a guild fields any 3 of its roster (an angel optional), never mid-scenario."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    with rule_of("heroes"):
        check_fielding_open(scenario_live=live_play(access.campaign) is not None)
        if not isinstance(heroes, list):
            raise ValueError(f"Field exactly {access.campaign.edition.heroes_per_guild} different heroes.")
        check_fielding(
            [str(h) for h in heroes],
            roster=set(GuildHero.objects.filter(guild=guild).values_list("hero__slug", flat=True)),
            size=access.campaign.edition.heroes_per_guild,
        )
    fielding = [guild_hero(guild, slug, "heroes") for slug in heroes]
    fielded = {h.pk for h in fielding}
    changes = Changes()
    for hero in GuildHero.objects.filter(guild=guild):
        if hero.fielded != (hero.pk in fielded) or hero.retired:
            changes.update(hero, fielded=hero.pk in fielded, retired=False)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="heroes-fielded",
        guild=guild,
        changes=changes,
        message="heroes-fielded",
        params={"guild": names_of(guild.colour), "heroes": [names_of(h.hero) for h in fielding]},
    )
    return guild


@transaction.atomic
def angel_take(
    *, access: Access, actor: Any, guild: Guild, revision: Any, angel: Any, swap_for: Any = None
) -> GuildHero:
    """Field a rescued angel in place of a fielded hero, who hands it its cards and stays on the roster
    (GF:174-176), or keep the angel in reserve. Mid-scenario, only the angel it just rescued swaps in."""
    require_guild_editor(access, guild)
    live = live_play(access.campaign)
    if live is not None and live.scenario.angel_id and live.scenario.angel.slug == angel:
        # The angel rescued in the scenario being played: the live tracker's swap (GF:174).
        if swap_for is None:
            refuse(
                "swap_for",
                _(
                    "The angel joins the roster when the scenario is recorded; to swap it in now, name the "
                    "hero it replaces."
                ),
            )
        return live_angel_swap(access=access, actor=actor, guild=guild, revision=revision, swap_for=swap_for)
    claim_guild_revision(guild, revision)
    angel_hero = guild_hero(guild, angel, "angel")
    if not angel_hero.hero.is_angel:
        refuse("angel", _("%(hero)s is not an angel.") % {"hero": angel_hero.hero.name})
    if angel_hero.fielded:
        refuse("angel", _("%(hero)s is already fielded.") % {"hero": angel_hero.hero.name})
    with rule_of("angel"):
        check_angel_swap(
            scenario_live=live is not None,
            rescued_in_this_scenario=live is not None and live.scenario.angel_id == angel_hero.hero_id,
        )
    if swap_for is None:
        return angel_hero
    leaving = guild_hero(guild, swap_for, "swap_for")
    if leaving.pk == angel_hero.pk or not leaving.fielded:
        refuse("swap_for", _("Swap the angel for one of the three fielded heroes."))
    changes = Changes()
    angel_swap(changes, angel_hero, leaving)
    if live is not None:
        swap_live_line(changes, live, guild, angel_hero)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="angel-swapped",
        guild=guild,
        changes=changes,
        message="angel-taken",
        params={
            "guild": names_of(guild.colour),
            "angel": names_of(angel_hero.hero),
            "leaving": names_of(leaving.hero),
        },
    )
    return angel_hero

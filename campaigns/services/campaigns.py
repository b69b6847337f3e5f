"""Creating a campaign, sharing it, and setting up its guilds and heroes."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from campaigns.models import (
    Campaign,
    Edition,
    Guild,
    GuildColour,
    GuildHero,
    Hero,
    HeroDraftRecord,
    InventoryCard,
    JoinCode,
    Membership,
    UpgradeCard,
)
from campaigns.selectors import Access
from campaigns.services.common import (
    claim_campaign_revision,
    claim_guild_revision,
    refuse,
    require_guild_editor,
    require_owner,
)
from campaigns.services.history import Changes, event_record

MAX_GUILDS = 4
JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread across the table
JOIN_CODE_ERROR = "This join code is not valid."


@transaction.atomic
def campaign_create(*, owner: Any, name: str, edition: str, mode: str = Campaign.Mode.CAMPAIGN) -> Campaign:
    name = (name or "").strip()
    if not name:
        refuse("name", "Give the campaign a name.")
    edition_obj = Edition.objects.filter(slug=edition).first()
    if edition_obj is None:
        refuse("edition", f"Unknown edition {edition!r}.")
    if mode not in Campaign.Mode.values:
        refuse("mode", "Mode is campaign or episodic.")
    campaign = Campaign.objects.create(name=name, edition=edition_obj, mode=mode, owner=owner)
    Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    event_record(campaign=campaign, actor=owner, kind="campaign-created", summary=f"Campaign {name} created")
    return campaign


@transaction.atomic
def join_code_create(*, access: Access, actor: Any, hours: int = 48, max_uses: int = 3) -> JoinCode:
    require_owner(access)
    if not 1 <= hours <= 24 * 14:
        refuse("hours", "A join code lasts between 1 hour and 14 days.")
    if not 1 <= max_uses <= 10:
        refuse("max_uses", "A join code can be used 1 to 10 times.")
    code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(8))
    return JoinCode.objects.create(
        campaign=access.campaign,
        code=code,
        expires_at=timezone.now() + timedelta(hours=hours),
        max_uses=max_uses,
        created_by=actor,
    )


@transaction.atomic
def campaign_join(*, user: Any, code: str) -> Campaign:
    """Join with a code. Every failure gives the same message, so codes cannot be probed."""
    normalized = (code or "").strip().upper().replace("-", "").replace(" ", "")
    join = JoinCode.objects.select_for_update().filter(code=normalized).select_related("campaign").first()
    if join is None or join.expires_at <= timezone.now() or join.uses >= join.max_uses:
        refuse("code", JOIN_CODE_ERROR)
    campaign = join.campaign
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        return campaign
    JoinCode.objects.filter(pk=join.pk).update(uses=join.uses + 1)
    Membership.objects.create(campaign=campaign, user=user, role=Membership.Role.PLAYER)
    event_record(campaign=campaign, actor=user, kind="player-joined", summary=f"{user.get_username()} joined")
    return campaign


def _colour(campaign: Campaign, slug: str) -> GuildColour:
    colour = GuildColour.objects.filter(edition=campaign.edition, slug=slug).first()
    if colour is None:
        names = ", ".join(GuildColour.objects.filter(edition=campaign.edition).values_list("slug", flat=True))
        refuse("colour", f"Unknown guild colour {slug!r}; this edition has {names}.")
    return colour


def _player_for(campaign: Campaign, player: Any) -> Any:
    if player is None:
        return None
    if not Membership.objects.filter(campaign=campaign, user=player).exists():
        refuse("player", "That player has not joined this campaign.")
    return player


@transaction.atomic
def guild_add(
    *, access: Access, actor: Any, revision: Any, colour: str, player: Any = None, player_name: str = ""
) -> Guild:
    """Add a guild before the first scenario; a player may run two, the owner may hold one for a friend."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.plays.exists():
        refuse("colour", "Guilds are set up before the first scenario.")
    colour_obj = _colour(campaign, colour)
    if campaign.guilds.filter(colour=colour_obj).exists():
        refuse("colour", f"{colour_obj.name} is already taken in this campaign.")
    if campaign.guilds.count() >= MAX_GUILDS:
        refuse("colour", f"A campaign has at most {MAX_GUILDS} guilds.")
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
        summary=f"{colour_obj.name} guild joined the table",
        changes=changes,
        guild=guild,
    )
    return guild


def _next_seat(campaign: Campaign) -> int:
    seats = set(campaign.guilds.values_list("seat", flat=True))
    return next(n for n in range(1, MAX_GUILDS + 2) if n not in seats)


@transaction.atomic
def guild_claim(*, access: Access, actor: Any, guild: Guild, revision: Any) -> Guild:
    """A member takes an unclaimed guild as their own."""
    if not access.is_member:
        refuse("guild", "Join the campaign before claiming a guild.")
    claim_guild_revision(guild, revision)
    if guild.player_id is not None and guild.player_id != actor.pk:
        refuse("guild", f"{guild.colour.name} already has a player.")
    changes = Changes()
    changes.update(guild, player=actor)
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="guild-claimed",
        summary=f"{actor.get_username()} plays {guild.colour.name}",
        changes=changes,
        guild=guild,
    )
    return guild


def _starter_deck(campaign: Campaign) -> list[UpgradeCard]:
    cards = UpgradeCard.objects.filter(edition=campaign.edition, deck=UpgradeCard.Deck.STARTER).order_by(
        "slug"
    )
    return [card for card in cards for _ in range(card.copies or 1)]


def _check_heroes(campaign: Campaign, guild: Guild, slugs: list[str]) -> list[Hero]:
    size = campaign.edition.heroes_per_guild
    if not isinstance(slugs, list) or len(slugs) != size:
        refuse("heroes", f"Choose exactly {size} heroes.")
    if len(set(slugs)) != len(slugs):
        refuse("heroes", "A guild cannot field the same hero twice.")
    found = {h.slug: h for h in Hero.objects.filter(edition=campaign.edition, is_angel=False, slug__in=slugs)}
    unknown = [s for s in slugs if s not in found]
    if unknown:
        refuse("heroes", f"Unknown hero {unknown[0]!r} in {campaign.edition.name}.")
    taken = GuildHero.objects.filter(campaign=campaign, hero__slug__in=slugs).exclude(guild=guild)
    if taken.exists():
        other = taken.select_related("hero", "guild__colour").first()
        refuse("heroes", f"{other.hero.name} is already in the {other.guild.colour.name} guild.")
    return [found[s] for s in slugs]


@transaction.atomic
def guild_heroes_choose(
    *, access: Access, actor: Any, guild: Guild, revision: Any, heroes: list[str]
) -> Guild:
    """Pick the guild's three heroes before the first scenario; the starter deck is dealt over them."""
    require_guild_editor(access, guild)
    campaign = access.campaign
    claim_guild_revision(guild, revision)
    if campaign.plays.exists():
        refuse("heroes", "Heroes are chosen before the first scenario and never changed afterwards.")
    if HeroDraftRecord.objects.filter(campaign=campaign).exists():
        refuse("heroes", "This campaign drafts its heroes; pick from your hand in the hero draft.")
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
        summary=f"{guild.colour.name} chose {', '.join(h.name for h in chosen)}",
    )
    return guild


def deal_starter_deck(changes: Changes, campaign: Campaign, guild: Guild, roster: list[GuildHero]) -> None:
    # One card per hero in turn, so every hero starts with something to attack with.
    for index, card in enumerate(_starter_deck(campaign)):
        hero = roster[index % len(roster)]
        changes.create(InventoryCard, guild=guild, hero=hero, card=card, slot=index // len(roster) + 1)

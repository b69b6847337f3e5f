"""Reads of campaigns. Every campaign lookup goes through `campaign_access`: non-members get 404."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from campaigns.models import (
    Campaign,
    Circle,
    Event,
    Guild,
    GuildHero,
    HeroResult,
    InventoryCard,
    Membership,
    PlayResult,
    Scenario,
    ScenarioPlay,
)
from rules_helpers import achievements as rules_achievements
from rules_helpers import progression

OWNER, PLAYER, SPECTATOR = "owner", "player", "spectator"


@dataclass(frozen=True)
class Access:
    """Who is asking about a campaign, and what they may change."""

    campaign: Campaign
    role: str
    user_id: int | None
    guild_ids: frozenset[int] = field(default_factory=frozenset)

    @property
    def is_owner(self) -> bool:
        return self.role == OWNER

    @property
    def is_member(self) -> bool:
        return self.role in (OWNER, PLAYER)

    def may_edit_guild(self, guild: Guild) -> bool:
        return self.is_owner or guild.pk in self.guild_ids


def campaigns_visible_to(user: Any) -> QuerySet[Campaign]:
    if not getattr(user, "is_authenticated", False):
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).select_related("edition").distinct()


def campaign_access(*, user: Any, pk: int | str, share_token: str | None = None) -> Access:
    """The one membership check: members and share-link holders see the campaign, everyone else 404."""
    try:
        campaign = Campaign.objects.select_related("edition").get(pk=int(pk))
    except (Campaign.DoesNotExist, ValueError, TypeError):
        raise Http404 from None
    if getattr(user, "is_authenticated", False):
        membership = Membership.objects.filter(campaign=campaign, user=user).first()
        if membership is not None:
            guilds = frozenset(campaign.guilds.filter(player=user).values_list("pk", flat=True))
            return Access(campaign, membership.role, user.pk, guilds)
    if share_token and share_token == campaign.share_token:
        return Access(campaign, SPECTATOR, None)
    raise Http404


def campaign_sheet(*, campaign_id: int) -> Campaign:
    """The whole campaign with everything the sheet shows, in a fixed number of queries."""
    heroes = GuildHero.objects.select_related("hero", "curse__curse").prefetch_related(
        Prefetch("cards", queryset=InventoryCard.objects.select_related("card"))
    )
    results = PlayResult.objects.prefetch_related(
        Prefetch("heroes", queryset=HeroResult.objects.select_related("hero__hero"))
    )
    plays = ScenarioPlay.objects.select_related("scenario__circle", "scenario__title", "scenario__angel")
    return (
        Campaign.objects.select_related("edition", "owner", "next_scenario", "savior__colour")
        .prefetch_related(
            Prefetch("guilds", queryset=Guild.objects.select_related("colour", "player")),
            Prefetch("guilds__heroes", queryset=heroes),
            Prefetch(
                "plays",
                queryset=plays.prefetch_related(
                    Prefetch("results", queryset=results), "scenario__title__benefits"
                ),
            ),
            Prefetch(
                "edition__circles",
                queryset=Circle.objects.prefetch_related(
                    Prefetch("scenarios", queryset=Scenario.objects.select_related("angel", "title"))
                ),
            ),
        )
        .get(pk=campaign_id)
    )


def guild_key(guild: Guild) -> str:
    return guild.colour.slug


def play_achievements(play: ScenarioPlay, guilds: dict[int, Guild]) -> dict[str, frozenset[str]]:
    """The sheet's achievements for one recorded scenario, recomputed from its results."""
    results = [
        rules_achievements.GuildResult(
            guild=guild_key(guilds[r.guild_id]),
            winner=r.winner,
            deaths=sum(h.deaths for h in r.heroes.all()),
            coins=r.coins,
            won_reward=r.won_reward,
            won_title=r.won_title,
        )
        for r in play.results.all()
    ]
    if not results:
        return {kind: frozenset() for kind in rules_achievements.ACHIEVEMENTS}
    return rules_achievements.scenario_achievements(results)


def edition_structure(campaign: Campaign) -> tuple[progression.Circle, ...]:
    """The edition's circles as the progression rules read them, from the content pack."""
    return tuple(
        progression.Circle(
            slug=c.slug,
            order=c.order,
            play=c.play,
            scenarios=tuple(s.slug for s in sorted(c.scenarios.all(), key=lambda s: s.book_position)),
            exclusive_group=c.exclusive_group,
        )
        for c in sorted(campaign.edition.circles.all(), key=lambda c: (c.order, c.slug))
    )


def recorded_plays(campaign: Campaign) -> list[ScenarioPlay]:
    """The scenarios written on the sheet, in order (a scenario still being played is not among them)."""
    plays = [p for p in campaign.plays.all() if p.status == ScenarioPlay.Status.RECORDED]
    return sorted(plays, key=lambda p: p.number)


def live_play(campaign: Campaign) -> ScenarioPlay | None:
    return next((p for p in campaign.plays.all() if p.status == ScenarioPlay.Status.IN_PROGRESS), None)


def played_slugs(campaign: Campaign) -> list[str]:
    return [p.scenario.slug for p in recorded_plays(campaign)]


def allowed_next_scenarios(campaign: Campaign) -> frozenset[str]:
    if campaign.mode == Campaign.Mode.EPISODIC:
        return frozenset(s.slug for c in campaign.edition.circles.all() for s in c.scenarios.all())
    structure = edition_structure(campaign)
    return progression.allowed_next(campaign.edition.slug, played_slugs(campaign), structure=structure)


def last_play(campaign: Campaign) -> ScenarioPlay | None:
    plays = recorded_plays(campaign)
    return plays[-1] if plays else None


def last_winner(campaign: Campaign) -> Guild | None:
    play = last_play(campaign)
    if play is None:
        return None
    winner = next((r for r in play.results.all() if r.winner), None)
    return None if winner is None else next(g for g in campaign.guilds.all() if g.pk == winner.guild_id)


def angels_lost_to_underlord(campaign: Campaign) -> list[str]:
    """Angels the Underlord holds as monsters: those of the Second Circle side not taken, and any other
    angel (Justicar) until a guild rescues it. Only editions with alternative circles have them."""
    circles = list(campaign.edition.circles.all())
    if not any(c.exclusive_group for c in circles):
        return []
    played = set(played_slugs(campaign))
    held = {gh.hero.slug for g in campaign.guilds.all() for gh in g.heroes.all() if gh.hero.is_angel}
    lost: set[str] = set()
    for circle in circles:
        angels = {s.angel.slug for s in circle.scenarios.all() if s.angel_id}
        if not circle.exclusive_group or (
            _side_taken(circles, circle.exclusive_group, played) and not _played_in(circle, played)
        ):
            lost |= angels
    return sorted(lost - held)


def _played_in(circle: Any, played: set[str]) -> bool:
    return any(s.slug in played for s in circle.scenarios.all())


def _side_taken(circles: list[Any], group: str, played: set[str]) -> bool:
    return any(_played_in(c, played) for c in circles if c.exclusive_group == group)


def campaign_events(*, campaign: Campaign) -> QuerySet[Event]:
    return Event.objects.filter(campaign=campaign).select_related("actor", "guild__colour", "undone_by")

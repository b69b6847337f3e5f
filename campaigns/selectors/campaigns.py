"""Reads of campaigns. Every campaign lookup first goes through `access.campaign_access` (404 to others)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.access import Access
from campaigns.errors import refuse, rule_of
from campaigns.models import (
    Campaign,
    Circle,
    ContentOverride,
    Event,
    Guild,
    GuildHero,
    HeroDraftRecord,
    HeroResult,
    InventoryCard,
    JoinCode,
    Membership,
    OverrideKind,
    PlayResult,
    Quest,
    Scenario,
    ScenarioPlay,
    UpgradePhase,
)
from campaigns.models.limits import MAX_SCENARIO_NUMBER
from rules_helpers import achievements as rules_achievements
from rules_helpers import episodic as rules_episodic
from rules_helpers import progression, scoring
from rules_helpers.box import LEVEL_BRACKETS
from rules_helpers.monsters import level_bracket


def campaigns_visible_to(user: Any) -> QuerySet[Campaign]:
    if not getattr(user, "is_authenticated", False):
        return Campaign.objects.none()
    return Campaign.objects.filter(memberships__user=user).select_related("edition").distinct()


def campaign_list_rows(user: Any) -> list[dict[str, Any]]:
    """The campaign list's rows for a signed-in user (id, name, edition, mode, revision), in one query."""
    return [
        {"id": c.pk, "name": c.name, "edition": c.edition.slug, "mode": c.mode, "revision": c.revision}
        for c in campaigns_visible_to(user)
    ]


def campaign_for_sheet(*, campaign_id: int) -> Campaign:
    """The whole campaign with everything the sheet shows, in a fixed number of queries."""
    heroes = GuildHero.objects.select_related("hero", "curse__curse").prefetch_related(
        Prefetch("cards", queryset=InventoryCard.objects.select_related("card"))
    )
    # Each result names its guild's colour: the live tracker and the titles held read it per result.
    results = PlayResult.objects.select_related("guild__colour").prefetch_related(
        Prefetch("heroes", queryset=HeroResult.objects.select_related("hero__hero"))
    )
    plays = ScenarioPlay.objects.select_related(
        "scenario__circle", "scenario__title", "scenario__angel", "scenario__edition"
    )
    return (
        Campaign.objects.select_related("edition", "owner", "next_scenario", "savior__colour")
        .prefetch_related(
            Prefetch("guilds", queryset=Guild.objects.select_related("colour", "player")),
            Prefetch("guilds__heroes", queryset=heroes),
            # The campaign's own corrections the sheet shows: card names, heroes' numbers, curse values.
            Prefetch(
                "content_overrides",
                queryset=ContentOverride.objects.filter(
                    kind__in=[OverrideKind.UPGRADE_CARD, OverrideKind.HERO, OverrideKind.DEATH_CURSE]
                ),
            ),
            Prefetch(
                "plays",
                queryset=plays.prefetch_related(
                    # The scenarios' quests: the last one's name the Savior (savior_candidates).
                    Prefetch("results", queryset=results),
                    "scenario__title__benefits",
                    # With their Reward cards: the live tracker's results draft reads them.
                    Prefetch("scenario__quests", queryset=Quest.objects.select_related("reward_card")),
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
            coins=scoring.coins_won(r.coins, r.treasure),
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


def reachable_scenarios(campaign: Campaign) -> frozenset[str]:
    """The scenarios the campaign may still play, now or later (a Title's "helps in" lists only these)."""
    if campaign.mode == Campaign.Mode.EPISODIC:
        return allowed_next_scenarios(campaign)
    structure = edition_structure(campaign)
    return progression.reachable(campaign.edition.slug, played_slugs(campaign), structure=structure)


def recommended_first_scenario(campaign: Campaign) -> str | None:
    """The scenario the rulebook recommends to start with, shown until the first one is on the sheet."""
    if campaign.mode == Campaign.Mode.EPISODIC:
        return None
    recommended = [
        s.slug for c in campaign.edition.circles.all() for s in c.scenarios.all() if s.recommended_first
    ]
    return progression.recommended_first(played_slugs(campaign), recommended)


def next_chooser(campaign: Campaign) -> Guild | None:
    """The guild that chooses the next scenario (the last winner), or None when the table chooses."""
    winner = last_winner(campaign)
    chooser = progression.next_chooser(
        winner.colour.slug if winner else None, campaign_mode=campaign.mode == Campaign.Mode.CAMPAIGN
    )
    return winner if chooser is not None else None


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
    angels = {
        s.slug: s.angel.slug for c in campaign.edition.circles.all() for s in c.scenarios.all() if s.angel_id
    }
    held = {gh.hero.slug for g in campaign.guilds.all() for gh in g.heroes.all() if gh.hero.is_angel}
    return progression.angels_lost_to_underlord(
        edition_structure(campaign), angels=angels, played=set(played_slugs(campaign)), held=held
    )


def campaign_events(*, campaign: Campaign) -> QuerySet[Event]:
    return Event.objects.filter(campaign=campaign).select_related("actor", "guild__colour", "undone_by")


def guild_for(campaign: Campaign, colour: Any) -> Guild:
    """One guild of the campaign by its colour, or a field error naming the colour."""
    guild = campaign.guilds.select_related("colour", "campaign__edition").filter(colour__slug=colour).first()
    if guild is None:
        refuse("guild", _("This campaign has no %(colour)s guild.") % {"colour": repr(colour)})
    return guild


def guilds_by_seat(campaign: Campaign) -> list[Guild]:
    return list(campaign.guilds.select_related("colour", "player").order_by("seat"))


def open_phase_for(campaign: Campaign) -> UpgradePhase | None:
    """The upgrade phase being played, if any (at most one is open)."""
    return campaign.upgrade_phases.filter(status=UpgradePhase.Status.OPEN).select_related("play").first()


def hero_draft_record(campaign: Campaign) -> HeroDraftRecord | None:
    return HeroDraftRecord.objects.filter(campaign=campaign).first()


def roster_started(campaign: Campaign) -> bool:
    """Heroes are chosen or a scenario is on the sheet: too late for a hero draft."""
    return campaign.plays.exists() or GuildHero.objects.filter(campaign=campaign).exists()


def recorded_count(campaign: Campaign) -> int:
    return campaign.plays.filter(status=ScenarioPlay.Status.RECORDED).count()


def monsters_page_number(campaign: Campaign, asked: Any = None) -> int:
    """The scenario position whose Monster level cards the campaign's Monsters page shows: a campaign's next
    scenario (RB:479-482), an episodic game's level (`rules_helpers.episodic.monsters_page_level`: the game
    being played, else ``asked``, a level from the page's query, else the last game's)."""
    scenarios = campaign.edition.scenarios_per_campaign
    if campaign.mode != Campaign.Mode.EPISODIC:
        return min(recorded_count(campaign) + 1, scenarios)
    levels = campaign.plays.order_by("-number").values_list("level", flat=True)
    return rules_episodic.monsters_page_level(
        live=levels.filter(status=ScenarioPlay.Status.IN_PROGRESS).first(),
        asked=int(asked) if isinstance(asked, str) and asked.isdigit() and len(asked) <= 2 else None,
        last=levels.filter(status=ScenarioPlay.Status.RECORDED).first(),
        labels=tuple(campaign.edition.level_labels) or LEVEL_BRACKETS,
        campaign_scenarios=scenarios,
    )


def episodic_level_choices(campaign: Campaign) -> list[dict[str, Any]]:
    """The Monster level cards an episodic game's Monsters page offers, each with the level it links to;
    none in a campaign, whose page follows its scenarios."""
    if campaign.mode != Campaign.Mode.EPISODIC:
        return []
    choices = rules_episodic.level_choices(
        labels=tuple(campaign.edition.level_labels) or LEVEL_BRACKETS,
        campaign_scenarios=campaign.edition.scenarios_per_campaign,
    )
    return [{"number": n, "label": label} for n, label in choices]


def campaign_members(campaign: Campaign) -> list[str]:
    members = Membership.objects.filter(campaign=campaign).select_related("user").order_by("joined_at")
    return [m.user.get_username() for m in members]


def open_join_codes(campaign: Campaign) -> list[JoinCode]:
    """The join codes still usable (the owner's table shows them; they change without an event)."""
    codes = JoinCode.objects.filter(campaign=campaign, expires_at__gt=timezone.now()).order_by("-created_at")
    return [c for c in codes if c.uses < c.max_uses]


def latest_change(campaign: Campaign, guild_colour: str | None = None) -> Event | None:
    """The newest change of the campaign (of one guild, for a guild's write): what a write based on an older
    revision ran into, so the table is told what changed rather than only that something did."""
    events = Event.objects.select_related("actor").filter(campaign=campaign).exclude(changes=[])
    if guild_colour:
        events = events.filter(guild__colour__slug=guild_colour)
    return events.order_by("-seq").first()


def event_at(campaign: Campaign, seq: Any) -> Event | None:
    """One change of the campaign's history by its number, or None."""
    if isinstance(seq, bool) or not isinstance(seq, int):
        return None
    return Event.objects.select_related("actor").filter(campaign=campaign, seq=seq).first()


# Changes that are not part of an upgrade phase or a live scenario: abandoning those never reverts them
# (the winner's choice of the next scenario, who plays which guild, the share link).
KEPT_BY_ABANDON = frozenset(
    {
        "next-chosen",
        "seating-drawn",
        "player-joined",
        "guild-claimed",
        "guild-assigned",
        "share-link-renewed",
        "share-link-revoked",
    }
)
ABANDON_KINDS = ("upgrade-abandoned", "live-abandoned", "hero-draft-abandoned")


def withdrawn_seqs(campaign: Campaign) -> frozenset[int]:
    """The changes an abandon (of an upgrade phase, a live scenario or a hero draft) took back, while it
    stands: the history shows them as undone, and they cannot be undone again."""
    abandons = Event.objects.filter(campaign=campaign, kind__in=ABANDON_KINDS, undone_by__isnull=True)
    return frozenset(
        seq for data in abandons.values_list("data", flat=True) for seq in data.get("reverted", [])
    )


LIVE_KINDS = frozenset({"live-started", "live-tally", "live-quest", "live-angel-swap"})


def live_events(campaign: Campaign) -> list[int]:
    """The changes of the scenario being tracked live (since it started, and their undos): abandoning it
    takes them all back (its rows are deleted)."""
    started = Event.objects.filter(campaign=campaign, kind="live-started").order_by("-seq").first()
    if started is None:
        return []
    events = Event.objects.filter(campaign=campaign, seq__gte=started.seq).select_related("undoes")
    return sorted(e.seq for e in events if (e.undoes.kind if e.undoes_id else e.kind) in LIVE_KINDS)


def is_undone(event: Event) -> bool:
    try:
        return event.undone_by is not None
    except Event.undone_by.RelatedObjectDoesNotExist:
        return False


def guild_hero(guild: Guild, slug: Any, field: str = "hero") -> GuildHero:
    hero = GuildHero.objects.select_related("hero").filter(guild=guild, hero__slug=slug).first()
    if hero is None:
        refuse(field, _("%(guild)s has no hero %(slug)s.") % {"guild": guild.colour.name, "slug": repr(slug)})
    return hero


@dataclass(frozen=True)
class NextPlay:
    """Where the campaign goes next: the scenario, its number, its monster level and who chose it."""

    scenario: Scenario
    number: int
    level: str
    chosen_by: Guild | None


def check_next_scenario(campaign: Campaign, slug: Any, access: Access, level: Any = None) -> NextPlay:
    """The scenario may be played next: allowed by the circles, and the one the last winner chose; with no
    choice recorded, starting or recording a scenario is choosing it, which only the chooser may do
    (`progression.next_chooser`). A scenario started live was chosen when it started: RB:416-417 makes only
    the choice the winner's, so any member records it (N8).

    An episodic game (any scenario, again if the table likes) takes the level the table chose instead of
    the scenario's number (GF:298, `rules_helpers.episodic`)."""
    episodic = campaign.mode == Campaign.Mode.EPISODIC
    with rule_of("level"):
        rules_episodic.check_level_only_when_episodic(level, episodic=episodic)
    scenario = (
        Scenario.objects.select_related("angel", "title").filter(edition=campaign.edition, slug=slug).first()
    )
    if scenario is None:
        refuse(
            "scenario",
            _("Unknown scenario %(slug)s in %(edition)s.")
            % {"slug": repr(slug), "edition": campaign.edition.name},
        )
    sheet = campaign_for_sheet(campaign_id=campaign.pk)
    played = len(recorded_plays(sheet))
    labels = tuple(campaign.edition.level_labels) or LEVEL_BRACKETS
    if episodic:
        return _next_episodic(campaign, sheet, scenario, played, level, labels)
    if played >= campaign.edition.scenarios_per_campaign:
        refuse(
            "scenario",
            _("The campaign has had all its %(played)s scenarios; only the finale is left.")
            % {"played": played},
        )
    allowed = allowed_next_scenarios(sheet)
    if slug not in allowed:
        refuse(
            "scenario",
            _("%(scenario)s cannot be played now; allowed next: %(values)s.")
            % {"scenario": scenario.name, "values": ", ".join(sorted(allowed))},
        )
    if campaign.next_scenario_id and campaign.next_scenario_id != scenario.pk:
        refuse(
            "scenario",
            _("The last winner chose %(scenario)s as the next scenario.")
            % {"scenario": campaign.next_scenario.name},
        )
    chooser = next_chooser(sheet)
    chosen = campaign.next_scenario_id or _started_live(campaign, scenario)
    if not chosen and not access.may_choose_next(chooser):
        refuse("scenario", next_choice_refusal(chooser))
    number = played + 1
    return NextPlay(scenario, number, level_bracket(number, labels=labels), last_winner(sheet))


def _started_live(campaign: Campaign, scenario: Scenario) -> bool:
    """The scenario is the one being tracked live: its chooser (or the owner) chose it by starting it."""
    return campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS, scenario=scenario).exists()


def _next_episodic(
    campaign: Campaign, sheet: Campaign, scenario: Scenario, played: int, level: Any, labels: tuple[str, ...]
) -> NextPlay:
    if played >= MAX_SCENARIO_NUMBER:
        refuse(
            "scenario",
            _("This record holds %(most)s episodic games; start a new one.") % {"most": MAX_SCENARIO_NUMBER},
        )
    live = campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS, scenario=scenario).first()
    if level is None and live is not None:
        # Recording the game tracked live: it keeps the level chosen when it started.
        return NextPlay(scenario, played + 1, live.level, last_winner(sheet))
    with rule_of("level"):
        label = rules_episodic.episodic_level(
            level, labels=labels, campaign_scenarios=campaign.edition.scenarios_per_campaign
        )
    return NextPlay(scenario, played + 1, label, last_winner(sheet))


def next_choice_refusal(chooser: Guild | None) -> str:
    if chooser is None:
        return _("The table chooses the first scenario together; the owner records it.")
    return _("%(guild)s, the last scenario's winner, chooses the next scenario.") % {
        "guild": chooser.colour.name
    }


def check_no_open_phase(campaign: Campaign) -> None:
    if open_phase_for(campaign) is not None:
        refuse("scenario", _("Finish the upgrade phase first (or the owner abandons it)."))

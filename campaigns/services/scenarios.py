"""Recording a scenario on the sheet, choosing where the campaign goes next, and the finale."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns.access import Access, require_member, require_owner
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of
from campaigns.models import (
    Campaign,
    CampaignBackup,
    Guild,
    GuildHero,
    HeroResult,
    PlayResult,
    Scenario,
    ScenarioPlay,
    UpgradeCard,
)
from campaigns.models.limits import MAX_COINS, MAX_TOKENS
from campaigns.selectors.campaigns import (
    allowed_next_scenarios,
    campaign_for_sheet,
    check_next_scenario,
    check_no_open_phase,
    guild_hero,
    next_choice_refusal,
    next_chooser,
    recorded_plays,
)
from campaigns.selectors.live import live_quests, one_guild_quests, scenario_pve_quests
from campaigns.selectors.sheet import savior_candidates
from campaigns.services import upgrade
from campaigns.services.backups import campaign_backup_after_commit
from campaigns.services.history import Changes, event_record
from campaigns.services.inventory import place_card
from campaigns.services.revisions import claim_campaign_revision
from rules_helpers import achievements as rules_achievements
from rules_helpers import editions, scoring
from rules_helpers import episodic as rules_episodic
from rules_helpers.box import MIN_GUILDS
from rules_helpers.counts import is_whole_number
from rules_helpers.upgrades import upgrade_phase_follows


def _count(value: Any, field: str, cap: int) -> int:
    if not is_whole_number(value) or value > cap:
        refuse(
            field,
            _("%(field)s must be a whole number from 0 to %(cap)s.")
            % {"field": field.replace("_", " ").capitalize(), "cap": cap},
        )
    return value


def _check_guild_lines(campaign: Campaign, lines: Any) -> list[tuple[Guild, dict[str, Any]]]:
    guilds = {g.colour.slug: g for g in campaign.guilds.select_related("colour")}
    if len(guilds) < MIN_GUILDS:
        refuse(
            "results",
            _("Set up at least %(least)s guilds before recording a scenario.") % {"least": MIN_GUILDS},
        )
    if not isinstance(lines, list) or not all(isinstance(line, dict) for line in lines):
        refuse("results", _("Give one result per guild."))
    colours = [line.get("guild") for line in lines]
    if sorted(map(str, colours)) != sorted(guilds):
        refuse(
            "results",
            _("Give exactly one result for each guild: %(values)s.") % {"values": ", ".join(sorted(guilds))},
        )
    fielding = campaign.edition.heroes_per_guild
    for guild in guilds.values():
        if GuildHero.objects.filter(guild=guild, fielded=True, retired=False).count() != fielding:
            refuse(
                "results",
                _("%(guild)s has not fielded its %(fielding)s heroes yet.")
                % {"guild": guild.colour.name, "fielding": fielding},
            )
    return [(guilds[line["guild"]], line) for line in lines]


def _check_rules(scenario: Scenario, pairs: list[tuple[Guild, dict[str, Any]]]) -> None:
    title = getattr(scenario, "title", None)
    lines = [
        scoring.ResultLine(
            guild.colour.slug,
            winner=line.get("winner") is True,
            title=bool(line.get("title")),
            angel=bool(line.get("angel")),
        )
        for guild, line in pairs
    ]
    with rule_of("results"):
        scoring.check_scenario_results(
            lines,
            scenario=scenario.name,
            title=title.name if title is not None else None,
            title_awarded_to=title.awarded_to if title is not None else scoring.TITLE_TO_ALL,
            angel=scenario.angel.name if scenario.angel_id else None,
        )
    _check_one_guild_quests(scenario, pairs)


def _check_one_guild_quests(scenario: Scenario, pairs: list[tuple[Guild, dict[str, Any]]]) -> None:
    """The quests the lines name: an Angel's rescue or a single Villain's kill by one guild only (N5)."""
    completed: dict[str, list[str]] = {}
    for guild, line in pairs:
        quests = line.get("quests")
        for quest in quests if isinstance(quests, list) else []:
            if isinstance(quest, str):
                completed.setdefault(quest, []).append(guild.colour.slug)
    with rule_of("results"):
        scoring.check_one_guild_quests(
            completed,
            one_guild=one_guild_quests(scenario),
            names={q.slug: q.name for q in scenario.quests.all()},
        )


def _reward_cards(scenario: Scenario, pairs: list[tuple[Guild, dict[str, Any]]]) -> dict[str, UpgradeCard]:
    quests = list(scenario.quests.select_related("reward_card").exclude(reward_card=None))
    cards = {q.reward_card.slug: q.reward_card for q in quests}
    # Base: a Reward card the sources do not name (M4), in as many copies as the table says.
    unlisted = {slug: None for slug in editions.unlisted_reward_cards(scenario.edition.slug)}
    won = [
        entry.get("card")
        for _, line in pairs
        for entry in line.get("reward_cards") or []
        if isinstance(entry, dict)
    ]
    with rule_of("results"):
        scoring.check_reward_copies(
            won,
            copies={**{slug: card.copies for slug, card in cards.items()}, **unlisted},
            scenario=scenario.name,
            names={slug: card.name for slug, card in cards.items()},
        )
    return cards


def _with_live_quests(line: dict[str, Any], ticked: list[str]) -> dict[str, Any]:
    """A line that names no quests takes those its guild completed in the live tracker (the results form has
    no quest fields), so the quest chart, the PDF and the Savior check read them; named ones are kept."""
    if line.get("quests") is not None:
        return line
    return {**line, "quests": ticked}


def _check_quests(scenario: Scenario, guild: Guild, guilds: list[Guild], quests: Any) -> list[str]:
    with rule_of("results"):
        return scoring.check_quests(
            quests,
            guild=guild.colour.slug,
            pve=set(scenario_pve_quests(scenario)),
            guilds=[g.colour.slug for g in guilds],
            scenario=scenario.name,
            guild_name=guild.colour.name,
        )


def _hero_lines(guild: Guild, lines: Any, played: set[int]) -> dict[int, tuple[int, int]]:
    if lines is None:
        lines = []
    if not isinstance(lines, list):
        refuse("results", _("Heroes are a list of {hero, deaths, damnation}."))
    counts: dict[int, tuple[int, int]] = {}
    for line in lines:
        hero = guild_hero(guild, line.get("hero") if isinstance(line, dict) else None, "results")
        if hero.pk in counts:
            refuse("results", _("%(hero)s is listed twice.") % {"hero": hero.hero.name})
        if not hero.fielded and hero.pk not in played:
            refuse("results", _("%(hero)s did not play this scenario.") % {"hero": hero.hero.name})
        counts[hero.pk] = (
            _count(line.get("deaths", 0), "deaths", MAX_TOKENS),
            _count(line.get("damnation", 0), "damnation", MAX_TOKENS),
        )
        with rule_of("results"):
            editions.check_damnation(guild.campaign.edition.slug, counts[hero.pk][1])
    return counts


def _record_line(
    changes: Changes,
    play: ScenarioPlay,
    scenario: Scenario,
    guild: Guild,
    line: dict[str, Any],
    guilds: list[Guild],
    cards: dict[str, UpgradeCard],
    played: set[int],
) -> PlayResult:
    heroes = _hero_lines(guild, line.get("heroes"), played)
    rewards = [e for e in line.get("reward_cards") or [] if isinstance(e, dict)]
    result = changes.create(
        PlayResult,
        play=play,
        guild=guild,
        winner=line.get("winner") is True,
        coins=_count(line.get("coins", 0), "coins", MAX_COINS),
        treasure=_count(line.get("treasure", 0), "treasure", MAX_COINS),
        won_title=bool(line.get("title")),
        won_angel=bool(line.get("angel")),
        reward_cards=sorted(e["card"] for e in rewards),
        quests=_check_quests(scenario, guild, guilds, line.get("quests")),
    )
    if scoring.coins_won(result.coins, result.treasure) > MAX_COINS:
        refuse("results", _("Coins and treasure together are at most %(most)s.") % {"most": MAX_COINS})
    for hero in GuildHero.objects.filter(guild=guild).filter(Q(fielded=True) | Q(pk__in=played)):
        deaths, damnation = heroes.get(hero.pk, (0, 0))
        changes.create(HeroResult, result=result, hero=hero, deaths=deaths, damnation=damnation)
    if not rules_episodic.carries_consequences(episodic=guild.campaign.mode == Campaign.Mode.EPISODIC):
        return result  # GF:298: an episodic game's Reward cards and Angel stay in that game.
    for entry in rewards:
        if editions.is_unlisted_reward(entry["card"]):
            guild_hero(guild, entry.get("hero"), "results")  # at the table, with one of the guild's heroes
            continue
        place_card(
            changes,
            guild,
            guild_hero(guild, entry.get("hero"), "results"),
            cards[entry["card"]],
            entry.get("slot"),
            reward=True,
        )
    if result.won_angel:
        _angel_joins(changes, guild, scenario)
    return result


def _check_swapped_angel(campaign: Campaign, scenario: Scenario, pairs: list[tuple[Guild, Any]]) -> None:
    """An angel swapped in while the scenario was tracked live is on its rescuer's roster already
    (``services.live_angels``): the results must give that guild the rescue (GF:174)."""
    holder = GuildHero.objects.filter(campaign=campaign, hero_id=scenario.angel_id).first()
    for guild, line in pairs:
        if holder is not None and guild.pk == holder.guild_id and not line.get("angel"):
            refuse(
                "results",
                _("%(guild)s swapped %(angel)s in during this scenario: its results must say it rescued it.")
                % {"guild": guild.colour.name, "angel": scenario.angel.name},
            )


def _angel_joins(changes: Changes, guild: Guild, scenario: Scenario) -> None:
    if GuildHero.objects.filter(guild=guild, hero=scenario.angel).exists():
        return  # swapped in while the scenario was tracked live (services.live_angels)
    position = GuildHero.objects.filter(guild=guild).count() + 1
    changes.create(
        GuildHero, campaign=guild.campaign, guild=guild, hero=scenario.angel, position=position, fielded=False
    )


def clear_live_play(changes: Changes, campaign: Campaign, scenario: Scenario | None) -> ScenarioPlay | None:
    """Remove the scenario being tracked live (its results are being written for good, or abandoned)."""
    live = campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).first()
    if live is None:
        return None
    if scenario is not None and live.scenario_id != scenario.pk:
        refuse(
            "scenario",
            _("%(scenario)s is being played; record or abandon it first.") % {"scenario": live.scenario.name},
        )
    for result in live.results.all():
        for hero in result.heroes.all():
            changes.delete(hero)
        changes.delete(result)
    changes.delete(live)
    return live


@transaction.atomic
def scenario_record_result(
    *,
    access: Access,
    actor: Any,
    revision: Any,
    scenario: Any,
    results: Any,
    seed: int | None = None,
    level: Any = None,
) -> ScenarioPlay:
    """Write a played scenario on the sheet: results per guild, reward cards and angels to the guilds."""
    require_member(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    check_no_open_phase(campaign)
    upcoming = check_next_scenario(campaign, scenario, access, level)
    scenario_obj, number = upcoming.scenario, upcoming.number
    pairs = _check_guild_lines(campaign, results)
    _check_rules(scenario_obj, pairs)
    _check_swapped_angel(campaign, scenario_obj, pairs)
    cards = _reward_cards(scenario_obj, pairs)
    changes = Changes()
    # A hero swapped out for an angel mid-scenario played part of it (rules_helpers.roster.check_angel_swap).
    live_lines = HeroResult.objects.filter(
        result__play__campaign=campaign, result__play__status=ScenarioPlay.Status.IN_PROGRESS
    )
    played = set(live_lines.values_list("hero", flat=True))
    ticked = live_quests(campaign)
    clear_live_play(changes, campaign, scenario_obj)
    play = changes.create(
        ScenarioPlay,
        campaign=campaign,
        number=number,
        scenario=scenario_obj,
        level=upcoming.level,
        chosen_by=upcoming.chosen_by,
        starting_areas=campaign.next_starting_areas,
        first_player=campaign.next_first_player,
    )
    guilds = [g for g, _ in pairs]
    for guild, line in pairs:
        line = _with_live_quests(line, ticked.get(guild.colour.slug, []))
        _record_line(changes, play, scenario_obj, guild, line, guilds, cards, played)
    if campaign.next_scenario_id or campaign.next_starting_areas:
        changes.update(campaign, next_scenario=None, next_starting_areas={}, next_first_player="")
    winner = next(g for g, line in pairs if line.get("winner") is True)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="scenario-recorded",
        changes=changes,
        data={"number": number},
        message="scenario-recorded",
        params={"number": number, "scenario": names_of(scenario_obj), "guild": names_of(winner.colour)},
    )
    if upgrade_phase_follows(
        play.number,
        campaign_mode=campaign.mode == Campaign.Mode.CAMPAIGN,
        scenarios=campaign.edition.scenarios_per_campaign,
    ):
        upgrade.upgrade_phase_open(campaign=campaign, actor=actor, play=play, seed=seed)
    campaign_backup_after_commit(campaign=campaign, reason=CampaignBackup.Reason.SCENARIO)
    return play


@transaction.atomic
def next_scenario_choose(*, access: Access, actor: Any, revision: Any, scenario: Any) -> Campaign:
    """The last scenario's winner (or the owner for them) picks where the campaign goes next."""
    require_member(access)
    campaign = access.campaign
    sheet = campaign_for_sheet(campaign_id=campaign.pk)
    winner = next_chooser(sheet)
    if not access.may_choose_next(winner):
        refuse("scenario", next_choice_refusal(winner))
    claim_campaign_revision(campaign, revision)
    allowed = allowed_next_scenarios(sheet)
    chosen = Scenario.objects.filter(edition=campaign.edition, slug=scenario).first()
    if chosen is None or chosen.slug not in allowed:
        refuse(
            "scenario",
            _("Choose one of: %(scenarios)s.")
            % {"scenarios": ", ".join(sorted(allowed)) or _("nothing (the campaign is over)")},
        )
    changes = Changes()
    changes.update(campaign, next_scenario=chosen)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="next-chosen",
        changes=changes,
        guild=winner,
        message="next-chosen" if winner else "next-chosen-table",
        params={"scenario": names_of(chosen), **({"guild": names_of(winner.colour)} if winner else {})},
    )
    return campaign


@transaction.atomic
def campaign_finale_record(*, access: Access, actor: Any, revision: Any, savior: Any) -> Campaign:
    """Close the campaign after its last scenario: who dealt the Underlord's killing blow."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.finished_at is not None:
        refuse("savior", _("The finale has already been recorded."))
    if campaign.mode == Campaign.Mode.EPISODIC:
        refuse("savior", _("Episodic games have no finale: each is a single scenario (GF:298)."))
    if (
        campaign.plays.filter(status=ScenarioPlay.Status.RECORDED).count()
        < campaign.edition.scenarios_per_campaign
    ):
        refuse("savior", _("The finale comes after the campaign's last scenario."))
    savior_guild = None
    if savior is not None and not editions.has_medal_finale(campaign.edition.slug):
        refuse(
            "savior",
            _(
                "%(edition)s has no Savior of Arcadia: the guild that wins the last scenario wins "
                "the game (BR:261)."
            )
            % {"edition": campaign.edition.name},
        )
    if savior is not None:
        savior_guild = campaign.guilds.filter(colour__slug=savior).first()
        if savior_guild is None:
            refuse("savior", _("%(savior)s is not a guild of this campaign.") % {"savior": repr(savior)})
    if editions.has_medal_finale(campaign.edition.slug):
        sheet = campaign_for_sheet(campaign_id=campaign.pk)
        with rule_of("savior"):
            rules_achievements.check_savior(savior, savior_candidates(sheet, recorded_plays(sheet)))
    changes = Changes()
    changes.update(campaign, savior=savior_guild, finished_at=timezone.now())
    message, params = "finale-nobody", {}
    if savior_guild is not None:
        message, params = "finale-savior", {"guild": names_of(savior_guild.colour)}
    if not editions.has_medal_finale(campaign.edition.slug):
        message, params = "finale-last-winner", {}
    event_record(
        campaign=campaign,
        actor=actor,
        kind="finale",
        changes=changes,
        message=message,
        params=params,
    )
    return campaign

"""A scenario tracked live at the table: taps on Death, Damnation and coin counters and on quests.

Each tap is an event (so it can be undone). The app applies the First Bonus coin and the win condition,
and ending the scenario pre-fills its results for the table to check and record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from campaigns.access import (
    Access,
    require_guild_editor,
    require_kill_recorder,
    require_member,
    require_owner,
)
from campaigns.errors import refuse, rule_of
from campaigns.history_text import names_of, part, term, term_word
from campaigns.models import (
    Campaign,
    Guild,
    GuildHero,
    HeroResult,
    Monster,
    PlayResult,
    ScenarioPlay,
)
from campaigns.models.limits import MAX_COINS, MAX_TOKENS
from campaigns.selectors.campaigns import (
    check_next_scenario,
    check_no_open_phase,
    live_events,
    live_play,
)
from campaigns.selectors.live import (
    one_guild_quests,
    quest_choices,
    quest_said,
    reward_for,
    scenario_pve_quests,
)
from campaigns.selectors.overrides import level_card_at
from campaigns.services.history import Changes, event_record
from campaigns.services.live_angels import revert_live_swaps
from campaigns.services.revisions import claim_campaign_revision, claim_guild_revision
from campaigns.services.scenarios import clear_live_play
from rules_helpers import editions, kills, scoring
from rules_helpers.box import MIN_GUILDS
from rules_helpers.counts import is_whole_number
from rules_helpers.roster import check_on_board

HERO_COUNTERS = ("deaths", "damnation")
GUILD_COUNTERS = ("coins", "treasure")
# The most one tap may add or remove: a table corrects a miscount in one go, not a whole game's worth.
MAX_TAP = 10
# The record form's caps (F11): a tap beyond them is refused, never an overflow.
COUNTER_CAPS = {"deaths": MAX_TOKENS, "damnation": MAX_TOKENS, "coins": MAX_COINS, "treasure": MAX_COINS}


def _live(campaign: Campaign) -> ScenarioPlay:
    play = campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).select_related("scenario").first()
    if play is None:
        refuse("scenario", _("No scenario is being played; start one first."))
    return play


@transaction.atomic
def live_start(
    *, access: Access, actor: Any, revision: Any, scenario: Any, level: Any = None
) -> ScenarioPlay:
    """Start tracking the next scenario: a zeroed line per guild and per fielded hero."""
    require_member(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if campaign.plays.filter(status=ScenarioPlay.Status.IN_PROGRESS).exists():
        refuse("scenario", _("A scenario is already being played."))
    check_no_open_phase(campaign)
    upcoming = check_next_scenario(campaign, scenario, access, level)
    guilds = list(campaign.guilds.select_related("colour"))
    if len(guilds) < MIN_GUILDS:
        refuse("scenario", _("Set up at least %(least)s guilds first.") % {"least": MIN_GUILDS})
    number, scenario_obj = upcoming.number, upcoming.scenario
    changes = Changes()
    play = changes.create(
        ScenarioPlay,
        campaign=campaign,
        number=number,
        scenario=scenario_obj,
        level=upcoming.level,
        status=ScenarioPlay.Status.IN_PROGRESS,
        chosen_by=upcoming.chosen_by,
    )
    for guild in guilds:
        result = changes.create(PlayResult, play=play, guild=guild)
        for hero in GuildHero.objects.filter(guild=guild, fielded=True, retired=False):
            changes.create(HeroResult, result=result, hero=hero)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="live-started",
        changes=changes,
        message="live-started",
        params={"number": number, "scenario": names_of(scenario_obj)},
    )
    return play


@dataclass(frozen=True)
class Tapped:
    """What one tap changed: the phone that tapped needs only this (and the guild's new revision) to go on;
    the other phones read the whole new sheet on their next poll. `campaign` is the one the tap's event
    moved (its `history_seq` is the new state's)."""

    campaign: Campaign
    guild: Guild
    counter: str
    hero: str | None
    value: int


@transaction.atomic
def live_tally(
    *, access: Access, actor: Any, guild: Guild, revision: Any, counter: str, delta: Any, hero: Any = None
) -> Tapped:
    """One tap: +/- on a hero's Death tokens or Damnation, or on the guild's coins or treasure."""
    require_guild_editor(access, guild)
    if not is_whole_number(delta, low=-MAX_TAP, high=MAX_TAP) or delta == 0:
        refuse("delta", _("A tap adds or removes 1 to %(most)s.") % {"most": MAX_TAP})
    claim_guild_revision(guild, revision)
    play = _live(access.campaign)
    result = PlayResult.objects.get(play=play, guild=guild)
    changes = Changes()
    if counter in HERO_COUNTERS:
        with rule_of("counter"):
            editions.check_damnation(access.campaign.edition.slug, counter == "damnation")
        line: PlayResult | HeroResult = _hero_line(result, hero)
        _bump(changes, line, counter, delta, _counter_of(line.hero.hero.name, counter))
        what: Any = part("hero-of-guild", hero=names_of(line.hero.hero), guild=names_of(guild.colour))
    elif counter in GUILD_COUNTERS:
        line = result
        _bump(changes, line, counter, delta, _counter_of(guild.colour.name, counter))
        what = names_of(guild.colour)
    else:
        refuse(
            "counter", _("Counters are %(values)s.") % {"values": ", ".join(HERO_COUNTERS + GUILD_COUNTERS)}
        )
    sign = "+" if delta > 0 else ""
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="live-tally",
        guild=guild,
        changes=changes,
        message="live-tally",
        params={"what": what, "counter": term(counter), "delta": f"{sign}{delta}"},
    )
    slug = line.hero.hero.slug if isinstance(line, HeroResult) else None
    return Tapped(
        campaign=access.campaign, guild=guild, counter=counter, hero=slug, value=getattr(line, counter)
    )


def _hero_line(result: PlayResult, hero: Any) -> HeroResult:
    line = result.heroes.select_related("hero__hero").filter(hero__hero__slug=hero).first()
    if line is None:
        refuse(
            "hero",
            _("%(guild)s has no hero %(hero)s in this scenario.")
            % {"guild": result.guild.colour.name, "hero": repr(hero)},
        )
    return line


def _counter_of(who: str, counter: str) -> dict[str, str]:
    """Whose counter a refusal names, the counter in the reader's language."""
    return {"who": who, "counter": term_word(counter)}


# Each counter's refusals apart (one context per counter), so a language can make the verb agree with the
# counter's word (pt-BR: "moedas … não podem", "tesouro … não pode").
_BELOW = {
    "deaths": pgettext_lazy("deaths counter", "%(who)s's %(counter)s cannot go below 0."),
    "damnation": pgettext_lazy("damnation counter", "%(who)s's %(counter)s cannot go below 0."),
    "coins": pgettext_lazy("coins counter", "%(who)s's %(counter)s cannot go below 0."),
    "treasure": pgettext_lazy("treasure counter", "%(who)s's %(counter)s cannot go below 0."),
}
_ABOVE = {
    "deaths": pgettext_lazy("deaths counter", "%(who)s's %(counter)s cannot go above %(most)s."),
    "damnation": pgettext_lazy("damnation counter", "%(who)s's %(counter)s cannot go above %(most)s."),
    "coins": pgettext_lazy("coins counter", "%(who)s's %(counter)s cannot go above %(most)s."),
    "treasure": pgettext_lazy("treasure counter", "%(who)s's %(counter)s cannot go above %(most)s."),
}


def _bump(changes: Changes, row: Any, counter: str, delta: int, label: dict[str, str]) -> None:
    value = getattr(row, counter) + delta
    if not is_whole_number(value):
        refuse("delta", str(_BELOW[counter]) % label)
    if value > COUNTER_CAPS[counter]:
        refuse(
            "delta",
            str(_ABOVE[counter]) % {**label, "most": COUNTER_CAPS[counter]},
        )
    changes.update(row, **{counter: value})


@transaction.atomic
def live_quest(*, access: Access, actor: Any, guild: Guild, revision: Any, quest: Any) -> PlayResult:
    """A guild completes a quest: First Bonus coin if first, and the win if it is its 3rd (with a PvE)."""
    require_guild_editor(access, guild)
    claim_guild_revision(guild, revision)
    play = _live(access.campaign)
    choices = quest_choices(play, guild)
    with rule_of("quest"):
        scoring.check_own_colour(quest, guild=guild.colour.slug, guild_name=guild.colour.name)
    if quest not in choices:
        refuse(
            "quest",
            _("%(quest)s is not a quest of %(scenario)s.")
            % {"quest": repr(quest), "scenario": play.scenario.name},
        )
    result = PlayResult.objects.select_for_update().get(play=play, guild=guild)
    with rule_of("quest"):
        scoring.check_scenario_open(won=PlayResult.objects.filter(play=play, winner=True).exists())
    if quest in result.quests:
        refuse(
            "quest",
            _("%(guild)s has already completed %(choices)s.")
            % {"guild": guild.colour.name, "choices": choices[quest]},
        )
    # The quest log as it stands, read under a lock: two guilds tapping at once are taken one after the other.
    logged = ScenarioPlay.objects.select_for_update().values_list("quest_log", flat=True)
    play.quest_log = logged.get(pk=play.pk)
    with rule_of("quest"):
        scoring.check_one_guild_quests(
            {quest: [*(g for q, g in play.quest_log if q == quest), guild.colour.slug]},
            one_guild=one_guild_quests(play.scenario),
            names=choices,
        )
    changes = Changes()
    params, then = _quest_complete(changes, play, result, guild, quest, choices)
    if then:
        params["then"] = then
    event_record(
        campaign=access.campaign,
        actor=actor,
        kind="live-quest",
        guild=guild,
        changes=changes,
        message="quest-completed-first" if "count" in params else "quest-completed",
        params=params,
    )
    return result


def _quest_complete(
    changes: Changes,
    play: ScenarioPlay,
    result: PlayResult,
    guild: Guild,
    quest: str,
    choices: dict[str, str],
) -> tuple[dict[str, Any], list[Any]]:
    """The guild's token on the quest: the quest log, the First Bonus coin (BR:199-200), its Reward card and
    the win (BR:205). Returns the history's words for the quest and what followed it."""
    bonus = editions.quest_first_bonus(play.quest_log, quest)
    log = [*play.quest_log, [quest, guild.colour.slug]]
    changes.update(play, quest_log=log)
    changes.update(result, quests=[*result.quests, quest], coins=result.coins + bonus)
    params: dict[str, Any] = {"guild": names_of(guild.colour), "quest": quest_said(play, quest, choices)}
    if bonus:
        params["count"] = bonus
    reward = reward_for(play, log)
    then = [] if reward is None else [reward]
    if _wins_now(play, result):
        changes.update(result, winner=True)
        then.append(part("scenario-won", guild=names_of(guild.colour)))
    return params, then


def _wins_now(play: ScenarioPlay, result: PlayResult) -> bool:
    if PlayResult.objects.filter(play=play, winner=True).exists():
        return False
    pve = set(scenario_pve_quests(play.scenario))
    return scoring.wins_with(result.quests, pve, play.results.count())


@transaction.atomic
def live_abandon(*, access: Access, actor: Any, revision: Any) -> None:
    """Stop tracking the scenario without recording it (the owner only)."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    if live_play(campaign) is None:
        refuse("scenario", _("No scenario is being played."))
    changes = Changes()
    events = live_events(campaign)
    revert_live_swaps(changes, campaign, events[0])
    play = clear_live_play(changes, campaign, None)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="live-abandoned",
        changes=changes,
        data={"reverted": events},
        message="live-abandoned",
        params={"number": play.number, "scenario": names_of(play.scenario)},
    )


# What the history says beside coins paid from a number the box has not confirmed.
REWARD_SOURCE_WORDS = {"fan": "reward-unchecked", "entered": "reward-entered"}


@transaction.atomic
def live_kill(
    *,
    access: Access,
    actor: Any,
    revision: Any,
    victim: Any,
    killer: Any = None,
    monster: Any = None,
    hero: Any = None,
    hero_guild: Any = None,
    wounded_by: Any = (),
) -> ScenarioPlay:
    """A kill at the table: the coin rewards of RB:677-683 and RB:962-970 paid to the guilds, and a killed
    hero's Death token (RB:694-695). A monster reward missing from the content is said, never made up."""
    require_member(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    play = _live(campaign)
    results = {
        r.guild.colour.slug: r for r in play.results.select_related("guild__colour").select_for_update()
    }
    require_kill_recorder(
        access,
        victim=victim,
        victim_guild=_guild_in(results, hero_guild),
        killer=_guild_in(results, killer),
    )
    with rule_of("victim"):
        scoring.check_scenario_open(won=any(r.winner for r in results.values()), kill=True)
    names = {slug: r.guild.colour.name for slug, r in results.items()}
    said = {slug: names_of(r.guild.colour) for slug, r in results.items()}
    reward, what, source = None, None, "checked"
    if victim in (kills.MONSTER, kills.VILLAIN):
        reward, what, tier, source = _monster_reward(play, monster)
        victim = kills.VILLAIN if kills.is_villain(tier) else victim
    with rule_of("victim"):
        payout = kills.kill_payout(
            str(victim),
            guilds=list(results),
            killer=killer or None,
            victim_guild=hero_guild or None,
            reward=reward,
            wounded_by=list(wounded_by or ()),
        )
    changes = Changes()
    if payout.death_to is not None:
        line = _hero_line(results[payout.death_to], hero)
        with rule_of("hero"):
            check_on_board(fielded=line.hero.fielded)
        _bump(changes, line, "deaths", 1, _counter_of(line.hero.hero.name, "deaths"))
        what = part("hero-of-guild", hero=names_of(line.hero.hero), guild=said[payout.death_to])
    for slug, coins in payout.coins.items():
        _bump(changes, results[slug], "coins", coins, _counter_of(names[slug], "coins"))
    params: dict[str, Any] = {"what": what or ""}
    if killer:
        params["by"] = said[killer]
    then: list[Any] = []
    if payout.coins:
        then.append([part("coins-paid", guild=said[g], coins=c) for g, c in payout.coins.items()])
    if payout.coins and source in REWARD_SOURCE_WORDS:
        # GF:8-9: a number the box has not confirmed says where it comes from (N6).
        then.append(part(REWARD_SOURCE_WORDS[source]))
    if payout.missing:
        # No level card at all (BR:64: "up to four") is not a number left blank on a card.
        missing = part("reward-no-level-card") if source == "absent" else payout.missing
        then.append(part("reward-missing", missing=missing, guilds=[said[g] for g in payout.unpaid]))
    then.extend(_kill_quest(changes, play, results, str(victim), killer or None, hero_guild or None))
    if then:
        params["then"] = then
    event_record(
        campaign=campaign,
        actor=actor,
        kind="live-kill",
        changes=changes,
        message="killed-by" if killer else "killed-by-monster",
        params=params,
    )
    return play


def _kill_quest(
    changes: Changes,
    play: ScenarioPlay,
    results: dict[str, PlayResult],
    victim: str,
    killer: str | None,
    victim_guild: str | None,
) -> list[Any]:
    """The PvP quest the kill fulfils for the killer's guild (`rules_helpers.kills.pvp_quest_fulfilled`),
    ticked as a tap on it would be: its First Bonus coin and perhaps the win. The history's words for it."""
    result = results.get(killer) if killer is not None else None
    if result is None:
        return []
    quest = kills.pvp_quest_fulfilled(
        victim, killer=killer, victim_guild=victim_guild, completed=result.quests
    )
    if quest is None:
        return []
    choices = quest_choices(play, result.guild, guilds=[r.guild for r in results.values()])
    if quest not in choices:
        return []
    params, then = _quest_complete(changes, play, result, result.guild, quest, choices)
    return [part("quest-completed-first" if "count" in params else "quest-completed", **params), *then]


def _guild_in(results: dict[str, PlayResult], colour: Any) -> Guild | None:
    """The scenario's guild of that colour, or None (no colour, or one the rule then refuses)."""
    found = results.get(colour) if isinstance(colour, str) else None
    return None if found is None else found.guild


def _monster_reward(play: ScenarioPlay, slug: Any) -> tuple[int | None, dict[str, str], str, str]:
    """The coins on the monster's card at the scenario's level as the campaign sees it (None when neither
    the content nor the table gives them), its name, its tier (a known villain is paid as one, whatever the
    tap said) and where the number comes from: `entered` by this table, `checked` against the box, `fan`
    (base cards come from fan sources, GF:245) or `absent` (the content has no card for this level, which
    BR:64's "up to four" cards allows, and the table entered none)."""
    monsters = Monster.objects.filter(edition=play.campaign.edition, slug=slug)
    found = monsters.prefetch_related("level_cards").first()
    if found is None:
        refuse("monster", _("Unknown monster %(slug)s.") % {"slug": repr(slug)})
    card = level_card_at(play.campaign, found, play.level)
    if card["absent"]:
        source = "absent"
    elif "reward" in card["entered"]:
        source = "entered"
    else:
        source = "checked" if card["verified"] else "fan"
    return card["stats"]["reward"], names_of(found), found.tier, source

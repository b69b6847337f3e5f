"""Reads of the scenario tracked live: counters, quests, and the results it would record now."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Value
from django.db.models.functions import Concat
from django.utils.translation import gettext as _

from campaigns.history_text import content_names, name_in_language, names_of, part
from campaigns.models import (
    Campaign,
    ContentOverride,
    Guild,
    GuildHero,
    Hero,
    HeroResult,
    Monster,
    MonsterLevelCard,
    OverrideKind,
    PlayResult,
    Quest,
    Scenario,
    ScenarioPlay,
    Title,
    UpgradeCard,
)
from campaigns.selectors.campaigns import edition_structure, live_play, played_slugs, recorded_plays
from campaigns.selectors.inventory import reward_card_heroes
from rules_helpers import editions, kills, progression, roster, scoring, spawn
from rules_helpers import episodic as rules_episodic


def scenario_pve_quests(scenario: Scenario) -> dict[str, str]:
    """The scenario's PvE quests by slug, with numbered slots where the sources name none (base, M4)."""
    quests = {q.slug: name_in_language(names_of(q)) for q in scenario.quests.all()}
    for n, slug in enumerate(editions.unlisted_pve_quests(scenario.edition.slug), start=1):
        quests[slug] = _("PvE quest %(n)s (its card is not in the pack)") % {"n": n}
    return quests


def one_guild_quests(scenario: Scenario) -> frozenset[str]:
    """The scenario's quests only one guild completes: its Angel's rescue and the kill of a Villain it has one
    figure of (`rules_helpers.scoring.one_guild_quests`, N5)."""
    quests = list(scenario.quests.all())
    villains = [
        use.monster.name
        for use in scenario.scenario_monsters.select_related("monster")
        if kills.is_villain(use.monster.tier)
        and (use.figures if use.figures is not None else use.monster.figures) == 1
    ]
    return scoring.one_guild_quests(
        {q.slug: f"{q.name} {q.description}" for q in quests},
        angel_quests={q.slug for q in quests if q.gives == Quest.Gives.ANGEL},
        single_villains=villains,
    )


def quest_choices(
    play: ScenarioPlay, guild: Guild, *, pve: dict[str, str] | None = None, guilds: list[Guild] | None = None
) -> dict[str, str]:
    """The quests this guild can complete here: the scenario's PvE quests and one PvP per other guild.
    A caller listing every guild passes the quests and guilds in, so they are read once."""
    choices = dict(pve) if pve is not None else scenario_pve_quests(play.scenario)
    others = guilds if guilds is not None else list(play.campaign.guilds.select_related("colour"))
    for other in others:
        if other.pk != guild.pk:
            choices[scoring.pvp_quest(other.colour.slug)] = _("Kill a hero of the %(guild)s guild") % {
                "guild": name_in_language(names_of(other.colour))
            }
    return choices


def quest_said(play: ScenarioPlay, quest: str, choices: dict[str, str]) -> Any:
    """A quest as a history summary keeps it: a PvP quest by its guild (said in the reader's language when
    the history is read), a PvE quest by its name."""
    for other in play.campaign.guilds.select_related("colour"):
        if scoring.pvp_quest(other.colour.slug) == quest:
            return part("kill-pvp-quest", guild=names_of(other.colour))
    unlisted = editions.unlisted_pve_quests(play.scenario.edition.slug)
    if quest in unlisted:
        return part("pve-unlisted", n=list(unlisted).index(quest) + 1)
    return choices[quest]


def rewards_of(play: ScenarioPlay, quest_log: list[Any]) -> list[scoring.RewardGiven]:
    """The Reward cards the quest log gives, each to the guild that completed its quest while one was left."""
    # `all()`: the sheet's read prefetched them with their cards (`campaign_for_sheet`).
    quests = [q for q in play.scenario.quests.all() if q.reward_card_id]
    return scoring.rewards_given(
        quest_log,
        reward_cards={q.slug: q.reward_card.slug for q in quests},
        copies={q.reward_card.slug: q.reward_card.copies for q in quests},
        limits={q.slug: q.reward_limit for q in quests},
    )


def reward_for(play: ScenarioPlay, quest_log: list[Any]) -> dict[str, Any] | None:
    """What the log's last quest gave: its Reward card, or why none was left (None: not a Reward quest)."""
    given = rewards_of(play, quest_log)
    if not given or list(quest_log[-1][:2]) != [given[-1].quest, given[-1].guild]:
        return None
    last = given[-1]
    if last.card is None:
        if last.why == scoring.FIRST_ONLY:
            return part("reward-none-first", count=last.count)
        if last.why == scoring.ALL_TAKEN:
            return part("reward-none-taken", count=last.count)
        return part("reward-none", reason=last.reason)
    return part(
        "reward-gets",
        card=names_of(
            UpgradeCard.objects.get(edition=play.scenario.edition_id, slug=last.card, campaign=None)
        ),
    )


def results_draft(play: ScenarioPlay, results: list[PlayResult]) -> list[dict[str, Any]]:
    """The results the sheet would record now: coins plus 1 per quest, the treasure beside them (both count,
    ``rules_helpers.scoring.coins_won``), titles, and the Reward cards while copies last. `play` and its
    `results` come from the sheet's read (`campaign_for_sheet`), which prefetched what this reads."""
    quests = {q.slug: q for q in play.scenario.quests.all()}
    title_quests = {slug for slug, q in quests.items() if q.gives == Quest.Gives.TITLE}
    title = getattr(play.scenario, "title", None)
    awarded_to = title.awarded_to if title is not None else scoring.TITLE_TO_ALL
    given = rewards_of(play, play.quest_log)
    lines = []
    for result in results:
        done = [quests[q] for q in result.quests if q in quests]
        heroes = list(result.heroes.all())
        cards = [r.card for r in given if r.guild == result.guild.colour.slug and r.card]
        takers = reward_card_heroes(result.guild, len(cards)) if cards else []
        lines.append(
            {
                "guild": result.guild.colour.slug,
                "winner": result.winner,
                "coins": scoring.scenario_coins(result.coins, len(result.quests), 0),
                "treasure": result.treasure,
                "title": scoring.title_won(
                    result.guild.colour.slug,
                    result.quests,
                    title_quests=title_quests,
                    quest_log=play.quest_log,
                    title_awarded_to=awarded_to,
                ),
                "angel": any(q.gives == Quest.Gives.ANGEL for q in done),
                "reward_cards": [
                    {"card": card, "hero": hero} for card, hero in zip(cards, takers, strict=True)
                ],
                "quests": list(result.quests),
                "heroes": [
                    {"hero": h.hero.hero.slug, "deaths": h.deaths, "damnation": h.damnation} for h in heroes
                ],
            }
        )
    return lines


def live_quests(campaign: Campaign) -> dict[str, list[str]]:
    """The quests each guild (by colour) has completed in the scenario being tracked live, in the order it
    completed them; empty when no scenario is tracked live."""
    rows = PlayResult.objects.filter(
        play__campaign=campaign, play__status=ScenarioPlay.Status.IN_PROGRESS
    ).values_list("guild__colour__slug", "quests")
    return {colour: list(quests) for colour, quests in rows}


def live_state(campaign: Campaign) -> dict[str, Any] | None:
    """What the live tracker shows: counters per guild and hero, quests, and the pre-filled results."""
    play = live_play(campaign)
    if play is None:
        return None
    # `campaign` comes from `campaign_for_sheet`: its plays, results, heroes and quests are read already.
    results = list(play.results.all())
    pve = scenario_pve_quests(play.scenario)
    guilds = [r.guild for r in results]
    swaps = live_angel_swaps(campaign, play, results)
    return {
        "number": play.number,
        "scenario": play.scenario.slug,
        **content_names(play.scenario),
        "level": play.level,
        "quest_log": play.quest_log,
        # The guild that completed its last quest (BR:205: the scenario ends at once), waiting to be recorded.
        "won_by": next((r.guild.colour.slug for r in results if r.winner), None),
        "guilds": [
            {
                "guild": r.guild.colour.slug,
                "coins": r.coins,
                "treasure": r.treasure,
                "quests": r.quests,
                "winner": r.winner,
                "quest_choices": quest_choices(play, r.guild, pve=pve, guilds=guilds),
                "heroes": [
                    {
                        "hero": h.hero.hero.slug,
                        "deaths": h.deaths,
                        "damnation": h.damnation,
                        "on_board": h.hero.fielded,
                    }
                    for h in r.heroes.all()
                ],
                "angel_swap": swaps.get(r.guild.colour.slug),
            }
            for r in results
        ],
        "results_draft": results_draft(play, results),
        **in_play(campaign, play),
    }


def rescued_angel_quests(play: ScenarioPlay) -> set[str]:
    """The scenario's Save the Angel quests (those that give its Angel); none where it has no Angel."""
    if not play.scenario.angel_id:
        return set()
    return {q.slug for q in play.scenario.quests.all() if q.gives == Quest.Gives.ANGEL}


def live_angel_swaps(
    campaign: Campaign, play: ScenarioPlay, results: list[PlayResult]
) -> dict[str, dict[str, Any]]:
    """Per guild colour, the swap it may make now (``rules_helpers.roster.check_live_angel_swap``): the
    Angel it just rescued and the heroes on the board it may replace."""
    quests = rescued_angel_quests(play)
    if not quests:
        return {}
    angel = play.scenario.angel
    lines = [h for r in results for h in r.heroes.all()]
    held = any(h.hero.hero_id == angel.pk for h in lines)
    over = any(r.winner for r in results)
    carried = rules_episodic.carries_consequences(episodic=campaign.mode == Campaign.Mode.EPISODIC)
    swaps = {}
    for r in results:
        if roster.may_swap_live_angel(
            rescued=bool(quests & set(r.quests)),
            on_roster=held,
            scenario_over=over,
            carries_consequences=carried,
        ):
            on_board = [h.hero.hero.slug for h in r.heroes.all() if h.hero.fielded]
            swaps[r.guild.colour.slug] = {"angel": angel.slug, "name": angel.name, "heroes": on_board}
    return swaps


def in_play(campaign: Campaign, play: ScenarioPlay) -> dict[str, Any]:
    """What matters in the scenario being played (M8): the Titles that help in it and who holds them, the
    Angels the Underlord fields in it, and the Monsters a kill can name (a villain pays every guild that
    wounded it)."""
    carried = rules_episodic.carries_consequences(episodic=campaign.mode == Campaign.Mode.EPISODIC)
    held = [
        (title.slug, {s.slug for s in title.benefits.all()}, r.guild.colour.slug)
        for p in recorded_plays(campaign)
        if (title := getattr(p.scenario, "title", None)) is not None
        for r in p.results.all()
        if r.won_title and carried
    ]
    titles = {t.slug: t for t in Title.objects.filter(edition=campaign.edition_id)}
    helping: dict[str, list[str]] = {}
    for slug, guild in scoring.titles_in_play(play.scenario.slug, held):
        helping.setdefault(slug, []).append(guild)
    angels = {
        s.slug: s.angel.slug for c in campaign.edition.circles.all() for s in c.scenarios.all() if s.angel_id
    }
    on_roster = {gh.hero.slug for g in campaign.guilds.all() for gh in g.heroes.all() if gh.hero.is_angel}
    villains = progression.villain_angels_in(
        edition_structure(campaign),
        play.scenario.slug,
        angels=angels,
        played=set(played_slugs(campaign)),
        held=on_roster,
        side_taken=carried,
    )
    monsters, listed = kill_monsters(campaign, play, villains, on_roster)
    return {
        "titles_in_play": [
            {
                "slug": slug,
                **content_names(titles[slug]),
                "effect": titles[slug].effect,
                "holders": holders,
                "controls_spawn": spawn.title_controls_spawn(slug),
            }
            for slug, holders in helping.items()
        ],
        "villain_angels": villains,
        # An episodic game took no side: two of these stand at A1/A2, and the table says which (N10).
        "villain_angels_by_table": not carried and bool(villains),
        "monsters": monsters,
        "monsters_listed": listed,
    }


def kill_monsters(
    campaign: Campaign, play: ScenarioPlay, villains: list[str], on_roster: set[str]
) -> tuple[list[dict[str, Any]], bool]:
    """The Monsters a kill may name, and whether they are the scenario's own list: the scenario's, or the
    edition's where it lists none (`kills.monsters_to_name`, N6), with the Angels `progression.
    angel_monsters_in` lets a kill name (N10); each says whether its reward at this level was checked
    against the box (None: no reward in the content; GF:8-9) and whether this table entered it."""
    # A reward this table entered for the level card is what a kill pays (`services.live._monster_reward`);
    # asked within the same query.
    entered = ContentOverride.objects.filter(
        campaign=campaign,
        kind=OverrideKind.MONSTER_LEVEL,
        target=Concat(OuterRef("slug"), Value(f"/{play.level}")),
        fields__has_key="reward",
    )
    monsters = Monster.objects.filter(edition=campaign.edition_id).annotate(reward_entered=Exists(entered))
    edition = {m.slug: m for m in monsters}
    angels = Hero.objects.filter(edition=campaign.edition_id, is_angel=True, monster__isnull=False)
    angel_of = {hero.monster.slug: hero.slug for hero in angels.select_related("monster")}
    listed = [use.monster.slug for use in play.scenario.scenario_monsters.select_related("monster")]
    plain = [slug for slug, m in edition.items() if not m.is_angel and slug not in angel_of]
    named, own = kills.monsters_to_name([s for s in listed if s not in angel_of], plain)
    angel_monsters = {hero: monster for monster, hero in angel_of.items()}
    named += [
        angel_monsters[hero]
        for hero in progression.angel_monsters_in(
            [angel_of[s] for s in listed if s in angel_of], villains, held=on_roster
        )
        if hero in angel_monsters
    ]
    cards = MonsterLevelCard.objects.filter(monster__edition=campaign.edition_id, label=play.level)
    checked = {c.monster_id: c.verified for c in cards if c.reward is not None}
    return [
        {
            "slug": m.slug,
            **content_names(m),
            "villain": kills.is_villain(m.tier),
            "reward_checked": checked.get(m.pk),
            "reward_entered": m.reward_entered,
        }
        for m in sorted({edition[s] for s in named if s in edition}, key=lambda m: m.name)
    ], own


def curse_draw_heroes(campaign: Campaign) -> list[dict[str, Any]]:
    """The campaign's fielded heroes, guild by guild in seat order, with the Death tokens and Damnation
    counted for each in the scenario being played (none while none is): what a Death Curse draw at the
    table starts from, so nobody types a name or counts again."""
    play = live_play(campaign)
    counted: dict[int, HeroResult] = {}
    if play is not None:
        counted = {line.hero_id: line for line in HeroResult.objects.filter(result__play=play)}
    heroes = (
        GuildHero.objects.filter(campaign=campaign, fielded=True, retired=False)
        .select_related("hero", "guild__colour")
        .order_by("guild__seat", "position")
    )
    return [
        {
            "hero": hero.hero,
            "guild": hero.guild.colour,
            "deaths": counted[hero.pk].deaths if hero.pk in counted else 0,
            "damnation": counted[hero.pk].damnation if hero.pk in counted else 0,
        }
        for hero in heroes
    ]

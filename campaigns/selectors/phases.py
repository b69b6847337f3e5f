"""Reads of the upgrade phase and the hero draft: what each reader may see of the hidden hands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from campaigns.access import Access
from campaigns.history_text import event_summary, name_in_language, names_of, render
from campaigns.models import (
    Campaign,
    ContentOverride,
    DeathCurse,
    Event,
    Guild,
    Hero,
    HeroDraftRecord,
    OverrideKind,
    UpgradeCard,
    UpgradeGuild,
    UpgradePhase,
)
from campaigns.selectors.campaigns import roster_started
from campaigns.selectors.confidence import entry_confidence
from campaigns.selectors.overrides import campaign_cards_by_slug, entry_overlay
from rules_helpers.box import UPGRADE_HAND
from rules_helpers.curses import DECK_NOTE, DECK_NOTE_UNKNOWN
from rules_helpers.drafts import HeroDraft, UpgradeDraft
from rules_helpers.upgrades import coins_saved


class PhaseChanged(Exception):
    """The phase was restarted between two reads of one view; read it again."""


def closed_phase(campaign: Campaign, level: int) -> UpgradePhase | None:
    phase = UpgradePhase.objects.filter(campaign=campaign, level=level).first()
    return phase if phase is not None and phase.status == UpgradePhase.Status.CLOSED else None


def phase_opened_event(campaign: Campaign, level: int) -> Event:
    """The latest opening of the level's phase (a restart opens it again)."""
    return Event.objects.filter(campaign=campaign, kind="upgrade-opened", data__level=level).latest("seq")


def deck_note(phase: UpgradePhase) -> str | None:
    if phase.draft_mode == UpgradePhase.DraftMode.APP:
        return None
    return _(
        "The level %(level)s upgrade deck is not (fully) entered in the app: deal the cards at the table, "
        "then each player enters the %(hand)s cards they drafted."
    ) % {"level": phase.level, "hand": UPGRADE_HAND}


# rules_helpers.curses words the note (no catalogue there); the same words marked here for the catalogue.
_DECK_NOTES = (
    gettext_noop(
        "the deck holds %(cards)s of the box's %(expected)s Death Curse cards: these draws are not the "
        "real odds."
    ),
    gettext_noop(
        "the deck holds %(cards)s of the box's %(expected)s Death Curse cards; copies unknown for "
        "%(unknown)s (counted once): these draws are not the real odds."
    ),
)


def curse_deck_note(draw: dict[str, Any]) -> str | None:
    """A draw's note on an incomplete curse deck in the reader's language: from its stored values, or the
    stored English for a draw made before the values were kept."""
    params = draw.get("deck_note_params")
    if not params:
        return draw.get("deck_note")
    words = DECK_NOTE_UNKNOWN if params.get("unknown") else DECK_NOTE
    return _(words) % params


def curse_why(draw: dict[str, Any]) -> str:
    """A draw's explanation in the reader's language; the stored English for a draw made before the ids."""
    try:
        return " ".join(render(p["msg"], p["params"]) for p in draw["why_parts"])
    except (KeyError, TypeError, ValueError):
        return draw["why"]


def phase_view(phase: UpgradePhase, access: Access, guild: Guild | None) -> dict[str, Any]:
    """What one reader may see: everyone sees the curse draws and who is still choosing; only a hand's
    holder (or the owner, picking for an absent player) sees that hand; others' picks stay hidden."""
    parts = list(phase.guilds.select_related("guild__colour"))
    draft = UpgradeDraft.from_dict(phase.draft) if phase.draft else None
    closed = phase.status == UpgradePhase.Status.CLOSED
    draws = [{**d, "deck_note": curse_deck_note(d), "why": curse_why(d)} for d in phase.curse_draws]
    return {
        "level": phase.level,
        "status": phase.status,
        "draft_mode": phase.draft_mode,
        "deck_note": deck_note(phase),
        "curse_deck_note": next((note for d in draws if (note := d["deck_note"])), None),
        "curse_draws": draws,
        "round": draft.round if draft else None,
        "draft_complete": draft.is_complete if draft else all(len(p.drafted) == UPGRADE_HAND for p in parts),
        "waiting_for": list(draft.waiting_for())
        if draft
        else [p.guild.colour.slug for p in parts if len(p.drafted) < UPGRADE_HAND],
        "guilds": [_part_view(p, closed) for p in parts],
        "mine": _mine(draft, parts, guild) if guild is not None else None,
    }


def _part_view(part: UpgradeGuild, closed: bool) -> dict[str, Any]:
    view = {"guild": part.guild.colour.slug, "purchased": part.purchased, "confirmed": part.confirmed}
    if part.purchased:
        view.update({"bought": part.bought, "spent": part.spent})
    if closed:
        view["drafted"] = part.drafted
    return view


def _mine(draft: UpgradeDraft | None, parts: list[UpgradeGuild], guild: Guild) -> dict:
    part = next((p for p in parts if p.guild_id == guild.pk), None)
    if part is None:
        raise PhaseChanged
    colour = guild.colour.slug
    return {
        "guild": colour,
        "coins": part.coins,
        "hand": list(draft.hand(colour)) if draft and not draft.is_complete else [],
        "picked_this_round": bool(draft and draft.picked_this_round(colour)),
        "drafted": list(draft.drafted(colour)) if draft else part.drafted,
        "bought": part.bought,
        "purchased": part.purchased,
        "spent": part.spent if part.purchased else None,
        "confirmed": part.confirmed,
    }


def last_closed_level(campaign: Campaign) -> int | None:
    """The level of the campaign's latest upgrade phase when it is closed (every guild ready), else None."""
    latest = campaign.upgrade_phases.order_by("-level").values_list("level", "status").first()
    return latest[0] if latest and latest[1] == UpgradePhase.Status.CLOSED else None


def phase_story(phase: UpgradePhase) -> list[str]:
    """One line per guild, for reviewing a phase: "Purple drafted A, B; bought A for 3; saved 1 coin"."""
    parts = list(phase.guilds.select_related("guild__colour"))
    slugs = {slug for part in parts for slug in part.drafted + part.bought}
    cards = campaign_cards_by_slug(phase.campaign, slugs)
    names = {slug: name_in_language(names_of(card)) for slug, card in cards.items()}
    limit = phase.campaign.edition.max_saved_coins
    lines = []
    for part in parts:
        drafted = ", ".join(names.get(s, s) for s in part.drafted) or _("nothing")
        bought = ", ".join(names.get(s, s) for s in part.bought) or _("nothing")
        saved = coins_saved(part.coins - part.spent, max_saved_coins=limit) if part.purchased else 0
        line = ngettext(
            "%(guild)s drafted %(drafted)s; bought %(bought)s for %(spent)s; saved %(saved)s coin",
            "%(guild)s drafted %(drafted)s; bought %(bought)s for %(spent)s; saved %(saved)s coins",
            saved,
        )
        lines.append(
            line
            % {
                "guild": name_in_language(names_of(part.guild.colour)),
                "drafted": drafted,
                "bought": bought,
                "spent": part.spent,
                "saved": saved,
            }
        )
    return lines


def phase_actions(phase: UpgradePhase) -> list[str]:
    """Every action of a phase, in order, from its (latest) opening to its closing."""
    start = phase_opened_event(phase.campaign, phase.level).seq
    events = Event.objects.filter(campaign=phase.campaign, seq__gte=start, kind__startswith="upgrade")
    closing = events.filter(kind="upgrade-confirm", summary__contains="closed").order_by("seq").last()
    if closing is not None:
        events = events.filter(seq__lte=closing.seq)
    return [event_summary(e) for e in events.order_by("seq")]


def phase_cards(campaign: Campaign, slugs: set[str]) -> dict[str, UpgradeCard]:
    return campaign_cards_by_slug(campaign, slugs)


def _as_played(campaign: Campaign, kind: str, records: Iterable[Any]) -> None:
    """Each record (read fresh, never saved) as this campaign plays it: what its table entered laid over it
    (`entry_overlay`), and `sure`, how sure the numbers shown together from it are (`entry_confidence`)."""
    own = {o.target: o for o in ContentOverride.objects.filter(campaign=campaign, kind=kind)}
    for record in records:
        entry = own.get(record.slug)
        record.sure = entry_confidence(record, entry)
        for name, value in entry_overlay(entry).items():
            setattr(record, name, value)


def edition_curses(campaign: Campaign) -> dict[str, DeathCurse]:
    """The edition's Death Curses by code, each as this campaign plays it: a value or copies its table
    entered laid over the card, marked as theirs (`entered_fields`). The Upgrade Phase's draws, its page and
    the Death Curse helper opened for the campaign read the deck here."""
    curses = {c.code: c for c in DeathCurse.objects.filter(edition=campaign.edition)}
    _as_played(campaign, OverrideKind.DEATH_CURSE, curses.values())
    return curses


def hero_names(campaign: Campaign, slugs: list[str]) -> dict[str, str]:
    heroes = Hero.objects.filter(edition=campaign.edition, slug__in=slugs)
    return {h.slug: name_in_language(names_of(h)) for h in heroes}


def draftable_heroes(campaign: Campaign) -> dict[str, Hero]:
    """The heroes the draft deals, each with the Defense and Life this campaign's table entered (as the
    sheet shows them) and `sure`, the one mark for both."""
    heroes = {h.slug: h for h in Hero.objects.filter(edition=campaign.edition, is_angel=False)}
    _as_played(campaign, OverrideKind.HERO, heroes.values())
    return heroes


def hero_draft_view(record: HeroDraftRecord, guild: Guild | None) -> dict[str, Any]:
    """Everyone sees who is still choosing; only a hand's holder sees the hand and their kept heroes."""
    draft = HeroDraft.from_dict(record.state)
    view: dict[str, Any] = {
        "round": draft.round,
        "complete": draft.is_complete,
        "waiting_for": list(draft.waiting_for()),
        "mine": None,
    }
    if record.done:
        view["drafted"] = {player: list(draft.drafted(player)) for player in draft.players}
    # A guild added once the draft was over has no hand in it: it chooses its heroes on the sheet
    # (`rules_helpers.roster.check_heroes_choice`).
    view["joined_after"] = guild is not None and guild.colour.slug not in draft.players
    if guild is not None and not view["joined_after"]:
        colour = guild.colour.slug
        view["mine"] = {
            "guild": colour,
            "hand": [] if draft.is_complete else list(draft.hand(colour)),
            "picked_this_round": draft.picked_this_round(colour),
            "drafted": list(draft.drafted(colour)),
        }
    return view


# --- Abandoning the hero draft -----------------------------------------------------------------------

HERO_DRAFT_KINDS = frozenset({"hero-draft-started", "hero-draft-pick"})


def hero_draft_events(campaign: Campaign) -> list[int]:
    """The changes of the running hero draft (since it was dealt, and their undos): abandoning it takes them
    all back (its record is deleted), and nothing else."""
    started = Event.objects.filter(campaign=campaign, kind="hero-draft-started").order_by("-seq").first()
    if started is None:
        return []
    events = Event.objects.filter(campaign=campaign, seq__gte=started.seq).select_related("undoes")
    return sorted(e.seq for e in events if (e.undoes.kind if e.undoes_id else e.kind) in HERO_DRAFT_KINDS)


def hero_draft_replaced(campaign: Campaign, abandoned: Event) -> bool:
    """After an abandoned hero draft, whether a new draft was dealt, a guild has heroes or the guilds are no
    longer those it was dealt to: bringing the old draft back would then give a guild a second roster, or
    none."""
    if HeroDraftRecord.objects.filter(campaign=campaign).exists() or roster_started(campaign):
        return True
    state = next(
        (c["before"] or {} for c in abandoned.changes if c["model"] == "campaigns.herodraftrecord"), {}
    )
    dealt_to = (state.get("state") or {}).get("players", [])
    colours = campaign.guilds.values_list("colour__slug", flat=True)
    return sorted(dealt_to) != sorted(colours)

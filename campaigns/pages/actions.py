"""Every write a page can make: a form that checks the input's shape, and the one service it calls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from campaigns.access import Access
from campaigns.errors import refuse
from campaigns.models import Guild
from campaigns.pages import forms as f
from campaigns.pages.live_forms import KillForm
from campaigns.pages.roster_forms import FieldForm, LiveAngelForm
from campaigns.pages.seating_forms import SeatingEnterForm
from campaigns.selectors.campaigns import event_at, guild_for
from campaigns.services import (
    backups,
    episodic,
    guilds,
    hero_draft,
    history,
    inventory,
    live,
    live_angels,
    scenarios,
    seating,
    upgrade,
)
from campaigns.services import campaigns as setup

SHEET, UPGRADE, HERO_DRAFT = "sheet", "upgrade", "hero-draft"


@dataclass(frozen=True)
class Action:
    """One write: `form` checks the input, `call` is the service; `page` is re-shown afterwards."""

    form: type[forms.Form]
    call: Callable[..., Any]
    page: str = SHEET
    anchor: str = ""
    # The write takes the reader out of the campaign (deleted, or left): the answer is the campaign list.
    away: bool = False

    @property
    def for_guild(self) -> bool:
        return issubclass(self.form, f.GuildForm)

    def service_kwargs(self, form: forms.Form, access: Access) -> dict[str, Any]:
        data = form.service_args() if hasattr(form, "service_args") else _plain(form)
        if self.form is not f.UndoForm:
            # The review step's confirm only says "write it now"; the undo's is the service's own argument.
            data.pop("confirm", None)
        data["revision"] = form.cleaned_data["revision"]
        if self.for_guild:
            data["guild"] = guild_for(access.campaign, form.cleaned_data["guild"])
        return data


def _plain(form: forms.Form) -> dict[str, Any]:
    return {k: v for k, v in form.cleaned_data.items() if k not in ("revision", "guild")}


def _guild_add(*, access: Access, actor: Any, holder: str = "", **data: Any) -> Guild:
    """ "Open" leaves the guild for a joining player to claim, or held by the owner for a named friend."""
    player = holder if holder and holder != "open" else None
    try:
        return guilds.guild_add(access=access, actor=actor, player=player, **data)
    except ValidationError as exc:
        # The form names the player "holder": show the message beside that field.
        if "player" in getattr(exc, "error_dict", {}):
            refuse("holder", exc.message_dict["player"][0])
        raise


def _join_code(*, access: Access, actor: Any, revision: int, **data: Any) -> Any:
    # Join codes carry no revision: creating one changes nothing on the sheet.
    return setup.join_code_create(access=access, actor=actor, **data)


def _curse_set(*, curse: str, **data: Any) -> Any:
    return inventory.hero_curse_set(curse=curse, **data)


def _leave(*, access: Access, actor: Any, revision: int) -> None:
    # Leaving needs no revision (see `campaign_leave`): the form sends one as every form does.
    setup.campaign_leave(access=access, actor=actor)


class ConfirmUndo(Exception):
    """The undo would take back someone else's change: the page asks before posting it again."""

    def __init__(self, *, seq: int, summary: str, actor: str | None, revision: int) -> None:
        super().__init__(summary)
        self.prompt = {"seq": seq, "summary": summary, "actor": actor, "revision": revision}


def _undo(*, access: Access, actor: Any, seq: int, revision: int, confirm: bool = False) -> Any:
    event = event_at(access.campaign, seq)
    if event is not None and not confirm and access.may_undo(event) and access.undo_needs_confirmation(event):
        who = event.actor.get_username() if event.actor_id else (event.actor_name or None)
        raise ConfirmUndo(seq=seq, summary=event.summary, actor=who, revision=revision)
    return history.event_undo(access=access, actor=actor, seq=seq, revision=revision)


ACTIONS: dict[str, Action] = {
    "guild-add": Action(f.GuildAddForm, _guild_add, anchor="table"),
    "join-code": Action(f.JoinCodeForm, _join_code, anchor="table"),
    "claim": Action(f.GuildForm, guilds.guild_claim, anchor="guilds"),
    "heroes": Action(f.HeroesForm, guilds.guild_heroes_choose, anchor="guilds"),
    "field": Action(FieldForm, guilds.guild_field_heroes, anchor="guilds"),
    "card-add": Action(f.CardAddForm, inventory.inventory_card_add, anchor="guilds"),
    "move": Action(f.MoveForm, inventory.inventory_move, anchor="guilds"),
    "discard": Action(f.DiscardForm, inventory.inventory_card_discard, anchor="guilds"),
    "curse-set": Action(f.CurseSetForm, _curse_set, anchor="guilds"),
    "curse-remove": Action(f.CurseRemoveForm, inventory.hero_curse_remove, anchor="guilds"),
    "saved-coins": Action(f.SavedCoinsForm, inventory.guild_saved_coins_set, anchor="guilds"),
    "record": Action(f.RecordForm, scenarios.scenario_record_result, anchor="now"),
    "next": Action(f.ScenarioForm, scenarios.next_scenario_choose, anchor="next"),
    "seating": Action(f.RevisionForm, seating.seating_draw, anchor="now"),
    "episodic-deal": Action(f.EpisodicDealForm, episodic.episodic_cards_deal, anchor="episodic-deal"),
    "seating-enter": Action(SeatingEnterForm, seating.seating_draw, anchor="seating"),
    "finale": Action(f.FinaleForm, scenarios.campaign_finale_record, anchor="finale"),
    "undo": Action(f.UndoForm, _undo, anchor="history"),
    "assign": Action(f.AssignForm, guilds.guild_assign, anchor="table"),
    "guild-remove": Action(f.GuildForm, guilds.guild_remove, anchor="table"),
    "rename": Action(f.RenameForm, setup.campaign_rename, anchor="table"),
    "delete": Action(f.DeleteForm, setup.campaign_delete, anchor="table", away=True),
    "leave": Action(f.RevisionForm, _leave, anchor="table", away=True),
    "share-renew": Action(f.RevisionForm, setup.share_link_renew, anchor="table"),
    "share-revoke": Action(f.RevisionForm, setup.share_link_revoke, anchor="table"),
    "backup-restore": Action(f.BackupRestoreForm, backups.campaign_backup_restore, anchor="table"),
    "live-start": Action(f.LiveStartForm, live.live_start, anchor="live"),
    "live-abandon": Action(f.RevisionForm, live.live_abandon, anchor="live"),
    "tally": Action(f.TallyForm, live.live_tally, anchor="live"),
    "quest": Action(f.QuestForm, live.live_quest, anchor="live"),
    "kill": Action(KillForm, live.live_kill, anchor="live"),
    "live-angel": Action(LiveAngelForm, live_angels.live_angel_swap, anchor="live"),
    "upgrade-pick": Action(f.CardsForm, upgrade.upgrade_pick, page=UPGRADE),
    "upgrade-enter": Action(f.EnterDealtForm, upgrade.upgrade_enter_dealt, page=UPGRADE),
    "upgrade-buy": Action(f.CardsForm, upgrade.upgrade_buy, page=UPGRADE),
    "upgrade-move": Action(f.MoveForm, inventory.inventory_move, page=UPGRADE),
    "upgrade-discard": Action(f.DiscardForm, inventory.inventory_card_discard, page=UPGRADE),
    "upgrade-confirm": Action(f.GuildForm, upgrade.upgrade_confirm, page=UPGRADE),
    "upgrade-restart": Action(f.RestartForm, upgrade.upgrade_phase_restart, page=UPGRADE),
    "hero-draft-start": Action(f.RevisionForm, hero_draft.hero_draft_start, page=HERO_DRAFT),
    "hero-draft-pick": Action(f.HeroPickForm, hero_draft.hero_draft_pick, page=HERO_DRAFT),
    "hero-draft-abandon": Action(f.RevisionForm, hero_draft.hero_draft_abandon, page=HERO_DRAFT),
}

"""Every change to a campaign is an event holding the rows before and after, so it can be undone.

Services make their changes through a `Changes` recorder; `event_record` stores them as one event.
Undo applies the inverse as a new (compensating) event, but only while the event's effects are still in
place: if a later change touched the same rows, those must be undone first.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from campaigns.access import Access, is_campaign_scoped, require_member
from campaigns.errors import ConflictError, refuse
from campaigns.history_text import event_summary, message_fits, part, render_english
from campaigns.models import (
    Campaign,
    Event,
    Guild,
    UpgradePhase,
)
from campaigns.selectors.campaigns import KEPT_BY_ABANDON, is_undone, withdrawn_seqs
from campaigns.selectors.phases import hero_draft_replaced
from campaigns.selectors.snapshots import TRACKED, effects_in_place, find_row, restore_values, snapshot
from campaigns.selectors.versions import campaign_state_key
from campaigns.services.own_cards import own_cards_sync
from campaigns.services.revisions import claim_campaign_revision, claim_guild_revision


class Changes:
    """Collects the row changes one service call makes."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def _add(self, obj: models.Model, before: dict | None, after: dict | None) -> None:
        self.items.append(
            {"model": obj._meta.label_lower, "uid": str(obj.uid), "before": before, "after": after}
        )

    def create(self, model: type[models.Model], **fields: Any) -> Any:
        obj = model.objects.create(**fields)
        self._add(obj, None, snapshot(obj))
        return obj

    def update(self, obj: models.Model, **fields: Any) -> Any:
        before = snapshot(obj)
        for name, value in fields.items():
            setattr(obj, name, value)
        obj.save(update_fields=list(fields))
        after = snapshot(obj)
        if after != before:
            self._add(obj, before, after)
        return obj

    def delete(self, obj: models.Model) -> None:
        self._add(obj, snapshot(obj), None)
        obj.delete()

    def __bool__(self) -> bool:
        return bool(self.items)


def _next_seq(campaign: Campaign) -> int:
    Campaign.objects.filter(pk=campaign.pk).update(history_seq=F("history_seq") + 1)
    campaign.refresh_from_db(fields=["history_seq", "revision"])
    campaign_state_moved(campaign.pk)
    return campaign.history_seq


def campaign_state_moved(campaign_id: int) -> None:
    """The campaign changed: the answers kept for its phones' polls are not used again once the change is
    committed (a rolled-back change keeps them). Every write records an event, and so comes here; the few
    that change what a page shows without one (the owner's join codes and backups) call it themselves.
    Moved at once, so no read inside this transaction uses what was kept, and again once committed, as a
    poll answered meanwhile may have kept the state from before the change under a new token."""
    key = campaign_state_key(campaign_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def event_record(
    *,
    campaign: Campaign,
    actor: Any,
    kind: str,
    summary: str = "",
    message: str = "",
    params: dict[str, Any] | None = None,
    changes: Changes | None = None,
    guild: Guild | None = None,
    data: dict[str, Any] | None = None,
    undoes: Event | None = None,
) -> Event:
    """Store one change; `message` and `params` (`campaigns.history_text`) say it in the reader's language,
    `summary` is the English sentence (made from them when not given)."""
    if message:
        summary = render_english(message, params or {})
    return Event.objects.create(
        campaign=campaign,
        seq=_next_seq(campaign),
        kind=kind,
        summary=summary[:300],
        message=message,
        params=params or {},
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        guild=guild,
        data=data or {},
        changes=changes.items if changes else [],
        undoes=undoes,
    )


def _restore(
    campaign: Campaign, change: dict[str, Any]
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Put a row back as it was before the change; return the row's (before, after) of this restore.

    An update restores only the columns the change itself changed, so reverting several events never resets
    a column that a change it keeps (e.g. the winner's choice of the next scenario) set meanwhile."""
    model, state = TRACKED[change["model"]], change["before"]
    existing = find_row(model, campaign, change["uid"])
    current = None if existing is None else snapshot(existing)
    if state is None:
        if existing is not None:
            existing.delete()
        return current, None
    if existing is None:
        created = model.objects.create(uid=change["uid"], **restore_values(model, campaign, state))
        return None, snapshot(created)
    left = change["after"]
    changed = {k: v for k, v in state.items() if left is None or left.get(k) != v}
    values = restore_values(model, campaign, changed)
    for name, value in values.items():
        setattr(existing, name, value)
    if values:
        existing.save(update_fields=list(values))
    return current, snapshot(existing)


def inverse_changes(event: Event) -> Changes:
    """Apply the event's changes backwards (last first) and return them as changes of their own."""
    inverse = Changes()
    for change in reversed(event.changes):
        before, after = _restore(event.campaign, change)
        inverse.items.append({**change, "before": before, "after": after})
    if any(change["model"] == "campaigns.contentoverride" for change in event.changes):
        # A card typed in goes with its entry (or comes back with it); one still held refuses the undo.
        own_cards_sync(event.campaign)
    return inverse


def revert_since(campaign: Campaign, seq: int) -> tuple[Changes, list[int]]:
    """Take back every change from event `seq` on, newest first, as one set of changes; and which events
    that took back. Changes that are no part of what is abandoned stay (`KEPT_BY_ABANDON`: the winner's
    choice of the next scenario, who plays which guild), and so do those an earlier abandon took back."""
    later = (
        Event.objects.filter(campaign=campaign, seq__gte=seq)
        .exclude(changes=[])
        .select_related("undoes")
        .order_by("-seq")
    )
    reverted, seqs, withdrawn = Changes(), [], withdrawn_seqs(campaign)
    for event in later:
        kind = event.undoes.kind if event.undoes_id else event.kind
        if kind in KEPT_BY_ABANDON or event.seq in withdrawn:
            continue
        reverted.items.extend(inverse_changes(event).items)
        seqs.append(event.seq)
    return reverted, sorted(seqs)


def _fits(event: Event) -> bool:
    """The change is named by its message when its values fit it, else by its stored English."""
    return (
        bool(event.message) and isinstance(event.params, dict) and message_fits(event.message, event.params)
    )


@transaction.atomic
def apply_undo(*, event: Event, actor: Any, kind: str = "undo") -> Event:
    inverse = inverse_changes(event)
    return event_record(
        campaign=event.campaign,
        actor=actor,
        kind=kind,
        message="undid",
        params={"what": part(event.message, **event.params) if _fits(event) else event.summary},
        changes=inverse,
        # Undoing a guild's arrival removes the guild itself.
        guild=Guild.objects.filter(pk=event.guild_id).first(),
        data={"undid_seq": event.seq},
        undoes=event,
    )


def _claim_for_undo(access: Access, event: Event, revision: Any) -> None:
    # The same "who may" as the change itself (F5): the owner's kinds stay the owner's.
    refusal = access.undo_refusal(kind=event.kind, guild_id=event.guild_id, actor_id=event.actor_id)
    if refusal is not None:
        raise PermissionDenied(refusal)
    if is_campaign_scoped(event):
        claim_campaign_revision(access.campaign, revision)
    else:
        claim_guild_revision(event.guild, revision)


@transaction.atomic
def event_undo(*, access: Access, actor: Any, seq: Any, revision: Any) -> Event:
    """Undo a change by a compensating event, while nothing later has changed the same rows."""
    require_member(access)
    campaign = access.campaign
    event = Event.objects.select_related("guild").filter(campaign=campaign, seq=seq).first()
    if event is None:
        refuse("seq", _("No change #%(seq)s in this campaign.") % {"seq": seq})
    if not event.changes:
        refuse(
            "seq",
            _("Change #%(seq)s (%(summary)s) cannot be undone.")
            % {"seq": seq, "summary": event_summary(event)},
        )
    _claim_for_undo(access, event, revision)
    if (
        event.kind == "scenario-recorded"
        and UpgradePhase.objects.filter(
            play__campaign=campaign, play__number=event.data.get("number")
        ).exists()
    ):
        raise ConflictError(
            _("The upgrade phase after this scenario has begun; the owner abandons it first."),
            campaign_id=campaign.pk,
        )
    if event.kind == "hero-draft-abandoned" and hero_draft_replaced(campaign, event):
        raise ConflictError(
            _(
                "A new hero draft was dealt, heroes were chosen or the guilds changed since; undo those "
                "first."
            ),
            campaign_id=campaign.pk,
        )
    if is_undone(event):
        raise ConflictError(_("Change #%(seq)s was already undone.") % {"seq": seq}, campaign_id=campaign.pk)
    if event.seq in withdrawn_seqs(campaign):
        raise ConflictError(
            _(
                "Change #%(seq)s was taken back when its upgrade phase, live scenario or hero draft was "
                "abandoned."
            )
            % {"seq": seq},
            campaign_id=campaign.pk,
        )
    if not effects_in_place(event):
        raise ConflictError(
            _("Later changes build on #%(seq)s (%(summary)s); undo those first.")
            % {"seq": seq, "summary": event_summary(event)},
            campaign_id=campaign.pk,
        )
    return apply_undo(event=event, actor=actor, kind="undo-campaign" if is_campaign_scoped(event) else "undo")

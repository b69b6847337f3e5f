"""Creating a campaign and letting players in with join codes."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.access import Access, leave_refusal, require_owner
from campaigns.errors import refuse, rule_refusal
from campaigns.history_text import names_of
from campaigns.models import Campaign, Edition, Guild, JoinCode, Membership, SheetDocument
from campaigns.services.documents import sheet_files_delete
from campaigns.services.history import Changes, campaign_state_moved, event_record
from campaigns.services.revisions import claim_campaign_revision
from rules_helpers.names import check_visible_name

JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread across the table
JOIN_CODE_ERROR = gettext_lazy("This join code is not valid.")


@transaction.atomic
def campaign_create(*, owner: Any, name: str, edition: str, mode: str = Campaign.Mode.CAMPAIGN) -> Campaign:
    name = (name or "").strip()
    if not name:
        refuse("name", _("Give the campaign a name."))
    try:
        check_visible_name(name)
    except ValueError as exc:
        refuse("name", rule_refusal(exc))
    edition_obj = Edition.objects.filter(slug=edition).first()
    if edition_obj is None:
        refuse("edition", _("Unknown edition %(edition)s.") % {"edition": repr(edition)})
    if mode not in Campaign.Mode.values:
        refuse("mode", _("Mode is campaign or episodic."))
    campaign = Campaign.objects.create(name=name, edition=edition_obj, mode=mode, owner=owner)
    Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    event_record(
        campaign=campaign,
        actor=owner,
        kind="campaign-created",
        message="campaign-created",
        params={"name": name},
    )
    return campaign


@transaction.atomic
def join_code_create(*, access: Access, actor: Any, hours: int = 48, max_uses: int = 3) -> JoinCode:
    require_owner(access)
    if not 1 <= hours <= 24 * 14:
        refuse("hours", _("A join code lasts between 1 hour and 14 days."))
    if not 1 <= max_uses <= 10:
        refuse("max_uses", _("A join code can be used 1 to 10 times."))
    code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(8))
    join = JoinCode.objects.create(
        campaign=access.campaign,
        code=code,
        expires_at=timezone.now() + timedelta(hours=hours),
        max_uses=max_uses,
        created_by=actor,
    )
    # The owner's page lists the open codes, and a new code records no event.
    campaign_state_moved(access.campaign.pk)
    return join


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
    event_record(
        campaign=campaign,
        actor=user,
        kind="player-joined",
        message="player-joined",
        params={"user": user.get_username()},
    )
    return campaign


@transaction.atomic
def campaign_rename(*, access: Access, actor: Any, revision: Any, name: str) -> Campaign:
    """The owner renames the campaign; the history keeps the old name, and Undo puts it back."""
    require_owner(access)
    campaign = access.campaign
    name = (name or "").strip()
    if not name:
        refuse("name", _("Give the campaign a name."))
    try:
        check_visible_name(name)
    except ValueError as exc:
        refuse("name", rule_refusal(exc))
    claim_campaign_revision(campaign, revision)
    old = campaign.name
    changes = Changes()
    changes.update(campaign, name=name)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="campaign-renamed",
        message="campaign-renamed",
        params={"old": old, "name": name},
        changes=changes,
    )
    return campaign


@transaction.atomic
def share_link_renew(*, access: Access, actor: Any, revision: Any = None) -> Campaign:
    """The owner makes a new read-only share link; the old one stops working at once (404)."""
    require_owner(access)
    campaign = access.campaign
    # A share link changes nothing on the sheet, so it needs no revision (like a join code).
    token = Campaign._meta.get_field("share_token").get_default()
    Campaign.objects.filter(pk=campaign.pk).update(share_token=token)
    event_record(
        campaign=campaign,
        actor=actor,
        kind="share-link-renewed",
        message="share-link-renewed",
    )
    return campaign


@transaction.atomic
def share_link_revoke(*, access: Access, actor: Any, revision: Any = None) -> Campaign:
    """The owner turns the share link off: no link opens the sheet until a new one is made."""
    require_owner(access)
    campaign = access.campaign
    Campaign.objects.filter(pk=campaign.pk).update(share_token=None)
    event_record(campaign=campaign, actor=actor, kind="share-link-revoked", message="share-link-revoked")
    return campaign


@transaction.atomic
def campaign_delete(*, access: Access, actor: Any, revision: Any, name: str) -> None:
    """The owner deletes the campaign with everything in it (guilds, history, backups, printed sheets).
    There is no Undo, so the owner types the campaign's name, and a stale page is refused (409) rather
    than deleting a campaign the owner has not seen as it is now."""
    require_owner(access)
    campaign = access.campaign
    if " ".join((name or "").split()).casefold() != " ".join(campaign.name.split()).casefold():
        refuse("name", _("That is not the campaign's name; nothing was deleted."))
    claim_campaign_revision(campaign, revision)
    files = [f for f in SheetDocument.objects.filter(campaign=campaign).values_list("file", flat=True) if f]
    campaign_id = campaign.pk
    campaign.delete()
    campaign_state_moved(campaign_id)
    transaction.on_commit(lambda: sheet_files_delete(files))


@transaction.atomic
def campaign_leave(*, access: Access, actor: Any) -> None:
    """A player leaves the campaign: the sheet keeps their guilds and what they did, held under their name
    for the owner to hand to someone else, and the campaign no longer opens for them. It needs no revision:
    leaving changes no number, and it must work from any page, however old. A tap the player's phone still
    sends is refused (404), and a guild's old revision makes any other stale write on it a 409."""
    refusal = leave_refusal(access)
    if refusal:
        refuse("campaign", refusal)
    campaign = access.campaign
    Campaign.objects.select_for_update().filter(pk=campaign.pk).values_list("pk", flat=True).first()
    username = actor.get_username()
    held = Guild.objects.filter(campaign=campaign, player_id=access.user_id)
    colours = [g.colour for g in held.select_related("colour")]
    held.update(player=None, player_name=username[:60], revision=F("revision") + 1)
    Membership.objects.filter(campaign=campaign, user_id=access.user_id).delete()
    event_record(
        campaign=campaign,
        actor=actor,
        kind="player-left",
        message="player-left" if colours else "player-left-no-guild",
        params={"user": username, "guilds": [names_of(c) for c in colours]},
    )

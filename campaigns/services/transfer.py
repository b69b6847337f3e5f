"""Export a whole campaign (with its history) as JSON, and import it back exactly.

Rows are written as the same snapshots the history uses: no database ids, catalog records by natural key,
campaign rows by uid, people by username. So an export means the same thing in any installation.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import IntegrityError, transaction

from campaigns.errors import refuse
from campaigns.models import (
    Campaign,
    Edition,
    Event,
    Guild,
    Membership,
)
from campaigns.selectors.snapshots import restore_values
from campaigns.selectors.transfer import FORMAT, LATE_CAMPAIGN_FIELDS, ROW_MODELS, VERSION


def _check_header(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        refuse("format", f"Not a campaign export (expected format {FORMAT!r}).")
    if data.get("version") != VERSION:
        refuse("version", f"This app reads campaign exports of version {VERSION}.")
    for key, kind in (("campaign", dict), ("members", list), ("rows", dict), ("events", list)):
        if not isinstance(data.get(key), kind):
            refuse(key, f"The export's {key!r} is missing or malformed.")
    return data


def _create_campaign(data: dict[str, Any], owner: Any) -> Campaign:
    fields = {k: v for k, v in data["campaign"].items() if k not in LATE_CAMPAIGN_FIELDS}
    edition = Edition.objects.filter(slug=(fields.pop("edition", None) or [None])[0]).first()
    if edition is None:
        refuse("campaign", "The export's edition is not installed here.")
    fields.pop("owner", None)
    uid, revision = fields.pop("uid"), fields.pop("revision", 1)
    fields.pop("history_seq", None)
    values = restore_values(Campaign, Campaign(pk=0), fields)
    campaign = Campaign.objects.create(uid=uid, edition=edition, owner=owner, revision=revision, **values)
    Campaign.objects.filter(pk=campaign.pk).update(created_at=values.get("created_at") or campaign.created_at)
    return campaign


def _members(campaign: Campaign, data: dict[str, Any], owner: Any) -> None:
    Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    names = {m.get("user") for m in data["members"] if isinstance(m, dict)} - {owner.get_username()}
    for user in get_user_model().objects.filter(username__in=names):
        Membership.objects.create(campaign=campaign, user=user, role=Membership.Role.PLAYER)


def _load_rows(campaign: Campaign, data: dict[str, Any]) -> None:
    for model in ROW_MODELS:
        for row in data["rows"].get(model._meta.model_name, []):
            fields = dict(row)
            uid = fields.pop("uid")
            model.objects.create(uid=uid, **restore_values(model, campaign, fields))
    late = {k: data["campaign"].get(k) for k in LATE_CAMPAIGN_FIELDS}
    for name, value in restore_values(Campaign, campaign, late).items():
        setattr(campaign, name, value)
    campaign.save(update_fields=list(LATE_CAMPAIGN_FIELDS))


def _load_events(campaign: Campaign, data: dict[str, Any]) -> None:
    users = get_user_model().objects
    by_seq: dict[int, Event] = {}
    for entry in sorted(data["events"], key=lambda e: e["seq"]):
        event = Event.objects.create(
            campaign=campaign,
            seq=entry["seq"],
            kind=entry["kind"],
            summary=entry["summary"],
            actor=users.filter(username=entry.get("actor")).first() if entry.get("actor") else None,
            guild=Guild.objects.filter(campaign=campaign, uid=entry["guild"]).first()
            if entry.get("guild")
            else None,
            data=entry.get("data") or {},
            changes=entry.get("changes") or [],
            undoes=by_seq.get(entry["undoes"]) if entry.get("undoes") else None,
        )
        Event.objects.filter(pk=event.pk).update(created_at=entry["created_at"])
        by_seq[event.seq] = event


@transaction.atomic
def campaign_import(*, owner: Any, data: Any) -> Campaign:
    """Recreate an exported campaign, owned by the importer; a malformed export changes nothing."""
    data = _check_header(data)
    try:
        with transaction.atomic():
            campaign = _create_campaign(data, owner)
            _members(campaign, data, owner)
            _load_rows(campaign, data)
            _load_events(campaign, data)
            # The next event must follow the last imported one, whatever the export's counter says.
            last = max((e["seq"] for e in data["events"]), default=0)
            seq = max(last, data["campaign"].get("history_seq") or 0)
            Campaign.objects.filter(pk=campaign.pk).update(history_seq=seq)
    except (KeyError, TypeError, ValueError, AttributeError, ObjectDoesNotExist, IntegrityError) as exc:
        raise ValidationError(
            {"rows": [f"The export could not be read: {exc.__class__.__name__}: {exc}"]}
        ) from exc
    campaign.refresh_from_db()
    return campaign

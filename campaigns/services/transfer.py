"""Import a campaign export as a new campaign, or restore a backup over a campaign in place.

Rows are written as the same snapshots the history uses: no database ids, catalog records by natural key,
campaign rows by uid, people by username. The document is validated first (`selectors.transfer_schema`),
then each reference is resolved inside the new campaign and each row's constraints checked, all in one
transaction: a refused import changes nothing.

Who comes along (F3):
- A restore: the importer is the owner named in a full backup this installation signed. Its members are
  re-attached (their accounts still exist), guilds keep their players, history keeps its actors.
- Any other import: the importer is the only member and the owner. Guilds whose player is not the importer
  are left open for the players to claim after joining with a code; history actors other than the
  importer are names only (`Event.actor_name`), never linked to an account.
Revisions are kept (a restore never moves them back), so a write based on a revision from before the
export is refused with 409 afterwards.

Content overrides are rows of the campaign like the others: loaded first (a card typed in at the table is
a card of this campaign, which inventories point at), each checked as it was entered. A restore takes
back the entries made after the backup in an event of its own, which undoes like any other (G5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import DatabaseError, connection, models, transaction
from django.db.models.functions import Greatest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaigns.access import Access, require_owner
from campaigns.errors import refuse
from campaigns.models import (
    Campaign,
    ContentOverride,
    Edition,
    Event,
    Guild,
    HeroDraftRecord,
    Membership,
    ScenarioPlay,
    UpgradeCard,
    UpgradePhase,
)
from campaigns.selectors.overrides import campaign_card_by_key, check_target, clean_override_fields
from campaigns.selectors.snapshots import CAMPAIGN_PATHS, find_row, snapshot
from campaigns.selectors.transfer import LATE_CAMPAIGN_FIELDS, ROW_MODELS, attested_members
from campaigns.selectors.transfer_schema import validate_document
from campaigns.services.history import Changes, campaign_state_moved, event_record
from campaigns.services.own_cards import own_cards_sync
from campaigns.services.revisions import claim_campaign_revision

# The campaign row's own columns a backup sets (its edition, owner and uid stay the campaign's).
RESTORED_FIELDS = ("name", "mode", "finished_at")
LOAD_FAILED = gettext_lazy(
    "The export could not be loaded: its rows contradict each other or this installation's content "
    "(for example two guilds in one seat, or a hero in two guilds)."
)


def campaign_import(*, owner: Any, data: Any, progress: Callable[[int], None] | None = None) -> Campaign:
    """Recreate an exported campaign owned by the importer; a refused export changes nothing.
    `progress` hears the percentage done (a background import shows it to the importer)."""
    report = progress or (lambda percent: None)
    document = validate_document(data)
    report(30)
    statement = attested_members(document)
    restoring = statement is not None and statement["owner"] == owner.get_username()
    names = set(statement["members"]) - {owner.get_username()} if restoring else set()
    try:
        with transaction.atomic():
            campaign = _create_campaign(document, owner)
            Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
            for user in get_user_model().objects.filter(username__in=names):
                Membership.objects.create(campaign=campaign, user=user, role=Membership.Role.PLAYER)
            # Only the importer's own account (and, in a restore, the attested members') may be linked.
            linked = names | {owner.get_username()}
            _load(campaign, document, linked=linked, revisions={}, progress=report)
            last = max((e["seq"] for e in document["events"]), default=0)
            seq = max(last, document["campaign"]["history_seq"])
            Campaign.objects.filter(pk=campaign.pk).update(history_seq=seq)
            campaign_state_moved(campaign.pk)
    except DatabaseError as exc:
        raise ValidationError({"rows": [LOAD_FAILED]}) from exc
    campaign.refresh_from_db()
    return campaign


@transaction.atomic
def campaign_restore(*, access: Access, actor: Any, revision: Any, document: Any) -> Campaign:
    """Put a campaign back as a backup has it, in place: same page, same members, revisions only forward."""
    require_owner(access)
    campaign = access.campaign
    claim_campaign_revision(campaign, revision)
    # The installation's own backup: its values are checked, its size is the campaign's (a long history
    # restores as it was kept).
    document = validate_document(document, sized=False)
    if document["campaign"]["edition"] != list(campaign.edition.natural_key()):
        refuse("backup", _("This backup is of a campaign of another edition."))
    kept = {
        str(uid): rev for uid, rev in Guild.objects.filter(campaign=campaign).values_list("uid", "revision")
    }
    seq_before = campaign.history_seq
    members = set(Membership.objects.filter(campaign=campaign).values_list("user__username", flat=True))
    entries_before = _entries(campaign)
    try:
        with transaction.atomic():
            _clear(campaign)
            values = _values(Campaign, campaign, document["campaign"], "campaign", RESTORED_FIELDS)
            Campaign.objects.filter(pk=campaign.pk).update(**values)
            _load(campaign, document, linked=members, revisions=kept)
    except DatabaseError as exc:
        raise ValidationError({"backup": [LOAD_FAILED]}) from exc
    last = max((e["seq"] for e in document["events"]), default=0)
    Campaign.objects.filter(pk=campaign.pk).update(
        history_seq=max(seq_before, last),
        revision=Greatest(models.F("revision"), document["campaign"]["revision"] + 1),
    )
    campaign.refresh_from_db()
    event_record(
        campaign=campaign,
        actor=actor,
        kind="campaign-restored",
        message="restored",
        params={"seq": last},
    )
    _record_entries_taken_back(campaign, actor, entries_before)
    campaign.refresh_from_db()
    return campaign


def _entries(campaign: Campaign) -> dict[str, dict[str, Any]]:
    return {str(o.uid): snapshot(o) for o in ContentOverride.objects.filter(campaign=campaign)}


def _record_entries_taken_back(campaign: Campaign, actor: Any, before: dict[str, dict[str, Any]]) -> None:
    """The content entries the restore took back (made after the backup) or changed, as one undoable
    event: undoing it puts them back. Removals are listed first, so the undo (last first) takes out what
    the backup brought before it puts back an entry of the same record."""
    after = _entries(campaign)
    model = ContentOverride._meta.label_lower
    changes = Changes()
    for uid in sorted(before.keys() - after.keys()):
        changes.items.append({"model": model, "uid": uid, "before": before[uid], "after": None})
    for uid in sorted(before.keys() & after.keys()):
        if before[uid] != after[uid]:
            changes.items.append({"model": model, "uid": uid, "before": before[uid], "after": after[uid]})
    for uid in sorted(after.keys() - before.keys()):
        changes.items.append({"model": model, "uid": uid, "before": None, "after": after[uid]})
    if not changes:
        return
    event_record(
        campaign=campaign,
        actor=actor,
        kind="content-restored",
        changes=changes,
        message="content-restored",
        params={"count": len(changes.items)},
    )
    campaign.refresh_from_db()


def _create_campaign(document: dict[str, Any], owner: Any) -> Campaign:
    data = document["campaign"]
    edition = Edition.objects.filter(slug=data["edition"][0]).first()
    if edition is None:
        refuse("campaign", _("The export's edition is not installed here."))
    values = _values(Campaign, Campaign(pk=0), data, "campaign", (*RESTORED_FIELDS, "created_at"))
    created_at = values.pop("created_at")
    campaign = Campaign.objects.create(
        uid=data["uid"], edition=edition, owner=owner, revision=data["revision"], **values
    )
    Campaign.objects.filter(pk=campaign.pk).update(created_at=created_at)
    return campaign


def _clear(campaign: Campaign) -> None:
    """Every row a backup holds, gone (the campaign row, its members and its backups stay). Its own cards
    follow its content entries once the backup's are loaded (`own_cards_sync`)."""
    Event.objects.filter(campaign=campaign).delete()
    Guild.objects.filter(campaign=campaign).delete()
    ScenarioPlay.objects.filter(campaign=campaign).delete()
    UpgradePhase.objects.filter(campaign=campaign).delete()
    HeroDraftRecord.objects.filter(campaign=campaign).delete()
    ContentOverride.objects.filter(campaign=campaign).delete()


def _load(
    campaign: Campaign,
    document: dict[str, Any],
    *,
    linked: set[str],
    revisions: dict[str, int],
    progress: Callable[[int], None] | None = None,
) -> None:
    """The rows, then the late campaign fields, then the history. `linked`: usernames whose accounts the
    rows and history may point at (members only); `revisions`: guild revisions to stay above."""
    for model in ROW_MODELS:
        name = model._meta.model_name
        for index, row in enumerate(document["rows"].get(name, [])):
            fields = {k: v for k, v in row.items() if k not in ("uid", "revision")}
            path = f"rows.{name}[{index}]"
            obj = model(uid=row["uid"], **_values(model, campaign, fields, path, fields, linked))
            if model is Guild:
                obj.revision = max(row.get("revision", 1), revisions.get(row["uid"], 0) + 1)
            _check_constraints(obj, path)
            if model is ScenarioPlay:
                _check_replay(campaign, obj, path)
            if model is ContentOverride:
                _check_entry(campaign, obj, path)
            obj.save(force_insert=True)
        if model is ContentOverride:
            # The cards typed in at the table, before the inventories that hold them.
            own_cards_sync(campaign)
    late = _values(Campaign, campaign, document["campaign"], "campaign", LATE_CAMPAIGN_FIELDS)
    Campaign.objects.filter(pk=campaign.pk).update(**late)
    if progress is not None:
        progress(50)
    _load_events(campaign, document["events"], linked)
    if progress is not None:
        progress(95)


def _values(
    model: type[models.Model],
    campaign: Campaign,
    data: dict[str, Any],
    path: str,
    names: Any,
    linked: set[str] | None = None,
) -> dict[str, Any]:
    """Columns as the model takes them: references resolved inside this campaign, or refused."""
    values = {}
    for name in names:
        field = model._meta.get_field(name)
        values[name] = _value(field, campaign, data.get(name), f"{path}.{name}", linked or set())
    return values


def _value(field: models.Field, campaign: Campaign, value: Any, path: str, linked: set[str]) -> Any:
    if value is None:
        return None
    if not field.is_relation:
        return field.to_python(value)
    target = field.related_model
    if target is UpgradeCard:
        # The edition's card, or one this campaign typed in; never another campaign's (G2).
        card = campaign_card_by_key(campaign, value)
        if card is None:
            refuse(
                "rows",
                _("%(path)s: %(values)s is not in this installation's content.")
                % {"path": path, "values": "/".join(map(str, value))},
            )
        return card
    if target in CAMPAIGN_PATHS:
        row = find_row(target, campaign, value)
        if row is None:
            refuse(
                "rows",
                _("%(path)s: refers to a row the export does not hold (or holds later).") % {"path": path},
            )
        return row
    if target is get_user_model():
        # Accounts only of this campaign's members, and only those the import may link (F3).
        if value not in linked:
            return None
        return target.objects.filter(username=value, memberships__campaign=campaign).first()
    try:
        record = target._default_manager.get_by_natural_key(*value)
    except (ObjectDoesNotExist, TypeError, ValueError):
        refuse(
            "rows",
            _("%(path)s: %(values)s is not in this installation's content.")
            % {"path": path, "values": "/".join(map(str, value))},
        )
    if getattr(record, "edition_id", campaign.edition_id) != campaign.edition_id:
        refuse(
            "rows",
            _("%(path)s: %(values)s belongs to another edition.")
            % {"path": path, "values": "/".join(map(str, value))},
        )
    return record


def _check_replay(campaign: Campaign, play: ScenarioPlay, path: str) -> None:
    """A campaign plays each scenario once (RB:392-412); only episodic games replay one (GF:298)."""
    episodic = campaign.mode == Campaign.Mode.EPISODIC
    if not episodic and ScenarioPlay.objects.filter(campaign=campaign, scenario=play.scenario_id).exists():
        refuse("rows", _("%(path)s: a campaign plays each scenario once.") % {"path": path})


def _check_entry(campaign: Campaign, entry: ContentOverride, path: str) -> None:
    """A content entry as it was entered: its fields within their bounds, naming a record of the edition
    (or a card missing from the deck, in full)."""
    try:
        fields = clean_override_fields(entry.kind, entry.fields)
        check_target(campaign.edition, entry.kind, entry.target, fields, kept=True)
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items()))
        refuse(
            "rows",
            _("%(path)s.%(field)s: %(values)s")
            % {"path": path, "field": field, "values": " ".join(messages)},
        )


def _check_constraints(obj: models.Model, path: str) -> None:
    try:
        obj.validate_constraints()
    except ValidationError as exc:
        refuse("rows", _("%(path)s: %(values)s") % {"path": path, "values": " ".join(exc.messages)})


def _load_events(campaign: Campaign, entries: list[dict[str, Any]], linked: set[str]) -> None:
    """The history in bulk (a long campaign has thousands of changes); then the dates and undo links."""
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=linked)}
    guilds = {str(g.uid): g for g in Guild.objects.filter(campaign=campaign)}
    events = [
        Event(
            campaign=campaign,
            seq=entry["seq"],
            kind=entry["kind"],
            summary=entry["summary"],
            message=entry.get("message", ""),
            params=entry.get("params", {}),
            actor=users.get(entry["actor"]),
            actor_name="" if entry["actor"] in users else (entry["actor"] or ""),
            guild=guilds.get(entry["guild"]) if entry["guild"] else None,
            data=entry["data"],
            changes=entry["changes"],
        )
        for entry in entries
    ]
    Event.objects.bulk_create(events, batch_size=500)
    # The dates and undo links in one statement per change: bulk_update's CASE expressions cost seconds
    # for a long history, and created_at is set on insert (auto_now_add) whatever the object holds.
    pks = dict(Event.objects.filter(campaign=campaign).values_list("seq", "pk"))
    adapt = connection.ops.adapt_datetimefield_value
    rows = [
        (
            adapt(models.DateTimeField().to_python(entry["created_at"])),
            pks[entry["undoes"]] if entry["undoes"] else None,
            pks[entry["seq"]],
        )
        for entry in entries
    ]
    quote, meta = connection.ops.quote_name, Event._meta
    created, undoes = (quote(meta.get_field(name).column) for name in ("created_at", "undoes"))
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {created} = %s, {undoes} = %s WHERE {quote(meta.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)

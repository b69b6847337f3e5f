"""Backups that always restore (security probe 2: G5, G7, G8, and F3, F9's leftovers).

Every backup, automatic or downloaded, puts the campaign back as it was taken, its own content included; a
restore of an older one takes back the entries made since in an event that undoes; the signature covers
every row and event; values at a column's top and history the pages cannot read are refused on import
(400 naming the value), never stored to break a later write or page. A refused file leaves the database,
and so every campaign's export, history and revisions, exactly as before.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from campaigns.models import Campaign, CampaignBackup, ContentOverride, Event, Membership, UpgradeCard
from campaigns.selectors import transfer_schema
from campaigns.selectors.campaigns import allowed_next_scenarios, campaign_for_sheet
from campaigns.selectors.overrides import own_card_slug
from campaigns.selectors.transfer import campaign_export
from campaigns.services import backups
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/campaigns/import/"
TYPED = {"name": "Bone Wand", "deck": "level-2", "cost": 4}
LINES = [result_line("yellow", winner=True, coins=2), result_line("teal", coins=1)]


def api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def ana() -> Any:
    return UserFactory(username="ana")


@pytest.fixture
def ben() -> Any:
    return UserFactory(username="ben")


@pytest.fixture
def campaign(ana: Any, ben: Any) -> Campaign:
    return build_campaign(ana, guilds={"yellow": None, "teal": ben}, name="Ana's")


def enter(user: Any, campaign: Campaign, kind: str, target: str, fields: dict[str, Any]) -> None:
    response = api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/content/",
        {"kind": kind, "target": target, "fields": fields},
        format="json",
    )
    assert response.status_code == 201, response.json()


def give(user: Any, campaign: Campaign, card: str, colour: str = "yellow", hero: str = "diana") -> None:
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    response = api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/cards/",
        {"card": card, "hero": hero, "revision": revision},
        format="json",
    )
    assert response.status_code == 200, response.json()


def restore(user: Any, campaign: Campaign, backup: CampaignBackup) -> Any:
    return api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/backups/restore/",
        {"backup": backup.pk, "revision": refreshed(campaign).revision},
        format="json",
    )


def backup_now(campaign: Campaign, reason: str = "scenario-recorded") -> CampaignBackup:
    taken = backups.campaign_backup_create(campaign_id=campaign.pk, reason=reason)
    assert taken is not None
    return taken


def as_kept(document: dict[str, Any]) -> dict[str, Any]:
    """What a restore brings back exactly: the rows (guild revisions only move forward) and the history
    up to the backup, the members and the campaign's own values."""
    rows = {
        name: [{k: v for k, v in row.items() if not (name == "guild" and k == "revision")} for row in entries]
        for name, entries in document["rows"].items()
    }
    values = {k: v for k, v in document["campaign"].items() if k not in ("revision", "history_seq")}
    return {"campaign": values, "members": document["members"], "rows": rows}


def restored_as(campaign: Campaign, backup: CampaignBackup) -> None:
    now = campaign_export(campaign=refreshed(campaign))
    assert as_kept(now) == as_kept(backup.document)
    kept = backup.document["events"]
    assert now["events"][: len(kept)] == kept
    assert [e["kind"] for e in now["events"][len(kept) :]][:1] == ["campaign-restored"]


def state(campaign: Campaign) -> str:
    return json.dumps(campaign_export(campaign=refreshed(campaign)), sort_keys=True)


@pytest.fixture
def with_content(ana: Any, campaign: Campaign) -> Campaign:
    """A typed card Yellow holds, a card's corrected cost, a monster's stats, a die's faces (a list) and
    whether a Spawn token shows a pair (a flag): the campaign's own."""
    enter(ana, campaign, "upgrade-card", "bone-wand", TYPED)
    give(ana, campaign, own_card_slug(campaign, "bone-wand"))
    enter(ana, campaign, "upgrade-card", "ghastly-bow", {"cost": 9})
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 7})
    enter(ana, campaign, "die", "attack", {"faces": ["melee", "melee", "melee", "melee", "crit", "blank"]})
    enter(ana, campaign, "spawn-pair", "ranged-crit", {"has_token": False})
    return refreshed(campaign)


# --- G5: backups with content overrides restore ---------------------------------------------------------


def test_a_backup_taken_after_content_was_entered_restores_as_it_was(ana, with_content):
    """G5: the probe's backup 8 (after the overrides) answered 400; now it puts the campaign back."""
    campaign = with_content
    taken = backup_now(campaign)
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 9})
    give(ana, campaign, own_card_slug(campaign, "bone-wand"), hero="mark")
    response = restore(ana, campaign, taken)
    assert response.status_code == 200, response.json()
    restored_as(campaign, taken)
    card = UpgradeCard.objects.get(campaign=campaign)
    assert (card.name, card.cost) == ("Bone Wand", 4)
    assert campaign.guilds.get(colour__slug="yellow").cards.filter(card=card).count() == 1


def test_the_automatic_backup_before_a_restore_restores_too(ana, campaign):
    """G5: after restoring an older backup, the "before-restore" one (holding the overrides and the typed
    card Yellow holds) restores: the campaign is back as it was before the first restore."""
    older = backup_now(campaign)
    enter(ana, campaign, "upgrade-card", "bone-wand", TYPED)
    give(ana, campaign, own_card_slug(campaign, "bone-wand"))
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 7})
    before_all = campaign_export(campaign=refreshed(campaign))
    assert restore(ana, campaign, older).status_code == 200
    assert not UpgradeCard.objects.filter(campaign=campaign).exists()
    safety = CampaignBackup.objects.get(campaign=campaign, reason="before-restore")
    assert len(safety.document["rows"]["contentoverride"]) == 2
    response = restore(ana, campaign, safety)
    assert response.status_code == 200, response.json()
    assert as_kept(campaign_export(campaign=refreshed(campaign))) == as_kept(before_all)
    card = UpgradeCard.objects.get(campaign=campaign)
    assert campaign.guilds.get(colour__slug="yellow").cards.filter(card=card).exists()


def test_restoring_an_older_backup_takes_back_later_entries_in_an_undoable_event(ana, campaign):
    """G5: the entries made after the backup (and the card one typed in) are gone after the restore, in an
    event of their own; its undo puts them back."""
    taken = backup_now(campaign)
    enter(ana, campaign, "upgrade-card", "bone-wand", TYPED)
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 7})
    response = restore(ana, campaign, taken)
    assert response.status_code == 200, response.json()
    assert not ContentOverride.objects.filter(campaign=campaign).exists()
    assert not UpgradeCard.objects.filter(campaign=campaign).exists()
    event = Event.objects.filter(campaign=campaign).latest("seq")
    assert event.kind == "content-restored" and "2 content entries" in event.summary
    history = api(ana).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    shown = next(entry for entry in history if entry["seq"] == event.seq)
    assert shown["undoable"] is True
    undo = api(ana).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": event.seq, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert undo.status_code == 200, undo.json()
    targets = set(ContentOverride.objects.filter(campaign=campaign).values_list("target", flat=True))
    assert targets == {"bone-wand", "cerberus/2-3"}
    assert UpgradeCard.objects.get(campaign=campaign).name == "Bone Wand"


def test_a_player_cannot_undo_what_the_owners_restore_took_back(ana, ben, campaign, snapshot):
    taken = backup_now(campaign)
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 7})
    restore(ana, campaign, taken)
    event = Event.objects.filter(campaign=campaign).latest("seq")
    before = snapshot()
    refused = api(ben).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": event.seq, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert refused.status_code == 403
    assert snapshot() == before


def test_a_backup_after_a_recorded_scenario_with_content_restores(
    ana, with_content, django_capture_on_commit_callbacks
):
    """G5: the automatic backup after a scenario (holding the overrides) restores."""
    with django_capture_on_commit_callbacks(execute=True):
        campaign = record(ana, with_content, "ferry-of-the-dead", LINES)
    taken = CampaignBackup.objects.get(campaign=campaign, reason="scenario-recorded")
    assert len(taken.document["rows"]["contentoverride"]) == 5
    enter(ana, campaign, "monster-level", "harpy/2-3", {"life": 5})
    response = restore(ana, campaign, taken)
    assert response.status_code == 200, response.json()
    restored_as(campaign, taken)


def test_a_kept_backup_longer_than_an_upload_restores(ana, campaign, monkeypatch):
    """A campaign's own backup restores however long its history grew; a file that long is refused."""
    taken = backup_now(campaign)
    monkeypatch.setattr(transfer_schema, "MAX_EVENTS", 2)
    assert len(taken.document["events"]) > 2
    assert restore(ana, campaign, taken).status_code == 200
    refused = api(ana).post(IMPORT, taken.document, format="json")
    assert refused.status_code == 400 and "at most 2" in json.dumps(refused.json())


def test_a_pack_import_never_makes_more_entries_than_a_backup_holds(ana, campaign, snapshot, monkeypatch):
    """G5: the probe's campaign with 2,007 overrides could not restore its own backup; a campaign now keeps
    at most as many entries as a backup restores."""
    from campaigns.services import overrides

    monkeypatch.setattr(overrides, "MAX_CONTENT_OVERRIDES", 2)
    enter(ana, campaign, "monster-level", "cerberus/2-3", {"life": 7})
    pack = {
        "format": "inferno-companion-content",
        "version": 1,
        "edition": "inferno",
        "records": [
            {"kind": "monster-level", "target": "cerberus/2-3", "fields": {"life": 8}},
            {"kind": "monster-level", "target": "harpy/2-3", "fields": {"life": 5}},
            {"kind": "monster-level", "target": "harpy/4-5", "fields": {"life": 6}},
        ],
    }
    before, exported = snapshot(), state(campaign)
    response = api(ana).post(f"/api/v1/campaigns/{campaign.pk}/content/import/", pack, format="json")
    assert response.status_code == 400 and "at most 2" in json.dumps(response.json()), response.json()
    assert snapshot() == before and state(campaign) == exported
    one = api(ana).post(
        f"/api/v1/campaigns/{campaign.pk}/content/",
        {"kind": "monster-level", "target": "harpy/2-3", "fields": {"life": 5}},
        format="json",
    )
    assert one.status_code == 201
    too_many = api(ana).post(
        f"/api/v1/campaigns/{campaign.pk}/content/",
        {"kind": "monster-level", "target": "harpy/4-5", "fields": {"life": 6}},
        format="json",
    )
    assert too_many.status_code == 400 and "records" in too_many.json()


# --- F3: the signature covers the whole document ---------------------------------------------------------


@pytest.fixture
def eves_backup(campaign: Campaign) -> dict[str, Any]:
    """Eve's campaign (Mallory plays Teal), one scenario played, exported in full by Eve."""
    eve, mallory = UserFactory(username="eve"), UserFactory(username="mallory")
    own = build_campaign(eve, guilds={"yellow": None, "teal": mallory}, name="Eve's")
    own = record(eve, own, "ferry-of-the-dead", LINES)
    return api(eve).get(f"/api/v1/campaigns/{own.pk}/export/?full=1").json()


def test_an_edited_signed_backup_imports_as_a_copy_attaching_nobody(eves_backup, snapshot):
    """F3: both guilds "played by mallory" and every event "by mallory" in Eve's signed backup: the
    signature no longer holds, so the file is a copy of Eve's alone."""
    eve, mallory = UserFactory(username="eve"), UserFactory(username="mallory")
    document = copy.deepcopy(eves_backup)
    for guild in document["rows"]["guild"]:
        guild["player"] = "mallory"
    for event in document["events"]:
        event["actor"] = "mallory"
    document["events"][-1]["summary"] = "mallory: I give all my gold to eve"
    response = api(eve).post(IMPORT, document, format="json")
    assert response.status_code == 201, response.json()
    copy_id = response.json()["id"]
    assert list(Membership.objects.filter(campaign_id=copy_id).values_list("user__username", flat=True)) == [
        "eve"
    ]
    assert copy_id not in [c["id"] for c in api(mallory).get("/api/v1/campaigns/").json()]
    imported = Campaign.objects.get(pk=copy_id)
    assert not imported.guilds.exclude(player=None).exists()
    assert not Event.objects.filter(campaign=imported).exclude(actor=None).exists()


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["rows"]["guild"][0].update(saved_coins=1),
        lambda d: d["events"][-1].update(summary="changed"),
        lambda d: d["campaign"].update(name="Renamed"),
        lambda d: d.update(notice="changed"),
    ],
    ids=["a row", "an event", "the campaign", "the notice"],
)
def test_a_change_anywhere_in_a_signed_backup_makes_it_a_copy(eves_backup, edit):
    eve = UserFactory(username="eve")
    document = copy.deepcopy(eves_backup)
    edit(document)
    response = api(eve).post(IMPORT, document, format="json")
    assert response.status_code == 201, response.json()
    assert not Membership.objects.filter(campaign_id=response.json()["id"], user__username="mallory").exists()


def test_an_unchanged_backup_kept_in_the_database_still_restores_its_members(ana, ben, campaign):
    """The signature holds however the keys come back (PostgreSQL's jsonb reorders them): the owner's
    import of the kept backup re-attaches Ben, who plays Teal again."""
    taken = backup_now(campaign)
    document = CampaignBackup.objects.get(pk=taken.pk).document
    refreshed(campaign).delete()
    response = api(ana).post(IMPORT, json.loads(json.dumps(document)), format="json")
    assert response.status_code == 201, response.json()
    new = Campaign.objects.get(pk=response.json()["id"])
    assert Membership.objects.filter(campaign=new, user=ben).exists()
    assert new.guilds.get(colour__slug="teal").player == ben


# --- G7, F9: values at the column's top are refused -----------------------------------------------------

TOP = 2**31 - 1


def _last_event_seq(document: dict[str, Any]) -> None:
    document["events"][-1]["seq"] = TOP


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d["campaign"].update(revision=TOP), "campaign.revision"),
        (lambda d: d["campaign"].update(history_seq=TOP), "campaign.history_seq"),
        (lambda d: d["rows"]["guild"][0].update(revision=TOP), "rows.guild[0].revision"),
        (_last_event_seq, ".seq"),
    ],
    ids=["campaign revision", "history number", "guild revision", "last event number"],
)
def test_a_counter_at_the_columns_top_is_refused(eves_backup, snapshot, edit, path):
    """G7: 2**31-1 made every later write fail on PostgreSQL; it is refused, naming the value."""
    document = copy.deepcopy(eves_backup)
    edit(document)
    before = snapshot()
    response = api(UserFactory(username="eve")).post(IMPORT, document, format="json")
    assert response.status_code == 400, response.json()
    assert path in json.dumps(response.json()) and f"to {transfer_schema.MAX_COUNTER}" in json.dumps(
        response.json()
    )
    assert snapshot() == before


@pytest.mark.services
def test_counters_at_the_import_limit_leave_room_for_later_writes(postgres, eves_backup):
    """G7 on PostgreSQL: an import at the largest counters it accepts still takes the next writes."""
    eve = UserFactory(username="eve")
    document = copy.deepcopy(eves_backup)
    top = transfer_schema.MAX_COUNTER
    document["campaign"]["revision"] = top
    for guild in document["rows"]["guild"]:
        guild["revision"] = top
    document["events"][-1]["seq"] = top
    document["campaign"]["history_seq"] = top
    response = api(eve).post(IMPORT, document, format="json")
    assert response.status_code == 201, response.json()
    copy_id = response.json()["id"]
    following = sorted(allowed_next_scenarios(campaign_for_sheet(campaign_id=copy_id)))[0]
    chosen = api(eve).post(
        f"/api/v1/campaigns/{copy_id}/next-scenario/", {"scenario": following, "revision": top}, format="json"
    )
    assert chosen.status_code == 200, chosen.json()
    assert Campaign.objects.get(pk=copy_id).revision == top + 1
    coins = api(eve).post(
        f"/api/v1/campaigns/{copy_id}/guilds/yellow/saved-coins/",
        {"coins": 1, "revision": top},
        format="json",
    )
    assert coins.status_code == 200, coins.json()
    assert Campaign.objects.get(pk=copy_id).history_seq == top + 2
    assert connection.vendor == "postgresql"


# --- G8, F9: history the app could not read back is refused ---------------------------------------------


def _nested_params(document: dict[str, Any]) -> None:
    document["events"][-1]["message"] = "undid"
    document["events"][-1]["params"] = {"what": {"msg": "undid", "params": "x"}}


def _unknown_inner_message(document: dict[str, Any]) -> None:
    document["events"][-1]["message"] = "undid"
    document["events"][-1]["params"] = {"what": {"msg": "no-such-message"}}


def _odd_value(document: dict[str, Any]) -> None:
    document["events"][-1]["params"] = {**document["events"][-1]["params"], "guild": {"evil": 1}}


def _reverted_number(document: dict[str, Any]) -> None:
    document["events"][-1]["data"] = {"reverted": 5}


def _reverted_later(document: dict[str, Any]) -> None:
    document["events"][0]["data"] = {"reverted": [document["events"][-1]["seq"]]}


def _scenario_number_list(document: dict[str, Any]) -> None:
    document["events"][-1]["data"] = {"number": [1]}


def _change_of_a_missing_guild(document: dict[str, Any]) -> None:
    change = next(c for e in document["events"] for c in e["changes"] if c["model"] == "campaigns.guildhero")
    state = change["after"] or change["before"]
    state["guild"] = "00000000-0000-4000-8000-000000000000"


def _owner_moved_by_history(document: dict[str, Any]) -> None:
    """A change whose undo would hand the campaign to Mallory."""
    row = {k: v for k, v in document["campaign"].items() if k not in ("uid", "revision", "history_seq")}
    change = {"model": "campaigns.campaign", "uid": document["campaign"]["uid"], "after": row}
    document["events"][-1]["changes"].append({**change, "before": {**row, "owner": "mallory"}})


HISTORY = [
    ("a summary's inner values that are not an object (G8)", _nested_params, "events[", "params.what.params"),
    ("an inner message the app does not know", _unknown_inner_message, "events[", "params.what"),
    ("a value of a kind no summary shows", _odd_value, "events[", "params.guild"),
    ("abandoned changes as a number", _reverted_number, "events[", "data.reverted"),
    ("abandoned changes that come later", _reverted_later, "events[0]", "data.reverted"),
    ("a scenario number as a list", _scenario_number_list, "events[", "data.number"),
    ("a change of a guild the export does not hold", _change_of_a_missing_guild, "changes[", ".guild"),
    ("a change that moves the campaign's owner", _owner_moved_by_history, "changes[", "before.owner"),
]


@pytest.mark.parametrize(("name", "edit", "where", "field"), HISTORY, ids=[h[0] for h in HISTORY])
def test_history_the_app_could_not_read_back_is_refused(
    eves_backup, campaign, snapshot, name, edit, where, field
):
    document = copy.deepcopy(eves_backup)
    edit(document)
    before, exported = snapshot(), state(campaign)
    response = api(UserFactory(username="eve")).post(IMPORT, document, format="json")
    assert response.status_code == 400, response.content[:300]
    said = json.dumps(response.json())
    assert where in said and field in said, said
    assert snapshot() == before and state(campaign) == exported


def test_history_stored_before_the_checks_still_shows_and_undoes(ana, campaign):
    """Odd values already in a database (the probe's campaign 34) no longer break the pages: the history
    shows the stored English, and the change still undoes."""
    guild = refreshed(campaign).guilds.get(colour__slug="yellow")
    api(ana).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild.revision},
        format="json",
    )
    event = Event.objects.filter(campaign=campaign).latest("seq")
    Event.objects.filter(pk=event.pk).update(
        message="undid", params={"what": {"msg": "undid", "params": "x"}}, summary="Yellow saves 1 coin"
    )
    Event.objects.create(
        campaign=campaign,
        seq=event.seq + 1,
        kind="content-entered",
        summary="an older wording",
        message="scenario-recorded",
        params={"number": 1},
    )
    Campaign.objects.filter(pk=campaign.pk).update(history_seq=event.seq + 1)
    browser = APIClient()
    browser.force_login(ana)
    for url in (f"/campaigns/{campaign.pk}/", f"/campaigns/{campaign.pk}/history/"):
        assert browser.get(url).status_code == 200, url
    listed = api(ana).get(f"/api/v1/campaigns/{campaign.pk}/history/")
    assert listed.status_code == 200
    shown = {entry["seq"]: entry["summary"] for entry in listed.json()}
    assert shown[event.seq] == "Yellow saves 1 coin" and shown[event.seq + 1] == "an older wording"
    undo = api(ana).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": event.seq, "revision": refreshed(campaign).guilds.get(colour__slug="yellow").revision},
        format="json",
    )
    assert undo.status_code == 200, undo.json()
    assert refreshed(campaign).guilds.get(colour__slug="yellow").saved_coins == 0


# --- A whole campaign: every automatic backup restores ----------------------------------------------------


@pytest.mark.slow
def test_every_automatic_backup_of_a_whole_campaign_restores_as_it_was(
    owner, owner_api, monkeypatch, django_capture_on_commit_callbacks
):
    """The scripted Inferno campaign (six scenarios, drafts in the app, live taps, an angel, seating, the
    finale) leaves a backup after each scenario and each closed phase; each of them, restored in turn,
    puts the campaign back exactly as it was taken (G5: "every backup restores")."""
    import random
    from types import SimpleNamespace

    from campaigns.services import seating, upgrade
    from tests.campaigns.api.scripted import create
    from tests.campaigns.api.test_scripted_campaigns import INFERNO, _play_inferno

    rng = random.Random(2026)
    for module in (upgrade, seating):
        monkeypatch.setattr(module, "secrets", SimpleNamespace(randbits=rng.getrandbits))
    monkeypatch.setattr(backups, "BACKUPS_KEPT", 100)
    with django_capture_on_commit_callbacks(execute=True):
        table = create(owner_api, "Scripted Inferno", "inferno", INFERNO)
        _play_inferno(table)
    campaign = Campaign.objects.get(pk=table.id)
    taken = list(CampaignBackup.objects.filter(campaign=campaign).order_by("pk"))
    assert len(taken) == 11
    for backup in taken:
        response = restore(owner, campaign, backup)
        assert response.status_code == 200, (backup.reason, backup.history_seq, response.json())
        restored_as(campaign, backup)

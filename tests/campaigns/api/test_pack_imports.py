"""Content packs over the API (security probe 2: G4, G6, F10): a bad value is a 400 naming its path, never a
500, with the database as before; a large pack is checked at once, then loaded by a worker (202 and a status
to poll). The tests run tasks in-process, as `make run` does (CELERY_TASK_ALWAYS_EAGER); a real worker
loads one in tests/campaigns/workers/test_stuck_work.py."""

from __future__ import annotations

import copy
import json

import pytest

from campaigns.models import CampaignImport, ContentOverride, Membership
from campaigns.selectors.backups import PACK_INLINE_BYTES, PACK_INLINE_RECORDS
from campaigns.selectors.pack_schema import MAX_PACK_BYTES
from campaigns.services.imports import MAX_UNFINISHED
from tests.conftest import db_snapshot
from tests.factories import api_for

pytestmark = pytest.mark.django_db

LEVEL = {"kind": "monster-level", "target": "cerberus/2-3", "fields": {"life": 7, "defense": 3}}


def url(campaign, tail="import/"):
    return f"/api/v1/campaigns/{campaign.pk}/content/{tail}"


def pack(records):
    return {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": records}


def new_cards(count, start=0):
    """Cards missing from the deck, typed in full: each is a record any campaign of the edition takes."""
    return [
        {
            "kind": "upgrade-card",
            "target": f"pack-card-{n}",
            "fields": {"name": f"Pack card {n}", "deck": "level-1", "cost": 2},
        }
        for n in range(start, start + count)
    ]


def large(records):
    """Over the records a pack may have to be imported in the request: loaded by a worker."""
    return pack(new_cards(PACK_INLINE_RECORDS + 1 - len(records)) + records)


def refused(client, campaign, document, path):
    """The answer to a bad pack: 400 with `path` among its keys, no raw exception text."""
    before = db_snapshot()
    response = client.post(url(campaign), document, format="json")
    assert response.status_code == 400, (response.status_code, response.content[:300])
    assert path in response.json(), response.json()
    assert "Error" not in json.dumps(response.json())  # no TypeError / IntegrityError text
    assert db_snapshot() == before
    return response.json()[path][0]


@pytest.mark.parametrize("kind", [["upgrade-card"], {"a": 1}, 7, True])
def test_a_kind_that_is_not_text_is_400_naming_it(campaign, member_api, kind):
    """G6: a record's kind as a list or an object answered 500 (`unhashable type`)."""
    message = refused(member_api, campaign, pack([{**LEVEL, "kind": kind}]), "records[0].kind")
    assert "Text is expected" in message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([1, 2], "One value is expected"),
        ({"x": {"y": [1]}}, "One value is expected"),
        ("3", "A whole number"),
        (2**70, "A whole number"),
        (1.5, "A whole number"),
        (True, "A whole number"),
    ],
)
def test_a_wrong_type_deep_in_the_pack_is_400_at_its_path(campaign, member_api, value, expected):
    records = new_cards(13)
    records[12]["fields"]["cost"] = value
    assert expected in refused(member_api, campaign, pack(records), "records[12].cost")


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda r: r.update(target="cerb\x00erus/2-3"), "records[0].target"),
        (lambda r: r.update(kind="monster-level\x00"), "records[0].kind"),
        (lambda r: r["fields"].update(ability="Bites\x00"), "records[0].ability"),
        (lambda r: r.update(verified_on="2025-01-01\x00"), "records[0].verified_on"),
        (lambda r: r["fields"].update({"li\x00fe": 3}), "records[0].fields"),
    ],
)
def test_a_nul_character_is_400_at_its_path(campaign, member_api, edit, path):
    """G6: PostgreSQL cannot store nor even look up text with NUL; it never reaches a query."""
    record = copy.deepcopy(LEVEL)
    edit(record)
    refused(member_api, campaign, pack([record]), path)


def test_nesting_is_400_at_its_path_or_before_parsing(campaign, member_api):
    """F10: deep nesting inside a value names the value; deeper than the parser takes is a 400 unparsed."""
    nested: object = 1
    for _ in range(20):
        nested = [nested]
    record = copy.deepcopy(LEVEL)
    record["fields"]["life"] = nested
    refused(member_api, campaign, pack([record]), "records[0].life")
    before = db_snapshot()
    body = '{"records": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = member_api.post(url(campaign), body, content_type="application/json")
    assert response.status_code == 400 and "nested deeper" in response.json()["detail"]
    assert db_snapshot() == before


def test_an_oversized_value_or_body_is_refused(campaign, member_api):
    records = new_cards(3)
    records[2]["fields"]["effect"] = "E" * 501
    assert "at most 500" in refused(member_api, campaign, pack(records), "records[2].effect")
    records[2]["fields"] = {"x" * 5000: 1}
    assert len(refused(member_api, campaign, pack(records), "records[2].fields")) < 200  # not echoed back
    before = db_snapshot()
    padded = pack(new_cards(1))
    padded["records"][0]["fields"]["effect"] = "E" * MAX_PACK_BYTES
    response = member_api.post(url(campaign), padded, format="json")
    assert response.status_code == 413 and "at most 2 MB" in response.json()["detail"]
    assert db_snapshot() == before


def test_a_record_that_is_not_an_object_is_400(campaign, member_api):
    refused(member_api, campaign, pack([LEVEL, ["monster-level"]]), "records[1].record")
    refused(member_api, campaign, pack([{**LEVEL, "fields": ["life", 7]}]), "records[0].fields")


def test_a_small_pack_is_imported_in_the_request(campaign, member_api):
    response = member_api.post(url(campaign), pack(new_cards(3)), format="json")
    assert response.status_code == 201
    assert ContentOverride.objects.filter(campaign=campaign).count() == 3
    assert not CampaignImport.objects.exists()


def test_a_large_pack_is_loaded_by_a_worker_and_its_importer_polls_it(
    campaign, member, member_api, outsider_api, django_capture_on_commit_callbacks
):
    """G4: a 2,000-record pack took 23 s of a web worker; over 100 records it goes to the task queue."""
    document = pack(new_cards(PACK_INLINE_RECORDS + 1))
    with django_capture_on_commit_callbacks(execute=False) as queued_tasks:
        queued = member_api.post(url(campaign), document, format="json")
    assert queued.status_code == 202, queued.json()
    body = queued.json()
    assert body["kind"] == "content-pack" and body["status"] == "pending" and body["campaign"] == campaign.pk
    assert body["status_url"] == f"/api/v1/campaigns/imports/{body['id']}/"
    assert not ContentOverride.objects.exists()  # nothing written before the worker runs
    for task in queued_tasks:
        task()  # the commit hands the job to the (in-process) worker
    status = member_api.get(body["status_url"]).json()
    assert status["status"] == "done" and status["result"] == {"records": PACK_INLINE_RECORDS + 1}
    assert ContentOverride.objects.filter(campaign=campaign).count() == PACK_INLINE_RECORDS + 1
    event = campaign.events.get(kind="content-imported")
    assert event.actor == member
    assert CampaignImport.objects.get().document is None  # the kept file is dropped once loaded
    assert outsider_api.get(body["status_url"]).status_code == 404


def test_a_pack_over_the_size_goes_to_the_worker_too(
    campaign, member_api, django_capture_on_commit_callbacks
):
    records = new_cards(PACK_INLINE_RECORDS)
    for record in records:
        record["fields"].update(name=record["fields"]["name"].ljust(110, "x"), effect="E" * 500)
    document = pack(records)
    assert len(json.dumps(document)) > PACK_INLINE_BYTES
    with django_capture_on_commit_callbacks(execute=True):
        queued = member_api.post(url(campaign), document, format="json")
    assert queued.status_code == 202
    assert member_api.get(queued.json()["status_url"]).json()["status"] == "done"


def test_a_bad_value_in_a_large_pack_is_400_before_anything_is_kept(campaign, member_api):
    document = large([{**LEVEL, "fields": {"life": -1}}])
    index = len(document["records"]) - 1
    assert "A whole number" in refused(member_api, campaign, document, f"records[{index}].life")
    assert not CampaignImport.objects.exists()
    wrong_edition = {**large([]), "edition": "arcadia-quest"}
    refused(member_api, campaign, wrong_edition, "edition")


def test_a_large_pack_the_worker_refuses_says_why_and_changes_nothing(
    campaign, member_api, django_capture_on_commit_callbacks
):
    """What only the database tells (a monster the edition does not have) is found by the worker: the job
    ends refused with the message and path an import in the request gives, and nothing is written."""
    document = large([{**LEVEL, "target": "no-such-monster/2-3"}])
    index = len(document["records"]) - 1
    before = db_snapshot()
    with django_capture_on_commit_callbacks(execute=True):
        queued = member_api.post(url(campaign), document, format="json")
    status = member_api.get(queued.json()["status_url"]).json()
    assert status["status"] == "failed"
    assert "is not a monster's level card" in status["errors"][f"records[{index}].target"][0]
    after = db_snapshot()
    jobs = (after.pop("campaigns.CampaignImport"), before.pop("campaigns.CampaignImport"))
    assert after == before and len(jobs[0]) == 1


def test_a_member_who_left_before_the_worker_ran_imports_nothing(
    campaign, member, member_api, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as queued_tasks:
        queued = member_api.post(url(campaign), large([]), format="json")
    Membership.objects.filter(campaign=campaign, user=member).delete()
    for task in queued_tasks:
        task()
    status = member_api.get(queued.json()["status_url"]).json()
    assert status["status"] == "failed" and "no longer a member" in status["errors"]["campaign"][0]
    assert not ContentOverride.objects.exists()


def test_spectators_and_outsiders_queue_nothing(campaign, spectator_api, outsider_api):
    before = db_snapshot()
    assert spectator_api.post(url(campaign), large([]), format="json").status_code == 403
    assert outsider_api.post(url(campaign), large([]), format="json").status_code == 404
    assert db_snapshot() == before


def test_an_importer_has_a_few_imports_under_way_at_most(campaign, member_api):
    """Queued files wait in the database: one account cannot pile them up (G17's unthrottled imports)."""
    for n in range(MAX_UNFINISHED):
        document = pack(new_cards(PACK_INLINE_RECORDS + 1, start=1000 * n))
        assert member_api.post(url(campaign), document, format="json").status_code == 202
    message = refused(member_api, campaign, large([]), "document")
    assert f"You have {MAX_UNFINISHED} imports under way" in message
    CampaignImport.objects.update(status=CampaignImport.Status.DONE)
    assert member_api.post(url(campaign), large([]), format="json").status_code == 202


def test_the_worker_words_a_refusal_in_the_importers_language(
    campaign, member, django_capture_on_commit_callbacks
):
    client = api_for(member)
    document = large([{**LEVEL, "target": "no-such-monster/2-3"}])
    with django_capture_on_commit_callbacks(execute=True):
        queued = client.post(url(campaign), document, format="json", HTTP_ACCEPT_LANGUAGE="pt-br")
    errors = json.dumps(client.get(queued.json()["status_url"]).json()["errors"], ensure_ascii=False)
    assert "não é" in errors and "is not" not in errors


def test_a_job_delivered_twice_is_loaded_once(campaign, member_api, django_capture_on_commit_callbacks):
    from campaigns.services.imports import content_pack_import_run

    with django_capture_on_commit_callbacks(execute=True):
        queued = member_api.post(url(campaign), large([]), format="json")
    assert content_pack_import_run(job_id=queued.json()["id"]) is None
    assert campaign.events.filter(kind="content-imported").count() == 1

"""The content page's pack form and NUL characters in the content pages' addresses (security probe 2: G4,
G6, F10): a bad pack is a 400 naming the path of the bad value, never a 500, with the database as before; a
large pack shows "importing…", polled with htmx, then its result."""

from __future__ import annotations

import json

import pytest

from campaigns.models import CampaignImport, ContentOverride
from campaigns.selectors.backups import PACK_INLINE_RECORDS
from tests.conftest import db_snapshot
from tests.factories import client_for

pytestmark = pytest.mark.django_db


def page(campaign, query=""):
    return f"/campaigns/{campaign.pk}/content/{query}"


def pack(records):
    return {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": records}


def new_cards(count):
    return [
        {
            "kind": "upgrade-card",
            "target": f"page-card-{n}",
            "fields": {"name": f"Page card {n}", "deck": "level-1", "cost": 3},
        }
        for n in range(count)
    ]


def post_pack(client, campaign, text, **headers):
    return client.post(page(campaign), {"action": "import", "pack": text}, **headers)


def refused(client, campaign, text):
    """The page's answer to a bad pack: 400 with the form's message, nothing written."""
    before = db_snapshot()
    response = post_pack(client, campaign, text)
    assert response.status_code == 400, response.status_code
    assert db_snapshot() == before
    return response.content.decode()


def test_a_pack_nested_a_hundred_thousand_deep_is_400(campaign, member_client):
    """G6/F10: the form parsed the text itself and answered 500 (RecursionError)."""
    shown = refused(member_client, campaign, "[" * 100_000 + "]" * 100_000)
    assert "nested deeper than 32 levels" in shown


@pytest.mark.parametrize("kind", [["upgrade-card"], {"a": 1}])
def test_a_kind_that_is_not_text_is_400_with_its_path(campaign, member_client, kind):
    """G6: the same pack answered 500 (`unhashable type`) on the page too."""
    record = {"kind": kind, "target": "cerberus/2-3", "fields": {"life": 7}}
    assert "records[0].kind: Text is expected here" in refused(
        member_client, campaign, json.dumps(pack([record]))
    )


def test_a_wrong_value_shows_its_path(campaign, member_client):
    records = new_cards(13)
    records[12]["fields"]["cost"] = {"x": 1}
    assert "records[12].cost: One value is expected" in refused(
        member_client, campaign, json.dumps(pack(records))
    )
    records[12]["fields"]["cost"] = 3
    records[12]["target"] = "page\x00card"
    assert "records[12].target: Text cannot hold NUL" in refused(
        member_client, campaign, json.dumps(pack(records))
    )


def test_a_nul_in_the_content_pages_addresses_is_400(campaign, member_client):
    """G6: each of these answered 500 on PostgreSQL (text with NUL cannot even be looked up)."""
    assert member_client.get(page(campaign, "?kind=monster-level&target=cerb%00erus/1")).status_code == 400
    assert member_client.get("/campaigns/content/fill/?edition=%00&kind=x&target=y").status_code == 400
    assert member_client.get("/content/?edition=inferno&q=%00").status_code == 400
    data = {"action": "enter", "kind": "monster-level", "target": "cerb\x00erus/1", "life": "7"}
    before = db_snapshot()
    assert member_client.post(page(campaign), data).status_code == 400
    assert db_snapshot() == before


def test_a_large_pack_says_importing_then_shows_the_result(
    campaign, member_client, django_capture_on_commit_callbacks
):
    """G4: over 100 records the pack is checked at once, then loaded by a worker while the page polls."""
    text = json.dumps(pack(new_cards(PACK_INLINE_RECORDS + 1)))
    with django_capture_on_commit_callbacks(execute=False) as queued_tasks:
        response = post_pack(member_client, campaign, text)
    job = CampaignImport.objects.get()
    assert response.status_code == 302 and response["Location"] == page(campaign, f"?import={job.pk}")
    status_url = f"/campaigns/{campaign.pk}/content/imports/{job.pk}/"
    waiting = member_client.get(response["Location"]).content.decode()
    assert "Importing the content pack…" in waiting and f'hx-get="{status_url}"' in waiting
    assert not ContentOverride.objects.exists()
    for task in queued_tasks:
        task()
    done = member_client.get(status_url, HTTP_HX_REQUEST="true").content.decode()
    assert f"The pack is imported: {PACK_INLINE_RECORDS + 1} records." in done
    assert "hx-get" not in done  # done: the page stops polling
    assert ContentOverride.objects.filter(campaign=campaign).count() == PACK_INLINE_RECORDS + 1


def test_a_large_pack_the_worker_refuses_lists_why(
    campaign, member_client, django_capture_on_commit_callbacks
):
    records = new_cards(PACK_INLINE_RECORDS + 1)
    records[-1] = {"kind": "monster-level", "target": "no-such-monster/2-3", "fields": {"life": 5}}
    with django_capture_on_commit_callbacks(execute=True):
        response = post_pack(member_client, campaign, json.dumps(pack(records)))
    shown = member_client.get(response["Location"]).content.decode()
    assert "Not imported:" in shown
    assert f"records[{PACK_INLINE_RECORDS}].target: &#x27;no-such-monster/2-3&#x27; is not a monster" in shown
    assert not ContentOverride.objects.exists()


def test_another_readers_import_is_not_shown(
    campaign, member_client, owner_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        post_pack(member_client, campaign, json.dumps(pack(new_cards(PACK_INLINE_RECORDS + 1))))
    job = CampaignImport.objects.get()
    assert owner_client.get(f"/campaigns/{campaign.pk}/content/imports/{job.pk}/").status_code == 404
    assert (
        "The pack is imported" not in owner_client.get(page(campaign, f"?import={job.pk}")).content.decode()
    )
    assert client_for(None).get(f"/campaigns/{campaign.pk}/content/imports/{job.pk}/").status_code == 404


def test_the_page_says_it_in_portuguese(campaign, member_client):
    records = new_cards(PACK_INLINE_RECORDS + 1)
    records[3]["fields"]["cost"] = [3]
    before = db_snapshot()
    response = post_pack(member_client, campaign, json.dumps(pack(records)), HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400 and db_snapshot() == before
    assert "records[3].cost: Aqui se espera um só valor" in response.content.decode()

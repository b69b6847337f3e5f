"""A table corrects its dice for its campaign (issue 28: "the group can correct any number for its campaign
(that correction is shown as theirs)"): a die's six faces and how many of it the box holds. The dice helper
opened from the campaign (the Helpers tab keeps ?campaign=) and the roll API given its `campaign` roll the
corrected faces and work the odds out from them, marked ✎ as the table's; another campaign, a roll for no
campaign and a roll for another edition keep the edition's faces (FAN-D, GF:251, N9: two fan dice apps)."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command

from campaigns.models import ContentOverride, Die
from campaigns.selectors.content_gaps import content_gaps
from campaigns.services.overrides import content_override_set, content_override_verify
from companion.helpers import services
from companion.helpers.views import percent
from rules_helpers.odds import wound_distribution
from tests.campaigns.pages.test_confidence_marks import assert_every_number_marked, kinds_of
from tests.conftest import db_snapshot
from tests.factories import ShareLink, access, api_for, build_campaign, client_for

pytestmark = pytest.mark.django_db

ROLL = "/api/v1/helpers/roll/"
# The table's Attack die: a blank where the edition's die shows a Bow, a Sword where it shows the other Bow.
# A blank is a face the edition's Attack die never shows, so a roll showing one was rolled with these faces.
CORRECTED = ["melee", "melee", "melee", "melee", "crit", "blank"]
ATTACK = {"attack_dice": 3, "kind": "melee", "defense_dice": 0, "attack_rerolls": 1, "defense_rerolls": 0}


def _correct(user, campaign, target="attack", **fields):
    content_override_set(access=access(user, campaign), actor=user, kind="die", target=target, fields=fields)


def _edition_faces(slug):
    return list(Die.objects.get(edition__slug="inferno", slug=slug).faces)


def _expected(attack_faces, roll=ATTACK):
    """The exact odds the rules give for these faces (never a number written here)."""
    return wound_distribution(
        roll["attack_dice"],
        roll["kind"],
        roll["defense_dice"],
        attack_rerolls=roll["attack_rerolls"],
        defense_rerolls=roll["defense_rerolls"],
        attack_faces=attack_faces,
        defense_faces=_edition_faces("defense"),
    )


def _odds(answer):
    return {int(w): p for w, p in answer["odds"]["wounds"].items()}


# --- The correction is checked whole ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        (CORRECTED[:5], "exactly 6 faces"),
        ([*CORRECTED, "melee"], "exactly 6 faces"),
        ("melee", "exactly 6 faces"),
        ([*CORRECTED[:5], 3], "exactly 6 faces"),
        ([*CORRECTED[:5], "laser"], "not a face of a die: 'laser'"),
        (["crit"] * 6, "every face is a CRIT"),
    ],
)
def test_a_bad_face_list_is_refused_beside_the_field_and_nothing_changes(campaign, member_api, faces, said):
    """GF:67-68 and GF:254: each die is a d6 whose faces are melee, ranged, shield, crit or blank (GF:64-68);
    RB p.18: every CRIT adds a die, so a die of CRITs alone would roll forever."""
    before = db_snapshot()
    entry = {"kind": "die", "target": "attack", "fields": {"faces": faces}}
    response = member_api.post(f"/api/v1/campaigns/{campaign.pk}/content/", entry, format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["faces"] and said in response.json()["faces"][0]
    assert db_snapshot() == before


def test_a_pack_with_a_bad_face_list_is_refused_at_its_path(campaign, member_api):
    before = db_snapshot()
    record = {"kind": "die", "target": "attack", "fields": {"faces": CORRECTED[:4]}}
    pack = {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": [record]}
    response = member_api.post(f"/api/v1/campaigns/{campaign.pk}/content/import/", pack, format="json")
    assert response.status_code == 400 and "exactly 6 faces" in response.json()["records[0].faces"][0]
    assert db_snapshot() == before


def test_a_die_the_edition_does_not_have_is_refused(campaign, member_api):
    entry = {"kind": "die", "target": "spawn", "fields": {"in_box": 2}}
    response = member_api.post(f"/api/v1/campaigns/{campaign.pk}/content/", entry, format="json")
    assert response.status_code == 400 and "is not a die of" in response.json()["target"][0]


# --- The content page: six selects, one per face ---------------------------------------------------------


def test_the_content_page_corrects_a_die_with_one_select_per_face(campaign, member_client, snapshot):
    """The form starts from the faces the campaign plays (the edition's here), each select offering the faces
    by name, in the reader's language; the count in the box is a number like any other."""
    page = f"/campaigns/{campaign.pk}/content/"
    shown = member_client.get(f"{page}?kind=die&target=attack").content.decode()
    labels = re.findall(r'<label for="id_faces_(\d)">([^<]*)</label>', shown)
    assert labels == [(str(n), f"Face {n}") for n in range(1, 7)]
    chosen = re.findall(r'<select name="faces_\d"[^>]*>.*?<option value="(\w+)"[^>]*selected', shown, re.S)
    assert chosen == _edition_faces("attack")
    first = re.search(r'<select name="faces_1".*?</select>', shown, re.S).group(0)
    offered = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)</option>', first)
    assert offered == [("melee", "Melee"), ("ranged", "Ranged"), ("shield", "Shield"), ("crit", "Crit"),
                       ("blank", "Blank")]  # fmt: skip
    in_portuguese = member_client.get(f"{page}?kind=die&target=attack", HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert ">Corpo a corpo</option>" in in_portuguese.content.decode()
    # One face left empty: the die is refused whole, beside its selects, and nothing is written.
    before = snapshot()
    posted = {"action": "enter", "kind": "die", "target": "attack"}
    faces = {f"faces_{n}": face for n, face in enumerate(CORRECTED, start=1)}
    refused = member_client.post(page, {**posted, **faces, "faces_6": ""})
    assert refused.status_code == 400
    fieldset = re.search(r'<fieldset class="faces">.*?</fieldset>', refused.content.decode(), re.S).group(0)
    assert "field-error" in fieldset and "exactly 6 faces" in fieldset
    assert snapshot() == before
    assert member_client.post(page, {**posted, **faces, "in_box": "9"}).status_code == 302
    entry = ContentOverride.objects.get(campaign=campaign, kind="die", target="attack")
    assert entry.fields == {"faces": CORRECTED, "in_box": 9}
    # The record as the campaign plays it: the faces in words and the count, each marked as the table's.
    again = member_client.get(f"{page}?kind=die&target=attack").content.decode()
    found = assert_every_number_marked(again, at_least=1, page="content, die")
    assert kinds_of(found) == {"table"}
    assert "Faces Melee/Melee/Melee/Melee/Crit/Blank" in again


def test_the_dice_are_listed_where_a_table_fills_them_in(owner, campaign):
    """R10: the faces are a fan transcription (FAN-D) and the base box's count of dice is in no source: both
    dice are listed with the link to their form until the table checked them against its box."""
    gaps = {(g["kind"], g["target"]): g for g in content_gaps(campaign.edition, campaign)}
    assert gaps[("die", "attack")]["fill"].endswith("?kind=die&target=attack")
    content_override_verify(access=access(owner, campaign), actor=owner, kind="die", target="attack")
    left = {(g["kind"], g["target"]) for g in content_gaps(campaign.edition, campaign)}
    assert ("die", "attack") not in left and ("die", "defense") in left
    base = build_campaign(owner, name="Base table", edition="arcadia-quest", guilds={}, heroes=False)
    base_gaps = {(g["kind"], g["target"]): g for g in content_gaps(base.edition, base)}
    assert base_gaps[("die", "attack")]["missing"] == ["in_box"]


# --- The dice helper opened from the campaign -------------------------------------------------------------


def test_the_roll_api_rolls_the_faces_the_table_entered_and_its_odds(owner, campaign, owner_api):
    """The odds are the rules' exact odds (rules_helpers.odds) of the corrected faces, not the edition's; the
    faces rolled are the table's (a blank, which the edition's Attack die never shows, comes up)."""
    _correct(owner, campaign, faces=CORRECTED)
    answer = owner_api.post(ROLL, {**ATTACK, "seed": 4, "campaign": campaign.pk}, format="json").json()
    edition = owner_api.post(ROLL, {**ATTACK, "seed": 4}, format="json").json()
    assert _odds(answer) == pytest.approx(_expected(CORRECTED))
    assert _odds(edition) == pytest.approx(_expected(_edition_faces("attack")))
    assert _odds(answer) != pytest.approx(_odds(edition))
    assert answer["faces_confidence"]["kind"] == "table" and edition["faces_confidence"]["kind"] == "fan"
    rolled = [
        owner_api.post(ROLL, {**ATTACK, "seed": seed, "campaign": campaign.pk}, format="json").json()
        for seed in range(30)
    ]
    faces = {face for data in rolled for face in data["attack"]["faces"]}
    assert "blank" in faces and faces <= set(CORRECTED)
    # Checked against the table's box: the box's mark, for this campaign.
    content_override_verify(access=access(owner, campaign), actor=owner, kind="die", target="attack")
    checked = owner_api.post(ROLL, {**ATTACK, "seed": 4, "campaign": campaign.pk}, format="json").json()
    assert checked["faces_confidence"]["kind"] == "box" and _odds(checked) == pytest.approx(_odds(answer))


def test_the_dice_page_opened_from_the_campaign_marks_the_tables_faces_and_odds(owner, campaign):
    """N9: every odds line carries its mark; here the table's ✎, on the Attack dice and every chance, since
    the odds of an attack without Defense dice rest on the Attack die alone. With Defense dice the odds rest
    on the edition's Defense die too, so they are as sure as its fan transcription (the least sure)."""
    _correct(owner, campaign, faces=CORRECTED)
    phone = client_for(owner)
    query = f"?campaign={campaign.pk}"
    page = phone.get(f"/helpers/dice/{query}").content.decode()
    assert f'action="/helpers/dice/{query}"' in page and f'hx-post="/helpers/dice/{query}"' in page
    assert f"/campaigns/{campaign.pk}/content/?kind=die&amp;target=attack" in page
    body = phone.post(f"/helpers/dice/{query}", {**ATTACK, "seed": 4}).content.decode()
    found = assert_every_number_marked(body, at_least=3, page="dice, the table's")
    assert kinds_of(found) == {"table"}
    expected = _expected(CORRECTED)
    assert re.search(rf"At least 1 Wound: <strong>{re.escape(percent(1 - expected[0]))}</strong>", body)
    attack = re.search(r'<h2 data-number="faces">Attack dice.*?</h2>', body, re.S).group(0)
    assert 'class="conf conf-table"' in attack
    assert f"campaign={campaign.pk}" in re.search(r'href="([^"]*)">Reroll this seed', body).group(1)
    defended = phone.post(f"/helpers/dice/{query}", {**ATTACK, "defense_dice": 2, "seed": 4}).content.decode()
    odds = re.search(r'<h2 data-number="odds">.*?</h2>', defended, re.S).group(0)
    assert 'class="conf conf-fan"' in odds
    attack = re.search(r'<h2 data-number="faces">Attack.*?</h2>', defended, re.S).group(0)
    assert 'class="conf conf-table"' in attack


def test_no_other_campaign_nor_a_roll_for_no_campaign_sees_the_correction(owner, campaign, owner_api):
    _correct(owner, campaign, faces=CORRECTED)
    other = build_campaign(owner, name="Another table")
    edition = _expected(_edition_faces("attack"))
    for body in ({**ATTACK, "campaign": other.pk}, ATTACK):
        answer = owner_api.post(ROLL, {**body, "seed": 4}, format="json").json()
        assert _odds(answer) == pytest.approx(edition) and answer["faces_confidence"]["kind"] == "fan"
    for query in (f"?campaign={other.pk}", ""):
        html = client_for(owner).post(f"/helpers/dice/{query}", {**ATTACK, "seed": 4}).content.decode()
        assert "conf-table" not in html and "conf-fan" in html
    # A roll asked for another edition than the campaign's rolls that edition's dice.
    result = services.dice_roll(**ATTACK, seed=4, edition="arcadia-quest", campaign=campaign)
    assert result.faces_confidence["kind"] == "fan" and result.odds == pytest.approx(edition)


def test_a_reader_who_may_not_see_the_campaign_gets_404(owner, campaign, outsider_api, outsider_client):
    _correct(owner, campaign, faces=CORRECTED)
    assert outsider_client.get(f"/helpers/dice/?campaign={campaign.pk}").status_code == 404
    assert outsider_client.post(f"/helpers/dice/?campaign={campaign.pk}", ATTACK).status_code == 404
    answer = outsider_api.post(ROLL, {**ATTACK, "campaign": campaign.pk}, format="json")
    assert answer.status_code == 404 and "odds" not in answer.json()
    assert client_for(None).get("/helpers/dice/?campaign=99999").status_code == 404


def test_a_share_link_reader_rolls_the_tables_dice(owner, campaign, spectator):
    """The share link shows the campaign read-only: its dice too, though the link to correct them is not
    offered (only members enter content)."""
    _correct(owner, campaign, faces=CORRECTED)
    link = ShareLink(client_for(spectator), campaign)
    body = link.post(f"/helpers/dice/?campaign={campaign.pk}", {**ATTACK, "seed": 4}).content.decode()
    assert kinds_of(assert_every_number_marked(body, at_least=3, page="dice, shared")) == {"table"}
    assert "kind=die" not in link.get(f"/helpers/dice/?campaign={campaign.pk}").content.decode()
    api = ShareLink(api_for(spectator), campaign)
    answer = api.post(ROLL, {**ATTACK, "seed": 4, "campaign": campaign.pk}, format="json").json()
    assert answer["faces_confidence"]["kind"] == "table"


# --- Packs ----------------------------------------------------------------------------------------------


def test_a_pack_carries_the_dice_to_another_table_and_the_admin_may_promote_it(
    owner, campaign, owner_api, tmp_path
):
    """Another group imports the pack (its campaign then rolls the faces), and the site admin may promote it
    into the edition after review: every roll then uses them, marked as promoted."""
    _correct(owner, campaign, faces=CORRECTED, in_box=9)
    pack = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/content/export/").json()
    assert pack["records"] == [
        {"kind": "die", "target": "attack", "fields": {"faces": CORRECTED, "in_box": 9}, "verified_on": None}
    ]
    other = build_campaign(owner, name="Another table")
    imported = owner_api.post(f"/api/v1/campaigns/{other.pk}/content/import/", pack, format="json")
    assert imported.status_code == 201, imported.json()
    answer = owner_api.post(ROLL, {**ATTACK, "seed": 4, "campaign": other.pk}, format="json").json()
    assert _odds(answer) == pytest.approx(_expected(CORRECTED))
    assert answer["faces_confidence"]["kind"] == "table"
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    call_command("promote_content", str(path), stdout=io.StringIO())
    attack = Die.objects.get(edition__slug="inferno", slug="attack")
    assert (attack.faces, attack.in_box) == (CORRECTED, 9) and "promoted" in attack.source
    plain = owner_api.post(ROLL, {**ATTACK, "seed": 4}, format="json").json()
    assert _odds(plain) == pytest.approx(_expected(CORRECTED))

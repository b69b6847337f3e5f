"""A table corrects which Spawn-roll pairs its Spawn tokens show, for its campaign (issue 28: "the group can
correct any number for its campaign (that correction is shown as theirs)"). Which pair each token shows is in
no rule we have (GF:70-72, GF:257: NOT FOUND); the content's `has_token` comes from a fan resolver (FAN-AQH,
confidence medium; spawn-tokens.csv: RB p5, p11, p24). The spawn helper opened from the campaign says what a
roll of each pair does and its chance with the table's `has_token`, marked ✎ as theirs; another campaign keeps
the edition's."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns.models import ContentOverride, Event, SpawnPair
from campaigns.selectors.content_gaps import content_gaps
from campaigns.services.overrides import content_override_set
from companion.helpers import services
from companion.helpers.views import percent
from rules_helpers import spawn
from rules_helpers.box import SPAWN_TOKENS_IN_BOX
from tests.campaigns.pages.test_confidence_marks import assert_every_number_marked
from tests.companion.test_helper_pages import EMPTY_TOKENS
from tests.conftest import db_snapshot
from tests.factories import access, build_campaign, client_for

pytestmark = pytest.mark.django_db

CONTENT = "/api/v1/campaigns/{pk}/content/"


def _correct(user, campaign, target, has_token):
    content_override_set(
        access=access(user, campaign),
        actor=user,
        kind="spawn-pair",
        target=target,
        fields={"has_token": has_token},
    )


def _crit_crit_on_a_token(user, campaign):
    """The table's box: Crit + Crit on a token, Ranged + Crit on none (the box still has 5 tokens, RB p5)."""
    _correct(user, campaign, "ranged-crit", False)
    _correct(user, campaign, "crit-crit", True)


def _helper(user, campaign, data=None):
    url = f"/helpers/spawn/?campaign={campaign.pk}"
    client = client_for(user)
    return (client.post(url, data) if data else client.get(url)).content.decode()


def _row(html, name):
    """The helper's line for one pair ("Crit + Crit": the faces as the token selects name them)."""
    section = html[html.index('class="spawn-pairs"') :]
    return re.search(
        rf"<li class=\"pair-row\"><strong>{re.escape(name)}</strong>.*?</li>", section, re.S
    ).group(0)


def _marks(html):
    return re.findall(r'class="conf conf-(\w+)"', html)


def _chance(symbols):
    """The exact chance one Spawn roll shows the pair on the edition's Attack die (never a number written
    here): RB p24, two Attack dice read unordered."""
    faces, _ = services.dice.faces_from_content(services.edition_dice())
    return spawn.pair_rolls([(symbols, True)], faces=faces)[0].chance


# --- The correction is checked --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "fields", "field", "said"),
    [
        ("crit-crit", {"has_token": "yes"}, "has_token", "Yes or no"),
        ("crit-crit", {"has_token": 1}, "has_token", "Yes or no"),
        ("crit-crit", {"faces": ["crit", "crit"]}, "fields", "is not a field of this content"),
        ("sword-sword", {"has_token": True}, "target", "is not a Spawn pair of"),
    ],
)
def test_a_bad_correction_is_refused_beside_its_field_and_nothing_changes(
    campaign, member_api, target, fields, field, said
):
    before = db_snapshot()
    entry = {"kind": "spawn-pair", "target": target, "fields": fields}
    response = member_api.post(CONTENT.format(pk=campaign.pk), entry, format="json")
    assert response.status_code == 400
    assert said in response.json()[field][0]
    assert db_snapshot() == before


def test_a_sixth_pair_on_a_token_is_refused_as_the_box_holds_five(owner, campaign, member_api):
    """RB p5 (content-data README: "the box has 5 Spawn tokens"): each token shows one pair, so at most 5
    of the six pairs are on a token. FAN-AQH already puts five on one: Crit + Crit too would make six.
    Saying first which pair no token shows lets it through; a pack doing both at once is checked once it is
    in."""
    assert SpawnPair.objects.filter(edition__slug="inferno", has_token=True).count() == SPAWN_TOKENS_IN_BOX
    before = db_snapshot()
    entry = {"kind": "spawn-pair", "target": "crit-crit", "fields": {"has_token": True}}
    refused = member_api.post(CONTENT.format(pk=campaign.pk), entry, format="json")
    assert refused.status_code == 400
    assert "at most 5 pairs are on one, not 6" in refused.json()["has_token"][0]
    assert db_snapshot() == before
    records = [
        {"kind": "spawn-pair", "target": "crit-crit", "fields": {"has_token": True}, "verified_on": None},
        {"kind": "spawn-pair", "target": "ranged-crit", "fields": {"has_token": False}, "verified_on": None},
    ]
    pack = {"format": "inferno-companion-content", "version": 1, "edition": "inferno", "records": records}
    imported = member_api.post(f"{CONTENT.format(pk=campaign.pk)}import/", pack, format="json")
    assert imported.status_code == 201, imported.json()
    entries = ContentOverride.objects.filter(campaign=campaign, kind="spawn-pair")
    assert {e.target: e.fields for e in entries} == {
        "crit-crit": {"has_token": True},
        "ranged-crit": {"has_token": False},
    }


def test_the_content_page_corrects_a_pair_with_a_yes_or_no(campaign, member_client, snapshot):
    """The form starts from the pair as the campaign plays it (FAN-AQH: no token shows Crit + Crit), names it
    by its faces in the reader's language, refuses anything but yes or no, and records the entry as the
    table's, in its history."""
    page = f"/campaigns/{campaign.pk}/content/"
    shown = member_client.get(f"{page}?kind=spawn-pair&target=melee-melee").content.decode()
    assert "Melee + Melee" in shown and '<label for="id_has_token">On a Spawn token</label>' in shown
    assert re.search(r'<option value="yes" selected>Yes</option>', shown)
    portuguese = member_client.get(f"{page}?kind=spawn-pair&target=melee-melee", HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert "Corpo a corpo + Corpo a corpo" in portuguese.content.decode()
    before = snapshot()
    posted = {"action": "enter", "kind": "spawn-pair", "target": "melee-melee"}
    refused = member_client.post(page, {**posted, "has_token": "maybe"})
    assert refused.status_code == 400 and "field-error" in refused.content.decode()
    assert snapshot() == before
    assert member_client.post(page, {**posted, "has_token": "no"}).status_code == 302
    entry = ContentOverride.objects.get(campaign=campaign, kind="spawn-pair", target="melee-melee")
    assert entry.fields == {"has_token": False}
    event = Event.objects.filter(campaign=campaign).latest("seq")
    assert event.kind == "content-entered" and "the Spawn pair melee-melee: has_token False" in event.summary


def test_the_pairs_are_listed_where_a_table_fills_them_in(owner, campaign):
    """Every pair rests on a fan resolver (FAN-AQH, not verified): each is a gap with the link to its form,
    until the table says from its own tokens."""
    gaps = {(g["kind"], g["target"]): g for g in content_gaps(campaign.edition, campaign)}
    pairs = {target for kind, target in gaps if kind == "spawn-pair"}
    assert pairs == set(SpawnPair.objects.filter(edition__slug="inferno").values_list("slug", flat=True))
    assert gaps[("spawn-pair", "crit-crit")]["fill"].endswith("?kind=spawn-pair&target=crit-crit")
    assert gaps[("spawn-pair", "crit-crit")]["fill_from"] == "the box's tokens"


# --- The spawn helper opened from the campaign ------------------------------------------------------------


def test_the_spawn_helper_says_what_each_pair_does_with_the_tables_tokens_and_marks_them(owner, campaign):
    """GF:8-9: say how sure each value is. The table's two corrections are marked ✎ (table) where the
    helper shows them; the other pairs keep the fan resolver's mark; each pair's chance rests on the die
    faces (FAN-D, GF:251). RB p24: a roll with no token of its pair on the board sends the figure to the box;
    the helper says whether a token shows that pair at all, as the table says."""
    _crit_crit_on_a_token(owner, campaign)
    html = _helper(owner, campaign)
    crit = _row(html, "Crit + Crit")
    assert "On a Spawn token: Yes" in crit and "conf-table" in crit
    assert "To its Spawn token&#x27;s Space if that token is on the board and Free" in crit
    assert f"Chance per roll: {percent(_chance(('crit', 'crit')))}" in crit
    bow = _row(html, "Bow + Crit")
    assert "On a Spawn token: No" in bow and "conf-table" in bow
    assert "Back to the box: no Spawn token shows this pair." in bow
    sword = _row(html, "Sword + Sword")
    assert "On a Spawn token: Yes" in sword and "conf-table" not in sword and "conf-fan" in sword
    # The members' links to correct each pair.
    assert f"/campaigns/{campaign.pk}/content/?kind=spawn-pair&amp;target=crit-crit" in crit
    # The chance a roll meets no token at all is now Bow + Crit's (the table's), no longer Crit + Crit's.
    no_token = re.search(
        r"no Spawn token shows \(back to the box whatever the board\): <strong>([^<]*)<", html
    )
    assert no_token.group(1) == percent(_chance(("ranged", "crit")))
    assert_every_number_marked(html, at_least=7, page="spawn, the table's pairs")


def test_a_figure_sent_to_the_box_says_why_as_the_table_says(owner, campaign):
    """RB p24: a Crit + Crit roll with no such token on the board goes to the box. For this table a token
    shows that pair (it is just not on the board), marked ✎; for another campaign no token shows it
    (FAN-AQH), marked as the fan transcription. The seed is found by the rules, not written here."""
    _crit_crit_on_a_token(owner, campaign)
    spawn_data = {
        **EMPTY_TOKENS,
        "mode": "roll",
        "figure_1": "Harpy",
        "token_1_a": "melee",
        "token_1_b": "melee",
    }
    board = [spawn.SpawnToken(("melee", "melee"))]
    seed = next(
        s
        for s in range(2000)
        if services.spawn_resolve(figures=["Harpy"], tokens=board, seed=s).outcomes[0].roll
        == ("crit", "crit")
    )
    ours = _helper(owner, campaign, {**spawn_data, "seed": seed})
    why = re.search(r'<p class="why">(.*?)</p>', ours, re.S).group(1)
    assert why.startswith("The Spawn token showing this pair is not on the board.") and "conf-table" in why
    # The board's token is in the pair's line: Sword + Sword goes to Token 1.
    assert "To Token 1 (Sword + Sword) if its Space is Free" in _row(ours, "Sword + Sword")
    other = build_campaign(owner, name="Another table")
    theirs = _helper(owner, other, {**spawn_data, "seed": seed})
    why = re.search(r'<p class="why">(.*?)</p>', theirs, re.S).group(1)
    assert why.startswith("No Spawn token shows this pair.") and "conf-fan" in why and "conf-table" not in why


def test_another_campaign_plays_the_editions_pairs(owner, campaign):
    _crit_crit_on_a_token(owner, campaign)
    other = build_campaign(owner, name="Another table")
    html = _helper(owner, other)
    assert "conf-table" not in html
    crit = _row(html, "Crit + Crit")
    assert "On a Spawn token: No" in crit and "Back to the box: no Spawn token shows this pair." in crit
    no_token = re.search(
        r"no Spawn token shows \(back to the box whatever the board\): <strong>([^<]*)<", html
    )
    assert no_token.group(1) == percent(_chance(("crit", "crit")))
    assert services.spawn_pairs(campaign=other).records[-1]["has_token"] is False


def test_a_token_on_the_board_the_content_says_no_token_shows_is_noted(owner, campaign):
    """The board is what the table sees (RB p24: the figure goes to the token showing its pair): a Crit +
    Crit token there takes the figure, and the helper asks the table to correct the pair its content says no
    token shows."""
    data = {**EMPTY_TOKENS, "mode": "roll", "figure_1": "Harpy", "token_1_a": "crit", "token_1_b": "crit"}
    html = _helper(owner, campaign, {**data, "seed": 1})
    crit = _row(html, "Crit + Crit")
    assert "To Token 1 (Crit + Crit) if its Space is Free" in crit
    assert "though this campaign's content says no Spawn token does" in crit


# --- Packs and the site admin ----------------------------------------------------------------------------


def test_a_pack_carries_the_pairs_to_another_table_and_the_admin_may_promote_it(
    owner, campaign, owner_api, tmp_path
):
    """Export, import into another campaign (its helper then reads the pairs as its own, ✎), and the site
    admin's promotion into the edition after review: every campaign then reads them, marked as promoted; a
    pack that would put six pairs on the box's five tokens (RB p5) is not promoted at all."""
    _crit_crit_on_a_token(owner, campaign)
    pack = owner_api.get(f"{CONTENT.format(pk=campaign.pk)}export/").json()
    assert pack["records"] == [
        {"kind": "spawn-pair", "target": "crit-crit", "fields": {"has_token": True}, "verified_on": None},
        {"kind": "spawn-pair", "target": "ranged-crit", "fields": {"has_token": False}, "verified_on": None},
    ]
    other = build_campaign(owner, name="Another table")
    imported = owner_api.post(f"{CONTENT.format(pk=other.pk)}import/", pack, format="json")
    assert imported.status_code == 201, imported.json()
    crit = _row(_helper(owner, other), "Crit + Crit")
    assert "On a Spawn token: Yes" in crit and "conf-table" in crit

    too_many = {**pack, "records": pack["records"][:1]}
    path = tmp_path / "six.json"
    path.write_text(json.dumps(too_many), encoding="utf-8")
    before = db_snapshot()
    with pytest.raises(CommandError, match="nothing promoted: the box holds 5 Spawn tokens"):
        call_command("promote_content", str(path), stdout=io.StringIO())
    assert db_snapshot() == before

    path = tmp_path / "pack.json"
    path.write_text(json.dumps(pack), encoding="utf-8")
    call_command("promote_content", str(path), stdout=io.StringIO())
    pairs = {p.slug: p for p in SpawnPair.objects.filter(edition__slug="inferno")}
    assert pairs["crit-crit"].has_token is True and pairs["ranged-crit"].has_token is False
    assert "promoted" in pairs["crit-crit"].source
    third = _helper(owner, build_campaign(owner, name="A third table"))
    assert "On a Spawn token: Yes" in _row(third, "Crit + Crit") and "conf-table" not in third


# --- The spawn API ---------------------------------------------------------------------------------------

SPAWN_API = "/api/v1/helpers/spawn/"
CRIT_CRIT_ON_THE_BOARD = {"figures": ["Harpy"], "tokens": [{"symbols": ["crit", "crit"]}], "seed": 1}


def test_the_spawn_api_for_a_campaign_says_what_each_pair_does_as_its_table_corrected_it(
    owner, campaign, owner_api
):
    """The API answers as the page opened from the campaign does: each pair's exact chance (RB p24, two
    Attack dice read unordered), whether a Spawn token shows it as the table corrected it (marked `table`)
    or as the content gives it (FAN-AQH: `fan`), and what a roll does with the tokens given."""
    _crit_crit_on_a_token(owner, campaign)
    answer = owner_api.post(
        SPAWN_API, {**CRIT_CRIT_ON_THE_BOARD, "campaign": campaign.pk}, format="json"
    ).json()
    rows = {tuple(row["symbols"]): row for row in answer["pairs"]["rows"]}
    crit = rows[("crit", "crit")]
    assert crit["has_token"] is True and crit["has_token_confidence"]["kind"] == "table"
    assert crit["does"] == spawn.TO_TOKEN and crit["token"] == 0 and crit["contradicted"] is False
    assert crit["chance"] == pytest.approx(_chance(("crit", "crit")))
    ranged_crit = rows[("ranged", "crit")]
    assert ranged_crit["has_token"] is False and ranged_crit["does"] == spawn.NO_TOKEN
    assert ranged_crit["has_token_confidence"]["kind"] == "table"
    assert sum(row["chance"] for row in rows.values()) == pytest.approx(1)
    # The page opened from the campaign gives the same chance for the pairs no token shows.
    assert answer["pairs"]["no_token"] == pytest.approx(_chance(("ranged", "crit")))


def test_the_spawn_api_without_a_campaign_gives_no_pairs_and_the_same_roll(owner, campaign, owner_api):
    """The roll itself is the edition's (docs/content.md): naming the campaign adds `pairs`, the same seed
    spawns the same way."""
    _crit_crit_on_a_token(owner, campaign)
    alone = owner_api.post(SPAWN_API, CRIT_CRIT_ON_THE_BOARD, format="json").json()
    for_campaign = owner_api.post(
        SPAWN_API, {**CRIT_CRIT_ON_THE_BOARD, "campaign": campaign.pk}, format="json"
    ).json()
    assert alone["pairs"] is None and for_campaign["pairs"] is not None
    assert alone["outcomes"] == for_campaign["outcomes"] and alone["odds"] == for_campaign["odds"]


def test_the_spawn_api_hides_a_campaign_from_an_outsider(campaign, outsider_api):
    """Another campaign's corrections stay in it: an outsider naming it gets a 404, as every read does."""
    before = db_snapshot()
    response = outsider_api.post(
        SPAWN_API, {**CRIT_CRIT_ON_THE_BOARD, "campaign": campaign.pk}, format="json"
    )
    assert response.status_code == 404
    assert db_snapshot() == before


def test_the_spawn_api_for_a_campaign_notes_a_token_its_content_says_no_token_shows(
    owner, campaign, owner_api
):
    """RB p24: the figure goes to the token on the board showing its pair; the content (FAN-AQH) says no
    Spawn token shows Crit + Crit, so the answer marks that pair `contradicted`."""
    answer = owner_api.post(
        SPAWN_API, {**CRIT_CRIT_ON_THE_BOARD, "campaign": campaign.pk}, format="json"
    ).json()
    crit = next(row for row in answer["pairs"]["rows"] if row["symbols"] == ["crit", "crit"])
    assert crit["has_token"] is False and crit["contradicted"] is True
    assert crit["has_token_confidence"]["kind"] == "fan"

"""A campaign's own content stays in that campaign (security probe 2: G2, G3, G12, and F4's leftovers).

Cards a campaign types in, its corrections and its monster stats are rows of that campaign: never listed on
the public content pages or the content report, never read or written from another campaign (even one
imported with the same uid prefix), gone with the undo that takes their entry back; two typed names never
share a slot. Each reproduction of the probe is answered 4xx naming the field, or done without touching
anyone else; a refused write leaves the campaign's export, history and revisions byte-identical.
"""

from __future__ import annotations

import copy
import json
import uuid
from typing import Any

import pytest
from rest_framework.test import APIClient

from campaigns.models import Campaign, ContentOverride, Event, InventoryCard, UpgradeCard
from campaigns.selectors.overrides import own_card_slug, typed_card_target
from campaigns.selectors.transfer import campaign_export
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db

IMPORT = "/api/v1/campaigns/import/"
ANAS_CARD = {"name": "Ana private card", "deck": "level-2", "cost": 4}


def api(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def content_url(campaign: Campaign, tail: str = "") -> str:
    return f"/api/v1/campaigns/{campaign.pk}/content/{tail}"


def state(campaign: Campaign) -> str:
    """The campaign's export (every row, event and revision) as bytes, to compare before and after."""
    return json.dumps(campaign_export(campaign=refreshed(campaign)), sort_keys=True)


def type_card(user: Any, campaign: Campaign, target: str, fields: dict[str, Any]) -> Any:
    card = {"kind": "upgrade-card", "target": target, "fields": fields}
    return api(user).post(content_url(campaign), card, format="json")


def give(user: Any, campaign: Campaign, card: str, colour: str = "yellow", hero: str = "diana") -> Any:
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/cards/",
        {"card": card, "hero": hero, "revision": revision},
        format="json",
    )


def undo_last(user: Any, campaign: Campaign) -> Any:
    campaign = refreshed(campaign)
    return api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": campaign.history_seq, "revision": campaign.revision},
        format="json",
    )


@pytest.fixture
def ana() -> Any:
    return UserFactory(username="ana")


@pytest.fixture
def eve() -> Any:
    return UserFactory(username="eve")


@pytest.fixture
def anas(ana: Any) -> Campaign:
    return build_campaign(ana, guilds={"yellow": None, "teal": None}, name="Ana's")


def same_prefix_copy(eve: Any, victim: Campaign) -> Campaign:
    """Eve's own campaign, exported and imported again under a uid whose first 12 hex digits are the
    victim's (G2): the file is edited, so it is a plain copy owned by Eve."""
    own = build_campaign(eve, guilds={"yellow": None}, name="Eve's")
    document = api(eve).get(f"/api/v1/campaigns/{own.pk}/export/?full=1").json()
    document["campaign"]["uid"] = str(uuid.UUID(victim.uid.hex[:12] + uuid.uuid4().hex[12:]))
    document.pop("attestation")
    response = api(eve).post(IMPORT, document, format="json")
    assert response.status_code == 201, response.json()
    return Campaign.objects.get(pk=response.json()["id"])


def test_a_campaign_with_the_same_uid_prefix_never_writes_anothers_typed_card(ana, eve, anas):
    """G2: Eve types a card of the same name in a campaign whose uid starts as Ana's: Eve gets a card of
    her own; Ana's card, her guild's copy of it and her sheet are untouched."""
    assert type_card(ana, anas, "anas-card-b", ANAS_CARD).status_code == 201
    slug = own_card_slug(anas, "anas-card-b")
    assert give(ana, anas, slug).status_code == 200
    evil = same_prefix_copy(eve, anas)
    assert own_card_slug(evil, "anas-card-b") == slug  # the probe's collision, by construction
    ana_before = state(anas)

    hacked = {"name": "Hacked by eve", "deck": "level-1", "cost": 20, "effect": "eve was here"}
    assert type_card(eve, evil, "anas-card-b", hacked).status_code == 201

    assert state(anas) == ana_before
    anas_card = UpgradeCard.objects.get(campaign=anas, slug=slug)
    assert (anas_card.name, anas_card.deck, anas_card.cost) == ("Ana private card", "level-2", 4)
    eves_card = UpgradeCard.objects.get(campaign=evil, slug=slug)
    assert (eves_card.name, eves_card.cost) == ("Hacked by eve", 20) and eves_card.pk != anas_card.pk
    held = InventoryCard.objects.get(guild__campaign=anas, card__slug=slug)
    assert held.card_id == anas_card.pk
    sheet = api(ana).get(f"/api/v1/campaigns/{anas.pk}/").content.decode()
    assert "Ana private card" in sheet and "Hacked by eve" not in sheet
    # Ana still plays her card; Eve's slug of the same name gives Eve's own card.
    assert give(ana, anas, slug, hero="mark").status_code == 200
    assert give(eve, evil, slug).status_code == 200
    assert InventoryCard.objects.get(guild__campaign=evil, card__slug=slug).card_id == eves_card.pk


def test_another_campaigns_typed_card_cannot_be_given_nor_corrected(ana, eve, anas, snapshot):
    """G2: a campaign with another uid names Ana's card by its slug: 400 naming the card, nothing written."""
    type_card(ana, anas, "anas-card-b", ANAS_CARD)
    slug = own_card_slug(anas, "anas-card-b")
    eves = build_campaign(eve, guilds={"yellow": None}, name="Eve's")
    before, ana_before = snapshot(), state(anas)
    given = give(eve, eves, slug)
    assert given.status_code == 400 and "card" in given.json(), given.json()
    corrected = type_card(eve, eves, slug, {"cost": 0})
    assert corrected.status_code == 400 and "target" in corrected.json(), corrected.json()
    pack = {
        "format": "inferno-companion-content",
        "version": 1,
        "edition": "inferno",
        "records": [{"kind": "upgrade-card", "target": slug, "fields": {"cost": 0}}],
    }
    imported = api(eve).post(content_url(eves, "import/"), pack, format="json")
    assert imported.status_code == 400 and "records[0].target" in imported.json(), imported.json()
    assert snapshot() == before and state(anas) == ana_before


def test_typed_cards_are_not_on_the_public_pages_nor_in_the_content_report(ana, anas):
    """G3: a card typed in a private campaign is not listed on /content/, in the content report, in its
    translation gaps nor in the content API, for anyone."""
    assert type_card(ana, anas, "secret-card-3", {**ANAS_CARD, "name": "SECRET CARD 3"}).status_code == 201
    anonymous = APIClient()
    page = anonymous.get("/content/", {"edition": "inferno", "q": "secret"})
    assert page.status_code == 200 and "SECRET CARD 3" not in page.content.decode()
    assert "SECRET CARD 3" not in anonymous.get("/content/", {"edition": "inferno"}).content.decode()
    report = anonymous.get("/api/v1/content/report/")
    assert report.status_code == 200 and "SECRET" not in report.content.decode()
    assert anas.uid.hex[:12] not in report.content.decode()
    cards = anonymous.get("/api/v1/upgrade-cards/", {"edition": "inferno"})
    assert cards.status_code == 200 and "SECRET" not in cards.content.decode()
    # The campaign itself still has it.
    assert "SECRET CARD 3" in api(ana).get(content_url(anas)).content.decode()


def test_a_pack_of_typed_cards_stays_off_the_public_page_and_its_undo_removes_the_cards(ana):
    """G3 as the probe ran it: an Arcadia Quest campaign imports cards "free gold at evil.example"; the
    public page and the report never list them; the undo removes the cards, not only the entries."""
    campaign = build_campaign(ana, guilds={"orange": None}, name="AQ", edition="arcadia-quest")
    records = [
        {
            "kind": "upgrade-card",
            "target": f"spam-{n:04d}",
            "fields": {"name": f"SPAM {n} free gold at evil.example", "deck": "level-1", "cost": 0},
        }
        for n in range(1, 21)
    ]
    pack = {
        "format": "inferno-companion-content",
        "version": 1,
        "edition": "arcadia-quest",
        "records": records,
    }
    response = api(ana).post(content_url(campaign, "import/"), pack, format="json")
    assert response.status_code == 201, response.json()
    assert UpgradeCard.objects.filter(campaign=campaign).count() == 20
    anonymous = APIClient()
    assert "evil.example" not in anonymous.get("/content/", {"edition": "arcadia-quest"}).content.decode()
    assert "evil.example" not in anonymous.get("/api/v1/content/report/").content.decode()
    assert undo_last(ana, campaign).status_code == 200
    assert not ContentOverride.objects.filter(campaign=campaign).exists()
    assert not UpgradeCard.objects.filter(campaign=campaign).exists()
    assert not UpgradeCard.objects.filter(name__contains="evil.example").exists()


def test_undo_of_a_typed_card_a_guild_holds_is_409_and_changes_nothing(ana, anas, snapshot):
    """The card goes with its entry; while Yellow holds it, the undo is refused until the gift is undone."""
    type_card(ana, anas, "anas-card-b", ANAS_CARD)
    entered = refreshed(anas).history_seq
    give(ana, anas, own_card_slug(anas, "anas-card-b"))
    before, exported = snapshot(), state(anas)
    refused = api(ana).post(
        f"/api/v1/campaigns/{anas.pk}/undo/",
        {"seq": entered, "revision": refreshed(anas).revision},
        format="json",
    )
    assert refused.status_code == 409 and "Ana private card" in refused.json()["detail"], refused.json()
    assert snapshot() == before and state(anas) == exported
    # Undo the gift, then the entry: the card is gone too.
    yellow = refreshed(anas).guilds.get(colour__slug="yellow")
    gift = Event.objects.filter(campaign=anas).order_by("seq").last()
    undo = {"seq": gift.seq, "revision": yellow.revision}
    assert api(ana).post(f"/api/v1/campaigns/{anas.pk}/undo/", undo, format="json").status_code == 200
    again = api(ana).post(
        f"/api/v1/campaigns/{anas.pk}/undo/",
        {"seq": entered, "revision": refreshed(anas).revision},
        format="json",
    )
    assert again.status_code == 200, again.json()
    assert not UpgradeCard.objects.filter(campaign=anas).exists()


@pytest.fixture
def manual_phase(ana: Any) -> Campaign:
    """An upgrade phase whose level deck is not in the app: the table types in the cards it drafted."""
    campaign = build_campaign(ana, guilds={"yellow": None, "teal": None}, name="Typed at the table")
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1", campaign=None).delete()
    lines = [result_line("yellow", winner=True, coins=5), result_line("teal", coins=3)]
    return record(ana, campaign, "ferry-of-the-dead", lines, upgrade_on_paper=False)


def enter_dealt(user: Any, campaign: Campaign, cards: list[dict[str, Any]]) -> Any:
    revision = refreshed(campaign).guilds.get(colour__slug="yellow").revision
    return api(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/upgrade-phase/enter/",
        {"cards": cards, "revision": revision},
        format="json",
    )


def test_names_without_letters_or_digits_do_not_overwrite_each_other(ana, manual_phase):
    """G12: "!!!" at 3 and "???" at 5 are two cards, each with its own cost."""
    cards = [{"name": "!!!", "cost": 3}, {"name": "???", "cost": 5}]
    cards += [{"name": f"Card {n}", "cost": 2} for n in "ABCD"]
    response = enter_dealt(ana, manual_phase, cards)
    assert response.status_code == 200, response.json()
    typed = dict(UpgradeCard.objects.filter(campaign=manual_phase).values_list("name", "cost"))
    assert typed == {"!!!": 3, "???": 5, "Card A": 2, "Card B": 2, "Card C": 2, "Card D": 2}
    entries = ContentOverride.objects.filter(campaign=manual_phase, kind="upgrade-card")
    assert entries.count() == 6 and len({e.target for e in entries}) == 6


def test_a_typed_name_seen_twice_is_one_card(ana, manual_phase):
    """The same symbols twice are the same card (one entry), as a name typed twice always was."""
    cards = [{"name": "!!!", "cost": 3}, {"name": "!!!", "cost": 3}]
    cards += [{"name": f"Card {n}", "cost": 2} for n in "ABCD"]
    assert enter_dealt(ana, manual_phase, cards).status_code == 200
    assert UpgradeCard.objects.filter(campaign=manual_phase, name="!!!").count() == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("!!!", "???"),
        ("★", "☆"),
        ("Blade of " + "x" * 70 + " one", "Blade of " + "x" * 70 + " two"),
    ],
)
def test_two_names_never_share_a_target(first, second):
    """G12: symbols only, letters the slug drops, and names longer than a target keeps."""
    a, b = typed_card_target(first), typed_card_target(second)
    assert a != b
    for target in (a, b):
        assert 0 < len(target) <= 60 and target == target.lower() and target[0].isalnum()
    assert typed_card_target(first) == a  # the same name is always the same target
    assert typed_card_target("Fancy Blade") == "fancy-blade"  # names with letters keep their slug


def test_a_typed_card_is_only_in_its_campaigns_export_and_undo_leaves_the_catalogue_as_it_was(ana, anas):
    """F4: the catalogue (the edition's cards) is the same before and after a campaign types a card,
    and an undo leaves no row behind anywhere."""
    catalogue = sorted(UpgradeCard.objects.filter(campaign=None).values_list("pk", "slug", "name"))
    type_card(ana, anas, "bone-wand", {**ANAS_CARD, "name": "Bone Wand"})
    assert sorted(UpgradeCard.objects.filter(campaign=None).values_list("pk", "slug", "name")) == catalogue
    exported = campaign_export(campaign=refreshed(anas))
    assert [r["target"] for r in exported["rows"]["contentoverride"]] == ["bone-wand"]
    assert undo_last(ana, anas).status_code == 200
    assert not UpgradeCard.objects.exclude(campaign=None).exists()
    assert sorted(UpgradeCard.objects.filter(campaign=None).values_list("pk", "slug", "name")) == catalogue


def test_an_import_never_points_at_another_campaigns_card(ana, eve, anas, snapshot):
    """G2 through a file: Eve's export naming Ana's typed card in an inventory is refused (the card is
    not in Eve's campaign), 400 naming the row, and nothing changes."""
    type_card(ana, anas, "anas-card-b", ANAS_CARD)
    slug = own_card_slug(anas, "anas-card-b")
    eves = build_campaign(eve, guilds={"yellow": None}, name="Eve's")
    give(eve, eves, "grimbolt")
    document = api(eve).get(f"/api/v1/campaigns/{eves.pk}/export/?full=1").json()
    crafted = copy.deepcopy(document)
    crafted["rows"]["inventorycard"][-1]["card"] = ["inferno", slug]
    before = snapshot()
    response = api(eve).post(IMPORT, crafted, format="json")
    assert response.status_code == 400, response.json()
    assert "rows.inventorycard" in json.dumps(response.json()) and slug in json.dumps(response.json())
    assert snapshot() == before
    # With Ana's uid as well (and the entry of a card of that name), Eve's copy gets a card of its own.
    crafted["campaign"]["uid"] = str(anas.uid)
    crafted["rows"]["contentoverride"] = [
        {
            "uid": str(uuid.uuid4()),
            "campaign": str(anas.uid),
            "kind": "upgrade-card",
            "target": "anas-card-b",
            "fields": {"name": "Eve's", "deck": "level-2", "cost": 1},
            "entered_by": None,
            "entered_at": "2026-01-01T00:00:00+00:00",
            "verified_by": None,
            "verified_at": None,
        }
    ]
    imported = api(eve).post(IMPORT, crafted, format="json")
    assert imported.status_code == 201, imported.json()
    held = InventoryCard.objects.get(guild__campaign_id=imported.json()["id"], card__slug=slug)
    assert held.card.campaign_id == imported.json()["id"] and held.card.name == "Eve's"
    assert UpgradeCard.objects.get(campaign=anas, slug=slug).name == "Ana private card"


def test_monster_stats_a_campaign_enters_stay_its_own(ana, anas):
    """Monster stats and scenario notes a campaign enters stay its own too (F4): other campaigns and the
    public monster data keep the edition's values."""
    entry = {"kind": "monster-level", "target": "cerberus/2-3", "fields": {"life": 42}}
    assert api(ana).post(content_url(anas), entry, format="json").status_code == 201
    other = build_campaign(UserFactory(username="otto"), name="Another table")
    theirs = api(other.owner).get(content_url(other)).json()
    assert theirs == []
    public = APIClient().get("/api/v1/monsters/cerberus/", {"edition": "inferno", "scenario": 3})
    assert public.status_code == 200 and public.json()["level_card"]["life"] != 42

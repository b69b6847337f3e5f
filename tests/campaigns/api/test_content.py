"""The read API over the game's content, checked against game-facts.md."""

from collections import Counter

import pytest

pytestmark = pytest.mark.django_db

INFERNO_HEROES = {
    "bjor-of-oros": (0, 7),
    "cassius": (1, 4),
    "diana": (2, 4),
    "izzy": (2, 4),
    "jack-jack": (3, 3),
    "jaimie": (3, 3),
    "kisha": (3, 3),
    "mark": (1, 4),
    "natasha": (2, 4),
    "phyx": (1, 4),
    "sybbyl": (2, 4),
    "trandir": (2, 4),
}


def test_the_api_lists_the_twelve_inferno_scenarios_by_circle(api):
    scenarios = api.get("/api/v1/scenarios/?edition=inferno").json()
    assert len(scenarios) == 12
    assert Counter(s["circle"] for s in scenarios) == {
        "first": 2,
        "second-west": 3,
        "second-east": 3,
        "third": 3,
        "final": 1,
    }
    assert [s["slug"] for s in scenarios if s["recommended_first"]] == ["beyond-the-gates-of-hell"]


def test_the_api_lists_the_eleven_base_game_scenarios(api):
    scenarios = api.get("/api/v1/scenarios/?edition=arcadia-quest").json()
    assert len(scenarios) == 11
    assert Counter(s["circle"] for s in scenarios) == {"outer": 6, "inner": 4, "final": 1}


def test_scenarios_filter_by_circle(api):
    west = api.get("/api/v1/scenarios/?edition=inferno&circle=second-west").json()
    assert {s["slug"] for s in west} == {"lost-in-the-dark", "the-prisoner", "the-parade"}


def test_a_scenario_shows_its_quests_title_angel_and_monsters(api):
    prisoner = api.get("/api/v1/scenarios/the-prisoner/").json()
    assert prisoner["angel"] == "angel-eyes"
    assert prisoner["title"]["slug"] == "keymaster"
    assert {q["gives"] for q in prisoner["quests"]} == {"title", "angel"}
    assert {m["monster"] for m in prisoner["monsters"]} >= {"demoness", "harpy", "bellyaal"}


def test_the_twelve_inferno_heroes_have_the_defense_and_life_of_the_facts(api):
    heroes = api.get("/api/v1/heroes/?edition=inferno").json()
    assert {h["slug"]: (h["defense"], h["life"]) for h in heroes} == INFERNO_HEROES


def test_the_five_angels_are_heroes_with_monster_cards(api):
    angels = api.get("/api/v1/angels/?edition=inferno").json()
    assert {a["slug"] for a in angels} == {"justicar", "angel-eyes", "benjamin", "leah", "the-wanderer"}
    assert all(len(a["monster"]["level_cards"]) == 4 for a in angels)
    leah = next(a for a in angels if a["slug"] == "leah")
    assert (leah["defense"], leah["life"], leah["rescued_in"]) == (1, 6, "hells-kitchen")


def test_cerberus_has_four_level_cards_whose_unknown_stats_stay_empty(api):
    cerberus = api.get("/api/v1/monsters/cerberus/").json()
    assert [c["label"] for c in cerberus["level_cards"]] == ["1", "2-3", "4-5", "6"]
    assert all(c["life"] is None and "life" in c["missing"] for c in cerberus["level_cards"])


@pytest.mark.parametrize(
    ("scenario", "label"), [(1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-5"), (5, "4-5"), (6, "6")]
)
def test_a_monster_at_a_scenario_number_shows_the_level_card_covering_it(api, scenario, label):
    body = api.get(f"/api/v1/monsters/the-judge/?scenario={scenario}").json()
    assert body["scenario"] == scenario
    assert body["level_card"]["label"] == label


@pytest.mark.parametrize("scenario", ["7", "0", "-1", "two"])
def test_a_monster_at_an_impossible_scenario_number_is_refused(api, scenario):
    response = api.get(f"/api/v1/monsters/cerberus/?scenario={scenario}")
    assert response.status_code == 400
    assert "scenario" in response.json()


def test_an_unknown_monster_is_not_found(api):
    assert api.get("/api/v1/monsters/balrog/?scenario=2").status_code == 404


def test_a_slug_shared_by_two_editions_needs_the_edition(api):
    assert api.get("/api/v1/death-curses/no-curse/").status_code == 400
    body = api.get("/api/v1/death-curses/no-curse/?edition=inferno").json()
    assert (body["code"], body["value"], body["edition"]) == ("D-00", 0, "inferno")


def test_upgrade_cards_filter_by_deck_type_and_group(api):
    starter = api.get("/api/v1/upgrade-cards/?edition=inferno&deck=starter").json()
    assert {c["slug"] for c in starter} == {
        "dusty-blade",
        "vile-trident",
        "short-bow",
        "grimbolt",
        "lifebound",
    }
    magic = api.get("/api/v1/upgrade-cards/?edition=inferno&deck=starter&group=magic&card_type=attack").json()
    assert {c["slug"] for c in magic} == {"grimbolt", "lifebound"}


def test_the_inferno_death_curses_keep_their_values_and_slots(api):
    """RB:223: 24 Death Curse cards; the copies per card come from fixtures/content-data/death-curses.csv."""
    curses = {c["code"]: c for c in api.get("/api/v1/death-curses/?edition=inferno").json()}
    assert (curses["INFD-07"]["value"], curses["INFD-07"]["takes_slot"]) == (7, True)
    assert (curses["INFD-01"]["value"], curses["INFD-01"]["takes_slot"]) == (1, False)
    assert (curses["D-00"]["copies"], curses["INFD-07"]["copies"]) == (10, 1)
    assert sum(c["copies"] for c in curses.values()) == 24


def test_editions_describe_their_circles_as_data(api):
    inferno = api.get("/api/v1/editions/inferno/").json()
    circles = {c["slug"]: (c["order"], c["play"], c["exclusive_group"]) for c in inferno["circles"]}
    assert circles["second-west"] == (2, 2, "second") and circles["second-east"] == (2, 2, "second")
    assert inferno["level_labels"] == ["1", "2-3", "4-5", "6"]


def test_the_content_report_lists_monster_cards_without_stats_and_empty_decks(api):
    report = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    assert {"monster": "cerberus", "label": "2-3"} in [
        {"monster": c["monster"], "label": c["label"]} for c in report["monster_level_cards"]
    ]
    assert len(report["monster_level_cards"]) == 48
    assert report["upgrade_decks_without_cards"] == []
    base = api.get("/api/v1/content/report/?edition=arcadia-quest").json()["arcadia-quest"]
    assert base["upgrade_decks_without_cards"] == ["level-1", "level-2", "level-3", "level-4", "level-5"]
    # BR:64 "up to four cards": no base card beyond level 1 is in the content, and none is called missing.
    assert base["monster_level_cards"] == []
    troll = next(m for m in base["level_cards_not_in_content"] if m["monster"] == "troll")
    assert troll["labels"] == ["2-3", "4-5", "6"] and troll["reasons"] == ["up-to-four"]


BASE_MONSTERS = {
    "lord-fang",
    "minotaur",
    "goblin-archer",
    "troll",
    "orc-marauder",
    "spear-beastman",
    "hammer-beastman",
    "orc-captain",
    "sister-of-pleasure",
    "sister-of-pain",
}


def test_the_monster_lookup_answers_for_every_base_monster_at_level_1(api):
    """BR:65: scenario 1 uses the Level 1 cards; the stats come from fixtures/content-data."""
    monsters = api.get("/api/v1/monsters/?edition=arcadia-quest").json()
    assert {m["slug"] for m in monsters} == BASE_MONSTERS
    for slug in BASE_MONSTERS:
        card = api.get(f"/api/v1/monsters/{slug}/?edition=arcadia-quest&scenario=1").json()["level_card"]
        assert card["label"] == "1" and card["missing"] == [], slug
    troll = api.get("/api/v1/monsters/troll/?edition=arcadia-quest&scenario=1").json()["level_card"]
    assert (troll["attack_dice"], troll["defense"], troll["life"], troll["overkill"]) == (4, 2, 4, 6)


def test_the_content_report_no_longer_lists_a_completed_level_card(api):
    from campaigns.models import MonsterLevelCard

    card = MonsterLevelCard.objects.get(monster__slug="cerberus", label="1")
    MonsterLevelCard.objects.filter(pk=card.pk).update(
        life=3, overkill=5, reward=2, attack_kind="melee", attack_dice=2, movement=2, defense=0
    )
    report = api.get("/api/v1/content/report/?edition=inferno").json()["inferno"]
    listed = {(c["monster"], c["label"]) for c in report["monster_level_cards"]}
    assert ("cerberus", "1") not in listed and ("cerberus", "2-3") in listed


def test_the_content_report_of_an_unknown_edition_is_not_found(api):
    assert api.get("/api/v1/content/report/?edition=chess").status_code == 404


# --- Kept per content version: 304 and no query while content is unchanged ---------------------------


def test_a_content_read_is_kept_and_revalidates_without_a_query(api, django_assert_num_queries):
    first = api.get("/api/v1/editions/inferno/")
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    with django_assert_num_queries(0):
        again = api.get("/api/v1/editions/inferno/")
        unchanged = api.get("/api/v1/editions/inferno/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    assert unchanged.status_code == 304 and not unchanged.content


def test_each_address_is_kept_apart(api):
    assert len(api.get("/api/v1/scenarios/?edition=inferno").json()) == 12
    assert len(api.get("/api/v1/scenarios/?edition=arcadia-quest").json()) == 11
    assert len(api.get("/api/v1/scenarios/?edition=inferno").json()) == 12
    assert api.get("/api/v1/monsters/the-judge/?scenario=6").json()["level_card"]["label"] == "6"
    assert api.get("/api/v1/monsters/the-judge/?scenario=1").json()["level_card"]["label"] == "1"


def test_a_refused_read_is_never_kept(api):
    assert api.get("/api/v1/monsters/the-judge/?scenario=9").status_code == 400
    assert api.get("/api/v1/monsters/the-judge/?scenario=9").status_code == 400


def test_loading_a_pack_changes_the_version_and_the_answer(api, django_capture_on_commit_callbacks):
    from campaigns.services.content import content_pack_load

    before = api.get("/api/v1/heroes/diana/")
    record = {
        "model": "campaigns.hero",
        "fields": {"edition": ["inferno"], "slug": "diana", "name": "Diana the Bold"},
    }
    with django_capture_on_commit_callbacks(execute=True):
        content_pack_load(records=[record])
    after = api.get("/api/v1/heroes/diana/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after.json()["name"] == "Diana the Bold"
    assert after["ETag"] != before["ETag"]


def test_a_rolled_back_pack_keeps_the_version(api, django_capture_on_commit_callbacks):
    from campaigns.errors import ContentPackError
    from campaigns.services.content import content_pack_load

    before = api.get("/api/v1/heroes/diana/")
    broken = [{"model": "campaigns.hero", "fields": {"edition": ["chess"], "slug": "x", "name": "X"}}]
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ContentPackError):
        content_pack_load(records=broken)
    assert api.get("/api/v1/heroes/diana/", HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304


def test_an_admin_save_changes_the_version_and_a_campaigns_typed_card_does_not(
    api, rf, django_capture_on_commit_callbacks
):
    from django.contrib import admin

    from campaigns.models import Campaign, Hero
    from campaigns.services.overrides import content_override_set
    from tests.factories import UserFactory, access, build_campaign

    etag = api.get("/api/v1/heroes/?edition=inferno")["ETag"]
    diana = Hero.objects.get(slug="diana")
    diana.name = "Diana of the Admin"
    with django_capture_on_commit_callbacks(execute=True):
        admin.site._registry[Hero].save_model(rf.post("/"), diana, form=None, change=True)
    listed = api.get("/api/v1/heroes/?edition=inferno", HTTP_IF_NONE_MATCH=etag)
    assert listed.status_code == 200 and "Diana of the Admin" in {h["name"] for h in listed.json()}
    campaign: Campaign = build_campaign(UserFactory(username="olga"))
    etag = api.get("/api/v1/upgrade-cards/?edition=inferno")["ETag"]
    # A card a table types in is its campaign's own (F4): the edition's content and its version stay.
    olga = campaign.owner
    with django_capture_on_commit_callbacks(execute=True):
        content_override_set(
            access=access(olga, campaign),
            actor=olga,
            kind="upgrade-card",
            target="never-seen-before",
            fields={"name": "Never Seen Before", "deck": "level-1", "cost": 2},
        )
    assert api.get("/api/v1/upgrade-cards/?edition=inferno", HTTP_IF_NONE_MATCH=etag).status_code == 304

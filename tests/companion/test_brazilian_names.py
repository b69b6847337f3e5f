"""The Brazilian edition's names everywhere (issue 28): a Portuguese reader of a campaign sees the Brazilian
names (the English one only as a hint in parentheses), an English reader sees no Portuguese name, a name no
source gives is marked, and the texts taken from other sources are the app's own sentences."""

from __future__ import annotations

import csv
import difflib
import html as html_lib
import importlib
import json
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from campaigns import pdf
from campaigns.models import (
    Campaign,
    Circle,
    DeathCurse,
    Die,
    Edition,
    ExplorationTokenKind,
    GuildColour,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    Title,
    UpgradeCard,
)
from campaigns.selectors.content_translations import translation_gaps
from tests.campaigns.pages.helpers import act, first_scenario
from tests.campaigns.pdf.helpers import demo_campaign, pdf_pages, user
from tests.factories import angel_campaign, api_for, client_for, level_one_deck

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PACKS = Path(settings.BASE_DIR) / "fixtures"
MARK = "\u2020"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    translation.activate(settings.LANGUAGE_CODE)


# --- What a page says, outside the English hints --------------------------------------------------------


def _text(page: str) -> str:
    """The words a reader sees: no script, style or tags; entities read back."""
    page = re.sub(r"(?is)<(script|style|svg)\b.*?</\1>", " ", page)
    return html_lib.unescape(re.sub(r"(?s)<[^>]+>", " ", page))


def _outside_parentheses(text: str) -> str:
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", text)
        if shorter == text:
            return " ".join(text.split())
        text = shorter


def _pairs(edition: str) -> list[tuple[str, str]]:
    """(English, Portuguese) of every record of the edition whose two names differ. Not the dice: the card
    effects, kept in English (no Brazilian source gives them), say "Defense die"; the dice's own tests look
    for their names where a die is named."""
    pairs = []
    for model, field in (
        (Scenario, "name_pt"),
        (Title, "name_pt"),
        (Circle, "name_pt"),
        (Hero, "name_pt"),
        (GuildColour, "name_pt"),
        (Monster, "local_name"),
        (UpgradeCard, "local_name"),
        (DeathCurse, "local_name"),
    ):
        pairs += model.objects.filter(edition__slug=edition).exclude(**{field: ""}).values_list("name", field)
    pairs += (
        Quest.objects.filter(scenario__edition__slug=edition)
        .exclude(name_pt="")
        .values_list("name", "name_pt")
    )
    return sorted({(en, pt) for en, pt in pairs if en != pt})


def _found(names: set[str], text: str) -> list[str]:
    return sorted(name for name in names if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text))


def english_names_shown(page: str, edition: str = "inferno") -> list[str]:
    return _found({en for en, _ in _pairs(edition)}, _outside_parentheses(_text(page)))


def portuguese_names_shown(page: str, edition: str = "inferno") -> list[str]:
    return _found({pt for _, pt in _pairs(edition)}, _text(page))


def _without_catalogue_lists(page: str) -> str:
    """The sheet's edit forms list every card and curse of the edition from `selectors/content.py`'s
    catalogue, which carries no Brazilian names yet (a gap the content report's owner closes there)."""
    return re.sub(r'(?s)<select id="(add-card|curse)-[^"]*".*?</select>', " ", page)


def _demo_live() -> Campaign:
    """seed_demo's campaign with its next scenario being played live."""
    campaign = demo_campaign()
    owner = campaign.owner
    sheet = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/").json()
    scenario = sheet["next_scenario"] or sheet["allowed_next"][0]
    started = act(owner, campaign, "live-start", {"revision": sheet["revision"], "scenario": scenario})
    assert started.status_code in (200, 302)
    return Campaign.objects.get(pk=campaign.pk)


def test_the_checks_see_english_names_where_they_are():
    """The check could fail: an English name outside parentheses is found, the same inside is not."""
    assert english_names_shown("<p>Trailblazer ganho em Barca dos Mortos</p>") == ["Trailblazer"]
    assert english_names_shown("<p>Desbravador <span>(Trailblazer)</span></p>") == []
    assert portuguese_names_shown("<li>Amarela guarda 1 moeda</li>") == ["Amarela"]


def test_a_portuguese_reader_of_the_demo_sees_the_brazilian_names_on_the_sheet_and_live_tracker():
    """CB-PT: scenarios, circles, titles, quests, angels and monsters as the Brazilian Campaign Book names
    them (e.g. "Primeiro Círculo", "Desbravador", "Olhos Angelicais"); guild colours in the app's
    translation, marked. No English name is left outside the hints in parentheses."""
    campaign = _demo_live()
    owner = campaign.owner
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/", **PT).content.decode()
    assert 'id="live-title"' in page  # the live tracker is on the page
    assert english_names_shown(_without_catalogue_lists(page)) == []
    text = _text(page)
    assert "Primeiro Círculo" in text and "Terceiro Círculo" in text
    assert "Tradução do app" in page and MARK in text  # the guild colours are the app's words
    assert "Tigre" in text and not re.search(r"\bTiger\b", _outside_parentheses(text))  # and their animals
    spectator = Client().get(f"/campaigns/{campaign.pk}/?share={campaign.share_token}", **PT).content.decode()
    assert english_names_shown(spectator) == []


def test_an_english_reader_of_the_demo_sees_no_portuguese_name():
    """L4 (ux-walkthrough-2): no Brazilian name in the English pages; a literal English name is marked."""
    campaign = _demo_live()
    owner = campaign.owner
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/", **EN).content.decode()
    assert portuguese_names_shown(page) == []
    spectator = Client().get(f"/campaigns/{campaign.pk}/?share={campaign.share_token}", **EN).content.decode()
    assert portuguese_names_shown(spectator) == []
    assert "Literal translation of the Brazilian name" in page  # e.g. a scenario only CB-PT names


def test_the_demo_pdf_prints_the_brazilian_names():
    """CB-PT names on the printed sheet: the path, the achievements, the titles and the inventories."""
    campaign = demo_campaign()
    text = " ".join(pdf_pages(pdf.render_sheet_pdf(campaign_id=campaign.pk, paper="a4", language="pt-br")))
    assert english_names_shown(text) == []
    assert "Primeiro Círculo" in " ".join(text.split())
    english = " ".join(pdf_pages(pdf.render_sheet_pdf(campaign_id=campaign.pk, paper="a4", language="en")))
    assert portuguese_names_shown(english) == []


def test_the_helpers_of_a_campaign_name_its_scenario_and_heroes_in_portuguese():
    """CB-PT names in the table-side helpers opened from the demo campaign."""
    campaign = _demo_live()
    client = client_for(campaign.owner)
    for url in (
        f"/helpers/spawn/?campaign={campaign.pk}",
        f"/helpers/death-curses/?campaign={campaign.pk}",
        "/helpers/monsters/?monster=inferno/harpy&scenario=5",
    ):
        page = client.get(url, **PT).content.decode()
        assert english_names_shown(page) == [], url
        assert portuguese_names_shown(client.get(url, **EN).content.decode()) == [], url
    harpy = client.get("/helpers/monsters/?monster=inferno/harpy&scenario=5", **PT).content.decode()
    assert "Harpia" in harpy


def test_the_upgrade_phase_names_guilds_and_heroes_in_portuguese(owner, player, campaign):
    """The upgrade phase as a Portuguese reader drafts: guilds and heroes by CB-PT's names (and the app's
    marked colours), no English name outside the hints."""
    level_one_deck()
    drafting = first_scenario(owner, campaign, upgrade_on_paper=False)
    page = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/", **PT).content.decode()
    assert "Fase de Aprimoramento" in page
    assert english_names_shown(page) == []
    assert (
        portuguese_names_shown(client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode())
        == []
    )


def test_the_api_gives_each_name_in_the_readers_language():
    """CB-PT names in the sheet's JSON: `shown_name` follows Accept-Language, `name` stays English."""
    campaign = demo_campaign()
    api = api_for(user("ana"))
    pt = api.get(f"/api/v1/campaigns/{campaign.pk}/", **PT).json()
    en = api.get(f"/api/v1/campaigns/{campaign.pk}/", **EN).json()
    first_pt = next(c for c in pt["circles"] if c["slug"] == "first")
    first_en = next(c for c in en["circles"] if c["slug"] == "first")
    assert (first_pt["name"], first_pt["name_pt"], first_pt["shown_name"]) == (
        "First Circle",
        "Primeiro Círculo",
        "Primeiro Círculo",
    )
    assert first_en["shown_name"] == "First Circle"
    yellow = next(g for g in pt["guilds"] if g["colour"] == "yellow")
    assert (yellow["shown_name"], yellow["name_pt_source"]) == ("Amarela", "app")
    play = pt["plays"][0]
    assert play["shown_name"] == play["name_pt"] != play["name"]


# --- The names and where they come from ------------------------------------------------------------


def test_the_campaign_books_circle_quest_angel_and_monster_names_are_stored():
    """CB-PT (each scenario page's header, MISSÕES list and reward angel): the circles, the 18 distinct
    quests, Angel Eyes = Olhos Angelicais, The Wanderer = O Peregrino, and the monsters' names."""
    circles = dict(Circle.objects.filter(edition__slug="inferno").values_list("slug", "name_pt"))
    assert circles == {
        "first": "Primeiro Círculo",
        "second-east": "Segundo Círculo - Leste",
        "second-west": "Segundo Círculo - Oeste",
        "third": "Terceiro Círculo",
        "final": "Confronto Final",
    }
    quests = set(Quest.objects.filter(scenario__edition__slug="inferno").values_list("name_pt", flat=True))
    assert len(quests) == 18 and {"Passar pelos Portões", "Destruir os Ingressos"} <= quests
    assert "Matar o Traseiro Quadrado" in quests
    angels = dict(Hero.objects.filter(edition__slug="inferno", is_angel=True).values_list("slug", "name_pt"))
    assert angels["angel-eyes"] == "Olhos Angelicais" and angels["the-wanderer"] == "O Peregrino"
    monsters = dict(Monster.objects.filter(edition__slug="inferno").values_list("slug", "local_name"))
    assert {monsters[s] for s in ("cerberus", "harpy", "demoness", "demon-pitcher", "the-judge")} == {
        "Cérbero",
        "Harpia",
        "Diabrete",
        "Demônio Arremessador",
        "O Juiz",
    }
    assert (monsters["bellyaal"], monsters["the-underlord"]) == ("Gordemônio", "Lorde Nefasto")


def test_the_base_games_fan_names_are_stored_with_their_source():
    """FAN-R (herois.json, equipamentos.json): four base heroes and the five starter cards."""
    heroes = {h.slug: h for h in Hero.objects.filter(edition__slug="arcadia-quest")}
    assert [heroes[s].name_pt for s in ("greensleeves", "scarlet", "spike", "wisp")] == [
        "Casacaverde",
        "Escarlate",
        "Espetado",
        "Vapor",
    ]
    assert all(heroes[s].name_pt_source.startswith("FAN-R") for s in ("greensleeves", "scarlet"))
    starters = UpgradeCard.objects.filter(edition__slug="arcadia-quest", deck="starter")
    assert set(starters.values_list("local_name", flat=True)) == {
        "Espada Enferrujada",
        "Adaga Aparadora",
        "Estilingue",
        "Raio Nova",
        "Drenar Vida",
    }


def test_the_missing_translations_cover_every_named_kind_and_mark_the_apps_own():
    """CB-PT keeps Benjamin, Justicar and Leah as they are: not a gap. The guild colours and the dice have no
    Brazilian source (GF:103, the PT glossary, names neither): listed as the app's translation. The Inferno
    heroes no source names are listed."""
    gaps = translation_gaps(Edition.objects.get(slug="inferno"))["missing_translations"]
    listed = {(g["kind"], g["slug"]) for g in gaps}
    for slug in ("benjamin", "justicar", "leah"):
        assert ("monster", slug) not in listed and ("hero", slug) not in listed
    assert ("hero", "cassius") in listed
    assert not any(kind in ("circle", "quest") for kind, _ in listed)
    app = {(g["kind"], g["slug"]): g["app_translation"] for g in gaps if "app_translation" in g}
    assert app == {
        ("guild colour", "yellow"): "Amarela",
        ("guild colour", "purple"): "Roxa",
        ("guild colour", "teal"): "Turquesa",
        ("guild colour", "gray"): "Cinza",
        ("die", "attack"): "Dado de Ataque",
        ("die", "defense"): "Dado de Defesa",
    }
    base = translation_gaps(Edition.objects.get(slug="arcadia-quest"))["missing_translations"]
    assert ("quest", Quest.objects.filter(scenario__edition__slug="arcadia-quest").first().slug) in {
        (g["kind"], g["slug"]) for g in base
    }


def test_english_names_no_source_gives_are_marked_as_literal_translations():
    """content-check-2 §3a: 10 scenarios, 11 titles, 25 quests and 5 curses have an English name that is
    only a literal translation of the Brazilian one (CB-PT, FAN-AQH); the two RB confirms are not."""
    assert Scenario.objects.filter(edition__slug="inferno", name_en_literal=True).count() == 10
    assert not Scenario.objects.filter(slug__in=["beyond-the-gates-of-hell", "hit-rock-bottom"]).filter(
        name_en_literal=True
    )
    assert Title.objects.filter(edition__slug="inferno", name_en_literal=True).count() == 11
    assert Quest.objects.filter(scenario__edition__slug="inferno", name_en_literal=True).count() == 25
    assert DeathCurse.objects.filter(name_en_literal=True).count() == 5


# --- Attack names: the Brazilian card's in its own field ---------------------------------------------

NEW_NAMES = importlib.import_module("campaigns.migrations.0020_base_attack_names_and_inferno_trap")


def _table_attack_names() -> dict[str, str]:
    """Each base monster's level-1 attack name as the table gives it: FAN-R's transcription of the Brazilian
    card (fixtures/content-data/base-monsters-level1.csv, `attack_name_pt`)."""
    with (PACKS / "content-data" / "base-monsters-level1.csv").open(encoding="utf-8", newline="") as handle:
        return {row["slug"]: row["attack_name_pt"] for row in csv.DictReader(handle) if row["attack_name_pt"]}


def test_no_monster_level_card_holds_a_portuguese_attack_name_in_its_english_field():
    """L4 (ux-walkthrough-2 L4, Portuguese in the English UI; content-check-2 §3a: the base attack names are
    FAN-R's transcription of the Brazilian cards, and no source gives them in English): in the packs and in
    the database, no level card's English `attack_name` is a Portuguese name; the ten base level-1 cards
    carry theirs in `attack_name_pt`."""
    table = _table_attack_names()
    assert len(table) == 10
    portuguese = set(table.values()) | set(
        MonsterLevelCard.objects.exclude(attack_name_pt="").values_list("attack_name_pt", flat=True)
    )
    for pack in ("inferno.json", "arcadia-quest.json"):
        for record in json.loads((PACKS / pack).read_text("utf-8")):
            if record["model"] == "campaigns.monsterlevelcard":
                assert record["fields"]["attack_name"] not in portuguese, (pack, record["fields"]["monster"])
    assert not MonsterLevelCard.objects.filter(attack_name__in=portuguese).exists()
    base = MonsterLevelCard.objects.filter(monster__edition__slug="arcadia-quest", label="1")
    assert dict(base.values_list("monster__slug", "attack_name_pt")) == table
    assert set(base.values_list("attack_name", flat=True)) == {""}  # no source gives the English names


def test_an_english_reader_sees_a_base_attack_name_marked_as_the_brazilian_one():
    """ux-walkthrough-2 L4: the English monster lookup does not pass the Brazilian attack name off as an
    English one: it is marked (the dagger, as a monster name no English source gives) and tagged as
    Portuguese; a Portuguese reader sees it as it is printed on the Brazilian card."""
    url = "/helpers/monsters/?monster=arcadia-quest/minotaur&scenario=1"
    english = Client().get(url, **EN).content.decode()
    assert (
        '“<span lang="pt-BR">Chifrada</span><abbr class="name-mark" '
        'title="The Brazilian name: no English one is known">\u2020</abbr>”' in english
    )
    portuguese = Client().get(url, **PT).content.decode()
    assert "“Chifrada”" in portuguese


def test_an_existing_database_gets_the_attack_names_and_the_trap_text_the_packs_ship():
    """Migration 0020 on rows as the packs shipped them before (FAN-R's names in `attack_name`, the Inferno
    Trap's near-copy of BR:246): the names move to `attack_name_pt` and the Trap reads as the pack does now;
    a name or text an admin wrote over is left alone."""
    base = MonsterLevelCard.objects.filter(monster__edition__slug="arcadia-quest", label="1")
    for slug, name in _table_attack_names().items():
        base.filter(monster__slug=slug).update(attack_name=name, attack_name_pt="")
    base.filter(monster__slug="troll").update(attack_name="Head Crush")  # an admin's own English name
    trap = ExplorationTokenKind.objects.filter(edition__slug="inferno", slug="trap")
    shipped = trap.get().effect
    trap.update(effect=NEW_NAMES.TRAP_NEAR_COPY)
    NEW_NAMES.attack_names_to_portuguese(apps, None)
    NEW_NAMES.trap_in_own_words(apps, None)
    names = {c.monster.slug: (c.attack_name, c.attack_name_pt) for c in base.select_related("monster")}
    assert names["minotaur"] == ("", "Chifrada")
    assert names["troll"] == ("Head Crush", "")
    assert sum(1 for english, _pt in names.values() if english == "") == 9
    assert trap.get().effect == shipped == NEW_NAMES.TRAP_OWN_WORDS


# --- The dice: the app's own Portuguese names ---------------------------------------------------------

DICE_NAMES = importlib.import_module("campaigns.migrations.0023_brazilian_dice_names")
# GF:250 names the box's two dice; no source gives the Brazilian edition's names (GF:103, the PT glossary,
# names neither), so the Portuguese ones are the app's translation.
DICE_PT = {"attack": "Dado de Ataque", "defense": "Dado de Defesa"}
DICE_EN = {"attack": "Attack die", "defense": "Defense die"}


def test_the_packs_ship_the_dice_names_as_the_apps_translation():
    """GF:250: an Attack and a Defense die in each box. GF:103 (the PT glossary) and the content data tables
    name no Brazilian die, so each pack's die carries the app's own name, marked `name_pt_source` "app"."""
    for pack, edition in (("inferno.json", "inferno"), ("arcadia-quest.json", "arcadia-quest")):
        dice = {
            record["fields"]["slug"]: record["fields"]
            for record in json.loads((PACKS / pack).read_text("utf-8"))
            if record["model"] == "campaigns.die"
        }
        assert {slug: fields["name_pt"] for slug, fields in dice.items()} == DICE_PT, pack
        assert {fields["name_pt_source"] for fields in dice.values()} == {"app"}, pack
        stored = Die.objects.filter(edition__slug=edition)
        assert dict(stored.values_list("slug", "name_pt")) == DICE_PT
        assert set(stored.values_list("name_pt_source", flat=True)) == {"app"}


def test_an_existing_database_gets_the_dice_names_the_packs_ship():
    """Migration 0023 on dice as the packs shipped them before (no Portuguese name): each shipped die gets
    the app's name, marked as the app's; a die an admin renamed or already named in Portuguese is left alone,
    and so is a die of an edition the packs do not ship."""
    shipped = Die.objects.filter(edition__slug__in=["inferno", "arcadia-quest"])
    shipped.update(name_pt="", name_pt_source="")
    Die.objects.filter(edition__slug="arcadia-quest", slug="defense").update(name="Shield die")
    Die.objects.filter(edition__slug="arcadia-quest", slug="attack").update(name_pt="Dado Preto")
    DICE_NAMES.dice_names_in_portuguese(apps, None)
    names = {
        (d.edition.slug, d.slug): (d.name_pt, d.name_pt_source) for d in Die.objects.select_related("edition")
    }
    assert names[("inferno", "attack")] == ("Dado de Ataque", "app")
    assert names[("inferno", "defense")] == ("Dado de Defesa", "app")
    assert names[("arcadia-quest", "defense")] == ("", "")  # an admin's own English name
    assert names[("arcadia-quest", "attack")] == ("Dado Preto", "")  # a Portuguese name already there
    assert names[("test-edition", "attack")] == ("", "")


def test_the_edition_api_names_each_die_in_the_readers_language(api):
    """GF:250: the edition's two dice, with the faces the helpers roll; `name` stays English, `shown_name`
    follows Accept-Language and `name_pt_source` says the Portuguese name is the app's (GF:103 gives none)."""
    pt = {d["slug"]: d for d in api.get("/api/v1/editions/inferno/", **PT).json()["dice"]}
    en = {d["slug"]: d for d in api.get("/api/v1/editions/inferno/", **EN).json()["dice"]}
    for slug in ("attack", "defense"):
        assert (pt[slug]["name"], pt[slug]["name_pt"], pt[slug]["shown_name"]) == (
            DICE_EN[slug],
            DICE_PT[slug],
            DICE_PT[slug],
        )
        assert pt[slug]["name_pt_source"] == "app" and en[slug]["shown_name"] == DICE_EN[slug]
        assert pt[slug]["faces"] == list(Die.objects.get(edition__slug="inferno", slug=slug).faces)


def test_a_campaigns_content_page_names_its_dice_in_the_readers_language(owner, campaign):
    """GF:250, GF:251: the dice whose faces a table corrects for its campaign (the Our content page and the
    die's own form) are named in Portuguese for a Portuguese reader, in English alone for an English one."""
    client = client_for(owner)
    page = f"/campaigns/{campaign.pk}/content/"
    for url in (page, f"{page}?kind=die&target=attack"):
        portuguese = _text(client.get(url, **PT).content.decode())
        assert all(name in portuguese for name in DICE_PT.values()), url
        assert not any(name in _outside_parentheses(portuguese) for name in DICE_EN.values()), url
        english = _text(client.get(url, **EN).content.decode())
        assert all(name in english for name in DICE_EN.values()), url
        assert not any(name in english for name in DICE_PT.values()), url


# --- The app's own sentences ------------------------------------------------------------------------

# The sources' sentences (FAN-E list.html, BR seed lines, FAN-X items.xml), quoted to show the app's differ.
FAN_E_ABILITIES = {
    "angel-eyes": "For each CRIT she rolls on an attack, you may unexhaust one card from an Ally.",
    "justicar": "For each Wound he deals, you may remove 1 Death Token, or 1 Damnation from an Ally.",
    "the-wanderer": "For each Wound he deals, you may heal one Wound from an Ally.",
    "kisha": "[+1 Reroll] for every equipped non-Magic Ranged attack card.",
    "jack-jack": "If his attack rolls any Hits, you may switch one of the target's Upgrade cards with "
    "another from their Guild (before rolling Defense).",
    "diana": "When attacking a Close Enemy with a Bow or Thrown Weapon, may target one extra Close "
    "Enemy per CRIT rolled.",
    "jaimie": "May exhaust her Hero card to Move a Close Character up to 2 Spaces away (this Move "
    "doesn't trigger Guard Reaction).",
}
BR_TOKENS = {
    "trap": "The Hero who collects it immediately suffers an automatic Wound and the token is discarded.",
    "refreshing-potion": "An active Hero may freely discard this token during his turn to unexhaust "
    "all of his cards, removing all Guild tokens from the cards belonging to that Hero.",
    "healing-potion": "An active Hero may freely discard this token during his turn to recover all "
    "his Life, discarding any Wound tokens and Death Curse cards he may possess. This can't be used while an "
    "attack is being resolved.",
}
# Keyed by (edition, kind, slug): both packs hold a "trap", and each edition's record is checked on its own
# against the sources it was written from. FAN-E lists the Inferno heroes; the base rules' tokens (BR:242-246)
# are a source of both packs' tokens (the Inferno records cite "RB p28; BR; FAN-L"); Nova Bolt (BR:166) and
# Life Drain (FAN-X) are base starter cards.
SOURCES: dict[tuple[str, str, str], str] = {
    **{("inferno", "hero", slug): text for slug, text in FAN_E_ABILITIES.items()},
    **{
        (edition, "token", slug): text
        for edition in ("inferno", "arcadia-quest")
        for slug, text in BR_TOKENS.items()
    },
    ("arcadia-quest", "card", "nova-bolt"): "if any CRITS are rolled when attacking with the Nova Bolt card, "
    "the attack may also target a second Enemy Close to the primary target. Both targets suffer the full "
    "number of hits obtained in the Attack roll.",
    ("arcadia-quest", "card", "life-drain"): "Each Hit heals 1 Wound from this Hero.",
}
MODELS = {"hero": ("campaigns.hero", "ability"), "token": ("campaigns.explorationtokenkind", "effect")}
MODELS["card"] = ("campaigns.upgradecard", "effect")


def _pack_texts() -> dict[tuple[str, str, str], str]:
    """Each pack's text of every quoted record, keyed by its own edition (no pack overwrites another's)."""
    texts = {}
    for pack in ("inferno.json", "arcadia-quest.json"):
        for record in json.loads((PACKS / pack).read_text("utf-8")):
            fields = record["fields"]
            for kind, (model, field) in MODELS.items():
                key = (fields.get("edition", [""])[0], kind, fields.get("slug"))
                if record["model"] == model and key in SOURCES:
                    assert key not in texts, key
                    texts[key] = fields[field]
    return texts


def test_every_quoted_source_is_checked_against_its_own_editions_record():
    """content-check-2 §1b: the Inferno Trap was a near-copy of BR:246 while the base one was not; keyed by
    (kind, slug) alone, the base record hid it. Each edition's record is read and compared on its own."""
    texts = _pack_texts()
    assert set(texts) == set(SOURCES)
    assert texts[("inferno", "token", "trap")] != texts[("arcadia-quest", "token", "trap")]


@pytest.mark.parametrize("key", sorted(SOURCES), ids="/".join)
def test_an_ability_or_effect_is_the_apps_own_sentence(key):
    """content-check-2 §1b: FAN-E (7 abilities), BR:242-246 (Trap and the two potions, in both editions),
    BR:166 (Nova Bolt) and FAN-X (Life Drain) were near-copies; the app says the same in other words, every
    number kept."""
    text = _pack_texts()[key]
    source = SOURCES[key]
    assert difflib.SequenceMatcher(None, text.lower(), source.lower()).ratio() < 0.7, text
    digits = set(re.findall(r"\d", source))
    assert digits <= set(re.findall(r"\d", text)), text


def test_the_justicar_ability_shows_that_the_sources_disagree():
    """FAN-E says remove 1 Death token, FAN-L says 2: the players see both, not a silent pick."""
    ability = Hero.objects.get(edition__slug="inferno", slug="justicar").ability
    assert "FAN-E" in ability and "FAN-L" in ability and "1" in ability and "2" in ability


def test_the_sheet_shows_a_heros_ability_in_english_with_a_note(owner):
    """FAN-E (paraphrased): the rescued Angel Eyes' ability on the sheet, kept in English and said so."""
    campaign = angel_campaign(owner)
    ability = Hero.objects.get(edition__slug="inferno", slug="angel-eyes").ability
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/", **PT).content.decode()
    assert (
        f'<p class="effect" lang="en">{ability}</p><small class="sub english-note">(em inglês)</small>'
        in page
    )
    assert "Olhos Angelicais" in _text(page)
    english = client_for(owner).get(f"/campaigns/{campaign.pk}/", **EN).content.decode()
    assert ability in english and "(em inglês)" not in english and "(in English)" not in english


def test_the_content_api_names_each_record_in_the_readers_language(api):
    """CB-PT: Angel Eyes is "Olhos Angelicais" for a Brazilian reader; `name` stays the English one."""
    pt = api.get("/api/v1/angels/?edition=inferno", **PT).json()
    en = api.get("/api/v1/angels/?edition=inferno", **EN).json()
    rows_pt = pt["results"] if isinstance(pt, dict) else pt
    rows_en = en["results"] if isinstance(en, dict) else en
    eyes_pt = next(a for a in rows_pt if a["slug"] == "angel-eyes")
    eyes_en = next(a for a in rows_en if a["slug"] == "angel-eyes")
    assert (eyes_pt["name"], eyes_pt["name_pt"], eyes_pt["shown_name"]) == (
        "Angel Eyes",
        "Olhos Angelicais",
        "Olhos Angelicais",
    )
    assert eyes_en["shown_name"] == "Angel Eyes"
    assert eyes_pt["monster"]["local_name"] == "Olhos Angelicais"


@pytest.mark.parametrize("helper", ["dice", "spawn", "death-curses", "monsters"])
def test_a_portuguese_reader_of_the_demo_sees_the_brazilian_names_in_the_helpers(helper):
    """CB-PT names in the table-side helpers opened from the demo campaign (its Helpers tab): monster
    suggestions, the remembered Spawn tile, the campaign's heroes for the curse draw, the monster lookup."""
    campaign = _demo_live()
    owner = campaign.owner
    page = client_for(owner).get(f"/helpers/{helper}/?campaign={campaign.pk}", **PT)
    assert page.status_code == 200
    assert english_names_shown(page.content.decode()) == []

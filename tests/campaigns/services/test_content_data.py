"""The content data tables (fixtures/content-data/*.csv): what the shipped packs hold from them, and how
`load_content` applies them (idempotent, all or nothing, empty cells stay empty, every record unverified)."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns.models import (
    CONTENT_MODELS,
    DeathCurse,
    Die,
    Edition,
    GuildColour,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    SpawnPair,
    Title,
    UpgradeCard,
)
from campaigns.models.catalog import Content
from campaigns.selectors.content import content_pack_export
from campaigns.selectors.content_data import DATA_DIR, default_table_paths
from campaigns.selectors.content_reasons import LEVEL_CARD_SOURCE
from rules_helpers.spawn import SpawnToken, spawn_distribution

pytestmark = pytest.mark.django_db

INFERNO, BASE = "inferno", "arcadia-quest"
UPGRADES = "upgrade-cards-inferno.csv"
CURSES = "death-curses.csv"
SPAWNS = "spawn-tokens.csv"
MONSTERS = "base-monsters-level1.csv"
REWARD_SLUGS = {
    "sharp-justice",
    "collectors-armor",
    "holy-water-flask",
    "rock-bottoms-helm",
    "stone-of-replenishment",
    "the-finisher",
}


def _counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in CONTENT_MODELS}


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA_DIR / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _number(cell: str) -> int | None:
    return int(cell) if cell else None


def _load(*paths: Path) -> str:
    out = StringIO()
    call_command("load_content", *(str(p) for p in paths), stdout=out)
    return out.getvalue()


def _copy_tables(tmp_path: Path, edits: dict[tuple[str, str], dict[str, str]]) -> list[Path]:
    """The four tables copied to tmp_path, with some cells changed: {(file, slug): {column: value}}."""
    paths = []
    for source in default_table_paths():
        with source.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            header, rows = reader.fieldnames, list(reader)
        for row in rows:
            row.update(edits.get((source.name, row["slug"]), {}))
        target = tmp_path / source.name
        with target.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        paths.append(target)
    return paths


def _line_of(path: Path, slug: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(f"{slug},"))


# --- What the shipped packs hold ----------------------------------------------------------------------


def test_the_inferno_upgrade_decks_hold_the_boxs_152_cards():
    """RB:222 "152 Upgrade cards"; RB:228 four Guild dashboards; RB:367-368 every Guild gets one of each of
    the five starter cards. Levels 1-5 hold 24 cards each and the six Reward cards two copies each."""
    cards = UpgradeCard.objects.filter(edition__slug=INFERNO)
    copies = Counter()
    kinds = Counter()
    for card in cards:
        copies[card.deck] += card.copies
        kinds[card.deck] += 1
    guilds = GuildColour.objects.filter(edition__slug=INFERNO).count()
    assert guilds == 4
    levels = [f"level-{n}" for n in range(1, 6)]
    assert [copies[deck] for deck in levels] == [24, 24, 24, 24, 24]
    assert [kinds[deck] for deck in levels] == [14, 14, 15, 18, 16]
    assert (kinds["reward"], copies["reward"]) == (6, 12)
    assert (kinds["starter"], copies["starter"]) == (5, 5)  # one of each per Guild
    assert copies["starter"] * guilds + sum(copies[deck] for deck in levels) + copies["reward"] == 152
    assert cards.count() == sum(kinds.values()) == 88


def test_both_death_curse_decks_hold_24_cards():
    """RB:223 "24 Death Curse cards" for Inferno; the base deck's 24 is the table's own count."""
    for edition, split in (
        (INFERNO, {0: 10, 1: 3, 2: 2, 3: 3, 4: 2, 5: 2, 6: 1, 7: 1}),
        (BASE, {0: 10, 1: 1, 2: 4, 3: 2, 4: 3, 5: 2, 6: 1, 7: 1}),
    ):
        curses = DeathCurse.objects.filter(edition__slug=edition)
        assert {c.value: c.copies for c in curses} == split
        assert sum(c.deck_copies for c in curses) == 24


def test_every_spawn_pair_is_there_and_the_five_tokens_leave_only_crit_crit_to_the_box():
    """RB:253 and BR:61: the box has 5 Spawn tokens; 3 Attack die faces give 6 unordered pairs, so one pair
    (CRIT + CRIT) has no token and a figure rolling it goes back to the box (RB p24, in the spawn helper)."""
    for edition in (INFERNO, BASE):
        faces = Die.objects.get(edition__slug=edition, slug="attack").faces
        pairs = SpawnPair.objects.filter(edition__slug=edition)
        every_pair = {tuple(sorted((a, b))) for a in set(faces) for b in set(faces)}
        assert {tuple(sorted(p.symbols)) for p in pairs} == every_pair and pairs.count() == 6
        tokens = [SpawnToken(p.symbols) for p in pairs if p.has_token]
        assert len(tokens) == 5
        assert [p.slug for p in pairs if not p.has_token] == ["crit-crit"]
        (chances,) = spawn_distribution(["a figure"], tokens, faces=faces)
        assert chances[None] == pytest.approx(1 / 36)


def test_the_ten_base_monsters_have_their_level_one_card_and_no_other():
    """BR:64: "Each monster type has up to four cards", one per level. The tables give level 1 only, and
    no source says a base monster has every other level, so no empty 2-3, 4-5 or 6 card is made up
    (content-check-2 R11, §2)."""
    monsters = Monster.objects.filter(edition__slug=BASE)
    assert monsters.count() == 10
    assert sum(m.figures for m in monsters) == 27
    for monster in monsters:
        cards = {c.label: c for c in monster.level_cards.all()}
        assert list(cards) == ["1"], monster.slug
        assert cards["1"].is_complete, monster.slug
    assert LEVEL_CARD_SOURCE.startswith("BR:64")


def test_a_card_row_loads_every_column():
    """upgrade-cards-inferno.csv, the Fancy Blade row, column by column."""
    card = UpgradeCard.objects.get(edition__slug=INFERNO, slug="fancy-blade")
    assert (card.slug, card.name, card.deck, card.copies) == ("fancy-blade", "Fancy Blade", "level-1", 2)
    assert (card.card_type, card.group, card.dice, card.attack_kind, card.cost) == (
        "attack",
        "sword",
        3,
        "melee",
        1,
    )
    assert (card.extra_defense, card.extra_life, card.rerolls, card.effect) == (1, None, 1, "")
    assert card.source == "ldsz89/arcadia-quest-companion@a798c7089104:src/data/equipment.json ; RB p18, p31"
    assert card.confidence == "medium" and card.verified is False
    assert card.notes == (
        "Def +1 (RB p18 example) and Reroll +1 (RB p31 example) confirmed; dice and cost only in FAN-L. "
        "No special effect text in the source."
    )
    assert (card.code, card.local_name) == ("", "")


def test_every_upgrade_row_is_in_the_pack_cell_for_cell_with_empty_cells_null():
    decks = {"starter": "starter", "reward": "reward", **{str(n): f"level-{n}" for n in range(1, 6)}}
    cards = {c.slug: c for c in UpgradeCard.objects.filter(edition__slug=INFERNO)}
    numbers = {"cost": "cost", "attack_dice": "dice", "extra_defense": "extra_defense",
               "extra_life": "extra_life", "rerolls": "rerolls"}  # fmt: skip
    for row in _rows(UPGRADES):
        card = cards[row["slug"]]
        for column, name in numbers.items():
            assert getattr(card, name) == _number(row[column]), (row["slug"], column)
        copies = int(row["copies"]) // 4 if row["deck"] == "starter" else int(row["copies"])
        assert (card.deck, card.copies) == (decks[row["deck"]], copies)
        assert (card.name, card.card_type, card.group, card.attack_kind) == (
            row["name"],
            row["type"],
            row["group"],
            row["attack_kind"],
        )
        assert (card.effect, card.notes) == (row["effect"], row["notes"])
        assert (card.source, card.confidence, card.verified) == (row["source"], row["confidence"], False)


def test_empty_cells_stay_empty():
    """Never a guessed number (GF: Data policy): what no source gives is NULL or blank."""
    last_wind = UpgradeCard.objects.get(edition__slug=INFERNO, slug="last-wind")
    assert last_wind.rerolls is None and last_wind.cost == 0  # X Rerolls: no number; cost 0 as given
    assert UpgradeCard.objects.get(edition__slug=INFERNO, slug="dusty-blade").cost is None
    sisters = Monster.objects.filter(edition__slug=BASE, slug__startswith="sister-of-")
    assert [(s.tier, s.huge) for s in sisters] == [("", None), ("", None)]
    assert MonsterLevelCard.objects.filter(monster__edition__slug=BASE, label="1", life=None).count() == 0
    assert not Monster.objects.filter(edition__slug=BASE, huge__isnull=False).exists()


def test_records_keep_their_rows_source_and_confidence_and_load_unverified():
    for name, model, edition_of in (
        (CURSES, DeathCurse, lambda row: row["edition"]),
        (SPAWNS, SpawnPair, lambda row: row["edition"]),
        (MONSTERS, Monster, lambda row: BASE),
    ):
        for row in _rows(name):
            record = model.objects.get(edition__slug=edition_of(row), slug=row["slug"])
            assert (record.source, record.confidence, record.verified) == (
                row["source"],
                row["confidence"],
                False,
            ), (name, row["slug"])
    level_one = MonsterLevelCard.objects.filter(monster__edition__slug=BASE, label="1")
    assert {c.confidence for c in level_one} == {"medium"} and not any(c.verified for c in level_one)


def test_records_the_packs_already_held_are_matched_not_duplicated():
    """The six Reward cards keep their slugs (quests point to them) and PT names, with the EN names of the
    table; the curse codes the pack used (players and the history name cards by code) stay."""
    rewards = UpgradeCard.objects.filter(edition__slug=INFERNO, deck="reward")
    assert set(rewards.values_list("slug", flat=True)) == REWARD_SLUGS
    justice = rewards.get(slug="sharp-justice")
    assert (justice.name, justice.local_name) == ("Piercing Judgement", "Justiça Afiada")
    assert Quest.objects.filter(reward_card=justice).exists()
    assert DeathCurse.objects.filter(edition__slug=INFERNO).count() == 8
    no_curse = DeathCurse.objects.get(edition__slug=INFERNO, slug="no-curse")
    assert (no_curse.code, no_curse.local_name, no_curse.copies) == ("D-00", "Sem Maldição", 10)
    # No English name in any source: the pack's name stays, the table's note says so.
    hydrophobia = DeathCurse.objects.get(edition__slug=BASE, slug="hydrophobia")
    assert hydrophobia.name == "Hydrophobia" and "literal" in hydrophobia.notes


# --- Applying the tables ------------------------------------------------------------------------------


def test_applying_the_tables_to_the_shipped_packs_changes_nothing_however_often():
    """The packs were exported after applying the tables, so the two never drift apart."""
    before = {e: content_pack_export(edition_slug=e) for e in (INFERNO, BASE)}
    counts = _counts()
    for _ in range(2):
        out = _load(*default_table_paths())
        assert _counts() == counts
        assert {e: content_pack_export(edition_slug=e) for e in (INFERNO, BASE)} == before
    assert "Loaded 88 records from upgrade-cards-inferno.csv" in out


def test_the_tables_rebuild_the_records_on_a_fresh_edition():
    """Delete every table-made record, apply the tables twice: the same records, nothing duplicated."""
    before = {e: content_pack_export(edition_slug=e) for e in (INFERNO, BASE)}
    counts = _counts()
    UpgradeCard.objects.filter(edition__slug=INFERNO).exclude(deck__in=["starter", "reward"]).delete()
    Monster.objects.filter(edition__slug=BASE).delete()
    SpawnPair.objects.all().delete()
    DeathCurse.objects.update(copies=None, notes="", confidence="")
    for _ in range(2):
        _load(*default_table_paths())
        assert _counts() == counts
    assert {e: content_pack_export(edition_slug=e) for e in (INFERNO, BASE)} == before


@pytest.mark.parametrize(
    ("edits", "bad", "message"),
    [
        ({"cost": "three"}, "grimbolt-iii", r"cost: 'three' is not a whole number"),
        ({"confidence": "sure"}, "grimbolt-iii", r"confidence: 'sure' is not one of high, low, medium"),
        ({"deck": "6"}, "grimbolt-iii", r"deck: '6' is not one of starter, 1, 2, 3, 4, 5, reward"),
        ({"group": "spoon"}, "grimbolt-iii", r"group: 'spoon' is not one of"),
        ({"name": ""}, "grimbolt-iii", r"name: this cell may not be empty"),
        # Past the cell checks, the database refuses it: still named by its row, still nothing loaded.
        ({"name": "X" * 130}, "grimbolt-iii", r"name: Ensure this value has at most 120 characters"),
    ],
)
def test_a_bad_row_names_its_file_line_and_slug_and_nothing_is_loaded(tmp_path, edits, bad, message):
    paths = _copy_tables(
        tmp_path,
        {
            (UPGRADES, "dusty-blade"): {"name": "Renamed Before The Bad Row"},
            (CURSES, "no-curse"): {"copies": "11"},
            (UPGRADES, bad): edits,
        },
    )
    before = _counts()
    line = _line_of(tmp_path / UPGRADES, bad)
    with pytest.raises(CommandError) as refused:
        _load(*paths)
    named = rf"Nothing was loaded from .*: {UPGRADES} line {line} \({bad}\): (campaigns\.upgradecard: )?"
    assert re.search(named + message, str(refused.value)), str(refused.value)
    assert _counts() == before
    assert UpgradeCard.objects.get(edition__slug=INFERNO, slug="dusty-blade").name == "Dusty Blade"
    assert DeathCurse.objects.filter(slug="no-curse", copies=11).count() == 0


@pytest.mark.parametrize(
    ("file", "edit", "message"),
    [
        (CURSES, {"takes_slot": "maybe"}, r"takes_slot: 'maybe' is not true or false"),
        (CURSES, {"edition": "chess"}, r"edition 'chess' is not loaded; load its pack first"),
        (SPAWNS, {"face_1": "shield"}, r"face_1: 'shield' is not one of crit, melee, ranged"),
        (MONSTERS, {"level": "7"}, r"level: '7' is not one of the edition's level cards"),
        (MONSTERS, {"tier": "boss"}, r"tier: 'boss' is not one of"),
        (MONSTERS, {"slug": "Lord Fang"}, r"slug: 'Lord Fang' is not lowercase words joined by hyphens"),
    ],
)
def test_bad_cells_in_every_table_are_refused_with_a_reason(tmp_path, file, edit, message):
    slug = _rows(file)[0]["slug"]
    paths = _copy_tables(tmp_path, {(file, slug): edit})
    before = _counts()
    with pytest.raises(CommandError, match=message):
        _load(*paths)
    assert _counts() == before


def test_a_table_with_a_changed_header_or_a_repeated_slug_is_refused(tmp_path):
    paths = _copy_tables(tmp_path, {})
    spawns = tmp_path / SPAWNS
    spawns.write_text(spawns.read_text(encoding="utf-8").replace("has_token", "token", 1), encoding="utf-8")
    with pytest.raises(CommandError, match=r"spawn-tokens\.csv line 1: the header must be"):
        _load(*paths)
    spawns.write_text((DATA_DIR / SPAWNS).read_text(encoding="utf-8"), encoding="utf-8")
    curses = tmp_path / CURSES
    lines = curses.read_text(encoding="utf-8").splitlines(keepends=True)
    curses.write_text("".join([*lines, lines[1]]), encoding="utf-8")
    with pytest.raises(
        CommandError,
        match=r"death-curses\.csv line 18 \(no-curse\): slug: 'no-curse' is already on line 2 for inferno",
    ):
        _load(*paths)
    stray = tmp_path / "recipes.csv"
    stray.write_text("slug\nsoup\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"recipes\.csv: not a content data table"):
        _load(stray)


def test_a_verified_record_is_kept_as_the_group_checked_it():
    """A group that checked a card against the box marks it verified; a fan table never overwrites it."""
    UpgradeCard.objects.filter(edition__slug=INFERNO, slug="profane-shield").update(
        extra_defense=3, verified=True, source="checked against the box"
    )
    out = _load(DATA_DIR / UPGRADES)
    shield = UpgradeCard.objects.get(edition__slug=INFERNO, slug="profane-shield")
    assert (shield.extra_defense, shield.verified, shield.source) == (3, True, "checked against the box")
    assert "kept as they are, being verified: upgradecard profane-shield" in out
    assert "Loaded 87 records from upgrade-cards-inferno.csv" in out


# --- What is still missing ----------------------------------------------------------------------------


def _report(edition: str) -> dict:
    out = StringIO()
    call_command("content_report", "--edition", edition, "--json", stdout=out)
    return json.loads(out.getvalue())[edition]


def test_the_report_lists_the_gaps_the_tables_leave():
    """Reward cards are won, never bought (RB:1295, RB:1626), so only a level card misses a cost. BR:64
    gives a monster "up to four" level cards: the base monsters' other levels are not listed as cards with
    missing numbers but as cards whose existence is unknown (content-check-2 R11)."""
    base = _report(BASE)
    assert base["monster_level_cards"] == []
    absent = {m["monster"]: m["labels"] for m in base["level_cards_not_in_content"]}
    assert len(absent) == 10 and absent["troll"] == ["2-3", "4-5", "6"]
    monsters = {m["slug"]: m["missing"] for m in base["monsters"]}
    assert monsters["sister-of-pain"] == ["tier", "huge"] and monsters["troll"] == ["huge"]
    assert base["upgrade_decks_without_cards"] == ["level-1", "level-2", "level-3", "level-4", "level-5"]
    assert base["spawn_pairs"] == []

    inferno = _report(INFERNO)
    assert inferno["upgrade_decks_without_cards"] == []
    missing = {c["slug"]: c["missing"] for c in inferno["upgrade_cards"]}
    assert missing["sharp-justice"] == ["code"] and missing["tainted-bow"] == ["code"]
    assert [c["name"] for c in inferno["low_confidence"]] == ["Profane Shield"]
    assert inferno["unverified_by_confidence"]["low"] == 1


def test_the_report_lists_a_missing_cost_and_stops_listing_filled_stats():
    UpgradeCard.objects.filter(edition__slug=INFERNO, slug="tainted-bow").update(cost=None)
    assert _report_missing(INFERNO, "upgrade_cards", "tainted-bow") == ["code", "cost"]
    MonsterLevelCard.objects.filter(monster__slug="cerberus", label="2-3").update(
        life=5, overkill=7, reward=3, attack_kind="melee", attack_dice=5, movement=2, defense=2
    )
    listed = {(c["monster"], c["label"]) for c in _report(INFERNO)["monster_level_cards"]}
    assert ("cerberus", "2-3") not in listed and ("cerberus", "4-5") in listed


def _report_missing(edition: str, section: str, slug: str) -> list[str]:
    return next(item["missing"] for item in _report(edition)[section] if item["slug"] == slug)


def _item(report: dict, section: str, slug: str) -> dict:
    return next(item for item in report[section] if item["slug"] == slug)


def test_the_report_command_prints_the_new_sections(capsys):
    call_command("content_report", "--edition", INFERNO)
    out = capsys.readouterr().out
    assert "low confidence (a suspected error in the source): 1 to check" in out
    assert "Profane Shield: Def 4 at level 3 looks out of line" in out
    assert "unconfirmed records by their source's confidence:" in out


# --- The report counts every unconfirmed record (content-check-2 R1) ------------------------------------


def _content_models() -> list[type]:
    """Every concrete content model, found from the abstract base rather than from the app's own list."""
    return [m for m in apps.get_app_config("campaigns").get_models() if issubclass(m, Content)]


def _unverified_in(model: type, edition: str) -> int:
    """Counted here with the ORM, apart from the report: the edition's own records only (a campaign's
    typed cards are that campaign's alone)."""
    fields = {f.name for f in model._meta.get_fields()}
    if model is Edition:
        rows = model.objects.filter(slug=edition)
    elif "edition" in fields:
        rows = model.objects.filter(edition__slug=edition)
    elif "monster" in fields and "scenario" not in fields:
        rows = model.objects.filter(monster__edition__slug=edition)
    else:
        rows = model.objects.filter(scenario__edition__slug=edition)
    if "campaign" in fields:
        rows = rows.filter(campaign__isnull=True)
    return rows.filter(verified=False).count()


@pytest.mark.parametrize("edition", [INFERNO, BASE])
def test_the_reports_totals_are_the_databases_unverified_records(edition, campaign):
    """R1: the report once said 180 (Inferno) and 84 (base) while the database held 296 and 109; its
    per-model and per-confidence breakdowns must add up to the same total the database holds. A card one
    campaign typed in (`UpgradeCard.campaign`) is not the edition's and is not counted."""
    UpgradeCard.objects.create(
        edition=Edition.objects.get(slug=edition),
        campaign=campaign,
        slug="table-card",
        name="Table card",
        deck="level-1",
    )
    report = _report(edition)
    models = _content_models()
    assert len(models) == 15
    expected = {m._meta.model_name: n for m in models if (n := _unverified_in(m, edition))}
    assert report["unverified_by_model"] == expected
    assert report["unverified_records"] == sum(expected.values())
    assert sum(report["unverified_by_confidence"].values()) == report["unverified_records"]
    # Titles, quests, scenario monster lists and dice count too (R1 left them out).
    assert {"title", "quest", "die"} <= set(report["unverified_by_model"])


def test_the_report_totals_name_the_counts_the_review_measured():
    """R1 measured 296 unverified Inferno records (The Judge now among them, §1c); the base edition's 109
    lose the 30 level cards no source gives (BR:64) and gain its 2 scenarios no longer verified (§1c)."""
    assert _report(INFERNO)["unverified_records"] == 296
    assert _report(BASE)["unverified_records"] == 109 - 30 + 2
    assert _report(INFERNO)["unverified_by_model"]["scenariomonster"] == 65


# --- Each section says why a gap is there and what would fill it (R3-R10) --------------------------------


def test_titles_are_listed_with_literal_names_placeholders_and_unknown_awards():
    """R4: the 11 Inferno Title names are literal translations (GF §1.3, CB-PT); the 8 base Titles carry
    placeholder names and no effect (FAN-N gives symbols only). CB-PT states "all" for Keymaster ("Os
    jogadores que coletarem… ganharão o Título") and Prime Minister ("todos os jogadores podem… receber
    o Título"): the pack records it with its source, so only the 3 truly unknown awards are listed."""
    inferno = _report(INFERNO)
    assert len(inferno["titles"]) == 11
    slayer = _item(inferno, "titles", "demon-slayer")
    assert slayer["missing"] == ["awarded_to"] and slayer["unconfirmed"] == ["name"]
    assert "literal translation of the Brazilian name" in slayer["why"]
    assert slayer["fill_from"] == "the English Campaign Book"
    assert _item(inferno, "titles", "keymaster")["missing"] == []
    keymaster = Title.objects.get(edition__slug=INFERNO, slug="keymaster")
    assert keymaster.awarded_to == "all" and "CB-PT (O Prisioneiro)" in keymaster.source
    assert Title.objects.get(edition__slug=INFERNO, slug="prime-minister").awarded_to == "all"
    unknown = {t["slug"] for t in inferno["titles"] if "awarded_to" in t["missing"]}
    assert unknown == {"demon-slayer", "impostor", "soul-keeper"}

    base = _item(_report(BASE), "titles", "rookery-title")
    assert base["missing"] == ["effect", "awarded_to"] and "placeholder-name" in base["reasons"]
    assert base["fill_from"] == "the base Campaign Book (image PDF, not read)"


def test_quests_and_circles_are_listed():
    """R5: the 25 Inferno quest rows carry back-translated names (CB-PT, GF §1.3); every circle is confirmed
    by RB:390-417 and BR, so the circles section is empty rather than absent."""
    inferno = _report(INFERNO)
    assert len(inferno["quests"]) == Quest.objects.filter(scenario__edition__slug=INFERNO).count() == 25
    gates = _item(inferno, "quests", "pass-the-gates")
    assert gates["unconfirmed"] == ["name"] and gates["reasons"] == ["literal-name"]
    assert gates["name"] == "Beyond the Gates of Hell: Pass the Gates"
    assert inferno["circles"] == [] and _report(BASE)["circles"] == []


def test_death_curse_codes_and_english_names_are_listed():
    """R6: "Death curses: 0 missing" hid 4 Inferno codes stored as D-0x that the CSV gives as INFD-0x, and
    5 English names no source gives (INFD-07 and four base cards)."""
    inferno = _report(INFERNO)
    codes = {c["code"] for c in inferno["death_curses"] if "code" in c["unconfirmed"]}
    assert codes == {"D-00", "D-02", "D-04", "D-05"}
    assert _item(inferno, "death_curses", "no-curse")["why"] == "code differs between sources"
    names = [c["name"] for c in inferno["death_curses"] if "name" in c["unconfirmed"]]
    names += [c["name"] for c in _report(BASE)["death_curses"] if "name" in c["unconfirmed"]]
    assert sorted(names) == [
        "Accident Prone",
        "Dazed and Confused",
        "Eternally Damned",
        "Hydrophobia",
        "Nosebleed",
    ]


def test_heroes_without_ability_text_and_partial_tiers_are_listed():
    """R7: FAN-E names 10 base heroes' abilities without their text. R9: "minion" and "villain" (minor or
    major not known) are half a tier: Cerberus (RB:1007 says Minion), Bellya'al, The Judge, The Underlord."""
    heroes = _report(BASE)["heroes"]
    assert len(heroes) == 10
    diva = _item(_report(BASE), "heroes", "diva")
    assert diva["missing"] == ["ability"] and diva["reasons"] == ["ability-name-only"]
    assert diva["fill_from"] == "the box's hero cards"
    inferno = _report(INFERNO)
    partial = {m["slug"] for m in inferno["monsters"] if "partial-tier" in m["reasons"]}
    assert partial == {"cerberus", "bellyaal", "the-judge", "the-underlord"}


def test_dice_are_listed_with_their_fan_faces_and_unknown_count():
    """R10: the die faces come from two fan dice apps (FAN-D, GF "Dice faces"); the base box's die count is
    in no source."""
    attack = _item(_report(BASE), "dice", "attack")
    assert attack["missing"] == ["in_box"] and attack["unconfirmed"] == ["faces"]
    assert attack["reasons"] == ["no-source", "fan"] and attack["fill_from"] == "the box's dice"
    assert _item(_report(INFERNO), "dice", "attack")["missing"] == []


def test_vanilla_cards_are_not_reported_as_missing_an_effect():
    """content-check-2 §2: the source gives Dusty Blade, Short Bow, Fancy Blade, Shiny Blade, Megablade and
    Uberblade no effect, so an empty effect is not a gap."""
    inferno = _report(INFERNO)
    vanilla = {"dusty-blade", "short-bow", "fancy-blade", "shiny-blade", "megablade", "uberblade"}
    listed = [
        c for c in inferno["upgrade_cards"] + inferno["gaps"] if c.get("slug", c.get("target")) in vanilla
    ]
    assert listed and all("effect" not in c["missing"] for c in listed)


def test_every_gap_says_why_and_which_source_fills_it():
    """R3: gaps were listed as "Beyond the Gates of Hell: " with no reason. Every item of every section now
    names its reasons and the source that would fill it."""
    for edition in (INFERNO, BASE):
        report = _report(edition)
        for section, items in report.items():
            if section == "missing_translations" or not isinstance(items, list):
                continue
            for item in items:
                if isinstance(item, dict) and "notes" not in item:
                    assert item["why"] and item["fill_from"] and item["reasons"], (section, item)
    gates = next(g for g in _report(INFERNO)["gaps"] if g["target"] == "beyond-the-gates-of-hell")
    assert gates["why"] == "from the Brazilian Campaign Book; no English source confirms it"


# --- The command's text (R2, R3) -----------------------------------------------------------------------


def test_the_command_prints_level_label_sources_and_reasons_not_no_cards_entered(capsys):
    """R2: the label sources printed "- 1: no cards entered" and base quest lines did too; R3: the lines
    gave no reason and never said whether the record is verified."""
    call_command("content_report", "--edition", BASE)
    out = capsys.readouterr().out
    assert "no cards entered" not in out
    assert "    - level 1: BR:64-65" in out and "    - level 4-5: GF:231 (inferred)" in out
    assert (
        "    - District of Hammers: missing quests, reward cards; not verified (why: no source we have names"
        in out
    )
    assert "[fill from: the base Campaign Book (image PDF, not read)]" in out
    assert (
        "Troll: no card for level 2-3, 4-5, 6; not verified (why: BR:64: each monster type has up to" in out
    )
    assert "records not confirmed by an official English source: 81" in out
    item_lines = [line for line in out.splitlines() if line.startswith("    - ") and "(why: " not in line]
    # Only the label sources and the Portuguese names (another section's own words) carry no reason.
    assert all(line.startswith("    - level ") or "name_pt" in line for line in item_lines), item_lines


# --- verified only where a cited source verifies the record (content-check-2 §1c) -----------------------


def test_verified_is_set_only_where_a_cited_source_confirms_the_record():
    """§1c: The Judge's tier "villain" has no cited line (RB:269 gives its figure only); District of
    Hammers and The Temple of Dawning Twilight carry FAN-N data, and BR:255 calls the finale "The Temple
    of Light". They keep their source and are not verified. The 27 others are supported: circles
    (RB:390-417, BR), Guild colours (RB:301-302, BR:17), Cerberus a Minion (RB:1007), figure counts (RB
    p5), the base Exploration tokens (BR:242-246)."""
    judge = Monster.objects.get(edition__slug=INFERNO, slug="the-judge")
    assert judge.verified is False and judge.source == "RB p5, p15, p19"
    assert "no source we have calls The Judge a Villain" in judge.notes
    for slug in ("district-of-hammers", "the-temple-of-dawning-twilight"):
        scenario = Scenario.objects.get(edition__slug=BASE, slug=slug)
        assert scenario.verified is False and scenario.source == "BR; FAN-N"
    temple = _item(_report(BASE), "scenarios", "the-temple-of-dawning-twilight")
    assert "name-differs" in temple["reasons"] and "The Temple of Light" in temple["why"]
    verified = Counter(
        (m._meta.model_name, r.edition.slug if not isinstance(r, Edition) else r.slug)
        for m in _content_models()
        if m is not Edition and "edition" in {f.name for f in m._meta.get_fields()}
        for r in m.objects.filter(verified=True, edition__slug__in=[INFERNO, BASE])
    )
    assert verified == {
        ("circle", INFERNO): 5,
        ("monster", INFERNO): 4,
        ("guildcolour", INFERNO): 4,
        ("explorationtokenkind", INFERNO): 1,
        ("circle", BASE): 3,
        ("guildcolour", BASE): 4,
        ("explorationtokenkind", BASE): 6,
    }


# --- Admin --------------------------------------------------------------------------------------------


def test_the_admin_filters_by_confidence_and_shows_the_new_fields(admin_client):
    low = admin_client.get("/admin/campaigns/upgradecard/?confidence__exact=low")
    assert low.status_code == 200
    page = low.content.decode()
    assert "Profane Shield" in page and "Fancy Blade" not in page
    card = UpgradeCard.objects.get(edition__slug=INFERNO, slug="profane-shield")
    form = admin_client.get(f"/admin/campaigns/upgradecard/{card.pk}/change/").content.decode()
    assert 'name="confidence"' in form and 'name="notes"' in form
    assert admin_client.get("/admin/campaigns/spawnpair/?confidence__exact=medium").status_code == 200
    monster = Monster.objects.get(edition__slug=BASE, slug="troll")
    assert (
        'name="local_name"'
        in admin_client.get(f"/admin/campaigns/monster/{monster.pk}/change/").content.decode()
    )

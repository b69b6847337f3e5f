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
from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns.models import (
    CONTENT_MODELS,
    DeathCurse,
    Die,
    GuildColour,
    Monster,
    MonsterLevelCard,
    Quest,
    SpawnPair,
    UpgradeCard,
)
from campaigns.selectors.content import content_pack_export
from campaigns.selectors.content_data import DATA_DIR, default_table_paths
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


def test_the_ten_base_monsters_have_their_level_one_card_and_empty_higher_ones():
    """BR:63-65: a monster has a card per level; the tables give level 1 only, the others stay empty."""
    monsters = Monster.objects.filter(edition__slug=BASE)
    assert monsters.count() == 10
    assert sum(m.figures for m in monsters) == 27
    for monster in monsters:
        cards = {c.label: c for c in monster.level_cards.all()}
        assert list(cards) == ["1", "2-3", "4-5", "6"]
        assert cards["1"].is_complete, monster.slug
        assert all(cards[label].life is None and cards[label].missing_fields for label in ("2-3", "4-5", "6"))


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
    """Reward cards are won, never bought (RB:1295, RB:1626), so only a level card misses a cost."""
    base = _report(BASE)
    level_cards = {(c["monster"], c["label"]) for c in base["monster_level_cards"]}
    assert ("troll", "2-3") in level_cards and ("troll", "1") not in level_cards
    assert len(level_cards) == 30
    monsters = {m["slug"]: m["missing"] for m in base["monsters"]}
    assert monsters["sister-of-pain"] == ["tier", "huge"] and monsters["troll"] == ["huge"]
    assert base["upgrade_decks_without_cards"] == ["level-1", "level-2", "level-3", "level-4", "level-5"]
    assert base["death_curses"] == [] and base["spawn_pairs"] == []

    inferno = _report(INFERNO)
    assert inferno["upgrade_decks_without_cards"] == []
    missing = {c["slug"]: c["missing"] for c in inferno["upgrade_cards"]}
    assert missing["sharp-justice"] == ["code"] and missing["tainted-bow"] == ["code"]
    assert [c["name"] for c in inferno["low_confidence"]] == ["Profane Shield"]
    assert inferno["unverified_by_confidence"]["low"] == 1


def test_the_report_lists_a_missing_cost_and_stops_listing_filled_stats():
    UpgradeCard.objects.filter(edition__slug=INFERNO, slug="tainted-bow").update(cost=None)
    assert _report_missing(INFERNO, "upgrade_cards", "tainted-bow") == ["code", "cost"]
    MonsterLevelCard.objects.filter(monster__slug="troll", label="2-3").update(
        life=5, overkill=7, reward=3, attack_kind="melee", attack_dice=5, movement=2, defense=2
    )
    listed = {(c["monster"], c["label"]) for c in _report(BASE)["monster_level_cards"]}
    assert ("troll", "2-3") not in listed and ("troll", "4-5") in listed


def _report_missing(edition: str, section: str, slug: str) -> list[str]:
    return next(item["missing"] for item in _report(edition)[section] if item["slug"] == slug)


def test_the_report_command_prints_the_new_sections(capsys):
    call_command("content_report", "--edition", INFERNO)
    out = capsys.readouterr().out
    assert "low confidence (a suspected error in the source): 1 to check" in out
    assert "Profane Shield: Def 4 at level 3 looks out of line" in out
    assert "unconfirmed records by their source's confidence:" in out


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

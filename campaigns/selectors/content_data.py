"""The content data tables (fixtures/content-data/*.csv) as content pack records.

The tables are where the packs' Inferno Upgrade cards, Death Curse copies, Spawn pairs and base-game monsters
come from (see fixtures/content-data/README.md for their sources and count checks). They are applied once on
top of the loaded packs (`load_content fixtures/content-data/*.csv`) and `export_content` then writes the
packs that ship, so a fresh install reads everything from the packs alone.

Applying a table:
- matches records by slug (a level card by its monster and label), so a record a pack already holds is
  updated in place, never duplicated, and keeps every field the table has no column for;
- keeps the identifiers a pack already uses: its slug and a Death Curse's code;
- keeps a record that someone marked verified: a fan table never overwrites a checked card;
- gives every other record the row's `source` and `confidence`, with `verified = false`;
- leaves an empty cell empty (NULL for a number or a yes/no), never a guess.
All tables given at once load in one transaction; a bad row names its file, line and slug and loads nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from django.db.models import Model

from campaigns.errors import ContentDataError
from campaigns.models import (
    DeathCurse,
    Edition,
    GuildColour,
    Monster,
    MonsterLevelCard,
    SpawnPair,
    UpgradeCard,
)
from campaigns.selectors.content import PACK_DIR, content_pack_export
from campaigns.selectors.content_rows import Applied, Planned, Record, Row, Table, read_rows
from rules_helpers import box

DATA_DIR = PACK_DIR / "content-data"
BASE_EDITION = "arcadia-quest"
# BR:64: "Each monster type has up to four cards", one per level: the rules do not say that every monster
# has all four, so a level card no table gives is not created (readers say the content has no card for
# that level). The table's own rows are the only level cards applied.


class Editions:
    """What the database already holds per edition, as pack records keyed like the tables' rows."""

    def __init__(self) -> None:
        self._records: dict[str, dict[tuple[str, ...], Record]] = {}

    def existing(self, row: Row, edition: str, model: type[Model], key: tuple[str, ...]) -> Record | None:
        return self._index(row, edition).get((model._meta.label_lower, *key))

    def guild_count(self, row: Row, edition: str) -> int:
        return sum(1 for key in self._index(row, edition) if key[0] == "campaigns.guildcolour")

    def level_labels(self, row: Row, edition: str) -> list[str]:
        return list(self._index(row, edition)[("campaigns.edition", edition)]["level_labels"])

    def _index(self, row: Row, edition: str) -> dict[tuple[str, ...], Record]:
        if edition not in self._records:
            try:
                records = content_pack_export(edition_slug=edition)
            except Edition.DoesNotExist:
                raise row.error(f"edition {edition!r} is not loaded; load its pack first") from None
            self._records[edition] = {_key(r): r["fields"] for r in records if r["model"] in INDEXED}
        return self._records[edition]


# What the tables match or count; other records (quests, scenario monsters) are neither read nor changed.
INDEXED = {
    m._meta.label_lower
    for m in (Edition, GuildColour, UpgradeCard, DeathCurse, SpawnPair, Monster, MonsterLevelCard)
}


def _key(record: Record) -> tuple[str, ...]:
    fields = record["fields"]
    if record["model"] == "campaigns.monsterlevelcard":
        return (record["model"], fields["monster"][1], fields["label"])
    return (record["model"], fields["slug"])


def _planned(
    row: Row, editions: Editions, edition: str, model: type[Model], key: tuple[str, ...], fields: Record
) -> Planned:
    """The row's fields over the record the database holds (if any), so other fields are kept."""
    existing = editions.existing(row, edition, model, key) or {}
    return Planned(row, model, key, {**existing, **fields}, verified=bool(existing.get("verified")))


def _edition(row: Row, table: Table) -> str:
    return table.edition or row.required("edition")


# --- Upgrade cards -------------------------------------------------------------------------------------

# A card's deck as the tables write it: the starter deck, one Upgrade deck per Upgrade Phase, the rewards.
DECKS = {
    "starter": "starter",
    **{str(n): f"level-{n}" for n in range(1, box.UPGRADE_DECKS + 1)},
    "reward": "reward",
}


def _upgrade_card(edition: str) -> Callable[[Row, Editions], list[Planned]]:
    def plan(row: Row, editions: Editions) -> list[Planned]:
        slug = row.slug()
        deck = DECKS.get(row.required("deck"))
        if deck is None:
            raise row.error(f"deck: {row.text('deck')!r} is not one of {', '.join(DECKS)}")
        fields = {
            **row.provenance(),
            "slug": slug,
            "name": row.required("name"),
            "edition": [edition],
            "deck": deck,
            "copies": _copies(row, editions, edition, deck),
            "cost": row.number("cost"),
            "card_type": row.choice("type", UpgradeCard.CardType.values),
            "group": row.choice("group", UpgradeCard.Group.values),
            "attack_kind": row.choice("attack_kind", MonsterLevelCard.AttackKind.values),
            "dice": row.number("attack_dice"),
            "extra_defense": row.number("extra_defense"),
            "extra_life": row.number("extra_life"),
            "rerolls": row.number("rerolls"),
            "effect": row.text("effect"),
            "notes": row.text("notes"),
        }
        return [_planned(row, editions, edition, UpgradeCard, (slug,), fields)]

    return plan


def _copies(row: Row, editions: Editions, edition: str, deck: str) -> int | None:
    copies = row.number("copies")
    if copies is None or deck != UpgradeCard.Deck.STARTER:
        return copies
    # The table counts the box's copies; the app deals each Guild `copies` of every starter card, and the
    # box has one starter set per Guild dashboard (RB p8), so a Guild's share is the box's over the Guilds.
    guilds = editions.guild_count(row, edition)
    if not guilds or copies % guilds:
        raise row.error(f"copies: {copies} starter copies do not split evenly over {guilds} Guilds")
    return copies // guilds


# --- Death Curses --------------------------------------------------------------------------------------


def _death_curse(row: Row, editions: Editions) -> list[Planned]:
    edition = _edition(row, DEATH_CURSES)
    slug = row.slug()
    existing = editions.existing(row, edition, DeathCurse, (slug,)) or {}
    fields = {
        **row.provenance(),
        "slug": slug,
        # A card's code is how players and the history name it: a code the pack already uses stays.
        "code": existing.get("code") or row.required("code"),
        "name": row.text("name_en") or existing.get("name") or row.required("name_pt"),
        "local_name": row.text("name_pt"),
        "edition": [edition],
        "value": row.number("value"),
        "copies": row.number("copies"),
        "takes_slot": row.flag("takes_slot"),
        "effect": row.text("effect"),
        "notes": row.text("notes"),
    }
    if fields["value"] is None:
        raise row.error("value: this cell may not be empty")
    return [_planned(row, editions, edition, DeathCurse, (slug,), fields)]


# --- Spawn pairs ---------------------------------------------------------------------------------------


def _spawn_pair(row: Row, editions: Editions) -> list[Planned]:
    edition = _edition(row, SPAWN_PAIRS)
    slug = row.slug()
    faces = [row.choice(column, SpawnPair.Face.values, blank=False) for column in ("face_1", "face_2")]
    fields = {
        **row.provenance(),
        "slug": slug,
        "name": " + ".join(SpawnPair.Face(face).label for face in faces),
        "edition": [edition],
        "face_1": faces[0],
        "face_2": faces[1],
        "has_token": row.flag("has_token"),
        "on_roll": row.text("on_roll"),
        "notes": row.text("notes"),
    }
    return [_planned(row, editions, edition, SpawnPair, (slug,), fields)]


# --- Base monsters at level 1 --------------------------------------------------------------------------


def _base_monster(row: Row, editions: Editions) -> list[Planned]:
    edition = BASE_EDITION
    slug = row.slug()
    existing = editions.existing(row, edition, Monster, (slug,)) or {}
    monster = {
        **row.provenance(),
        "slug": slug,
        "name": row.text("name_en") or existing.get("name") or row.required("name_pt"),
        "local_name": row.text("name_pt"),
        "edition": [edition],
        "tier": row.choice("tier", Monster.Tier.values),
        "figures": row.number("figures"),
        "notes": _monster_notes(row),
    }
    label = row.required("level")
    labels = editions.level_labels(row, edition)
    if label not in labels:
        raise row.error(f"level: {label!r} is not one of the edition's level cards {labels}")
    card = {
        **row.provenance(),
        "monster": [edition, slug],
        "label": label,
        "order": labels.index(label) + 1,
        "life": row.number("life"),
        "overkill": row.number("overkill"),
        "reward": row.number("reward_coins"),
        "attack_kind": row.choice("attack_kind", MonsterLevelCard.AttackKind.values),
        "attack_dice": row.number("attack_dice"),
        # The table gives the name printed on the Brazilian card only; the English field keeps what a pack
        # holds (no source gives the English names: ux-walkthrough-2 L4).
        "attack_name_pt": row.text("attack_name_pt"),
        "movement": row.number("movement"),
        "defense": row.number("defense"),
        "ability": row.text("ability"),
    }
    # Only the row's own card: BR:64 allows "up to four", so whether the other levels have one is unknown.
    return [
        _planned(row, editions, edition, Monster, (slug,), monster),
        _planned(row, editions, edition, MonsterLevelCard, (slug, label), card),
    ]


def _monster_notes(row: Row) -> str:
    parts = [row.text("notes")]
    english = row.text("name_en_source")
    parts.append(
        f"English name from {english}."
        if english
        else "No source gives an English name: the name shown is the Portuguese one."
    )
    if row.text("name_de"):
        parts.append(f"German name: {row.text('name_de')}.")
    fan_r, fan_c = row.text("tier_fan_r"), row.text("tier_fan_c")
    if fan_r != fan_c and not (fan_r in parts[0] and fan_c in parts[0]):
        parts.append(f"Tier: {fan_r or 'none'} in FAN-R, {fan_c or 'none'} in FAN-C.")
    return " ".join(part for part in parts if part)


# --- Tables --------------------------------------------------------------------------------------------

DEATH_CURSES = Table(
    columns=(
        "edition",
        "slug",
        "code",
        "value",
        "copies",
        "takes_slot",
        "name_pt",
        "name_en",
        "effect",
        "source",
        "confidence",
        "notes",
    ),
    plan=_death_curse,
)
SPAWN_PAIRS = Table(
    columns=("edition", "slug", "face_1", "face_2", "has_token", "on_roll", "source", "confidence", "notes"),
    plan=_spawn_pair,
)
BASE_MONSTERS = Table(
    columns=(
        "slug",
        "name_en",
        "name_en_source",
        "name_pt",
        "name_de",
        "level",
        "tier",
        "tier_fan_r",
        "tier_fan_c",
        "figures",
        "attack_kind",
        "attack_dice",
        "defense",
        "life",
        "overkill",
        "movement",
        "reward_coins",
        "attack_name_pt",
        "ability",
        "source",
        "confidence",
        "notes",
    ),
    plan=_base_monster,
    edition=BASE_EDITION,
)
UPGRADE_COLUMNS = (
    "slug",
    "name",
    "deck",
    "copies",
    "type",
    "group",
    "attack_dice",
    "attack_kind",
    "cost",
    "extra_defense",
    "extra_life",
    "rerolls",
    "effect",
    "source",
    "confidence",
    "notes",
)


def table_for(path: Path) -> Table:
    """The table a file holds, by its name (fixtures/content-data/README.md, "Files")."""
    name = path.stem
    if name == "death-curses":
        return DEATH_CURSES
    if name == "spawn-tokens":
        return SPAWN_PAIRS
    if name == "base-monsters-level1":
        return BASE_MONSTERS
    if name.startswith("upgrade-cards-"):
        edition = name.removeprefix("upgrade-cards-")
        return Table(columns=UPGRADE_COLUMNS, plan=_upgrade_card(edition), edition=edition)
    raise ContentDataError(
        f"{path.name}: not a content data table (upgrade-cards-<edition>.csv, death-curses.csv, "
        "spawn-tokens.csv or base-monsters-level1.csv)"
    )


def plan_tables(paths: Sequence[Path]) -> tuple[list[Planned], dict[Path, Applied]]:
    """Every record the tables ask for, checked row by row before anything is written."""
    editions = Editions()
    planned: list[Planned] = []
    applied = {path: Applied(path) for path in paths}
    for path in paths:
        table = table_for(path)
        seen: dict[tuple[str, str], Row] = {}
        for row in read_rows(path, table):
            key = (_edition(row, table), row.slug())
            if key in seen:
                raise row.error(f"slug: {key[1]!r} is already on line {seen[key].line} for {key[0]}")
            seen[key] = row
            planned.extend(table.plan(row, editions))
    return planned, applied


def default_table_paths() -> list[Path]:
    return sorted(DATA_DIR.glob("*.csv"))

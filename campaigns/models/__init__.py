from django.db import models

from .catalog import (
    Circle,
    Confidence,
    Edition,
    GuildColour,
    Hero,
    Monster,
    MonsterLevelCard,
    Quest,
    Scenario,
    ScenarioMonster,
    Title,
)
from .catalog_cards import DeathCurse, Die, ExplorationTokenKind, SpawnPair, UpgradeCard

__all__ = [
    "CONTENT_MODELS",
    "Circle",
    "Confidence",
    "DeathCurse",
    "Die",
    "Edition",
    "ExplorationTokenKind",
    "GuildColour",
    "Hero",
    "Monster",
    "MonsterLevelCard",
    "Quest",
    "Scenario",
    "ScenarioMonster",
    "SpawnPair",
    "Title",
    "UpgradeCard",
]
from .campaign import (
    Campaign,
    Event,
    Guild,
    GuildHero,
    HeroCurse,
    HeroResult,
    InventoryCard,
    JoinCode,
    Membership,
    PlayResult,
    ScenarioPlay,
)

__all__ += [
    "Campaign",
    "Event",
    "Guild",
    "GuildHero",
    "HeroCurse",
    "HeroResult",
    "InventoryCard",
    "JoinCode",
    "Membership",
    "PlayResult",
    "ScenarioPlay",
]
from .documents import SheetDocument  # noqa: E402

__all__ += ["SheetDocument"]
from .phases import HeroDraftRecord, UpgradeGuild, UpgradePhase  # noqa: E402

__all__ += ["HeroDraftRecord", "UpgradeGuild", "UpgradePhase"]
from .preferences import Preferences, SpawnSetup  # noqa: E402

__all__ += ["Preferences", "SpawnSetup"]
from .backups import CampaignBackup, CampaignImport  # noqa: E402

__all__ += ["CampaignBackup", "CampaignImport"]
from .overrides import MAX_CONTENT_OVERRIDES, OVERRIDE_FIELDS, ContentOverride, OverrideKind  # noqa: E402

__all__ += ["MAX_CONTENT_OVERRIDES", "OVERRIDE_FIELDS", "ContentOverride", "OverrideKind"]

# Every content model, in the order an exported pack lists them: a record after those its natural key names.
CONTENT_MODELS: tuple[type[models.Model], ...] = (
    Edition,
    Circle,
    Monster,
    MonsterLevelCard,
    Hero,
    GuildColour,
    UpgradeCard,
    DeathCurse,
    Scenario,
    Title,
    Quest,
    ScenarioMonster,
    Die,
    SpawnPair,
    ExplorationTokenKind,
)

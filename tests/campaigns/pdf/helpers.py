"""Campaigns for the PDF tests: the seed_demo campaign, played to its finale with full inventories."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from pypdf import PdfReader

from campaigns.access import campaign_access
from campaigns.models import Campaign, UpgradeCard
from campaigns.models.phases import UpgradePhase
from campaigns.selectors.inventory import free_slot
from campaigns.services import inventory, upgrade
from campaigns.services.scenarios import campaign_finale_record, scenario_record_result

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
DEMO_NAME = "Demo: Road to Rock Bottom"
DEMO_PLAYERS = ("ana", "ben", "cleo", "dev")
CARD_CODES = {"the-finisher": "INF-R01", "collectors-armor": "INF-R03", "dusty-blade": "INF-S01"}
FILLER_CARDS = ("sharp-justice", "short-bow", "holy-water-flask", "vile-trident")


def user(username: str) -> Any:
    return get_user_model().objects.get(username=username)


def fresh(campaign: Campaign) -> Campaign:
    return Campaign.objects.get(pk=campaign.pk)


def demo_campaign() -> Campaign:
    """seed_demo's campaign: 4 guilds, 3 scenarios, curses, an angel and a saved coin."""
    call_command("seed_demo", verbosity=0)
    return Campaign.objects.filter(name=DEMO_NAME).order_by("-pk").first()


def full_demo_campaign() -> Campaign:
    """The demo played to the finale, every guild holding 12 cards, some of them with card codes."""
    for slug, code in CARD_CODES.items():
        UpgradeCard.objects.filter(edition__slug="inferno", slug=slug).update(code=code)
    campaign = demo_campaign()
    owner = campaign.owner
    for scenario, winner in (
        ("pit-of-tormented-souls", "gray"),
        ("the-fallen-temple", "yellow"),
        ("hit-rock-bottom", "yellow"),
    ):
        _record(owner, campaign, scenario, winner)
    for guild in fresh(campaign).guilds.select_related("colour", "player"):
        _fill_inventory(guild)
    campaign = fresh(campaign)
    campaign_finale_record(
        access=campaign_access(user=owner, pk=campaign.pk),
        actor=owner,
        revision=campaign.revision,
        savior="yellow",
    )
    return fresh(campaign)


def forget_full_demo(campaign: Campaign) -> None:
    """Undo what full_demo_campaign committed, for fixtures that live longer than one test."""
    Campaign.objects.filter(pk=campaign.pk).delete()
    UpgradeCard.objects.filter(edition__slug="inferno", slug__in=CARD_CODES).update(code="")
    get_user_model().objects.filter(username__in=DEMO_PLAYERS).delete()


def _record(owner: Any, campaign: Campaign, scenario: str, winner: str) -> None:
    campaign = fresh(campaign)
    colours = list(campaign.guilds.values_list("colour__slug", flat=True))
    results = [
        {"guild": c, "winner": c == winner, "coins": 3 + i, "heroes": []} for i, c in enumerate(colours)
    ]
    scenario_record_result(
        access=campaign_access(user=owner, pk=campaign.pk),
        actor=owner,
        revision=campaign.revision,
        scenario=scenario,
        results=results,
    )
    if UpgradePhase.objects.filter(campaign=campaign, status=UpgradePhase.Status.OPEN).exists():
        # Like seed_demo, this table plays its upgrade phases on paper.
        upgrade.upgrade_phase_restart(
            access=campaign_access(user=owner, pk=campaign.pk),
            actor=owner,
            revision=fresh(campaign).revision,
            reopen=False,
        )


def _fill_inventory(guild: Any) -> None:
    """Cards into every free slot until the guild holds its 12 (slot-taking curses cover one)."""
    campaign = guild.campaign
    limit = campaign.edition.guild_card_limit
    for index in range(limit * 2):
        guild.refresh_from_db()
        if guild.cards.count() >= limit:
            return
        hero = next((h for h in guild.heroes.filter(retired=False) if free_slot(h)), None)
        if hero is None:
            return
        inventory.inventory_card_add(
            access=campaign_access(user=guild.player, pk=campaign.pk),
            actor=guild.player,
            guild=guild,
            revision=guild.revision,
            card=FILLER_CARDS[index % len(FILLER_CARDS)],
            hero=hero.hero.slug,
        )


def pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages]


def page_sizes(content: bytes) -> list[tuple[float, float]]:
    return [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in PdfReader(io.BytesIO(content)).pages
    ]


def save_png(content: bytes, name: str) -> list[Path]:
    """Render to PNG under tests/artifacts/ for people to look at; nothing when pdftoppm is missing."""
    if shutil.which("pdftoppm") is None:
        return []
    ARTIFACTS.mkdir(exist_ok=True)
    pdf_path = ARTIFACTS / f"{name}.pdf"
    pdf_path.write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "110", str(pdf_path), str(ARTIFACTS / name)], check=True)
    return sorted(ARTIFACTS.glob(f"{name}-*.png"))

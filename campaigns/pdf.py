"""Render Campaign Sheets to PDF bytes with WeasyPrint.

WeasyPrint only ever sees our own templates; user text (campaign, player names) goes in through
autoescaped template variables, and the URL fetcher resolves nothing but files under the app's static
directory: no network, no arbitrary local files.
"""

from __future__ import annotations

import functools
import mimetypes
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from campaigns.access import SPECTATOR, Access
from campaigns.history_text import content_names, map_labels, name_in_language
from campaigns.models import Circle, Edition, GuildColour
from campaigns.selectors.campaigns import campaign_for_sheet
from campaigns.selectors.confidence import confidence_legend
from campaigns.selectors.sheet import campaign_sheet_data
from rules_helpers import pictures

# CSS page sizes; the sheet is printed landscape like the paper one (map left, list right).
PAGE_SIZES = {"a4": "A4", "letter": "letter"}
# A shape per colour (by the edition's colour order) so the sheet never relies on colour alone.
GLYPHS = ("●", "▲", "■", "◆", "★", "✚")
ACHIEVEMENT_COLUMNS = (
    ("winner", gettext_lazy("Winner")),
    ("least_deaths", gettext_lazy("Least Deaths")),
    ("most_coins", gettext_lazy("Most Coins")),
    ("won_reward", gettext_lazy("Won Reward")),
    ("won_title", gettext_lazy("Won Title")),
)
BLANK_HERO_ROWS = 4  # three heroes and room for an angel
EN_DASH = "\u2013"  # circle names read "Second Circle \u2013 East"


def static_dir() -> Path:
    return Path(settings.BASE_DIR) / "static"


class StaticFilesOnly(URLFetcher):
    """A WeasyPrint URL fetcher that serves files under one directory and refuses every other URL."""

    def __init__(self, root: Path | None = None) -> None:
        super().__init__(allowed_protocols=("file",), allow_redirects=False, fail_on_errors=False)
        self.root = (root or static_dir()).resolve()
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = self.local_path(url)
        if path is None:
            self.refused.append(url)
            raise ValueError(f"Refused to fetch {url!r}: a sheet may only use the app's static files.")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), body=path.read_bytes(), headers={"Content-Type": kind})

    def local_path(self, url: str) -> Path | None:
        """The file a URL names if it is a static file of ours; resolving first defeats ../ and symlinks."""
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return None
        path = Path(url2pathname(unquote(parts.path))).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path


def html_to_pdf(html: str, *, fetcher: StaticFilesOnly | None = None) -> bytes:
    base_url = static_dir().resolve().as_uri() + "/"
    return HTML(string=html, base_url=base_url, url_fetcher=fetcher or StaticFilesOnly()).write_pdf()


def render_sheet_pdf(*, campaign_id: int, paper: str, language: str | None = None) -> bytes:
    return html_to_pdf(sheet_html(campaign_id=campaign_id, paper=paper, language=language))


def render_blank_pdf(*, edition_slug: str, paper: str, language: str | None = None) -> bytes:
    return html_to_pdf(blank_html(edition_slug=edition_slug, paper=paper, language=language))


def print_language(language: str | None) -> str:
    """The language a sheet is printed in: the one asked for, else the site's default, never whatever language
    happens to be active (a render run in-process during a Portuguese request must not print Portuguese labels
    on a document stored as English)."""
    if language and language in dict(settings.LANGUAGES):
        return language
    if language:
        raise ValueError(f"Unknown language {language!r}; use {' or '.join(dict(settings.LANGUAGES))}.")
    return settings.LANGUAGE_CODE


def sheet_html(*, campaign_id: int, paper: str, language: str | None = None) -> str:
    campaign = campaign_for_sheet(campaign_id=campaign_id)
    # The printed sheet is read-only and never shows the share token, so a spectator's view is right.
    with translation.override(print_language(language)):
        # Read in the printed language: the data names each record in it too (`shown_name`).
        data = campaign_sheet_data(campaign, Access(campaign, SPECTATOR, None))
        return render_to_string("pdf/sheet.html", sheet_context(data, campaign.edition, paper))


def blank_html(*, edition_slug: str, paper: str, language: str | None = None) -> str:
    edition = Edition.objects.get(slug=edition_slug)
    with translation.override(print_language(language)):
        return render_to_string("pdf/sheet.html", blank_context(edition, paper))


def _page_size(paper: str) -> str:
    if paper not in PAGE_SIZES:
        raise ValueError(f"Unknown paper size {paper!r}; use {' or '.join(PAGE_SIZES)}.")
    return PAGE_SIZES[paper]


def _glyphs(edition: Edition) -> dict[str, str]:
    colours = GuildColour.objects.filter(edition=edition).order_by("order", "slug")
    return {c.slug: GLYPHS[i % len(GLYPHS)] for i, c in enumerate(colours)}


def _common(edition: Edition, paper: str) -> dict[str, Any]:
    return {
        "page_size": _page_size(paper),
        "paper": paper,
        "edition_name": edition.name,
        "printed_on": timezone.localdate(),
        "columns": [str(label) for _key, label in ACHIEVEMENT_COLUMNS],
        "slots": range(1, edition.slots_per_hero + 1),
    }


def sheet_context(data: dict[str, Any], edition: Edition, paper: str) -> dict[str, Any]:
    glyphs = _glyphs(edition)
    labels = {
        g["colour"]: {"glyph": glyphs.get(g["colour"], "○"), "name": name_in_language(g)}
        for g in data["guilds"]
    }
    return {
        **_common(edition, paper),
        "blank": False,
        "title": data["name"],
        "campaign_name": data["name"],
        "revision": data["history_seq"],
        "legend": [_legend(g, labels) for g in data["guilds"]],
        "map": _map(data["circles"]),
        "rows": _rows(data["plays"], labels, edition.scenarios_per_campaign),
        "guilds": [_guild(g, labels, edition.slots_per_hero) for g in data["guilds"]],
        "marks": _marks(data["guilds"]),
        "finale": _finale(data["finale"], labels, data["guilds"]),
        "pictures": _pictures(data),
    }


def _pictures(data: dict[str, Any]) -> dict[str, Any] | None:
    """The path map and every guild's charts, for a last page once a scenario is recorded."""
    if not data["plays"] or not data["guilds"]:
        return None
    return {
        "map": pictures.path_map(
            data["circles"],
            allowed_next=data["allowed_next"],
            next_scenario=data["next_scenario"],
            names=map_labels(data["circles"]),
        ),
        # The legends name each guild in the reader's language.
        "charts": pictures.guild_charts(
            data["plays"], [{**g, "name": name_in_language(g)} for g in data["guilds"]]
        ),
        "route_ink": pictures.ROUTE_INK,
    }


def blank_context(edition: Edition, paper: str) -> dict[str, Any]:
    blank_guild = {"blank": True, "heroes": [_blank_hero(edition.slots_per_hero)] * BLANK_HERO_ROWS}
    colours = GuildColour.objects.filter(edition=edition).order_by("order", "slug")
    return {
        **_common(edition, paper),
        "blank": True,
        "title": _("%(edition)s: Campaign Sheet") % {"edition": edition.name},
        "campaign_name": None,
        "revision": None,
        "legend": [
            {
                "glyph": GLYPHS[i % len(GLYPHS)],
                "name": name_in_language(content_names(c)),
                "animal": c.animal,
                "player": "",
            }
            for i, c in enumerate(colours)
        ],
        "map": _map(_edition_circles(edition)),
        "rows": [{"number": n, "blank": True} for n in range(1, edition.scenarios_per_campaign + 1)],
        "guilds": [blank_guild] * 4,
        "finale": None,
    }


def _edition_circles(edition: Edition) -> list[dict[str, Any]]:
    circles = Circle.objects.filter(edition=edition).prefetch_related("scenarios").order_by("order", "slug")
    return [
        {
            "slug": c.slug,
            **content_names(c),
            "order": c.order,
            "exclusive_group": c.exclusive_group,
            "scenarios": [{"slug": s.slug, **content_names(s), "played_as": None} for s in c.scenarios.all()],
        }
        for c in circles
    ]


def _map(circles: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Circles by depth; alternatives (East or West) sit side by side and the played one is marked chosen."""
    depths: dict[int, list[dict[str, Any]]] = {}
    for circle in sorted(circles, key=lambda c: (c["order"], c["slug"])):
        played = any(s["played_as"] for s in circle["scenarios"])
        side = circle["name"].rsplit(EN_DASH, 1)[-1].strip() if circle["exclusive_group"] else ""
        depths.setdefault(circle["order"], []).append(
            {**circle, "side": side, "chosen": played and bool(side)}
        )
    return [{"order": order, "circles": group} for order, group in sorted(depths.items())]


def _label(labels: dict[str, dict[str, str]], colour: str) -> dict[str, str]:
    return labels.get(colour, {"glyph": "○", "name": colour})


def _legend(guild: dict[str, Any], labels: dict[str, dict[str, str]]) -> dict[str, Any]:
    return {**_label(labels, guild["colour"]), "animal": guild["animal"], "player": _player(guild)}


def _player(guild: dict[str, Any]) -> str:
    return guild["player_name"] or guild["player"] or ""


def _rows(plays: list[dict[str, Any]], labels: dict[str, dict[str, str]], count: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {
            "number": play["number"],
            "scenario": name_in_language(play),
            "level": play["level"],
            # Who played first, when the table drew (or entered) its Starting Areas for that scenario.
            "first": _label(labels, play["seating"]["first_player"]) if play.get("seating") else None,
            "cells": [
                [_label(labels, c) for c in play["achievements"][key]]
                for key, _label_text in ACHIEVEMENT_COLUMNS
            ],
        }
        for play in sorted(plays, key=lambda p: p["number"])
    ]
    # Empty lines for the scenarios still to come, so the paper copy can carry on at the table.
    rows += [{"number": n, "blank": True} for n in range(len(rows) + 1, count + 1)]
    return rows


def _guild(guild: dict[str, Any], labels: dict[str, dict[str, str]], slots: int) -> dict[str, Any]:
    return {
        **_legend(guild, labels),
        "saved_coins": guild["saved_coins"],
        "card_count": guild["card_count"],
        "titles": guild["titles"],
        "heroes": [_hero(h) for h in guild["heroes"]],
    }


def _hero(hero: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": name_in_language(hero),
        "is_angel": hero["is_angel"],
        "retired": hero["retired"],
        "slots": [{"card": slot["card"], "covered": slot["covered_by_curse"]} for slot in hero["slots"]],
        "curse": hero["curse"],
    }


def _marks(guilds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The key to the footnote marks the back prints beside each Death Curse's value (FAN-AQH)."""
    kinds = [
        h["curse"]["sure"]["kind"] for g in guilds for h in g["heroes"] if h["curse"] and "sure" in h["curse"]
    ]
    return confidence_legend(kinds)


def _blank_hero(slots: int) -> dict[str, Any]:
    return {"name": "", "slots": [{"card": None, "covered": False}] * slots, "curse": None}


def _finale(
    finale: dict[str, Any] | None, labels: dict[str, dict[str, str]], guilds: list[dict[str, Any]]
) -> dict[str, Any] | None:
    if finale is None:
        return None
    return {
        # Base Arcadia Quest ends with the last scenario's winner (BR:261), not the medals.
        "medal_finale": finale["kind"] == "medals",
        "game_winner": _label(labels, finale["game_winner"]) if finale["game_winner"] else None,
        "medals": [
            {"achievement": str(title), "holders": [_label(labels, c) for c in finale["medals"].get(key, [])]}
            for key, title in ACHIEVEMENT_COLUMNS
        ],
        "council": [_label(labels, c) for c in finale["council"]],
        "savior": _label(labels, finale["savior"]) if finale["savior"] else None,
        "ultimate_arcadian": [_label(labels, c) for c in finale["ultimate_arcadian"]],
        "medal_counts": [
            {
                **_label(labels, g["colour"]),
                "medals": sum(g["colour"] in h for h in finale["medals"].values()),
            }
            for g in guilds
        ],
    }


@functools.cache
def layout_version() -> int:
    """A number that changes whenever a print template or its translation changes, so blank sheets are
    printed anew."""
    base = Path(settings.BASE_DIR)
    files = sorted((base / "templates" / "pdf").glob("*")) + sorted(
        base.glob("locale/*/LC_MESSAGES/django.po")
    )
    return zlib.crc32(b"".join(p.read_bytes() for p in files)) & 0x7FFFFFFF

"""Bringing the phones to the table: the address they open and the join links, each with a QR code.

The QR codes are drawn here as inline SVG (segno), so the page needs no script and no image request; the
address is the one the phones reach (`companion.hosting.table_address`), never the laptop's 127.0.0.1."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from campaigns.access import Access
from companion.hosting import is_loopback, table_address


@lru_cache(maxsize=512)
def qr_svg(text: str, *, title: str) -> SafeString:
    """`text` as a QR code: inline SVG, dark modules on white with a quiet zone, sized by the page's CSS.
    Kept per text and title: drawing one costs about as much as the rest of the owner's page, and the same
    few links are drawn on every answer the owner's phone gets."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgclass="qr",
        lineclass="qr-dark",
        omitsize=True,
        border=2,
        dark="#000",
        light="#fff",
        title=title,
    )
    # segno writes only its own markup and escapes the title; the text is encoded in the path, never copied.
    return mark_safe(out.getvalue().decode("utf-8"))


def phones_can_reach() -> bool:
    """False when the game-night server listens on this machine's loopback only (`make run HOST=127.0.0.1`):
    no address on the page would open on a phone."""
    served_on = getattr(settings, "SERVED_ON", None)
    return not (served_on and is_loopback(served_on))


def invite_context(request: HttpRequest, access: Access, join_codes: list[Any]) -> dict[str, Any]:
    """For the owner: the address for the phones, the sheet's link and one join link per open code."""
    if not access.is_owner:
        return {"invite": None}
    base = table_address(request.get_host(), request.scheme)
    share = f"{base}{reverse('campaigns:sheet', args=[access.campaign.pk])}?share="
    if not phones_can_reach():
        return {"invite": {"unreachable": True, "share_base": share}}
    sheet_link = base + reverse("campaigns:sheet", args=[access.campaign.pk])
    join = base + reverse("campaigns:join")
    links = []
    for code in join_codes:
        link = f"{join}?code={code.code}"
        links.append({"code": code.code, "link": link, "qr": qr_svg(link, title=_("Join link"))})
    return {
        "invite": {
            "address": base + "/",
            "sheet_link": sheet_link,
            "sheet_qr": qr_svg(sheet_link, title=_("Campaign Sheet link")),
            "join_links": links,
            "share_base": share,
        }
    }

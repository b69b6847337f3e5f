"""One matrix over every campaign route and every role: members see, players edit their own guild,
the owner edits everything, spectators only read, and everyone else gets 404."""

import pytest
from django.urls import get_resolver

from campaigns.models import SheetDocument
from campaigns.services.documents import sheet_pdf_request
from tests.factories import access, api_for, record, result_line

pytestmark = pytest.mark.django_db

# (method, path) -> expected status per role when the body is empty.
# 400 means "allowed in, then the empty body was refused"; 200 a read.
OWNER, PLAYER, MEMBER, SPECTATOR, OUTSIDER, ANONYMOUS = (
    "owner",
    "player",
    "member",
    "spectator",
    "outsider",
    "anon",
)
ROLES = (OWNER, PLAYER, MEMBER, SPECTATOR, OUTSIDER, ANONYMOUS)

READ = {OWNER: 200, PLAYER: 200, MEMBER: 200, SPECTATOR: 200, OUTSIDER: 404, ANONYMOUS: 404}
MEMBER_WRITE = {OWNER: 400, PLAYER: 400, MEMBER: 400, SPECTATOR: 403, OUTSIDER: 404, ANONYMOUS: 404}
OWNER_WRITE = {OWNER: 400, PLAYER: 403, MEMBER: 403, SPECTATOR: 403, OUTSIDER: 404, ANONYMOUS: 404}
OWN_GUILD = {OWNER: 400, PLAYER: 400, MEMBER: 403, SPECTATOR: 403, OUTSIDER: 404, ANONYMOUS: 404}

ROUTES = {
    ("get", "campaigns/{id}/"): READ,
    ("get", "campaigns/{id}/history/"): READ,
    ("get", "campaigns/{id}/export/"): {**READ, SPECTATOR: 403},
    # Backups hold every hidden hand: the owner's alone. The share link is the owner's to renew or turn off.
    ("get", "campaigns/{id}/backups/"): {**OWNER_WRITE, OWNER: 200},
    ("post", "campaigns/{id}/backups/restore/"): OWNER_WRITE,
    ("post", "campaigns/{id}/share-link/"): {**OWNER_WRITE, OWNER: 200},
    ("post", "campaigns/{id}/share-link/revoke/"): {**OWNER_WRITE, OWNER: 200},
    ("post", "campaigns/{id}/guilds/{colour}/assign/"): OWNER_WRITE,
    ("post", "campaigns/{id}/join-codes/"): {**OWNER_WRITE, OWNER: 201},
    ("post", "campaigns/{id}/guilds/"): OWNER_WRITE,
    ("post", "campaigns/{id}/plays/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/next-scenario/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/finale/"): OWNER_WRITE,
    ("post", "campaigns/{id}/undo/"): MEMBER_WRITE,
    # A campaign's own content: everyone who sees the campaign reads it, members write it.
    ("get", "campaigns/{id}/content/"): READ,
    ("post", "campaigns/{id}/content/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/content/verify/"): MEMBER_WRITE,
    ("get", "campaigns/{id}/content/export/"): READ,
    ("post", "campaigns/{id}/content/import/"): MEMBER_WRITE,
    ("get", "campaigns/{id}/live/"): READ,
    ("post", "campaigns/{id}/live/start/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/live/abandon/"): OWNER_WRITE,
    ("post", "campaigns/{id}/live/kill/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/seating/"): MEMBER_WRITE,
    ("post", "campaigns/{id}/episodic-deal/"): MEMBER_WRITE,
    ("get", "campaigns/{id}/upgrade-phase/"): READ,
    ("post", "campaigns/{id}/upgrade-phase/restart/"): OWNER_WRITE,
    # No phase has closed and no hero draft runs yet: nobody finds them, outsiders least of all.
    ("get", "campaigns/{id}/upgrade-phases/<int:level>/review/"): dict.fromkeys(ROLES, 404),
    ("get", "campaigns/{id}/hero-draft/"): dict.fromkeys(ROLES, 404),
    ("post", "campaigns/{id}/hero-draft/start/"): OWNER_WRITE,
    ("post", "campaigns/{id}/hero-draft/abandon/"): OWNER_WRITE,
    # Printing: members ask for a sheet; a share link may follow and download one, never ask.
    ("post", "campaigns/{id}/sheet-pdf/"): {**MEMBER_WRITE, OWNER: 200, PLAYER: 200, MEMBER: 200},
    ("get", "campaigns/{id}/sheet-pdf/<int:doc_id>/"): READ,
    ("get", "campaigns/{id}/sheet-pdf/<int:doc_id>/download/"): READ,
    ("post", "campaigns/{id}/guilds/{colour}/claim/"): {**MEMBER_WRITE, OWNER: 400, PLAYER: 400, MEMBER: 400},
    **{
        ("post", f"campaigns/{{id}}/guilds/{{colour}}/{action}/"): OWN_GUILD
        for action in (
            "heroes",
            "field",
            "cards",
            "cards/discard",
            "inventory/move",
            "curses",
            "curses/remove",
            "saved-coins",
            "angel",
            "live/tally",
            "live/quest",
            "live/angel",
            "upgrade-phase/pick",
            "upgrade-phase/enter",
            "upgrade-phase/buy",
            "upgrade-phase/confirm",
            "hero-draft/pick",
        )
    },
}


@pytest.fixture
def table(owner, player, member, outsider, campaign):
    # A recorded scenario leaves its upgrade phase open, so the phase routes have something to guard.
    # The sheet of this revision is printed already (tasks run in-process here), so asking again is 200.
    campaign = record(
        owner,
        campaign,
        "ferry-of-the-dead",
        [result_line("yellow", winner=True), result_line("teal")],
        upgrade_on_paper=False,
    )
    return campaign, {OWNER: owner, PLAYER: player, MEMBER: member, OUTSIDER: outsider}


def _client(role, users):
    return api_for(users.get(role))


def _routes(patterns, prefix=""):
    """Every route as the API serves it: the prefixes of the includes it sits in, joined."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if hasattr(pattern, "url_patterns"):
            yield from _routes(pattern.url_patterns, route)
        else:
            yield route


def test_the_matrix_covers_every_campaign_route():
    api = [route for route in _routes(get_resolver().url_patterns) if route.startswith("api/v1/")]
    patterns = {route.removeprefix("api/v1/") for route in api}
    routes = {
        p.replace("<int:pk>", "{id}").replace("<slug:colour>", "{colour}")
        for p in patterns
        if "campaigns/<int:pk>" in p
    }
    assert routes == {path for _, path in ROUTES}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("method", "path"), list(ROUTES))
def test_each_role_gets_what_it_may(table, role, method, path, django_capture_on_commit_callbacks):
    campaign, users = table
    if "sheet-pdf" in path:  # printing is slow, so only the printing routes get a printed sheet
        with django_capture_on_commit_callbacks(execute=True):
            sheet_pdf_request(access=access(users[OWNER], campaign))
    # The player holds teal; yellow belongs to the owner, so "own guild" is teal for the player.
    colour = "teal" if role == PLAYER else "yellow"
    document = SheetDocument.objects.filter(campaign=campaign).first()
    url = "/api/v1/" + path.replace("<int:level>", "1").replace(
        "<int:doc_id>", str(getattr(document, "pk", 0))
    )

    url = url.format(id=campaign.pk, colour=colour)
    if role == SPECTATOR:
        url += f"?share={campaign.share_token}"
    response = getattr(_client(role, users), method)(url, {}, format="json")
    assert response.status_code == ROUTES[(method, path)][role], response.content[:200]


def test_a_player_cannot_touch_the_owners_guild(table):
    campaign, users = table
    response = _client(PLAYER, users).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/saved-coins/",
        {"coins": 1, "revision": 1},
        format="json",
    )
    assert response.status_code == 403


def test_an_unknown_campaign_is_404_for_everyone(table):
    _, users = table
    for role in (OWNER, OUTSIDER, ANONYMOUS):
        assert _client(role, users).get("/api/v1/campaigns/999999/").status_code == 404

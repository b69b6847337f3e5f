"""Every number a player sees from the content carries how sure it is (issue 28, part 1).

Each page is parsed as a player gets it: every element the templates mark as a content number
(`data-number`) and that shows a digit must hold the mark (the `confidence_note` tag,
campaigns/selectors/confidence.py), and the walk proves it found the numbers it names, so it cannot
pass on an empty page. Sources: GF:8-9 (say so to the
user), GF:289 and N1 (Upgrade costs from a fan transcription, ten kinds at 0), GF:251 and N9 (die faces
from two fan dice apps), GF:231 (level 4-5 and 6 inferred), BR:231 ("Each card has a listed cost").
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from campaigns.models import ContentOverride, UpgradeCard, UpgradePhase
from campaigns.selectors.campaigns import open_phase_for
from campaigns.services.overrides import content_override_set
from tests.campaigns.pages.helpers import act, first_scenario
from tests.companion.test_helper_pages import DICE, SPAWN, _heroes
from tests.factories import access, api_for, client_for, guild_rev, level_one_deck

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Numbers(HTMLParser):
    """The elements marked `data-number`: their text (the mark's own words left out) and their marks."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, dict | None]] = []
        self.found: list[dict] = []
        self.in_mark = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in VOID:
            return
        attributes = dict(attrs)
        number = None
        if "data-number" in attributes:
            number = {"text": "", "marks": []}
            self.found.append(number)
        if tag == "details" and "conf" in (attributes.get("class") or "").split():
            kind = next(c[5:] for c in attributes["class"].split() if c.startswith("conf-"))
            for _tag, row in self.open:
                if row is not None:
                    row["marks"].append(kind)
            self.in_mark += 1
        self.open.append((tag, number))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            closed, _row = self.open.pop()
            if closed == "details" and self.in_mark:
                self.in_mark -= 1
            if closed == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.in_mark:
            return
        for _tag, row in self.open:
            if row is not None:
                row["text"] += data


def numbers_on(html: str) -> list[dict]:
    parser = Numbers()
    parser.feed(html)
    return [n for n in parser.found if re.search(r"\d", n["text"])]


def assert_every_number_marked(html: str, *, at_least: int, page: str) -> list[dict]:
    found = numbers_on(html)
    assert len(found) >= at_least, (page, len(found))
    unmarked = [n["text"].strip() for n in found if not n["marks"]]
    assert unmarked == [], (page, unmarked)
    return found


def kinds_of(found: list[dict]) -> set[str]:
    return {kind for n in found for kind in n["marks"]}


@pytest.fixture
def drafting(owner, campaign):
    level_one_deck()
    return first_scenario(owner, campaign, upgrade_on_paper=False)


def _hand(campaign, colour):
    from rules_helpers.drafts import UpgradeDraft

    return list(UpgradeDraft.from_dict(open_phase_for(campaign).draft).hand(colour))


def _draft_through(owner, player, campaign):
    for _ in range(3):
        for user, colour in ((owner, "yellow"), (player, "teal")):
            data = {
                "revision": guild_rev(campaign, colour),
                "guild": colour,
                "cards": _hand(campaign, colour)[:2],
            }
            assert act(user, campaign, "upgrade-pick", data).status_code == 302


# --- The campaign's pages -----------------------------------------------------------------------------


def test_the_sheet_marks_each_heros_defense_and_life(player, campaign):
    """FAN-E (GF §9): the heroes' Defense and Life are a fan transcription."""
    html = client_for(player).get(f"/campaigns/{campaign.pk}/?open=guild-teal").content.decode()
    found = assert_every_number_marked(html, at_least=3, page="sheet")
    assert any("Defense" in n["text"] and "Life" in n["text"] for n in found)


def test_the_draft_hand_marks_each_cost(player, drafting):
    """N1: the draft printed "cost N" as exact; now each cost says it is a fan transcription."""
    html = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    found = assert_every_number_marked(html, at_least=len(_hand(drafting, "teal")), page="draft")
    assert sum("cost" in n["text"] for n in found) >= len(_hand(drafting, "teal"))
    assert "fan" in kinds_of(found) or "zero" in kinds_of(found)


def test_the_curse_draws_of_the_upgrade_phase_mark_each_value(player, drafting):
    """FAN-AQH: the Death Curse deck (values and copies) is a fan source (rules-replay-2 §6)."""
    drawn = sum(len(d["drawn"]) for d in open_phase_for(drafting).curse_draws)
    assert drawn, "the first scenario's deaths draw curses"
    html = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    found = assert_every_number_marked(html, at_least=drawn, page="upgrade curses")
    curses = [n for n in found if "kept" in n["text"] or "discarded" in n["text"]]
    assert len(curses) == drawn and all(n["marks"] == ["fan"] for n in curses)


def test_the_buy_list_marks_each_cost_and_a_corrected_cost_is_the_tables_and_what_the_buy_charges(
    owner, player, drafting
):
    """BR:231 "Each card has a listed cost"; N1: the guild pays the cost it sees. A cost the table corrected
    for its campaign reads "entered by this table" and is the one charged."""
    _draft_through(owner, player, drafting)
    part = open_phase_for(drafting).guilds.get(guild__colour__slug="teal")
    card = part.drafted[0]
    content_override_set(
        access=access(player, drafting), actor=player, kind="upgrade-card", target=card, fields={"cost": 3}
    )
    html = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    found = assert_every_number_marked(html, at_least=len(part.drafted), page="buy")
    corrected = [n for n in found if n["marks"] == ["table"]]
    assert [n["text"].strip() for n in corrected] == ["3"] * part.drafted.count(card)
    assert f'value="{card}" data-cost="3"' in html
    coins = part.coins
    buy = {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": [card]}
    assert act(player, drafting, "upgrade-buy", buy).status_code == 302
    page = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    assert f"3 of {coins} coins spent" in page


def test_the_cards_to_enter_after_a_table_deal_mark_each_cost_in_the_list(owner, player, campaign):
    """A list option cannot hold the tappable mark: the cost carries its character and the hint says what
    each means (N1: Cloven Hoof's 0 is "?")."""
    kept = ["cloven-hoof", "healing-bracer"]
    UpgradeCard.objects.filter(deck="level-1", campaign=None).exclude(slug__in=kept).delete()
    campaign = first_scenario(owner, campaign, upgrade_on_paper=False)
    page = client_for(player).get(f"/campaigns/{campaign.pk}/upgrade/", {"guild": "teal"}).content.decode()
    assert '<option value="cloven-hoof">Cloven Hoof · 0?</option>' in page
    assert "A cost marked * is a fan transcription, ? a 0 there to check on your card" in page


def test_the_campaign_content_page_shows_each_number_as_the_campaign_plays_it(member, campaign):
    content_override_set(
        access=access(member, campaign),
        actor=member,
        kind="upgrade-card",
        target="cloven-hoof",
        fields={"copies": 2, "rerolls": 1},
    )
    url = f"/campaigns/{campaign.pk}/content/?kind=upgrade-card&target=cloven-hoof"
    found = assert_every_number_marked(
        client_for(member).get(url).content.decode(), at_least=2, page="content"
    )
    marks = {n["text"].split()[0]: n["marks"] for n in found}
    # N1: Cloven Hoof costs 0 in the fan transcription; the copies are this table's.
    assert marks["Cost"] == ["zero"] and marks["Copies"] == ["table"]
    # The card's icons are corrected the same way (the campaign's own content) and shown as theirs.
    assert marks["Rerolls"] == ["table"]


def test_a_card_the_table_checked_against_its_box_is_the_boxs_in_the_draft_and_on_the_content_page(
    player, drafting
):
    from campaigns.services.overrides import content_override_verify

    card = _hand(drafting, "teal")[0]
    content_override_verify(access=access(player, drafting), actor=player, kind="upgrade-card", target=card)
    html = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    row = html[html.index(f'value="{card}"') :].split("</li>")[0]
    assert 'class="conf conf-box"' in row
    page = client_for(player).get(f"/campaigns/{drafting.pk}/content/?kind=upgrade-card&target={card}")
    found = assert_every_number_marked(page.content.decode(), at_least=2, page="content, checked")
    assert kinds_of(found) == {"box"}


def test_the_campaign_monsters_page_marks_the_level_bracket(player, campaign):
    """RB:479-485: the level 1 card of the first scenario is the rulebook's (4-5 and 6 are inferred,
    GF:231, as the lookup below shows)."""
    html = client_for(player).get(f"/campaigns/{campaign.pk}/monsters/").content.decode()
    found = assert_every_number_marked(html, at_least=1, page="monsters")
    assert kinds_of(found) == {"box"}


# --- The helpers and the content pages ------------------------------------------------------------------


def test_the_dice_helper_marks_the_faces_and_every_odds_line(client):
    """N9, GF:251: the odds come from the fan dice apps' faces, so the chance of each number of Wounds
    says so on its own row, as the "at least 1 Wound" line does."""
    html = client.post("/helpers/dice/", {**DICE, "seed": 3}).content.decode()
    rows = html.count('<span class="odds-p">')
    found = assert_every_number_marked(html, at_least=1 + rows, page="dice")
    assert any("At least 1 Wound" in n["text"] for n in found)
    per_wounds = [n for n in found if re.match(r"\s*\d+ Wounds?\b", n["text"]) and "%" in n["text"]]
    assert rows >= 2 and len(per_wounds) == rows
    assert all(n["marks"] == ["fan"] for n in per_wounds)
    assert kinds_of(found) == {"fan"}
    # The odds heading and both dice lists carry it too.
    assert html.count('class="conf conf-fan"') >= 4


def test_the_spawn_helper_marks_each_chance_and_every_tokens_line(client):
    """N9, GF:251: a spawn's chances come from the fan dice apps' faces, so the chance of each token (and
    of the box) says so on its own line, as the "Chance of this" line does."""
    html = client.post("/helpers/spawn/", {**SPAWN, "seed": 1}).content.decode()
    lines = html.count('<span class="odds-where">')
    found = assert_every_number_marked(html, at_least=2 + lines, page="spawn")
    assert sum("Chance of this" in n["text"] for n in found) == 2
    per_token = [n for n in found if re.match(r"\s*(Token \d|Box)\b", n["text"]) and "%" in n["text"]]
    # Two figures, each with a line for token 1 and one for the box (token 2's Space is Full: no chance).
    assert lines == 4 and len(per_token) == lines
    assert all(n["marks"] == ["fan"] for n in per_token) and kinds_of(found) == {"fan"}


def test_the_curse_helper_marks_each_value_and_the_deck(client):
    data = {"edition": "arcadia-quest", "seed": 8, **_heroes(("Diana", 2, 0))}
    html = client.post("/helpers/death-curses/", data).content.decode()
    found = assert_every_number_marked(html, at_least=3, page="curses")
    assert any("This deck has" in n["text"] for n in found)


def test_the_monster_lookup_marks_each_stat_and_the_bracket(client):
    """FAN-R (N6): the base level-1 cards; GF:231: the 4-5 bracket is inferred."""
    html = client.get("/helpers/monsters/?monster=arcadia-quest/goblin-archer&scenario=1").content.decode()
    found = assert_every_number_marked(html, at_least=6, page="monster lookup")
    assert {"fan", "box"} <= kinds_of(found)
    later = client.get("/helpers/monsters/?monster=inferno/harpy&scenario=4").content.decode()
    assert "inferred" in kinds_of(assert_every_number_marked(later, at_least=1, page="level 4-5"))


def test_the_content_search_marks_costs_dice_and_curse_values(client):
    html = client.get("/content/?edition=inferno").content.decode()
    found = assert_every_number_marked(html, at_least=100, page="content search")
    assert {"fan", "zero", "doubtful"} <= kinds_of(found)
    cloven = html[html.index('id="card-cloven-hoof"') :].split("</li>")[0]
    assert 'class="conf conf-zero"' in cloven and "0 in the fan transcription — check your card." in cloven


def test_the_marks_are_translated(client):
    html = client.post("/helpers/dice/", {**DICE, "seed": 3}, HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    assert "From a fan transcription" not in html and 'class="conf conf-fan"' in html


# --- The API ------------------------------------------------------------------------------------------


def test_the_card_api_says_how_sure_the_cost_and_the_rest_are(api):
    """N1: the card API gave no confidence; now each card says it, with the record's own notes."""
    cloven = api.get("/api/v1/upgrade-cards/cloven-hoof/?edition=inferno").json()
    assert cloven["cost"] == 0 and cloven["cost_confidence"]["kind"] == "zero"
    assert cloven["confidence"]["kind"] == "fan" and "ldsz89" in cloven["confidence"]["source"]
    assert "check" in cloven["cost_confidence"]["notes"].lower()
    shield = api.get("/api/v1/upgrade-cards/profane-shield/?edition=inferno").json()
    assert shield["confidence"]["kind"] == "doubtful"
    curse = api.get("/api/v1/death-curses/no-curse/?edition=inferno").json()
    assert curse["confidence"]["kind"] == "fan"


def test_the_monster_api_says_how_sure_the_card_and_its_level_bracket_are(api):
    """GF:231: the level 4-5 card for scenario 4 is inferred; FAN-R: the base level-1 card (N6)."""
    harpy = api.get("/api/v1/monsters/harpy/?edition=inferno&scenario=4").json()
    assert harpy["level_card"]["label"] == "4-5" and harpy["label_confidence"]["kind"] == "inferred"
    goblin = api.get("/api/v1/monsters/goblin-archer/?edition=arcadia-quest&scenario=1").json()
    assert goblin["label_confidence"]["kind"] == "box" and goblin["level_card"]["confidence"]["kind"] == "fan"


def test_the_dice_and_spawn_api_say_how_sure_the_faces_are(api):
    """N9, GF:251."""
    roll = api.post("/api/v1/helpers/roll/", {"attack_dice": 2, "kind": "melee", "seed": 1}, format="json")
    assert roll.json()["faces_confidence"]["kind"] == "fan"
    assert roll.json()["faces_confidence"]["source"].startswith("FAN-D")
    spawn = {"figures": ["Harpy"], "tokens": [{"symbols": ["melee", "crit"]}], "seed": 1}
    assert (
        api.post("/api/v1/helpers/spawn/", spawn, format="json").json()["faces_confidence"]["kind"] == "fan"
    )


def test_a_cost_out_of_bounds_is_a_400_beside_the_field(campaign, member):
    before = ContentOverride.objects.count()
    entry = {"kind": "upgrade-card", "target": "cloven-hoof", "fields": {"cost": 21}}
    response = api_for(member).post(f"/api/v1/campaigns/{campaign.pk}/content/", entry, format="json")
    assert response.status_code == 400 and "cost" in response.json()
    assert ContentOverride.objects.count() == before
    assert not UpgradePhase.objects.filter(campaign=campaign).exists()

"""The helper pages: plain forms that post back, htmx partials, labels for every control, few queries."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PAGES = ["/helpers/", "/helpers/dice/", "/helpers/spawn/", "/helpers/death-curses/", "/helpers/monsters/"]
DICE = {"attack_dice": 4, "kind": "ranged", "defense_dice": 2, "attack_rerolls": 1, "defense_rerolls": 0}
EMPTY_TOKENS = {f"token_{row}_occupants": "0" for row in range(1, 6)}
SPAWN = {
    **EMPTY_TOKENS,
    "mode": "roll",
    "figure_1": "Harpy",
    "figure_2": "Demoness",
    "token_1_a": "melee",
    "token_1_b": "crit",
    "token_2_a": "ranged",
    "token_2_b": "ranged",
    "token_2_occupants": "2",
}


def _heroes(*rows, total=3):
    data = {"heroes-TOTAL_FORMS": str(total), "heroes-INITIAL_FORMS": "0"}
    for n in range(total):
        hero, deaths, damnation = rows[n] if n < len(rows) else ("", 0, 0)
        data |= {f"heroes-{n}-hero": hero, f"heroes-{n}-deaths": deaths, f"heroes-{n}-damnation": damnation}
    return data


class Controls(HTMLParser):
    """Collects a page's form controls, the ids its labels point at and each button's text."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str | None]] = []
        self.label_for: set[str] = set()
        self.button: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {"tag": tag, "text": "", **dict(attrs)}
        if tag == "label" and attributes.get("for"):
            self.label_for.add(attributes["for"])
        elif tag in {"input", "select", "textarea", "button"} and attributes.get("type") != "hidden":
            self.controls.append(attributes)
            self.button = attributes if tag == "button" else None

    def handle_data(self, data: str) -> None:
        if self.button is not None:
            self.button["text"] += data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self.button = None


def _labelled(control: dict, label_for: set[str]) -> bool:
    if control.get("aria-label"):
        return True
    if control["tag"] == "button":
        return bool(control["text"])
    return control.get("id") in label_for


def _unlabelled(html: str) -> list[dict]:
    page = Controls()
    page.feed(html)
    return [control for control in page.controls if not _labelled(control, page.label_for)]


@pytest.mark.parametrize("url", PAGES)
def test_every_control_of_a_helper_page_has_a_label(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert _unlabelled(response.content.decode()) == []


@pytest.mark.parametrize("url", PAGES)
def test_a_helper_page_is_installable_keeps_awake_and_loads_htmx_from_our_own_files(client, url):
    body = client.get(url).content.decode()
    assert 'rel="manifest"' in body and 'name="theme-color"' in body
    assert "/static/vendor/htmx.min.js" in body and "/static/helpers/helpers.js" in body
    assert "https://" not in re.sub(r'xmlns="[^"]+"', "", body)


def test_the_helpers_index_links_every_helper(client):
    body = client.get("/helpers/").content.decode()
    for url in PAGES[1:]:
        assert f'href="{url}"' in body


def test_the_home_page_opens_the_helpers(client):
    assert 'href="/helpers/"' in client.get("/").content.decode()


def test_the_manifest_names_the_app_and_its_192_and_512_icons():
    static = Path(settings.BASE_DIR) / "static"
    manifest = json.loads((static / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Inferno Companion" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (static / icon["src"]).is_file()


# --- Dice ---------------------------------------------------------------------------------------------


def test_the_dice_form_has_steppers_and_a_melee_or_ranged_toggle(client):
    body = client.get("/helpers/dice/").content.decode()
    assert 'aria-label="Attack dice: one more"' in body and 'aria-label="Defense dice: one less"' in body
    assert 'value="melee"' in body and 'value="ranged"' in body
    assert 'id="result"' in body


def test_posting_the_dice_form_renders_the_roll(client):
    body = client.post("/helpers/dice/", {**DICE, "seed": 5}).content.decode()
    assert "<html" in body
    assert re.search(r'data-result="wounds">\d+<', body)
    assert 'data-result="seed">5<' in body
    assert "Chance of each number of Wounds" in body and "Reroll this seed" in body
    # seed 5 rolls crits: the extra dice are marked in words, not only by colour.
    assert "Extra die" in body and "#sym-crit" in body


def test_htmx_gets_only_the_roll(client):
    response = client.post("/helpers/dice/", {**DICE, "seed": 5}, **HTMX)
    body = response.content.decode()
    assert "<html" not in body and "<form" not in body
    assert 'data-result="seed">5<' in body


def test_the_reroll_this_seed_link_replays_the_same_roll(client):
    posted = client.post("/helpers/dice/", {**DICE, "seed": 123}, **HTMX).content.decode()
    link = re.search(r'href="(/helpers/dice/\?[^"]+)"', posted).group(1).replace("&amp;", "&")
    assert "seed=123" in link
    replayed = client.get(link, **HTMX).content.decode()
    assert replayed == posted


def test_a_bad_dice_form_names_the_field(client):
    body = client.post("/helpers/dice/", {**DICE, "attack_dice": -1}, **HTMX).content.decode()
    assert 'role="alert"' in body and "Attack dice:" in body
    assert "data-result" not in body


def test_a_fresh_roll_shows_its_seed(client):
    body = client.post("/helpers/dice/", DICE).content.decode()
    assert re.search(r'data-result="seed">\d+<', body)


# --- Spawn --------------------------------------------------------------------------------------------


def test_the_spawn_form_has_five_slots_and_five_tokens(client):
    body = client.get("/helpers/spawn/").content.decode()
    assert all(f'name="figure_{n}"' in body and f'name="token_{n}_a"' in body for n in range(1, 6))
    assert "Ticket Scalper chooses" in body


def test_posting_a_spawn_says_where_each_figure_goes_and_its_chance(client):
    body = client.post("/helpers/spawn/", {**SPAWN, "seed": 3}).content.decode()
    assert body.count('class="outcome ') == 2
    assert "Chance of this:" in body and 'data-result="seed">3<' in body
    assert "Token 2 (Bow + Bow)" in body


def test_the_ticket_scalper_places_figures_without_rolling(client):
    data = {**SPAWN, "mode": "choose", "choice_1": "1", "choice_2": "box"}
    body = client.post("/helpers/spawn/", data, **HTMX).content.decode()
    assert "Goes to Token 1 (Sword + Crit)" in body
    assert "The Ticket Scalper sent it back." in body
    assert "no dice rolled" in body and "Chance of this" not in body


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mode": "choose", "choice_1": "4"}, "Token 4 is not on the board"),
        ({"mode": "choose", "choice_1": "2"}, "only choose a free Spawn token"),
        ({"token_3_a": "crit"}, "Token 3 needs both of its symbols"),
        ({"token_3_a": "crit", "token_3_b": "melee"}, "Two Spawn tokens show the same pair"),
        ({"figure_1": "", "figure_2": ""}, "Enter the figure in slot 1"),
    ],
)
def test_a_bad_spawn_says_what_is_wrong(client, change, message):
    body = client.post("/helpers/spawn/", {**SPAWN, **change}, **HTMX).content.decode()
    assert 'role="alert"' in body and message in body


def test_a_spawn_rows_odds_are_rounded_and_add_up_to_100_percent(client):
    """ux-walkthrough-2 V16: 1/6 read 16.6 % and a row added up to 99.8 %. game-facts "Dice faces": the
    Attack die shows melee x3, ranged x2, crit x1 and a spawn reads 2 of them as a pair, so Sword + Crit is
    2 * 3/36 = 1/6, Bow + Bow 4/36 and the box the rest (26/36)."""
    body = client.post(
        "/helpers/spawn/", {**SPAWN, "figure_2": "", "token_2_occupants": "0", "seed": 3}
    ).content.decode()
    odds = dict(re.findall(r'<span class="odds-where">([^<]*)</span> <span class="odds-p">([\d.]+)%<', body))
    assert odds == {"Token 1 (Sword + Crit)": "16.7", "Token 2 (Bow + Bow)": "11.1", "Box": "72.2"}
    assert sum(float(p) for p in odds.values()) == pytest.approx(100)


@pytest.mark.parametrize(
    ("change", "language", "sentence"),
    [
        (
            {"token_3_a": "crit", "token_3_b": "melee"},
            "en",
            "Two Spawn tokens show the same pair of symbols, so a roll could not pick one.",
        ),
        (
            {"token_3_a": "crit", "token_3_b": "melee"},
            "pt-br",
            "Dois Marcadores de Entrada de Monstro mostram o mesmo par de símbolos, então uma rolagem não "
            "poderia escolher um.",
        ),
        (
            {"mode": "choose", "choice_1": "2"},
            "en",
            "The Ticket Scalper may only choose a free Spawn token, and token 1 is Full.",
        ),
    ],
)
def test_a_spawn_refused_by_the_rules_says_so_in_a_sentence(client, change, language, sentence):
    """ux-walkthrough-2 V16: the refusal "two Spawn tokens show …" began lower-case with no full stop, unlike
    the page's other messages (the rules word it as a clause, which the API keeps beside its field)."""
    body = client.post("/helpers/spawn/", {**SPAWN, **change}, HTTP_ACCEPT_LANGUAGE=language, **HTMX)
    assert f"<li>{sentence}</li>" in body.content.decode()


# --- Death Curses -------------------------------------------------------------------------------------


def test_the_curses_form_starts_with_three_hero_rows_and_an_edition(client):
    body = client.get("/helpers/death-curses/").content.decode()
    assert body.count('class="hero-row"') == 4  # three rows and the template for a new one
    assert '<option value="inferno" selected>' in body


def test_posting_the_curses_form_shows_each_heros_draws(client):
    data = {"edition": "inferno", "seed": 8, **_heroes(("Diana", 2, 3), ("Mark", 0, 1))}
    body = client.post("/helpers/death-curses/", data).content.decode()
    assert "Draws 3 cards" in body and "Draws 0 cards" in body
    assert body.count("★ Kept") == 1
    assert "Deck not verified." in body and 'data-result="seed">8<' in body


def test_add_a_hero_posts_back_with_one_more_row_without_javascript(client):
    data = {"edition": "inferno", "add_hero": "1", **_heroes(("Diana", 2, 3))}
    body = client.post("/helpers/death-curses/", data).content.decode()
    assert 'value="4" id="id_heroes-TOTAL_FORMS"' in body
    assert 'value="Diana"' in body and "data-result" not in body


def test_twelve_heroes_is_the_most(client):
    rows = [(f"Hero {n}", 0, 0) for n in range(13)]
    body = client.post(
        "/helpers/death-curses/", {"edition": "inferno", **_heroes(*rows, total=13)}
    ).content.decode()
    assert 'role="alert"' in body and "data-result" not in body


def test_a_hero_listed_twice_is_refused(client):
    data = {"edition": "inferno", **_heroes(("Diana", 1, 0), ("Diana", 2, 0))}
    body = client.post("/helpers/death-curses/", data, **HTMX).content.decode()
    assert "a hero is listed twice" in body


# --- Monster lookup -----------------------------------------------------------------------------------


def test_the_monster_lookup_shows_the_level_card_for_the_scenario(client):
    body = client.get("/helpers/monsters/?monster=test-edition/test-goblin&scenario=3").content.decode()
    assert "level 2-3" in body and "<dd data-number>3<details" in body  # Life 3 on the 2-3 card, marked
    assert "not entered" not in body


def test_a_base_monster_with_no_card_for_the_level_is_not_said_to_miss_stats(client):
    """BR:64 "Each monster type has up to four cards": the content holds the base Troll's Level 1 card only,
    so scenario 3 (level 2-3) says no card is in the content and that it may not exist, never "Stats not
    entered yet" for a card no source shows (content-check-2 R11, §2)."""
    body = client.get("/helpers/monsters/?monster=arcadia-quest/troll&scenario=3").content.decode()
    assert "No level card for this level in the content (level 2-3)." in body
    assert "up to four level cards (BR:64), so this one may not exist" in body
    assert "Stats not entered yet" not in body and "Add it, if your box has this card" in body


def test_missing_stats_are_said_plainly_with_a_link_to_enter_them_for_a_campaign(client):
    from campaigns.models import MonsterLevelCard
    from tests.factories import UserFactory, client_for

    card = MonsterLevelCard.objects.get(monster__slug="harpy", label="4-5")
    body = client.get("/helpers/monsters/?monster=inferno/harpy&scenario=5", **HTMX).content.decode()
    assert "Stats not entered yet:" in body and "Life" in body
    # A player has no admin login: the page says who enters content and what is missing, never the admin.
    assert "/admin/" not in body and 'href="/content/missing/"' in body
    # Any member fills it for their campaign (issue 14): the link lists their campaigns of the edition.
    assert (
        'href="/campaigns/content/fill/?edition=inferno&amp;kind=monster-level&amp;target=harpy%2F4-5"'
        in body
    )
    editor = client_for(UserFactory(username="editor", is_staff=True))
    body = editor.get("/helpers/monsters/?monster=inferno/harpy&scenario=5", **HTMX).content.decode()
    assert f'href="/admin/campaigns/monsterlevelcard/{card.pk}/change/"' in body


def test_an_unknown_monster_or_scenario_seven_names_the_field(client):
    body = client.get("/helpers/monsters/?monster=inferno/nobody&scenario=7", **HTMX).content.decode()
    assert "Monster:" in body and "Scenario number:" in body


# --- Queries ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url", "data", "queries"),
    [
        ("get", "/helpers/", None, 0),
        ("get", "/helpers/dice/", None, 0),
        # The dice are content (the packs' Die records): one query reads their faces.
        ("post", "/helpers/dice/", {**DICE, "seed": 1}, 1),
        ("get", "/helpers/spawn/", None, 0),
        ("post", "/helpers/spawn/", {**SPAWN, "seed": 1}, 1),
        ("get", "/helpers/death-curses/", None, 1),
        ("post", "/helpers/death-curses/", {"edition": "inferno", "seed": 1, **_heroes(("Diana", 2, 3))}, 2),
        ("get", "/helpers/monsters/", None, 2),
        ("get", "/helpers/monsters/?monster=inferno/harpy&scenario=3", None, 2),
    ],
)
def test_a_helper_page_needs_only_these_queries(
    client, django_assert_num_queries, method, url, data, queries
):
    with django_assert_num_queries(queries):
        response = getattr(client, method)(url, data)
    assert response.status_code == 200


def test_robots_txt_keeps_share_links_and_accounts_out_of_search_engines(client, campaign):
    """A share link (?share=) is read by anyone holding it: no crawler may follow one. A member's campaign
    page answers a crawler with nothing but the log-in, so it is not listed (Lighthouse's is-crawlable)."""
    answer = client.get("/robots.txt")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    lines = answer.content.decode().splitlines()
    assert {"Disallow: /campaigns/*share=", "Disallow: /accounts/", "Disallow: /api/"} <= set(lines)
    assert "Disallow: /campaigns/" not in lines
    # What a crawler meets at a campaign page: no sheet, no name.
    crawled = client.get(f"/campaigns/{campaign.pk}/", follow=True)
    assert campaign.name not in crawled.content.decode()


def test_every_page_has_a_meta_description(client):
    for url in ("/", "/helpers/", "/accounts/login/"):
        assert '<meta name="description" content="Inferno Companion: ' in client.get(url).content.decode()


@pytest.mark.parametrize("page", PAGES)
def test_a_member_opening_the_helpers_from_the_campaign_keeps_its_tab_bar(
    page, campaign, player_client, client
):
    """V15: the Helpers tab leads to pages with the campaign's tab bar (Helpers the current tab, Sheet one tap
    away); a reader who is not a member, or comes with no campaign, gets the helpers alone."""
    html = player_client.get(f"{page}?campaign={campaign.pk}").content.decode()
    bar = re.search(r'<nav class="tabbar".*?</nav>', html, re.S)
    assert bar, page
    assert re.search(r'href="/helpers/\?campaign=\d+" aria-current="page"', bar.group(0))
    assert f'href="/campaigns/{campaign.pk}/"' in bar.group(0)
    assert 'class="tabbar"' not in player_client.get(page).content.decode()
    assert 'class="tabbar"' not in client.get(f"{page}?campaign={campaign.pk}").content.decode()


def test_the_helpers_tab_bar_is_not_shown_to_an_outsider(campaign, outsider_client):
    response = outsider_client.get(f"/helpers/?campaign={campaign.pk}")
    assert response.status_code == 200
    assert 'class="tabbar"' not in response.content.decode()
    # The dice page opened for the campaign rolls its table's dice: an outsider may not see them (issue 28).
    assert outsider_client.get(f"/helpers/dice/?campaign={campaign.pk}").status_code == 404

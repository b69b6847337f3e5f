"""Every page a player can reach, on a 360 x 800 phone: axe finds no serious or critical problem, nothing
scrolls sideways, and every number field is at least 44 px wide.

The pages are visited in a few scenes (a visitor; the demo campaign as its owner, with the live tracker
open, and through its share link; the drafts of a new campaign), each seeded once.
`test_every_page_route_is_visited` fails when a page route exists that no scene visits (nor EXCLUDED
explains).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from django.template.loader import render_to_string
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve

from campaigns.management.commands.seed_demo import DEMO_PASSWORD
from campaigns.models import Campaign, UpgradeCard
from campaigns.selectors.campaigns import open_phase_for
from campaigns.services import hero_draft, upgrade
from rules_helpers.drafts import UpgradeDraft
from tests.browser.conftest import ARTIFACTS, scroll_width, serious_violations
from tests.browser.table_phones import PASSWORD, log_in
from tests.campaigns.pages.helpers import first_scenario
from tests.factories import (
    UserFactory,
    access,
    build_campaign,
    finished_campaign,
    guild_rev,
    level_one_deck,
    refreshed,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_800 = {"width": 360, "height": 800}
ALL_PANELS = "record,table,history,map,charts,guild-yellow,guild-purple,guild-teal,guild-gray"

# Routes that are not pages a player lands on, and why.
EXCLUDED = {
    "service-worker": "a script",
    "robots-txt": "plain text for search engines",
    "set_language": "a POST that redirects back",
    "javascript-catalog": "a script",
    "campaigns:act": "a POST answered by the page it came from",
    "campaigns:print": "a POST whose answer is a part of the sheet's print panel",
    "campaigns:print-status": "a part polled by the print panel",
    "campaigns:print-blank": "a POST whose answer is a part of the home page's print panel",
    "campaigns:print-blank-status": "a part polled by the print panel",
    "campaigns:upgrade-status": "a part polled by the upgrade page",
    "campaigns:hero-draft-status": "a part polled by the hero draft page",
    "campaigns:content-import": "a part polled by the content page while a pack imports",
}
# Every page route, by the scene that visits it (a scene visits more URLs than these: states, query strings).
VISITED = {
    "visitor": {
        "home",
        "login",
        "signup",
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
        "helpers:index",
        "helpers:dice",
        "helpers:spawn",
        "helpers:death-curses",
        "helpers:monsters",
        "content:search",
        "content:missing",
    },
    "demo": {
        "campaigns:list",
        "campaigns:join",
        "campaigns:sheet",
        "campaigns:mine",
        "campaigns:record-review",
        "campaigns:monsters",
        "campaigns:content",
        "campaigns:content-fill",
        "campaigns:history",
        "campaigns:upgrade",
        "campaigns:hero-draft",
        "logout",
    },
    "drafts": {"campaigns:hero-draft", "campaigns:upgrade"},
}

# Number fields a scene must have measured: the join code's, a card's cost in Our content, the typed cards'
# and the episodic deal's.
NUMBERS = {"demo": {"hours", "max_uses", "cost"}, "drafts": {"cards", *(f"cost_{n}" for n in range(1, 7))}}


def page_routes() -> set[str]:
    """The names of every route outside the admin and the API."""
    names: set[str] = set()

    def walk(patterns: list, prefix: str, namespace: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if route.startswith(("admin/", "api/")):
                continue
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route, f"{namespace}{p.namespace}:" if p.namespace else namespace)
            elif isinstance(p, URLPattern) and p.name:
                names.add(namespace + p.name)

    walk(get_resolver().url_patterns, "", "")
    return names


def test_every_page_route_is_visited():
    visited = set().union(*VISITED.values())
    missing = page_routes() - visited - EXCLUDED.keys()
    assert not missing, f"page routes no scene visits: {sorted(missing)} (add them to VISITED or EXCLUDED)"
    assert not (visited | EXCLUDED.keys()) - page_routes(), "a listed route no longer exists"


class Checker:
    """Visits pages and collects what is wrong with each, so one run tells every page's problems."""

    def __init__(self, page) -> None:
        self.page = page
        self.problems: list[str] = []
        self.seen: list[str] = []
        self.numbers: set[str] = set()  # the names of the number fields checked
        self.routes: set[str] = set()  # the routes of the pages checked, as the server resolved them

    def visit(self, url: str, *, status: int | None = 200, light: bool = False) -> None:
        response = self.page.goto(url)
        if status is not None and response is not None and response.status != status:
            self.problems.append(f"{url}: HTTP {response.status}, not {status}")
        self.check(url)
        if light:
            self.check_light(url)

    def check_light(self, label: str) -> None:
        """The page again in the light theme (its colours are other colours to check), then dark again."""
        self.page.evaluate("localStorage.setItem('theme', 'light')")
        self.page.reload()
        if self.page.evaluate("document.documentElement.dataset.theme") != "light":
            self.problems.append(f"{label}: the light theme was not applied")
        self.check(f"{label} (light)")
        self.page.evaluate("localStorage.removeItem('theme')")

    def check(self, label: str) -> None:
        page = self.page
        page.wait_for_load_state()
        self.seen.append(label)
        with contextlib.suppress(Resolver404):  # the 404 and 500 pages
            self.routes.add(resolve(urlsplit(page.url).path).view_name)
        # Cards that are revealed one by one are checked once shown (axe would read them half-faded).
        page.evaluate(
            "Promise.all(document.getAnimations()"
            ".filter(a => a.effect && a.effect.getTiming().iterations !== Infinity).map(a => a.finished))"
        )
        width = scroll_width(page)
        if width > PHONE_800["width"]:
            self.problems.append(f"{label}: scrolls sideways ({width} px wide)")
        for field in page.locator("input[type=number]").all():
            if not field.is_visible():
                continue
            name, box = field.get_attribute("name"), field.bounding_box()
            self.numbers.add(name)
            if box and box["width"] < 44:
                self.problems.append(f"{label}: number field {name} is {box['width']} px wide")
            stepped = page.locator(f"button[data-step][aria-controls='{field.get_attribute('id')}']")
            if stepped.count() != 2 and name != "seed":  # a seed is typed whole, never counted up
                self.problems.append(f"{label}: number field {name} has no - and + beside it")
        for violation in serious_violations(page):
            self.problems.append(f"{label}: axe {violation}")


@pytest.fixture
def checker(browser, live_server) -> Iterator[Callable[..., Checker]]:
    contexts = []

    def open_phone(
        username: str | None = None, password: str = PASSWORD, *, locale: str = "en", light: bool = False
    ) -> Checker:
        # Without the service worker, whose fetches page.route() would not see (the 403 and 500 below).
        context = browser.new_context(
            viewport=PHONE_800, base_url=live_server.url, service_workers="block", locale=locale
        )
        if light:
            context.add_init_script("localStorage.setItem('theme', 'light')")
        contexts.append(context)
        page = context.new_page()
        if username:
            log_in(page, username, password)
        return Checker(page)

    yield open_phone
    for context in contexts:
        context.close()


def report(scene: str, checkers: list[Checker]) -> None:
    """Every problem of the scene at once; and the scene did visit the routes VISITED says it covers, and
    measured the number fields NUMBERS names."""
    unvisited = VISITED[scene] - set().union(*(c.routes for c in checkers))
    assert not unvisited, f"the {scene} scene never reached {sorted(unvisited)}"
    unmeasured = NUMBERS.get(scene, set()) - set().union(*(c.numbers for c in checkers))
    assert not unmeasured, f"the {scene} scene never measured the number fields {sorted(unmeasured)}"
    problems = [p for c in checkers for p in c.problems]
    pages = sum(len(c.seen) for c in checkers)
    assert not problems, f"{len(problems)} problems on {pages} pages:\n" + "\n".join(problems)


VISITOR_PAGES = (
    "/",
    "/accounts/login/",
    "/accounts/signup/",
    "/helpers/",
    "/helpers/dice/",
    "/helpers/spawn/",
    "/helpers/death-curses/",
    "/helpers/monsters/",
    "/content/",
    "/content/missing/",
)


def visitor_scene(checker) -> list[Checker]:
    phone = checker()
    for url in (
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password-reset/",
        "/accounts/password-reset/sent/",
        "/accounts/reset/MQ/set-password/",
        "/accounts/reset/done/",
        "/helpers/",
        "/helpers/dice/",
        "/helpers/spawn/",
    ):
        phone.visit(url)
    for url in ("/helpers/spawn/?mode=choose", "/helpers/death-curses/", "/helpers/monsters/"):
        phone.visit(url)
    for url in ("/content/", "/content/?q=fire", "/content/?kind=monster", "/content/missing/"):
        phone.visit(url)
    # Each helper's answer, as a player sees it after a tap (the form's defaults), and a refused log-in.
    for url, button in (
        ("/helpers/dice/", "Roll"),
        ("/helpers/spawn/", "Spawn"),
        ("/helpers/death-curses/", "Draw Death Curses"),
        ("/helpers/monsters/", "Show the level card"),
    ):
        phone.page.goto(url)
        phone.page.locator("main").get_by_role("button", name=button, exact=True).last.click()
        phone.page.wait_for_load_state("networkidle")
        phone.check(f"{url} answered")
    phone.page.goto("/accounts/login/")
    phone.page.get_by_label("Username").fill("nobody")
    phone.page.get_by_label("Password").fill("wrong-password-1")
    phone.page.get_by_role("button", name="Log in").click()
    phone.page.locator(".errors, .errorlist").first.wait_for()
    phone.check("/accounts/login/ refused")
    phone.visit("/campaigns/join/", status=None)  # the login page, asking first
    phone.visit("/no-such-page/", status=404)
    phone.visit("/campaigns/999999/", status=404)
    # The 500 page cannot be caused on purpose: the browser is handed what the server would answer.
    phone.page.route("**/broken/", lambda r: r.fulfill(status=500, body=render_to_string("500.html")))
    phone.visit("/broken/", status=500)
    # Portuguese words are longer, and the light theme has its own colours.
    brazilian = checker(locale="pt-BR", light=True)
    for url in (*VISITOR_PAGES, "/content/?q=fogo"):
        brazilian.visit(url)
    brazilian.visit("/no-such-page/", status=404)
    assert brazilian.page.locator("html").get_attribute("lang") == "pt-br"
    return [phone, brazilian]


def demo_scene(checker) -> list[Checker]:
    call_command("seed_demo", verbosity=0)
    demo = Campaign.objects.order_by("-pk").first()
    sheet = f"/campaigns/{demo.pk}/"
    ana = checker("ana", DEMO_PASSWORD)
    for url in ("/campaigns/", "/campaigns/join/", sheet, f"{sheet}mine/"):
        ana.visit(url)
    ana.visit(f"{sheet}?open={ALL_PANELS}", light=True)
    ARTIFACTS.mkdir(exist_ok=True)
    join_code = ana.page.locator("form:has(#code-hours)")
    join_code.screenshot(path=str(ARTIFACTS / "join-code-360.png"))
    for part in ("history/", "monsters/", "content/", "hero-draft/", "upgrade/"):
        ana.visit(sheet + part)
    card = UpgradeCard.objects.filter(edition=demo.edition, campaign=None).order_by("slug").first()
    ana.visit(f"{sheet}content/?kind=upgrade-card&target={card.slug}")
    ana.visit(f"/campaigns/content/fill/?edition=inferno&kind=upgrade-card&target={card.slug}")
    ana.page.goto("/campaigns/join/")
    ana.page.get_by_label("Join code").fill("WRONG234")
    ana.page.get_by_role("button", name="Join").click()
    ana.page.locator(".errors, .field-error").first.wait_for()
    ana.check("/campaigns/join/ refused")
    ana.visit(f"/helpers/?campaign={demo.pk}")
    ana.visit(f"/helpers/spawn/?campaign={demo.pk}")
    # The live tracker open, and its review screen.
    ana.page.goto(sheet)
    ana.page.get_by_role("button", name=re.compile(r"^Start scenario 4")).click()
    ana.page.locator("#live article.live-guild").first.wait_for()
    ana.check("live tracker")
    ana.check_light("live tracker")
    ana.visit(f"{sheet}mine/")
    ana.visit(f"{sheet}record/")
    # A form posted from a page opened too long ago: the 403 page, with a way back.
    ana.page.route(f"**{sheet}do/undo/", lambda r: r.continue_(method="POST", post_data="revision=1"))
    ana.visit(f"{sheet}do/undo/", status=403)
    # The share link's read-only pages, on a phone that never logged in.
    reader = checker(locale="pt-BR", light=True)
    for part in ("", "mine/", "history/", "monsters/", "content/", "upgrade/"):
        reader.visit(f"{sheet}{part}?share={demo.share_token}")
    reader.visit(f"{sheet}?open={ALL_PANELS}&share={demo.share_token}")
    ana.page.goto("/campaigns/")
    ana.page.get_by_role("button", name="Log out").click()
    ana.page.wait_for_load_state()
    ana.check("logged out")
    return [ana, reader]


def draft_hands(owner, campaign) -> Campaign:
    """Every guild keeps the first 2 cards of each hand, round after round, until the draft is done."""
    while not UpgradeDraft.from_dict(open_phase_for(campaign).draft).is_complete:
        for colour in ("yellow", "teal"):
            hand = list(UpgradeDraft.from_dict(open_phase_for(campaign).draft).hand(colour))
            guild = campaign.guilds.get(colour__slug=colour)
            upgrade.upgrade_pick(
                access=access(owner, campaign),
                actor=owner,
                guild=guild,
                revision=guild_rev(campaign, colour),
                cards=hand[:2],
            )
        campaign = refreshed(campaign)
    return campaign


def drafts_scene(checker) -> list[Checker]:
    owner = UserFactory(username="olga")
    fresh = build_campaign(owner, guilds={}, name="Before the heroes")
    from campaigns.services.guilds import guild_add

    for colour in ("yellow", "teal"):
        guild_add(
            access=access(owner, fresh),
            actor=owner,
            revision=refreshed(fresh).revision,
            colour=colour,
            player="olga",
        )
    hero_draft.hero_draft_start(access=access(owner, fresh), actor=owner, revision=refreshed(fresh).revision)
    level_one_deck()
    drafting = first_scenario(owner, build_campaign(owner), upgrade_on_paper=False)
    olga = checker("olga")
    olga.visit(f"/campaigns/{fresh.pk}/hero-draft/?guild=yellow", light=True)
    olga.visit(f"/campaigns/{fresh.pk}/")
    page = f"/campaigns/{drafting.pk}/upgrade/"
    olga.visit(page, light=True)  # picking
    # Nothing polls while the test writes: on SQLite (`make test`) a read in the live server's thread
    # locks the table the write needs ("database table is locked").
    olga.page.goto("about:blank")
    drafting = draft_hands(owner, drafting)
    olga.visit(page, light=True)  # buying
    olga.page.goto("about:blank")
    yellow = drafting.guilds.get(colour__slug="yellow")
    upgrade.upgrade_buy(
        access=access(owner, drafting),
        actor=owner,
        guild=yellow,
        revision=guild_rev(drafting, "yellow"),
        cards=[],
    )
    olga.visit(page, light=True)  # arranging
    olga.page.goto("about:blank")
    # An episodic game: its sheet deals Upgrade cards of a chosen level.
    episodic = build_campaign(owner, name="One-shots")
    Campaign.objects.filter(pk=episodic.pk).update(mode="episodic")
    olga.visit(f"/campaigns/{episodic.pk}/")
    olga.page.goto("about:blank")
    # Six scenarios played: the finale is next.
    finished = finished_campaign(owner)
    olga.visit(f"/campaigns/{finished.pk}/?open={ALL_PANELS}")
    olga.visit(f"/campaigns/{finished.pk}/mine/")
    olga.page.goto("about:blank")
    # A deck the app does not hold: the cards dealt at the table are typed in.
    UpgradeCard.objects.filter(deck="level-1").delete()
    manual = first_scenario(owner, build_campaign(owner, name="Paper deck"), upgrade_on_paper=False)
    olga.visit(f"/campaigns/{manual.pk}/upgrade/")
    ARTIFACTS.mkdir(exist_ok=True)
    row = olga.page.locator("fieldset.enter-row").first
    row.screenshot(path=str(ARTIFACTS / "upgrade-enter-row-360.png"))
    return [olga]


SCENES = {"visitor": visitor_scene, "demo": demo_scene, "drafts": drafts_scene}


@pytest.mark.parametrize("scene", list(VISITED))
def test_every_page_passes_axe_fits_the_phone_and_has_wide_number_fields(scene, checker):
    report(scene, SCENES[scene](checker))

"""The pages in Brazilian Portuguese: Accept-Language on a first visit, the switch, the player's saved choice,
and every page read with no marked English string left on it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from campaigns.models import Membership, Preferences
from companion import content_names
from companion.helpers.views import percent
from tests.campaigns.pages.helpers import act, first_scenario
from tests.factories import build_campaign, client_for, guild_rev, level_one_deck, refreshed
from tests.i18n_checks import english_leftovers, english_strings

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.5"}
COOKIE = settings.LANGUAGE_COOKIE_NAME


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    # A request leaves its language active in the thread; the next test (a template rendered without a
    # request) must read English again.
    translation.activate(settings.LANGUAGE_CODE)


def read_in_portuguese(
    client: Client, url: str, data: dict | None = None, *, expect: str, status: int = 200
) -> str:
    """The page as a Brazilian browser gets it: a known translation on it, no marked English left."""
    response = client.post(url, data, **PT) if data is not None else client.get(url, **PT)
    assert response.status_code == status, (url, response.status_code)
    assert response.headers["Content-Language"] == "pt-br"
    html = response.content.decode()
    assert '<html lang="pt-br"' in html or "hx-" in html[:200]
    assert expect in html, f"{url}: {expect!r} not on the page"
    assert english_leftovers(html) == [], url
    return html


def test_the_checker_sees_an_english_page_as_english():
    """The check could fail: the same page in English is full of marked strings."""
    html = Client().get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    leftovers = english_leftovers(html)
    assert "Your Arcadia Quest campaign, at the table" in leftovers
    assert "Log in" in leftovers
    assert len(english_strings()) > 400


# --- Pages anyone can open ---------------------------------------------------------------------------

SPAWN = {
    **{f"token_{row}_occupants": "0" for row in range(1, 6)},
    "mode": "roll",
    "figure_1": "Harpia",
    "figure_2": "Diabrete",
    "token_1_a": "melee",
    "token_1_b": "crit",
    "token_2_a": "ranged",
    "token_2_b": "ranged",
    "token_2_occupants": "2",
    "seed": 3,
}
HEROES = {
    "edition": "inferno",
    "seed": 8,
    "heroes-TOTAL_FORMS": "2",
    "heroes-INITIAL_FORMS": "0",
    "heroes-0-hero": "Diana",
    "heroes-0-deaths": 2,
    "heroes-0-damnation": 3,
    "heroes-1-hero": "Mark",
    "heroes-1-deaths": 0,
    "heroes-1-damnation": 1,
}
DICE = "attack_dice=4&kind=ranged&defense_dice=2&attack_rerolls=1&defense_rerolls=0&seed=5"


@pytest.mark.parametrize(
    ("url", "data", "expect"),
    [
        ("/", None, "Sua campanha de Arcadia Quest, na mesa"),
        ("/helpers/", None, "Ajudas de mesa"),
        ("/helpers/dice/", None, "Rerrolagens de ataque"),
        (f"/helpers/dice/?{DICE}", None, "Chances deste ataque"),
        ("/helpers/spawn/", None, "Marcadores de Entrada de Monstro no tabuleiro"),
        ("/helpers/spawn/", SPAWN, "Para onde vai cada miniatura"),
        ("/helpers/death-curses/", None, "Comprar Maldições da Morte"),
        ("/helpers/death-curses/", HEROES, "Compra 3 cartas"),
        ("/helpers/monsters/", None, "Mostrar a carta de nível"),
        ("/helpers/monsters/?monster=inferno/harpy&scenario=5", None, "Atributos ainda não cadastrados:"),
        ("/helpers/monsters/?monster=test-edition/test-goblin&scenario=3", None, "nível 2-3"),
        ("/accounts/login/", None, "Nome de usuário"),
        ("/accounts/signup/", None, "Crie uma conta"),
        ("/accounts/logout/", {}, "Você saiu da sua conta"),
    ],
)
def test_public_pages_in_portuguese(url, data, expect):
    read_in_portuguese(Client(), url, data, expect=expect)


def test_the_dice_result_writes_numbers_the_brazilian_way():
    html = read_in_portuguese(Client(), f"/helpers/dice/?{DICE}", expect="Ferimento")
    assert "%" in html and "," in html.split('class="odds-p">')[1][:6]  # 12,5% rather than 12.5%


def test_a_refused_helper_form_explains_in_portuguese():
    data = {**SPAWN, "figure_1": "", "figure_2": ""}
    read_in_portuguese(Client(), "/helpers/spawn/", data, expect="Informe a miniatura da posição 1")


def test_the_helper_api_answers_a_broken_rule_in_the_readers_language(api):
    body = {"edition": "inferno", "heroes": [{"hero": "Diana", "deaths": 1}, {"hero": "Diana", "deaths": 2}]}
    response = api.post("/api/v1/helpers/death-curses/", body, format="json", **PT)
    assert response.status_code == 400
    assert "Cada Herói compra uma vez por Fase de Aprimoramento" in str(response.json())
    english = api.post("/api/v1/helpers/death-curses/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert "Each hero draws once per Upgrade Phase" in str(english.json())


# --- Pages of a signed-in player ---------------------------------------------------------------------


def test_the_campaign_list_and_joining_in_portuguese(owner, campaign):
    read_in_portuguese(client_for(owner), "/campaigns/", expect="Nova campanha")
    read_in_portuguese(client_for(owner), "/campaigns/join/", expect="Entrar numa campanha")


def test_the_campaign_sheet_in_portuguese(owner, campaign):
    html = read_in_portuguese(client_for(owner), f"/campaigns/{campaign.pk}/", expect="O que acontece agora")
    assert "Convidar jogadores com um código de convite" in html


def test_the_sheet_after_a_scenario_in_portuguese(owner, player, campaign):
    played = first_scenario(owner, campaign)
    html = read_in_portuguese(client_for(player), f"/campaigns/{played.pk}/", expect="Conquistas")
    assert "Vencedor" in html  # the achievement columns, labelled by the page's context
    # The sheet data carries the Brazilian name (CB-PT), the English one only as the hint beside it.
    assert "Barca dos Mortos" in html and "(Ferry of the Dead)" in html
    assert "Histórico" in html
    spectator = Client().get(f"/campaigns/{played.pk}/?share={played.share_token}", **PT).content.decode()
    assert "assistindo (somente leitura)" in spectator
    assert english_leftovers(spectator) == []


def test_the_history_says_each_change_in_the_readers_language(owner, player, campaign):
    """Summaries are kept as message ids and said when read: the same history in either language."""
    played = first_scenario(owner, campaign)
    html = read_in_portuguese(client_for(player), f"/campaigns/{played.pk}/history/", expect="registrado")
    assert "Cenário 1: Barca dos Mortos registrado, vencido por" in html
    assert "recorded, won by" not in html and "guild joined the table" not in html
    english = client_for(player).get(f"/campaigns/{played.pk}/history/").content.decode()
    assert "Scenario 1: Ferry of the Dead recorded, won by" in english


def test_the_path_map_names_the_scenarios_in_the_readers_language(owner, player, campaign):
    """The map's labels are chosen by the page (rules_helpers.pictures takes them as given)."""
    played = first_scenario(owner, campaign)
    html = read_in_portuguese(
        client_for(player), f"/campaigns/{played.pk}/?open=map", expect="Barca dos Mortos"
    )
    drawn = html[html.index('class="map-label"') :]
    assert "<title>Barca dos Mortos:" in drawn and "<title>Ferry of the Dead:" not in drawn


def test_the_monster_page_of_a_campaign_in_portuguese(owner, campaign):
    read_in_portuguese(
        client_for(owner), f"/campaigns/{campaign.pk}/monsters/", expect="Atributos dos monstros"
    )


def test_the_upgrade_phase_in_portuguese(owner, player, campaign):
    level_one_deck()
    drafting = first_scenario(owner, campaign, upgrade_on_paper=False)
    html = read_in_portuguese(
        client_for(player), f"/campaigns/{drafting.pk}/upgrade/", expect="Fase de Aprimoramento"
    )
    assert "Sua mão: toque nas 2 cartas que vão ficar" in html
    # CB-PT names (guild colours, heroes, curses, scenarios) and no English one outside a hint's parentheses.
    from tests.companion.test_brazilian_names import english_names_shown

    assert english_names_shown(html) == []
    status = client_for(player).get(f"/campaigns/{drafting.pk}/upgrade/status/", **PT).content.decode()
    assert "Rodada de seleção 1 de 3" in status and english_leftovers(status) == []


def test_the_hero_draft_in_portuguese(owner, player):
    campaign = build_campaign(owner, guilds={})
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "yellow", "holder": "olga"},
    )
    Membership.objects.create(campaign=campaign, user=player)
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "teal", "holder": "fred"},
    )
    act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    assert guild_rev(campaign, "teal") >= 1
    read_in_portuguese(
        client_for(player), f"/campaigns/{campaign.pk}/hero-draft/", expect="Seleção de Heróis"
    )


def test_a_campaign_page_form_refusal_in_portuguese(owner):
    html = read_in_portuguese(
        client_for(owner), "/campaigns/join/", {"code": ""}, expect="Código de convite", status=400
    )
    assert "Este campo é obrigatório." in html  # Django's own catalogue speaks too


# --- Choosing the language ---------------------------------------------------------------------------


def test_a_first_visit_follows_accept_language():
    assert Client().get("/", HTTP_ACCEPT_LANGUAGE="pt-BR").headers["Content-Language"] == "pt-br"
    assert Client().get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,en;q=0.5").headers["Content-Language"] == "en"
    assert Client().get("/").headers["Content-Language"] == "en"


def test_the_menu_offers_the_switch_as_a_keyboard_usable_post_form():
    html = Client().get("/helpers/dice/", **PT).content.decode()
    form = html.split('<form class="language"')[1].split("</form>")[0]
    assert 'method="post"' in form and 'action="/i18n/setlang/"' in form
    assert 'name="csrfmiddlewaretoken"' in form
    assert '<label for="language-select"' in form and '<button type="submit"' in form
    assert 'name="next" value="/helpers/dice/"' in form
    assert '<option value="pt-br" lang="pt-br" selected>Português Brasileiro</option>' in form
    assert '<option value="en" lang="en">English</option>' in form


def test_the_switch_keeps_the_language_for_an_anonymous_browser():
    client = Client()
    response = client.post("/i18n/setlang/", {"language": "pt-br", "next": "/helpers/"})
    assert response.status_code == 302 and response.headers["Location"] == "/helpers/"
    assert response.cookies[COOKIE].value == "pt-br"
    html = client.get("/helpers/", HTTP_ACCEPT_LANGUAGE="en").content.decode()  # the choice beats the browser
    assert "Ajudas de mesa" in html and english_leftovers(html) == []


def test_the_switch_is_refused_without_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"}).status_code == 403
    assert Client().get("/i18n/setlang/").status_code == 405


def test_an_unknown_language_changes_nothing():
    client = Client()
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert client.get("/").headers["Content-Language"] == "en"


def test_the_switch_saves_the_language_on_a_signed_in_account(owner):
    client = client_for(owner)
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/campaigns/"})
    assert Preferences.objects.get(user=owner).language == "pt-br"
    client.post("/i18n/setlang/", {"language": "en", "next": "/campaigns/"})
    assert Preferences.objects.get(user=owner).language == "en"


def test_logging_in_on_another_phone_brings_the_saved_language(owner):
    owner.set_password("a good long passphrase")
    owner.save()
    Preferences.objects.create(user=owner, language="pt-br")
    phone = Client()  # an English browser that never chose a language
    response = phone.post(
        "/accounts/login/",
        {"username": "olga", "password": "a good long passphrase"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "pt-br"
    html = phone.get("/campaigns/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Minhas campanhas" in html


def test_a_language_chosen_before_signing_up_is_kept_on_the_new_account():
    client = Client()
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/accounts/signup/"})
    data = {"username": "nina", "password1": "a good long passphrase", "password2": "a good long passphrase"}
    assert client.post("/accounts/signup/", data).status_code == 302
    assert Preferences.objects.get(user__username="nina").language == "pt-br"


def test_an_account_without_a_saved_language_keeps_the_browsers_choice(owner):
    owner.set_password("a good long passphrase")
    owner.save()
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": "olga", "password": "a good long passphrase"}, **PT
    )
    assert COOKIE not in response.cookies
    assert client.get("/campaigns/", **PT).headers["Content-Language"] == "pt-br"


# --- Content names and numbers -----------------------------------------------------------------------


def test_a_content_name_shows_the_portuguese_with_the_english_as_a_hint():
    scenario = {"name": "Ferry of the Dead", "name_pt": "Barca dos Mortos"}
    with translation.override("pt-br"):
        assert content_names.local_name(scenario) == (
            'Barca dos Mortos <span class="name-hint" lang="en">(Ferry of the Dead)</span>'
        )
        assert content_names.local_name_text(scenario) == "Barca dos Mortos (Ferry of the Dead)"
        assert content_names.local_name({"name": "Diana"}) == "Diana"  # no translation: the English name
        assert content_names.local_name({"name": "<b>", "name_pt": ""}) == "&lt;b&gt;"
    with translation.override("en"):
        assert content_names.local_name(scenario) == "Ferry of the Dead"


def test_scenarios_and_titles_carry_the_brazilian_editions_names():
    """GF:90 (Barca dos Mortos), GF:100 (Pé no Traseiro), GF:111 (Cambista): the Brazilian edition's names."""
    from campaigns.models import Scenario, Title

    assert (
        Scenario.objects.get(edition__slug="inferno", slug="ferry-of-the-dead").name_pt == "Barca dos Mortos"
    )
    assert Scenario.objects.get(edition__slug="inferno", slug="hit-rock-bottom").name_pt == "Pé no Traseiro"
    assert Title.objects.get(edition__slug="inferno", slug="ticket-scalper").name_pt == "Cambista"
    # The base game's names have no Portuguese source: they stay empty, never guessed.
    assert not Scenario.objects.filter(edition__slug="arcadia-quest").exclude(name_pt="").exists()


def test_a_chance_is_written_as_the_reader_writes_numbers():
    with translation.override("en"):
        assert percent(0.125) == "12.5%" and percent(0.0004) == "<0.1%"
    with translation.override("pt-br"):
        assert percent(0.125) == "12,5%" and percent(0.0004) == "<0,1%"


def test_an_api_url_that_matches_nothing_answers_in_the_readers_language():
    assert Client().get("/api/v1/nowhere/", **PT).json() == {"detail": "Não encontrado."}
    assert Client().get("/api/v1/nowhere/").json() == {"detail": "Not found."}

"""Rate limits (probe F7, F8): log-in and admin log-in per address and per account, sign-up per address,
the anonymous helpers shared between page and API, and a client address no header can forge."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client, RequestFactory, override_settings
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from companion.throttling import JOIN_THROTTLES, SignupThrottle, client_ip, refused_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
SIGNUP = "/accounts/signup/"
ROLL = "/api/v1/helpers/roll/"
DICE_PAGE = "/helpers/dice/"
ATTACK = {"attack_dice": 2, "kind": "melee", "defense_dice": 1, "attack_rerolls": 0, "defense_rerolls": 0}
PASSWORD = "secret-pass-123"  # tests.factories.UserFactory's
LIMIT = 20  # LOGIN_FAILURE_LIMIT's default, the number the probe's 25 guesses ran past


def _from(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _rates(**rates: str) -> dict:
    rest = settings.REST_FRAMEWORK
    return {**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], **rates}}


# --- F7: log-in and admin log-in --------------------------------------------------------------------


def test_the_limit_is_twenty_failures_by_default():
    assert settings.AXES_FAILURE_LIMIT == LIMIT
    assert settings.AXES_LOCKOUT_PARAMETERS == ["ip_address", "username"]


def test_the_21st_log_in_is_refused_even_with_the_right_password():
    """Probe F7: 25 wrong passwords for ben, then the right one, went straight in."""
    UserFactory(username="ben")
    eve = _from("203.0.113.7")
    codes = [eve.post(LOGIN, {"username": "ben", "password": f"guess-{n}"}).status_code for n in range(LIMIT)]
    # Each failure is answered as a wrong password until the last one, which is answered with the pause.
    assert codes == [200] * (LIMIT - 1) + [429]
    refused = eve.post(LOGIN, {"username": "ben", "password": PASSWORD})
    assert refused.status_code == 429
    assert not _logged_in(eve)
    page = refused.content.decode()
    assert "Too many failed log-ins" in page and "Try again in 15 minutes" in page
    assert 'role="alert"' in page and refused["Retry-After"] == "900"


def test_a_locked_account_is_refused_from_any_other_address():
    """Per account: spreading the guesses over many addresses does not help."""
    UserFactory(username="ben")
    for n in range(LIMIT):
        _from(f"198.51.100.{n + 1}").post(LOGIN, {"username": "ben", "password": f"guess-{n}"})
    elsewhere = _from("192.0.2.200")
    assert elsewhere.post(LOGIN, {"username": "ben", "password": PASSWORD}).status_code == 429
    assert not _logged_in(elsewhere)


def test_a_locked_address_is_refused_for_any_account():
    """Per address: one wrong password for each of many names still counts against the address."""
    UserFactory(username="cleo")
    eve = _from("203.0.113.7")
    for n in range(LIMIT):
        eve.post(LOGIN, {"username": f"name-{n}", "password": "guess"})
    assert eve.post(LOGIN, {"username": "cleo", "password": PASSWORD}).status_code == 429
    assert not _logged_in(eve)
    # Someone else, at another address, is not affected.
    cleo = _from("192.0.2.10")
    assert cleo.post(LOGIN, {"username": "cleo", "password": PASSWORD}).status_code == 302
    assert _logged_in(cleo)


def test_a_forged_forwarded_for_does_not_give_a_fresh_address():
    """Probe F8 on the log-in: with no trusted proxy, every guess comes from the connection's address."""
    UserFactory(username="cleo")
    eve = _from("203.0.113.7")
    for n in range(LIMIT):
        eve.post(LOGIN, {"username": f"name-{n}", "password": "guess"}, HTTP_X_FORWARDED_FOR=f"10.9.8.{n}")
    answer = eve.post(LOGIN, {"username": "cleo", "password": PASSWORD}, HTTP_X_FORWARDED_FOR="10.1.1.1")
    assert answer.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


def test_the_pause_ends_after_the_lock_out_time():
    UserFactory(username="ben")
    eve = _from("203.0.113.7")
    for n in range(LIMIT):
        eve.post(LOGIN, {"username": "ben", "password": f"guess-{n}"})
    assert eve.post(LOGIN, {"username": "ben", "password": PASSWORD}).status_code == 429
    # As if the 15 minutes had passed since the last failure.
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert eve.post(LOGIN, {"username": "ben", "password": PASSWORD}).status_code == 302
    assert _logged_in(eve)


def test_a_few_typos_do_not_stop_a_player():
    UserFactory(username="dev")
    dev = _from("192.0.2.4")
    for typo in ("secret-pass-12", "Secret-pass-123", "secret pass 123"):
        assert dev.post(LOGIN, {"username": "dev", "password": typo}).status_code == 200
    assert dev.post(LOGIN, {"username": "dev", "password": PASSWORD}).status_code == 302


def test_the_21st_admin_log_in_is_refused():
    """Probe F7: `/admin/login/` took 10 wrong passwords with no delay."""
    UserFactory(username="root", is_staff=True, is_superuser=True)
    eve = _from("203.0.113.7")
    for n in range(LIMIT):
        eve.post(ADMIN_LOGIN, {"username": "root", "password": f"guess-{n}", "next": "/admin/"})
    refused = eve.post(ADMIN_LOGIN, {"username": "root", "password": PASSWORD, "next": "/admin/"})
    assert refused.status_code == 429 and "Too many failed log-ins" in refused.content.decode()
    assert not _logged_in(eve)
    assert eve.get("/admin/").status_code == 302  # still sent to log in


def test_the_test_client_login_and_management_commands_are_not_throttled(client):
    """An authenticate() with no request is not a guess over the network: it is not counted or refused."""
    UserFactory(username="ana")
    for _ in range(LIMIT + 1):
        assert not client.login(username="ana", password="wrong")
    assert client.login(username="ana", password=PASSWORD)
    assert not AccessAttempt.objects.exists()


# --- F7: sign-up ----------------------------------------------------------------------------------


def _signup(client: Client, name: str, **extra):
    body = {"username": name, "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"}
    return client.post(SIGNUP, body, **extra)


def test_the_21st_sign_up_from_one_address_is_refused(django_user_model, snapshot):
    """Probe F7: five fresh accounts in 4.4 s, each with its own join budget."""
    with override_settings(REST_FRAMEWORK=_rates(signup="20/hour")):
        made = [_signup(_from("203.0.113.7"), f"sock{n}").status_code for n in range(20)]
        assert made == [302] * 20
        before = snapshot()
        client = _from("203.0.113.7")
        refused = _signup(client, "sock20", HTTP_X_FORWARDED_FOR="10.0.0.99")
    assert refused.status_code == 429 and refused["Retry-After"].isdigit()
    assert "Too many sign-ups from your network" in refused.content.decode()
    assert snapshot() == before
    assert not django_user_model.objects.filter(username="sock20").exists()
    assert not _logged_in(client)


def test_sign_ups_from_another_address_go_through():
    with override_settings(REST_FRAMEWORK=_rates(signup="2/hour")):
        assert [_signup(_from("203.0.113.7"), f"a{n}").status_code for n in range(3)] == [302, 302, 429]
        assert _signup(_from("192.0.2.1"), "b0").status_code == 302


def test_the_sign_up_page_itself_is_never_throttled():
    with override_settings(REST_FRAMEWORK=_rates(signup="1/hour")):
        _signup(_from("203.0.113.7"), "first")
        assert {_from("203.0.113.7").get(SIGNUP).status_code for _ in range(3)} == {200}


# --- F8: the client address ------------------------------------------------------------------------


def _request(remote: str = "192.0.2.1", forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored():
    assert settings.TRUSTED_PROXY_COUNT == 0
    assert client_ip(_request("192.0.2.1", "203.0.113.9")) == "192.0.2.1"
    assert client_ip(_request("192.0.2.1", "203.0.113.9, 127.0.0.1")) == "192.0.2.1"


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_one_proxy_only_the_entry_it_wrote_counts():
    # The proxy appends the address it saw; whatever the client sent stands to its left.
    assert client_ip(_request("10.0.0.2", "203.0.113.9")) == "203.0.113.9"
    assert client_ip(_request("10.0.0.2", "1.2.3.4, 203.0.113.9")) == "203.0.113.9"
    assert client_ip(_request("10.0.0.2", "2001:db8::1")) == "2001:db8::1"
    assert client_ip(_request("10.0.0.2")) == "10.0.0.2"  # reached without the proxy's header


@override_settings(TRUSTED_PROXY_COUNT=2)
def test_behind_two_proxies_the_second_entry_from_the_right_counts():
    assert client_ip(_request("10.0.0.3", "6.6.6.6, 203.0.113.9, 10.0.0.2")) == "203.0.113.9"
    assert client_ip(_request("10.0.0.3", "203.0.113.9")) == "203.0.113.9"


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_an_entry_that_is_not_an_address_falls_back_to_the_connection():
    assert client_ip(_request("10.0.0.2", "not-an-ip")) == "10.0.0.2"
    assert client_ip(_request("10.0.0.2", "1.2.3.4, ")) == "10.0.0.2"


def test_drf_throttles_count_the_same_proxies():
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == settings.TRUSTED_PROXY_COUNT


def test_a_forged_forwarded_for_does_not_dodge_the_anonymous_helper_throttle():
    """Probe F8: 100 rolls with X-Forwarded-For 203.0.113.<i> all went through past the limit."""
    api = APIClient(REMOTE_ADDR="192.0.2.50")
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="3/minute")):
        forged = [f"203.0.113.{n}, 127.0.0.1" for n in range(5)]
        codes = [api.post(ROLL, ATTACK, format="json", HTTP_X_FORWARDED_FOR=f).status_code for f in forged]
    assert codes == [200, 200, 200, 429, 429]


def test_behind_a_trusted_proxy_each_client_has_its_own_budget():
    api = APIClient(REMOTE_ADDR="10.0.0.2")
    with override_settings(TRUSTED_PROXY_COUNT=1, REST_FRAMEWORK=_rates(anon_helpers="2/minute")):
        first = [api.post(ROLL, ATTACK, format="json", HTTP_X_FORWARDED_FOR="203.0.113.1") for _ in range(3)]
        # The client's own left-hand entries change nothing; the proxy's entry is the client.
        spoofed = api.post(ROLL, ATTACK, format="json", HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.1")
        other = api.post(ROLL, ATTACK, format="json", HTTP_X_FORWARDED_FOR="203.0.113.2")
    assert [r.status_code for r in first] == [200, 200, 429]
    assert spoofed.status_code == 429 and other.status_code == 200


# --- F8: the HTML helpers share the API's budget ----------------------------------------------------


def test_the_dice_page_is_throttled_like_the_api():
    """Probe F8: `POST /helpers/dice/` x150 anonymously gave 150 results."""
    page = _from("192.0.2.60")
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="3/minute")):
        codes = [page.post(DICE_PAGE, ATTACK).status_code for _ in range(4)]
        refused = page.post(DICE_PAGE, ATTACK, HTTP_X_FORWARDED_FOR="203.0.113.4")
    assert codes == [200, 200, 200, 429]
    text = refused.content.decode()
    assert refused.status_code == 429 and refused["Retry-After"].isdigit()
    assert "Too many results asked from your network" in text and "Wounds" not in text


def test_page_and_api_spend_one_budget():
    address = "192.0.2.61"
    page, api = _from(address), APIClient(REMOTE_ADDR=address)
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="3/minute")):
        answers = [
            api.post(ROLL, ATTACK, format="json").status_code,
            page.post(DICE_PAGE, ATTACK).status_code,
            api.post(ROLL, ATTACK, format="json").status_code,
            page.post(DICE_PAGE, ATTACK).status_code,
            api.post(ROLL, ATTACK, format="json").status_code,
        ]
    assert answers == [200, 200, 200, 429, 429]


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/helpers/spawn/", {"mode": "roll", "figure_1": "Harpy"}),
        ("/helpers/death-curses/", {"edition": "inferno"}),
    ],
)
def test_every_helper_form_counts(url, body):
    page = _from("192.0.2.62")
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="1/minute")):
        page.post(url, body)
        assert page.post(url, body).status_code == 429


def test_a_replayed_result_link_counts_but_the_empty_form_does_not():
    page = _from("192.0.2.63")
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="1/minute")):
        assert {page.get(DICE_PAGE).status_code for _ in range(3)} == {200}
        assert page.get(DICE_PAGE, {**ATTACK, "seed": 5}).status_code == 200
        assert page.get(DICE_PAGE, {**ATTACK, "seed": 5}).status_code == 429


def test_htmx_gets_the_refusal_where_the_result_goes():
    page = _from("192.0.2.64")
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="1/minute")):
        page.post(DICE_PAGE, ATTACK, HTTP_HX_REQUEST="true")
        refused = page.post(DICE_PAGE, ATTACK, HTTP_HX_REQUEST="true")
    # htmx swaps only 200 answers; the partial carries the message and no page around it.
    text = refused.content.decode()
    assert refused.status_code == 200 and "Too many results" in text and "<html" not in text


def test_a_signed_in_player_is_not_throttled_on_the_pages(django_user_model):
    page = _from("192.0.2.65")
    page.force_login(UserFactory(username="ana"))
    with override_settings(REST_FRAMEWORK=_rates(anon_helpers="1/minute")):
        assert {page.post(DICE_PAGE, ATTACK).status_code for _ in range(3)} == {200}


# --- Join codes: the classes campaigns/ wires in -------------------------------------------------------


def test_the_join_throttles_share_the_api_budget_and_add_one_per_address(monkeypatch):
    """Probe F7: the page and the API each had 10 join guesses a minute; now both count against one budget
    per account (the API's `join` key) and another per address."""
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"join": "3/minute"})
    mallory = UserFactory(username="mallory")
    api = APIClient(REMOTE_ADDR="203.0.113.7")
    api.force_authenticate(mallory)
    with override_settings(REST_FRAMEWORK=_rates(join="3/minute", join_ip="4/minute")):
        assert [api.post("/api/v1/campaigns/join/", {"code": f"WRONG{n}"}).status_code for n in range(2)] == [
            400,
            400,
        ]
        request = RequestFactory().post("/campaigns/join/", REMOTE_ADDR="203.0.113.7")
        request.user = mallory
        assert refused_for(request, JOIN_THROTTLES) is None  # the third of the account's three
        assert refused_for(request, JOIN_THROTTLES) is not None
        # A second account at the same address: its own 3, but the address has had its 4 (2 API, 2 page).
        request.user = UserFactory(username="mallory2")
        assert refused_for(request, JOIN_THROTTLES) is not None
        request.META["REMOTE_ADDR"] = "203.0.113.8"
        assert refused_for(request, JOIN_THROTTLES) is None


def test_sign_up_throttle_keys_on_the_client_address():
    request = _request("192.0.2.9", "203.0.113.1")
    assert SignupThrottle().get_cache_key(request, None) == "throttle_signup_192.0.2.9"

"""The address the phones around the table open (`make run` serves on the LAN)."""

from __future__ import annotations

import importlib
import stat
from types import ModuleType

import pytest
from django.core.exceptions import ImproperlyConfigured

from companion import hosting

MAKE_RUN = ["manage.py", "runserver", "0.0.0.0:8000"]


def _local_settings(monkeypatch, tmp_path, argv=MAKE_RUN, **env: str) -> ModuleType:
    """`companion.settings.local` loaded afresh as `manage.py` would load it with this command line, its
    secret key file in `tmp_path` (never the installation's own)."""
    for name in ("DJANGO_SECRET_KEY", "DJANGO_DEBUG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DJANGO_SECRET_KEY_FILE", str(tmp_path / "var" / "secret_key"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.argv", list(argv))
    return importlib.reload(importlib.import_module("companion.settings.local"))


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hosting, "lan_ipv4", lambda: "192.168.1.20")


def test_the_laptop_browsing_itself_gives_the_phones_its_lan_address(lan):
    assert hosting.table_address("127.0.0.1:8000") == "http://192.168.1.20:8000"
    assert hosting.table_address("localhost:8123") == "http://192.168.1.20:8123"
    assert hosting.table_address("[::1]:8000") == "http://192.168.1.20:8000"
    assert hosting.table_address("localhost") == "http://192.168.1.20"


def test_a_name_the_phones_can_reach_is_kept_with_its_scheme(lan):
    assert hosting.table_address("laptop.local:8000") == "http://laptop.local:8000"
    assert hosting.table_address("inferno.example.org", "https") == "https://inferno.example.org"


def test_without_a_network_the_loopback_address_stays(monkeypatch):
    monkeypatch.setattr(hosting, "lan_ipv4", lambda: None)
    assert hosting.table_address("127.0.0.1:8000") == "http://127.0.0.1:8000"


def test_the_host_names_let_in_are_the_lan_address_and_the_machine_name(lan, monkeypatch):
    monkeypatch.setattr(hosting.socket, "gethostname", lambda: "Laptop")
    assert hosting.lan_host_names() == ["192.168.1.20", "laptop", "laptop.local"]


def test_make_run_says_where_the_phones_go(lan, capsys):
    hosting.main(["0.0.0.0", "8000"])
    assert "http://192.168.1.20:8000/" in capsys.readouterr().out


def test_the_local_settings_let_the_phones_in_by_lan_address_and_host_name(monkeypatch, tmp_path):
    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    monkeypatch.setattr(hosting, "lan_host_names", lambda: ["192.168.1.20", "laptop", "laptop.local"])
    local = _local_settings(monkeypatch, tmp_path)
    assert {"127.0.0.1", "localhost", "192.168.1.20", "laptop", "laptop.local"} <= set(local.ALLOWED_HOSTS)


# --- Safe by default (security probe G1) --------------------------------------------------------------


def test_the_first_start_makes_a_secret_key_only_its_owner_reads_and_later_starts_reuse_it(
    monkeypatch, tmp_path
):
    key_file = tmp_path / "var" / "secret_key"
    first = _local_settings(monkeypatch, tmp_path).SECRET_KEY
    assert key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert hosting.secret_key_refusal(first) is None
    assert first == _local_settings(monkeypatch, tmp_path).SECRET_KEY


def test_each_installation_has_its_own_key(monkeypatch, tmp_path):
    one = _local_settings(monkeypatch, tmp_path / "one").SECRET_KEY
    other = _local_settings(monkeypatch, tmp_path / "other").SECRET_KEY
    assert one != other


def test_a_key_file_others_could_read_is_closed_to_them(monkeypatch, tmp_path):
    key_file = tmp_path / "var" / "secret_key"
    key = _local_settings(monkeypatch, tmp_path).SECRET_KEY
    key_file.chmod(0o644)
    assert key == _local_settings(monkeypatch, tmp_path).SECRET_KEY
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_the_development_key_once_written_in_the_settings_signs_nothing(monkeypatch, tmp_path):
    """The key the local settings used to fall back to is public (it is in git): the attestation of a
    backup signed with it could be forged by anyone (G1)."""
    published = "local-development-only-not-secret"
    assert hosting.secret_key_refusal(published) is not None
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        _local_settings(monkeypatch, tmp_path, DJANGO_SECRET_KEY=published)


@pytest.mark.parametrize(
    "key", ["short", "x" * 80, "django-insecure-" + "0123456789abcdefghij" * 3, ""], ids=repr
)
def test_a_weak_key_is_refused(key):
    assert hosting.secret_key_refusal(key) is not None


def test_a_key_file_emptied_or_tampered_with_is_refused_not_used(monkeypatch, tmp_path):
    key_file = tmp_path / "var" / "secret_key"
    key_file.parent.mkdir()
    key_file.write_text("tiny\n")
    with pytest.raises(ImproperlyConfigured, match="secret_key"):
        _local_settings(monkeypatch, tmp_path)


def test_a_strong_key_from_the_environment_is_used_and_no_file_made(monkeypatch, tmp_path):
    key = "Q7v-x2" * 12
    assert key == _local_settings(monkeypatch, tmp_path, DJANGO_SECRET_KEY=key).SECRET_KEY
    assert not (tmp_path / "var" / "secret_key").exists()


@pytest.mark.parametrize(
    ("argv", "asked", "debug"),
    [
        (MAKE_RUN, "false", False),
        (MAKE_RUN, "true", False),  # asked for, but the phones reach this server: never
        (["manage.py", "runserver", "0:8000"], "true", False),
        (["manage.py", "runserver", "[::]:8000"], "true", False),
        (["manage.py", "runserver", "192.168.1.20:8000"], "true", False),
        (["manage.py", "runserver", "127.0.0.1:8000"], "false", False),  # not asked for
        (["manage.py", "runserver", "127.0.0.1:8000"], "true", True),
        (["manage.py", "runserver", "localhost:8000"], "true", True),
        (["manage.py", "runserver", "8000"], "true", True),  # Django's default address: 127.0.0.1
        (["manage.py", "runserver", "--ipv6", "8000"], "true", True),
        (["gunicorn", "companion.wsgi", "--bind", "0.0.0.0:8000"], "true", False),  # a server not placed
    ],
)
def test_debug_pages_only_for_a_server_that_answers_this_machine_alone(
    monkeypatch, tmp_path, argv, asked, debug
):
    assert _local_settings(monkeypatch, tmp_path, argv, DJANGO_DEBUG=asked).DEBUG is debug


def test_make_run_serves_the_static_files_with_debug_off(monkeypatch, tmp_path):
    """runserver serves no static file once DEBUG is off: WhiteNoise serves them from the app's folders."""
    local = _local_settings(monkeypatch, tmp_path)
    assert local.DEBUG is False and local.WHITENOISE_USE_FINDERS is True
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in local.MIDDLEWARE


def test_make_run_sends_the_static_files_compressed(monkeypatch, tmp_path, client):
    """Issue 27: under `make run` no collectstatic made compressed copies, so GZip (before WhiteNoise in the
    local settings) compresses what WhiteNoise serves from the app's folders; production is unchanged."""
    from django.test import override_settings

    from companion.settings import base

    local = _local_settings(monkeypatch, tmp_path)
    gzip, whitenoise = "django.middleware.gzip.GZipMiddleware", "whitenoise.middleware.WhiteNoiseMiddleware"
    assert local.MIDDLEWARE.index(gzip) < local.MIDDLEWARE.index(whitenoise)
    assert base.MIDDLEWARE.index(gzip) > base.MIDDLEWARE.index(whitenoise)
    with override_settings(
        MIDDLEWARE=local.MIDDLEWARE, WHITENOISE_USE_FINDERS=True, WHITENOISE_AUTOREFRESH=True
    ):
        response = type(client)().get("/static/css/app.css", HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200 and response["Content-Encoding"] == "gzip"


def test_make_run_says_the_debug_pages_stay_off_on_the_lan(lan, monkeypatch, capsys):
    monkeypatch.setenv("DJANGO_DEBUG", "true")
    hosting.main(["0.0.0.0", "8000"])
    assert "Debug pages stay off" in capsys.readouterr().out
    hosting.main(["127.0.0.1", "8000"])
    assert "Debug pages stay off" not in capsys.readouterr().out

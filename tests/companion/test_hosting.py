"""The address the phones around the table open (`make run` serves on the LAN)."""

from __future__ import annotations

import pytest

from companion import hosting


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


def test_the_local_settings_let_the_phones_in_by_lan_address_and_host_name(monkeypatch):
    import importlib

    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    monkeypatch.setattr(hosting, "lan_host_names", lambda: ["192.168.1.20", "laptop", "laptop.local"])
    local = importlib.import_module("companion.settings.local")
    local = importlib.reload(local)
    assert {"127.0.0.1", "localhost", "192.168.1.20", "laptop", "laptop.local"} <= set(local.ALLOWED_HOSTS)

"""Where the phones around the table reach the machine that runs `make run`: its LAN address and host name;
and what keeps that server safe by default: its own secret key, and no debug page for anyone but this machine.

Used by the local settings (so those names pass ALLOWED_HOSTS) and by the campaign page (the join link and its
QR code carry an address a phone can open, not 127.0.0.1)."""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]", "::1"}
# A documentation address (TEST-NET-1): connecting a UDP socket to it sends nothing, it only picks the
# interface the machine would use to reach another network, whose address is the LAN address.
_PROBE = ("192.0.2.1", 9)


def lan_ipv4() -> str | None:
    """The machine's LAN IPv4 address (the one a phone on the same Wi-Fi opens), or None when offline."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def lan_host_names() -> list[str]:
    """The names phones may use for this machine: its LAN address, its host name and `<name>.local` (mDNS)."""
    names: list[str] = []
    address = lan_ipv4()
    if address:
        names.append(address)
    host = socket.gethostname().strip().lower()
    if host and host not in LOOPBACK_NAMES:
        names += [host] if host.endswith(".local") else [host, f"{host}.local"]
    return names


def table_address(host: str, scheme: str = "http") -> str:
    """The base address to give the phones: the request's own host (`name:port`), unless it is a loopback name
    (the laptop browsing its own server), then the LAN address with the same port."""
    name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not name or name.endswith(":"):  # a bare IPv6 literal or a name without a port
        name, port = host, ""
    if name.lower() in LOOPBACK_NAMES:
        address = lan_ipv4()
        if address:
            return f"{scheme}://{address}{':' + port if port else ''}"
    return f"{scheme}://{host}"


# Django's own bar for a key that signs (its deploy check security.W009): long, varied, and not one it marks
# as made for development only.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_CHARACTERS = 5
INSECURE_PREFIX = "django-insecure-"


def secret_key_refusal(key: str) -> str | None:
    """Why a key may not sign sessions, CSRF tokens and backups' attestations (None: it may). Every key this
    project ever wrote in its code or tests is shorter than the bar, so none of them is accepted."""
    if len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < SECRET_KEY_MIN_CHARACTERS:
        return f"The secret key must be a random value of at least {SECRET_KEY_MIN_LENGTH} characters."
    if key.startswith(INSECURE_PREFIX):
        return "The secret key is marked insecure by Django; give a random one."
    return None


def installation_secret(path: Path) -> str:
    """This installation's own secret key: made once, at random, in `path` (readable by its owner only),
    and read from there on every later start. A file left readable by others is closed to them."""
    if not path.exists():
        _create_secret(path)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def _create_secret(path: Path) -> None:
    """Written beside its final name, then linked there: two processes starting at once (runserver and its
    reloader) never read a half-written key, and the first one's key is the one kept."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")  # mode 0600
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(secrets.token_urlsafe(64) + "\n")
        os.link(draft, path)
    except FileExistsError:
        pass
    finally:
        os.unlink(draft)


def bind_address(argv: Sequence[str]) -> str | None:
    """The address `manage.py runserver` listens on, from its command line (Django's 127.0.0.1, or ::1 with
    --ipv6, when only a port or nothing is given); None when the command starts no server this knows."""
    if "runserver" not in argv:
        return None
    args = list(argv[list(argv).index("runserver") + 1 :])
    ipv6 = "--ipv6" in args or "-6" in args
    given = next((a for a in args if not a.startswith("-")), "")
    if given.startswith("[") and "]" in given:
        return given[1 : given.index("]")]
    address = given.rpartition(":")[0] if ":" in given else ("" if given.isdigit() else given)
    return address or ("::1" if ipv6 else "127.0.0.1")


def is_loopback(address: str) -> bool:
    """The address answers this machine only (127.0.0.1, ::1, localhost); 0.0.0.0 or a LAN address
    does not."""
    if address.strip("[]").lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def debug_allowed(*, asked: bool, bind: str | None) -> bool:
    """Debug pages (tracebacks, settings, the environment) only when asked for and for a server that answers
    this machine alone: a phone at the table never sees one. A server this cannot place gets none."""
    return asked and bind is not None and is_loopback(bind)


def main(argv: list[str]) -> None:
    """`python -m companion.hosting HOST PORT`: what `make run` prints before it serves."""
    bind, port = argv[0], argv[1]
    here = lan_ipv4() if bind in ("0.0.0.0", "::") else None
    print(f"Serving on http://{bind}:{port}/ — open http://127.0.0.1:{port}/ on this machine.")
    if here:
        print(f"Phones on the same Wi-Fi open http://{here}:{port}/ (or scan the campaign page's QR code).")
    elif bind in ("127.0.0.1", "localhost"):
        print("Only this machine can open it; run `make run HOST=0.0.0.0` to let the phones in.")
    if os.environ.get("DJANGO_DEBUG", "").lower() in ("1", "true", "yes", "on") and not is_loopback(bind):
        print("Debug pages stay off: this server answers beyond this machine (debug needs HOST=127.0.0.1).")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])

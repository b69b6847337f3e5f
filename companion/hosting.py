"""Where the phones around the table reach the machine that runs `make run`: its LAN address and host name.

Used by the local settings (so those names pass ALLOWED_HOSTS) and by the campaign page (the join link and its
QR code carry an address a phone can open, not 127.0.0.1)."""

from __future__ import annotations

import ipaddress
import socket

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


def main(argv: list[str]) -> None:
    """`python -m companion.hosting HOST PORT`: what `make run` prints before it serves."""
    bind, port = argv[0], argv[1]
    here = lan_ipv4() if bind in ("0.0.0.0", "::") else None
    print(f"Serving on http://{bind}:{port}/ — open http://127.0.0.1:{port}/ on this machine.")
    if here:
        print(f"Phones on the same Wi-Fi open http://{here}:{port}/ (or scan the campaign page's QR code).")
    elif bind in ("127.0.0.1", "localhost"):
        print("Only this machine can open it; run `make run HOST=0.0.0.0` to let the phones in.")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])

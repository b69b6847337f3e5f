"""Join codes and share tokens never reach a log (security probe G15): the development server logged
`"GET /campaigns/join/?code=55Y3FUFY HTTP/1.1" 200` and the log-in's `next=` carrying it; gunicorn's access
log held `?share=<token>` on every spectator request."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.log_redaction import REDACTED, RedactBearerCodes, redact

ROOT = Path(__file__).resolve().parents[2]
CODE = "55Y3FUFY"
TOKEN = "Zk3-q_9xWv2LmN8pQrS7tUvW"


@pytest.mark.parametrize(
    "line",
    [
        f"GET /campaigns/join/?code={CODE} HTTP/1.1",
        f"GET /accounts/login/?next=/campaigns/join/%3Fcode%3D{CODE} HTTP/1.1",
        f"GET /accounts/login/?next=%2Fcampaigns%2Fjoin%2F%253Fcode%253D{CODE} HTTP/1.1",
        f"GET /campaigns/7/?share={TOKEN} HTTP/1.1",
        f"GET /api/v1/campaigns/7/live/?part=table&share={TOKEN}&seen=4 HTTP/1.1",
        f"GET /campaigns/7/?SHARE={TOKEN}",
        f'"http://laptop.local:8000/campaigns/7/?open=table&share={TOKEN}"',
    ],
)
def test_the_codes_in_a_logged_url_are_redacted(line):
    redacted = redact(line)
    assert CODE not in redacted and TOKEN not in redacted and REDACTED in redacted


def test_the_rest_of_the_line_stays_as_it_was():
    line = f"GET /campaigns/7/?part=table&share={TOKEN}&seen=4 HTTP/1.1"
    assert redact(line) == f"GET /campaigns/7/?part=table&share={REDACTED}&seen=4 HTTP/1.1"
    assert (
        redact("GET /helpers/dice/?seed=42&qrcode=1 HTTP/1.1")
        == "GET /helpers/dice/?seed=42&qrcode=1 HTTP/1.1"
    )


@pytest.mark.parametrize(
    ("logger", "message", "args"),
    [
        # The request line as runserver logs it, and Django's "Not Found" (root's console handler).
        ("django.server", '"%s" %s %s', (f"GET /campaigns/join/?code={CODE} HTTP/1.1", 200, 0)),
        ("", "Not Found: %s", (f"/campaigns/9/?share={TOKEN}",)),
        ("", f"asked for /campaigns/join/?code={CODE}", ()),
    ],
)
def test_the_sites_log_handlers_redact_what_they_write(logger, message, args):
    """Every handler the site's LOGGING gives (runserver's request lines, the console) carries the filter."""
    handlers = [
        handler
        for handler in logging.getLogger(logger).handlers
        if any(isinstance(f, RedactBearerCodes) for f in handler.filters)
    ]
    assert handlers
    for handler in handlers:
        record = logging.LogRecord(logger, logging.INFO, __file__, 1, message, args, None)
        assert handler.filter(record)
        written = handler.format(record)
        assert REDACTED in written and CODE not in written and TOKEN not in written


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_gunicorns_access_log_holds_no_code(tmp_path):
    """gunicorn started from the project's folder reads gunicorn.conf.py, whose logger redacts."""
    port = _free_port()
    log = tmp_path / "access.log"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(
        DJANGO_SETTINGS_MODULE="companion.settings.local",
        DJANGO_SECRET_KEY_FILE=str(tmp_path / "secret_key"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    command = [sys.executable, "-m", "gunicorn", "companion.wsgi", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--workers", "1", "--access-logfile", str(log)],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _get_when_up(f"http://127.0.0.1:{port}/campaigns/join/?code={CODE}")
        _get_when_up(f"http://127.0.0.1:{port}/helpers/?share={TOKEN}", referer=f"http://x/?share={TOKEN}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    written = log.read_text()
    assert "/campaigns/join/?code=[redacted]" in written and "/helpers/?share=[redacted]" in written
    assert CODE not in written and TOKEN not in written


def _get_when_up(url: str, referer: str = "") -> None:
    request = urllib.request.Request(url, headers={"Referer": referer} if referer else {})
    for _attempt in range(120):
        try:
            urllib.request.urlopen(request, timeout=5).close()
            return
        except urllib.error.HTTPError:
            return  # answered: the line is logged
        except OSError:
            time.sleep(0.25)
    pytest.fail(f"gunicorn did not answer {url}")

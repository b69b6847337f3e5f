"""Join codes and share tokens are bearer secrets: whoever reads one joins the campaign or watches its sheet.
They travel in URLs (the QR code's join link, a spectator's `?share=`, a log-in's `next=` carrying the join
link), so every line the server logs has their values replaced (security probe G15)."""

from __future__ import annotations

import logging
import re

# The query parameters that carry a bearer secret: `code` (join links) and `share` (the read-only share link).
SECRET_PARAMETERS = ("code", "share")
REDACTED = "[redacted]"
# The name after `?`, `&` or `;`, as typed or percent-encoded once or twice (inside `next=`), then its
# value up to the next parameter, space, quote or fragment.
_SEPARATOR = r"(?:[?&;]|%3F|%26|%253F|%2526)"
_EQUALS = r"(?:=|%3D|%253D)"
_VALUE = r"(?:(?!%26|%2526)[^&;\s\"'#])+"
_SECRET = re.compile(
    rf"({_SEPARATOR}(?:{'|'.join(SECRET_PARAMETERS)}){_EQUALS}){_VALUE}",
    re.IGNORECASE,
)


def redact(text: str) -> str:
    """`text` with the value of every join code or share token in it replaced."""
    return _SECRET.sub(rf"\g<1>{REDACTED}", text)


class RedactBearerCodes(logging.Filter):
    """A logging filter that keeps every record and redacts its message and arguments (the development
    server's request lines, Django's and the app's own messages)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True

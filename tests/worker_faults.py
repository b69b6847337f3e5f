"""Loaded by the test worker (CELERY_IMPORTS) when a fault test asks: the render is slow, and says so in a
marker file once it is under way, so the test can kill the worker in the middle of rendering."""

import os
import time
from pathlib import Path

from campaigns import pdf

_render = pdf.render_sheet_pdf


def _slow_render(**kwargs: object) -> bytes:
    content = _render(**kwargs)
    Path(os.environ["WORKER_FAULT_MARKER"]).write_text("rendering", encoding="utf-8")
    time.sleep(60)
    return content


pdf.render_sheet_pdf = _slow_render

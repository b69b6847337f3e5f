"""How long does the demo campaign's Campaign Sheet take to print?

Builds the seed_demo campaign in a throwaway SQLite database, then times ``render_sheet_pdf`` (database
reads, template and WeasyPrint) against WeasyPrint alone rendering the very same HTML as a static page,
both measured in this run. Targets: the sheet under 1.5x that baseline, and a warm render under 1 second.
"""

import io
import os
import statistics
import tempfile
import time
from collections.abc import Callable

REPEATS = 7
RATIO_TARGET = 1.5
WARM_TARGET_SECONDS = 1.0


def setup_demo(directory: str) -> int:
    """A fresh database with the content packs and the demo campaign; returns the campaign's id."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "companion.settings.test"
    # A file of our own, so the benchmark never touches a real database named in the environment.
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    from campaigns.models import Campaign

    quiet = io.StringIO()
    call_command("migrate", verbosity=0, stdout=quiet)
    call_command("load_content", verbosity=0, stdout=quiet)
    call_command("seed_demo", verbosity=0, stdout=quiet)
    return Campaign.objects.order_by("-pk").values_list("pk", flat=True).first()


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    import logging

    logging.getLogger("weasyprint").setLevel(logging.WARNING)  # it logs every layout step at INFO
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as directory:
        campaign_id = setup_demo(directory)
        report(campaign_id)


def report(campaign_id: int) -> None:
    from weasyprint import HTML

    from campaigns import pdf

    def sheet() -> bytes:
        return pdf.render_sheet_pdf(campaign_id=campaign_id, paper="a4")

    cold = timed(sheet)  # first render in the process: fonts, templates, WeasyPrint's caches
    html = pdf.sheet_html(campaign_id=campaign_id, paper="a4")
    sheets, baselines = [], []
    for _ in range(REPEATS):  # interleaved, so drift on the machine hits both alike
        sheets.append(timed(sheet))
        baselines.append(timed(lambda: HTML(string=html).write_pdf()))
    warm, baseline = statistics.median(sheets), statistics.median(baselines)
    blank = statistics.median(
        timed(lambda: pdf.render_blank_pdf(edition_slug="inferno", paper="a4")) for _ in range(3)
    )
    ratio = warm / baseline
    print(f"demo campaign sheet, A4: {len(sheet())} bytes of PDF from {len(html)} characters of HTML")
    print(f"  cold (first render in process): {cold * 1e3:8.1f} ms")
    warm_verdict = verdict(warm, WARM_TARGET_SECONDS, " s")
    print(f"  warm render_sheet_pdf, median:  {warm * 1e3:8.1f} ms   {warm_verdict}")
    print(f"  WeasyPrint alone, same HTML:    {baseline * 1e3:8.1f} ms   (median of {REPEATS})")
    print(f"  sheet / baseline:               {ratio:8.2f}x    {verdict(ratio, RATIO_TARGET, 'x')}")
    print(f"  blank sheet (A4), median of 3:  {blank * 1e3:8.1f} ms")


def verdict(value: float, target: float, unit: str) -> str:
    return f"target < {target}{unit}: {'ok' if value < target else 'MISSED'}"


if __name__ == "__main__":
    main()

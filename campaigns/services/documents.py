"""Printable Campaign Sheets: ask for one, let a worker render it, mark it done or failed.

One document per (campaign, edition, kind, paper, language, revision): a request for a revision that is
done or pending returns that document, so the same revision is never rendered twice in one language, and a
Portuguese sheet is never handed to someone who asked in English (or the other way round). The render task is
dispatched after commit and takes only the document's primary key.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from campaigns import pdf
from campaigns.access import Access, require_member
from campaigns.errors import RENDER_TRANSIENT_ERRORS, refuse
from campaigns.models import Campaign, Edition, SheetDocument
from campaigns.tasks import render_sheet_document

logger = logging.getLogger(__name__)

TRANSIENT_ERRORS = RENDER_TRANSIENT_ERRORS
BROKER_ERRORS: tuple[type[BaseException], ...] = (
    BrokerOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionError,
)
# Rendering takes a few seconds and is stopped before a minute (`tasks.RENDER_TIME_LIMIT`): a sheet queued
# and not rendering for this long lost its worker or its message. The periodic `requeue_stuck_work` queues
# it again (G14), and so does asking for it again.
STUCK_AFTER = timedelta(seconds=60)
REQUEUE_AFTER = STUCK_AFTER
UNAVAILABLE = gettext_lazy(
    "PDF rendering is temporarily unavailable (the task queue does not answer); try again shortly."
)


class RenderQueueUnavailable(Exception):
    """The broker refused the render task; nothing was saved."""


def _paper(paper: Any) -> str:
    if paper not in SheetDocument.Paper.values:
        refuse("paper", _("Paper is %(papers)s.") % {"papers": _or(SheetDocument.Paper.values)})
    return paper


def _language(language: str | None) -> str:
    """A code of settings.LANGUAGES (`pt-br`, `en`); none given is the site's default language."""
    try:
        return pdf.print_language(language)
    except ValueError:
        refuse("language", _("Language is %(languages)s.") % {"languages": _or(dict(settings.LANGUAGES))})


def _or(values: Any) -> str:
    return _(" or ").join(values)


def sheet_pdf_request(
    *, access: Access, paper: str = "a4", language: str | None = None
) -> tuple[SheetDocument, bool]:
    """The sheet of the campaign as it is now, in `language`; members ask for it, anyone with access
    downloads it."""
    require_member(access)
    campaign = Campaign.objects.select_related("edition").get(pk=access.campaign.pk)
    return _request(
        campaign=campaign,
        edition=campaign.edition,
        kind=SheetDocument.Kind.SHEET,
        paper=_paper(paper),
        language=_language(language),
        revision=campaign.history_seq,
    )


def blank_pdf_request(
    *, edition_slug: str, paper: str = "a4", language: str | None = None
) -> tuple[SheetDocument, bool]:
    edition = Edition.objects.filter(slug=edition_slug).first()
    if edition is None:
        refuse("edition", _("Unknown edition %(edition)s.") % {"edition": repr(edition_slug)})
    return _request(
        campaign=None,
        edition=edition,
        kind=SheetDocument.Kind.BLANK,
        paper=_paper(paper),
        language=_language(language),
        # Blank sheets have no campaign revision; the layout's version keeps them fresh after an update.
        revision=pdf.layout_version(),
    )


def _request(**key: Any) -> tuple[SheetDocument, bool]:
    existing = SheetDocument.objects.filter(**key).first()
    if existing is not None and existing.status == SheetDocument.Status.DONE:
        return existing, False
    if existing is not None and existing.status == SheetDocument.Status.PENDING and not _lost(existing):
        return existing, False
    try:
        with transaction.atomic():
            document = _reset(existing) if existing else SheetDocument.objects.create(**key)
            transaction.on_commit(lambda: _dispatch(document, previous=existing), robust=False)
    except IntegrityError:
        # Two requests for the same revision at once: the other one created it.
        return SheetDocument.objects.get(**key), False
    return document, existing is None


def _lost(document: SheetDocument) -> bool:
    """A render queued long ago and never done: its message may have died with a broker; queue it again."""
    return SheetDocument.objects.filter(_stuck(), pk=document.pk).exists()


def _stuck() -> Q:
    """Pending, queued more than STUCK_AFTER ago, and no worker began rendering it since (a render that
    began is over by then: its time limit is shorter)."""
    cutoff = timezone.now() - STUCK_AFTER
    queued_long_ago = Q(queued_at__lt=cutoff) | Q(queued_at__isnull=True, created_at__lt=cutoff)
    not_rendering = Q(started_at__isnull=True) | Q(started_at__lt=cutoff)
    return Q(status=SheetDocument.Status.PENDING) & queued_long_ago & not_rendering


def sheet_documents_requeue_stuck(*, limit: int = 100) -> int:
    """Queue again every stuck render (periodic, G14); returns how many were sent. A render that runs twice
    is harmless: a done document is skipped, a re-render overwrites the same file."""
    sent = 0
    for pk in SheetDocument.objects.filter(_stuck()).order_by("pk").values_list("pk", flat=True)[:limit]:
        try:
            render_sheet_document.delay(pk)
        except BROKER_ERRORS as exc:
            logger.warning("Could not queue the stuck render of sheet document %s again: %s", pk, exc)
            break
        SheetDocument.objects.filter(pk=pk).update(queued_at=timezone.now())
        sent += 1
    if sent:
        logger.info("Queued %s stuck sheet renders again", sent)
    return sent


def _reset(document: SheetDocument) -> SheetDocument:
    """A failed sheet is tried again when someone asks for it again."""
    SheetDocument.objects.filter(pk=document.pk).update(status=SheetDocument.Status.PENDING, error="")
    return SheetDocument.objects.get(pk=document.pk)


def _dispatch(document: SheetDocument, *, previous: SheetDocument | None) -> None:
    try:
        render_sheet_document.delay(document.pk)
        SheetDocument.objects.filter(pk=document.pk).update(queued_at=timezone.now())
    except BROKER_ERRORS as exc:
        logger.warning("Could not queue the render of sheet document %s: %s", document.pk, exc)
        _undo_request(document, previous)
        raise RenderQueueUnavailable(UNAVAILABLE) from exc


def _undo_request(document: SheetDocument, previous: SheetDocument | None) -> None:
    """The row is already committed (we dispatch on commit): put it back so a dead broker leaves no trace."""
    pending = SheetDocument.objects.filter(pk=document.pk, status=SheetDocument.Status.PENDING)
    if previous is None:
        pending.delete()
    else:
        pending.update(status=previous.status, error=previous.error)


def sheet_document_render(*, document_id: int, retryable: bool = True) -> SheetDocument | None:
    """Render and store one document; a done one is left alone.

    Transient errors propagate for the task to retry when `retryable`; otherwise they fail the document too.
    """
    document = SheetDocument.objects.select_related("campaign", "edition").filter(pk=document_id).first()
    if document is None or document.status == SheetDocument.Status.DONE:
        return document
    SheetDocument.objects.filter(pk=document.pk).update(started_at=timezone.now())
    try:
        content = _render(document)
    except TRANSIENT_ERRORS as exc:
        if retryable:
            raise
        return sheet_document_fail(document_id=document.pk, reason=_reason(exc))
    except SoftTimeLimitExceeded:
        return sheet_document_fail(document_id=document.pk, reason="Rendering took too long and was stopped.")
    except Exception as exc:
        logger.exception("Sheet document %s could not be rendered", document.pk)
        return sheet_document_fail(document_id=document.pk, reason=_reason(exc))
    return _store(document, content)


def _render(document: SheetDocument) -> bytes:
    if document.kind == SheetDocument.Kind.BLANK:
        return pdf.render_blank_pdf(
            edition_slug=document.edition.slug, paper=document.paper, language=document.language
        )
    if document.campaign is None or document.campaign.history_seq != document.revision:
        raise StaleRevision(
            "The campaign changed before its sheet was printed; ask for the sheet again to print the new one."
        )
    return pdf.render_sheet_pdf(
        campaign_id=document.campaign_id, paper=document.paper, language=document.language
    )


class StaleRevision(Exception):
    """The campaign moved past the revision the document was asked for."""


def _reason(exc: Exception) -> str:
    if isinstance(exc, StaleRevision):
        return str(exc)
    return f"The sheet could not be rendered ({type(exc).__name__}: {exc})."[:500]


def _file_name(document: SheetDocument) -> str:
    """One name per campaign, revision, kind, paper and language, so a re-render overwrites the same file."""
    suffix = f"{document.paper}-{document.language}.pdf"
    if document.kind == SheetDocument.Kind.BLANK:
        return f"blank-{document.edition.slug}-r{document.revision}-{suffix}"
    return f"campaign-{document.campaign_id}-r{document.revision}-{document.kind}-{suffix}"


def _store(document: SheetDocument, content: bytes) -> SheetDocument:
    field = document.file
    name = field.field.generate_filename(document, _file_name(document))
    field.storage.delete(name)
    stored = field.storage.save(name, ContentFile(content))
    SheetDocument.objects.filter(pk=document.pk).update(
        file=stored,
        status=SheetDocument.Status.DONE,
        error="",
        renders=F("renders") + 1,
        finished_at=timezone.now(),
    )
    document.refresh_from_db()
    return document


def sheet_document_fail(*, document_id: int, reason: str) -> SheetDocument | None:
    SheetDocument.objects.filter(pk=document_id).exclude(status=SheetDocument.Status.DONE).update(
        status=SheetDocument.Status.FAILED, error=reason, finished_at=timezone.now()
    )
    return SheetDocument.objects.filter(pk=document_id).first()


def sheet_documents_prune(*, keep: int | None = None) -> int:
    """Delete the printed sheets a campaign no longer needs, with their files: each campaign keeps the
    documents of its latest `keep` revisions (`SHEET_DOCUMENTS_KEPT`; every paper and language of those),
    and blank sheets of an older print layout go. A render still under way is left alone. Returns how many
    documents were deleted."""
    keep = max(1, settings.SHEET_DOCUMENTS_KEPT if keep is None else keep)
    sheets = SheetDocument.objects.filter(kind=SheetDocument.Kind.SHEET, campaign__isnull=False).order_by()
    crowded = (
        sheets.values("campaign_id")
        .annotate(revisions=Count("revision", distinct=True))
        .filter(revisions__gt=keep)
        .values_list("campaign_id", flat=True)
    )
    old_ids: list[int] = []
    for campaign_id in crowded:
        own = sheets.filter(campaign_id=campaign_id)
        kept = own.values_list("revision", flat=True).distinct().order_by("-revision")[:keep]
        old_ids += own.exclude(revision__in=list(kept)).values_list("pk", flat=True)
    blank = SheetDocument.objects.filter(kind=SheetDocument.Kind.BLANK).exclude(revision=pdf.layout_version())
    old_ids += blank.values_list("pk", flat=True)
    recent = timezone.now() - REQUEUE_AFTER
    busy = Q(status=SheetDocument.Status.PENDING) & (Q(queued_at__gte=recent) | Q(created_at__gte=recent))
    old = SheetDocument.objects.filter(pk__in=old_ids).exclude(busy)
    with transaction.atomic():
        files = [name for name in old.values_list("file", flat=True) if name]
        deleted = old.delete()[0]
        transaction.on_commit(lambda: sheet_files_delete(files))
    return deleted


def sheet_files_delete(names: list[str]) -> None:
    """Delete stored sheet files (after the rows that named them are gone, on commit)."""
    storage = SheetDocument._meta.get_field("file").storage
    for name in names:
        try:
            storage.delete(name)
        except OSError as exc:  # a file already gone or unreachable must not stop the others
            logger.warning("Could not delete the sheet file %s: %s", name, exc)

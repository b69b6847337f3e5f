"""The owner's safekeeping: automatic backups (list, restore) and the read-only share link (renew, off)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import require_owner
from campaigns.api import serializers as s
from campaigns.api.base import CampaignAPIView, access_for, campaign_action
from campaigns.api.outputs import BackupOut
from campaigns.selectors.backups import campaign_backups
from campaigns.services import backups
from campaigns.services import campaigns as campaign_services
from companion.api import errors


class BackupList(CampaignAPIView):
    @extend_schema(responses={200: BackupOut(many=True), **errors(403, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The last automatic backups, newest first (the owner's: they hold every hidden hand)."""
        access = access_for(request, pk)
        require_owner(access)
        rows = campaign_backups(access.campaign)
        return Response(
            [{k: row[k] for k in ("id", "reason", "history_seq", "summary", "created_at")} for row in rows]
        )


BackupRestore = campaign_action(
    s.BackupRestoreInput,
    backups.campaign_backup_restore,
    role="owner",
    summary="Restore an automatic backup (the state before is kept as a backup)",
)
ShareLinkRenew = campaign_action(
    s.ShareLinkInput,
    campaign_services.share_link_renew,
    role="owner",
    summary="Make a new share link (the old one stops working)",
)
ShareLinkRevoke = campaign_action(
    s.ShareLinkInput, campaign_services.share_link_revoke, role="owner", summary="Turn the share link off"
)

"""The admin: content with missing data can be listed, to be filled in from the rulebook."""

import pytest

from campaigns.models import MonsterLevelCard
from tests.factories import UserFactory, client_for

pytestmark = pytest.mark.django_db


def test_the_admin_lists_content_with_missing_data():
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    browser = client_for(admin)
    missing = browser.get("/admin/campaigns/monsterlevelcard/?missing=yes")
    complete = browser.get("/admin/campaigns/monsterlevelcard/?missing=no")
    assert missing.status_code == complete.status_code == 200
    assert (
        missing.context_data["cl"].result_count
        == MonsterLevelCard.objects.filter(MonsterLevelCard.missing_q()).count()
        > 0
    )
    assert (
        complete.context_data["cl"].result_count
        == MonsterLevelCard.objects.exclude(MonsterLevelCard.missing_q()).count()
    )
    assert missing.context_data["cl"].result_count + complete.context_data["cl"].result_count == (
        MonsterLevelCard.objects.count()
    )

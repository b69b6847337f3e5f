import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    # The join throttle counts in the cache; user ids repeat between rolled-back tests.
    cache.clear()

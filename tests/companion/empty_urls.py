"""A URLconf without a route, for the 500 page's test."""

urlpatterns: list = []

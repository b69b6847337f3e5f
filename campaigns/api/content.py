"""Read-only API over the game's content.

Content changes only when the content version does (`selectors.versions`), so every read is kept, rendered,
per content version and address, and a reader holding the current version gets 304 without a query.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_filters
from django.core.cache import cache
from django.db.models import Model, QuerySet
from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, serializers, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from campaigns.access import campaign_access
from campaigns.api import content_serializers as out
from campaigns.models import Scenario, UpgradeCard
from campaigns.selectors import content
from campaigns.selectors.versions import content_version
from companion.api import errors
from companion.conditional import not_modified, revalidated, unchanged

CONTENT_TIMEOUT = 24 * 60 * 60


def content_etag(version: str) -> str:
    # The language too: a record's `shown_name` (and its choice labels) follow the reader's.
    return f'"content.{version}.{translation.get_language()}"'


def kept_content(request: Request, view: Any, answer: Callable[[], Response]) -> HttpResponse | Response:
    """The answer for this address and content version: 304 if the reader holds it, else from the cache
    (JSON only; the browsable API is rendered each time), else computed and kept."""
    version = content_version()
    if version is None:
        return answer()
    etag = content_etag(version)
    if unchanged(request, etag):
        return not_modified(etag)
    renderer = request.accepted_renderer
    if renderer.format != "json":
        return revalidated(answer(), etag)
    key = f"content:{version}:{translation.get_language()}:{request.get_full_path()}"
    body = cache.get(key)
    if body is None:
        response = answer()
        if response.status_code != 200:
            return response
        body = renderer.render(response.data, request.accepted_media_type, {"request": request, "view": view})
        cache.set(key, body, CONTENT_TIMEOUT)
    return revalidated(HttpResponse(body, content_type=renderer.media_type), etag)


class KeptContent:
    """List and retrieve answered through `kept_content`; content is public, so no one is looked up."""

    authentication_classes: list = []

    def list(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse | Response:
        return kept_content(request, self, lambda: super(KeptContent, self).list(request, *args, **kwargs))

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse | Response:
        return kept_content(
            request, self, lambda: super(KeptContent, self).retrieve(request, *args, **kwargs)
        )


class EditionFilter(django_filters.FilterSet):
    edition = django_filters.CharFilter(field_name="edition__slug", help_text="Edition slug.")


class ScenarioFilter(EditionFilter):
    circle = django_filters.CharFilter(field_name="circle__slug", help_text="Circle slug, e.g. second-west.")

    class Meta:
        model = Scenario
        fields = ["edition", "circle"]


class UpgradeCardFilter(EditionFilter):
    class Meta:
        model = UpgradeCard
        fields = ["edition", "deck", "card_type", "group"]


def _filterset(model: type[Model]) -> type[django_filters.FilterSet]:
    meta = type("Meta", (), {"model": model, "fields": ["edition"]})
    return type(f"{model.__name__}Filter", (EditionFilter,), {"Meta": meta})


def looked_up_by_slug(viewset: type[viewsets.ReadOnlyModelViewSet]) -> type[viewsets.ReadOnlyModelViewSet]:
    """Declare what else the reads can answer: a filter value out of its choices (400), an unknown (404) or
    ambiguous (400) slug."""
    listed = {200: viewset.serializer_class(many=True), **errors(400)}
    one = {200: viewset.serializer_class, **errors(400, 404)}
    return extend_schema_view(list=extend_schema(responses=listed), retrieve=extend_schema(responses=one))(
        viewset
    )


class SlugLookupMixin:
    """Content is looked up by slug; a slug used by two editions needs `?edition=`."""

    lookup_field = "slug"
    # Any text reaches the view, so an odd slug gets the API's JSON 404 rather than Django's HTML page.
    lookup_value_regex = "[^/]+"

    def get_object(self) -> Model:
        matches = list(self.filter_queryset(self.get_queryset()).filter(slug=self.kwargs["slug"])[:2])
        if not matches:
            raise exceptions.NotFound()
        if len(matches) > 1:
            raise exceptions.ValidationError(
                {"edition": ["This slug exists in several editions; give ?edition=."]}
            )
        return matches[0]


@looked_up_by_slug
class EditionViewSet(KeptContent, viewsets.ReadOnlyModelViewSet):
    queryset = content.editions_content()
    serializer_class = out.EditionSerializer
    lookup_field = "slug"
    lookup_value_regex = "[^/]+"


@looked_up_by_slug
class ScenarioViewSet(KeptContent, SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.ScenarioSerializer
    filterset_class = ScenarioFilter

    def get_queryset(self) -> QuerySet:
        return content.scenarios_list()


@looked_up_by_slug
class HeroViewSet(KeptContent, SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.HeroSerializer
    filterset_class = _filterset(content.Hero)

    def get_queryset(self) -> QuerySet:
        return content.heroes_list(angels=False)


@looked_up_by_slug
class AngelViewSet(HeroViewSet):
    serializer_class = out.AngelSerializer

    def get_queryset(self) -> QuerySet:
        return content.heroes_list(angels=True)


class ScenarioNumberSerializer(serializers.Serializer):
    scenario = serializers.IntegerField(
        required=False, min_value=1, max_value=6, help_text="The scenario's position in the campaign (1-6)."
    )


class MonsterViewSet(KeptContent, SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.MonsterSerializer
    filterset_class = _filterset(content.Monster)

    def get_queryset(self) -> QuerySet:
        return content.monsters_list()

    @extend_schema(
        parameters=[
            OpenApiParameter("scenario", OpenApiTypes.INT, description="Campaign scenario number 1-6."),
            OpenApiParameter("edition", OpenApiTypes.STR, description="Edition slug."),
        ],
        responses={200: out.MonsterAtLevelSerializer, **errors(400, 404)},
    )
    def retrieve(self, request: Request, *args: object, **kwargs: object) -> HttpResponse | Response:
        return kept_content(request, self, lambda: self._at_level(request))

    def _at_level(self, request: Request) -> Response:
        query = ScenarioNumberSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        monster = self.get_object()
        number = query.validated_data.get("scenario")
        if number is None:
            return Response(out.MonsterSerializer(monster).data)
        monster.scenario = number
        monster.level_card = content.monster_level_card(monster=monster, scenario_number=number)
        return Response(out.MonsterAtLevelSerializer(monster).data)


@looked_up_by_slug
class UpgradeCardViewSet(KeptContent, SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.UpgradeCardSerializer
    filterset_class = UpgradeCardFilter

    def get_queryset(self) -> QuerySet:
        return content.upgrade_cards_list()


@looked_up_by_slug
class DeathCurseViewSet(KeptContent, SlugLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = out.DeathCurseSerializer
    filterset_class = _filterset(content.DeathCurse)

    def get_queryset(self) -> QuerySet:
        return content.death_curses_list()


@extend_schema(
    parameters=[
        OpenApiParameter("edition", OpenApiTypes.STR, description="Only this edition."),
        OpenApiParameter(
            "campaign",
            OpenApiTypes.INT,
            description="As this campaign sees it (its members' entries fill gaps).",
        ),
    ],
    responses={200: OpenApiTypes.OBJECT, **errors(404)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def content_report_view(request: Request) -> HttpResponse | Response:
    """What the content packs do not give yet (stats, cards, counts), per edition; every gap in `gaps`
    links to the page that fills it."""
    if "campaign" in request.query_params:
        access = campaign_access(
            user=request.user,
            pk=request.query_params["campaign"],
            share_token=request.query_params.get("share"),
        )
        with translation.override("en"):
            return Response(content.content_report(campaign=access.campaign))
    return kept_content(request, None, lambda: _content_report(request))


def _content_report(request: Request) -> Response:
    edition = request.query_params.get("edition")
    if edition and not content.edition_exists(edition):
        raise exceptions.NotFound()
    # In English, as the command prints it: the answer is kept per address, whatever the reader's
    # language (the page says the same reasons in the reader's language).
    with translation.override("en"):
        return Response(content.content_report(edition_slug=edition))

"""One DRF view answering a constant JSON object: the least a request through this stack can cost."""

from django.urls import path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

ANSWER = {"floor": True, "edition": "inferno"}


class FloorView(APIView):
    """Default authentication and permission classes (anonymous here, so no query); no throttle."""

    def get(self, request: Request) -> Response:
        return Response(ANSWER)


urlpatterns = [path("floor/", FloorView.as_view(), name="floor")]

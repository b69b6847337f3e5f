"""Campaign sheet read: requests per second for the demo campaign's API read (GET /api/v1/campaigns/{id}/,
`seed_demo`) and its page (/campaigns/{id}/, when the pages exist), against the same floor as bench.api
(GET /api/v1/editions/inferno/), all through gunicorn on loopback in this run; queries per request printed."""

import json

from bench.load import compare, hammer, manage, request, serve, throwaway_site

CLIENTS, SECONDS = 8, 8
# Run in the bench site's settings: the demo campaign's id and share link, and each read's queries.
PROBE = """
import json
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from campaigns.models import Campaign
c = Campaign.objects.order_by("-pk").first()
out = {"id": c.pk, "share": c.share_token}
for key, url in (("api", f"/api/v1/campaigns/{c.pk}/?share={c.share_token}"), ("page", f"/campaigns/{c.pk}/?share={c.share_token}")):
    client = Client(HTTP_HOST="127.0.0.1")
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url).status_code
    out[key] = {"status": status, "queries": len(queries)}
print(json.dumps(out))
"""  # noqa: E501


def main() -> None:
    with throwaway_site() as env:
        manage(env, "seed_demo")
        probe = json.loads(manage(env, "shell", "-c", PROBE).strip().splitlines()[-1])
        with serve(env, workers=2, threads=4) as port:

            def floor():
                return request(port, "GET", "/api/v1/editions/inferno/")[0]

            hammer(floor, clients=CLIENTS, seconds=1)
            base = hammer(floor, clients=CLIENTS, seconds=SECONDS)
            print(f"{CLIENTS} clients, {SECONDS} s each, 2 workers x 4 threads, campaign #{probe['id']}")
            compare("floor GET /editions/inferno/", base, base)
            share = f"?share={probe['share']}"
            for key, name, path in (
                ("api", "GET /api/v1/campaigns/{id}/", f"/api/v1/campaigns/{probe['id']}/{share}"),
                ("page", "GET /campaigns/{id}/", f"/campaigns/{probe['id']}/{share}"),
            ):
                if probe[key]["status"] != 200:
                    print(f"{name:<34} skipped: answers {probe[key]['status']} (the page is not there yet)")
                    continue
                figures = hammer(lambda p=path: request(port, "GET", p)[0], clients=CLIENTS, seconds=SECONDS)
                compare(name, figures, base)
                print(f"  {probe[key]['queries']} queries per request")


if __name__ == "__main__":
    main()

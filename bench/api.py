"""Helper API throughput: gunicorn on loopback, several clients, the dice and spawn endpoints against a
trivial JSON read of the same app (GET /api/v1/editions/inferno/), the framework's floor, measured in
the same run. Targets: at least 0.8 of the floor's requests per second, p95 within 1.5x of the floor's."""

from bench.load import compare, hammer, request, serve, throwaway_site

CLIENTS, SECONDS = 8, 8
ROLL = {"attack_dice": 6, "kind": "melee", "defense_dice": 4, "attack_rerolls": 1, "defense_rerolls": 1}
SPAWN = {
    "figures": ["imp", "harpy"],
    "tokens": [
        {"symbols": ["melee", "crit"], "occupants": 0},
        {"symbols": ["ranged", "ranged"], "occupants": 1},
        {"symbols": ["melee", "ranged"], "occupants": 0},
    ],
}
RPS_TARGET, P95_TARGET = 0.8, 1.5


def main() -> None:
    with throwaway_site() as env, serve(env, workers=2, threads=4) as port:

        def floor():
            return request(port, "GET", "/api/v1/editions/inferno/")[0]

        for path, body in (("roll", ROLL), ("spawn", SPAWN)):
            status, answer = request(port, "POST", f"/api/v1/helpers/{path}/", body)
            assert status == 200, (path, status, answer)
        for call in (floor, lambda: request(port, "POST", "/api/v1/helpers/roll/", ROLL)[0]):
            hammer(call, clients=CLIENTS, seconds=1)  # warm the workers
        base = hammer(floor, clients=CLIENTS, seconds=SECONDS)
        print(f"{CLIENTS} clients, {SECONDS} s each, gunicorn 2 workers x 4 threads")
        compare("floor GET /editions/inferno/", base, base)
        for name, path, body in (
            ("POST /helpers/roll/", "roll", ROLL),
            ("POST /helpers/spawn/", "spawn", SPAWN),
        ):
            figures = hammer(
                lambda p=path, b=body: request(port, "POST", f"/api/v1/helpers/{p}/", b)[0],
                clients=CLIENTS,
                seconds=SECONDS,
            )
            rps, p95 = compare(name, figures, base)
            met = rps >= RPS_TARGET and p95 <= P95_TARGET and not figures.failures
            print(f"  target >= {RPS_TARGET} rps and <= {P95_TARGET} p95: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()

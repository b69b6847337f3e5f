"""`make bench`: every benchmark prints its figure and a ratio to a baseline measured in the same run."""

import importlib
import sys

BENCHMARKS = ("bench.odds", "bench.api", "bench.sheet", "bench.pdf")


def main(names: list[str]) -> None:
    for name in names or BENCHMARKS:
        module = importlib.import_module(name if name.startswith("bench.") else f"bench.{name}")
        print(f"== {module.__name__} ==", flush=True)
        module.main()


if __name__ == "__main__":
    main(sys.argv[1:])

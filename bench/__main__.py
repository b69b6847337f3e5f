"""`make bench`: every benchmark prints its figure and a ratio to a baseline measured in the same run.

Each benchmark runs in a process of its own: several set Django up with a throwaway database of their own.
"""

import subprocess
import sys

BENCHMARKS = ("bench.odds", "bench.api", "bench.sheet", "bench.pdf", "bench.pdf_workers")


def main(names: list[str]) -> int:
    failed = 0
    for name in names or BENCHMARKS:
        module = name if name.startswith("bench.") else f"bench.{name}"
        print(f"== {module} ==", flush=True)
        run = subprocess.run([sys.executable, "-c", f"import {module} as bench; bench.main()"], check=False)
        failed += run.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

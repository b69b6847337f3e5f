"""`make bench`: every endpoint against the floor (bench.endpoints), printed as a table and written to
bench/results.json.

`python -m bench odds pdf` runs the other benchmarks by name instead (each prints its figure and a ratio to
a baseline of its own); `python -m bench all` runs the table and then all of them. Each runs in a process
of its own: several set Django up with a throwaway database of their own.
"""

import subprocess
import sys

OTHERS = ("bench.odds", "bench.api", "bench.sheet", "bench.pdf", "bench.pdf_workers")


def table(options: list[str]) -> int:
    print("== bench.endpoints ==", flush=True)
    return subprocess.run([sys.executable, "-m", "bench.endpoints", *options], check=False).returncode


def main(args: list[str]) -> int:
    if not args or args[0].startswith("-"):
        return table(args)
    failed = args == ["all"] and table([]) != 0
    for name in OTHERS if args == ["all"] else args:
        module = name if name.startswith("bench.") else f"bench.{name}"
        print(f"== {module} ==", flush=True)
        run = subprocess.run([sys.executable, "-c", f"import {module} as bench; bench.main()"], check=False)
        failed |= run.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

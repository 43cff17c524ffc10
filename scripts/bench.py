"""Build benchmark: every kit serially and with worker processes, measured in one run; prints the figures."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.build import EVERY, build  # noqa: E402
from pnp.project import Project  # noqa: E402


def timed(project: Project, workers: int, games: list[str] | None) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        report = build(project, games, out=Path(out), kinds=EVERY, workers=workers)
        return time.perf_counter() - start, len(report.written)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", help="games to build (default: all)")
    args = parser.parse_args()
    project = Project(ROOT)
    cpus = os.cpu_count() or 1
    serial, files = timed(project, 1, args.games)
    parallel, _ = timed(project, cpus, args.games)
    print(f"files built:         {files}")
    print(f"serial (1 process):  {serial:6.1f} s  ({serial / files * 1000:.0f} ms per file)")
    print(f"parallel ({cpus} procs): {parallel:6.1f} s  ({parallel / files * 1000:.0f} ms per file)")
    print(f"speed-up:            {serial / parallel:6.2f}x")


if __name__ == "__main__":
    main()

"""How long each test takes, from a checked-in profile (tests/durations.json), so that `make test` hands the
longest work out first and no worker is left with a long test while the others are idle.

The profile is per file (its tests' count and total seconds) plus the tests that take long by themselves.
It only orders the tests: a test missing from it still runs, at its file's average or its tier's.
Written again from a whole run's `--durations=0` output:

    pytest -n 4 --dist loadgroup --durations=0 | tee run.log
    python -m tests.durations run.log
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

PROFILE = Path(__file__).with_name("durations.json")
# A test at least this long is listed by itself; the others only count towards their file's average.
ALONE_SECONDS = 10.0
# A file the profile does not know (a new one): about what a test of its tier takes.
TIER_SECONDS = {"scaleout": 60.0, "standby": 10.0, "property": 10.0, "e2e": 15.0, "contract": 1.0}
DEFAULT_SECONDS = 0.5
LINE = re.compile(r"^\s*([0-9.]+)s (setup|call|teardown)\s+(\S.*?)\s*$")


class Durations:
    def __init__(self, profile: dict[str, Any]) -> None:
        self.alone: dict[str, float] = dict(profile.get("tests", {}))
        self.files: dict[str, tuple[int, float]] = {
            name: (int(entry["tests"]), float(entry["seconds"]))
            for name, entry in profile.get("files", {}).items()
        }

    def of(self, nodeid: str) -> float:
        """The seconds one test is expected to take (setup, call and teardown)."""
        nodeid = plain(nodeid)
        if nodeid in self.alone:
            return self.alone[nodeid]
        file = nodeid.split("::", 1)[0]
        if file in self.files:
            count, seconds = self.files[file]
            listed = [s for test, s in self.alone.items() if test.split("::", 1)[0] == file]
            rest = count - len(listed)
            if rest > 0:
                return max(0.0, seconds - sum(listed)) / rest
        parts = file.split("/")
        return TIER_SECONDS.get(parts[1] if len(parts) > 2 else "", DEFAULT_SECONDS)


def plain(nodeid: str) -> str:
    """The test's id without xdist's `@group` suffix."""
    if nodeid.rfind("@") > nodeid.rfind("]"):
        return nodeid.rsplit("@", 1)[0]
    return nodeid


def load(path: Path = PROFILE) -> Durations:
    if not path.exists():
        return Durations({})
    return Durations(json.loads(path.read_text(encoding="utf-8")))


def profile_of(lines: list[str]) -> dict[str, Any]:
    """The profile from `--durations=0` lines (`12.34s call     tests/x.py::test_y`)."""
    per_test: dict[str, float] = defaultdict(float)
    for line in lines:
        match = LINE.match(line)
        if match:
            per_test[plain(match.group(3))] += float(match.group(1))
    files: dict[str, dict[str, float]] = {}
    for nodeid, seconds in sorted(per_test.items()):
        entry = files.setdefault(nodeid.split("::", 1)[0], {"tests": 0, "seconds": 0.0})
        entry["tests"] += 1
        entry["seconds"] = round(entry["seconds"] + seconds, 1)
    alone = {nodeid: round(s, 1) for nodeid, s in sorted(per_test.items()) if s >= ALONE_SECONDS}
    return {"files": files, "tests": alone}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.durations RUN_LOG (a pytest run's --durations=0 output)")
        return 2
    profile = profile_of(Path(argv[0]).read_text(encoding="utf-8", errors="replace").splitlines())
    if not profile["files"]:
        print(f"no durations in {argv[0]} (was it run with --durations=0?)")
        return 1
    PROFILE.write_text(json.dumps(profile, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{PROFILE}: {len(profile['files'])} files, {len(profile['tests'])} tests listed by themselves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

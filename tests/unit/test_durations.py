"""The checked-in profile that orders `make test`'s work longest first (tests/durations.py)."""

from __future__ import annotations

from pathlib import Path

from tests.durations import PROFILE, TIER_SECONDS, Durations, load, plain, profile_of

RUN = """
============================= slowest durations =============================
375.08s call     tests/scaleout/test_crossings_topology.py::test_crossings_against_two_workers_and_a_follower
12.50s setup    tests/e2e/test_whole_walk.py::test_the_whole_walk[chromium-en-phone]
30.00s call     tests/e2e/test_whole_walk.py::test_the_whole_walk[chromium-en-phone]
4.00s call     tests/e2e/test_whole_walk.py::test_the_whole_walk[chromium-fa-desktop]@walk
2.00s call     tests/e2e/test_whole_walk.py::test_other
0.40s teardown tests/api/test_cli_matrix.py::test_help_documents_the_exit_codes[sqlite]
(3 durations < 0.005s hidden.  Use -vv to show these durations.)
"""


def test_a_runs_durations_become_files_and_long_tests() -> None:
    profile = profile_of(RUN.splitlines())
    assert profile["files"]["tests/e2e/test_whole_walk.py"] == {"tests": 3, "seconds": 48.5}
    assert profile["files"]["tests/api/test_cli_matrix.py"] == {"tests": 1, "seconds": 0.4}
    # setup, call and teardown are one test's; xdist's group suffix is not part of its id
    assert profile["tests"] == {
        "tests/e2e/test_whole_walk.py::test_the_whole_walk[chromium-en-phone]": 42.5,
        "tests/scaleout/test_crossings_topology.py::test_crossings_against_two_workers_and_a_follower": 375.1,
    }


def test_a_test_takes_its_own_time_else_its_files_average_else_its_tiers() -> None:
    durations = Durations(profile_of(RUN.splitlines()))
    assert durations.of("tests/e2e/test_whole_walk.py::test_the_whole_walk[chromium-en-phone]@x") == 42.5
    # the file's other tests share what the long one left: (48.5 - 42.5) / 2
    assert durations.of("tests/e2e/test_whole_walk.py::test_new_one") == 3.0
    assert durations.of("tests/e2e/test_new_file.py::test_x") == TIER_SECONDS["e2e"]
    assert durations.of("tests/unit/test_new_file.py::test_x") < 1


def test_a_group_suffix_is_dropped_but_not_an_at_sign_in_a_parameter() -> None:
    assert plain("tests/a.py::test_b[x]@tests/a.py") == "tests/a.py::test_b[x]"
    assert plain("tests/a.py::test_b[user@host]") == "tests/a.py::test_b[user@host]"


def test_the_checked_in_profile_knows_the_suites_longest_tests() -> None:
    durations = load()
    assert PROFILE.exists()
    topology = "tests/scaleout/test_crossings_topology.py::test_crossings_against_two_workers_and_a_follower"
    assert durations.of(topology) > durations.of("tests/unit/test_durations.py::test_x") * 50
    assert load(Path("/nonexistent/durations.json")).of(topology) == TIER_SECONDS["scaleout"]

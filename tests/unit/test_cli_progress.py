"""The progress meter of long `freight` runs: rate and time left on a terminal, nothing otherwise."""

from __future__ import annotations

import io

from api.cli.progress import Meter, duration


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_rate_and_the_time_left() -> None:
    screen = Terminal()
    meter = Meter("replay", stream=screen, every=0)
    meter(2_500, 10_000, 0.5)  # 5,000 events/s: 7,500 left take 1.5 s
    line = screen.getvalue()
    assert line.startswith("\rreplay [######")
    assert "2,500/10,000 events" in line and "5,000 events/s" in line and "0:02 left" in line
    meter(10_000, 10_000, 2.0)
    assert screen.getvalue().rstrip().endswith("10,000/10,000 events  5,000 events/s  done")  # padded
    meter.finish()
    assert screen.getvalue().endswith("\r")


def test_updates_are_throttled_but_the_last_one_always_shows() -> None:
    screen = Terminal()
    meter = Meter("seed-demo", stream=screen, every=60)
    meter(1, 100, 0.1)
    meter(2, 100, 0.2)  # within the interval: not drawn
    assert screen.getvalue().count("\r") == 1
    meter(100, 100, 1.0)
    assert screen.getvalue().count("\r") == 2


def test_not_a_terminal_stays_silent() -> None:
    log = io.StringIO()
    meter = Meter("verify: rebuild", stream=log, every=0)
    meter(5, 10, 1.0)
    meter(10, 10, 2.0)
    meter.finish()
    assert log.getvalue() == ""


def test_durations_read_like_a_clock() -> None:
    assert [duration(s) for s in (0, 59.6, 61, 3600, 3725)] == ["0:00", "1:00", "1:01", "1:00:00", "1:02:05"]

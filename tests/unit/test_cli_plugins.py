"""`freight bench` comes from the benchmark's own entry point: the product imports nothing of
bench/, and a broken add-on leaves the product's commands working."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

import pytest

from api.cli import app
from api.cli.commands import COMMANDS


class BrokenPlugin:
    name = "broken"

    def load(self) -> Any:
        raise ImportError("no module named 'gone'")


def test_the_bench_command_is_registered_by_its_entry_point() -> None:
    names = {plugin.name: plugin.value for plugin in entry_points(group=app.PLUGINS)}
    assert names == {"bench": "bench.cli"}
    app.load_plugins()
    assert COMMANDS["bench"].run.__module__ == "bench.cli"


def test_a_broken_plugin_is_reported_and_the_rest_still_parse(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app, "entry_points", lambda group: [BrokenPlugin()])
    parser = app.build_parser()
    assert parser.parse_args(["verify"]).command == "verify"
    assert "the broken command is unavailable (no module named 'gone')" in capsys.readouterr().err

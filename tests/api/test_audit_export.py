"""`freight audit export` / `freight audit check`: a hash-chained history that proves itself whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.cli import main as freight
from api.settings import Settings
from domain.accounts.account import account_id
from domain.shared.actor import ADMIN, Actor
from projections.audit_export import ChainBroken, check
from tests.app_services import services_of
from tests.conftest import ADMIN_USERNAME


@pytest.fixture
def exported(client: TestClient, settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    services = services_of(client)
    admin = Actor(str(account_id(ADMIN_USERNAME)), ADMIN)
    for name in ("ann", "bob"):
        services.accounts.create_staff(name, "Staff-Pass1", ["auditor"], admin)
    monkeypatch.setenv("VAR_DIR", str(settings.VAR_DIR))
    if settings.DATABASE_URL:
        monkeypatch.setenv("DATABASE_URL", settings.DATABASE_URL)
    else:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    out = tmp_path / "history.jsonl"
    assert freight(["audit", "export", "--out", str(out)]) == 0
    return out


def test_export_has_every_event_in_order_and_checks(exported: Path, client: TestClient) -> None:
    lines = exported.read_text().splitlines()
    records = [json.loads(line) for line in lines[:-1]]
    head = services_of(client).store.head()
    assert [r["position"] for r in records] == list(range(1, head + 1))
    assert json.loads(lines[-1]) == {"end": True, "lines": head, "hash": records[-1]["hash"]}
    assert records[0]["actor_role"] == "system"  # the bootstrap admin
    assert check(lines) == head
    assert freight(["audit", "check", str(exported)]) == 0


def test_flipping_one_byte_fails_and_names_the_line(
    exported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = exported.read_text().splitlines()
    target = 2  # the third line: change one character in its middle
    line = lines[target]
    middle = len(line) // 2
    lines[target] = line[:middle] + ("x" if line[middle] != "x" else "y") + line[middle + 1 :]
    exported.write_text("\n".join(lines) + "\n")
    with pytest.raises(ChainBroken) as broken:
        check(lines)
    assert broken.value.line == target + 1
    assert freight(["audit", "check", str(exported)]) == 1
    assert f"line {target + 1}" in capsys.readouterr().err


def test_removed_and_cut_lines_are_caught(exported: Path) -> None:
    lines = exported.read_text().splitlines()
    with pytest.raises(ChainBroken) as removed:
        check(lines[:1] + lines[2:])
    assert removed.value.line == 2
    with pytest.raises(ChainBroken, match="seal"):
        check(lines[:-2])
    with pytest.raises(ChainBroken, match="seal"):
        check(lines[:-1])

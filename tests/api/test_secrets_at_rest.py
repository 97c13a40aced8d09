"""Secrets at rest. `serve` and `follow` refuse a JWT_SECRET under 32 bytes (exit 2, one line), and
so does the app however it is started; every file the app writes under VAR_DIR that holds secrets or
personal data (the event store, read models, the outbox with live links and codes, the development JWT
secret, uploads) is created 0600, the uploads' folders 0700."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.cli import main
from api.main import create_app
from api.settings import Settings
from tests.api.accounts_support import outbox
from tests.api.booking_support import upload
from tests.api.identity_support import customer_with_email
from tests.conftest import ADMIN_PASSWORD, login, make_settings

WEAK = ("a", "short-secret", "x" * 31, "é" * 15)  # the last: 30 bytes in 15 characters


@pytest.mark.parametrize("command", ["serve", "follow"])
def test_serve_and_follow_refuse_a_weak_jwt_secret(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no developer's .env
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("ADMIN_PASSWORD", ADMIN_PASSWORD)
    for secret in WEAK:
        monkeypatch.setenv("JWT_SECRET", secret)
        capfd.readouterr()
        assert main([command]) == 2
        out, err = capfd.readouterr()
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith(f"freight {command}: JWT_SECRET is "), err
        assert "at least 32" in lines[0] and "Traceback" not in out + err
        assert len(secret) < 4 or secret not in lines[0]  # never the secret itself
    print(f"weak JWT_SECRET at `{command}`: tried {len(WEAK)}, started 0")


def test_the_app_refuses_a_weak_secret_however_it_is_started(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "var").model_copy(update={"JWT_SECRET": "a"})
    with pytest.raises(RuntimeError, match="JWT_SECRET is 1 bytes"), TestClient(create_app(settings)):
        pass
    assert (
        make_settings(tmp_path / "var").model_copy(update={"JWT_SECRET": "é" * 16}).weak_jwt_secret() is None
    )


@pytest.fixture
def dev_settings(database_url: str | None, tmp_path: Path) -> Settings:
    """No JWT_SECRET: the development secret is generated under VAR_DIR."""
    return make_settings(tmp_path / "var", database_url).model_copy(update={"JWT_SECRET": None})


def test_files_with_secrets_or_personal_data_are_the_owners_alone(dev_settings: Settings) -> None:
    with TestClient(create_app(dev_settings), raise_server_exceptions=False) as client:
        admin = login(client, "admin", ADMIN_PASSWORD)
        customer, _ = customer_with_email(client, admin)
        upload(client, customer)
        assert outbox(client)  # codes and links were written
    var = dev_settings.VAR_DIR
    expected = {"outbox.jsonl", "jwt-secret"} | (
        {"events.db", "read.db"} if not dev_settings.uses_postgres else set()
    )
    found, wide = set(), []
    for folder, _, files in os.walk(var):
        mode = stat.S_IMODE(os.stat(folder).st_mode)
        if "uploads" in Path(folder).relative_to(var).parts and mode != 0o700:
            wide.append(f"{Path(folder).relative_to(var)}/ {oct(mode)}")  # uploads name their owners
        for name in files:
            path = Path(folder) / name
            found.add(name)
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode != 0o600 and not name.endswith(".lock"):
                wide.append(f"{path.relative_to(var)} {oct(mode)}")
    assert expected <= found, found
    assert any(Path(folder).name == "files" for folder, _, _ in os.walk(var)), "no upload was stored"
    print(f"files under VAR_DIR: tried {len(found)}, wider than the owner {len(wide)}")
    assert not wide, wide

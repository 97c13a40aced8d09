"""PUBLIC_URL: every link the product writes starts with the address people reach the portal at, whichever
process writes it; a followers-only process, which serves nothing, refuses to start without one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from api.main import create_app
from api.settings import ExplicitSettings, Settings
from tests.api.accounts_support import ADMIN, INDIVIDUAL_FORM, last_link, ok, sign_up_individual
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login, make_settings

PUBLIC_URL = "https://freight.example.test"
ROOT = Path(__file__).resolve().parents[2]


def test_the_e_mailed_links_and_the_documented_servers_start_with_the_public_address(
    database_url: str | None, tmp_path: Path
) -> None:
    # Served on loopback, reached through a proxy at PUBLIC_URL: the served address appears in no link.
    settings = make_settings(tmp_path / "var", database_url, PUBLIC_URL=f"{PUBLIC_URL}/", PORT=8123)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
        form = sign_up_individual(client, INDIVIDUAL_FORM)
        ok(client.post(f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin))
        link, _, national_id = last_link(client, form["email"])
        assert link.startswith(f"{PUBLIC_URL}/forgetpassword/createpassword?"), link
        assert national_id == form["nationalId"]
        assert client.get("/openapi.json").json()["servers"] == [{"url": PUBLIC_URL}]


def test_without_a_public_address_a_served_process_links_to_its_own_address(tmp_path: Path) -> None:
    """`make run` on one machine: the served address is where the person is."""
    settings = make_settings(tmp_path / "var", HOST="127.0.0.1", PORT=8123)
    assert settings.public_url == "http://127.0.0.1:8123"


@pytest.mark.parametrize(
    "bad",
    [
        "freight.example.test",
        "ftp://freight.example.test",
        "https://",
        "https://x.test/app",
        "https://x.test/?a=1",
    ],
)
def test_a_public_address_that_is_not_an_origin_is_refused(bad: str) -> None:
    with pytest.raises(ValidationError, match="PUBLIC_URL"):
        ExplicitSettings(PUBLIC_URL=bad)


def test_follow_refuses_to_start_without_a_public_address(tmp_path: Path) -> None:
    env = {
        **{key: value for key, value in os.environ.items() if key not in Settings.model_fields},
        "VAR_DIR": str(tmp_path / "var"),
        "JWT_SECRET": "public-address-secret-public-address-secret",
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
    }
    ran = subprocess.run(
        [sys.executable, "-m", "api.cli", "follow"],
        cwd=tmp_path,  # no developer's .env
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [line for line in ran.stderr.splitlines() if line.strip()]
    assert ran.returncode == 2, ran.stderr
    assert len(lines) == 1 and lines[0].startswith("freight follow: set PUBLIC_URL"), ran.stderr

"""A journey on the real server (`freight serve`, access log on): no code, token or password in its log."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx

from tests.api.accounts_support import ADMIN, AUTH, CLIENT, INDIVIDUAL_FORM, PASSWORD, ok
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.live_server import running_server

NEW = "Another-Pass2"


def _messages(var_dir: Path, channel: str, to: str, key: str, seen: int) -> list[Any]:
    """Waits for more than `seen` messages of this kind in the outbox (the policies run in the background)."""
    deadline = time.monotonic() + 20
    path = var_dir / "outbox.jsonl"
    while time.monotonic() < deadline:
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        found = [
            m["data"][key]
            for m in map(json.loads, filter(None, lines))
            if m["channel"] == channel and m["to"] == to and key in m["data"]
        ]
        if len(found) > seen:
            return found
        time.sleep(0.1)
    raise AssertionError(f"no new {channel} to {to}")


def test_a_journey_leaves_no_secret_in_any_log(tmp_path: Path) -> None:
    var_dir = tmp_path / "var"
    env = {
        "VAR_DIR": str(var_dir),
        "ADMIN_USERNAME": ADMIN_USERNAME,
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
        "JWT_SECRET": "logs-secret-logs-secret-logs-secret-logs",
    }
    form, national_id = INDIVIDUAL_FORM, INDIVIDUAL_FORM["nationalId"]
    secrets: list[str] = [ADMIN_PASSWORD, PASSWORD, NEW, env["JWT_SECRET"]]
    codes: list[str] = []
    log = tmp_path / "server.log"
    with running_server(env, log) as url, httpx.Client(base_url=url, timeout=30) as client:
        start = {"nationalId": national_id, "phone": form["phone"]}
        ok(client.post(f"{CLIENT}/indivisual-customers/register/start", json=start))
        ok(client.post(f"{CLIENT}/indivisual-customers/register/finalize", json=form))
        codes += map(str, _messages(var_dir, "sms", form["phone"], "code", 0))
        wrong = f"{(int(codes[-1]) + 1) % 100000:05d}"
        verify = f"{CLIENT}/Indivisual-customers/register/verify"
        assert client.post(verify, json={"nationalId": national_id, "code": wrong}).status_code == 400
        ok(client.post(verify, json={"nationalId": national_id, "code": codes[-1]}))

        admin_token = ok(
            client.post(f"{AUTH}/login", json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD})
        )["token"]
        secrets.append(admin_token)
        staff = {"Authorization": f"Bearer {admin_token}"}
        ok(client.post(f"{ADMIN}/indivisual-customer/register-requests/{national_id}", headers=staff))

        def open_link_and_set(password: str, seen: int) -> None:
            link = _messages(var_dir, "email", form["email"], "link", seen)[-1]
            token = parse_qs(urlparse(link).query)["token"][0]
            secrets.append(token)
            client.get(link)  # the customer opens the e-mailed link: the web app's page
            body = {"token": token, "newPassword": password, "confirmNewPassword": password}
            ok(client.put(f"{AUTH}/{national_id}/reset-password", json=body))

        open_link_and_set(PASSWORD, 0)
        customer_token = ok(
            client.post(f"{AUTH}/login", json={"username": national_id, "password": PASSWORD})
        )["token"]
        secrets.append(customer_token)
        change = {"currentPassword": PASSWORD, "newPassword": NEW, "confirmNewPassword": NEW}
        changed = ok(
            client.put(
                f"{AUTH}/change-password", json=change, headers={"Authorization": f"Bearer {customer_token}"}
            )
        )
        secrets += [changed["token"]] if "token" in changed else []  # (the renewed session's token)
        ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
        open_link_and_set(NEW, 1)
        # A client that puts a token into a query string by mistake is not logged with it either.
        client.get(f"{AUTH}/me", params={"token": customer_token})

    text = log.read_text(encoding="utf-8")
    # The access log was on and kept the page's line, the token masked (and no logging error instead of it).
    assert '"GET /forgetpassword/createpassword?token=[redacted]&nationalId=' in text
    assert "Logging error" not in text and "Traceback" not in text
    for secret in secrets:
        assert secret not in text, f"a secret ({secret[:6]}...) reached the log"
    for code in codes:
        # Five digits: not as part of a longer number, nor as a port (`127.0.0.1:12345`).
        assert not re.search(rf"(?<![:\d]){code}(?!\d)", text), "a verification code reached the log"

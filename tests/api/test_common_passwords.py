"""A new password on a common list (zxcvbn's), or made of the account's own id, is refused at the
field, on a change, a reset and the first password alike; the old password stays."""

from __future__ import annotations

from fastapi.testclient import TestClient

from domain.shared.messages import message
from tests.api.accounts_support import AUTH, PASSWORD, fails, last_link, ok
from tests.api.identity_support import customer_with_email
from tests.conftest import login

COMMON = message("accounts.password.common")


def test_common_passwords_are_refused_at_the_field(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers, national_id = customer_with_email(client, admin_headers)
    # "Constitution1" is guessable by the English word lists, which only the server holds (decision 3817).
    refused = {"Password1", "Qwerty123", "P@ssw0rd", "Welcome1", "Constitution1", f"{national_id}A"}
    tried = 0
    for weak in sorted(refused):
        body = {"currentPassword": PASSWORD, "newPassword": weak, "confirmNewPassword": weak}
        assert fails(client.put(f"{AUTH}/change-password", json=body, headers=headers), 400)["fields"] == {
            "newPassword": COMMON
        }, weak
        tried += 1
    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    _, token, _ = last_link(client, f"c{national_id}@example.com")
    body = {"token": token, "newPassword": "Qwerty123", "confirmNewPassword": "Qwerty123"}
    assert fails(client.put(f"{AUTH}/{national_id}/reset-password", json=body), 400)["fields"] == {
        "newPassword": COMMON
    }
    print(f"common passwords: tried {tried + 1}, accepted 0")
    login(client, national_id, PASSWORD)  # nothing changed
    fine = "Harbour-Crane7"
    body = {"currentPassword": PASSWORD, "newPassword": fine, "confirmNewPassword": fine}
    ok(client.put(f"{AUTH}/change-password", json=body, headers=headers))

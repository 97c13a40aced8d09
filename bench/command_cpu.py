"""CPU per command in one process: `python -m bench.command_cpu [CHAINS]`.

The server in-process on SQLite (API, read models and policies in one interpreter, `--workers 1`'s shape),
driven through the ASGI test client without a network: CHAINS (default 300) create -> quote -> accept
chains after 30 to warm up, the process's CPU time and the wall time per command printed. Run it against two
trees in turn, alternating (`PYTHONPATH=/tmp/base python bench/command_cpu.py`: run as a file, so the tree
first on the path is the one measured), to compare the work a change takes off each command, with less of
the shared machine's noise than the bench's server CPU over HTTP.
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from bench.load import rate_request_payload

CLIENT = "/booking/api/v1/client"
ADMIN = "/booking/api/v1/admin"
ADMIN_PASSWORD = "Admin-Pass-123456"
CUSTOMER_PASSWORD = "Customer-Pass1"


def measure(chains: int) -> tuple[float, float]:
    """(CPU ms, wall ms) per command over `chains` create/quote/accept chains."""
    from fastapi.testclient import TestClient

    from api.main import create_app
    from api.settings import ExplicitSettings
    from domain.accounts.account import INDIVIDUAL, Account
    from domain.accounts.passwords import hash_password
    from domain.shared.actor import SYSTEM_ACTOR

    with tempfile.TemporaryDirectory() as tmp:
        var = Path(tmp) / "var"
        settings = ExplicitSettings(
            VAR_DIR=var,
            JWT_SECRET="bench-secret-that-is-long-enough-for-hs256",
            WEB_DIST=var / "no-web",
            SMTP_URL=None,
            ADMIN_PASSWORD=ADMIN_PASSWORD,
        )
        app = create_app(settings)
        with TestClient(app) as client:
            services = app.state.services
            account = Account.open("bench-cmd", INDIVIDUAL, [], {"firstName": "B"}, SYSTEM_ACTOR)
            account.set_password(hash_password(CUSTOMER_PASSWORD), SYSTEM_ACTOR)
            services.settle(services.accounts.record(account))

            def bearer(username: str, password: str) -> dict[str, str]:
                answer = client.post("/auth/api/v1/login", json={"username": username, "password": password})
                return {"Authorization": "Bearer " + answer.json()["response"]["token"]}

            customer, admin = bearer("bench-cmd", CUSTOMER_PASSWORD), bearer("admin", ADMIN_PASSWORD)
            body = rate_request_payload(1)
            quote = {"price": 1250.5, "validUntil": (date.today() + timedelta(days=10)).isoformat()}

            def checked(answer: Any) -> Any:
                assert answer.status_code < 300, answer.text
                return answer.json()

            def chain() -> None:
                created = checked(client.post(f"{CLIENT}/rate-requests", headers=customer, json=body))
                rid = created["response"]["id"]
                checked(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=quote))
                checked(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=customer))

            for _ in range(30):
                chain()
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(chains):
                chain()
            commands = 3 * chains
            return (
                (time.process_time() - cpu) / commands * 1e3,
                (time.perf_counter() - wall) / commands * 1e3,
            )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    cpu, wall = measure(int(args[0]) if args else 300)
    print(f"CPU per command {cpu:.3f} ms, wall {wall:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

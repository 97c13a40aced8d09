"""Fuzzing against the contract: schemathesis calls every operation of the live app (SQLite) as an anonymous
caller, a customer and an admin, with all its default checks, response-schema conformance included.

Bounded so that `make test` stays quick: a fixed seed, a few examples per operation, no coverage or stateful
phase. A check this API does not pass on purpose is switched off in `EXCLUDED_CHECKS`, and an operation the
fuzzer cannot or should not call is left out in `EXCLUDED_OPERATIONS`, each with its reason: those two dicts
are the one place where the contract's exceptions are named.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from schemathesis.config import SchemathesisConfig
from schemathesis.python import asgi

from api.main import create_app
from domain.accounts.account import INDIVIDUAL, Account
from domain.shared.actor import SYSTEM_ACTOR
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, TEST_PASSWORDS, login, make_settings

SEED = 1301
EXAMPLES_PER_OPERATION = 2
CUSTOMER, CUSTOMER_PASSWORD = "fuzzed-customer", "Customer-Pass1"

# check name -> why this API does not pass it. Keep each entry short and honest.
EXCLUDED_CHECKS: dict[str, str] = {
    "positive_data_acceptance": (
        "request schemas declare shapes (text, number, optional); the rules with the specification's "
        "messages (required text, lengths, patterns, existing reference ids, whose account) answer 400 "
        "from the domain, and a schema cannot say them all. Stricter shapes at the edge: issue 16."
    ),
    "ignored_auth": (
        "its probe without credentials goes out through the requests transport, which cannot reach the "
        "in-process ASGI app (an error, not a finding); every door without and with ended credentials is "
        "called by tests/api/test_identity_doors.py"
    ),
}


# operation -> why the fuzzer does not call it. The same rule as above: each reason short and honest.
_UNSATISFIABLE = (
    "its body's equipment is the Bill of Lading standard's `oneOf` told apart by `isShipperOwned` (true or "
    "false), which the generator cannot satisfy; tests/api/test_dcsa_ebl.py sends valid and invalid bodies "
    "and checks every answer against the vendored document"
)
_NOT_BUILT = "answers 501 with the standard's ErrorResponse by design: direct amendments are not offered"
EXCLUDED_OPERATIONS: dict[str, str] = {
    "POST /v3/shipping-instructions": _UNSATISFIABLE,
    "PUT /v3/shipping-instructions/{documentReference}": _UNSATISFIABLE,
    "GET /v3/transport-documents/{transportDocumentReference}/amendment": _NOT_BUILT,
    "PUT /v3/transport-documents/{transportDocumentReference}/amendment": _NOT_BUILT,
    "DELETE /v3/transport-documents/{transportDocumentReference}/amendment": _NOT_BUILT,
}


def _config() -> SchemathesisConfig:
    checks = {name: {"enabled": False} for name in EXCLUDED_CHECKS}
    return SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "generation": {"max-examples": EXAMPLES_PER_OPERATION},
            "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
            "checks": checks,
        }
    )


# The operations come from the document the code declares; the calls go to a live app (fixture `live_app`).
schema = schemathesis.openapi.from_dict(create_app().openapi(), config=_config()).exclude(
    name=list(EXCLUDED_OPERATIONS)
)


@pytest.fixture(scope="module")
def live_app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    app = create_app(make_settings(tmp_path_factory.mktemp("fuzz") / "var"))
    # schemathesis' ASGI client starts the app's lifespan (once per app, for the rest of the process).
    # schemathesis types an ASGI app with dict messages, Starlette with MutableMapping: the same protocol.
    with asgi.get_client(app) as client:  # type: ignore[arg-type]
        assert client.get(f"http://{asgi.HOST}/health").status_code == 200
    return app


@pytest.fixture(scope="module")
def callers(live_app: FastAPI) -> dict[str, dict[str, str]]:
    services = services_of(live_app)
    account = Account.open(CUSTOMER, INDIVIDUAL, [], {"firstName": "Fuzz", "lastName": "Er"}, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(CUSTOMER_PASSWORD), SYSTEM_ACTOR)
    services.settle(services.accounts.record(account))
    client = TestClient(live_app)  # no `with`: the lifespan already runs
    return {
        "anonymous": {},
        "customer": login(client, CUSTOMER, CUSTOMER_PASSWORD),
        "admin": login(client, ADMIN_USERNAME, ADMIN_PASSWORD),
    }


@pytest.fixture(scope="module", params=["anonymous", "customer", "admin"])
def caller(request: pytest.FixtureRequest, callers: dict[str, dict[str, str]]) -> dict[str, str]:
    return callers[str(request.param)]


@schema.parametrize()
def test_every_operation_keeps_the_contract(case: Any, live_app: FastAPI, caller: dict[str, str]) -> None:
    case.call_and_validate(app=live_app, headers=caller)


def test_the_exclusions_are_known_checks() -> None:
    from schemathesis.checks import CHECKS, load_all_checks

    load_all_checks()
    known = {check.__name__ for check in CHECKS.get_all()}
    assert set(EXCLUDED_CHECKS) <= known, json.dumps(sorted(known))
    assert all(reason.strip() for reason in EXCLUDED_CHECKS.values())
    operations = {
        f"{method.upper()} {path}" for path, ops in create_app().openapi()["paths"].items() for method in ops
    }
    assert set(EXCLUDED_OPERATIONS) <= operations, "an excluded operation the app no longer has"
    assert Path(__file__).is_file()

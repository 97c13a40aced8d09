"""The suite hashes passwords at argon2's least cost (tests/conftest.py); production's cost is proved here:
it is the settings' default, and an app started on the default settings stores its hashes at that cost and
checks them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import ExplicitSettings, Settings
from domain.accounts.passwords import PRODUCTION_COST, HashCost, Passwords
from projections.accounts import find_by_username
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, TEST_HASH_SETTINGS, login

# argon2id's encoding of RFC 9106's second recommended option: 64 MiB, 3 passes, 4 lanes.
PRODUCTION_PARAMETERS = "$argon2id$v=19$m=65536,t=3,p=4$"


def test_production_cost_is_the_default() -> None:
    assert HashCost(time_cost=3, memory_kib=65536, parallelism=4) == PRODUCTION_COST
    defaults = {name: field.default for name, field in Settings.model_fields.items()}
    assert (
        HashCost(
            defaults["PASSWORD_HASH_TIME_COST"],
            defaults["PASSWORD_HASH_MEMORY_KIB"],
            defaults["PASSWORD_HASH_PARALLELISM"],
        )
        == PRODUCTION_COST
    )
    assert Passwords().hash("Admin-Pass1").startswith(PRODUCTION_PARAMETERS)


def test_a_cost_under_argons_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="PASSWORD_HASH_MEMORY_KIB"):
        ExplicitSettings(PASSWORD_HASH_MEMORY_KIB=16, PASSWORD_HASH_PARALLELISM=4).password_hash_cost()


@pytest.fixture
def production_client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """An app on the test's settings with the password cost left at its default."""
    for name in TEST_HASH_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    defaults = ExplicitSettings(**settings.model_dump(exclude=set(TEST_HASH_SETTINGS)))
    with TestClient(create_app(defaults), raise_server_exceptions=False) as test_client:
        yield test_client


def test_an_app_on_the_default_settings_hashes_at_production_cost(production_client: TestClient) -> None:
    services = services_of(production_client)
    assert services.accounts.passwords.cost == PRODUCTION_COST
    login(production_client, ADMIN_USERNAME, ADMIN_PASSWORD)
    with services.read_models.read() as tx:
        admin = find_by_username(tx, ADMIN_USERNAME)
    assert admin is not None and admin["password_hash"].startswith(PRODUCTION_PARAMETERS)
    wrong = production_client.post(
        "/auth/api/v1/login", json={"username": ADMIN_USERNAME, "password": "Wrong-1x"}
    )
    assert wrong.status_code == 401

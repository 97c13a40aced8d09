"""Real ports: the UN/LOCODE ports (function 1) are searchable by code or name, the seed ports keep their
ids, and the /v2 door takes any UN/LOCODE port."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from domain.booking.reference import seed_ports, unlocode_port_id
from tests.api.booking_support import CLIENT, customer, ok
from tests.app_services import services_of

PORTS = f"{CLIENT}/rate-request/general/port/loadings"


@pytest.mark.parametrize(
    ("search", "code"),
    [
        ("IRZBR", "IRZBR"),
        ("chabahar", "IRZBR"),
        ("Assaluyeh", "IRASA"),
        ("nokrs", "NOKRS"),
        ("Nuuk", "GLGOH"),
    ],
)
def test_any_unlocode_port_is_found_by_code_or_name(client: TestClient, search: str, code: str) -> None:
    headers = customer(client, "port-searcher")
    found = ok(client.get(PORTS, params={"search": search}, headers=headers))["list"]["list"]
    assert code in [p["code"] for p in found]
    port = next(p for p in found if p["code"] == code)
    assert port["value"] == port["id"] == unlocode_port_id(code)
    assert code in port["name"]


def test_the_served_list_keeps_its_shape_and_ids(client: TestClient) -> None:
    headers = customer(client, "port-lister")
    listed = ok(client.get(PORTS, headers=headers))["list"]
    seeds = seed_ports()
    assert listed["totalCount"] == len(listed["list"]) == len(seeds)
    assert [(p["id"], p["code"]) for p in listed["list"]] == [(p.id, p.code) for p in seeds]
    exact = ok(client.get(PORTS, params={"search": "cnsha"}, headers=headers))["list"]["list"]
    assert exact[0]["code"] == "CNSHA" and exact[0]["id"] == next(p.id for p in seeds if p.code == "CNSHA")


def test_a_second_start_does_not_write_the_ports_again(client: TestClient) -> None:
    from projections.booking.reference import seed_reference

    services = services_of(client)
    started = time.perf_counter()
    seed_reference(services.read_models)
    assert time.perf_counter() - started < 2.0
    with services.read_models.read() as tx:
        assert tx.scalar("SELECT COUNT(*) FROM booking_ports WHERE code = 'IRZBR'") == 1

"""The booking read queries answer what the earlier, simpler queries answered, row for row and byte for byte.

The list is one statement (page + count), the detail one statement (request + its order) with reference names
kept per database, LIMIT/OFFSET written into the SQL, and PostgreSQL reads run in autocommit. The reference
implementation below is the code they replaced (COUNT then page; request, then order, then containers, then
every document type), run over a seeded history that reaches every rate-request and order state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from api.bootstrap import Services
from api.cli.demo_seed import Seeder
from api.envelope import render
from api.presenters import booking as present
from api.settings import Settings
from domain.shared.lifecycle import lifecycle
from infrastructure.read_db import PostgresReadModels, SqliteReadModels, Tx
from projections.booking import queries as read
from projections.booking import reference
from tests.conftest import make_settings
from tests.pg import Cluster

# -- the replaced implementation (reference) ------------------------------------------------------------


def old_customer_name(row: dict[str, Any]) -> str:
    try:
        profile = json.loads(row.get("customer_profile") or "{}")
    except ValueError:
        profile = {}
    if not isinstance(profile, dict):
        profile = {}
    person = " ".join(str(profile.get(k) or "").strip() for k in ("firstName", "lastName")).strip()
    return person or str(profile.get("name") or "").strip() or str(row["customer_username"])


def old_list_row(row: dict[str, Any]) -> dict[str, Any]:
    cargo = (
        f"{row['quantity']} x {row['container_size_name']} {row['container_type_name']}, {row['commodity']}"
    )
    return {
        "id": row["id"],
        "reference": row["reference"],
        "waitingFor": row["waiting_for"],
        "commodity": row["commodity"],
        "hsCode": row["hs_code"],
        "quantity": row["quantity"],
        "state": row["state"],
        "stateName": row["state_name"],
        "orderState": row["order_state"],
        "polTitle": present._title(row, "pol"),
        "podTitle": present._title(row, "pod"),
        "cargoDetails": cargo,
        "price": present._money(row["price"]),
        "validUntil": row["valid_until"],
        "preferredShippingDate": row["preferred_shipping_date"],
        "containerType": row["container_type_name"],
        "containerSize": row["container_size_name"],
        "customerName": old_customer_name(row),
        "createdAt": row["created_at"],
        "viaApi": bool(row["via_api"]),
    }


def old_page(tx: Tx, where: str, params: tuple[Any, ...], limit: int, page: int) -> tuple[list[Any], int]:
    total = int(tx.scalar(f"SELECT COUNT(*) FROM booking_rate_requests r {where}", params) or 0)
    rows = tx.all(
        f"{read._LIST_SELECT} {where} ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?",
        (*params, limit, (page - 1) * limit),
    )
    return [old_list_row(r) for r in rows], total


def old_all(tx: Tx, state: int | None, state_name: str | None, limit: int, page: int) -> Any:
    clauses, params = [], []
    if state is not None:
        clauses.append("r.state = ?")
        params.append(state)
    if state_name:
        clauses.append("r.state_name = ?")
        params.append(state_name)
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    return old_page(tx, where, tuple(params), limit, page)


def old_order(row: dict[str, Any] | None, container_numbers: dict[int, str]) -> dict[str, Any] | None:
    if row is None:
        return None
    details = json.loads(row["details"])
    edited = json.loads(row["edited_order"]) if row["edited_order"] else None
    return {
        "id": row["id"],
        "rateRequestId": row["rate_request_id"],
        "status": row["status"],
        "statusName": row["status_name"],
        "statusLabel": lifecycle("shipping_order").labels[row["status_name"]],
        "isSWBL": details.get("is_swbl"),
        "freightType": details.get("freight_type"),
        "cargoDescription": details.get("cargo_description"),
        "imcoClass": details.get("imco_class"),
        "unNumber": details.get("un_number"),
        "temprature": details.get("temperature"),
        "humidity": details.get("humidity"),
        "hasVentilation": details.get("has_ventilation"),
        "parties": [
            {
                "name": p["name"],
                "address": p["address"],
                "phoneNumber": p["phone_number"],
                "fax": p.get("fax"),
                "partyType": p["party_type"],
                "isForSwbl": p["is_for_swbl"],
            }
            for p in details.get("parties", [])
        ],
        "containers": [
            {
                "containerId": c["container_id"],
                "containerNumber": container_numbers.get(c["container_id"]),
                "seal": c["seal"],
                "count": c["count"],
                "type": c["type"],
                "grossWeight": c["gross_weight"],
                "netWeight": c["net_weight"],
            }
            for c in details.get("containers", [])
        ],
        "revise": json.loads(row["revise"]),
        "editedOrder": edited,
        "createdAt": row["created_at"],
        "updatedAt": row["updated_at"],
    }


def new_page(answer: tuple[list[dict[str, Any]], int]) -> tuple[list[dict[str, Any]], int]:
    """A page as the API answers it: the query's rows through the presenter."""
    rows, total = answer
    return [present.list_row(r) for r in rows], total


def new_detail(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    record = read.rate_request_detail(tx, rate_request_id)
    return None if record is None else present.detail(record)


def old_detail(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    row = tx.one(f"{read._LIST_SELECT} WHERE r.id = ?", (rate_request_id,))
    if row is None:
        return None
    order_row = tx.one("SELECT * FROM booking_shipping_orders WHERE rate_request_id = ?", (rate_request_id,))
    numbers: dict[int, str] = {}
    if order_row is not None:
        ids = [c["container_id"] for c in json.loads(order_row["details"]).get("containers", [])]
        if ids:
            marks = ", ".join("?" for _ in ids)
            numbers = {
                r["id"]: r["number"]
                for r in tx.all(f"SELECT id, number FROM booking_containers WHERE id IN ({marks})", ids)
            }
    documents = json.loads(row["documents"])
    names = {d["id"]: d["name"] for d in reference.document_types(tx)}

    def file_name(file_id: str | None) -> str | None:
        found = tx.one("SELECT name FROM booking_files WHERE id = ?", (file_id,)) if file_id else None
        return found["name"] if found else None

    return {
        **old_list_row(row),
        "customerId": row["customer_id"],
        "pol": {"id": row["pol_id"], "name": present._title(row, "pol"), "value": row["pol_id"]},
        "pod": {"id": row["pod_id"], "name": present._title(row, "pod"), "value": row["pod_id"]},
        "containerType": {
            "id": row["container_type_id"],
            "name": row["container_type_name"],
            "value": row["container_type_value"],
        },
        "containerSize": {
            "id": row["container_size_id"],
            "name": row["container_size_name"],
            "value": row["container_size_id"],
        },
        "isSwbl": bool(row["is_swbl"]),
        "isSWBL": bool(row["is_swbl"]),
        "isDanger": bool(row["is_danger"]),
        "msds": row["msds"],
        "msdsFileName": file_name(row["msds"]),
        "additionalComment": row["additional_comment"],
        "revisionMessage": row["revision_message"],
        "rejectionMessage": row["rejection_message"],
        "bookingRequest": (
            {
                "documents": [
                    {
                        "documentTypeId": d["document_type_id"],
                        "documentType": names.get(d["document_type_id"]),
                        "fileId": d["file_id"],
                        "fileName": file_name(d["file_id"]),
                    }
                    for d in documents
                ]
            }
            if documents
            else None
        ),
        "order": old_order(order_row, numbers),
        "updatedAt": row["updated_at"],
        # Issue 28's fields came after these queries: read from the same row by the one presenter.
        **present.quote_charges(row),
    }


def old_bytes(response: Any) -> bytes:
    envelope = {"isSuccess": True, "isError": False, "error": None, "response": jsonable_encoder(response)}
    return bytes(JSONResponse(envelope).body)


def new_bytes(response: Any) -> bytes:
    return render({"isSuccess": True, "isError": False, "error": None, "response": response})


# -- a seeded history --------------------------------------------------------------------------------------


@pytest.fixture
def seeded(settings: Settings) -> Iterator[tuple[Services, Seeder]]:
    services = Services(settings)
    try:
        seeder = Seeder(services.store, password_hash="not-a-real-hash", batch_events=500, seed=3)
        seeder.run(2500)
        services.read_follower.catch_up()
        yield services, seeder
    finally:
        services.stop()


def _customer_ids(services: Services) -> list[str]:
    with services.read_models.read() as tx:
        rows = tx.all(
            "SELECT customer_id, COUNT(*) AS n FROM booking_rate_requests GROUP BY customer_id"
            " ORDER BY n DESC, customer_id"
        )
    return [r["customer_id"] for r in rows]


def test_customer_lists_match_the_old_queries(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    customers = _customer_ids(services)
    assert len(customers) >= 3
    compared = 0
    for customer in [*customers[:3], "no-such-customer"]:
        for limit in (1, 3, 10, 100):
            for page in range(1, 5):
                with services.read_models.read() as tx:
                    new = new_page(read.customer_rate_requests(tx, customer, limit, page))
                    old = old_page(tx, "WHERE r.customer_id = ?", (customer,), limit, page)
                assert new == old
                assert new_bytes({"list": {"list": new[0], "totalCount": new[1]}}) == old_bytes(
                    {"list": {"list": old[0], "totalCount": old[1]}}
                )
                compared += len(new[0])
    assert compared > 50


def test_a_page_past_the_end_still_counts_every_row(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    customer = _customer_ids(services)[0]
    with services.read_models.read() as tx:
        total = tx.scalar("SELECT COUNT(*) FROM booking_rate_requests WHERE customer_id = ?", (customer,))
        rows, counted = read.customer_rate_requests(tx, customer, 10, 1000)
    assert rows == [] and counted == total > 0


def test_staff_lists_match_the_old_queries(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    with services.read_models.read() as tx:
        states = tx.all("SELECT DISTINCT state, state_name FROM booking_rate_requests ORDER BY state")
    assert len(states) >= 5
    filters: list[tuple[int | None, str | None]] = [(None, None)]
    filters += [(s["state"], None) for s in states] + [(None, s["state_name"]) for s in states]
    filters += [(states[0]["state"], states[0]["state_name"]), (states[0]["state"], states[1]["state_name"])]
    for state, state_name in filters:
        for limit, page in ((10, 1), (10, 2), (7, 3), (100, 1), (10, 500)):
            with services.read_models.read() as tx:
                new = new_page(read.all_rate_requests(tx, state, state_name, limit, page))
                old = old_all(tx, state, state_name, limit, page)
            assert new == old, (state, state_name, limit, page)


def test_every_detail_matches_the_old_queries(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    with services.read_models.read() as tx:
        ids = [r["id"] for r in tx.all("SELECT id FROM booking_rate_requests ORDER BY id")]
    with_order = with_documents = 0
    for rate_request_id in ids:
        with services.read_models.read() as tx:
            new = new_detail(tx, rate_request_id)
            old = old_detail(tx, rate_request_id)
        assert new == old
        assert new_bytes(new) == old_bytes(old)
        assert new is not None
        with_order += new["order"] is not None and bool(new["order"]["containers"])
        with_documents += new["bookingRequest"] is not None
    assert with_order > 5 and with_documents > 5  # the joined order and the kept names were exercised
    with services.read_models.read() as tx:
        assert read.rate_request_detail(tx, "no-such-request") is None


def test_reference_names_are_kept_per_database_and_new_rows_are_found(tmp_path: Path) -> None:
    first, second = SqliteReadModels(tmp_path / "a.db"), SqliteReadModels(tmp_path / "b.db")
    try:
        for db in (first, second):
            reference.seed_reference(db)
        with first.transaction() as tx:
            added = reference.add_container(tx, "MSCU1234565", 1, 1)
        with second.transaction() as tx:
            assert reference.add_container(tx, "TGHU0000006", 1, 1) == added  # the same id, another number
        with first.read() as tx:
            assert reference._reference_names(tx, "booking_containers", "number", [added, added + 1]) == {
                added: "MSCU1234565"
            }
        with second.read() as tx:  # the first database's memo is not the second's
            assert reference._reference_names(tx, "booking_containers", "number", [added]) == {
                added: "TGHU0000006"
            }
        with first.transaction() as tx:  # a row added later is found: misses are never remembered
            assert reference.add_container(tx, "CSQU3054383", 1, 1) == added + 1
        with first.read() as tx:
            names = reference._reference_names(tx, "booking_containers", "number", [added + 1, added, added])
        assert names == {added: "MSCU1234565", added + 1: "CSQU3054383"}
        assert first.memo[("booking_containers", "number")] == names
    finally:
        first.close()
        second.close()


def test_postgres_reads_leave_pool_connections_transactional(pg_cluster: Cluster, tmp_path: Path) -> None:
    # PostgreSQL only (SQLite reads keep BEGIN/COMMIT), so it takes the cluster, not the two-store fixture.
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    db = PostgresReadModels(settings.read_model_conninfo(), schema="autocommit_check", max_size=1)
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        with db.read() as tx:  # autocommit inside ...
            assert tx.conn.autocommit
            assert tx.scalar("SELECT COUNT(*) FROM t") == 0
        with pytest.raises(RuntimeError), db.transaction() as tx:  # ... and a writer's rollback still works
            assert not tx.conn.autocommit
            tx.execute("INSERT INTO t (id) VALUES (1)")
            raise RuntimeError("roll back")
        with (
            pytest.raises(psycopg.errors.UndefinedColumn),
            db.read() as tx,
        ):  # a failing read returns a usable connection
            tx.one("SELECT no_such_column FROM t")
        with db.read() as tx:
            assert tx.scalar("SELECT COUNT(*) FROM t") == 0
    finally:
        db.drop_schema()
        db.close()

"""The booking read queries, over a seeded history that reaches every rate-request and order state.

The list is one statement (page + count), the detail one statement (request + its order) with reference names
kept per database, LIMIT/OFFSET written into the SQL, and PostgreSQL reads run in autocommit. What an answer
must be is stated here (its keys, its order by the test's own query of the ids, the names it carries), not
computed by a copy of the queries and the presenter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from api.bootstrap import Services
from api.cli.demo_seed import Seeder
from api.edge.envelope import render
from api.presenters import booking as present
from api.settings import Settings
from infrastructure.read_db import PostgresReadModels, Row, SqliteReadModels, Tx
from projections.booking import queries as read
from projections.booking import reference
from projections.booking.handlers import ALL_CUSTOMERS
from tests.conftest import make_settings
from tests.pg import Cluster

# -- what the answers must be, stated here (not computed by a copy of the code under test) ----------------
LIST_KEYS = {
    "id", "reference", "waitingFor", "commodity", "hsCode", "quantity", "state", "stateName", "orderState",
    "orderStateName", "polTitle", "podTitle", "cargoDetails", "price", "validUntil", "preferredShippingDate",
    "containerType", "containerSize", "customerName", "createdAt", "viaApi", "progress",
}  # fmt: skip
DETAIL_KEYS = (LIST_KEYS - {"containerType", "containerSize"}) | {
    "customerId", "customerAddress", "customerPostalCode", "pol", "pod", "containerType", "containerSize",
    "isSwbl", "isSWBL", "isDanger", "msds", "msdsFileName", "additionalComment", "revisionMessage",
    "rejectionMessage", "bookingRequest", "order", "updatedAt", "charges", "totalPrice", "quotedBy",
    "tariffVersion", "tariffRow",
}  # fmt: skip
ORDER_KEYS = {
    "id", "rateRequestId", "status", "statusName", "statusLabel", "isSWBL", "freightType", "cargoDescription",
    "imcoClass", "unNumber", "temprature", "humidity", "hasVentilation", "parties", "containers", "revise",
    "editedOrder", "declineMessage", "createdAt", "updatedAt",
}  # fmt: skip
# The specification's container line, and the kind of package as declared (decision 3871).
CONTAINER_KEYS = {"containerId", "containerNumber", "seal", "count", "type", "grossWeight", "netWeight"} | {
    "packageCode",
    "packageDescription",
}
TITLE = re.compile(r"^.+ \([A-Z0-9]{5}\)$")  # a port as the screens name it: "Bandar Abbas (IRBND)"


def new_page(answer: tuple[list[dict[str, Any]], int]) -> tuple[list[dict[str, Any]], int]:
    """A page as the API answers it: the query's rows through the presenter."""
    rows, total = answer
    return [present.list_row(r) for r in rows], total


def new_detail(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    record = read.rate_request_detail(tx, rate_request_id)
    return None if record is None else present.detail(record)


def ids_newest_first(tx: Tx, where: str = "", params: tuple[Any, ...] = ()) -> list[str]:
    """The list's order, by the test's own query of the ids alone."""
    rows = tx.all(f"SELECT id FROM booking_rate_requests {where} ORDER BY created_at DESC, id DESC", params)
    return [r["id"] for r in rows]


def check_list_row(row: dict[str, Any]) -> None:
    assert set(row) == LIST_KEYS
    assert row["cargoDetails"] == (
        f"{row['quantity']} x {row['containerSize']} {row['containerType']}, {row['commodity']}"
    )
    assert row["polTitle"] is None or TITLE.match(row["polTitle"])
    assert row["customerName"].strip() == row["customerName"] != ""


def check_pages(tx: Tx, pages: Any, expected_ids: list[str]) -> int:
    """Every page of `pages(limit, page)` is the slice of `expected_ids`, each counting all of them."""
    seen = 0
    for limit in (1, 3, 10, 100):
        for page in range(1, 5):
            rows, total = pages(limit, page)
            assert total == len(expected_ids)
            assert [r["id"] for r in rows] == expected_ids[(page - 1) * limit : page * limit]
            for row in rows:
                check_list_row(row)
            seen += len(rows)
    return seen


def old_bytes(response: Any) -> bytes:
    """The envelope as FastAPI's own JSONResponse writes it (the fast renderer must write the same)."""
    envelope = {"isSuccess": True, "isError": False, "error": None, "response": jsonable_encoder(response)}
    return bytes(JSONResponse(envelope).body)


def new_bytes(response: Any) -> bytes:
    return render({"isSuccess": True, "isError": False, "error": None, "response": response})


# -- a seeded history --------------------------------------------------------------------------------------


@pytest.fixture
def seeded(settings: Settings) -> Iterator[tuple[Services, Seeder]]:
    yield from _seeded(settings)


@pytest.fixture
def seeded_on_postgres(pg_cluster: Cluster, tmp_path: Path) -> Iterator[tuple[Services, Seeder]]:
    """The seeded history on PostgreSQL alone: the plan tests read its executed plans."""
    yield from _seeded(make_settings(tmp_path, pg_cluster.create_database("plans")))


def _seeded(settings: Settings) -> Iterator[tuple[Services, Seeder]]:
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


def test_customer_lists_page_the_customers_rows_newest_first(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    customers = _customer_ids(services)
    assert len(customers) >= 3
    compared = 0
    for customer in [*customers[:3], "no-such-customer"]:
        with services.read_models.read() as tx:
            expected = ids_newest_first(tx, "WHERE customer_id = ?", (customer,))

            def pages(limit: int, page: int, customer: str = customer) -> Any:
                return new_page(read.customer_rate_requests(tx, customer, limit, page))

            compared += check_pages(tx, pages, expected)
            rows, total = new_page(read.customer_rate_requests(tx, customer, 10, 1))
        answer = {"list": {"list": rows, "totalCount": total}}
        assert new_bytes(answer) == old_bytes(answer)  # the envelope's bytes are FastAPI's own JSON's
    assert compared > 50


def test_customer_lists_page_oldest_first_and_by_container_type(seeded: tuple[Services, Seeder]) -> None:
    """The orders a customer may ask for, page after page, each stated by the test's own query of the ids."""
    services, _ = seeded
    orders: dict[read.ListOrder, str] = {
        "oldest": "created_at ASC, id ASC",
        "type": "container_type_id ASC, created_at DESC, id DESC",
    }
    for customer in _customer_ids(services)[:3]:
        with services.read_models.read() as tx:
            for sort, order in orders.items():
                rows = tx.all(
                    f"SELECT id FROM booking_rate_requests WHERE customer_id = ? ORDER BY {order}",
                    (customer,),
                )

                def pages(
                    limit: int, page: int, customer: str = customer, sort: read.ListOrder = sort
                ) -> Any:
                    return new_page(read.customer_rate_requests(tx, customer, limit, page, None, sort))

                check_pages(tx, pages, [r["id"] for r in rows])


def test_a_page_past_the_end_still_counts_every_row(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    customer = _customer_ids(services)[0]
    with services.read_models.read() as tx:
        total = tx.scalar("SELECT COUNT(*) FROM booking_rate_requests WHERE customer_id = ?", (customer,))
        rows, counted = read.customer_rate_requests(tx, customer, 10, 1000)
    assert rows == [] and counted == total > 0


def test_staff_lists_filter_by_state_and_page_newest_first(seeded: tuple[Services, Seeder]) -> None:
    services, _ = seeded
    with services.read_models.read() as tx:
        states = tx.all("SELECT DISTINCT state, state_name FROM booking_rate_requests ORDER BY state")
    assert len(states) >= 5
    filters: list[tuple[int | None, str | None]] = [(None, None)]
    filters += [(s["state"], None) for s in states] + [(None, s["state_name"]) for s in states]
    filters += [(states[0]["state"], states[0]["state_name"]), (states[0]["state"], states[1]["state_name"])]
    for state, state_name in filters:
        clauses = [c for c, v in (("state = ?", state), ("state_name = ?", state_name)) if v is not None]
        params = tuple(v for v in (state, state_name) if v is not None)
        with services.read_models.read() as tx:
            expected = ids_newest_first(tx, ("WHERE " + " AND ".join(clauses)) if clauses else "", params)

            def pages(limit: int, page: int, state: Any = state, state_name: Any = state_name) -> Any:
                return new_page(read.all_rate_requests(tx, state, state_name, limit, page))

            check_pages(tx, pages, expected)
            rows, total = new_page(read.all_rate_requests(tx, state, state_name, 10, 500))
        assert rows == [] and total == len(expected)


def test_every_detail_carries_its_list_row_its_names_its_documents_and_its_order(
    seeded: tuple[Services, Seeder],
) -> None:
    services, _ = seeded
    with services.read_models.read() as tx:
        ids = [r["id"] for r in tx.all("SELECT id FROM booking_rate_requests ORDER BY id")]
        listed = {r["id"]: r for r in new_page(read.all_rate_requests(tx, None, None, len(ids), 1))[0]}
    with_order = with_documents = 0
    for rate_request_id in ids:
        with services.read_models.read() as tx:
            detail = new_detail(tx, rate_request_id)
        assert detail is not None and set(detail) == DETAIL_KEYS
        assert new_bytes(detail) == old_bytes(detail)
        row = listed[rate_request_id]
        # The list row's fields, the same in the detail (the choices by name).
        for key in LIST_KEYS - {"containerType", "containerSize"}:
            assert detail[key] == row[key], key
        assert detail["containerType"]["name"] == row["containerType"]
        assert detail["containerSize"]["name"] == row["containerSize"]
        assert detail["pol"]["name"] == row["polTitle"] and detail["pod"]["name"] == row["podTitle"]
        assert detail["isSwbl"] == detail["isSWBL"]
        if detail["bookingRequest"] is not None:
            with_documents += 1
            for document in detail["bookingRequest"]["documents"]:
                assert document["documentType"] and document["fileName"], document
        order = detail["order"]
        if order is not None:
            assert set(order) == ORDER_KEYS and order["rateRequestId"] == rate_request_id
            for container in order["containers"]:
                assert set(container) == CONTAINER_KEYS
                assert container["containerNumber"] and re.fullmatch(
                    r"[A-Z]{4}\d{7}", container["containerNumber"]
                )
            with_order += bool(order["containers"])
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


def test_the_counts_table_is_every_customers_requests_by_state(seeded: tuple[Services, Seeder]) -> None:
    """A list page's total and the overview read `booking_request_counts`: it must hold exactly the rows'
    count per customer and state (and per state over all customers), after a history with every move."""
    services, _ = seeded
    with services.read_models.read() as tx:
        rows = tx.all(
            "SELECT customer_id, state, state_name, COUNT(*) AS n FROM booking_rate_requests"
            " GROUP BY customer_id, state, state_name"
        )
        counted = tx.all("SELECT customer_id, state, state_name, count FROM booking_request_counts")
    expected: dict[tuple[str, int, str], int] = {}
    for row in rows:
        for scope in (row["customer_id"], ALL_CUSTOMERS):
            key = (scope, int(row["state"]), row["state_name"])
            expected[key] = expected.get(key, 0) + int(row["n"])
    stored = {(c["customer_id"], int(c["state"]), c["state_name"]): int(c["count"]) for c in counted}
    # A state every request has left keeps its row at zero.
    assert {key: n for key, n in stored.items() if n} == expected
    assert all(n >= 0 for n in stored.values())
    assert len({state_name for _, _, state_name in expected}) >= 5


class _Recorded:
    """A read transaction that keeps the statements a query function runs (to ask the database's plan)."""

    def __init__(self, tx: Tx) -> None:
        self.tx, self.dialect = tx, tx.dialect
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def all(self, sql: str, params: Any = ()) -> list[Row]:
        self.statements.append((sql, tuple(params)))
        return self.tx.all(sql, params)

    def scalar(self, sql: str, params: Any = ()) -> Any:
        return self.tx.scalar(sql, params)


def _joined_rows(plan: dict[str, Any]) -> list[int]:
    """The rows each join of an executed plan produced."""
    found = (
        [int(plan["Actual Rows"])]
        if "Join" in plan["Node Type"] or plan["Node Type"] == "Nested Loop"
        else []
    )
    return found + [n for child in plan.get("Plans", []) for n in _joined_rows(child)]


def _rows_read(plan: dict[str, Any], table: str) -> list[int]:
    """The rows each scan of `table` in an executed plan produced."""
    found = [int(plan["Actual Rows"])] if plan.get("Relation Name") == table else []
    return found + [n for child in plan.get("Plans", []) for n in _rows_read(child, table)]


def test_a_list_page_joins_only_its_own_rows(seeded_on_postgres: tuple[Services, Seeder]) -> None:
    """Whatever the planner expects, a page's names are joined to the page's rows alone, not to every row of
    the customer (or of the staff list) before sorting: a page costs a page, not the history."""
    services, _ = seeded_on_postgres
    assert services.read_models.dialect == "postgres"
    customer = _customer_ids(services)[0]
    with services.read_models.read() as tx:
        assert (
            int(tx.scalar("SELECT COUNT(*) FROM booking_rate_requests WHERE customer_id = ?", (customer,)))
            > 6
        )
        queries: tuple[Callable[[Any], object], ...] = (
            lambda t: read.customer_rate_requests(t, customer, 3, 2),
            lambda t: read.customer_rate_requests(t, customer, 3, 2, None, "oldest"),
            lambda t: read.customer_rate_requests(t, customer, 3, 2, None, "type"),
            lambda t: read.all_rate_requests(t, None, None, 3, 2),
        )
        for query in queries:
            recorded = _Recorded(tx)
            query(recorded)
            sql, params = recorded.statements[0]
            plan = tx.all("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)[0]["QUERY PLAN"][0]["Plan"]
            joined = _joined_rows(plan)
            assert joined and max(joined) <= 3, joined
            # Read in an index's order: the two pages' rows alone, never all the customer's sorted.
            read_rows = _rows_read(plan, "booking_rate_requests")
            assert read_rows and max(read_rows) <= 6, read_rows


def test_every_seeded_booking_past_confirmation_has_its_sailing(seeded: tuple[Services, Seeder]) -> None:
    """The seeds confirm bookings as staff do without naming a sailing: each carries an estimated one (its
    transport plan and cut-offs), so no confirmed booking reads without them."""
    services, _ = seeded
    with services.read_models.read() as tx:
        confirmed = tx.all(
            "SELECT r.id, s.sailing FROM booking_rate_requests r"
            " LEFT JOIN booking_sailings s ON s.rate_request_id = r.id"
            " WHERE r.state_name IN ('shipping_order', 'completed')"
        )
    assert confirmed
    assert [row["id"] for row in confirmed if row["sailing"] is None] == []
    assert all('"estimated": true' in row["sailing"] for row in confirmed)

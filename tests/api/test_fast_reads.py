"""The hot reads' fast path (api/fast_reads.py): the same answer as the route, byte for byte, and
every refusal still the route's (who is asking, ended sessions, bad input naming the field, not found)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient

from api import fast_reads
from api.main import create_app
from tests.api import booking_support as booking
from tests.api.accounts_support import AUTH
from tests.api.booking_support import ADMIN, CLIENT, fails, ok
from tests.app_services import services_of
from tests.corpus import fresh_national_id

# A GET that says it carries a body never takes the fast path: the route answers it, for comparison.
ROUTE_ONLY = {"Content-Type": "text/plain"}


@pytest.fixture
def fast_answers(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The reads the fast path answered, in order (a spy on its one answering function)."""
    answered: list[Any] = []
    real = fast_reads._answered

    def spy(*args: Any, **query: Any) -> Any:
        answer = real(*args, **query)
        answered.append(args[1].path)
        return answer

    monkeypatch.setattr(fast_reads, "_answered", spy)
    return answered


def _same_as_route(client: TestClient, url: str, headers: dict[str, str], fast_answers: list[Any]) -> Any:
    before = len(fast_answers)
    fast = client.get(url, headers=headers)
    assert len(fast_answers) == before + 1, f"{url} did not take the fast path"
    routed = client.get(url, headers={**headers, **ROUTE_ONLY})
    assert len(fast_answers) == before + 1, f"{url} took the fast path with a Content-Type"
    assert fast.status_code == routed.status_code == 200, fast.text
    assert fast.content == routed.content
    assert fast.headers["content-type"] == routed.headers["content-type"] == "application/json"
    assert fast.headers["content-length"] == routed.headers["content-length"]
    return fast.json()["response"]


def test_each_fast_read_mirrors_the_route_the_app_picks_for_its_paths() -> None:
    """Over the whole app (every router): the first GET route at each fast path is the one mirrored, and
    the literal paths beside `{id}` (not ids) are the ones the fast path leaves to their routes."""
    gets = [
        (str(c.path), c.original_route)
        for c in iter_route_contexts(create_app().router.routes)
        if c.path and "GET" in (c.methods or ())
    ]
    table = fast_reads.FastReads(create_app())._table
    assert set(table.lists) == {fast.path for fast in fast_reads.LISTS}
    assert len(table.details) == len(fast_reads.DETAILS)
    for fast in (*fast_reads.LISTS, *fast_reads.DETAILS):
        assert (
            next(getattr(route, "endpoint", None) for path, route in gets if path == fast.path)
            is fast.endpoint
        )
    for prefix, (fast, literals) in table.details.items():
        beside = {path[len(prefix) :] for path, _ in gets if path.startswith(prefix)}
        assert {segment for segment in beside if "/" not in segment} == {*literals, "{id}"}, fast.path
    assert "documents" in table.details[f"{CLIENT}/rate-requests/"][1]


def test_a_fast_read_whose_route_is_not_the_one_declared_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """A route renamed or replaced: its twin no longer answers (the router does), the others still do."""
    customer_detail, staff_detail = fast_reads.DETAILS
    monkeypatch.setattr(fast_reads, "DETAILS", (replace(customer_detail, endpoint=print), staff_detail))
    monkeypatch.setattr(fast_reads, "LISTS", (replace(fast_reads.LISTS[0], path=f"{CLIENT}/elsewhere"),))
    table = fast_reads._table()
    assert list(table.details) == [f"{ADMIN}/rate-requests/"] and table.lists == {}


def test_a_fast_read_takes_its_query_parameters_from_its_route() -> None:
    """Bounds are the route's, written once: a route that narrows one narrows its twin, and a parameter of
    a kind the layer does not read switches the twin off."""
    from fastapi import APIRouter, Query

    router = APIRouter()

    @router.get("/narrow")
    def narrow(
        limit: int = Query(5, ge=2, le=20),
        search: str | None = Query(None, max_length=7),
        sort: Literal["up", "down"] = Query("up"),
    ) -> None: ...

    @router.get("/odd")
    def odd(when: float = Query(1.5)) -> None: ...

    narrow_route, odd_route = router.routes
    assert isinstance(narrow_route, APIRoute) and isinstance(odd_route, APIRoute)
    assert fast_reads._parameters(narrow_route) == {
        "limit": fast_reads.Number(5, 2, 20),
        "search": fast_reads.Text(None, 7),
        "sort": fast_reads.Choice("up", frozenset({"up", "down"})),
    }
    assert fast_reads._parameters(odd_route) is None
    limit = fast_reads.Number(5, 2, 20)
    assert limit.read("20") == 20
    for refused in ("1", "21", "05", "-3", "2.0"):
        with pytest.raises(fast_reads._NotCertain):
            limit.read(refused)
    sort = fast_reads.Choice("up", frozenset({"up", "down"}))
    assert sort.read("down") == "down"
    for refused in ("Down", "", "sideways"):
        with pytest.raises(fast_reads._NotCertain):
            sort.read(refused)


def test_the_fast_reads_answer_what_the_routes_answer(
    client: TestClient, admin_headers: dict[str, str], fast_answers: list[Any]
) -> None:
    headers = booking.customer(client, fresh_national_id())
    quoted = booking.quoted(client, headers, admin_headers, commodity="Saffron")
    plain = booking.create(client, headers, commodity="Pistachios")["id"]

    listed = _same_as_route(client, f"{CLIENT}/rate-requests", headers, fast_answers)
    assert {row["id"] for row in listed["list"]["list"]} == {quoted, plain}
    page = _same_as_route(client, f"{CLIENT}/rate-requests?limit=1&offset=2", headers, fast_answers)
    assert len(page["list"]["list"]) == 1 and page["list"]["totalCount"] == 2
    found = _same_as_route(client, f"{CLIENT}/rate-requests?search=Saffron", headers, fast_answers)
    assert [row["id"] for row in found["list"]["list"]] == [quoted]
    oldest = _same_as_route(client, f"{CLIENT}/rate-requests?sort=oldest&limit=1", headers, fast_answers)
    assert [row["id"] for row in oldest["list"]["list"]] == [quoted]
    assert _same_as_route(client, f"{CLIENT}/rate-requests/{quoted}", headers, fast_answers)["id"] == quoted

    staff = _same_as_route(client, f"{ADMIN}/rate-requests?limit=100", admin_headers, fast_answers)
    assert {quoted, plain} <= {row["id"] for row in staff["list"]["list"]}
    name = next(row["stateName"] for row in staff["list"]["list"] if row["id"] == quoted)
    assert name != next(row["stateName"] for row in staff["list"]["list"] if row["id"] == plain)
    url = f"{ADMIN}/rate-requests?stateName={name}&limit=100"
    by_state = {row["id"] for row in _same_as_route(client, url, admin_headers, fast_answers)["list"]["list"]}
    assert quoted in by_state and plain not in by_state
    detail = _same_as_route(client, f"{ADMIN}/rate-requests/{plain}", admin_headers, fast_answers)
    assert detail["id"] == plain and "needsAttention" in detail


def test_the_fast_path_refuses_what_the_route_refuses(
    client: TestClient, admin_headers: dict[str, str], fast_answers: list[Any]
) -> None:
    alice = booking.customer(client, fresh_national_id())
    bob = booking.customer(client, fresh_national_id())
    hers = booking.create(client, alice)["id"]

    # Another customer's booking is not found, as one that does not exist; staff paths need staff.
    assert fails(client.get(f"{CLIENT}/rate-requests/{hers}", headers=bob), 404)["description"] == (
        "Rate request not found"
    )
    assert hers not in {
        row["id"] for row in ok(client.get(f"{CLIENT}/rate-requests", headers=bob))["list"]["list"]
    }
    fails(client.get(f"{ADMIN}/rate-requests", headers=alice), 403)
    fails(client.get(f"{ADMIN}/rate-requests/{hers}", headers=alice), 403)
    fails(client.get(f"{CLIENT}/rate-requests", headers=admin_headers), 403)
    fails(client.get(f"{CLIENT}/rate-requests/{hers}", headers=admin_headers), 403)
    fails(client.get(f"{CLIENT}/rate-requests"), 401)
    fails(client.get(f"{CLIENT}/rate-requests", headers={"Authorization": "Bearer not-a-token"}), 401)

    # Bad input: a 400 envelope naming the field, as the route answers it.
    for query, field in (
        ("limit=0", "limit"),
        ("limit=ten", "limit"),
        ("offset=0", "offset"),
        ("search=" + "x" * 101, "search"),
        ("search=a%00b", "search"),
        ("sort=old", "sort"),
    ):
        assert field in fails(client.get(f"{CLIENT}/rate-requests?{query}", headers=alice), 400)["fields"]
    assert (
        "state" in fails(client.get(f"{ADMIN}/rate-requests?state=9", headers=admin_headers), 400)["fields"]
    )
    # A literal sibling of `{id}` is its own route, not a booking's id.
    documents = ok(client.get(f"{CLIENT}/rate-requests/documents", headers=alice))
    assert "list" in documents
    # None of the above was answered by the fast path.
    assert fast_answers == [f"{CLIENT}/rate-requests"]

    # An ended session is refused on the fast path's reads at once.
    ok(client.get(f"{CLIENT}/rate-requests/{hers}", headers=alice))
    ok(client.post(f"{AUTH}/logout-all", headers=alice))
    for url in (f"{CLIENT}/rate-requests", f"{CLIENT}/rate-requests/{hers}"):
        assert (
            fails(client.get(url, headers=alice), 401)["description"]
            == "Your session has ended; log in again"
        )
    ok(client.post(f"{AUTH}/logout-all", headers=admin_headers))
    fails(client.get(f"{ADMIN}/rate-requests", headers=admin_headers), 401)


def test_a_read_on_the_fast_path_waits_for_the_callers_own_write(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, fast_answers: list[Any]
) -> None:
    """A caller whose command was answered before the read models showed it reads once they do."""
    headers = booking.customer(client, fresh_national_id())
    mine = booking.create(client, headers)["id"]
    services = services_of(client)
    ahead = services.read_follower.position + 1000  # a write the read models have not shown yet
    waited: list[int] = []
    monkeypatch.setattr(services, "read_after", lambda account_id: ahead)

    def shows(position: int) -> bool:
        waited.append(position)
        return True

    monkeypatch.setattr(services, "shows", shows)
    ok(client.get(f"{CLIENT}/rate-requests/{mine}", headers=headers))
    assert waited == [ahead] and len(fast_answers) == 1


def test_a_fast_read_leaves_the_event_loop_once(
    client: TestClient, admin_headers: dict[str, str], fast_answers: list[Any], hops: list[str]
) -> None:
    """The session's check, the own-writes wait and the read share one hop: a second hop of its own for the
    session cost a hot read about a fifth of its CPU."""
    headers = booking.customer(client, fresh_national_id())
    rid = booking.create(client, headers)["id"]
    for url in (f"{CLIENT}/rate-requests", f"{CLIENT}/rate-requests/{rid}"):
        hops.clear()
        ok(client.get(url, headers=headers))
        assert len(hops) == 1, (url, hops)
    assert len(fast_answers) == 2

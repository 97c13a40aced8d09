"""The commands' fast path (api/fast_commands.py): the same answers as the routes, status and body, for the
same requests (valid, a bad field, the wrong caller, an unknown id, the wrong state), and every refusal the
route's own."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient
from starlette.routing import compile_path

from api import fast_commands
from api.main import create_app
from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT, later, ok, payload
from tests.corpus import fresh_national_id

# What differs between two runs of the same requests: the new ids, the references, the times.
_VARYING = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<id>"),
    (re.compile(r"FB-\d{4}-\d{6}"), "<reference>"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?"), "<time>"),
)


def _normalised(content: bytes) -> str:
    text = content.decode()
    for pattern, placeholder in _VARYING:
        text = pattern.sub(placeholder, text)
    return text


@pytest.fixture
def fast_answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The commands the fast path answered (a spy on its one answering function)."""
    answered: list[str] = []
    real = fast_commands._answer

    def spy(request: Any, fast: fast_commands.FastCommand, arguments: dict[str, Any]) -> Any:
        answered.append(fast.route.path)
        return real(request, fast, arguments)

    monkeypatch.setattr(fast_commands, "_answer", spy)
    return answered


def _journey(
    client: TestClient, admin: dict[str, str], alice: dict[str, str], bob: dict[str, str]
) -> list[Any]:
    """The same requests, in order: each answer's status, Content-Language and normalised body."""
    answers: list[Any] = []

    def send(method: str, url: str, headers: dict[str, str], **options: Any) -> Any:
        answer = client.request(method, url, headers=headers, **options)
        answers.append(
            (method, url.rsplit("/", 1)[-1], answer.status_code, answer.headers.get("content-language"))
        )
        answers.append(_normalised(answer.content))
        return answer

    create = f"{CLIENT}/rate-requests"
    # Create: valid, with a key twice (one booking), bad fields (the model's, the domain's), wrong callers.
    first = ok(send("POST", create, alice, json=payload(commodity="Saffron")), 201)["id"]
    keyed = {**alice, "Idempotency-Key": "fast-" + fresh_national_id()}
    again = ok(send("POST", create, keyed, json=payload()), 201)["id"]
    assert ok(send("POST", create, keyed, json=payload()), 201)["id"] == again
    send("POST", create, {**alice, "Idempotency-Key": "k" * 201}, json=payload())
    send("POST", create, alice, json=payload(isDanger="maybe"))
    send("POST", create, alice, json=payload(quantity=-3))
    send("POST", create, {**alice, "Accept-Language": "fa"}, json=payload(quantity=-3))
    send("POST", create, alice, json=payload(commodity="a\x00b"))
    as_json = {**alice, "Content-Type": "application/json"}
    send("POST", create, as_json, content=b"{not json")
    send("POST", create, as_json, content=b"[]")
    send("POST", create, {**alice, "Content-Type": "text/plain"}, content=b"{}")
    send("POST", create, admin, json=payload())
    send("POST", create, {}, json=payload())
    send("POST", create, {"Authorization": "Bearer not-a-token"}, json=payload())

    # Quote: wrong caller, bad field, unknown id, valid, then the wrong state.
    quote = {"price": 1250.5, "validUntil": later()}
    send("PUT", f"{ADMIN}/rate-requests/{first}/quote", alice, json=quote)
    send("PUT", f"{ADMIN}/rate-requests/{first}/quote", admin, json={**quote, "price": -1})
    send("PUT", f"{ADMIN}/rate-requests/{first}/quote", admin, json={"validUntil": later()})
    send("PUT", f"{ADMIN}/rate-requests/no-such-request/quote", admin, json=quote)
    ok(send("PUT", f"{ADMIN}/rate-requests/{first}/quote", admin, json=quote))
    ok(send("PUT", f"{ADMIN}/rate-requests/{again}/quote", admin, json=quote))

    # Accept and decline: another customer's, staff's, unknown, valid, then the wrong state.
    send("PUT", f"{CLIENT}/rate-requests/{first}/approve", bob)
    send("PUT", f"{CLIENT}/rate-requests/{first}/approve", admin)
    send("PUT", f"{CLIENT}/rate-requests/no-such-request/approve", alice)
    ok(send("PUT", f"{CLIENT}/rate-requests/{first}/approve", alice))
    send("PUT", f"{CLIENT}/rate-requests/{first}/approve", alice)
    send("PUT", f"{CLIENT}/rate-requests/{first}/cancel", alice)
    send("PUT", f"{ADMIN}/rate-requests/{first}/quote", admin, json=quote)
    ok(send("PUT", f"{CLIENT}/rate-requests/{again}/cancel", alice))
    send("PUT", f"{CLIENT}/rate-requests/{again}/approve", alice)
    return answers


def test_the_fast_commands_answer_what_the_routes_answer(
    client: TestClient,
    admin_headers: dict[str, str],
    fast_answers: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alice = booking.customer(client, fresh_national_id())
    bob = booking.customer(client, fresh_national_id())

    fast = _journey(client, admin_headers, alice, bob)
    answered = len(fast_answers)
    # Valid commands and the refusals of the commands themselves (the domain's bad field, unknown id, wrong
    # state, another's booking) are the fast path's; the rest (a bad body, the wrong role) the route's.
    assert answered >= 15, fast_answers
    assert set(fast_answers) == {twin.route.path for twin in fast_commands._table().commands.values()}

    def never(*_: Any) -> None:
        return None

    monkeypatch.setattr(fast_commands, "_prepare", never)  # every request to the route
    routed = _journey(client, admin_headers, alice, bob)
    assert len(fast_answers) == answered
    assert len(fast) == len(routed)
    for one, other in zip(fast, routed, strict=True):
        assert one == other


def test_the_fast_path_refuses_what_the_route_refuses(
    client: TestClient, admin_headers: dict[str, str], fast_answers: list[str]
) -> None:
    alice = booking.customer(client, fresh_national_id())
    rid = booking.create(client, alice)["id"]
    before = len(fast_answers)
    # Refusals before the command: the route answers them, the fast path does not.
    answer = client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload(isDanger="maybe"))
    assert answer.status_code == 400 and "isDanger" in answer.json()["error"]["fields"]
    assert client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=admin_headers).status_code == 403
    assert client.put(f"{CLIENT}/rate-requests/{rid}/approve").status_code == 401
    answer = client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload(commodity="a\x00b"))
    assert answer.status_code == 400 and "commodity" in answer.json()["error"]["fields"]
    assert len(fast_answers) == before
    # The command's own refusals are answered by the app's handlers, as the route's are.
    answer = client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=alice)
    assert answer.status_code == 409, answer.text
    assert len(fast_answers) == before + 1


def test_each_fast_command_mirrors_the_route_the_app_picks_for_its_paths() -> None:
    """Over the whole app (every router): the first route of the method matching a mirrored path (with
    any id, or the literals beside it) is the mirrored one, and the app's own dependencies run first."""
    app = create_app()
    contexts = [c for c in iter_route_contexts(app.router.routes) if c.path and c.methods]
    table = fast_commands._table()
    assert set(table.commands) == set(fast_commands.MIRRORED)
    for (method, shape), fast in table.commands.items():
        concrete = [shape.replace("{}", "some-id")]
        concrete += [shape.replace("{}", literal) for literal in table.literals.get((method, shape), ())]
        for path in concrete:
            first = next(
                c.original_route
                for c in contexts
                if method in (c.methods or ()) and compile_path(str(c.path))[0].match(path)
            )
            taken = path == concrete[0]
            assert (first is fast.route) is taken, path
        effective = next(c for c in contexts if c.original_route is fast.route)
        assert effective.dependant is not None
        declared = [d.call for d in effective.dependant.dependencies]
        first_ones = fast_commands._app_dependencies(app)
        assert first_ones is not None
        assert declared == [*first_ones, *(call for _, call in fast.dependencies)]


def test_a_route_of_a_kind_the_layer_cannot_read_is_not_mirrored() -> None:
    from fastapi import APIRouter, Query

    router = APIRouter()

    @router.put("/things/{id}")
    def with_query(id: str, when: float = Query(1.5)) -> None: ...

    @router.put("/plain/{id}")
    def plain(id: str) -> None: ...

    odd, fine = router.routes
    assert isinstance(odd, APIRoute) and isinstance(fine, APIRoute)
    assert fast_commands._twin(odd) is None
    twin = fast_commands._twin(fine)
    assert twin is not None and twin.path_parameters == ("id",) and twin.body is None


def test_a_fast_command_leaves_the_event_loop_once(
    client: TestClient, admin_headers: dict[str, str], fast_answers: list[str], hops: list[str]
) -> None:
    """The session's check, the route's parts and the endpoint share the command's hop (a hop of its own for
    the session cost each command one more)."""
    alice = booking.customer(client, fresh_national_id())
    hops.clear()
    rid = ok(client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload()), 201)["id"]
    assert len(hops) == 1, hops
    hops.clear()
    quote = {"price": 1250.5, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=quote))
    assert len(hops) == 1, hops
    assert len(fast_answers) == 2

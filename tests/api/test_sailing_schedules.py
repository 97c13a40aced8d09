"""Staff publish the carrier's schedules in the Commercial Schedules shape; the portal answers as a CS 1.0.0
provider; a bad publication changes nothing (both stores)."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from domain.shared.local_time import port_day
from tests.api.booking_support import customer, fails, ok
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, copied, cs_valid, publication, sample
from tests.app_services import services_of

DEPARTURE = (datetime.now(UTC) + timedelta(days=10)).replace(microsecond=0, second=0)


def cs_error(answer: Any, status: int) -> list[dict[str, Any]]:
    assert answer.status_code == status, answer.text
    body = answer.json()
    faults = __import__("api.dcsa.schedules.models", fromlist=["x"]).document_faults(body, "ErrorResponse")
    assert not faults, faults
    assert answer.headers["API-Version"] == "1.0.0"
    return list(body["errors"])


def test_staff_publish_the_standard_sample_and_the_answer_is_what_was_stored(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    stored = ok(client.put(PUBLISH, json=sample(), headers=admin_headers))
    cs_valid(stored, "ServiceSchedule")
    assert [s["carrierServiceCode"] for s in stored] == [s["carrierServiceCode"] for s in sample()]
    first_call = stored[0]["vesselSchedules"][0]["transportCalls"][0]
    sent_call = sample()[0]["vesselSchedules"][0]["transportCalls"][0]
    assert first_call["transportCallReference"] == sent_call["transportCallReference"]
    assert first_call["location"]["UNLocationCode"] == sent_call["location"]["UNLocationCode"]
    # The same instant, written in UTC.
    sent = datetime.fromisoformat(sent_call["timestamps"][0]["eventDateTime"])
    assert datetime.fromisoformat(first_call["timestamps"][0]["eventDateTime"].replace("Z", "+00:00")) == sent
    console = ok(client.get(PUBLISH, headers=admin_headers))["list"]["list"]
    assert {s["serviceCode"] for s in console} == {s["carrierServiceCode"] for s in sample()}
    assert all(s["publishedBy"] and s["publications"] == 1 for s in console)


def test_a_bad_publication_names_the_json_path_and_changes_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ok(client.put(PUBLISH, json=publication(DEPARTURE), headers=admin_headers))
    services = services_of(client)
    head = services.store.head()
    before = ok(client.get(PUBLISH, headers=admin_headers))

    bad = copied(publication(DEPARTURE, shift_hours=30))
    bad[0]["vesselSchedules"][0]["transportCalls"][1]["location"]["UNLocationCode"] = "sg-sin"
    error = fails(client.put(PUBLISH, json=bad, headers=admin_headers), 400)
    assert "$[0].vesselSchedules[0].transportCalls[1].location.UNLocationCode" in str(error)

    missing = copied(publication(DEPARTURE, shift_hours=30))
    del missing[0]["carrierServiceName"]
    assert "$[0]" in str(fails(client.put(PUBLISH, json=missing, headers=admin_headers), 400))
    not_a_time = copied(publication(DEPARTURE, shift_hours=30))
    not_a_time[0]["vesselSchedules"][0]["transportCalls"][0]["timestamps"][0]["eventDateTime"] = "tomorrow"
    error = fails(client.put(PUBLISH, json=not_a_time, headers=admin_headers), 400)
    assert "transportCalls[0].timestamps[0].eventDateTime" in str(error)

    assert services.store.head() == head
    assert ok(client.get(PUBLISH, headers=admin_headers)) == before


def test_only_staff_publish(client: TestClient) -> None:
    headers = customer(client, "not-staff")
    answer = client.put(PUBLISH, json=publication(DEPARTURE), headers=headers)
    assert answer.status_code == 403


def _two_services_published(client: TestClient, admin_headers: dict[str, str], reader: str) -> dict[str, str]:
    """Staff publish two services sailing the same day; the headers of the customer `reader` reading them."""
    ok(
        client.put(
            PUBLISH,
            json=publication(DEPARTURE) + publication(DEPARTURE, service="PGY"),
            headers=admin_headers,
        )
    )
    return customer(client, reader)


def test_the_portal_answers_commercial_schedules_valid_and_paged(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = _two_services_published(client, admin_headers, "schedule-reader")

    routes = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "IRZBR"},
        headers=headers,
    )
    assert routes.status_code == 200, routes.text
    assert routes.headers["API-Version"] == "1.0.0"
    cs_valid(routes.json(), "PointToPoint")
    assert len(routes.json()) == 2
    route = routes.json()[0]
    assert route["legs"][0]["transport"]["vessel"]["vesselIMONumber"] == VESSEL_IMO
    assert route["transitTime"] == 21
    assert {c["cutOffDateTimeCode"] for c in route["cutOffTimes"]} == {"DCO", "VCO", "FCO"}
    later = client.get(
        "/v1/point-to-point-routes",
        params={
            "placeOfReceipt": "CNSHA",
            "placeOfDelivery": "IRZBR",
            "departureStartDate": port_day(DEPARTURE + timedelta(days=1), "CNSHA"),
        },
        headers=headers,
    )
    assert later.json() == []
    backwards = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "IRZBR", "placeOfDelivery": "CNSHA"},
        headers=headers,
    )
    assert backwards.json() == []

    day = port_day(DEPARTURE + timedelta(days=18), "IRBND")  # the day the vessel arrives there
    ports = client.get("/v1/port-schedules", params={"UNLocationCode": "IRBND", "date": day}, headers=headers)
    assert ports.status_code == 200, ports.text
    cs_valid(ports.json(), "PortSchedule")
    assert len(ports.json()[0]["vesselSchedules"]) == 2

    first = client.get("/v1/vessel-schedules", params={"limit": 1}, headers=headers)
    cs_valid(first.json(), "ServiceSchedule")
    assert [s["carrierServiceCode"] for s in first.json()] == ["PGX"]
    cursor = first.headers["Next-Page-Cursor"]
    second = client.get("/v1/vessel-schedules", params={"limit": 1, "cursor": cursor}, headers=headers)
    cs_valid(second.json(), "ServiceSchedule")
    assert [s["carrierServiceCode"] for s in second.json()] == ["PGY"]
    assert "Next-Page-Cursor" not in second.headers
    by_vessel = client.get(
        "/v1/vessel-schedules",
        params={"vesselIMONumber": VESSEL_IMO, "UNLocationCode": "SGSIN"},
        headers=headers,
    )
    cs_valid(by_vessel.json(), "ServiceSchedule")
    calls = [c for s in by_vessel.json() for v in s["vesselSchedules"] for c in v["transportCalls"]]
    assert {c["location"]["UNLocationCode"] for c in calls} == {"SGSIN"}

    forged = base64.urlsafe_b64encode(b'{"offset": 1, "query": {"service_code": "X"}}').decode()
    cs_error(client.get("/v1/vessel-schedules", params={"cursor": forged}, headers=headers), 400)
    unknown = cs_error(
        client.get("/v1/port-schedules", params={"UNLocationCode": "nope", "date": day}, headers=headers), 400
    )
    assert {(e["errorCode"], e["errorCodeText"]) for e in unknown} == {(7002, "invalidProperty")}
    # Who may not read answers the standard's "unauthorized", as the booking door does.
    for credential in ({}, {"API-Key": "fb_live_unknown"}, {"Authorization": "Bearer not-a-token"}):
        refused = cs_error(client.get("/v1/vessel-schedules", headers=credential), 401)
        assert [(e["errorCode"], e["errorCodeText"]) for e in refused] == [(7007, "unauthorized")]


def test_an_api_key_reads_the_schedules(client: TestClient, admin_headers: dict[str, str]) -> None:
    ok(client.put(PUBLISH, json=publication(DEPARTURE), headers=admin_headers))
    headers = customer(client, "key-holder")
    created = ok(
        client.post("/integrations/api/v1/client/api-keys", json={"label": "schedules"}, headers=headers), 201
    )
    key = created["key"]
    answer = client.get("/v1/vessel-schedules", headers={"API-Key": key})
    assert answer.status_code == 200, answer.text
    cs_valid(answer.json(), "ServiceSchedule")


def test_a_standard_client_reads_the_next_page_with_the_cursor_alone(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """CS 1.0: the next page is asked with `?cursor=` as the only query parameter, the first page's
    parameters (required ones included) and limit being the cursor's."""
    headers = _two_services_published(client, admin_headers, "cursor-reader")

    first_route = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "IRZBR", "limit": 1},
        headers=headers,
    )
    assert len(first_route.json()) == 1
    cursor = first_route.headers["Next-Page-Cursor"]
    second_route = client.get("/v1/point-to-point-routes", params={"cursor": cursor}, headers=headers)
    assert second_route.status_code == 200, second_route.text
    cs_valid(second_route.json(), "PointToPoint")
    assert len(second_route.json()) == 1 and second_route.json() != first_route.json()
    assert "Next-Page-Cursor" not in second_route.headers

    vessels = "/v1/vessel-schedules"
    first = client.get(vessels, params={"limit": 1, "vesselIMONumber": VESSEL_IMO}, headers=headers)
    second = client.get(vessels, params={"cursor": first.headers["Next-Page-Cursor"]}, headers=headers)
    assert second.status_code == 200, second.text
    assert [s["carrierServiceCode"] for s in first.json() + second.json()] == ["PGX", "PGY"]

    # A parameter beside the cursor that says otherwise than the first page is refused, by name; a cursor of
    # one endpoint does not page another.
    other = {"cursor": cursor, "placeOfDelivery": "CNSHA"}
    errors = cs_error(client.get("/v1/point-to-point-routes", params=other, headers=headers), 400)
    assert "placeOfDelivery" in str(errors)
    cs_error(client.get("/v1/vessel-schedules", params={"cursor": cursor}, headers=headers), 400)


def test_a_query_fault_is_named_for_what_it_is(client: TestClient) -> None:
    # The door's codes mean what the booking door's mean: a parameter left out is missing (7001), one
    # that is no code or date at all is invalid (7002); unknown reference data (7003) is a well-formed
    # code this provider does not serve, which a schedules query answers with no schedules.
    who = customer(client, "cs-query-faults")
    routes = "/v1/point-to-point-routes"

    def faults(params: dict[str, str]) -> set[tuple[str, int, str]]:
        errors = cs_error(client.get(routes, params=params, headers=who), 400)
        return {(e["property"], e["errorCode"], e["errorCodeText"]) for e in errors}

    assert faults({"placeOfReceipt": "NLAMS"}) == {("placeOfDelivery", 7001, "missingProperty")}
    assert faults({"placeOfReceipt": "nlams", "placeOfDelivery": "SGSIN"}) == {
        ("placeOfReceipt", 7002, "invalidProperty")
    }
    far = {
        "placeOfReceipt": "NLAMS",
        "placeOfDelivery": "SGSIN",
        "departureStartDate": "2099-12-31T23:59:59+14:00",
    }
    assert faults(far) == {("departureStartDate", 7002, "invalidProperty")}
    assert faults({"cursor": "not-a-cursor"}) == {("cursor", 7002, "invalidProperty")}
    served_none = client.get(
        routes, params={"placeOfReceipt": "ZZZZZ", "placeOfDelivery": "SGSIN"}, headers=who
    )
    assert served_none.status_code == 200 and served_none.json() == []

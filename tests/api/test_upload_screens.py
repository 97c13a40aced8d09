"""The vessel-schedule and tariff uploads: only their own media types (415 otherwise), the same character,
nesting and size screens as every JSON body; bounded schedules read in linear time; tariff CSV as
spreadsheets write it. Nothing of a refused upload is stored. Both stores."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, customer, fails, ok
from tests.api.schedules_support import PUBLISH, SHANGHAI_TO_SINGAPORE, call, publication
from tests.api.test_tariffs import TARIFFS, day, in_force, publish, tariff_csv
from tests.app_services import services_of

DEPARTURE = (datetime.now(UTC) + timedelta(days=10)).replace(microsecond=0, second=0)
# Ports of a long rotation between Shanghai and Singapore (none of them either).
ROTATION = ["KRPUS", "JPTYO", "TWKHH", "HKHKG", "VNSGN", "THLCH", "MYPKG", "IDJKT", "PHMNL", "LKCMB"]


def _head(client: TestClient) -> int:
    return int(services_of(client).store.head())


def test_an_upload_in_a_media_type_it_does_not_take_is_415_and_stores_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    head = _head(client)
    poisoned = json.dumps(publication(DEPARTURE)).replace("Kharg Star", "Kharg\\u0000Star\\u202e")
    for media_type in ("text/plain", "application/x-www-form-urlencoded", "text/csv", "application/xml"):
        answer = client.put(PUBLISH, content=poisoned, headers={**admin_headers, "Content-Type": media_type})
        assert fails(answer, 415) and "application/json" in answer.json()["error"]["description"]
    lone_surrogate = b'[{"carrierServiceCode": "\xed\xa0\x80"}]'
    answer = client.put(
        PUBLISH, content=lone_surrogate, headers={**admin_headers, "Content-Type": "text/plain"}
    )
    fails(answer, 415)
    for media_type in ("text/plain", "application/json"):
        answer = client.put(
            TARIFFS, content=b"pol,pod\n", headers={**admin_headers, "Content-Type": media_type}
        )
        assert fails(answer, 415) and "text/csv" in answer.json()["error"]["description"]
    assert _head(client) == head
    assert ok(client.get(PUBLISH, headers=admin_headers))["list"]["totalCount"] == 0


def test_uploads_pass_the_character_and_nesting_screens(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    head = _head(client)
    json_headers = {**admin_headers, "Content-Type": "application/json; charset=utf-8"}
    for bad in ("Kharg\\u0000Star", "Kharg\\u202eStar", "Kharg\\ud800Star"):
        body = json.dumps(publication(DEPARTURE)).replace("Kharg Star", bad)
        fields = fails(client.put(PUBLISH, content=body, headers=json_headers), 400)["fields"]
        assert "0.vesselSchedules.0.vessel.name" in fields, fields
    deep = "[" * 200 + "]" * 200
    assert fails(client.put(PUBLISH, content=deep, headers=json_headers), 400)["fields"] == {
        "body": "The body is nested too deeply"
    }
    csv_headers = {**admin_headers, "Content-Type": "text/csv"}
    row = f"CNSHA,SGSIN,40,Dry,general,{day(10)},{day(20)},1000,0,0,0,0,0,0"
    for bad in ("\x00", "\u202e", "\x1b"):
        csv = tariff_csv(row, row.replace("general", f"gene{bad}ral"))
        fields = fails(client.put(TARIFFS, content=csv, headers=csv_headers), 400)["fields"]
        assert list(fields) == ["body"] and "(line 3)" in fields["body"], fields
    not_utf8 = tariff_csv(row).replace(b"CNSHA", b"CN\xedSHA")
    fails(client.put(TARIFFS, content=not_utf8, headers=csv_headers), 400)
    assert _head(client) == head


def _long_rotation(calls: int, service: str = "LRX", vessel: int = 0) -> dict[str, Any]:
    """A vessel schedule of `calls` calls: Shanghai first, Singapore last, a rotation of others between."""
    ports = ["CNSHA", *(ROTATION[i % len(ROTATION)] for i in range(calls - 2)), "SGSIN"]
    return {
        "vessel": {"vesselIMONumber": "9321483", "name": "Kharg Star"},
        "isDummyVessel": False,
        "transportCalls": [
            call(
                f"{service}-{vessel}-{i}",
                port,
                DEPARTURE + timedelta(hours=6 * i - 2),
                DEPARTURE + timedelta(hours=6 * i),
                voyage=f"{vessel:02d}07W",
            )
            for i, port in enumerate(ports)
        ],
    }


def _service(code: str, *schedules: dict[str, Any]) -> dict[str, Any]:
    return {
        "carrierServiceName": f"Service {code}",
        "carrierServiceCode": code,
        "vesselSchedules": list(schedules),
    }


def test_schedules_are_bounded_and_read_in_linear_time(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    head = _head(client)
    too_long = [_service("LRX", _long_rotation(501))]
    error = fails(client.put(PUBLISH, json=too_long, headers=admin_headers), 413)
    assert error["fields"] == {
        "$[0].vesselSchedules[0].transportCalls": "At most 500 transport calls per vessel schedule (501 sent)"
    }
    # Eleven vessels of 455 calls each (the smallest calls the screen counts: the limit is met first).
    tiny = [
        {"transportCallReference": f"c{i}", "carrierImportVoyageNumber": "1", "timestamps": []}
        for i in range(455)
    ]
    many = [_service("MNY", *({"isDummyVessel": True, "transportCalls": tiny} for _ in range(11)))]
    error = fails(client.put(PUBLISH, json=many, headers=admin_headers), 413)
    assert error["fields"] == {"$": "At most 5000 transport calls per publication (5005 sent)"}
    assert _head(client) == head

    ok(client.put(PUBLISH, json=[_service("LRX", _long_rotation(500))], headers=admin_headers))
    started = time.monotonic()
    console = ok(client.get(PUBLISH, headers=admin_headers))["list"]["list"]
    assert len(console[0]["sailings"]) == 499  # one leg per pair of consecutive calls
    who = customer(client, "long-rotation")
    offered = ok(client.get("/booking/api/v1/client/sailings", params=SHANGHAI_TO_SINGAPORE, headers=who))
    assert [s["vesselName"] for s in offered["list"]["list"]] == ["Kharg Star"]
    staff = ok(client.get(f"{ADMIN}/sailings", params=SHANGHAI_TO_SINGAPORE, headers=admin_headers))
    assert staff["list"]["totalCount"] == 1
    # Quadratic and cubic reads took minutes at this size; linear ones a fraction of a second.
    assert time.monotonic() - started < 10


def test_tariff_csv_as_spreadsheets_write_it(client: TestClient, admin_headers: dict[str, str]) -> None:
    rows = [
        f"CNSHA,SGSIN,40,Dry,general,{day(10)},{day(20)},1000,0,0,0,0,0,0",
        f"CNSHA,SGSIN,40,Dry,dangerous,{day(10)},{day(20)},1100,0,0,0,0,0,0",
    ]
    header = tariff_csv().decode()
    for version, ending in enumerate(("\r", "\r\n", "\n"), start=1):
        body = ("\ufeff" + ending.join([header, *rows]) + ending).encode()
        published = ok(publish(client, admin_headers, body))
        assert published["version"] == version and published["rowCount"] == 2
    assert len(in_force(client, admin_headers)) == 2
    head = _head(client)
    # A quoted cell may carry a line break; a bad row is named by the line it starts on.
    quoted = "\r".join([header, rows[0].replace("general", '"gene\rral"'), rows[1]]).encode()
    assert fails(publish(client, admin_headers, quoted), 400)["fields"] == {
        "rows.2.cargo": "Cargo must be general, dangerous or any"
    }
    bare_cr = "\n".join([header, rows[0].replace("general", "gene\rral")]).encode()
    assert set(fails(publish(client, admin_headers, bare_cr), 400)["fields"]) == {"rows.2", "rows.3"}
    huge = "\n".join([header, rows[0], rows[1].replace("dangerous", "x" * 140_000)]).encode()
    assert fails(publish(client, admin_headers, huge), 400)["fields"] == {
        "rows.3.cargo": "At most 200 characters in a cell"
    }
    far = "\n".join([header, rows[0].replace(str(day(20)), "9999-12-31")]).encode()
    assert fails(publish(client, admin_headers, far), 400)["fields"] == {
        "rows.2.valid_to": "Date must be between 1970-01-01 and 2099-12-31"
    }
    assert _head(client) == head


def test_the_staff_console_pages_the_services(client: TestClient, admin_headers: dict[str, str]) -> None:
    published = [_service(code, _long_rotation(3, code)) for code in ("AAX", "BBX", "CCX")]
    ok(client.put(PUBLISH, json=published, headers=admin_headers))
    first = ok(client.get(PUBLISH, params={"limit": 2}, headers=admin_headers))["list"]
    second = ok(client.get(PUBLISH, params={"limit": 2, "offset": 2}, headers=admin_headers))["list"]
    assert [s["serviceCode"] for s in first["list"]] == ["AAX", "BBX"] and first["totalCount"] == 3
    assert [s["serviceCode"] for s in second["list"]] == ["CCX"] and second["totalCount"] == 3
    assert all(len(s["sailings"]) == 2 for s in first["list"] + second["list"])

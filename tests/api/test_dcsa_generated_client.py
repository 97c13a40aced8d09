"""A document a generator can use: a client generated at test time from the whole served
`/openapi.json` by openapi-python-client parses every operation and model with no warning, and an
integrator's code written against it books, reads the booking confirmed with its charges, and cancels, with
an API key."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.booking.reference import seed_containers
from tests.api.booking_support import ADMIN, customer, ok
from tests.api.dcsa_support import confirmed_dcsa_booking, rate_request_id, sample
from tests.api.test_dcsa_ebl import instructions

PACKAGE = "dcsa_generated_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")
OPTIONS = ("--output-path", PACKAGE, "--config", "config.yaml")


@pytest.fixture
def generated(client: TestClient, tmp_path: Path) -> Iterator[tuple[ModuleType, str]]:
    document = client.get("/openapi.json").json()
    (tmp_path / "openapi.json").write_text(json.dumps(document), encoding="utf-8")
    (tmp_path / "config.yaml").write_text(
        f"post_hooks: []\npackage_name_override: {PACKAGE}\nproject_name_override: dcsa-client\n"
        # The tariff sheet's CSV upload and the document template's PDF download as binary files (the
        # generator's own setting for media types it has no model for).
        "content_type_overrides:\n"
        "  text/csv: application/octet-stream\n"
        "  application/pdf: application/octet-stream\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [str(GENERATOR), "generate", "--path", "openapi.json", "--meta", "none", *OPTIONS],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert (tmp_path / PACKAGE / "__init__.py").is_file(), result.stdout + result.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module(PACKAGE), result.stdout + result.stderr
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def _module(name: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_a_generated_client_books_reads_and_cancels_through_v2(
    client: TestClient, admin_headers: dict[str, str], generated: tuple[ModuleType, str]
) -> None:
    package, output = generated
    # The whole document parses: no "Unable to parse", no duplicate model, no operation left out.
    assert not re.search(r"Unable to (parse|process)|duplicate|WARNING|Warning\(s\)", output), output
    models = _module("models")
    # Models the portal's routes use, generated beside the standard's (two of them once shared one name).
    for name in (
        "ShippingOrderContainer",
        "ReferenceContainerBody",
        "VerificationCodeResent",
        "DeliveryResent",
    ):
        assert isinstance(getattr(models, name), type), name
    assert _module("api.integrations.integrations_resend_delivery")
    create = _module("api.dcsa_booking.dcsa_create_booking")
    get = _module("api.dcsa_booking.dcsa_get_booking")
    cancel = _module("api.dcsa_booking.dcsa_cancel_booking")

    alice = customer(client, "generated-client")
    key = ok(client.post("/integrations/api/v1/client/api-keys", json={"label": "erp"}, headers=alice), 201)[
        "key"
    ]
    # The integrator's client with its API key as a bearer token (securitySchemes: bearerAuth), over the
    # test server's transport.
    api = package.AuthenticatedClient(
        base_url=str(client.base_url),
        token=key,
        httpx_args={"transport": client._transport},  # the app under test, in process
    )
    answer = create.sync_detailed(client=api, body=models.CreateBooking.from_dict(sample("booking-regular")))
    assert answer.status_code == 202, answer.content
    assert isinstance(answer.parsed, models.CreateBookingResponse)
    reference = answer.parsed.carrier_booking_request_reference

    booking = get.sync(reference, client=api)
    assert isinstance(booking, models.Booking), booking
    assert str(booking.booking_status) == "RECEIVED"

    rid = rate_request_id(client, reference)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 640}))
    confirmed = get.sync(reference, client=api)
    assert isinstance(confirmed, models.Booking)
    assert str(confirmed.booking_status) == "CONFIRMED"
    assert confirmed.charges and confirmed.charges[0].unit_price == 640
    assert confirmed.confirmed_equipments and confirmed.confirmed_equipments[0].units >= 1

    missing = get.sync("FB-1999-000001", client=api)
    assert isinstance(missing, models.ErrorResponse) and missing.status_code == 404

    # The Bill of Lading door with the same client: the shipping instructions of the confirmed booking,
    # read back in the standard's status.
    submit = _module("api.dcsa_ebl.dcsa_create_shipping_instructions")
    read_si = _module("api.dcsa_ebl.dcsa_get_shipping_instructions")
    sent = models.CreateShippingInstructions.from_dict(instructions(reference, seed_containers()[0].number))
    submitted = submit.sync_detailed(client=api, body=sent)
    assert submitted.status_code == 202, submitted.content
    assert isinstance(submitted.parsed, models.CreateShippingInstructionsResponse)
    si = read_si.sync(submitted.parsed.shipping_instructions_reference, client=api)
    assert isinstance(si, models.ShippingInstructions), si
    assert si.shipping_instructions_status == "RECEIVED"

    # The standard's oneOf of three cancellations: the third asks to cancel a confirmed booking.
    body = models.CancelBookingRequest3.from_dict({"bookingCancellationStatus": "CANCELLATION_RECEIVED"})
    asked = cancel.sync_detailed(reference, client=api, body=body)
    assert asked.status_code == 202, asked.content
    after = get.sync(reference, client=api)
    assert isinstance(after, models.Booking)
    assert str(after.booking_cancellation_status) == "CANCELLATION_RECEIVED"

    # The rest of the Bill of Lading's flow with the same client, on a second confirmed booking: an update,
    # staff's acceptance (the draft), the shipper's approval and staff's issue.
    second = confirmed_dcsa_booking(client, {"API-Key": key}, admin_headers)
    container = seed_containers()[0].number
    sent = models.CreateShippingInstructions.from_dict(instructions(second, container))
    si_reference = submit.sync_detailed(client=api, body=sent).parsed.shipping_instructions_reference
    update = _module("api.dcsa_ebl.dcsa_update_shipping_instructions")
    changed = instructions(second, container, "Raw pistachios", si_reference)
    updated = update.sync_detailed(
        si_reference, client=api, body=models.UpdateShippingInstructions.from_dict(changed)
    )
    assert updated.status_code == 202, updated.content
    read = read_si.sync(si_reference, client=api)
    assert isinstance(read, models.ShippingInstructions)
    assert str(read.updated_shipping_instructions_status) == "UPDATE_RECEIVED"
    second_id = rate_request_id(client, second)
    order = ok(client.get(f"{ADMIN}/rate-requests/{second_id}", headers=admin_headers))["order"]["id"]
    ok(client.put(f"{ADMIN}/shipping-orders/{order}/accept", headers=admin_headers))
    read_td = _module("api.dcsa_ebl.dcsa_get_transport_document")
    approve = _module("api.dcsa_ebl.dcsa_approve_transport_document")
    td_reference = read_si.sync(si_reference, client=api).transport_document_reference
    draft = read_td.sync(td_reference, client=api)
    assert isinstance(draft, models.TransportDocument), draft
    assert str(draft.transport_document_status) == "DRAFT"
    approval = models.ApproveTransportDocument.from_dict({"transportDocumentStatus": "APPROVED"})
    assert approve.sync_detailed(td_reference, client=api, body=approval).status_code == 202
    ok(client.put(f"{ADMIN}/rate-requests/{second_id}/transport-document/issue", headers=admin_headers))
    issued = read_td.sync(td_reference, client=api)
    assert isinstance(issued, models.TransportDocument)
    assert str(issued.transport_document_status) == "ISSUED"

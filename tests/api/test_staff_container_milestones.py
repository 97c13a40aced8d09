"""Staff's booking detail lists each container's latest actual milestone (decision 3843): the tracking summary
of the operations screen, read in the detail's own connection (no request per container or per row)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, customer, ok
from tests.api.tracking_support import confirmed, equipment, publish, publisher_key
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG = TRACKING_PORTS[0], TRACKING_PORTS[1]
EST = {"eventTypeCode": "EQUIPMENT", "eventClassifierCode": "EST", "equipmentEventTypeCode": "DISC"}


def test_staff_detail_lists_each_container_s_latest_actual_milestone(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "ops-container-milestones")
    reference = confirmed(client, alice, admin_headers)
    rid = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"][0]["id"]
    assert ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["containerMilestones"] == []
    first, second = TRACKED_CONTAINERS[2], TRACKED_CONTAINERS[3]
    publisher = publisher_key(client, admin_headers, "Ops summary gate")
    publish(
        client,
        publisher,
        equipment("ops-gi-1", "GTIN", first, "2026-01-05T08:00:00Z", BANDAR_ABBAS, reference),
        # Published out of order: the latest to happen is the one shown, not the last one sent.
        equipment("ops-ld-1", "LOAD", first, "2026-01-06T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("ops-gi-2", "GTIN", second, "2026-01-05T09:00:00Z", BANDAR_ABBAS, reference),
        # An estimate is not a milestone that happened.
        equipment(
            "ops-dc-2", "DISC", second, "2026-01-14T08:00:00Z", HAMBURG, reference, eventClassification=EST
        ),
    )
    detail = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))
    assert detail["containerMilestones"] == [
        {"equipmentReference": a, "milestone": m, "eventDateTime": at, "location": BANDAR_ABBAS}
        for a, m, at in sorted(
            [(first, "LOAD", "2026-01-06T08:00:00Z"), (second, "GTIN", "2026-01-05T09:00:00Z")]
        )
    ]
    # The customer's detail is hers as before: her timeline reads the events themselves.
    assert "containerMilestones" not in ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))

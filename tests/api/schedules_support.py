"""Helpers of the sailing-schedule tests: the Commercial Schedules document as validator (the repository's
copy, `contract/dcsa/cs/`), and a realistic publication whose times are relative to a moment."""

from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.dcsa.schedules.models import document_faults
from tests.api.booking_support import CLIENT, ok

CS_DIR = Path(__file__).resolve().parents[2] / "contract" / "dcsa" / "cs"
PUBLISH = "/booking/api/v1/admin/vessel-schedules"
VESSEL_IMO = "9321483"
VOYAGE = "2407W"
# The seed's port ids of the publication's lane, Shanghai (CNSHA) to Singapore (SGSIN).
SHANGHAI_TO_SINGAPORE = {"polId": 1, "podId": 2}


def sailings_offered(client: TestClient, who: dict[str, str]) -> dict[str, Any]:
    """The sailings the portal offers `who` from Shanghai to Singapore."""
    return dict(ok(client.get(f"{CLIENT}/sailings", params=SHANGHAI_TO_SINGAPORE, headers=who)))


def cs_valid(instance: Any, schema_name: str) -> None:
    """Raise unless `instance` (a list) is valid against the CS 1.0.0 document's `schema_name` items."""
    faults = document_faults(instance, schema_name, as_list=True)
    assert not faults, faults


def sample() -> list[dict[str, Any]]:
    return list(json.loads((CS_DIR / "samples" / "vessel-schedules.json").read_text(encoding="utf-8")))


def at(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S+00:00")


def call(
    reference: str,
    port: str,
    arrival: datetime,
    departure: datetime | None,
    voyage: str = VOYAGE,
    **cut: datetime,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "transportCallReference": reference,
        "carrierImportVoyageNumber": voyage,
        "carrierExportVoyageNumber": voyage,
        "location": {"UNLocationCode": port},
        "timestamps": [{"eventTypeCode": "ARRI", "eventClassifierCode": "PLN", "eventDateTime": at(arrival)}],
    }
    if departure is not None:
        body["timestamps"].append(
            {"eventTypeCode": "DEPA", "eventClassifierCode": "PLN", "eventDateTime": at(departure)}
        )
    if cut:
        body["cutOffTimes"] = [
            {"cutOffDateTimeCode": code, "cutOffDateTime": at(t)} for code, t in cut.items()
        ]
    return body


def publication(departure: datetime, *, service: str = "PGX", shift_hours: int = 0) -> list[dict[str, Any]]:
    """Service PGX: vessel 9321483 on voyage 2407W from Shanghai (leaving at `departure`) to Singapore,
    Bandar Abbas and Chabahar; its Shanghai cut-offs are 72 h (documentation), 48 h (VGM) and 24 h (FCL
    delivery) before departure. `shift_hours` delays every call after Shanghai (a republication)."""
    later = timedelta(hours=shift_hours)
    return [
        {
            "carrierServiceName": "Persian Gulf Express",
            "carrierServiceCode": service,
            "universalServiceReference": "SR10001A",
            "vesselSchedules": [
                {
                    "vessel": {"vesselIMONumber": VESSEL_IMO, "name": "Kharg Star", "flag": "IR"},
                    "isDummyVessel": False,
                    "transportCalls": [
                        call(
                            f"{service}-CNSHA-1",
                            "CNSHA",
                            departure - timedelta(hours=20),
                            departure,
                            DCO=departure - timedelta(hours=72),
                            VCO=departure - timedelta(hours=48),
                            FCO=departure - timedelta(hours=24),
                        ),
                        call(
                            f"{service}-SGSIN-2",
                            "SGSIN",
                            departure + timedelta(days=6) + later,
                            departure + timedelta(days=7) + later,
                        ),
                        call(
                            f"{service}-IRBND-3",
                            "IRBND",
                            departure + timedelta(days=18) + later,
                            departure + timedelta(days=19) + later,
                        ),
                        call(f"{service}-IRZBR-4", "IRZBR", departure + timedelta(days=21) + later, None),
                    ],
                }
            ],
        }
    ]


def copied(document: Any) -> Any:
    return copy.deepcopy(document)

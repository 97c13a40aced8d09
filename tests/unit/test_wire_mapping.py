"""The API's one table from the domain's field names to the wire's keys (api/mapping.py)."""

from __future__ import annotations

from api.mapping import CREATE_ORDER, REGISTER_COMPANY, wire_fields
from api.schemas.booking import RateRequestBody, ShippingOrderBody, ShippingOrderEditBody
from domain.shared.errors import ValidationFailed


def test_every_segment_of_a_domain_field_is_named_as_the_wire_names_it() -> None:
    error = wire_fields(
        ValidationFailed(
            {"hs_code": "bad", "containers.1.net_weight": "too heavy", "temperature": "cold", "quantity": "x"}
        )
    )
    assert error.fields == {
        "hsCode": "bad",
        "containers.1.netWeight": "too heavy",
        "temprature": "cold",  # the specification's spelling
        "quantity": "x",
    }
    assert error.description == (
        "hsCode: bad; containers.1.netWeight: too heavy; temprature: cold; quantity: x"
    )


def test_a_new_orders_freight_type_is_spelled_as_its_body_spells_it() -> None:
    failure = ValidationFailed({"freight_type": "required"})
    assert wire_fields(failure).fields == {"freightType": "required"}
    assert wire_fields(failure, CREATE_ORDER).fields == {"frightType": "required"}
    economic = ValidationFailed({"economic_code": "short"})
    assert wire_fields(economic).fields == {"economicCode": "short"}
    assert wire_fields(economic, REGISTER_COMPANY).fields == {"econimicCode": "short"}


def test_a_written_description_is_kept() -> None:
    error = wire_fields(ValidationFailed({"rate_request": "decide first"}, "Decide the change first"))
    assert error.fields == {"rateRequest": "decide first"}
    assert error.description == "Decide the change first"


def test_bodies_become_drafts_in_the_domains_terms() -> None:
    body = {"hsCode": 80251, "isSWBL": True, "polId": "3"}
    draft = RateRequestBody.model_validate(body).draft()
    assert (draft.hs_code, draft.is_swbl, draft.pol_id) == (80251, True, "3")
    order = {"rateRequestId": "r", "frightType": 2, "temprature": 4}
    new = ShippingOrderBody.model_validate(order).draft()
    assert (new.freight_type, new.temperature, new.parties, new.containers) == (2, 4, (), ())
    edit = ShippingOrderEditBody.model_validate({"freightType": 1}).draft()
    assert (edit.freight_type, edit.parties, edit.containers) == (1, None, None)

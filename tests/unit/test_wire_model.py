"""Wire shapes with Python names (issue 25): the keys are generated, the specification's spellings come from
api/mapping.py's tables, and a body is read by its wire keys only."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from api.schemas.booking import (
    OrderFields,
    RateRequestBody,
    RateRequestDetail,
    ShippingOrder,
    ShippingOrderBody,
    ShippingOrderEditBody,
)


def keys(model: type) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items()}


def test_the_order_bodies_share_one_field_list_and_differ_by_the_specifications_spelling() -> None:
    shared = set(OrderFields.model_fields)
    assert shared <= set(ShippingOrderBody.model_fields)
    assert set(ShippingOrderEditBody.model_fields) == shared
    assert keys(ShippingOrderEditBody) == {
        "isSWBL", "freightType", "cargoDescription", "imcoClass", "unNumber", "temprature", "humidity",
        "hasVentilation", "parties", "containers",
    }  # fmt: skip
    assert keys(ShippingOrderBody) == (keys(ShippingOrderEditBody) - {"freightType"}) | {
        "frightType",
        "rateRequestId",
    }


def test_answers_carry_the_wire_keys() -> None:
    assert {"temprature", "isSWBL", "freightType", "rateRequestId", "editedOrder"} <= keys(ShippingOrder)
    assert {"isSwbl", "isSWBL", "hsCode", "msdsFileName", "tariffRow"} <= keys(RateRequestDetail)


def test_a_body_is_read_by_its_wire_keys_only() -> None:
    order = ShippingOrderBody.model_validate({"rateRequestId": "r1", "frightType": 2, "temprature": "-18"})
    draft = order.draft()
    assert (draft.freight_type, draft.temperature, draft.parties) == (2, "-18", ())
    edit = ShippingOrderEditBody.model_validate({"freightType": 1, "frightType": 2})
    assert edit.draft().freight_type == 1 and edit.draft().parties is None
    with pytest.raises(ValidationError):
        ShippingOrderBody.model_validate({"rate_request_id": "r1"})
    assert RateRequestBody.model_validate({"hs_code": "0802", "isSWBL": True}).draft().hs_code is None
    assert RateRequestBody.model_validate({"isSWBL": True}).draft().is_swbl is True
    assert RateRequestBody.model_validate({"isSwbl": False, "isSWBL": True}).draft().is_swbl is False

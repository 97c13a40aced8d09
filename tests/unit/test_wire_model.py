"""Wire shapes with Python names: the keys are generated, the specification's spellings come from
api/mapping.py's tables, and a body is read by its wire keys only."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from api.schemas.accounts_admin import RegistrationDetail
from api.schemas.auth import ChangeBody, LoginAnswer, ResetBody
from api.schemas.booking import (
    OrderFields,
    RateRequestBody,
    RateRequestDetail,
    ShippingOrder,
    ShippingOrderBody,
    ShippingOrderEditBody,
)
from api.schemas.notifications import NotificationData
from api.schemas.profile import DomesticProfileBody, ForeignProfileBody, IndividualProfileBody
from api.schemas.registration import CompanyBody, CompanyFields, IndividualFields, StartBody
from api.schemas.sailings import SailingView
from api.schemas.tracking import UnmatchedEvent


def keys(model: type[BaseModel]) -> set[str]:
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


def test_the_accounts_spellings_come_from_the_tables() -> None:
    assert {"firstname", "lastname", "registerationCode", "nationalId", "postalCode"} <= keys(
        RegistrationDetail
    )
    assert "costumerlNotificationDetails" in keys(NotificationData)
    assert {"eventID", "eventType"} <= keys(UnmatchedEvent)
    assert {"vesselIMONumber", "serviceCode"} <= keys(SailingView)
    assert keys(CompanyBody) >= {"econimicCode", "isForeign", "contactPerson"}
    assert "economicCode" in keys(DomesticProfileBody) and "econimicCode" not in keys(DomesticProfileBody)


def test_sign_up_and_profile_bodies_share_their_field_lists() -> None:
    assert set(IndividualFields.model_fields) < set(IndividualProfileBody.model_fields)
    assert set(CompanyFields.model_fields) < set(DomesticProfileBody.model_fields)
    assert set(ForeignProfileBody.model_fields) == set(CompanyFields.model_fields)
    assert keys(ResetBody) & keys(ChangeBody) == {"newPassword", "confirmNewPassword"}


def test_account_bodies_are_read_by_wire_keys_into_the_domains_forms() -> None:
    company = CompanyBody.model_validate({"econimicCode": "411", "economic_code": "999", "postalCode": "1"})
    assert (company.form().economic_code, company.form().postal_code) == ("411", "1")
    assert CompanyBody.model_validate({"economicCode": "411"}).form().economic_code is None
    person = IndividualProfileBody.model_validate({"firstName": "Sara", "typeOfOperation": "import"})
    form = person.form()
    assert (form.first_name, form.type_of_operation, form.keeps_postal_code) == ("Sara", "import", True)
    assert IndividualProfileBody.model_validate({"postalCode": None}).form().keeps_postal_code is False
    with pytest.raises(ValidationError):
        StartBody.model_validate({"national_id": "0012345678"})


def test_an_answer_is_made_by_python_names_and_says_the_wire_keys() -> None:
    answer = LoginAnswer(token="t", account_type=1, roles=[])
    assert answer.model_dump() == {"token": "t", "accountType": 1, "roles": []}

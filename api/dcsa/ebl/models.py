"""DCSA Bill of Lading 3.0.3 wire models, generated from `contract/dcsa/EBL_v3.0.3.yaml` (descriptions,
examples and titles left out) by `make dcsa-models` (api/dcsa/generate.py, datamodel-code-generator).

Do not edit by hand: regenerate (tests/unit/test_dcsa_models.py fails when this file is not what the command
writes). Property names are the standard's own; a class named as one of the booking models' is prefixed
`Ebl` (one schema name each in the OpenAPI document). Each `oneOf` root model has its `_one_of` validator (a
body matching two members is refused).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    Field,
    RootModel,
    StrictBool,
    StrictFloat,
    StrictInt,
    model_validator,
)

from api.dcsa.calendar_date import CalendarDate
from api.dcsa.one_of import exactly_one


class CreateShippingInstructionsResponse(BaseModel):
    shippingInstructionsReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]


class CancelShippingInstructionsUpdate1(BaseModel):
    updatedShippingInstructionsStatus: Annotated[str, Field(max_length=50)]


class CancelShippingInstructionsUpdate2(BaseModel):
    shippingInstructionsStatus: Annotated[str, Field(max_length=50)]


class CancelShippingInstructionsUpdate(
    RootModel[CancelShippingInstructionsUpdate1 | CancelShippingInstructionsUpdate2]
):
    root: CancelShippingInstructionsUpdate1 | CancelShippingInstructionsUpdate2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class ApproveTransportDocument(BaseModel):
    transportDocumentStatus: Annotated[str, Field(max_length=50)]


class DisplayedNameForPlaceOfReceiptItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class DisplayedNameForPortOfLoadItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class DisplayedNameForPortOfDischargeItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class DisplayedNameForPlaceOfDeliveryItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class RequestedCarrierCertificate(RootModel[str]):
    root: Annotated[str, Field(max_length=100)]


class RequestedCarrierClaus(RootModel[str]):
    root: Annotated[str, Field(max_length=100)]


class EblFeedback(BaseModel):
    severity: Annotated[str, Field(max_length=50)]
    code: Annotated[str, Field(max_length=50)]
    message: Annotated[str, Field(max_length=5000)]
    jsonPath: Annotated[str | None, Field(max_length=500)] = None
    property: Annotated[str | None, Field(max_length=100)] = None


class EblDetailedError(BaseModel):
    errorCode: Annotated[StrictInt | None, Field(ge=7000, le=9999)] = None
    property: Annotated[str | None, Field(max_length=100)] = None
    value: Annotated[str | None, Field(max_length=500)] = None
    jsonPath: Annotated[str | None, Field(max_length=500)] = None
    errorCodeText: Annotated[str, Field(max_length=100)]
    errorCodeMessage: Annotated[str, Field(max_length=5000)]


class EblAddress(BaseModel):
    street: Annotated[str, Field(max_length=70)]
    streetNumber: Annotated[str | None, Field(max_length=50)] = None
    floor: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    postCode: Annotated[str | None, Field(max_length=10)] = None
    POBox: Annotated[str | None, Field(max_length=20)] = None
    city: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    stateRegion: Annotated[str | None, Field(max_length=65)] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class AddressHBL(BaseModel):
    street: Annotated[str, Field(max_length=70)]
    streetNumber: Annotated[str | None, Field(max_length=50)] = None
    floor: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    postCode: Annotated[str | None, Field(max_length=10)] = None
    POBox: Annotated[str | None, Field(max_length=20)] = None
    city: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    stateRegion: Annotated[str | None, Field(max_length=65)] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class City(BaseModel):
    city: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    stateRegion: Annotated[str | None, Field(max_length=65)] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class EblFacility(BaseModel):
    facilityCode: Annotated[str, Field(max_length=6, pattern="^\\S(?:.*\\S)?$")]
    facilityCodeListProvider: Literal["BIC", "SMDG"]


class EblGeoCoordinate(BaseModel):
    latitude: Annotated[str, Field(max_length=10)]
    longitude: Annotated[str, Field(max_length=11)]


class EblPartyAddress(BaseModel):
    street: Annotated[str, Field(max_length=70)]
    streetNumber: Annotated[str | None, Field(max_length=50)] = None
    floor: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    postCode: Annotated[str | None, Field(max_length=10)] = None
    POBox: Annotated[str | None, Field(max_length=20)] = None
    city: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    stateRegion: Annotated[str | None, Field(max_length=65)] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class EblAddressLine(RootModel[str]):
    root: Annotated[str, Field(max_length=250)]


class DisplayedAddressItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class EblPurchaseOrderReference(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class EblPartyContactDetail1(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    phone: Annotated[str, Field(max_length=30, pattern="^\\S(?:.*\\S)?$")]


class EblPartyContactDetail2(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    email: Annotated[str, Field(max_length=100, pattern="^.+@\\S+$")]


class EblPartyContactDetail(RootModel[EblPartyContactDetail1 | EblPartyContactDetail2]):
    root: EblPartyContactDetail1 | EblPartyContactDetail2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class PartyContactDetailHBL1(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    phone: Annotated[str, Field(max_length=30, pattern="^\\+(?:[0-9] ?){6,14}[0-9]$")]


class PartyContactDetailHBL2(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    email: Annotated[str, Field(max_length=100, pattern="^.+@\\S+$")]


class PartyContactDetailHBL(RootModel[PartyContactDetailHBL1 | PartyContactDetailHBL2]):
    root: PartyContactDetailHBL1 | PartyContactDetailHBL2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class PartyContactDetailWithPattern1(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    phone: Annotated[str, Field(max_length=30, pattern="^\\+(?:[0-9] ?){6,14}[0-9]$")]


class PartyContactDetailWithPattern2(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    email: Annotated[str, Field(max_length=100, pattern="^.+@\\S+$")]


class PartyContactDetailWithPattern(
    RootModel[PartyContactDetailWithPattern1 | PartyContactDetailWithPattern2]
):
    root: PartyContactDetailWithPattern1 | PartyContactDetailWithPattern2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class EblIdentifyingCode(BaseModel):
    codeListProvider: Annotated[str, Field(max_length=100)]
    partyCode: Annotated[str, Field(max_length=150)]
    codeListName: Annotated[str | None, Field(max_length=100)] = None


class EblTaxLegalReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class EblReference(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class EblValue(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class ReferenceConsignmentItem(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    values: Annotated[list[EblValue], Field(min_length=1)]


class DescriptionOfGood(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class EblHSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=10, min_length=6, pattern="^\\d{6,10}$")]


class EblExtendedHSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=12, min_length=6, pattern="^\\d{6,12}$")]


class ShippingMark(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class DescriptionOfGoodsForCustom(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class ShippingMarksForCustom(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class EblValue1(RootModel[str]):
    root: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]


class EblNationalCommodityCode(BaseModel):
    type: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    values: Annotated[list[EblValue1], Field(min_length=1)]


class EblValue2(RootModel[str]):
    root: Annotated[str, Field(max_length=16, pattern="^\\S(?:.*\\S)?$")]


class EblExtendedNationalCommodityCode(BaseModel):
    type: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    values: Annotated[list[EblValue2], Field(min_length=1)]


class Value3(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class EblCustomsReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    values: Annotated[list[Value3], Field(min_length=1)]


class EblCargoGrossWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class EblCargoGrossVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


class EblCargoNetWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class EblCargoNetVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


class OuterPackagingShipper(BaseModel):
    packageCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")] = None
    numberOfPackages: Annotated[StrictInt, Field(ge=1, le=99999999)]
    description: Annotated[str, Field(max_length=100)]
    woodDeclaration: Annotated[str | None, Field(max_length=30)] = None


class OuterPackagingHBL(BaseModel):
    packageCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")]
    numberOfPackages: Annotated[StrictInt | None, Field(ge=1, le=99999999)] = None
    shippingMarks: Annotated[str | None, Field(max_length=512)] = None
    UNNumber: Annotated[str | None, Field(max_length=4, min_length=4, pattern="^\\d{4}$")] = None


class EblSegregationGroup(RootModel[str]):
    root: Annotated[str, Field(max_length=2)]


class EblGrossWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class EblNetWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class EblNetExplosiveContent(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR", "GRM", "ONZ"]


class EblNetVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ", "LTR"]


class EblInnerPackaging(BaseModel):
    quantity: StrictInt
    material: Annotated[str, Field(max_length=100)]
    description: Annotated[str, Field(max_length=100)]
    innerPackagings: list[EblInnerPackaging] | None = None


class EblEmergencyContactDetails(BaseModel):
    contact: Annotated[str, Field(max_length=255)]
    provider: Annotated[str | None, Field(max_length=255)] = None
    phone: Annotated[str, Field(max_length=30, pattern="^\\S(?:.*\\S)?$")]
    referenceNumber: Annotated[str | None, Field(max_length=255)] = None


class EblLimits(BaseModel):
    temperatureUnit: Literal["CEL", "FAH"]
    flashPoint: StrictFloat | None = None
    transportControlTemperature: StrictFloat | None = None
    transportEmergencyTemperature: StrictFloat | None = None
    SADT: StrictFloat | None = None
    SAPT: StrictFloat | None = None


class UTEquipmentReference(BaseModel):
    isShipperOwned: StrictBool
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]


class EblTareWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class RequiredEquipment(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]
    tareWeight: EblTareWeight


class Seal(BaseModel):
    number: Annotated[str, Field(max_length=15)]
    source: Literal["CAR", "SHI", "VET", "CUS"] | None = None


class EblActiveReeferSettings(BaseModel):
    temperatureSetpoint: StrictFloat | None = None
    temperatureUnit: Literal["CEL", "FAH"] | None = None
    o2Setpoint: Annotated[StrictFloat | None, Field(ge=0.0, le=100.0)] = None
    co2Setpoint: Annotated[StrictFloat | None, Field(ge=0.0, le=100.0)] = None
    humiditySetpoint: Annotated[StrictFloat | None, Field(ge=0.0, le=100.0)] = None
    airExchangeSetpoint: Annotated[StrictFloat | None, Field(ge=0.0)] = None
    airExchangeUnit: Literal["MQH", "FQH"] | None = None
    isVentilationOpen: StrictBool | None = None
    isDrainholesOpen: StrictBool | None = None
    isBulbMode: StrictBool | None = None
    isColdTreatmentRequired: StrictBool | None = None
    isControlledAtmosphereRequired: StrictBool | None = None


class EblAdvanceManifestFiling(BaseModel):
    manifestTypeCode: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    advanceManifestFilingsHouseBLPerformedBy: Literal["SELF", "CARRIER"]
    selfFilerCode: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    identificationNumber: Annotated[str | None, Field(max_length=17, pattern="^\\S(?:.*\\S)?$")] = None


class RoutingOfConsignmentCountry(RootModel[str]):
    root: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class PlaceOfAcceptance(BaseModel):
    locationName: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class PlaceOfFinalDelivery(BaseModel):
    locationName: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class EblCarrierClaus(RootModel[str]):
    root: Annotated[str, Field(max_length=20000, pattern="^\\S(?:.*\\S)?$")]


class VesselVoyage(BaseModel):
    vesselName: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    carrierExportVoyageNumber: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None
    role: Annotated[str | None, Field(max_length=30)] = None


class PlaceOfReceipt(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: EblAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    facility: EblFacility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: EblGeoCoordinate | None = None


class PortOfLoading(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    city: City | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class PortOfDischarge(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    city: City | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class PlaceOfDelivery(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: EblAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    facility: EblFacility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: EblGeoCoordinate | None = None


class OnwardInlandRouting(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: EblAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    facility: EblFacility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class EblCharge(BaseModel):
    chargeName: Annotated[str, Field(deprecated=True, max_length=50, pattern="^\\S(?:.*\\S)?$")]
    extendedChargeName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    currencyAmount: Annotated[StrictFloat, Field(ge=0.0)]
    currencyCode: Annotated[str, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")]
    paymentTermCode: Literal["PRE", "COL"]
    calculationBasis: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    unitPrice: Annotated[StrictFloat, Field(ge=0.0)]
    quantity: Annotated[StrictFloat, Field(ge=0.0)]


class EblOriginChargesPaymentTerm(BaseModel):
    haulageChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    portChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    otherChargesPaymentTermCode: Literal["PRE", "COL"] | None = None


class EblDestinationChargesPaymentTerm(BaseModel):
    haulageChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    portChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    otherChargesPaymentTermCode: Literal["PRE", "COL"] | None = None


class PlaceOfIssue1(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]


class PlaceOfIssue2(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class PlaceOfIssue(RootModel[PlaceOfIssue1 | PlaceOfIssue2]):
    root: PlaceOfIssue1 | PlaceOfIssue2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class InvoicePayableAtShippingInstructions(BaseModel):
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]


class InvoicePayableAt1(BaseModel):
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]


class InvoicePayableAt2(BaseModel):
    freeText: Annotated[str, Field(max_length=35)]


class EblInvoicePayableAt(RootModel[InvoicePayableAt1 | InvoicePayableAt2]):
    root: InvoicePayableAt1 | InvoicePayableAt2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class ExportLicenseShipper(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class EblExportLicense(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class ImportLicenseShipper(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class EblImportLicense(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class EblErrorResponse(BaseModel):
    httpMethod: Literal["GET", "HEAD", "POST", "PUT", "DELETE", "OPTION", "PATCH"]
    requestUri: str
    statusCode: StrictInt
    statusCodeText: Annotated[str, Field(max_length=50)]
    statusCodeMessage: Annotated[str | None, Field(max_length=200)] = None
    providerCorrelationReference: Annotated[str | None, Field(max_length=100)] = None
    errorDateTime: AwareDatetime
    errors: Annotated[list[EblDetailedError], Field(min_length=1)]


class EblShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[EblPurchaseOrderReference] | None = None


class ShipperShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[EblPurchaseOrderReference] | None = None


class OnBehalfOfShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None


class OnBehalfOfShipperShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None


class ShipperHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class EblConsignee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: Annotated[list[EblIdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[EblPurchaseOrderReference] | None = None


class OnBehalfOfConsignee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: Annotated[list[EblIdentifyingCode] | None, Field(min_length=1)] = None


class OnBehalfOfConsigneeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: Annotated[list[EblIdentifyingCode] | None, Field(min_length=1)] = None


class ConsigneeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[EblPurchaseOrderReference] | None = None


class ConsigneeHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Endorsee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: Annotated[list[EblIdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None


class EndorseeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None


class CarriersAgentAtDestination(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: list[EblPartyContactDetail]


class EblIssueToParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    sendToPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    identifyingCodes: Annotated[list[EblIdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[EblTaxLegalReference] | None = None


class NotifyParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class NotifyPartyShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class NotifyPartyHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL]


class Seller(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailWithPattern] | None = None


class SellerHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Buyer(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailWithPattern] | None = None


class BuyerHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class EblParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class PartyShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class PartyHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblAddress | None = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class IssuingParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    taxLegalReferences: list[EblTaxLegalReference] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None


class ShippingInstructionsRequestor(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: EblPartyAddress | None = None
    addressLines: Annotated[list[EblAddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[EblIdentifyingCode] | None = None
    partyContactDetails: list[EblPartyContactDetail] | None = None


class CargoItemShipper(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: EblCargoGrossWeight
    cargoGrossVolume: EblCargoGrossVolume | None = None
    cargoNetWeight: EblCargoNetWeight | None = None
    cargoNetVolume: EblCargoNetVolume | None = None
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    outerPackaging: OuterPackagingShipper | None = None
    nationalCommodityCodes: Annotated[list[EblNationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[EblExtendedNationalCommodityCode] | None = None
    houseBillOfLadingReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    customsReferences: list[EblCustomsReference] | None = None


class CargoItemHBL(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: EblCargoGrossWeight
    outerPackaging: OuterPackagingHBL


class EblDangerousGoods1(BaseModel):
    codedVariantList: Annotated[
        str | None, Field(max_length=4, min_length=4, pattern="^[0-3][0-9A-Z]{3}$")
    ] = None
    properShippingName: Annotated[str, Field(max_length=250)]
    technicalName: Annotated[str | None, Field(max_length=250)] = None
    imoClass: Annotated[str, Field(max_length=4)]
    subsidiaryRisk1: Annotated[
        str | None, Field(max_length=3, min_length=1, pattern="^[0-9](\\.[0-9])?$")
    ] = None
    subsidiaryRisk2: Annotated[
        str | None, Field(max_length=3, min_length=1, pattern="^[0-9](\\.[0-9])?$")
    ] = None
    isMarinePollutant: StrictBool | None = None
    packingGroup: Annotated[StrictInt | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: StrictBool | None = None
    isExceptedQuantity: StrictBool | None = None
    isSalvagePackings: StrictBool | None = None
    isEmptyUncleanedResidue: StrictBool | None = None
    isWaste: StrictBool | None = None
    isHot: StrictBool | None = None
    isCompetentAuthorityApprovalRequired: StrictBool | None = None
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[EblSegregationGroup] | None = None
    innerPackagings: list[EblInnerPackaging] | None = None
    emergencyContactDetails: EblEmergencyContactDetails | None = None
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: CalendarDate | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: StrictBool | None = None
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: EblGrossWeight | None = None
    netWeight: EblNetWeight | None = None
    netExplosiveContent: EblNetExplosiveContent | None = None
    netVolume: EblNetVolume | None = None
    limits: EblLimits | None = None
    UNNumber: Annotated[str, Field(max_length=4, min_length=4, pattern="^\\d{4}$")]


class EblDangerousGoods2(BaseModel):
    codedVariantList: Annotated[
        str | None, Field(max_length=4, min_length=4, pattern="^[0-3][0-9A-Z]{3}$")
    ] = None
    properShippingName: Annotated[str, Field(max_length=250)]
    technicalName: Annotated[str | None, Field(max_length=250)] = None
    imoClass: Annotated[str, Field(max_length=4)]
    subsidiaryRisk1: Annotated[
        str | None, Field(max_length=3, min_length=1, pattern="^[0-9](\\.[0-9])?$")
    ] = None
    subsidiaryRisk2: Annotated[
        str | None, Field(max_length=3, min_length=1, pattern="^[0-9](\\.[0-9])?$")
    ] = None
    isMarinePollutant: StrictBool | None = None
    packingGroup: Annotated[StrictInt | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: StrictBool | None = None
    isExceptedQuantity: StrictBool | None = None
    isSalvagePackings: StrictBool | None = None
    isEmptyUncleanedResidue: StrictBool | None = None
    isWaste: StrictBool | None = None
    isHot: StrictBool | None = None
    isCompetentAuthorityApprovalRequired: StrictBool | None = None
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[EblSegregationGroup] | None = None
    innerPackagings: list[EblInnerPackaging] | None = None
    emergencyContactDetails: EblEmergencyContactDetails | None = None
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: CalendarDate | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: StrictBool | None = None
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: EblGrossWeight | None = None
    netWeight: EblNetWeight | None = None
    netExplosiveContent: EblNetExplosiveContent | None = None
    netVolume: EblNetVolume | None = None
    limits: EblLimits | None = None
    NANumber: Annotated[str, Field(max_length=4, min_length=4, pattern="^\\d{4}$")]


class EblDangerousGoods(RootModel[EblDangerousGoods1 | EblDangerousGoods2]):
    root: EblDangerousGoods1 | EblDangerousGoods2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class UtilizedTransportEquipmentShipper2(UTEquipmentReference):
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    emptyIndicatorCode: Literal["LADEN", "EMPTY"] | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    isShipperOwned: Literal[False]


class UtilizedTransportEquipmentHBL(BaseModel):
    seals: Annotated[list[Seal] | None, Field(min_length=1)] = None
    emptyIndicatorCode: Literal["LADEN", "EMPTY"]
    isShipperOwned: StrictBool
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]


class UTEquipment(BaseModel):
    isShipperOwned: StrictBool
    equipment: RequiredEquipment


class Equipment(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str | None, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")] = None
    tareWeight: EblTareWeight | None = None


class Transports(BaseModel):
    plannedArrivalDate: CalendarDate
    plannedDepartureDate: CalendarDate
    preCarriageBy: Annotated[str | None, Field(max_length=50)] = None
    onCarriageBy: Annotated[str | None, Field(max_length=50)] = None
    placeOfReceipt: PlaceOfReceipt | None = None
    portOfLoading: PortOfLoading
    portOfDischarge: PortOfDischarge
    placeOfDelivery: PlaceOfDelivery | None = None
    onwardInlandRouting: OnwardInlandRouting | None = None
    vesselVoyages: Annotated[list[VesselVoyage], Field(min_length=1)]


class EblOtherDocumentParty(BaseModel):
    party: EblParty
    partyFunction: Annotated[str, Field(max_length=3)]


class OtherDocumentPartyShippingInstructions(BaseModel):
    party: PartyShipper
    partyFunction: Annotated[str, Field(max_length=3)]


class OtherDocumentPartyHBL(BaseModel):
    party: PartyHBL
    partyFunction: Annotated[str, Field(max_length=3)]


class ConsignmentItemShipper(BaseModel):
    carrierBookingReference: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    commoditySubReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    descriptionOfGoods: Annotated[list[DescriptionOfGood], Field(max_length=150)]
    descriptionOfGoodsForCustoms: Annotated[
        list[DescriptionOfGoodsForCustom] | None, Field(max_length=150)
    ] = None
    HSCodes: Annotated[list[EblHSCode], Field(deprecated=True, min_length=1)]
    extendedHSCodes: list[EblExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[EblNationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[EblExtendedNationalCommodityCode] | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    shippingMarksForCustoms: Annotated[list[ShippingMarksForCustom] | None, Field(max_length=50)] = None
    cargoItems: Annotated[list[CargoItemShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[ReferenceConsignmentItem] | None = None
    customsReferences: list[EblCustomsReference] | None = None


class ConsignmentItemHBL(BaseModel):
    descriptionOfGoods: Annotated[str, Field(max_length=512, pattern="^\\S(?:.*\\S)?$")]
    nationalCommodityCode: EblNationalCommodityCode
    extendedNationalCommodityCodes: list[EblExtendedNationalCommodityCode] | None = None
    cargoItems: Annotated[list[CargoItemHBL], Field(min_length=1)]
    customsReferences: list[EblCustomsReference] | None = None


class EblOuterPackaging(BaseModel):
    packageCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")] = None
    imoPackagingCode: Annotated[str | None, Field(max_length=5, min_length=1, pattern="^[A-Z0-9]{1,5}$")] = (
        None
    )
    numberOfPackages: Annotated[StrictInt, Field(ge=1, le=99999999)]
    description: Annotated[str, Field(max_length=100)]
    woodDeclaration: Annotated[str | None, Field(max_length=30)] = None
    dangerousGoods: list[EblDangerousGoods] | None = None


class UtilizedTransportEquipment(BaseModel):
    equipment: Equipment
    isShipperOwned: StrictBool
    isNonOperatingReefer: StrictBool | None = None
    activeReeferSettings: EblActiveReeferSettings | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None


class UtilizedTransportEquipmentShipper1(UTEquipment):
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    emptyIndicatorCode: Literal["LADEN", "EMPTY"] | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    isShipperOwned: Literal[True]


class UtilizedTransportEquipmentShipper(
    RootModel[UtilizedTransportEquipmentShipper1 | UtilizedTransportEquipmentShipper2]
):
    root: Annotated[
        UtilizedTransportEquipmentShipper1 | UtilizedTransportEquipmentShipper2,
        Field(discriminator="isShipperOwned"),
    ]

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class DocumentPartiesShippingInstructions(BaseModel):
    shipper: ShipperShipper
    onBehalfOfShipper: OnBehalfOfShipperShipper | None = None
    consignee: ConsigneeShipper | None = None
    onBehalfOfConsignee: OnBehalfOfConsigneeShipper | None = None
    endorsee: EndorseeShipper | None = None
    issueTo: EblIssueToParty | None = None
    seller: Seller | None = None
    buyer: Buyer | None = None
    notifyParties: Annotated[list[NotifyPartyShipper] | None, Field(max_length=3)] = None
    shippingInstructionsRequestor: ShippingInstructionsRequestor | None = None
    other: list[OtherDocumentPartyShippingInstructions] | None = None


class DocumentPartiesHouseBL(BaseModel):
    shipper: ShipperHBL
    consignee: ConsigneeHBL | None = None
    notifyParty: NotifyPartyHBL | None = None
    seller: SellerHBL | None = None
    buyer: BuyerHBL | None = None
    other: list[OtherDocumentPartyHBL] | None = None


class EblDocumentParties(BaseModel):
    shipper: EblShipper
    onBehalfOfShipper: OnBehalfOfShipper | None = None
    consignee: EblConsignee | None = None
    onBehalfOfConsignee: OnBehalfOfConsignee | None = None
    endorsee: Endorsee | None = None
    issuingParty: IssuingParty
    carriersAgentAtDestination: CarriersAgentAtDestination | None = None
    notifyParties: Annotated[list[NotifyParty] | None, Field(max_length=3)] = None
    other: list[EblOtherDocumentParty] | None = None


class CargoItem(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: EblCargoGrossWeight
    cargoGrossVolume: EblCargoGrossVolume | None = None
    cargoNetWeight: EblCargoNetWeight | None = None
    cargoNetVolume: EblCargoNetVolume | None = None
    exportLicense: EblExportLicense | None = None
    importLicense: EblImportLicense | None = None
    outerPackaging: EblOuterPackaging
    nationalCommodityCodes: Annotated[list[EblNationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[EblExtendedNationalCommodityCode] | None = None
    customsReferences: list[EblCustomsReference] | None = None


class HouseBillOfLading(BaseModel):
    houseBillOfLadingReference: Annotated[str, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")]
    isToOrder: StrictBool
    placeOfAcceptance: PlaceOfAcceptance | None = None
    placeOfFinalDelivery: PlaceOfFinalDelivery | None = None
    methodOfPayment: Annotated[str, Field(max_length=1)]
    documentParties: DocumentPartiesHouseBL
    isCargoDeliveredInICS2Zone: StrictBool
    routingOfConsignmentCountries: Annotated[list[RoutingOfConsignmentCountry], Field(min_length=1)]
    consignmentItems: Annotated[list[ConsignmentItemHBL], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentHBL], Field(min_length=1)]


class CreateShippingInstructions(BaseModel):
    shippingInstructionsRevisionNumber: StrictInt | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: StrictBool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: EblOriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: EblDestinationChargesPaymentTerm | None = None
    isElectronic: StrictBool
    isToOrder: StrictBool
    numberOfCopiesWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    displayedNameForPlaceOfReceipt: Annotated[
        list[DisplayedNameForPlaceOfReceiptItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfLoad: Annotated[
        list[DisplayedNameForPortOfLoadItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfDischarge: Annotated[
        list[DisplayedNameForPortOfDischargeItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPlaceOfDelivery: Annotated[
        list[DisplayedNameForPlaceOfDeliveryItem] | None, Field(max_length=5)
    ] = None
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    placeOfIssue: PlaceOfIssue | None = None
    invoicePayableAt: InvoicePayableAtShippingInstructions | None = None
    partyContactDetails: Annotated[list[EblPartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: StrictBool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: StrictBool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    advanceManifestFilings: list[EblAdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: StrictBool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None


class UpdateShippingInstructions(BaseModel):
    shippingInstructionsReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]
    shippingInstructionsRevisionNumber: StrictInt | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: StrictBool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: EblOriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: EblDestinationChargesPaymentTerm | None = None
    isElectronic: StrictBool
    isToOrder: StrictBool
    numberOfCopiesWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    displayedNameForPlaceOfReceipt: Annotated[
        list[DisplayedNameForPlaceOfReceiptItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfLoad: Annotated[
        list[DisplayedNameForPortOfLoadItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfDischarge: Annotated[
        list[DisplayedNameForPortOfDischargeItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPlaceOfDelivery: Annotated[
        list[DisplayedNameForPlaceOfDeliveryItem] | None, Field(max_length=5)
    ] = None
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    placeOfIssue: PlaceOfIssue | None = None
    invoicePayableAt: InvoicePayableAtShippingInstructions | None = None
    partyContactDetails: Annotated[list[EblPartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: StrictBool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: StrictBool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    advanceManifestFilings: list[EblAdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: StrictBool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None


class ShippingInstructions(BaseModel):
    shippingInstructionsReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    shippingInstructionsRevisionNumber: StrictInt | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    shippingInstructionsStatus: Annotated[str, Field(max_length=50)]
    updatedShippingInstructionsStatus: Annotated[str | None, Field(max_length=50)] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: StrictBool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: EblOriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: EblDestinationChargesPaymentTerm | None = None
    isElectronic: StrictBool
    isToOrder: StrictBool
    numberOfCopiesWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    displayedNameForPlaceOfReceipt: Annotated[
        list[DisplayedNameForPlaceOfReceiptItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfLoad: Annotated[
        list[DisplayedNameForPortOfLoadItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfDischarge: Annotated[
        list[DisplayedNameForPortOfDischargeItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPlaceOfDelivery: Annotated[
        list[DisplayedNameForPlaceOfDeliveryItem] | None, Field(max_length=5)
    ] = None
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    placeOfIssue: PlaceOfIssue | None = None
    invoicePayableAt: InvoicePayableAtShippingInstructions | None = None
    partyContactDetails: Annotated[list[EblPartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: StrictBool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: StrictBool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    advanceManifestFilings: list[EblAdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: StrictBool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None
    feedbacks: list[EblFeedback] | None = None


class ConsignmentItem(BaseModel):
    carrierBookingReference: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    descriptionOfGoods: Annotated[list[DescriptionOfGood], Field(max_length=150)]
    HSCodes: Annotated[list[EblHSCode], Field(deprecated=True, min_length=1)]
    extendedHSCodes: list[EblExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[EblNationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[EblExtendedNationalCommodityCode] | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    cargoItems: Annotated[list[CargoItem], Field(min_length=1)]
    exportLicense: EblExportLicense | None = None
    importLicense: EblImportLicense | None = None
    references: list[ReferenceConsignmentItem] | None = None
    customsReferences: list[EblCustomsReference] | None = None


class TransportDocument(BaseModel):
    transportDocumentReference: Annotated[str, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")]
    transportDocumentSubReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    shippingInstructionsReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    transportDocumentStatus: Annotated[str, Field(max_length=50)]
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: StrictBool
    freightPaymentTermCode: Literal["PRE", "COL"] | None = None
    isElectronic: StrictBool
    isToOrder: StrictBool
    numberOfCopiesWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[StrictInt | None, Field(ge=0)] = None
    displayedNameForPlaceOfReceipt: Annotated[
        list[DisplayedNameForPlaceOfReceiptItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfLoad: Annotated[
        list[DisplayedNameForPortOfLoadItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPortOfDischarge: Annotated[
        list[DisplayedNameForPortOfDischargeItem] | None, Field(max_length=5)
    ] = None
    displayedNameForPlaceOfDelivery: Annotated[
        list[DisplayedNameForPlaceOfDeliveryItem] | None, Field(max_length=5)
    ] = None
    shippedOnBoardDate: CalendarDate | None = None
    displayedShippedOnBoardReceivedForShipment: Annotated[
        str | None, Field(max_length=250, pattern="^\\S(?:.*\\S)?$")
    ] = None
    termsAndConditions: Annotated[str, Field(max_length=50000)]
    receiptTypeAtOrigin: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    deliveryTypeAtDestination: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    cargoMovementTypeAtOrigin: Annotated[str, Field(max_length=3)]
    cargoMovementTypeAtDestination: Annotated[str, Field(max_length=3)]
    issueDate: CalendarDate | None = None
    receivedForShipmentDate: CalendarDate | None = None
    serviceContractReference: Annotated[str | None, Field(max_length=30)] = None
    contractQuotationReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    declaredValue: Annotated[StrictFloat | None, Field(ge=0.0)] = None
    declaredValueCurrency: Annotated[str | None, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")] = (
        None
    )
    carrierCode: Annotated[str, Field(max_length=4, pattern="^\\S+$")]
    carrierCodeListProvider: Literal["SMDG", "NMFTA"]
    carrierClauses: list[EblCarrierClaus] | None = None
    numberOfRiderPages: Annotated[StrictInt | None, Field(ge=0)] = None
    transports: Transports
    charges: list[EblCharge] | None = None
    placeOfIssue: PlaceOfIssue | None = None
    invoicePayableAt: EblInvoicePayableAt
    partyContactDetails: Annotated[list[EblPartyContactDetail], Field(min_length=1)]
    documentParties: EblDocumentParties
    consignmentItems: Annotated[list[ConsignmentItem], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipment], Field(min_length=1)]
    exportLicense: EblExportLicense | None = None
    importLicense: EblImportLicense | None = None
    references: list[EblReference] | None = None
    customsReferences: list[EblCustomsReference] | None = None
    feedbacks: list[EblFeedback] | None = None


class TransportDocumentAmend(BaseModel):
    amendedTransportDocumentStatus: Annotated[str, Field(max_length=50)]
    amendedTransportDocument: TransportDocument


class ShippingInstructionsFullNotification(ShippingInstructions):
    pass


class UpdatedShippingInstructionsFullNotification(ShippingInstructions):
    pass


class TransportDocumentFullNotification(TransportDocument):
    pass


class AmendedTransportDocumentFullNotification(TransportDocument):
    pass


class ShippingInstructionsData(BaseModel):
    shippingInstructionsStatus: Annotated[str, Field(max_length=50)]
    updatedShippingInstructionsStatus: Annotated[str | None, Field(max_length=50)] = None
    shippingInstructionsReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    transportDocumentSubReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    feedbacks: list[EblFeedback] | None = None
    shippingInstructions: ShippingInstructionsFullNotification | None = None
    updatedShippingInstructions: UpdatedShippingInstructionsFullNotification | None = None


class TransportDocumentData(BaseModel):
    transportDocumentStatus: Annotated[str, Field(max_length=50)]
    amendedTransportDocumentStatus: Annotated[str | None, Field(max_length=50)] = None
    shippingInstructionsReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    transportDocumentReference: Annotated[str, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")]
    transportDocumentSubReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    feedbacks: list[EblFeedback] | None = None
    transportDocument: TransportDocumentFullNotification | None = None
    amendedTransportDocument: AmendedTransportDocumentFullNotification | None = None


class ShippingInstructionsNotification(BaseModel):
    specversion: Literal["1.0"]
    id: Annotated[str, Field(max_length=100)]
    source: Annotated[str, Field(max_length=4096)]
    type: Literal["org.dcsa.shipping-instructions.v3"]
    time: AwareDatetime
    datacontenttype: Literal["application/json"]
    subscriptionReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]
    data: ShippingInstructionsData


class TransportDocumentNotification(BaseModel):
    specversion: Literal["1.0"]
    id: Annotated[str, Field(max_length=100)]
    source: Annotated[str, Field(max_length=4096)]
    type: Literal["org.dcsa.transport-document.v3"]
    time: AwareDatetime
    datacontenttype: Literal["application/json"]
    subscriptionReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]
    data: TransportDocumentData


EblInnerPackaging.model_rebuild()

"""DCSA Bill of Lading 3.0.3 wire models, generated from `contract/dcsa/EBL_v3.0.3.yaml` (descriptions,
examples and titles left out) by `make dcsa-models` (api/dcsa/generate.py, datamodel-code-generator).

Do not edit by hand: regenerate (tests/unit/test_dcsa_models.py fails when this file is not what the command
writes). Property names are the standard's own. Each `oneOf` root model has its `_one_of` validator (a body
matching two members is refused).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, Field, RootModel, model_validator

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


class Feedback(BaseModel):
    severity: Annotated[str, Field(max_length=50)]
    code: Annotated[str, Field(max_length=50)]
    message: Annotated[str, Field(max_length=5000)]
    jsonPath: Annotated[str | None, Field(max_length=500)] = None
    property: Annotated[str | None, Field(max_length=100)] = None


class DetailedError(BaseModel):
    errorCode: Annotated[int | None, Field(ge=7000, le=9999)] = None
    property: Annotated[str | None, Field(max_length=100)] = None
    value: Annotated[str | None, Field(max_length=500)] = None
    jsonPath: Annotated[str | None, Field(max_length=500)] = None
    errorCodeText: Annotated[str, Field(max_length=100)]
    errorCodeMessage: Annotated[str, Field(max_length=5000)]


class Address(BaseModel):
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


class Facility(BaseModel):
    facilityCode: Annotated[str, Field(max_length=6, pattern="^\\S(?:.*\\S)?$")]
    facilityCodeListProvider: Literal["BIC", "SMDG"]


class GeoCoordinate(BaseModel):
    latitude: Annotated[str, Field(max_length=10)]
    longitude: Annotated[str, Field(max_length=11)]


class PartyAddress(BaseModel):
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


class AddressLine(RootModel[str]):
    root: Annotated[str, Field(max_length=250)]


class DisplayedAddressItem(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class PurchaseOrderReference(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class PartyContactDetail1(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    phone: Annotated[str, Field(max_length=30, pattern="^\\S(?:.*\\S)?$")]


class PartyContactDetail2(BaseModel):
    name: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    email: Annotated[str, Field(max_length=100, pattern="^.+@\\S+$")]


class PartyContactDetail(RootModel[PartyContactDetail1 | PartyContactDetail2]):
    root: PartyContactDetail1 | PartyContactDetail2

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


class IdentifyingCode(BaseModel):
    codeListProvider: Annotated[str, Field(max_length=100)]
    partyCode: Annotated[str, Field(max_length=150)]
    codeListName: Annotated[str | None, Field(max_length=100)] = None


class TaxLegalReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class Reference(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class Value(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class ReferenceConsignmentItem(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    values: Annotated[list[Value], Field(min_length=1)]


class DescriptionOfGood(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class HSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=10, min_length=6, pattern="^\\d{6,10}$")]


class ExtendedHSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=12, min_length=6, pattern="^\\d{6,12}$")]


class ShippingMark(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class DescriptionOfGoodsForCustom(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class ShippingMarksForCustom(RootModel[str]):
    root: Annotated[str, Field(max_length=35)]


class Value1(RootModel[str]):
    root: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]


class NationalCommodityCode(BaseModel):
    type: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    values: Annotated[list[Value1], Field(min_length=1)]


class Value2(RootModel[str]):
    root: Annotated[str, Field(max_length=16, pattern="^\\S(?:.*\\S)?$")]


class ExtendedNationalCommodityCode(BaseModel):
    type: Annotated[str, Field(max_length=10, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None
    values: Annotated[list[Value2], Field(min_length=1)]


class Value3(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class CustomsReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    values: Annotated[list[Value3], Field(min_length=1)]


class CargoGrossWeight(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class CargoGrossVolume(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


class CargoNetWeight(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class CargoNetVolume(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


class OuterPackagingShipper(BaseModel):
    packageCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")] = None
    numberOfPackages: Annotated[int, Field(ge=1, le=99999999)]
    description: Annotated[str, Field(max_length=100)]
    woodDeclaration: Annotated[str | None, Field(max_length=30)] = None


class OuterPackagingHBL(BaseModel):
    packageCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")]
    numberOfPackages: Annotated[int | None, Field(ge=1, le=99999999)] = None
    shippingMarks: Annotated[str | None, Field(max_length=512)] = None
    UNNumber: Annotated[str | None, Field(max_length=4, min_length=4, pattern="^\\d{4}$")] = None


class SegregationGroup(RootModel[str]):
    root: Annotated[str, Field(max_length=2)]


class GrossWeight(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class NetWeight(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class NetExplosiveContent(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR", "GRM", "ONZ"]


class NetVolume(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ", "LTR"]


class InnerPackaging(BaseModel):
    quantity: int
    material: Annotated[str, Field(max_length=100)]
    description: Annotated[str, Field(max_length=100)]
    innerPackagings: list[InnerPackaging] | None = None


class EmergencyContactDetails(BaseModel):
    contact: Annotated[str, Field(max_length=255)]
    provider: Annotated[str | None, Field(max_length=255)] = None
    phone: Annotated[str, Field(max_length=30, pattern="^\\S(?:.*\\S)?$")]
    referenceNumber: Annotated[str | None, Field(max_length=255)] = None


class Limits(BaseModel):
    temperatureUnit: Literal["CEL", "FAH"]
    flashPoint: float | None = None
    transportControlTemperature: float | None = None
    transportEmergencyTemperature: float | None = None
    SADT: float | None = None
    SAPT: float | None = None


class UTEquipmentReference(BaseModel):
    isShipperOwned: bool
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]


class TareWeight(BaseModel):
    value: Annotated[float, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class RequiredEquipment(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]
    tareWeight: TareWeight


class Seal(BaseModel):
    number: Annotated[str, Field(max_length=15)]
    source: Literal["CAR", "SHI", "VET", "CUS"] | None = None


class ActiveReeferSettings(BaseModel):
    temperatureSetpoint: float | None = None
    temperatureUnit: Literal["CEL", "FAH"] | None = None
    o2Setpoint: Annotated[float | None, Field(ge=0.0, le=100.0)] = None
    co2Setpoint: Annotated[float | None, Field(ge=0.0, le=100.0)] = None
    humiditySetpoint: Annotated[float | None, Field(ge=0.0, le=100.0)] = None
    airExchangeSetpoint: Annotated[float | None, Field(ge=0.0)] = None
    airExchangeUnit: Literal["MQH", "FQH"] | None = None
    isVentilationOpen: bool | None = None
    isDrainholesOpen: bool | None = None
    isBulbMode: bool | None = None
    isColdTreatmentRequired: bool | None = None
    isControlledAtmosphereRequired: bool | None = None


class AdvanceManifestFiling(BaseModel):
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


class CarrierClaus(RootModel[str]):
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
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: GeoCoordinate | None = None


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
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: GeoCoordinate | None = None


class OnwardInlandRouting(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class Charge(BaseModel):
    chargeName: Annotated[str, Field(deprecated=True, max_length=50, pattern="^\\S(?:.*\\S)?$")]
    extendedChargeName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    currencyAmount: Annotated[float, Field(ge=0.0)]
    currencyCode: Annotated[str, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")]
    paymentTermCode: Literal["PRE", "COL"]
    calculationBasis: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    unitPrice: Annotated[float, Field(ge=0.0)]
    quantity: Annotated[float, Field(ge=0.0)]


class OriginChargesPaymentTerm(BaseModel):
    haulageChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    portChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    otherChargesPaymentTermCode: Literal["PRE", "COL"] | None = None


class DestinationChargesPaymentTerm(BaseModel):
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


class InvoicePayableAt(RootModel[InvoicePayableAt1 | InvoicePayableAt2]):
    root: InvoicePayableAt1 | InvoicePayableAt2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class ExportLicenseShipper(BaseModel):
    isRequired: bool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: date | None = None
    expiryDate: date | None = None


class ExportLicense(BaseModel):
    isRequired: bool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: date | None = None
    expiryDate: date | None = None


class ImportLicenseShipper(BaseModel):
    isRequired: bool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: date | None = None
    expiryDate: date | None = None


class ImportLicense(BaseModel):
    isRequired: bool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: date | None = None
    expiryDate: date | None = None


class ErrorResponse(BaseModel):
    httpMethod: Literal["GET", "HEAD", "POST", "PUT", "DELETE", "OPTION", "PATCH"]
    requestUri: str
    statusCode: int
    statusCodeText: Annotated[str, Field(max_length=50)]
    statusCodeMessage: Annotated[str | None, Field(max_length=200)] = None
    providerCorrelationReference: Annotated[str | None, Field(max_length=100)] = None
    errorDateTime: AwareDatetime
    errors: Annotated[list[DetailedError], Field(min_length=1)]


class Shipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None


class ShipperShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None


class OnBehalfOfShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None


class OnBehalfOfShipperShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None


class ShipperHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: Address | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Consignee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: Annotated[list[IdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None


class OnBehalfOfConsignee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: Annotated[list[IdentifyingCode] | None, Field(min_length=1)] = None


class OnBehalfOfConsigneeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: Annotated[list[IdentifyingCode] | None, Field(min_length=1)] = None


class ConsigneeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None


class ConsigneeHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: Address | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Endorsee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: Annotated[list[IdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None


class EndorseeShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None


class CarriersAgentAtDestination(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: Address
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: list[PartyContactDetail]


class IssueToParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    sendToPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    identifyingCodes: Annotated[list[IdentifyingCode], Field(min_length=1)]
    taxLegalReferences: list[TaxLegalReference] | None = None


class NotifyParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class NotifyPartyShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    displayedAddress: Annotated[list[DisplayedAddressItem] | None, Field(max_length=6)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class NotifyPartyHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL]


class Seller(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailWithPattern] | None = None


class SellerHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Buyer(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailWithPattern] | None = None


class BuyerHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    typeOfPerson: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    address: AddressHBL | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None


class Party(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class PartyShipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class PartyHBL(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: Address | None = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetailHBL] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class IssuingParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None


class ShippingInstructionsRequestor(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    partyContactDetails: list[PartyContactDetail] | None = None


class CargoItemShipper(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: CargoGrossWeight
    cargoGrossVolume: CargoGrossVolume | None = None
    cargoNetWeight: CargoNetWeight | None = None
    cargoNetVolume: CargoNetVolume | None = None
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    outerPackaging: OuterPackagingShipper | None = None
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    houseBillOfLadingReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    customsReferences: list[CustomsReference] | None = None


class CargoItemHBL(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: CargoGrossWeight
    outerPackaging: OuterPackagingHBL


class DangerousGoods1(BaseModel):
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
    isMarinePollutant: bool | None = None
    packingGroup: Annotated[int | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: bool | None = None
    isExceptedQuantity: bool | None = None
    isSalvagePackings: bool | None = None
    isEmptyUncleanedResidue: bool | None = None
    isWaste: bool | None = None
    isHot: bool | None = None
    isCompetentAuthorityApprovalRequired: bool | None = None
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[SegregationGroup] | None = None
    innerPackagings: list[InnerPackaging] | None = None
    emergencyContactDetails: EmergencyContactDetails | None = None
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: date | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: bool | None = None
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: GrossWeight | None = None
    netWeight: NetWeight | None = None
    netExplosiveContent: NetExplosiveContent | None = None
    netVolume: NetVolume | None = None
    limits: Limits | None = None
    UNNumber: Annotated[str, Field(max_length=4, min_length=4, pattern="^\\d{4}$")]


class DangerousGoods2(BaseModel):
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
    isMarinePollutant: bool | None = None
    packingGroup: Annotated[int | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: bool | None = None
    isExceptedQuantity: bool | None = None
    isSalvagePackings: bool | None = None
    isEmptyUncleanedResidue: bool | None = None
    isWaste: bool | None = None
    isHot: bool | None = None
    isCompetentAuthorityApprovalRequired: bool | None = None
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[SegregationGroup] | None = None
    innerPackagings: list[InnerPackaging] | None = None
    emergencyContactDetails: EmergencyContactDetails | None = None
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: date | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: bool | None = None
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: GrossWeight | None = None
    netWeight: NetWeight | None = None
    netExplosiveContent: NetExplosiveContent | None = None
    netVolume: NetVolume | None = None
    limits: Limits | None = None
    NANumber: Annotated[str, Field(max_length=4, min_length=4, pattern="^\\d{4}$")]


class DangerousGoods(RootModel[DangerousGoods1 | DangerousGoods2]):
    root: DangerousGoods1 | DangerousGoods2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class UtilizedTransportEquipmentShipper2(UTEquipmentReference):
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    emptyIndicatorCode: Literal["LADEN", "EMPTY"] | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    isShipperOwned: Literal[False]


class UtilizedTransportEquipmentHBL(BaseModel):
    seals: Annotated[list[Seal] | None, Field(min_length=1)] = None
    emptyIndicatorCode: Literal["LADEN", "EMPTY"]
    isShipperOwned: bool
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]


class UTEquipment(BaseModel):
    isShipperOwned: bool
    equipment: RequiredEquipment


class Equipment(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    ISOEquipmentCode: Annotated[str | None, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")] = None
    tareWeight: TareWeight | None = None


class Transports(BaseModel):
    plannedArrivalDate: date
    plannedDepartureDate: date
    preCarriageBy: Annotated[str | None, Field(max_length=50)] = None
    onCarriageBy: Annotated[str | None, Field(max_length=50)] = None
    placeOfReceipt: PlaceOfReceipt | None = None
    portOfLoading: PortOfLoading
    portOfDischarge: PortOfDischarge
    placeOfDelivery: PlaceOfDelivery | None = None
    onwardInlandRouting: OnwardInlandRouting | None = None
    vesselVoyages: Annotated[list[VesselVoyage], Field(min_length=1)]


class OtherDocumentParty(BaseModel):
    party: Party
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
    HSCodes: Annotated[list[HSCode], Field(deprecated=True, min_length=1)]
    extendedHSCodes: list[ExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    shippingMarksForCustoms: Annotated[list[ShippingMarksForCustom] | None, Field(max_length=50)] = None
    cargoItems: Annotated[list[CargoItemShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[ReferenceConsignmentItem] | None = None
    customsReferences: list[CustomsReference] | None = None


class ConsignmentItemHBL(BaseModel):
    descriptionOfGoods: Annotated[str, Field(max_length=512, pattern="^\\S(?:.*\\S)?$")]
    nationalCommodityCode: NationalCommodityCode
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    cargoItems: Annotated[list[CargoItemHBL], Field(min_length=1)]
    customsReferences: list[CustomsReference] | None = None


class OuterPackaging(BaseModel):
    packageCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")] = None
    imoPackagingCode: Annotated[str | None, Field(max_length=5, min_length=1, pattern="^[A-Z0-9]{1,5}$")] = (
        None
    )
    numberOfPackages: Annotated[int, Field(ge=1, le=99999999)]
    description: Annotated[str, Field(max_length=100)]
    woodDeclaration: Annotated[str | None, Field(max_length=30)] = None
    dangerousGoods: list[DangerousGoods] | None = None


class UtilizedTransportEquipment(BaseModel):
    equipment: Equipment
    isShipperOwned: bool
    isNonOperatingReefer: bool | None = None
    activeReeferSettings: ActiveReeferSettings | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None


class UtilizedTransportEquipmentShipper1(UTEquipment):
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    seals: Annotated[list[Seal], Field(min_length=1)]
    emptyIndicatorCode: Literal["LADEN", "EMPTY"] | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
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
    issueTo: IssueToParty | None = None
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


class DocumentParties(BaseModel):
    shipper: Shipper
    onBehalfOfShipper: OnBehalfOfShipper | None = None
    consignee: Consignee | None = None
    onBehalfOfConsignee: OnBehalfOfConsignee | None = None
    endorsee: Endorsee | None = None
    issuingParty: IssuingParty
    carriersAgentAtDestination: CarriersAgentAtDestination | None = None
    notifyParties: Annotated[list[NotifyParty] | None, Field(max_length=3)] = None
    other: list[OtherDocumentParty] | None = None


class CargoItem(BaseModel):
    equipmentReference: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]
    cargoGrossWeight: CargoGrossWeight
    cargoGrossVolume: CargoGrossVolume | None = None
    cargoNetWeight: CargoNetWeight | None = None
    cargoNetVolume: CargoNetVolume | None = None
    exportLicense: ExportLicense | None = None
    importLicense: ImportLicense | None = None
    outerPackaging: OuterPackaging
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    customsReferences: list[CustomsReference] | None = None


class HouseBillOfLading(BaseModel):
    houseBillOfLadingReference: Annotated[str, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")]
    isToOrder: bool
    placeOfAcceptance: PlaceOfAcceptance | None = None
    placeOfFinalDelivery: PlaceOfFinalDelivery | None = None
    methodOfPayment: Annotated[str, Field(max_length=1)]
    documentParties: DocumentPartiesHouseBL
    isCargoDeliveredInICS2Zone: bool
    routingOfConsignmentCountries: Annotated[list[RoutingOfConsignmentCountry], Field(min_length=1)]
    consignmentItems: Annotated[list[ConsignmentItemHBL], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentHBL], Field(min_length=1)]


class CreateShippingInstructions(BaseModel):
    shippingInstructionsRevisionNumber: int | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: bool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    isElectronic: bool
    isToOrder: bool
    numberOfCopiesWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[int | None, Field(ge=0)] = None
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
    partyContactDetails: Annotated[list[PartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: bool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: bool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    advanceManifestFilings: list[AdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: bool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None


class UpdateShippingInstructions(BaseModel):
    shippingInstructionsReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]
    shippingInstructionsRevisionNumber: int | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: bool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    isElectronic: bool
    isToOrder: bool
    numberOfCopiesWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[int | None, Field(ge=0)] = None
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
    partyContactDetails: Annotated[list[PartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: bool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: bool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    advanceManifestFilings: list[AdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: bool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None


class ShippingInstructions(BaseModel):
    shippingInstructionsReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = (
        None
    )
    shippingInstructionsRevisionNumber: int | None = None
    transportDocumentReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    shippingInstructionsStatus: Annotated[str, Field(max_length=50)]
    updatedShippingInstructionsStatus: Annotated[str | None, Field(max_length=50)] = None
    transportDocumentTypeCode: Literal["BOL", "SWB"]
    isShippedOnBoardType: bool
    freightPaymentTermCode: Literal["PRE", "COL"]
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    isElectronic: bool
    isToOrder: bool
    numberOfCopiesWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[int | None, Field(ge=0)] = None
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
    partyContactDetails: Annotated[list[PartyContactDetail], Field(min_length=1)]
    isCarriersAgentAtDestinationRequired: bool | None = None
    documentParties: DocumentPartiesShippingInstructions
    isCargoDeliveredInICS2Zone: bool
    consignmentItems: Annotated[list[ConsignmentItemShipper], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipmentShipper], Field(min_length=1)]
    exportLicense: ExportLicenseShipper | None = None
    importLicense: ImportLicenseShipper | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    advanceManifestFilings: list[AdvanceManifestFiling] | None = None
    isHouseBillOfLadingsIssued: bool | None = None
    houseBillOfLadings: list[HouseBillOfLading] | None = None
    requestedCarrierCertificates: list[RequestedCarrierCertificate] | None = None
    requestedCarrierClauses: list[RequestedCarrierClaus] | None = None
    feedbacks: list[Feedback] | None = None


class ConsignmentItem(BaseModel):
    carrierBookingReference: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]
    descriptionOfGoods: Annotated[list[DescriptionOfGood], Field(max_length=150)]
    HSCodes: Annotated[list[HSCode], Field(deprecated=True, min_length=1)]
    extendedHSCodes: list[ExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    shippingMarks: Annotated[list[ShippingMark] | None, Field(max_length=50)] = None
    cargoItems: Annotated[list[CargoItem], Field(min_length=1)]
    exportLicense: ExportLicense | None = None
    importLicense: ImportLicense | None = None
    references: list[ReferenceConsignmentItem] | None = None
    customsReferences: list[CustomsReference] | None = None


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
    isShippedOnBoardType: bool
    freightPaymentTermCode: Literal["PRE", "COL"] | None = None
    isElectronic: bool
    isToOrder: bool
    numberOfCopiesWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfCopiesWithoutCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithCharges: Annotated[int | None, Field(ge=0)] = None
    numberOfOriginalsWithoutCharges: Annotated[int | None, Field(ge=0)] = None
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
    shippedOnBoardDate: date | None = None
    displayedShippedOnBoardReceivedForShipment: Annotated[
        str | None, Field(max_length=250, pattern="^\\S(?:.*\\S)?$")
    ] = None
    termsAndConditions: Annotated[str, Field(max_length=50000)]
    receiptTypeAtOrigin: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    deliveryTypeAtDestination: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    cargoMovementTypeAtOrigin: Annotated[str, Field(max_length=3)]
    cargoMovementTypeAtDestination: Annotated[str, Field(max_length=3)]
    issueDate: date | None = None
    receivedForShipmentDate: date | None = None
    serviceContractReference: Annotated[str | None, Field(max_length=30)] = None
    contractQuotationReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    declaredValue: Annotated[float | None, Field(ge=0.0)] = None
    declaredValueCurrency: Annotated[str | None, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")] = (
        None
    )
    carrierCode: Annotated[str, Field(max_length=4, pattern="^\\S+$")]
    carrierCodeListProvider: Literal["SMDG", "NMFTA"]
    carrierClauses: list[CarrierClaus] | None = None
    numberOfRiderPages: Annotated[int | None, Field(ge=0)] = None
    transports: Transports
    charges: list[Charge] | None = None
    placeOfIssue: PlaceOfIssue | None = None
    invoicePayableAt: InvoicePayableAt
    partyContactDetails: Annotated[list[PartyContactDetail], Field(min_length=1)]
    documentParties: DocumentParties
    consignmentItems: Annotated[list[ConsignmentItem], Field(min_length=1)]
    utilizedTransportEquipments: Annotated[list[UtilizedTransportEquipment], Field(min_length=1)]
    exportLicense: ExportLicense | None = None
    importLicense: ImportLicense | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    feedbacks: list[Feedback] | None = None


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
    feedbacks: list[Feedback] | None = None
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
    feedbacks: list[Feedback] | None = None
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


InnerPackaging.model_rebuild()

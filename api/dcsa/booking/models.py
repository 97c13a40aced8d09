"""DCSA Booking 2.0.5 wire models, generated from `contract/dcsa/BKG_v2.0.5.yaml` (descriptions, examples
and titles left out) by `make dcsa-models` (api/dcsa/generate.py, datamodel-code-generator).

Do not edit by hand: regenerate (tests/unit/test_dcsa_models.py fails when this file is not what the command
writes). Property names are the standard's own (`UNLocationCode`, `ISOEquipmentCode`). Each `oneOf` root model
(CancelBookingRequest, PlaceOfBLIssue, DangerousGoods) has its `_one_of` validator (a body matching two
members is refused).
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


class CreateBookingResponse(BaseModel):
    carrierBookingRequestReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]


class CancelBookingRequest1(BaseModel):
    reason: Annotated[str | None, Field(max_length=5000)] = None
    bookingStatus: Annotated[str, Field(max_length=50)]


class CancelBookingRequest2(BaseModel):
    reason: Annotated[str | None, Field(max_length=5000)] = None
    amendedBookingStatus: Annotated[str, Field(max_length=50)]


class CancelBookingRequest3(BaseModel):
    reason: Annotated[str | None, Field(max_length=5000)] = None
    bookingCancellationStatus: Annotated[str, Field(max_length=50)]


class CancelBookingRequest(RootModel[CancelBookingRequest1 | CancelBookingRequest2 | CancelBookingRequest3]):
    root: CancelBookingRequest1 | CancelBookingRequest2 | CancelBookingRequest3

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class Feedback(BaseModel):
    severity: Annotated[str, Field(max_length=50)]
    code: Annotated[str, Field(max_length=50)]
    message: Annotated[str, Field(max_length=5000)]
    jsonPath: Annotated[str | None, Field(max_length=500)] = None
    property: Annotated[str | None, Field(max_length=100)] = None


class DetailedError(BaseModel):
    errorCode: Annotated[StrictInt | None, Field(ge=7000, le=9999)] = None
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


class Facility(BaseModel):
    facilityCode: Annotated[str, Field(max_length=6, pattern="^\\S(?:.*\\S)?$")]
    facilityCodeListProvider: Literal["BIC", "SMDG"]


class GeoCoordinate(BaseModel):
    latitude: Annotated[str, Field(max_length=10)]
    longitude: Annotated[str, Field(max_length=11)]


class TransportDocumentReference(RootModel[str]):
    root: Annotated[str, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")]


class CarrierClaus(RootModel[str]):
    root: Annotated[str, Field(max_length=20000, pattern="^\\S(?:.*\\S)?$")]


class InvoicePayableAt(BaseModel):
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]


class PlaceOfBLIssue1(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]


class PlaceOfBLIssue2(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]


class PlaceOfBLIssue(RootModel[PlaceOfBLIssue1 | PlaceOfBLIssue2]):
    root: PlaceOfBLIssue1 | PlaceOfBLIssue2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class ActiveReeferSettings(BaseModel):
    temperatureSetpoint: StrictFloat
    temperatureUnit: Literal["CEL", "FAH"]
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
    isPreCoolingRequired: StrictBool | None = None
    isGeneratorSetRequired: StrictBool | None = None


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


class IdentifyingCode(BaseModel):
    codeListProvider: Annotated[str, Field(max_length=100)]
    partyCode: Annotated[str, Field(max_length=150)]
    codeListName: Annotated[str | None, Field(max_length=100)] = None


class TaxLegalReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class ReferenceShipper(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class Reference(BaseModel):
    type: Annotated[str, Field(max_length=3)]
    value: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class Value(RootModel[str]):
    root: Annotated[str, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")]


class CustomsReference(BaseModel):
    type: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")]
    values: Annotated[list[Value], Field(min_length=1)]


class DepartingVesselVoyage(BaseModel):
    vesselName: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    vesselIMONumber: Annotated[str | None, Field(max_length=8, min_length=7, pattern="^\\d{7,8}$")] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")] = None
    universalServiceReference: Annotated[
        str | None, Field(max_length=8, min_length=8, pattern="^SR\\d{5}[A-Z]$")
    ] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None


class Location(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: GeoCoordinate | None = None


class EquipmentReference(RootModel[str]):
    root: Annotated[str, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")]


class TareWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class ContainerPositioningLocation(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: GeoCoordinate | None = None


class EmptyContainerDepotReleaseLocation(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None
    geoCoordinate: GeoCoordinate | None = None


class HSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=10, min_length=6, pattern="^\\d{6,10}$")]


class ExtendedHSCode(RootModel[str]):
    root: Annotated[str, Field(max_length=12, min_length=6, pattern="^\\d{6,12}$")]


class ExportLicense(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class ImportLicense(BaseModel):
    isRequired: StrictBool | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    issueDate: CalendarDate | None = None
    expiryDate: CalendarDate | None = None


class CargoGrossWeightReq(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class CargoGrossWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class CargoGrossVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


class CargoNetWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class CargoNetVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ"]


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


class SegregationGroup(RootModel[str]):
    root: Annotated[str, Field(max_length=2)]


class GrossWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class NetWeight(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR"]


class NetExplosiveContent(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["KGM", "LBR", "GRM", "ONZ"]


class NetVolume(BaseModel):
    value: Annotated[StrictFloat, Field(gt=0.0)]
    unit: Literal["MTQ", "FTQ", "LTR"]


class InnerPackaging(BaseModel):
    quantity: StrictInt
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
    flashPoint: StrictFloat | None = None
    transportControlTemperature: StrictFloat | None = None
    transportEmergencyTemperature: StrictFloat | None = None
    SADT: StrictFloat | None = None
    SAPT: StrictFloat | None = None


class EmptyContainerPickup(BaseModel):
    dateTime: AwareDatetime | None = None
    depotReleaseLocation: EmptyContainerDepotReleaseLocation | None = None


class OriginEmptyContainerPickup(BaseModel):
    dateTime: AwareDatetime | None = None
    depotReleaseLocation: EmptyContainerDepotReleaseLocation | None = None


class LoadLocation(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class DischargeLocation(BaseModel):
    locationName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    facilityName: Annotated[str | None, Field(max_length=100)] = None
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    facility: Facility | None = None
    UNLocationCode: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")
    ] = None


class ShipmentCutOffTime(BaseModel):
    cutOffDateTimeCode: Annotated[str, Field(max_length=3)]
    cutOffDateTime: AwareDatetime


class AdvanceManifestFiling(BaseModel):
    manifestTypeCode: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    countryCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z]{2}$")] = None


class Charge(BaseModel):
    chargeName: Annotated[str, Field(deprecated=True, max_length=50, pattern="^\\S(?:.*\\S)?$")]
    extendedChargeName: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    currencyAmount: Annotated[StrictFloat, Field(ge=0.0)]
    currencyCode: Annotated[str, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")]
    paymentTermCode: Literal["PRE", "COL"]
    calculationBasis: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    unitPrice: Annotated[StrictFloat, Field(ge=0.0)]
    quantity: Annotated[StrictFloat, Field(ge=0.0)]


class OriginChargesPaymentTerm(BaseModel):
    haulageChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    portChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    otherChargesPaymentTermCode: Literal["PRE", "COL"] | None = None


class DestinationChargesPaymentTerm(BaseModel):
    haulageChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    portChargesPaymentTermCode: Literal["PRE", "COL"] | None = None
    otherChargesPaymentTermCode: Literal["PRE", "COL"] | None = None


class Vessel(BaseModel):
    name: Annotated[str, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")]
    vesselIMONumber: Annotated[str | None, Field(max_length=8, min_length=7, pattern="^\\d{7,8}$")] = None


class ErrorResponse(BaseModel):
    httpMethod: Literal["GET", "HEAD", "POST", "PUT", "DELETE", "OPTION", "PATCH"]
    requestUri: str
    statusCode: StrictInt
    statusCodeText: Annotated[str, Field(max_length=50)]
    statusCodeMessage: Annotated[str | None, Field(max_length=200)] = None
    providerCorrelationReference: Annotated[str | None, Field(max_length=100)] = None
    errorDateTime: AwareDatetime
    errors: Annotated[list[DetailedError], Field(min_length=1)]


class BookingAgent(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class Shipper(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None


class Consignee(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    eblPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    purchaseOrderReferences: list[PurchaseOrderReference] | None = None
    isNotifyParty: StrictBool | None = None


class ServiceContractOwner(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class CarrierBookingOffice(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    UNLocationCode: Annotated[str, Field(max_length=5, min_length=5, pattern="^[A-Z]{2}[A-Z2-9]{3}$")]
    address: Address | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None


class IssueToParty(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    sendToPlatform: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None


class Party(BaseModel):
    partyName: Annotated[str, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")]
    address: PartyAddress | None = None
    addressLines: Annotated[list[AddressLine] | None, Field(max_length=5)] = None
    identifyingCodes: list[IdentifyingCode] | None = None
    taxLegalReferences: list[TaxLegalReference] | None = None
    partyContactDetails: Annotated[list[PartyContactDetail] | None, Field(min_length=1)] = None
    reference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None


class ShipmentLocation(BaseModel):
    location: Location
    locationTypeCode: Annotated[str, Field(max_length=3)]
    departingVesselVoyage: DepartingVesselVoyage | None = None


class ContainerPositioning(BaseModel):
    dateTime: AwareDatetime | None = None
    location: ContainerPositioningLocation


class ContainerPositioningEstimated(BaseModel):
    estimatedDateTime: AwareDatetime | None = None
    location: ContainerPositioningLocation


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
    isMarinePollutant: StrictBool
    packingGroup: Annotated[StrictInt | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: StrictBool
    isExceptedQuantity: StrictBool
    isSalvagePackings: StrictBool
    isEmptyUncleanedResidue: StrictBool
    isWaste: StrictBool
    isHot: StrictBool
    isCompetentAuthorityApprovalRequired: StrictBool
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[SegregationGroup] | None = None
    innerPackagings: list[InnerPackaging] | None = None
    emergencyContactDetails: EmergencyContactDetails
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: CalendarDate | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: StrictBool
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: GrossWeight
    netWeight: NetWeight | None = None
    netExplosiveContent: NetExplosiveContent | None = None
    netVolume: NetVolume | None = None
    limits: Limits | None = None
    specialCertificateNumber: Annotated[str | None, Field(max_length=255)] = None
    additionalContainerCargoHandling: Annotated[str | None, Field(max_length=255)] = None
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
    isMarinePollutant: StrictBool
    packingGroup: Annotated[StrictInt | None, Field(ge=1, le=3)] = None
    isLimitedQuantity: StrictBool
    isExceptedQuantity: StrictBool
    isSalvagePackings: StrictBool
    isEmptyUncleanedResidue: StrictBool
    isWaste: StrictBool
    isHot: StrictBool
    isCompetentAuthorityApprovalRequired: StrictBool
    competentAuthorityApproval: Annotated[str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")] = None
    segregationGroups: list[SegregationGroup] | None = None
    innerPackagings: list[InnerPackaging] | None = None
    emergencyContactDetails: EmergencyContactDetails
    EMSNumber: Annotated[str | None, Field(max_length=7)] = None
    endOfHoldingTime: CalendarDate | None = None
    fumigationDateTime: AwareDatetime | None = None
    isReportableQuantity: StrictBool
    inhalationZone: Annotated[str | None, Field(max_length=1, min_length=1)] = None
    grossWeight: GrossWeight
    netWeight: NetWeight | None = None
    netExplosiveContent: NetExplosiveContent | None = None
    netVolume: NetVolume | None = None
    limits: Limits | None = None
    specialCertificateNumber: Annotated[str | None, Field(max_length=255)] = None
    additionalContainerCargoHandling: Annotated[str | None, Field(max_length=255)] = None
    NANumber: Annotated[str, Field(max_length=4, min_length=4, pattern="^\\d{4}$")]


class DangerousGoods(RootModel[DangerousGoods1 | DangerousGoods2]):
    root: DangerousGoods1 | DangerousGoods2

    @model_validator(mode="before")
    @classmethod
    def _one_of(cls, data: Any) -> Any:
        return exactly_one(cls, data)  # the standard's oneOf: one member only (api/dcsa/one_of.py)


class ConfirmedEquipment(BaseModel):
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]
    units: Annotated[StrictInt, Field(ge=1)]
    containerPositionings: list[ContainerPositioningEstimated] | None = None
    emptyContainerPickup: EmptyContainerPickup | None = None
    originEmptyContainerPickup: OriginEmptyContainerPickup | None = None


class Transport(BaseModel):
    transportPlanStage: Literal["PRC", "MNC", "ONC"]
    transportPlanStageSequenceNumber: StrictInt
    loadLocation: LoadLocation
    dischargeLocation: DischargeLocation
    plannedDepartureDate: CalendarDate
    plannedArrivalDate: CalendarDate
    modeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    vesselName: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    vesselIMONumber: Annotated[str | None, Field(max_length=8, min_length=7, pattern="^\\d{7,8}$")] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")] = None
    universalServiceReference: Annotated[
        str | None, Field(max_length=8, min_length=8, pattern="^SR\\d{5}[A-Z]$")
    ] = None
    carrierImportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalImportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None


class OtherDocumentParty(BaseModel):
    party: Party
    partyFunction: Annotated[str, Field(max_length=3)]


class OuterPackaging(BaseModel):
    packageCode: Annotated[str | None, Field(max_length=2, min_length=2, pattern="^[A-Z0-9]{2}$")] = None
    imoPackagingCode: Annotated[str | None, Field(max_length=5, min_length=1, pattern="^[A-Z0-9]{1,5}$")] = (
        None
    )
    numberOfPackages: Annotated[StrictInt | None, Field(ge=1, le=99999999)] = None
    description: Annotated[str | None, Field(max_length=100)] = None
    dangerousGoods: list[DangerousGoods] | None = None


class DocumentPartiesReq(BaseModel):
    bookingAgent: BookingAgent
    shipper: Shipper | None = None
    consignee: Consignee | None = None
    serviceContractOwner: ServiceContractOwner | None = None
    carrierBookingOffice: CarrierBookingOffice | None = None
    issueTo: IssueToParty | None = None
    other: list[OtherDocumentParty] | None = None


class DocumentParties(BaseModel):
    bookingAgent: BookingAgent | None = None
    shipper: Shipper | None = None
    consignee: Consignee | None = None
    serviceContractOwner: ServiceContractOwner | None = None
    carrierBookingOffice: CarrierBookingOffice | None = None
    issueTo: IssueToParty | None = None
    other: list[OtherDocumentParty] | None = None


class CommodityShipper(BaseModel):
    commodityType: Annotated[str, Field(max_length=550, pattern="^\\S(?:.*\\S)?$")]
    HSCodes: Annotated[list[HSCode] | None, Field(deprecated=True)] = None
    extendedHSCodes: list[ExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    cargoGrossWeight: CargoGrossWeight | None = None
    cargoGrossVolume: CargoGrossVolume | None = None
    cargoNetWeight: CargoNetWeight | None = None
    cargoNetVolume: CargoNetVolume | None = None
    exportLicense: ExportLicense | None = None
    importLicense: ImportLicense | None = None
    outerPackaging: OuterPackaging | None = None
    references: list[ReferenceShipper] | None = None
    customsReferences: list[CustomsReference] | None = None


class Commodity(BaseModel):
    commoditySubReference: Annotated[str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")] = None
    commodityType: Annotated[str, Field(max_length=550, pattern="^\\S(?:.*\\S)?$")]
    HSCodes: Annotated[list[HSCode] | None, Field(deprecated=True)] = None
    extendedHSCodes: list[ExtendedHSCode] | None = None
    nationalCommodityCodes: Annotated[list[NationalCommodityCode] | None, Field(deprecated=True)] = None
    extendedNationalCommodityCodes: list[ExtendedNationalCommodityCode] | None = None
    cargoGrossWeight: CargoGrossWeight | None = None
    cargoGrossVolume: CargoGrossVolume | None = None
    cargoNetWeight: CargoNetWeight | None = None
    cargoNetVolume: CargoNetVolume | None = None
    exportLicense: ExportLicense | None = None
    importLicense: ImportLicense | None = None
    outerPackaging: OuterPackaging | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None


class RequestedEquipment(BaseModel):
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]
    units: Annotated[StrictInt, Field(ge=1)]
    containerPositionings: list[ContainerPositioning] | None = None
    emptyContainerPickup: EmptyContainerPickup | None = None
    originEmptyContainerPickup: OriginEmptyContainerPickup | None = None
    fullContainerPickupDateTime: AwareDatetime | None = None
    equipmentReferences: list[EquipmentReference] | None = None
    tareWeight: TareWeight | None = None
    cargoGrossWeight: CargoGrossWeightReq | None = None
    isShipperOwned: StrictBool
    isNonOperatingReefer: StrictBool | None = None
    activeReeferSettings: ActiveReeferSettings | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    commodities: list[Commodity] | None = None


class RequestedEquipmentShipper(BaseModel):
    ISOEquipmentCode: Annotated[str, Field(max_length=4, pattern="^\\S(?:.*\\S)?$")]
    units: Annotated[StrictInt, Field(ge=1)]
    containerPositionings: list[ContainerPositioning] | None = None
    emptyContainerPickup: EmptyContainerPickup | None = None
    originEmptyContainerPickup: OriginEmptyContainerPickup | None = None
    fullContainerPickupDateTime: AwareDatetime | None = None
    equipmentReferences: list[EquipmentReference] | None = None
    tareWeight: TareWeight | None = None
    cargoGrossWeight: CargoGrossWeightReq | None = None
    isShipperOwned: StrictBool
    isNonOperatingReefer: StrictBool | None = None
    activeReeferSettings: ActiveReeferSettings | None = None
    references: list[ReferenceShipper] | None = None
    customsReferences: list[CustomsReference] | None = None
    commodities: list[CommodityShipper] | None = None


class CreateBooking(BaseModel):
    receiptTypeAtOrigin: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    deliveryTypeAtDestination: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    cargoMovementTypeAtOrigin: Annotated[str, Field(max_length=3)]
    cargoMovementTypeAtDestination: Annotated[str, Field(max_length=3)]
    serviceContractReference: Annotated[str | None, Field(max_length=30)] = None
    freightPaymentTermCode: Literal["PRE", "COL"] | None = None
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    contractQuotationReference: Annotated[
        str | None, Field(deprecated=True, max_length=35, pattern="^\\S(?:.*\\S)?$")
    ] = None
    extendedContractQuotationReference: Annotated[
        str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")
    ] = None
    vessel: Vessel | None = None
    carrierServiceName: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")] = None
    universalServiceReference: Annotated[
        str | None, Field(max_length=8, min_length=8, pattern="^SR\\d{5}[A-Z]$")
    ] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None
    routingReference: Annotated[str | None, Field(max_length=5000, pattern="^\\S(?:.*\\S)?$")] = None
    declaredValue: Annotated[StrictFloat | None, Field(ge=0.0)] = None
    declaredValueCurrency: Annotated[str | None, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")] = (
        None
    )
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    isPartialLoadAllowed: StrictBool | None = None
    isExportDeclarationRequired: StrictBool | None = None
    exportDeclarationReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    expectedDepartureDate: CalendarDate | None = None
    expectedDepartureFromPlaceOfReceiptDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryStartDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryEndDate: CalendarDate | None = None
    transportDocumentTypeCode: Literal["BOL", "SWB"] | None = None
    transportDocumentReference: Annotated[
        str | None, Field(deprecated=True, max_length=20, pattern="^\\S(?:.*\\S)?$")
    ] = None
    transportDocumentReferences: list[TransportDocumentReference] | None = None
    requestedNumberOfTransportDocuments: Annotated[StrictInt | None, Field(ge=1)] = None
    bookingChannelReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    incoTerms: Annotated[str | None, Field(max_length=3)] = None
    isEquipmentSubstitutionAllowed: StrictBool
    invoicePayableAt: InvoicePayableAt | None = None
    placeOfBLIssue: PlaceOfBLIssue | None = None
    references: list[ReferenceShipper] | None = None
    customsReferences: list[CustomsReference] | None = None
    documentParties: DocumentPartiesReq
    partyContactDetails: list[PartyContactDetail] | None = None
    shipmentLocations: Annotated[list[ShipmentLocation], Field(min_length=1)]
    requestedPreCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedOnCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedEquipments: Annotated[list[RequestedEquipmentShipper], Field(min_length=1)]


class UpdateBooking(BaseModel):
    carrierBookingRequestReference: Annotated[
        str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")
    ] = None
    carrierBookingReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    receiptTypeAtOrigin: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    deliveryTypeAtDestination: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    cargoMovementTypeAtOrigin: Annotated[str, Field(max_length=3)]
    cargoMovementTypeAtDestination: Annotated[str, Field(max_length=3)]
    serviceContractReference: Annotated[str | None, Field(max_length=30)] = None
    freightPaymentTermCode: Literal["PRE", "COL"] | None = None
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    contractQuotationReference: Annotated[
        str | None, Field(deprecated=True, max_length=35, pattern="^\\S(?:.*\\S)?$")
    ] = None
    extendedContractQuotationReference: Annotated[
        str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")
    ] = None
    vessel: Vessel | None = None
    carrierServiceName: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")] = None
    universalServiceReference: Annotated[
        str | None, Field(max_length=8, min_length=8, pattern="^SR\\d{5}[A-Z]$")
    ] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None
    routingReference: Annotated[str | None, Field(max_length=5000, pattern="^\\S(?:.*\\S)?$")] = None
    declaredValue: Annotated[StrictFloat | None, Field(ge=0.0)] = None
    declaredValueCurrency: Annotated[str | None, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")] = (
        None
    )
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    isPartialLoadAllowed: StrictBool | None = None
    isExportDeclarationRequired: StrictBool | None = None
    exportDeclarationReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    expectedDepartureDate: CalendarDate | None = None
    expectedDepartureFromPlaceOfReceiptDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryStartDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryEndDate: CalendarDate | None = None
    transportDocumentTypeCode: Literal["BOL", "SWB"] | None = None
    transportDocumentReference: Annotated[
        str | None, Field(deprecated=True, max_length=20, pattern="^\\S(?:.*\\S)?$")
    ] = None
    transportDocumentReferences: list[TransportDocumentReference] | None = None
    requestedNumberOfTransportDocuments: Annotated[StrictInt | None, Field(ge=1)] = None
    bookingChannelReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    incoTerms: Annotated[str | None, Field(max_length=3)] = None
    isEquipmentSubstitutionAllowed: StrictBool
    invoicePayableAt: InvoicePayableAt | None = None
    placeOfBLIssue: PlaceOfBLIssue | None = None
    references: list[ReferenceShipper] | None = None
    customsReferences: list[CustomsReference] | None = None
    documentParties: DocumentPartiesReq
    partyContactDetails: list[PartyContactDetail] | None = None
    shipmentLocations: Annotated[list[ShipmentLocation], Field(min_length=1)]
    requestedPreCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedOnCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedEquipments: Annotated[list[RequestedEquipmentShipper], Field(min_length=1)]


class Booking(BaseModel):
    carrierBookingRequestReference: Annotated[
        str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")
    ] = None
    carrierBookingReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    bookingStatus: Annotated[str, Field(max_length=50)]
    amendedBookingStatus: Annotated[str | None, Field(max_length=50)] = None
    bookingCancellationStatus: Annotated[str | None, Field(max_length=50)] = None
    receiptTypeAtOrigin: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    deliveryTypeAtDestination: Annotated[Literal["CY", "SD", "CFS"], Field(max_length=3)]
    cargoMovementTypeAtOrigin: Annotated[str, Field(max_length=3)]
    cargoMovementTypeAtDestination: Annotated[str, Field(max_length=3)]
    serviceContractReference: Annotated[str | None, Field(max_length=30)] = None
    freightPaymentTermCode: Literal["PRE", "COL"] | None = None
    originChargesPaymentTerm: OriginChargesPaymentTerm | None = None
    destinationChargesPaymentTerm: DestinationChargesPaymentTerm | None = None
    contractQuotationReference: Annotated[
        str | None, Field(deprecated=True, max_length=35, pattern="^\\S(?:.*\\S)?$")
    ] = None
    extendedContractQuotationReference: Annotated[
        str | None, Field(max_length=70, pattern="^\\S(?:.*\\S)?$")
    ] = None
    vessel: Vessel | None = None
    carrierServiceName: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11, pattern="^\\S(?:.*\\S)?$")] = None
    universalServiceReference: Annotated[
        str | None, Field(max_length=8, min_length=8, pattern="^SR\\d{5}[A-Z]$")
    ] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50, pattern="^\\S(?:.*\\S)?$")] = None
    universalExportVoyageReference: Annotated[
        str | None, Field(max_length=5, min_length=5, pattern="^\\d{2}[0-9A-Z]{2}[NEWSR]$")
    ] = None
    routingReference: Annotated[str | None, Field(max_length=5000, pattern="^\\S(?:.*\\S)?$")] = None
    declaredValue: Annotated[StrictFloat | None, Field(ge=0.0)] = None
    declaredValueCurrency: Annotated[str | None, Field(max_length=3, min_length=3, pattern="^[A-Z]{3}$")] = (
        None
    )
    carrierCode: Annotated[str | None, Field(max_length=4, pattern="^\\S+$")] = None
    carrierCodeListProvider: Literal["SMDG", "NMFTA"] | None = None
    isPartialLoadAllowed: StrictBool | None = None
    isExportDeclarationRequired: StrictBool | None = None
    exportDeclarationReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    expectedDepartureDate: CalendarDate | None = None
    expectedDepartureFromPlaceOfReceiptDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryStartDate: CalendarDate | None = None
    expectedArrivalAtPlaceOfDeliveryEndDate: CalendarDate | None = None
    transportDocumentTypeCode: Literal["BOL", "SWB"] | None = None
    transportDocumentReference: Annotated[
        str | None, Field(deprecated=True, max_length=20, pattern="^\\S(?:.*\\S)?$")
    ] = None
    transportDocumentReferences: list[TransportDocumentReference] | None = None
    requestedNumberOfTransportDocuments: Annotated[StrictInt | None, Field(ge=1)] = None
    bookingChannelReference: Annotated[str | None, Field(max_length=20, pattern="^\\S(?:.*\\S)?$")] = None
    incoTerms: Annotated[str | None, Field(max_length=3)] = None
    isEquipmentSubstitutionAllowed: StrictBool
    termsAndConditions: Annotated[str | None, Field(max_length=50000)] = None
    invoicePayableAt: InvoicePayableAt | None = None
    placeOfBLIssue: PlaceOfBLIssue | None = None
    references: list[Reference] | None = None
    customsReferences: list[CustomsReference] | None = None
    documentParties: DocumentParties
    partyContactDetails: list[PartyContactDetail] | None = None
    shipmentLocations: Annotated[list[ShipmentLocation], Field(min_length=1)]
    requestedPreCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedOnCarriageModeOfTransport: Annotated[str | None, Field(max_length=50)] = None
    requestedEquipments: Annotated[list[RequestedEquipment], Field(min_length=1)]
    confirmedEquipments: list[ConfirmedEquipment] | None = None
    transportPlan: list[Transport] | None = None
    shipmentCutOffTimes: list[ShipmentCutOffTime] | None = None
    advanceManifestFilings: list[AdvanceManifestFiling] | None = None
    charges: list[Charge] | None = None
    carrierClauses: list[CarrierClaus] | None = None
    feedbacks: list[Feedback] | None = None


class BookingFullNotification(Booking):
    pass


class AmendedBookingFullNotification(Booking):
    pass


class BookingNotificationData(BaseModel):
    bookingStatus: Annotated[str, Field(max_length=50)]
    amendedBookingStatus: Annotated[str | None, Field(max_length=50)] = None
    bookingCancellationStatus: Annotated[str | None, Field(max_length=50)] = None
    carrierBookingRequestReference: Annotated[
        str | None, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")
    ] = None
    carrierBookingReference: Annotated[str | None, Field(max_length=35, pattern="^\\S(?:.*\\S)?$")] = None
    feedbacks: list[Feedback] | None = None
    booking: BookingFullNotification | None = None
    amendedBooking: AmendedBookingFullNotification | None = None


class BookingNotification(BaseModel):
    specversion: Literal["1.0"]
    id: Annotated[str, Field(max_length=100)]
    source: Annotated[str, Field(max_length=4096)]
    type: Literal["org.dcsa.booking.v2"]
    time: AwareDatetime
    datacontenttype: Literal["application/json"]
    subscriptionReference: Annotated[str, Field(max_length=100, pattern="^\\S(?:.*\\S)?$")]
    data: BookingNotificationData


InnerPackaging.model_rebuild()

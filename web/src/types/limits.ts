// Generated from openapi.json by scripts/limits.mjs (`npm run api:types`): edit the server models instead.
/** The longest text each request body field takes, by schema name and wire key. */
export const maxLength = {
  AddressBookBody: {
    address: 2000,
    contact: 1000,
    email: 1000,
    name: 1000,
    phoneNumber: 200,
  },
  ApiKeyBody: {
    label: 200,
  },
  ApproveTransportDocument: {
    transportDocumentStatus: 50,
  },
  AssignBody: {
    bookingReference: 100,
  },
  Body_files_upload_chunk: {
    FileId: 200,
  },
  CancellationBody: {
    reason: 2000,
  },
  ConfirmRequestBody: {
    validUntil: 40,
  },
  CopyBody: {
    preferredShippingDate: 40,
  },
  CreateBooking: {
    bookingChannelReference: 20,
    cargoMovementTypeAtDestination: 3,
    cargoMovementTypeAtOrigin: 3,
    carrierCode: 4,
    carrierExportVoyageNumber: 50,
    carrierServiceCode: 11,
    carrierServiceName: 50,
    contractQuotationReference: 35,
    declaredValueCurrency: 3,
    deliveryTypeAtDestination: 3,
    exportDeclarationReference: 35,
    extendedContractQuotationReference: 70,
    incoTerms: 3,
    receiptTypeAtOrigin: 3,
    requestedOnCarriageModeOfTransport: 50,
    requestedPreCarriageModeOfTransport: 50,
    routingReference: 5000,
    serviceContractReference: 30,
    transportDocumentReference: 20,
    universalExportVoyageReference: 5,
    universalServiceReference: 8,
  },
  CreateShippingInstructions: {
    carrierCode: 4,
    transportDocumentReference: 20,
  },
  DeclineBody: {
    message: 2000,
  },
  DeclineEditBody: {
    message: 2000,
  },
  MessageBody: {
    message: 2000,
  },
  OrderRevisionBody: {
    revise: 2000,
  },
  PortBody: {
    code: 5,
    country: 100,
    name: 100,
  },
  PublisherKeyBody: {
    label: 200,
  },
  QuoteBody: {
    validUntil: 40,
  },
  ReferenceContainerBody: {
    number: 11,
  },
  ShippingOrderCancelBody: {
    reason: 500,
  },
  UpdateBooking: {
    bookingChannelReference: 20,
    cargoMovementTypeAtDestination: 3,
    cargoMovementTypeAtOrigin: 3,
    carrierBookingReference: 35,
    carrierBookingRequestReference: 100,
    carrierCode: 4,
    carrierExportVoyageNumber: 50,
    carrierServiceCode: 11,
    carrierServiceName: 50,
    contractQuotationReference: 35,
    declaredValueCurrency: 3,
    deliveryTypeAtDestination: 3,
    exportDeclarationReference: 35,
    extendedContractQuotationReference: 70,
    incoTerms: 3,
    receiptTypeAtOrigin: 3,
    requestedOnCarriageModeOfTransport: 50,
    requestedPreCarriageModeOfTransport: 50,
    routingReference: 5000,
    serviceContractReference: 30,
    transportDocumentReference: 20,
    universalExportVoyageReference: 5,
    universalServiceReference: 8,
  },
  UpdateShippingInstructions: {
    carrierCode: 4,
    shippingInstructionsReference: 100,
    transportDocumentReference: 20,
  },
  WebhookBody: {
    callbackUrl: 4000,
  },
  WithdrawBody: {
    reason: 500,
  },
} as const;

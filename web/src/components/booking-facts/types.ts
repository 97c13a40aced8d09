/**
 * The booking facts the customer's screens and the staff console both show (the same fields and
 * labels on both sides): the rate-request detail and its shipping order as the server's OpenAPI document
 * declares them (the customer's and the staff's detail calls answer the same schema).
 */
import type { Schema } from '@/types/contract';

export type FactsRequest = Schema<'RateRequestDetail'>;
export type FactsOrder = Schema<'ShippingOrder'>;

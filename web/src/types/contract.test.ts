// @vitest-environment node
// Type-level checks (tsc runs them through `npm run typecheck`; vitest only reports them): the helpers must keep
// resolving to the generated shapes, or every fetcher typed through them would silently become `never`.
import { describe, expectTypeOf, it } from 'vitest';
import type { Answer, QueryParams, RequestBody, Schema } from './contract';

describe('contract type helpers', () => {
  it('answer an operation with the response of its 200 envelope', () => {
    expectTypeOf<Answer<'booking_rate_request_detail'>>().toEqualTypeOf<Schema<'RateRequestDetail'>>();
    expectTypeOf<Answer<'booking_list_rate_requests'>>().toEqualTypeOf<Schema<'Lookup_RateRequestRow_'>>();
  });

  it('answer a creating operation with the response of its 201 envelope', () => {
    expectTypeOf<Answer<'booking_create_shipping_order'>>().toEqualTypeOf<Schema<'ShippingOrder'>>();
  });

  it('name the JSON body and query of an operation', () => {
    expectTypeOf<RequestBody<'booking_create_shipping_order'>>().toEqualTypeOf<Schema<'ShippingOrderBody'>>();
    expectTypeOf<RequestBody<'booking_rate_request_detail'>>().toBeNever();
    expectTypeOf<QueryParams<'booking_list_rate_requests'>>().toHaveProperty('limit');
  });
});

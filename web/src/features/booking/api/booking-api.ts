/**
 * The booking calls of spec 001 section 7 and DESIGN section 6: one query-key factory, the fetchers,
 * their queryOptions and mutation hooks.
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, bearerOfThisTab } from '@/lib/api-client';
import type { Answer, QueryParams, RequestBody, Schema } from '@/types/contract';

// The booking shapes, as the server's OpenAPI document declares them (src/types/api.ts).
export type RateRequestRow = Schema<'RateRequestRow'>;
export type RateRequestDetail = Answer<'booking_rate_request_detail'>;
export type ShippingOrder = Schema<'ShippingOrder'>;
export type Choice = Schema<'Choice'>;
/** Named through the order: the DCSA API has a schema called Party too, so the document qualifies this one's name. */
export type Party = ShippingOrder['parties'][number];
export type ContainerEntry = Schema<'Container'>;
export type DocumentType = Schema<'DocumentType'>;
export type RateRequestPayload = RequestBody<'booking_create_rate_request'>;
type ShippingOrderCreate = RequestBody<'booking_create_shipping_order'>;
type ShippingOrderEdit = RequestBody<'booking_edit_shipping_order'>;
type ShippingOrderResubmit = RequestBody<'booking_resubmit_shipping_order'>;
/** The orders the list is read in (`newest`, `oldest`, `type`): the server sorts, so a page is a page of the
 * order shown, not a re-sort of the pages loaded so far. */
export type ListSort = NonNullable<QueryParams<'booking_list_rate_requests'>['sort']>;

export { REEFER_TYPE_VALUE } from '@/lib/order-fields';
export { BOX_PACKAGE } from '@/lib/package-kinds';

export const CLIENT = '/booking/api/v1/client';
const PAGE_SIZE = 10;

export const bookingKeys = {
  all: ['booking'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (search: string, sort: ListSort, waiting = false) =>
    [...bookingKeys.lists(), search, sort, ...(waiting ? ['waiting'] : [])] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  lookup: (name: string) => [...bookingKeys.all, 'lookup', name] as const,
  containers: (number: string) => [...bookingKeys.all, 'containers', number] as const,
};

/** `search` matches the booking reference (any case) and the commodity; `sort` is the pages' order (newest
 * first unless asked, and then without `sort`: the specification's call); `waiting`: only the bookings
 * waiting for the customer, those the overview counts (without it, the specification's call). */
export const rateRequestsInfiniteOptions = (search = '', sort: ListSort = 'newest', waiting = false) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(search.trim(), sort, waiting),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<Answer<'booking_list_rate_requests'>>(`${CLIENT}/rate-requests`, {
        query: {
          limit: PAGE_SIZE,
          offset: pageParam,
          search: search.trim() || undefined,
          sort: sort === 'newest' ? undefined : sort,
          waiting: waiting ? 'customer' : undefined,
        },
        signal,
      }),
    // Spec 001 section 9: the page number is capped at the total number of pages.
    getNextPageParam: (last, pages) => {
      const totalPages = Math.ceil(last.list.totalCount / PAGE_SIZE);
      const next = pages.length + 1;
      return next <= totalPages ? next : undefined;
    },
  });

export const rateRequestOptions = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => api.get<RateRequestDetail>(`${CLIENT}/rate-requests/${id}`, { signal }),
  });

const lookup = (name: string, path: string) =>
  queryOptions({
    queryKey: bookingKeys.lookup(name),
    queryFn: async ({ signal }) => (await api.get<Answer<'booking_container_types'>>(path, { signal })).list.list,
  });

export const containerTypesOptions = () =>
  lookup('types', 'booking/api/v1/client/rate-request/general/container/types');
export const containerSizesOptions = () =>
  lookup('sizes', 'booking/api/v1/client/rate-request/general/container/sizes');
export const portsOptions = () => lookup('ports', 'booking/api/v1/client/rate-request/general/port/loadings');
export const documentTypesOptions = () =>
  queryOptions({
    queryKey: bookingKeys.lookup('documents'),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<'booking_documents'>>(`${CLIENT}/rate-requests/documents`, { signal })).list.list,
  });

export const containerSearchOptions = (number: string) =>
  queryOptions({
    queryKey: bookingKeys.containers(number),
    enabled: number.trim() !== '',
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<'booking_containers'>>(`${CLIENT}/rate-request/general/containers`, {
          query: { number: number.trim() },
          signal,
        })
      ).list.list,
  });

/** Refetches the booking's queries; the mutations call it once settled, a refusal too: a step refused because
 * somebody else acted meanwhile (409) shows the booking as it is now at once, not at the next poll. */
function useInvalidateBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}

export function useSaveRateRequest(id?: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (payload: RateRequestPayload) =>
      id
        ? api.put<Answer<'booking_edit_rate_request'>>(`${CLIENT}/rate-requests/${id}`, payload)
        : api.post<Answer<'booking_create_rate_request'>>(`${CLIENT}/rate-requests`, payload),
    onSettled: invalidate,
  });
}

/** Accept (PUT .../approve) and cancel (PUT .../cancel) are separate calls (the spec's screen wired both to one). */
export function usePriceDecision(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (decision: 'approve' | 'cancel') => {
      const path = `${CLIENT}/rate-requests/${id}/${decision}`;
      if (decision === 'cancel') return api.put<Answer<'booking_cancel_price'>>(path);
      // The accept names the price per container the dialog shows (the booking as this page holds it): one
      // staff gave meanwhile is refused (409) naming it, never accepted unread.
      const shown = queryClient.getQueryData<RateRequestDetail>(bookingKeys.detail(id))?.price ?? null;
      const body: RequestBody<'booking_accept_price'> = { price: shown };
      return api.put<Answer<'booking_accept_price'>>(path, body);
    },
    // The answer is the request as it is now: the wizard moves on to the next step at once.
    onSuccess: (detail) => queryClient.setQueryData(bookingKeys.detail(id), detail),
    onSettled: invalidate,
  });
}

/** The customer calls off a request still waiting for its price (the lifecycle's `withdraw`). */
export function useWithdrawRequest(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (reason: string) =>
      api.put<Answer<'booking_withdraw_rate_request'>>(`${CLIENT}/rate-requests/${id}/withdraw`, {
        reason: reason.trim() || null,
      }),
    onSuccess: (detail) => queryClient.setQueryData(bookingKeys.detail(id), detail),
    onSettled: invalidate,
  });
}

export function useSubmitBookingRequest(id: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (documents: RequestBody<'booking_submit_booking_request'>['documents']) =>
      api.put<Answer<'booking_submit_booking_request'>>(`${CLIENT}/rate-requests/${id}/booking-request`, { documents }),
    onSettled: invalidate,
  });
}

export function useCreateShippingOrder() {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (body: ShippingOrderCreate) =>
      api.post<Answer<'booking_create_shipping_order'>>(`${CLIENT}/shipping-orders`, body),
    onSettled: invalidate,
  });
}

export function useEditShippingOrder(orderId: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (body: ShippingOrderEdit) =>
      api.put<Answer<'booking_edit_shipping_order'>>(`${CLIENT}/shipping-orders/${orderId}/edit`, body),
    onSettled: invalidate,
  });
}

/** A cancelled or declined order filled again while the booking is live (decision 3824). */
export function useResubmitShippingOrder(orderId: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (body: ShippingOrderResubmit) =>
      api.put<Answer<'booking_resubmit_shipping_order'>>(`${CLIENT}/shipping-orders/${orderId}/resubmit`, body),
    onSettled: invalidate,
  });
}

/** The customer cancels her order before staff accept it (decision 3832); the booking's screen shows it
 * cancelled at once, with the offer to fill it again. */
export function useCancelShippingOrder(orderId: string, rateRequestId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (reason: string) =>
      api.put<Answer<'booking_cancel_shipping_order'>>(`${CLIENT}/shipping-orders/${orderId}/cancel`, {
        reason: reason.trim() || null,
      }),
    onSuccess: (order) => {
      queryClient.setQueryData<RateRequestDetail>(bookingKeys.detail(rateRequestId), (detail) =>
        detail ? { ...detail, order, orderState: order.status, orderStateName: order.statusName } : detail,
      );
    },
    onSettled: invalidate,
  });
}

/** Withdraw the update of the order awaiting staff (decision 3839): the order before it stands again. */
export function useCancelShippingOrderUpdate(orderId: string, rateRequestId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: () =>
      api.put<Answer<'booking_cancel_shipping_order_update'>>(`${CLIENT}/shipping-orders/${orderId}/cancel-update`),
    onSuccess: (order) => {
      queryClient.setQueryData<RateRequestDetail>(bookingKeys.detail(rateRequestId), (detail) =>
        detail ? { ...detail, order, orderState: order.status, orderStateName: order.statusName } : detail,
      );
    },
    onSettled: invalidate,
  });
}

export function useApproveShippingOrder(orderId: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: () => api.put<Answer<'booking_approve_shipping_order'>>(`${CLIENT}/shipping-orders/${orderId}/approve`),
    onSettled: invalidate,
  });
}

/** A document template is a protected PDF: fetched with the bearer token and saved from a blob URL. */
export async function downloadTemplate(documentType: DocumentType): Promise<void> {
  const res = await fetch(documentType.templateUrl, {
    headers: bearerOfThisTab(),
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error('Download failed');
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${(documentType.name ?? 'template').replace(/\s+/g, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

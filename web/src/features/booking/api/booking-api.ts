/**
 * The booking calls of spec 001 section 7 and DESIGN section 6: one query-key factory, the fetchers,
 * their queryOptions and mutation hooks.
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import type {
  DocumentType,
  Listed,
  Option,
  OrderFields,
  Party,
  ContainerEntry,
  RateRequestDetail,
  RateRequestPayload,
  RateRequestRow,
  ShippingOrder,
} from './types';

const CLIENT = '/booking/api/v1/client';
const PAGE_SIZE = 10;

export const bookingKeys = {
  all: ['booking'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  lookup: (name: string) => [...bookingKeys.all, 'lookup', name] as const,
  containers: (number: string) => [...bookingKeys.all, 'containers', number] as const,
};

export const rateRequestsInfiniteOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.lists(),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<Listed<RateRequestRow>>(`${CLIENT}/rate-requests`, {
        query: { limit: PAGE_SIZE, offset: pageParam },
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
    queryFn: async ({ signal }) => (await api.get<Listed<Option>>(path, { signal })).list.list,
  });

export const containerTypesOptions = () => lookup('types', 'booking/api/v1/client/rate-request/general/container/types');
export const containerSizesOptions = () => lookup('sizes', 'booking/api/v1/client/rate-request/general/container/sizes');
export const portsOptions = () => lookup('ports', 'booking/api/v1/client/rate-request/general/port/loadings');
export const documentTypesOptions = () =>
  queryOptions({
    queryKey: bookingKeys.lookup('documents'),
    queryFn: async ({ signal }) =>
      (await api.get<Listed<DocumentType>>(`${CLIENT}/rate-requests/documents`, { signal })).list.list,
  });

export const containerSearchOptions = (number: string) =>
  queryOptions({
    queryKey: bookingKeys.containers(number),
    enabled: number.trim() !== '',
    queryFn: async ({ signal }) =>
      (
        await api.get<Listed<Option>>(`${CLIENT}/rate-request/general/containers`, {
          query: { number: number.trim() },
          signal,
        })
      ).list.list,
  });

function useInvalidateBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}

export function useSaveRateRequest(id?: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (payload: RateRequestPayload) =>
      id
        ? api.put<RateRequestDetail>(`${CLIENT}/rate-requests/${id}`, payload)
        : api.post<RateRequestDetail>(`${CLIENT}/rate-requests`, payload),
    onSuccess: invalidate,
  });
}

/** Accept (PUT .../approve) and cancel (PUT .../cancel) are separate calls (the spec's screen wired both to one). */
export function usePriceDecision(id: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (decision: 'approve' | 'cancel') =>
      api.put<RateRequestDetail>(`${CLIENT}/rate-requests/${id}/${decision}`),
    onSuccess: invalidate,
  });
}

export function useSubmitBookingRequest(id: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (documents: { documentTypeId: number; fileId: string }[]) =>
      api.put<RateRequestDetail>(`${CLIENT}/rate-requests/${id}/booking-request`, { documents }),
    onSuccess: invalidate,
  });
}

export interface ShippingOrderCreate {
  rateRequestId: string;
  isSWBL: boolean;
  /** The spec's spelling. */
  frightType: number;
  cargoDescription: string;
  imcoClass: string | null;
  unNumber: string | null;
  temprature: number | null;
  humidity: number | null;
  hasVentilation: boolean;
  parties: Party[];
  containers: Omit<ContainerEntry, 'containerNumber'>[];
}

export function useCreateShippingOrder() {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (body: ShippingOrderCreate) => api.post<ShippingOrder>(`${CLIENT}/shipping-orders`, body),
    onSuccess: invalidate,
  });
}

export type ShippingOrderEdit = Omit<OrderFields, 'isSWBL'> & {
  isSWBL: boolean;
  parties?: Party[];
  containers?: Omit<ContainerEntry, 'containerNumber'>[];
};

export function useEditShippingOrder(orderId: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: (body: ShippingOrderEdit) => api.put<ShippingOrder>(`${CLIENT}/shipping-orders/${orderId}/edit`, body),
    onSuccess: invalidate,
  });
}

export function useApproveShippingOrder(orderId: string) {
  const invalidate = useInvalidateBooking();
  return useMutation({
    mutationFn: () => api.put<ShippingOrder>(`${CLIENT}/shipping-orders/${orderId}/approve`),
    onSuccess: invalidate,
  });
}

/** A document template is a protected PDF: fetched with the bearer token and saved from a blob URL. */
export async function downloadTemplate(documentType: DocumentType): Promise<void> {
  const token = getToken();
  const res = await fetch(documentType.templateUrl, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error('Download failed');
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${documentType.name.replace(/\s+/g, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

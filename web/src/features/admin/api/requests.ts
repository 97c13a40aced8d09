import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer } from '@/types/contract';
import { i18next } from '@/i18n';

// The registration and edit-request shapes, as the server's OpenAPI document declares them.
export type RegistrationDetail = Answer<'accounts_admin_individual_request'>;
type UpdateRequest = Answer<'accounts_admin_update_request'>;

const BASE = '/account/api/v1/admin';
export const REQUEST_LIST_LIMIT = 20;

export type CustomerKind = 'individual' | 'domestic' | 'foreign';
const KIND_PATH: Record<CustomerKind, string> = {
  individual: 'indivisual-customer',
  domestic: 'domestic-corporate-customer',
  foreign: 'foreign-corporate-customer',
};
/** Route segments of the detail screens (spec spellings). */
export const DETAIL_ROUTE: Record<number, string> = { 1: 'indivisual', 2: 'corporate', 3: 'corporateForeign' };
export const UPDATE_ROUTE: Record<number, string> = { 1: 'indivisual', 2: 'Corporate', 3: 'CorporateForeign' };
const KIND_KEYS = { 1: 'individual', 2: 'domestic', 3: 'foreign' } as const;
/** The kind of customer in words, in the language shown (1 individual, 2 domestic company, 3 foreign company). */
export function kindLabel(kind: number): string {
  const key = KIND_KEYS[kind as keyof typeof KIND_KEYS];
  return key ? i18next.t(`kinds.${key}`, { ns: 'admin' }) : String(kind);
}

const adminKeys = {
  all: ['admin'] as const,
  registrationLists: () => [...adminKeys.all, 'registration-requests'] as const,
  registrationList: (page: number) => [...adminKeys.registrationLists(), page] as const,
  registration: (kind: CustomerKind, id: string) => [...adminKeys.all, 'registration-request', kind, id] as const,
  updateLists: () => [...adminKeys.all, 'update-requests'] as const,
  updateList: (page: number) => [...adminKeys.updateLists(), page] as const,
  update: (kind: CustomerKind, id: string) => [...adminKeys.all, 'update-request', kind, id] as const,
};

const registrationListOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.registrationList(page),
    queryFn: ({ signal }) =>
      api.get<Answer<'accounts_admin_list_register_requests'>>(`${BASE}/register-requests`, {
        query: { limit: REQUEST_LIST_LIMIT, page },
        signal,
      }),
    staleTime: 0,
  });

export const useRegistrationList = (page: number) => useQuery(registrationListOptions(page));

const registrationOptions = (kind: CustomerKind, id: string) =>
  queryOptions({
    queryKey: adminKeys.registration(kind, id),
    queryFn: ({ signal }) =>
      api.get<RegistrationDetail>(`${BASE}/${KIND_PATH[kind]}/register-requests/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });

export const useRegistration = (kind: CustomerKind, id: string) => useQuery(registrationOptions(kind, id));

function acceptRegistration(kind: CustomerKind, id: string) {
  const path = `${BASE}/${KIND_PATH[kind]}/register-requests/${encodeURIComponent(id)}`;
  return api.post(kind === 'individual' ? path : `${path}/accept`);
}

function declineRegistration(id: string, message: string) {
  return api.post(`${BASE}/register-requests/${encodeURIComponent(id)}/decline`, { message });
}

export function useRegistrationDecision(kind: CustomerKind, id: string) {
  const client = useQueryClient();
  // A refusal too (a colleague decided first): the screen shows the truth at once (decision 3907).
  const onSettled = () => client.invalidateQueries({ queryKey: adminKeys.all });
  return {
    accept: useMutation<unknown, ApiError, void>({ mutationFn: () => acceptRegistration(kind, id), onSettled }),
    decline: useMutation<unknown, ApiError, string>({ mutationFn: (m) => declineRegistration(id, m), onSettled }),
  };
}

// -- profile edit requests ------------------------------------------------------------------------------

const updateListOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.updateList(page),
    queryFn: ({ signal }) =>
      api.get<Answer<'accounts_admin_list_update_requests'>>(`${BASE}/update-requests`, {
        query: { limit: REQUEST_LIST_LIMIT, page },
        signal,
      }),
    staleTime: 0,
  });

export const useUpdateList = (page: number) => useQuery(updateListOptions(page));

const updateRequestOptions = (kind: CustomerKind, id: string) =>
  queryOptions({
    queryKey: adminKeys.update(kind, id),
    queryFn: ({ signal }) =>
      api.get<UpdateRequest>(`${BASE}/${KIND_PATH[kind]}/${encodeURIComponent(id)}/update-request`, { signal }),
    staleTime: 0,
  });

export const useUpdateRequest = (kind: CustomerKind, id: string) => useQuery(updateRequestOptions(kind, id));

/** The edited values a review shows (each edited field's key and new value): what staff decide on. */
export type EditedAsRead = Record<string, string | string[] | null>;
export function editedAsRead(request: UpdateRequest): EditedAsRead {
  return Object.fromEntries(request.fields.filter((f) => f.isEdited).map((f) => [f.key, f.editedValue ?? null]));
}

/** Approve or decline the edit as `seen()` gives it (read as the decision opened): one the customer changed
 * since is refused, and the screen refetches at once, a refusal too (decision 3907). */
export function useUpdateDecision(kind: CustomerKind, nationalId: string, seen: () => EditedAsRead | undefined) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: adminKeys.all });
  return {
    accept: useMutation<unknown, ApiError, void>({
      mutationFn: () =>
        api.post(`${BASE}/update-requests/approve`, {
          nationalId,
          ...(kind === 'foreign' ? { foreign: true } : {}),
          edited: seen(),
        }),
      onSettled,
    }),
    decline: useMutation<unknown, ApiError, string>({
      mutationFn: (message) => api.post(`${BASE}/update-requests/decline`, { nationalId, message, edited: seen() }),
      onSettled,
    }),
  };
}

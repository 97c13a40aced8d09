import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';

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
export const KIND_LABEL: Record<number, string> = { 1: 'Individual', 2: 'Domestic company', 3: 'Foreign company' };

const adminKeys = {
  all: ['admin'] as const,
  registrationLists: () => [...adminKeys.all, 'registration-requests'] as const,
  registrationList: (page: number) => [...adminKeys.registrationLists(), page] as const,
  registration: (kind: CustomerKind, id: string) => [...adminKeys.all, 'registration-request', kind, id] as const,
  updateLists: () => [...adminKeys.all, 'update-requests'] as const,
  updateList: (page: number) => [...adminKeys.updateLists(), page] as const,
  update: (kind: CustomerKind, id: string) => [...adminKeys.all, 'update-request', kind, id] as const,
};

export interface RegistrationSummary {
  id: string;
  /** The registration aggregate's id, for its audit trail. */
  registrationId: string;
  nationalId: string;
  kind: 1 | 2 | 3;
  isForeign: boolean;
  state: string;
  stateLabel: string;
  name: string;
  phone: string;
  email: string;
  createdAt: string | null;
}

export interface Page<T> {
  list: T[];
  totalCount: number;
  page: number;
  limit: number;
}

const registrationListOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.registrationList(page),
    queryFn: ({ signal }) =>
      api.get<Page<RegistrationSummary>>(`${BASE}/register-requests`, {
        query: { limit: REQUEST_LIST_LIMIT, page },
        signal,
      }),
    staleTime: 0,
  });

export const useRegistrationList = (page: number) => useQuery(registrationListOptions(page));

export type RegistrationDetail = RegistrationSummary & Record<string, string | number | boolean | null>;

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
  const onSuccess = () => client.invalidateQueries({ queryKey: adminKeys.all });
  return {
    accept: useMutation<unknown, ApiError, void>({ mutationFn: () => acceptRegistration(kind, id), onSuccess }),
    decline: useMutation<unknown, ApiError, string>({ mutationFn: (m) => declineRegistration(id, m), onSuccess }),
  };
}

// -- profile edit requests ------------------------------------------------------------------------------

export interface EditField {
  fieldName: string;
  key: string;
  currentValue: unknown;
  editedValue: unknown;
  isEdited: boolean;
}

export interface UpdateRequest {
  response: EditField[];
  id: string;
  nationalId: string;
  accountType: 1 | 2 | 3;
  state: string;
  requestedAt: string | null;
}

export interface UpdateSummary {
  id: string;
  nationalId: string;
  accountType: 1 | 2 | 3;
  state: string;
  requestedAt: string | null;
  editedFields: string[];
}

const updateListOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.updateList(page),
    queryFn: ({ signal }) =>
      api.get<Page<UpdateSummary>>(`${BASE}/update-requests`, { query: { limit: REQUEST_LIST_LIMIT, page }, signal }),
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

export function useUpdateDecision(kind: CustomerKind, nationalId: string) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: adminKeys.all });
  return {
    accept: useMutation<unknown, ApiError, void>({
      mutationFn: () =>
        api.post(`${BASE}/update-requests/approve`, { nationalId, ...(kind === 'foreign' ? { foreign: true } : {}) }),
      onSuccess,
    }),
    decline: useMutation<unknown, ApiError, string>({
      mutationFn: (message) => api.post(`${BASE}/update-requests/decline`, { nationalId, message }),
      onSuccess,
    }),
  };
}

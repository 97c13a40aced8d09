import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { accountKeys } from './keys';
import { KIND_PATHS } from './registration';
import type { CustomerKind } from './registration';

export interface EditRequestState {
  state: string;
  edited: Record<string, unknown>;
  declineMessage: string | null;
}

export type Profile = Record<string, unknown> & {
  account: { id: string; accountType: CustomerKind; username: string };
  editRequest: EditRequestState | null;
};

const path = (accountType: CustomerKind) => `/account/api/v1/client/${KIND_PATHS[accountType]}`;

const profileOptions = (accountType: CustomerKind) =>
  queryOptions({
    queryKey: accountKeys.profile(accountType),
    queryFn: ({ signal }) => api.get<Profile>(path(accountType), { signal }),
  });

export const useProfile = (accountType: CustomerKind) => useQuery(profileOptions(accountType));

export function useUpdateProfile(accountType: CustomerKind) {
  const client = useQueryClient();
  return useMutation<Profile & { changed: boolean }, ApiError, Record<string, unknown>>({
    mutationFn: (body) => api.put(path(accountType), body),
    onSuccess: (profile) => client.setQueryData(accountKeys.profile(accountType), profile),
  });
}

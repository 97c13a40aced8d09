import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer } from '@/types/contract';
import { accountKeys } from './keys';
import { KIND_PATHS } from './registration';
import type { CustomerKind } from './registration';

// The three kinds' profile calls answer the same schema (the fields of the other kinds are null). The profile form
// reads fields by the names of its field specs, hence the string index beside the declared fields.
export type Profile = Answer<'profile_individual_profile'> & Readonly<Record<string, unknown>>;

const path = (accountType: CustomerKind) => `/account/api/v1/client/${KIND_PATHS[accountType]}`;

const profileOptions = (accountType: CustomerKind) =>
  queryOptions({
    queryKey: accountKeys.profile(accountType),
    queryFn: ({ signal }) => api.get<Profile>(path(accountType), { signal }),
  });

export const useProfile = (accountType: CustomerKind) => useQuery(profileOptions(accountType));

export function useUpdateProfile(accountType: CustomerKind) {
  const client = useQueryClient();
  return useMutation<Answer<'profile_update_individual'>, ApiError, Record<string, unknown>>({
    mutationFn: (body) => api.put<Answer<'profile_update_individual'>>(path(accountType), body),
    onSuccess: (profile) => client.setQueryData(accountKeys.profile(accountType), profile),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer } from '@/types/contract';
import { accountKeys } from './keys';

/** The kinds of booking e-mail the customer gets, each on or off (domain/emails/templates.py on the server). */
export type EmailPreferences = Answer<'profile_email_preferences'>;

const PATH = '/account/api/v1/client/email-preferences';

export const useEmailPreferences = () =>
  useQuery({
    queryKey: accountKeys.emailPreferences(),
    queryFn: ({ signal }) => api.get<EmailPreferences>(PATH, { signal }),
  });

export function useSetEmailPreferences() {
  const client = useQueryClient();
  return useMutation<EmailPreferences, ApiError, { muted: string[] }>({
    mutationFn: (body) => api.put<EmailPreferences>(PATH, body),
    onSuccess: (answer) => client.setQueryData(accountKeys.emailPreferences(), answer),
  });
}

/** Who the session belongs to (`/auth/api/v1/me`): the account, the company it acts for, its role in the
 * company's team and its language. Shared: the dashboard, the profile and every screen that offers a change. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer } from '@/types/contract';

export type Me = Answer<'auth_me'>;

/** Under the accounts feature's keys, so what refreshes the account refreshes this too. */
export const ME_KEY = ['accounts', 'me'] as const;

export const meOptions = () =>
  queryOptions({ queryKey: ME_KEY, queryFn: ({ signal }) => api.get<Me>('/auth/api/v1/me', { signal }) });

export const useMe = (enabled = true) => useQuery({ ...meOptions(), enabled });

/**
 * The customer's address book: saved parties offered on the shipping order's party fields, and the call that
 * saves a typed party into it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/types/contract';
import { CLIENT } from './booking-api';

export type SavedParty = Answer<'booking_list_address_book'>['list'][number];
export type SavedPartyBody = RequestBody<'booking_save_party'>;
export type RoleHint = NonNullable<SavedPartyBody['roles']>[number];

const BOOK = `${CLIENT}/address-book`;
export const addressBookKey = ['booking', 'address-book'] as const;

export const addressBookOptions = () =>
  queryOptions({
    queryKey: addressBookKey,
    queryFn: async ({ signal }) => (await api.get<Answer<'booking_list_address_book'>>(BOOK, { signal })).list,
  });

/** The saved parties with those hinted for `role` first (each group by name, as the server sorts them). */
export function partiesFor(parties: SavedParty[], role: RoleHint): SavedParty[] {
  const hinted = parties.filter((p) => p.roles.includes(role));
  return [...hinted, ...parties.filter((p) => !p.roles.includes(role))];
}

export function useSaveParty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedPartyBody) => api.post<Answer<'booking_save_party'>>(BOOK, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressBookKey }),
  });
}

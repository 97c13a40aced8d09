/** The customer's API keys and webhook subscriptions (the integrations calls), with the delivery log. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { accountKeys } from './keys';

const BASE = '/integrations/api/v1/client';

export interface ApiKey {
  id: string;
  label: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface Webhook {
  id: string;
  callbackUrl: string;
  createdAt: string;
}

export interface Delivery {
  id: string;
  eventId: string;
  bookingStatus: string;
  carrierBookingRequestReference: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

interface Listed<T> {
  list: T[];
  totalCount: number;
}

const integrationKeys = {
  all: [...accountKeys.all, 'integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: string) => [...integrationKeys.all, 'deliveries', webhookId] as const,
};

export const apiKeysOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api.get<Listed<ApiKey>>(`${BASE}/api-keys`, { signal }),
  });

export const webhooksOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api.get<Listed<Webhook>>(`${BASE}/webhooks`, { signal }),
  });

export const deliveriesOptions = (webhookId: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) => api.get<Listed<Delivery>>(`${BASE}/webhooks/${webhookId}/deliveries`, { signal }),
  });

export const useApiKeys = () => useQuery(apiKeysOptions());
export const useWebhooks = () => useQuery(webhooksOptions());
export const useDeliveries = (webhookId: string) => useQuery(deliveriesOptions(webhookId));

function useIntegrationMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation<TAnswer, ApiError, TBody>({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export const useCreateApiKey = () =>
  useIntegrationMutation((label: string) => api.post<ApiKey & { key: string }>(`${BASE}/api-keys`, { label }));
export const useRevokeApiKey = () => useIntegrationMutation((id: string) => api.delete(`${BASE}/api-keys/${id}`));
export const useCreateWebhook = () =>
  useIntegrationMutation((callbackUrl: string) =>
    api.post<Webhook & { secret: string }>(`${BASE}/webhooks`, { callbackUrl }),
  );
export const useRemoveWebhook = () => useIntegrationMutation((id: string) => api.delete(`${BASE}/webhooks/${id}`));
export const useResendDelivery = () =>
  useIntegrationMutation((id: string) => api.post(`${BASE}/webhooks/deliveries/${id}/resend`));

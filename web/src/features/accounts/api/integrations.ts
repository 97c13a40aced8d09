/** The customer's API keys and webhook subscriptions (the integrations calls), with the delivery log. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer, Schema } from '@/types/contract';
import { accountKeys } from './keys';

const BASE = '/integrations/api/v1/client';

export type ApiKey = Schema<'ApiKey'>;
export type Webhook = Schema<'Webhook'>;
export type Delivery = Schema<'Delivery'>;

const integrationKeys = {
  all: [...accountKeys.all, 'integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  deliveries: (webhookId: string) => [...integrationKeys.all, 'deliveries', webhookId] as const,
};

export const apiKeysOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api.get<Answer<'integrations_list_api_keys'>>(`${BASE}/api-keys`, { signal }),
  });

export const webhooksOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api.get<Answer<'integrations_list_webhooks'>>(`${BASE}/webhooks`, { signal }),
  });

export const deliveriesOptions = (webhookId: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      api.get<Answer<'integrations_list_deliveries'>>(`${BASE}/webhooks/${webhookId}/deliveries`, { signal }),
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
  useIntegrationMutation((label: string) =>
    api.post<Answer<'integrations_create_api_key'>>(`${BASE}/api-keys`, { label }),
  );
export const useRevokeApiKey = () =>
  useIntegrationMutation((id: string) => api.delete<Answer<'integrations_revoke_api_key'>>(`${BASE}/api-keys/${id}`));
/** How tracking events reach a webhook: the CloudEvents envelope (default) or DCSA TNT 3.0's consumer body. */
export type TrackingFormat = 'cloudevents' | 'tnt-3.0';
export const useCreateWebhook = () =>
  useIntegrationMutation(({ callbackUrl, trackingFormat }: { callbackUrl: string; trackingFormat: TrackingFormat }) =>
    api.post<Answer<'integrations_create_webhook'>>(`${BASE}/webhooks`, { callbackUrl, trackingFormat }),
  );
export const useRemoveWebhook = () =>
  useIntegrationMutation((id: string) => api.delete<Answer<'integrations_remove_webhook'>>(`${BASE}/webhooks/${id}`));
export const useResendDelivery = () =>
  useIntegrationMutation((id: string) =>
    api.post<Answer<'integrations_resend_delivery'>>(`${BASE}/webhooks/deliveries/${id}/resend`),
  );
/** A new signing secret (answered once); the previous one keeps signing beside it for a day. */
export const useRotateWebhookSecret = () =>
  useIntegrationMutation((id: string) =>
    api.post<Answer<'integrations_rotate_secret'>>(`${BASE}/webhooks/${id}/rotate-secret`, { overlapHours: 24 }),
  );

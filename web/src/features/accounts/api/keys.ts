import { ME_KEY } from '@/lib/me';

/** The accounts feature's query keys (one factory, TkDodo style). */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => ME_KEY,
  profile: (accountType: number | null) => [...accountKeys.all, 'profile', accountType] as const,
  emailPreferences: () => [...accountKeys.all, 'email-preferences'] as const,
  notifications: (accountId: string) => [...accountKeys.all, 'notifications', accountId] as const,
};

/** The accounts feature's query keys (one factory, TkDodo style). */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  profile: (accountType: number | null) => [...accountKeys.all, 'profile', accountType] as const,
  emailPreferences: () => [...accountKeys.all, 'email-preferences'] as const,
  notifications: (accountId: string) => [...accountKeys.all, 'notifications', accountId] as const,
};

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { renewToken } from '@/lib/session';
import type { ChangePasswordValues, NewPasswordValues } from './schemas';

const BASE = '/auth/api/v1';

/** The same answer whether or not the id exists (no account enumeration). */
function requestPasswordReset(nationalId: string): Promise<{ message: string }> {
  return api.get(`${BASE}/${encodeURIComponent(nationalId.trim())}/reset-password/token`);
}

export function useRequestPasswordReset() {
  return useMutation<{ message: string }, ApiError, string>({ mutationFn: requestPasswordReset });
}

export interface ResetPasswordInput extends NewPasswordValues {
  nationalId: string;
  token: string;
}

function resetPassword({ nationalId, ...body }: ResetPasswordInput): Promise<{ message: string }> {
  return api.put(`${BASE}/${encodeURIComponent(nationalId)}/reset-password`, body);
}

export function useResetPassword() {
  return useMutation<{ message: string }, ApiError, ResetPasswordInput>({ mutationFn: resetPassword });
}

export interface ChangePasswordResult {
  message: string;
  /** The server ends every older session of the account: this one goes on with the new token. */
  token?: string;
}

export async function changePassword(body: ChangePasswordValues): Promise<ChangePasswordResult> {
  const result = await api.put<ChangePasswordResult>(`${BASE}/change-password`, body);
  if (result.token) renewToken(result.token);
  return result;
}

export function useChangePassword() {
  return useMutation<ChangePasswordResult, ApiError, ChangePasswordValues>({ mutationFn: changePassword });
}

/** Ends every session of the account, this one too (the server refuses their tokens within a second). */
export function logOutEverywhere(): Promise<{ message: string }> {
  return api.post(`${BASE}/logout-all`);
}

export function useLogOutEverywhere() {
  return useMutation<{ message: string }, ApiError, void>({ mutationFn: logOutEverywhere });
}

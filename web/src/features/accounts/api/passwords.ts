import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { renewToken } from '@/lib/session';
import type { Answer } from '@/types/contract';
import type { ChangePasswordValues, NewPasswordValues } from './schemas';

const BASE = '/auth/api/v1';

/** The same answer whether or not the id exists (no account enumeration). */
type Message = Answer<'passwords_request_reset'>;

function requestPasswordReset(nationalId: string): Promise<Message> {
  return api.get(`${BASE}/${encodeURIComponent(nationalId.trim())}/reset-password/token`);
}

export function useRequestPasswordReset() {
  return useMutation<Message, ApiError, string>({ mutationFn: requestPasswordReset });
}

export interface ResetPasswordInput extends NewPasswordValues {
  nationalId: string;
  token: string;
}

function resetPassword({ nationalId, ...body }: ResetPasswordInput): Promise<Message> {
  return api.put(`${BASE}/${encodeURIComponent(nationalId)}/reset-password`, body);
}

export function useResetPassword() {
  return useMutation<Message, ApiError, ResetPasswordInput>({ mutationFn: resetPassword });
}

/** The server ends every older session of the account: this one goes on with the answer's new token. */
export type ChangePasswordResult = Answer<'passwords_change_password'>;

export async function changePassword(body: ChangePasswordValues): Promise<ChangePasswordResult> {
  const result = await api.put<ChangePasswordResult>(`${BASE}/change-password`, body);
  if (result.token) renewToken(result.token);
  return result;
}

export function useChangePassword() {
  return useMutation<ChangePasswordResult, ApiError, ChangePasswordValues>({ mutationFn: changePassword });
}

/** Ends every session of the account, this one too (the server refuses their tokens within a second). */
export function logOutEverywhere(): Promise<Message> {
  return api.post(`${BASE}/logout-all`);
}

export function useLogOutEverywhere() {
  return useMutation<Message, ApiError, void>({ mutationFn: logOutEverywhere });
}

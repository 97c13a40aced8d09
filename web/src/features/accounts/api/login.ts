import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { latinDigits } from '@/i18n/digits';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/types/contract';

export interface LoginFormValues {
  username: string;
  password: string;
  rememberMe: boolean;
}
export type LoginFormErrors = Partial<Record<'username' | 'password', string>>;

/**
 * Spec 000 section 5: both fields required, at least one character (the username trimmed). `required` is the
 * catalogue's words for a missing field (accounts loginForm.required, the contract's common.required).
 */
export function readLoginForm(data: FormData, required: string): { values: LoginFormValues; errors: LoginFormErrors } {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = {
    // A national ID typed on a Persian keyboard is the same username (record 3001).
    username: latinDigits(text('username').trim()),
    password: text('password'),
    rememberMe: data.get('rememberMe') !== null,
  };
  const errors: LoginFormErrors = {};
  if (values.username === '') errors.username = required;
  if (values.password === '') errors.password = required;
  return { values, errors };
}

export type LoginInput = RequestBody<'auth_login'>;

/** accountType: 0 staff, 1 individual, 2 domestic company, 3 foreign company; roles for staff. */
export type LoginResponse = Answer<'auth_login'>;

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/api/v1/login', input);
}

export function useLogin(options: Omit<UseMutationOptions<LoginResponse, ApiError, LoginInput>, 'mutationFn'> = {}) {
  return useMutation<LoginResponse, ApiError, LoginInput>({ mutationFn: login, ...options });
}

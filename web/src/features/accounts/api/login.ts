import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
// zod/mini keeps the login screen's first load small; it is the same zod 4 with functional checks.
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/types/contract';

// The catalogue's common.required, written out: importing the catalogue would put all of it on the login screen's
// first load (over its 150 KB budget). login-form.test.ts checks the two stay the same words.
const REQUIRED_MESSAGE = 'This field is required.';

/** Spec 000 section 5: both fields required, at least one character. */
export const loginFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE)),
  password: z.string().check(z.minLength(1, REQUIRED_MESSAGE)),
  rememberMe: z.boolean(),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export type LoginInput = RequestBody<'auth_login'>;

/** accountType: 0 staff, 1 individual, 2 domestic company, 3 foreign company; roles for staff. */
export type LoginResponse = Answer<'auth_login'>;

function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/api/v1/login', input);
}

export function useLogin(options: Omit<UseMutationOptions<LoginResponse, ApiError, LoginInput>, 'mutationFn'> = {}) {
  return useMutation<LoginResponse, ApiError, LoginInput>({ mutationFn: login, ...options });
}

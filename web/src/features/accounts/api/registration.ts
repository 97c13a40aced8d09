import { api } from '@/lib/api-client';
import type { DomesticValues, ForeignValues, IndividualValues } from './schemas';

const BASE = '/account/api/v1/client';

/** 1 individual, 2 domestic company, 3 foreign company. */
export type CustomerKind = 1 | 2 | 3;

export const KIND_PATHS: Record<CustomerKind, string> = {
  1: 'indivisual-customers',
  2: 'domestic-corporate-customers',
  3: 'foreign-corporate-customers',
};

export interface StartInput {
  kind: CustomerKind;
  nationalId: string;
  phone?: string;
}

/** firstStep 1|2|3: the form of that kind; 4: resume at code verification. */
export interface StartResponse {
  firstStep: 1 | 2 | 3 | 4;
  verify: boolean;
  type: 1 | 2;
  isForeign: boolean;
  nationalId: string;
}

export function startRegistration({ kind, nationalId, phone }: StartInput): Promise<StartResponse> {
  const body = kind === 3 ? { nationalId } : { nationalId, phone };
  return api.post<StartResponse>(`${BASE}/${KIND_PATHS[kind]}/register/start`, body);
}

export interface FinalizeResponse {
  nationalId: string;
  state: string;
  stateCode: number;
  verify: boolean;
  codeValidSeconds: number | null;
  resendAfterSeconds: number | null;
}

export type FinalizeInput =
  | { kind: 1; values: IndividualValues }
  | { kind: 2; values: DomesticValues }
  | { kind: 3; values: ForeignValues };

/** The wire bodies, keys as the spec sends them (`econimicCode` so spelt, fax '' when missing). */
export function finalizeBody(input: FinalizeInput): Record<string, unknown> {
  if (input.kind === 1) return { ...input.values };
  if (input.kind === 2) {
    const { economicCode, ...rest } = input.values;
    return { isForeign: false, ...rest, econimicCode: economicCode };
  }
  return { isForeign: true, ...input.values, fax: input.values.fax ?? '' };
}

export function finalizeRegistration(input: FinalizeInput): Promise<FinalizeResponse> {
  return api.post<FinalizeResponse>(`${BASE}/${KIND_PATHS[input.kind]}/register/finalize`, finalizeBody(input));
}

export interface VerifyInput {
  type: 1 | 2;
  nationalId: string;
  code: string;
}

export function verifyCode({ type, nationalId, code }: VerifyInput): Promise<{ verified: boolean }> {
  // The individual verify path is capitalised in the spec.
  const path = type === 1 ? 'Indivisual-customers' : 'domestic-corporate-customers';
  return api.post(`${BASE}/${path}/register/verify`, { nationalId, code });
}

export interface ResendInput {
  type: 1 | 2;
  nationalId: string;
  phone: string;
}

export function resendCode({ type, nationalId, phone }: ResendInput): Promise<{ resendAfterSeconds: number }> {
  if (type === 1) return api.post(`${BASE}/indivisual-customers/register/resend`, { nationalId, phone });
  return api.post(`${BASE}/domestic-corporate-customers/register/resend`, { nationalCode: nationalId, phone });
}

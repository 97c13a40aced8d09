import { api } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/types/contract';
import type { DomesticValues, ForeignValues, IndividualValues } from './schemas';

const BASE = '/account/api/v1/client';

/** 1 individual, 2 domestic company, 3 foreign company. */
export type CustomerKind = 1 | 2 | 3;

export const KIND_PATHS: Record<CustomerKind, string> = {
  1: 'indivisual-customers',
  2: 'domestic-corporate-customers',
  3: 'foreign-corporate-customers',
};

/** The kind picks the URL; the body is the start call's (a foreign company sends no phone). */
export type StartInput = { kind: CustomerKind } & RequestBody<'registration_start_individual'>;

/** firstStep 1|2|3: the form of that kind; 4: resume at code verification (every kind answers the same schema). */
export type StartResponse = Answer<'registration_start_individual'>;

export function startRegistration({ kind, nationalId, phone }: StartInput): Promise<StartResponse> {
  const body = kind === 3 ? { nationalId } : { nationalId, phone };
  return api.post<StartResponse>(`${BASE}/${KIND_PATHS[kind]}/register/start`, body);
}

export type FinalizeResponse = Answer<'registration_finalize_individual'>;

export type FinalizeInput =
  { kind: 1; values: IndividualValues } | { kind: 2; values: DomesticValues } | { kind: 3; values: ForeignValues };

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

/** The type picks the URL (1 individual, 2 domestic company); the body is the verify call's. */
export type VerifyInput = { type: 1 | 2 } & RequestBody<'registration_verify_individual'>;

export function verifyCode({ type, nationalId, code }: VerifyInput): Promise<Answer<'registration_verify_individual'>> {
  // The individual verify path is capitalised in the spec.
  const path = type === 1 ? 'Indivisual-customers' : 'domestic-corporate-customers';
  return api.post(`${BASE}/${path}/register/verify`, { nationalId, code });
}

/** One input for both resend calls: the domestic body calls the national id `nationalCode`. */
export type ResendInput = { type: 1 | 2 } & RequestBody<'registration_resend_individual'>;

export function resendCode({
  type,
  nationalId,
  phone,
}: ResendInput): Promise<Answer<'registration_resend_individual'>> {
  if (type === 1) return api.post(`${BASE}/indivisual-customers/register/resend`, { nationalId, phone });
  return api.post(`${BASE}/domestic-corporate-customers/register/resend`, { nationalCode: nationalId, phone });
}

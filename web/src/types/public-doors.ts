// Generated from openapi.json by scripts/public-doors.mjs (`npm run api:types`): edit the server routes instead.
/** The operations anyone may call, signed in or not (no `security` in the document), by method and path. */
export const publicDoors: readonly (readonly [string, string])[] = [
  ['POST', '/account/api/v1/client/domestic-corporate-customers/register/finalize'],
  ['POST', '/account/api/v1/client/domestic-corporate-customers/register/resend'],
  ['POST', '/account/api/v1/client/domestic-corporate-customers/register/start'],
  ['POST', '/account/api/v1/client/domestic-corporate-customers/register/verify'],
  ['POST', '/account/api/v1/client/foreign-corporate-customers/register/finalize'],
  ['POST', '/account/api/v1/client/foreign-corporate-customers/register/start'],
  ['POST', '/account/api/v1/client/indivisual-customers/register/finalize'],
  ['POST', '/account/api/v1/client/indivisual-customers/register/resend'],
  ['POST', '/account/api/v1/client/indivisual-customers/register/start'],
  ['POST', '/account/api/v1/client/Indivisual-customers/register/verify'],
  ['POST', '/account/api/v1/team/invitations/{token}/accept'],
  ['PUT', '/auth/api/v1/{nationalID}/reset-password'],
  ['GET', '/auth/api/v1/{nationalID}/reset-password/token'],
  ['POST', '/auth/api/v1/login'],
  ['GET', '/events/api/v1/stream'],
];

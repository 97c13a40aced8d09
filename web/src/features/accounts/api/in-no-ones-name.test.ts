import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, onSomeoneElseSignedIn, onUnauthorized } from '@/lib/api-client';
import { getToken, setToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { tokenFor } from '@/testing/token';
import { publicDoors } from '@/types/public-doors';
import { login } from './login';
import { finalizeRegistration, resendCode, startRegistration, verifyCode } from './registration';
import { acceptInvitation } from './team';

const ok = <T>(response: T) =>
  new Response(JSON.stringify({ isSuccess: true, isError: false, error: null, response }), { status: 200 });

const refused = (status: number) =>
  new Response(JSON.stringify({ isSuccess: false, isError: true, error: { description: 'Refused' }, response: null }), {
    status,
  });

/** Each request's method, path and bearer, as the server receives them. */
function sent(fetchMock: ReturnType<typeof stubFetchEachTest>) {
  return fetchMock.mock.calls.map(([url, init]) => {
    const request = init as RequestInit;
    return {
      method: request.method ?? 'GET',
      path: String(url).split('?', 1)[0],
      bearer: new Headers(request.headers).get('Authorization'),
    };
  });
}

/**
 * A shared computer (decision 3913): A is signed in, in another tab; B opens the sign-up page or an invitation
 * link on the same browser. Her requests go in no one's name, A's token with none of them.
 */
describe("a step taken signed out goes in no one's name (decision 3913)", () => {
  const fetchMock = stubFetchEachTest();

  beforeEach(() => {
    startSession({ token: tokenFor('alice'), accountType: 3 });
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(ok({})));
  });

  afterEach(() => {
    onSomeoneElseSignedIn(null);
    onUnauthorized(null);
    localStorage.clear();
    sessionStorage.clear();
  });

  it("sends the sign-up's every step, and the invitation's acceptance, with no one's token", async () => {
    await startRegistration({ kind: 1, nationalId: '0499370899', phone: '09120000000' });
    await startRegistration({ kind: 2, nationalId: '10101010101', phone: '09120000000' });
    await startRegistration({ kind: 3, nationalId: 'DE123', phone: '' });
    await verifyCode({ type: 1, nationalId: '0499370899', code: '123456' });
    await verifyCode({ type: 2, nationalId: '10101010101', code: '123456' });
    await resendCode({ type: 1, nationalId: '0499370899', phone: '09120000000' });
    await resendCode({ type: 2, nationalId: '10101010101', phone: '09120000000' });
    await finalizeRegistration({ kind: 3, values: { nationalId: 'DE123' } as never });
    await acceptInvitation({ token: 'invitation-token', password: 'A-long-pass-1' });
    await login({ username: 'bob', password: 'secret' });
    expect(sent(fetchMock)).toHaveLength(10);
    expect(sent(fetchMock).filter((request) => request.bearer !== null)).toEqual([]);
    // A's session is untouched: still the browser's.
    expect(getToken()).toBe(tokenFor('alice'));
  });

  it("still sends the signed-in person's token with what is done in her name", async () => {
    await api.get('/auth/api/v1/me');
    await api.post('/account/api/v1/client/team/invitations', { email: 'c@example.com' });
    expect(sent(fetchMock).map((request) => request.bearer)).toEqual([
      `Bearer ${tokenFor('alice')}`,
      `Bearer ${tokenFor('alice')}`,
    ]);
  });

  it("is sent, and its refusal is its own, whoever the browser's cookie names meanwhile", async () => {
    setToken(tokenFor('carol')); // someone else signed in, in another tab, since this tab opened
    let someoneElse = false;
    let ended = false;
    onSomeoneElseSignedIn(() => (someoneElse = true));
    onUnauthorized(() => (ended = true));
    fetchMock.mockImplementation(() => Promise.resolve(refused(401)));
    const error = await startRegistration({ kind: 1, nationalId: '0499370899', phone: '09120000000' }).catch(
      (e: unknown) => e,
    );
    expect(sent(fetchMock)).toEqual([
      { method: 'POST', path: '/account/api/v1/client/indivisual-customers/register/start', bearer: null },
    ]);
    expect(error).toMatchObject({ status: 401, sessionEnded: false });
    expect([someoneElse, ended]).toEqual([false, false]);
    expect(getToken()).toBe(tokenFor('carol'));
  });

  it('takes the doors open to anyone from the API document, each known by its method and path', () => {
    expect(publicDoors).toContainEqual(['POST', '/account/api/v1/team/invitations/{token}/accept']);
    expect(publicDoors).toContainEqual(['POST', '/account/api/v1/client/Indivisual-customers/register/verify']);
    expect(publicDoors).not.toContainEqual(['POST', '/auth/api/v1/logout']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import {
  api,
  ApiError,
  buildUrl,
  endedTheSession,
  errorText,
  GENERIC_ERROR_MESSAGE,
  onUnauthorized,
  postForm,
} from './api-client';
import { getRole, getToken, startSession } from './session';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ok = <T>(response: T) => ({ isSuccess: true, isError: false, error: null, response });
const failure = (description?: string) => ({
  isSuccess: false,
  isError: true,
  error: description === undefined ? null : { description },
  response: null,
});

describe('api client', () => {
  const fetchMock = stubFetchEachTest();

  afterEach(() => {
    onUnauthorized(null);
  });

  it('returns the envelope response on success', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, ok({ token: 'abc', accountType: 1 })));
    await expect(api.post('/auth/api/v1/login', { username: 'u', password: 'p' })).resolves.toEqual({
      token: 'abc',
      accountType: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/api/v1/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ username: 'u', password: 'p' }));
    const headers = init.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('throws the server description when the envelope says failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, failure('Username or password is wrong')));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Username or password is wrong');
    expect((error as ApiError).fromServer).toBe(true);
  });

  it('treats isSuccess false as failure even with status 200, with a generic message when none is given', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, failure()));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(error.fromServer).toBe(false);
  });

  it('throws a generic ApiError for a body that is not an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('sends the bearer token from the token cookie', async () => {
    document.cookie = 'token=jwt-123; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, ok([])));
    await api.get('booking/api/v1/client/rate-request/general/container/types');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/booking/api/v1/client/rate-request/general/container/types');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-123');
  });

  it('drops the token cookie and role on 401 and tells the app', async () => {
    startSession({ token: 'expired', accountType: 2, roles: [] });
    expect(getToken()).toBe('expired');
    const listener = vi.fn();
    onUnauthorized(listener);
    fetchMock.mockResolvedValue(jsonResponse(401, failure('Unauthorized')));
    const error = (await api
      .get('/account/api/v1/client/domestic-corporate-customers')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('token=');
    expect(getRole()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('says a 401 to a signed-in request ended the session, and gives it no words for a screen (3902)', async () => {
    startSession({ token: 'expired', accountType: 2, roles: [] });
    fetchMock.mockResolvedValue(jsonResponse(401, failure('Authentication required')));
    const error = (await api.post('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.sessionEnded).toBe(true);
    expect(endedTheSession(error)).toBe(true);
    expect(errorText(error)).toBe('');
  });

  it("keeps the login's own 401, sent with no session (a wrong password), an ordinary failure", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, failure('Invalid username or password')));
    const error = (await api.post('/auth/api/v1/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.sessionEnded).toBe(false);
    expect(errorText(error)).toBe('Invalid username or password');
  });

  it('says a 401 to a request sent with no token, the session having ended meanwhile, ended the session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, failure('Authentication required')));
    const error = (await api.post('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.sessionEnded).toBe(true);
  });

  it('says a request refused before sending, the tab showing someone else (3893), ended the session', async () => {
    const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
    startSession({ token: tokenOf('alice'), accountType: 1, roles: [] });
    document.cookie = `token=${tokenOf('bob')}; path=/`;
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error.status).toBe(401);
    expect(error.sessionEnded).toBe(true);
  });

  it('keeps the session on other failures', async () => {
    startSession({ token: 'fine', accountType: 1 });
    fetchMock.mockResolvedValue(jsonResponse(403, failure('Forbidden')));
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('fine');
    expect(getRole()).toBe(1);
  });

  it('turns a network failure into ApiError status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it('posts multipart forms without forcing a Content-Type, with the bearer token', async () => {
    document.cookie = 'token=t; path=/';
    fetchMock.mockResolvedValue(jsonResponse(200, ok({ fileName: 'a.pdf', filePath: 'f/1' })));
    const form = new FormData();
    form.append('ChunkNumber', '1');
    await expect(postForm('/file-manager/api/v1/files/upload-chunk', form)).resolves.toEqual({
      fileName: 'a.pdf',
      filePath: 'f/1',
    });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer t');
  });

  it('builds same-origin URLs with query parameters', () => {
    expect(buildUrl('booking/api/v1/client/rate-requests', { limit: 10, offset: 2, skip: undefined })).toBe(
      '/booking/api/v1/client/rate-requests?limit=10&offset=2',
    );
    expect(buildUrl('/a?pageSize=10', { page: 3 })).toBe('/a?pageSize=10&page=3');
  });
});

describe('errorText', () => {
  it('gives the field messages without their keys', () => {
    const error = new ApiError(400, 'containers.1.netWeight: Net weight must not exceed gross weight', {
      'containers.1.netWeight': 'Net weight must not exceed gross weight',
    });
    expect(errorText(error)).toBe('Net weight must not exceed gross weight');
    expect(errorText(new ApiError(409, 'Illegal transition'))).toBe('Illegal transition');
    expect(errorText(new Error('boom'))).toBe('Error in proccess !');
  });
});

/**
 * The one way the app talks to the API: same-origin relative paths, JSON, the bearer token from the
 * `token` cookie, and the response envelope `{isSuccess, isError, error: {description}, response}`
 * unwrapped to `response` or thrown as an ApiError.
 */
import { currentLanguage, i18next } from '@/i18n';
import type { Schema } from '@/types/contract';
import { publicDoors } from '@/types/public-doors';
import { keepOpenDrafts } from './kept-draft';
import { endSession, getToken, tabSession } from './session';

/** Shown when the server gives no error text (spec 000 section 8 wording). */
export const GENERIC_ERROR_MESSAGE = 'Error in proccess !';

/**
 * Every answer's envelope (the document's `Envelope_<T>_` and `ErrorEnvelope`), generic over `response`; the error
 * body is read defensively (a proxy's or an old server's answer may lack parts of it).
 */
export type Envelope<T> = Pick<Schema<'ErrorEnvelope'>, 'isSuccess' | 'isError'> & {
  error: Partial<Schema<'ErrorBody'>> | null;
  response: T;
};

export class ApiError extends Error {
  readonly status: number;
  /** The server's error description, or the generic message when it gave none. */
  readonly description: string;
  /** Whether `description` came from the server. */
  readonly fromServer: boolean;
  /** Per-field messages the server gave (`error.fields`, keyed by wire key), if any. */
  readonly fields: Record<string, string>;
  /**
   * Refused because the session this tab acted in has ended (a 401 to a signed-in request, or found gone or
   * someone else's before sending, 3893): the page the tab goes to says so, so the screen that asked says
   * nothing (decision 3902).
   */
  readonly sessionEnded: boolean;
  /** Who decided first and when, told to staff whose decision a colleague's came before (`error.details`, 3911). */
  readonly details: Schema<'DecidedFirstDetails'> | null;

  constructor(
    status: number,
    description?: string | null,
    fields?: Record<string, string> | null,
    options: { sessionEnded?: boolean; details?: Schema<'DecidedFirstDetails'> | null } = {},
  ) {
    const text = typeof description === 'string' && description.trim() !== '' ? description : undefined;
    super(text ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.description = text ?? GENERIC_ERROR_MESSAGE;
    this.fromServer = text !== undefined;
    this.fields = fields ?? {};
    this.sessionEnded = options.sessionEnded ?? false;
    this.details = options.details ?? null;
  }
}

/** The refusal of a request this tab no longer sends for the person it shows (3893). */
function notSentForThisTab(): ApiError {
  return new ApiError(401, null, null, { sessionEnded: true });
}

/** Whether a failure is the session having ended, said by the page the app goes to and by no screen (3902). */
export function endedTheSession(error: unknown): boolean {
  return error instanceof ApiError && error.sessionEnded;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The app registers what happens after a 401 has ended the session (it sends the user to /login). */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

/** `loggedOut`: called by a log-out in this tab, which ended nothing of the person signed in now (3904). */
type SomeoneElseListener = (loggedOut?: boolean) => void;
let someoneElseListener: SomeoneElseListener | null = null;

/**
 * The app registers what this tab does once it has found someone else signed in on the browser (decision
 * 3893): forget what it shows of the previous person and show the one signed in now.
 */
export function onSomeoneElseSignedIn(listener: SomeoneElseListener | null): void {
  someoneElseListener = listener;
}

/** The session ended (a 401, or found gone before a request): what was being written is kept, then to login. */
function sessionEnded(): void {
  // The refused token was this tab's person's, but the cookie may name someone else by now (signed in in
  // another tab meanwhile, which ended that token: 3904): their session is not this tab's to end (3893).
  if (tabSession() === 'someoneElse') {
    keepOpenDrafts();
    someoneElseListener?.();
    return;
  }
  endSession({ byServer: true });
  // What was being written goes back on its screen after the login, said to be unsent (decision 3881).
  keepOpenDrafts();
  unauthorizedListener?.();
}

/**
 * Whether the cookie still names the person this tab shows; if not, the tab stops acting for anyone and
 * goes where it should (3893): to the login page when no one is signed in any more, or to the person now
 * signed in. An open form's text is kept for its writer either way (decisions 3881, 3888).
 */
export function tabStillShowsTheSignedInPerson(): boolean {
  const session = tabSession();
  if (session === 'same') return true;
  if (session === 'signedOut') sessionEnded();
  else {
    keepOpenDrafts();
    someoneElseListener?.();
  }
  return false;
}

/**
 * Logging out on purpose in this tab (the shell's Log out, or once every session was ended). Gives whether the
 * caller leads to the login page. Not when the cookie names someone else by now (decision 3904): their session
 * is not this tab's to end; the tab only forgets its person and her drafts, and is led to the person signed in.
 */
export function logOutOfThisTab(): boolean {
  const someoneElse = tabSession() === 'someoneElse';
  void endSession(); // signed out here at once; the server is told on the way (3901), never waited for
  if (someoneElse) someoneElseListener?.(true);
  return !someoneElse;
}

/**
 * The bearer header of a request made without `api` (a file fetched as a blob, the DCSA events), checked as
 * `send` checks: it throws a 401 ApiError, sending nothing, once the cookie names another person (3893).
 */
export function bearerOfThisTab(): Record<string, string> {
  if (!tabStillShowsTheSignedInPerson()) throw notSentForThisTab();
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Spec paths sometimes lack the leading slash (`booking/api/v1/...`); every call is same-origin. */
export function buildUrl(path: string, query?: QueryParams): string {
  const base = path.startsWith('/') ? path : `/${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** A door's path as a pattern: `{nationalID}` stands for one segment, whatever it holds. */
function doorPattern(path: string): RegExp {
  const segments = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${segments.join('[^/]+')}$`);
}

const openToAnyone = publicDoors.map(([method, path]) => ({ method, pattern: doorPattern(path) }));

/**
 * Whether a request is a step anyone takes signed out (decision 3913): a door the API document opens to anyone
 * (no `security`: the login, a password reset and its request, every step of a sign-up, accepting an
 * invitation). It is made in no one's name, whoever is signed in on the browser: no bearer, and no check of the
 * tab's person, so that someone else's session neither goes with it nor stops it (3904); its 401 refuses what
 * it sends (said under its form), never the end of a session (3902).
 */
export function inNoOnesName(method: string, path: string): boolean {
  const base = buildUrl(path).split('?', 1)[0];
  return openToAnyone.some((door) => door.method === method && door.pattern.test(base));
}

/** Who is asking (no one, for a step taken signed out), and in which language the answer's words should come. */
function authHeaders(signedOutStep: boolean): Record<string, string> {
  const language = { 'Accept-Language': currentLanguage() };
  const token = signedOutStep ? undefined : getToken();
  return token ? { ...language, Authorization: `Bearer ${token}` } : language;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'isSuccess' in value;
}

/** What a request sends besides who is asking: its body and the headers that say what the body is. */
type Content = { body?: BodyInit; headers?: Record<string, string> };

/** Every request, through one place: its method and path (as the document names it) tell in whose name it goes. */
async function send<T>(method: string, path: string, content: Content, options: RequestOptions = {}): Promise<T> {
  const signedOutStep = inNoOnesName(method, path);
  // Never sent in someone else's name: the cookie, and so the token read next, may be another person's now.
  // Refused here as the server refuses an ended session, so that callers handle it as they handle a 401.
  if (!signedOutStep && !tabStillShowsTheSignedInPerson()) throw notSentForThisTab();
  const headers = { Accept: 'application/json', ...authHeaders(signedOutStep), ...content.headers, ...options.headers };
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: content.body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0);
  }

  // Sent with a token or not (a tab whose session ended meanwhile sends none), a 401 is the session having
  // ended; only a signed-out step's own (a wrong password, said under its form) is an ordinary failure.
  const ended = res.status === 401 && !signedOutStep;
  if (ended) sessionEnded();

  let body: unknown = undefined;
  const text = await res.text();
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!isEnvelope(body)) throw new ApiError(res.status, null, null, { sessionEnded: ended });
  if (!res.ok || body.isSuccess !== true || body.isError === true) {
    throw new ApiError(res.status, body.error?.description, body.error?.fields, {
      sessionEnded: ended,
      details: body.error?.details,
    });
  }
  return body.response as T;
}

function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const content = {
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  return send<T>(method, path, content, options);
}

/**
 * multipart/form-data POST (one chunk of a chunked upload, for instance). The browser sets the
 * Content-Type with its boundary; the envelope is handled as for JSON calls. Callers send chunks one
 * after another and report progress themselves; `signal` cancels the chunk in flight.
 */
export function postForm<T>(path: string, form: FormData, options: RequestOptions = {}): Promise<T> {
  return send<T>('POST', path, { body: form }, options);
}

/** PUT of a text body in its own media type (a tariff as `text/csv`); the envelope is handled as for JSON. */
export function putText<T>(path: string, text: string, contentType: string, options: RequestOptions = {}): Promise<T> {
  return send<T>('PUT', path, { headers: { 'Content-Type': contentType }, body: text }, options);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  postForm,
  putText,
};

/** The generic failure in the language shown (GENERIC_ERROR_MESSAGE is its English wording). */
export function genericError(): string {
  return i18next.t('common:errors.generic');
}

/**
 * Words for a refusal its description says less well, given by the screens that meet it: a colleague who
 * decided first, with the time in the reader's zone (@/lib/decided-first, decisions 3911 and 3916). Registered
 * by that module rather than imported here, so the entry chunk (and /login) does not carry the catalogues.
 */
let refusalWords: (error: ApiError) => string | null = () => null;

export function sayRefusalsWith(words: (error: ApiError) => string | null): void {
  refusalWords = words;
}

/**
 * An error in words for a person (a toast, an alert): the server's field messages without their wire keys
 * (`containers.1.netWeight: ...` never reaches a screen), or its description, or the generic message.
 */
export function errorText(error: unknown): string {
  // Nothing to say on a screen that is being left: the login page (or the overview of the person now signed
  // in) says why, better than the server's "Authentication required" would (3902).
  if (endedTheSession(error)) return '';
  if (error instanceof ApiError) {
    const messages = [...new Set(Object.values(error.fields))];
    return messages.length > 0 ? messages.join(' ') : (refusalWords(error) ?? error.description);
  }
  return genericError();
}

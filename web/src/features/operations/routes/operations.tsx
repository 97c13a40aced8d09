/**
 * Staff operations console (DESIGN section 9): rate requests of all customers by state; quote, request a
 * revision, reject, confirm a booking, review a shipping order (per-field revisions, accept or decline). Actions
 * offered follow the lifecycle (src/lib/lifecycle `can`), each confirmed, reasons required.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { KeptDraftNotice } from '@/components/kept-draft-notice/kept-draft-notice';
import { api, ApiError } from '@/lib/api-client';
import { useKeptDraft } from '@/lib/kept-draft';
import { useKeepPageWithin, useUrlPage, useUrlParam } from '@/lib/url-state';
import { useDebounced } from '@/lib/use-debounced';
import {
  can,
  getState,
  guardNames,
  isNamed,
  isState,
  label,
  sailingSettled,
  stateCodes,
  stateName,
} from '@/lib/lifecycle';
import { changePending } from '@/components/booking-changes';
import { ApiBadge } from '@/components/api-badge';
import { AttentionBadge, AttentionNote } from '@/components/attention-badge';
import { AuditLink } from '@/components/audit-link';
import { BookingFacts, OrderFacts } from '@/components/booking-facts';
import { WhoseMove } from '@/components/whose-move';
import { formatAt, formatDate, formatMoney, localDigits, portDay } from '@/lib/format';
import { usePlaces } from '@/lib/places';
import { fieldName, fieldsFor, REEFER_TYPE_VALUE } from '@/lib/order-fields';
import { fieldLabel } from '@/lib/field-words';
import type { Answer } from '@/types/contract';
import { ChangeReview, OpenChangesQueue } from '../components/change-review';
import { QuoteDialog } from '../components/quote-dialog';
import { StaffActionDialog, useStaffAction } from '../components/staff-action-dialog';
import {
  ADMIN,
  type Detail,
  isRequestTrigger,
  REQUEST_ACTIONS,
  type RequestAction,
  type RequestTrigger,
} from '../lib/request-actions';
import styles from './operations.module.css';
import { StaffBookingSailing } from '../components/staff-booking-sailing';
import { issueDatingWords } from '../lib/issue-dating';
import { BookingTracking } from '../components/booking-tracking';
import { PublishedSchedules } from '../components/published-schedules';
import { staffSailingsOptions } from '../api/schedules';
import { staffChangesOptions } from '../api/changes';
import { WhereItIs } from '@/components/where-it-is';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import { personWords } from '@/lib/people';
import { Reference } from '@/components/reference/reference';
import { Route } from '@/components/route/route';
import { cargoWords } from '@/lib/reference-names';
import { maxLength } from '@/types/limits';
import { Separator } from '@/components/ui/separator/separator';

const LIMIT = 10;
// How long the typing pauses before the console asks the server (as the customer's booking list waits).
const SEARCH_WAIT_MS = 300;

// What staff may ask the customer to change, named as every screen names it (src/lib/order-fields): only the
// fields this booking's order has (no temperature for a dry container, no UN number without dangerous goods).
const reviewFields = (detail: Detail) =>
  fieldsFor({ isDanger: detail.isDanger, isReefer: detail.containerType.value === REEFER_TYPE_VALUE }).filter(
    (f) => f.revisable,
  );

// The rate request's steps are ../lib/request-actions.ts; the shipping order's are here. The quote has a dialog of
// its own (../components/quote-dialog.tsx: the breakdown editor).
const ORDER_ACTIONS = ['order_revision', 'order_accept', 'order_decline', 'order_issue'] as const;
type OrderAction = (typeof ORDER_ACTIONS)[number];
type Action = 'quote' | RequestTrigger | OrderAction;
const isDialogAction = (value: string | undefined): value is Exclude<Action, 'quote'> =>
  value !== undefined && (isRequestTrigger(value) || (ORDER_ACTIONS as readonly string[]).includes(value));

/** What a staff action's dialog says in words, kept through a session that ends as it is sent (decision 3881):
 * which action (`action`), its reason (`message`) and a message per order field (`revise.<field>`). */
type ActionTexts = Readonly<Record<string, string>>;
const NO_TEXTS: ActionTexts = {};
const REVISE = 'revise.';
const doneOf = (action: Exclude<Action, 'quote'>) =>
  isRequestTrigger(action)
    ? REQUEST_ACTIONS[action].done
    : i18next.t(`orderActions.${action as OrderAction}.done`, { ns: 'operations' });
const titleOf = (action: Exclude<Action, 'quote'>) =>
  isRequestTrigger(action)
    ? REQUEST_ACTIONS[action].title
    : i18next.t(`orderActions.${action as OrderAction}.title`, { ns: 'operations' });

function ActionDialog({
  action,
  detail,
  texts,
  setTexts,
  kept,
  onClose,
}: {
  action: Exclude<Action, 'quote'>;
  detail: Detail;
  texts: ActionTexts;
  setTexts: (update: (texts: ActionTexts) => ActionTexts) => void;
  /** The dialog came back after the session ended: it says that nothing was sent. */
  kept: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const message = texts.message ?? '';
  const setMessage = (text: string) => setTexts((all) => ({ ...all, message: text }));
  const revise = Object.fromEntries(
    Object.entries(texts)
      .filter(([key]) => key.startsWith(REVISE))
      .map(([key, text]) => [key.slice(REVISE.length), text]),
  );
  const [error, setError] = useState<string | null>(null);
  // What is wrong with the message, shown beside it: said here, or by the server's envelope (`fields.message`).
  const [messageError, setMessageError] = useState<string | undefined>(undefined);
  // Each refusal said beside the message counts, for the dialog to focus the message and so read its error.
  const [refused, setRefused] = useState(0);
  // Staff may set or change the booking's sailing as they quote or confirm.
  const [routing, setRouting] = useState('');
  // The booking and its order as the dialog opened: a decision names them, so a change the customer made
  // meanwhile (an update through the API) is refused, not accepted unread (decision 3908), nor answered with a
  // revision request or a decline of what she may have fixed already (decision 3910).
  const [seen] = useState(() => ({ booking: detail.updatedAt, order: detail.order?.updatedAt }));
  // (The quote has its own dialog, ../components/quote-dialog.tsx; the sailing is chosen at confirmation or in the
  // booking's sailing panel.)
  const step: RequestAction | undefined = isRequestTrigger(action) ? REQUEST_ACTIONS[action] : undefined;
  const choosesSailing = Boolean(step?.choosesSailing);
  const sailings = useQuery({ ...staffSailingsOptions(detail.pol.id, detail.pod.id), enabled: choosesSailing });
  // Each sailing's departure in its port of loading's time, its arrival in its port of discharge's.
  const places = usePlaces((sailings.data ?? []).flatMap((s) => [s.portOfLoading, s.portOfDischarge]));
  const at = (value: string, port: string) => formatAt(value, places.get(port)?.timeZone);
  // A decline of the shipping order says why, as a rate request's reason does (the customer reads it).
  const declines = action === 'order_decline';
  const reason = Boolean(step?.reason) || declines;
  const mutation = useStaffAction(
    doneOf(action),
    async () => {
      if (step) return step.call(detail, { message: message.trim(), routing, seenUpdatedAt: seen.booking });
      if (action === 'order_accept')
        return api.put(`${ADMIN}/shipping-orders/${detail.order!.id}/accept`, { seenUpdatedAt: seen.order });
      if (declines)
        return api.put(`${ADMIN}/shipping-orders/${detail.order!.id}/decline`, {
          message: message.trim(),
          seenUpdatedAt: seen.order,
        });
      if (action === 'order_issue') return api.put(`${ADMIN}/rate-requests/${detail.id}/transport-document/issue`);
      const messages = Object.fromEntries(
        Object.entries(revise)
          .filter(([, m]) => m.trim())
          .map(([k, m]) => [k, m.trim()]),
      );
      return api.put(`${ADMIN}/shipping-orders/${detail.order!.id}/request-revision`, {
        revise: messages,
        seenUpdatedAt: seen.order,
      });
    },
    onClose,
    (text, e) => {
      // The envelope's word on the message goes beside it; anything else it says stays under the dialog.
      const fields = e instanceof ApiError ? e.fields : {};
      setMessageError(fields.message);
      if (fields.message) setRefused((n) => n + 1);
      setError(fields.message && Object.keys(fields).length === 1 ? null : text);
    },
  );
  const confirm = () => {
    setMessageError(undefined);
    if (reason && !message.trim()) {
      setMessageError(t('actionDialog.reasonRequired'));
      return setRefused((n) => n + 1);
    }
    if (action === 'order_revision' && !Object.values(revise).some((m) => m.trim()))
      return setError(t('actionDialog.fieldMessageRequired'));
    setError(null);
    mutation.mutate();
  };
  return (
    <StaffActionDialog
      title={titleOf(action)}
      detail={detail}
      pending={mutation.isPending}
      danger={step?.variant === 'danger' || declines}
      error={error}
      refused={refused}
      onConfirm={confirm}
      onClose={onClose}
    >
      <KeptDraftNotice kept={kept} />
      {reason ? (
        <TextInput
          label={declines ? t('actionDialog.declineMessage') : t('actionDialog.reason')}
          dir="auto"
          value={message}
          maxLength={maxLength.MessageBody.message}
          onChange={(e) => {
            setMessage(e.target.value);
            setMessageError(undefined); // said of what was there, not of what is written now
          }}
          error={messageError}
          required
        />
      ) : null}
      {step?.prompt ? <p>{step.prompt(detail)}</p> : null}
      {choosesSailing && (sailings.data ?? []).length ? (
        <div>
          <label htmlFor="staff-sailing">{fieldLabel('sailing')}</label>
          <select
            id="staff-sailing"
            value={routing}
            onChange={(e) => setRouting(e.target.value)}
            style={{ width: '100%' }}
          >
            <option value="">{t('actionDialog.keepSailing')}</option>
            {(sailings.data ?? []).map((s) => (
              <option key={s.routingReference} value={s.routingReference}>
                {t('actionDialog.sailingOption', {
                  vessel: s.vesselName ?? s.serviceCode,
                  voyage: s.voyage,
                  etd: at(s.departure, s.portOfLoading),
                  eta: at(s.arrival, s.portOfDischarge),
                })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {action === 'order_accept' ? <p>{t('actionDialog.acceptOrder')}</p> : null}
      {action === 'order_issue' && detail.billOfLading?.ifIssuedToday ? (
        <p>{issueDatingWords(detail.billOfLading.ifIssuedToday)}</p>
      ) : null}
      {action === 'order_revision'
        ? reviewFields(detail).map(({ key, label }) => (
            <TextInput
              key={key}
              label={t('actionDialog.reviseMessage', { name: fieldName('orderFields', { key, label }) })}
              dir="auto"
              value={revise[key] ?? ''}
              maxLength={maxLength.OrderRevisionBody.revise}
              onChange={(e) => setTexts((all) => ({ ...all, [`${REVISE}${key}`]: e.target.value }))}
            />
          ))
        : null}
    </StaffActionDialog>
  );
}

// Every guard of the lifecycle taken to hold, but those the console knows (DetailPanel).
const ASSUMED_GUARDS = Object.fromEntries(guardNames('rate_request').map((guard) => [guard, true]));

/** The open request. `reveal` counts the times staff asked to see it: each one (and its first load) brings the
 * panel into view and focus; on a phone it sits far below the list. */
function DetailPanel({ id, reveal }: { id: string; reveal: number }) {
  const { t } = useTranslation('operations');
  const [quoting, setQuoting] = useState(false);
  // The open action's dialog and its words come back if the session ends as it is sent (decision 3881); the
  // quote's own dialog holds figures, not words, and is not kept.
  const actionDraft = useKeptDraft(`staff-action:${id}`, NO_TEXTS);
  const kept = actionDraft.value.action;
  const action: Action | null = quoting ? 'quote' : actionDraft.open && isDialogAction(kept) ? kept : null;
  const setAction = (next: Action | null) => {
    setQuoting(next === 'quote');
    if (next !== null && next !== 'quote') actionDraft.setValue({ action: next });
    actionDraft.setOpen(next !== null && next !== 'quote');
  };
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useQuery({
    queryKey: ['operations', 'detail', id],
    // Staff decide on what is true now: opening a request always asks the server again.
    staleTime: 0,
    queryFn: ({ signal }) => api.get<Detail>(`${ADMIN}/rate-requests/${id}`, { signal }),
  });
  const d = query.data;
  // The same query as the change review's below (one request serves both).
  const amendable = d !== undefined && getState('rate_request', stateName('rate_request', d.state, d.price))?.amendable;
  const changes = useQuery({ ...staffChangesOptions(id), enabled: amendable === true });
  const loaded = d !== undefined;
  useEffect(() => {
    if (!loaded || !heading.current) return;
    heading.current.scrollIntoView({ block: 'start' });
    heading.current.focus({ preventScroll: true });
  }, [loaded, reveal]);
  if (query.isError) return <p role="alert">{t('detail.error')}</p>;
  if (!d) return <p>{t('loading')}</p>;
  const name = stateName('rate_request', d.state, d.price);
  const state = getState('rate_request', name);
  // The guards the console knows are applied (an open change holds a rejection back: decide it first); the
  // others are the server's to check when the step is taken. Changes not yet read are not taken as none.
  const noChange = amendable !== true || (changes.data !== undefined && !changePending(changes.data));
  // The vessel left with the booking's cargo: it is neither rejected nor its order declined (decision 3858).
  const sailedAt = changes.data?.cargoSailedAt ?? null;
  const known = { ...ASSUMED_GUARDS, no_change_pending: noChange, cargo_not_sailed: sailedAt === null };
  const staffCan = (trigger: string) => can('rate_request', name, trigger, 'staff', known);
  // The request's steps the lifecycle allows here, in their table's order (../lib/request-actions.ts).
  const offered = (Object.entries(REQUEST_ACTIONS) as [RequestTrigger, RequestAction][]).filter(
    ([trigger, step]) => staffCan(trigger) && (step.offered?.(d) ?? true),
  );
  const button = ([trigger, step]: [RequestTrigger, RequestAction]) => (
    <Button key={trigger} variant={step.variant} onClick={() => setAction(trigger)}>
      {step.title}
    </Button>
  );
  // The order's state by its name: `submitted` and `update_received` share the specification's code 0.
  const orderName = d.order?.statusName ?? '';
  return (
    <section aria-label={t('detail.label')} className={styles.panel}>
      <h2 ref={heading} tabIndex={-1} className={styles.panelHeading}>
        <bdi>{cargoWords(d)}</bdi>
        <ApiBadge viaApi={d.viaApi} />
        <AttentionBadge needsAttention={d.needsAttention} />
      </h2>
      {d.reference ? (
        <p className={styles.reference}>
          <Reference value={d.reference} />
        </p>
      ) : null}
      <AttentionNote needsAttention={d.needsAttention} />
      {sailedAt !== null ? (
        <p role="status" data-testid="cargo-sailed">
          {t('detail.cargoSailed', { day: portDay(sailedAt) })}
        </p>
      ) : null}
      {d.orderMismatch ? (
        <p role="status" data-testid="order-mismatch" className={styles.mismatch}>
          <strong>{t('detail.mismatch')}</strong> {t('detail.mismatchText', { mismatch: d.orderMismatch })}
        </p>
      ) : null}
      <p>
        {stateWords(d.state, d.price)}
        {d.order ? t('detail.orderState', { state: label('shipping_order', d.order.statusName) }) : ''}
        <Separator />
        <AuditLink aggregateId={d.id} reference={d.reference} />
      </p>
      <BookingFacts request={d} order={d.order} label={t('detail.facts')} forStaff />
      <BookingTracking
        progress={d.progress}
        containers={d.containerMilestones ?? []}
        confirmed={state?.confirmed === true}
        ended={state?.screen === 'closed'}
      />
      <StaffBookingSailing id={d.id} ended={state?.screen === 'closed'} settled={sailingSettled(name)} />
      {d.order ? (
        <div>
          <h3>{t('detail.order', { state: label('shipping_order', d.order.statusName) })}</h3>
          <AuditLink aggregateId={d.order.id} reference={d.reference} />
          <OrderFacts order={d.order} />
          <RevisionRequests asked={d.order.revisionRequests} />
          {d.order.declineMessage && isNamed('shipping_order', d.order.statusName, 'declined') ? (
            <section aria-labelledby="order-decline-message">
              <h4 id="order-decline-message">{t('detail.declineMessage')}</h4>
              <p dir="auto">{d.order.declineMessage}</p>
            </section>
          ) : null}
        </div>
      ) : null}
      <div className={styles.buttons}>
        {staffCan('quote') ? <Button onClick={() => setAction('quote')}>{t('detail.quote')}</Button> : null}
        {offered.filter(([, step]) => step.variant !== 'danger').map(button)}
        {d.order && can('shipping_order', orderName, 'request_revision', 'staff') ? (
          <Button variant="outline" onClick={() => setAction('order_revision')}>
            {titleOf('order_revision')}
          </Button>
        ) : null}
        {d.order && can('shipping_order', orderName, 'accept', 'staff') ? (
          <Button onClick={() => setAction('order_accept')}>{titleOf('order_accept')}</Button>
        ) : null}
        {d.order && can('shipping_order', orderName, 'issue', 'staff') ? (
          <Button onClick={() => setAction('order_issue')}>{titleOf('order_issue')}</Button>
        ) : null}
        {d.order &&
        can('shipping_order', orderName, 'decline', 'staff', {
          has_message: true,
          cargo_not_sailed: sailedAt === null,
        }) ? (
          <Button variant="danger" onClick={() => setAction('order_decline')}>
            {titleOf('order_decline')}
          </Button>
        ) : null}
        {offered.filter(([, step]) => step.variant === 'danger').map(button)}
      </div>
      {action === 'quote' ? <QuoteDialog detail={d} onClose={() => setAction(null)} /> : null}
      {action && action !== 'quote' ? (
        <ActionDialog
          action={action}
          detail={d}
          texts={actionDraft.value}
          setTexts={actionDraft.setValue}
          kept={actionDraft.kept}
          onClose={() => setAction(null)}
        />
      ) : null}
    </section>
  );
}

/** Staff's latest revision request of the order, each field by its label (contract/field-labels.json) with
 * the message: shown while the order is in revision and while the customer's answer waits for staff, so they
 * check the answer against what they asked. */
function RevisionRequests({ asked = {} }: { asked?: Record<string, string> }) {
  const { t } = useTranslation('operations');
  const entries = Object.entries(asked);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="order-revision-requests">
      <h4 id="order-revision-requests">{t('detail.revisionRequests')}</h4>
      <dl data-testid="revision-requests" className={styles.revisionRequests}>
        {entries.map(([key, message]) => (
          <div key={key}>
            <dt>{fieldLabel(key)}</dt>
            <dd>
              {/* What staff typed, in whatever language: data isolated in the sentence, as every typed value. */}
              <bdi>{message}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A booking's state as staff read it: its badge, and whether its price is still awaited or quoted (the two
 * share state code 0). */
function stateWords(code: number, price: number | null | undefined): string {
  const said = (key: 'awaitingQuote' | 'quotedAt') =>
    i18next.t(`console.${key}`, { ns: 'operations', price: formatMoney(price) });
  const which = isState('rate_request', code, 'requested', price)
    ? said('awaitingQuote')
    : isState('rate_request', code, 'quoted', price)
      ? said('quotedAt')
      : '';
  return label('rate_request', code, price) + which;
}

/** What each state code means, for the state filter: a code's words say every state it holds (code 0 is both
 * awaiting a price and quoted), not its number. */
const STATE_FILTER_CODES = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]);
const stateFilterWords = (code: number) =>
  STATE_FILTER_CODES.has(code)
    ? i18next.t(`stateFilter.${code}` as 'stateFilter.0', { ns: 'operations' })
    : label('rate_request', code);

export function OperationsRoute() {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  // The filter, the search and the page are the address's (`?state=`, `?q=`, `?page=`): a reload, a shared
  // link or Back from another screen shows the same rows.
  const [state, setState] = useUrlParam('state');
  const [page, setPage] = useUrlPage();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useUrlParam('q');
  // The address follows each keystroke; the server is asked once the typing pauses (decision 3909).
  const searched = useDebounced(search, SEARCH_WAIT_MS).trim();
  // A state the lifecycle does not know (an old or mistyped link) filters nothing.
  const stateCode = /^[0-9]+$/.test(state) && stateCodes('rate_request').includes(Number(state)) ? Number(state) : null;
  // ?open=<id> opens a request (the work queue and staff notifications link here).
  const selected = params.get('open');
  const setSelected = (id: string) => setParams((p) => ({ ...Object.fromEntries(p), open: id }), { replace: true });
  const query = useQuery({
    queryKey: ['operations', 'list', stateCode, page, searched],
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Answer<'booking_admin_list_rate_requests'>>(`${ADMIN}/rate-requests`, {
        query: {
          state: stateCode ?? undefined,
          limit: LIMIT,
          offset: page,
          search: searched || undefined,
        },
        signal,
      }),
  });
  const rows = query.data?.list.list ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.list.totalCount ?? 0) / LIMIT));
  useKeepPageWithin('page', query.isSuccess && !query.isPlaceholderData ? pages : undefined);
  const filtered = stateCode !== null || searched !== '';
  // Refresh and Open ask the server again for the list and the open request alike.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operations'] });
  const [reveal, setReveal] = useState(0);
  const open = (id: string) => {
    if (id === selected) void queryClient.invalidateQueries({ queryKey: ['operations', 'detail', id] });
    setSelected(id);
    setReveal((n) => n + 1);
  };
  return (
    <ContentLayout title={t('console.title')} description={t('console.description')}>
      <OpenChangesQueue onOpen={open} />
      <div className={styles.toolbar}>
        <label htmlFor="ops-state">{fieldLabel('state')}</label>
        <select
          id="ops-state"
          className={styles.select}
          value={stateCode === null ? '' : String(stateCode)}
          onChange={(e) => setState(e.target.value, { resets: ['page'] })}
        >
          <option value="">{t('console.all')}</option>
          {stateCodes('rate_request').map((code) => (
            <option key={code} value={code}>
              {stateFilterWords(code)}
            </option>
          ))}
        </select>
        <label htmlFor="ops-search">{t('console.search')}</label>
        <input
          id="ops-search"
          type="search"
          dir="auto"
          className={styles.search}
          placeholder={t('console.searchPlaceholder', { reference: fieldLabel('reference') })}
          value={search}
          onChange={(e) => setSearch(e.target.value, { resets: ['page'] })}
        />
        <Button variant="outline" onClick={refresh}>
          {t('console.refresh')}
        </Button>
      </div>
      <table className="stack-table">
        <caption className="visually-hidden">{t('console.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('console.customer')}</th>
            <th scope="col">{t('console.cargo')}</th>
            <th scope="col">{t('console.route')}</th>
            <th scope="col">{fieldLabel('preferredShippingDate')}</th>
            <th scope="col">{fieldLabel('state')}</th>
            <th scope="col">{t('console.order')}</th>
            <th scope="col">{t('console.nextMove')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('console.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="ops-row" aria-current={r.id === selected || undefined}>
              <td data-label={t('console.customer')}>
                <bdi>{personWords(r.customerName)}</bdi>
              </td>
              <td data-label={t('console.cargo')}>
                <bdi>{cargoWords(r)}</bdi>
                {r.reference ? (
                  <Link
                    className={styles.reference}
                    to={`/dashboard/operations?open=${encodeURIComponent(r.id)}`}
                    onClick={() => setReveal((n) => n + 1)}
                  >
                    <Reference value={r.reference} />
                  </Link>
                ) : null}
                <AttentionBadge needsAttention={r.needsAttention} />
              </td>
              <td data-label={t('console.route')}>
                <Route from={r.polTitle} to={r.podTitle} />
              </td>
              <td data-label={fieldLabel('preferredShippingDate')}>{formatDate(r.preferredShippingDate)}</td>
              <td data-label={fieldLabel('state')}>
                {stateWords(r.state, r.price)}
                <WhereItIs progress={r.progress} />
              </td>
              <td data-label={t('console.order')}>
                {r.orderStateName === null ? '-' : label('shipping_order', r.orderStateName)}
              </td>
              <td data-label={t('console.nextMove')}>
                {/* Nobody's move (an ended booking): a dash, as an empty order cell says. */}
                {r.waitingFor ? <WhoseMove waitingFor={r.waitingFor} viewer="staff" /> : '-'}
              </td>
              <td>
                <Button
                  variant="outline"
                  aria-label={t('console.openLabel', { cargo: cargoWords(r), customer: personWords(r.customerName) })}
                  onClick={() => open(r.id)}
                >
                  {t('console.open')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {query.isSuccess && !query.isPlaceholderData && rows.length === 0 ? (
        <p role="status">{filtered ? t('console.noMatch') : t('console.empty')}</p>
      ) : null}
      <div className={styles.toolbar}>
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('console.previous')}
        </Button>
        <span>{localDigits(t('console.page', { page, pages }))}</span>
        <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t('console.next')}
        </Button>
      </div>
      {selected ? <DetailPanel key={selected} id={selected} reveal={reveal} /> : null}
      {selected ? <ChangeReview key={`changes-${selected}`} rateRequestId={selected} /> : null}
      <PublishedSchedules />
    </ContentLayout>
  );
}

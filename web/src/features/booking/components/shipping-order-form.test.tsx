import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import type { Party, RateRequestDetail, ShippingOrder } from '../api/booking-api';
import { ShippingOrderForm } from './shipping-order-form';

// The order form is drawn from the one description of the order's fields (src/lib/order-fields.ts): these
// tests read the screen a customer sees and the body the server receives, not the description itself.

const party = (name: string, partyType: number) => ({
  name,
  address: `${name} street 1, Tehran`,
  phoneNumber: '+98 912 000 0000',
  fax: null,
  partyType,
  isForSwbl: false,
});

// The order under revision: three parties and one container, the rest as the shared fixture has it.
const [MSCU1234565] = shippingOrder().containers;
// A line as the body sends it; the kind it was read with travels too (decision 3871).
const LINE_SENT = { containerId: 7, seal: 'S1', count: 10, type: 1, grossWeight: 1987, netWeight: 1800 };
const order = shippingOrder({
  status: 3,
  statusName: 'revision',
  statusLabel: 'Revision',
  parties: [party('Pars Nuts', 0), party('Hamburg Imports', 1), party('Hamburg Imports', 2)],
  containers: [MSCU1234565],
});

function request(kind: { isDanger: boolean; isReefer: boolean }, withOrder: ShippingOrder | null): RateRequestDetail {
  return rateRequestDetail({
    quantity: 1,
    orderState: withOrder ? 3 : null,
    pol: { id: 1, name: 'Bandar Abbas (IRBND)', value: 1 },
    polTitle: 'Bandar Abbas (IRBND)',
    containerType: kind.isReefer ? { id: 2, name: 'Reefer', value: 2 } : { id: 1, name: 'Dry', value: 1 },
    cargoDetails: '1 x 40ft',
    price: 1250,
    isDanger: kind.isDanger,
    msds: kind.isDanger ? 'file-1' : null,
    reference: 'FB-2026-000001',
    waitingFor: 'customer',
    charges: [],
    totalPrice: null,
    quotedBy: 'staff',
    tariffVersion: null,
    tariffRow: null,
    order: withOrder,
  });
}

/** The names of the form's inputs in the order the page shows them (freight: its radio group's label). */
function inputsShown(): string[] {
  const form = screen.getByRole('form', { name: 'Shipping order' });
  return [...form.querySelectorAll('input')].map((input) =>
    input.type === 'radio'
      ? `Freight: ${input.parentElement?.textContent ?? ''}`
      : (input.labels?.[0]?.textContent ?? '?'),
  );
}

// The inputs of each fieldset, in the order the page shows them (a field added later may sit among them).
const CARGO = ['Sea waybill', 'Freight: Collect', 'Freight: Prepaid', 'Cargo description'];
const HAZARD = ['IMO class', 'UN number'];
const REEFER = ['Temperature (°C)', 'Humidity (%)', 'Ventilation'];

afterEach(() => vi.unstubAllGlobals());

describe('the shipping order form, drawn from the order fields', () => {
  it('shows a dry box its cargo only, a dangerous reefer its hazard and reefer fields too, labelled with units', () => {
    const dry = renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: false, isReefer: false }, null)} onDone={() => {}} />,
    );
    expect(inputsShown().filter((label) => CARGO.includes(label))).toEqual(CARGO);
    for (const label of [...HAZARD, ...REEFER]) expect(inputsShown()).not.toContain(label);
    expect(screen.getByRole('group', { name: 'Cargo' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Hazardous Cargo' })).toBeNull();
    dry.unmount();

    renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: true, isReefer: true }, null)} onDone={() => {}} />,
    );
    const all = [...CARGO, ...HAZARD, ...REEFER];
    expect(inputsShown().filter((label) => all.includes(label))).toEqual(all);
    // The ids the revision summary links to and the browser tests fill.
    for (const id of [
      'order-isSWBL',
      'order-freight-collect',
      'order-cargoDescription',
      'order-imcoClass',
      'order-unNumber',
      'order-temprature',
      'order-humidity',
      'order-hasVentilation',
    ])
      expect(document.getElementById(id), id).not.toBeNull();
    expect(screen.getByLabelText(/UN number/).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText(/Cargo description/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Collect' })).toHaveProperty('checked', true);
  });

  it('says what is missing or wrong under each field, as the server words it, and sends nothing', async () => {
    const fetch = vi.fn(async () => envelope(order));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: true, isReefer: true }, null)} onDone={() => {}} />,
    );
    await user.type(screen.getByLabelText(/UN number/), '12a4');
    await user.type(screen.getByLabelText(/Humidity/), '120');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Cargo description is required');
    expect(screen.getByText('UN number must be 4 digits')).toBeTruthy();
    expect(screen.getByText('Humidity must be a percentage between 0 and 100')).toBeTruthy();
    expect(screen.getAllByText('This Field is required')).toHaveLength(2); // the IMO class and the temperature
    expect(screen.getByLabelText(/Cargo description/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("starts from the order's values and sends each field as the wire takes it", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => envelope(order));
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: false, isReefer: true }, order)} edit onDone={done} />,
    );
    const cargo = screen.getByLabelText(/Cargo description/);
    expect(cargo).toHaveProperty('value', 'Roasted pistachios in boxes');
    expect(screen.getByLabelText(/Temperature/)).toHaveProperty('value', '-18');
    expect(screen.getByRole('radio', { name: 'Prepaid' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Ventilation')).toHaveProperty('checked', true);
    await user.clear(cargo);
    await user.type(cargo, '  Pistachios, 100 boxes  ');
    fireEvent.click(screen.getByRole('radio', { name: 'Collect' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('edited'));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toContain('/shipping-orders/so-1/edit');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      isSWBL: false,
      freightType: 1,
      cargoDescription: 'Pistachios, 100 boxes',
      imcoClass: null,
      unNumber: null,
      temprature: -18,
      humidity: 60,
      hasVentilation: true,
    });
    expect(body.parties).toHaveLength(3);
    expect(body.containers).toEqual([{ ...LINE_SENT, packageCode: 'BX', packageDescription: null }]);
  });

  it('fills a declined order again from the order as last sent: corrected, not retyped, and checked as before', async () => {
    const declined = shippingOrder({
      ...order,
      status: 6,
      statusName: 'declined',
      statusLabel: 'Declined',
      isSWBL: true,
      parties: [
        ...order.parties,
        { ...party('Pars Nuts', 0), isForSwbl: true },
        { ...party('Hamburg Imports', 1), isForSwbl: true },
        { ...party('Hamburg Imports', 2), isForSwbl: true },
      ],
      declineMessage: 'The consignee may not receive this cargo',
    });
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => envelope({ ...declined, status: 0 }));
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: false, isReefer: true }, declined)} again onDone={done} />,
    );
    // Every field as the order was last sent, the parties and the containers already given (ticked).
    const cargo = screen.getByLabelText(/Cargo description/);
    expect(cargo).toHaveProperty('value', 'Roasted pistachios in boxes');
    expect(screen.getByLabelText('Sea waybill')).toHaveProperty('checked', true);
    expect(screen.getByLabelText(/Temperature/)).toHaveProperty('value', '-18');
    expect(screen.getByLabelText(/Humidity/)).toHaveProperty('value', '60');
    expect(screen.getByRole('radio', { name: 'Prepaid' })).toHaveProperty('checked', true);
    for (const name of ['Add Shipper', 'Add Consignee', 'Add Containers'])
      expect(
        within(screen.getByRole('button', { name: `${name} (done)` })).queryByTestId('button-done'),
      ).not.toBeNull();
    // The form's rules are as they were: a cleared required field is refused and nothing is sent.
    await user.clear(cargo);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Cargo description is required');
    expect(fetch).not.toHaveBeenCalled();
    // She corrects what staff declined and sends it again: the rest goes as it was.
    await user.type(cargo, 'Pistachios, 100 boxes, for the new consignee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith('resubmitted'));
    const [url, init] = fetch.mock.calls[0];
    expect(url).toContain('/shipping-orders/so-1/resubmit');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      isSWBL: true,
      frightType: 2,
      cargoDescription: 'Pistachios, 100 boxes, for the new consignee',
      temprature: -18,
      humidity: 60,
      hasVentilation: true,
    });
    // The same six parties (the three again for the sea waybill), whatever order the form writes them in.
    const sorted = (parties: Party[]) =>
      [...parties].sort((a, b) => Number(a.isForSwbl) - Number(b.isForSwbl) || (a.partyType ?? 0) - (b.partyType ?? 0));
    expect(sorted(body.parties as Party[])).toEqual(sorted(declined.parties));
    expect(body.containers).toEqual([{ ...LINE_SENT, packageCode: 'BX', packageDescription: null }]);
  });

  it('asks before what was typed is left, as the new booking does, and lets an untouched form go', async () => {
    const user = userEvent.setup();
    const here = '/dashboard/bookings/rate-request/detail/rr-1';
    const untouched = renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: false, isReefer: false }, null)} onDone={() => {}} />,
      { route: here },
    );
    await untouched.router.navigate('/dashboard/overview');
    expect(untouched.router.state.location.pathname).toBe('/dashboard/overview');
    expect(screen.queryByRole('dialog')).toBeNull();
    untouched.unmount();

    const typed = renderWithProviders(
      <ShippingOrderForm detail={request({ isDanger: false, isReefer: false }, null)} onDone={() => {}} />,
      { route: here },
    );
    await user.type(screen.getByLabelText(/Cargo description/), 'Saffron in tins');
    await typed.router.navigate('/dashboard/overview');
    const leave = await screen.findByRole('dialog', { name: 'Leave this shipping order?' });
    expect(typed.router.state.location.pathname).toBe(here);
    await user.click(within(leave).getByRole('button', { name: 'Stay and finish' }));
    expect(typed.router.state.location.pathname).toBe(here);
    expect(screen.getByLabelText(/Cargo description/)).toHaveProperty('value', 'Saffron in tins');
  });
});

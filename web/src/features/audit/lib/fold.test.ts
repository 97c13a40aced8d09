import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import enAudit from '@/i18n/locales/en/audit.json';
import faAudit from '@/i18n/locales/fa/audit.json';
import catalogue from '../../../../../contract/field-labels.json';
import { setLanguage } from '@/i18n';
import { formatMoment } from '@/lib/format';
import type { AuditEvent } from '../api/audit-api';
import { fieldLabel, foldTimeline, formatValue, isSecretField, labelOf, orderEntries, sameValue } from './fold';

const ID = 'rr-1';

function event(
  version: number,
  type: string,
  changes: Record<string, unknown>,
  extra: Partial<AuditEvent> = {},
): AuditEvent {
  return {
    position: version * 10,
    aggregateId: ID,
    aggregateKind: 'rate_request',
    version,
    type,
    recordedAt: `2026-11-21T10:0${version}:00.000000Z`,
    actor: { id: 'c-1', role: 'customer' },
    actorName: 'c-1',
    reason: null,
    changes,
    ...extra,
  };
}

const created = event(1, 'Created', { details: { quantity: 2 }, state: 'requested', customer_id: 'c-1' });
const quoted = event(
  2,
  'Quoted',
  { price: '1250.00', valid_until: '2026-12-01T00:00:00+00:00', state: 'quoted', customer_id: 'c-1' },
  { actor: { id: 'a-1', role: 'admin' } },
);
const revision = event(
  3,
  'RevisionRequested',
  { message: 'Wrong port', state: 'revision_requested', customer_id: 'c-1' },
  { actor: { id: 'a-1', role: 'admin' }, reason: 'Wrong port' },
);
const edited = event(4, 'Edited', { details: { quantity: 3 }, state: 'requested' });

describe('foldTimeline', () => {
  it('gives the first event its initial values and no before', () => {
    const [first] = foldTimeline([created]);
    expect(first.initial).toBe(true);
    expect(first.changes.map((c) => c.field)).toEqual(['customer_id', 'details', 'state']);
    for (const change of first.changes) {
      expect(change.hadBefore).toBe(false);
      expect(change.before).toBeUndefined();
      expect(change.unchanged).toBe(false);
    }
    expect(first.changes.find((c) => c.field === 'state')?.after).toBe('requested');
  });

  it("takes each field's before from the latest earlier event that set it", () => {
    const entries = foldTimeline([created, quoted, revision, edited]);
    expect(entries.map((e) => e.initial)).toEqual([true, false, false, false]);

    const quote = entries[1].changes;
    expect(quote.find((c) => c.field === 'state')).toMatchObject({
      before: 'requested',
      after: 'quoted',
      hadBefore: true,
    });
    expect(quote.find((c) => c.field === 'price')).toMatchObject({
      before: undefined,
      after: '1250.00',
      hadBefore: false,
    });

    const rev = entries[2].changes;
    expect(rev.find((c) => c.field === 'state')).toMatchObject({ before: 'quoted', after: 'revision_requested' });

    const edit = entries[3].changes;
    expect(edit.find((c) => c.field === 'details')).toMatchObject({
      before: { quantity: 2 },
      after: { quantity: 3 },
      unchanged: false,
    });
    expect(edit.find((c) => c.field === 'state')?.before).toBe('revision_requested');
    // The fold so far: price stays what the Quoted event said (the log carries no unset).
    expect(entries[3].values).toMatchObject({ price: '1250.00', state: 'requested', message: 'Wrong port' });
  });

  it('marks a field an event repeats as unchanged (deep equality)', () => {
    const entries = foldTimeline([created, quoted]);
    expect(entries[1].changes.find((c) => c.field === 'customer_id')).toMatchObject({
      before: 'c-1',
      after: 'c-1',
      unchanged: true,
    });
  });

  it('folds by version whatever the input order, and skips other aggregates when asked', () => {
    const other = { ...event(1, 'Opened', { username: 'x' }), aggregateId: 'acc-9', position: 5 };
    const entries = foldTimeline([edited, other, quoted, created, revision], ID);
    expect(entries.map((e) => e.event.type)).toEqual(['Created', 'Quoted', 'RevisionRequested', 'Edited']);
    expect(entries[0].initial).toBe(true);
  });

  it('keeps null as a real before value', () => {
    const a = event(1, 'Opened', { password_hash: null });
    const b = event(2, 'PasswordSet', { password_hash: '$argon2id$x' });
    const [, set] = foldTimeline([a, b]);
    expect(set.changes[0]).toMatchObject({ field: 'password_hash', before: null, hadBefore: true, unchanged: false });
  });

  it('returns nothing for no events', () => {
    expect(foldTimeline([])).toEqual([]);
  });
});

describe('orderEntries', () => {
  it('shows newest first without changing the fold', () => {
    const entries = foldTimeline([created, quoted, revision]);
    const newest = orderEntries(entries, 'newest');
    expect(newest.map((e) => e.event.version)).toEqual([3, 2, 1]);
    expect(newest[2].initial).toBe(true);
    expect(orderEntries(entries, 'oldest').map((e) => e.event.version)).toEqual([1, 2, 3]);
    expect(entries.map((e) => e.event.version)).toEqual([1, 2, 3]);
  });
});

describe('value helpers', () => {
  it('compares JSON values structurally', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
  });

  it('formats values for one line and hides secrets', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue({})).toBe('—');
    expect(formatValue([])).toBe('—');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(['admin'])).toBe('admin');
    // A state by its machine's label; an internal id is never printed, nor a code beside its name.
    expect(formatValue('loi_pending', 'state', 'rate_request')).toBe('Booking Request');
    expect(formatValue('5d90a8d1-cd6a-52da-af49-cd1e3d0b5ef9', 'customer_id')).toBe('internal reference');
    expect(
      formatValue([{ code: 'ocean_freight', name: 'Ocean freight', file_id: '5d90a8d1-cd6a-52da-af49-cd1e3d0b5ef9' }]),
    ).toBe('Name: Ocean freight');
    // Lists and objects in words, never JSON: each field by its label, empty ones left out.
    expect(formatValue([{ document_type_id: 1, file_name: 'loi.pdf', note: null }, { is_swbl: true }])).toBe(
      'Document type: 1, File name: loi.pdf; Sea waybill: Yes',
    );
    // With the server's words, ids and codes are said by name and fields by their labels, at any depth.
    const names = {
      values: { pol_id: { '214': 'Hamburg (DEHAM)' }, document_type_id: { '1': 'Booking Letter' } },
      labels: { pol_id: 'Port of loading', document_type_id: 'Document type', file_name: 'File' },
    };
    expect(formatValue(214, 'pol_id', undefined, names)).toBe('Hamburg (DEHAM)');
    expect(formatValue(215, 'pol_id', undefined, names)).toBe('215');
    expect(formatValue([{ document_type_id: 1, file_name: 'loi.pdf' }], 'documents', undefined, names)).toBe(
      'Document type: Booking Letter, File: loi.pdf',
    );
    expect(formatValue('$argon2id$v=19$abc', 'password_hash')).toBe('set (hidden)');
    expect(formatValue(null, 'password_hash')).toBe('—');
    expect(isSecretField('reset_token_hash')).toBe(true);
    expect(isSecretField('reset_token_issued_at')).toBe(false);
    expect(isSecretField('scheme')).toBe(false);
  });

  it('turns field names into labels', () => {
    expect(fieldLabel('password_hash')).toBe('Password hash');
    expect(fieldLabel('lastSeenAt')).toBe('Last seen at');
    expect(fieldLabel('state')).toBe('State');
  });

  describe("a field the contract's catalogue names", () => {
    afterEach(async () => {
      await act(() => setLanguage('en'));
    });

    it("reads its record's words, as the server's trail and timeline say them (contract/field-labels.json)", async () => {
      // A booking's fields by the booking's labels, a person's by the profile's (api/presenters/audit_trail.py).
      expect(fieldLabel('quantity', 'rate_request')).toBe('Number of containers');
      expect(fieldLabel('valid_until', 'rate_request')).toBe('Quote valid until');
      expect(fieldLabel('email', 'rate_request')).toBe('E-mailed to');
      expect(fieldLabel('national_id', 'account')).toBe('National ID');
      expect(fieldLabel('first_name', 'registration')).toBe('First name');
      // An account's `name` is a company's only on a company's own login, which the server tells apart (its
      // `fieldLabels`); on its own the screen says the neutral word. A sign-up's is a company's.
      expect(fieldLabel('name', 'account')).toBe(catalogue.person.name.en);
      expect(labelOf('name', { labels: { name: catalogue.profile.name.en } }, 'account')).toBe('Company name');
      expect(fieldLabel('name', 'registration')).toBe('Company name');
      // Any other record: the audit's own word where the contract means something else by it, else the
      // contract's, a person's field before a booking's.
      expect(fieldLabel('name', 'team')).toBe('Name');
      expect(fieldLabel('email', 'team')).toBe('Email');
      expect(fieldLabel('service_code', 'service_schedule')).toBe('Service code');
      expect(fieldLabel('sealed_secret', 'webhook_subscription')).toBe('Secret (sealed)');
      await act(() => setLanguage('fa'));
      expect(fieldLabel('quantity', 'rate_request')).toBe('تعداد کانتینر');
      expect(fieldLabel('name', 'account')).toBe(catalogue.person.name.fa);
      expect(fieldLabel('vessel_name', 'service_schedule')).toBe('کشتی');
      expect(fieldLabel('email', 'team')).toBe('ایمیل');
    });

    it('is not written again in the audit catalogue', () => {
      // A word the audit screens keep is one the contract lacks, or one it says otherwise (a team's `name`).
      const contractLabels: Record<'booking' | 'profile', Record<string, Record<string, string>>> = catalogue;
      for (const [language, fields] of [
        ['en', enAudit.fields],
        ['fa', faAudit.fields],
      ] as const) {
        const repeated = Object.entries(fields).filter(([field, words]) =>
          (['profile', 'booking'] as const).some((area) => contractLabels[area][field]?.[language] === words),
        );
        expect(repeated, language).toEqual([]);
      }
    });
  });
});

describe('moments inside a record', () => {
  it('writes a sailing departure as the screens do, never as ISO text', () => {
    const said = formatValue({ load_port: 'CNSHA', departure: '2026-12-19T12:00:00Z', day: '2026-12-10' }, 'sailing');
    expect(said).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(said).toContain(formatMoment('2026-12-19T12:00:00Z'));
    expect(said).toContain('2026/12/10');
  });
});

describe('roles in values', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it("names an account's roles and a team member's role, in the language shown", async () => {
    expect(formatValue(['admin', 'auditor'], 'roles', 'account')).toBe('Admin; Auditor');
    expect(formatValue('booker', 'role', 'team')).toBe('Booker');
    expect(
      formatValue([{ code: 'ocean_freight', name: 'Ocean freight', amount: 3700, per: 'container' }], 'charges'),
    ).toBe('Ocean freight $3,700.00 per container');
    await setLanguage('fa');
    expect(formatValue(['auditor'], 'roles', 'account')).toBe('حسابرس');
    expect(formatValue('booker', 'role', 'team')).toBe('رزروکننده');
    // A password link's purpose in the words the system's reasons give it, not its code.
    expect(formatValue('create', 'purpose', 'account')).toBe('ساختن');
    const charges = [
      { code: 'ocean_freight', name: 'Ocean freight', amount: 3700, per: 'container' },
      { code: 'documentation_fee', name: 'Documentation fee', amount: '45', per: 'booking' },
    ];
    expect(formatValue(charges, 'charges', 'rate_request')).not.toMatch(/[A-Za-z]/);
    expect(formatValue(charges, 'charges', 'rate_request')).toContain('۳٬۷۰۰');
    expect(formatValue({ code: 'DCO', at: '2026-12-18T12:00:00Z' }, 'cut_offs')).not.toMatch(/DCO|Code/);
    // A number in Persian digits and the parts of a record apart as Persian writes them; typed text as typed.
    const details = formatValue({ quantity: 2, commodity: 'Tea', national_id: '0012345678' }, 'details');
    expect(details).toContain('۲');
    expect(details).toContain('، ');
    expect(details).toContain('0012345678');
    // Another kind's `role` is not a team role.
    expect(formatValue('booker', 'role', 'account')).toBe('booker');
  });
});

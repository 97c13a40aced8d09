import { describe, expect, it } from 'vitest';
import fieldLabels from '../../../contract/field-labels.json';
import { snake } from '@/lib/field-words';

/**
 * A field (a phone, a fax, a name; a booking's reference, commodity, shipping date, ports) is worded once, in
 * contract/field-labels.json (`profile`, `person`, `booking`), which the server and the web both read
 * (web/src/lib/field-words.ts). A web catalogue that writes the same field's words again under a key of its own
 * drifts from it: `فکس` stood beside `نمابر`, `طرفین` beside `طرف‌ها`, "UN No" beside "UN number".
 * This fails on a catalogue value that is the contract's label, in the same language, of the field its key
 * names. A label that says more ("Fax (optional)") or something else is the screen's own and stays.
 */
type Tree = { readonly [key: string]: string | Tree | readonly unknown[] };
type Labels = Record<string, Record<string, string>>;

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const AREAS: Record<string, Labels> = {
  profile: fieldLabels.profile,
  person: fieldLabels.person,
  booking: fieldLabels.booking,
};
const ALIASES: Record<string, string> = fieldLabels.aliases;

/** Keys the screens spell otherwise for a field the contract names. */
const SYNONYMS: Record<string, string> = {
  phone_number: 'phone',
  company_id: 'national_code',
  e_mail: 'email',
  shipping_date: 'preferred_shipping_date',
  price_per_container: 'price',
  quote_valid_until: 'valid_until',
  dangerous_goods: 'is_danger',
  dangerous: 'is_danger',
  comment: 'additional_comment',
  pol: 'pol_id',
  port_of_loading: 'pol_id',
  pod: 'pod_id',
  port_of_discharge: 'pod_id',
  vessel: 'vessel_name',
  container: 'equipment_reference',
  service: 'service_name',
  container_type: 'container_type_id',
  container_size: 'container_size_id',
  container_number: 'equipment_reference',
  milestone: 'event_subtype',
};

/** Same words, another thing, or a place that may not read the contract: `namespace:path` -> why. */
const OWN_WORDS: Record<string, string> = {
  'accounts:loginForm.username':
    "the login page's entry carries only its own sections (scripts/login-size.mjs), not the contract",
  'booking:letter.name': "a signature line of the printed letter (who signs), not a record's field",
  'audit:fields.name': "a team's or a record's own name: the audit screens' word before the contract's",
  'audit:fields.company_name': "a colleague's company as the trail names it, read before the contract",
  'audit:statePanel.state': "the state of any record the audit screens show (a profile's too), not a booking's",
  'admin:registrations.state': "a registration request's state, not a booking's",
  'common:menu.Documents': "the menu entry of the documents page, not a booking's documents",
  'tracking:recordMilestone.estimated': "a milestone's classifier (EST), not whether a sailing is estimated",
  'tracking:exceptions.vessel': 'a vessel the carrier has not named, said inside a sentence',
  'accounts:fieldLabels.fax': 'says more: "(optional)"',
  'accounts:forgetPassword.username': 'says which of the identifiers a password reset takes',
  'admin:detail.state': "a registration request's or a profile change's state, not a booking's",
  'audit:fields.company_id': "a colleague's company as the trail names it, not its ID",
  'booking:report.container': "the report's column for a container's size and type together, not its number",
  'booking:report.cutOff': "the transport plan's short column beside its time",
  'common:language.name': "a language's own name",
  'operations:detail.tracking.containers': "a caption of each container's latest milestone, not the list",
  'operations:changes.message': 'says more: the message goes to the customer',
  'operations:quote.validUntil':
    "the staff's quote form, under rework by the valid-until change of decision 3900's time: to read the contract",
  'tracking:recordMilestone.reference': "says more: a booking's or its bill of lading's reference",
  'tracking:recordMilestone.classifier': 'its choices include "Estimated", which "Actual or planned" does not say',
};

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (Array.isArray(value)) return [];
    return leaves(value as Tree, `${prefix}${key}.`);
  });
}

/** The contract's field a catalogue key names, by its last part (`fieldLabels.phone` -> `phone`). */
function fieldOf(path: string): string {
  const name = snake(path.split('.').pop() ?? path);
  const aliased = ALIASES[name] ?? name;
  return SYNONYMS[aliased] ?? aliased;
}

/** Every catalogue value that repeats the contract's label for its key's field: `fa/booking:party.fax`. */
function repeatedLabels(catalogues: Record<string, Tree>): string[] {
  return Object.entries(catalogues).flatMap(([file, tree]) => {
    const [, language, namespace] = /\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) return [];
    return leaves(tree)
      .filter(([path]) => !(`${namespace}:${path}` in OWN_WORDS))
      .filter(([path, value]) => Object.values(AREAS).some((labels) => labels[fieldOf(path)]?.[language] === value))
      .map(([path, value]) => `${language}/${namespace}:${path} = ${value}`);
  });
}

/** A label (a field's name), not a sentence or a fragment of one: no placeholder, capitalised, no full stop,
 * short. Judged by the English, whose capitals say it; a key is the same in every language. */
function isLabel(english: string): boolean {
  return !/[{<]/.test(english) && /^[A-Z]/.test(english) && !/[.!?]$/.test(english) && english.split(/\s+/).length <= 6;
}

/** Every label a catalogue writes under a key that names a contract field, whatever its words: a copy that
 * already differs ("شمارهٔ مرجع" beside the contract's "شمارهٔ رزرو") has only its key to say what it is. */
function labelsOfContractFields(catalogues: Record<string, Tree>): string[] {
  return Object.entries(catalogues).flatMap(([file, tree]) => {
    const namespace = /\/en\/([\w-]+)\.json$/.exec(file)?.[1];
    if (!namespace) return [];
    return leaves(tree)
      .filter(([path]) => !(`${namespace}:${path}` in OWN_WORDS))
      .filter(([path, value]) => isLabel(value) && Object.values(AREAS).some((labels) => fieldOf(path) in labels))
      .map(([path, value]) => `${namespace}:${path} = ${value}`);
  });
}

describe("a person's and a booking's field labels are the contract's, written once (contract/field-labels.json)", () => {
  it('no web catalogue repeats one under a key of its own', () => {
    expect(repeatedLabels(files)).toEqual([]);
  });

  it("finds a repeated label, in either language, by its key's field", () => {
    const catalogues = {
      './locales/en/booking.json': { party: { fax: 'Fax', notifyFax: 'Notify Party Fax' } },
      './locales/fa/admin.json': { fields: { registerationCode: 'شمارهٔ ثبت', companyId: 'شناسهٔ ملی شرکت' } },
      './locales/fa/accounts.json': { teamPanel: { eMail: 'ایمیل' }, fieldLabels: { fax: 'نمابر (اختیاری)' } },
      './locales/en/common.json': { bookingFacts: { hsCode: 'HS code', shippingDate: 'Shipping date' } },
      './locales/fa/booking.json': {
        report: { pol: 'بندر بارگیری', container: 'کانتینر' },
        orderFields: { temprature: 'دما (°C)' },
      },
    };
    expect(repeatedLabels(catalogues)).toEqual([
      'en/booking:party.fax = Fax',
      'fa/admin:fields.registerationCode = شمارهٔ ثبت',
      'fa/admin:fields.companyId = شناسهٔ ملی شرکت',
      'fa/accounts:teamPanel.eMail = ایمیل',
      'en/common:bookingFacts.hsCode = HS code',
      'fa/booking:report.pol = بندر بارگیری',
      'fa/booking:orderFields.temprature = دما (°C)',
    ]);
  });

  it('no web catalogue words a contract field under its own key, even in words of its own', () => {
    expect(labelsOfContractFields(files)).toEqual([]);
  });

  it("finds a field's label by its key, whatever its words, and leaves sentences and fragments", () => {
    const catalogues = {
      './locales/en/booking.json': {
        containerFields: { containerNumber: 'Container No', containerNo: 'Container No', seal: 'Seal' },
        pricePanel: { pricePerContainer: 'Price per container:', validUntil: 'quote valid until {{date}}' },
      },
      './locales/fa/booking.json': { containerFields: { containerNumber: 'شمارهٔ کانتینر' } },
      './locales/en/tracking.json': {
        recordMilestone: { milestone: 'Event', problems: { container: 'A container number: 4 letters and 7 digits' } },
        unmatched: { container: ' · container' },
      },
      './locales/en/operations.json': { console: { shippingDate: 'Shipping date', customer: 'Customer' } },
    };
    expect(labelsOfContractFields(catalogues)).toEqual([
      'booking:containerFields.containerNumber = Container No',
      'booking:pricePanel.pricePerContainer = Price per container:',
      'tracking:recordMilestone.milestone = Event',
      'operations:console.shippingDate = Shipping date',
    ]);
  });

  it('leaves a screen its own words only where its catalogue still has them', () => {
    const english = Object.fromEntries(
      Object.entries(files)
        .filter(([file]) => file.includes('/en/'))
        .flatMap(([file, tree]) => leaves(tree).map(([path]) => [`${/([\w-]+)\.json$/.exec(file)?.[1]}:${path}`, 1])),
    );
    expect(Object.keys(OWN_WORDS).filter((key) => !(key in english))).toEqual([]);
  });
});

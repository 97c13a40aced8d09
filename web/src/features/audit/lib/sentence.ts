/**
 * An audit event in words: "Price accepted by Sara Karimi (customer)". The phrase comes from
 * the event's type, so a new event reads sensibly without a table here: a compound type is split into
 * words (PriceAccepted -> Price accepted), a single past participle takes its aggregate's name
 * (shipping_order + Accepted -> Shipping order accepted).
 */
import type { AuditEvent } from '../api/audit-api';
import { kindLabel, roleLabel, teamRoleLabel } from '../components/role-badge';
import { i18next } from '@/i18n';
import { personWords } from '@/lib/people';

export function eventPhrase(type: string, aggregateKind: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return kindLabel(aggregateKind);
  // Where a kind's own event is not the kind's doing (a team's `Invited` invites a member, not the team).
  const own = i18next.t(`kindEvents.${aggregateKind}.${type}` as 'kindEvents.team.Invited', {
    ns: 'audit',
    defaultValue: '',
  });
  if (own) return own;
  // The catalogue words a known type (Persian cannot split a type name into words); a new one reads as split.
  if (words.length === 1) {
    const participle = i18next.t(`participles.${type}` as 'participles.Accepted', { ns: 'audit', defaultValue: '' });
    return i18next.t('sentence.kindDid', { ns: 'audit', kind: kindLabel(aggregateKind), did: participle || words[0] });
  }
  const known = i18next.t(`events.${type}` as 'events.PriceAccepted', { ns: 'audit', defaultValue: '' });
  if (known) return known;
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A company's name typed in another script keeps its own direction inside the sentence's (first-strong isolate).
const FSI = '\u2068';
const PDI = '\u2069';

/** What of an event names who acted: the actor, the name, and a company's colleague's team role and company. */
export type EventActorFields = Pick<AuditEvent, 'actor' | 'actorName'> &
  Partial<Pick<AuditEvent, 'actorTeamRole' | 'actorCompany'>>;
type SentenceEvent = Pick<AuditEvent, 'type' | 'aggregateKind'> & EventActorFields;

/** Who acted: a name (a person's, or the words for the system) and, for a person, the role after it (a
 * company's colleague: his team role and the company, "(booker, Pars Export Co.)"), in the reader's words. */
function actorParts(event: EventActorFields): { name: string; role: string } {
  const role = event.actor.role;
  if (role === 'system' || event.actorName === 'System') return { name: roleLabel('system'), role: '' };
  const name = personWords(event.actorName || event.actor.id || i18next.t('sentence.someone', { ns: 'audit' }));
  if (event.actorTeamRole && event.actorCompany != null) {
    const member = i18next.t('sentence.member', {
      ns: 'audit',
      role: teamRoleLabel(event.actorTeamRole).toLowerCase(),
      company: `${FSI}${personWords(event.actorCompany)}${PDI}`,
    });
    return { name, role: ` (${member})` };
  }
  return { name, role: role ? ` (${roleLabel(role).toLowerCase()})` : '' };
}

/** The sentence's words and values: the catalogue's `<who>` tag marks the name, isolated where it is drawn. */
export function sentenceValues(event: SentenceEvent) {
  return { what: eventPhrase(event.type, event.aggregateKind), ...actorParts(event) };
}

/** The sentence as plain text (a caption, a label): "Price accepted by Sara Karimi (customer)". */
export function eventSentence(event: SentenceEvent): string {
  return i18next.t('sentence.by', { ns: 'audit', ...sentenceValues(event) }).replace(/<\/?who>/g, '');
}

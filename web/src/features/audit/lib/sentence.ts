/**
 * An audit event in words: "Price accepted by Sara Karimi (customer)". What happened is the trail's own words
 * for the event (contract/audit-words.json, read by the server too); an event the catalogue lacks reads as
 * its type split into words after its part, as the trail says it (SomethingNew -> Shipping order: something new).
 */
import type { AuditEvent } from '../api/audit-api';
import { kindLabel, roleLabel, teamRoleLabel } from '../components/role-badge';
import { memberAfterName, otherEvent, partWords, someoneWords, whatHappened } from './audit-words';
import { currentLanguage, i18next } from '@/i18n';
import { personWords } from '@/lib/people';

/** `changes`: what the event carried (an amendment's `number`, said in its words where it has a slot). */
export function eventPhrase(type: string, aggregateKind: string, changes?: Readonly<Record<string, unknown>>): string {
  const known = whatHappened(aggregateKind, type, currentLanguage(), changes?.number);
  if (known) return known;
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  const part = partWords(aggregateKind) ?? kindLabel(aggregateKind);
  return words ? otherEvent(part, words) : part;
}

// A company's name typed in another script keeps its own direction inside the sentence's (first-strong isolate).
const FSI = '\u2068';
const PDI = '\u2069';

/** What of an event names who acted: the actor, the name, and a company's colleague's team role and company. */
export type EventActorFields = Pick<AuditEvent, 'actor' | 'actorName'> &
  Partial<Pick<AuditEvent, 'actorTeamRole' | 'actorCompany'>>;
export type SentenceEvent = Pick<AuditEvent, 'type' | 'aggregateKind'> &
  Partial<Pick<AuditEvent, 'changes'>> &
  EventActorFields;

/** Who acted: a name (a person's, or the words for the system) and, for a person, the role after it (a
 * company's colleague: his team role and the company, "(booker, Pars Export Co.)"), in the reader's words. */
function actorParts(event: EventActorFields): { name: string; role: string } {
  const role = event.actor.role;
  if (role === 'system' || event.actorName === 'System') return { name: roleLabel('system'), role: '' };
  const name = personWords(event.actorName || event.actor.id || someoneWords().toLowerCase());
  if (event.actorTeamRole && event.actorCompany != null) {
    const member = memberAfterName(teamRoleLabel(event.actorTeamRole)).replace(
      '{company}',
      `${FSI}${personWords(event.actorCompany)}${PDI}`,
    );
    return { name, role: ` ${member}` };
  }
  return { name, role: role ? ` (${roleLabel(role).toLowerCase()})` : '' };
}

/** The sentence's words and values: the catalogue's `<who>` tag marks the name, isolated where it is drawn. */
export function sentenceValues(event: SentenceEvent) {
  return { what: eventPhrase(event.type, event.aggregateKind, event.changes), ...actorParts(event) };
}

/** The sentence as plain text (a caption, a label): "Price accepted by Sara Karimi (customer)". */
export function eventSentence(event: SentenceEvent): string {
  return i18next.t('sentence.by', { ns: 'audit', ...sentenceValues(event) }).replace(/<\/?who>/g, '');
}

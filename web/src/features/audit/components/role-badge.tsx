import { memberAfterName, roleWords, teamRoleWords } from '../lib/audit-words';
import styles from './audit.module.css';
import { formatMoment } from '@/lib/format';
import { i18next } from '@/i18n';
import { personWords } from '@/lib/people';

// The roles a badge has a tone for (audit.module.css); any other reads in the unknown one's.
const TONES = ['admin', 'auditor', 'staff', 'customer', 'system', 'visitor'] as const;
type Tone = (typeof TONES)[number];
const isTone = (role: string): role is Tone => (TONES as readonly string[]).includes(role);

/** Who acted, by role, in the trail's words (contract/audit-words.json): an admin acts as staff. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return i18next.t('unknownRole', { ns: 'audit' });
  return roleWords(role) ?? role.charAt(0).toUpperCase() + role.slice(1);
}

/** A colleague's role in his company's team (owner, booker, viewer) in the words of the language shown. */
export function teamRoleLabel(role: string): string {
  return teamRoleWords(role) ?? role;
}

/** The actor's role as a coloured badge (colour is never the only cue: the text names the role). */
function RoleBadge({ role }: { role: string | null | undefined }) {
  const tone = role && isTone(role) ? role : 'unknown';
  return (
    <span className={styles.badge} data-tone={tone}>
      {roleLabel(role)}
    </span>
  );
}

/** A company's colleague who acted: his role in its team and the company, e.g. (booker, Pars Export Co.). */
export interface ActorMember {
  teamRole?: string | null;
  company?: string | null;
}

/** Who acted: the role badge and the actor's name, or its id when the server gave no name; a company's
 * colleague's team role (in the reader's words) and company after it. */
export function ActorLabel({
  actor,
  name,
  member,
}: {
  actor: { id: string | null; role: string | null };
  name?: string;
  member?: ActorMember;
}) {
  const showId = actor.id && actor.id !== actor.role;
  const teamRole = member?.teamRole;
  const company = member?.company;
  return (
    <span className={styles.actor}>
      <RoleBadge role={actor.role} />
      {name && name !== 'System' ? (
        <bdi className={styles.actorName} title={actor.id ?? undefined}>
          {personWords(name)}
        </bdi>
      ) : showId ? (
        <code className={styles.actorId} title={actor.id ?? undefined}>
          {actor.id}
        </code>
      ) : null}
      {teamRole && company != null ? <MemberOf teamRole={teamRole} company={company} /> : null}
    </span>
  );
}

/** "(booker, Pars Export Co.)", the company isolated: a Latin name keeps its own direction in Persian. */
function MemberOf({ teamRole, company }: { teamRole: string; company: string }) {
  const [before, after] = memberAfterName(teamRoleLabel(teamRole)).split('{company}');
  return (
    <span className={styles.actorMember}>
      {before}
      <bdi>{personWords(company)}</bdi>
      {after}
    </span>
  );
}

/** A UTC instant in the reader's zone; the exact stored text is in the title and the datetime attribute. */
export function RecordedAt({ value }: { value: string }) {
  const date = new Date(value);
  const text = Number.isNaN(date.getTime()) ? value : formatMoment(value, true);
  return (
    <time dateTime={value} title={value} className={styles.time}>
      {text}
    </time>
  );
}

/** rate_request -> Rate request. */
export function kindLabel(kind: string): string {
  const named = kind ? i18next.t(`kinds.${kind}` as 'kinds.rate_request', { ns: 'audit', defaultValue: '' }) : '';
  if (named) return named;
  const words = kind.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : i18next.t('unknownRole', { ns: 'audit' });
}

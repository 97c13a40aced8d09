import { Trans, useTranslation } from 'react-i18next';
import styles from './audit.module.css';
import { formatMoment } from '@/lib/format';
import { i18next } from '@/i18n';
import { personWords } from '@/lib/people';

const ROLES = ['admin', 'auditor', 'staff', 'customer', 'system', 'visitor'] as const;
type Role = (typeof ROLES)[number];
const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

export function roleLabel(role: string | null | undefined): string {
  if (!role) return i18next.t('roles.unknown', { ns: 'audit' });
  return isRole(role) ? i18next.t(`roles.${role}`, { ns: 'audit' }) : role.charAt(0).toUpperCase() + role.slice(1);
}

/** A colleague's role in his company's team (owner, booker, viewer) in the words of the language shown. */
export function teamRoleLabel(role: string): string {
  return i18next.t(`teamRoles.${role}` as 'teamRoles.owner', { ns: 'audit', defaultValue: role });
}

/** The actor's role as a coloured badge (colour is never the only cue: the text names the role). */
function RoleBadge({ role }: { role: string | null | undefined }) {
  const tone = role && isRole(role) ? role : 'unknown';
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
  const { t } = useTranslation('audit');
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
      {teamRole && company != null ? (
        <span className={styles.actorMember}>
          <Trans
            t={t}
            i18nKey="actor.member"
            values={{ role: teamRoleLabel(teamRole).toLowerCase(), company: personWords(company) }}
            components={{ company: <bdi /> }}
          />
        </span>
      ) : null}
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
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : i18next.t('roles.unknown', { ns: 'audit' });
}

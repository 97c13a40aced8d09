import { Ltr } from '@/components/ui/ltr';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { fieldLabel, fieldWords } from '@/lib/field-words';
import { toast } from '@/components/ui/toast';
import { TEAM_ROLES, isTeamRole, useChangeRole, useInvite, useRemoveMember, useTeam } from '../api/team';
import type { TeamMember } from '../api/team';
import { SubmitRow } from './submit-row';
import styles from './accounts.module.css';
import team from './team.module.css';

const STATUS: Record<string, string> = { active: 'Active', invited: 'Invited', expired: 'Invitation expired' };

function RoleSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (role: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('accounts');
  return (
    <select
      id={id}
      className={team.select}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`teamPanel.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ member, manage }: { member: TeamMember; manage: boolean }) {
  const { t } = useTranslation('accounts');
  const change = useChangeRole();
  const remove = useRemoveMember();
  const selectId = `role-${member.id}`;
  const refused = (error: { description: string }) => toast.failure(error, error.description);
  return (
    <li className={team.member} aria-label={member.name}>
      <div className={team.who}>
        <strong>{member.name}</strong>
        <Ltr className={team.email}>{member.email}</Ltr>
        <span className={team.status}>
          {member.status in STATUS
            ? t(`teamPanel.statuses.${member.status as 'active' | 'invited' | 'expired'}`)
            : member.status}
        </span>
      </div>
      {manage ? (
        <div className={team.controls}>
          <label htmlFor={selectId} className="visually-hidden">
            {t('teamPanel.roleOf')} {member.name}
          </label>
          <RoleSelect
            id={selectId}
            value={member.role}
            disabled={change.isPending}
            onChange={(role) => change.mutate({ id: member.id, role }, { onError: refused })}
          />
          <Button
            type="button"
            variant="outline"
            loading={remove.isPending}
            onClick={() => remove.mutate(member.id, { onError: refused })}
          >
            {member.status === 'active' ? t('teamPanel.remove') : t('teamPanel.withdraw')}
          </Button>
        </div>
      ) : (
        <span>{isTeamRole(member.role) ? t(`teamPanel.roles.${member.role}`) : member.role}</span>
      )}
    </li>
  );
}

function InviteForm() {
  const { t } = useTranslation('accounts');
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('booker');
  const fields = invite.error?.fields ?? {};
  return (
    <form
      className={styles.form}
      aria-label={t('teamPanel.inviteAColleague')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate(
          { email, name, role },
          {
            onSuccess: (member) => {
              toast.success(t('teamPanel.invitationSent', { email: member.email }));
              setEmail('');
              setName('');
            },
          },
        );
      }}
    >
      <h3 className={styles.sectionTitle}>{t('teamPanel.inviteAColleague')}</h3>
      <TextInput
        label={fieldLabel('name', 'person')}
        value={name}
        error={fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextInput
        label={fieldWords('email')}
        type="email"
        value={email}
        error={fields.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <label className={team.field} htmlFor="invite-role">
        {t('teamPanel.role')}
        <RoleSelect id="invite-role" value={role} onChange={setRole} />
      </label>
      {invite.isError && Object.keys(fields).length === 0 ? (
        <p role="alert" className={styles.formError}>
          {invite.error.description}
        </p>
      ) : null}
      <SubmitRow pending={invite.isPending}>{t('teamPanel.sendInvitation')}</SubmitRow>
    </form>
  );
}

/** The profile's Team tab (company accounts): the members with their roles; an owner invites colleagues by
 * e-mail (a link good once, for 72 hours), changes roles and removes members. */
export function TeamPanel({ manage }: { manage: boolean }) {
  const { t } = useTranslation('accounts');
  const members = useTeam();
  return (
    <section aria-labelledby="team-title">
      <h2 id="team-title" className={styles.sectionTitle}>
        {members.data ? (
          // The company's name isolated in its own direction ("Pars Export Co." keeps its full stop at its end).
          <Trans
            t={t}
            i18nKey="teamPanel.companyTeam"
            values={{ company: members.data.companyName }}
            components={{ company: <bdi /> }}
          />
        ) : (
          t('teamPanel.team')
        )}
      </h2>
      <ul className={team.roles}>
        {TEAM_ROLES.map((role) => (
          <li key={role}>
            <strong>{t(`teamPanel.roles.${role}`)}</strong> {t(`teamPanel.roleSays.${role}`)}
          </li>
        ))}
      </ul>
      {members.isError ? <p role="alert">{members.error.message}</p> : null}
      {members.isPending ? <p>{t('teamPanel.loadingTheTeam')}</p> : null}
      <ul className={team.members} aria-label={t('teamPanel.teamMembers')}>
        {(members.data?.list ?? []).map((m) => (
          <MemberRow key={m.id} member={m} manage={manage} />
        ))}
      </ul>
      {manage ? <InviteForm /> : <p>{t('teamPanel.onlyAnOwnerChanges')}</p>}
    </section>
  );
}

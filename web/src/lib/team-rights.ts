/**
 * What a member of a company's team may do beyond reading, by role: state-machines/team_member.json's `roles`
 * (each right described in its `rights`), the file the server's role check reads at every door. A screen offers
 * a change only to a role with its right; the server refuses the rest anyway.
 */
import teamMemberJson from '../../../state-machines/team_member.json';
import { useMe } from './me';

export type TeamRight = keyof typeof teamMemberJson.rights;
export type TeamRole = keyof typeof teamMemberJson.roles;

const ROLES: Readonly<Record<string, readonly string[]>> = teamMemberJson.roles;

/** The roles in the file's order (owner first). */
export const TEAM_ROLES = Object.keys(ROLES) as TeamRole[];

export const isTeamRole = (role: string): role is TeamRole => Object.hasOwn(ROLES, role);

/** Whether `role` has `right`; a role the file lacks has none. */
export function hasRight(role: string, right: TeamRight): boolean {
  return (ROLES[role] ?? []).includes(right);
}

/** The session's rights. Until the server has said who is asking (or when it cannot), every right is assumed:
 * the screen stays as it was and the server decides. Individuals and companies without colleagues are owners. */
export function useTeamRights(): Record<TeamRight, boolean> {
  const role = useMe().data?.teamRole;
  return { book: role === undefined || hasRight(role, 'book'), own: role === undefined || hasRight(role, 'own') };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage, LANGUAGES, setLanguage } from '@/i18n';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import type { Answer, RequestBody } from '@/types/contract';
import { accountKeys } from './keys';

/** A company's team: its members and pending invitations, each `{id, name, email, role, status}`. */
export type Team = Answer<'team_team'>;
export type TeamMember = Team['list'][number];
export type OwnProfile = Answer<'team_own_profile'>;
export type Invitation = RequestBody<'team_invite'>;
export type OwnProfileChange = RequestBody<'team_update_own_profile'>;
export type Accepted = Answer<'team_accept'>;

/** The roles, as the server checks them at every door (what each may do is the catalogue's
 * `teamPanel.roleSays`). */
export { isTeamRole, TEAM_ROLES } from '@/lib/team-rights';
export type { TeamRole } from '@/lib/team-rights';

const TEAM = '/account/api/v1/client/team';
const teamKey = () => [...accountKeys.all, 'team'] as const;
const ownKey = () => [...accountKeys.all, 'team-me'] as const;

export const useTeam = (enabled = true) =>
  useQuery({ queryKey: teamKey(), queryFn: ({ signal }) => api.get<Team>(TEAM, { signal }), enabled });

export function useInvite() {
  const client = useQueryClient();
  return useMutation<TeamMember, ApiError, Invitation>({
    mutationFn: (body) => api.post<TeamMember>(`${TEAM}/invitations`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey() }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation<TeamMember, ApiError, { id: string; role: string }>({
    mutationFn: ({ id, role }) => api.put<TeamMember>(`${TEAM}/members/${encodeURIComponent(id)}`, { role }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKey() }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation<unknown, ApiError, string>({
    mutationFn: (id) => api.delete(`${TEAM}/members/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: teamKey() }),
  });
}

export const useOwnProfile = (enabled = true) =>
  useQuery({ queryKey: ownKey(), queryFn: ({ signal }) => api.get<OwnProfile>(`${TEAM}/me`, { signal }), enabled });

export function useUpdateOwnProfile() {
  const client = useQueryClient();
  return useMutation<OwnProfile, ApiError, OwnProfileChange>({
    mutationFn: (body) => api.put<OwnProfile>(`${TEAM}/me`, body),
    onSuccess: (answer) => {
      client.setQueryData(ownKey(), answer);
      // The language saved is the login's choice (as the header's switch makes it): the portal turns to it.
      const chosen = LANGUAGES.find((language) => language === answer.language);
      if (chosen && chosen !== currentLanguage()) void setLanguage(chosen);
    },
  });
}

/** The invited colleague's password (a door open to anyone: whoever is signed in on the browser is not her). */
export function acceptInvitation({ token, password }: { token: string; password: string }): Promise<Accepted> {
  return api.post<Accepted>(`/account/api/v1/team/invitations/${encodeURIComponent(token)}/accept`, { password });
}

export function useAcceptInvitation() {
  return useMutation<Accepted, ApiError, { token: string; password: string }>({ mutationFn: acceptInvitation });
}

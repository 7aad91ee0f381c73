import type { z } from 'zod';
import type { Company, companyInputSchema, companyUpdateSchema, FolderSet, folderSetInputSchema, folderSetUpdateSchema, Invitation, Member, CompanyRole } from '../../../common/accounts/schemas.js';
import { apiRequest } from '../../app/api.js';

const companyPath = (slug: string) => `/clients-api/companies/${encodeURIComponent(slug)}/`;

export const membersQueryKey = (slug: string) => ['companies', slug, 'members'] as const;
export const folderSetsQueryKey = (slug: string) => ['companies', slug, 'folder-sets'] as const;

/** Owners and admins change the company's settings, members and folder sets; the server enforces it. */
export const canManage = (role: CompanyRole) => role === 'owner' || role === 'admin';

export const createCompany = (body: z.infer<typeof companyInputSchema>) =>
  apiRequest<Company>('/clients-api/companies/', { method: 'POST', body });

/** A chosen picture travels as multipart first, then the fields as JSON, so neither request mixes meanings. */
export async function updateCompany(slug: string, fields: z.infer<typeof companyUpdateSchema>, picture: File | null): Promise<Company> {
  if (picture) {
    const body = new FormData();
    body.set('profile_picture', picture);
    await apiRequest<Company>(companyPath(slug), { method: 'PATCH', body });
  }
  return apiRequest<Company>(companyPath(slug), { method: 'PATCH', body: fields });
}

export const deleteCompany = (slug: string) => apiRequest<void>(companyPath(slug), { method: 'DELETE' });

export const listMembers = (slug: string) => apiRequest<{ results: Member[] }>(`${companyPath(slug)}members/`);
export const inviteMember = (slug: string, body: { email: string; role: CompanyRole }) =>
  apiRequest<Member>(`${companyPath(slug)}members/`, { method: 'POST', body });
export const changeMemberRole = (slug: string, email: string, role: CompanyRole) =>
  apiRequest<Member>(`${companyPath(slug)}members/${encodeURIComponent(email)}/`, { method: 'PATCH', body: { role } });
export const removeMember = (slug: string, email: string) =>
  apiRequest<void>(`${companyPath(slug)}members/${encodeURIComponent(email)}/`, { method: 'DELETE' });

export const invitationsQueryKey = ['invitations'] as const;
export const listMyInvitations = () => apiRequest<{ results: Invitation[] }>('/clients-api/invitations/');
export const acceptInvitation = (companySlug: string) =>
  apiRequest<Company>(`/clients-api/invitations/${encodeURIComponent(companySlug)}/accept/`, { method: 'POST' });
export const declineInvitation = (companySlug: string) =>
  apiRequest<void>(`/clients-api/invitations/${encodeURIComponent(companySlug)}/`, { method: 'DELETE' });

export const listFolderSets = (slug: string) => apiRequest<{ results: FolderSet[] }>(`${companyPath(slug)}folder-sets/`);
export const createFolderSet = (slug: string, body: z.infer<typeof folderSetInputSchema>) =>
  apiRequest<FolderSet>(`${companyPath(slug)}folder-sets/`, { method: 'POST', body });
export const updateFolderSet = (slug: string, folderSlug: string, body: z.infer<typeof folderSetUpdateSchema>) =>
  apiRequest<FolderSet>(`${companyPath(slug)}folder-sets/${encodeURIComponent(folderSlug)}/`, { method: 'PATCH', body });
export const deleteFolderSet = (slug: string, folderSlug: string) =>
  apiRequest<void>(`${companyPath(slug)}folder-sets/${encodeURIComponent(folderSlug)}/`, { method: 'DELETE' });

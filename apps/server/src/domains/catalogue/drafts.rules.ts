import { allowedServiceAreas, type ServiceArea } from '@portal/contracts';

/**
 * Who may keep a draft of a window [S4.2]: the create window's draft needs the right to create
 * services [M6.3]; an edit draft needs an UPDATE capability on at least one area of that service
 * (in the PROMOTED context for a Promoted service) [S6.1]. Pure: the caller's grants are passed in.
 */
export function draftPermission(p: {
  serviceName: string | null;
  canCreate: boolean;
  granted: ReadonlySet<string>;
  serviceStatus: string | null;
}): { allowed: true; editableAreas: ServiceArea[] } | { allowed: false; reason: 'create' | 'update' } {
  if (p.serviceName === null) return p.canCreate ? { allowed: true, editableAreas: [] } : { allowed: false, reason: 'create' };
  const editableAreas = allowedServiceAreas(p.granted, 'UPDATE', p.serviceStatus);
  return editableAreas.length > 0 ? { allowed: true, editableAreas } : { allowed: false, reason: 'update' };
}

import { describe, expect, it } from 'vitest';
import { draftPermission } from '../drafts.rules.js';

const set = (...keys: string[]) => new Set(keys);

describe('draftPermission', () => {
  it.each([
    {
      what: 'create window with a create right',
      serviceName: null,
      canCreate: true,
      granted: set(),
      status: null,
      allowed: true,
    },
    {
      what: 'create window without one',
      serviceName: null,
      canCreate: false,
      granted: set('SERVICE_TOOL_INFO_UPDATE'),
      status: null,
      allowed: false,
    },
    {
      what: 'edit with one area to update',
      serviceName: 'x',
      canCreate: false,
      granted: set('SERVICE_TOOL_FILES_UPDATE'),
      status: null,
      allowed: true,
    },
    {
      what: 'edit with read rights only',
      serviceName: 'x',
      canCreate: true,
      granted: set('SERVICE_TOOL_INFO_READ'),
      status: null,
      allowed: false,
    },
    {
      what: 'edit of a Promoted service without the PROMOTED context',
      serviceName: 'x',
      canCreate: false,
      granted: set('SERVICE_TOOL_INFO_UPDATE'),
      status: 'Promoted',
      allowed: false,
    },
    {
      what: 'edit of a Promoted service with it',
      serviceName: 'x',
      canCreate: false,
      granted: set('SERVICE_TOOL_INFO_UPDATE:PROMOTED'),
      status: 'Promoted',
      allowed: true,
    },
  ])('[S4.2] [S6.1] $what: allowed $allowed', ({ serviceName, canCreate, granted, status, allowed }) => {
    expect(draftPermission({ serviceName, canCreate, granted, serviceStatus: status }).allowed).toBe(allowed);
  });

  it('says which right is missing', () => {
    expect(draftPermission({ serviceName: null, canCreate: false, granted: set(), serviceStatus: null })).toEqual({
      allowed: false,
      reason: 'create',
    });
    expect(draftPermission({ serviceName: 'x', canCreate: true, granted: set(), serviceStatus: null })).toEqual({
      allowed: false,
      reason: 'update',
    });
  });
});

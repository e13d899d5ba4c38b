/**
 * Drafts of the service tool [S3.7], [S4.2], [S2.12], [S9.4]: the window saves the form every 5 s
 * while it has unsaved changes, offers a stored draft when it opens, and the draft goes once the
 * service is saved. Stored on the server per user (docs/decisions/0016-service-tool-drafts.md).
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';
import { sameValue } from './service-validation.js';
import { type ServiceDocument, ServiceDocumentSchema } from './services.js';
import { RecordVersionSchema } from './versions.js';

/** [S9.4] Autosave runs every 5 s. */
export const DRAFT_AUTOSAVE_INTERVAL_MS = 5000;

/** [S4.2] The key of the create window's draft. */
export const CREATE_DRAFT_KEY = 'create';

/**
 * [S4.2] The key a draft is looked up by: 'create' for a new service, 'edit_' plus the service name
 * when editing one.
 *
 * @example
 * serviceDraftKey(null) // 'create'
 * serviceDraftKey('acme-backup') // 'edit_acme-backup'
 */
export function serviceDraftKey(serviceName: string | null): string {
  return serviceName === null ? CREATE_DRAFT_KEY : `edit_${serviceName}`;
}

/**
 * [S4.2] What the window does when it opens: offer the stored draft when there is one and it differs
 * from the data the window opened with, otherwise start autosaving.
 */
export function draftOnOpen(p: { draft: { Data: ServiceDocument } | null; current: ServiceDocument }): 'offer' | 'autosave' {
  return p.draft && !sameValue(p.draft.Data, p.current) ? 'offer' : 'autosave';
}

/**
 * [S9.4] Whether an autosave tick writes a draft: only while the form differs from what was last
 * stored (the draft, or the data the window opened with when nothing was stored yet), and never
 * while a previous write is still on its way.
 */
export function shouldAutosave(p: { current: ServiceDocument; lastStored: ServiceDocument; saving: boolean }): boolean {
  return !p.saving && !sameValue(p.current, p.lastStored);
}

/** [S3.7] A draft: id, data and when it was added (the time of its latest save). */
export const ServiceDraftSchema = z.object({
  Id: z.number().int(),
  Key: z.string(),
  Data: ServiceDocumentSchema,
  Added: z.string(),
  /**
   * Decision 0036: moves on with every save of the draft and is never reused, even after a dismiss. Autosave and
   * dismiss send back the one their window read; a stale one answers 409 with the draft as it is now.
   */
  Version: RecordVersionSchema,
});
export type ServiceDraft = z.infer<typeof ServiceDraftSchema>;

/** The window a draft belongs to: a service name when editing, null when creating. */
const DraftTargetSchema = z.object({ ServiceName: z.string().min(1).max(1000).nullable() });

export const GetServiceDraft = defineOperation({
  name: 'GetServiceDraft',
  summary:
    "[S4.2] The caller's draft of the create window (ServiceName null) or of a service being edited, or null. An out-of-scope service is a 404",
  input: DraftTargetSchema,
  output: z.object({ Draft: ServiceDraftSchema.nullable() }),
  access: { kind: 'session' },
  mutating: false,
});

export const SaveServiceDraft = defineOperation({
  name: 'SaveServiceDraft',
  summary:
    "[S4.2], [S9.4] Store (or replace) the caller's draft of the create window or of a service being edited. Needs the rights to create, or to update the service",
  input: DraftTargetSchema.extend({
    Data: ServiceDocumentSchema,
    /**
     * The Version of the draft the window read or last saved; 0 when it found none. A stale one answers 409 with
     * `current`, the draft as it is now (Version 0 and Data null when there is none any more), and writes nothing.
     */
    Version: RecordVersionSchema,
  }),
  output: ServiceDraftSchema.omit({ Data: true }),
  access: { kind: 'session' },
  mutating: true,
});

export const DeleteServiceDraft = defineOperation({
  name: 'DeleteServiceDraft',
  summary: "[S4.2] Dismiss the caller's draft of the create window or of a service being edited",
  input: DraftTargetSchema.extend({
    /** The Version of the draft the window offered; a draft saved since (another window) answers 409 and stays. */
    Version: RecordVersionSchema,
  }),
  output: z.object({ Deleted: z.boolean() }),
  access: { kind: 'session' },
  mutating: true,
});

export const serviceDraftOperations = [GetServiceDraft, SaveServiceDraft, DeleteServiceDraft] as const;

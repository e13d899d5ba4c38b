import { AddAccountNote, DeleteAccountNote, GetAccountNotes, noteLength, UpdateAccountNote } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './notes.service.js';

// Audit rows of notes are filed under the author's organisation, not under the noted account:
// the noted customer can read its own audit log and must not learn about notes on it [A2.50].
// They record which note changed and its length, never its text: operators above the
// organisation can read its audit log, and notes are for the organisation alone.
const trace = (n: { Id: string; AccountId: number; Note: string }) => ({
  Id: n.Id,
  AccountId: n.AccountId,
  Length: noteLength(n.Note),
});
export const noteOperations = [
  handle(GetAccountNotes, (ctx, { accountId: _, ...query }) => service.listNotes(ctx.db, requireCaller(ctx), ctx.account, query)),
  handle(AddAccountNote, async (ctx, { text }) => {
    const caller = requireCaller(ctx);
    const note = await service.addNote(ctx.db, caller, ctx.account, text, ctx.now);
    ctx.audit({ accountId: caller.scope.rootId, after: trace(note) });
    return note;
  }),
  handle(UpdateAccountNote, async (ctx, input) => {
    const caller = requireCaller(ctx);
    const { note, before } = await service.updateNote(ctx.db, caller, input, ctx.now);
    ctx.audit({
      accountId: caller.scope.rootId,
      before: trace({ ...note, Note: before }),
      after: trace(note),
    });
    return note;
  }),
  handle(DeleteAccountNote, async (ctx, { id }) => {
    const caller = requireCaller(ctx);
    const { before } = await service.deleteNote(ctx.db, caller, id);
    ctx.audit({ accountId: caller.scope.rootId, before: trace(before) });
    return { Id: id, Deleted: true as const };
  }),
];

import { AddAccountNote, DeleteAccountNote, GetAccountNotes, UpdateAccountNote } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './notes.service.js';

// Audit rows of notes are filed under the author's organisation, not under the noted account:
// the noted customer can read its own audit log and must not learn about notes on it [A2.50].
export const noteOperations = [
  handle(GetAccountNotes, (ctx, { accountId: _, ...query }) => service.listNotes(ctx.db, requireCaller(ctx), ctx.account, query)),
  handle(AddAccountNote, async (ctx, { text }) => {
    const caller = requireCaller(ctx);
    const note = await service.addNote(ctx.db, caller, ctx.account, text, ctx.now);
    ctx.audit({ accountId: caller.scope.rootId, after: { Id: note.Id, AccountId: note.AccountId, Note: note.Note } });
    return note;
  }),
  handle(UpdateAccountNote, async (ctx, input) => {
    const caller = requireCaller(ctx);
    const { note, before } = await service.updateNote(ctx.db, caller, input, ctx.now);
    ctx.audit({
      accountId: caller.scope.rootId,
      before: { Id: note.Id, AccountId: note.AccountId, Note: before },
      after: { Id: note.Id, AccountId: note.AccountId, Note: note.Note },
    });
    return note;
  }),
  handle(DeleteAccountNote, async (ctx, { id }) => {
    const caller = requireCaller(ctx);
    const { before } = await service.deleteNote(ctx.db, caller, id);
    ctx.audit({ accountId: caller.scope.rootId, before });
    return { Id: id, Deleted: true as const };
  }),
];

import { GetJob } from '@portal/contracts';
import { handle, requireCaller } from '../operations/types.js';
import { getVisibleJob, toJob } from './jobs.service.js';

export const jobOperations = [
  handle(GetJob, async (ctx, input) => toJob(await getVisibleJob(ctx.db, requireCaller(ctx), input.id))),
];

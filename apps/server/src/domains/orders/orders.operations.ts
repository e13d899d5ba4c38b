import { ListOrders } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './orders.service.js';

export const orderOperations = [handle(ListOrders, (ctx, input) => service.listOrders(ctx.db, requireCaller(ctx), input))];

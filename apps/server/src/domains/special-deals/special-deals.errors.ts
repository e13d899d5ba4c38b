import type { FieldError } from '@portal/contracts';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';

/** [A2.25] */
export const notProductAccount = () =>
  validationFailed([{ field: 'accountId', message: 'Special deals are made on subscriptions (Product accounts) only' }]);

/** [A2.29] */
export const ownerParentDeals = () =>
  forbidden('The organisation directly above the subscription’s company or reseller makes no special deals on it');
export const notStreamSeller = () => forbidden('Only the seller of a charge stream makes special deals on it');

export const specialDealNotFound = () => notFound('Special deal');

export const invalidSpecialDeals = (fields: FieldError[]) => validationFailed(fields);

/** At most one Active deal per subscription and charge stream. */
export const dealAlreadyActive = (index: number) =>
  new DomainError('CONFLICT', 'This charge stream already has an active special deal; reload it and modify that one', [
    { field: `Deals[${index}].ChargeStreamId`, message: 'This charge stream already has an active special deal' },
  ]);

import type { FieldError } from '@portal/contracts';
import { forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';

/** [A2.24] */
export const notDiscountAccount = () =>
  validationFailed([{ field: 'accountId', message: 'Discounts are given to companies and resellers only' }]);

/** [A2.28] */
export const ownOrganisationDiscounts = () => forbidden('Your own organisation cannot give itself discounts');
export const notDirectCustomer = () => forbidden('Only the organisation directly above an account gives it discounts');

export const discountNotFound = () => notFound('Discount');

export const invalidDiscounts = (fields: FieldError[]) => validationFailed(fields);

/** [A5.3] */
export const tooManyDiscounts = (max: number) =>
  validationFailed([
    {
      field: 'discounts',
      message: `The discount tool is in beta with a maximum of ${max} discounts per account; ask your provider for more`,
    },
  ]);

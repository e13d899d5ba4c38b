/**
 * PRODUCT_ACCOUNT CREATE: whoever may create a subscription may order one. Its own module, so that the pages that only
 * ask whether to offer Order (the account page, the marketplace) do not load the ordering wizard's code with it.
 */
export const ORDER_CAPABILITY = 'PRODUCT_ACCOUNT_CREATE';

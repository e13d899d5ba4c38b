/** [E8.1] */
export const APINotSupportedForRDLError = 'This API is currently not supported for RDL reports';
/** [E8.2] */
export const EmbedUrlNotSupported = 'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL';
/** [E8.3] */
export const invalidEmbedUrlErrorMessage =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';
/** [E8.4] */
export const PAGE_RESIZE_NOT_ACTIVE = 'Cannot resize the page. Only the active page can be resized';
/** [E8.5] */
export const SWITCH_LAYOUT_NOT_SUPPORTED =
  'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.';

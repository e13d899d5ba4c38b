/** [M9.13] A notification fades after 5 s. */
export const NOTIFICATION_FADE_MS = 5000;
/** [M9.4] A success notice shows for 4 s. */
export const SUCCESS_NOTICE_MS = 4000;

import { notifications } from '@mantine/notifications';
import i18next from './i18n';
import { NOTIFICATION_FADE_MS, SUCCESS_NOTICE_MS } from './notification-timing';

/**
 * Shows a toast in the notification area (bottom right, above the footer); its close button is labelled for screen
 * readers. A success (green) notice closes after 4 s, any other after 5 s, unless `autoClose` says otherwise.
 */
export function notify({
  autoClose,
  ...options
}: {
  message: string;
  title?: string;
  color?: 'green' | 'red' | 'blue' | 'yellow';
  /** Milliseconds before it fades. */
  autoClose?: number;
}) {
  notifications.show({
    autoClose: autoClose ?? (options.color === 'green' ? SUCCESS_NOTICE_MS : NOTIFICATION_FADE_MS),
    ...options,
    role: options.color === 'red' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18next.t('app.closeNotification') },
  } as Parameters<typeof notifications.show>[0]);
}

import { notifications } from '@mantine/notifications';
import i18next from './i18n';

/** Shows a toast in the notification area; its close button is labelled for screen readers. */
export function notify(options: {
  message: string;
  title?: string;
  color?: 'green' | 'red' | 'blue' | 'yellow';
  /** Milliseconds before it fades (Mantine's default otherwise). */
  autoClose?: number;
}) {
  notifications.show({
    ...options,
    role: options.color === 'red' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18next.t('app.closeNotification') },
  } as Parameters<typeof notifications.show>[0]);
}

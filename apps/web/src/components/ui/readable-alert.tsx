import { Alert, type AlertProps } from '@mantine/core';

type AlertColor = 'red' | 'green' | 'yellow' | 'orange' | 'blue';

/**
 * A Mantine Alert whose title is in the text colour: the light variant's coloured title is below the
 * WCAG AA contrast ratio on the alert's tinted background (green even at shade 9). The tint and the
 * colour bar still tell the kind of message.
 */
export function ReadableAlert({ color, ...props }: Omit<AlertProps, 'color'> & { color: AlertColor }) {
  return <Alert color={color} styles={{ title: { color: 'var(--mantine-color-text)' } }} {...props} />;
}

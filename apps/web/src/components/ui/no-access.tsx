import { useTranslation } from 'react-i18next';
import { ReadableAlert } from './readable-alert';

export interface NoAccessProps {
  /** The capability keys that would open the screen, any one of them (shown in words, never as keys). */
  needs: readonly string[];
}

/**
 * The one "you do not have access" notice of every route guard and of every screen the server
 * refuses (403): says so, and names in words what to ask an administrator for.
 */
export function NoAccess({ needs }: NoAccessProps) {
  const { t } = useTranslation();
  const permissions = needs.map((key) => t(`capabilityLabels.${key}`, { defaultValue: key })).join(t('noAccess.or'));
  return (
    <ReadableAlert color="yellow" role="alert" title={t('noAccess.title')} data-testid="no-access">
      {needs.length > 0 ? t('noAccess.ask', { permissions }) : t('noAccess.askAny')}
    </ReadableAlert>
  );
}

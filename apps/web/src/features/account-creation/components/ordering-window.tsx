import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { isMaterialNumber } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useServiceNameByMaterialNumber } from '../api/use-ordering';
import { ORDER_CAPABILITY } from '../utils/order-capability';
import { OrderingWizard, type OrderingWizardProps } from './ordering-wizard';

/** A full-screen notice in place of the wizard, with Close. */
function WindowNotice(props: { title: string; children: React.ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} fullScreen title={props.title} closeButtonProps={{ 'aria-label': t('ordering.close') }}>
      <Stack maw={720} mx="auto" py="lg">
        {props.children}
        <Group>
          <Button onClick={props.onClose}>{t('ordering.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * [M2.42] The ordering wizard for the route's service: a parameter of digits only is a material number, resolved
 * to its service first; anything else is the service name. Without PRODUCT_ACCOUNT CREATE the route refuses.
 */
export function OrderingWindow(
  props: Omit<OrderingWizardProps, 'serviceName'> & { serviceParam: string; capabilities: readonly string[] },
) {
  const { t } = useTranslation();
  const isNumber = isMaterialNumber(props.serviceParam);
  const allowed = props.capabilities.includes(ORDER_CAPABILITY);
  const material = useServiceNameByMaterialNumber(allowed && isNumber ? Number(props.serviceParam) : null);
  if (!allowed)
    return (
      <WindowNotice title={t('ordering.badge')} onClose={props.onClose}>
        <NoAccess needs={[ORDER_CAPABILITY]} />
      </WindowNotice>
    );
  if (isNumber && material.isError)
    return (
      <WindowNotice title={t('ordering.badge')} onClose={props.onClose}>
        <ReadableAlert color="yellow" role="alert" title={t('ordering.unknownService')}>
          {material.error instanceof ApiError && material.error.status === 404
            ? t('ordering.unknownMaterial', { number: props.serviceParam })
            : material.error.message}
        </ReadableAlert>
      </WindowNotice>
    );
  const serviceName = isNumber ? (material.data?.ServiceName ?? null) : props.serviceParam;
  if (serviceName === null) return <Loader aria-label={t('app.loading')} m="xl" />;
  return <OrderingWizard key={serviceName} {...props} serviceName={serviceName} />;
}

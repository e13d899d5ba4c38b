import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CREATE_ACCOUNT_TYPES, type CreateAccountType, createCapabilityKey, wizardAccountType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { CreateAccountWizard } from './create-account-wizard';
import type { CreateSuccessLinks } from './create-success';

export interface CreateAccountWindowProps {
  /** [A2.9] The accountType parameter as given (Service maps to Product); null when absent. */
  accountTypeParam: string | null;
  parentId: number | null;
  /** A service to start a Product wizard with (a suggested service). */
  productName: string | null;
  capabilities: readonly string[];
  canReadOrders: boolean;
  links: CreateSuccessLinks;
  onChooseType: (type: CreateAccountType) => void;
  onClose: () => void;
}

/**
 * [A2.6], [A2.9] The creation wizard's window: 70% wide, at least 830 x 600 [A2.45], [A9.8]. Service maps to
 * Product [A1.1]. Without a type it offers a choice of type (the import wizard is not built; decision
 * 0027-wizard-parents); with a type the caller may not create it says so.
 */
export function CreateAccountWindow(props: CreateAccountWindowProps) {
  const { t } = useTranslation();
  // The window is at least 830 px wide [A2.45]: below that (plus margins) it fills the screen.
  const narrow = useMediaQuery('(max-width: 56em)') ?? false;
  const mapped = wizardAccountType(props.accountTypeParam);
  const allowed = CREATE_ACCOUNT_TYPES.filter((type) => props.capabilities.includes(createCapabilityKey(type)));
  const type = mapped;
  const title = type ? t(`accountCreate.title.${type}`) : t('accountCreate.title.choose');

  let body: React.ReactNode;
  if (props.accountTypeParam !== null && mapped === null) {
    body = <ReadableAlert color="red" role="alert" title={t('accountCreate.unknownType', { type: props.accountTypeParam })} />;
  } else if (type && !allowed.includes(type)) {
    body = (
      <ReadableAlert color="red" role="alert" title={t('accountCreate.denied')}>
        {t('accountCreate.deniedText', { type: t(`accountCreate.typeName.${type}`) })}
      </ReadableAlert>
    );
  } else if (type) {
    body = (
      <CreateAccountWizard
        key={`${type}-${props.parentId ?? ''}`}
        type={type}
        initialParentId={props.parentId}
        initialProductName={type === 'Product' ? props.productName : null}
        canReadOrders={props.canReadOrders}
        links={props.links}
        onClose={props.onClose}
      />
    );
  } else if (allowed.length === 0) {
    body = (
      <ReadableAlert color="red" role="alert" title={t('accountCreate.denied')}>
        {t('accountCreate.deniedAny')}
      </ReadableAlert>
    );
  } else {
    body = (
      <Stack>
        <Text>{t('accountCreate.chooseText')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {allowed.map((choice) => (
            <Button key={choice} variant="default" size="md" onClick={() => props.onChooseType(choice)}>
              {t(`accountCreate.menu.${choice}`)}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={title}
      size="70vw"
      // A screen narrower than the 830 px window (a phone) gets the whole screen rather than a window wider than it.
      fullScreen={narrow}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('accountCreate.close') }}
      styles={{
        content: narrow
          ? { display: 'flex', flexDirection: 'column' }
          : { minWidth: 830, minHeight: 600, display: 'flex', flexDirection: 'column' },
        body: { flex: 1, display: 'flex', flexDirection: 'column' },
      }}
    >
      {body}
    </Modal>
  );
}

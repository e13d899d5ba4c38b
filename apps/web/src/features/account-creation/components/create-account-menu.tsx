import { Button, Menu } from '@mantine/core';
import type { AccountType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * [A1.3] The account page's Create menu: "Create company / reseller / department / user" under this account,
 * for exactly the types the server says this viewer may create here (Permissions.CreatableChildTypes), and
 * "Order a service" where the page offers it (a company's or a reseller's page, decision 0044).
 */
export function CreateAccountMenu(props: {
  types: readonly AccountType[];
  onCreate: (type: AccountType) => void;
  onOrderService?: () => void;
}) {
  const { t } = useTranslation();
  if (props.types.length === 0 && !props.onOrderService) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">{t('accountCreate.menu.label')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.onOrderService && <Menu.Item onClick={props.onOrderService}>{t('accountCreate.menu.orderService')}</Menu.Item>}
        {props.types.map((type) => (
          <Menu.Item key={type} onClick={() => props.onCreate(type)}>
            {t(`accountCreate.menu.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu } from '@mantine/core';
import type { AccountType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * [A1.3] The account page's Create menu: "Create company / reseller / department / user" under this account,
 * for exactly the types the server says this viewer may create here (Permissions.CreatableChildTypes).
 */
export function CreateAccountMenu(props: { types: readonly AccountType[]; onCreate: (type: AccountType) => void }) {
  const { t } = useTranslation();
  if (props.types.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">{t('accountCreate.menu.label')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.types.map((type) => (
          <Menu.Item key={type} onClick={() => props.onCreate(type)}>
            {t(`accountCreate.menu.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu } from '@mantine/core';
import type { Account } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader, lazyPart } from '../../../components/ui/lazy-part';
import { availableTools, type ToolId } from '../utils/tool-availability';
import type { ExportKind } from './export-modal';

// The dialogs (and the schemas they read job results with) are fetched when first opened.
const asDialog = { fallback: <DialogLoader /> };
const ExportModal = lazyPart(() => import('./export-modal'), 'ExportModal', asDialog);
const SendCredentialsModal = lazyPart(() => import('./send-credentials-modal'), 'SendCredentialsModal', asDialog);
const SendToAllModal = lazyPart(() => import('./send-to-all-modal'), 'SendToAllModal', asDialog);

export interface AccountToolsProps {
  account: Account;
  /** The signed-in user's capabilities. */
  capabilities: readonly string[];
  /** The export the address asks for ([A2.3], [A2.4] routes), or null. */
  exportKind: ExportKind | null;
  /** Opens an export's route. */
  onOpenExport: (kind: ExportKind) => void;
  /** Leaves an export's route, back to the account. */
  onCloseExport: () => void;
}

const EXPORT_OF: Partial<Record<ToolId, ExportKind>> = {
  exportFirstTimeCredentials: 'credentials',
  exportCompanyHierarchy: 'hierarchy',
};

/** [A6.19] Send credentials (User), send credentials to all users and the exports (Reseller, Company). */
export function AccountTools(props: AccountToolsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'sendCredentials' | 'sendCredentialsToAll' | null>(null);
  const { account } = props;
  const values = account.Views.Default?.Values ?? {};
  const type = String(values.AccountType ?? '');
  const state = String(values.AccountState ?? '');
  const name = String(values.DisplayName ?? '');
  const emailValue = account.Views.User?.Values.Email;
  const email = typeof emailValue === 'string' && emailValue.trim() !== '' ? emailValue : null;
  const tools = availableTools({ accountType: type, accountState: state, capabilities: props.capabilities });
  const isTerminated = state === 'Terminated';

  const handleTool = (id: ToolId) => {
    const kind = EXPORT_OF[id];
    if (kind) props.onOpenExport(kind);
    else setDialog(id === 'sendCredentials' ? 'sendCredentials' : 'sendCredentialsToAll');
  };

  const single = tools.find((tool) => tool.id === 'sendCredentials');
  const bulk = tools.filter((tool) => tool.id !== 'sendCredentials');
  return (
    <>
      {single && (
        <Button
          variant="default"
          disabled={single.isDisabled}
          title={isTerminated ? t('jobs.terminated') : undefined}
          onClick={() => handleTool('sendCredentials')}
        >
          {t('jobs.tools.sendCredentials')}
        </Button>
      )}
      {bulk.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" disabled={isTerminated} title={isTerminated ? t('jobs.terminated') : undefined}>
              {t('jobs.tools.menu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {bulk.map((tool) => (
              <Menu.Item key={tool.id} disabled={tool.isDisabled} onClick={() => handleTool(tool.id)}>
                {t(`jobs.tools.${tool.id}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {dialog === 'sendCredentials' && (
        <SendCredentialsModal
          accountId={account.AccountIdentificator}
          name={name}
          email={email}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'sendCredentialsToAll' && (
        <SendToAllModal accountId={account.AccountIdentificator} name={name} onClose={() => setDialog(null)} />
      )}
      {props.exportKind && (
        <ExportModal
          key={props.exportKind}
          kind={props.exportKind}
          accountId={account.AccountIdentificator}
          name={name}
          onClose={props.onCloseExport}
        />
      )}
    </>
  );
}

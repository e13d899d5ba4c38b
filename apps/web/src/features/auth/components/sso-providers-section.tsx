import {
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DEFAULT_SSO_SCOPES, DEFAULT_USERNAME_CLAIM, type IdentityProvider } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import {
  type IdentityProviderDraft,
  useDeleteIdentityProvider,
  useIdentityProviders,
  useSaveIdentityProvider,
} from '../api/use-sso';

/** The "Single sign-on" section of the Security tab [A2.19]: the organisation's OpenID Connect identity providers. */
export function SsoProvidersSection({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useIdentityProviders(accountId);
  const remove = useDeleteIdentityProvider(accountId);
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<IdentityProvider | null>(null);

  if (query.isError)
    return (
      <ReadableAlert color="red" role="alert">
        {query.error.message}
      </ReadableAlert>
    );
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const { Items: items, RedirectUri: redirectUri, CanUpdate: canUpdate } = query.data;

  return (
    <Stack gap="md" maw={900} component="section" aria-labelledby="sso-title">
      <Stack gap={4}>
        <Title order={2} size="h4" id="sso-title">
          {t('sso.section.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sso.section.help')}
        </Text>
        <Text size="sm">
          {t('sso.section.redirectUri')} <Code>{redirectUri}</Code>
        </Text>
      </Stack>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sso.section.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped aria-label={t('sso.section.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sso.field.name')}</Table.Th>
                <Table.Th>{t('sso.field.issuer')}</Table.Th>
                <Table.Th>{t('sso.section.routes')}</Table.Th>
                <Table.Th>{t('sso.section.status')}</Table.Th>
                {canUpdate && <Table.Th>{t('sso.section.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.Id}>
                  <Table.Td>{p.Name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {p.Issuer}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {p.EmailDomains.length === 0 && p.Usernames.length === 0
                      ? t('sso.section.allUsers')
                      : [...p.EmailDomains.map((d) => `@${d}`), ...p.Usernames].join(', ')}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={p.Enabled ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
                      {p.Enabled ? t('sso.section.enabled') : t('sso.section.disabled')}
                    </Text>
                  </Table.Td>
                  {canUpdate && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing(p)}
                          aria-label={t('sso.section.editNamed', { name: p.Name })}
                        >
                          {t('sso.section.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => setRemoving(p)}
                          aria-label={t('sso.section.removeNamed', { name: p.Name })}
                        >
                          {t('sso.section.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canUpdate ? (
        <Group>
          <Button onClick={() => setEditing('new')}>{t('sso.section.add')}</Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('sso.section.readOnly')}
        </Text>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('sso.form.addTitle') : t('sso.form.editTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('sso.closeDialog') }}
      >
        {editing !== null && (
          <ProviderForm accountId={accountId} provider={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('sso.remove.title')}
        closeButtonProps={{ 'aria-label': t('sso.closeDialog') }}
      >
        <Stack>
          <Text size="sm">{t('sso.remove.body', { name: removing?.Name ?? '' })}</Text>
          {remove.isError && (
            <ReadableAlert color="red" role="alert">
              {remove.error.message}
            </ReadableAlert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('sso.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.Id, {
                  onSuccess: () => {
                    notify({ color: 'green', message: t('sso.remove.done', { name: removing.Name }) });
                    setRemoving(null);
                  },
                })
              }
            >
              {t('sso.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type Errors = Partial<Record<keyof IdentityProviderDraft | 'form', string>>;

const draftOf = (p: IdentityProvider | null): IdentityProviderDraft => ({
  Name: p?.Name ?? '',
  Issuer: p?.Issuer ?? '',
  ClientId: p?.ClientId ?? '',
  Scopes: p?.Scopes ?? DEFAULT_SSO_SCOPES,
  UsernameClaim: p?.UsernameClaim ?? DEFAULT_USERNAME_CLAIM,
  Enabled: p?.Enabled ?? true,
  EmailDomains: p?.EmailDomains ?? [],
  Usernames: p?.Usernames ?? [],
});

function ProviderForm(props: { accountId: number; provider: IdentityProvider | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveIdentityProvider(props.accountId);
  const p = props.provider;
  const [draft, setDraft] = useState<IdentityProviderDraft>(() => draftOf(p));
  /** Decision 0036: the version the form edits, and the provider as saved meanwhile while the user decides. */
  const [version, setVersion] = useState(p?.Version ?? 0);
  const conflict = useVersionConflict<IdentityProvider>();
  const [secret, setSecret] = useState('');
  const [isReplacingSecret, setIsReplacingSecret] = useState(p === null);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof IdentityProviderDraft>(key: K, value: IdentityProviderDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const handleSave = (over = version) => {
    setErrors({});
    setVersion(over);
    save.mutate(
      { id: p?.Id ?? null, version: over, draft: { ...draft, ...(isReplacingSecret ? { ClientSecret: secret } : {}) } },
      {
        onSuccess: () => {
          conflict.clear();
          notify({ color: 'green', message: t('sso.form.saved', { name: draft.Name.trim() }) });
          props.onDone();
        },
        onError: (error) => {
          if (conflict.capture(error)) return;
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            const found: Errors = {};
            for (const e of error.fieldErrors) {
              const key = e.field.split('.')[0] as keyof Errors;
              found[key] ??= e.message;
            }
            setErrors(found);
          } else setErrors({ form: error.message });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        handleSave();
      }}
    >
      <Stack gap="sm">
        {conflict.current && (
          <VersionConflictAlert
            changedBy={conflict.current.UpdatedBy}
            changedAt={conflict.current.UpdatedAt}
            onReload={() => {
              if (conflict.current) {
                setDraft(draftOf(conflict.current));
                setVersion(conflict.current.Version);
              }
              conflict.clear();
            }}
            onKeep={() => handleSave(conflict.current?.Version)}
            busy={save.isPending}
          />
        )}
        {errors.form && (
          <ReadableAlert color="red" role="alert">
            {errors.form}
          </ReadableAlert>
        )}
        <TextInput
          label={t('sso.field.name')}
          value={draft.Name}
          onChange={(e) => set('Name', e.currentTarget.value)}
          error={errors.Name}
          required
          data-autofocus
        />
        <TextInput
          label={t('sso.field.issuer')}
          description={t('sso.field.issuerHelp')}
          placeholder="https://login.example.com"
          value={draft.Issuer}
          onChange={(e) => set('Issuer', e.currentTarget.value)}
          error={errors.Issuer}
          required
        />
        <TextInput
          label={t('sso.field.clientId')}
          value={draft.ClientId}
          onChange={(e) => set('ClientId', e.currentTarget.value)}
          error={errors.ClientId}
          required
        />
        {isReplacingSecret ? (
          <PasswordInput
            label={t('sso.field.clientSecret')}
            description={p ? t('sso.field.clientSecretReplaceHelp') : t('sso.field.clientSecretHelp')}
            autoComplete="new-password"
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={errors.ClientSecret}
            required
          />
        ) : (
          <Group gap="sm" align="center">
            <Text size="sm" fw={500}>
              {t('sso.field.clientSecret')}:
            </Text>
            <Badge variant="dot" color="green">
              {t('sso.field.secretSet')}
            </Badge>
            <Button size="xs" variant="default" onClick={() => setIsReplacingSecret(true)}>
              {t('sso.field.replaceSecret')}
            </Button>
          </Group>
        )}
        <TextInput
          label={t('sso.field.scopes')}
          description={t('sso.field.scopesHelp')}
          value={draft.Scopes}
          onChange={(e) => set('Scopes', e.currentTarget.value)}
          error={errors.Scopes}
        />
        <TextInput
          label={t('sso.field.usernameClaim')}
          description={t('sso.field.usernameClaimHelp')}
          value={draft.UsernameClaim}
          onChange={(e) => set('UsernameClaim', e.currentTarget.value)}
          error={errors.UsernameClaim}
        />
        <TagsInput
          label={t('sso.field.emailDomains')}
          description={t('sso.field.emailDomainsHelp')}
          value={draft.EmailDomains}
          onChange={(v) => set('EmailDomains', v)}
          error={errors.EmailDomains}
          splitChars={[',', ' ']}
        />
        <TagsInput
          label={t('sso.field.usernames')}
          description={t('sso.field.usernamesHelp')}
          value={draft.Usernames}
          onChange={(v) => set('Usernames', v)}
          error={errors.Usernames}
          splitChars={[',', ' ']}
        />
        <Switch
          label={t('sso.field.enabled')}
          checked={draft.Enabled}
          onChange={(e) => set('Enabled', e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onDone}>
            {t('sso.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('sso.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { FieldValue } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DynamicForm, preloadFieldInputs } from '../../../components/dynamic-form/dynamic-form';
import { PasswordRules } from '../../../components/ui/password-rules';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCustomActionForm, useRunCustomAction } from '../api/use-custom-action';
import { initialValues, serverErrorsToForm, validateChanges } from '../utils/edit-state';
import {
  isPasswordKey,
  isSettingPassword,
  RESET_PASSWORD_ACTION,
  resetPasswordContainers,
  resetPasswordErrors,
  resetPasswordPayload,
  resetPasswordState,
} from '../utils/reset-password-action';

/** [A2.7] [A2.38] The custom action window: title, containers with fields, Reset saved values, OK and Cancel. */
export function CustomActionModal({ accountId, action, onClose }: { accountId: number; action: string; onClose: () => void }) {
  // Its form is in edit mode: the inputs' code is fetched now, beside the rest of the step.
  preloadFieldInputs();
  const { t } = useTranslation();
  const form = useCustomActionForm(accountId, action);
  const run = useRunCustomAction(accountId, action);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const data = form.data;
  // [A6.19] Reset password: the new-password fields with the live [M5.1] rules only when a password is set.
  const isReset = data?.Name === RESET_PASSWORD_ACTION;
  const passwordMessages = {
    invalid: t('accountPassword.errPasswordInvalid'),
    mismatch: t('accountPassword.errPasswordsDontMatch'),
  };

  useEffect(() => {
    if (data) setValues(initialValues(data.Views));
  }, [data]);

  const payload = () =>
    Object.fromEntries(
      Object.entries(isReset ? resetPasswordPayload(values) : values).map(([k, v]) => [k.replace(/^Action\./, ''), v]),
    );
  const submit = (mode: 'execute' | 'confirm' | 'schedule') =>
    run.mutate(
      { mode, values: payload() },
      {
        onSuccess: () => {
          const message = !isReset
            ? t('account.actions.done', { action: data?.Title ?? action })
            : isSettingPassword(values)
              ? t('accountPassword.passwordSet')
              : t('accountPassword.linkSent');
          notify({ color: 'green', message });
          onClose();
        },
        onError: (error) => {
          setIsConfirming(false);
          if (error instanceof ApiError && error.code === 'CONFIRMATION_REQUIRED') return setIsConfirming(true);
          if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(serverErrorsToForm(error.fieldErrors));
        },
      },
    );

  const handleOk = () => {
    if (!data) return;
    // [A5.5] The action is blocked while fields show validation errors.
    const found = {
      ...validateChanges(data.Views, values, Object.keys(values)),
      ...(isReset ? resetPasswordErrors(values, passwordMessages) : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (data.IsScheduled) submit('schedule');
    else if (data.NeedsConfirmation) setIsConfirming(true);
    else submit('execute');
  };
  const handleReset = () =>
    run.mutate({ mode: 'reset' }, { onSuccess: () => notify({ color: 'green', message: t('account.actions.resetDone') }) });
  const problem =
    run.error instanceof ApiError && run.error.fieldErrors.length === 0 && run.error.code !== 'CONFIRMATION_REQUIRED'
      ? run.error.message
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={data?.Title ?? t('app.loading')}
      centered
      size="min(900px, 95vw)"
      closeButtonProps={{ 'aria-label': t('account.actions.close') }}
    >
      {form.isPending && <Loader aria-label={t('app.loading')} />}
      {form.isError && (
        <Alert color="red" role="alert">
          {form.error.message}
        </Alert>
      )}
      {data && !isConfirming && (
        <Stack>
          <DynamicForm
            page={{
              Name: data.Name,
              DisplayName: data.Title,
              Containers: isReset ? resetPasswordContainers(data.Containers, values) : data.Containers,
            }}
            views={data.Views}
            mode="edit"
            values={values}
            errors={errors}
            onChange={(key, value) => {
              setValues((v) => ({ ...v, [key]: value }));
              setErrors(({ [key]: _gone, ...rest }) => rest);
            }}
            onBlur={(key) => {
              // [M5.1] Password errors show when the field is left.
              if (isReset && isPasswordKey(key))
                setErrors((e) => ({ ...e, ...resetPasswordErrors(values, passwordMessages, [key]) }));
            }}
          />
          {isReset && isSettingPassword(values) && (
            <PasswordRules
              state={resetPasswordState(values)}
              id="reset-password-rules"
              labels={{ containsUsername: t('accountPassword.ruleNotUsername') }}
            />
          )}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <div>
              {data.HasSavedValues && (
                <Button variant="subtle" onClick={handleReset} loading={run.isPending && run.variables?.mode === 'reset'}>
                  {t('account.actions.reset')}
                </Button>
              )}
            </div>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('account.actions.cancel')}
              </Button>
              <Button onClick={handleOk} loading={run.isPending && run.variables?.mode !== 'reset'}>
                {t('account.actions.ok')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      {data && isConfirming && (
        <Stack>
          <Text>{t('account.actions.confirmText', { action: data.Title })}</Text>
          {isReset && (
            <Text size="sm">
              {isSettingPassword(values) ? t('accountPassword.confirmSet') : t('accountPassword.confirmLink')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {t('account.actions.back')}
            </Button>
            <Button onClick={() => submit('confirm')} loading={run.isPending}>
              {t('account.actions.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Button, FileButton, Group, Loader, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import type { ProductOwnerProfile } from '@portal/contracts';
import { VENDOR_LOGO_MIN_HEIGHT, VENDOR_LOGO_MIN_WIDTH } from '@portal/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { VersionConflictAlert } from '../../../components/ui/version-conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/keeper';
import { notify } from '../../../lib/notify';
import { useVersionConflict } from '../../../lib/version-conflict';
import { useProductOwnerProfile, useSetProductOwnerProfile } from '../api/use-vendor-profiles';
import { charactersLeft, hasProfileChanges, isLogoLargeEnough, LOGO_ACCEPT, logoFileProblem } from '../utils/logo-file';
import { VendorLogo } from './vendor-logo';
import { VendorProfilePanel } from './vendor-profile-panel';

/**
 * [M2.56] The vendor profile page: the vendor's heading, its logo with upload and preview, and the
 * description with a characters-left counter. Apply changes shows only with PRODUCT_OWNER_PROFILE
 * update [M6.9] and is enabled only while the description or the logo differs from the saved one [M5.12].
 */
export function VendorProfileScreen(props: { accountId: number | null; servicesHref: string }) {
  const { t } = useTranslation();
  const profile = useProductOwnerProfile(props.accountId);
  const isMissing = props.accountId === null || (profile.error instanceof ApiError && profile.error.status === 404);

  if (isMissing) {
    return (
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          {t('vendorProfile.title')}
        </Title>
        <ReadableAlert color="yellow" role="status">
          {t('vendorProfile.notVendor')}
        </ReadableAlert>
      </Stack>
    );
  }
  if (profile.isPending) return <Loader aria-label={t('app.loading')} />;
  if (profile.isError) {
    return (
      <Stack gap="md" maw={900}>
        <Title order={1} size="h2">
          {t('vendorProfile.title')}
        </Title>
        <ReadableAlert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('app.loadFailed', { message: profile.error.message })}</Text>
            <Button size="xs" variant="default" onClick={() => profile.refetch()}>
              {t('app.retry')}
            </Button>
          </Stack>
        </ReadableAlert>
      </Stack>
    );
  }
  // A save or a reload that brings a new version starts the form again from the saved values.
  return (
    <ProfileEditor
      key={`${profile.data.AccountId}-${profile.data.Version}`}
      profile={profile.data}
      servicesHref={props.servicesHref}
      onReload={() => profile.refetch()}
    />
  );
}

/** Reads an image file's dimensions in the browser, or null when it cannot be decoded. */
function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

function ProfileEditor(props: { profile: ProductOwnerProfile; servicesHref: string; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { profile } = props;
  const save = useSetProductOwnerProfile();
  const [description, setDescription] = useState(profile.Description);
  const [icon, setIcon] = useState<string | null>(profile.Icon);
  const [preview, setPreview] = useState<string | null>(profile.Icon);
  const [progress, setProgress] = useState<number | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Decision 0036: the profile as saved by someone else since the page read it, while the user decides. */
  const conflict = useVersionConflict<{ Version: number }>();
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const objectUrl = useRef<string | null>(null);
  const counterId = useId();
  const logoHintId = useId();

  // The preview of a chosen file lives in an object URL: release it when replaced or when leaving.
  const showPreview = (url: string | null, isObjectUrl: boolean) => {
    if (objectUrl.current && objectUrl.current !== url) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = isObjectUrl ? url : null;
    setPreview(url);
  };
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const isChanged = hasProfileChanges(profile, { Description: description, Icon: icon });
  const left = charactersLeft(description, profile.DescriptionMaxLength);
  const isBusy = progress !== null || save.isPending;

  async function handleFile(file: File | null) {
    if (!file) return;
    setLogoError(null);
    const problem = logoFileProblem(file);
    if (problem) {
      setLogoError(t(`vendorProfile.logo.${problem}`));
      return;
    }
    const url = URL.createObjectURL(file);
    const size = await imageSize(url);
    if (!size || !isLogoLargeEnough(size)) {
      URL.revokeObjectURL(url);
      setLogoError(
        size
          ? t('vendorProfile.logo.tooSmall', {
              minWidth: VENDOR_LOGO_MIN_WIDTH,
              minHeight: VENDOR_LOGO_MIN_HEIGHT,
              width: size.width,
              height: size.height,
            })
          : t('vendorProfile.logo.unreadable'),
      );
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { onProgress: setProgress, fallbackMessage: t('vendorProfile.logo.failed') });
      setIcon(uploaded.path);
      showPreview(url, true);
    } catch (error) {
      URL.revokeObjectURL(url);
      setLogoError(t('vendorProfile.logo.uploadFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setProgress(null);
    }
  }

  function handleRemoveLogo() {
    setIcon(null);
    showPreview(null, false);
    setLogoError(null);
  }

  function handleDiscard() {
    setDescription(profile.Description);
    setIcon(profile.Icon);
    showPreview(profile.Icon, false);
    setLogoError(null);
    setDescriptionError(null);
    setSaveError(null);
  }

  function handleApply(version = profile.Version) {
    setSaveError(null);
    setDescriptionError(null);
    save.mutate(
      { AccountId: profile.AccountId, Description: description, Icon: icon, Version: version },
      {
        onSuccess: () => notify({ color: 'green', message: t('vendorProfile.saved', { vendor: profile.DisplayName }) }),
        onError: (error) => {
          if (conflict.capture(error)) return;
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          const onDescription = fields.find((f) => f.field === 'Description');
          const onIcon = fields.find((f) => f.field === 'Icon');
          if (onDescription) setDescriptionError(onDescription.message);
          if (onIcon) setLogoError(onIcon.message);
          if (!onDescription && !onIcon) setSaveError(t('vendorProfile.saveFailed', { message: error.message }));
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={2}>
        <Text size="sm" fw={500} c="dimmed">
          {t('vendorProfile.title')}
        </Text>
        <Title order={1} size="h2" data-testid="vendor-heading">
          {profile.DisplayName}
        </Title>
      </Stack>

      {conflict.current && (
        <VersionConflictAlert
          changedBy={null}
          changedAt={null}
          onReload={() => {
            void props.onReload().then(() => conflict.clear());
          }}
          onKeep={() => handleApply(conflict.current?.Version)}
          busy={save.isPending}
        />
      )}

      {!profile.CanUpdate && (
        <ReadableAlert color="blue" role="status">
          {t('vendorProfile.readOnly')}
        </ReadableAlert>
      )}

      <Stack gap="xs" component="section" aria-labelledby={`${logoHintId}-title`}>
        <Title order={2} size="h4" id={`${logoHintId}-title`}>
          {t('vendorProfile.logo.title')}
        </Title>
        <VendorLogo src={preview} vendorName={profile.DisplayName} />
        <Text size="sm" c="dimmed" id={logoHintId}>
          {t('vendorProfile.logo.hint', { minWidth: VENDOR_LOGO_MIN_WIDTH, minHeight: VENDOR_LOGO_MIN_HEIGHT })}
        </Text>
        {profile.CanUpdate && (
          <Group gap="sm">
            <FileButton onChange={handleFile} accept={LOGO_ACCEPT} disabled={isBusy}>
              {(p) => (
                <Button {...p} variant="default" loading={progress !== null} aria-describedby={logoHintId}>
                  {icon ? t('vendorProfile.logo.replace') : t('vendorProfile.logo.upload')}
                </Button>
              )}
            </FileButton>
            {icon && (
              <Button variant="default" onClick={handleRemoveLogo} disabled={isBusy}>
                {t('vendorProfile.logo.remove')}
              </Button>
            )}
          </Group>
        )}
        {progress !== null && (
          <Progress value={progress} size="sm" maw={496} aria-label={t('vendorProfile.logo.uploading', { percent: progress })} />
        )}
        {logoError && (
          <Text size="sm" c="red.8" role="alert" data-testid="logo-error">
            {logoError}
          </Text>
        )}
      </Stack>

      <Stack gap={4}>
        <Textarea
          label={t('vendorProfile.description.label')}
          description={t('vendorProfile.description.hint')}
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setDescriptionError(null);
          }}
          maxLength={profile.DescriptionMaxLength}
          readOnly={!profile.CanUpdate}
          variant={profile.CanUpdate ? 'default' : 'filled'}
          autosize
          minRows={5}
          maxRows={14}
          error={descriptionError}
          aria-describedby={profile.CanUpdate ? counterId : undefined}
        />
        {profile.CanUpdate && (
          <Text size="sm" c={left === 0 ? 'red.8' : 'dimmed'} id={counterId} aria-live="polite" data-testid="characters-left">
            {t('vendorProfile.description.left', { count: left })}
          </Text>
        )}
      </Stack>

      {saveError && (
        <ReadableAlert color="red" role="alert">
          {saveError}
        </ReadableAlert>
      )}

      <Group justify="space-between">
        <Group gap="sm">
          {profile.CanUpdate && (
            <Button
              onClick={() => handleApply()}
              disabled={!isChanged || isBusy || conflict.current !== null}
              loading={save.isPending}
            >
              {t('vendorProfile.apply')}
            </Button>
          )}
          {profile.CanUpdate && isChanged && (
            <Button variant="default" onClick={handleDiscard} disabled={isBusy}>
              {t('vendorProfile.discard')}
            </Button>
          )}
        </Group>
        <Button
          variant="default"
          onClick={() => setIsPreviewOpen((open) => !open)}
          aria-expanded={isPreviewOpen}
          aria-controls={isPreviewOpen ? `${counterId}-preview` : undefined}
        >
          {isPreviewOpen ? t('vendorProfile.hidePreview') : t('vendorProfile.showPreview')}
        </Button>
      </Group>

      {isPreviewOpen && (
        <div id={`${counterId}-preview`}>
          <VendorProfilePanel
            ownerId={profile.AccountId}
            servicesHref={props.servicesHref}
            onClose={() => setIsPreviewOpen(false)}
          />
        </div>
      )}
    </Stack>
  );
}

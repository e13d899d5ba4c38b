import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../components/ui/no-access';
import { useCurrentUser } from '../../features/auth';
import { type SalesQuotesRoute, SalesQuotesScreen } from '../../features/sales-quotes';
import { paths } from '../paths';
import { NotFoundPage } from './lazy-not-found-page';

/** The capability that opens the quote builder. */
export const SALES_QUOTES_CAPABILITY = 'SALESQUOTE_READ';

/** Reads the builder's route from the part of the address after #/SalesQuotes [M2.2]-[M2.7]; null when it is none of them. */
function routeOf(rest: string): SalesQuotesRoute | null {
  const parts = rest.split('/').filter((p) => p !== '');
  const [first, second, third] = parts;
  if (parts.length === 0) return { kind: 'builder' };
  if (parts.length === 1 && (first === 'new' || first === 'templates' || first === 'load' || first === 'delete'))
    return { kind: first };
  if (first === 'export' && parts.length === 2 && (second === 'xlsx' || second === 'pdf'))
    return { kind: 'export', type: second };
  if (first === 'edit' && parts.length === 3) {
    const id = Number(second);
    const revision = Number(third);
    if (Number.isInteger(id) && id > 0 && Number.isInteger(revision) && revision > 0) return { kind: 'edit', id, revision };
  }
  return null;
}

function pathOf(route: SalesQuotesRoute): string {
  switch (route.kind) {
    case 'builder':
      return paths.salesQuotes.builder();
    case 'new':
      return paths.salesQuotes.create();
    case 'templates':
      return paths.salesQuotes.templates();
    case 'load':
      return paths.salesQuotes.load();
    case 'delete':
      return paths.salesQuotes.delete();
    case 'edit':
      return paths.salesQuotes.edit(route.id, route.revision);
    case 'export':
      return paths.salesQuotes.export(route.type);
  }
}

/**
 * [M2.2]-[M2.7] #/SalesQuotes and its routes (new, templates, load, delete, edit/{id}/{revision}, export/{type}): one
 * builder stays on screen while the routes open its windows, so the quote being built survives them.
 */
export function SalesQuotesPage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const route = routeOf(params['*'] ?? '');
  if (route === null) return <NotFoundPage />;
  if (!user.data) return null;
  if (!user.data.Capabilities.includes(SALES_QUOTES_CAPABILITY))
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('salesQuotes.title')}
        </Title>
        <NoAccess needs={[SALES_QUOTES_CAPABILITY]} />
      </Stack>
    );
  return <SalesQuotesScreen route={route} capabilities={user.data.Capabilities} onNavigate={(next) => navigate(pathOf(next))} />;
}

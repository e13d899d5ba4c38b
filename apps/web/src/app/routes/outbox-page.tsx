import { matchRoutes, useNavigate, useParams, useSearchParams } from 'react-router';
import { type OutboxQuery, OutboxScreen } from '../../features/outbox';
import { href, paths, queryAtUse } from '../paths';

/** The route of this page, to read the query of the address at the moment of a click. */
const OUTBOX_ROUTES = [{ path: '/Outbox/:messageId?' }];

/** The outbox list's page and search in the address's `params`; a bad page falls back to the first. */
const outboxQueryOf = (params: URLSearchParams): OutboxQuery => ({
  page: Math.max(1, Number(params.get('page')) || 1),
  search: params.get('search') ?? '',
});

/** #/Outbox and #/Outbox/{messageId}: the e-mails the portal sent; page and search live in the address. */
export function OutboxPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const query = outboxQueryOf(searchParams);
  const readQuery = queryAtUse(query, (now) =>
    matchRoutes(OUTBOX_ROUTES, now) ? outboxQueryOf(new URLSearchParams(now.search)) : null,
  );
  return (
    <OutboxScreen
      page={query.page}
      search={query.search}
      readQuery={readQuery}
      messageId={params.messageId ?? null}
      onQueryChange={(next) => navigate(paths.outbox.list(next))}
      hrefForMessage={(id) => href(paths.outbox.message(id, query))}
      hrefForAccount={(id) => href(paths.account.view(id))}
      onCloseMessage={() => navigate(paths.outbox.list(readQuery()))}
    />
  );
}

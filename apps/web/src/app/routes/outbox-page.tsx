import { useNavigate, useParams, useSearchParams } from 'react-router';
import { OutboxScreen } from '../../features/outbox';
import { href, paths } from '../paths';

/** #/Outbox and #/Outbox/{messageId}: the e-mails the portal sent; page and search live in the address. */
export function OutboxPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search = searchParams.get('search') ?? '';
  return (
    <OutboxScreen
      page={page}
      search={search}
      messageId={params.messageId ?? null}
      onQueryChange={(query) => navigate(paths.outbox.list(query))}
      hrefForMessage={(id) => href(paths.outbox.message(id, { page, search }))}
      hrefForAccount={(id) => href(paths.account.view(id))}
      onCloseMessage={() => navigate(paths.outbox.list({ page, search }))}
    />
  );
}

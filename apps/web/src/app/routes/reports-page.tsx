import { useParams } from 'react-router';
import { ReportsScreen } from '../../features/reports';
import { href, paths } from '../paths';

/** [M2.50] #/Reports and #/Reports/{reportLink}. */
export function ReportsPage() {
  const { reportLink } = useParams();
  return <ReportsScreen reportLink={reportLink ?? null} hrefFor={(link) => href(paths.reports(link))} />;
}

// /app: the first screen of the user's menu (landingPath). Loaded only when /app itself is opened.
import { Navigate } from 'react-router';
import { useSession } from '@/lib/session';
import { landingPath } from '@/shell/menu';

export default function AppLanding() {
  const { can } = useSession();
  return <Navigate to={landingPath(can)} replace />;
}

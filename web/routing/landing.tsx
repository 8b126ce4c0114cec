// /app: the first screen of the user's menu (landingPath). Loaded only when /app itself is opened.

import { useSession } from '@/lib/session';
import { landingPath } from '@/shell/menu';
import { Redirect } from '@/lib/redirect';

export default function AppLanding() {
  const { can } = useSession();
  return <Redirect to={landingPath(can)} replace />;
}

// Apart from guards.tsx, which the first page loads: this one arrives with the private routes
// (app-routes.tsx), and with it the no-access page and the menu it reads.
import { Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { useRouteHandle } from '@/routing/guards';
import { NoAccessPage } from '@/shell/no-access-page';

/** A route listing permissions opens only if the user holds all of them (docs/product-spec.md §6). */
export function PermissionGate() {
  const { can } = useSession();
  const { permissions = [] } = useRouteHandle();
  return can(...permissions) ? <Outlet /> : <NoAccessPage />;
}

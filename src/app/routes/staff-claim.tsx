// /claims/{id}, one claim as staff work it, for staff only (a route, so a claim's link can be shared).
import { ClaimScreen } from '@/features/staff/claims/claim-screen';
import type { Navigate } from '@/features/staff/navigation';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { useNav } from '../router';
import { staffRoute } from './staff-route';

const PREFIX = '/claims/';

function ClaimRoute({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const { path } = useNav();
  const id = decodeURIComponent(path.slice(PREFIX.length).replace(/\/+$/, ''));
  // A fresh screen per claim, so one claim's state never shows under another's number.
  return <ClaimScreen key={id} id={id} config={config} navigate={navigate} />;
}

export default staffRoute(ClaimRoute);

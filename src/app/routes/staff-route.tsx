// A staff screen behind the staff sign-in (RequireStaff sends anyone else to /login/staff?next=…).
import type { ComponentType } from 'react';
import { RequireStaff } from '@/features/staff/require-staff';
import type { Navigate } from '@/features/staff/navigation';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { useConfig } from '../config-context';
import { useNav } from '../router';

export function staffRoute(Screen: ComponentType<{ config: RuntimeConfig; navigate: Navigate }>) {
  return function StaffRoute() {
    const config = useConfig();
    const { navigate } = useNav();
    return (
      <RequireStaff config={config} navigate={navigate}>
        <Screen config={config} navigate={navigate} />
      </RequireStaff>
    );
  };
}

// How staff screens move between routes, and the `next` of the staff sign-in.

export type Navigate = (to: string, opts?: { replace?: boolean }) => void;

const STAFF_HOME = '/home';

/** A same-site path to return to after sign-in; anything else (another site, the sign-in page itself) is /home. */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return STAFF_HOME;
  if (raw === '/login/staff' || raw.startsWith('/login/staff?')) return STAFF_HOME;
  return raw;
}

/** /login/staff?next=<path>, with the path kept readable (slashes unescaped). */
export const signInPath = (next: string) => `/login/staff?next=${encodeURIComponent(safeNext(next)).replace(/%2F/gi, '/')}`;

/** Link clicks handled in the page (no reload); modified clicks still open a new tab as usual. */
export function linkHandler(navigate: Navigate, to: string) {
  return (e: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; button: number }) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
}

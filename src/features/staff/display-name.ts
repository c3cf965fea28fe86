// The account screen's name for a user (SPEC.md: the part of the email before
// the @ with dots replaced by spaces, or "User" without an email).
export const displayName = (email: string | null | undefined): string => (email ? email.split('@')[0]!.replace(/\./g, ' ') : 'User');

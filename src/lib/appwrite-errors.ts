// What an Appwrite web SDK error says about itself, read without loading the SDK: its HTTP status and its type.

const has = <K extends string>(err: unknown, key: K): err is Record<K, unknown> => typeof err === 'object' && err !== null && key in err;

/** The error's HTTP status: 0 when it has none (no answer from the server, or not the SDK's error). */
export const statusOf = (err: unknown): number => (has(err, 'code') ? Number(err.code) : 0);

/** The error's Appwrite type (such as `user_session_already_exists`), or '' when it has none. */
export const typeOf = (err: unknown): string => (has(err, 'type') ? String(err.type) : '');

// The error a call that must fail rejects with (AppwriteException from either SDK).
import type { AppwriteException } from 'appwrite';

export async function failure(p: Promise<unknown>): Promise<AppwriteException> {
  try {
    await p;
  } catch (err) {
    return err as AppwriteException;
  }
  throw new Error('expected the call to fail');
}

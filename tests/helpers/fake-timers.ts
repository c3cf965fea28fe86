// Vitest's fake timers for each test of the calling file or describe block, and the real ones back after each.
import { afterEach, beforeEach, vi } from 'vitest';

export function fakeTimersInEachTest() {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

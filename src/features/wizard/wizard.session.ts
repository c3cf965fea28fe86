// The wizard's session region: checked when a draft reopens signed in, polled every 15 minutes while signed in.
import type { DoneActorEvent } from 'xstate';
import { LIMITS } from './wizard.rules';
import type { ActorIO } from './wizard.types';

const statusOf = ({ event }: { event: DoneActorEvent<ActorIO['checkSession']['output']> }) => ({ status: event.output.status });

/** The session region's state config. */
export const sessionRegion = {
  initial: 'signedOut',
  states: {
    signedOut: { on: { 'session.start': 'signedIn', 'session.check': 'checking' } },
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'isSessionGone', params: statusOf },
            target: 'signedOut',
            actions: 'markLoggedOut',
          },
          { target: 'signedIn' },
        ],
        onError: 'signedIn',
      },
    },
    signedIn: {
      invoke: { id: 'pollSession', src: 'pollSession', input: { intervalMs: LIMITS.sessionPollMs } },
      on: {
        'session.lost': { target: 'signedOut', actions: 'markLoggedOut' },
        'session.end': 'signedOut',
        'session.start': { target: 'signedIn', reenter: true },
      },
    },
  },
} as const;

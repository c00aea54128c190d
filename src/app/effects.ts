import { destinations } from '../../contract/paths.ts';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { AnyActorRef } from 'xstate';
import type { Emitted } from '../../machines/emitted.ts';
import { Lockout } from '../ui/lockout.tsx';
import { Session } from './session.tsx';
import { dismissErrorToasts, fatal, otpScreen, retryFailed, showToast } from '../ui/stores.ts';

/**
 * Carries out what a screen's machine emits: toasts, navigation (with navigation state),
 * the lockout, the session, and the screens that replace the page.
 */
export function useMachineEffects(actor: AnyActorRef): void {
  const [, navigate] = useLocation();
  const lockout = Lockout.useActorRef();
  const session = Session.useActorRef();
  useEffect(() => {
    const sub = actor.on('*', (event: Emitted) => {
      switch (event.type) {
        case 'toast':
          showToast(
            'messages' in event
              ? { kind: event.kind, messages: event.messages }
              : { kind: event.kind, key: event.key, ...(event.values ? { values: event.values } : {}) },
          );
          break;
        case 'errorsOutdated':
          dismissErrorToasts();
          break;
        case 'navigate':
          // Machines name the page; `~` keeps its address absolute inside /dashboard.
          navigate(`~${event.href ?? destinations[event.to]}`, {
            ...(event.state ? { state: event.state } : {}),
            ...(event.replace ? { replace: true } : {}),
          });
          break;
        case 'rateLimited':
          // The server's Retry-After and the screen's words, when they came, go with it.
          lockout.send({ ...event, type: 'RATE_LIMITED' });
          break;
        case 'loggedIn':
          session.send({ type: 'LOGGED_IN', token: event.token });
          break;
        case 'loggedOut':
          session.send({ type: 'LOGOUT' });
          break;
        case 'otpFlag':
          otpScreen.set(event.on);
          break;
        case 'serverError': {
          const { retry } = event;
          retryFailed.set(() => actor.send(retry));
          fatal.set('serverError');
          break;
        }
        case 'connectionLost':
          fatal.set('connectionLost');
          break;
      }
    });
    return () => sub.unsubscribe();
  }, [actor, navigate, lockout, session]);
}

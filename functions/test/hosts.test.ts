/**
 * The bundle's entry (`src/index.ts`) as the Firebase CLI loads it: it exports one function per
 * name of the table of what the server hosts (src/services/hosted.ts), each deployed as the table
 * says (a callable as a callable, a trigger on its document and event kind with retries on, a
 * schedule on its schedule), and every project callable the client calls is among them.
 */
import { describe, expect, it } from 'vitest';
import { FIREBASE_CALLABLES } from '@/backend/firebase/firebase-backend';
import {
  HOSTED_CALLABLES,
  HOSTED_PUBLIC_ROUTES,
  HOSTED_SCHEDULES,
  HOSTED_TRIGGERS,
  hostedNames,
} from '@/services/hosted';
import * as bundle from '../src/index';

interface Endpoint {
  callableTrigger?: object;
  httpsTrigger?: object;
  scheduleTrigger?: { schedule: string };
  timeoutSeconds?: number | null;
  eventTrigger?: {
    eventType: string;
    eventFilterPathPatterns?: { document?: string };
    retry: boolean;
  };
}

const exported = bundle as unknown as Record<string, { __endpoint?: Endpoint }>;
const endpoint = (name: string): Endpoint => exported[name]?.__endpoint ?? {};

describe('the functions bundle', () => {
  it('exports exactly the functions of the table, and its readiness', () => {
    const functions = Object.keys(exported).filter((name) => typeof exported[name] === 'function');
    expect(functions.sort()).toEqual(hostedNames().sort());
    // The one other export, which the Firebase CLI's discovery must not take for a function.
    expect(Object.keys(exported).filter((name) => !functions.includes(name))).toEqual(['ready']);
    expect(bundle.ready).toBeInstanceOf(Promise);
  });

  it('exports every callable the client calls', () => {
    for (const name of Object.values(FIREBASE_CALLABLES)) {
      if (name.startsWith('ext-')) continue; // the Stripe payments extension's
      expect(endpoint(name).callableTrigger, name).toBeDefined();
    }
  });

  it('deploys each callable as a callable', () => {
    for (const name of Object.keys(HOSTED_CALLABLES)) {
      expect(endpoint(name).callableTrigger, name).toBeDefined();
    }
  });

  it('deploys each trigger on its document and event kind, with retries on', () => {
    for (const [name, trigger] of Object.entries(HOSTED_TRIGGERS)) {
      const event = endpoint(name).eventTrigger;
      expect(event?.eventType, name).toBe(`google.cloud.firestore.document.v1.${trigger.on}`);
      expect(event?.eventFilterPathPatterns?.document, name).toBe(trigger.document);
      expect(event?.retry, `${name} retries a failed event`).toBe(true);
    }
  });

  it('deploys each schedule on its schedule and the public routes as public HTTPS', () => {
    for (const [name, schedule] of Object.entries(HOSTED_SCHEDULES)) {
      expect(endpoint(name).scheduleTrigger?.schedule, name).toBe(schedule.schedule);
      expect(endpoint(name).timeoutSeconds, name).toBe(schedule.timeoutSeconds);
    }
    for (const name of Object.keys(HOSTED_PUBLIC_ROUTES)) {
      expect(endpoint(name).httpsTrigger, name).toEqual({ invoker: ['public'] });
    }
  });
});

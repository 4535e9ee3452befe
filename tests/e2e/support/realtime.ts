// What the page hears from Realtime, so a test waits for the event itself instead of a fixed
// time: "the projects channel listens" before a change is made. Call watchRealtime before
// page.goto.
import { expect, type Page } from '@playwright/test';

interface Message {
  topic: string;
  event: string;
  payload: Record<string, any>;
}

/** A Phoenix message in either serialisation: vsn 1 objects or vsn 2 arrays. */
function parse(text: string): Message | null {
  try {
    const data = JSON.parse(text);
    if (Array.isArray(data)) return { topic: data[2], event: data[3], payload: data[4] ?? {} };
    if (data && typeof data === 'object') return data as Message;
  } catch {
    // binary broadcast frames and the like: not what these waits look for
  }
  return null;
}

export function watchRealtime(page: Page) {
  const heard: Message[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/websocket')) return;
    ws.on('framereceived', ({ payload }) => {
      const message = parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
      if (message) heard.push(message);
    });
  });
  return {
    /** where the next waits start reading: call it before a navigation that opens new channels */
    mark: () => heard.length,
    /** the channel whose name starts with `name` (e.g. `projects:`) listens to the database:
     *  Realtime's "Subscribed to PostgreSQL", after which every change reaches it */
    joined: (name: string, since = 0) =>
      expect
        .poll(
          () =>
            heard
              .slice(since)
              .some(
                (m) =>
                  m.topic.startsWith(`realtime:${name}`) &&
                  m.event === 'system' &&
                  m.payload.extension === 'postgres_changes' &&
                  m.payload.status === 'ok',
              ),
          { message: `the realtime channel ${name}… joins` },
        )
        .toBe(true),
  };
}

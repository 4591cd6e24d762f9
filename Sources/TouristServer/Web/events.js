// Live updates: one EventSource on /api/events for the whole app, shared by the pages.
//
// The server sends `pin` (PIN), `pin-removed` ({id}), `progress` ({pin, done, total, bytes}) and
// `fetch-ended` ({pin, status, message}). EventSource reconnects by itself after an error; since
// events may have been missed meanwhile, subscribers also get a `resync` event after every
// reconnect, on which they reload what they show.

let source = null;
let everOpened = false;
let lostConnection = false;
const handlers = new Map(); // event type -> Set of functions

const SERVER_EVENTS = ['pin', 'pin-removed', 'progress', 'fetch-ended'];

function dispatch(type, data) {
  for (const fn of handlers.get(type) || []) {
    try {
      fn(data);
    } catch (error) {
      console.error(`tourist: ${type} handler failed`, error);
    }
  }
}

function connect() {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource('/api/events');
  for (const type of SERVER_EVENTS) {
    source.addEventListener(type, (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return; // not JSON: nothing a page could use
      }
      dispatch(type, data);
    });
  }
  source.addEventListener('open', () => {
    if (everOpened && lostConnection) dispatch('resync', null);
    everOpened = true;
    lostConnection = false;
  });
  source.addEventListener('error', () => {
    lostConnection = true;
  });
}

/** Call fn(data) for each event of `type`; returns the function that unsubscribes. */
export function on(type, fn) {
  connect();
  if (!handlers.has(type)) handlers.set(type, new Set());
  handlers.get(type).add(fn);
  return () => handlers.get(type).delete(fn);
}

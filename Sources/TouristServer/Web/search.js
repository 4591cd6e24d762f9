// The map page's search box: a place name (the bundled gazetteer, as you type; the online
// geocoder, when the config turns it on, only on Enter and only for a name the gazetteer lacks, as
// Nominatim's policy asks: no lookups while typing) or "lat, lon", as an ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): the candidates in a
// listbox, ArrowDown/ArrowUp to move, Enter to pick (the first when none is chosen), Escape to
// close; a pick is handed to `onPick(candidate)`. Beside it, "Drop a pin here" drops one at the
// map's centre (marked by a crosshair), the keyboard's way to drop a pin anywhere.

import * as api from './api.js';
import { h, debounce } from './ui.js';

/**
 * Builds the search control, its element to put on the map. `onPick(candidate)`: a candidate of
 * /api/places was chosen. `onDropHere()`: the button was pressed. `geocoderAdvice`: what the box
 * adds when a name is found nowhere and the geocoder is off (`/api/settings` names).
 */
export function searchControl({ onPick, onDropHere, geocoderAdvice }) {
  const input = h('input', {
    id: 'place-search',
    type: 'search',
    class: 'place-search-input',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': 'place-results',
    'aria-describedby': 'place-status',
    placeholder: 'Place or lat, lon',
    autocomplete: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
  });
  const list = h('ul', { id: 'place-results', class: 'place-results', role: 'listbox', 'aria-label': 'Places found', hidden: true });
  const status = h('p', { id: 'place-status', class: 'place-status', 'aria-live': 'polite' });
  const drop = h('button', { type: 'button', id: 'drop-here', class: 'button drop-here', on: { click: () => onDropHere() } }, 'Drop a pin here');
  const element = h('div', { class: 'map-search', role: 'search' },
    h('div', { class: 'map-search-row' },
      h('label', { for: 'place-search', class: 'visually-hidden' }, 'Search for a place or coordinates'),
      input, drop),
    list, status);

  let candidates = [];
  let active = -1;
  let controller = null;
  let lastQuery = '';
  let inFlight = Promise.resolve(); // the lookup of lastQuery

  function render() {
    list.replaceChildren(...candidates.map((candidate, index) => h('li', {
      id: `place-option-${index}`,
      class: 'place-option',
      role: 'option',
      'aria-selected': index === active ? 'true' : 'false',
      on: {
        mousedown: (event) => event.preventDefault(), // keep the focus in the box
        click: () => pick(index),
      },
    }, h('span', { class: 'place-option-name' }, candidate.displayName), detail(candidate))));
    const open = candidates.length > 0;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (active >= 0) input.setAttribute('aria-activedescendant', `place-option-${active}`);
    else input.removeAttribute('aria-activedescendant');
    list.children[active]?.scrollIntoView({ block: 'nearest' });
  }

  function close() {
    candidates = [];
    active = -1;
    render();
  }

  let geocoder = false; // whether the server's online geocoder is on
  let askedOnline = ''; // the text last looked up online

  async function lookUp(text, { online = false } = {}) {
    controller?.abort();
    const query = text.trim();
    lastQuery = query;
    if (online) askedOnline = query;
    if (!query) {
      status.textContent = '';
      close();
      return;
    }
    controller = new AbortController();
    try {
      if (online) status.textContent = `Looking “${query}” up online…`;
      const answer = await api.searchPlaces(query, { online, signal: controller.signal });
      if (query !== lastQuery) return;
      geocoder = answer?.geocoder === true;
      // The candidate chosen with the arrows stays chosen when it is still listed.
      const chosen = candidates[active]?.displayName;
      candidates = Array.isArray(answer?.candidates) ? answer.candidates.filter(usable) : [];
      active = candidates.findIndex((candidate) => candidate.displayName === chosen);
      list.dataset.query = query; // the text these candidates answer (for tests)
      status.textContent = candidates.length ? `${candidates.length} found; arrow keys to choose, Enter to go there` : notFound(query, { online, geocoder, geocoderAdvice });
      render();
    } catch (error) {
      if (error.name === 'AbortError') return;
      candidates = [];
      active = -1;
      status.textContent = error.message; // the server's words: what to type instead
      render();
    }
  }

  const lookUpSoon = debounce((text) => {
    inFlight = lookUp(text);
  }, 120);

  function pick(index) {
    const candidate = candidates[index];
    if (!candidate) return;
    input.value = candidate.displayName;
    status.textContent = '';
    close();
    onPick(candidate);
  }

  input.addEventListener('input', () => lookUpSoon(input.value));
  input.addEventListener('keydown', async (event) => {
    event.stopPropagation(); // the map's keys (arrows pan, + and - zoom) are not the box's
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!candidates.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From none chosen, down is the first and up the last; then round and round.
      if (active < 0) active = step > 0 ? 0 : candidates.length - 1;
      else active = (active + step + candidates.length) % candidates.length;
      render();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter typed before the list came: look the text up now, then pick.
      if (input.value.trim() !== lastQuery) {
        lookUpSoon.cancel();
        inFlight = lookUp(input.value);
      }
      await inFlight;
      // A name the gazetteer lacks (a landmark, an address): asked online once, on Enter.
      const query = input.value.trim();
      if (!candidates.length && geocoder && query && query === lastQuery && query !== askedOnline) {
        inFlight = lookUp(query, { online: true });
        await inFlight;
      }
      pick(active >= 0 ? active : 0);
    } else if (event.key === 'Escape') {
      if (candidates.length) close();
      else input.value = '';
    }
  });
  input.addEventListener('blur', () => close());

  return element;
}

function usable(candidate) {
  return candidate && typeof candidate.displayName === 'string' && Number.isFinite(candidate.latitude) && Number.isFinite(candidate.longitude);
}

/** What the box says when nothing was found; `geocoderAdvice`: the server's words on turning the geocoder on. */
function notFound(query, { online, geocoder, geocoderAdvice }) {
  if (online) return `Nothing called “${query}” online either. Check the spelling, add a city or country, or type coordinates such as 48.8584, 2.2945.`;
  if (geocoder) return `No city called “${query}”. Press Enter to look it up online (OpenStreetMap), or type coordinates such as 48.8584, 2.2945.`;
  return `No place called “${query}”. Try another spelling, or type coordinates such as 48.8584, 2.2945.${geocoderAdvice ? ` ${geocoderAdvice}` : ''}`;
}

/** The second line of a candidate: its country, region and population, that it is a point, or the online source's credit. */
function detail(candidate) {
  const parts = candidate.source === 'coordinates'
    ? ['Coordinates']
    : candidate.source === 'geocoder'
      ? [candidate.attribution ? `Found online; ${candidate.attribution}` : 'Found online']
      : [candidate.region && !/^\d+$/.test(candidate.region) ? candidate.region : null, candidate.countryName,
        Number.isFinite(candidate.population) ? `pop. ${candidate.population.toLocaleString('en')}` : null];
  return h('span', { class: 'place-option-detail' }, parts.filter(Boolean).join(' · '));
}

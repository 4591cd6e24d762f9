// The album page's Edit pin form: a pin's name, search radius and time window (taken and months),
// as `tourist pin edit` changes them (PATCH /api/pins/ID). An emptied window field lifts that part,
// as `--taken any` does; the server checks what is typed, in the CLI's words. It opens under the album's heading with the name field focused;
// Enter saves, Escape or Cancel closes it and gives the focus back to the button that opened it.
// What the server refuses (a name another pin has, a radius out of range) shows in the form, in
// the server's words, and the form stays open to correct it.

import * as api from './api.js';
import { h, radiusRange } from './ui.js';

/** The edit form of one album page. */
export class PinEditForm {
  /**
   * `onSaved({pin, next})` runs after a change was saved (`next`: "new-collection", "fetch" or
   * absent, see the API); `opener` is the button that opens the form, focused again on close;
   * `settings`: a promise of `/api/settings` (or of null), whose radii the form offers.
   */
  constructor({ onSaved, opener, settings }) {
    this.onSaved = onSaved;
    this.opener = opener;
    this.pin = null;
    this.saving = false;
    this.nameInput = h('input', {
      id: 'pin-edit-name', type: 'text', autocomplete: 'off', maxlength: 200, required: true,
      'aria-describedby': 'pin-edit-error',
    });
    this.radiusInput = h('input', {
      id: 'pin-edit-radius', type: 'number', inputmode: 'decimal', step: 'any', required: true,
      'aria-describedby': 'pin-edit-radius-hint pin-edit-error',
    });
    this.takenInput = h('input', {
      id: 'pin-edit-taken', type: 'text', autocomplete: 'off', maxlength: 60, placeholder: 'any time', spellcheck: 'false',
      'aria-describedby': 'pin-edit-window-hint pin-edit-error',
    });
    this.monthsInput = h('input', {
      id: 'pin-edit-months', type: 'text', autocomplete: 'off', maxlength: 60, placeholder: 'every month', spellcheck: 'false',
      'aria-describedby': 'pin-edit-window-hint pin-edit-error',
    });
    this.radiusProblem = () => null; // until the settings say the range; the server checks it anyway
    settings.then((known) => {
      this.radiusProblem = radiusRange(this.radiusInput, known);
    });
    this.errorElement = h('p', { id: 'pin-edit-error', class: 'form-error', role: 'alert', hidden: true });
    this.saveButton = h('button', { type: 'submit', id: 'pin-edit-save', class: 'button button-primary' }, 'Save');
    this.element = h('form', {
      id: 'pin-edit-form', class: 'pin-edit', hidden: true, novalidate: true, 'aria-labelledby': 'pin-edit-title',
      on: { submit: (event) => this.submit(event), keydown: (event) => this.keydown(event) },
    },
    h('h2', { id: 'pin-edit-title', class: 'pin-edit-title' }, 'Edit pin'),
    h('div', { class: 'pin-edit-fields' },
      h('label', { class: 'field pin-edit-name' }, h('span', { class: 'field-label' }, 'Name'), this.nameInput),
      h('label', { class: 'field pin-edit-radius' }, h('span', { class: 'field-label' }, 'Search radius (km)'), this.radiusInput)),
    h('p', { id: 'pin-edit-radius-hint', class: 'pin-edit-hint muted' },
      'The album keeps its photos; later searches look within the new radius.'),
    h('div', { class: 'pin-edit-fields pin-edit-window' },
      h('label', { class: 'field pin-edit-taken' }, h('span', { class: 'field-label' }, 'Taken (years or days)'), this.takenInput),
      h('label', { class: 'field pin-edit-months' }, h('span', { class: 'field-label' }, 'Months of any year'), this.monthsInput)),
    h('p', { id: 'pin-edit-window-hint', class: 'pin-edit-hint muted' },
      'Only photos taken then: 2010..2015, ..1950 or 2019-03-01..2019-04-15; months 4, 3-5 or 12-2. Empty: any.'),
    this.errorElement,
    h('div', { class: 'form-buttons' },
      h('button', { type: 'button', id: 'pin-edit-cancel', class: 'button', on: { click: () => this.close() } }, 'Cancel'),
      this.saveButton));
  }

  get isOpen() {
    return !this.element.hidden;
  }

  /**
   * Opens the form with `pin`'s name, radius and window, the name (or with `focus: 'radius'` the
   * radius, `focus: 'taken'` the taken range) focused and selected.
   */
  open(pin, { focus = 'name' } = {}) {
    this.pin = pin;
    this.nameInput.value = pin.name;
    this.radiusInput.value = String(pin.radiusKm);
    this.takenInput.value = pin.taken || '';
    this.monthsInput.value = pin.months || '';
    this.showError(null);
    this.element.hidden = false;
    this.opener.setAttribute('aria-expanded', 'true');
    const field = { radius: this.radiusInput, taken: this.takenInput }[focus] || this.nameInput;
    field.focus();
    field.select();
  }

  /** Closes the form without saving; the focus goes back to the Edit button. */
  close() {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.opener.setAttribute('aria-expanded', 'false');
    this.opener.focus();
  }

  keydown(event) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.close();
  }

  showError(text) {
    this.errorElement.hidden = !text;
    this.errorElement.textContent = text || '';
  }

  /** Sends what changed; nothing changed closes the form. */
  async submit(event) {
    event.preventDefault();
    if (this.saving || !this.pin) return;
    const changes = {};
    const name = this.nameInput.value.trim();
    if (name !== this.pin.name) changes.name = name;
    const radiusText = this.radiusInput.value.trim();
    const radius = radiusText === '' ? Number.NaN : Number(radiusText);
    // The range the server offers, said in the form's words before asking it.
    const problem = this.radiusProblem(radius);
    if (problem) {
      this.showError(problem);
      this.radiusInput.focus();
      return;
    }
    if (radius !== this.pin.radiusKm) changes.radiusKm = radius;
    const taken = this.takenInput.value.trim();
    if (taken !== (this.pin.taken || '')) changes.taken = taken;
    const months = this.monthsInput.value.trim();
    if (months !== (this.pin.months || '')) changes.months = months;
    if (Object.keys(changes).length === 0) {
      this.close();
      return;
    }
    this.saving = true;
    this.saveButton.disabled = true;
    try {
      const result = await api.editPin(this.pin.id, changes);
      this.showError(null);
      this.close();
      this.onSaved(result);
    } catch (error) {
      this.showError(error.message);
    } finally {
      this.saving = false;
      this.saveButton.disabled = false;
    }
  }
}

// @ts-check
// An optional chime when it becomes the person's turn: off until they switch
// it on in the header, remembered in this browser. Two short sine tones from
// the Web Audio API; no sound file.

import { t } from './i18n.js';

const KEY = 'sound';

/** @type {AudioContext | null} */
let audio = null;

/** Whether the person switched the chime on. */
export function soundOn() {
  return localStorage.getItem(KEY) === 'on';
}

/**
 * The page's audio, or null where it cannot sound: browsers start audio
 * only once the person has clicked on the page (asking earlier only logs a
 * warning).
 */
function context() {
  if (typeof AudioContext === 'undefined') return null;
  if (!audio) {
    const activation = navigator.userActivation;
    if (activation && !activation.hasBeenActive) return null;
    audio = new AudioContext();
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

/** Plays the chime, if the person wants it. */
export function chime() {
  if (!soundOn()) return;
  const ctx = context();
  if (!ctx) return;
  const start = ctx.currentTime;
  // A rising fifth, each tone with a quick attack and a soft fade.
  for (const [frequency, delay] of [[880, 0], [1318.5, 0.12]]) {
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + delay);
    gain.gain.exponentialRampToValueAtTime(0.15, start + delay + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + delay + 0.35);
    tone.connect(gain).connect(ctx.destination);
    tone.start(start + delay);
    tone.stop(start + delay + 0.4);
  }
}

/**
 * Words the header's switch in the page's language, as it stands.
 * @param {HTMLElement} button
 */
export function labelSoundToggle(button) {
  const on = soundOn();
  button.textContent = on ? t('sound-on') : t('sound-off');
  button.title = t('sound-title');
  button.setAttribute('aria-pressed', String(on));
}

/**
 * Switches the chime on or off; switched on, it plays once, so the person
 * hears what it sounds like.
 * @param {HTMLElement} button
 */
export function toggleSound(button) {
  localStorage.setItem(KEY, soundOn() ? 'off' : 'on');
  labelSoundToggle(button);
  chime();
}

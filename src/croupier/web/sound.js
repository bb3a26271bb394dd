// Table sounds: off until the player turns them on (issue 18), remembered in this browser.
// A short tone when bets open, when they close and at the result; no audio is created while
// they are off.
import { el } from "./common.js";
import { t } from "./i18n.js";

const KEY = "croupier-sound";
const TONES = { open: [660, 0.12], closed: [440, 0.12], result: [880, 0.2] };
let context = null;

export const soundOn = () => localStorage.getItem(KEY) === "on";

export function soundToggle() {
  const button = el("button", { id: "sound", class: "secondary", type: "button", "aria-pressed": String(soundOn()) });
  const label = () => { button.textContent = soundOn() ? t("Sound on") : t("Sound off"); button.setAttribute("aria-pressed", String(soundOn())); };
  button.addEventListener("click", () => {
    localStorage.setItem(KEY, soundOn() ? "off" : "on");
    label();
  });
  label();
  return button;
}

export function cue(name) {
  if (!soundOn() || !TONES[name]) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context = context || new Audio();
  const [frequency, seconds] = TONES[name];
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + seconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + seconds);
}

// @ts-check
// Optional sounds, off until the player turns them on (remembered): short tunes made in the
// page with Web Audio, nothing downloaded.

const STORED = "millebornes:sound";
/** @typedef {"play" | "attack" | "coup" | "turn" | "deal"} Tune */
/** @type {Record<Tune, [number, number][]>} each tune: [frequency in Hz, seconds] notes, one after the other */
const TUNES = {
  play: [[660, 0.06]],
  attack: [[220, 0.12], [165, 0.18]],
  coup: [[523, 0.09], [659, 0.09], [784, 0.09], [1047, 0.3]],
  turn: [[880, 0.08], [1175, 0.14]],
  deal: [[523, 0.14], [659, 0.14], [523, 0.3]],
};

const sound = {
  /** @type {AudioContext | null} made at the first sound (or when sounds are turned on) */
  audio: null,
};

export function soundOn() {
  return localStorage.getItem(STORED) === "on";
}

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(STORED, on ? "on" : "off");
  if (on) context();
}

function context() {
  const audio = (sound.audio ??= new AudioContext());
  if (audio.state === "suspended") audio.resume();
  return audio;
}

/** @param {Tune} kind */
export function playSound(kind) {
  if (!soundOn()) return;
  const output = context();
  let at = output.currentTime;
  for (const [frequency, seconds] of TUNES[kind]) {
    const tone = output.createOscillator();
    const volume = output.createGain();
    tone.type = kind === "attack" ? "sawtooth" : "triangle";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    tone.connect(volume).connect(output.destination);
    tone.start(at);
    tone.stop(at + seconds + 0.02);
    at += seconds;
  }
}

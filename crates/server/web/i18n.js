// The texts of the front end in English and German.

const TEXTS = {
  en: {
    lobby: 'New game', create: 'Create table', players: 'Seats', seat: 'Seat', options: 'Options',
    human: 'Person', hotseat: 'Hot-seat: everyone plays on this device', links: 'Invitation links',
    spectator: 'Spectator link', open: 'Open', mine: 'Your tables', none: 'No tables yet.',
    yourTurn: 'Your turn', waiting: 'Waiting for', over: 'Game over', moves: 'Your moves', log: 'Moves so far',
    result: 'Result', rank: 'Rank', score: 'Score', passTo: 'Pass the device to seat', ready: "I'm seat",
    replay: 'Replay', back: 'Back', next: 'Next', first: 'Start', last: 'End', chance: 'Chance',
    connecting: 'Connecting…', reconnecting: 'Connection lost, reconnecting…', spectating: 'Watching',
    stale: 'The table moved on; your view was refreshed.', bots: 'Bots', table: 'Table', seed: 'Seed',
    rejoin: 'Rejoin', text: 'Text view', you: 'you', team: 'Team', win: 'wins', draw: 'Draw',
    window: 'Steigung window: anyone but the leader may now lay a Steigung on the leader\'s pile',
    windowYours: 'Steigung window: lay a Steigung on the leader\'s pile, or pass',
    windowAnswered: 'Answered; waiting for everyone in the window', windowClosed: 'Steigung window closed',
    autoPass: 'Pass Steigung windows automatically', windowWho: 'Whoever lays a Steigung: click your seat',
    windowNobody: 'Nobody (else)', cannotAct: 'cannot act now',
    defaultAuto: 'automatic', defaultOff: 'not used', defaultFollows: 'as {}', on: 'on', off: 'off',
  },
  de: {
    lobby: 'Neues Spiel', create: 'Tisch eröffnen', players: 'Plätze', seat: 'Platz', options: 'Optionen',
    human: 'Mensch', hotseat: 'Hot-Seat: alle spielen an diesem Gerät', links: 'Einladungslinks',
    spectator: 'Zuschauerlink', open: 'Öffnen', mine: 'Deine Tische', none: 'Noch keine Tische.',
    yourTurn: 'Du bist am Zug', waiting: 'Warte auf', over: 'Spiel beendet', moves: 'Deine Züge', log: 'Bisherige Züge',
    result: 'Ergebnis', rank: 'Platz', score: 'Punkte', passTo: 'Gib das Gerät weiter an Platz', ready: 'Ich bin Platz',
    replay: 'Wiederholung', back: 'Zurück', next: 'Weiter', first: 'Anfang', last: 'Ende', chance: 'Zufall',
    connecting: 'Verbinde…', reconnecting: 'Verbindung verloren, verbinde neu…', spectating: 'Zuschauer',
    stale: 'Der Tisch ist weiter; deine Ansicht wurde erneuert.', bots: 'Bots', table: 'Tisch', seed: 'Startwert',
    rejoin: 'Zurück an den Tisch', text: 'Textansicht', you: 'du', team: 'Team', win: 'gewinnt', draw: 'Unentschieden',
    window: 'Steigungsfenster: alle außer dem Ausreisser dürfen jetzt eine Steigung auf seinen Stapel legen',
    windowYours: 'Steigungsfenster: lege eine Steigung auf den Stapel des Ausreissers, oder passe',
    windowAnswered: 'Geantwortet; warte auf alle im Fenster', windowClosed: 'Steigungsfenster geschlossen',
    autoPass: 'Steigungsfenster automatisch passen', windowWho: 'Wer eine Steigung legt: klicke deinen Platz',
    windowNobody: 'Niemand (mehr)', cannotAct: 'kann jetzt nicht handeln',
    defaultAuto: 'automatisch', defaultOff: 'nicht genutzt', defaultFollows: 'wie {}', on: 'an', off: 'aus',
  },
};

let lang = localStorage.getItem('lang') || (navigator.language || 'en').slice(0, 2);
if (!TEXTS[lang]) lang = 'en';

export function getLang() { return lang; }
export function setLang(l) { lang = TEXTS[l] ? l : 'en'; localStorage.setItem('lang', lang); }
export function t(key) { return (TEXTS[lang] && TEXTS[lang][key]) || TEXTS.en[key] || key; }
/** A {en, de} text object from the server, in the current language. */
export function tr(text) { return text ? (text[lang] || text.en || '') : ''; }

// @ts-check
// The texts of the front end in English and German, and the server's
// errors in the person's language.
//
// Seats are counted from 1 in every text for people (the wire counts from
// 0). In German a seat is a "Spieler" and a rank a "Platz".

/** @typedef {'en' | 'de'} Lang */

const EN = {
  lobby: 'New game', create: 'Create table', players: 'Seats', seat: 'Seat', options: 'Options',
  human: 'Person', hotseat: 'Hot-seat: everyone plays on this device', links: 'Invitation links',
  spectator: 'Spectator link', open: 'Open', mine: 'Your tables', none: 'No tables yet.',
  yourTurn: 'Your turn', thinking: 'is thinking…', rankedBy: 'Ranked by', lapsDown: 'Laps down', matchPoints: 'Match points', tiesShared: 'Equal scores share a place: the rules break no ties.', expired: 'closed, unfinished', waiting: 'Waiting for', over: 'Game over', moves: 'Your moves', movesOf: 'Moves of {}', log: 'Moves so far',
  result: 'Result', rank: 'Rank', score: 'Score', passTo: 'Pass the device to {}', ready: "I'm {}", turnOf: "{}'s turn",
  replay: 'Replay', replayLoading: 'The rest of the game is coming:', back: 'Back', next: 'Next', first: 'Start', last: 'End', chance: 'Chance',
  connecting: 'Connecting…', reconnecting: 'Connection lost, reconnecting…', spectating: 'Watching',
  bots: 'Bots', table: 'Table', seed: 'Seed',
  rejoin: 'Rejoin', text: 'Text view', you: 'you', team: 'Team', win: 'wins', winPlural: 'win', draw: 'Draw',
  window: 'Steigung window: anyone but the leader may now lay a Steigung on the leader\'s pile',
  windowYours: 'Steigung window: lay a Steigung on the leader\'s pile, or pass',
  windowOf: 'Steigung window: {} may lay a Steigung on the leader\'s pile, or pass',
  windowAnswered: 'Answered; waiting for everyone in the window',
  autoPass: 'Pass Steigung windows automatically', windowWho: 'Whoever lays a Steigung: click your seat',
  windowNobody: 'Nobody (else)', cannotAct: 'cannot act now',
  soundOn: '♪ Sound: on', soundOff: '♪ Sound: off', soundTitle: 'A chime when it becomes your turn',
  defaultAuto: 'automatic', defaultOff: 'not used', defaultFollows: 'as {}', on: 'on', off: 'off',
  badLink: 'This link leads to no table: the table does not exist (any more), or the link is incomplete.',
  toLobby: 'To the lobby', rules: 'Rules', noRules: 'There is no summary of this game\'s rules here.',
  unreachable: 'The server cannot be reached. Check your connection; the page keeps trying.',
  unreachableReload: 'The server cannot be reached. Check your connection and reload the page.',
  unreachableRetry: 'The server cannot be reached. Check your connection and try again.',
  garbled: 'The server sent something this page cannot read. Reload the page.',
  notSent: 'Not connected: your move was not sent. Reconnecting…',
  kindHuman: 'Person', kindRandom: 'Bot: random', kindHeuristic: 'Bot: rules of thumb',
  rematch: 'Rematch', rematchReady: 'The rematch is ready.', rematchJoin: 'Play the rematch', rematchWatch: 'Watch the rematch',
  newGame: 'New game', share: 'Share', shareHelp: 'This replay as a spectator sees it (no one\'s hand):',
  kindEasy: 'Bot: Easy', kindMedium: 'Bot: Medium', kindHard: 'Bot: Hard', kindSearch: 'Bot',
  levelEasy: 'plays by rules of thumb, at once: good for learning the game.',
  levelMedium: 'looks ahead over many possible futures: a fair match for a regular player.',
  levelHard: 'looks ahead several times as far as Medium and takes a little longer: a match for experienced players.',
  yourName: 'Your name', publicTable: 'Public table: listed below, anyone may take a free seat or watch',
  seatName: 'Name', invite: 'Invite', inviteHelp: 'Send each free seat its link; whoever opens it takes the seat.',
  copy: 'Copy', copied: 'Copied', copyByHand: 'Selected: copy it with Ctrl+C',
  openTables: 'Open tables', watch: 'Watch', takeSeat: 'Take seat', take: 'Take the seat', free: 'free',
  askName: 'Your name at this table:', joinAt: 'You are invited to', joinSeat: 'Your seat', others: 'At the table',
  taken: 'This seat is taken: someone else sits there now.', watchInstead: 'Watch the game instead',
  wonBy: 'won by', nameFirst: 'Enter your name first (top of the page).',
  missing: 'There is no page at this address.',
  or: 'or',
  seatsFree: '{free} of {all} seats free', movesPlayed: '{} moves played', underWay: 'under way', notStarted: 'not started yet', opened: 'opened',
  alerts: 'Tell me when it is my turn (a notification while this page is hidden, and a vibration)',
  alertsBlocked: 'this browser blocks notifications for this page; the vibration still works',
  watching: 'You are watching',
  play: '▶ Play', pause: '⏸ Pause', speed: 'Speed', stepsPerSecond: 'steps a second', slider: 'Step', shareOpen: 'This replay, to pass on:',
};

/** @typedef {keyof typeof EN} TextKey */

/** @type {Record<TextKey, string>} */
const DE = {
  lobby: 'Neues Spiel', create: 'Tisch eröffnen', players: 'Spieler', seat: 'Spieler', options: 'Optionen',
  human: 'Mensch', hotseat: 'Hot-Seat: alle spielen an diesem Gerät', links: 'Einladungslinks',
  spectator: 'Zuschauerlink', open: 'Öffnen', mine: 'Deine Tische', none: 'Noch keine Tische.',
  yourTurn: 'Du bist am Zug', thinking: 'denkt nach…', rankedBy: 'Rangfolge nach', lapsDown: 'Runden zurück', matchPoints: 'Partiepunkte', tiesShared: 'Gleiche Punkte teilen sich einen Platz: Die Regeln kennen keinen Stichentscheid.', expired: 'geschlossen, unbeendet', waiting: 'Warte auf', over: 'Spiel beendet', moves: 'Deine Züge', movesOf: 'Züge von {}', log: 'Bisherige Züge',
  result: 'Ergebnis', rank: 'Platz', score: 'Punkte', passTo: 'Gib das Gerät an {}', ready: 'Ich bin {}', turnOf: '{} ist am Zug',
  replay: 'Partie ansehen', replayLoading: 'Der Rest der Partie kommt:', back: 'Zurück', next: 'Weiter', first: 'Anfang', last: 'Ende', chance: 'Zufall',
  connecting: 'Verbinde…', reconnecting: 'Verbindung verloren, verbinde neu…', spectating: 'Zuschauer',
  bots: 'Bots', table: 'Tisch', seed: 'Startwert',
  rejoin: 'Zurück an den Tisch', text: 'Textansicht', you: 'du', team: 'Team', win: 'gewinnt', winPlural: 'gewinnen', draw: 'Unentschieden',
  window: 'Steigungsfenster: alle außer dem Ausreisser dürfen jetzt eine Steigung auf seinen Stapel legen',
  windowYours: 'Steigungsfenster: lege eine Steigung auf den Stapel des Ausreissers, oder passe',
  windowOf: 'Steigungsfenster: {} darf eine Steigung auf den Stapel des Ausreissers legen oder passen',
  windowAnswered: 'Geantwortet; warte auf alle im Fenster',
  autoPass: 'Steigungsfenster automatisch passen', windowWho: 'Wer eine Steigung legt: klicke deinen Spieler',
  windowNobody: 'Niemand (mehr)', cannotAct: 'kann jetzt nicht handeln',
  soundOn: '♪ Ton: an', soundOff: '♪ Ton: aus', soundTitle: 'Ein Klang, wenn du am Zug bist',
  defaultAuto: 'automatisch', defaultOff: 'nicht genutzt', defaultFollows: 'wie {}', on: 'an', off: 'aus',
  badLink: 'Dieser Link führt zu keinem Tisch: Den Tisch gibt es nicht (mehr), oder der Link ist unvollständig.',
  toLobby: 'Zur Startseite', rules: 'Regeln', noRules: 'Für dieses Spiel gibt es hier keine Kurzregeln.',
  unreachable: 'Der Server ist nicht erreichbar. Prüfe deine Verbindung; die Seite versucht es weiter.',
  unreachableReload: 'Der Server ist nicht erreichbar. Prüfe deine Verbindung und lade die Seite neu.',
  unreachableRetry: 'Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.',
  garbled: 'Der Server hat etwas geschickt, das diese Seite nicht lesen kann. Lade die Seite neu.',
  notSent: 'Keine Verbindung: dein Zug wurde nicht gesendet. Verbinde neu…',
  kindHuman: 'Mensch', kindRandom: 'Bot: zufällig', kindHeuristic: 'Bot: Faustregeln',
  rematch: 'Revanche', rematchReady: 'Die Revanche steht bereit.', rematchJoin: 'Zur Revanche', rematchWatch: 'Der Revanche zuschauen',
  newGame: 'Neues Spiel', share: 'Teilen', shareHelp: 'Zum Ansehen dieser Partie, wie Zuschauer sie sehen (ohne Handkarten):',
  kindEasy: 'Bot: Leicht', kindMedium: 'Bot: Mittel', kindHard: 'Bot: Schwer', kindSearch: 'Bot',
  levelEasy: 'spielt nach Faustregeln, sofort: gut, um das Spiel zu lernen.',
  levelMedium: 'schaut voraus über viele mögliche Verläufe: ein fairer Gegner für regelmäßige Spieler.',
  levelHard: 'schaut um ein Vielfaches weiter voraus als Mittel und braucht etwas länger: ein Gegner für erfahrene Spieler.',
  yourName: 'Dein Name', publicTable: 'Offener Tisch: unten gelistet, alle dürfen als freier Spieler mitspielen oder zuschauen',
  seatName: 'Name', invite: 'Einladen', inviteHelp: 'Schicke jedem freien Spieler seinen Link; wer ihn öffnet, spielt mit.',
  copy: 'Kopieren', copied: 'Kopiert', copyByHand: 'Markiert: kopiere ihn mit Strg+C',
  openTables: 'Offene Tische', watch: 'Zuschauen', takeSeat: 'Mitspielen als Spieler', take: 'Mitspielen', free: 'frei',
  askName: 'Dein Name an diesem Tisch:', joinAt: 'Du bist eingeladen zu', joinSeat: 'Du spielst als', others: 'Am Tisch',
  taken: 'Dieser Spieler ist schon vergeben: dort sitzt jetzt jemand anderes.', watchInstead: 'Stattdessen zuschauen',
  wonBy: 'gewonnen von', nameFirst: 'Gib zuerst deinen Namen ein (oben auf der Seite).',
  missing: 'Unter dieser Adresse gibt es keine Seite.',
  or: 'oder',
  seatsFree: '{free} von {all} Plätzen frei', movesPlayed: '{} Züge gespielt', underWay: 'läuft', notStarted: 'noch nicht begonnen', opened: 'eröffnet',
  alerts: 'Sag mir, wenn ich am Zug bin (eine Benachrichtigung, solange diese Seite verdeckt ist, und ein Vibrieren)',
  alertsBlocked: 'dieser Browser blockiert Benachrichtigungen für diese Seite; das Vibrieren geht trotzdem',
  watching: 'Du schaust zu',
  play: '▶ Abspielen', pause: '⏸ Anhalten', speed: 'Tempo', stepsPerSecond: 'Schritte pro Sekunde', slider: 'Schritt', shareOpen: 'Diese Partie zum Weitergeben:',
};

/** @type {Record<Lang, Record<TextKey, string>>} */
const TEXTS = { en: EN, de: DE };

/**
 * The server's errors by code, in both languages. The server's own message
 * (in English) is the fallback for a code not listed here, and is added as
 * the detail where it names what was wrong (which option, which seat).
 * @type {Record<string, { en: string, de: string, detail?: true }>}
 */
const ERRORS = {
  'table.unknown': { en: 'This table does not exist, or the link is not valid.', de: 'Diesen Tisch gibt es nicht, oder der Link ist ungültig.' },
  'seat.spectator': { en: 'Spectators cannot play.', de: 'Zuschauer können nicht spielen.' },
  'seat.not_your_turn': { en: 'It is not your turn.', de: 'Du bist nicht am Zug.' },
  'seat.none_to_move': { en: 'Nobody is to move now.', de: 'Gerade ist niemand am Zug.' },
  'seat.invalid': { en: 'There is no such seat.', de: 'Diesen Spieler gibt es nicht.' },
  'seat.malformed': { en: 'A seat is not set up correctly.', de: 'Ein Spieler ist nicht richtig eingestellt.', detail: true },
  'seat.unknown': { en: 'A seat names an unknown kind of player.', de: 'Ein Spieler ist von unbekannter Art.', detail: true },
  'seat.bad_param': { en: 'A bot is not set up correctly.', de: 'Ein Bot ist nicht richtig eingestellt.', detail: true },
  'action.stale': { en: 'The table moved on; your view was refreshed.', de: 'Der Tisch ist weiter; deine Ansicht wurde erneuert.' },
  'action.parse': { en: 'This move cannot be read.', de: 'Dieser Zug ist nicht lesbar.', detail: true },
  'action.illegal': { en: 'This move is not allowed now.', de: 'Dieser Zug ist jetzt nicht erlaubt.' },
  'action.answered': { en: 'You have already answered this Steigung window.', de: 'Du hast in diesem Steigungsfenster schon geantwortet.' },
  'game.over': { en: 'The game is over.', de: 'Das Spiel ist beendet.' },
  'game.unknown': { en: 'There is no such game.', de: 'Dieses Spiel gibt es nicht.' },
  'options.file': { en: 'An option names a file that this server does not read.', de: 'Eine Option nennt eine Datei, die dieser Server nicht liest.', detail: true },
  'options.unknown': { en: 'An option is unknown.', de: 'Eine Option ist unbekannt.', detail: true },
  'options.invalid': { en: 'An option has a value that is not valid.', de: 'Eine Option hat einen ungültigen Wert.', detail: true },
  'options.duplicate': { en: 'An option is given twice.', de: 'Eine Option ist doppelt angegeben.', detail: true },
  'options.malformed': { en: 'An option cannot be read.', de: 'Eine Option ist nicht lesbar.', detail: true },
  'options.rule': { en: 'These options do not go together.', de: 'Diese Optionen passen nicht zusammen.', detail: true },
  'request.invalid': { en: 'The server did not understand the request.', de: 'Der Server hat die Anfrage nicht verstanden.', detail: true },
  'route.unknown': { en: 'This page does not exist.', de: 'Diese Seite gibt es nicht.' },
  'request.method': { en: 'The server did not understand the request.', de: 'Der Server hat die Anfrage nicht verstanden.' },
  'request.too_large': { en: 'The request is too large.', de: 'Die Anfrage ist zu groß.' },
  'request.media_type': { en: 'The server did not understand the request.', de: 'Der Server hat die Anfrage nicht verstanden.' },
  'request.upgrade': { en: 'The live connection to the table could not be made.', de: 'Die Verbindung zum Tisch kam nicht zustande.' },
  'message.too_large': { en: 'The message is too large.', de: 'Die Nachricht ist zu groß.' },
  'rate.limited': { en: 'Too many clicks at once: wait a moment.', de: 'Zu viele Klicks auf einmal: warte einen Moment.' },
  'server.full': { en: 'The server is full: no new tables for now.', de: 'Der Server ist voll: gerade keine neuen Tische.' },
  'game.not_over': { en: 'The game is not over yet: the rematch follows its end.', de: 'Das Spiel ist noch nicht beendet: die Revanche folgt seinem Ende.' },
  'replay.not_finished': { en: 'The replay opens when the game is over.', de: 'Die Partie lässt sich ansehen, sobald sie beendet ist.' },
  'replay.busy': { en: 'The server is busy with other replays: try again in a moment.', de: 'Der Server zeigt gerade viele andere Partien: versuche es gleich noch einmal.' },
  'table.expired': { en: 'This table was closed: nobody played at it for a long time.', de: 'Dieser Tisch wurde geschlossen: lange hat niemand an ihm gespielt.' },
  'server.storage': { en: 'The server could not save; nothing was changed. Try again.', de: 'Der Server konnte nicht speichern; nichts wurde geändert. Versuche es noch einmal.' },
  'name.invalid': { en: 'A name has 1 to 24 characters and no line breaks.', de: 'Ein Name hat 1 bis 24 Zeichen und keine Zeilenumbrüche.' },
  'seat.taken': { en: 'This seat is taken: someone else sits there now.', de: 'Dieser Spieler ist schon vergeben: dort sitzt jetzt jemand anderes.' },
  'tables.too_many': { en: 'You have too many unfinished tables: finish one first.', de: 'Du hast zu viele unbeendete Tische: beende zuerst einen.' },
  'connections.too_many': { en: 'Too many connections from your address: close a few tabs.', de: 'Zu viele Verbindungen von deiner Adresse: schließe ein paar Tabs.' },
  'server.busy': { en: 'The server is busy: try again in a moment.', de: 'Der Server ist ausgelastet: versuche es gleich noch einmal.' },
  'table.stalled': { en: 'This table cannot go on for now: the server will try again.', de: 'Dieser Tisch kann gerade nicht weiter: der Server versucht es erneut.' },
  'table.moving': { en: 'This table is moving to another server: try again in a moment.', de: 'Dieser Tisch zieht auf einen anderen Server um: versuche es gleich noch einmal.' },
  'seat.too_expensive': { en: 'This bot would think longer than this server allows.', de: 'Dieser Bot würde länger nachdenken, als dieser Server erlaubt.' },
  'internal': { en: 'Something went wrong on the server.', de: 'Auf dem Server ist etwas schiefgegangen.' },
};

/**
 * @param {string | null} l
 * @returns {l is Lang}
 */
const known = l => l === 'en' || l === 'de';

/** @type {Lang} */
let lang = 'en';
{
  const wanted = localStorage.getItem('lang') || (navigator.language || 'en').slice(0, 2);
  if (known(wanted)) lang = wanted;
}

/** @returns {Lang} */
export function getLang() { return lang; }

/** @param {string} l */
export function setLang(l) { lang = known(l) ? l : 'en'; localStorage.setItem('lang', lang); }

/**
 * A text of the front end in the current language.
 * @param {TextKey} key
 */
export function t(key) { return TEXTS[lang][key]; }

/**
 * A {en, de} text object from the server, in the current language.
 * @param {{ en: string, de?: string } | null | undefined} text
 */
export function tr(text) { return text ? ((lang === 'de' && text.de) || text.en || '') : ''; }

/**
 * A text with `{}` filled in: `fill('passTo', 'Jonas')`.
 * @param {TextKey} key
 * @param {string} word
 */
export function fill(key, word) { return t(key).replace('{}', word); }

/**
 * A seat as people read it, given the snapshot's seats: the name of the
 * person who sits there; for a bot, its level (`Bot: Medium`, numbered
 * where several bots share one: `Bot: Medium 2`), as the server's log and
 * moves call it; else `Seat 3` for seat 2 of the wire.
 * @param {number} seat
 * @param {{ name?: string | null, kind?: string }[]} [seats]
 */
export function seatWord(seat, seats) {
  const person = seats && seats[seat];
  if (person && person.name) return person.name;
  if (seats && person && person.kind && person.kind !== 'human') {
    const word = kindWord(person.kind);
    const same = seats.filter(s => !s.name && s.kind && s.kind !== 'human' && kindWord(s.kind) === word);
    return same.length > 1 ? `${word} ${same.indexOf(person) + 1}` : word;
  }
  return `${t('seat')} ${seat + 1}`;
}

/**
 * ` (you)` after the viewer's own seat, on a device of one person; a
 * device shared by several people (hot-seat) has no one "you".
 * @param {{ viewer: import('./types').Viewer, shared?: boolean }} snapshot
 * @param {number} seat
 */
export function youAfter(snapshot, seat) {
  const v = snapshot.viewer;
  const mine = !!v && typeof v === 'object' && v.seat === seat;
  return mine && !snapshot.shared ? ` (${t('you')})` : '';
}

/**
 * What plays a seat, in words: `Bot: hard` for `hard`; a search bot's spec
 * (`mcts:iters=2000`) is shown after "Bot".
 * @param {string} kind
 */
export function kindWord(kind) {
  /** @type {Record<string, TextKey>} */
  const keys = { human: 'kindHuman', random: 'kindRandom', heuristic: 'kindHeuristic', easy: 'kindEasy', medium: 'kindMedium', hard: 'kindHard' };
  const key = keys[kind];
  return key ? t(key) : `${t('kindSearch')} (${kind})`;
}

/**
 * A refusal of the server in the person's language, from its code and its
 * parameters: the option it is about (by its label where `labels` has it),
 * the value given, and the reason a game gives in both languages. The
 * server's own message (English) is added as the detail only for English
 * readers, and stands alone only for a code not known here.
 * @param {import('./types').ServerError} error
 * @param {Record<string, { en: string, de?: string }>} [labels] the options' labels by key
 */
export function errorText(error, labels = {}) {
  const entry = ERRORS[error.code];
  if (!entry) return lang === 'en' ? error.message : `${DE_REFUSED} (${error.code})`;
  /** @type {string[]} */
  const detail = [];
  if (error.key) detail.push(labels[error.key] ? tr(labels[error.key]) : error.key);
  if (error.value !== undefined) detail.push(lang === 'de' ? `„${error.value}“` : `“${error.value}”`);
  if (error.reason) detail.push(tr(error.reason));
  if (!detail.length && entry.detail && lang === 'en' && error.message) detail.push(error.message);
  return detail.length ? `${entry[lang]} (${detail.join(': ')})` : entry[lang];
}

/** What a refusal with a code unknown to this page says in German. */
const DE_REFUSED = 'Der Server hat die Anfrage abgelehnt';

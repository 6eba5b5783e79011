// @ts-check
// The rules of each game in short, in our own words, in both languages:
// #/rules/GAME. The rulebooks are the specification; this is a reminder
// for people at the table.

import { h, clear } from './dom.js';
import { getLang, t } from './i18n.js';

/**
 * A game's rules: a title and sections of a heading and points.
 * @typedef {{ title: string, sections: [string, string[]][] }} Summary
 * @type {{ [game: string]: { en: Summary, de: Summary } }}
 */
const RULES = {
  six: {
    en: {
      title: 'Six',
      sections: [
        ['Goal', ['Form a six with stones of your colour: a line of six, a triangle of six, or a circle of six (a ring around one cell, whatever is in it).']],
        ['First round', [
          'Red and black start with one stone each side by side; each player has 20 stones (4 players: partners opposite share a colour, 10 stones each).',
          'In turn, place a stone so that it touches the field. The very first stone may not touch its own colour\'s starting stone.',
        ]],
        ['Second round', [
          'Once every stone is placed without a six, each turn lifts one of your stones and puts it down elsewhere touching the field.',
          'If lifting splits the field, the smaller parts are captured; if the largest parts are equal, the mover chooses which part stays. Then the stone is put down.',
        ]],
        ['End', [
          'Whoever forms a six wins; a side left with fewer than six stones loses. The loser begins the next game.',
          'Our additions (see the options): a draw after a move limit or a repeated position, and a basic variant where a player whose every stone holds the field together passes.',
        ]],
      ],
    },
    de: {
      title: 'Six',
      sections: [
        ['Ziel', ['Bilde eine Sechs aus Steinen deiner Farbe: eine Linie aus sechs, ein Dreieck aus sechs oder einen Kreis aus sechs (ein Ring um ein Feld, gleich was darin liegt).']],
        ['Erste Runde', [
          'Rot und Schwarz beginnen mit je einem Stein nebeneinander; jeder hat 20 Steine (zu viert: Partner gegenüber teilen eine Farbe, je 10 Steine).',
          'Reihum wird ein Stein so gesetzt, dass er das Spielfeld berührt. Der allererste Stein darf den Startstein der eigenen Farbe nicht berühren.',
        ]],
        ['Zweite Runde', [
          'Sind alle Steine ohne Sechs gesetzt, nimmt man in jedem Zug einen eigenen Stein auf und setzt ihn anderswo an das Spielfeld.',
          'Zerfällt das Feld beim Aufnehmen, sind die kleineren Teile geschlagen; sind die größten Teile gleich groß, wählt der Ziehende, welcher bleibt. Dann wird der Stein gesetzt.',
        ]],
        ['Ende', [
          'Wer eine Sechs bildet, gewinnt; wer weniger als sechs Steine hat, verliert. Der Verlierer beginnt die nächste Partie.',
          'Unsere Ergänzungen (siehe Optionen): Remis nach einer Zuggrenze oder bei Stellungswiederholung, und eine Grundvariante, in der passt, wessen Steine alle das Feld zusammenhalten.',
        ]],
      ],
    },
  },
  sechstage: {
    en: {
      title: '6-Tage Rennen',
      sections: [
        ['Goal', ['Over several one-lap races (six is the classic number), lose as few laps as possible; among equals, more race points win.']],
        ['A turn', [
          'Play one card and move that many spaces. Ending on a space with other riders is slipstream: move the card\'s value again for every rider there (once per turn).',
          'Nobody has enough cards for a lap: the green hand is the same for everyone, so use the pack.',
        ]],
        ['Special spaces', [
          'Fahrerwechsel (driver change): discard your green cards and draw grey cards (4 from the 4–6 pile and 6 or 7 from the 1–3 pile); only you see them.',
          'Sturz (fall): miss your next turn. No slipstream on either space.',
        ]],
        ['Points', [
          'Each sprint line pays 5, 3, 2, 1 to the first four across; the finish pays 10, 6, 4, 2.',
          'After the first rider crosses the finish, everyone else has one more turn. Riders still on the track lose a lap for every full four spaces short of the line (at most five; the options offer other readings).',
          'Optional balancing rule: the order of play reverses the last race\'s result.',
        ]],
      ],
    },
    de: {
      title: '6-Tage Rennen',
      sections: [
        ['Ziel', ['Über mehrere Rennen zu je einer Runde (klassisch sechs) möglichst wenige Runden verlieren; bei Gleichstand gewinnen mehr Rennpunkte.']],
        ['Ein Zug', [
          'Eine Karte spielen und so viele Felder fahren. Endet der Zug auf einem Feld mit anderen Fahrern, gibt es Windschatten: für jeden Fahrer dort noch einmal den Kartenwert (einmal pro Zug).',
          'Niemand hat genug Karten für eine Runde: die grüne Hand ist für alle gleich, also im Feld bleiben.',
        ]],
        ['Sonderfelder', [
          'Fahrerwechsel: die grünen Karten abwerfen und graue ziehen (4 vom Stapel 4–6, 6 oder 7 vom Stapel 1–3); nur du siehst sie.',
          'Sturz: den nächsten Zug aussetzen. Auf beiden Feldern gibt es keinen Windschatten.',
        ]],
        ['Punkte', [
          'Jede Sprintlinie bringt den ersten vier 5, 3, 2, 1 Punkte; das Ziel 10, 6, 4, 2.',
          'Nach dem ersten Fahrer im Ziel hat jeder andere noch einen Zug. Wer dann noch auf der Bahn ist, verliert je volle vier Felder bis zur Linie eine Runde (höchstens fünf; die Optionen bieten andere Lesarten).',
          'Ausgleichsregel (wahlweise): die Reihenfolge kehrt das Ergebnis des letzten Rennens um.',
        ]],
      ],
    },
  },
  reifenbreite: {
    en: {
      title: 'Um Reifenbreite',
      sections: [
        ['Goal', ['You manage a team of four riders; the team with the most points from the finish (and, in the advanced and professional rules, sprints and the jersey) wins.']],
        ['Order of play', [
          'Managers place their riders on the start, the highest roll first. Then every round each rider moves once, the rider furthest ahead first (on a tie, the one furthest right).',
          'A rider rolls two dice, or plays one or two of his energy cards (5 or 6, each replacing a die; not in the first round), and moves straight or diagonally forward, never through another rider.',
          'The rider directly behind may draft instead: he ends right behind the one ahead, if he can get there. A rider who announces a breakaway cannot be drafted. A 7 draws a chance card.',
        ]],
        ['Roads (advanced)', [
          'A climb subtracts its number from the roll (a rider left with nothing dismounts for the round) and allows no energy card with the mountain sign; a descent adds its number; cobblestones subtract theirs and allow one energy card only. Drafting needs the same kind of road.',
        ]],
        ['Professional', [
          'The chase car can tow a rider who has fallen behind, the leader can offer the lead to the rider behind, photo cards decide close finishes, and stage races add up several courses.',
        ]],
      ],
    },
    de: {
      title: 'Um Reifenbreite',
      sections: [
        ['Ziel', ['Du leitest ein Team aus vier Fahrern; es gewinnt das Team mit den meisten Punkten aus dem Zieleinlauf (und in den Fortgeschrittenen- und Profiregeln aus Sprints und Trikot).']],
        ['Ablauf', [
          'Die Teamchefs stellen ihre Fahrer auf den Start, wer am höchsten würfelt, zuerst. Dann zieht in jeder Runde jeder Fahrer einmal, der vorderste zuerst (bei Gleichstand der rechte).',
          'Ein Fahrer würfelt mit zwei Würfeln oder spielt eine oder zwei seiner Energiekarten (5 oder 6, jede ersetzt einen Würfel; nicht in der ersten Runde) und fährt geradeaus oder schräg vorwärts, nie durch einen anderen Fahrer.',
          'Der Fahrer direkt dahinter darf stattdessen im Windschatten folgen: er endet direkt hinter dem Vordermann, wenn er dorthin kommt. Wer einen Ausreißversuch ansagt, kann nicht verfolgt werden. Eine 7 zieht eine Chancen-Karte.',
        ]],
        ['Straßen (Fortgeschrittene)', [
          'Ein Anstieg zieht seine Zahl vom Wurf ab (wem nichts bleibt, der steigt für die Runde ab) und erlaubt keine Energiekarte mit Bergschild; eine Abfahrt zählt ihre Zahl hinzu; Kopfsteinpflaster zieht seine ab und erlaubt nur eine Energiekarte. Windschatten nur auf gleicher Straßenart.',
        ]],
        ['Profiregeln', [
          'Der Begleitwagen kann einen zurückgefallenen Fahrer ziehen, der Führende kann die Führung dem Hintermann anbieten, Fotokarten entscheiden knappe Zieleinläufe, und Etappenrennen zählen mehrere Strecken zusammen.',
        ]],
      ],
    },
  },
  ausreisser: {
    en: {
      title: 'Der Ausreisser',
      sections: [
        ['Goal', ['Over several stages, collect as few penalty minutes as possible; the leader in the yellow jersey at a stage\'s end gains a point.']],
        ['A turn', [
          'Draw, then play a speed card (39–50 km/h). The leader\'s card sets the tempo.',
          'Up to 2 km/h below the tempo you ride in the wind shadow for free; further below, each km/h costs a penalty minute; above the tempo you take the lead and the jersey.',
          'A rider with penalty minutes has no wind shadow: each km/h above the tempo gives one minute back, and he cannot take the lead that turn.',
        ]],
        ['Special cards', [
          'Spurt: +2 km/h (at most 52 on the flat, 50 uphill). Gegenwind: −2 km/h, played as soon as drawn.',
          'Steigung: laid by the leader or by anyone on the leader\'s pile; until the leader\'s next turn nobody may pass and there is no wind shadow.',
        ]],
        ['Stage end', ['When the last card has been drawn and played, each rider scores minus his penalty minutes, the jersey holder +1. The best total after the agreed stages wins.']],
      ],
    },
    de: {
      title: 'Der Ausreisser',
      sections: [
        ['Ziel', ['Über mehrere Etappen möglichst wenige Strafminuten sammeln; wer am Ende einer Etappe das Gelbe Trikot trägt, bekommt einen Punkt.']],
        ['Ein Zug', [
          'Ziehen, dann eine Tempokarte spielen (39–50 km/h). Die Karte des Führenden bestimmt das Tempo.',
          'Bis 2 km/h unter dem Tempo fährst du kostenlos im Windschatten; darunter kostet jeder km/h eine Strafminute; über dem Tempo übernimmst du Führung und Trikot.',
          'Wer Strafminuten hat, hat keinen Windschatten: jeder km/h über dem Tempo gibt eine Minute zurück, und in diesem Zug kann er nicht die Führung übernehmen.',
        ]],
        ['Sonderkarten', [
          'Spurt: +2 km/h (höchstens 52 in der Ebene, 50 am Berg). Gegenwind: −2 km/h, sofort mit dem Ziehen zu spielen.',
          'Steigung: vom Führenden gelegt oder von irgendwem auf dessen Stapel; bis zum nächsten Zug des Führenden darf niemand überholen, und es gibt keinen Windschatten.',
        ]],
        ['Etappenende', ['Ist die letzte Karte gezogen und gespielt, zählt jeder minus seine Strafminuten, der Träger des Trikots +1. Nach den vereinbarten Etappen gewinnt die beste Summe.']],
      ],
    },
  },
};

/** The games whose rules are summarised here. */
export const GAMES_WITH_RULES = Object.keys(RULES);

/**
 * The rules of `game` in short.
 * @param {HTMLElement} main
 * @param {string} game
 */
export function showRules(main, game) {
  const rules = RULES[game];
  clear(main);
  if (!rules) {
    main.append(h('p', { class: 'error', id: 'error', text: t('no-rules') }), h('p', {}, h('a', { href: '#/', class: 'primary' }, t('to-lobby'))));
    return;
  }
  const summary = getLang() === 'de' ? rules.de : rules.en;
  document.title = `${summary.title} · ${t('rules')} · spieltisch`;
  main.append(
    h('h2', { id: 'rules-title' }, `${summary.title} · ${t('rules')}`),
    ...summary.sections.map(([heading, points]) => h('section', { class: 'panel rules' },
      h('h3', { text: heading }),
      h('ul', {}, points.map(point => h('li', { text: point }))))),
    h('p', {}, h('a', { href: '#/', class: 'primary' }, t('to-lobby'))));
}

# Die eigenen Worte von Um Reifenbreite (Deutsch). Jeder Schlüssel hat
# seinen englischen Zwilling in en.ftl; docs/glossary.md nennt die Wörter
# beider. Ein Fahrer heißt nach seiner aufgedruckten Nummer ($rider: 21 bis
# 54), ein Team nach der ersten Ziffer der Nummern seiner Fahrer ($team: 2
# für „Team 2x“).

## Das Spiel

game-name = Um Reifenbreite

## Orte, wie das Spielbrett sie zeigt (describe.rs, position)

lane = Spur { $lane }
place-space = Feld { $space }
place-start = Startreihe { $row }, Spur { $lane }
place-before-line = Spur { $lane }, { $rows ->
    [one] 1 Reihe
   *[other] { $rows } Reihen
 } vor { $line }
place-past-line = Spur { $lane }, { $rows ->
    [one] 1 Reihe
   *[other] { $rows } Reihen
 } nach { $line }
place-before-finish = Spur { $lane }, { $rows ->
    [one] 1 Reihe
   *[other] { $rows } Reihen
 } vor dem Ziel
place-past-finish = Spur { $lane }, { $rows ->
    [one] 1 Reihe
   *[other] { $rows } Reihen
 } hinter dem Ziel
# Neben der Straße (log.rs): wohin ein Fahrer kam, der sie verließ.
place-finish = Ziel
place-beside-road = neben der Straße
place-off-road = nicht auf der Straße

## Die Zeichnung des Rennens (describe.rs, view)

view-heading = { $course } — Etappe { $stage }/{ $stages } — Runde { $round }
# Unter den Spuren, nach so vielen Leerzeichen, wie „Spur 4 “ braucht.
view-legend = → Fahrtrichtung; ·· Asphalt, cN Kopfsteinpflaster, ^N Steigung, vN Gefälle, | Ziel- oder Sprintlinie, ══ dicke Linie, ++ erreichbar
view-to-move = noch zu ziehen: { $riders }
view-dismounted = abgestiegen: { $riders }
# $manager: der Name des Teamchefs oder die Nummer des Spielers; $cards:
# die Energie-Karten des Teams, als „2×21-6M J-5“, oder „—“.
view-team = Team { $team }x (Teamchef { $manager }): { $cards }
view-team-yours = Team { $team }x (Teamchef { $manager }, du): { $cards }
# $first, $second, $third: die Punkte der ersten drei Fahrer über der Linie.
view-sprint = Sprint { $line } ({ $first }/{ $second }/{ $third }): { $riders }
view-jersey = Gelbes Trikot: { $rider }
view-jersey-claimed = Gelbes Trikot: { $rider } (geprüft am Ende der Runde: { $riders })
view-finished = im Ziel: { $riders }

## Was jetzt geschieht, unter der Zeichnung (describe.rs, phase_line)

phase-first-team = Auswürfeln des Startspielers.
phase-place = Team { $team }x stellt einen Fahrer auf.
phase-choose = Fahrer { $rider } ist am Zug: Energie-Karten, fahren oder ausreißen? (Karten gewählt: { $cards })
phase-dice = Würfeln für { $rider }
phase-chance = Eine 7: Chancen-Karte für { $rider }
phase-move = Fahrer { $rider } zieht bis zu { $spaces }
phase-move-breakaway = Fahrer { $rider } zieht bis zu { $spaces } (Ausreißversuch)
phase-draft = Fahrer { $rider } kann sich anhängen.
phase-tow-photo = Foto-Karte für { $rider }
phase-proposal = { $leader } bietet { $asked } die Führung an.
phase-director = Der Rennleiter zieht zwei Foto-Karten.
phase-over = Das Rennen ist beendet.

## Das Wertungsblatt (describe.rs, score_sheet und stage_race_sheet)

sheet = Wertungsblatt
sheet-last-stage = Wertungsblatt, Etappe { $stage }/{ $stages } ({ $course })
# Die Köpfe der Spalten, so gesetzt, dass sie über ihnen stehen.
sheet-columns = Ziel  Fahrer  Punkte  Sprints+Trikot  Gesamt
sheet-disqualified = disqualifiziert
sheet-sprint = Sprint { $line }: { $riders }
sheet-photos = notierte Foto-Karten: { $riders }
sheet-director = der Rennleiter zog: { $cards }
sheet-team = Team { $team }x: { $riders }  = { $points }
sheet-stage-race = Etappenrennen: Teampunkte je Etappe
sheet-team-column = Team { $team }x
sheet-stage = Etappe
sheet-total = insgesamt
sheet-best-rider = bester Fahrer
# Das Endergebnis: Etappen × die Summe des besten Fahrers + die des Teams.
sheet-formula = { $stages } × bester + Team

## Züge in Worten (describe.rs, action); $rider ist der Fahrer, der entscheidet

action-first = Team { $team }x stellt zuerst auf
action-place = Fahrer { $rider } auf { $place }
action-place-off = Fahrer { $rider } auf Startfeld { $space }
action-card = { $rider } spielt { $card ->
    [own6] seine eigene 6 (Verbotsschild)
    [own5] seine eigene 5
    [joker6] einen Joker 6 (Verbotsschild)
   *[joker5] einen Joker 5
 }
action-ride = { $rider } fährt
action-break = { $rider } reißt aus!
action-tow = { $rider } lässt sich mitziehen (Würfel + 6)
action-tow12 = { $rider } lässt sich lange mitziehen (12)
action-ask = { $rider } bietet die Führung an
action-accept = { $rider } übernimmt die Führung
action-refuse = { $rider } lehnt die Führung ab
action-roll = würfelt { $total }
action-photo = eine Foto-Karte wird gezogen und notiert
action-director = der Rennleiter zieht Foto-Karte { $card }
action-to = { $rider } auf { $place } ({ $rows ->
    [one] 1 Reihe nach vorn
   *[other] { $rows } Reihen nach vorn
 })
action-to-space = { $rider } auf Feld { $space }
action-draft = { $rider } hängt sich an
action-skip = { $rider } hängt sich nicht an

## Das Protokoll (log.rs): ein Eintrag je Zug eines Fahrers, seine Schritte durch Kommas getrennt

log-first = Team { $team }x stellt zuerst auf
log-place = { $name }: stellt Fahrer { $rider } auf { $place }
# $card: own6, own5, joker6, joker5 oder die Karte, wie sie geschrieben ist ($notation).
log-card = spielt { $card ->
    [own6] seine eigene 6 (Verbotsschild)
    [own5] seine eigene 5
    [joker6] einen Joker 6 (Verbotsschild)
    [joker5] einen Joker 5
   *[other] { $notation }
 }
log-ride = fährt
log-break = reißt aus
log-tow = lässt sich mitziehen (Würfel + 6)
log-tow12 = lässt sich lange mitziehen (12)
log-ask = bietet die Führung an
log-accept = { $rider } übernimmt die Führung
log-refuse = { $rider } lehnt die Führung ab
log-roll = würfelt { $total }
# $text: der Satz der Karte ohne seinen Punkt: der Eintrag geht weiter.
log-chance = Chancen-Karte: { $text }
log-photo = eine Foto-Karte wird gezogen
log-director = der Rennleiter zieht Foto-Karte { $card }
log-draft = { $rider } fährt im Windschatten
log-skip = { $rider } verzichtet auf den Windschatten
# Ein Fahrer, der im Zug gezogen wurde: von wo wohin.
log-moved = { $rider }: { $from } → { $to }

## Die aufgedruckten Texte der Chancen-Karten (cards.rs)

chance-fall = Sturz! Dein Fahrer stürzt und kann in dieser Runde nicht mehr ziehen. Dicht folgende Fahrer können mitstürzen.
chance-puncture = Reifenpanne! Dein Fahrer verliert diesen Zug.
chance-chain = Die Kette ist abgesprungen. Dein Fahrer verliert diesen Zug.
chance-feed = Verpflegungsstation: Nimm eine verbrauchte Energie-Karte dieses Fahrers zurück (einen verbrauchten Joker, wenn er keine hat). Dann 7 Felder ziehen.
chance-bonk = Hungerast: Gib eine Energie-Karte dieses Fahrers ab (einen Joker, wenn er keine mehr hat). Dann 7 Felder ziehen.
chance-headwind1 = Gegenwind: 1 Feld weniger ziehen.
chance-headwind2 = Starker Gegenwind: 2 Felder weniger ziehen.
chance-headwind3 = Sturm von vorn: 3 Felder weniger ziehen.
chance-tailwind1 = Rückenwind: 1 Feld mehr ziehen.
chance-tailwind2 = Starker Rückenwind: 2 Felder mehr ziehen.
chance-tailwind3 = Sturm von hinten: 3 Felder mehr ziehen.
chance-cheers = Deine Familie feuert dich am Straßenrand an: 2 Felder mehr ziehen.
chance-family = Du hältst kurz, um deine Familie am Straßenrand zu grüßen: 2 Felder weniger ziehen.
chance-photo = Ein Fotograf erwischt dich am Begleitfahrzeug: Ziehe eine Foto-Karte für diesen Fahrer. Dann 7 Felder ziehen.

# Der Ausreisser's words (German). Each key has its English twin in
# en.ftl; docs/glossary.md names the terms both use.

## The game

game-name = Der Ausreisser

## Cards by name, with what they do (card.rs)

card-hill = Steigung
card-wind = Gegenwind (−2)
card-spurt = Spurt (+2)

## A play in words (action.rs): the card with what went with it.
## $cards lists play-spurts, play-winds and play-hill, joined by commas.

play = spielt { $speed }
play-with = spielt { $speed } mit { $cards }
play-spurts = { $n }× Spurt
play-winds = { $n }× Gegenwind
# After "mit": dative.
play-hill = einer Steigung

## Actions in words (view.rs). $name: the rider.

rider = Fahrer { $n }
action-dealt = { $name } bekommt eine Karte
action-draws = { $name } zieht eine Karte
action-draws-card = { $name } zieht { $card }
action-play = { $name } { $play }
action-play-speed = { $name } { $play }: { $speed } km/h
action-hill = { $name } legt eine Steigung auf den Stapel des Ausreissers
action-pass = { $name } legt keine Steigung

## The table drawn for the terminal (view.rs)

view-title = Der Ausreisser · Etappe { $stage }/{ $stages }
view-title-plain = Der Ausreisser · Etappe { $stage }/{ $stages } · ohne Sonderkarten
view-choosing = Wahl des ersten Ausreissers; es zieht: { $name }
view-over = Die Rundfahrt ist zu Ende. Sieger: { $names } ({ $total })
view-flat = Tempo { $tempo } · flach · Stapel { $pile }
view-uphill = Tempo { $tempo } · Steigung: kein Überholen, kein Windschatten · Stapel { $pile }
column-rider = Fahrer
column-cards = Karten
column-chips = Min.
column-total = Summe
column-last-play = letzte Karte
yellow-jersey = Gelbes Trikot
you = (du)
view-last-stage = Letzte Etappe: { $points }
view-window-may = Steigungsfenster: du darfst außer der Reihe eine Steigung auf den Stapel des Ausreissers legen oder passen
view-window-no-hill = Steigungsfenster: du hast keine Steigung und passt
view-window-open = Steigungsfenster offen: alle außer dem Ausreisser dürfen eine Steigung auf seinen Stapel legen
view-being-played = Wird gespielt: { $play } = { $speed }
view-played = Gespielt: { $cards }
view-hand = Deine Hand: { $hand }

## The log (log.rs). $name: the rider.

log-choose-draw = { $name } zieht { $card }
log-choose-draw-aside = { $name } zieht { $card } (beiseitegelegt)
log-choosing = Wahl des ersten Spitzenreiters: { $draws }
log-choosing-leader = Wahl des ersten Spitzenreiters: { $draws }; { $leader } führt
log-deal = Etappe { $stage }: { $leader } fährt im gelben Trikot voraus; { $cards } Karten für jeden
log-deal-hand = Etappe { $stage }: { $leader } fährt im gelben Trikot voraus; { $cards } Karten für jeden. { $name } erhält { $hand }
log-window-hill = { $name } legt eine Steigung auf den Stapel von { $leader }
log-window-none = Niemand legt eine Steigung
log-turn-draws = { $name } zieht { $drawn }
log-turn-draws-plays = { $name } zieht { $drawn } und { $play }
log-turn-plays = { $name } { $play }
log-turn-draws-cannot-play = { $name } zieht { $drawn } und kann nicht spielen
log-turn-cannot-play = { $name } und kann nicht spielen
log-turn = { $name }
cards-drawn = { $n ->
    [one] { $n } Karte
   *[other] { $n } Karten
 }
log-laid = ({ $n }× Gegenwind beim Nachziehen gezogen und dazugelegt)
log-refills = zieht nach: { $drawn }
settled = { $speed } km/h
settled-uphill = { $speed } km/h am Berg
settled-against = { $speed } km/h gegen { $tempo }
settled-against-uphill = { $speed } km/h gegen { $tempo } am Berg
lead-sets-tempo = gibt das Tempo vor
lead-takes = übernimmt die Führung
penalty-gained = +{ $penalty } Strafminuten (insgesamt { $chips })
penalty-handed-back = gibt { $penalty } Strafminuten zurück (noch { $chips })
wind-shadow = im Windschatten
holds-tempo = hält das Tempo
no-lead-uphill = keine Führung am Berg
stage-score-jersey = { $name } { $points } (gelbes Trikot)
stage-over = Etappe { $stage } ist vorbei: { $scores }; Stand: { $totals }
series-over = Die Rundfahrt ist vorbei: { $names } { $winners ->
    [one] gewinnt
   *[other] gewinnen gemeinsam
 } mit { $points }
names-and = { $first } und { $second }

# Um Reifenbreite's own words (English). Each key has its German twin in
# de.ftl; docs/glossary.md names the terms both use. A rider is called by
# his printed number ($rider: 21 to 54), a team by the first digit of its
# riders' numbers ($team: 2 for "team 2x").

## The game

game-name = Um Reifenbreite

## Places as the board shows them (describe.rs, position)

lane = lane { $lane }
place-space = space { $space }
place-start = start row { $row }, lane { $lane }
place-before-line = lane { $lane }, { $rows ->
    [one] 1 row
   *[other] { $rows } rows
 } before { $line }
place-past-line = lane { $lane }, { $rows ->
    [one] 1 row
   *[other] { $rows } rows
 } past { $line }
place-before-finish = lane { $lane }, { $rows ->
    [one] 1 row
   *[other] { $rows } rows
 } before the finish
place-past-finish = lane { $lane }, { $rows ->
    [one] 1 row
   *[other] { $rows } rows
 } past the finish
# Off the road (log.rs): where a rider went who left it.
place-finish = the finish
place-beside-road = beside the road
place-off-road = not on the road

## The drawing of the race (describe.rs, view)

view-heading = { $course } — stage { $stage }/{ $stages } — round { $round }
# Under the lanes, after as many blanks as "lane 4 " takes.
view-legend = → direction of travel; ·· asphalt, cN cobbles, ^N climb, vN descent, | finish or sprint line, ══ thick line, ++ reachable
view-to-move = still to move: { $riders }
view-dismounted = dismounted: { $riders }
# $manager: the manager's name, or the seat's number; $cards: the team's
# energy cards, as "2×21-6M J-5", or "—".
view-team = team { $team }x (manager { $manager }): { $cards }
view-team-yours = team { $team }x (manager { $manager }, you): { $cards }
# $first, $second, $third: the points for the first three riders over the line.
view-sprint = sprint { $line } ({ $first }/{ $second }/{ $third }): { $riders }
view-jersey = yellow jersey: { $rider }
view-jersey-claimed = yellow jersey: { $rider } (judged at the end of the round: { $riders })
view-finished = finished: { $riders }

## What happens now, under the drawing (describe.rs, phase_line)

phase-first-team = Roll-off for the start.
phase-place = Team { $team }x places a rider.
phase-choose = Rider { $rider } is to move: energy cards, ride or break away? (cards chosen: { $cards })
phase-dice = Dice for { $rider }
phase-chance = A 7: chance card for { $rider }
phase-move = Rider { $rider } moves up to { $spaces }
phase-move-breakaway = Rider { $rider } moves up to { $spaces } (breakaway)
phase-draft = Rider { $rider } may draft.
phase-tow-photo = Photo card for { $rider }
phase-proposal = { $leader } offers the lead to { $asked }.
phase-director = The race director draws two photo cards.
phase-over = The race is over.

## The score sheet (describe.rs, score_sheet and stage_race_sheet)

sheet = Score sheet
sheet-last-stage = Score sheet, stage { $stage }/{ $stages } ({ $course })
# The columns' heads, spaced to stand over them.
sheet-columns = place  rider  points  sprints+jersey  total
sheet-disqualified = disqualified
sheet-sprint = sprint { $line }: { $riders }
sheet-photos = photo cards noted: { $riders }
sheet-director = race director drew: { $cards }
sheet-team = team { $team }x: { $riders }  = { $points }
sheet-stage-race = Stage race: team points per stage
sheet-team-column = team { $team }x
sheet-stage = stage
sheet-total = total
sheet-best-rider = best rider
# The final result: stages × the best rider's total + the team's total.
sheet-formula = { $stages } × best + total

## Actions in words (describe.rs, action); $rider is the rider to decide

action-first = team { $team }x places first
action-place = place { $rider } on { $place }
action-place-off = place { $rider } on start space { $space }
action-card = { $rider } plays { $card ->
    [own6] his own 6 (mountain sign)
    [own5] his own 5
    [joker6] a joker 6 (mountain sign)
   *[joker5] a joker 5
 }
action-ride = { $rider } rides
action-break = { $rider } breaks away!
action-tow = { $rider } hitches a tow (die + 6)
action-tow12 = { $rider } hitches a long tow (12)
action-ask = { $rider } offers the lead
action-accept = { $rider } takes the lead
action-refuse = { $rider } refuses the lead
action-roll = rolls { $total }
action-photo = a photo card is drawn and noted
action-director = the race director draws photo card { $card }
action-to = { $rider } to { $place } ({ $rows ->
    [one] 1 row ahead
   *[other] { $rows } rows ahead
 })
action-to-space = { $rider } to space { $space }
action-draft = { $rider } drafts
action-skip = { $rider } does not draft

## The log (log.rs): an entry per rider's turn, its steps parted by commas

log-first = Team { $team }x places first
log-place = { $name }: places rider { $rider } on { $place }
# $card: own6, own5, joker6, joker5, or the card as written ($notation).
log-card = plays { $card ->
    [own6] his own 6 (mountain sign)
    [own5] his own 5
    [joker6] a joker 6 (mountain sign)
    [joker5] a joker 5
   *[other] { $notation }
 }
log-ride = rides
log-break = breaks away
log-tow = hitches a tow (die + 6)
log-tow12 = hitches a long tow (12)
log-ask = offers the lead
log-accept = { $rider } takes the lead
log-refuse = { $rider } refuses the lead
log-roll = rolls { $total }
# $text: the card's sentence without its full stop: the entry goes on.
log-chance = chance card: { $text }
log-photo = a photo card is drawn
log-director = the race director draws photo card { $card }
log-draft = { $rider } drafts
log-skip = { $rider } does not draft
# A rider moved in the turn: from where to where.
log-moved = { $rider }: { $from } → { $to }

## The chance cards' printed texts (cards.rs)

chance-fall = Crash! Your rider falls and cannot move this round. Riders close behind may fall too.
chance-puncture = Puncture! Your rider loses this move.
chance-chain = The chain came off. Your rider loses this move.
chance-feed = Feeding station: take back one of this rider's spent energy cards (a spent joker if he has none). Then move 7.
chance-bonk = Hunger knock: hand in one of this rider's energy cards (a joker if he has none). Then move 7.
chance-headwind1 = Headwind: move 1 space less.
chance-headwind2 = Strong headwind: move 2 spaces less.
chance-headwind3 = Storm in your face: move 3 spaces less.
chance-tailwind1 = Tailwind: move 1 space more.
chance-tailwind2 = Strong tailwind: move 2 spaces more.
chance-tailwind3 = Storm at your back: move 3 spaces more.
chance-cheers = Your family cheers you on at the roadside: move 2 spaces more.
chance-family = You stop to greet your family at the roadside: move 2 spaces less.
chance-photo = A photographer snaps you holding on to your team car: draw a photo card for this rider. Then move 7.

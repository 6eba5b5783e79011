# Der Ausreisser's words (English). Each key has its German twin in de.ftl;
# docs/glossary.md names the terms both use. The special cards keep their
# German names, as the rules use them in every language: Steigung,
# Gegenwind, Spurt.

## The game

game-name = Der Ausreisser

## Cards by name, with what they do (card.rs)

card-hill = Steigung (hill)
card-wind = Gegenwind (headwind −2)
card-spurt = Spurt (+2)

## A play in words (action.rs): the card with what went with it.
## $cards lists play-spurts, play-winds and play-hill, joined by commas.

play = plays { $speed }
play-with = plays { $speed } with { $cards }
play-spurts = { $n }× Spurt
play-winds = { $n }× Gegenwind
play-hill = a Steigung

## Actions in words (view.rs). $name: the rider.

rider = Rider { $n }
action-dealt = { $name } is dealt a card
action-draws = { $name } draws a card
action-draws-card = { $name } draws { $card }
# $play: a play in words, "plays 45 with 1× Spurt".
action-play = { $name } { $play }
action-play-speed = { $name } { $play }: { $speed } km/h
action-hill = { $name } puts a Steigung on the leader's pile
action-pass = { $name } lays no Steigung

## The table drawn for the terminal (view.rs)

view-title = Der Ausreisser · stage { $stage }/{ $stages }
view-title-plain = Der Ausreisser · stage { $stage }/{ $stages } · without special cards
view-choosing = Choosing the first leader; drawing: { $name }
# $total: the winners' points with their sign, "+3".
view-over = The series is over. Winner: { $names } ({ $total })
view-flat = Tempo { $tempo } · flat · pile { $pile }
view-uphill = Tempo { $tempo } · Steigung: no passing, no wind shadow · pile { $pile }
# The riders' table: its columns' headings, and what follows a rider's last play.
column-rider = rider
column-cards = cards
column-chips = chips
column-total = total
column-last-play = last play
yellow-jersey = yellow jersey
you = (you)
view-last-stage = Last stage: { $points }
view-window-may = Steigung window: you may put a Steigung on the leader's pile out of turn, or pass
view-window-no-hill = Steigung window: you hold no Steigung and pass
view-window-open = Steigung window open: anyone but the leader may put a Steigung on the leader's pile
view-being-played = Being played: { $play } = { $speed }
view-played = Played: { $cards }
view-hand = Your hand: { $hand }

## The log (log.rs). $name: the rider.

log-choose-draw = { $name } draws { $card }
log-choose-draw-aside = { $name } draws { $card } (laid aside)
# $draws: the log-choose-draw entries, joined by commas.
log-choosing = Choosing the first leader: { $draws }
log-choosing-leader = Choosing the first leader: { $draws }; { $leader } leads
log-deal = Stage { $stage }: { $leader } leads in the yellow jersey; { $cards } cards to each rider
log-deal-hand = Stage { $stage }: { $leader } leads in the yellow jersey; { $cards } cards to each rider. { $name } gets { $hand }
log-window-hill = { $name } lays a Steigung on { $leader }'s pile
log-window-none = Nobody lays a Steigung
# A rider's turn. $drawn: the cards drawn by name (for the drawer), or
# cards-drawn (for everyone else); $play: a play in words.
log-turn-draws = { $name } draws { $drawn }
log-turn-draws-plays = { $name } draws { $drawn } and { $play }
log-turn-plays = { $name } { $play }
log-turn-draws-cannot-play = { $name } draws { $drawn } and cannot play
log-turn-cannot-play = { $name } and cannot play
# A turn before anything was drawn or played.
log-turn = { $name }
cards-drawn = { $n ->
    [one] { $n } card
   *[other] { $n } cards
 }
log-laid = ({ $n }× Gegenwind drawn in the refill and laid on it)
log-refills = refills with { $drawn }
# What a play settled: the speed ridden, against the tempo, and then what
# it did to the lead or the rider's penalty minutes.
settled = { $speed } km/h
settled-uphill = { $speed } km/h uphill
settled-against = { $speed } km/h against { $tempo }
settled-against-uphill = { $speed } km/h against { $tempo } uphill
lead-sets-tempo = sets the tempo
lead-takes = takes the lead
penalty-gained = +{ $penalty } penalty minutes ({ $chips } in all)
penalty-handed-back = hands back { $penalty } penalty minutes ({ $chips } left)
wind-shadow = in the wind shadow
holds-tempo = holds the tempo
no-lead-uphill = no lead under the Steigung
# The end of a stage. $scores and $totals: each rider with points, by
# comma; $points with their sign ("+1", "0", "−3").
stage-score-jersey = { $name } { $points } (yellow jersey)
stage-over = Stage { $stage } is over: { $scores }; totals: { $totals }
# $names: the winners, joined by names-and.
series-over = The series is over: { $names } { $winners ->
    [one] wins
   *[other] share the win
 } with { $points }
names-and = { $first } and { $second }

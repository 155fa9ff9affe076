### The game's words in English (Project Fluent: https://projectfluent.org/fluent/guide/).
### Every message here is in every other catalog (locale/*.ftl) with the same variables:
### tests/test_words.py checks it. The code names a message by its group and name with dots
### ("reason.expert.drive"); its id here has dashes ("reason-expert-drive"). A "## group" line
### starts each group.

# A side the table has not named, counted from 1.
side = side { $number }

# An action as an option weighed against another ("against 57% for discarding 50 km").
## option
option-play = playing { $card }
option-attack = attacking { $side } with { $card }
option-discard = discarding { $card }
option-coup-fourre = calling coup-fourré
option-decline = letting the attack pass
option-extend = extending the race to 1000
option-finish = stopping the race here

# Why a bot chose what it did (millebornes.bots.reasons). {card}, {hazard} and {safety} are card
# names, {side} a side's name, {win} and {risk} whole percentages; a {reason}-like placeholder
# ({why}, {meanwhile}, {goal}, {standing}...) is another phrase of this table.
## reason
reason-random = a random legal action

## reason.greedy
reason-greedy-coup_fourre = a coup-fourré is always worth calling
reason-greedy-finish = stop at { $race } while the trip is won
reason-greedy-remedy = { $card }: mend the car before anything else
reason-greedy-distance = { $card }: the biggest distance that fits
reason-greedy-attack = { $card } on the leader, { $side }
reason-greedy-safety = { $card }: nothing else to play, and a safety plays again
reason-greedy-discard_useless = discard { $card }: it can never be played
reason-greedy-discard_least = discard { $card }: the card least worth keeping

## reason.expert
reason-expert-coup_fourre = Coup-fourré: 300 more points, the attack cancelled and the next turn
reason-expert-extend = Extend to 1000: the others are far behind or stopped
reason-expert-finish = Stop at { $race }: take the trip while it is safe
reason-expert-wait_to_finish = Wait to finish once the stock is out (delayed action): { $meanwhile }
reason-expert-lay_before_finishing = Lay { $card } before finishing: in hand at the end it scores nothing
reason-expert-completes = { $card } completes the trip
reason-expert-clears = { $card } clears the attack and plays again
reason-expert-right_of_way_rolls = Right of Way at once (Dujardin's advice): it gets the car rolling for good
reason-expert-right_of_way_spares = Right of Way at once (Dujardin's advice): no Roll needed again, no Stop nor Speed Limit to fear
reason-expert-lay_only_safeties = Lay { $card }: the hand holds nothing else
reason-expert-lay_deal_may_end = Lay { $card } now: the deal may end before a coup-fourré
reason-expert-lay_all_seen = Lay { $card } and play again: every hazard it prevents is seen, no coup-fourré is left
reason-expert-lay_stuck = Lay { $card } and play again: a fresh card beats discarding a useful one
reason-expert-lay_unlikely = Lay { $card } and play again: a coup-fourré has become unlikely
reason-expert-mends = { $card } mends the { $hazard }
reason-expert-roll = Roll: the car is stopped
reason-expert-attack_safe = { $card } on { $side }: no risk of { $safety } answering it
reason-expert-attack_risk = { $card } on { $side }: { $risk }% risk of { $safety } answering it
reason-expert-end_of_limit = End of Limit: the big cards wait
reason-expert-drive = { $card }: { $left } km to go
reason-expert-drive_no_200 = { $card }: { $left } km to go, though it costs the no-200 bonus
reason-expert-discard = Discard { $card }: { $why }
reason-expert-never_playable = it can never be played
reason-expert-all_seen = every { $hazard } is already seen
reason-expert-covered = { $safety } in hand answers any { $hazard }
reason-expert-spare_copy = a spare copy
reason-expert-least_worth_keeping = the card least worth keeping

## reason.master
reason-master-only_legal = The only legal action
reason-master-only_sensible = The only sensible action
reason-master-odds = { $why }; it wins { $win }% of { $rollouts } simulated endings
reason-master-keeps_within_noise = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }, but the difference is within the noise of the simulation, so it keeps the expert's choice
reason-master-departs = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }
reason-master-departs_fewer_wins = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }: fewer wins, but a better result on average (more points, or the match near its end)
reason-master-attack = Attack { $side } with { $card }: { $standing } and { $guard }
reason-master-leads = it leads by { $km } km
reason-master-trails = it trails by { $km } km
reason-master-level = it is level with you
reason-master-you_hold = you hold { $card }
reason-master-already_out = { $card } is already out
reason-master-cannot_hold = it cannot hold { $card }
reason-master-unseen = { $card } is still unseen
reason-master-drive = Drive { $card }: { $goal }
reason-master-completes = completes the trip
reason-master-to_go = { $km } km still to go
reason-master-clears = Play { $card }: clears the attack, and another turn
reason-master-protects = Play { $card }: 100 points and protection, and another turn
reason-master-end_of_limit = Play End of Limit: the big distances can go again
reason-master-remedy = Play { $card } to get going again
reason-master-discard = Discard { $card }: the card the simulated endings miss least
reason-master-coup_fourre = Coup-fourré with { $card }: 300 bonus points and the next turn
reason-master-finish = Stop at { $race }: take the trip now
reason-master-extend = Extend the race to 1000: more points in reach than at risk
reason-master-decline = Let the attack pass: the safety is worth more later

# The presets' names, as players know them (both games).
## preset
preset-dujardin = Dujardin (the French classic)
preset-winning-moves = Winning Moves (2008, partners)
preset-parker = Parker Brothers (700 km, extension)

# The seats' default names, by where they sit around the table (the terminal game).
## seat
seat-south = South
seat-north = North
seat-west = West
seat-east = East
seat-northwest = Northwest
seat-northeast = Northeast
seat-southwest = Southwest
seat-southeast = Southeast

# The terminal game's words (tui/); card names are in cards.py, log lines under [narrate].
## tui
tui-title = Mille Bornes
tui-new_game = New game
tui-rules = Rules
tui-players = Players
tui-race = Race
tui-race_km = { $race } km
tui-match = Game
tui-match_target = Match to 5000 points
tui-single_deal = A single deal
tui-language = Language
tui-seats = Seats (in turn order)
tui-person = Person
tui-easy = Easy bot
tui-medium = Medium bot
tui-hard = Hard bot
tui-start = Start
tui-start_hint = Enter starts the game set below. To change it first: Tab or the arrows move between fields, Enter or Space opens one.
tui-you_mark = you
tui-battle = Battle
tui-speed = Speed
tui-safeties = Safeties
tui-none = —
tui-no_limit = no limit
tui-twos = 200s
tui-stock = Stock
tui-discard = Last discard
tui-cards = { $count } cards
tui-deal = Deal { $number }
tui-points = { $points } pts
tui-your_turn = Your turn: pick a card (1-7), then p to play or d to discard.
tui-your_turn_short = ▶ Your turn
tui-thinking = { $name } is thinking…
tui-hand = { $name }'s hand
tui-hidden_hand = The hand is hidden.
tui-your_hand = Your hand
tui-new_card = new
tui-bell_on = The bell rings on your turn and at a coup-fourré (b: no bell).
tui-bell_off = No bell (b: a bell on your turn).
tui-waiting = Waiting for { $name }.
tui-distance = distance
tui-hazard = hazard
tui-remedy = remedy
tui-safety = safety
tui-play = Play
tui-discard_button = Discard
tui-help = Rules
tui-pick_first = Pick a card first: press its number (1-7) or click it.
tui-not_your_turn = It is not your turn.
tui-choose_target = Attack whom? Press the number of a tableau, or click it (Esc: cancel).
tui-selected = { $card } selected: p to play, d to discard.
tui-selected_hazard = { $card } selected: p to attack, d to discard.
tui-hint_line = Hint: { $action }. { $reason }
tui-hint_wait = Asking the master for a hint…
tui-coup_title = Coup-fourré?
tui-coup_text =
    { $attack }.
    You hold { $safety }: call coup-fourré to stop the attack, score 300 more and play at once.
tui-coup_call = Coup-fourré! (c)
tui-coup_pass = Let it pass (n)
tui-extension_title = 700 km reached
tui-extension_text = Extend the race to 1000 km, or stop here and end the deal?
tui-extend = Extend to 1000 (e)
tui-finish = Stop at 700 (s)
tui-pass_title = Pass to { $name }
tui-pass_text = Hand the keyboard to { $name }, then press Enter to show their hand.
tui-ready = I am { $name } (Enter)
tui-deal_over = Deal { $number } is over
tui-next_deal = Next deal (Enter)
tui-match_over = Winner of the match: { $winner }!
tui-match_tie = The match ends in a tie.
tui-deal_summary = Deals played: { $deals }.
tui-new_game_button = New game (n)
tui-see_table = Table (t)
tui-final_table = The table as the deal ended: Enter for the next deal, s for the score.
tui-final_table_over = The table as the match ended: s for the score, q to quit.
tui-quit = Quit (q)
tui-total = Total of the deal
tui-match_total = Match total
tui-resume_title = Unfinished games
tui-resume_none = No unfinished game: start a new one.
tui-resume_item = { $when }  { $rules }, { $names }  ({ $scores })  { $actions } moves
tui-saved = Game saved. Continue it with: millebornes play --resume
tui-deal_over_log = Deal { $number } over: { $scores }
tui-side_total = { $name } { $points }
# A number in the locale's form (1,500).
tui-number = { $value }
tui-deal_start_log = Deal { $number }: { $dealer } deals.
tui-key_pick = Pick card
tui-key_play = Play
tui-key_discard = Discard
tui-key_hint = Hint
tui-key_rules = Rules
tui-key_quit = Quit
tui-key_start = Start
tui-key_new_game = New game
tui-key_back = Back
tui-key_field = Next field
tui-key_open = Open
tui-key_choose = Choose
tui-key_continue = Continue it
tui-key_next_deal = Next deal
tui-key_score = Score sheet
tui-key_target = Target
tui-key_attack = Attack
tui-key_cancel = Cancel
tui-key_bell = Bell
tui-key_table = See the table
tui-key_review = Review
tui-key_coup_call = Call coup-fourré
tui-key_coup_pass = Let it pass
tui-key_extend = Extend to 1000
tui-key_finish = Stop at 700
tui-key_ready = Show my hand

# The keys' names on the keyboard, in the footers.
## tui.keyname
tui-keyname-enter = Enter
tui-keyname-space = Space
tui-keyname-esc = Esc
tui-keyname-tab = Tab

# The items of a deal's score, named on the terminal's score sheet.
## tui.score_item
tui-score_item-distance = Distance
tui-score_item-safeties = Safeties (100 each)
tui-score_item-coups_fourres = Coups-fourrés (300 more each)
tui-score_item-winner = Winner of the deal
tui-score_item-no_200 = Winner without a 200
tui-score_item-capot = Capot (a side with 0 km)
tui-score_item-all_safeties = All four safeties
tui-score_item-trip = Trip completed
tui-score_item-delayed_action = Delayed action
tui-score_item-safe_trip = Safe trip (no 200)
tui-score_item-shut_out = Shut-out
tui-score_item-extension = Extension

# The browser game's words (web/static/app.js), sent to the page with /api/config.
## web
web-title = Mille Bornes
web-new_room = New game
web-rules = Rules
web-players = Players
web-race = Race
web-length = Length
web-match_5000 = Match to 5000 points
web-single_deal = One deal
web-seats = Seats
web-create = Create the room
web-how_title = How it works
web-how_text = Create a room, send the invitation link to your friends, and bots fill the seats you give them. Everyone plays from their own phone or computer.
web-person = A person
web-bot_easy = Bot: easy
web-bot_medium = Bot: medium
web-bot_hard = Bot: hard
web-teams = Partners sit opposite each other:
web-team = seats { $seats } form side { $side }
web-join_title = Join the game
web-your_name = Your name
web-watch = Just watch
web-take_seat = Sit at seat { $n }
web-copy_link = Invite
web-copy = Copy
web-copied = Invitation link copied
web-add_player = Add a player on this device
web-waiting_for = Waiting for players: { $names }. Send them the invitation link.
web-seats_free = The game starts once every seat is taken.
web-memo = Memo
web-memo_title = Which card answers which
web-memo_hazard = Hazard
web-memo_remedy = Remedy
web-memo_safety = Safety (prevents it for good)
web-close = Close
web-log = Game log
web-your_turn = Your turn: pick a card
web-waits_for = { $name } is playing…
web-you_wait = Waiting for the table…
web-deal_over = The deal is over
web-match_over = The match is over
web-play = Play
web-discard = Discard
web-attack = Attack { $name }
web-choose_target = or tap a side to attack it
web-coup_title = { $name } attacks you with { $hazard }!
web-coup_text = You hold { $safety }: call coup-fourré?
web-call = Coup-fourré!
web-decline = Let it pass
web-extension_title = You reached 700 km!
web-extension_text = Extend the race to 1000 km, or stop here?
web-extend = Extend to 1000
web-finish = Stop at 700
web-battle = Battle
web-speed = Speed
web-safeties = Safeties
web-km = km
web-stock = Stock
web-discard_pile = Discards
web-deal = Deal { $n }
web-race_of = Race { $km } km
web-side = Side { $n }
web-you = you
web-bot = bot
web-away = away
web-offline = offline
web-score_title = Deal { $n }: scores
web-review = Review
web-totals = Match total
web-continue = Continue
web-next_deal = Next deal
web-rematch = Rematch
web-watch_rematch = Watch the rematch
web-wins = { $name } wins!
web-tie = No winner
web-spectating = Watching
web-reconnecting = Reconnecting…
web-handover = { $name } must play.
web-show_seat = Show { $name }'s hand
web-cover = Pass the device to { $name }
web-reveal = I am { $name }: show my hand
web-no_room = There is no such room: check the invitation link.
web-back = New game
web-scores = Scores
web-coup_fourre_mark = coup-fourré
# The page's words besides (issue 40): who plays, what just happened, the keys, leaving.
web-other_language = Français
web-skip_to_hand = Go to your hand
web-table_title = Mille Bornes: the table
web-seats_here = Your seats on this device
web-seat_n = Seat { $n }
web-hand = Your hand
web-side_panel = Scores and game log
web-sound = Sounds
web-notify = Notify me when it is my turn
web-notify_refused = The browser does not allow notifications for this page.
web-leave = Leave
web-leave_title = Leave the room?
web-leave_text = Your seat stays yours: come back with the invitation link. Meanwhile a bot plays for you after a while.
web-leave_yes = Leave
web-leave_no = Stay
web-held_title = Your games
web-held_room = Room { $code }
web-forget = Forget
web-invite_link = Invitation link
web-copy_failed = Could not copy: select the link and copy it yourself.
web-keys_hint = Keys: press ? to list them
web-list = { $items } and { $last }
web-nothing = none
web-no_limit = no limit
web-you_side = { $name } (you)
web-playing_now = (playing now)
web-stood_in = a bot plays for them
web-offline_for = offline: a bot plays in { $s } s
web-lost_connection = { $name } lost connection: a bot takes their seat in { $s } s
web-stand_in_plays = A bot plays for { $name }…
web-waits_next = Waiting for { $names } to start the next deal
web-your_question = Your answer is awaited
web-target_here = Target
web-last_move = Last move
web-no_move_yet = No move yet in this deal.
web-card_playable = can be played
web-card_not_playable = cannot be played
web-choose_target_key = Choose whom to attack: Tab between the sides, Enter attacks.
web-cannot_play_key = { $card } cannot be played now: press D to discard it.
web-move_waits = Connection lost: your move will be sent when it is back.
web-move_dropped = Your move was not sent: the table changed while the connection was lost. Play again.
web-coup_moment = COUP-FOURRÉ!
web-coup_moment_by = { $name } answers the attack
web-deal_end = Deal { $n } is over: { $scores }.
web-side_points = { $name } { $points } points
web-tab_your_turn = ▶ Your turn · Mille Bornes
web-following_rematch = The rematch has started: you follow it in a moment.
web-rematch_offered = The players may start a rematch: you will follow them to it.
web-discard_safety_title = Discard { $card }?
web-discard_safety_text = A safety protects you for the whole deal, and playing it gives you another turn. Discarded, it is gone.
web-discard_safety_yes = Discard it
web-discard_safety_no = Keep it
web-read_side = { $name }: { $km } of { $race } km; battle pile: { $battle }; speed: { $speed }; safeties: { $safeties }.
web-read_stock = { $n } cards in the stock.
web-read_hand = Your hand: { $cards }.

# The items of a deal's score, named on the page's score sheet.
## web.items
web-items-distance = Distance
web-items-safeties = Safeties
web-items-coups_fourres = Coups-fourrés
web-items-winner = Winner
web-items-no_200 = Without a 200
web-items-capot = Shut-out (capot)
web-items-all_safeties = All four safeties
web-items-trip = Trip completed
web-items-delayed_action = Delayed action
web-items-safe_trip = Safe trip (no 200)
web-items-shut_out = Shut-out
web-items-extension = Extension
web-items-total = Total
# The keys of the table (the ? key lists them).
## web.keys
web-keys-title = Keys
web-keys-arrows_key = ← →
web-keys-arrows = move between the cards of your hand
web-keys-enter_key = Enter
web-keys-enter = play the card (or choose whom to attack)
web-keys-discard_key = D
web-keys-discard = discard the card
web-keys-digits_key = 1 … 7
web-keys-digits = go to a card of your hand
web-keys-escape_key = Esc
web-keys-escape = put the selected card back
web-keys-table_key = T
web-keys-table = read the table aloud: every side's distance, piles and safeties
web-keys-hand_key = H
web-keys-hand = read your hand aloud
web-keys-last_key = L
web-keys-last = read the last move again
web-keys-keys_key = ?
web-keys-keys = this list

# Errors the server sends, by their code (docs/web.md); for others the page shows the server's own message.
## web.errors
web-errors-bad-token = This seat is not yours any more: it was taken with another link.
web-errors-not-your-seat = That seat is not yours.
web-errors-not-your-turn = It is not your turn.
web-errors-illegal = That move is not allowed now.
web-errors-not-started = The game starts once every seat is taken.
web-errors-game-over = The game is over.
web-errors-too-fast = Too many requests: wait a moment and try again.
web-errors-too-many-rooms = You already have as many games open as one address may. Finish one of your games (listed on the home page), or wait: a room nobody comes back to closes after a day.
web-errors-server-full = The server is full: try again later.
web-errors-room-full = This room has as many spectators as it allows.
web-errors-unknown-room = There is no such room: check the invitation link.
web-errors-server-error = The server failed: try again.
web-errors-not-over = The rematch comes once the match is over.

# The review page of a deal (web/static/js/review.js).
## web.review_page
web-review_page-title = Review of deal { $n }: { $name }
web-review_page-table = The table
web-review_page-share = Copy link
web-review_page-copied = Link copied
web-review_page-first = First action
web-review_page-previous = Previous action
web-review_page-next = Next action
web-review_page-last = Last action
web-review_page-distance = Distance
web-review_page-points_before = Points before
web-review_page-none = none
web-review_page-hand = { $name }'s hand:
web-review_page-step = Action { $n } of { $total }: { $text }
web-review_page-over = The deal is over.
web-review_page-not_yours = Not the reviewed seat's decision.
web-review_page-failed = The review failed: { $error }
web-review_page-thinking = Master is still reviewing this decision…
web-review_page-forced = The only legal action.
web-review_page-best = Best: master would have played the same.
web-review_page-verdict = { $label }: { $played }; master's choice: { $best }; about { $loss } points lost.
web-review_page-working = Master is reviewing: { $done } of { $total } decisions
web-review_page-accuracy = Accuracy { $accuracy }%, { $points } points lost in all.
web-review_page-costly = Action { $n }: { $played } (about { $loss } points lost)
web-review_page-unknown = No review has this link.
web-review_page-play = play { $card }
web-review_page-discard = discard { $card }
web-review_page-attack = attack { $name } with { $card }
web-review_page-coup-fourre = call coup-fourré
web-review_page-decline = let the attack pass
web-review_page-extend = extend the race
web-review_page-finish = stop the race

# The verdicts of the review page.
## web.review_page.labels
web-review_page-labels-best = Best
web-review_page-labels-good = Good
web-review_page-labels-inaccuracy = Inaccuracy
web-review_page-labels-mistake = Mistake
web-review_page-labels-blunder = Blunder


# Game log lines (narrate.py): {who} is a seat's name or "You", {target} a side's name,
# {card} a card's name; the verbs below are filled in for another seat or for the reader.
## narrate
# A side the interface has not named, by its number in the notation (from 0).
narrate-side = side { $side }
narrate-you = you
# Who made a move a bot took for a person away (the actor of a log line).
narrate-stand_in = { $name }'s stand-in bot
narrate-play_distance = { $who } { $drives } { $card }
narrate-play_remedy = { $who } { $plays } { $card }
narrate-play_safety = { $who } { $plays } { $card } and { $plays_again }
narrate-attack = { $who } { $attacks } { $target } with { $card }
narrate-attack_you = { $who } { $attacks } you with { $card }
narrate-attack_your_team = { $who } { $attacks } your team with { $card }
narrate-discard = { $who } { $discards } { $card }
narrate-coup-fourre = COUP-FOURRÉ! { $who } { $answers } with { $card }
narrate-decline = { $who } { $lets } the attack pass
narrate-extend = { $who } { $extends } the race to 1000
narrate-finish = { $who } { $stops } at 700

# A verb for another seat (third person).
## narrate.verb
narrate-verb-drives = drives
narrate-verb-plays = plays
narrate-verb-plays_again = plays again
narrate-verb-attacks = attacks
narrate-verb-discards = discards
narrate-verb-answers = answers
narrate-verb-lets = lets
narrate-verb-extends = extends
narrate-verb-stops = stops

# The same verb for the reader ("you").
## narrate.verb_you
narrate-verb_you-drives = drive
narrate-verb_you-plays = play
narrate-verb_you-plays_again = play again
narrate-verb_you-attacks = attack
narrate-verb_you-discards = discard
narrate-verb_you-answers = answer
narrate-verb_you-lets = let
narrate-verb_you-extends = extend
narrate-verb_you-stops = stop

# The review of a deal (tui/review.py): master's verdict on each of the seat's decisions.
## review
review-title = Review of deal { $deal }
review-key_back = Back
review-key_previous = Previous
review-key_next = Next
review-key_costly = Costliest
review-step = Action { $number } of { $total }: { $text }
review-end = The deal is over.
review-working = Master is reviewing your decisions: { $done } of { $total }
review-failed = The review failed: { $error }
review-not_yours = Not your decision.
review-forced = Your only legal action.
review-verdict = { $label }: you { $played }; master's choice: { $best }; lost about { $loss } points
review-best = best: master would have played the same
review-summary = Accuracy { $accuracy }%, { $points } points lost in all ({ $mistakes } mistakes, { $blunders } blunders). Press c for the costliest:
review-button = Review (r)

## review.labels
review-labels-best = Best
review-labels-good = Good
review-labels-inaccuracy = Inaccuracy
review-labels-mistake = Mistake
review-labels-blunder = Blunder

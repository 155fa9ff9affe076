### Les mots du jeu en français (Project Fluent : https://projectfluent.org/fluent/guide/) :
### les mêmes messages que locale/en.ftl, avec les mêmes variables (tests/test_words.py le
### vérifie). Les commentaires de en.ftl disent ce que chaque groupe contient.

side = l'équipe { $number }

## option
option-play = poser { $card }
option-attack = attaquer { $side } avec { $card }
option-discard = défausser { $card }
option-coup-fourre = annoncer le coup fourré
option-decline = laisser passer l'attaque
option-extend = prolonger la course à 1000
option-finish = arrêter la course ici

## reason
reason-random = une action permise, tirée au hasard

## reason.greedy
reason-greedy-coup_fourre = un coup fourré vaut toujours d'être annoncé
reason-greedy-finish = s'arrêter à { $race } tant que la course est gagnée
reason-greedy-remedy = { $card } : réparer la voiture avant tout
reason-greedy-distance = { $card } : la plus grande étape qui passe
reason-greedy-attack = { $card } sur le meneur, { $side }
reason-greedy-safety = { $card } : rien d'autre à jouer, et une botte fait rejouer
reason-greedy-discard_useless = défausser { $card } : cette carte ne pourra jamais être jouée
reason-greedy-discard_least = défausser { $card } : la carte la moins utile à garder

## reason.expert
reason-expert-coup_fourre = Coup fourré : 300 points de plus, l'attaque annulée et le tour suivant
reason-expert-extend = Prolonger à 1000 : les autres sont loin derrière ou arrêtés
reason-expert-finish = S'arrêter à { $race } : prendre la course tant qu'elle est sûre
reason-expert-wait_to_finish = Attendre que la pioche soit vide pour finir (action retardée) : { $meanwhile }
reason-expert-lay_before_finishing = Poser { $card } avant de finir : une botte encore en main à la fin ne marque rien
reason-expert-completes = { $card } termine la course
reason-expert-clears = { $card } pare l'attaque et fait rejouer
reason-expert-right_of_way_rolls = Véhicule prioritaire tout de suite (conseil de Dujardin) : la voiture roule pour de bon
reason-expert-right_of_way_spares = Véhicule prioritaire tout de suite (conseil de Dujardin) : plus besoin de Feu vert, plus de Feu rouge ni de Limite de vitesse à craindre
reason-expert-lay_only_safeties = Poser { $card } : la main ne tient rien d'autre
reason-expert-lay_deal_may_end = Poser { $card } maintenant : la manche peut finir avant un coup fourré
reason-expert-lay_all_seen = Poser { $card } et rejouer : toutes les attaques que cette botte pare sont sorties, plus de coup fourré possible
reason-expert-lay_stuck = Poser { $card } et rejouer : une carte neuve vaut mieux que défausser une carte utile
reason-expert-lay_unlikely = Poser { $card } et rejouer : un coup fourré est devenu peu probable
reason-expert-mends = { $card } répare la voiture ({ $hazard })
reason-expert-roll = Feu vert : la voiture est arrêtée
reason-expert-attack_safe = { $card } sur { $side } : aucun risque d'une réponse par { $safety }
reason-expert-attack_risk = { $card } sur { $side } : { $risk } % de risque d'une réponse par { $safety }
reason-expert-end_of_limit = Fin de limite : les grandes étapes attendent
reason-expert-drive = { $card } : encore { $left } bornes
reason-expert-drive_no_200 = { $card } : encore { $left } bornes, mais adieu la prime sans 200
reason-expert-discard = Défausser { $card } : { $why }
reason-expert-never_playable = cette carte ne pourra jamais être jouée
reason-expert-all_seen = toutes les cartes { $hazard } sont déjà sorties
reason-expert-covered = la botte { $safety } en main pare toute attaque { $hazard }
reason-expert-spare_copy = un exemplaire en double
reason-expert-least_worth_keeping = la carte la moins utile à garder

## reason.master
reason-master-only_legal = La seule action permise
reason-master-only_sensible = La seule action sensée
reason-master-odds = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées
reason-master-keeps_within_noise = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other }, mais l'écart reste dans le bruit de la simulation : il garde le choix de l'expert
reason-master-departs = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other }
reason-master-departs_fewer_wins = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other } : moins de victoires, mais un meilleur résultat en moyenne (plus de points, ou la partie près de sa fin)
reason-master-attack = Attaquer { $side } avec { $card } : { $standing } et { $guard }
reason-master-leads = cette équipe a { $km } bornes d'avance
reason-master-trails = cette équipe a { $km } bornes de retard
reason-master-level = cette équipe est à égalité avec vous
reason-master-you_hold = vous avez { $card }
reason-master-already_out = la botte { $card } est déjà sortie
reason-master-cannot_hold = cette équipe ne peut pas avoir la botte { $card }
reason-master-unseen = la botte { $card } n'est pas encore sortie
reason-master-drive = Poser { $card } : { $goal }
reason-master-completes = la course est terminée
reason-master-to_go = encore { $km } bornes
reason-master-clears = Poser { $card } : l'attaque est parée, et on rejoue
reason-master-protects = Poser { $card } : 100 points et une protection, et on rejoue
reason-master-end_of_limit = Poser Fin de limite : les grandes étapes peuvent repartir
reason-master-remedy = Poser { $card } pour repartir
reason-master-discard = Défausser { $card } : la carte qui manque le moins aux fins simulées
reason-master-coup_fourre = Coup fourré avec { $card } : 300 points de prime et le tour suivant
reason-master-finish = S'arrêter à { $race } : prendre la course maintenant
reason-master-extend = Prolonger la course à 1000 : plus de points à gagner qu'à perdre
reason-master-decline = Laisser passer l'attaque : la botte vaudra davantage plus tard

# Les noms des règles, tels que les joueurs les connaissent (les deux jeux).
## preset
preset-dujardin = Dujardin (le classique)
preset-winning-moves = Winning Moves (2008, en équipes)
preset-parker = Parker Brothers (700 bornes, allonge)

## seat
seat-south = Sud
seat-north = Nord
seat-west = Ouest
seat-east = Est
seat-northwest = Nord-Ouest
seat-northeast = Nord-Est
seat-southwest = Sud-Ouest
seat-southeast = Sud-Est

## tui
tui-title = Mille Bornes
tui-new_game = Nouvelle partie
tui-rules = Règles
tui-players = Joueurs
tui-race = Course
tui-race_km = { $race } bornes
tui-match = Partie
tui-match_target = Partie en 5000 points
tui-single_deal = Une seule manche
tui-language = Langue
tui-seats = Places (dans l'ordre du jeu)
tui-person = Personne
tui-easy = Robot facile
tui-medium = Robot moyen
tui-hard = Robot fort
tui-start = Jouer
tui-start_hint = Entrée lance la partie réglée ci-dessous. Pour la changer d'abord : Tab ou les flèches passent d'un champ à l'autre, Entrée ou Espace en ouvre un.
tui-you_mark = vous
tui-battle = Bataille
tui-speed = Vitesse
tui-safeties = Bottes
tui-none = —
tui-no_limit = sans limite
tui-twos = 200
tui-stock = Pioche
tui-discard = Défausse
tui-cards = { $count } cartes
tui-deal = Manche { $number }
tui-points = { $points } pts
tui-your_turn = À vous : choisissez une carte (1-7), puis p pour jouer ou d pour défausser.
tui-your_turn_short = ▶ À vous
tui-thinking = { $name } réfléchit…
tui-hand = Main de { $name }
tui-hidden_hand = La main est cachée.
tui-your_hand = Votre main
tui-new_card = nouvelle
tui-bell_on = La sonnerie retentit à votre tour et aux coups fourrés (b : sans sonnerie).
tui-bell_off = Sans sonnerie (b : une sonnerie à votre tour).
tui-waiting = On attend { $name }.
tui-distance = bornes
tui-hazard = attaque
tui-remedy = parade
tui-safety = botte
tui-play = Jouer
tui-discard_button = Défausser
tui-help = Règles
tui-pick_first = Choisissez d'abord une carte : son numéro (1-7) ou un clic.
tui-not_your_turn = Ce n'est pas votre tour.
tui-choose_target = Attaquer qui ? Tapez le numéro d'un jeu, ou cliquez-le (Échap : annuler).
tui-selected = { $card } choisie : p pour jouer, d pour défausser.
tui-selected_hazard = { $card } choisie : p pour attaquer, d pour défausser.
tui-hint_line = Conseil : { $action }. { $reason }
tui-hint_wait = Le maître réfléchit à un conseil…
tui-coup_title = Coup fourré ?
tui-coup_text =
    { $attack }.
    Vous avez { $safety } : annoncez le coup fourré pour parer, marquer 300 de plus et jouer aussitôt.
tui-coup_call = Coup fourré ! (c)
tui-coup_pass = Laisser passer (n)
tui-extension_title = 700 bornes atteintes
tui-extension_text = Prolonger la course à 1000 bornes, ou s'arrêter et finir la manche ?
tui-extend = Prolonger à 1000 (e)
tui-finish = S'arrêter à 700 (s)
tui-pass_title = Passez à { $name }
tui-pass_text = Donnez le clavier à { $name }, puis Entrée pour montrer sa main.
tui-ready = Je suis { $name } (Entrée)
tui-deal_over = Fin de la manche { $number }
tui-next_deal = Manche suivante (Entrée)
tui-match_over = Vainqueur de la partie : { $winner } !
tui-match_tie = La partie finit à égalité.
tui-deal_summary = Manches jouées : { $deals }.
tui-new_game_button = Nouvelle partie (n)
tui-see_table = Table (t)
tui-final_table = La table à la fin de la manche : Entrée pour la suivante, s pour la marque.
tui-final_table_over = La table à la fin de la partie : s pour la marque, q pour quitter.
tui-quit = Quitter (q)
tui-total = Total de la manche
tui-match_total = Total de la partie
tui-resume_title = Parties en cours
tui-resume_none = Aucune partie en cours : commencez-en une.
tui-resume_item = { $when }  { $rules }, { $names }  ({ $scores })  { $actions } coups
tui-saved = Partie enregistrée. Reprenez-la avec : millebornes play --resume
tui-deal_over_log = Fin de la manche { $number } : { $scores }
tui-side_total = { $name } { $points }
# Un nombre écrit à la française (1 500).
tui-number = { $value }
tui-deal_start_log = Manche { $number } : { $dealer } distribue.
tui-key_pick = Choisir
tui-key_play = Jouer
tui-key_discard = Défausser
tui-key_hint = Conseil
tui-key_rules = Règles
tui-key_quit = Quitter
tui-key_start = Jouer
tui-key_new_game = Nouvelle partie
tui-key_back = Retour
tui-key_field = Champ suivant
tui-key_open = Ouvrir
tui-key_choose = Choisir
tui-key_continue = La reprendre
tui-key_next_deal = Manche suivante
tui-key_score = Feuille de marque
tui-key_target = Cible
tui-key_attack = Attaquer
tui-key_cancel = Annuler
tui-key_bell = Sonnerie
tui-key_table = Voir la table
tui-key_review = Analyse
tui-key_coup_call = Annoncer le coup fourré
tui-key_coup_pass = Laisser passer
tui-key_extend = Prolonger à 1000
tui-key_finish = S'arrêter à 700
tui-key_ready = Montrer ma main

# Les noms des touches du clavier, dans les pieds d'écran.
## tui.keyname
tui-keyname-enter = Entrée
tui-keyname-space = Espace
tui-keyname-esc = Échap
tui-keyname-tab = Tab

## tui.score_item
tui-score_item-distance = Bornes
tui-score_item-safeties = Bottes (100 chacune)
tui-score_item-coups_fourres = Coups fourrés (300 de plus chacun)
tui-score_item-winner = Gagnant de la manche
tui-score_item-no_200 = Gagnant sans 200
tui-score_item-capot = Capot (une équipe à 0)
tui-score_item-all_safeties = Les quatre bottes
tui-score_item-trip = Course terminée
tui-score_item-delayed_action = Action retardée
tui-score_item-safe_trip = Course sans 200
tui-score_item-shut_out = Capot (adversaires à 0)
tui-score_item-extension = Prolongation
# Les mots de la page en plus (ticket 40) : qui joue, ce qui vient de se passer, les touches, partir.
web-other_language = English
web-skip_to_hand = Aller à votre main
web-table_title = Mille Bornes : la table
web-seats_here = Vos places sur cet appareil
web-seat_n = Place { $n }
web-hand = Votre main
web-side_panel = Scores et journal de la partie
web-sound = Sons
web-notify = Me prévenir quand c'est mon tour
web-notify_refused = Le navigateur n'autorise pas les notifications pour cette page.
web-leave = Quitter
web-leave_title = Quitter la salle ?
web-leave_text = Votre place vous reste : revenez avec le lien d'invitation. En attendant, un robot finit par jouer à votre place.
web-leave_yes = Quitter
web-leave_no = Rester
web-held_title = Vos parties
web-held_room = Salle { $code }
web-forget = Oublier
web-invite_link = Lien d'invitation
web-copy_failed = Copie impossible : sélectionnez le lien et copiez-le vous-même.
web-keys_hint = Touches : ? pour la liste
web-list = { $items } et { $last }
web-nothing = aucune
web-no_limit = pas de limite
web-you_side = { $name } (vous)
web-playing_now = (joue en ce moment)
web-stood_in = un robot joue à sa place
web-offline_for = déconnecté : un robot joue dans { $s } s
web-lost_connection = { $name } a perdu la connexion : un robot prend sa place dans { $s } s
web-stand_in_plays = Un robot joue à la place de { $name }…
web-waits_next = On attend que { $names } lance la donne suivante
web-your_question = On attend votre réponse
web-target_here = Cible
web-last_move = Dernier coup
web-no_move_yet = Pas encore de coup dans cette donne.
web-card_playable = jouable
web-card_not_playable = pas jouable
web-choose_target_key = Choisissez qui attaquer : Tab d'une équipe à l'autre, Entrée attaque.
web-cannot_play_key = { $card } ne peut pas être jouée maintenant : D pour la défausser.
web-move_waits = Connexion perdue : votre coup partira dès qu'elle reviendra.
web-move_dropped = Votre coup n'est pas parti : la table a changé pendant la coupure. Rejouez.
web-coup_moment = COUP-FOURRÉ !
web-coup_moment_by = { $name } pare l'attaque
web-deal_end = La donne { $n } est finie : { $scores }.
web-side_points = { $name } { $points } points
web-tab_your_turn = ▶ À vous · Mille Bornes
web-following_rematch = La revanche a commencé : vous la suivez dans un instant.
web-rematch_offered = Les joueurs peuvent lancer une revanche : vous les suivrez.
web-discard_safety_title = Défausser { $card } ?
web-discard_safety_text = Une botte vous protège toute la donne, et la poser vous fait rejouer. Défaussée, elle est perdue.
web-discard_safety_yes = La défausser
web-discard_safety_no = La garder
web-read_side = { $name } : { $km } sur { $race } km ; pile de bataille : { $battle } ; vitesse : { $speed } ; bottes : { $safeties }.
web-read_stock = { $n } cartes dans la pioche.
web-read_hand = Votre main : { $cards }.

## web
web-title = Mille Bornes
web-new_room = Nouvelle partie
web-rules = Règles
web-players = Joueurs
web-race = Course
web-length = Durée
web-match_5000 = Partie en 5000 points
web-single_deal = Une manche
web-seats = Places
web-create = Créer la salle
web-how_title = Comment ça marche
web-how_text = Créez une salle, envoyez le lien d'invitation à vos amis ; des robots prennent les places que vous leur donnez. Chacun joue sur son téléphone ou son ordinateur.
web-person = Une personne
web-bot_easy = Robot : facile
web-bot_medium = Robot : moyen
web-bot_hard = Robot : fort
web-teams = Les partenaires se font face :
web-team = les places { $seats } forment l'équipe { $side }
web-join_title = Rejoindre la partie
web-your_name = Votre nom
web-watch = Regarder
web-take_seat = Prendre la place { $n }
web-copy_link = Inviter
web-copy = Copier
web-copied = Lien d'invitation copié
web-add_player = Ajouter un joueur sur cet appareil
web-waiting_for = On attend : { $names }. Envoyez-leur le lien d'invitation.
web-seats_free = La partie commence quand toutes les places sont prises.
web-memo = Mémo
web-memo_title = Quelle carte répond à quelle attaque
web-memo_hazard = Attaque
web-memo_remedy = Parade
web-memo_safety = Botte (protège pour de bon)
web-close = Fermer
web-log = Journal
web-your_turn = À vous : choisissez une carte
web-waits_for = { $name } joue…
web-you_wait = On attend la table…
web-deal_over = La manche est finie
web-match_over = La partie est finie
web-play = Poser
web-discard = Défausser
web-attack = Attaquer { $name }
web-choose_target = ou touchez l'équipe à attaquer
web-coup_title = { $name } vous attaque : { $hazard } !
web-coup_text = Vous avez { $safety } : coup fourré ?
web-call = Coup fourré !
web-decline = Laisser passer
web-extension_title = Vous avez atteint 700 bornes !
web-extension_text = Allonger la course à 1000 bornes, ou s'arrêter là ?
web-extend = Allonger à 1000
web-finish = S'arrêter à 700
web-battle = Bataille
web-speed = Vitesse
web-safeties = Bottes
web-km = bornes
web-stock = Pioche
web-discard_pile = Défausse
web-deal = Manche { $n }
web-race_of = Course de { $km } bornes
web-side = Équipe { $n }
web-you = vous
web-bot = robot
web-away = absent
web-offline = hors ligne
web-score_title = Manche { $n } : les points
web-review = Analyse
web-totals = Total de la partie
web-continue = Continuer
web-next_deal = Manche suivante
web-rematch = Revanche
web-watch_rematch = Regarder la revanche
web-wins = { $name } gagne !
web-tie = Pas de gagnant
web-spectating = Spectateur
web-reconnecting = Reconnexion…
web-handover = { $name } doit jouer.
web-show_seat = Montrer le jeu de { $name }
web-cover = Passez l'appareil à { $name }
web-reveal = Je suis { $name } : montrer mon jeu
web-no_room = Cette salle n'existe pas : vérifiez le lien d'invitation.
web-back = Nouvelle partie
web-scores = Points
web-coup_fourre_mark = coup fourré
# Les touches de la table (la touche ? les liste).
## web.keys
web-keys-title = Touches
web-keys-arrows_key = ← →
web-keys-arrows = passer d'une carte à l'autre dans votre main
web-keys-enter_key = Entrée
web-keys-enter = jouer la carte (ou choisir qui attaquer)
web-keys-discard_key = D
web-keys-discard = défausser la carte
web-keys-digits_key = 1 … 7
web-keys-digits = aller à une carte de votre main
web-keys-escape_key = Échap
web-keys-escape = reposer la carte choisie
web-keys-table_key = T
web-keys-table = lire la table à voix haute : la distance, les piles et les bottes de chaque équipe
web-keys-hand_key = H
web-keys-hand = lire votre main à voix haute
web-keys-last_key = L
web-keys-last = relire le dernier coup
web-keys-keys_key = ?
web-keys-keys = cette liste

# Les erreurs que le serveur envoie, par leur code (docs/web.md) ; pour les autres, la page montre le message du serveur.
## web.errors
web-errors-bad-token = Cette place n'est plus la vôtre : elle a été prise avec un autre lien.
web-errors-not-your-seat = Cette place n'est pas la vôtre.
web-errors-not-your-turn = Ce n'est pas votre tour.
web-errors-illegal = Ce coup n'est pas permis maintenant.
web-errors-not-started = La partie commence quand toutes les places sont prises.
web-errors-game-over = La partie est finie.
web-errors-too-fast = Trop de demandes : attendez un instant et réessayez.
web-errors-too-many-rooms = Vous avez déjà autant de parties ouvertes qu'une adresse le permet. Finissez-en une (elles sont listées sur la page d'accueil), ou patientez : une salle où personne ne revient ferme au bout d'un jour.
web-errors-server-full = Le serveur est plein : réessayez plus tard.
web-errors-room-full = Cette salle a déjà autant de spectateurs qu'elle en accepte.
web-errors-unknown-room = Cette salle n'existe pas : vérifiez le lien d'invitation.
web-errors-server-error = Le serveur a échoué : réessayez.
web-errors-not-over = La revanche vient une fois la partie finie.

# La page d'analyse d'une donne (web/static/js/review.js).
## web.review_page
web-review_page-title = Analyse de la donne { $n } : { $name }
web-review_page-table = La table
web-review_page-share = Copier le lien
web-review_page-copied = Lien copié
web-review_page-first = Premier coup
web-review_page-previous = Coup précédent
web-review_page-next = Coup suivant
web-review_page-last = Dernier coup
web-review_page-distance = Distance
web-review_page-points_before = Points avant
web-review_page-none = aucune
web-review_page-hand = Main de { $name } :
web-review_page-step = Coup { $n } sur { $total } : { $text }
web-review_page-over = La donne est finie.
web-review_page-not_yours = Ce n'est pas une décision de la place analysée.
web-review_page-failed = L'analyse a échoué : { $error }
web-review_page-thinking = Master analyse encore cette décision…
web-review_page-forced = Le seul coup permis.
web-review_page-best = Meilleur coup : master aurait joué la même chose.
web-review_page-verdict = { $label } : { $played } ; le choix de master : { $best } ; environ { $loss } points perdus.
web-review_page-working = Master analyse : { $done } décisions sur { $total }
web-review_page-accuracy = Précision { $accuracy } %, { $points } points perdus en tout.
web-review_page-costly = Coup { $n } : { $played } (environ { $loss } points perdus)
web-review_page-unknown = Aucune analyse n'a ce lien.
web-review_page-play = poser { $card }
web-review_page-discard = défausser { $card }
web-review_page-attack = attaquer { $name } avec { $card }
web-review_page-coup-fourre = annoncer le coup-fourré
web-review_page-decline = laisser passer l'attaque
web-review_page-extend = prolonger la course
web-review_page-finish = arrêter la course

# Les verdicts de la page d'analyse.
## web.review_page.labels
web-review_page-labels-best = Meilleur
web-review_page-labels-good = Bon
web-review_page-labels-inaccuracy = Imprécision
web-review_page-labels-mistake = Erreur
web-review_page-labels-blunder = Gaffe


## web.items
web-items-distance = Distance
web-items-safeties = Bottes
web-items-coups_fourres = Coups fourrés
web-items-winner = Manche gagnée
web-items-no_200 = Sans 200
web-items-capot = Capot
web-items-all_safeties = Les quatre bottes
web-items-trip = Trajet terminé
web-items-delayed_action = Action retardée
web-items-safe_trip = Trajet sans 200
web-items-shut_out = Capot
web-items-extension = Allonge
web-items-total = Total

## narrate
narrate-side = l'équipe { $side }
narrate-you = vous
# Qui a joué un coup qu'un robot a pris pour une personne partie (l'acteur d'une ligne du journal).
narrate-stand_in = Le robot qui remplace { $name }
narrate-play_distance = { $who } { $drives } { $card }
narrate-play_remedy = { $who } { $plays } { $card }
narrate-play_safety = { $who } { $plays } { $card } et { $plays_again }
narrate-attack = { $who } { $attacks } { $target } avec { $card }
narrate-attack_you = { $who } vous { $attacks } avec { $card }
narrate-attack_your_team = { $who } { $attacks } votre équipe avec { $card }
narrate-discard = { $who } { $discards } { $card }
narrate-coup-fourre = COUP-FOURRÉ ! { $who } { $answers } avec { $card }
narrate-decline = { $who } { $lets } passer l'attaque
narrate-extend = { $who } { $extends } la course à 1000
narrate-finish = { $who } { $stops } à 700

## narrate.verb
narrate-verb-drives = roule
narrate-verb-plays = pose
narrate-verb-plays_again = rejoue
narrate-verb-attacks = attaque
narrate-verb-discards = défausse
narrate-verb-answers = répond
narrate-verb-lets = laisse
narrate-verb-extends = prolonge
narrate-verb-stops = s'arrête

## narrate.verb_you
narrate-verb_you-drives = roulez
narrate-verb_you-plays = posez
narrate-verb_you-plays_again = rejouez
narrate-verb_you-attacks = attaquez
narrate-verb_you-discards = défaussez
narrate-verb_you-answers = répondez
narrate-verb_you-lets = laissez
narrate-verb_you-extends = prolongez
narrate-verb_you-stops = vous arrêtez

# The review of a deal (tui/review.py): master's verdict on each of the seat's decisions.
## review
review-title = Analyse de la manche { $deal }
review-key_back = Retour
review-key_previous = Précédent
review-key_next = Suivant
review-key_costly = Plus coûteux
review-step = Action { $number } sur { $total } : { $text }
review-end = La manche est finie.
review-working = Le maître analyse vos décisions : { $done } sur { $total }
review-failed = L'analyse a échoué : { $error }
review-not_yours = Pas votre décision.
review-forced = Votre seule action permise.
review-verdict = { $label } : vous avez joué { $played } ; le choix du maître : { $best } ; environ { $loss } points perdus
review-best = meilleur : le maître aurait joué de même
review-summary = Précision { $accuracy } %, { $points } points perdus en tout ({ $mistakes } erreurs, { $blunders } gaffes). Touche c pour les plus coûteuses :
review-button = Analyse (r)

## review.labels
review-labels-best = Meilleur
review-labels-good = Bon
review-labels-inaccuracy = Imprécision
review-labels-mistake = Erreur
review-labels-blunder = Gaffe

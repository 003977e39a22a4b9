// Player-facing words of the page's shell, in English and French. Each ruleset's page module
// brings its own catalogue (`strings`, added with `addStrings`): HeroClix's uses the rulebook's
// own terms (ligne de vue, terrain gênant, évasion...). Texts that come from the server (logs,
// legal action texts, line of fire notes) are already in the asked language: the page only
// translates its own labels.

const STRINGS = {
  en: {
    'app.title': 'Skirmish',
    'app.tagline': 'Tabletop skirmish games on square and hex boards, every rule enforced by the server.',
    'app.skip': 'Skip to content',
    'lang.toggle': 'Français',
    'lang.toggle.label': 'Switch the page to French',
    'start.bot': 'Play against the bot',
    'start.bot.hint': 'One click: the server plays the other side.',
    'start.friend': 'Play a friend',
    'start.friend.hint': 'Get a link to send; your friend opens it and plays the other side.',
    'start.hotseat': 'Hotseat',
    'start.hotseat.hint': 'Both sides on this screen, taking turns.',
    'start.bot.kind': 'Bot',
    'start.bot.greedy': 'Greedy (attacks when it can)',
    'start.bot.random': 'Random',
    'start.bot.mcts': 'Search ({budget} a move)',
    'start.bot.mcts_iterations': 'Search ({n} iterations a move)',
    'start.recent': 'Recent games',
    'start.recent.none': 'No game yet.',
    'start.resume': 'Resume',
    'start.watch': 'Watch',
    'start.replay': 'Replay',
    'start.over': 'finished',
    'start.running': 'in progress',
    'start.creating': 'Creating the game…',
    'start.error': 'The server refused: {reason}',
    'friend.title': 'Play a friend',
    'friend.link': 'Send this link to your friend; the game starts when they open it.',
    'friend.local_only': 'This server listens only on this computer: a friend on another machine cannot open the link. Start it with `skirmish serve --host 0.0.0.0` to play over your network.',
    'friend.copy': 'Copy link',
    'friend.copied': 'Copied',
    'friend.waiting': 'Waiting for your friend…',
    'friend.joined': 'Your friend is here.',
    'common.close': 'Close',
    'common.cancel': 'Cancel',
    'common.confirm': 'Confirm',
    'common.back': 'Back',
    'common.points': '{n} points',
    'common.seat': 'Player {n}',
    'game.your_turn': 'Your turn',
    'game.their_turn': 'Waiting for {name}',
    'game.bot_turn': 'The bot is playing…',
    'game.spectator': 'Watching',
    'game.resign': 'Resign',
    'game.resign.confirm': 'Resign this game? Your opponent wins.',
    'game.undo': 'Undo',
    'game.undo.title': 'Take back your last action: possible while it rolled no dice and revealed nothing',
    'game.undone': 'Your last action was taken back.',
    'game.link': 'Join link',
    'game.seat.offline': 'offline',
    'game.connection.lost': 'Connection lost, reconnecting…',
    'game.log': 'Game log',
    'game.dice': 'Last roll',
    'game.dice.none': 'No dice rolled yet.',
    'game.error': 'Refused: {reason}',
    'game.hotseat.pass': '{name} to play: pass the device.',
    'game.phase.over': 'Game over',
    'game.lost': 'Game not found. It may have been deleted.',
    'game.bad_token': 'This link’s token is not valid for this game: watching instead.',
    'game.invite_used': 'This invitation was already used: watching instead. Ask for a new game if the seat was yours.',
    'over.title': 'Game over',
    'over.winner': '{name} wins',
    'over.draw': 'No winner',
    'over.you_win': 'You win!',
    'over.you_share': 'You share the victory.',
    'over.shared': 'Shared victory: {names}',
    'over.you_lose': 'You lose.',
    'over.vp': 'Victory points',
    'over.reason': 'Why: {reason}',
    'over.replay': 'Watch the replay',
    'over.new': 'New game',
    'over.board': 'See the board',
    'dice.committed': 'Dice sealed: {hash}',
    'dice.committed.hint': 'The server drew the dice seed before the game and published only this SHA-256 of it ({scheme}): nobody can work out the rolls to come. The seed is revealed when the game ends, so anyone can check it and replay the game.',
    'dice.revealed': 'Dice seed: {seed}',
    'dice.verified': 'matches the commitment published at the start ✓',
    'dice.mismatch': 'does NOT match the commitment published at the start!',
    'dice.checking': 'checking…',
    'dice.unchecked': 'check: the SHA-256 of "skirmish-dice-v1:{seed}:{salt}" must be {hash}',
    'replay.title': 'Replay',
    'replay.step': 'Action {i} of {n}',
    'replay.first': 'First',
    'replay.prev': 'Previous',
    'replay.next': 'Next',
    'replay.last': 'Last',
    'replay.play': 'Play',
    'replay.pause': 'Pause',
    'replay.no_steps': 'The server does not serve intermediate positions: the board shows the final position and the log steps through the game.',
    'replay.unavailable': 'No replay for this game.',
    'stat.attack': 'attack',
    'start.game': 'Game',
    'start.board.square': 'square board',
    'start.board.hex': 'hex board',
    'start.generic': 'generic page',
    'over.score': 'Score',
    'sim.title': 'Simulate a matchup',
    'sim.open': 'Simulate',
    'sim.open.hint': 'Bots play two teams against each other many times: who wins, and why.',
    'sim.ruleset': 'Game',
    'sim.team_a': 'Team A',
    'sim.team_b': 'Team B',
    'sim.bot_a': 'Bot of team A',
    'sim.bot_b': 'Bot of team B',
    'sim.games': 'Games',
    'sim.seed': 'Seed',
    'sim.run': 'Run',
    'sim.back': 'Back to the start page',
    'sim.running': '{done} of {total} games played…',
    'sim.done': '{total} games played.',
    'sim.no_teams': 'This game has no teams to choose.',
    'sim.wins': 'Wins of {team}',
    'sim.draws': 'Draws',
    'sim.col.games': 'Games',
    'sim.col.rate': 'Rate',
    'sim.col.interval': '95 % interval',
    'sim.vp': 'Victory points (mean, min – max)',
    'sim.length': 'Game length: {mean} actions on average ({min} – {max})',
    'sim.figures': 'Figures that score (victory points per game)',
    'sim.error': 'The server refused: {reason}',
  },
  fr: {
    'app.title': 'Skirmish',
    'app.tagline': 'Jeux d’escarmouche sur plateau à cases carrées ou hexagonales, chaque règle appliquée par le serveur.',
    'app.skip': 'Aller au contenu',
    'lang.toggle': 'English',
    'lang.toggle.label': 'Afficher la page en anglais',
    'start.bot': 'Jouer contre l’ordinateur',
    'start.bot.hint': 'Un clic : le serveur joue l’autre camp.',
    'start.friend': 'Jouer avec un ami',
    'start.friend.hint': 'Obtenez un lien à envoyer ; votre ami l’ouvre et joue l’autre camp.',
    'start.hotseat': 'Sur le même écran',
    'start.hotseat.hint': 'Les deux camps sur cet écran, chacun son tour.',
    'start.bot.kind': 'Ordinateur',
    'start.bot.greedy': 'Agressif (attaque dès qu’il peut)',
    'start.bot.random': 'Au hasard',
    'start.bot.mcts': 'Recherche ({budget} par coup)',
    'start.bot.mcts_iterations': 'Recherche ({n} itérations par coup)',
    'start.recent': 'Parties récentes',
    'start.recent.none': 'Aucune partie pour l’instant.',
    'start.resume': 'Reprendre',
    'start.watch': 'Regarder',
    'start.replay': 'Revoir',
    'start.over': 'terminée',
    'start.running': 'en cours',
    'start.creating': 'Création de la partie…',
    'start.error': 'Le serveur a refusé : {reason}',
    'friend.title': 'Jouer avec un ami',
    'friend.link': 'Envoyez ce lien à votre ami ; la partie commence quand il l’ouvre.',
    'friend.local_only': 'Ce serveur n’écoute que sur cet ordinateur : un ami sur une autre machine ne peut pas ouvrir le lien. Lancez-le avec `skirmish serve --host 0.0.0.0` pour jouer sur votre réseau.',
    'friend.copy': 'Copier le lien',
    'friend.copied': 'Copié',
    'friend.waiting': 'En attente de votre ami…',
    'friend.joined': 'Votre ami est là.',
    'common.close': 'Fermer',
    'common.cancel': 'Annuler',
    'common.confirm': 'Confirmer',
    'common.back': 'Retour',
    'common.points': '{n} points',
    'common.seat': 'Joueur {n}',
    'game.your_turn': 'À vous de jouer',
    'game.their_turn': 'Au tour de {name}',
    'game.bot_turn': 'L’ordinateur joue…',
    'game.spectator': 'Spectateur',
    'game.resign': 'Abandonner',
    'game.resign.confirm': 'Abandonner la partie ? Votre adversaire gagne.',
    'game.undo': 'Annuler',
    'game.undo.title': 'Reprendre votre dernière action : possible tant qu’elle n’a lancé aucun dé ni rien révélé',
    'game.undone': 'Votre dernière action a été reprise.',
    'game.link': 'Lien pour rejoindre',
    'game.seat.offline': 'hors ligne',
    'game.connection.lost': 'Connexion perdue, reconnexion…',
    'game.log': 'Journal de la partie',
    'game.dice': 'Dernier jet',
    'game.dice.none': 'Aucun dé lancé pour l’instant.',
    'game.error': 'Refusé : {reason}',
    'game.hotseat.pass': 'Au tour de {name} : passez l’appareil.',
    'game.phase.over': 'Partie terminée',
    'game.lost': 'Partie introuvable. Elle a peut-être été supprimée.',
    'game.bad_token': 'Le jeton de ce lien n’est pas valable pour cette partie : mode spectateur.',
    'game.invite_used': 'Cette invitation a déjà servi : mode spectateur. Demandez une nouvelle partie si la place était la vôtre.',
    'over.title': 'Fin de la partie',
    'over.winner': '{name} gagne',
    'over.draw': 'Aucun vainqueur',
    'over.you_win': 'Vous avez gagné !',
    'over.you_share': 'Vous partagez la victoire.',
    'over.shared': 'Victoire partagée : {names}',
    'over.you_lose': 'Vous avez perdu.',
    'over.vp': 'Points de victoire',
    'over.reason': 'Raison : {reason}',
    'over.replay': 'Revoir la partie',
    'over.new': 'Nouvelle partie',
    'over.board': 'Voir la carte',
    'dice.committed': 'Dés scellés : {hash}',
    'dice.committed.hint': 'Le serveur a tiré la graine des dés avant la partie et n’en a publié que ce SHA-256 ({scheme}) : personne ne peut en déduire les jets à venir. La graine est révélée à la fin de la partie, pour que chacun puisse la vérifier et rejouer la partie.',
    'dice.revealed': 'Graine des dés : {seed}',
    'dice.verified': 'conforme à l’engagement publié au début ✓',
    'dice.mismatch': 'NE correspond PAS à l’engagement publié au début !',
    'dice.checking': 'vérification…',
    'dice.unchecked': 'vérification : le SHA-256 de « skirmish-dice-v1:{seed}:{salt} » doit valoir {hash}',
    'replay.title': 'Revoir la partie',
    'replay.step': 'Action {i} sur {n}',
    'replay.first': 'Début',
    'replay.prev': 'Précédente',
    'replay.next': 'Suivante',
    'replay.last': 'Fin',
    'replay.play': 'Lecture',
    'replay.pause': 'Pause',
    'replay.no_steps': 'Le serveur ne donne pas les positions intermédiaires : la carte montre la position finale et le journal avance action par action.',
    'replay.unavailable': 'Pas de rediffusion pour cette partie.',
    'stat.attack': 'attaque',
    'start.game': 'Jeu',
    'start.board.square': 'plateau à cases carrées',
    'start.board.hex': 'plateau à hexagones',
    'start.generic': 'page générique',
    'over.score': 'Score',
    'sim.title': 'Simuler une rencontre',
    'sim.open': 'Simuler',
    'sim.open.hint': 'Les bots font s\'affronter deux équipes de nombreuses fois : qui gagne, et pourquoi.',
    'sim.ruleset': 'Jeu',
    'sim.team_a': 'Équipe A',
    'sim.team_b': 'Équipe B',
    'sim.bot_a': 'Bot de l\'équipe A',
    'sim.bot_b': 'Bot de l\'équipe B',
    'sim.games': 'Parties',
    'sim.seed': 'Graine',
    'sim.run': 'Lancer',
    'sim.back': 'Retour à l\'accueil',
    'sim.running': '{done} parties jouées sur {total}…',
    'sim.done': '{total} parties jouées.',
    'sim.no_teams': 'Ce jeu n\'a pas d\'équipes à choisir.',
    'sim.wins': 'Victoires de {team}',
    'sim.draws': 'Matchs nuls',
    'sim.col.games': 'Parties',
    'sim.col.rate': 'Taux',
    'sim.col.interval': 'Intervalle à 95 %',
    'sim.vp': 'Points de victoire (moyenne, min – max)',
    'sim.length': 'Durée d\'une partie : {mean} actions en moyenne ({min} – {max})',
    'sim.figures': 'Figurines qui marquent (points de victoire par partie)',
    'sim.error': 'Le serveur a refusé : {reason}',
  },
};

const KEY = 'skirmish.lang';

function initialLang() {
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null;
    if (saved === 'en' || saved === 'fr') return saved;
  } catch (_) { /* storage may be off */ }
  const nav = ((typeof navigator !== 'undefined' && navigator.language) || 'en').toLowerCase();
  return nav.startsWith('fr') ? 'fr' : 'en';
}

let current = initialLang();
const listeners = new Set();

/** The page's language, `en` or `fr`. */
export function lang() {
  return current;
}

/** Changes the language and tells every listener. */
export function setLang(l) {
  if (l !== 'en' && l !== 'fr') return;
  current = l;
  try { localStorage.setItem(KEY, l); } catch (_) { /* ignore */ }
  document.documentElement.lang = l;
  for (const f of listeners) f(l);
}

/** Calls `f(lang)` after every language change. */
export function onLangChange(f) {
  listeners.add(f);
}

/** The text of `key` in the current language, with `{name}` parameters filled in. */
export function t(key, params = {}) {
  const table = STRINGS[current] || STRINGS.en;
  let s = table[key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * A bot's name for people, from the id the server lists (`greedy`, `mcts:100ms`, `mcts:1s`,
 * `mcts:500i`); an id the page has no words for is shown as it is.
 */
export function botName(id) {
  const known = t(`start.bot.${id}`);
  if (known !== `start.bot.${id}`) return known;
  const m = /^mcts:(\d+)(ms|s|i)$/.exec(id);
  if (!m) return id;
  if (m[2] === 'i') return t('start.bot.mcts_iterations', { n: m[1] });
  return t('start.bot.mcts', { budget: `${m[1]} ${m[2]}` });
}

/** Fills every element with a `data-i18n` attribute (text) or `data-i18n-title` / `data-i18n-aria`. */
export function translateDom(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}

/** Both tables, for tests that check every key has both languages. */
export const TABLES = STRINGS;

/**
 * Adds a page module's catalogue (`{en: {...}, fr: {...}}`) to the page's: each ruleset module
 * brings its own words (docs/platform.md, "Page modules"). The shell's keys are not replaced.
 */
export function addStrings(tables) {
  for (const [l, table] of Object.entries(tables || {})) {
    if (!STRINGS[l]) continue;
    for (const [k, v] of Object.entries(table)) if (!(k in STRINGS[l])) STRINGS[l][k] = v;
  }
}

/**
 * A power's name from its identifier (the engine's `powers` ids, `charge`, `smoke_cloud`...),
 * in the page's language, as the Powers and Abilities Card names it; unknown ids read as words.
 */
export function powerName(id) {
  if (id === null || id === undefined || id === '') return '';
  const key = `power.${id}`;
  const table = STRINGS[current] || STRINGS.en;
  return table[key] ?? STRINGS.en[key] ?? String(id).replace(/_/g, ' ');
}

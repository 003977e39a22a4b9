use super::*;
use crate::builtin;
use crate::game::{Action, Decision};

#[test]
fn the_chance_to_hit_counts_the_36_rolls_with_2_missing_and_12_hitting() {
    // 7 or more: 21 rolls of 36.
    assert_eq!(hit_percent(7), 58);
    assert_eq!(hit_percent(2), 97);
    assert_eq!(hit_percent(-4), 97);
    assert_eq!(hit_percent(12), 3);
    assert_eq!(hit_percent(15), 3);
    assert_eq!(needs_text(9, 17, Lang::En), "needs 8, 42%");
    assert_eq!(needs_text(9, 17, Lang::Fr), "il faut 8, 42 %");
}
use crate::game::{HeroClix, Options, Scenario};
use skirmish_engine::{Game, Pending};

/// The two sample teams on the sample outdoor map.
fn starter_game(seed: u64) -> Game<HeroClix> {
    let catalogue = builtin::catalogue().unwrap();
    let teams = ["wardens", "ravagers"]
        .iter()
        .map(|t| {
            builtin::team(t)
                .unwrap()
                .unwrap()
                .to_setup(&catalogue)
                .unwrap()
        })
        .collect();
    let scenario = Scenario {
        maps: vec![builtin::map("harbour-district").unwrap().unwrap()],
        teams,
        options: Options {
            round_limit: Some(6),
            ..Options::default()
        },
        position: None,
        objects: Vec::new(),
        event: None,
    };
    Game::new(scenario, seed).unwrap()
}

fn decision(game: &Game<HeroClix>) -> Option<(Vec<Seat>, Decision)> {
    match game.pending() {
        Pending::Decide { seats, decision } => Some((seats.clone(), decision.clone())),
        _ => None,
    }
}

/// Telekinesis on objects reads with the object's kind and name, in both languages (the
/// starter games have no object, so the whole-game test never meets these actions).
#[test]
fn telekinesis_on_objects_reads_well() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/powers/power-telekinesis-object-attack.toml");
    let file = crate::scenario_file::load(path).unwrap();
    let g = Game::<HeroClix>::new(file.scenario.clone().unwrap(), 0).unwrap();
    let legal = g.legal_actions(Seat(0));
    let s = g.state();
    let moved = legal
        .iter()
        .find(|a| matches!(a, Action::TelekinesisObject { figure, square, .. } if *square == Square::new(3, 3) && figure.0 == 1))
        .unwrap();
    let thrown = legal
        .iter()
        .find(|a| matches!(a, Action::TelekinesisThrow { square, .. } if *square == Square::new(2, 0)))
        .unwrap();
    let en = describe_action(s, moved, Lang::En);
    assert!(
        en.starts_with("Telekinesis: T2 moves the heavy object Girder from 3,3 to "),
        "{en}"
    );
    let fr = describe_action(s, moved, Lang::Fr);
    assert!(
        fr.starts_with("Télékinésie : T2 déplace l'objet lourd Girder de 3,3 en "),
        "{fr}"
    );
    let en = describe_action(s, thrown, Lang::En);
    assert!(
        en.starts_with("Telekinesis: T1 hurls the light object Crate from 2,0 at "),
        "{en}"
    );
    assert!(
        en.contains(", 2 damage (the object leaves the game)"),
        "{en}"
    );
    let fr = describe_action(s, thrown, Lang::Fr);
    assert!(
        fr.starts_with("Télékinésie : T1 lance l'objet léger Crate de 2,0 sur "),
        "{fr}"
    );
    assert!(fr.contains("2 dégâts (l'objet est retiré du jeu)"), "{fr}");
}

#[test]
fn needs_reads_well() {
    assert_eq!(needs_text(9, 17, Lang::En), "needs 8, 42%");
    assert_eq!(
        needs_text(12, 10, Lang::En),
        "hits unless a 2 is rolled, 97%"
    );
    assert_eq!(needs_text(1, 20, Lang::Fr), "ne touche que sur un 12, 3 %");
    assert_eq!(needs_text(9, 17, Lang::Fr), "il faut 8, 42 %");
}

#[test]
fn seats_and_directions_have_names() {
    assert_eq!(seat_name(Seat(0), Lang::En), "player 1");
    assert_eq!(seat_name(Seat(1), Lang::Fr), "joueur 2");
    assert_eq!(dir_name(Dir::SW, Lang::Fr), "sud-ouest");
    let g = starter_game(1);
    assert_eq!(
        team_name(g.state(), Seat(0), Lang::En),
        "Wardens (player 1)"
    );
    assert_eq!(team_name(g.state(), Seat(7), Lang::En), "player 8");
    assert_eq!(figure_name(g.state(), FigureId(999)), "#999");
}

/// Whole games between first-legal-action players: every legal action and every decision
/// reads as a sentence in both languages, moves and attacks with their numbers.
#[test]
fn every_action_and_decision_reads_well() {
    let mut seen = [false; 3]; // move, close attack, ranged attack
    for seed in 0..4 {
        let mut g = starter_game(seed);
        let mut step = 0usize;
        while let Some((seats, d)) = decision(&g) {
            let s = g.state();
            for lang in [Lang::En, Lang::Fr] {
                let prompt = decision_prompt(s, &seats, &d, lang);
                assert!(prompt.contains(&team_name(s, seats[0], lang)), "{prompt}");
                let what = describe_decision(s, &d, lang);
                assert!(!what.is_empty() && !what.contains('{'), "{what}");
            }
            let legal = g.legal_actions(seats[0]);
            let mut en = ActionTexts::new(s, Lang::En);
            let mut fr = ActionTexts::new(s, Lang::Fr);
            for a in &legal {
                let t = en.describe(a);
                let f = fr.describe(a);
                assert!(!t.is_empty() && !f.is_empty());
                // Every action has its words: none reads as its debug form.
                assert!(!t.contains('{') && !t.contains("FigureId"), "{t}");
                assert!(!f.contains('{') && !f.contains("FigureId"), "{f}");
                match a {
                    Action::Move { figure, to, .. } => {
                        seen[0] = true;
                        let stays = s.fig(*figure).and_then(|f| f.square) == Some(*to);
                        assert!(
                            (t.starts_with("Move ") && t.contains(" square"))
                                || (stays && t.contains(" stays on ")),
                            "{t}"
                        );
                        assert!(f.starts_with("Déplacer ") || stays, "{f}");
                    }
                    Action::CloseAttack { .. } => {
                        seen[1] = true;
                        assert!(t.contains("Close attack: "), "{t}");
                        assert!(f.contains("Attaque au corps à corps : "), "{f}");
                        assert!(t.contains(" → ") && t.contains(" ("), "{t}");
                    }
                    Action::RangedAttack { .. } => {
                        seen[2] = true;
                        assert!(t.contains("Ranged attack: "), "{t}");
                        assert!(f.contains("Attaque à distance : "), "{f}");
                    }
                    _ => {}
                }
            }
            if let Some(a) = legal.last() {
                assert_eq!(en.describe(a), describe_action(s, a, Lang::En));
            }
            // Attack when possible, so that fights happen; otherwise move forward.
            let pick = legal
                .iter()
                .position(|a| matches!(a, Action::CloseAttack { .. } | Action::RangedAttack { .. }))
                .or_else(|| {
                    legal
                        .iter()
                        .rposition(|a| matches!(a, Action::Move { .. }) && step.is_multiple_of(3))
                })
                .unwrap_or(0);
            g.act(seats[0], legal[pick].clone()).unwrap();
            step += 1;
        }
    }
    assert!(seen.iter().all(|x| *x), "{seen:?}");
}

#[test]
fn pushing_and_breakaway_are_noted() {
    let mut g = starter_game(3);
    // Play set-up through, then give the first figure a move.
    while !matches!(decision(&g), Some((_, Decision::Turn { .. })) | None) {
        let seat = g.pending_seats()[0];
        let a = g.legal_actions(seat)[0].clone();
        g.act(seat, a).unwrap();
    }
    let seat = g.pending_seats()[0];
    let mut s = g.state().clone();
    let (a, id) = g
        .legal_actions(seat)
        .into_iter()
        .find_map(|a| match a {
            // Not an Indomitable figure (the starter Captain): it takes no pushing damage.
            Action::Move { figure, to, .. }
                if s.fig(figure).and_then(|f| f.square) != Some(to)
                    && s.fig(figure)
                        .is_some_and(|f| !crate::game::powers::ignores_pushing(&s, f)) =>
            {
                Some((a, figure))
            }
            _ => None,
        })
        .unwrap();
    assert!(!describe_action(&s, &a, Lang::En).contains("pushing"));
    s.fig_mut(id).unwrap().tokens = 1;
    assert!(describe_action(&s, &a, Lang::En).ends_with(" [pushing: 1 damage]"));
    assert!(describe_action(&s, &a, Lang::Fr).ends_with(" [dépassement : 1 dégât]"));
    // An Indomitable figure takes no pushing damage: nothing to warn about.
    let mut tough = s.clone();
    let f = tough.fig_mut(id).unwrap();
    let mut def = (*f.def).clone();
    def.symbols.defense = crate::figure::DefenseSymbol::Indomitable;
    f.def = std::sync::Arc::new(def);
    assert!(!describe_action(&tough, &a, Lang::En).contains("pushing"));
    // An opposing figure next to it: the move starts with a breakaway roll.
    let from = s.fig(id).unwrap().square.unwrap();
    let enemy = s
        .figures
        .iter()
        .find(|f| f.owner != s.fig(id).unwrap().owner)
        .unwrap()
        .id;
    let next = [Dir::E, Dir::W, Dir::S, Dir::N]
        .into_iter()
        .map(|d| from.step(d))
        .find(|q| s.map.contains(*q) && s.figure_at(*q).is_none())
        .unwrap();
    s.fig_mut(enemy).unwrap().square = Some(next);
    let text = ActionTexts::new(&s, Lang::En).describe(&a);
    assert!(text.contains("breakaway roll first: 4+"), "{text}");
}

//! Tuning bench for the HeroScape search bot: `heroscape_duel [games=20] [iterations=300]
//! [rollout=0] [exploration=0.7] [widening=1.0] [alpha=0.3] [bias=1.0] [threads=2]
//! [army=greywatch-company] [leaf_gain=1.0] [reach_gain=0.6]` plays the search bot (as
//! shipped, [`mcts_config`] and [`HeroScapeEval::default`], unless a knob says otherwise)
//! against the greedy bot on the default battlefield, each seat with the pre-built `army` (a
//! mirror match: the two sample armies are far from even, greedy against greedy wins 39 of 40
//! with Greywatch Company; `army_1=` and `army_2=` choose them apart), seats swapped every
//! other game and two games in a row sharing a seed ([`skirmish_bots::duel`]), and prints the
//! search bot's wins, draws and losses with the 95 % Wilson interval of its score. Iteration
//! budgets replay bit for bit. Run it in release: `cargo run --release -p skirmish-heroscape
//! --example heroscape_duel -- games=40`.
#![allow(missing_docs)]

use skirmish_bots::duel::{DuelSettings, MakeBot};
use skirmish_bots::{Budget, Mcts};
use skirmish_heroscape::game::{HeroScape, Scenario};
use skirmish_heroscape::present::bots::GreedyBot;
use skirmish_heroscape::present::search::{mcts_config, HeroScapeEval};
use skirmish_heroscape::present::HeroScapePresentation;
use skirmish_platform::Presentation;

fn main() {
    let mut duel_settings = DuelSettings {
        games: 20,
        threads: 2,
        config: mcts_config(Budget::Iterations(300), 1),
    };
    let mut armies = [
        "greywatch-company".to_string(),
        "greywatch-company".to_string(),
    ];
    let mut eval = HeroScapeEval::default();
    for arg in std::env::args().skip(1) {
        let (key, value) = arg.split_once('=').expect("arguments are key=value");
        match key {
            "leaf_gain" => eval.leaf_gain = value.parse().expect("leaf_gain is a number"),
            "reach_gain" => eval.reach_gain = value.parse().expect("reach_gain is a number"),
            "army" => armies = [value.to_string(), value.to_string()],
            "army_1" => armies[0] = value.to_string(),
            "army_2" => armies[1] = value.to_string(),
            _ => assert!(duel_settings.set(key, value), "unknown setting {key}"),
        }
    }
    let mut fields = serde_json::Map::new();
    fields.insert("army_1".into(), armies[0].clone().into());
    fields.insert("army_2".into(), armies[1].clone().into());
    let setup = HeroScapePresentation::default()
        .setup(&fields, skirmish_lang::Lang::En)
        .expect("the game's set-up");
    let scenario: Scenario = serde_json::from_value(setup.scenario).expect("its scenario");
    let config = &duel_settings.config;
    let search: &MakeBot<'_, HeroScape> = &|s| Box::new(Mcts::new(s, config.clone(), eval));
    let greedy: &MakeBot<'_, HeroScape> = &|s| Box::new(GreedyBot::new(s));
    let summary = duel_settings.run(&scenario, search, greedy);
    println!("{config:?} {eval:?} {armies:?}\nsearch vs greedy: {summary}");
}

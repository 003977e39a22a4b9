//! Figure content files, team files and the team-building rules (rulebook *Construisez votre
//! équipe*, *Total de points de construction*, *Personnages uniques*, *Total d'action*).

use std::path::PathBuf;

use proptest::prelude::*;
use skirmish_heroclix::content::{
    figures_from_toml_str, figures_to_toml, load_figure_folder, load_figures, Catalogue,
    ContentError, ContentIssue, ContentProblem,
};
use skirmish_heroclix::figure::{
    AttackSymbol, BaseSize, Click, DamageSymbol, DefenseSymbol, DialPower, DialSymbol, DialValue,
    FigureDef, Power, SpecialKind, SpecialPower, SpeedSymbol, Stat, Symbols,
};
use skirmish_heroclix::team::{
    action_total, check_team, check_team_with, load_team, team_from_toml_str, team_to_toml,
    Ability, Team, TeamEntry, TeamViolation,
};
use skirmish_lang::Lang;

fn content_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/heroclix"
    ))
}

fn starter() -> Vec<FigureDef> {
    load_figures(content_dir().join("starter.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn catalogue() -> Catalogue {
    Catalogue::new(starter())
}

// --- the starter set ---------------------------------------------------------------------------

#[test]
fn starter_set_loads_with_every_profile() {
    let figs = starter();
    assert!(figs.len() >= 12, "only {} figures", figs.len());
    let any = |f: &dyn Fn(&FigureDef) -> bool| figs.iter().any(f);
    let has_power = |fig: &FigureDef, p: Power| fig.dial_powers().contains(&DialPower::Standard(p));
    assert!(
        any(&|f| f.range == 0 && has_power(f, Power::SuperStrength)),
        "brawler"
    );
    assert!(
        any(&|f| f.range >= 8 && has_power(f, Power::EnergyExplosion)),
        "blaster"
    );
    assert!(any(&|f| f.symbols.speed == SpeedSymbol::Wing), "flyer");
    assert!(any(&|f| f.symbols.speed == SpeedSymbol::Dolphin), "swimmer");
    assert!(
        any(&|f| f.dial[0].defense >= 18
            && (has_power(f, Power::Toughness) || has_power(f, Power::Invulnerability))),
        "tank"
    );
    assert!(any(&|f| has_power(f, Power::Support)), "support");
    assert!(
        any(&|f| f.symbols.attack == AttackSymbol::Sharpshooter && f.range >= 10),
        "sniper"
    );
    assert!(
        any(&|f| f.targets >= 2 && f.range > 0),
        "multi-target blaster"
    );
    assert!(
        any(&|f| f.symbols.damage == DamageSymbol::Giant && f.base != BaseSize::default()),
        "giant on a large base"
    );
    assert!(
        any(&|f| matches!(
            f.symbols.speed,
            SpeedSymbol::TransportBoot | SpeedSymbol::TransportWing | SpeedSymbol::TransportDolphin
        )),
        "transporter"
    );
    assert!(any(&|f| f.unique), "unique hero");
    assert!(any(&|f| f.points[0] <= 25), "cheap minion");
    assert!(
        figs.iter()
            .filter(|f| f.starting_lines().len() == 2)
            .count()
            >= 2,
        "figures with two starting lines"
    );
    assert!(any(&|f| f.symbols.defense == DefenseSymbol::Indomitable));
}

#[test]
fn each_starter_figure_is_sound() {
    let figs = starter();
    let mut ids: Vec<&str> = figs.iter().map(|f| f.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), figs.len(), "figure ids repeat");
    for f in &figs {
        assert!(
            (4..=12).contains(&f.dial.len()),
            "{}: dial of {}",
            f.id,
            f.dial.len()
        );
        assert_eq!(f.points.len(), f.starting_lines().len(), "{}", f.id);
        assert!(
            f.dial[0].starting_line,
            "{}: starts on its first click",
            f.id
        );
        // Values fall as the figure takes damage: the last click is weaker than the first.
        let (first, last) = (&f.dial[0], &f.dial[f.dial.len() - 1]);
        let sum = |c: &skirmish_heroclix::figure::Click| -> u32 {
            Stat::ALL
                .iter()
                .map(|s| u32::from(c.number(*s).expect("HeroClix dials print numbers")))
                .sum()
        };
        for stat in Stat::ALL {
            assert!(last.value(stat) <= first.value(stat), "{} {stat:?}", f.id);
        }
        assert!(sum(last) < sum(first), "{}", f.id);
        // Later starting lines cost less.
        assert!(f.points.windows(2).all(|w| w[0] > w[1]), "{}", f.id);
        // Every `special` on the dial is explained on the card.
        for c in &f.dial {
            for (k, p) in c.powers.iter().enumerate() {
                if p == &Some(DialPower::Special) {
                    let kind = [
                        SpecialKind::Speed,
                        SpecialKind::Attack,
                        SpecialKind::Defense,
                        SpecialKind::Damage,
                    ][k];
                    assert!(f.special_powers.iter().any(|s| s.kind == kind), "{}", f.id);
                }
            }
        }
    }
}

#[test]
fn content_folder_loads_without_the_team_subfolder() {
    let figs = load_figure_folder(content_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(figs, starter());
}

#[test]
fn starter_set_round_trips_through_the_writer() {
    let figs = starter();
    let text = figures_to_toml(&figs);
    let again =
        figures_from_toml_str(&text, "written.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again, figs);
    // And the writer is stable.
    assert_eq!(figures_to_toml(&again), text);
}

// --- sample teams --------------------------------------------------------------------------------

#[test]
fn sample_teams_are_legal_at_300() {
    let cat = catalogue();
    let mut seen = Vec::new();
    for name in ["wardens", "ravagers"] {
        let team = load_team(content_dir().join(format!("teams/{name}.toml")))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(team.build_total, Some(300));
        let report = check_team(&team, &cat, 300);
        assert!(report.is_legal(), "{name}: {}", report.explain(Lang::En));
        assert_eq!(report.points, 300, "{name}");
        assert_eq!(report.actions, 3);
        assert!(report.entries.iter().all(|e| e.points.is_some()));
        // The engine runs every standard power: only card entries (special powers, traits)
        // are left to the players.
        assert!(!report
            .not_run_yet
            .iter()
            .any(|n| matches!(n.ability, Ability::Power(DialPower::Standard(_)))));
        assert!(report
            .not_run_yet
            .iter()
            .all(|n| matches!(n.ability, Ability::Special { .. })));
        let ids: Vec<String> = team.figures.iter().map(|e| e.figure.clone()).collect();
        seen.push(ids);
        // Team files round trip too.
        let back = team_from_toml_str(&team_to_toml(&team), "t.toml").unwrap();
        assert_eq!(back, team);
    }
    assert_ne!(seen[0], seen[1], "two different teams");
}

#[test]
fn the_sample_ata_team_pays_its_card_per_warden() {
    let cat = catalogue();
    let team = load_team(content_dir().join("teams/lighthouse-guard.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(team.ata.as_deref(), Some("ata01"));
    let report = check_team(&team, &cat, 300);
    assert!(report.is_legal(), "{}", report.explain(Lang::En));
    let ata = report.ata.as_ref().expect("the ATA card is reported");
    assert_eq!(ata.entries, [0, 1, 2, 3]);
    assert_eq!(ata.points, 8);
    assert_eq!(report.points, 288);
    assert!(ata.describe(Lang::En).contains("4 × 2 = 8 points"));
    assert!(ata.describe(Lang::Fr).contains("compétence de groupe"));
    // The team file round trips, its card included.
    let back = team_from_toml_str(&team_to_toml(&team), "t.toml").unwrap();
    assert_eq!(back, team);
    // In play, each Warden possesses Defenders.
    let setup = team.to_setup(&cat).unwrap();
    assert_eq!(
        setup.tactics.ata.as_ref().map(|a| a.team_ability.as_str()),
        Some("defenders")
    );
}

#[test]
fn a_replacing_ata_takes_printed_team_abilities_off_the_not_run_list() {
    let cat = catalogue();
    // Hackle: Ravager with the Brotherhood symbol; Turncoat Oath replaces it with Hydra.
    let mut t = team(&["sk023"]);
    let before = check_team_with(&t, &cat, 300, &|_| true);
    t.ata = Some("ata03".into());
    let after = check_team_with(&t, &cat, 300, &|_| true);
    assert_eq!(after.points, before.points + 1);
    assert!(after.is_legal(), "{}", after.explain(Lang::En));
    assert!(!after
        .not_run_yet
        .iter()
        .any(|n| matches!(n.ability, Ability::TeamAbility(_))));
}

#[test]
fn custom_names_and_lines_show_in_the_report() {
    let cat = catalogue();
    let team = load_team(content_dir().join("teams/ravagers.toml")).unwrap();
    let report = check_team(&team, &cat, 300);
    assert!(report.entries.iter().any(|e| e.name == "Knuckles"));
    let giant = report.entries.iter().find(|e| e.figure == "sk010").unwrap();
    assert_eq!((giant.starting_line, giant.points), (2, Some(110)));
}

#[test]
fn supported_powers_leave_the_not_run_list() {
    let cat = catalogue();
    let team = load_team(content_dir().join("teams/wardens.toml")).unwrap();
    let all = check_team_with(&team, &cat, 300, &|_| false);
    let some = check_team_with(&team, &cat, 300, &|p| {
        matches!(p, DialPower::Standard(Power::Charge))
    });
    let charge = Ability::Power(DialPower::Standard(Power::Charge));
    assert!(all.not_run_yet.iter().any(|n| n.ability == charge));
    assert!(!some.not_run_yet.iter().any(|n| n.ability == charge));
    assert_eq!(all.not_run_yet.len(), some.not_run_yet.len() + 1);
    // Card entries are asked about as `special`.
    let specials = check_team_with(&team, &cat, 300, &|p| p == &DialPower::Special);
    assert!(!specials
        .not_run_yet
        .iter()
        .any(|n| matches!(n.ability, Ability::Special { .. })));
    assert!(all
        .not_run_yet
        .iter()
        .any(|n| matches!(&n.ability, Ability::Special { name, .. } if name == "SHIELD THROW")));
}

// --- illegal teams --------------------------------------------------------------------------------

fn team(ids: &[&str]) -> Team {
    Team {
        name: "Test".to_string(),
        build_total: None,
        figures: ids.iter().map(|id| TeamEntry::new(*id)).collect(),
        ..Default::default()
    }
}

#[test]
fn over_the_build_total_says_by_how_much() {
    // Varga 120 + Ashgrave 110 + Grumblestone 150 = 380.
    let report = check_team(&team(&["sk001", "sk009", "sk010"]), &catalogue(), 300);
    assert_eq!(report.points, 380);
    assert_eq!(
        report.violations,
        vec![TeamViolation::OverBuildTotal {
            points: 380,
            build_total: 300
        }]
    );
    let en = report.explain(Lang::En);
    let fr = report.explain(Lang::Fr);
    assert!(
        en.contains("380") && en.contains("80 over") && en.contains("300"),
        "{en}"
    );
    assert!(
        fr.contains("80 de plus") && fr.contains("total de points de construction"),
        "{fr}"
    );
    // The same team is fine at 400.
    assert!(check_team(&team(&["sk001", "sk009", "sk010"]), &catalogue(), 400).is_legal());
}

#[test]
fn two_copies_of_a_unique_are_refused() {
    let report = check_team(&team(&["sk001", "sk007", "sk001"]), &catalogue(), 300);
    assert_eq!(
        report.violations,
        vec![TeamViolation::DuplicateUnique {
            name: "Captain Ysolde Varga".to_string(),
            set: "sk".to_string(),
            number: "001".to_string(),
            entries: vec![0, 2],
        }]
    );
    let fr = report.violations[0].text(Lang::Fr);
    assert!(
        fr.contains("personnage unique") && fr.contains("1, 3"),
        "{fr}"
    );
    let en = report.violations[0].text(Lang::En);
    assert!(
        en.contains("unique") && en.contains("Captain Ysolde Varga"),
        "{en}"
    );
}

#[test]
fn copies_of_a_common_figure_and_a_unique_beside_a_common_namesake_are_fine() {
    // FAQ *Constituez votre équipe*: a unique may team with a non-unique of the same name.
    let mut figs = starter();
    let mut plain = figs.iter().find(|f| f.id == "sk001").unwrap().clone();
    plain.id = "sk001c".to_string();
    plain.number = "101".to_string();
    plain.unique = false;
    figs.push(plain);
    let cat = Catalogue::new(figs);
    let report = check_team(&team(&["sk001", "sk001c", "sk015", "sk015"]), &cat, 300);
    assert!(report.is_legal(), "{}", report.explain(Lang::En));
}

#[test]
fn an_empty_team_is_refused() {
    let report = check_team(&team(&[]), &catalogue(), 300);
    assert_eq!(report.violations, vec![TeamViolation::Empty]);
    assert!(report.violations[0]
        .text(Lang::Fr)
        .contains("au moins un personnage"));
}

#[test]
fn an_unknown_figure_suggests_close_ids() {
    let report = check_team(&team(&["sk01", "sk003"]), &catalogue(), 300);
    match &report.violations[..] {
        [TeamViolation::UnknownFigure {
            entry: 0,
            id,
            close,
        }] => {
            assert_eq!(id, "sk01");
            assert!(
                close.iter().any(|c| c == "sk001" || c == "sk010"),
                "{close:?}"
            );
        }
        v => panic!("{v:?}"),
    }
    let en = report.explain(Lang::En);
    assert!(
        en.contains("Entry 1") && en.contains("did you mean"),
        "{en}"
    );
    assert!(report.explain(Lang::Fr).contains("vouliez-vous dire"));
    assert_eq!(report.points, 40, "known entries still count");
}

#[test]
fn a_missing_starting_line_is_refused() {
    let mut t = team(&["sk003", "sk001"]);
    t.figures[0].starting_line = 2;
    t.figures[1].starting_line = 3;
    let report = check_team(&t, &catalogue(), 300);
    assert_eq!(
        report.violations,
        vec![
            TeamViolation::NoSuchStartingLine {
                entry: 0,
                name: "Doc Amberly".to_string(),
                line: 2,
                lines: 1
            },
            TeamViolation::NoSuchStartingLine {
                entry: 1,
                name: "Captain Ysolde Varga".to_string(),
                line: 3,
                lines: 2
            },
        ]
    );
    assert!(report.explain(Lang::Fr).contains("ligne de départ 3"));
}

#[test]
fn a_figure_without_a_dial_is_refused() {
    let mut figs = starter();
    let mut ghost = figs[0].clone();
    ghost.id = "ghost".to_string();
    ghost.dial.clear();
    figs.push(ghost);
    let report = check_team(&team(&["ghost"]), &Catalogue::new(figs), 300);
    assert!(matches!(
        report.violations[..],
        [TeamViolation::NoDial { entry: 0, .. }]
    ));
    assert!(report.explain(Lang::Fr).contains("disque de combat"));
}

#[test]
fn every_violation_is_reported_at_once() {
    let mut t = team(&["sk001", "sk001", "nobody", "sk010", "sk009"]);
    t.figures[3].starting_line = 5;
    let report = check_team(&t, &catalogue(), 200);
    // 120 + 120 + 110 = 350 > 200; unique twice; unknown id; line 5 of 2.
    assert_eq!(report.points, 350);
    assert_eq!(report.violations.len(), 4, "{:?}", report.violations);
    assert!(matches!(
        report.violations[0],
        TeamViolation::OverBuildTotal { .. }
    ));
    assert_eq!(report.actions, 2);
}

#[test]
fn action_total_is_one_per_hundred_points() {
    assert_eq!(action_total(100), 1);
    assert_eq!(action_total(300), 3);
    assert_eq!(action_total(450), 4);
    let report = check_team(&team(&["sk015"]), &catalogue(), 50);
    assert_eq!(
        report.violations,
        vec![TeamViolation::BuildTotalTooSmall { build_total: 50 }]
    );
}

#[test]
fn team_file_errors_are_located() {
    let e = team_from_toml_str(
        "name = \"X\"\n[[figure]]\nid = \"sk001\"\nstarting_line = 0\n",
        "t.toml",
    )
    .unwrap_err();
    let i = &e.issues()[0];
    assert_eq!((i.line, i.field.as_str()), (4, "figure[0].starting_line"));
    let e = team_from_toml_str(
        "name = \"X\"\n[[figure]]\nid = \"sk001\"\nlevel = 2\n",
        "t.toml",
    )
    .unwrap_err();
    let i = &e.issues()[0];
    assert_eq!(i.line, 4);
    assert!(i.to_string().contains("level"), "{i}");
}

// --- content validation: one test per error -----------------------------------------------------

/// A valid one-figure file; tests replace parts of it.
const BASE: &str = r#"[[figure]]
id = "t1"
name = "Tester"
set = "tt"
number = "001"
points = [40]
range = 4
targets = 1
symbols = { speed = "wing" }
dial = [
  "> 8 9 16 2 | charge . toughness .",
  "  7 8 15 1 | . special . .",
  "  6 7 14 1",
]

[[figure.special]]
kind = "attack"
name = "ZAP"
text = "Zaps."
"#;

fn errors(text: &str) -> Vec<ContentIssue> {
    match figures_from_toml_str(text, "test.toml") {
        Ok(f) => panic!("accepted: {f:?}"),
        Err(ContentError::Invalid(v)) => v,
        Err(e) => panic!("{e}"),
    }
}

/// 1-based line of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not in text"))
        + 1
}

fn one_error(text: &str, needle: &str, field: &str) -> ContentIssue {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    let e = errs.into_iter().next().unwrap();
    assert_eq!(e.line, line_of(text, needle), "{e}");
    assert_eq!(e.field, field, "{e}");
    assert!(
        e.to_string().starts_with(&format!("test.toml:{}:", e.line)),
        "{e}"
    );
    e
}

#[test]
fn base_sample_is_valid() {
    let f = figures_from_toml_str(BASE, "test.toml").unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].symbols.speed, SpeedSymbol::Wing);
    assert_eq!(f[0].dial[2].powers, [None, None, None, None]);
}

#[test]
fn a_hereditary_enemy_ring_has_a_colour_other_than_black() {
    let text = BASE.replace("range = 4", "range = 4\nenemy_ring = \" Red \"");
    let f = figures_from_toml_str(&text, "test.toml").unwrap();
    assert_eq!(f[0].enemy_ring.as_deref(), Some("red"));
    // The writer keeps it.
    let again = figures_from_toml_str(&figures_to_toml(&f), "again.toml").unwrap();
    assert_eq!(again, f);
    for bad in ["black", "", "Noir"] {
        let text = BASE.replace("range = 4", &format!("range = 4\nenemy_ring = \"{bad}\""));
        let e = one_error(&text, "enemy_ring", "figure[0].enemy_ring");
        assert!(e.to_string().contains("other than black"), "{e}");
    }
    let text = BASE.replace("range = 4", "range = 4\nenemy_ring = 3");
    one_error(&text, "enemy_ring", "figure[0].enemy_ring");
}

#[test]
fn unknown_field_is_named() {
    let text = BASE.replace("range = 4", "range = 4\nreach = 3");
    let e = one_error(&text, "reach", "figure[0].reach");
    assert!(e.to_string().contains("unknown field `reach`"), "{e}");
}

#[test]
fn unknown_field_in_a_special_power_is_named() {
    let text = BASE.replace("text = \"Zaps.\"", "text = \"Zaps.\"\ncost = 5");
    let e = one_error(&text, "cost", "figure[0].special[0].cost");
    assert!(e.to_string().contains("cost"), "{e}");
}

#[test]
fn missing_field_is_named() {
    let text = BASE.replace("name = \"Tester\"\n", "");
    let errs = errors(&text);
    assert_eq!((errs[0].line, errs[0].field.as_str()), (1, "figure[0]"));
    assert!(
        errs[0].to_string().contains("missing field `name`"),
        "{}",
        errs[0]
    );
    // In a later figure, the header of that figure is named.
    let text = format!(
        "{BASE}{}",
        BASE.replace("id = \"t1\"", "id = \"t2\"")
            .replace("number = \"001\"\n", "")
    );
    let errs = errors(&text);
    assert_eq!(errs[0].field, "figure[1]", "{}", errs[0]);
    assert_eq!(errs[0].line, 20, "{}", errs[0]);
    let text = format!(
        "{BASE}{}",
        BASE.replace("id = \"t1\"", "id = \"t2\"")
            .replace("kind = \"attack\"\n", "")
    );
    let errs = errors(&text);
    assert_eq!(errs[0].field, "figure[1].special[0]", "{}", errs[0]);
}

#[test]
fn empty_dial_is_refused() {
    let text = r#"[[figure]]
id = "t1"
name = "Tester"
set = "tt"
number = "001"
points = [40]
dial = []
"#;
    let e = one_error(text, "dial", "figure[0].dial");
    assert_eq!(e.problem, ContentProblem::EmptyDial);
}

#[test]
fn combat_value_out_of_range() {
    let text = BASE.replace("\"  7 8 15 1", "\"  7 31 15 1");
    let e = one_error(&text, "7 31 15", "figure[0].dial[1].attack");
    assert_eq!(
        e.problem,
        ContentProblem::OutOfRange {
            value: 31,
            min: 0,
            max: 30
        }
    );
    assert_eq!(e.column, 8, "column of `31`: {e}");
}

#[test]
fn an_hourglass_on_a_heroclix_dial_is_refused_with_its_file_line_and_field() {
    for symbol in ["hourglass", "⌛"] {
        let text = BASE.replace("\"  7 8 15 1", &format!("\"  {symbol} 8 15 1"));
        let e = one_error(&text, &format!("{symbol} 8 15"), "figure[0].dial[1].speed");
        let msg = e.to_string();
        assert!(
            msg.contains("HorrorClix's hourglass")
                && msg.contains("needs a number for its speed value"),
            "{msg}"
        );
    }
}

#[test]
fn a_symbol_built_into_a_figure_reads_as_no_number_and_is_named_by_the_check() {
    let mut f = figures_from_toml_str(BASE, "test.toml").unwrap().remove(0);
    assert_eq!(f.check_numbers(), Ok(()));
    f.dial[1].attack = DialValue::Symbol(DialSymbol::Hourglass);
    let e = f.check_numbers().unwrap_err();
    assert_eq!(e.field(), "dial[1].attack");
    assert_eq!(
        e.to_string(),
        "dial[1].attack (t1): the dial shows an hourglass (⌛) as its attack value, not a \
         number; HeroClix needs a number there (the hourglass is a HorrorClix symbol)"
    );
    assert_eq!(f.printed(1, Stat::Attack), 0);
    assert_eq!(f.printed(1, Stat::Defense), 15);
    // The JSON of a figure (scenarios, stored games) carries the symbol and reads it back.
    let json = serde_json::to_string(&f).unwrap();
    assert!(json.contains("\"attack\":\"hourglass\""), "{json}");
    assert!(
        json.contains("\"attack\":9"),
        "numbers stay integers: {json}"
    );
    assert_eq!(serde_json::from_str::<FigureDef>(&json).unwrap(), f);
}

#[test]
fn damage_value_out_of_range() {
    let text = BASE.replace("6 7 14 1\"", "6 7 14 11\"");
    let e = one_error(&text, "6 7 14 11", "figure[0].dial[2].damage");
    assert!(e.to_string().contains("expected 0 to 10"), "{e}");
}

#[test]
fn range_out_of_range() {
    let text = BASE.replace("range = 4", "range = 21");
    one_error(&text, "range = 21", "figure[0].range");
}

#[test]
fn targets_out_of_range() {
    let text = BASE.replace("targets = 1", "targets = 4");
    let e = one_error(&text, "targets = 4", "figure[0].targets");
    assert!(e.to_string().contains("expected 1 to 3"), "{e}");
}

#[test]
fn points_must_match_starting_lines() {
    let text = BASE.replace("points = [40]", "points = [40, 30]");
    let e = one_error(&text, "points =", "figure[0].points");
    assert_eq!(
        e.problem,
        ContentProblem::PointsMismatch {
            points: 2,
            lines: 1
        }
    );
    // A second starting line fixes it.
    let fixed = text.replace("\"  7 8 15 1", "\"> 7 8 15 1");
    assert_eq!(
        figures_from_toml_str(&fixed, "t").unwrap()[0].starting_lines(),
        vec![0, 1]
    );
}

#[test]
fn unknown_power_lists_close_ids() {
    let text = BASE.replace("charge . toughness", "charge . toughnes");
    let e = one_error(&text, "toughnes ", "figure[0].dial[0].defense_power");
    match &e.problem {
        ContentProblem::UnknownPower { id, close } => {
            assert_eq!(id, "toughnes");
            assert_eq!(close.first().map(String::as_str), Some("toughness"));
        }
        p => panic!("{p:?}"),
    }
    assert!(e.to_string().contains("did you mean `toughness`"), "{e}");
}

#[test]
fn power_in_the_wrong_column() {
    let text = BASE.replace("charge . toughness .", "toughness . charge .");
    let errs = errors(&text);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert_eq!(errs[0].field, "figure[0].dial[0].speed_power");
    assert!(errs[0]
        .to_string()
        .contains("`toughness` is a defense power"));
}

#[test]
fn unknown_symbol_is_refused() {
    let text = BASE.replace("speed = \"wing\"", "speed = \"jetpack\"");
    let e = one_error(&text, "jetpack", "figure[0].symbols.speed");
    assert!(
        e.to_string().contains("wing") && e.to_string().contains("jetpack"),
        "{e}"
    );
}

#[test]
fn unknown_special_kind_is_refused() {
    let text = BASE.replace("kind = \"attack\"", "kind = \"movement\"");
    // The kind, and the dial's `special` that then has no card entry.
    let errs = errors(&text);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs
        .iter()
        .any(|e| e.field == "figure[0].special[0].kind" && e.line == line_of(&text, "movement")));
}

#[test]
fn special_on_the_dial_needs_its_card_entry() {
    let text = BASE.replace("kind = \"attack\"", "kind = \"defense\"");
    let e = one_error(&text, ". special . .", "figure[0].dial[1].attack_power");
    assert_eq!(e.problem, ContentProblem::SpecialWithoutCard(Stat::Attack));
}

#[test]
fn bad_click_syntax_is_explained() {
    let text = BASE.replace("\"  6 7 14 1\"", "\"  6 7 14\"");
    let e = one_error(&text, "6 7 14\"", "figure[0].dial[2]");
    assert!(e.to_string().contains("expected 4 values"), "{e}");
    let text = BASE.replace("\"  6 7 14 1\"", "\"  6 7 14 1 | charge\"");
    let e = one_error(&text, "14 1 | charge", "figure[0].dial[2]");
    assert!(e.to_string().contains("expected 4 powers"), "{e}");
    let text = BASE.replace("\"  6 7 14 1\"", "\"  6 seven 14 1\"");
    one_error(&text, "seven", "figure[0].dial[2].attack");
}

#[test]
fn bad_base_is_refused() {
    let text = BASE.replace("targets = 1", "targets = 1\nbase = \"big\"");
    one_error(&text, "base =", "figure[0].base");
}

#[test]
fn duplicate_ids_in_a_file_name_both_places() {
    let second = BASE.replacen("[[figure]]", "\n[[figure]]", 1);
    let text = format!("{BASE}{second}");
    let errs = errors(&text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].field, "figure[1].id");
    let second_id = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("id = "))
        .nth(1)
        .map(|(i, _)| i + 1);
    assert_eq!(Some(errs[0].line), second_id);
    assert!(errs[0].to_string().contains("test.toml:2:"), "{}", errs[0]);
}

#[test]
fn duplicate_ids_across_a_folder_name_both_files() {
    let dir = std::env::temp_dir().join(format!("skirmish-content-dup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.toml"), BASE).unwrap();
    std::fs::write(dir.join("b.toml"), BASE.replace("Tester", "Other")).unwrap();
    let err = load_figure_folder(&dir).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    let issues = err.issues();
    assert_eq!(issues.len(), 1, "{err}");
    assert!(issues[0].origin.ends_with("b.toml"));
    assert_eq!((issues[0].line, issues[0].field.as_str()), (2, "id"));
    assert!(issues[0].to_string().contains("a.toml:2:"), "{}", issues[0]);
}

#[test]
fn syntax_errors_are_located() {
    let text = BASE.replace("range = 4", "range = = 4");
    let errs = errors(&text);
    assert_eq!(errs[0].line, line_of(&text, "range = = 4"));
}

#[test]
fn wrong_value_types_are_located() {
    let text = BASE.replace("range = 4", "range = \"far\"");
    let errs = errors(&text);
    assert_eq!(errs[0].line, line_of(&text, "range = \"far\""));
    assert_eq!(errs[0].field, "figure[0].range");
}

#[test]
fn many_problems_are_reported_together() {
    let text = BASE
        .replace("range = 4", "range = 40")
        .replace("targets = 1", "targets = 0")
        .replace("7 8 15 1", "7 8 99 1");
    let errs = errors(&text);
    assert_eq!(errs.len(), 3, "{errs:?}");
}

#[test]
fn other_marks_and_no_starting_line_round_trip() {
    let text = BASE.replace("> 8 9 16 2 | charge", "  8 9 16 2 | other:spell");
    let figs = figures_from_toml_str(&text, "t").unwrap();
    assert_eq!(
        figs[0].dial[0].powers[0],
        Some(DialPower::Unknown("spell".into()))
    );
    assert_eq!(figs[0].starting_lines(), vec![0]);
    let back = figures_from_toml_str(&figures_to_toml(&figs), "t").unwrap();
    assert_eq!(back, figs);
}

// --- properties -----------------------------------------------------------------------------------

fn arb_power(stat: Stat) -> impl Strategy<Value = Option<DialPower>> {
    let own: Vec<Power> = Power::ALL
        .iter()
        .copied()
        .filter(|p| p.column() == stat)
        .collect();
    prop_oneof![
        3 => Just(None),
        3 => proptest::sample::select(own).prop_map(|p| Some(DialPower::Standard(p))),
        1 => Just(Some(DialPower::Special)),
        1 => "[a-z_]{1,8}".prop_map(|s| Some(DialPower::Unknown(s))),
    ]
}

fn arb_click() -> impl Strategy<Value = Click> {
    (
        (0u8..=30, 0u8..=30, 0u8..=30, 0u8..=10),
        arb_power(Stat::Speed),
        arb_power(Stat::Attack),
        arb_power(Stat::Defense),
        arb_power(Stat::Damage),
        any::<bool>(),
    )
        .prop_map(|((s, a, d, g), p0, p1, p2, p3, line)| Click {
            speed: s.into(),
            attack: a.into(),
            defense: d.into(),
            damage: g.into(),
            powers: [p0, p1, p2, p3],
            starting_line: line,
        })
}

fn arb_figure() -> impl Strategy<Value = FigureDef> {
    (
        (
            "[a-z0-9_-]{1,8}",
            "\\PC{1,12}",
            "\\PC{0,4}",
            "\\PC{0,4}",
            any::<bool>(),
        ),
        (
            0u8..=20,
            1u8..=3,
            0usize..6,
            0usize..4,
            0usize..3,
            0usize..3,
            (1u8..=4, 1u8..=4),
        ),
        proptest::collection::vec(arb_click(), 1..10),
        proptest::collection::vec(("\\PC{1,10}", "\\PC{0,40}"), 0..3),
        proptest::collection::vec("[a-z_]{1,8}", 0..3),
        proptest::collection::vec("\\PC{1,10}", 0..3),
    )
        .prop_map(
            |(
                (id, name, set, number, unique),
                (range, targets, sp, at, de, da, (w, dp)),
                dial,
                specials,
                teams,
                keywords,
            )| {
                let mut f = FigureDef {
                    bystander: false,
                    enemy_ring: None,
                    id,
                    name: format!("N{name}"),
                    set,
                    number,
                    unique,
                    points: Vec::new(),
                    range,
                    targets,
                    symbols: Symbols {
                        speed: [
                            SpeedSymbol::Boot,
                            SpeedSymbol::Wing,
                            SpeedSymbol::Dolphin,
                            SpeedSymbol::TransportBoot,
                            SpeedSymbol::TransportWing,
                            SpeedSymbol::TransportDolphin,
                        ][sp],
                        attack: [
                            AttackSymbol::Fist,
                            AttackSymbol::Duo,
                            AttackSymbol::Sharpshooter,
                            AttackSymbol::Team,
                        ][at],
                        defense: [
                            DefenseSymbol::Shield,
                            DefenseSymbol::Indomitable,
                            DefenseSymbol::Vehicle,
                        ][de],
                        damage: [
                            DamageSymbol::Starburst,
                            DamageSymbol::Giant,
                            DamageSymbol::Tiny,
                        ][da],
                    },
                    base: BaseSize {
                        width: w,
                        depth: dp,
                    },
                    team_abilities: teams,
                    keywords: keywords
                        .into_iter()
                        .map(|k| format!("K{k}").trim().to_string())
                        .collect(),
                    special_powers: Vec::new(),
                    dial,
                };
                // Every special power on the dial gets its card entry; plus the free ones.
                let kinds = [
                    SpecialKind::Speed,
                    SpecialKind::Attack,
                    SpecialKind::Defense,
                    SpecialKind::Damage,
                ];
                for (k, kind) in kinds.into_iter().enumerate() {
                    if f.dial
                        .iter()
                        .any(|c| c.powers[k] == Some(DialPower::Special))
                    {
                        f.special_powers.push(SpecialPower {
                            kind,
                            name: "S".into(),
                            text: String::new(),
                            effects: Vec::new(),
                            not_expressed: None,
                        });
                    }
                }
                for (n, t) in specials {
                    f.special_powers.push(SpecialPower {
                        kind: SpecialKind::Trait,
                        name: format!("T{n}"),
                        text: t,
                        effects: Vec::new(),
                        not_expressed: None,
                    });
                }
                f.points = (0..f.starting_lines().len())
                    .map(|i| 100 - i as u32)
                    .collect();
                f
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn written_figures_read_back_equal(figs in proptest::collection::vec(arb_figure(), 1..4)) {
        // Ids must be distinct within a file.
        let mut figs = figs;
        for (i, f) in figs.iter_mut().enumerate() {
            f.id = format!("{}{i}", f.id);
        }
        let text = figures_to_toml(&figs);
        let back = figures_from_toml_str(&text, "p.toml");
        prop_assert!(back.is_ok(), "{}\n{}", back.unwrap_err(), text);
        prop_assert_eq!(back.unwrap(), figs);
    }

    #[test]
    fn mutated_files_never_panic(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..8)
    ) {
        let mut bytes = BASE.as_bytes().to_vec();
        for (at, op, b) in edits {
            if bytes.is_empty() {
                bytes.push(b);
                continue;
            }
            let i = at.index(bytes.len());
            match op {
                0 => { bytes.remove(i); }
                1 => bytes.insert(i, b),
                2 => bytes[i] = b,
                _ => {
                    // Splice in a token that matters to the format.
                    let tok: &[u8] = [&b">"[..], b"|", b"special", b"\"", b"[[figure]]\n", b"=", b"99", b"-1"][b as usize % 8];
                    for (k, t) in tok.iter().enumerate() {
                        bytes.insert(i + k, *t);
                    }
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = figures_from_toml_str(&text, "m.toml") {
            // Every issue renders.
            let _ = e.to_string();
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = figures_from_toml_str(&text, "a.toml");
        let _ = team_from_toml_str(&text, "a.toml");
    }
}

#[test]
fn mutating_the_starter_file_never_panics() {
    let text = std::fs::read_to_string(content_dir().join("starter.toml")).unwrap();
    // Every single-line deletion: each must load or explain itself.
    let lines: Vec<&str> = text.lines().collect();
    for skip in 0..lines.len() {
        let cut: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, l)| *l)
            .collect();
        if let Err(e) = figures_from_toml_str(&cut.join("\n"), "cut.toml") {
            assert!(!e.issues().is_empty());
            for i in e.issues() {
                assert!(i.line >= 1 && i.line <= lines.len() + 1, "{i}");
            }
        }
    }
}

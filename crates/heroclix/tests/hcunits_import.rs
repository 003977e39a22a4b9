//! The hcunits importer on the whole published data set (read from `../shared/data/hcunits`,
//! never copied into the repository) and on mutated input.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use proptest::prelude::*;
use skirmish_heroclix::figure::{
    AttackSymbol, BaseSize, DamageSymbol, DefenseSymbol, DialPower, Power, SpecialKind, SpeedSymbol,
};
use skirmish_heroclix::import::hcunits::{
    import_dir, import_units_json, Adjustment, ImportReport, SkipReason,
};

fn data_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/hcunits"
    ));
    assert!(
        dir.is_dir(),
        "the hcunits data set is missing: expected it at {} (the shared data folder beside the \
         workspace); these tests need it and must not pass without it",
        dir.display()
    );
    dir
}

/// The whole data set, imported once for every test of this file.
fn report() -> &'static ImportReport {
    static REPORT: OnceLock<ImportReport> = OnceLock::new();
    REPORT.get_or_init(|| import_dir(data_dir()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn imports_every_dialled_character() {
    let r = report();
    assert_eq!(r.files, 191);
    assert_eq!(r.units, 8317);
    // The data README's 7,359 units "with full dials" are 6,872 characters and 487
    // bystanders (type `bystander`: tokens with a dial, not characters one builds a team from);
    // only the characters are imported.
    assert!(
        r.rejected.is_empty(),
        "{:#?}",
        &r.rejected[..r.rejected.len().min(10)]
    );
    assert_eq!(r.figures.len(), 6872);
    let expected: BTreeMap<String, usize> = [
        ("attachment", 147),
        ("battlefield_condition", 8),
        ("bystander", 487),
        ("equipment", 115),
        ("feat", 14),
        ("id_card", 98),
        ("map", 351),
        ("mystery_card", 10),
        ("object", 137),
        ("tarot_card", 78),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(r.skipped_by_reason(), expected);
    assert_eq!(r.figures.len() + r.skipped.len(), r.units);
}

#[test]
fn unknown_powers_and_folded_kinds_are_counted() {
    let r = report();
    // Later-era dial marks that are not standard powers.
    let unknown: Vec<(&str, usize)> = r
        .unknown_powers
        .iter()
        .map(|(k, v)| (k.as_str(), *v))
        .collect();
    assert_eq!(unknown, vec![("spell", 8), ("trap", 8)]);
    assert_eq!(r.folded_special_kinds.get("costed_trait"), Some(&135));
    assert!(!r.folded_special_kinds.contains_key("trait"));
}

#[test]
fn every_figure_has_clicks_and_a_cost_for_each_starting_line() {
    let mut ids = std::collections::HashSet::new();
    for f in &report().figures {
        assert!(!f.dial.is_empty(), "{}", f.id);
        let lines = f.starting_lines();
        assert!(f.points.len() >= lines.len(), "{}", f.id);
        for i in 0..lines.len() {
            assert!(f.points_for_line(i).is_some(), "{} line {i}", f.id);
        }
        assert!(ids.insert(f.id.clone()), "duplicate id {}", f.id);
        assert!(!f.name.is_empty() && !f.set.is_empty(), "{}", f.id);
    }
}

#[test]
fn a_known_unit_maps_every_field() {
    let f = report()
        .figures
        .iter()
        .find(|f| f.id == "aaou001")
        .expect("aaou001 imported");
    assert_eq!((f.set.as_str(), f.number.as_str()), ("aaou", "001"));
    assert_eq!(f.points, vec![250, 185]);
    assert_eq!((f.range, f.targets), (7, 1));
    assert_eq!(f.symbols.speed, SpeedSymbol::TransportWing);
    assert_eq!(f.symbols.attack, AttackSymbol::Fist);
    assert_eq!(f.symbols.defense, DefenseSymbol::Indomitable);
    assert_eq!(f.symbols.damage, DamageSymbol::Starburst);
    assert_eq!(f.base, BaseSize::default());
    assert_eq!(f.starting_lines(), vec![0, 2]);
    assert_eq!(
        f.dial[0].powers[0],
        Some(DialPower::Standard(Power::RunningShot))
    );
    assert!(f
        .team_abilities
        .contains(&"avengers_initiative".to_string()));
    assert!(f
        .special_powers
        .iter()
        .any(|s| s.kind == SpecialKind::Attack));
    // Large bases and unique figures come through too.
    let figs = &report().figures;
    assert!(figs
        .iter()
        .any(|f| f.base == BaseSize { width: 3, depth: 6 }));
    assert!(figs.iter().filter(|f| f.unique).count() > 600);
}

#[test]
fn documented_readings_are_listed() {
    let r = report();
    let count =
        |pred: &dyn Fn(&Adjustment) -> bool| r.adjustments.iter().filter(|(_, a)| pred(a)).count();
    assert!(count(&|a| matches!(a, Adjustment::PaddedPoints { .. })) > 0);
    assert!(count(&|a| matches!(a, Adjustment::ColouredLine { .. })) > 0);
    assert!(count(&|a| matches!(a, Adjustment::BlankValue { .. })) > 0);
    // Orange (battlefield promotion) lines are not starting lines: asm018 has a plain line
    // before click 1, an orange one before click 4 and one point value.
    assert!(r.adjustments.iter().any(|(id, a)| id == "asm018"
        && matches!(a, Adjustment::ColouredLine { click: 4, colour } if colour == "orange")));
    let f = r.figures.iter().find(|f| f.id == "asm018").unwrap();
    assert_eq!((f.starting_lines(), f.points.len()), (vec![0], 1));
}

// --- small crafted input -------------------------------------------------------------------------

/// An invented unit in the hcunits shape.
const SAMPLE: &str = r#"[
  {
    "unit_id": "zz001", "set_id": "zz", "collector_number": "001", "name": "Sample Hero",
    "type": "character", "dimensions": "1x2", "point_values": [80, 50],
    "properties": ["unique"], "team_abilities": ["wardens"], "keywords": ["Test"],
    "special_powers": [
      {"type": "speed", "name": "ZOOM", "description": "Moves fast."},
      {"type": "rally_trait", "name": "RALLY", "description": "Rallies."}
    ],
    "unit_range": "6", "targets": "2",
    "speed_type": "wing", "attack_type": "duo", "defense_type": "shield", "damage_type": "giant",
    "dial": [
      {"click_number": 2, "speed_value": 8, "attack_value": 9, "defense_value": 16, "damage_value": 2},
      {"click_number": 1, "starting_line": true, "speed_power": "special", "speed_value": 9,
       "attack_power": "energy_explosion", "attack_value": 10, "defense_value": 17, "damage_value": "3"},
      {"click_number": 3, "starting_line": "green", "speed_value": 7, "attack_value": 8,
       "defense_value": 15, "damage_value": "", "damage_power": "spell"}
    ]
  },
  {"unit_id": "zz002", "set_id": "zz", "collector_number": "002", "name": "A Map", "type": "map",
   "point_values": [], "dial": []}
]"#;

#[test]
fn sample_unit_maps_every_field() {
    let r = import_units_json(SAMPLE, "zz.json").unwrap();
    assert_eq!(r.figures.len(), 1);
    assert_eq!(
        r.skipped,
        vec![("zz002".to_string(), SkipReason::NotCharacter("map".into()))]
    );
    let f = &r.figures[0];
    assert!(f.unique);
    assert_eq!(f.base, BaseSize { width: 1, depth: 2 });
    assert_eq!((f.range, f.targets), (6, 2));
    assert_eq!(f.dial.len(), 3);
    assert_eq!(f.dial[0].speed, 9, "sorted by click number");
    assert_eq!(f.dial[0].damage, 3, "numbers written as text");
    assert_eq!(f.starting_lines(), vec![0, 2], "green is a starting line");
    assert_eq!(f.dial[2].damage, 0);
    assert_eq!(f.special_powers[1].kind, SpecialKind::Trait);
    assert_eq!(r.folded_special_kinds.get("rally_trait"), Some(&1));
    assert_eq!(r.unknown_powers.get("spell"), Some(&1));
    assert!(r
        .adjustments
        .iter()
        .any(|(id, a)| id == "zz001" && matches!(a, Adjustment::BlankValue { click: 3, .. })));
}

#[test]
fn errors_name_the_file_the_unit_and_the_field() {
    let bad = SAMPLE.replace("\"unit_range\": \"6\"", "\"unit_range\": \"six\"");
    let r = import_units_json(&bad, "zz.json").unwrap();
    assert!(r.figures.is_empty());
    let e = &r.rejected[0];
    assert_eq!(e.file, "zz.json");
    assert_eq!(e.unit.as_deref(), Some("zz001"));
    assert_eq!(e.field.as_deref(), Some("unit_range"));
    assert!(
        e.to_string()
            .contains("zz.json: unit `zz001`: field `unit_range`"),
        "{e}"
    );

    let bad = SAMPLE.replace("\"speed_type\": \"wing\"", "\"speed_type\": \"rocket\"");
    let e = &import_units_json(&bad, "zz.json").unwrap().rejected[0];
    assert_eq!(e.field.as_deref(), Some("speed_type"));
    assert!(
        e.problem.contains("rocket") && e.problem.contains("wing"),
        "{e}"
    );

    let bad = SAMPLE.replace("\"attack_value\": 9", "\"attack_value\": -9");
    let e = &import_units_json(&bad, "zz.json").unwrap().rejected[0];
    assert_eq!(e.field.as_deref(), Some("dial[0].attack_value"));

    // HorrorClix's hourglass is no HeroClix value: the unit is refused, saying so.
    let bad = SAMPLE.replace("\"attack_value\": 9", "\"attack_value\": \"hourglass\"");
    let e = &import_units_json(&bad, "zz.json").unwrap().rejected[0];
    assert_eq!(e.field.as_deref(), Some("dial[0].attack_value"));
    assert!(
        e.problem.contains("hourglass") && e.problem.contains("needs a number"),
        "{e}"
    );

    let e = import_units_json("{\"unit_id\": 1}", "x.json").unwrap_err();
    assert_eq!((e.file.as_str(), e.unit.as_deref()), ("x.json", None));
    assert!(import_units_json("not json", "x.json").is_err());
}

#[test]
fn a_missing_folder_is_an_error() {
    let e = import_dir("/nonexistent/hcunits").unwrap_err();
    assert!(e.to_string().contains("/nonexistent/hcunits"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn mutated_json_never_panics(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..6)
    ) {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for (at, op, b) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            match op {
                0 => { bytes.remove(i); }
                1 => bytes.insert(i, b),
                _ => bytes[i] = b,
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(r) = import_units_json(&text, "m.json") {
            for e in &r.rejected {
                let _ = e.to_string();
            }
        }
    }

    #[test]
    fn any_value_in_any_field_never_panics(
        field in proptest::sample::select(vec![
            "unit_id", "type", "name", "set_id", "collector_number", "point_values", "properties",
            "unit_range", "targets", "speed_type", "dimensions", "team_abilities", "keywords",
            "special_powers", "dial",
        ]),
        value in prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            "\\PC{0,12}".prop_map(serde_json::Value::from),
            Just(serde_json::json!([1, "x", null, {"a": 1}])),
            Just(serde_json::json!([{"click_number": "x"}])),
            Just(serde_json::json!({"a": []})),
        ],
        click_field in proptest::sample::select(vec![
            "click_number", "speed_value", "attack_power", "starting_line", "damage_value",
        ]),
        click_value in prop_oneof![
            Just(serde_json::Value::Null),
            any::<i64>().prop_map(serde_json::Value::from),
            "\\PC{0,6}".prop_map(serde_json::Value::from),
            Just(serde_json::json!([])),
        ],
    ) {
        let mut units: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
        units[0][field] = value;
        if let Some(click) = units[0].get_mut("dial").and_then(|d| d.get_mut(0)) {
            if click.is_object() {
                click[click_field] = click_value;
            }
        }
        let r = import_units_json(&units.to_string(), "v.json").unwrap();
        prop_assert_eq!(r.units, 2);
        prop_assert_eq!(r.figures.len() + r.skipped.len() + r.rejected.len(), 2);
        for f in &r.figures {
            prop_assert!(!f.dial.is_empty());
            prop_assert!(f.points.len() >= f.starting_lines().len());
        }
    }
}

/// Card text that only lets the character use standard powers runs as those powers; any
/// condition or further text keeps the whole power as text for the players.
#[test]
fn can_use_special_powers_run_as_standard_powers() {
    use skirmish_heroclix::card_effect::Change;
    use skirmish_heroclix::game::powers::Ability;
    let r = report();
    let (run, all) = r.special_powers_run();
    assert!(run > 500 && run < all, "{run} of {all}");
    let mut seen_plain = false;
    let mut seen_condition = false;
    for sp in r.figures.iter().flat_map(|f| &f.special_powers) {
        if sp.text == "Iron Man can use Charge and Running Shot." {
            assert_eq!(
                sp.effects.iter().map(|e| e.change).collect::<Vec<_>>(),
                [
                    Change::Uses {
                        ability: Ability::Power(Power::Charge)
                    },
                    Change::Uses {
                        ability: Ability::Power(Power::RunningShot)
                    }
                ]
            );
            assert!(sp.runs());
            seen_plain = true;
        }
        if sp.text.starts_with("When ") && sp.text.contains(" can use ") {
            assert!(!sp.runs(), "{}", sp.text);
            seen_condition = true;
        }
    }
    assert!(seen_plain && seen_condition);
}

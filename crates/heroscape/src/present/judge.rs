//! The judge's words, shared by the terminal and the page: hexes named as people read them,
//! what stands in a line of sight, why a figure may not end its move somewhere (both hexes of a
//! double-space figure), and the line of sight as a segment in space for the page to draw.
//! The terminal commands on battlefield files (`skirmish los`, `reach`, `map`) are in
//! [`super::terminal`].

use serde_json::{json, Value};
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_lang::Lang;

use crate::battlefield::{Battlefield, Ground, Level, Material, Obstacle};
use crate::body::{Base, Placement, Spot};
use crate::movement::{MovePath, Reach, Refusal, StopCause};
use crate::sight::trace::Trace;
use crate::sight::{Blocker, Sight};

use super::text::Grid;

/// How hexes are written for people: `col,row` from the battlefield's top-left hex, as the
/// page and `map show` number them, or the map files' axial `q,r`.
#[derive(Clone, Copy, Debug)]
pub struct Coords {
    grid: Grid,
    axial: bool,
}

impl Coords {
    /// The numbering of `field`; `axial` for the map files' `q,r`.
    pub fn of(field: &Battlefield, axial: bool) -> Coords {
        Coords {
            grid: Grid::of(field),
            axial,
        }
    }

    /// A hex as people read it.
    pub fn name(&self, hex: Hex) -> String {
        if self.axial {
            format!("{},{}", hex.q, hex.r)
        } else {
            self.grid.name(hex)
        }
    }

    /// The hex written `a,b`, if it is written so.
    pub fn parse(&self, text: &str) -> Option<Hex> {
        let (a, b) = text.split_once(',')?;
        let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        Some(if self.axial {
            Hex::new(a, b)
        } else {
            self.grid.hex([a, b])
        })
    }

    /// The page's `[col, row]` of a hex.
    pub fn cell(&self, hex: Hex) -> [i32; 2] {
        self.grid.cell(hex)
    }

    /// How hexes are written, for error messages.
    pub fn how(&self, lang: Lang) -> &'static str {
        match (self.axial, lang) {
            (false, Lang::En) => "col,row (as `skirmish map show` and the page number them)",
            (false, Lang::Fr) => {
                "colonne,rangée (comme `skirmish map show` et la page les numérotent)"
            }
            (true, Lang::En) => "q,r (axial, as the map files write them)",
            (true, Lang::Fr) => "q,r (axiales, comme les fichiers de carte les écrivent)",
        }
    }
}

/// A ground's name.
pub fn ground_word(g: Ground, lang: Lang) -> &'static str {
    let (en, fr) = match g {
        Ground::Grass => ("grass", "herbe"),
        Ground::Rock => ("rock", "roche"),
        Ground::Sand => ("sand", "sable"),
        Ground::Water => ("water", "eau"),
        Ground::Lava => ("molten lava", "lave en fusion"),
        Ground::LavaField => ("lava field", "champ de lave"),
        Ground::Ice => ("ice", "glace"),
        Ground::Snow => ("snow", "neige"),
        Ground::Swamp => ("swamp", "marais"),
        Ground::SwampWater => ("swamp water", "eau de marais"),
        Ground::Road => ("road", "route"),
        Ground::Concrete => ("concrete", "béton"),
        Ground::Asphalt => ("asphalt", "asphalte"),
        Ground::Dungeon => ("dungeon", "donjon"),
        Ground::Shadow => ("shadow", "ombre"),
        Ground::Glacier => ("glacier", "glacier"),
        Ground::Outcrop => ("outcrop", "affleurement"),
        Ground::Castle => ("castle", "château"),
        Ground::Hive => ("hive", "ruche"),
        Ground::Custom => ("land", "terrain"),
    };
    lang.pick(en, fr)
}

/// An obstacle with its article (*un arbre*, *une ruine*).
pub fn obstacle_word(o: Obstacle, lang: Lang) -> &'static str {
    let (en, fr) = match o {
        Obstacle::Tree => ("a tree", "un arbre"),
        Obstacle::Palm => ("a palm", "un palmier"),
        Obstacle::Brush => ("brush", "des broussailles"),
        Obstacle::Ruin => ("a ruin", "une ruine"),
        Obstacle::RoadWall => ("a road wall", "un muret"),
        Obstacle::Battlement => ("a battlement", "un créneau"),
        Obstacle::Flag => ("a flag", "un drapeau"),
        Obstacle::Ladder => ("a ladder", "une échelle"),
        Obstacle::Other => ("an obstacle", "un obstacle"),
    };
    lang.pick(en, fr)
}

/// What a hex is at its top, in a few words: `level 3, grass`, `a tree (1-13)`.
pub fn hex_words(field: &Battlefield, hex: Hex, lang: Lang) -> String {
    let Some(column) = field.column(hex) else {
        return lang.pick("no hex", "pas d'hexagone").into();
    };
    if let Some(s) = column.spans().last() {
        if let Material::Obstacle(o) = s.material {
            return format!("{} ({}-{})", obstacle_word(o, lang), s.bottom, s.top);
        }
    }
    match column.top_footing() {
        Some(f) => format!(
            "{} {}, {}",
            lang.pick("level", "niveau"),
            f.level,
            ground_word(f.ground, lang)
        ),
        None => format!("{} {}", lang.pick("level", "niveau"), column.top()),
    }
}

/// What hides (part of) a hit zone, in words; `name` names figures.
pub fn blocker_words(
    b: &Blocker,
    coords: &Coords,
    name: &dyn Fn(FigureId) -> String,
    lang: Lang,
) -> String {
    match *b {
        Blocker::Terrain {
            hex,
            bottom,
            top,
            material,
            ..
        } => match (material, lang) {
            (Material::Obstacle(o), Lang::En) => format!(
                "{} on {} (levels {bottom} to {top})",
                obstacle_word(o, lang),
                coords.name(hex)
            ),
            (Material::Obstacle(o), Lang::Fr) => format!(
                "{} en {} (niveaux {bottom} à {top})",
                obstacle_word(o, lang),
                coords.name(hex)
            ),
            (Material::Solid(g) | Material::Liquid(g), Lang::En) => format!(
                "the terrain of {} ({}, levels {bottom} to {top})",
                coords.name(hex),
                ground_word(g, lang)
            ),
            (Material::Solid(g) | Material::Liquid(g), Lang::Fr) => format!(
                "le terrain de {} ({}, niveaux {bottom} à {top})",
                coords.name(hex),
                ground_word(g, lang)
            ),
        },
        Blocker::Wall {
            hex,
            side,
            bottom,
            top,
            ..
        } => {
            let other = coords.name(hex.neighbour(side));
            match lang {
                Lang::En => format!(
                    "a wall on the edge between {} and {other} (levels {bottom} to {top})",
                    coords.name(hex)
                ),
                Lang::Fr => format!(
                    "un mur sur le bord entre {} et {other} (niveaux {bottom} à {top})",
                    coords.name(hex)
                ),
            }
        }
        Blocker::Figure { id, hex, .. } => match lang {
            Lang::En => format!("{} on {}", name(id), coords.name(hex)),
            Lang::Fr => format!("{} en {}", name(id), coords.name(hex)),
        },
    }
}

/// A height in levels for people: one decimal.
pub fn levels(z: f64) -> String {
    format!("{z:.1}")
}

/// Why a figure may not end its move at a place, in words naming the hexes.
pub fn refusal_words(
    why: Refusal,
    coords: &Coords,
    name: &dyn Fn(FigureId) -> String,
    lang: Lang,
) -> String {
    let c = |h: Hex| coords.name(h);
    match (why, lang) {
        (Refusal::OffBattlefield { hex }, Lang::En) => format!("{} is not on the battlefield", c(hex)),
        (Refusal::OffBattlefield { hex }, Lang::Fr) => format!("{} n'est pas sur le champ de bataille", c(hex)),
        (Refusal::NoGround { hex, level }, Lang::En) => format!(
            "nothing to stand on at level {level} on {} (an obstacle fills the hex, or no surface there)",
            c(hex)
        ),
        (Refusal::NoGround { hex, level }, Lang::Fr) => format!(
            "rien où se tenir au niveau {level} en {} (un obstacle occupe l'hexagone, ou pas de surface là)",
            c(hex)
        ),
        (Refusal::NoRoom { hex, level, headroom, height }, Lang::En) => format!(
            "no room under the overhang on {} at level {level}: {headroom} level(s) free, the figure is {height} tall",
            c(hex)
        ),
        (Refusal::NoRoom { hex, level, headroom, height }, Lang::Fr) => format!(
            "pas de place sous le surplomb en {} au niveau {level} : {headroom} niveau(x) libre(s), la figurine a une taille de {height}",
            c(hex)
        ),
        (Refusal::Occupied { hex, figure }, Lang::En) => format!("{} stands on {}", name(figure), c(hex)),
        (Refusal::Occupied { hex, figure }, Lang::Fr) => format!("{} se trouve en {}", name(figure), c(hex)),
        (Refusal::NotNeighbours { head, tail }, Lang::En) => format!(
            "{} and {} are not neighbours: a double-space figure covers two neighbouring hexes",
            c(head),
            c(tail)
        ),
        (Refusal::NotNeighbours { head, tail }, Lang::Fr) => format!(
            "{} et {} ne sont pas voisins : une figurine à double base occupe deux hexagones voisins",
            c(head),
            c(tail)
        ),
        (Refusal::Unlevel { head, tail }, Lang::En) => format!(
            "its two hexes would be at levels {head} and {tail}: a double-space figure ends its move with both hexes at one level"
        ),
        (Refusal::Unlevel { head, tail }, Lang::Fr) => format!(
            "ses deux hexagones seraient aux niveaux {head} et {tail} : la fin du mouvement d'une figurine à double base doit toujours se faire au même niveau"
        ),
        (Refusal::TooFar { needed, allowance }, Lang::En) => format!(
            "too far: the cheapest way costs {needed}, move {allowance} (each level climbed costs one more)"
        ),
        (Refusal::TooFar { needed, allowance }, Lang::Fr) => format!(
            "trop loin : le chemin le moins cher coûte {needed}, déplacement {allowance} (chaque niveau monté coûte une case de plus)"
        ),
        (Refusal::StopsOnTheWay { at, cause }, _) => {
            let what = match (cause, lang) {
                (StopCause::Water, Lang::En) => "enters water",
                (StopCause::Water, Lang::Fr) => "entre dans l'eau",
                (StopCause::Glyph, Lang::En) => "stops on a glyph",
                (StopCause::Glyph, Lang::Fr) => "s'arrête sur un glyphe",
                (StopCause::Lava, Lang::En) => "enters molten lava",
                (StopCause::Lava, Lang::Fr) => "entre dans la lave en fusion",
                (StopCause::Held, Lang::En) => "is held by a Cyberclaw",
                (StopCause::Held, Lang::Fr) => "est retenue par un Cyberclaw",
                (StopCause::Caught, Lang::En) => "enters the reach of an enemy's Swirling Vortex",
                (StopCause::Caught, Lang::Fr) => "entre à portée du Swirling Vortex d'un adversaire",
            };
            match lang {
                Lang::En => format!(
                    "every way there {what} first, on {} (level {}), which ends the move",
                    c(at.hex),
                    at.level
                ),
                Lang::Fr => format!(
                    "tout chemin {what} d'abord, en {} (niveau {}), ce qui arrête le déplacement",
                    c(at.hex),
                    at.level
                ),
            }
        }
        (Refusal::ClimbTooHigh { from, to, levels, limit, height }, Lang::En) => format!(
            "every way there climbs higher than the figure may in one step: from {} (level {}) to {} (level {}) is {levels} levels, at most {limit} for height {height}",
            c(from.hex),
            from.level,
            c(to.hex),
            to.level
        ),
        (Refusal::ClimbTooHigh { from, to, levels, limit, height }, Lang::Fr) => format!(
            "tout chemin monte plus haut que la figurine ne le peut d'un pas : de {} (niveau {}) à {} (niveau {}), {levels} niveaux, au plus {limit} pour une taille de {height}",
            c(from.hex),
            from.level,
            c(to.hex),
            to.level
        ),
        (Refusal::BlockedBy { hex, figure }, Lang::En) => format!(
            "{} on {} is in the way (enemies and engaged friends cannot be passed)",
            name(figure),
            c(hex)
        ),
        (Refusal::BlockedBy { hex, figure }, Lang::Fr) => format!(
            "{} en {} barre le chemin (on ne traverse ni un ennemi ni un ami engagé)",
            name(figure),
            c(hex)
        ),
        (Refusal::WrongBase { base: Base::Double }, _) => lang
            .pick(
                "a double-space figure stands on two neighbouring hexes: give both",
                "une figurine à double base occupe deux hexagones voisins : donnez les deux",
            )
            .into(),
        (Refusal::WrongBase { base: Base::Single }, _) => lang
            .pick(
                "a one-hex figure stands on one hex",
                "une figurine à base simple occupe un seul hexagone",
            )
            .into(),
        (Refusal::NoWay, _) => lang
            .pick(
                "no way leads there (walled in, or every passage too low for the figure)",
                "aucun chemin n'y mène (fermé de toutes parts, ou tout passage trop bas pour la figurine)",
            )
            .into(),
        (Refusal::NotOnBattlefield, _) => lang
            .pick(
                "the figure is not standing on the battlefield where it is said to",
                "la figurine ne se tient pas sur le champ de bataille là où on le dit",
            )
            .into(),
    }
}

/// How close a refusal comes to a move, to pick the one to explain first: a place too far by
/// little before one walled in.
fn rank(why: &Refusal) -> (u8, u16) {
    match why {
        Refusal::TooFar { needed, .. } => (0, *needed),
        Refusal::StopsOnTheWay { .. } => (1, 0),
        Refusal::ClimbTooHigh { .. } => (2, 0),
        Refusal::BlockedBy { .. } => (3, 0),
        Refusal::NoRoom { .. } => (4, 0),
        Refusal::Unlevel { .. } => (5, 0),
        Refusal::Occupied { .. } => (6, 0),
        Refusal::NoGround { .. } => (7, 0),
        Refusal::NoWay => (8, 0),
        _ => (9, 0),
    }
}

/// The level a figure would stand at on `hex`: `level` if it may stand there, else the top.
fn footing_level(field: &Battlefield, hex: Hex, level: Option<Level>) -> Level {
    let Some(column) = field.column(hex) else {
        return level.unwrap_or(0);
    };
    match level {
        Some(l) if column.footings().any(|f| f.level == l) => l,
        _ => column.top_footing().map_or(column.top(), |f| f.level),
    }
}

/// Whether the mover of `reach` may end its move with its (lead) hex on `hex` — for a
/// double-space figure, with its other hex on any neighbour, at `level` (default: the top
/// footing). The cheapest path when it may; otherwise every placement tried with its
/// refusal, the closest to a move first.
pub fn end_on(
    reach: &Reach<'_>,
    field: &Battlefield,
    hex: Hex,
    tail: Option<Hex>,
    level: Option<Level>,
) -> Result<MovePath, Vec<(Placement, Refusal)>> {
    let body = reach.query().mover.body;
    let head = footing_level(field, hex, level);
    let tails: Vec<Hex> = match (body.base, tail) {
        (Base::Single, _) => Vec::new(),
        (Base::Double, Some(t)) => vec![t],
        (Base::Double, None) => hex.neighbours().to_vec(),
    };
    let places: Vec<Placement> = if tails.is_empty() {
        vec![Placement::single(hex, head)]
    } else {
        tails
            .iter()
            .filter(|t| field.column(**t).is_some() || tail.is_some())
            .map(|&t| Placement {
                head: Spot::new(hex, head),
                tail: Some(Spot::new(t, footing_level(field, t, Some(head)))),
            })
            .collect()
    };
    let mut refused = Vec::new();
    let mut best: Option<MovePath> = None;
    for p in places {
        match reach.explain(&p) {
            Ok(path) => {
                if best.as_ref().is_none_or(|b| path.cost() < b.cost()) {
                    best = Some(path);
                }
            }
            Err(why) => refused.push((p, why)),
        }
    }
    if let Some(path) = best {
        return Ok(path);
    }
    if refused.is_empty() {
        refused.push((
            Placement::single(hex, head),
            Refusal::OffBattlefield { hex },
        ));
    }
    refused.sort_by_key(|(_, why)| rank(why));
    Err(refused)
}

/// The refusals of [`end_on`] in words: the closest first, naming both hexes of a double-space
/// figure; the others after it, one line each.
pub fn refusals_words(
    refused: &[(Placement, Refusal)],
    coords: &Coords,
    name: &dyn Fn(FigureId) -> String,
    lang: Lang,
) -> Vec<String> {
    refused
        .iter()
        .map(|(p, why)| {
            let why = refusal_words(*why, coords, name, lang);
            match (p.tail, lang) {
                (Some(t), Lang::En) => format!(
                    "on {} with its other hex on {}: {why}",
                    coords.name(p.head.hex),
                    coords.name(t.hex)
                ),
                (Some(t), Lang::Fr) => format!(
                    "en {} avec son autre hexagone en {} : {why}",
                    coords.name(p.head.hex),
                    coords.name(t.hex)
                ),
                (None, _) => why,
            }
        })
        .collect()
}

/// The line of sight as the page draws it: the segment's two ends with their heights, the
/// hexes crossed with the segment's height over each and the level at their top, where it is
/// first stopped and by what, and everything that hides part of the hit zone.
pub fn line_json(
    field: &Battlefield,
    sight: &Sight,
    trace: &Trace,
    coords: &Coords,
    name: &dyn Fn(FigureId) -> String,
    lang: Lang,
) -> Value {
    let crossed: Vec<Value> = trace
        .crossings
        .iter()
        .map(|c| {
            json!({
                "at": coords.cell(c.hex), "name": coords.name(c.hex),
                "span": [round(c.span[0]), round(c.span[1])],
                "enter": round(c.enter), "leave": round(c.leave),
                "ground": c.ground, "top": c.top,
                "what": hex_words(field, c.hex, lang),
            })
        })
        .collect();
    let stop = trace.stop.map(|s| {
        json!({
            "at": coords.cell(s.hex), "name": coords.name(s.hex),
            "fraction": round(s.at), "z": round(s.z), "levels": [round(s.levels[0]), round(s.levels[1])],
            "kind": match s.blocker { Blocker::Terrain { .. } => "terrain", Blocker::Wall { .. } => "wall", Blocker::Figure { .. } => "figure" },
            "what": blocker_words(&s.blocker, coords, name, lang),
        })
    });
    let hides: Vec<Value> = sight
        .blockers
        .iter()
        .map(|b| {
            let [lo, hi] = b.hides();
            json!({ "what": blocker_words(b, coords, name, lang), "hides": [round(lo), round(hi)] })
        })
        .collect();
    json!({
        "from": { "at": coords.cell(trace.from.hex), "name": coords.name(trace.from.hex), "z": round(trace.from.z) },
        "to": { "at": coords.cell(trace.to.hex), "name": coords.name(trace.to.hex), "z": round(trace.to.z) },
        "hit_zone": [round(trace.hit_zone[0]), round(trace.hit_zone[1])],
        "clear": sight.clear,
        "crossed": crossed,
        "stop": stop,
        "hides": hides,
        "text": line_words(sight, trace, coords, name, lang),
    })
}

fn round(z: f64) -> f64 {
    (z * 1000.0).round() / 1000.0
}

/// The verdict on a traced line in one sentence: where it goes, and where and by what it is
/// stopped.
pub fn line_words(
    sight: &Sight,
    trace: &Trace,
    coords: &Coords,
    name: &dyn Fn(FigureId) -> String,
    lang: Lang,
) -> String {
    let (from, to) = (coords.name(trace.from.hex), coords.name(trace.to.hex));
    // French writes a decimal comma: *hauteur 3,5*.
    let levels = |z: f64| match lang {
        Lang::En => levels(z),
        Lang::Fr => levels(z).replace('.', ","),
    };
    let (zf, zt) = (levels(trace.from.z), levels(trace.to.z));
    match (&trace.stop, sight.clear, lang) {
        (_, true, Lang::En) => format!(
            "clear: from the target point on {from} (height {zf}) the hit zone on {to} is seen at height {zt}"
        ),
        (_, true, Lang::Fr) => format!(
            "dégagée : du point de visée en {from} (hauteur {zf}) on voit la zone de frappe en {to} à la hauteur {zt}"
        ),
        (Some(s), false, Lang::En) => format!(
            "blocked: the line from {from} (height {zf}) to {to} (height {zt}) is stopped on {} at height {} by {}",
            coords.name(s.hex),
            levels(s.z),
            blocker_words(&s.blocker, coords, name, lang)
        ),
        (Some(s), false, Lang::Fr) => format!(
            "bloquée : la ligne de {from} (hauteur {zf}) à {to} (hauteur {zt}) est arrêtée en {} à la hauteur {} par {}",
            coords.name(s.hex),
            levels(s.z),
            blocker_words(&s.blocker, coords, name, lang)
        ),
        (None, false, _) => lang
            .pick(
                "blocked: every line to the hit zone is stopped",
                "bloquée : toute ligne vers la zone de frappe est arrêtée",
            )
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::file::samples;

    #[test]
    fn hexes_are_named_as_the_page_names_them_or_as_the_map_files() {
        let field = samples()[0].battlefield().unwrap();
        let page = Coords::of(&field, false);
        let axial = Coords::of(&field, true);
        let (hex, _) = field.columns().nth(7).unwrap();
        let name = page.name(hex);
        assert_eq!(page.parse(&name), Some(hex));
        assert_eq!(name, format!("{},{}", page.cell(hex)[0], page.cell(hex)[1]));
        assert_eq!(axial.name(hex), format!("{},{}", hex.q, hex.r));
        assert_eq!(axial.parse(&axial.name(hex)), Some(hex));
        assert_eq!(page.parse("x,1"), None);
    }

    #[test]
    fn refusals_name_their_hexes_in_both_languages() {
        let field = samples()[0].battlefield().unwrap();
        let c = Coords::of(&field, false);
        let (h, _) = field.columns().next().unwrap();
        let name = |id: FigureId| format!("figure {}", id.0);
        let why = Refusal::ClimbTooHigh {
            from: Spot::new(h, 1),
            to: Spot::new(h.neighbour(skirmish_board::hex::HexDir::E), 7),
            levels: 6,
            height: 5,
            limit: 5,
        };
        let en = refusal_words(why, &c, &name, Lang::En);
        assert!(en.contains(&c.name(h)) && en.contains("6 levels"), "{en}");
        let fr = refusal_words(why, &c, &name, Lang::Fr);
        assert!(
            fr.contains("taille de 5") && fr.contains("niveau 7"),
            "{fr}"
        );
    }
}

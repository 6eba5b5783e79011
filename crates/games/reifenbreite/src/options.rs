//! Options and the rules they switch on.

use crate::course::Course;
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use serde_json::Value;
use spieltisch_core::{Choice, OptionDefault, OptionKind, OptionValue, OptionsError, Text};

/// The rules level (parts I–III of the rulebook).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Basic,
    Advanced,
    Pro,
}

/// The rules edition of today's records (see [`Options::edition`]).
pub const EDITION: u8 = 2;

fn current_edition() -> u8 {
    EDITION
}

fn is_current_edition(edition: &u8) -> bool {
    *edition == EDITION
}

/// When a new sprint winner's claim to the yellow jersey is judged (15.1:
/// "so berechnet der Rennleiter, welcher Fahrer jetzt die meisten Punkte
/// hat"; docs/rules/reifenbreite.md#when-the-jersey-changes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum JerseyJudged {
    /// The moment he crosses the line, counting the sprint points scored up
    /// to then (the literal "jetzt").
    #[default]
    AtCrossing,
    /// At the end of the round in which he crossed, counting the sprint
    /// points scored by then.
    RoundEnd,
}

spieltisch_core::options! {
    /// The options of a race (see the table in the crate documentation).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        pub teams: u8 = 4 => {
            kind: OptionKind::Int { min: 2, max: 4 },
            label: Text::new("Teams", "Teams"),
            help: Text::new("number of teams of four riders", "Anzahl der Teams zu je vier Fahrern"),
        },
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub seats: Option<u8> = None => {
            kind: OptionKind::Int { min: 2, max: 4 },
            label: Text::new("Managers", "Teamchefs"),
            help: Text::new(
                "number of managers, from 2 to the number of teams; the teams are dealt to them in turn \
                 (with 2 managers for 4 teams, the first manager has teams 2x and 4x, the second 3x and 5x); \
                 not given: one manager per team",
                "Anzahl der Teamchefs, von 2 bis zur Anzahl der Teams; die Teams werden reihum verteilt \
                 (bei 2 Teamchefs für 4 Teams hat der erste die Teams 2x und 4x, der zweite 3x und 5x); \
                 ohne Angabe: ein Teamchef je Team",
            ),
            default: OptionDefault::Follows("teams"),
        },
        /// The course of a single race, as content. Given as a built-in
        /// course's name, it reads as that course; a course file is read by the
        /// front end first ([`crate::course::read_course_file`]).
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "course_given")]
        pub course: Option<Course> = None => {
            kind: OptionKind::ChoiceOrFile { choices: COURSES },
            label: Text::new("Course", "Strecke"),
            help: Text::new(
                "a printed course or a course file; automatic: Paris–Roubaix, unless a stage race is given \
                 (a course may not be given with one)",
                "eine gedruckte Strecke oder eine Streckendatei; automatisch: Paris–Roubaix, außer bei einem \
                 Etappenrennen (zu dem keine Strecke angegeben werden darf)",
            ),
            default: OptionDefault::Auto,
        },
        pub rules: Level = Level::Basic => {
            kind: OptionKind::Choice { choices: LEVELS },
            label: Text::new("Rules", "Regeln"),
            help: Text::new(
                "how much of the rulebook is played: basic, advanced or professional rules",
                "wie viel der Spielregel gespielt wird: Grundspiel, fortgeschrittene oder Profi-Regeln",
            ),
        },
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub sprints: Option<bool> = None => {
            kind: OptionKind::Bool,
            label: Text::new("Sprints", "Sprintwertungen"),
            help: Text::new(
                "sprints with points (section 15); automatic: on with the professional rules",
                "Sprints mit Punkten (Abschnitt 15); automatisch: an bei den Profi-Regeln",
            ),
            default: OptionDefault::Auto,
        },
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub jersey: Option<bool> = None => {
            kind: OptionKind::Bool,
            label: Text::new("Yellow jersey", "Gelbes Trikot"),
            help: Text::new(
                "the yellow jersey (15.1), which needs the sprints; automatic: on with the professional \
                 rules, unless the sprints are off",
                "das Gelbe Trikot (15.1), das die Sprints braucht; automatisch: an bei den Profi-Regeln, außer \
                 ohne Sprints",
            ),
            default: OptionDefault::Auto,
        },
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub chase_car: Option<bool> = None => {
            kind: OptionKind::Bool,
            label: Text::new("Team car", "Begleitfahrzeug"),
            help: Text::new(
                "hitching a tow from the team car, with photo cards (14); automatic: on with the \
                 professional rules",
                "Mitziehen am Begleitfahrzeug, mit Foto-Karten (14); automatisch: an bei den Profi-Regeln",
            ),
            default: OptionDefault::Auto,
        },
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub lead_exchange: Option<bool> = None => {
            kind: OptionKind::Bool,
            label: Text::new("Lead exchange", "Führungswechsel"),
            help: Text::new(
                "taking turns in the lead (16); automatic: on with the professional rules",
                "Abwechseln in der Führungsarbeit (16); automatisch: an bei den Profi-Regeln",
            ),
            default: OptionDefault::Auto,
        },
        /// Not given: [`JerseyJudged::AtCrossing`] (as records written before
        /// the option existed were played).
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub jersey_judged: Option<JerseyJudged> = None => {
            kind: OptionKind::Choice { choices: JUDGED },
            label: Text::new("When the jersey changes", "Wann das Trikot wechselt"),
            help: Text::new(
                "when a new sprint winner's claim to the yellow jersey is judged (15.1); needs the jersey; \
                 automatic: when he crosses the line, as every race before this option",
                "wann geprüft wird, ob der neue Sprintsieger das Gelbe Trikot erhält (15.1); braucht das \
                 Trikot; automatisch: beim Überqueren der Linie, wie jedes Rennen vor dieser Option",
            ),
            default: OptionDefault::Auto,
            listed_after: jersey,
        },
        /// The courses of a stage race, as content: given as a list (or a
        /// comma-separated text) of built-in courses' names or courses.
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "stages_given")]
        pub stages: Option<Vec<Course>> = None => {
            kind: OptionKind::ChoiceOrFileList { choices: COURSES, max: MAX_STAGES },
            label: Text::new("Stage race", "Etappenrennen"),
            help: Text::new(
                "a stage race over these courses, comma-separated, at most 21 stages as in the Tour de \
                 France (17); not given: a single race",
                "ein Etappenrennen über diese Strecken, durch Kommas getrennt, höchstens 21 Etappen wie bei \
                 der Tour de France (17); ohne Angabe: ein einzelnes Rennen",
            ),
            default: OptionDefault::Off,
        },
        /// The reading of the rules a record was played under, which only
        /// records carry (`DeclaredOptions::RECORD_KEYS`), never people: 1 for records
        /// written before 2026-11 (record format 1: energy row 2 a copy of row
        /// 1, tows shortened and lengthened by the road surface), [`EDITION`]
        /// today. Left out when it is today's, so new records do not carry it.
        #[serde(default = "current_edition", skip_serializing_if = "is_current_edition")]
        pub edition: u8 = EDITION => {
            record_only,
            kind: OptionKind::Int { min: 1, max: EDITION as i64 },
            label: Text::new("Rules edition", "Ausgabe"),
        },
    }
}

/// Checked by their types: every value is a level, a moment.
impl OptionValue for Level {}
impl OptionValue for JerseyJudged {}

/// Checked when it is read ([`crate::course::read_course_file`], `course_given`).
impl OptionValue for Course {}

/// The rules in force, resolved from the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rules {
    /// Part II: surfaces count.
    pub surfaces: bool,
    pub sprints: bool,
    pub jersey: bool,
    pub chase_car: bool,
    pub lead_exchange: bool,
    /// When a change of the yellow jersey is judged.
    #[serde(default)]
    pub jersey_judged: JerseyJudged,
    /// The rules edition ([`Options::edition`]).
    pub edition: u8,
}

impl Options {
    /// The resolved rules, or why the combination is invalid.
    pub fn resolve(&self) -> Result<Rules, OptionsError> {
        self.check_ranges()?;
        let pro = self.rules == Level::Pro;
        let sprints = self.sprints.unwrap_or(pro);
        let rules = Rules {
            surfaces: self.rules != Level::Basic,
            sprints,
            // The jersey goes by sprint points (15.1): without sprints it
            // is off unless asked for (and then refused below).
            jersey: self.jersey.unwrap_or(pro && sprints),
            chase_car: self.chase_car.unwrap_or(pro),
            lead_exchange: self.lead_exchange.unwrap_or(pro),
            jersey_judged: self.jersey_judged.unwrap_or_default(),
            edition: self.edition,
        };
        let seats = self.seats();
        if seats > self.teams {
            return Err(OptionsError::rule(
                format!(
                    "seats (managers) must be from 2 to the number of teams ({}), not {seats}",
                    self.teams
                ),
                format!("Teamchefs: von 2 bis zur Zahl der Teams ({}), nicht {seats}", self.teams),
            ));
        }
        if rules.jersey && !rules.sprints {
            return Err(OptionsError::rule(
                "the yellow jersey (jersey) needs sprints (sprints=true)",
                "Das Gelbe Trikot braucht die Sprintwertungen",
            ));
        }
        if self.jersey_judged == Some(JerseyJudged::RoundEnd) && !rules.jersey {
            return Err(OptionsError::rule(
                "jersey_judged=round_end judges the yellow jersey, which is off (jersey=true, or rules=pro)",
                "Die Trikotwertung am Rundenende braucht das Gelbe Trikot, das aus ist",
            ));
        }
        if self.course.is_some() && self.stages.is_some() {
            return Err(OptionsError::rule(
                "give either course or stages, not both",
                "Entweder eine Strecke oder Etappen, nicht beides",
            ));
        }
        Ok(rules)
    }

    pub fn seats(&self) -> u8 {
        self.seats.unwrap_or(self.teams)
    }

    /// The courses ridden, in order (one unless `stages` is given;
    /// Paris–Roubaix unless a course is given).
    pub fn courses(&self) -> Vec<Course> {
        match (&self.stages, &self.course) {
            (Some(stages), _) => stages.clone(),
            (None, Some(course)) => vec![course.clone()],
            (None, None) => Course::built_in(DEFAULT_COURSE).into_iter().collect(),
        }
    }
}

/// The course of a single race when none is given (13.2: the shortest).
pub const DEFAULT_COURSE: &str = "paris-roubaix";

/// The most stages a stage race may have: 21, as many as the Tour de France
/// rides (our decision; the rulebook sets no number). Each stage is a whole
/// race of some 2,700 actions, so the list is bounded like every other size.
pub const MAX_STAGES: usize = 21;

/// One course as options give it: a built-in course's name, or a course.
fn course_of(value: Value) -> Result<Course, String> {
    match value {
        Value::String(name) => Course::built_in(name.trim()).ok_or_else(|| {
            let names: Vec<&str> = COURSES.iter().map(|c| c.value).collect();
            format!(
                "'{name}' is no printed course ({}); a course file is read by the program you play with, \
                 not by the rules",
                names.join(", ")
            )
        }),
        other => serde_json::from_value(other).map_err(|e| format!("not a course: {e}")),
    }
}

fn course_given<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Course>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        value => course_of(value).map(Some).map_err(D::Error::custom),
    }
}

fn stages_given<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Course>>, D::Error> {
    let items: Vec<Value> = match Value::deserialize(d)? {
        Value::Null => return Ok(None),
        Value::String(list) => list.split(',').map(|name| Value::from(name.trim())).collect(),
        Value::Array(items) => items,
        _ => return Err(D::Error::custom("stages: a list of courses")),
    };
    if items.is_empty() {
        return Err(D::Error::custom("stages: a stage race has at least one course"));
    }
    items.into_iter().map(course_of).collect::<Result<Vec<_>, _>>().map(Some).map_err(D::Error::custom)
}

/// The name of a printed course in both languages, by its key.
pub(crate) fn course_title(key: &str) -> Option<Text> {
    COURSES.iter().find(|c| c.value == key).map(|c| c.label)
}

/// The four printed courses of 13.2, on our board (docs/rules/reifenbreite.md#board).
const COURSES: &[Choice] = &[
    Choice::new(
        "paris-roubaix",
        Text::new("Paris–Roubaix", "Paris–Roubaix"),
        Text::new(
            "a short classic: cobblestones, then asphalt to the finish; one sprint, one row of energy cards",
            "ein kurzer Klassiker: Kopfsteinpflaster, dann Asphalt bis ins Ziel; ein Sprint, eine Reihe \
             Energiekarten",
        ),
    ),
    Choice::new(
        "luettich",
        Text::new("Liège–Bastogne–Liège", "Lüttich–Bastenaken–Lüttich"),
        Text::new(
            "a short classic: a climb and a descent, then the mountains; one sprint, one row of energy cards",
            "ein kurzer Klassiker: ein Anstieg und eine Abfahrt, dann die Berge; ein Sprint, eine Reihe \
             Energiekarten",
        ),
    ),
    Choice::new(
        "giro",
        Text::new("Giro d'Italia", "Giro d'Italia"),
        Text::new(
            "a long stage: cobblestones, asphalt, a climb and the mountains; three sprints, both rows of \
             energy cards",
            "eine lange Etappe: Kopfsteinpflaster, Asphalt, ein Anstieg und die Berge; drei Sprints, beide \
             Reihen Energiekarten",
        ),
    ),
    Choice::new(
        "tour",
        Text::new("Tour de France", "Tour de France"),
        Text::new(
            "a long stage: a climb, the mountains, cobblestones and the mountains again; three sprints, \
             both rows of energy cards",
            "eine lange Etappe: ein Anstieg, die Berge, Kopfsteinpflaster und nochmals die Berge; drei \
             Sprints, beide Reihen Energiekarten",
        ),
    ),
];

/// The rules levels ([`Level`]), parts I–III of the rulebook.
const LEVELS: &[Choice] = &[
    Choice::new(
        "basic",
        Text::new("Basic", "Grundspiel"),
        Text::new(
            "part I: dice, slipstream, energy and chance cards; road surfaces do not count",
            "Teil I: Würfel, Windschatten, Energie- und Chancen-Karten; der Straßenbelag zählt nicht",
        ),
    ),
    Choice::new(
        "advanced",
        Text::new("Advanced", "Fortgeschritten"),
        Text::new(
            "part II: road surfaces count (climbs, descents, cobblestones)",
            "Teil II: der Straßenbelag zählt (Anstiege, Abfahrten, Kopfsteinpflaster)",
        ),
    ),
    Choice::new(
        "pro",
        Text::new("Professional", "Profi"),
        Text::new(
            "part III: road surfaces, and sprints, the yellow jersey, the team car and the lead exchange \
             unless switched off",
            "Teil III: Straßenbelag, dazu Sprints, Gelbes Trikot, Begleitfahrzeug und Führungswechsel, \
             sofern nicht abgeschaltet",
        ),
    ),
];

/// When a change of the jersey is judged ([`JerseyJudged`]).
const JUDGED: &[Choice] = &[
    Choice::new(
        "at_crossing",
        Text::new("When he crosses the line", "Beim Überqueren der Linie"),
        Text::new(
            "the moment the new sprint winner crosses, counting the sprint points scored up to then",
            "sobald der neue Sprintsieger die Linie überquert, mit den bis dahin erzielten Sprintpunkten",
        ),
    ),
    Choice::new(
        "round_end",
        Text::new("At the end of the round", "Am Ende der Runde"),
        Text::new(
            "at the end of the round in which he crossed, counting every sprint point scored by then",
            "am Ende der Runde, in der er die Linie überquert, mit allen bis dahin erzielten Sprintpunkten",
        ),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reifenbreite;
    use spieltisch_core::options::{options_from_json, options_from_pairs};

    /// Each professional rule can be switched off on its own (13.1); the
    /// jersey, which goes by sprint points, follows the sprints.
    #[test]
    fn professional_rules_switch_off_one_by_one() {
        for key in ["sprints", "jersey", "chase_car", "lead_exchange"] {
            let o = options_from_pairs::<Reifenbreite>(&["rules=pro".to_string(), format!("{key}=false")])
                .unwrap_or_else(|e| panic!("{key}=false: {e}"));
            let rules = o.resolve().unwrap_or_else(|e| panic!("{key}=false: {e}"));
            let on = [rules.sprints, rules.jersey, rules.chase_car, rules.lead_exchange];
            let off: Vec<bool> = on.iter().map(|b| !b).collect();
            let expected_off = match key {
                "sprints" => vec![true, true, false, false],
                "jersey" => vec![false, true, false, false],
                "chase_car" => vec![false, false, true, false],
                _ => vec![false, false, false, true],
            };
            assert_eq!(off, expected_off, "{key}=false");
        }
        let both = options_from_pairs::<Reifenbreite>(&["rules=pro", "sprints=false", "jersey=true"]);
        assert!(both.unwrap().resolve().unwrap_err().to_string().contains("jersey"));
    }

    /// 15.1 "jetzt" as the moment the new winner crosses, or as the end of
    /// that round (docs/rules/reifenbreite.md#when-the-jersey-changes): a choice
    /// of the jersey rule, at the crossing unless given.
    #[test]
    fn jersey_judged_is_a_choice_of_the_jersey_rule() {
        let judged = |pairs: &[&str]| options_from_pairs::<Reifenbreite>(pairs).and_then(|o| o.resolve());
        assert_eq!(judged(&["rules=pro"]).unwrap().jersey_judged, JerseyJudged::AtCrossing);
        assert_eq!(
            judged(&["rules=pro", "jersey_judged=round_end"]).unwrap().jersey_judged,
            JerseyJudged::RoundEnd
        );
        let at = options_from_pairs::<Reifenbreite>(&["rules=pro", "jersey_judged=at_crossing"]).unwrap();
        assert_eq!(at.jersey_judged, Some(JerseyJudged::AtCrossing), "a default that is a value stays one");
        assert!(options_from_pairs::<Reifenbreite>(&["jersey_judged=later"]).is_err());
        // Without the jersey there is nothing to judge at the round's end.
        for pairs in
            [&["jersey_judged=round_end"][..], &["rules=pro", "jersey=false", "jersey_judged=round_end"]]
        {
            assert!(judged(pairs).unwrap_err().to_string().contains("jersey_judged"), "{pairs:?}");
        }
        assert_eq!(judged(&["jersey_judged=at_crossing"]).unwrap().jersey_judged, JerseyJudged::AtCrossing);
        // Written only when given, so records without it read as before.
        let json = spieltisch_core::options::options_to_json::<Reifenbreite>(
            &options_from_pairs::<Reifenbreite>(&["rules=pro", "jersey_judged=round_end"]).unwrap(),
        );
        assert_eq!(json, serde_json::json!({"teams": 4, "rules": "pro", "jersey_judged": "round_end"}));
        assert_eq!(
            options_from_json::<Reifenbreite>(&json).unwrap().jersey_judged,
            Some(JerseyJudged::RoundEnd)
        );
        let spec = Options::specs().into_iter().find(|s| s.key == "jersey_judged").unwrap();
        assert!(spec.help.en.contains("15.1") && spec.help.de.contains("Gelbe Trikot"));
    }

    /// The rules edition is the record's, never people's
    /// (docs/rules/reifenbreite.md#energy-cards and
    /// docs/rules/reifenbreite.md#tows: records written before those readings
    /// keep theirs): `options_from_pairs` and `options_from_json` refuse the
    /// key, whatever its value; a record's options take it, and today's
    /// options do not write it.
    #[test]
    fn people_cannot_set_the_edition() {
        use spieltisch_core::options::{options_from_record_json, options_to_json};
        for value in ["1", "2"] {
            let err = options_from_pairs::<Reifenbreite>(&[format!("edition={value}")]).unwrap_err();
            assert!(matches!(err, OptionsError::Unknown { ref key, .. } if key == "edition"), "{err}");
        }
        for value in [serde_json::json!(1), serde_json::json!(2)] {
            let json = serde_json::json!({"rules": "pro", "edition": value});
            assert!(options_from_json::<Reifenbreite>(&json).is_err(), "{json}");
        }
        let old = options_from_record_json::<Reifenbreite>(&serde_json::json!({"edition": 1})).unwrap();
        assert_eq!(old.edition, 1);
        assert_eq!(old.resolve().unwrap().edition, 1);
        assert_eq!(
            options_to_json::<Reifenbreite>(&old),
            serde_json::json!({"teams": 4, "rules": "basic", "edition": 1})
        );
        let today = Options::default();
        assert_eq!(today.edition, EDITION);
        assert!(options_to_json::<Reifenbreite>(&today).get("edition").is_none());
        let wrong = options_from_record_json::<Reifenbreite>(&serde_json::json!({"edition": 3})).unwrap();
        assert!(wrong.resolve().unwrap_err().to_string().contains("edition"));
    }

    /// The defaults `spieltisch games` lists can be typed as values.
    #[test]
    fn listed_defaults_are_accepted_as_values() {
        let pairs = [
            "sprints=auto",
            "jersey=auto",
            "chase_car=auto",
            "lead_exchange=auto",
            "seats=teams",
            "course=auto",
            "jersey_judged=auto",
            "stages=none",
        ];
        assert_eq!(options_from_pairs::<Reifenbreite>(&pairs).unwrap(), Options::default());
        let json = serde_json::json!({"jersey": "auto", "seats": "teams", "course": null});
        assert_eq!(options_from_json::<Reifenbreite>(&json).unwrap(), Options::default());
        let single = options_from_pairs::<Reifenbreite>(&["course=tour", "stages=none"]).unwrap();
        assert_eq!(single.stages, None);
        let keys = |o: &Options| o.courses().into_iter().map(|c| c.key).collect::<Vec<_>>();
        assert_eq!(keys(&single), ["tour"]);
        let json = serde_json::json!({"course": "giro", "stages": "none"});
        assert_eq!(keys(&options_from_json::<Reifenbreite>(&json).unwrap()), ["giro"]);
        let json = serde_json::json!({"stages": "tour, giro"});
        assert_eq!(keys(&options_from_json::<Reifenbreite>(&json).unwrap()), ["tour", "giro"]);
        assert!(<Reifenbreite as spieltisch_core::Game>::new(&single).is_ok());
        // A default that is a value stays one (records read back the same).
        let given = options_from_pairs::<Reifenbreite>(&["course=paris-roubaix"]).unwrap();
        assert_eq!(given.course.map(|c| c.key).as_deref(), Some("paris-roubaix"));
        let pro = options_from_pairs::<Reifenbreite>(&["rules=pro", "jersey=auto"]).unwrap();
        assert!(pro.resolve().unwrap().jersey);
        // Anything else is still checked.
        assert!(options_from_pairs::<Reifenbreite>(&["jersey=maybe"]).is_err());
        // At most 21 stages, however they are given.
        let tour = |n: usize| vec!["tour"; n].join(",");
        assert_eq!(
            keys(&options_from_pairs::<Reifenbreite>(&[format!("stages={}", tour(21))]).unwrap()).len(),
            21
        );
        let err = options_from_pairs::<Reifenbreite>(&[format!("stages={}", tour(22))]).unwrap_err();
        assert_eq!(err.code(), "options.invalid");
        assert!(err.to_string().contains("at most 21"), "{err}");
        let json = serde_json::json!({ "stages": vec!["giro"; 22] });
        assert_eq!(options_from_json::<Reifenbreite>(&json).unwrap_err().code(), "options.invalid");
        let built = Options { stages: crate::course::built_in_list(&tour(22)), ..Options::default() };
        assert_eq!(built.resolve().unwrap_err().code(), "options.invalid");
        let spec = Options::specs().into_iter().find(|s| s.key == "stages").unwrap();
        assert!(spec.help.en.contains("at most 21") && spec.help.de.contains("höchstens 21"));
        assert!(options_from_json::<Reifenbreite>(&serde_json::json!({"seats": "all"})).is_err());
    }
}

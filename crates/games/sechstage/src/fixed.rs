//! The static part of a 6-Tage Rennen table: what every viewer knows from the
//! options alone and what never changes while the series is played.

use crate::{
    game::{FINISH_POINTS, SPRINT_POINTS},
    options::Options,
};
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use serde_json::{Map, Value};

/// The options (players, races, the balancing rule, how laps down count, the
/// track by content) with the points tables a board shows: written as the
/// options' own keys plus `sprint_points` and `finish_points`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fixed {
    #[serde(flatten)]
    pub options: Options,
    /// Points for the first riders across each sprint line, first place first.
    pub sprint_points: Vec<i64>,
    /// Points for the first riders across the finish, first place first.
    pub finish_points: Vec<i64>,
}

impl Fixed {
    pub fn new(options: &Options) -> Fixed {
        Fixed {
            options: options.clone(),
            sprint_points: SPRINT_POINTS.to_vec(),
            finish_points: FINISH_POINTS.to_vec(),
        }
    }
}

/// Read back as written: the options, and points tables that must be the
/// rules' own (they follow from the rules, never from a client).
impl<'de> Deserialize<'de> for Fixed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Fixed, D::Error> {
        let mut map = Map::deserialize(d)?;
        let fixed = Fixed::new(&Options::default());
        for (key, rules) in [("sprint_points", &fixed.sprint_points), ("finish_points", &fixed.finish_points)]
        {
            let given = map.remove(key).ok_or_else(|| D::Error::missing_field(key))?;
            if given != serde_json::json!(rules) {
                return Err(D::Error::custom(format!(
                    "{key} must be {rules:?}, the rules' table, not {given}"
                )));
            }
        }
        let options = Options::deserialize(Value::Object(map)).map_err(D::Error::custom)?;
        Ok(Fixed::new(&options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_part_is_the_options_with_the_points_tables() {
        let options = Options { players: 5, races: 2, ..Options::default() };
        let fixed = Fixed::new(&options);
        let json = serde_json::to_value(&fixed).unwrap();
        assert_eq!(json["players"], 5);
        assert_eq!(json["track"]["length"], 81);
        assert_eq!(json["sprint_points"], serde_json::json!([5, 3, 2, 1]));
        assert_eq!(json["finish_points"], serde_json::json!([10, 6, 4, 2]));
        assert_eq!(serde_json::from_value::<Fixed>(json.clone()).unwrap(), fixed);
        let mut wrong = json.clone();
        wrong["finish_points"] = serde_json::json!([12, 6, 4, 2]);
        assert!(serde_json::from_value::<Fixed>(wrong).unwrap_err().to_string().contains("finish_points"));
        let mut unknown = json;
        unknown["colour"] = "red".into();
        assert!(serde_json::from_value::<Fixed>(unknown).is_err(), "unknown keys are refused as in options");
    }
}

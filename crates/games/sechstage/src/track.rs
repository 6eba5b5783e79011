//! The track: one lap of spaces with sprint lines and two kinds of special
//! space, read from a data file and validated.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The default track, `tracks/default.json`.
pub const DEFAULT_TRACK: &str = include_str!("../tracks/default.json");

/// The most sprint lines a track may have.
pub const MAX_SPRINTS: usize = 8;
/// The shortest lap a track may have.
pub const MIN_LENGTH: u16 = 10;
/// The longest lap a track may have (positions are stored in a byte).
pub const MAX_LENGTH: u16 = 200;

/// What is special about a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    /// An ordinary space: slipstream is possible here.
    Plain,
    /// *Fahrerwechsel* (driver change): discard the green cards, draw grey ones.
    Fahrerwechsel,
    /// *Sturz* (fall): miss the next turn.
    Sturz,
}

/// Why a track file was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TrackError {
    #[error("not a valid track file: {0}")]
    Json(String),
    #[error("the lap has {length} spaces; a track needs {MIN_LENGTH} to {MAX_LENGTH}")]
    Length { length: u16 },
    #[error("a track has at most {MAX_SPRINTS} sprint lines, this one has {count}")]
    TooManySprints { count: usize },
    #[error(
        "the sprint line after space {line} is not inside the lap (it must follow a space from 1 to {last})"
    )]
    SprintOutside { line: u16, last: u16 },
    #[error("sprint lines must be listed in increasing order without repeats ({line} follows {previous})")]
    SprintOrder { line: u16, previous: u16 },
    #[error("the {kind} space {space} is not inside the lap (spaces 1 to {last})")]
    SpaceOutside { kind: &'static str, space: u16, last: u16 },
    #[error("space {space} is listed twice as a special space")]
    Overlap { space: u16 },
}

/// The track as written in a data file (see `tracks/default.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct TrackFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub length: u16,
    pub sprints: Vec<u16>,
    #[serde(default)]
    pub fahrerwechsel: Vec<u16>,
    #[serde(default)]
    pub sturz: Vec<u16>,
}

/// A validated track. Positions count spaces from the line: a rider starts at
/// 0 (behind the line), stands on spaces `1..length`, and has finished on
/// reaching `length` or more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "TrackFile"))]
#[serde(try_from = "TrackFile", into = "TrackFile")]
pub struct Track {
    file: TrackFile,
    /// `spaces[p]` for `p` in `0..=length`.
    spaces: Vec<Space>,
    /// Sprint lines by the space they follow.
    sprints: Vec<u8>,
}

impl Track {
    /// The built-in track of the original board.
    pub fn default_track() -> Track {
        Track::from_json(DEFAULT_TRACK).expect("the built-in track is valid")
    }

    /// Reads and validates a track from JSON text.
    ///
    /// (The rules never read files: a front end reads a track file with
    /// [`read_track_file`], and the options carry the track.)
    pub fn from_json(text: &str) -> Result<Track, TrackError> {
        let file: TrackFile = serde_json::from_str(text).map_err(|e| TrackError::Json(e.to_string()))?;
        Track::try_from(file)
    }

    /// The track's name.
    pub fn name(&self) -> &str {
        &self.file.name
    }

    /// The number of spaces of the lap; reaching it means crossing the line.
    pub fn length(&self) -> u8 {
        self.file.length as u8
    }

    /// What is at `position` (positions at or past the line are plain).
    pub fn space(&self, position: u16) -> Space {
        self.spaces.get(position as usize).copied().unwrap_or(Space::Plain)
    }

    /// The sprint lines, each given by the space it follows, in increasing order.
    pub fn sprints(&self) -> &[u8] {
        &self.sprints
    }

    /// The spaces of a kind, in increasing order.
    pub fn spaces_of(&self, kind: Space) -> impl Iterator<Item = u8> + '_ {
        (0..self.spaces.len()).filter(move |&p| self.spaces[p] == kind).map(|p| p as u8)
    }
}

/// Reads a track file (a regular file of at most 1 MiB): for front ends
/// only. `shown` is the name the file was given by; errors name it, never
/// `path`, which may be a path of a server's machine.
pub fn read_track_file(path: &std::path::Path, shown: &str) -> Result<Track, String> {
    let text = spieltisch_core::data_file::read_data_file(path)
        .map_err(|e| format!("cannot read track file '{shown}': {}", e.reason()))?;
    Track::from_json(&text).map_err(|e| format!("track file '{shown}': {e}"))
}

impl TryFrom<TrackFile> for Track {
    type Error = TrackError;

    fn try_from(file: TrackFile) -> Result<Self, Self::Error> {
        let length = file.length;
        if !(MIN_LENGTH..=MAX_LENGTH).contains(&length) {
            return Err(TrackError::Length { length });
        }
        if file.sprints.len() > MAX_SPRINTS {
            return Err(TrackError::TooManySprints { count: file.sprints.len() });
        }
        let mut previous = 0;
        for &line in &file.sprints {
            // A line after the last space would be the finish itself.
            if line < 1 || line > length - 2 {
                return Err(TrackError::SprintOutside { line, last: length - 2 });
            }
            if line <= previous {
                return Err(TrackError::SprintOrder { line, previous });
            }
            previous = line;
        }
        let mut spaces = vec![Space::Plain; length as usize + 1];
        for (kind, name, list) in [
            (Space::Fahrerwechsel, "Fahrerwechsel", &file.fahrerwechsel),
            (Space::Sturz, "Sturz", &file.sturz),
        ] {
            for &space in list {
                if space < 1 || space >= length {
                    return Err(TrackError::SpaceOutside { kind: name, space, last: length - 1 });
                }
                if spaces[space as usize] != Space::Plain {
                    return Err(TrackError::Overlap { space });
                }
                spaces[space as usize] = kind;
            }
        }
        let sprints = file.sprints.iter().map(|&l| l as u8).collect();
        Ok(Track { file, spaces, sprints })
    }
}

impl From<Track> for TrackFile {
    fn from(track: Track) -> Self {
        track.file
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A track name that is a device or a folder gives an error at once
    /// instead of reading without end, and the error names the file as it
    /// was given.
    #[test]
    fn track_files_must_be_regular_files() {
        for name in ["/dev/zero", "/"] {
            if std::path::Path::new(name).exists() {
                let err = read_track_file(std::path::Path::new(name), "given.json").unwrap_err();
                assert!(err.contains("not a regular file") && err.contains("given.json"), "{name}: {err}");
                assert!(!err.contains(name) || name == "/", "{err}");
            }
        }
    }

    fn file(length: u16, sprints: &[u16], fw: &[u16], sturz: &[u16]) -> TrackFile {
        TrackFile {
            name: "test".into(),
            description: String::new(),
            length,
            sprints: sprints.to_vec(),
            fahrerwechsel: fw.to_vec(),
            sturz: sturz.to_vec(),
        }
    }

    #[test]
    fn default_track_is_the_board_of_the_notes() {
        // docs/rules/sechstage.md#track: sprint lines after spaces 27 and 54, Fahrerwechsel on 30,
        // Sturz on 60.
        let t = Track::default_track();
        assert_eq!(t.length(), 81);
        assert_eq!(t.sprints(), &[27, 54]);
        assert_eq!(t.spaces_of(Space::Fahrerwechsel).collect::<Vec<_>>(), vec![30]);
        assert_eq!(t.spaces_of(Space::Sturz).collect::<Vec<_>>(), vec![60]);
        assert_eq!(t.space(29), Space::Plain);
        assert_eq!(t.space(81), Space::Plain);
        assert_eq!(t.space(200), Space::Plain);
    }

    #[test]
    fn bad_tracks_are_rejected_with_reasons() {
        let cases = [
            (file(5, &[], &[], &[]), TrackError::Length { length: 5 }),
            (file(81, &[80], &[], &[]), TrackError::SprintOutside { line: 80, last: 79 }),
            (file(81, &[0], &[], &[]), TrackError::SprintOutside { line: 0, last: 79 }),
            (file(81, &[30, 20], &[], &[]), TrackError::SprintOrder { line: 20, previous: 30 }),
            (file(81, &[30, 30], &[], &[]), TrackError::SprintOrder { line: 30, previous: 30 }),
            (
                file(81, &[], &[81], &[]),
                TrackError::SpaceOutside { kind: "Fahrerwechsel", space: 81, last: 80 },
            ),
            (file(81, &[], &[], &[0]), TrackError::SpaceOutside { kind: "Sturz", space: 0, last: 80 }),
            (file(81, &[], &[30], &[30]), TrackError::Overlap { space: 30 }),
            (file(81, &[], &[30, 30], &[]), TrackError::Overlap { space: 30 }),
            (file(81, &[1, 2, 3, 4, 5, 6, 7, 8, 9], &[], &[]), TrackError::TooManySprints { count: 9 }),
        ];
        for (f, expected) in cases {
            assert_eq!(Track::try_from(f), Err(expected));
        }
        let err = Track::from_json("{\"name\": \"x\"}").unwrap_err();
        assert!(matches!(err, TrackError::Json(ref m) if m.contains("length")), "{err}");
        let err = Track::from_json("{\"name\":\"x\",\"length\":81,\"sprints\":[],\"bends\":3}").unwrap_err();
        assert!(err.to_string().contains("bends"), "{err}");
    }

    #[test]
    fn track_round_trips_through_json() {
        let t = Track::default_track();
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(serde_json::from_str::<Track>(&json).unwrap(), t);
        let bad = json.replace("\"length\":81", "\"length\":3");
        assert!(serde_json::from_str::<Track>(&bad).is_err());
    }
}
